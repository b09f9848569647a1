#include "frame.h"

#include <stdio.h>
#include <string.h>

bool e2e_find_frame(struct e2e_term *t, struct e2e_frame *f)
{
	int row, col;
	if (!e2e_find(t, "┌", &f->top, &f->left) ||
	    !e2e_find_from(t, "┘", f->top, &f->bottom, &f->right))
		return false;
	return e2e_find_from(t, "└", f->top, &row, &col) && row == f->bottom && col == f->left &&
	       f->bottom > f->top && f->right > f->left;
}

static bool cell_is(struct e2e_term *t, int row, int col, const char *text)
{
	struct e2e_cell cell;
	return e2e_cell(t, row, col, &cell) && strcmp(cell.text, text) == 0;
}

bool e2e_frame_whole(struct e2e_term *t, const struct e2e_frame *f)
{
	for (int c = f->left + 1; c < f->right; c++)
		if (!cell_is(t, f->top, c, "─") || !cell_is(t, f->bottom, c, "─"))
			return false;
	for (int r = f->top + 1; r < f->bottom; r++)
		if (!cell_is(t, r, f->left, "│") || !cell_is(t, r, f->right, "│"))
			return false;
	return cell_is(t, f->top, f->right, "┐") && cell_is(t, f->bottom, f->left, "└");
}

bool e2e_inside_frame(struct e2e_term *t, const struct e2e_frame *f, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col) && row > f->top && row < f->bottom && col > f->left &&
	       col + (int)strlen(text) <= f->right;
}

bool e2e_box_in_frame(struct e2e_term *t, void *lines)
{
	struct e2e_frame f;
	if (!e2e_find_frame(t, &f) || !e2e_frame_whole(t, &f))
		return false;
	for (const char *const *line = lines; *line; line++)
		if (!e2e_inside_frame(t, &f, *line))
			return false;
	return true;
}

static bool same_colour(const struct e2e_color *a, const struct e2e_color *b)
{
	return a->kind == b->kind && a->r == b->r && a->g == b->g && a->b == b->b;
}

/* How many cells from (y, x) on, one every dx, have the background of the first and not the
 * board's: the part of a tile seen there. */
static int tile_run(struct e2e_term *t, int y, int x, int dx, const struct e2e_color *board)
{
	struct e2e_cell first, c;
	if (!e2e_cell(t, y, x, &first) || same_colour(&first.bg, board))
		return 0;
	int n = 0;
	while (e2e_cell(t, y, x + n * dx, &c) && same_colour(&c.bg, &first.bg))
		n++;
	return n;
}

bool e2e_box_alone(struct e2e_term *t, const char *text, int board_y, int board_x, int tile_y,
                   int tile_x)
{
	int row, col;
	struct e2e_cell fill, board, c;
	if (!e2e_find(t, text, &row, &col) || !e2e_cell(t, row, col, &fill) ||
	    !e2e_cell(t, board_y, board_x, &board))
		return false;
	int tile_w = tile_run(t, tile_y, tile_x, 1, &board.bg) +
	             tile_run(t, tile_y, tile_x, -1, &board.bg) - 1;
	int left = col, right = col, top = row, bottom = row;
	while (e2e_cell(t, row, left - 1, &c) && same_colour(&c.bg, &fill.bg))
		left--;
	while (e2e_cell(t, row, right + 1, &c) && same_colour(&c.bg, &fill.bg))
		right++;
	while (e2e_cell(t, top - 1, left, &c) && same_colour(&c.bg, &fill.bg))
		top--;
	while (e2e_cell(t, bottom + 1, left, &c) && same_colour(&c.bg, &fill.bg))
		bottom++;
	for (int y = top; y <= bottom; y++)
		for (int dx = -1; dx <= 1; dx += 2) {
			int beside = dx < 0 ? left - 1 : right + 1;
			if (!e2e_cell(t, y, beside, &c))
				continue;
			int seen = tile_run(t, y, beside, dx, &board.bg);
			if (strcmp(c.text, "[") == 0 || strcmp(c.text, "]") == 0 ||
			    (seen && seen != tile_w)) {
				fprintf(stderr,
				        "beside the box at %d,%d: '%s', %d columns of a tile of "
				        "%d\n",
				        y, beside, c.text, seen, tile_w);
				return false;
			}
		}
	return true;
}
