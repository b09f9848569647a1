/* Small terminals (issue 27): from 40x12 up the menu and every list it opens are reachable and
 * usable (a short window shows a list some rows at a time, its keys always on the bottom
 * line), and a text too wide for its line is cut between words with an ellipsis; help pages
 * are even, a question asked on a window too small shows, and a long game ID leaves the keys
 * on the bottom line.
 * TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 10000
#define QUIET_MS 80

static const char *const entries[] = {"zNumbers", "Match-3", "Sudoku", "N ",    "2048",
                                      "Daily",    "Race",    "Watch",  "Scores"};
#define ENTRIES (sizeof entries / sizeof entries[0])

static struct e2e_term *start_menu(void **state, int rows, int cols)
{
	const char *argv[] = {e2e_bin, NULL};
	e2e_free(*state); /* a test may start several */
	e2e_sandbox_forget();
	*state = e2e_start(rows, cols, argv, NULL);
	assert_non_null(*state);
	assert_true(e2e_wait_text(*state, "tilecade", WAIT_MS));
	assert_true(e2e_wait_quiet(*state, QUIET_MS, WAIT_MS));
	return *state;
}

static void settle(struct e2e_term *t)
{
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
}

static void assert_not_too_small(struct e2e_term *t, const char *where)
{
	if (strstr(e2e_screen(t), "small"))
		fail_msg("%s says the terminal is too small:\n%s", where, e2e_screen(t));
}

/* The screen row of the menu's selected entry (its marker before the text, not 2048's level
 * arrow), or "" when none shows. */
static const char *selected_row(struct e2e_term *t)
{
	for (int row = 0; row < e2e_rows(t); row++) {
		const char *text = e2e_row(t, row);
		while (*text == ' ')
			text++;
		if (strncmp(text, "▸", strlen("▸")) == 0)
			return e2e_row(t, row);
	}
	return "";
}

/* A frame may come in parts: half drawn, it shows no marker, or the old one. */
static bool selection_moved(struct e2e_term *t, void *before)
{
	return *selected_row(t) && strcmp(selected_row(t), before) != 0;
}

/* Moves the menu's selection down until the entry is selected; fails when it never is. */
static void select_entry(struct e2e_term *t, const char *entry)
{
	for (int i = 0; i <= (int)ENTRIES + 2; i++) {
		if (strstr(selected_row(t), entry))
			return;
		char before[256];
		snprintf(before, sizeof before, "%s", selected_row(t));
		assert_true(e2e_send_str(t, "j"));
		if (!e2e_wait(t, selection_moved, before, WAIT_MS))
			fail_msg("j did not move the selection:\n%s", e2e_screen(t));
		settle(t);
	}
	fail_msg("no way to select '%s':\n%s", entry, e2e_screen(t));
}

/* Opens the entry, checks the screen shows text and its way back on the bottom line, and goes
 * back to the menu. */
static void visit(struct e2e_term *t, const char *entry, const char *text, const char *back)
{
	select_entry(t, entry);
	assert_true(e2e_send_str(t, E2E_KEY_ENTER));
	if (!e2e_wait_text(t, text, WAIT_MS))
		fail_msg("%s: no '%s' at %dx%d:\n%s", entry, text, e2e_cols(t), e2e_rows(t),
		         e2e_screen(t));
	settle(t);
	assert_not_too_small(t, entry);
	int row, col;
	assert_true(e2e_find(t, back, &row, &col));
	assert_true(row < e2e_rows(t));
	assert_true(e2e_send_str(t, "q"));
	if (!e2e_wait_text(t, "tilecade", WAIT_MS))
		fail_msg("%s: q did not go back to the menu:\n%s", entry, e2e_screen(t));
	settle(t);
}

static void test_menu_and_lists_at_40x12(void **state)
{
	struct e2e_term *t = start_menu(state, 12, 40);
	assert_not_too_small(t, "the menu");
	/* Every entry is reached by the keys, the window following the selection. */
	for (size_t i = 0; i < ENTRIES; i++)
		select_entry(t, entries[i]);
	assert_non_null(strstr(e2e_screen(t), "q quit"));
	visit(t, "zNumbers", "zNumbers: choose a level", "q: back");
	visit(t, "Sudoku", "Sudoku: choose a level", "q: back");
	visit(t, "Daily", "Daily puzzles", "q: back");
	visit(t, "Scores", "No scores yet", "q: back");
	visit(t, "Watch", "Games in progress", "q back");
	visit(t, "Race", "Races", "q back");
}

/* The menu's row of entry, from its first letter on, with no blanks at its end. */
static void entry_text(struct e2e_term *t, const char *entry, char *out, size_t len)
{
	int row, col;
	assert_true(e2e_find(t, entry, &row, &col));
	snprintf(out, len, "%s",
	         e2e_row(t, row) + strlen(e2e_row(t, row)) -
	                 strlen(strstr(e2e_row(t, row), entry)));
	for (size_t n = strlen(out); n > 0 && out[n - 1] == ' '; n--)
		out[n - 1] = '\0';
}

