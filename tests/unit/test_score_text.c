/* How scores read on the score screen and in `tilecade scores`: board titles, times, dates,
 * widths of names in terminal columns, and the list of boards read from a real store. */
#define _XOPEN_SOURCE 700 /* mkdtemp, setenv */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "score_text.h"

static void check_title(const char *game, const char *mode, const char *level, bool unicode,
                        const char *expected)
{
	struct tc_board_key b = {0};
	snprintf(b.game, sizeof b.game, "%s", game);
	snprintf(b.mode, sizeof b.mode, "%s", mode);
	snprintf(b.level, sizeof b.level, "%s", level);
	char title[128];
	tc_board_title(&b, unicode, title, sizeof title);
	assert_string_equal(title, expected);
}

static void board_titles_name_game_and_level(void **unused)
{
	check_title("2048", "random", "4x4", true, "2048 · 4x4");
	check_title("2048", "random", "4x4", false, "2048 - 4x4");
	check_title("znumbers", "pack", "level3", true, "zNumbers · level 3");
	check_title("znumbers", "daily", "2026-11-21", true, "zNumbers · daily 2026-11-21");
	check_title("znumbers", "random", "6x6a60", true, "zNumbers · 6x6a60");
	check_title("ZNumbers", "pack", "level1", false, "zNumbers - level 1");
	/* A board of a game or mode this version does not know still shows. */
	check_title("chess", "blitz", "5m", true, "chess · blitz 5m");
	check_title("chess", "", "", true, "chess");
	check_title("znumbers", "pack", "levelx", true, "zNumbers · levelx");
	check_title("match3", "pack", "goals-level4", true, "Match-3 · goals-level4");
}

static void board_titles_are_sanitised(void **unused)
{
	check_title("\x1B[2Jx", "random", "4x4", true, "?x · 4x4");
	check_title("2048", "da\x07ily",
	            "\xE2\x80\xAE"
	            "4x4",
	            true, "2048 · da?ily ?4x4");
}

static void check_result(int64_t points, int64_t time_ms, enum tc_rank_by by, const char *expected)
{
	struct tc_score s = {.points = points, .time_ms = time_ms};
	char text[64];
	tc_score_result(&s, by, text, sizeof text);
	assert_string_equal(text, expected);
}

static void results_show_points_or_time_in_tenths(void **unused)
{
	check_result(20480, 99999, TC_RANK_POINTS, "20480");
	check_result(0, 0, TC_RANK_POINTS, "0");
	check_result(0, 0, TC_RANK_TIME, "0:00.0");
	check_result(0, 62345, TC_RANK_TIME, "1:02.3");
	check_result(0, 59999, TC_RANK_TIME, "0:59.9"); /* cut, never rounded up */
	check_result(0, 3723456, TC_RANK_TIME, "62:03.4");
	check_result(0, -5, TC_RANK_TIME, "0:00.0");
	assert_string_equal(tc_score_result_heading(TC_RANK_POINTS), "Score");
	assert_string_equal(tc_score_result_heading(TC_RANK_TIME), "Time");
}

static void check_end(const char *game_id, bool lost, const char *end)
{
	struct tc_score s = {.lost = lost};
	snprintf(s.game_id, sizeof s.game_id, "%s", game_id);
	assert_string_equal(tc_score_end(&s), end);
	assert_int_equal(tc_score_lost(&s), strcmp(end, "lost") == 0);
}

/* A game whose mode has no win (Match-3's endless and timed, daily Match-3 too: it is endless)
 * ended; any other end not won is lost: a 2048 game over short of 2048, a goals level short of
 * its goals. An ID that does not read is taken at its word. */
static void an_end_without_a_win_is_no_loss(void **unused)
{
	check_end("match3:endless-8x8t8:s5", true, "ended");
	check_end("match3:timed-8x8t6:s5", true, "ended");
	check_end("match3:goals-level2:s5", true, "lost");
	check_end("match3:goals-level2:s5", false, "won");
	check_end("2048:4x4:s5", true, "lost");
	check_end("2048:4x4:s5", false, "won");
	check_end("znumbers:pack1-level3", true, "lost");
	check_end("", true, "lost");
	check_end("match3:endless-999x8t8:s5", true, "lost");
}

