/* A ghost race's clock: the player's game time, back to the start with a restart, stopped by a
 * pause, the wall clock once the player's game is over and the game's again when an undo puts
 * it back in play; the two racers ranked. The ghost's recording
 * is written here: zNumbers 6x6a60 seed 31, a move every second from 1 s on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ghost_race.h"
#include "tilecade/live.h"
#include "tilecade/znumbers.h"

#define ZN_ID "znumbers:6x6a60:s31"

static struct tc_ghost_race *race;
static int tiles;

static int setup(void **unused)
{
	struct zn_params p = {6, 6, 60, 0};
	struct zn_board b;
	struct zn_move solution[ZN_MAX_MOVES];
	tiles = zn_new_level(&b, &p, 31, solution);
	struct tc_live_log log = {0};
	struct tc_live_event ev = {.kind = TC_LIVE_START, .text = ZN_ID, .text_len = strlen(ZN_ID)};
	assert_true(tc_live_log_add(&log, &ev));
	for (int k = 0; k < tiles; k++) {
		ev = (struct tc_live_event){.kind = TC_LIVE_MOVE,
		                            .at_ms = 1000 * (uint32_t)(k + 1),
		                            .move = {.arg = {solution[k].from, solution[k].to}}};
		assert_true(tc_live_log_add(&log, &ev));
	}
	char err[160];
	struct tc_ghost *g = tc_ghost_new(log.bytes, log.len, "bob #1", err, sizeof err);
	tc_live_log_free(&log);
	assert_non_null(g);
	race = tc_ghost_race_new(g);
	assert_non_null(race);
	return 0;
}

static int teardown(void **unused)
{
	tc_ghost_race_free(race);
	return 0;
}

/* The player, their game's clock at game_ms, seen at wall-clock now. */
static const struct tc_race_standing *look(uint64_t game_ms, bool running,
                                           enum tc_racer_outcome outcome, uint64_t now)
{
	struct tc_ghost_you you = {.name = "ann",
	                           .game_ms = game_ms,
	                           .clock_running = running,
	                           .progress = {.value = 0, .text = "you"},
	                           .outcome = outcome};
	tc_ghost_race_see(race, &you, now);
	return tc_ghost_race_standing(race);
}

static const struct tc_racer *ghost_of(const struct tc_race_standing *st)
{
	for (int i = 0; i < st->n; i++)
		if (strcmp(st->racers[i].player, "bob #1") == 0)
			return &st->racers[i];
	fail_msg("no ghost in the standing");
	return NULL;
}

static void ghost_race_names_both(void **unused)
{
	const struct tc_race_standing *st = look(0, true, TC_RACER_RACING, 5000);
	assert_string_equal(st->title, "Ghost: bob #1");
	assert_string_equal(st->you, "ann");
	assert_int_equal(st->n, 2);
	assert_string_equal(tc_ghost_race_game_id(race), ZN_ID);
	assert_int_equal(ghost_of(st)->progress.value, 0);
	assert_int_equal(tc_ghost_race_next(race), 1000);
}

/* A restart starts the race again: the ghost goes back to its start with the game's clock. */
static void ghost_race_starts_again_with_a_restart(void **unused)
{
	assert_int_equal(ghost_of(look(2500, true, TC_RACER_RACING, 0))->progress.value, 2);
	assert_int_equal(ghost_of(look(0, true, TC_RACER_RACING, 0))->progress.value, 0);
	const struct tc_race_standing *st = look(600, true, TC_RACER_RACING, 0);
	assert_int_equal(ghost_of(st)->progress.value, 0);
	assert_int_equal(tc_ghost_race_next(race), 400);
}

/* Paused, the game's clock stands still, and so does the ghost: nothing is due. */
static void ghost_race_stops_with_a_pause(void **unused)
{
	look(1500, false, TC_RACER_RACING, 0);
	assert_int_equal(tc_ghost_race_next(race), -1);
	assert_int_equal(ghost_of(look(1500, false, TC_RACER_RACING, 99999))->progress.value, 1);
}

/* Once the player's game is over, the ghost plays on by the wall clock to its finish; the
 * player's time is the race's when the game was over. */
static void ghost_race_plays_on_after_the_players_end(void **unused)
{
	look(1200, true, TC_RACER_RACING, 10000);
	const struct tc_race_standing *st = look(1800, false, TC_RACER_LOST, 10600);
	for (int i = 0; i < st->n; i++)
		if (strcmp(st->racers[i].player, "ann") == 0)
			assert_int_equal(st->racers[i].time_ms, 1800);
	assert_int_equal(tc_ghost_race_next(race), 200);
	st = look(1800, false, TC_RACER_LOST, 10600 + 3000);
	assert_int_equal(ghost_of(st)->progress.value, 4); /* 1.8 s + 3 s */
	st = look(1800, false, TC_RACER_LOST, 10600 + 1000 * (uint64_t)tiles);
	assert_int_equal(ghost_of(st)->outcome, TC_RACER_WON);
	assert_int_equal(ghost_of(st)->time_ms, 1000 * tiles);
	assert_string_equal(st->racers[0].player, "bob #1"); /* a win ranks first */
	assert_int_equal(tc_ghost_race_next(race), -1);
}

/* An undo after the end puts the game back in play: the ghost follows the game's clock again,
 * and the player's time is the game's; a restart then starts the race again. */
static void ghost_race_back_in_play_after_an_end(void **unused)
{
	look(1800, false, TC_RACER_LOST, 0);
	assert_int_equal(ghost_of(look(1800, false, TC_RACER_LOST, 3000))->progress.value, 4);
	const struct tc_race_standing *st = look(1800, true, TC_RACER_RACING, 3000);
	assert_int_equal(ghost_of(st)->progress.value, 1);
	look(2300, false, TC_RACER_WON, 3500);
	st = look(3000, true, TC_RACER_WON, 5000); /* a won 2048 played on: still won at 2.3 s */
	assert_int_equal(ghost_of(st)->progress.value, 3);
	for (int i = 0; i < st->n; i++)
		if (strcmp(st->racers[i].player, "ann") == 0)
			assert_int_equal(st->racers[i].time_ms, 2300);
	st = look(0, true, TC_RACER_RACING, 9000);
	assert_int_equal(ghost_of(st)->progress.value, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(ghost_race_names_both, setup, teardown),
	        cmocka_unit_test_setup_teardown(ghost_race_starts_again_with_a_restart, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(ghost_race_stops_with_a_pause, setup, teardown),
	        cmocka_unit_test_setup_teardown(ghost_race_plays_on_after_the_players_end, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(ghost_race_back_in_play_after_an_end, setup,
	                                        teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
