/* The Sudoku grid on the screen: 9x9 cells sized to the window, double lines around the frame
 * and the 3x3 boxes (the latin stage has none), thin lines between the cells of a box when there
 * is room, column letters A-I above and row numbers 1-9 on the left. What goes in the cells is
 * the view's business. */
#ifndef TILECADE_TUI_SUDOKU_GRID_H
#define TILECADE_TUI_SUDOKU_GRID_H

#include <stdbool.h>

#include "grid_layout.h"

#define TC_SUDOKU_SIDE 9

enum tc_sudoku_line { TC_SUDOKU_NO_LINE, TC_SUDOKU_THIN, TC_SUDOKU_THICK };

struct tc_sudoku_grid {
	int cw, ch; /* one cell, in screen cells: 3 to 7 wide, 1 or 3 high */
	/* The line left of column i / above row i; [9] is the right / bottom frame. */
	enum tc_sudoku_line vline[TC_SUDOKU_SIDE + 1], hline[TC_SUDOKU_SIDE + 1];
	/* The first screen column / row of each cell; [9] is that of the right / bottom frame. */
	int x[TC_SUDOKU_SIDE + 1], y[TC_SUDOKU_SIDE + 1];
	int left, top, w, h; /* the frame, lines included */
	int below;           /* the first row free under the grid (a blank row apart if room) */
};

/* Lays out the biggest grid that fits in area with its labels, at least min_w wide in all, and
 * `rows_below` rows under it; boxes: the classic stage's box lines. False when none fits. */
bool tc_sudoku_grid_fit(struct tc_sudoku_grid *g, bool boxes, struct tc_rect area, int min_w,
                        int rows_below);

/* The smallest area such a grid needs. */
void tc_sudoku_grid_min_size(bool boxes, int min_w, int rows_below, int *w, int *h);

/* The cell (0 to 80, row by row) at a screen position, or -1 (lines belong to no cell). */
int tc_sudoku_grid_cell_at(const struct tc_sudoku_grid *g, int x, int y);

/* The lines and the labels; the cells are left as they are. */
void tc_sudoku_grid_draw(const struct tc_sudoku_grid *g);

#endif
