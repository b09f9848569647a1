/* The search of ninja_search.c as the core's own generators use it. */
#ifndef TILECADE_CORE_NINJA_SEARCH_H
#define TILECADE_CORE_NINJA_SEARCH_H

#include "tilecade/ninja.h"

/* nj_search, stopping at the first win: out->won is as nj_search's would be, the route is the
 * first win found (nj_search goes on and keeps the shortest), out->reach is what the search saw
 * until then. For a proof that a level can be won, in about half the time. */
int nj_search_win(const struct nj_world *w, long budget, struct nj_search_result *out);

/* The map tile (col * NL_ROWS + row) a point in pixels lies in, or the nearest one for a point
 * outside the map (far, infinite or NaN ones included). */
int nj_tile_at(double x, double y);

#endif
