/* The race pane's words and where it goes: which racers show, each line cut to the pane's
 * columns (names never trusted to be short), the ticker, and the pane beside the board, a
 * ticker under it or nothing. */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "race_text.h"
#include "score_text.h"

static struct tc_racer racer(const char *name, int rank, enum tc_racer_outcome outcome,
                             const char *progress, int64_t time_ms)
{
	struct tc_racer r = {.outcome = outcome, .rank = rank, .time_ms = time_ms};
	snprintf(r.player, sizeof r.player, "%s", name);
	snprintf(r.progress.text, sizeof r.progress.text, "%s", progress);
	return r;
}

static void the_pane_goes_beside_else_a_ticker_else_nowhere(void **unused)
{
	struct tc_rect board, pane;
	bool ticker;
	/* 80x24: the status lines leave 80x22; a board of 40x20 and the pane fit side by side. */
	assert_true(
	        tc_race_pane_place((struct tc_rect){0, 1, 80, 22}, 40, 20, &board, &pane, &ticker));
	assert_false(ticker);
	assert_int_equal(pane.w, TC_RACE_PANE_W);
	assert_int_equal(pane.x + pane.w, 80);
	assert_int_equal(board.x, 0);
	assert_int_equal(board.w, 80 - TC_RACE_PANE_W - 1);
	assert_int_equal(board.h, 22);
	assert_int_equal(pane.y, 1);
	assert_int_equal(pane.h, 22);

	/* Too narrow beside: one line under the board. */
	assert_true(
	        tc_race_pane_place((struct tc_rect){0, 1, 60, 18}, 40, 17, &board, &pane, &ticker));
	assert_true(ticker);
	assert_int_equal(board.h, 17);
	assert_int_equal(pane.y, 18);
	assert_int_equal(pane.h, 1);
	assert_int_equal(pane.w, 60);

	/* Not even a line to spare: the board keeps the whole area. */
	assert_false(
	        tc_race_pane_place((struct tc_rect){0, 1, 60, 18}, 40, 18, &board, &pane, &ticker));
	assert_false(ticker);
	assert_int_equal(board.w, 60);
	assert_int_equal(board.h, 18);
}

static void a_line_has_marker_rank_name_and_result_at_the_right(void **unused)
{
	char line[TC_RACE_TEXT_MAX];
	struct tc_racer r = racer("ann", 1, TC_RACER_RACING, "1204 pts 128", 0);
	tc_race_line(&r, false, true, 24, line, sizeof line);
	assert_string_equal(line, "  1 ann     1204 pts 128");
	tc_race_line(&r, true, true, 24, line, sizeof line);
	assert_string_equal(line, "▸ 1 ann     1204 pts 128");
	assert_int_equal(tc_text_columns(line), 24);
	/* The marker reads without unicode, and without colour. */
	tc_race_line(&r, true, false, 24, line, sizeof line);
	assert_string_equal(line, "> 1 ann     1204 pts 128");

	struct tc_racer won = racer("bob", 2, TC_RACER_WON, "0 left", 62345);
	tc_race_line(&won, false, false, 20, line, sizeof line);
	assert_string_equal(line, "  2 bob   won 1:02.3");
	assert_int_equal(tc_text_columns(line), 20);
}

static void a_long_name_is_cut_to_the_columns_left(void **unused)
{
	char line[TC_RACE_TEXT_MAX];
	struct tc_racer r = racer("bartholomew_the_great", 12, TC_RACER_RACING, "48/81", 0);
	tc_race_line(&r, false, false, 24, line, sizeof line);
	assert_string_equal(line, " 12 bartholomew_th 48/81");
	assert_int_equal(tc_text_columns(line), 24);

	/* Wide characters count two columns, and are never cut in half. */
	struct tc_racer wide = racer("日本語の名前", 3, TC_RACER_RACING, "12 left", 0);
	tc_race_line(&wide, false, false, 16, line, sizeof line);
	assert_string_equal(line, "  3 日本 12 left");
	assert_int_equal(tc_text_columns(line), 16);

	/* A result too long for what is left keeps the name's first columns and is cut. */
	struct tc_racer long_result = racer("zoe", 1, TC_RACER_RACING, "123456789012 128k", 0);
	tc_race_line(&long_result, false, false, 16, line, sizeof line);
	assert_string_equal(line, "  1 zoe 12345678");
	assert_int_equal(tc_text_columns(line), 16);
	tc_race_line(&long_result, false, false, 3, line, sizeof line);
	assert_true(tc_text_columns(line) <= 3);
}

