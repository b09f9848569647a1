/* Play without a terminal: scripted moves for tests and bug reports. */
#ifndef TILECADE_CLI_BATCH_H
#define TILECADE_CLI_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tilecade/g2048.h"

/* Plays `moves` (letters l r u d) on a 2048 game of these parameters and seed, printing the
 * start board and the board after each move, a blank line between boards, then "score N".
 * Returns 0, or -1 before printing anything with the position of a bad letter in err. */
int tc_batch_2048(const struct g2048_params *params, uint64_t seed, const char *moves, FILE *out,
                  char *err, size_t errlen);

#endif
