/* 2048 behind the common backend interface: parameters "NxN", moves are directions. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "tilecade/g2048.h"

static void default_params(void *params)
{
	((struct g2048_params *)params)->size = G2048_DEFAULT_SIZE;
}

static int parse_params(const char *text, void *params, char *err, size_t errlen)
{
	/* Sizes are single digits, so the only valid forms are "3x3" to "8x8". */
	int n = text[0] - '0';
	if (n < G2048_MIN_SIZE || n > G2048_MAX_SIZE || text[1] != 'x' || text[2] != text[0] ||
	    text[3] != '\0') {
		snprintf(err, errlen, "2048 size must be NxN with N from %d to %d, not '%s'",
		         G2048_MIN_SIZE, G2048_MAX_SIZE, text);
		return -1;
	}
	((struct g2048_params *)params)->size = n;
	return 0;
}

static int format_params(const void *params, char *buf, size_t len)
{
	int n = ((const struct g2048_params *)params)->size;
	return snprintf(buf, len, "%dx%d", n, n);
}

static void new_game(void *state, const void *params, uint64_t seed)
{
	g2048_new(state, params, seed);
}

static bool apply(void *state, const struct tc_move *move)
{
	if (move->kind > G2048_DOWN)
		return false;
	return g2048_slide(state, (enum g2048_dir)move->kind, NULL);
}

static enum tc_status status(const void *state)
{
	const struct g2048 *g = state;
	if (!g2048_can_move(g))
		return TC_LOST;
	return g2048_max_exponent(g) >= G2048_WIN_EXPONENT ? TC_WON : TC_PLAYING;
}

/* A saved board: a size the rules know and no tile beyond what 64 bits can count. */
static bool valid_state(const void *state)
{
	const struct g2048 *g = state;
	if (g->size < G2048_MIN_SIZE || g->size > G2048_MAX_SIZE || g->score > INT64_MAX)
		return false;
	for (int i = 0; i < G2048_CELLS; i++)
		if (g->cell[i] > 63 || (i >= g->size * g->size && g->cell[i] != 0))
			return false;
	return true;
}

/* The score and the highest tile, "1204 pts 128", in at most 16 columns: a tile of six digits
 * or more counted in k (131072 as 128k), then "pts" left out when it does not fit. */
static void progress(const void *state, struct tc_progress *out)
{
	const struct g2048 *g = state;
	uint8_t top = g2048_max_exponent(g);
	uint64_t tile = g2048_tile_value(top);
	const char *unit = top >= 17 ? "k" : "";
	if (top >= 17)
		tile >>= 10;
	out->value = (int64_t)g->score;
	int n = snprintf(out->text, sizeof out->text, "%" PRIu64 " pts %" PRIu64 "%s", g->score,
	                 tile, unit);
	if (n > 16)
		snprintf(out->text, sizeof out->text, "%" PRIu64 " %" PRIu64 "%s", g->score, tile,
		         unit);
}

static int64_t score(const void *state)
{
	return (int64_t)((const struct g2048 *)state)->score;
}

const struct tc_game g2048_game = {
        .name = "2048",
        .title = "2048",
        .state_size = sizeof(struct g2048),
        .params_size = sizeof(struct g2048_params),
        .default_params = default_params,
        .parse_params = parse_params,
        .format_params = format_params,
        .new_game = new_game,
        .apply = apply,
        .status = status,
        .progress = progress,
        .score = score,
        .valid_state = valid_state,
        .ranked_hints = G2048_RANKED_HINTS,
};
