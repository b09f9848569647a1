/* Small terminals (issue 27): from 40x12 up the menu and every list it opens are reachable and
 * usable (a short window shows a list some rows at a time, its keys always on the bottom
 * line), and a text too wide for its line is cut between words with an ellipsis.
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
	snprintf(out, len, "%s", e2e_row(t, row) + strlen(e2e_row(t, row)) -
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

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_menu_and_lists_at_40x12, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_menu_texts_cut_between_words_at_50x16,
	                                  e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
