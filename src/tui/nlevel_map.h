/* An N level's map on the screen, shared by the level browser and the play screen: 31 × 23
 * tiles of two columns each (more on a big screen), objects placed at a cell's resolution, the
 * layout of map, panel and status line, and the glyph tables (Unicode and ASCII) in one
 * place. */
#ifndef TILECADE_TUI_NLEVEL_MAP_H
#define TILECADE_TUI_NLEVEL_MAP_H

#include <curses.h>
#include <stdbool.h>

#include "grid_layout.h"
#include "overlay.h"
#include "tilecade/nlevel.h"

#define TC_NLMAP_W (NL_COLS * 2 + 2) /* the map at scale 1 and its side borders */
#define TC_NLMAP_MIN_H (NL_ROWS + 1) /* the map without top and bottom border, a status line */

/* The two columns of a tile id (an unknown id draws as full), and how it is drawn. */
const char *tc_nlmap_tile_glyph(int id, bool unicode);
attr_t tc_nlmap_tile_attr(int id);

/* An object's glyph (letter is a buffer for the one-letter ones) and how it is drawn. */
const char *tc_nlmap_object_glyph(int type, bool unicode, char letter[2]);
attr_t tc_nlmap_object_attr(int type);

/* Where a map goes on the screen, with a panel beside it and a status line under it. On a big
 * screen the map grows: each tile 2 × scale columns and scale rows, so that it keeps its
 * shape; the panel takes the columns left, up to the most it uses. */
struct tc_nlmap {
	int scale;     /* 1 on a screen the size of 80x24 */
	bool frame;    /* room for the top and bottom borders */
	int x0, y0;    /* the map's first row, its left border included */
	int panel_w;   /* the panel's columns, its gap before it included; 0: no room for one */
	int top, w, h; /* the whole: map, panel and status line */
};

/* The columns of a map at this scale, its side borders included. */
int tc_nlmap_width(int scale);
/* The panel beside the map, its gap included: at least this wide, else none, and at most
 * (a level's name, a seed's 20 digits). The browser and the play screen share them, so that
 * the map stays where it is from one to the other. */
#define TC_NLMAP_PANEL_W 16
#define TC_NLMAP_PANEL_MAX_W 40

/* Lays the map out on the screen, with a panel when there is room for one. */
void tc_nlmap_layout(struct tc_nlmap *m);
/* The map's tiles on the screen, inside its borders: where the boxes over the map go. */
struct tc_rect tc_nlmap_inside(const struct tc_nlmap *m);

/* The map's tiles for a box over them (overlay.h): tc_overlay_box_over cuts none in half. */
struct tc_tiles tc_nlmap_tiles(const struct tc_nlmap *m);

/* The half of the map (top or bottom, whole tile rows) farther from the screen row y: where a
 * box goes that should leave the ninja in sight. */
struct tc_rect tc_nlmap_half_away(const struct tc_nlmap *m, int y);

/* The screen cell of the pixel position (x, y), at half a tile's resolution across and a tile's
 * down at scale 1, finer on a bigger map; false when it lies off the map by more than a cell. */
bool tc_nlmap_place(const struct tc_nlmap *m, double x, double y, int *sx, int *sy);

/* A one-column glyph at the cell of pixel (x, y). */
void tc_nlmap_draw_mark(const struct tc_nlmap *m, double x, double y, attr_t attr,
                        const char *glyph);

/* The borders (the side ones always; top and bottom with frame) and the tiles. */
void tc_nlmap_draw_tiles(const struct tc_nlmap *m, const uint8_t *tile);

/* The whole level as the browser shows it: tiles, then every object, the ninja last. */
void tc_nlmap_draw_level(const struct tc_nlmap *m, const struct nl_level *l);

#endif
