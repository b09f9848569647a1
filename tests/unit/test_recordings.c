/* Recordings in the store: what `replay N` and the scoreboard's links read back, and rows a
 * damaged or hostile database holds refused. Every test works in a directory of its own. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "store_dirs.h"
#include "tilecade/recordings.h"
#include "tilecade/store.h"

static unsigned char rec_events[] = {1,   0,   11,  '2', '0', '4', '8', ':', '4',
                                     'x', '4', ':', 's', '5', 2,   7,   0};

static struct tc_recording rec_sample(const char *result, int64_t points)
{
	struct tc_recording rec = {.points = points,
	                           .time_ms = 61234,
	                           .moves = 300,
	                           .date = 1700,
	                           .events = rec_events,
	                           .events_len = sizeof rec_events};
	snprintf(rec.player, sizeof rec.player, "ann");
	snprintf(rec.game, sizeof rec.game, "2048");
	snprintf(rec.game_id, sizeof rec.game_id, "2048:4x4:s5");
	snprintf(rec.result, sizeof rec.result, "%s", result);
	return rec;
}

static void rec_round_trips(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	struct tc_recording rec = rec_sample("lost", 3012);
	int64_t id = tc_store_add_recording(st, &rec);
	assert_true(id > 0);
	assert_true(tc_store_add_recording(st, &rec) > id); /* another game, another row */
	struct tc_recording out;
	assert_int_equal(tc_store_load_recording(st, id, &out), TC_RECORDING_OK);
	assert_int_equal(out.id, id);
	assert_string_equal(out.player, "ann");
	assert_string_equal(out.game, "2048");
	assert_string_equal(out.game_id, "2048:4x4:s5");
	assert_string_equal(out.result, "lost");
	assert_int_equal(out.points, 3012);
	assert_int_equal(out.time_ms, 61234);
	assert_int_equal(out.moves, 300);
	assert_int_equal(out.date, 1700);
	assert_int_equal(out.events_len, sizeof rec_events);
	assert_memory_equal(out.events, rec_events, sizeof rec_events);
	tc_recording_free(&out);
	assert_null(out.events);
	assert_int_equal(tc_store_load_recording(st, 999, &out), TC_RECORDING_NONE);
	assert_int_equal(tc_store_load_recording(st, -1, &out), TC_RECORDING_NONE);
	tc_store_close(st);
}

/* The same game ended again: its row changes in place. */
static void rec_replaces_in_place(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	struct tc_recording rec = rec_sample("won", 2100);
	rec.id = tc_store_add_recording(st, &rec);
	snprintf(rec.result, sizeof rec.result, "lost");
	rec.points = 5000;
	rec.moves = 700;
	assert_int_equal(tc_store_replace_recording(st, &rec), 0);
	struct tc_recording out;
	assert_int_equal(tc_store_load_recording(st, rec.id, &out), TC_RECORDING_OK);
	assert_string_equal(out.result, "lost");
	assert_int_equal(out.points, 5000);
	assert_int_equal(out.moves, 700);
	tc_recording_free(&out);
	rec.id = 4242;
	assert_int_equal(tc_store_replace_recording(st, &rec), -1);
	tc_store_close(st);
}

