/* Match-3 behind the common backend interface. Parameters read "goals-level3" (a level of the
 * goals pack, one fixed game), "endless-8x8t8", "timed-8x8t6" or "moves-8x8t6" (size x size, t
 * tile types). A move is kind 0, a swap of arg[0] and arg[1]. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tilecade/params_text.h"
#include "tilecade/match3.h"

#define M3_RNG_STREAM 0x6d33 /* "m3": keeps match-3's numbers apart from other games' */

static const char *const mode_name[] = {"goals", "endless", "timed", "moves"};
#define MODES (int)(sizeof mode_name / sizeof mode_name[0])

static void default_params(void *params)
{
	*(struct m3_params *)params =
	        (struct m3_params){M3_ENDLESS, 0, M3_DEFAULT_SIZE, M3_MAX_TYPES};
}

static int parse_params(const char *text, void *params, char *err, size_t errlen)
{
	struct m3_params *p = params;
	default_params(p);
	const char *s = text;
	int mode = -1;
	for (int m = 0; m < MODES; m++) {
		size_t n = strlen(mode_name[m]);
		if (strncmp(s, mode_name[m], n) == 0 && s[n] == '-') {
			mode = m;
			s += n + 1;
			break;
		}
	}
	if (mode == M3_GOALS && strncmp(s, "level", 5) == 0) {
		s += 5;
		p->mode = M3_GOALS;
		p->level = tc_read_param_number(&s);
		if (p->level >= 1 && p->level <= m3_pack_size() && !*s)
			return 0;
	} else if (mode > M3_GOALS) {
		p->mode = mode;
		p->size = tc_read_param_number(&s);
		int cols = *s == 'x' ? (s++, tc_read_param_number(&s)) : -1;
		p->types = *s == 't' ? (s++, tc_read_param_number(&s)) : -1;
		if (!*s && cols == p->size && p->size >= M3_MIN_SIZE && p->size <= M3_MAX_SIZE &&
		    p->types >= M3_MIN_TYPES && p->types <= M3_MAX_TYPES)
			return 0;
	}
	snprintf(err, errlen,
	         "match3 parameters must be goals-levelK (1 to %d), endless-NxNtK, timed-NxNtK or "
	         "moves-NxNtK (N %d to %d, K types %d to %d), e.g. endless-8x8t8; not '%s'",
	         m3_pack_size(), M3_MIN_SIZE, M3_MAX_SIZE, M3_MIN_TYPES, M3_MAX_TYPES, text);
	return -1;
}

static int format_params(const void *params, char *buf, size_t len)
{
	const struct m3_params *p = params;
	if (p->mode == M3_GOALS)
		return snprintf(buf, len, "goals-level%d", p->level);
	/* Damaged parameters (a save's) write as endless, which reads back as other parameters. */
	int mode = p->mode > M3_GOALS && p->mode < MODES ? p->mode : M3_ENDLESS;
	return snprintf(buf, len, "%s-%dx%dt%d", mode_name[mode], p->size, p->size, p->types);
}

static void new_game(void *state, const void *params, uint64_t seed)
{
	const struct m3_params *p = params;
	struct match3 *m = state;
	memset(m, 0, sizeof *m);
	/* A goals level is one fixed game whatever the seed, its field and every refill, so that
	 * its scoreboard compares like with like (as Sudoku's campaign levels). */
	tc_rng_seed(&m->rng, p->mode == M3_GOALS ? (uint64_t)p->level : seed, M3_RNG_STREAM);
	m->mode = (uint8_t)p->mode;
	int size = p->size, types = p->types;
	if (p->mode == M3_GOALS) {
		struct m3_level lv;
		m3_pack_level(p->level, &lv);
		m->level = (uint8_t)p->level;
		size = lv.size;
		types = lv.types;
		m->moves_left = lv.moves;
		m->goals = (uint8_t)lv.goals;
		memcpy(m->goal, lv.goal, sizeof m->goal);
	}
	if (p->mode == M3_TIMED)
		m->time_left_ms = M3_TIMED_START_MS;
	if (p->mode == M3_MOVES)
		m->moves_left = M3_MOVES_BUDGET;
	m3_fill(&m->field, size, types, &m->rng);
}

static bool goals_met(const struct match3 *m)
{
	for (int g = 0; g < m->goals; g++)
		if (m->collected[g] < m->goal[g].count)
			return false;
	return m->goals > 0;
}

/* A goals level: goals met, "goals 2/3"; endless and timed: the score, "1234 pts". */
static void progress(const void *state, struct tc_progress *out)
{
	const struct match3 *m = state;
	if (m->mode != M3_GOALS) {
		out->value = m->score;
		int n = snprintf(out->text, sizeof out->text, "%" PRId64 " pts", m->score);
		if (n > 16)
			snprintf(out->text, sizeof out->text, "%" PRId64, m->score);
		return;
	}
	int met = 0;
	for (int g = 0; g < m->goals; g++)
		met += m->collected[g] >= m->goal[g].count;
	out->value = met;
	snprintf(out->text, sizeof out->text, "goals %d/%d", met, m->goals);
}

