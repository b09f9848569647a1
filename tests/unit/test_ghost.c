/* A ghost: a recording's progress at each time of the player's clock, exactly as the
 * recording's times say, and its finish. Streams are written here event by event, with their
 * times. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nj_corridor.h"
#include "tilecade/gameid.h"
#include "tilecade/ghost.h"
#include "tilecade/live.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/znumbers.h"

/* zNumbers 6x6a60 with seed 31 and the generator's solution to it. */
#define ZN_ID "znumbers:6x6a60:s31"
static struct zn_move solution[ZN_MAX_MOVES];
static int tiles;

static struct tc_live_log log_;

static void add(uint8_t kind, uint32_t at_ms)
{
	struct tc_live_event ev = {.kind = kind, .at_ms = at_ms};
	if (kind == TC_LIVE_START)
		ev.text = ZN_ID, ev.text_len = strlen(ZN_ID);
	assert_true(tc_live_log_add(&log_, &ev));
}

/* Move k of the solution, played at at_ms. */
static void move(int k, uint32_t at_ms)
{
	struct tc_live_event ev = {.kind = TC_LIVE_MOVE,
	                           .at_ms = at_ms,
	                           .move = {.arg = {solution[k].from, solution[k].to}}};
	assert_true(tc_live_log_add(&log_, &ev));
}

static void end(enum tc_live_end how, uint32_t at_ms)
{
	struct tc_live_event ev = {.kind = TC_LIVE_END, .at_ms = at_ms, .value = how};
	assert_true(tc_live_log_add(&log_, &ev));
}

static int setup(void **unused)
{
	struct zn_params p = {6, 6, 60, 0};
	struct zn_board b;
	tiles = zn_new_level(&b, &p, 31, solution);
	assert_true(tiles > 3);
	tc_live_log_clear(&log_);
	return 0;
}

static int teardown(void **unused)
{
	tc_live_log_free(&log_);
	return 0;
}

static struct tc_ghost *ghost(void)
{
	char err[200] = "";
	struct tc_ghost *g = tc_ghost_new(log_.bytes, log_.len, "ann #5", err, sizeof err);
	if (!g)
		fail_msg("ghost refused: %s", err);
	return g;
}

/* The ghost's racer at time_ms. */
static struct tc_racer at(struct tc_ghost *g, uint64_t time_ms)
{
	tc_ghost_at(g, time_ms);
	struct tc_racer r;
	tc_ghost_racer(g, &r);
	return r;
}

static void assert_left(struct tc_ghost *g, uint64_t time_ms, int left)
{
	struct tc_racer r = at(g, time_ms);
	char text[16];
	snprintf(text, sizeof text, "%d left", left);
	assert_string_equal(r.progress.text, text);
	assert_int_equal(r.progress.value, tiles - left);
}

/* Each move counts from the millisecond it was played, not one before; the win is the finish. */
static void ghost_progress_follows_the_recordings_times(void **unused)
{
	add(TC_LIVE_START, 0);
	for (int k = 0; k < tiles; k++)
		move(k, 1000 + 500 * (uint32_t)k);
	uint32_t won_at = 1000 + 500 * (uint32_t)(tiles - 1);
	end(TC_LIVE_END_FINISHED, won_at);
	struct tc_ghost *g = ghost();
	assert_string_equal(tc_ghost_game_id(g), ZN_ID);
	assert_left(g, 0, tiles);
	assert_left(g, 999, tiles);
	assert_left(g, 1000, tiles - 1);
	assert_left(g, 1499, tiles - 1);
	assert_left(g, 1500, tiles - 2);
	struct tc_racer r = at(g, won_at - 1);
	assert_string_equal(r.player, "ann #5");
	assert_int_equal(r.outcome, TC_RACER_RACING);
	assert_string_equal(r.progress.text, "1 left");
	r = at(g, won_at);
	assert_int_equal(r.outcome, TC_RACER_WON);
	assert_int_equal(r.time_ms, won_at);
	assert_string_equal(r.progress.text, "0 left");
	assert_int_equal(r.progress.value, tiles);
	r = at(g, won_at + 60000);
	assert_int_equal(r.outcome, TC_RACER_WON);
	assert_int_equal(r.time_ms, won_at);
	tc_ghost_free(g);
}

