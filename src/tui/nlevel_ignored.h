/* What an N level holds that tilecade does not play (nj_ignored): a line for the browser's
 * messages and the list the browser shows on i. */
#ifndef TILECADE_TUI_NLEVEL_IGNORED_H
#define TILECADE_TUI_NLEVEL_IGNORED_H

#include <stdbool.h>
#include <stddef.h>

#include "grid_layout.h"
#include "overlay.h"
#include "tilecade/ninja.h"

/* Whether there is anything to tell. */
bool tc_nlv_ignores(const struct nj_ignored *ig);

/* One line, e.g. "2 floor guards, 1 drone not played; 3 extra numbers, 1 not a number
 * ignored"; "" when nothing is ignored. */
void tc_nlv_ignored_line(const struct nj_ignored *ig, char *buf, size_t len);

/* The overlay listing it all, a line per kind, with why, centred in area (the map), over its
 * tiles. */
void tc_nlv_ignored_draw(const struct nj_ignored *ig, struct tc_rect area,
                         const struct tc_tiles *tiles);

#endif