static void dates_are_local_days(void **unused)
{
	setenv("TZ", "UTC", 1);
	tzset();
	char date[32];
	tc_score_date(1795262400, date, sizeof date); /* 2026-11-21 12:00 UTC */
	assert_string_equal(date, "2026-11-21");
	setenv("TZ", "TEST-14", 1); /* POSIX form, no tz database needed: UTC+14 */
	tzset();
	tc_score_date(1795262400, date, sizeof date);
	assert_string_equal(date, "2026-11-22");
	tc_score_date(-1, date, sizeof date);
	assert_string_equal(date, "-");
	tc_score_date(INT64_MAX, date, sizeof date);
	assert_string_equal(date, "-");
	setenv("TZ", "UTC", 1);
	tzset();
}

static void columns_count_wide_and_combining_characters(void **unused)
{
	assert_non_null(setlocale(LC_CTYPE, "C.UTF-8"));
	assert_int_equal(tc_text_columns("alice"), 5);
	assert_int_equal(tc_text_columns("日本"), 4);
	assert_int_equal(tc_text_columns("José"), 4); /* e + combining acute */
	assert_int_equal(tc_text_columns(""), 0);

	char out[32];
	assert_int_equal(tc_fit_columns("日本語", 5, out, sizeof out), 4);
	assert_string_equal(out, "日本");
	assert_int_equal(tc_fit_columns("alice", 3, out, sizeof out), 3);
	assert_string_equal(out, "ali");
	assert_int_equal(tc_fit_columns("日本", 10, out, 4), 2); /* the buffer holds one */
	assert_string_equal(out, "日");
	setlocale(LC_CTYPE, "C");
}

static void a_disabled_store_has_no_boards(void **unused)
{
	struct tc_board_key *boards = (struct tc_board_key *)&boards;
	assert_int_equal(tc_read_boards(NULL, &boards), 0);
	assert_null(boards);
}

/* More boards than the first read asks for, from a store in a temporary directory. */
static void every_board_is_read(void **unused)
{
	char dir[] = "/tmp/tilecade-score-text-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[128], notice[TC_STORE_NOTICE_MAX];
	snprintf(path, sizeof path, "%s/scores.db", dir);
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	assert_non_null(st);
	assert_true(tc_store_ok(st));
	enum { BOARDS = 150 };
	for (int i = 0; i < BOARDS; i++) {
		struct tc_score s = {.board = {"znumbers", "daily", ""},
		                     .player = "p",
		                     .time_ms = 1000 + i,
		                     .moves = 9,
		                     .date = 1795262400};
		snprintf(s.board.level, sizeof s.board.level, "2026-%03d", i);
		assert_true(tc_store_add_score(st, &s, TC_RANK_TIME) >= 1);
	}
	struct tc_board_key *boards;
	assert_int_equal(tc_read_boards(st, &boards), BOARDS);
	assert_string_equal(boards[0].level, "2026-000");
	assert_string_equal(boards[BOARDS - 1].level, "2026-149");
	free(boards);
	tc_store_close(st);
	static const char *const files[] = {"scores.db", "scores.db-wal", "scores.db-shm",
	                                    "scores.db-journal"};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, files[i]);
		unlink(path);
	}
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(board_titles_name_game_and_level),
	        cmocka_unit_test(board_titles_are_sanitised),
	        cmocka_unit_test(results_show_points_or_time_in_tenths),
	        cmocka_unit_test(an_end_without_a_win_is_no_loss),
	        cmocka_unit_test(dates_are_local_days),
	        cmocka_unit_test(columns_count_wide_and_combining_characters),
	        cmocka_unit_test(a_disabled_store_has_no_boards),
	        cmocka_unit_test(every_board_is_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
