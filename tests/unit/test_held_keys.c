/* N's held keys from presses, auto-repeats and (sometimes) releases: what the ninja does for
 * the ways people press keys, in terminals with and without release reports. Times are ms;
 * physics steps come every 25 ms as in the play screen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "held_keys.h"
#include "tilecade/ninja.h"

#define STEP 25
#define MAX_EVENTS 2000
#define MAX_STEPS 800
#define T0 10000 /* the timeline starts here (time 0 is never special) */

enum kind { PRESS, REPEAT_MARKED, RELEASE, STOP };

struct ev {
	uint64_t t;
	int key, kind;
};

struct timeline {
	struct ev ev[MAX_EVENTS];
	int n;
	unsigned bits[MAX_STEPS]; /* input of the step at T0 + i * STEP */
};

static void add(struct timeline *tl, uint64_t t, int key, int kind)
{
	assert_true(tl->n < MAX_EVENTS);
	tl->ev[tl->n++] = (struct ev){T0 + t, key, kind};
}

/* A key held from down to up in a terminal without release reports: the press, then repeats
 * after delay, every interval (each one a press, as the terminal cannot say). */
static void legacy_hold(struct timeline *tl, int key, uint64_t down, uint64_t up, uint64_t delay,
                        uint64_t interval)
{
	add(tl, down, key, PRESS);
	for (uint64_t t = down + delay; t < up; t += interval)
		add(tl, t, key, PRESS);
}

/* The same in a kitty-protocol terminal: repeats marked, and the release. */
static void kitty_hold(struct timeline *tl, int key, uint64_t down, uint64_t up, uint64_t delay,
                       uint64_t interval)
{
	add(tl, down, key, PRESS);
	for (uint64_t t = down + delay; t < up; t += interval)
		add(tl, t, key, REPEAT_MARKED);
	add(tl, up, key, RELEASE);
}

static int by_time(const void *a, const void *b)
{
	const struct ev *x = a, *y = b;
	return (x->t > y->t) - (x->t < y->t);
}

/* Plays the timeline on h: events up to a step's time come before the step. */
static void play(struct timeline *tl, struct tc_held *h, int steps)
{
	/* A stable sort: events of one time stay in the order they were added. */
	for (int i = 1; i < tl->n; i++)
		for (int j = i; j > 0 && by_time(&tl->ev[j - 1], &tl->ev[j]) > 0; j--) {
			struct ev tmp = tl->ev[j];
			tl->ev[j] = tl->ev[j - 1];
			tl->ev[j - 1] = tmp;
		}
	int e = 0;
	for (int s = 0; s < steps; s++) {
		uint64_t now = T0 + (uint64_t)s * STEP;
		for (; e < tl->n && tl->ev[e].t <= now; e++) {
			const struct ev *v = &tl->ev[e];
			if (v->kind == PRESS)
				tc_held_press(h, v->key, false, v->t);
			else if (v->kind == REPEAT_MARKED)
				tc_held_press(h, v->key, true, v->t);
			else if (v->kind == RELEASE)
				tc_held_release(h, v->key, v->t);
			else
				tc_held_stop(h);
		}
		tl->bits[s] = tc_held_input(h, now);
	}
}

static struct timeline *fresh_timeline(void)
{
	struct timeline *tl = calloc(1, sizeof *tl);
	assert_non_null(tl);
	return tl;
}

static int step_at(uint64_t t)
{
	return (int)((t + STEP - 1) / STEP);
}

/* Whether bit is on at every step from t0 up to (not including) t1. */
static bool on_throughout(const struct timeline *tl, unsigned bit, uint64_t t0, uint64_t t1)
{
	for (int s = step_at(t0); s < step_at(t1); s++)
		if (!(tl->bits[s] & bit))
			return false;
	return true;
}