static void a_narrow_pane_gives_each_racer_two_lines(void **unused)
{
	char first[TC_RACE_TEXT_MAX], second[TC_RACE_TEXT_MAX];
	struct tc_racer r = racer("annabel_lee", 2, TC_RACER_RACING, "1/2 gold alive", 0);
	tc_race_two_lines(&r, true, false, 15, first, second, sizeof first);
	assert_string_equal(first, "> 2 annabel_lee");
	assert_string_equal(second, " 1/2 gold alive");
	tc_race_two_lines(&r, false, false, 10, first, second, sizeof first);
	assert_string_equal(first, "  2 annabe");
	assert_string_equal(second, "1/2 gold a");
}

static void finished_racers_show_how_and_when(void **unused)
{
	char text[64];
	struct tc_racer r = racer("ann", 1, TC_RACER_WON, "0 left", 61999);
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "won 1:01.9"); /* tenths cut: never better than it was */
	/* A game without points that did not win shows the progress it ranks by, where that
	 * fits beside a name in the pane; else its time. */
	r.outcome = TC_RACER_LOST;
	snprintf(r.progress.text, sizeof r.progress.text, "12 left");
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "lost 12 left");
	r.outcome = TC_RACER_ENDED;
	snprintf(r.progress.text, sizeof r.progress.text, "30/81");
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "ended 30/81");
	snprintf(r.progress.text, sizeof r.progress.text, "30/41 gold alive");
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "ended 1:01.9");
	r.progress.text[0] = '\0';
	r.outcome = TC_RACER_LOST;
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "lost 1:01.9");
	snprintf(r.progress.text, sizeof r.progress.text, "0 left");
	r.outcome = TC_RACER_ENDED;
	/* A game of points that did not win shows the points it ranks by. */
	r.points = 1204;
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "ended 1204 pts");
	r.outcome = TC_RACER_LOST;
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "lost 1204 pts");
	r.outcome = TC_RACER_WON;
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "won 1:01.9");
	r.outcome = TC_RACER_LEFT;
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "left");
	r.outcome = TC_RACER_DROPPED;
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "dropped");
	r.outcome = TC_RACER_RACING;
	tc_race_result(&r, text, sizeof text);
	assert_string_equal(text, "0 left");
}

static struct tc_racer field[8];

static struct tc_race_standing standing_of(int n, const char *you)
{
	static const char *const names[] = {"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"};
	for (int i = 0; i < n; i++)
		field[i] = racer(names[i], i + 1, TC_RACER_RACING, "", 0);
	for (int i = 0; i < n; i++)
		snprintf(field[i].progress.text, sizeof field[i].progress.text, "%d",
		         1000 - 100 * i);
	return (struct tc_race_standing){"Race #1", NULL, you, field, n};
}

static void the_players_own_line_is_always_shown(void **unused)
{
	int idx[8], more;
	struct tc_race_standing st = standing_of(8, "gus");
	assert_true(tc_race_is_you(&st, 6));
	assert_false(tc_race_is_you(&st, 0));

	/* Room for all. */
	assert_int_equal(tc_race_shown(&st, 8, idx, &more), 8);
	assert_int_equal(more, 0);

	/* Four lines: two leaders, the player, and how many more. */
	assert_int_equal(tc_race_shown(&st, 4, idx, &more), 3);
	assert_int_equal(idx[0], 0);
	assert_int_equal(idx[1], 1);
	assert_int_equal(idx[2], 6);
	assert_int_equal(more, 5);

	/* The player among the leaders: no one is moved. */
	st.you = "bob";
	assert_int_equal(tc_race_shown(&st, 4, idx, &more), 3);
	assert_int_equal(idx[2], 2);
	assert_int_equal(more, 5);

	/* One line: the player's own alone. */
	st.you = "hal";
	assert_int_equal(tc_race_shown(&st, 1, idx, &more), 1);
	assert_int_equal(idx[0], 7);
	assert_int_equal(tc_race_shown(&st, 0, idx, &more), 0);

	/* A watcher has no line of their own. */
	st.you = NULL;
	assert_int_equal(tc_race_shown(&st, 4, idx, &more), 3);
	assert_int_equal(idx[2], 2);
	assert_false(tc_race_is_you(&st, 0));

	char text[64];
	tc_race_more(5, false, 24, text, sizeof text);
	assert_string_equal(text, "  ... 5 more");
}

