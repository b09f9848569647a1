/* An N level's map on the screen, shared by the level browser and the play screen: 31 × 23
 * tiles of two columns each, objects placed at half a tile's resolution, and the glyph tables
 * (Unicode and ASCII) in one place. */
#ifndef TILECADE_TUI_NLEVEL_MAP_H
#define TILECADE_TUI_NLEVEL_MAP_H

#include <curses.h>
#include <stdbool.h>

#include "tilecade/nlevel.h"

#define TC_NLMAP_W (NL_COLS * 2 + 2) /* the map and its side borders */
#define TC_NLMAP_CELLS (NL_COLS * 2) /* columns of tiles, without the borders */

/* The two columns of a tile id (an unknown id draws as full), and how it is drawn. */
const char *tc_nlmap_tile_glyph(int id, bool unicode);
attr_t tc_nlmap_tile_attr(int id);

/* An object's glyph (letter is a buffer for the one-letter ones) and how it is drawn. */
const char *tc_nlmap_object_glyph(int type, bool unicode, char letter[2]);
attr_t tc_nlmap_object_attr(int type);

/* The map cell (0-based, col 0..TC_NLMAP_CELLS-1, row 0..NL_ROWS-1) of the pixel position
 * (x, y); false when it lies off the map by more than a cell. */
bool tc_nlmap_place(double x, double y, int *col, int *row);

/* A one-column glyph at the cell of pixel (x, y); x0, y0: the map's first tile cell. */
void tc_nlmap_draw_mark(int x0, int y0, double x, double y, attr_t attr, const char *glyph);

/* The borders (the side ones always; top and bottom with frame) and the tiles. x0, y0: the
 * top-left of the map's first row, its left border included. */
void tc_nlmap_draw_tiles(const uint8_t *tile, int x0, int y0, bool frame);

/* The whole level as the browser shows it: tiles, then every object, the ninja last. */
void tc_nlmap_draw_level(const struct nl_level *l, int x0, int y0, bool frame);

#endif
