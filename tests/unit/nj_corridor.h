/* N's smallest winnable level for the tests of replays and streams. */
#ifndef TILECADE_TESTS_NJ_CORRIDOR_H
#define TILECADE_TESTS_NJ_CORRIDOR_H

#include "tilecade/ninja.h"

/* A room of 13 x 4 open tiles at the top-left corner on a full floor: the ninja at its left
 * end, a gold, the exit's switch in the middle and its door at the right end. Holding right
 * wins. A replay with no inputs yet, calloc'd (free it). */
struct nj_replay *corridor(void);

#endif
