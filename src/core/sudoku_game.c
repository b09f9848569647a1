/* Sudoku behind the common backend interface. Parameters read "classic-expert" (stage, then
 * rating) for a generated puzzle or "level3" for a level of the campaign, one fixed puzzle. */
#include <stdio.h>
#include <string.h>

#include "tilecade/sudoku.h"

#define SDK_RNG_STREAM 0x73646b /* "sdk": keeps Sudoku's numbers apart from other games' */

/* The seed's six levels: three of the Latin stage, then three classic, each harder. Each level
 * is one fixed puzzle, the same for every player, so that its scoreboard compares like with
 * like. They came from the generator (seeds 1 to 6) and are kept as data, so that a change to
 * the generator cannot change a level; a unit test checks each has one solution and its
 * rating. */
static const struct {
	enum sdk_stage stage;
	enum sdk_rating rating;
	const char *puzzle;
} levels[SDK_LEVELS] = {
        {SDK_LATIN, SDK_SIMPLE,
         "..9....1.7..13.648.7.9.5.6394....2.65..4.1..98.6....7539.6.4.8.435.86..7.8....5.."},
        {SDK_LATIN, SDK_EASY,
         "91...74.....65.219.41.3.9.71.....7..5.2...6.4..3.....27.6.1.59.658.74.....97...56"},
        {SDK_LATIN, SDK_INTERMEDIATE,
         "53..7..6...1..7.8.32......7..78123..2.31.65.8..84297..8......94.8.5..9...7..9..52"},
        {SDK_CLASSIC, SDK_EASY,
         "....2385....8..769........3..37...91..6...3..25...16..9........165..8....2416...."},
        {SDK_CLASSIC, SDK_INTERMEDIATE,
         "..72...46.....4.95.......1.....284.3.2.4.1.7.8.467.....1.......28.5.....46...25.."},
        {SDK_CLASSIC, SDK_EXPERT,
         "98.4......3..6...12...5.4....9..754.....8.....683..1....5.3...71...7..6......1.54"},
};

_Static_assert(sizeof(struct sudoku) == 2 * SDK_CELLS + 2 + 3 * SDK_CELLS + 1,
               "struct sudoku has padding, whose bytes saves would compare");

void sdk_level_params(int level, struct sdk_params *p)
{
	if (level < 1 || level > SDK_LEVELS)
		level = 1;
	memset(p, 0, sizeof *p); /* padding too: parameters are compared as bytes */
	p->stage = levels[level - 1].stage;
	p->rating = levels[level - 1].rating;
	p->level = level;
}

static void set_params(struct sdk_params *p, int stage, int rating)
{
	memset(p, 0, sizeof *p);
	p->stage = stage;
	p->rating = rating;
}

static void default_params(void *params)
{
	set_params(params, SDK_CLASSIC, SDK_EASY);
}

static void pack(const struct sdk_grid *g, struct sdk_params *p)
{
	p->custom = 1;
	for (int c = 0; c < SDK_CELLS; c++)
		p->puzzle[c / 2] |= (uint8_t)(g->cell[c] << (c % 2 * 4));
}

static void unpack(const struct sdk_params *p, struct sdk_grid *g)
{
	for (int c = 0; c < SDK_CELLS; c++)
		g->cell[c] = (uint8_t)(p->puzzle[c / 2] >> (c % 2 * 4) & 0x0f);
}

/* "classic=530070000...": the stage, then the 81 cells with 0 for a blank. */
static int parse_custom(const char *text, size_t stage_len, int stage, struct sdk_params *p,
                        char *err, size_t errlen)
{
	struct sdk_grid g;
	char why[120];
	if (sdk_parse(text + stage_len + 1, &g, why, sizeof why) != 0) {
		snprintf(err, errlen, "Sudoku puzzle: %s", why);
		return -1;
	}
	struct sudoku check;
	if (sdk_start_puzzle(&check, (enum sdk_stage)stage, &g, why, sizeof why) != 0) {
		snprintf(err, errlen, "Sudoku puzzle: %s", why);
		return -1;
	}
	set_params(p, stage, SDK_EASY);
	pack(&g, p);
	return 0;
}

static int parse_params(const char *text, void *params, char *err, size_t errlen)
{
	struct sdk_params *p = params;
	default_params(p);
	if (strncmp(text, "level", 5) == 0 && text[5] >= '1' && text[5] <= '0' + SDK_LEVELS &&
	    !text[6]) {
		sdk_level_params(text[5] - '0', p);
		return 0;
	}
	for (int s = SDK_LATIN; s <= SDK_CLASSIC; s++) {
		const char *name = sdk_stage_name((enum sdk_stage)s);
		size_t n = strlen(name);
		if (strncmp(text, name, n) == 0 && text[n] == '=')
			return parse_custom(text, n, s, p, err, errlen);
		if (strncmp(text, name, n) != 0 || text[n] != '-')
			continue;
		for (int r = 0; r < SDK_RATING_COUNT; r++)
			if (strcmp(text + n + 1, sdk_rating_name((enum sdk_rating)r)) == 0) {
				set_params(p, s, r);
				return 0;
			}
	}
	snprintf(err, errlen,
	         "Sudoku parameters must be STAGE-RATING (stage latin or classic; rating simple, "
	         "easy, intermediate or expert), e.g. classic-expert, or level1 to level%d, or "
	         "STAGE=81 digits; not '%s'",
	         SDK_LEVELS, text);
	return -1;
}

