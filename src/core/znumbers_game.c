/* zNumbers behind the common backend interface. Parameters read "6x6a60" (rows x cols, tries
 * per tile) for a generated level or "level3" for a level of the original pack. A move has
 * arg[0] = from cell and arg[1] = to cell. */
#include <stdio.h>
#include <string.h>

#include "tilecade/params_text.h"
#include "tilecade/znumbers.h"

#define ZN_RNG_STREAM 0x7a6e /* "zn": keeps zNumbers' numbers apart from other games' */

static void default_params(void *params)
{
	*(struct zn_params *)params =
	        (struct zn_params){ZN_DEFAULT_SIZE, ZN_DEFAULT_SIZE, ZN_DEFAULT_ATTEMPTS, 0};
}

static int parse_params(const char *text, void *params, char *err, size_t errlen)
{
	struct zn_params *p = params;
	default_params(p);
	const char *s = text;
	if (strncmp(s, "level", 5) == 0) {
		s += 5;
		p->level = tc_read_param_number(&s);
		if (p->level < 1 || p->level > ZN_PACK_SIZE || *s) {
			snprintf(err, errlen, "zNumbers level must be level1 to level%d, not '%s'",
			         ZN_PACK_SIZE, text);
			return -1;
		}
		return 0;
	}
	p->rows = tc_read_param_number(&s);
	p->cols = -1;
	if (*s == 'x') {
		s++;
		p->cols = tc_read_param_number(&s);
	}
	if (p->cols >= 0 && *s == 'a') {
		s++;
		p->attempts = tc_read_param_number(&s);
	}
	if (p->rows < ZN_MIN_SIZE || p->rows > ZN_MAX_SIZE || p->cols < ZN_MIN_SIZE ||
	    p->cols > ZN_MAX_SIZE || p->attempts < ZN_MIN_ATTEMPTS ||
	    p->attempts > ZN_MAX_ATTEMPTS || *s) {
		snprintf(err, errlen,
		         "zNumbers parameters must be RxC (4 to 10 each) with an optional aN "
		         "(N tries per tile, %d to %d), e.g. 6x6a60, or levelK; not '%s'",
		         ZN_MIN_ATTEMPTS, ZN_MAX_ATTEMPTS, text);
		return -1;
	}
	return 0;
}

static int format_params(const void *params, char *buf, size_t len)
{
	const struct zn_params *p = params;
	if (p->level > 0)
		return snprintf(buf, len, "level%d", p->level);
	return snprintf(buf, len, "%dx%da%d", p->rows, p->cols, p->attempts);
}

int zn_new_level(struct zn_board *b, const struct zn_params *p, uint64_t seed,
                 struct zn_move *solution)
{
	if (p->level > 0) {
		zn_pack_level(p->level, b);
		return 0;
	}
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, ZN_RNG_STREAM);
	return zn_generate(b, p->rows, p->cols, p->attempts, &rng, solution);
}

static void new_game(void *state, const void *params, uint64_t seed)
{
	const struct zn_params *p = params;
	struct znumbers *z = state;
	memset(z, 0, sizeof *z);
	z->level = (uint8_t)p->level;
	struct zn_move solution[ZN_MAX_MOVES];
	zn_new_level(&z->board, p, seed, solution);
}

static bool apply(void *state, const struct tc_move *move)
{
	struct znumbers *z = state;
	int cells = z->board.rows * z->board.cols;
	if (move->kind != 0 || move->arg[0] < 0 || move->arg[0] >= cells || move->arg[1] < 0 ||
	    move->arg[1] >= cells)
		return false;
	return zn_move(&z->board, (struct zn_move){(uint8_t)move->arg[0], (uint8_t)move->arg[1]});
}

static enum tc_status status(const void *state)
{
	return zn_status(&((const struct znumbers *)state)->board);
}

/* Tiles cleared (every move leaves one used cell) and the tiles still to move: "12 left". */
static void progress(const void *state, struct tc_progress *out)
{
	const struct zn_board *b = &((const struct znumbers *)state)->board;
	int used = 0;
	for (int i = 0; i < b->rows * b->cols; i++)
		used += (b->cell[i] & ZN_USED) != 0;
	out->value = used;
	snprintf(out->text, sizeof out->text, "%d left", zn_tiles_left(b));
}

/* A saved position: a size and level the game knows, and cells the rules can read. */
static bool valid_state(const void *state)
{
	const struct znumbers *z = state;
	const struct zn_board *b = &z->board;
	if (b->rows < ZN_MIN_SIZE || b->rows > ZN_MAX_SIZE || b->cols < ZN_MIN_SIZE ||
	    b->cols > ZN_MAX_SIZE || z->level > ZN_PACK_SIZE)
		return false;
	for (int i = 0; i < ZN_CELLS; i++)
		if (zn_value(b->cell[i]) > ZN_MAX_VALUE || (b->cell[i] & ~(ZN_USED | 0x0f)) ||
		    (i >= b->rows * b->cols && b->cell[i] != 0))
			return false;
	return true;
}

/* The original levels, then generated levels without end. */
static void next_params(const void *params, void *next)
{
	struct zn_params *n = next;
	*n = *(const struct zn_params *)params;
	if (n->level > 0 && n->level < ZN_PACK_SIZE)
		n->level++;
	else if (n->level == ZN_PACK_SIZE)
		default_params(n);
}

static bool uses_seed(const void *params)
{
	return ((const struct zn_params *)params)->level == 0;
}

const struct tc_game znumbers_game = {
        .name = "znumbers",
        .title = "zNumbers",
        .state_size = sizeof(struct znumbers),
        .params_size = sizeof(struct zn_params),
        .default_params = default_params,
        .parse_params = parse_params,
        .format_params = format_params,
        .new_game = new_game,
        .apply = apply,
        .status = status,
        .progress = progress,
        .score = NULL,
        .next_params = next_params,
        .uses_seed = uses_seed,
        .valid_state = valid_state,
        .ranked_hints = ZN_RANKED_HINTS,
};