/* Rows this program did not write read as damaged, never as a recording or a crash. */
static void rec_refuses_damaged_rows(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	struct tc_recording rec = rec_sample("won", 10);
	for (int i = 0; i < 7; i++)
		assert_int_equal(tc_store_add_recording(st, &rec), i + 1);
	tc_store_close(st);
	/* PostgreSQL's typed columns take no blob for a text nor text for a blob: other damage. */
	store_sql_in(state, "r.db",
	             store_on_pg()
	                     ? "UPDATE recordings SET result = 'maybe' WHERE id = 1;"
	                       "UPDATE recordings SET events = convert_to(repeat('x', 16777217),"
	                       "  'UTF8') WHERE id = 2;"
	                       "UPDATE recordings SET events = '' WHERE id = 3;"
	                       "UPDATE recordings SET moves = -3 WHERE id = 4;"
	                       "UPDATE recordings SET player = repeat('0', 40) WHERE id = 5;"
	                       "UPDATE recordings SET game_id = repeat('1', 300) WHERE id = 6;"
	                       "UPDATE recordings SET time_ms = -1 WHERE id = 7;"
	                     : "UPDATE recordings SET result = 'maybe' WHERE id = 1;"
	                       "UPDATE recordings SET events = zeroblob(16777217) WHERE id = 2;"
	                       "UPDATE recordings SET events = x'' WHERE id = 3;"
	                       "UPDATE recordings SET moves = -3 WHERE id = 4;"
	                       "UPDATE recordings SET player = hex(zeroblob(20)) WHERE id = 5;"
	                       "UPDATE recordings SET game_id = x'3132' WHERE id = 6;"
	                       "UPDATE recordings SET events = 'text' WHERE id = 7;");
	st = store_open_in(state, "r.db");
	struct tc_recording out;
	for (int id = 1; id <= 7; id++) {
		assert_int_equal(tc_store_load_recording(st, id, &out), TC_RECORDING_DAMAGED);
		assert_null(out.events);
	}
	/* Nor are absurd events written. */
	rec.events_len = TC_RECORDING_EVENTS_MAX + 1;
	assert_int_equal(tc_store_add_recording(st, &rec), 0);
	tc_store_close(st);
}

/* A score row links to its game's recording, as read by the boards and a player's best. */
static void rec_scores_link_recordings(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	struct tc_board_key board = {"2048", "random", "4x4"};
	struct tc_score s = {.board = board, .points = 100, .moves = 9, .date = 5};
	snprintf(s.player, sizeof s.player, "ann");
	snprintf(s.game_id, sizeof s.game_id, "2048:4x4:s5");
	s.recording = 7;
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 1);
	s.id = tc_store_last_score_id(st);
	struct tc_score out;
	assert_int_equal(tc_store_best_of(st, &board, TC_RANK_POINTS, "ann", &out), 0);
	assert_int_equal(out.recording, 7);
	s.recording = 8; /* ended again */
	s.points = 200;
	assert_int_equal(tc_store_replace_score(st, &s, TC_RANK_POINTS), 1);
	assert_int_equal(tc_store_top_scores(st, &board, TC_RANK_POINTS, &out, 1), 1);
	assert_int_equal(out.recording, 8);
	s.recording = 0; /* a score of no recording, tied: below the earlier */
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 2);
	struct tc_score top[2];
	assert_int_equal(tc_store_top_scores(st, &board, TC_RANK_POINTS, top, 2), 2);
	assert_int_equal(top[0].recording, 8);
	assert_int_equal(top[1].recording, 0);
	tc_store_close(st);
}

/* A save keeps its stream with it; one saved without (an older tilecade's) reads as none. */
static void rec_saves_keep_their_stream(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	assert_int_equal(tc_store_save_game_stream(st, "2048", "blob", 4, "a game", rec_events,
	                                           sizeof rec_events),
	                 0);
	assert_int_equal(tc_store_save_game(st, "znumbers", "zz", 2, "old"), 0);
	void *blob, *events;
	size_t len, events_len;
	assert_int_equal(tc_store_load_game_stream(st, "2048", &blob, &len, &events, &events_len),
	                 0);
	assert_int_equal(len, 4);
	assert_memory_equal(blob, "blob", 4);
	assert_int_equal(events_len, sizeof rec_events);
	assert_memory_equal(events, rec_events, sizeof rec_events);
	free(blob);
	free(events);
	assert_int_equal(
	        tc_store_load_game_stream(st, "znumbers", &blob, &len, &events, &events_len), 0);
	assert_int_equal(len, 2);
	assert_null(events);
	assert_int_equal(events_len, 0);
	free(blob);
	tc_store_close(st);
	/* A stream over the bound is not loaded: the game is, without it. */
	store_sql_in(state, "r.db",
	             store_on_pg() ? "UPDATE saves SET events = convert_to(repeat('x', 16777217),"
	                             " 'UTF8') WHERE game = '2048'"
	                           : "UPDATE saves SET events = zeroblob(16777217)"
	                             " WHERE game = '2048'");
	st = store_open_in(state, "r.db");
	assert_int_equal(tc_store_load_game_stream(st, "2048", &blob, &len, &events, &events_len),
	                 0);
	assert_int_equal(len, 4);
	assert_null(events);
	free(blob);
	tc_store_close(st);
}

