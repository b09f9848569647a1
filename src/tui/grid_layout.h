/* Where a grid of tiles goes on the screen: tile size chosen to fit the window, and the
 * mapping between cells and screen positions. Plain arithmetic, no curses. */
#ifndef TILECADE_TUI_GRID_LAYOUT_H
#define TILECADE_TUI_GRID_LAYOUT_H

#include <stdbool.h>

struct tc_rect {
	int x, y, w, h;
};

struct tc_grid_layout {
	int rows, cols;
	int tile_w, tile_h;   /* one tile, in screen cells */
	int gap_x, gap_y;     /* space between tiles */
	struct tc_rect frame; /* the board with its one-cell border */
	int x0, y0;           /* screen position of the top-left tile */
};

/* Lays out rows x cols tiles of at least min_w x min_h in `area`, as big as fits (up to a size
 * that still looks like tiles), centred. Returns false when even the smallest does not fit. */
bool tc_grid_fit(struct tc_grid_layout *l, int rows, int cols, struct tc_rect area, int min_w,
                 int min_h);

/* The smallest area (with border) such a grid needs. */
void tc_grid_min_size(int rows, int cols, int min_w, int min_h, int *w, int *h);

/* The inside of the board's border: where a game's won and lost boxes go, so that the border
 * stays whole (the views' board_inside). */
struct tc_rect tc_grid_inside(const struct tc_grid_layout *l);

/* Top-left screen position of a cell. */
int tc_grid_cell_x(const struct tc_grid_layout *l, int col);
int tc_grid_cell_y(const struct tc_grid_layout *l, int row);

/* The cell under a screen position, if any (gaps count as the nearest tile to their left/top). */
bool tc_grid_hit(const struct tc_grid_layout *l, int x, int y, int *row, int *col);

#endif