static enum tc_status status(const void *state)
{
	const struct match3 *m = state;
	if (m->mode == M3_GOALS && goals_met(m))
		return TC_WON;
	if (m->stuck || ((m->mode == M3_GOALS || m->mode == M3_MOVES) && m->moves_left == 0) ||
	    (m->mode == M3_TIMED && m->time_left_ms == 0))
		return TC_LOST;
	return TC_PLAYING;
}

static bool apply(void *state, const struct tc_move *move)
{
	struct match3 *m = state;
	if (status(m) != TC_PLAYING)
		return false;
	if (move->kind == M3_MOVE_TIME_UP && m->mode == M3_TIMED) {
		m->time_left_ms = 0;
		return true;
	}
	if (move->kind != M3_MOVE_SWAP)
		return false;
	uint16_t cleared[M3_MAX_TYPES + 1] = {0};
	int64_t points = 0;
	if (!m3_play_swap(&m->field, move->arg[0], move->arg[1], &m->rng, NULL, &points, cleared))
		return false;
	m->score += points;
	int total = 0;
	for (int t = 1; t <= M3_MAX_TYPES; t++)
		total += cleared[t];
	if (m->mode == M3_GOALS || m->mode == M3_MOVES)
		m->moves_left--;
	if (m->mode == M3_GOALS) {
		for (int g = 0; g < m->goals; g++) {
			int sum = m->collected[g] + cleared[m->goal[g].type];
			m->collected[g] = (uint16_t)(sum > UINT16_MAX ? UINT16_MAX : sum);
		}
	}
	if (m->mode == M3_TIMED && total > 3) {
		uint64_t t = m->time_left_ms + (uint64_t)(total - 3) * M3_BONUS_MS;
		m->time_left_ms = (uint32_t)(t > UINT32_MAX ? UINT32_MAX : t);
	}
	m->reshuffled = false;
	if (m3_valid_swaps(&m->field, NULL, 0) == 0) {
		if (m3_reshuffle(&m->field, &m->rng))
			m->reshuffled = true;
		else
			m->stuck = true;
	}
	return true;
}

/* Only the goals levels have a goal to reach: endless and timed play on until they end. */
static bool can_win(const void *params)
{
	return ((const struct m3_params *)params)->mode == M3_GOALS;
}

static int64_t score(const void *state)
{
	return ((const struct match3 *)state)->score;
}

static bool valid_state(const void *state)
{
	const struct match3 *m = state;
	const struct m3_field *f = &m->field;
	if (f->size < M3_MIN_SIZE || f->size > M3_MAX_SIZE || f->types < M3_MIN_TYPES ||
	    f->types > M3_MAX_TYPES || m->mode > M3_MOVES || m->goals > M3_MAX_GOALS ||
	    m->level > m3_pack_size() || (m->mode == M3_GOALS) != (m->level > 0) ||
	    !(m->rng.inc & 1) || *(const unsigned char *)&m->reshuffled > 1 ||
	    *(const unsigned char *)&m->stuck > 1)
		return false;
	for (int i = 0; i < M3_CELLS; i++) {
		bool inside = i < f->size * f->size;
		if (inside ? f->type[i] < 1 || f->type[i] > f->types || f->special[i] > M3_RAINBOW
		           : f->type[i] != 0 || f->special[i] != 0)
			return false;
	}
	for (int g = 0; g < m->goals; g++)
		if (m->goal[g].type < 1 || m->goal[g].type > f->types)
			return false;
	return true;
}

/* The daily puzzle is a game that ends, so that it ranks: a budget of moves for the best score
 * (endless, the default, ends only when no reshuffle helps). */
static void daily_params(void *params)
{
	*(struct m3_params *)params = (struct m3_params){M3_MOVES, 0, M3_DEFAULT_SIZE, 6};
}

/* A goals level is the same game whatever the seed: its game ID carries seed 0. */
static bool uses_seed(const void *params)
{
	return ((const struct m3_params *)params)->mode != M3_GOALS;
}

/* Goals levels move on through the pack; the last one and the other modes keep their
 * parameters. */
static void next_params(const void *params, void *next)
{
	struct m3_params *n = next;
	*n = *(const struct m3_params *)params;
	if (n->mode == M3_GOALS && n->level < m3_pack_size())
		n->level++;
}

const struct tc_game match3_game = {
        .name = "match3",
        .title = "Match-3",
        .state_size = sizeof(struct match3),
        .params_size = sizeof(struct m3_params),
        .default_params = default_params,
        .daily_params = daily_params,
        .parse_params = parse_params,
        .format_params = format_params,
        .new_game = new_game,
        .apply = apply,
        .status = status,
        .progress = progress,
        .score = score,
        .next_params = next_params,
        .valid_state = valid_state,
        .uses_seed = uses_seed,
        .can_win = can_win,
        .ranked_hints = M3_RANKED_HINTS,
};
