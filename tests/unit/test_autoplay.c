/* Autoplay's clock: a move due an interval after the last, speeds in steps, and waits that never
 * spin (0) nor oversleep a due move. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "autoplay.h"

static void autoplay_is_off_until_started(void **unused)
{
	struct tc_autoplay a;
	tc_autoplay_init(&a);
	assert_false(a.on);
	assert_false(tc_autoplay_due(&a, 5000));
	assert_int_equal(tc_autoplay_wait(&a, 5000), -1);
	assert_int_equal(tc_autoplay_interval(&a), 100);
}

static void autoplay_moves_at_once_then_every_interval(void **unused)
{
	struct tc_autoplay a;
	tc_autoplay_init(&a);
	tc_autoplay_start(&a, 10); /* early in the clock's life too */
	assert_true(tc_autoplay_due(&a, 10));
	tc_autoplay_moved(&a, 10);
	assert_false(tc_autoplay_due(&a, 109));
	assert_int_equal(tc_autoplay_wait(&a, 10), 100);
	assert_int_equal(tc_autoplay_wait(&a, 60), 50);
	assert_true(tc_autoplay_due(&a, 110));
	assert_int_equal(tc_autoplay_wait(&a, 110), 1);
	assert_int_equal(tc_autoplay_wait(&a, 500), 1); /* late: at once, but not 0 */
	tc_autoplay_stop(&a);
	assert_false(tc_autoplay_due(&a, 500));
	assert_int_equal(tc_autoplay_wait(&a, 500), -1);
}

static void autoplay_speeds_step_through_the_range(void **unused)
{
	static const int expect[] = {1000, 500, 250, 100, 50, 20, 0};
	struct tc_autoplay a;
	tc_autoplay_init(&a);
	while (tc_autoplay_slower(&a))
		;
	assert_true(tc_autoplay_slowest(&a));
	for (int i = 0; i < 7; i++) {
		assert_int_equal(tc_autoplay_interval(&a), expect[i]);
		assert_int_equal(tc_autoplay_faster(&a), i < 6);
	}
	assert_true(tc_autoplay_fastest(&a));
	assert_false(tc_autoplay_slowest(&a));
	assert_int_equal(tc_autoplay_interval(&a), 0);
}

/* At full speed a move is due every frame, and the loop still waits a millisecond for keys. */
static void autoplay_full_speed_never_waits_zero(void **unused)
{
	struct tc_autoplay a;
	tc_autoplay_init(&a);
	while (tc_autoplay_faster(&a))
		;
	tc_autoplay_start(&a, 1000);
	for (uint64_t t = 1000; t < 1010; t++) {
		assert_true(tc_autoplay_due(&a, t));
		tc_autoplay_moved(&a, t);
		assert_true(tc_autoplay_due(&a, t));
		assert_int_equal(tc_autoplay_wait(&a, t), 1);
	}
}

/* A new speed applies to the move already waiting. */
static void autoplay_speed_change_applies_at_once(void **unused)
{
	struct tc_autoplay a;
	tc_autoplay_init(&a);
	tc_autoplay_start(&a, 0);
	tc_autoplay_moved(&a, 1000);
	assert_int_equal(tc_autoplay_wait(&a, 1000), 100);
	assert_true(tc_autoplay_slower(&a));
	assert_int_equal(tc_autoplay_wait(&a, 1000), 250);
	assert_true(tc_autoplay_faster(&a));
	assert_true(tc_autoplay_faster(&a));
	assert_int_equal(tc_autoplay_wait(&a, 1000), 50);
	assert_false(tc_autoplay_due(&a, 1049));
	assert_true(tc_autoplay_due(&a, 1050));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(autoplay_is_off_until_started),
	        cmocka_unit_test(autoplay_moves_at_once_then_every_interval),
	        cmocka_unit_test(autoplay_speeds_step_through_the_range),
	        cmocka_unit_test(autoplay_full_speed_never_waits_zero),
	        cmocka_unit_test(autoplay_speed_change_applies_at_once),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
