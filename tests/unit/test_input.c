/* The shared key map: every game reads keys the same way (DESIGN.md, "Keys"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "event.h"
#include "input.h"

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

/* libtermkey's modifiers for the kitty protocol's "m:e" (verified with libtermkey 0.22 on the
 * bytes: "97;1:3u" gives 12, "97;1:2u" 11, "1;1:3D" 12, "99;5:3u" 52, "97u" 0). */
static void test_legacy_modifiers_read_as_before(void **state)
{
	(void)state;
	for (int mods = 0; mods < 8; mods++) {
		struct tc_kitty_mods m = tc_kitty_mods(mods);
		assert_int_equal(m.shift, (mods & 1) != 0);
		assert_int_equal(m.alt, (mods & 2) != 0);
		assert_int_equal(m.ctrl, (mods & 4) != 0);
		assert_false(m.caps_lock);
		assert_int_equal(m.phase, TC_PHASE_PRESS);
	}
}

static void test_kitty_event_types(void **state)
{
	(void)state;
	struct tc_kitty_mods m = tc_kitty_mods(12); /* 1:3 */
	assert_int_equal(m.phase, TC_PHASE_RELEASE);
	assert_false(m.shift || m.alt || m.ctrl);
	m = tc_kitty_mods(11); /* 1:2 */
	assert_int_equal(m.phase, TC_PHASE_REPEAT);
	assert_false(m.shift || m.alt || m.ctrl);
	m = tc_kitty_mods(10); /* 1:1 */
	assert_int_equal(m.phase, TC_PHASE_PRESS);
	assert_false(m.shift || m.alt || m.ctrl);
	m = tc_kitty_mods(52); /* 5:3, Ctrl-C let go */
	assert_int_equal(m.phase, TC_PHASE_RELEASE);
	assert_true(m.ctrl);
	assert_false(m.shift || m.alt);
	m = tc_kitty_mods(51); /* 5:2 */
	assert_int_equal(m.phase, TC_PHASE_REPEAT);
	assert_true(m.ctrl);
	m = tc_kitty_mods(22); /* 2:3, shift */
	assert_int_equal(m.phase, TC_PHASE_RELEASE);
	assert_true(m.shift);
	assert_false(m.ctrl);
}

/* With "report all keys", lock keys appear among the modifiers. */
static void test_kitty_lock_modifiers(void **state)
{
	(void)state;
	struct tc_kitty_mods m = tc_kitty_mods(64); /* 65: caps lock, a press */
	assert_int_equal(m.phase, TC_PHASE_PRESS);
	assert_true(m.caps_lock);
	assert_false(m.ctrl);
	m = tc_kitty_mods(132); /* 133: num lock and ctrl, a press (Ctrl-C must quit) */
	assert_int_equal(m.phase, TC_PHASE_PRESS);
	assert_true(m.ctrl);
	m = tc_kitty_mods(128); /* 129: num lock alone */
	assert_int_equal(m.phase, TC_PHASE_PRESS);
	assert_false(m.shift || m.alt || m.ctrl);
	m = tc_kitty_mods(1292); /* 129:3 */
	assert_int_equal(m.phase, TC_PHASE_RELEASE);
	assert_false(m.shift || m.alt || m.ctrl);
	m = tc_kitty_mods(652); /* 65:3 */
	assert_int_equal(m.phase, TC_PHASE_RELEASE);
	assert_true(m.caps_lock);
	m = tc_kitty_mods(1332); /* 133:3 */
	assert_int_equal(m.phase, TC_PHASE_RELEASE);
	assert_true(m.ctrl);
}

static void test_kitty_keys(void **state)
{
	(void)state;
	assert_int_equal(tc_kitty_key('a', false, false), 'a');
	assert_int_equal(tc_kitty_key('a', true, false), 'A');
	assert_int_equal(tc_kitty_key('u', false, true), 'U');
	assert_int_equal(tc_kitty_key('u', true, true), 'u');
	assert_int_equal(tc_kitty_key('/', true, false), '?');
	assert_int_equal(tc_kitty_key('1', true, false), '!');
	assert_int_equal(tc_kitty_key('/', false, true), '/');
	assert_int_equal(tc_kitty_key(' ', false, false), ' ');
	assert_int_equal(tc_kitty_key(0x263A, false, false), 0x263A);
	assert_int_equal(tc_kitty_key(57441, true, false), -1);  /* left shift itself */
	assert_int_equal(tc_kitty_key(57358, false, false), -1); /* caps lock itself */
	assert_int_equal(tc_kitty_key(57399, false, false), '0');
	assert_int_equal(tc_kitty_key(57414, false, false), TC_KEY_ENTER);
	assert_int_equal(tc_kitty_key(57417, false, false), TC_KEY_LEFT);
	assert_int_equal(tc_kitty_key(57419, false, false), TC_KEY_UP);
}

/* What the shared key map makes of decoded kitty keys: the same as of the legacy bytes. */
static void test_kitty_keys_mean_what_legacy_keys_mean(void **state)
{
	(void)state;
	struct tc_kitty_mods m = tc_kitty_mods(4); /* CSI 99;5u */
	struct tc_event ev = {
	        .type = TC_EV_KEY, .key = tc_kitty_key('c', m.shift, m.caps_lock), .ctrl = m.ctrl};
	assert_int_equal(tc_event_action(&ev, false), TC_ACT_QUIT);
	m = tc_kitty_mods(1); /* CSI 47;2u */
	assert_int_equal(key(tc_kitty_key('/', m.shift, m.caps_lock), false), TC_ACT_HELP);
	m = tc_kitty_mods(1); /* CSI 117;2u */
	assert_int_equal(key(tc_kitty_key('u', m.shift, m.caps_lock), false), TC_ACT_REDO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_arrows_and_vi_keys_move),
	        cmocka_unit_test(test_wasd_moves_only_where_the_game_says_so),
	        cmocka_unit_test(test_shared_actions),
	        cmocka_unit_test(test_control_keys),
	        cmocka_unit_test(test_mouse_is_not_a_key),
	        cmocka_unit_test(test_legacy_modifiers_read_as_before),
	        cmocka_unit_test(test_kitty_event_types),
	        cmocka_unit_test(test_kitty_lock_modifiers),
	        cmocka_unit_test(test_kitty_keys),
	        cmocka_unit_test(test_kitty_keys_mean_what_legacy_keys_mean),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
