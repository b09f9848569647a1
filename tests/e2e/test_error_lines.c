/* A settings file's error as a player reads it in an 80-column terminal: on standard error and
 * in the menu, broken between words, never inside one (issue 17: "bad value 'pu" then
 * "rple-..." on the next line). TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 5000
#define BAD_VALUE "'purple-and-gold-sparkles'"

/* A settings file, in the sandbox's config folder, whose theme is not one. */
static void bad_settings(void)
{
	char dir[4200], path[4300];
	snprintf(dir, sizeof dir, "%s/.config", e2e_sandbox);
	mkdir(dir, 0700); /* it may be there */
	snprintf(dir, sizeof dir, "%s/.config/tilecade", e2e_sandbox);
	mkdir(dir, 0700);
	snprintf(path, sizeof path, "%s/config.ini", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("[display]\ntheme = purple-and-gold-sparkles\n", f);
	assert_int_equal(fclose(f), 0);
}

static struct e2e_term *start(void **state, const char *const argv[])
{
	bad_settings();
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	return t;
}

/* The row that starts with `head` and the rows under it that start `indent` columns further
 * in, each trimmed and joined by one space, read `expected`: broken between words, a word cut
 * in two would read with a space inside it. */
static void assert_reads(struct e2e_term *t, const char *head, int indent, const char *expected)
{
	int row, col;
	if (!e2e_find(t, head, &row, &col))
		fail_msg("no '%s' on the screen:\n%s", head, e2e_screen(t));
	char joined[1024];
	size_t used = (size_t)snprintf(joined, sizeof joined, "%s", e2e_row(t, row) + col);
	for (const char *text;
	     (text = e2e_row(t, ++row)) && strlen(text) > (size_t)(col + indent);) {
		int lead = (int)strspn(text, " ");
		if (lead != col + indent)
			break;
		used += (size_t)snprintf(joined + used, sizeof joined - used, " %s", text + lead);
		assert_true(used < sizeof joined);
	}
	if (strcmp(joined, expected) != 0)
		fail_msg("expected the rows to read\n%s\nthe screen:\n%s", expected, e2e_screen(t));
}

/* What the settings file's warning says, after `head`. */
static void warning(const char *head, char *out, size_t len)
{
	snprintf(out, len,
	         "%s%s/.config/tilecade/config.ini:2: bad value " BAD_VALUE
	         " for theme (auto, 256, 16 or mono)",
	         head, e2e_sandbox);
}

static void test_error_line_breaks_between_words(void **state)
{
	const char *const argv[] = {e2e_bin, "scores", NULL};
	struct e2e_term *t = start(state, argv);
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
	char expected[4400];
	warning("tilecade: ", expected, sizeof expected);
	assert_true(strlen(expected) > 80); /* else this tests nothing */
	assert_reads(t, "tilecade: ", 2, expected);
	int row, col;
	assert_true(e2e_find(t, "tilecade: ", &row, &col));
	assert_int_equal(col, 0);
	assert_true(strncmp(e2e_row(t, row + 1), "  ", 2) == 0); /* the rest, indented */
}

static void test_menu_notice_breaks_between_words(void **state)
{
	const char *const argv[] = {e2e_bin, NULL};
	struct e2e_term *t = start(state, argv);
	if (!e2e_wait_text(t, "settings:", WAIT_MS))
		fail_msg("no notice in the menu:\n%s", e2e_screen(t));
	assert_true(e2e_wait_quiet(t, 60, WAIT_MS));
	char expected[4400];
	warning("settings: ", expected, sizeof expected);
	assert_reads(t, "settings: ", 0, expected);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_error_line_breaks_between_words, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_menu_notice_breaks_between_words, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