static void test_menu_texts_cut_between_words_at_50x16(void **state)
{
	struct e2e_term *t = start_menu(state, 24, 80);
	char whole[ENTRIES][160];
	for (size_t i = 0; i < ENTRIES; i++)
		entry_text(t, entries[i], whole[i], sizeof whole[i]);
	assert_true(e2e_resize(t, 16, 50));
	settle(t);
	assert_true(e2e_wait_text(t, "tilecade", WAIT_MS));
	settle(t);
	for (size_t i = 0; i < ENTRIES; i++) {
		char narrow[160];
		entry_text(t, entries[i], narrow, sizeof narrow);
		if (strcmp(narrow, whole[i]) == 0)
			continue;
		/* "2048   slide and merge…  ◂ 4x4 ▸": the level chooser stays at the end. */
		char *cut = strstr(narrow, "…");
		if (!cut)
			fail_msg("'%s' cut without an ellipsis (whole: '%s')", narrow, whole[i]);
		size_t kept = (size_t)(cut - narrow);
		if (strncmp(narrow, whole[i], kept) != 0 || whole[i][kept] != ' ')
			fail_msg("'%s' not cut between words of '%s'", narrow, whole[i]);
	}
}

static struct e2e_term *start_args(void **state, int rows, int cols, const char *const args[])
{
	const char *argv[8] = {e2e_bin};
	for (int i = 0; args[i] && i < 6; i++)
		argv[i + 1] = args[i];
	e2e_free(*state); /* a test may start several */
	e2e_sandbox_forget();
	*state = e2e_start(rows, cols, argv, NULL);
	assert_non_null(*state);
	return *state;
}

/* The lines of the help page shown: between its title and its closing line. */
static int help_page_lines(struct e2e_term *t)
{
	int title, foot, col;
	assert_true(e2e_find(t, "keys (", &title, &col));
	assert_true(e2e_find(t, "(any key", &foot, &col));
	return foot - title - 1;
}

/* Help in pages holds as many lines on each as it can: none holds a lone line (Sudoku's at
 * 60x20 had a page 2 of "Ctrl-C: quit" alone). */
static void test_help_pages_are_even(void **state)
{
	static const struct {
		int rows, cols;
		const char *args[4];
	} cases[] = {
	        {20, 60, {"sudoku", "--seed", "2", NULL}},
	        {18, 60, {"sudoku", "--seed", "2", NULL}},
	        {24, 80, {"sudoku", "--seed", "2", NULL}},
	        {12, 40, {"2048", "--seed", "2", NULL}},
	        {12, 40, {"znumbers", "--seed", "2", NULL}},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct e2e_term *t = start_args(state, cases[c].rows, cases[c].cols, cases[c].args);
		assert_true(e2e_wait_text(t, "help", WAIT_MS));
		settle(t);
		assert_true(e2e_send_str(t, "?"));
		if (!e2e_wait_text(t, "(any key", WAIT_MS))
			fail_msg("no help:\n%s", e2e_screen(t));
		settle(t);
		int fullest = 0, fewest = 1000;
		for (int page = 0; page < 8 && strstr(e2e_screen(t), "more keys"); page++) {
			int n = help_page_lines(t);
			fullest = n > fullest ? n : fullest;
			fewest = n < fewest ? n : fewest;
			assert_true(e2e_send_str(t, " "));
			assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
		}
		if (strstr(e2e_screen(t), "keys (")) { /* the last of several pages */
			int n = help_page_lines(t);
			fullest = n > fullest ? n : fullest;
			fewest = n < fewest ? n : fewest;
			if (2 * fewest < fullest)
				fail_msg("%s at %dx%d: a page of %d lines after one of %d:\n%s",
				         cases[c].args[0], cases[c].cols, cases[c].rows, fewest,
				         fullest, e2e_screen(t));
		}
	}
}

/* q on a window too small for the game asks where the player sees it. */
static void test_question_on_a_screen_too_small(void **state)
{
	struct e2e_term *t =
	        start_args(state, 24, 80, (const char *const[]){"2048", "--seed", "3", NULL});
	assert_true(e2e_wait_text(t, "help", WAIT_MS));
	assert_true(e2e_send_str(t, E2E_KEY_LEFT E2E_KEY_UP E2E_KEY_RIGHT));
	settle(t);
	assert_true(e2e_resize(t, 6, 24));
	assert_true(e2e_wait_text(t, "too small", WAIT_MS));
	assert_true(e2e_send_str(t, "q"));
	if (!e2e_wait_text(t, "(y/n)", WAIT_MS))
		fail_msg("q asked nothing that shows:\n%s", e2e_screen(t));
	assert_true(e2e_resize(t, 2, 24));
	if (!e2e_wait_text(t, "(y/n)", WAIT_MS))
		fail_msg("the question is gone at 24x2:\n%s", e2e_screen(t));
	assert_true(e2e_send_str(t, "n"));
	assert_true(e2e_resize(t, 24, 80));
	assert_true(e2e_wait_text(t, "help", WAIT_MS));
}

/* A whole puzzle as the game's ID does not push the keys off the bottom line. */
static void test_long_id_keeps_the_keys(void **state)
{
	const char *puzzle =
	        "52..6....9...37.86.7........416......9.....2......534........1.63.41..."
	        "9....8..62";
	struct e2e_term *t = start_args(state, 24, 80,
	                                (const char *const[]){"sudoku", "--puzzle", puzzle, NULL});
	assert_true(e2e_wait_text(t, "Digits", WAIT_MS));
	settle(t);
	const char *bottom = e2e_row(t, 23);
	if (!strstr(bottom, "help") || !strstr(bottom, "menu"))
		fail_msg("the keys are not on the bottom line:\n%s", e2e_screen(t));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_menu_and_lists_at_40x12, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_menu_texts_cut_between_words_at_50x16,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_help_pages_are_even, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_question_on_a_screen_too_small, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_long_id_keeps_the_keys, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
