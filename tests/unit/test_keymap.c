/* Keys rebound in config.ini's [keys]: the bound key means its new action, the others keep
 * theirs, and Ctrl-C, Ctrl-Z and Ctrl-L stay what they are. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "keymap.h"

static enum tc_action key(int code, bool wasd)
{
	struct tc_event ev = {.type = TC_EV_KEY, .key = code};
	return tc_event_action(&ev, wasd);
}

static enum tc_action ctrl(int letter)
{
	struct tc_event ev = {.type = TC_EV_KEY, .key = letter, .ctrl = true};
	return tc_event_action(&ev, false);
}

static int bind(const struct tc_binding *b, int count)
{
	char warn[128];
	return tc_keymap_apply(b, count, warn, sizeof warn);
}

static int forget_bindings(void **state)
{
	(void)state;
	bind(NULL, 0);
	return 0;
}

static void test_key_names(void **state)
{
	(void)state;
	assert_int_equal(tc_keymap_key_named("u"), 'u');
	assert_int_equal(tc_keymap_key_named("H"), 'H');
	assert_int_equal(tc_keymap_key_named("?"), '?');
	assert_int_equal(tc_keymap_key_named("é"), 0xe9);
	assert_int_equal(tc_keymap_key_named("€"), 0x20ac);
	assert_int_equal(tc_keymap_key_named("Enter"), TC_KEY_ENTER);
	assert_int_equal(tc_keymap_key_named("space"), ' ');
	assert_int_equal(tc_keymap_key_named("TAB"), TC_KEY_TAB);
	assert_int_equal(tc_keymap_key_named("Escape"), TC_KEY_ESCAPE);
	assert_int_equal(tc_keymap_key_named("Up"), TC_KEY_UP);
	assert_int_equal(tc_keymap_key_named("Down"), TC_KEY_DOWN);
	assert_int_equal(tc_keymap_key_named("Left"), TC_KEY_LEFT);
	assert_int_equal(tc_keymap_key_named("Right"), TC_KEY_RIGHT);
}

static void test_bad_key_names(void **state)
{
	(void)state;
	assert_int_equal(tc_keymap_key_named(""), -1);
	assert_int_equal(tc_keymap_key_named("uu"), -1);
	assert_int_equal(tc_keymap_key_named("Ctrl-C"), -1);
	assert_int_equal(tc_keymap_key_named("\t"), -1);
	assert_int_equal(tc_keymap_key_named("\x1b"), -1);
	assert_int_equal(tc_keymap_key_named("\xc3"), -1);         /* cut UTF-8 */
	assert_int_equal(tc_keymap_key_named("\xc0\xaf"), -1);     /* overlong '/' */
	assert_int_equal(tc_keymap_key_named("\xed\xa0\x80"), -1); /* a surrogate */
	assert_int_equal(tc_keymap_key_named("\xc2\x9b"), -1);     /* C1 control: CSI */
}

