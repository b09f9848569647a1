/* Recordings (issue 18): the bytes a recorded game takes, as its stream and as rows of the
 * database, for a 2048 game of some 300 moves (the expectimax player at depth 1), a Sudoku
 * solved cell by cell and a zNumbers level played by its solution, each move 0.7 to 2.7 s after
 * the last; and the replay screen's step back, which follows the stream again from its start,
 * timed on a 2048 game of 5000 moves. Prints tables; never fails (a benchmark is not a test).
 *
 * usage: recordings [DIR]   (a folder for the scratch database; default /tmp) */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tilecade/g2048.h"
#include "tilecade/g2048_ai.h"
#include "tilecade/gameid.h"
#include "tilecade/live.h"
#include "tilecade/live_follow.h"
#include "tilecade/recordings.h"
#include "tilecade/rng.h"
#include "tilecade/store.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

#define ROWS 1000      /* recordings stored to measure the database's growth */
#define LONG_GAME 5000 /* moves of the game stepped back in */
#define STEP_RUNS 21

/* A player whose session tells its stream to a log, on a clock of its own. */
struct player {
	uint64_t now;
	struct tc_rng rng;
	struct tc_session *s;
	struct tc_live_log log;
};

static uint64_t player_now(void *ctx)
{
	return ((struct player *)ctx)->now;
}

static void heard(void *ctx, const struct tc_live_event *ev)
{
	tc_live_log_add(&((struct player *)ctx)->log, ev);
}

static void start(struct player *p, const struct tc_game *game, const void *params, uint64_t seed)
{
	memset(p, 0, sizeof *p);
	tc_rng_seed(&p->rng, seed, 1);
	struct tc_clock clock = {player_now, p};
	p->s = tc_session_new(game, params, seed, &clock);
	char id[TC_GAMEID_MAX];
	int n = tc_session_game_id(p->s, id, sizeof id);
	struct tc_live_event ev = {.kind = TC_LIVE_START, .text = id, .text_len = (size_t)n};
	tc_live_log_add(&p->log, &ev);
	tc_session_listen(p->s, heard, p);
}

/* A move 0.7 to 2.7 s after the last, as a player thinks. */
static bool play(struct player *p, struct tc_move m)
{
	p->now += 700 + tc_rng_below(&p->rng, 2000);
	return tc_session_apply(p->s, &m);
}

static void stop(struct player *p)
{
	tc_session_free(p->s);
	tc_live_log_free(&p->log);
}

static void play_2048(struct player *p, int moves)
{
	struct g2048_ai *ai = g2048_ai_new();
	start(p, &g2048_game, &(struct g2048_params){4}, 7);
	while ((int)tc_session_moves(p->s) < moves && tc_session_status(p->s) == TC_PLAYING) {
		struct g2048_ai_choice c;
		g2048_ai_choose(ai, tc_session_state(p->s), 1, &c);
		if (c.dir < 0 || !play(p, (struct tc_move){.kind = (uint8_t)c.dir}))
			break;
	}
	g2048_ai_free(ai);
}

/* An 8x8 board slid round and round: a long game without a search. */
static void play_long_2048(struct player *p, int moves)
{
	start(p, &g2048_game, &(struct g2048_params){8}, 7);
	for (unsigned i = 0; (int)tc_session_moves(p->s) < moves; i++) {
		bool moved = false;
		for (unsigned d = 0; d < 4 && !moved; d++)
			moved = play(p, (struct tc_move){.kind = (uint8_t)((i + d) % 4)});
		if (!moved)
			break;
	}
}

static void play_sudoku(struct player *p)
{
	struct sdk_params params;
	sudoku_game.default_params(&params);
	start(p, &sudoku_game, &params, 7);
	const struct sudoku *s = tc_session_state(p->s);
	struct sdk_grid solution = s->solution;
	for (int cell = 0; cell < SDK_CELLS; cell++)
		if (!s->given.cell[cell])
			play(p, (struct tc_move){.kind = SDK_MOVE_DIGIT,
			                         .arg = {(int16_t)cell, solution.cell[cell]}});
}