/* A player leaving game after game keeps only the newest unlinked recordings; a recording a
 * score links to, and other players' recordings, stay. */
static void rec_keeps_a_bounded_number_unlinked(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	struct tc_recording rec = rec_sample("won", 10);
	int64_t linked = tc_store_add_recording(st, &rec);
	tc_store_close(st);
	char sql[256];
	snprintf(sql, sizeof sql,
	         "INSERT INTO scores (game, mode, level, player, points, time_ms, moves, date,"
	         " game_id, recording) VALUES ('2048', 'random', '4x4', 'ann', 10, 1, 1, 1,"
	         " '2048:4x4:s5', %lld)",
	         (long long)linked);
	store_sql_in(state, "r.db", sql);
	st = store_open_in(state, "r.db");
	snprintf(rec.player, sizeof rec.player, "bob");
	int64_t bobs = tc_store_add_recording(st, &rec);
	snprintf(rec.player, sizeof rec.player, "ann");
	snprintf(rec.result, sizeof rec.result, "left");
	int64_t first = 0, last = 0;
	for (int i = 0; i < TC_RECORDINGS_UNLINKED_MAX + 5; i++) {
		last = tc_store_add_recording(st, &rec);
		assert_true(last > 0);
		if (i == 0)
			first = last;
	}
	struct tc_recording out;
	for (int64_t id = first; id < first + 5; id++)
		assert_int_equal(tc_store_load_recording(st, id, &out), TC_RECORDING_NONE);
	const int64_t kept[] = {first + 5, last, linked, bobs};
	for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
		assert_int_equal(tc_store_load_recording(st, kept[i], &out), TC_RECORDING_OK);
		tc_recording_free(&out);
	}
	tc_store_close(st);
}

/* A game ID's recordings, newest first: a player's, or every player's (what an N file level's
 * hash ID is played again from). */
static void rec_of_a_game(void **state)
{
	struct tc_store *st = store_open_in(state, "g.db");
	struct tc_recording rec = rec_sample("won", 1);
	int64_t anns = tc_store_add_recording(st, &rec);
	snprintf(rec.player, sizeof rec.player, "bob");
	int64_t bobs = tc_store_add_recording(st, &rec);
	snprintf(rec.game_id, sizeof rec.game_id, "2048:4x4:s6");
	assert_true(tc_store_add_recording(st, &rec) > bobs);
	int64_t ids[4];
	assert_int_equal(tc_store_recordings_of_game(st, "ann", "2048:4x4:s5", ids, 4), 1);
	assert_int_equal(ids[0], anns);
	assert_int_equal(tc_store_recordings_of_game(st, NULL, "2048:4x4:s5", ids, 4), 2);
	assert_int_equal(ids[0], bobs);
	assert_int_equal(ids[1], anns);
	assert_int_equal(tc_store_recordings_of_game(st, NULL, "2048:4x4:s5", ids, 1), 1);
	assert_int_equal(tc_store_recordings_of_game(st, "cy", "2048:4x4:s5", ids, 4), 0);
	tc_store_close(st);
}

/* A store that is off stores nothing and reads nothing. */
static void rec_disabled_store(void **state)
{
	(void)state;
	struct tc_recording rec = rec_sample("won", 1), out;
	assert_int_equal(tc_store_add_recording(NULL, &rec), 0);
	rec.id = 1;
	assert_int_equal(tc_store_replace_recording(NULL, &rec), -1);
	assert_int_equal(tc_store_load_recording(NULL, 1, &out), TC_RECORDING_NONE);
}

#define REC_TEST(f) cmocka_unit_test_setup_teardown(f, store_setup, store_teardown)

int main(void)
{
	const struct CMUnitTest both[] = {
	        REC_TEST(rec_round_trips),
	        REC_TEST(rec_replaces_in_place),
	        REC_TEST(rec_refuses_damaged_rows),
	        REC_TEST(rec_scores_link_recordings),
	        REC_TEST(rec_saves_keep_their_stream),
	        REC_TEST(rec_keeps_a_bounded_number_unlinked),
	        REC_TEST(rec_of_a_game),
	        REC_TEST(rec_disabled_store),
	};
	return store_run_tests(both, STORE_COUNT(both), NULL, 0, NULL, 0);
}
