/* Tile sizes step from big to compact; terminal cells are about twice as tall as wide, so a
 * tile twice as wide as high looks square. */
#include "grid_layout.h"

#define MAX_TILE_H 7

/* With two-column gaps, tiles this wide keep the cells a cursor move changes six columns apart,
 * which curses moves over; closer, it would send the tile between again in its colours. */
#define WIDE_TILE_W 5

/* How tiles are set: their width, the space between them (gap_x, gap_y) and between them and
 * the frame (the side columns pad_x = gap_x, the lines above and below pad_y). */
struct spacing {
	bool wide; /* at least WIDE_TILE_W */
	int gap_x, gap_y, pad_y;
};

/* Spacings from best to most compact. A blank line between rows keeps two same-coloured
 * tiles stacked from reading as one block, which matters most; then two columns between wide
 * tiles let a cursor's brackets stand in the gaps, one column clear of the tiles, and a cursor
 * move change only cells far apart. Tiles under three lines touch the frame's lines (they
 * separate them well enough), which leaves the lines for the rows. Every level has a gap
 * column either side of each tile, so the brackets never cover one. */
static struct spacing spacing_for(int tile_h, int level)
{
	switch (level) {
	case 0:
		return (struct spacing){true, 2, 1, tile_h >= 3 ? 1 : 0};
	case 1:
		return (struct spacing){false, 1, 1, 0};
	case 2:
		return (struct spacing){true, 2, 0, 0};
	default:
		return (struct spacing){false, 1, 0, 0};
	}
}

#define LEVELS 4

static int tile_width_for(int tile_h, int min_w, bool wide)
{
	int w = 2 * tile_h + 1;
	if (wide && w < WIDE_TILE_W)
		w = WIDE_TILE_W;
	return w < min_w ? min_w : w;
}

static void outer_size(int rows, int cols, int tile_w, int tile_h, struct spacing s, int *w, int *h)
{
	*w = cols * tile_w + (cols - 1) * s.gap_x + 2 + 2 * s.gap_x;
	*h = rows * tile_h + (rows - 1) * s.gap_y + 2 + 2 * s.pad_y;
}

void tc_grid_min_size(int rows, int cols, int min_w, int min_h, int *w, int *h)
{
	struct spacing s = spacing_for(min_h, LEVELS - 1);
	outer_size(rows, cols, tile_width_for(min_h, min_w, s.wide), min_h, s, w, h);
}

/* Places the grid if tiles of tile_h lines with spacing s fit in area. */
static bool place(struct tc_grid_layout *l, int rows, int cols, struct tc_rect area, int min_w,
                  int tile_h, struct spacing s)
{
	int tile_w = tile_width_for(tile_h, min_w, s.wide);
	int w, h;
	outer_size(rows, cols, tile_w, tile_h, s, &w, &h);
	if (w > area.w || h > area.h)
		return false;
	l->rows = rows;
	l->cols = cols;
	l->tile_w = tile_w;
	l->tile_h = tile_h;
	l->gap_x = s.gap_x;
	l->gap_y = s.gap_y;
	l->frame = (struct tc_rect){area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w, h};
	l->x0 = l->frame.x + 1 + s.gap_x;
	l->y0 = l->frame.y + 1 + s.pad_y;
	return true;
}

/* The best spacing first: tiles shrink down to the smallest before they narrow, rows lose
 * their blank line or the brackets their clear column. */
bool tc_grid_fit(struct tc_grid_layout *l, int rows, int cols, struct tc_rect area, int min_w,
                 int min_h)
{
	for (int tile_h = MAX_TILE_H; tile_h >= min_h; tile_h--)
		if (place(l, rows, cols, area, min_w, tile_h, spacing_for(tile_h, 0)))
			return true;
	for (int level = 1; level < LEVELS; level++)
		if (place(l, rows, cols, area, min_w, min_h, spacing_for(min_h, level)))
			return true;
	return false;
}

struct tc_rect tc_grid_inside(const struct tc_grid_layout *l)
{
	return (struct tc_rect){l->frame.x + 1, l->frame.y + 1, l->frame.w - 2, l->frame.h - 2};
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