static int format_params(const void *params, char *buf, size_t len)
{
	const struct sdk_params *p = params;
	if (p->level > 0)
		return snprintf(buf, len, "level%d", p->level);
	if (p->custom) {
		struct sdk_grid g;
		char cells[SDK_CELLS + 1];
		unpack(p, &g);
		sdk_print(&g, cells);
		for (int c = 0; c < SDK_CELLS; c++)
			cells[c] = cells[c] == '.' ? '0' : cells[c]; /* '.' reads as a separator */
		return snprintf(buf, len, "%s=%s", sdk_stage_name((enum sdk_stage)p->stage), cells);
	}
	return snprintf(buf, len, "%s-%s", sdk_stage_name((enum sdk_stage)p->stage),
	                sdk_rating_name((enum sdk_rating)p->rating));
}

static void new_game(void *state, const void *params, uint64_t seed)
{
	struct sdk_params p = *(const struct sdk_params *)params;
	struct sudoku *s = state;
	memset(s, 0, sizeof *s);
	if (p.custom) {
		struct sdk_grid g;
		char err[120];
		unpack(&p, &g);
		if (sdk_start_puzzle(s, (enum sdk_stage)p.stage, &g, err, sizeof err) == 0)
			return;
		memset(s, 0, sizeof *s); /* parse_params let no such puzzle through */
		p.custom = 0;
	}
	if (p.level > 0) {
		sdk_level_params(p.level, &p); /* out of range: level 1 */
		struct sdk_grid g;
		char err[120];
		/* Fixed data that the unit tests check: neither call fails. */
		(void)sdk_parse(levels[p.level - 1].puzzle, &g, err, sizeof err);
		(void)sdk_start_puzzle(s, levels[p.level - 1].stage, &g, err, sizeof err);
		s->level = (uint8_t)p.level;
		return;
	}
	/* Parameters come from parse_params; out-of-range ones get the defaults, not a crash. */
	if (p.stage != SDK_LATIN && p.stage != SDK_CLASSIC)
		p.stage = SDK_CLASSIC;
	if (p.rating < 0 || p.rating >= SDK_RATING_COUNT)
		p.rating = SDK_EASY;
	s->stage = (uint8_t)p.stage;
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, SDK_RNG_STREAM);
	sdk_generate((enum sdk_stage)p.stage, (enum sdk_rating)p.rating, true, &rng, &s->given,
	             &s->solution);
	s->entry = s->given;
}

int sdk_start_puzzle(struct sudoku *s, enum sdk_stage stage, const struct sdk_grid *puzzle,
                     char *err, size_t errlen)
{
	if (stage != SDK_LATIN && stage != SDK_CLASSIC) {
		snprintf(err, errlen, "unknown stage %d", (int)stage);
		return -1;
	}
	for (int c = 0; c < SDK_CELLS; c++)
		if (puzzle->cell[c] > 9) {
			snprintf(err, errlen, "row %d, column %d holds %d, not a digit", c / 9 + 1,
			         c % 9 + 1, puzzle->cell[c]);
			return -1;
		}
	if (sdk_explain_conflict(stage, puzzle, err, errlen))
		return -1;
	struct sdk_grid solution;
	int n = sdk_solve(stage, puzzle, 2, &solution);
	if (n != 1) {
		snprintf(err, errlen, "the puzzle has %s in the %s stage",
		         n == 0 ? "no solution" : "more than one solution", sdk_stage_name(stage));
		return -1;
	}
	memset(s, 0, sizeof *s);
	s->stage = (uint8_t)stage;
	s->given = *puzzle;
	s->solution = solution;
	s->entry = *puzzle;
	return 0;
}

static enum tc_status status_of(const struct sudoku *s)
{
	if (s->revealed)
		return TC_LOST;
	return memcmp(&s->entry, &s->solution, sizeof s->entry) == 0 ? TC_WON : TC_PLAYING;
}

static enum tc_status status(const void *state)
{
	return status_of(state);
}

/* Cells filled, givens included: "48/81". A revealed grid is the computer's, not the player's:
 * it counts the givens alone. */
