/* 2048 boards as the batch mode prints them, for comparing the game's output and its screen. */
#ifndef E2E_BOARD_H
#define E2E_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define E2E_BOARD_MAX 8

struct e2e_board {
	int size;
	uint64_t cell[E2E_BOARD_MAX * E2E_BOARD_MAX]; /* row-major, 0 for an empty cell */
};

/* Parses the output of `tilecade 2048 --moves ...`: square boards, each a row of
 * space-separated numbers (0 or a power of two from 2) per line, a blank line between boards,
 * and a last line "score N". Returns the number of boards, or -1 when the text is not of that
 * form or holds more than max boards. */
int e2e_boards_parse(const char *text, struct e2e_board *boards, int max, uint64_t *score);

bool e2e_board_equal(const struct e2e_board *a, const struct e2e_board *b);
int e2e_board_tiles(const struct e2e_board *b); /* non-empty cells */

/* The board in the batch format, for failure messages. */
void e2e_board_format(const struct e2e_board *b, char *buf, size_t len);

#endif