static bool off_throughout(const struct timeline *tl, unsigned bit, uint64_t t0, uint64_t t1)
{
	for (int s = step_at(t0); s < step_at(t1); s++)
		if (tl->bits[s] & bit)
			return false;
	return true;
}

static int steps_on(const struct timeline *tl, unsigned bit, int steps)
{
	int n = 0;
	for (int s = 0; s < steps; s++)
		n += (tl->bits[s] & bit) != 0;
	return n;
}

/* How many times bit goes from off to on (jumps the physics would start, on the ground). */
static int rises(const struct timeline *tl, unsigned bit, int steps)
{
	int n = 0;
	for (int s = 0; s < steps; s++)
		n += (tl->bits[s] & bit) && (s == 0 || !(tl->bits[s - 1] & bit));
	return n;
}

static void test_tap_runs_briefly_then_stops(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	add(tl, 100, TC_HELD_RIGHT, PRESS);
	play(tl, &h, 120);
	/* Held long enough to reach any terminal's first repeat, not much longer. */
	assert_true(on_throughout(tl, NJ_RIGHT, 100, 100 + 660));
	assert_true(off_throughout(tl, NJ_RIGHT, 100 + 800, 3000));
	assert_true(off_throughout(tl, NJ_LEFT | NJ_JUMP, 0, 3000));
	free(tl);
}

/* X's default: first repeat after 660 ms, then 25 a second. */
static void test_hold_with_x_timings_is_continuous(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	legacy_hold(tl, TC_HELD_RIGHT, 100, 4000, 660, 40);
	legacy_hold(tl, TC_HELD_JUMP, 5000, 6500, 660, 40);
	play(tl, &h, 400);
	assert_true(on_throughout(tl, NJ_RIGHT, 100, 4000));
	assert_true(off_throughout(tl, NJ_RIGHT, 4000 + 200, 5000));
	assert_true(on_throughout(tl, NJ_JUMP, 5000, 6500));
	assert_int_equal(rises(tl, NJ_JUMP, 400), 1);
	free(tl);
}

/* macOS-like: first repeat after 500 ms (then 30 ms), and a fast setting of 250 ms. */
static void test_hold_with_macos_timings_is_continuous(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	legacy_hold(tl, TC_HELD_JUMP, 100, 1500, 500, 30);
	legacy_hold(tl, TC_HELD_LEFT, 2000, 3000, 500, 30);
	play(tl, &h, 200);
	assert_true(on_throughout(tl, NJ_JUMP, 100, 1500));
	assert_int_equal(rises(tl, NJ_JUMP, 200), 1);
	assert_true(on_throughout(tl, NJ_LEFT, 2000, 3000));
	assert_true(off_throughout(tl, NJ_LEFT, 3000 + 200, 5000));
	free(tl);

	/* 250 ms: running right away, and after one held key jump holds are continuous too. */
	tl = fresh_timeline();
	tc_held_reset(&h);
	h.delay_ms = 0;
	legacy_hold(tl, TC_HELD_RIGHT, 100, 1500, 250, 30);
	legacy_hold(tl, TC_HELD_JUMP, 2000, 2800, 250, 30);
	play(tl, &h, 200);
	assert_true(on_throughout(tl, NJ_RIGHT, 100, 1500));
	assert_true(on_throughout(tl, NJ_JUMP, 2000, 2800));
	assert_int_equal(rises(tl, NJ_JUMP, 200), 1);
	free(tl);
}

/* Once the terminal's delay is known to be short, a tap is a short hold (a low jump). */
static void test_learns_the_repeat_delay(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	memset(&h, 0, sizeof h);
	legacy_hold(tl, TC_HELD_RIGHT, 100, 1500, 250, 30);
	add(tl, 2000, TC_HELD_JUMP, PRESS);
	play(tl, &h, 200);
	int tap_steps = steps_on(tl, NJ_JUMP, 200);
	assert_in_range(tap_steps, 10, 16); /* 250 ms and a margin, not 700 */
	/* reset keeps what was learned (a restart does not forget the terminal) */
	tc_held_reset(&h);
	free(tl);
	tl = fresh_timeline();
	add(tl, 100, TC_HELD_JUMP, PRESS);
	play(tl, &h, 100);
	assert_int_equal(steps_on(tl, NJ_JUMP, 100), tap_steps);
	free(tl);
}

