/* Reading tilecade's 2048 screen the way a player reads it: the status line, the game ID and the
 * numbers on the tiles. Nothing here knows the layout beyond the screen contract: tiles are
 * coloured boxes with their number centred, empty cells show no number. */
#ifndef E2E_SCREEN_2048_H
#define E2E_SCREEN_2048_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "harness.h"

#define E2E_2048_ID_MAX 64

struct e2e_2048_status {
	int64_t score, best;
	int moves;
	int minutes, seconds;
	char id[E2E_2048_ID_MAX]; /* "2048:4x4:s7" */
};

/* A number drawn on a tile: its value, its digits' row and columns, and the column in their
 * middle. */
struct e2e_2048_tile {
	uint64_t value;
	int row, first, last, col;
};

/* The line with "Score: N  Best: N  Moves: N  Time: m:ss" and the line with the game ID;
 * false unless both are on the screen. */
bool e2e_2048_status(struct e2e_term *t, struct e2e_2048_status *out);

/* The numbers on tiles, in reading order; returns how many (at most max). A number counts when
 * it is drawn on a coloured or reversed background, with no words beside it there, and is not
 * on the status or ID line. */
int e2e_2048_tiles(struct e2e_term *t, struct e2e_2048_tile *tiles, int max);

/* Whether the screen shows board b: its tile numbers in reading order are b's non-empty cells
 * in row order, drawn row by row and column by column (one screen row per board row, one
 * screen column per board column, in order). When not, why says what differs. */
bool e2e_2048_shows(struct e2e_term *t, const struct e2e_board *b, char *why, size_t len);

/* Whether the tile's box extends about as far on each side of its number (within a cell), and
 * beyond it: the number is centred in a coloured box. */
bool e2e_2048_centred(const struct e2e_term *t, const struct e2e_2048_tile *tile);

#endif
