/* Games in progress (issue 27): there is one save a game, and the menu shows every one (its
 * game's row says "in progress", Continue names the newest); a new game that would replace one
 * asks first, and c there continues it; what Continue names is what it opens, even when another
 * terminal saved another game of its kind meanwhile. Sudoku's fixed levels give known game IDs;
 * a digit typed is a move. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 5000
#define LEVEL3 "sudoku:level3:s0, 1 move"

static struct e2e_term *other; /* a second terminal of the same player */

static int setup(void **state)
{
	e2e_sandbox_forget();
	*state = NULL;
	return 0;
}

static int teardown(void **state)
{
	e2e_term_teardown(state);
	e2e_free(other);
	other = NULL;
	e2e_sandbox_forget();
	return 0;
}

static struct e2e_term *start(const char *a, const char *b, const char *c)
{
	const char *argv[] = {e2e_bin, a, b, c, NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	return t;
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fail_msg("waited for '%s' on the screen:\n%s", text, e2e_screen(t));
}

static void wait_row(struct e2e_term *t, const char *a, const char *b)
{
	if (!e2e_wait_row(t, a, b, WAIT_MS))
		fail_msg("waited for a row with '%s' then '%s':\n%s", a, b, e2e_screen(t));
}

static void send(struct e2e_term *t, const char *keys)
{
	assert_true(e2e_send_str(t, keys));
}

/* One move on the Sudoku shown (a digit in the empty cell under the cursor), then q y: back
 * in its level list, the game kept. */
static void one_move_and_leave(struct e2e_term *t)
{
	wait_text(t, "Moves: 0");
	send(t, "9");
	wait_text(t, "Moves: 1");
	send(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	send(t, "y");
	wait_text(t, "Sudoku: choose a level");
}

/* Leave a Sudoku, play a 2048 move: the Sudoku is still shown, and a new Sudoku asks before it
 * takes its place; n keeps it, c continues it. */
static void test_every_game_in_progress_is_shown_and_asked_about(void **state)
{
	struct e2e_term *t = *state = start("sudoku", "--level", "3");
	one_move_and_leave(t);
	send(t, "q");
	wait_row(t, "Sudoku", "in progress: " LEVEL3);
	send(t, "5");
	wait_text(t, "Score");
	send(t, "\033[A\033[D\033[B\033[C"); /* one of them slides, at least */
	assert_true(e2e_wait_quiet(t, 60, WAIT_MS));
	send(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	send(t, "y");
	wait_row(t, "Continue", "2048:4x4:s");
	wait_row(t, "2048", "in progress: 2048:4x4:s");
	wait_row(t, "Sudoku", "in progress: " LEVEL3);

	send(t, "3");
	wait_text(t, "Sudoku: choose a level");
	send(t, E2E_KEY_DOWN E2E_KEY_ENTER); /* level 4, a new game */
	wait_text(t, "Sudoku in progress");
	wait_text(t, LEVEL3);
	wait_text(t, "A new game replaces it. Start it? (y/n)");
	send(t, "n");
	wait_text(t, "Sudoku: choose a level");
	send(t, E2E_KEY_ENTER);
	wait_text(t, "Sudoku in progress");
	send(t, "c");
	wait_text(t, "Level 3 (latin)");
	wait_text(t, "Moves: 1");
}

/* A click on the letter at offset `at` of text on the screen. */
static void click_on(struct e2e_term *t, const char *text, int at)
{
	int row, col;
	if (!e2e_find(t, text, &row, &col))
		fail_msg("no '%s' to click on:\n%s", text, e2e_screen(t));
	assert_true(e2e_mouse_press(t, col + at + 1, row + 1));
	assert_true(e2e_mouse_release(t, col + at + 1, row + 1));
}

/* A game the command line names asks too (a second SSH login's `sudoku` ended the first login's
 * game without a word), and its question answers clicks: n keeps the game in progress, shown on
 * the menu, y starts the new one. */
static void test_a_game_named_on_the_command_line_asks_too(void **state)
{
	struct e2e_term *t = *state = start("sudoku", "--level", "3");
	one_move_and_leave(t);
	e2e_free(t);
	*state = t = start("sudoku", "--level", "4");
	wait_text(t, "Sudoku in progress");
	wait_text(t, LEVEL3);
	wait_text(t, "A new game replaces it. Start it? (y/n)");
	click_on(t, "(y/n)", 3); /* its n */
	wait_row(t, "Sudoku", "in progress: " LEVEL3);
	assert_true(e2e_wait_gone(t, "A new game replaces it", WAIT_MS));
	e2e_free(t);
	*state = t = start("sudoku", "--level", "4");
	wait_text(t, "A new game replaces it. Start it? (y/n)");
	click_on(t, "(y/n)", 1); /* its y */
	wait_text(t, "Level 4");
	wait_text(t, "Moves: 0");
}

/* A new game's clock starts at the player's yes, not at the question: the question, up for
 * two seconds, adds none of them, from the command line as from a level list. */
static void test_the_clock_starts_at_yes(void **state)
{
	struct e2e_term *t = *state = start("sudoku", "--level", "3");
	one_move_and_leave(t);
	e2e_free(t);
	*state = t = start("sudoku", "--level", "4");
	wait_text(t, "A new game replaces it. Start it? (y/n)");
	sleep(2);
	send(t, "y");
	wait_text(t, "Level 4");
	wait_text(t, "Time: 0:00");
	one_move_and_leave(t); /* level 4 is the game in progress now */
	send(t, E2E_KEY_UP E2E_KEY_ENTER); /* level 3, a new game */
	wait_text(t, "A new game replaces it. Start it? (y/n)");
	sleep(2);
	send(t, "y");
	wait_text(t, "Level 3");
	wait_text(t, "Time: 0:00");
}

/* Terminal A's menu names level 3 after one move; terminal B then continues it and leaves it
 * after two. A's Continue does not open it under its old name: it says so and names it as it
 * is, and then opens that. */
static void test_continue_opens_what_it_names(void **state)
{
	struct e2e_term *a = *state = start("sudoku", "--level", "3");
	one_move_and_leave(a);
	send(a, "q");
	wait_row(a, "Continue", LEVEL3);

	other = start("--continue", NULL, NULL);
	wait_text(other, "Moves: 1");
	send(other, "8"); /* over the 9 of the move before */
	wait_text(other, "Moves: 2");
	send(other, "q");
	wait_text(other, "Leave this game? (y/n)");
	send(other, "y");
	wait_text(other, "Sudoku: choose a level");
	send(other, "q");
	wait_row(other, "Continue", "sudoku:level3:s0, 2 moves");

	wait_row(a, "Continue", LEVEL3); /* drawn before B's save */
	send(a, "c");
	wait_text(a, "That game was saved again elsewhere");
	wait_row(a, "Continue", "sudoku:level3:s0, 2 moves");
	send(a, "c");
	wait_text(a, "Level 3 (latin)");
	wait_text(a, "Moves: 2");
}

/* N's browser asks too: a run kept (q mid-run) is replaced by the next level played. The level
 * is a file's, opened with o: an empty room, the ninja standing on its floor, a gold far off. */
static void test_n_asks_before_its_run_in_progress_is_replaced(void **state)
{
	char level[714 + 32], path[4200];
	memset(level, '0', 713);
	snprintf(level + 713, sizeof level - 713, "|5^60,560!0^700,564\n");
	assert_true(e2e_sandbox_file(path, sizeof path, "room.txt", level));
	struct e2e_term *t = *state = start("ninja", NULL, NULL);
	if (!e2e_wait_text(t, "Enter play", 4 * WAIT_MS)) /* a playable level takes seconds */
		fail_msg("no level in N's browser:\n%s", e2e_screen(t));
	send(t, "o");
	wait_text(t, "Open level file");
	send(t, "\025"); /* Ctrl-U */
	send(t, path);
	send(t, E2E_KEY_ENTER);
	wait_text(t, "opened");
	send(t, E2E_KEY_ENTER);
	wait_text(t, "Ready: a run, jump or stop key");
	send(t, "\033[B"); /* stop: the clock starts, the ninja stands */
	wait_text(t, "time 89"); /* the clock runs */
	send(t, "q");
	wait_text(t, "Enter play");
	send(t, E2E_KEY_ENTER);
	wait_text(t, "N in progress");
	wait_text(t, "A new game replaces it. Start it? (y/n)");
	send(t, "n");
	wait_text(t, "Enter play");
	send(t, E2E_KEY_ENTER);
	wait_text(t, "N in progress");
	send(t, "c");
	wait_text(t, "Paused"); /* the run kept, continued paused */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_every_game_in_progress_is_shown_and_asked_about,
	                                        setup, teardown),
	        cmocka_unit_test_setup_teardown(test_a_game_named_on_the_command_line_asks_too, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_the_clock_starts_at_yes, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_continue_opens_what_it_names, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_n_asks_before_its_run_in_progress_is_replaced,
	                                        setup, teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
