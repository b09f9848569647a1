/* The shared tile-grid widget: a board frame and tiles with centred labels, drawn into curses'
 * virtual screen. Layout comes from grid_layout.h. */
#ifndef TILECADE_TUI_GRID_H
#define TILECADE_TUI_GRID_H

#include <curses.h>

#include "grid_layout.h"

/* The board's frame and background. */
void tc_grid_draw_frame(const struct tc_grid_layout *l, attr_t attr);

/* A tile at a cell: filled with attr, the label centred. */
void tc_grid_draw_tile(const struct tc_grid_layout *l, int row, int col, attr_t attr,
                       const char *label);

/* Only the label of the tile at a cell, over what is there: a cheap way to mark a tile. */
void tc_grid_draw_label(const struct tc_grid_layout *l, int row, int col, attr_t attr,
                        const char *label);

/* A cursor at a cell: a '[' and a ']' in the gaps either side, in attr (the board's look), never
 * on the tile's own cells; where the gaps are two columns wide, one column clear of the tile. */
void tc_grid_draw_cursor(const struct tc_grid_layout *l, int row, int col, attr_t attr);

/* Fills a rectangle with blanks of attr, clipped to the screen. */
void tc_fill_rect(struct tc_rect r, attr_t attr);

/* Writes text at (x, y) clipped to the screen and to max_w columns; returns columns used. */
int tc_draw_text(int x, int y, int max_w, attr_t attr, const char *text);

/* Columns a UTF-8 string takes (every code point counts as one column). */
int tc_text_width(const char *text);

#endif
