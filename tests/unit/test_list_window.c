/* tc_list_top: the window of a list too tall for its room follows the selection. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "list_window.h"

static void test_a_list_that_fits_does_not_scroll(void **state)
{
	(void)state;
	assert_int_equal(tc_list_top(9, 8, 9, 0), 0);
	assert_int_equal(tc_list_top(9, 8, 20, 3), 0);
}

static void test_the_window_moves_as_little_as_the_selection_needs(void **state)
{
	(void)state;
	assert_int_equal(tc_list_top(10, 3, 4, 0), 0); /* the last row shown */
	assert_int_equal(tc_list_top(10, 4, 4, 0), 1); /* one further down */
	assert_int_equal(tc_list_top(10, 9, 4, 1), 6); /* wrapped to the end */
	assert_int_equal(tc_list_top(10, 7, 4, 6), 6); /* still in view: stays */
	assert_int_equal(tc_list_top(10, 5, 4, 6), 5);
	assert_int_equal(tc_list_top(10, 0, 4, 6), 0); /* wrapped to the start */
}

static void test_a_room_shrunk_keeps_the_window_in_the_list(void **state)
{
	(void)state;
	assert_int_equal(tc_list_top(10, 9, 8, 6), 2);
	assert_int_equal(tc_list_top(10, 2, 0, 0), 2); /* no room: the selected row alone */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_a_list_that_fits_does_not_scroll),
	        cmocka_unit_test(test_the_window_moves_as_little_as_the_selection_needs),
	        cmocka_unit_test(test_a_room_shrunk_keeps_the_window_in_the_list),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
