/* The race pane on the play screen (issue 19), fed by a race of one on this machine
 * (`tilecade race GAME`, started with Enter): beside the board at 80x24, the player's own line
 * marked without colour; a ticker line under the board where the pane does not fit beside it;
 * nothing where not even that fits, the game still playable; the race still shown under a pause
 * that hides the board; q said to leave the race, not to go to the menu; at 40x12 the time left
 * kept first on the ticker; every kind of help (autoplay, hints, the solution) refused in a
 * race, and the help saying so first; a Sudoku the time limit ended showing the cells it ranks
 * by. Nothing waits a fixed time. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <pwd.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "frame.h"
#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 15000 /* the race's countdown, with room for a slow sanitizer */

static char me[64]; /* the racer's name: the login name */

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "waited for '%s' on the screen:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_wait_quiet(t, 50, WAIT_MS)); /* the whole frame drawn */
	assert_true(e2e_find(t, text, &(int){0}, &(int){0}));
}

/* Until the screen shows text, or no longer shows it. */
static bool shows(struct e2e_term *t, void *text)
{
	return e2e_find(t, text, &(int){0}, &(int){0});
}
static bool hides(struct e2e_term *t, void *text)
{
	return !shows(t, text);
}

static void resize(struct e2e_term *t, int rows, int cols)
{
	assert_true(e2e_resize(t, rows, cols));
	assert_true(e2e_wait_quiet(t, 50, WAIT_MS));
}

/* A race of one on GAME opened, started, and past its countdown: the game with the pane. */
static struct e2e_term *race(void **state, const char *game, int rows, int cols)
{
	const char *argv[] = {e2e_bin, "race", game, "--seed", "7", NULL};
	const char *env[] = {"NO_COLOR=1", NULL}; /* the own line marked without colour */
	e2e_sandbox_forget();
	struct e2e_term *t = *state = e2e_start(rows, cols, argv, env);
	assert_non_null(t);
	wait_text(t, "Enter: start");
	assert_true(e2e_send_str(t, "\r"));
	wait_text(t, "q leave"); /* the game, past the countdown: q leaves the race */
	wait_text(t, "Race #");
	assert_false(e2e_find(t, "q menu", &(int){0}, &(int){0}));
	return t;
}

/* The player's own line: "▸ 1 NAME", in reverse video (mono's highlight). A long login name is
 * cut to the pane's width: its first 8 letters are there. */
static void own_line_marked(struct e2e_term *t, int *row, int *col)
{
	char line[96];
	snprintf(line, sizeof line, "▸ 1 %.8s", me);
	assert_true(e2e_find(t, line, row, col));
	struct e2e_cell cell;
	assert_true(e2e_cell(t, *row, *col + 4, &cell));
	assert_true(cell.reverse);
}

static void the_pane_goes_beside_the_board(void **state)
{
	struct e2e_term *t = race(state, "2048", 24, 80);
	struct e2e_frame f;
	assert_true(e2e_find_frame(t, &f));
	assert_true(e2e_frame_whole(t, &f));
	int row, col, title_row, title_col;
	assert_true(e2e_find(t, "Race #", &title_row, &title_col));
	assert_true(title_col > f.right); /* beside, not over the board */
	own_line_marked(t, &row, &col);
	assert_true(col > f.right);
	assert_true(row > title_row);
	assert_true(strstr(e2e_row(t, row), "pts") != NULL); /* the progress in 2048's terms */
}

static void a_narrow_window_gets_a_ticker_then_nothing(void **state)
{
	struct e2e_term *t = race(state, "2048", 24, 80);
	resize(t, 16, 50); /* too narrow beside the board: a line under it */
	assert_true(e2e_wait(t, hides, "Race #", WAIT_MS));
	struct e2e_frame f;
	assert_true(e2e_find_frame(t, &f));
	assert_true(e2e_frame_whole(t, &f));
	char entry[96];
	snprintf(entry, sizeof entry, "1 %s 0 pts", me);
	int row, col;
	assert_true(e2e_find(t, entry, &row, &col));
	assert_true(row > f.bottom && row < 15); /* under the board, above the status line */

	/* Only the board's own rows (the smallest 2048 plays in): the game shows alone. */
	resize(t, 8, 42);
	assert_false(e2e_find(t, entry, &row, &col));
	assert_false(e2e_find(t, "too small", &row, &col));
	assert_true(e2e_find_frame(t, &f));

	resize(t, 24, 80);
	assert_true(e2e_wait(t, shows, "Race #", WAIT_MS));
}

static void a_pause_hides_the_board_not_the_race(void **state)
{
	struct e2e_term *t = race(state, "2048", 24, 80);
	assert_true(e2e_send_str(t, "p"));
	wait_text(t, "Paused");
	wait_text(t, "p: resume   q: leave");
	struct e2e_frame f;
	assert_false(e2e_find_frame(t, &f));
	int row, col;
	assert_true(e2e_find(t, "Race #", &row, &col));
	own_line_marked(t, &row, &col);
}