/* A new race takes the ghost back to its start; time given out of order reads the same. */
static void ghost_goes_back_for_a_new_race(void **unused)
{
	add(TC_LIVE_START, 0);
	move(0, 300);
	move(1, 900);
	end(TC_LIVE_END_LEFT, 2000);
	struct tc_ghost *g = ghost();
	assert_left(g, 5000, tiles - 2);
	assert_left(g, 0, tiles);
	assert_left(g, 899, tiles - 1);
	assert_left(g, 300, tiles - 1);
	assert_left(g, 299, tiles);
	assert_left(g, 900, tiles - 2);
	tc_ghost_free(g);
}

/* When the screen must next be drawn: the next change of progress, then the finish. */
static void ghost_next_is_the_next_change(void **unused)
{
	add(TC_LIVE_START, 0);
	move(0, 1000);
	add(TC_LIVE_PAUSE, 1200); /* changes no progress: no drawing for it */
	add(TC_LIVE_RESUME, 1200);
	move(1, 2500);
	end(TC_LIVE_END_LEFT, 4000);
	struct tc_ghost *g = ghost();
	assert_int_equal(tc_ghost_next(g, 0), 1000);
	assert_int_equal(tc_ghost_next(g, 999), 1);
	assert_int_equal(tc_ghost_next(g, 1000), 1500);
	tc_ghost_at(g, 2600);
	assert_int_equal(tc_ghost_next(g, 2600), 1400);
	assert_int_equal(tc_ghost_next(g, 100), 900); /* before where it stands: counted afresh */
	assert_int_equal(tc_ghost_next(g, 4000), -1);
	tc_ghost_free(g);
}

/* A game left unfinished finishes as left, at the recording's end, as it stood. */
static void ghost_of_a_game_left_finishes_left(void **unused)
{
	add(TC_LIVE_START, 0);
	move(0, 700);
	end(TC_LIVE_END_FINISHED, 3000);
	struct tc_ghost *g = ghost();
	struct tc_racer r = at(g, 2999);
	assert_int_equal(r.outcome, TC_RACER_RACING);
	r = at(g, 3000);
	assert_int_equal(r.outcome, TC_RACER_LEFT);
	assert_int_equal(r.time_ms, 3000);
	assert_int_equal(r.progress.value, 1);
	tc_ghost_free(g);
}

/* The ghost races the recording's last attempt: what came before its restart is not raced. */
static void ghost_races_the_last_attempt(void **unused)
{
	add(TC_LIVE_START, 0);
	move(0, 400);
	move(1, 800);
	add(TC_LIVE_RESTART, 0);
	move(0, 5000);
	end(TC_LIVE_END_LEFT, 6000);
	struct tc_ghost *g = ghost();
	assert_left(g, 900, tiles);
	assert_left(g, 4999, tiles);
	assert_left(g, 5000, tiles - 1);
	assert_int_equal(tc_ghost_next(g, 0), 5000);
	tc_ghost_free(g);
}

/* Undo takes the ghost's progress back at its time, as it did the player's. */
static void ghost_undo_takes_progress_back(void **unused)
{
	add(TC_LIVE_START, 0);
	move(0, 1000);
	add(TC_LIVE_UNDO, 2000);
	end(TC_LIVE_END_LEFT, 3000);
	struct tc_ghost *g = ghost();
	assert_left(g, 1000, tiles - 1);
	assert_left(g, 2000, tiles);
	tc_ghost_free(g);
}

