/* The waiting folder's files (src/store/waiting.h): what a game finished while the database was
 * away keeps on this machine, read back whole, and files that are damaged or not ours skipped,
 * never read as a game. Every test works in a folder of its own ($XDG_DATA_HOME). */
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

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/store/store_internal.h"
#include "../../src/store/waiting.h"
#include "store_dirs.h"
#include "tilecade/recordings.h"

static const char DB[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
static const char OTHER_DB[] = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";

/* The waiting folder under the test's own data folder. */
static void folder(void **state, char *buf, size_t len)
{
	char data[STORE_PATH_MAX];
	setenv("XDG_DATA_HOME", store_in(state, "data", data), 1);
	assert_int_equal(tc_waiting_folder(buf, len), 0);
}

/* A finished game: its recording, its score linked to it, a race's result. */
static void a_game(struct tc_waiting *w, const char *db)
{
	memset(w, 0, sizeof *w);
	tc_waiting_new_token(w->token);
	snprintf(w->db, sizeof w->db, "%s", db);
	w->parts = TC_WAITING_RECORDING | TC_WAITING_SCORE | TC_WAITING_RACE;
	snprintf(w->rec.player, sizeof w->rec.player, "alice");
	snprintf(w->rec.game, sizeof w->rec.game, "2048");
	snprintf(w->rec.game_id, sizeof w->rec.game_id, "2048:4x4:42");
	snprintf(w->rec.result, sizeof w->rec.result, "lost");
	w->rec.points = 1204;
	w->rec.time_ms = 61000;
	w->rec.moves = 130;
	w->rec.date = 1700000000;
	w->rec.events_len = 300;
	w->rec.events = malloc(w->rec.events_len);
	assert_non_null(w->rec.events);
	for (size_t i = 0; i < w->rec.events_len; i++)
		w->rec.events[i] = (unsigned char)(i * 7);
	snprintf(w->score.board.game, sizeof w->score.board.game, "2048");
	snprintf(w->score.board.mode, sizeof w->score.board.mode, "random");
	snprintf(w->score.board.level, sizeof w->score.board.level, "4x4");
	snprintf(w->score.player, sizeof w->score.player, "alice");
	w->score.points = 1204;
	w->score.time_ms = 61000;
	w->score.moves = 130;
	w->score.lost = true;
	w->score.hints = 2;
	w->by = TC_RANK_POINTS;
	w->race = 7;
	snprintf(w->racer, sizeof w->racer, "alice");
	w->result.outcome = TC_RACER_LOST;
	w->result.progress.value = 1204;
	snprintf(w->result.progress.text, sizeof w->result.progress.text, "1204 pts");
	w->race_ms = 1700000000123;
}

static void write_bytes(const char *path, const void *bytes, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void test_a_game_reads_back_whole(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct stat sb;
	assert_int_equal(stat(dir, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0700);

	struct tc_waiting w, back;
	a_game(&w, DB);
	assert_int_equal(tc_waiting_put(dir, &w), 0);
	assert_int_equal(tc_waiting_get(dir, w.token, &back), 0);
	assert_string_equal(back.token, w.token);
	assert_string_equal(back.db, DB);
	assert_int_equal(back.parts, w.parts);
	assert_string_equal(back.rec.game_id, "2048:4x4:42");
	assert_int_equal(back.rec.events_len, 300);
	assert_memory_equal(back.rec.events, w.rec.events, 300);
	assert_string_equal(back.score.board.level, "4x4");
	assert_true(back.score.lost);
	assert_int_equal(back.score.hints, 2);
	assert_int_equal(back.race, 7);
	assert_int_equal(back.result.outcome, TC_RACER_LOST);
	assert_string_equal(back.result.progress.text, "1204 pts");
	assert_int_equal(back.race_ms, 1700000000123);

	char path[STORE_PATH_MAX + 40];
	snprintf(path, sizeof path, "%s/%s.wait", dir, w.token);
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	snprintf(path, sizeof path, "%s/%s.tmp", dir, w.token);
	assert_int_not_equal(stat(path, &sb), 0); /* renamed into place, nothing left beside */
	tc_waiting_free(&w);
	tc_waiting_free(&back);
}

static void test_a_save_replaces_the_one_before(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_waiting w = {0}, back;
	tc_waiting_save_token(DB, "alice", "sudoku", w.token);
	char again[TC_WAITING_TOKEN], bob[TC_WAITING_TOKEN];
	tc_waiting_save_token(DB, "alice", "sudoku", again);
	tc_waiting_save_token(DB, "bob", "sudoku", bob);
	assert_string_equal(w.token, again);
	assert_string_not_equal(w.token, bob);
	snprintf(w.db, sizeof w.db, "%s", DB);
	w.parts = TC_WAITING_SAVE;
	snprintf(w.owner, sizeof w.owner, "alice");
	snprintf(w.save_game, sizeof w.save_game, "sudoku");
	unsigned char blob[] = {1, 2, 3};
	w.save = blob;
	w.save_len = sizeof blob;
	snprintf(w.summary, sizeof w.summary, "first");
	assert_int_equal(tc_waiting_put(dir, &w), 0);
	snprintf(w.summary, sizeof w.summary, "second");
	assert_int_equal(tc_waiting_put(dir, &w), 0);

	char tokens[8][TC_WAITING_TOKEN];
	assert_int_equal(tc_waiting_list(dir, DB, tokens, 8), 1);
	assert_int_equal(tc_waiting_get(dir, tokens[0], &back), 0);
	assert_string_equal(back.summary, "second");
	assert_int_equal(back.save_len, 3);
	assert_memory_equal(back.save, blob, 3);
	tc_waiting_free(&back);
	/* Its program's hold, and whether it claimed the game; a file of before holds were kept
	 * (none, a claim) reads as such a claim. */
	w.holder = 0x123456789abcdefull;
	assert_int_equal(tc_waiting_put(dir, &w), 0);
	assert_int_equal(tc_waiting_get(dir, tokens[0], &back), 0);
	assert_true(back.holder == w.holder && !back.claims);
	tc_waiting_free(&back);
	w.holder = 0;
	w.claims = true;
	assert_int_equal(tc_waiting_put(dir, &w), 0);
	assert_int_equal(tc_waiting_get(dir, tokens[0], &back), 0);
	assert_true(back.holder == 0 && back.claims);
	tc_waiting_free(&back);
}

static void test_damaged_and_foreign_files_are_skipped(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_waiting good, foreign, back;
	a_game(&good, DB);
	a_game(&foreign, OTHER_DB);
	assert_int_equal(tc_waiting_put(dir, &good), 0);
	assert_int_equal(tc_waiting_put(dir, &foreign), 0);

	/* A game's file cut short, one with a byte changed, one of garbage, an empty one, a
	 * link to a game's file, another program's file with a token's name. */
	size_t len;
	unsigned char *bytes = tc_waiting_encode(&good, &len);
	assert_non_null(bytes);
	char path[STORE_PATH_MAX + 40], token[TC_WAITING_TOKEN];
	tc_waiting_new_token(token);
	snprintf(path, sizeof path, "%s/%s.wait", dir, token);
	write_bytes(path, bytes, len / 2);
	tc_waiting_new_token(token);
	snprintf(path, sizeof path, "%s/%s.wait", dir, token);
	bytes[len / 3] ^= 1;
	write_bytes(path, bytes, len);
	free(bytes);
	tc_waiting_new_token(token);
	snprintf(path, sizeof path, "%s/%s.wait", dir, token);
	write_bytes(path, "tilecade waiting 1\nrubbish", 26);
	tc_waiting_new_token(token);
	snprintf(path, sizeof path, "%s/%s.wait", dir, token);
	write_bytes(path, "", 0);
	tc_waiting_new_token(token);
	snprintf(path, sizeof path, "%s/%s.wait", dir, token);
	char target[STORE_PATH_MAX + 40];
	snprintf(target, sizeof target, "%s/%s.wait", dir, good.token);
	assert_int_equal(symlink(target, path), 0);
	snprintf(path, sizeof path, "%s/notes.txt", dir);
	write_bytes(path, "mine", 4);

	char tokens[16][TC_WAITING_TOKEN];
	assert_int_equal(tc_waiting_list(dir, DB, tokens, 16), 1);
	assert_string_equal(tokens[0], good.token);
	assert_int_equal(tc_waiting_list(dir, OTHER_DB, tokens, 16), 1);
	assert_string_equal(tokens[0], foreign.token);
	assert_int_not_equal(tc_waiting_get(dir, token, &back), 0);
	tc_waiting_free(&good);
	tc_waiting_free(&foreign);
}

static void test_a_file_renamed_is_not_the_game_it_names(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_waiting w, back;
	a_game(&w, DB);
	assert_int_equal(tc_waiting_put(dir, &w), 0);
	char from[STORE_PATH_MAX + 40], to[STORE_PATH_MAX + 40], token[TC_WAITING_TOKEN];
	tc_waiting_new_token(token);
	snprintf(from, sizeof from, "%s/%s.wait", dir, w.token);
	snprintf(to, sizeof to, "%s/%s.wait", dir, token);
	assert_int_equal(rename(from, to), 0);
	assert_int_not_equal(tc_waiting_get(dir, token, &back), 0);
	char tokens[4][TC_WAITING_TOKEN];
	assert_int_equal(tc_waiting_list(dir, DB, tokens, 4), 0);
	tc_waiting_free(&w);
}

static void test_a_handle_names_its_token(void **state)
{
	for (int i = 0; i < 100; i++) {
		char token[TC_WAITING_TOKEN], back[TC_WAITING_TOKEN];
		tc_waiting_new_token(token);
		int64_t handle = tc_waiting_handle(token);
		assert_true(handle < 0);
		assert_true(tc_waiting_token_of(handle, back));
		assert_string_equal(back, token);
	}
	char token[TC_WAITING_TOKEN];
	assert_false(tc_waiting_token_of(12, token)); /* a row's id is no waiting game's */
	assert_int_equal(tc_waiting_handle("../../etc/passwd"), 0);
}

/* ---- the store away: a SQLite store made to be away, as a PostgreSQL one is when it cannot
 * reach its database, and back ---- */

static const struct tc_board_key BOARD = {"2048", "random", "3x3"};

/* A lost 2048 game of points: its recording (events of n bytes) and score, kept as the front
 * end keeps them (the score linked to the recording). */
static void finish_game(struct tc_store *st, int64_t points, int64_t *recording, int64_t *score)
{
	unsigned char events[64];
	for (size_t i = 0; i < sizeof events; i++)
		events[i] = (unsigned char)(i + (size_t)points);
	struct tc_recording rec = {.points = points,
	                           .time_ms = 9000,
	                           .moves = 40,
	                           .date = 1700000000,
	                           .events = events,
	                           .events_len = sizeof events};
	snprintf(rec.player, sizeof rec.player, "ann");
	snprintf(rec.game, sizeof rec.game, "2048");
	snprintf(rec.game_id, sizeof rec.game_id, "2048:3x3:s1");
	snprintf(rec.result, sizeof rec.result, "lost");
	*recording = tc_store_add_recording(st, &rec);
	struct tc_score s = {.board = BOARD,
	                     .points = points,
	                     .time_ms = 9000,
	                     .moves = 40,
	                     .date = 1700000000,
	                     .lost = true,
	                     .recording = *recording};
	snprintf(s.player, sizeof s.player, "ann");
	snprintf(s.game_id, sizeof s.game_id, "2048:3x3:s1");
	int rank = tc_store_add_score(st, &s, TC_RANK_POINTS);
	*score = rank == 0 ? tc_store_last_score_id(st) : 0;
}

static int board_rows(struct tc_store *st, struct tc_score *top)
{
	return tc_store_top_scores(st, &BOARD, TC_RANK_POINTS, top, 8);
}

static int files_waiting(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	int n = 0;
	DIR *d = opendir(dir);
	for (struct dirent *e; d && (e = readdir(d));)
		n += strstr(e->d_name, ".wait") != NULL;
	if (d)
		closedir(d);
	return n;
}

static void test_a_game_finished_away_is_written_once_back(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_store *st = store_open_in(state, "away.db");
	st->away = true;
	int64_t recording, score;
	finish_game(st, 1204, &recording, &score);
	assert_true(recording < 0);         /* a handle: no row yet */
	assert_int_equal(score, recording); /* the game's one file */
	assert_int_equal(tc_store_waiting(st), 1);
	assert_int_equal(files_waiting(state), 1);
	struct tc_score top[8];
	assert_int_equal(board_rows(st, top), 0); /* reads give nothing while away */

	/* The file as it was when the commit reached the database, left by a crash. */
	char token[TC_WAITING_TOKEN], path[STORE_PATH_MAX + 40];
	assert_true(tc_waiting_token_of(recording, token));
	snprintf(path, sizeof path, "%s/%s.wait", dir, token);
	struct tc_waiting w;
	assert_int_equal(tc_waiting_get(dir, token, &w), 0);

	st->away = false;
	assert_int_equal(tc_waiting_write(st), 1);
	assert_int_equal(tc_store_waiting(st), 0);
	assert_int_equal(files_waiting(state), 0);
	assert_int_equal(board_rows(st, top), 1);
	assert_int_equal(top[0].points, 1204);
	assert_true(top[0].recording > 0);
	struct tc_recording rec;
	assert_int_equal(tc_store_load_recording(st, top[0].recording, &rec), TC_RECORDING_OK);
	assert_int_equal(rec.events_len, 64);
	assert_int_equal(rec.events[0], (unsigned char)1204);
	tc_recording_free(&rec);

	assert_int_equal(tc_waiting_put(dir, &w), 0); /* the file left after the commit */
	tc_waiting_free(&w);
	assert_int_equal(tc_waiting_write(st), 0);
	assert_int_equal(files_waiting(state), 0); /* known written: removed */
	assert_int_equal(board_rows(st, top), 1);  /* not written twice */
	tc_store_close(st);
}

static void test_a_game_ended_again_while_it_waits(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_store *st = store_open_in(state, "again.db");
	st->away = true;
	int64_t recording, score;
	finish_game(st, 500, &recording, &score);
	/* Undone and ended better: the same game's recording and row, in its one file. */
	struct tc_score s = {.board = BOARD,
	                     .points = 900,
	                     .time_ms = 9500,
	                     .moves = 44,
	                     .lost = true,
	                     .recording = recording,
	                     .id = score};
	snprintf(s.player, sizeof s.player, "ann");
	assert_int_equal(tc_store_replace_score(st, &s, TC_RANK_POINTS), 0);
	assert_int_equal(tc_store_waiting(st), 1);
	st->away = false;
	assert_int_equal(tc_waiting_write(st), 1);
	struct tc_score top[8];
	assert_int_equal(board_rows(st, top), 1);
	assert_int_equal(top[0].points, 900);
	assert_true(top[0].recording > 0);
	/* Ended again after it was written: its rows, through the handle it was given. */
	s.points = 1000;
	assert_true(tc_store_replace_score(st, &s, TC_RANK_POINTS) > 0);
	assert_int_equal(board_rows(st, top), 1);
	assert_int_equal(top[0].points, 1000);
	tc_store_close(st);
}

/* The save of game that st reads is these bytes. */
static void assert_saved(struct tc_store *st, const char *game, const char *bytes)
{
	void *blob;
	size_t len;
	assert_int_equal(tc_store_load_game(st, game, &blob, &len), 0);
	assert_int_equal(len, strlen(bytes));
	assert_memory_equal(blob, bytes, len);
	free(blob);
}

static void test_a_save_waits_and_the_latest_is_written(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_store *st = store_open_in(state, "saves.db");
	tc_store_set_owner(st, "ann");
	st->away = true;
	assert_int_equal(tc_store_save_game(st, "sudoku", "one", 3, "first"), 0);
	assert_int_equal(tc_store_save_game(st, "sudoku", "two", 3, "second"), 0);
	assert_int_equal(tc_store_waiting(st), 0); /* a save is no finished game */
	st->away = false;
	assert_int_equal(tc_waiting_write(st), 0);
	assert_saved(st, "sudoku", "two");
	void *blob;
	size_t len;
	/* Forgotten while away (the game finished): gone once back. */
	st->away = true;
	tc_store_delete_game(st, "sudoku");
	st->away = false;
	tc_waiting_write(st);
	assert_int_not_equal(tc_store_load_game(st, "sudoku", &blob, &len), 0);
	assert_int_equal(files_waiting(state), 0);
	tc_store_close(st);
}

/* Continue while away: the save made on this machine is the latest, read whole, retried until
 * written; a game finished meanwhile is not offered again. */
static void test_a_save_waiting_is_continued_while_away(void **state)
{
	char dir[STORE_PATH_MAX], game[32], text[160];
	folder(state, dir, sizeof dir);
	struct tc_store *st = store_open_in(state, "continue.db");
	tc_store_set_owner(st, "ann");
	assert_int_equal(tc_store_save_game(st, "2048", "old", 3, "2048 before"), 0);
	st->away = true;
	assert_false(tc_store_waits(st));
	assert_int_equal(tc_store_save_game(st, "sudoku", "two", 3, "sudoku away"), 0);
	assert_true(tc_store_waits(st)); /* retried, though no score waits */
	assert_int_equal(tc_store_waiting(st), 0);
	assert_int_equal(tc_store_latest_save(st, game, sizeof game, text, sizeof text), 0);
	assert_string_equal(game, "sudoku");
	assert_string_equal(text, "sudoku away");
	void *blob, *events;
	size_t len, events_len;
	assert_int_equal(tc_store_load_game_stream(st, "sudoku", &blob, &len, &events, &events_len),
	                 0);
	assert_int_equal(len, 3);
	assert_memory_equal(blob, "two", 3);
	free(blob);
	free(events);
	/* A game the database holds, saved again away: the waiting save is the newer. */
	assert_int_equal(tc_store_save_game(st, "2048", "new", 3, "2048 away"), 0);
	assert_int_equal(tc_store_load_game(st, "2048", &blob, &len), 0);
	assert_memory_equal(blob, "new", 3);
	free(blob);
	/* Finished away: neither its waiting save nor the database's is offered. */
	tc_store_delete_game(st, "2048");
	tc_store_delete_game(st, "sudoku");
	assert_int_not_equal(tc_store_load_game(st, "2048", &blob, &len), 0);
	assert_int_not_equal(tc_store_load_game(st, "sudoku", &blob, &len), 0);
	assert_int_not_equal(tc_store_latest_save(st, game, sizeof game, text, sizeof text), 0);
	/* Back: the forgetting written, nothing waits. */
	st->away = false;
	tc_waiting_write(st);
	assert_false(tc_store_waits(st));
	assert_int_equal(files_waiting(state), 0);
	assert_int_not_equal(tc_store_latest_save(st, game, sizeof game, text, sizeof text), 0);
	tc_store_close(st);
}

/* A save that waited on this machine replaces no newer one: its game taken over meanwhile from
 * another host (and saved there), it is dropped once the database is back; a save of a game
 * begun while away replaces the database's unless that one was saved later. */
static void test_a_save_waiting_replaces_no_newer_one(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_store *here = store_open_in(state, "held.db");
	struct tc_store *there = store_open_in(state, "held.db");
	tc_store_set_owner(here, "ann");
	tc_store_set_owner(there, "ann");
	uint64_t hold = 0;
	assert_int_equal(tc_store_save_held(here, "2048", &hold, "6", 1, "6 moves", NULL, 0), 0);
	here->away = true;
	assert_int_equal(tc_store_save_held(here, "2048", &hold, "7", 1, "7 moves", NULL, 0), 0);
	uint64_t theirs = tc_store_take_over(there, "2048");
	assert_int_not_equal(theirs, 0);
	assert_int_equal(tc_store_save_held(there, "2048", &theirs, "13", 2, "13 moves", NULL, 0),
	                 0);
	here->away = false;
	tc_waiting_write(here);
	assert_false(tc_store_waits(here));
	assert_int_equal(files_waiting(state), 0);
	assert_saved(there, "2048", "13");
	assert_true(tc_store_lost(here, "2048", hold));

	/* Begun while away, saved twice: a claim, written over what the database had. */
	here->away = true;
	uint64_t fresh = 0;
	assert_int_equal(tc_store_save_held(here, "sudoku", &fresh, "a", 1, "one", NULL, 0), 0);
	assert_int_equal(tc_store_save_held(here, "sudoku", &fresh, "b", 1, "two", NULL, 0), 0);
	here->away = false;
	tc_waiting_write(here);
	assert_saved(there, "sudoku", "b");
	assert_false(tc_store_lost(here, "sudoku", fresh));
	tc_store_close(there);
	tc_store_close(here);
}

/* A store opened with a save waiting from the last run, its database away: retried. */
static void test_a_save_left_waiting_is_retried(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_store *st = store_open_in(state, "left.db");
	st->away = true;
	assert_int_equal(tc_store_save_game(st, "sudoku", "one", 3, "left"), 0);
	st->save_waits = false; /* as a store opened anew */
	tc_waiting_write(st);
	assert_true(tc_store_waits(st));
	st->away = false;
	tc_waiting_write(st);
	assert_false(tc_store_waits(st));
	tc_store_close(st);
}

static void test_damaged_files_are_left_and_the_rest_written(void **state)
{
	char dir[STORE_PATH_MAX];
	folder(state, dir, sizeof dir);
	struct tc_store *st = store_open_in(state, "damaged.db");
	st->away = true;
	int64_t recording, score;
	finish_game(st, 64, &recording, &score);
	char token[TC_WAITING_TOKEN], path[STORE_PATH_MAX + 40];
	tc_waiting_new_token(token);
	snprintf(path, sizeof path, "%s/%s.wait", dir, token);
	write_bytes(path, "tilecade waiting 1\nnot a game", 29);
	st->away = false;
	assert_int_equal(tc_waiting_write(st), 1);
	assert_int_equal(files_waiting(state), 1); /* the damaged one, left */
	struct tc_score top[8];
	assert_int_equal(board_rows(st, top), 1);
	tc_store_close(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_a_game_reads_back_whole, store_setup,
	                                        store_teardown),
	        cmocka_unit_test_setup_teardown(test_a_save_replaces_the_one_before, store_setup,
	                                        store_teardown),
	        cmocka_unit_test_setup_teardown(test_damaged_and_foreign_files_are_skipped,
	                                        store_setup, store_teardown),
	        cmocka_unit_test_setup_teardown(test_a_file_renamed_is_not_the_game_it_names,
	                                        store_setup, store_teardown),
	        cmocka_unit_test(test_a_handle_names_its_token),
	        cmocka_unit_test_setup_teardown(test_a_game_finished_away_is_written_once_back,
	                                        store_setup, store_teardown),
	        cmocka_unit_test_setup_teardown(test_a_game_ended_again_while_it_waits, store_setup,
	                                        store_teardown),
	        cmocka_unit_test_setup_teardown(test_a_save_waits_and_the_latest_is_written,
	                                        store_setup, store_teardown),
	        cmocka_unit_test_setup_teardown(test_a_save_waiting_is_continued_while_away,
	                                        store_setup, store_teardown),
	        cmocka_unit_test_setup_teardown(test_a_save_left_waiting_is_retried, store_setup,
	                                        store_teardown),
	        cmocka_unit_test_setup_teardown(test_a_save_waiting_replaces_no_newer_one,
	                                        store_setup, store_teardown),
	        cmocka_unit_test_setup_teardown(test_damaged_files_are_left_and_the_rest_written,
	                                        store_setup, store_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
