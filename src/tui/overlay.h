/* Boxes drawn over the screen (messages, help, confirmations) and the too-small screen. */
#ifndef TILECADE_TUI_OVERLAY_H
#define TILECADE_TUI_OVERLAY_H

#include <stdbool.h>

#include "grid_layout.h"
#include "theme.h"

/* A box of these lines centred in area (a board's frame, say), never wider or taller: a line
 * too wide is broken between the items of a list of keys or between words, the margins
 * shrink on a small area, and what does not fit even so is cut. The first line is the title,
 * drawn bold. */
void tc_overlay_box_in(struct tc_rect area, const char *const *lines, int count, enum tc_role role);
/* The tiles of a board a box over it covers whole or not at all: the first tile's top-left
 * corner, the step from one tile to the next and a tile's size, in screen cells. */
struct tc_tiles {
	int x0, y0, step_x, step_y, w, h;
};
/* The tiles of a grid as laid out; the gaps between them are step - size. */
struct tc_tiles tc_tiles_of(const struct tc_grid_layout *l);
/* The same box over tiles: an edge that would cut a tile moves out to the tile's edge and over
 * the gap on that side, where a cursor's bracket goes (the lines stay where they were), so
 * that no tile shows in part beside it, nor the bracket of one it covers. */
void tc_overlay_box_over(struct tc_rect area, const struct tc_tiles *tiles,
                         const char *const *lines, int count, enum tc_role role);
/* Whether tc_overlay_box_in would show every line whole. */
bool tc_overlay_fits(struct tc_rect area, const char *const *lines, int count);
/* The same box centred on the whole screen. */
void tc_overlay_box(const char *const *lines, int count, enum tc_role role);

/* The whole screen says the terminal is too small and how big it must be. */
void tc_draw_too_small(int need_w, int need_h);

#endif