static void test_action_names(void **state)
{
	(void)state;
	static const char *const names[] = {"up",       "down",  "left", "right",   "select",
	                                    "undo",     "redo",  "new",  "restart", "hint",
	                                    "solution", "pause", "help", "back"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		assert_int_not_equal(tc_keymap_action_named(names[i]), TC_ACT_NONE);
	assert_int_equal(tc_keymap_action_named("Undo"), TC_ACT_UNDO);
	assert_int_equal(tc_keymap_action_named("quit"), TC_ACT_NONE);
	assert_int_equal(tc_keymap_action_named("suspend"), TC_ACT_NONE);
	assert_int_equal(tc_keymap_action_named(""), TC_ACT_NONE);
}

static void test_a_bound_key_acts_and_built_in_keys_remain(void **state)
{
	(void)state;
	struct tc_binding b[] = {{"undo", "z"}, {"hint", "Tab"}};
	assert_int_equal(bind(b, 2), 0);
	assert_int_equal(key('z', false), TC_ACT_UNDO);
	assert_int_equal(key(TC_KEY_TAB, false), TC_ACT_HINT);
	assert_int_equal(key('u', false), TC_ACT_UNDO);
	assert_int_equal(key('H', false), TC_ACT_HINT);
}

static void test_a_binding_wins_over_a_built_in_key(void **state)
{
	(void)state;
	struct tc_binding b[] = {{"hint", "u"}, {"select", "w"}};
	bind(b, 2);
	assert_int_equal(key('u', false), TC_ACT_HINT);
	assert_int_equal(key('w', true), TC_ACT_SELECT); /* even where w would move */
	assert_int_equal(key('U', false), TC_ACT_REDO);
}

static void test_the_later_binding_of_a_key_wins(void **state)
{
	(void)state;
	struct tc_binding b[] = {{"undo", "x"}, {"redo", "x"}};
	bind(b, 2);
	assert_int_equal(key('x', false), TC_ACT_REDO);
}

static void test_control_keys_cannot_be_rebound(void **state)
{
	(void)state;
	struct tc_binding b[] = {{"back", "c"}, {"help", "z"}, {"pause", "l"}};
	bind(b, 3);
	assert_int_equal(ctrl('c'), TC_ACT_QUIT);
	assert_int_equal(ctrl('z'), TC_ACT_SUSPEND);
	assert_int_equal(ctrl('l'), TC_ACT_REDRAW);
	assert_int_equal(key('c', false), TC_ACT_BACK);
}


/* A help entry's part that names keys a game reads itself: one key, or a range of characters
 * (issue 27: a binding that took one of them was not told, and the help still listed it). */
static void test_a_help_part_names_a_games_keys(void **state)
{
	(void)state;
	int first, last;
	assert_true(tc_keymap_literal_keys("1-9", 3, &first, &last));
	assert_int_equal(first, '1');
	assert_int_equal(last, '9');
	assert_true(tc_keymap_literal_keys("Tab", 3, &first, &last));
	assert_int_equal(first, TC_KEY_TAB);
	assert_int_equal(last, TC_KEY_TAB);
	assert_true(tc_keymap_literal_keys("a, c", 1, &first, &last));
	assert_int_equal(first, 'a');
	assert_true(tc_keymap_literal_keys(",", 1, &first, &last)); /* zNumbers' "<, ," */
	assert_int_equal(first, ',');
	assert_false(tc_keymap_literal_keys("> or .", 6, &first, &last));
	assert_false(tc_keymap_literal_keys("Ctrl-Z", 6, &first, &last));
	assert_false(tc_keymap_literal_keys("9-1", 3, &first, &last));
	assert_false(tc_keymap_literal_keys("", 0, &first, &last));
}

static void test_bad_bindings_are_reported_and_skipped(void **state)
{
	(void)state;
	struct tc_binding b[] = {{"quit", "x"}, {"undo", "Ctrl-U"}, {"undo", "z"}};
	char warn[128];
	assert_int_equal(tc_keymap_apply(b, 3, warn, sizeof warn), 2);
	assert_string_equal(warn, "cannot bind key 'x' to 'quit'");
	assert_int_equal(key('x', false), TC_ACT_NONE);
	assert_int_equal(key('z', false), TC_ACT_UNDO);
}

static void test_applying_again_replaces_the_bindings(void **state)
{
	(void)state;
	struct tc_binding first[] = {{"undo", "z"}};
	struct tc_binding second[] = {{"redo", "y"}};
	bind(first, 1);
	bind(second, 1);
	assert_int_equal(key('z', false), TC_ACT_NONE);
	assert_int_equal(key('y', false), TC_ACT_REDO);
	bind(NULL, 0);
	assert_int_equal(key('y', false), TC_ACT_NONE);
}

static void keys_of(enum tc_action action, const char *expect)
{
	char text[64];
	tc_keymap_keys_text(action, text, sizeof text);
	assert_string_equal(text, expect);
}

static void directions(const char *expect)
{
	char text[64];
	tc_keymap_directions_text(text, sizeof text);
	assert_string_equal(text, expect);
}

/* Help names the keys in force: the built-in ones... */
static void test_help_names_the_built_in_keys(void **state)
{
	(void)state;
	keys_of(TC_ACT_UNDO, "u");
	keys_of(TC_ACT_REDO, "U, Ctrl-R");
	keys_of(TC_ACT_SELECT, "Enter, Space");
	keys_of(TC_ACT_BACK, "q, Esc");
	keys_of(TC_ACT_HELP, "?");
	directions("arrows, hjkl");
	assert_string_equal(tc_keymap_key_text(TC_ACT_UNDO), "u");
	assert_string_equal(tc_keymap_key_text(TC_ACT_BACK), "q");
	char clash[96];
	assert_int_equal(tc_keymap_clashes(clash, sizeof clash), 0);
	assert_string_equal(clash, "");
}

/* ...and a rebound key first, where its old action loses it (the issue's undo = z, help = h:
 * h is no longer left, and the start says so in one line). */
static void test_help_names_rebound_keys_and_the_clash(void **state)
{
	(void)state;
	struct tc_binding b[] = {{"undo", "z"}, {"help", "h"}};
	bind(b, 2);
	keys_of(TC_ACT_UNDO, "z, u");
	keys_of(TC_ACT_HELP, "h, ?");
	keys_of(TC_ACT_LEFT, "Left");
	directions("arrows, j k l");
	assert_string_equal(tc_keymap_key_text(TC_ACT_UNDO), "z");
	assert_string_equal(tc_keymap_key_text(TC_ACT_HELP), "h");
	char clash[96];
	assert_int_equal(tc_keymap_clashes(clash, sizeof clash), 1);
	assert_string_equal(clash, "keys: h is help now, not left (left: Left)");
}

static void test_an_action_left_without_a_key_is_told(void **state)
{
	(void)state;
	struct tc_binding b[] = {{"undo", "?"}, {"left", "a"}, {"pause", "Escape"}, {"new", "U"}};
	bind(b, 4);
	keys_of(TC_ACT_HELP, "");
	assert_string_equal(tc_keymap_key_text(TC_ACT_HELP), "");
	keys_of(TC_ACT_BACK, "q");
	keys_of(TC_ACT_REDO, "Ctrl-R");
	assert_string_equal(tc_keymap_key_text(TC_ACT_REDO), "Ctrl-R");
	directions("arrows, ajkl");
	char clash[200];
	assert_int_equal(tc_keymap_clashes(clash, sizeof clash), 3);
	assert_string_equal(clash, "keys: ? is undo now, not help (help has no key left); "
	                           "Esc is pause now, not back (back: q); "
	                           "U is new now, not redo (redo: Ctrl-R)");
	/* Cut to the room given, never past it. */
	assert_int_equal(tc_keymap_clashes(clash, 20), 3);
	assert_string_equal(clash, "keys: ? is undo now");
}

/* The issue's six bindings: every clash told whole at the start (it was cut at 160 bytes), and
 * the menu's few lines keep whole clauses, then say how many more and where to see them. */
static void test_every_clash_is_told_whole_or_counted(void **state)
{
	(void)state;
	struct tc_binding b[] = {{"help", "h"}, {"undo", "z"}, {"hint", "i"},
	                         {"back", "x"}, {"pause", "5"}, {"restart", "j"}};
	bind(b, 6);
	char clash[512];
	assert_int_equal(tc_keymap_clashes(clash, sizeof clash), 2);
	const char *all = "keys: h is help now, not left (left: Left); "
	                  "j is restart now, not down (down: Down)";
	assert_string_equal(clash, all);
	char told[160];
	tc_keymap_clashes_cut(clash, 2, 200, told, sizeof told);
	assert_string_equal(told, all);
	tc_keymap_clashes_cut(clash, 2, 60, told, sizeof told);
	assert_string_equal(told, "keys: h is help now, not left (left: Left); "
	                          "and 1 more: see h help");
	tc_keymap_clashes_cut(clash, 2, 20, told, sizeof told);
	assert_string_equal(told, "keys: 2 bound keys meant something else: see h help");
	/* Sudoku's own keys the caller appended count too. */
	strcat(clash, "; 5 is pause now, not Sudoku's write a digit");
	tc_keymap_clashes_cut(clash, 3, 100, told, sizeof told);
	assert_string_equal(told, "keys: h is help now, not left (left: Left); "
	                          "j is restart now, not down (down: Down); and 1 more: see h help");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_key_names),
	        cmocka_unit_test(test_bad_key_names),
	        cmocka_unit_test(test_action_names),
	        cmocka_unit_test_teardown(test_a_bound_key_acts_and_built_in_keys_remain,
	                                  forget_bindings),
	        cmocka_unit_test_teardown(test_a_binding_wins_over_a_built_in_key, forget_bindings),
	        cmocka_unit_test_teardown(test_the_later_binding_of_a_key_wins, forget_bindings),
	        cmocka_unit_test_teardown(test_control_keys_cannot_be_rebound, forget_bindings),
	        cmocka_unit_test(test_a_help_part_names_a_games_keys),
	        cmocka_unit_test_teardown(test_bad_bindings_are_reported_and_skipped,
	                                  forget_bindings),
	        cmocka_unit_test_teardown(test_applying_again_replaces_the_bindings,
	                                  forget_bindings),
	        cmocka_unit_test(test_help_names_the_built_in_keys),
	        cmocka_unit_test_teardown(test_help_names_rebound_keys_and_the_clash,
	                                  forget_bindings),
	        cmocka_unit_test_teardown(test_every_clash_is_told_whole_or_counted,
	                                  forget_bindings),
	        cmocka_unit_test_teardown(test_an_action_left_without_a_key_is_told,
	                                  forget_bindings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