static void progress(const void *state, struct tc_progress *out)
{
	const struct sudoku *s = state;
	const struct sdk_grid *grid = s->revealed ? &s->given : &s->entry;
	int filled = 0;
	for (int c = 0; c < SDK_CELLS; c++)
		filled += grid->cell[c] != 0;
	out->value = filled;
	if (s->revealed)
		snprintf(out->text, sizeof out->text, "revealed");
	else
		snprintf(out->text, sizeof out->text, "%d/%d", filled, SDK_CELLS);
}

static bool set_digit(struct sudoku *s, int cell, int digit)
{
	if (s->given.cell[cell] || s->entry.cell[cell] == digit)
		return false;
	s->entry.cell[cell] = (uint8_t)digit;
	if (digit) {
		uint8_t peers[20];
		int n = sdk_peers((enum sdk_stage)s->stage, cell, peers);
		for (int i = 0; i < n; i++)
			s->marks[peers[i]] &= (uint16_t) ~(1u << (digit - 1));
	}
	return true;
}

static bool auto_marks(struct sudoku *s)
{
	bool changed = false;
	for (int c = 0; c < SDK_CELLS; c++) {
		if (s->entry.cell[c])
			continue;
		uint16_t m = sdk_candidates((enum sdk_stage)s->stage, &s->entry, c);
		changed |= s->marks[c] != m;
		s->marks[c] = m;
	}
	return changed;
}

static bool apply(void *state, const struct tc_move *move)
{
	struct sudoku *s = state;
	if (status_of(s) != TC_PLAYING)
		return false; /* the puzzle is over: won, or its solution shown */
	int cell = move->arg[0], digit = move->arg[1];
	bool on_cell = cell >= 0 && cell < SDK_CELLS;
	switch (move->kind) {
	case SDK_MOVE_DIGIT:
		return on_cell && digit >= 0 && digit <= 9 && set_digit(s, cell, digit);
	case SDK_MOVE_MARK:
		if (!on_cell || digit < 1 || digit > 9 || s->entry.cell[cell])
			return false;
		s->marks[cell] ^= (uint16_t)(1u << (digit - 1));
		return true;
	case SDK_MOVE_AUTOMARKS:
		return auto_marks(s);
	case SDK_MOVE_REVEAL:
		s->entry = s->solution;
		s->revealed = true;
		return true;
	default:
		return false;
	}
}

/* A saved position: every byte one the rules could have made. The state is copied first, since
 * a save's bytes need not be aligned for the marks. */
static bool valid_state(const void *state)
{
	struct sudoku s;
	memcpy(&s, state, sizeof s);
	unsigned char revealed;
	memcpy(&revealed, (const unsigned char *)state + offsetof(struct sudoku, revealed), 1);
	if (s.stage > SDK_CLASSIC || s.level > SDK_LEVELS || revealed > 1)
		return false;
	if (s.level > 0 && s.stage != levels[s.level - 1].stage)
		return false;
	for (int c = 0; c < SDK_CELLS; c++) {
		uint8_t g = s.given.cell[c], e = s.entry.cell[c], x = s.solution.cell[c];
		if (x < 1 || x > 9 || e > 9 || (g && g != x) || (g && e != g) ||
		    s.marks[c] > SDK_ALL || (g && s.marks[c]))
			return false;
	}
	if (revealed && memcmp(&s.entry, &s.solution, sizeof s.entry) != 0)
		return false;
	/* The solution must be the givens' only one, or a right grid would not count as a win. */
	struct sdk_grid only;
	return sdk_solve((enum sdk_stage)s.stage, &s.given, 2, &only) == 1 &&
	       memcmp(&only, &s.solution, sizeof only) == 0;
}

/* The campaign's levels in turn, then expert classic puzzles without end. */
static void next_params(const void *params, void *next)
{
	struct sdk_params *n = next;
	*n = *(const struct sdk_params *)params;
	if (n->level > 0 && n->level < SDK_LEVELS)
		sdk_level_params(n->level + 1, n);
	else if (n->level == SDK_LEVELS)
		set_params(n, SDK_CLASSIC, SDK_EXPERT);
	else if (n->custom) /* after the player's own puzzle, generated ones of its stage */
		set_params(n, n->stage, SDK_EASY);
}

/* The player's own puzzle and a campaign level are the same whatever the seed: their game ID
 * carries seed 0 (and an older ID's seed of a level is dropped, giving its fixed puzzle). */
static bool uses_seed(const void *params)
{
	const struct sdk_params *p = params;
	return !p->custom && p->level == 0;
}

const struct tc_game sudoku_game = {
        .name = "sudoku",
        .title = "Sudoku",
        .state_size = sizeof(struct sudoku),
        .params_size = sizeof(struct sdk_params),
        .default_params = default_params,
        .parse_params = parse_params,
        .format_params = format_params,
        .new_game = new_game,
        .apply = apply,
        .status = status,
        .progress = progress,
        .score = NULL,
        .next_params = next_params,
        .valid_state = valid_state,
        .uses_seed = uses_seed,
        .ranked_hints = SDK_RANKED_HINTS,
};