/* At 40x12 a race with a time limit keeps the time left on its ticker, first. */
static void the_ticker_keeps_the_time_left(void **state)
{
	const char *argv[] = {e2e_bin, "race", "2048", "--time-limit", "5m", NULL};
	e2e_sandbox_forget();
	struct e2e_term *t = *state = e2e_start(12, 40, argv, NULL);
	assert_non_null(t);
	wait_text(t, "Enter: start");
	assert_true(e2e_send_str(t, "\r"));
	wait_text(t, "q leave"); /* the game, past the countdown */
	char entry[96];
	snprintf(entry, sizeof entry, "1 %.8s", me);
	int row, col, left_row, left_col;
	assert_true(e2e_wait(t, shows, entry, WAIT_MS));
	assert_true(e2e_find(t, entry, &row, &col));
	assert_true(e2e_find(t, " left", &left_row, &left_col));
	assert_int_equal(left_row, row);
	assert_true(left_col < col);
}

/* A Sudoku the time limit ended shows, without points, the cells filled it ranks by
 * ("ended 28/81"), not only the time every racer ended at. */
static void an_ended_game_without_points_shows_its_progress(void **state)
{
	const char *argv[] = {e2e_bin, "race", "sudoku", "--seed", "7", "--time-limit", "10s",
	                      NULL};
	e2e_sandbox_forget();
	struct e2e_term *t = *state = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	wait_text(t, "Enter: start");
	assert_true(e2e_send_str(t, "\r"));
	wait_text(t, "Race #");
	assert_true(e2e_wait(t, shows, "Time is up", 25000)); /* 10 s and the countdown */
	wait_text(t, "ended ");
	int row, col;
	assert_true(e2e_find(t, "ended ", &row, &col));
	const char *after = strstr(e2e_row(t, row), "ended ") + strlen("ended ");
	int cells = 0, of = 0;
	if (sscanf(after, "%d/%d", &cells, &of) != 2 || of != 81)
		fprintf(stderr, "no cells filled after 'ended':\n%s\n", e2e_screen(t));
	assert_int_equal(of, 81);
	assert_true(cells > 0);
}

/* Each key of keys, in a race of game, is refused with one line, and the game stays as it was
 * (no move of autoplay or of the solution): a race is played without help. */
static void refuses_help(void **state, const char *game, const char *keys)
{
	struct e2e_term *t = race(state, game, 24, 80);
	for (const char *k = keys; *k; k++) {
		char key[2] = {*k, '\0'};
		assert_true(e2e_send_str(t, key));
		wait_text(t, "No help in a race");
		assert_true(e2e_send_str(t, "z")); /* a key of no use: the line goes */
		assert_true(e2e_wait(t, hides, "No help in a race", WAIT_MS));
	}
	assert_true(e2e_wait_quiet(t, 200, WAIT_MS));
	assert_true(e2e_find(t, "Moves: 0 ", &(int){0}, &(int){0}));
	assert_false(e2e_find(t, "Solution", &(int){0}, &(int){0}));
	e2e_free(t);
	*state = NULL;
}

static void a_race_is_played_without_help(void **state)
{
	refuses_help(state, "2048", "a+H");     /* autoplay, its speed, the hint */
	refuses_help(state, "znumbers", "sH>"); /* the solution, its moves, the hint */
	refuses_help(state, "sudoku", "sHea");  /* reveal, hint, check, every mark */
}

/* The help in a race says first what the race refuses, and that q leaves it. */
static void the_help_says_what_a_race_refuses(void **state)
{
	struct e2e_term *t = race(state, "2048", 24, 80);
	assert_true(e2e_send_str(t, "?"));
	wait_text(t, "2048: keys");
	int title_row, note_row, q_row, col;
	assert_true(e2e_find(t, "2048: keys", &title_row, &col));
	assert_true(e2e_find(t, "In a race: no help, no new game", &note_row, &col));
	assert_true(e2e_find(t, "leave the race (asks first)", &q_row, &col));
	assert_int_equal(note_row, title_row + 1); /* at its top */
	assert_int_equal(q_row, note_row + 1);
	assert_true(e2e_find(t, "slide all tiles", &(int){0}, &(int){0}));
	assert_false(e2e_find(t, "back to the menu", &(int){0}, &(int){0}));
}

int main(void)
{
	struct passwd *pw = getpwuid(getuid());
	snprintf(me, sizeof me, "%s", pw ? pw->pw_name : getenv("USER"));
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(the_pane_goes_beside_the_board, e2e_term_teardown),
	        cmocka_unit_test_teardown(a_narrow_window_gets_a_ticker_then_nothing,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(a_pause_hides_the_board_not_the_race, e2e_term_teardown),
	        cmocka_unit_test_teardown(the_ticker_keeps_the_time_left, e2e_term_teardown),
	        cmocka_unit_test_teardown(a_race_is_played_without_help, e2e_term_teardown),
	        cmocka_unit_test_teardown(the_help_says_what_a_race_refuses, e2e_term_teardown),
	        cmocka_unit_test_teardown(an_ended_game_without_points_shows_its_progress,
	                                  e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