static void test_release_reports_are_trusted(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	kitty_hold(tl, TC_HELD_RIGHT, 100, 2000, 500, 30);
	kitty_hold(tl, TC_HELD_JUMP, 3000, 3260, 500, 30); /* let go before any repeat */
	kitty_hold(tl, TC_HELD_LEFT, 4005, 4010, 500, 30); /* a tap between two steps */
	play(tl, &h, 240);
	assert_true(on_throughout(tl, NJ_RIGHT, 100, 2000));
	assert_true(off_throughout(tl, NJ_RIGHT, 2000, 6000));
	assert_true(on_throughout(tl, NJ_JUMP, 3000, 3260));
	assert_true(off_throughout(tl, NJ_JUMP, 3260, 6000));
	assert_int_equal(steps_on(tl, NJ_LEFT, 240), 1); /* every press is seen once */
	free(tl);

	/* A release that never comes: let go after a few seconds without events. */
	tl = fresh_timeline();
	add(tl, 100, TC_HELD_RIGHT, PRESS);
	add(tl, 150, TC_HELD_RIGHT, RELEASE);
	add(tl, 1000, TC_HELD_RIGHT, PRESS);
	play(tl, &h, 400);
	assert_true(on_throughout(tl, NJ_RIGHT, 1000, 3000));
	assert_true(off_throughout(tl, NJ_RIGHT, 6000, 10000));
	free(tl);
}

/* A jump tapped in a kitty terminal is a one-step jump; held, as long as held. */
static void test_release_reports_give_exact_jump_height(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	kitty_hold(tl, TC_HELD_JUMP, 100, 110, 500, 30);
	kitty_hold(tl, TC_HELD_JUMP, 1000, 1400, 500, 30);
	play(tl, &h, 100);
	assert_int_equal(steps_on(tl, NJ_JUMP, 40), 1);
	assert_int_equal(steps_on(tl, NJ_JUMP, 100) - 1, 16);
	free(tl);
}

static void test_opposite_direction_lets_go_at_once(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	legacy_hold(tl, TC_HELD_RIGHT, 100, 2000, 660, 40);
	add(tl, 2010, TC_HELD_LEFT, PRESS);
	add(tl, 2020, TC_HELD_RIGHT, PRESS); /* a repeat still on its way */
	play(tl, &h, 200);
	assert_true(on_throughout(tl, NJ_RIGHT, 100, 2000));
	assert_true(off_throughout(tl, NJ_RIGHT, 2010, 5000));
	assert_true(on_throughout(tl, NJ_LEFT, 2010, 2500));
	free(tl);
}

static void test_stop_lets_go_of_everything(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	legacy_hold(tl, TC_HELD_RIGHT, 100, 2001, 660, 40); /* the last repeat at 2000 */
	add(tl, 1500, TC_HELD_JUMP, PRESS);
	add(tl, 2005, 0, STOP);
	add(tl, 2030, TC_HELD_RIGHT, PRESS); /* a repeat still on its way */
	play(tl, &h, 200);
	assert_true(on_throughout(tl, NJ_RIGHT, 100, 2000));
	assert_true(off_throughout(tl, NJ_RIGHT | NJ_LEFT | NJ_JUMP, 2005, 5000));
	/* A real press afterwards runs again. */
	free(tl);
	tl = fresh_timeline();
	tc_held_reset(&h);
	add(tl, 100, TC_HELD_RIGHT, PRESS);
	add(tl, 200, 0, STOP);
	add(tl, 400, TC_HELD_RIGHT, PRESS);
	play(tl, &h, 40);
	assert_true(off_throughout(tl, NJ_RIGHT, 200, 400));
	assert_true(on_throughout(tl, NJ_RIGHT, 400, 900));
	free(tl);
}

