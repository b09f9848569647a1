/* The shared key map: every game reads keys the same way (DESIGN.md, "Keys"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "event.h"

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

static void test_arrows_and_vi_keys_move(void **state)
{
	(void)state;
	assert_int_equal(key(TC_KEY_UP, false), TC_ACT_UP);
	assert_int_equal(key(TC_KEY_DOWN, false), TC_ACT_DOWN);
	assert_int_equal(key(TC_KEY_LEFT, false), TC_ACT_LEFT);
	assert_int_equal(key(TC_KEY_RIGHT, false), TC_ACT_RIGHT);
	assert_int_equal(key('k', false), TC_ACT_UP);
	assert_int_equal(key('j', false), TC_ACT_DOWN);
	assert_int_equal(key('h', false), TC_ACT_LEFT);
	assert_int_equal(key('l', false), TC_ACT_RIGHT);
}

static void test_wasd_moves_only_where_the_game_says_so(void **state)
{
	(void)state;
	assert_int_equal(key('w', true), TC_ACT_UP);
	assert_int_equal(key('a', true), TC_ACT_LEFT);
	assert_int_equal(key('s', true), TC_ACT_DOWN);
	assert_int_equal(key('d', true), TC_ACT_RIGHT);
	assert_int_equal(key('s', false), TC_ACT_SOLUTION);
	assert_int_equal(key('w', false), TC_ACT_NONE);
}

static void test_shared_actions(void **state)
{
	(void)state;
	assert_int_equal(key(TC_KEY_ENTER, false), TC_ACT_SELECT);
	assert_int_equal(key(' ', false), TC_ACT_SELECT);
	assert_int_equal(key('u', false), TC_ACT_UNDO);
	assert_int_equal(key('U', false), TC_ACT_REDO);
	assert_int_equal(ctrl('r'), TC_ACT_REDO);
	assert_int_equal(key('n', false), TC_ACT_NEW);
	assert_int_equal(key('r', false), TC_ACT_RESTART);
	assert_int_equal(key('H', false), TC_ACT_HINT);
	assert_int_equal(key('p', false), TC_ACT_PAUSE);
	assert_int_equal(key('?', false), TC_ACT_HELP);
	assert_int_equal(key('q', false), TC_ACT_BACK);
	assert_int_equal(key(TC_KEY_ESCAPE, false), TC_ACT_BACK);
}

static void test_control_keys(void **state)
{
	(void)state;
	assert_int_equal(ctrl('c'), TC_ACT_QUIT);
	assert_int_equal(ctrl('z'), TC_ACT_SUSPEND);
	assert_int_equal(ctrl('l'), TC_ACT_REDRAW);
	assert_int_equal(ctrl('x'), TC_ACT_NONE);
}

static void test_mouse_is_not_a_key(void **state)
{
	(void)state;
	struct tc_event ev = {.type = TC_EV_MOUSE, .key = 'q'};
	assert_int_equal(tc_event_action(&ev, true), TC_ACT_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_arrows_and_vi_keys_move),
	        cmocka_unit_test(test_wasd_moves_only_where_the_game_says_so),
	        cmocka_unit_test(test_shared_actions),
	        cmocka_unit_test(test_control_keys),
	        cmocka_unit_test(test_mouse_is_not_a_key),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
