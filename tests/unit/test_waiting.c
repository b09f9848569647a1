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

#include <sys/stat.h>
#include <unistd.h>

#include "../../src/store/waiting.h"
#include "store_dirs.h"

static const char DB[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
static const char OTHER_DB[] =
        "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";

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
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
