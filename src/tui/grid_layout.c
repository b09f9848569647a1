/* Tile sizes step from big to compact; terminal cells are about twice as tall as wide, so a
 * tile twice as wide as high looks square. */
#include "grid_layout.h"

#define MAX_TILE_H 7

/* Gaps grow with tiles so the board breathes on big screens and stays dense on small ones.
 * Two columns from two-line tiles on: a cursor's brackets then stand in the gaps, one column
 * clear of the tiles, and a cursor move changes only gap columns more than five apart, which
 * curses reaches by moving rather than by sending the tiles between again in their colours. */
static void gaps_for(int tile_h, int *gap_x, int *gap_y)
{
	*gap_y = tile_h >= 3 ? 1 : 0;
	*gap_x = tile_h >= 2 ? 2 : 1;
}

static int tile_width_for(int tile_h, int min_w)
{
	int w = 2 * tile_h + 1;
	return w < min_w ? min_w : w;
}

static void outer_size(int rows, int cols, int tile_w, int tile_h, int *w, int *h)
{
	int gap_x, gap_y;
	gaps_for(tile_h, &gap_x, &gap_y);
	*w = cols * tile_w + (cols - 1) * gap_x + 2 + 2 * gap_x;
	*h = rows * tile_h + (rows - 1) * gap_y + 2 + 2 * gap_y;
}

void tc_grid_min_size(int rows, int cols, int min_w, int min_h, int *w, int *h)
{
	outer_size(rows, cols, tile_width_for(min_h, min_w), min_h, w, h);
}

bool tc_grid_fit(struct tc_grid_layout *l, int rows, int cols, struct tc_rect area, int min_w,
                 int min_h)
{
	for (int tile_h = MAX_TILE_H; tile_h >= min_h; tile_h--) {
		int tile_w = tile_width_for(tile_h, min_w);
		int w, h;
		outer_size(rows, cols, tile_w, tile_h, &w, &h);
		if (w > area.w || h > area.h)
			continue;
		l->rows = rows;
		l->cols = cols;
		l->tile_w = tile_w;
		l->tile_h = tile_h;
		gaps_for(tile_h, &l->gap_x, &l->gap_y);
		l->frame = (struct tc_rect){area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w,
		                            h};
		l->x0 = l->frame.x + 1 + l->gap_x;
		l->y0 = l->frame.y + 1 + l->gap_y;
		return true;
	}
	return false;
}

int tc_grid_cell_x(const struct tc_grid_layout *l, int col)
{
	return l->x0 + col * (l->tile_w + l->gap_x);
}

int tc_grid_cell_y(const struct tc_grid_layout *l, int row)
{
	return l->y0 + row * (l->tile_h + l->gap_y);
}

bool tc_grid_hit(const struct tc_grid_layout *l, int x, int y, int *row, int *col)
{
	if (x < l->x0 || y < l->y0)
		return false;
	int c = (x - l->x0) / (l->tile_w + l->gap_x);
	int r = (y - l->y0) / (l->tile_h + l->gap_y);
	if (c >= l->cols || r >= l->rows)
		return false;
	*row = r;
	*col = c;
	return true;
}