static void play_znumbers(struct player *p)
{
	struct zn_params params;
	znumbers_game.default_params(&params);
	start(p, &znumbers_game, &params, 7);
	const struct znumbers *z = tc_session_state(p->s);
	struct zn_move moves[ZN_MAX_MOVES];
	int count = 0;
	if (zn_solve(&z->board, 0, moves, &count, NULL) != ZN_SOLVABLE)
		count = 0;
	for (int i = 0; i < count; i++)
		play(p, (struct tc_move){.kind = 0, .arg = {moves[i].from, moves[i].to}});
}

static long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long)st.st_size : 0;
}

/* The database's growth per recording of this game, ROWS of them stored in a fresh one. */
static double bytes_a_row(const char *dir, const struct player *p)
{
	char path[PATH_MAX], wal[PATH_MAX + 8], notice[TC_STORE_NOTICE_MAX];
	snprintf(path, sizeof path, "%s/tilecade-recordings-bench.db", dir);
	snprintf(wal, sizeof wal, "%s-wal", path);
	unlink(path);
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	if (!tc_store_ok(st)) {
		fprintf(stderr, "recordings: %s\n", notice);
		tc_store_close(st);
		return 0;
	}
	tc_store_close(st);
	long empty = file_size(path);
	st = tc_store_open(path, notice, sizeof notice);
	struct tc_recording rec = {.points = tc_session_score(p->s),
	                           .time_ms = (int64_t)tc_session_elapsed_ms(p->s),
	                           .moves = tc_session_moves(p->s),
	                           .date = (int64_t)time(NULL),
	                           .events = p->log.bytes,
	                           .events_len = p->log.len};
	snprintf(rec.player, sizeof rec.player, "a-player");
	snprintf(rec.game, sizeof rec.game, "%s", tc_session_game(p->s)->name);
	tc_session_game_id(p->s, rec.game_id, sizeof rec.game_id);
	snprintf(rec.result, sizeof rec.result, "won");
	for (int i = 0; i < ROWS; i++)
		tc_store_add_recording(st, &rec);
	tc_store_close(st); /* its log is written into the file */
	double grown = (double)(file_size(path) + file_size(wal) - empty) / ROWS;
	unlink(path);
	return grown;
}

static void size_row(const char *what, const char *dir, struct player *p)
{
	unsigned moves = tc_session_moves(p->s);
	printf("%-22s %6u %8u %10zu %10.1f %10.0f\n", what, moves, p->log.events, p->log.len,
	       moves ? (double)p->log.len / moves : 0.0, bytes_a_row(dir, p));
	stop(p);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "/tmp";
	struct player p;
	printf("%-22s %6s %8s %10s %10s %10s\n", "recorded game", "moves", "events", "stream B",
	       "B a move", "B a row");
	play_2048(&p, 300);
	size_row("2048 4x4 (AI, depth 1)", dir, &p);
	play_sudoku(&p);
	size_row("Sudoku classic-easy", dir, &p);
	play_znumbers(&p);
	size_row("zNumbers 6x6", dir, &p);
	printf("(B a row: the database's growth per recording, %d of them stored)\n\n", ROWS);

	play_long_2048(&p, LONG_GAME);
	unsigned total = p.log.events;
	double ms[STEP_RUNS];
	char err[160];
	for (int i = 0; i < STEP_RUNS; i++) {
		struct tc_live_follow f;
		tc_live_follow_init(&f);
		double t0 = now_ms();
		/* One step back from the end: the stream followed again up to its last event but
		 * one, as the replay screen does. */
		if (tc_live_follow_log(&f, p.log.bytes, p.log.len, total - 1, err, sizeof err) != 0)
			fprintf(stderr, "recordings: %s\n", err);
		ms[i] = now_ms() - t0;
		tc_live_follow_free(&f);
	}
	qsort(ms, STEP_RUNS, sizeof ms[0], by_value);
	printf("step back at the end of a 2048 8x8 game of %u moves (%u events, %zu B): median "
	       "%.2f ms, worst %.2f ms of %d\n",
	       tc_session_moves(p.s), total, p.log.len, ms[STEP_RUNS / 2], ms[STEP_RUNS - 1],
	       STEP_RUNS);
	stop(&p);
	return 0;
}
