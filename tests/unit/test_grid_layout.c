/* The tile-grid layout: tiles grow with the window, shrink to fit, and clicks map to cells. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "grid_layout.h"

static const struct tc_rect screen_80x24 = {0, 1, 80, 22}; /* between the two status lines */

static void fits_inside_the_area(const struct tc_grid_layout *l, struct tc_rect area)
{
	assert_true(l->frame.x >= area.x && l->frame.y >= area.y);
	assert_true(l->frame.x + l->frame.w <= area.x + area.w);
	assert_true(l->frame.y + l->frame.h <= area.y + area.h);
	int right = tc_grid_cell_x(l, l->cols - 1) + l->tile_w;
	int bottom = tc_grid_cell_y(l, l->rows - 1) + l->tile_h;
	assert_true(right < l->frame.x + l->frame.w);
	assert_true(bottom < l->frame.y + l->frame.h);
}

static void test_every_2048_size_fits_80x24(void **state)
{
	(void)state;
	for (int n = 3; n <= 8; n++) {
		struct tc_grid_layout l;
		assert_true(tc_grid_fit(&l, n, n, screen_80x24, 7, 1));
		assert_true(l.tile_w >= 7);
		fits_inside_the_area(&l, screen_80x24);
	}
}

static void test_tiles_grow_on_a_big_terminal(void **state)
{
	(void)state;
	struct tc_grid_layout small, big;
	assert_true(tc_grid_fit(&small, 4, 4, screen_80x24, 7, 1));
	assert_true(tc_grid_fit(&big, 4, 4, (struct tc_rect){0, 1, 200, 60}, 7, 1));
	assert_true(big.tile_h > small.tile_h);
	assert_true(big.tile_w > small.tile_w);
	fits_inside_the_area(&big, (struct tc_rect){0, 1, 200, 60});
}

static void test_board_is_centred(void **state)
{
	(void)state;
	struct tc_grid_layout l;
	assert_true(tc_grid_fit(&l, 4, 4, screen_80x24, 7, 1));
	int left = l.frame.x, right = 80 - (l.frame.x + l.frame.w);
	assert_true(left - right <= 1 && right - left <= 1);
}

static void test_min_size_is_exactly_the_smallest_fit(void **state)
{
	(void)state;
	for (int n = 3; n <= 8; n++) {
		int w, h;
		struct tc_grid_layout l;
		tc_grid_min_size(n, n, 7, 1, &w, &h);
		assert_true(tc_grid_fit(&l, n, n, (struct tc_rect){0, 0, w, h}, 7, 1));
		assert_false(tc_grid_fit(&l, n, n, (struct tc_rect){0, 0, w - 1, h}, 7, 1));
		assert_false(tc_grid_fit(&l, n, n, (struct tc_rect){0, 0, w, h - 1}, 7, 1));
	}
}

static void test_nothing_fits_a_tiny_window(void **state)
{
	(void)state;
	struct tc_grid_layout l;
	assert_false(tc_grid_fit(&l, 4, 4, (struct tc_rect){0, 0, 1, 1}, 7, 1));
	assert_false(tc_grid_fit(&l, 4, 4, (struct tc_rect){0, 0, 0, 0}, 7, 1));
}

static void test_hit_maps_every_tile_cell_back(void **state)
{
	(void)state;
	struct tc_grid_layout l;
	assert_true(tc_grid_fit(&l, 5, 5, screen_80x24, 7, 1));
	for (int r = 0; r < 5; r++)
		for (int c = 0; c < 5; c++)
			for (int dy = 0; dy < l.tile_h; dy++)
				for (int dx = 0; dx < l.tile_w; dx++) {
					int row, col;
					assert_true(tc_grid_hit(&l, tc_grid_cell_x(&l, c) + dx,
					                        tc_grid_cell_y(&l, r) + dy, &row,
					                        &col));
					assert_int_equal(row, r);
					assert_int_equal(col, c);
				}
}

static void test_hit_outside_the_tiles_is_no_cell(void **state)
{
	(void)state;
	struct tc_grid_layout l;
	int row, col;
	assert_true(tc_grid_fit(&l, 4, 4, screen_80x24, 7, 1));
	assert_false(tc_grid_hit(&l, l.frame.x, l.frame.y, &row, &col));
	assert_false(tc_grid_hit(&l, 0, 0, &row, &col));
	assert_false(tc_grid_hit(&l, l.frame.x + l.frame.w, l.y0, &row, &col));
	assert_false(tc_grid_hit(&l, l.x0, l.frame.y + l.frame.h, &row, &col));
}