/* The bits of the steps around a second press: one step without jump, then jump again. */
static void assert_fresh_jump_after(const struct timeline *tl, uint64_t second, int within)
{
	int s = step_at(second);
	int gap = -1;
	for (int i = s; i < s + within; i++)
		if (!(tl->bits[i] & NJ_JUMP)) {
			gap = i;
			break;
		}
	assert_true(gap >= 0);
	assert_true(tl->bits[gap + 1] & NJ_JUMP);
}

static void test_second_press_during_a_hold_is_a_fresh_jump(void **state)
{
	(void)state;
	/* Held through its repeats, let go, pressed again soon after (a wall jump). */
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	legacy_hold(tl, TC_HELD_RIGHT, 100, 1500, 500, 33); /* the terminal is known by now */
	legacy_hold(tl, TC_HELD_JUMP, 2000, 2600, 500, 33);
	add(tl, 2680, TC_HELD_JUMP, PRESS); /* 80 ms after its last repeat */
	play(tl, &h, 200);
	assert_true(on_throughout(tl, NJ_JUMP, 2000, 2600));
	assert_fresh_jump_after(tl, 2680, 4);
	assert_int_equal(rises(tl, NJ_JUMP, 200), 2);
	free(tl);

	/* Tapped, then pressed again 300 ms later, before any repeat could come. */
	tl = fresh_timeline();
	tc_held_reset(&h);
	add(tl, 100, TC_HELD_JUMP, PRESS);
	add(tl, 400, TC_HELD_JUMP, PRESS);
	play(tl, &h, 100);
	assert_fresh_jump_after(tl, 400, 3);
	assert_int_equal(rises(tl, NJ_JUMP, 100), 2);
	free(tl);

	/* In the X's 660 ms terminal, pressed again 500 ms after a tap: where a repeat might be,
	 * but no repeats follow it, so it was a press (seen a few steps late). */
	tl = fresh_timeline();
	tc_held_reset(&h);
	legacy_hold(tl, TC_HELD_RIGHT, 100, 1500, 660, 40);
	add(tl, 2000, TC_HELD_JUMP, PRESS);
	add(tl, 2500, TC_HELD_JUMP, PRESS);
	play(tl, &h, 200);
	assert_fresh_jump_after(tl, 2500, 6);
	assert_int_equal(rises(tl, NJ_JUMP, 200), 2);
	free(tl);

	/* With release reports, any press is fresh. */
	tl = fresh_timeline();
	tc_held_reset(&h);
	kitty_hold(tl, TC_HELD_JUMP, 100, 300, 500, 30);
	kitty_hold(tl, TC_HELD_JUMP, 320, 600, 500, 30);
	play(tl, &h, 40);
	assert_int_equal(rises(tl, NJ_JUMP, 40), 2);
	free(tl);
}

static void test_jump_hold_ends_when_repeats_stop(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	legacy_hold(tl, TC_HELD_JUMP, 100, 2000, 660, 40);
	play(tl, &h, 200);
	assert_true(on_throughout(tl, NJ_JUMP, 100, 2000));
	assert_true(off_throughout(tl, NJ_JUMP, 2000 + 200, 5000));
	assert_int_equal(rises(tl, NJ_JUMP, 200), 1);
	free(tl);
}

/* Over SSH the repeats (every 33 ms) arrive in bunches of four, up to ~130 ms apart, with
 * jitter: neither the run nor the jump is let go, and no jump is pressed anew. */
