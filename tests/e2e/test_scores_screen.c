/* The score screen in a terminal, reached from the menu like a player would: one board at a
 * time, the player's own rows marked, left/right (keys, h/l, the wheel, the arrows) through the
 * boards, "No scores yet", names from the database shown harmless, and q back to the menu. The
 * scores are written beforehand with the store's API into a data directory of the test's own.
 * TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <pwd.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"
#include "tilecade/store.h"
#include "zn_model.h"

#define WAIT_MS 5000
#define QUIET_MS 60
#define NOV_21 1795262400 /* 2026-11-21 12:00 UTC */
#define DAY (24 * 60 * 60)

/* Each test has its own data directory, so that each starts from the scores it writes. */
struct screen {
	struct e2e_term *t;
	char data_home[4200], xdg_env[4300];
	struct tc_store *st;
};

static int setup(void **state)
{
	static int tests;
	struct screen *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	snprintf(s->data_home, sizeof s->data_home, "%s/data-%d", e2e_sandbox, ++tests);
	char dir[4300], path[4400], notice[TC_STORE_NOTICE_MAX];
	snprintf(dir, sizeof dir, "%s/tilecade", s->data_home);
	snprintf(path, sizeof path, "%s/tilecade.db", dir);
	if (mkdir(s->data_home, 0700) != 0 || mkdir(dir, 0700) != 0)
		return -1;
	s->st = tc_store_open(path, notice, sizeof notice);
	if (!s->st || !tc_store_ok(s->st)) {
		fprintf(stderr, "%s\n", notice);
		return -1;
	}
	snprintf(s->xdg_env, sizeof s->xdg_env, "XDG_DATA_HOME=%s", s->data_home);
	*state = s;
	return 0;
}

static int teardown(void **state)
{
	struct screen *s = *state;
	if (s) {
		e2e_free(s->t);
		tc_store_close(s->st);
	}
	free(s);
	return 0;
}

/* Whose rows the screen marks: without a setting, the login name. */
static const char *login_name(void)
{
	struct passwd *pw = getpwuid(getuid());
	assert_non_null(pw);
	return pw->pw_name;
}

static void add_score(struct screen *s, const char *game, const char *mode, const char *level,
                      const char *player, int64_t points, int64_t time_ms, unsigned moves,
                      int64_t date)
{
	struct tc_score sc = {.points = points, .time_ms = time_ms, .moves = moves, .date = date};
	snprintf(sc.board.game, sizeof sc.board.game, "%s", game);
	snprintf(sc.board.mode, sizeof sc.board.mode, "%s", mode);
	snprintf(sc.board.level, sizeof sc.board.level, "%s", level);
	snprintf(sc.player, sizeof sc.player, "%s", player);
	assert_true(tc_store_add_score(s->st, &sc, tc_rank_of(game)) >= 1);
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "waited for '%s' on the screen:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_wait_text(t, text, 0));
}

static void settle(struct e2e_term *t)
{
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
}

static void click(struct e2e_term *t, int row, int col)
{
	assert_true(e2e_mouse_press(t, col + 1, row + 1));
	assert_true(e2e_mouse_release(t, col + 1, row + 1));
}

/* Starts the program (on the menu) and opens the score screen with a click on its entry. */
static struct e2e_term *open_scores(struct screen *s, const char *locale)
{
	const char *argv[] = {e2e_bin, NULL};
	const char *env[] = {s->xdg_env, "TZ=UTC", locale, NULL};
	s->t = e2e_start(24, 80, argv, env);
	assert_non_null(s->t);
	wait_text(s->t, "Scores");
	settle(s->t);
	int row, col;
	assert_true(e2e_find(s->t, "Scores", &row, &col));
	click(s->t, row, col);
	wait_text(s->t, "q: back");
	settle(s->t);
	return s->t;
}

/* The screen row that holds text, or -1. */
static int row_of(struct e2e_term *t, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col) ? row : -1;
}

static void fill_boards(struct screen *s)
{
	add_score(s, "2048", "random", "4x4", "bob", 1024, 60000, 97, NOV_21 - DAY);
	add_score(s, "2048", "random", "4x4", login_name(), 20480, 900000, 812, NOV_21);
	add_score(s, "znumbers", "pack", "level3", "carol", 0, 62345, 14, NOV_21);
	add_score(s, "znumbers", "daily", "2026-11-21", "carol", 0, 125000, 30, NOV_21);
}