/* What cannot be followed is refused in one line: no ghost. */
static void ghost_refuses_what_is_no_game(void **unused)
{
	char err[200] = "";
	assert_null(tc_ghost_new(NULL, 0, "x", err, sizeof err));
	assert_string_equal(err, "the recording is empty");
	add(TC_LIVE_START, 0);
	move(0, 1000);
	move(0, 2000); /* the tile moved already */
	assert_null(tc_ghost_new(log_.bytes, log_.len, "x", err, sizeof err));
	assert_non_null(strstr(err, "does not fit the game"));
	const unsigned char broken[] = {TC_LIVE_KIND_LAST + 1, 0};
	assert_null(tc_ghost_new(broken, sizeof broken, "x", err, sizeof err));
	assert_string_equal(err, "the recording is damaged");
	struct tc_live_event other = {
	        .kind = TC_LIVE_START, .text = "chess:8x8:s1", .text_len = 12};
	tc_live_log_clear(&log_);
	assert_true(tc_live_log_add(&log_, &other));
	assert_null(tc_ghost_new(log_.bytes, log_.len, "x", err, sizeof err));
	assert_non_null(strstr(err, "game ID"));
}

/* N: the gold at the step it was taken, the win at the run's steps times 25 ms. */
static void ghost_of_an_n_run(void **unused)
{
	struct nj_replay *rp = corridor();
	rp->steps = 400;
	for (int i = 0; i < rp->steps; i++)
		rp->input[i] = NJ_RIGHT;
	struct nj_world w;
	char err[200] = "";
	assert_int_equal(nj_world_from_level(&rp->level, &w, err, sizeof err), 0);
	struct nj_run run;
	nj_run_start(&w, &run);
	int gold_step = -1;
	while (run.outcome == NJ_RUNNING) {
		unsigned ev = nj_step(&w, &run, NJ_RIGHT);
		if (ev & NJ_EV_GOLD)
			gold_step = run.steps;
	}
	assert_int_equal(run.outcome, NJ_WIN);
	assert_true(gold_step > 0);
	rp->steps = run.steps;
	assert_true(nj_stream_of_replay(rp, "corridor", TC_LIVE_END_FINISHED, &log_));
	struct tc_ghost *g = ghost();
	char id[TC_GAMEID_MAX];
	nj_game_id(&rp->level, "corridor", id, sizeof id);
	assert_string_equal(tc_ghost_game_id(g), id);
	struct tc_racer r = at(g, 0);
	assert_string_equal(r.progress.text, "0/1 gold alive");
	r = at(g, (uint64_t)gold_step * NJ_STEP_MS - 1);
	assert_int_equal(r.progress.value, 0);
	r = at(g, (uint64_t)gold_step * NJ_STEP_MS);
	assert_string_equal(r.progress.text, "1/1 gold alive");
	assert_int_equal(r.outcome, TC_RACER_RACING);
	assert_int_equal(tc_ghost_next(g, (uint64_t)gold_step * NJ_STEP_MS),
	                 (run.steps - gold_step) * NJ_STEP_MS);
	r = at(g, (uint64_t)run.steps * NJ_STEP_MS);
	assert_int_equal(r.outcome, TC_RACER_WON);
	assert_int_equal(r.time_ms, run.steps * NJ_STEP_MS);
	assert_string_equal(r.progress.text, "1/1 gold out");
	tc_ghost_free(g);
	free(rp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(ghost_progress_follows_the_recordings_times, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(ghost_goes_back_for_a_new_race, setup, teardown),
	        cmocka_unit_test_setup_teardown(ghost_next_is_the_next_change, setup, teardown),
	        cmocka_unit_test_setup_teardown(ghost_of_a_game_left_finishes_left, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(ghost_races_the_last_attempt, setup, teardown),
	        cmocka_unit_test_setup_teardown(ghost_undo_takes_progress_back, setup, teardown),
	        cmocka_unit_test_setup_teardown(ghost_refuses_what_is_no_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(ghost_of_an_n_run, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