static void test_ssh_bunching_keeps_the_hold(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	static const int jitter[] = {0, 7, 3, 12, 5, 0, 9};
	for (int key = TC_HELD_RIGHT; key <= TC_HELD_JUMP; key++) {
		uint64_t down = key == TC_HELD_RIGHT ? 100 : 4000, up = down + 3000;
		add(tl, down, key, PRESS);
		/* Repeat n, due at down + 500 + 33 n, arrives with the last of its bunch of four.
		 */
		for (int n = 0; down + 500 + 33 * (uint64_t)n < up; n++) {
			uint64_t bunch = down + 500 + 33 * (uint64_t)(n / 4 * 4 + 3);
			add(tl, bunch + (uint64_t)jitter[n / 4 % 7], key, PRESS);
		}
	}
	play(tl, &h, 320);
	assert_true(on_throughout(tl, NJ_RIGHT, 100, 3100));
	assert_true(on_throughout(tl, NJ_JUMP, 4000, 7000));
	assert_int_equal(rises(tl, NJ_JUMP, 320), 1);
	assert_true(off_throughout(tl, NJ_RIGHT, 3400, 4000));
	free(tl);
}

/* The terminal repeats only the last key pressed: a run goes on through a jump. */
static void test_run_continues_through_a_jump(void **state)
{
	(void)state;
	struct timeline *tl = fresh_timeline();
	struct tc_held h = {0};
	tc_held_reset(&h);
	legacy_hold(tl, TC_HELD_RIGHT, 100, 1200, 660, 40); /* repeats stop at the jump */
	legacy_hold(tl, TC_HELD_JUMP, 1200, 2000, 660, 40);
	play(tl, &h, 120);
	assert_true(on_throughout(tl, NJ_RIGHT, 100, 2000));
	assert_true(on_throughout(tl, NJ_JUMP, 1200, 2000));
	free(tl);
}

/* Every common repeat setting, once the terminal has been seen holding a direction: a held
 * jump is one continuous jump, and a second press soon after letting go is one more. */
static void test_common_repeat_settings(void **state)
{
	(void)state;
	static const uint64_t delays[] = {250, 330, 500, 660}, intervals[] = {25, 33, 40, 50};
	for (int d = 0; d < 4; d++)
		for (int i = 0; i < 4; i++)
			for (uint64_t again = 80; again <= 200; again += 40) {
				struct timeline *tl = fresh_timeline();
				struct tc_held h = {0};
				legacy_hold(tl, TC_HELD_LEFT, 100, 2000, delays[d], intervals[i]);
				legacy_hold(tl, TC_HELD_JUMP, 3000, 4500, delays[d], intervals[i]);
				uint64_t last = 3000 + delays[d];
				while (last + intervals[i] < 4500)
					last += intervals[i];
				add(tl, last + again, TC_HELD_JUMP, PRESS);
				play(tl, &h, 280);
				assert_true(on_throughout(tl, NJ_LEFT, 100, 2000));
				assert_true(on_throughout(tl, NJ_JUMP, 3000, 4500));
				assert_int_equal(rises(tl, NJ_JUMP, 280), 2);
				assert_true(off_throughout(tl, NJ_LEFT, 2400, 7000));
				free(tl);
			}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_tap_runs_briefly_then_stops),
	        cmocka_unit_test(test_hold_with_x_timings_is_continuous),
	        cmocka_unit_test(test_hold_with_macos_timings_is_continuous),
	        cmocka_unit_test(test_learns_the_repeat_delay),
	        cmocka_unit_test(test_release_reports_are_trusted),
	        cmocka_unit_test(test_release_reports_give_exact_jump_height),
	        cmocka_unit_test(test_opposite_direction_lets_go_at_once),
	        cmocka_unit_test(test_stop_lets_go_of_everything),
	        cmocka_unit_test(test_second_press_during_a_hold_is_a_fresh_jump),
	        cmocka_unit_test(test_jump_hold_ends_when_repeats_stop),
	        cmocka_unit_test(test_ssh_bunching_keeps_the_hold),
	        cmocka_unit_test(test_run_continues_through_a_jump),
	        cmocka_unit_test(test_common_repeat_settings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