/* The cursor's brackets go in the columns either side of a tile: those must be gap or padding
 * inside the frame, never a tile's own cells, at every size a grid fits. */
static void test_brackets_never_land_on_a_tile(void **state)
{
	(void)state;
	static const int grids[][2] = {{6, 3}, {8, 4}, {10, 3}, {10, 4}, {4, 7}};
	for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++)
		for (int w = 10; w <= 160; w++)
			for (int h = 5; h <= 50; h++) {
				struct tc_grid_layout l;
				int n = grids[g][0];
				if (!tc_grid_fit(&l, n, n, (struct tc_rect){0, 0, w, h},
				                 grids[g][1], 1))
					continue;
				assert_true(l.gap_x >= 1);
				int left = tc_grid_cell_x(&l, 0) - l.gap_x;
				int right = tc_grid_cell_x(&l, n - 1) + l.tile_w + l.gap_x - 1;
				assert_true(left > l.frame.x);
				assert_true(right < l.frame.x + l.frame.w - 1);
			}
}

/* Rows of tiles have a blank line between them whenever one-line tiles with such lines fit,
 * so same-coloured tiles stacked never read as one block. */
static void test_rows_are_apart_wherever_they_fit(void **state)
{
	(void)state;
	for (int n = 4; n <= 10; n++)
		for (int h = 5; h <= 50; h++) {
			struct tc_grid_layout l;
			struct tc_rect area = {0, 0, 120, h};
			assert_true(tc_grid_fit(&l, n, n, area, 3, 1) || h < n + 2);
			if (h >= 2 * n - 1 + 2)
				assert_int_equal(l.gap_y, 1);
		}
	/* zNumbers 6x6 and Match-3 8x8 at 80x24 (their areas less labels and the info line). */
	struct tc_grid_layout zn, m3;
	assert_true(tc_grid_fit(&zn, 6, 6, (struct tc_rect){3, 2, 74, 20}, 3, 1));
	assert_int_equal(zn.gap_y, 1);
	assert_true(zn.tile_h >= 2);
	assert_true(tc_grid_fit(&m3, 8, 8, (struct tc_rect){0, 1, 80, 21}, 4, 1));
	assert_int_equal(m3.gap_y, 1);
	assert_int_equal(m3.tile_w, 5); /* a glyph in the middle */
}

/* Tiles five wide two columns apart, and so a cheap cursor move, wherever they fit: zNumbers
 * 10x10 at 80x24 has no room for blank lines between rows but keeps them; a column less does
 * not. */
static void test_wide_gaps_where_they_fit(void **state)
{
	(void)state;
	struct tc_grid_layout l;
	assert_true(tc_grid_fit(&l, 10, 10, (struct tc_rect){3, 2, 74, 20}, 3, 1));
	assert_int_equal(l.gap_x, 2);
	assert_true(l.tile_w >= 5);
	assert_true(tc_grid_fit(&l, 10, 10, (struct tc_rect){3, 2, 73, 20}, 3, 1));
	assert_int_equal(l.gap_x, 1);
}

/* 2048 at 80x24 keeps its look: three-line tiles seven wide, two columns and a line apart. */
static void test_2048_keeps_its_look_at_80x24(void **state)
{
	(void)state;
	struct tc_grid_layout l;
	assert_true(tc_grid_fit(&l, 4, 4, screen_80x24, 7, 1));
	assert_int_equal(l.tile_h, 3);
	assert_int_equal(l.tile_w, 7);
	assert_int_equal(l.gap_x, 2);
	assert_int_equal(l.gap_y, 1);
	assert_int_equal(l.y0, l.frame.y + 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_every_2048_size_fits_80x24),
	        cmocka_unit_test(test_tiles_grow_on_a_big_terminal),
	        cmocka_unit_test(test_board_is_centred),
	        cmocka_unit_test(test_min_size_is_exactly_the_smallest_fit),
	        cmocka_unit_test(test_nothing_fits_a_tiny_window),
	        cmocka_unit_test(test_hit_maps_every_tile_cell_back),
	        cmocka_unit_test(test_hit_outside_the_tiles_is_no_cell),
	        cmocka_unit_test(test_brackets_never_land_on_a_tile),
	        cmocka_unit_test(test_rows_are_apart_wherever_they_fit),
	        cmocka_unit_test(test_wide_gaps_where_they_fit),
	        cmocka_unit_test(test_2048_keeps_its_look_at_80x24),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
