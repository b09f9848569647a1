/* A 2048 game played to its end by the core, for tests that need a finished game fast. */
#ifndef E2E_LOSE_2048_H
#define E2E_LOSE_2048_H

#include <stddef.h>
#include <stdint.h>

/* A losing sequence of the 3x3 game of this seed as vi keys (h j l k): the first direction that
 * moves, in a fixed order, until none does. Returns how many, with the final score. */
int e2e_play_losing_moves(uint64_t seed, char *keys, size_t len, uint64_t *score);
/* The same for the size x size game of this seed (the daily's 4x4). */
int e2e_play_losing_moves_of(int size, uint64_t seed, char *keys, size_t len, uint64_t *score);

#endif