static void the_ticker_shows_what_fits_and_the_player(void **unused)
{
	char text[TC_RACE_TEXT_MAX];
	size_t from, to;
	struct tc_race_standing st = standing_of(4, "bob");
	tc_race_ticker(&st, true, 80, text, sizeof text, &from, &to);
	assert_string_equal(text, "1 ann 1000 · 2 bob 900 · 3 cat 800 · 4 dan 700");
	assert_int_equal(from, strlen("1 ann 1000 · "));
	assert_int_equal(to - from, strlen("2 bob 900"));

	tc_race_ticker(&st, false, 30, text, sizeof text, &from, &to);
	assert_string_equal(text, "1 ann 1000 - 2 bob 900");

	/* The player last: room is kept for them, racers between are left out. */
	st.you = "dan";
	tc_race_ticker(&st, false, 30, text, sizeof text, &from, &to);
	assert_string_equal(text, "1 ann 1000 - 4 dan 700");
	assert_string_equal(text + from, "4 dan 700");

	/* Only the player fits. */
	tc_race_ticker(&st, false, 12, text, sizeof text, &from, &to);
	assert_string_equal(text, "4 dan 700");
	assert_int_equal(from, 0);

	/* Not even the player: cut. */
	tc_race_ticker(&st, false, 5, text, sizeof text, &from, &to);
	assert_string_equal(text, "4 dan");
	assert_int_equal(to, 5);

	/* The buffer bounds it too: whole entries still, the player's among them. */
	char small[24];
	st.you = "dan";
	tc_race_ticker(&st, true, 200, small, sizeof small, &from, &to);
	assert_string_equal(small, "1 ann 1000 · 4 dan 700");
	assert_string_equal(small + from, "4 dan 700");

	/* Finished racers' results; a watcher's ticker marks no one. */
	field[0].outcome = TC_RACER_WON;
	field[0].time_ms = 75000;
	st.you = NULL;
	tc_race_ticker(&st, false, 40, text, sizeof text, &from, &to);
	assert_string_equal(text, "1 ann won 1:15.0 - 2 bob 900 - 3 cat 800");
	assert_int_equal(from, to);

	/* The standing's line (the time left) first, where it fits with the player's own. */
	st.line = "4:12 left";
	st.you = "dan";
	tc_race_ticker(&st, false, 40, text, sizeof text, &from, &to);
	assert_string_equal(text, "4:12 left - 1 ann won 1:15.0 - 4 dan 700");
	assert_string_equal(text + from, "4 dan 700");
	tc_race_ticker(&st, false, 21, text, sizeof text, &from, &to);
	assert_string_equal(text, "4:12 left - 4 dan 700");
	tc_race_ticker(&st, false, 20, text, sizeof text, &from, &to);
	assert_string_equal(text, "4 dan 700");
}

int main(void)
{
	if (!setlocale(LC_CTYPE, "C.UTF-8"))
		return 1;
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(the_pane_goes_beside_else_a_ticker_else_nowhere),
	        cmocka_unit_test(a_line_has_marker_rank_name_and_result_at_the_right),
	        cmocka_unit_test(a_long_name_is_cut_to_the_columns_left),
	        cmocka_unit_test(a_narrow_pane_gives_each_racer_two_lines),
	        cmocka_unit_test(finished_racers_show_how_and_when),
	        cmocka_unit_test(the_players_own_line_is_always_shown),
	        cmocka_unit_test(the_ticker_shows_what_fits_and_the_player),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