/* The first board, its table and the player's own row, marked by more than colour. */
static void test_first_board_and_own_rows(void **state)
{
	struct screen *s = *state;
	fill_boards(s);
	struct e2e_term *t = open_scores(s, "LC_ALL=C.UTF-8");
	wait_text(t, "2048 · 4x4");
	wait_text(t, "1 of 3");
	int heading = row_of(t, "Player");
	assert_true(heading >= 0);
	assert_non_null(strstr(e2e_row(t, heading), "Score"));
	assert_non_null(strstr(e2e_row(t, heading), "Moves"));
	assert_non_null(strstr(e2e_row(t, heading), "Date"));

	/* Best first: the player's 20480, then bob's 1024. */
	const char *own = e2e_row(t, heading + 1);
	char expected[128];
	snprintf(expected, sizeof expected, "▸ 1  %s", login_name());
	assert_non_null(strstr(own, expected));
	assert_non_null(strstr(own, "20480"));
	assert_non_null(strstr(own, "812"));
	assert_non_null(strstr(own, "2026-11-21"));
	const char *other = e2e_row(t, heading + 2);
	assert_non_null(strstr(other, "2  bob"));
	assert_non_null(strstr(other, "1024"));
	assert_non_null(strstr(other, "2026-11-20"));
	assert_null(strstr(other, "▸"));

	/* The own row is also drawn differently from the others. */
	int row, col;
	assert_true(e2e_find(t, "bob", &row, &col));
	struct e2e_cell mine, theirs;
	assert_true(e2e_cell(t, heading + 1, col, &mine));
	assert_true(e2e_cell(t, heading + 2, col, &theirs));
	assert_true(mine.reverse != theirs.reverse || mine.bg.kind != theirs.bg.kind ||
	            mine.bg.index != theirs.bg.index || mine.bg.r != theirs.bg.r);
}

/* Boards go round in the store's order: 2048 4x4, zNumbers daily, zNumbers level 3. */
static void test_left_and_right_go_through_boards(void **state)
{
	struct screen *s = *state;
	fill_boards(s);
	struct e2e_term *t = open_scores(s, "LC_ALL=C.UTF-8");
	wait_text(t, "2048 · 4x4");
	assert_true(e2e_send_str(t, E2E_KEY_RIGHT));
	wait_text(t, "zNumbers · daily 2026-11-21");
	wait_text(t, "2 of 3");
	wait_text(t, "2:05.0"); /* the table may come a moment after the title */
	int heading = row_of(t, "Player");
	assert_non_null(strstr(e2e_row(t, heading), "Time"));
	assert_non_null(strstr(e2e_row(t, heading + 1), "2:05.0"));
	assert_true(e2e_send_str(t, "l"));
	wait_text(t, "zNumbers · level 3");
	wait_text(t, "1:02.3");
	assert_true(e2e_send_str(t, "l")); /* past the last: round to the first */
	wait_text(t, "2048 · 4x4");
	assert_true(e2e_send_str(t, "h"));
	wait_text(t, "zNumbers · level 3");
	assert_true(e2e_send_str(t, E2E_KEY_LEFT));
	wait_text(t, "zNumbers · daily");
	settle(t);

	int row, col;
	assert_true(e2e_find(t, "◀", &row, &col));
	click(t, row, col);
	wait_text(t, "2048 · 4x4");
	settle(t);
	assert_true(e2e_find(t, "▶", &row, &col));
	click(t, row, col);
	wait_text(t, "zNumbers · daily");
	settle(t);

	char wheel[32]; /* SGR wheel down: button 65 */
	snprintf(wheel, sizeof wheel, "\033[<65;%d;%dM", col + 1, row + 3);
	assert_true(e2e_send_str(t, wheel));
	wait_text(t, "zNumbers · level 3");
	snprintf(wheel, sizeof wheel, "\033[<64;%d;%dM", col + 1, row + 3);
	assert_true(e2e_send_str(t, wheel));
	wait_text(t, "zNumbers · daily");

	assert_true(e2e_send_str(t, "q"));
	wait_text(t, "tile games for the terminal");
}

static void test_no_scores_yet(void **state)
{
	struct screen *s = *state;
	struct e2e_term *t = open_scores(s, "LC_ALL=C.UTF-8");
	wait_text(t, "No scores yet");
	assert_true(row_of(t, "◀") < 0); /* nothing to go through */
	assert_true(e2e_send_str(t, E2E_KEY_ESC));
	wait_text(t, "tile games for the terminal");
}

/* A name that tries to drive the terminal shows as text with '?' in place of the controls, and
 * the screen around it stays as drawn. */
static void test_names_are_sanitised(void **state)
{
	struct screen *s = *state;
	add_score(s, "2048", "random", "4x4", "\033[2J\033[31mevil\xE2\x80\xAE", 500, 1, 5, NOV_21);
	add_score(s, "2048", "random", "4x4", "bob", 400, 1, 4, NOV_21);
	struct e2e_term *t = open_scores(s, "LC_ALL=C.UTF-8");
	wait_text(t, "??evil?");
	int heading = row_of(t, "Player");
	assert_true(heading >= 0);
	assert_non_null(strstr(e2e_row(t, heading + 1), "1  ??evil?"));
	assert_non_null(strstr(e2e_row(t, heading + 2), "2  bob"));
	assert_true(row_of(t, "Scores") >= 0);
	assert_true(row_of(t, "[31m") < 0);
}

