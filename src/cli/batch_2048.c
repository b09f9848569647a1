/* `tilecade 2048 --moves STRING`: the game played through the same session as the front end, so
 * the same seed and moves give the same boards in both. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "batch.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tilecade/g2048_ai.h"
#include "tilecade/session.h"
#include "options.h"

static int direction_of(char letter)
{
	switch (letter) {
	case 'l':
		return G2048_LEFT;
	case 'r':
		return G2048_RIGHT;
	case 'u':
		return G2048_UP;
	case 'd':
		return G2048_DOWN;
	}
	return -1;
}

static void print_board(const struct tc_session *s, FILE *out)
{
	char text[G2048_CELLS * 22];
	g2048_print(tc_session_state(s), text, sizeof text);
	fputs(text, out);
}

int tc_batch_2048(const struct g2048_params *params, uint64_t seed, const char *moves, FILE *out,
                  char *err, size_t errlen)
{
	for (size_t i = 0; moves[i]; i++) {
		if (direction_of(moves[i]) >= 0)
			continue;
		unsigned char c = (unsigned char)moves[i];
		char what[16];
		/* A control or non-ASCII byte is named by its code, so the message stays one line.
		 */
		snprintf(what, sizeof what, c > ' ' && c < 127 ? "'%c'" : "byte 0x%02x", c);
		snprintf(err, errlen, "--moves: %s at position %zu is not a move (use l, r, u, d)",
		         what, i + 1);
		return -1;
	}
	struct tc_session *s = tc_session_new(&g2048_game, params, seed, NULL);
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	print_board(s, out);
	for (size_t i = 0; moves[i]; i++) {
		struct tc_move move = {.kind = (uint8_t)direction_of(moves[i])};
		tc_session_apply(s, &move);
		fputc('\n', out);
		print_board(s, out);
	}
	fprintf(out, "score %" PRId64 "\n", tc_session_score(s));
	tc_session_free(s);
	return 0;
}

/* ---- --autoplay: the expectimax player without a terminal (issue 9) ---- */

static double seconds_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_score(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static int by_time(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* A game on a board larger than 4x4 hardly ends: its tiles grow on (depth 1 played 2.8 million
 * moves on 8x8). It stops at this many moves, each taking up to 9 ms there (5x5, depth 4 to 6;
 * 0.7 ms on 8x8 from depth 2, 0.003 ms at depth 1); a 4x4 game ends by itself (some 7400 moves
 * at depth 3). */
#define BIG_BOARD_MOVES_MAX 10000
/* The games on such a board, by depth: at most some 3.5 minutes a command. */
static const int big_board_games_max[] = {0, 1000, 20, 3, 2, 1, 1};
_Static_assert(sizeof big_board_games_max / sizeof big_board_games_max[0] ==
                       TC_AUTOPLAY_MAX_DEPTH + 1,
               "a limit for every depth");

static bool big_board(const struct g2048_params *params)
{
	return params->size > G2048_DEFAULT_SIZE;
}

int tc_batch_2048_autoplay_check(const struct g2048_params *params, int games, int depth,
                                 char *err, size_t errlen)
{
	if (!big_board(params) || games <= big_board_games_max[depth])
		return 0;
	snprintf(err, errlen,
	         "--games is at most %d at --depth %d on a board larger than 4x4 (each game "
	         "stops at %d moves), not %d",
	         big_board_games_max[depth], depth, BIG_BOARD_MOVES_MAX, games);
	return -1;
}

int tc_batch_2048_autoplay(const struct g2048_params *params, uint64_t seed, int games, int depth,
                           FILE *out, char *err, size_t errlen)
{
	uint64_t moves_max = big_board(params) ? BIG_BOARD_MOVES_MAX : UINT64_MAX;
	struct g2048_ai *ai = g2048_ai_new();
	uint64_t *scores = malloc((size_t)games * sizeof *scores);
	double *ms = malloc((size_t)games * sizeof *ms);
	if (!ai || !scores || !ms) {
		g2048_ai_free(ai);
		free(scores);
		free(ms);
		snprintf(err, errlen, "out of memory");
		return 1;
	}
	static const uint8_t goals[] = {11, 12, 13, 14}; /* 2048 to 16384 */
	int reached[4] = {0};
	for (int i = 0; i < games; i++) {
		/* The game new_game starts, so that 2048:NxN:s(S+i) replays it on screen. */
		struct g2048 g;
		g2048_new(&g, params, seed + (uint64_t)i);
		uint64_t moves = 0;
		double start = seconds_now();
		while (moves < moves_max) {
			struct g2048_ai_choice c;
			g2048_ai_choose(ai, &g, depth, &c);
			if (c.dir < 0)
				break;
			g2048_slide(&g, (enum g2048_dir)c.dir, NULL);
			moves++;
		}
		double elapsed = seconds_now() - start;
		uint8_t top = g2048_max_exponent(&g);
		for (int k = 0; k < 4; k++)
			reached[k] += top >= goals[k];
		scores[i] = g.score;
		ms[i] = moves ? elapsed * 1e3 / (double)moves : 0;
		fprintf(out,
		        "game %d score %" PRIu64 " max %" PRIu64 " moves %" PRIu64
		        " ms_per_move %.3f%s\n",
		        i, g.score, g2048_tile_value(top), moves, ms[i],
		        moves == moves_max ? " stopped" : "");
		fflush(out); /* long runs show each game as it ends */
	}
	for (int k = 0; k < 4; k++)
		fprintf(out, "reached %" PRIu64 " in %d of %d games (%.1f%%)\n",
		        g2048_tile_value(goals[k]), reached[k], games, 100.0 * reached[k] / games);
	/* The lower middle for an even number of games: always a game's own value. */
	qsort(scores, (size_t)games, sizeof *scores, by_score);
	qsort(ms, (size_t)games, sizeof *ms, by_time);
	fprintf(out, "median score %" PRIu64 "\n", scores[(games - 1) / 2]);
	fprintf(out, "median ms_per_move %.3f\n", ms[(games - 1) / 2]);
	g2048_ai_free(ai);
	free(scores);
	free(ms);
	return tc_batch_flushed(out, err, errlen) ? 0 : 1;
}