/* Without UTF-8 the arrows and the separator are ASCII. */
static void test_ascii_terminal(void **state)
{
	struct screen *s = *state;
	fill_boards(s);
	struct e2e_term *t = open_scores(s, "LC_ALL=C");
	wait_text(t, "2048 - 4x4");
	int row, col;
	assert_true(e2e_find(t, "<", &row, &col));
	assert_non_null(strstr(e2e_row(t, row), ">"));
	assert_true(e2e_send_str(t, "l"));
	wait_text(t, "zNumbers - daily 2026-11-21");
}

/* How many rows of the screen carry the mark. */
static int marks(struct e2e_term *t)
{
	int n = 0;
	for (int r = 0; r < e2e_rows(t); r++)
		n += strstr(e2e_row(t, r), "▸") != NULL;
	return n;
}

/* On a player's own database every row is theirs: one row is marked, their best, not all
 * (issue 17: each of the player's rows had the mark). */
static void test_one_row_marked_the_players_best(void **state)
{
	struct screen *s = *state;
	add_score(s, "2048", "random", "4x4", login_name(), 300, 1000, 30, NOV_21);
	add_score(s, "2048", "random", "4x4", login_name(), 900, 1000, 90, NOV_21);
	add_score(s, "2048", "random", "4x4", "bob", 700, 1000, 70, NOV_21);
	add_score(s, "2048", "random", "4x4", login_name(), 500, 1000, 50, NOV_21);
	struct e2e_term *t = open_scores(s, "LC_ALL=C.UTF-8");
	wait_text(t, "2048 · 4x4");
	int heading = row_of(t, "Player");
	assert_true(heading >= 0);
	if (marks(t) != 1)
		fprintf(stderr, "not one mark:\n%s\n", e2e_screen(t));
	assert_int_equal(marks(t), 1);
	assert_non_null(strstr(e2e_row(t, heading + 1), "▸ 1"));
	assert_non_null(strstr(e2e_row(t, heading + 1), "900"));
}

/* A board without the player's name: the first row is chosen, so that Enter replays it
 * (issue 18: no row was, and Enter said "Choose a row with up and down"). */
static void test_first_row_marked_when_the_player_has_none(void **state)
{
	struct screen *s = *state;
	add_score(s, "2048", "random", "4x4", "ann", 900, 1000, 90, NOV_21);
	add_score(s, "2048", "random", "4x4", "bob", 700, 1000, 70, NOV_21);
	struct e2e_term *t = open_scores(s, "LC_ALL=C.UTF-8");
	wait_text(t, "2048 · 4x4");
	int heading = row_of(t, "Player");
	assert_true(heading >= 0);
	if (marks(t) != 1)
		fprintf(stderr, "not one mark:\n%s\n", e2e_screen(t));
	assert_int_equal(marks(t), 1);
	assert_non_null(strstr(e2e_row(t, heading + 1), "▸ 1"));
	assert_non_null(strstr(e2e_row(t, heading + 1), "ann"));
}

/* A game just won is the row marked, though the player has a better one on the board. */
static void test_the_score_just_recorded_is_marked(void **state)
{
	struct screen *s = *state;
	add_score(s, "znumbers", "pack", "level1", login_name(), 0, 1000, 9, NOV_21);
	const char *argv[] = {e2e_bin, "znumbers", "--id", "znumbers:level1:s0", NULL};
	const char *env[] = {s->xdg_env, "TZ=UTC", "LC_ALL=C.UTF-8", NULL};
	s->t = e2e_start(24, 80, argv, env);
	assert_non_null(s->t);
	struct e2e_zn_model g;
	e2e_zn_model_attach(&g, s->t);
	while (g.moves < g.plan_len)
		e2e_zn_model_play_next(&g);
	wait_text(s->t, "Rank 2 on this scoreboard");
	assert_true(e2e_send_str(s->t, "q"));
	wait_text(s->t, "choose a level");
	assert_true(e2e_send_str(s->t, "q"));
	wait_text(s->t, "Scores");
	settle(s->t);
	int row, col;
	assert_true(e2e_find(s->t, "Scores ", &row, &col));
	click(s->t, row, col);
	wait_text(s->t, "zNumbers · level 1");
	settle(s->t);
	int heading = row_of(s->t, "Player");
	assert_true(heading >= 0);
	assert_int_equal(marks(s->t), 1);
	char moves[32];
	snprintf(moves, sizeof moves, " %d ", g.moves);
	const char *recorded = e2e_row(s->t, heading + 2);
	if (!strstr(recorded, "▸ 2") || !strstr(recorded, moves))
		fprintf(stderr, "the game just won is not the marked row 2:\n%s\n",
		        e2e_screen(s->t));
	assert_non_null(strstr(recorded, "▸ 2"));
	assert_non_null(strstr(recorded, moves));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_first_board_and_own_rows, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_left_and_right_go_through_boards, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_no_scores_yet, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_names_are_sanitised, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_ascii_terminal, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_one_row_marked_the_players_best, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_first_row_marked_when_the_player_has_none,
	                                        setup, teardown),
	        cmocka_unit_test_setup_teardown(test_the_score_just_recorded_is_marked, setup,
	                                        teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
