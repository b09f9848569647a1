/* Reading tilecade's zNumbers screen the way a player reads it: the status line, the game ID,
 * the board by its column letters and row numbers, the cursor's brackets and the solution pane.
 * Nothing here knows the layout beyond that contract: letters A.. above the columns, numbers
 * 1.. left of the rows, each cell's text under its letter and beside its number, the cursor a
 * '[' and a ']' on either side of its cell's text. */
#ifndef E2E_SCREEN_ZNUMBERS_H
#define E2E_SCREEN_ZNUMBERS_H

#include <stdbool.h>
#include <stddef.h>

#include "harness.h"

#define E2E_ZN_MAX 10
#define E2E_ZN_ID_MAX 64

struct e2e_zn_board {
	int rows, cols;
	int y[E2E_ZN_MAX]; /* the screen row of each board row (where its number is) */
	int x[E2E_ZN_MAX]; /* the screen column of each board column (where its letter is) */
	char cell[E2E_ZN_MAX * E2E_ZN_MAX][32]; /* the text in each cell's middle, row-major */
	int cursor; /* the cell between brackets; -1 for none, -2 for more than one */
};

struct e2e_zn_status {
	int level;              /* "Level N"; 0 for a generated level */
	int left, moves;        /* "Tiles left: N" (narrow: "Left: N") and "Moves: N" */
	char rating[16];        /* after "Generated, " on a generated level, else "" */
	char id[E2E_ZN_ID_MAX]; /* the game ID on the bottom line, "znumbers:level3:s0" */
};

/* The board of rows x cols on the screen; false when its letters or numbers are not all there.
 */
bool e2e_zn_board(struct e2e_term *t, int rows, int cols, struct e2e_zn_board *out);

/* The top line's numbers and the bottom line's ID; false unless both lines are there. */
bool e2e_zn_status(struct e2e_term *t, struct e2e_zn_status *out);

/* Text with runs of blanks squeezed to one space and no blank at either end. */
void e2e_zn_squeeze(const char *in, char *out, size_t len);

/* Whether words (squeezed text) holds phrase (squeezed here) as whole words. */
bool e2e_zn_has_words(const char *words, const char *phrase);

/* The solution pane, squeezed into words: the text from its title's row down to the line above
 * the game ID, from the pane's left edge (a column left of the title) to the screen's right
 * edge. Its title's place goes to *row and *col (NULL is ok). False when there is no pane. */
bool e2e_zn_pane(struct e2e_term *t, char *out, size_t len, int *row, int *col);

#endif
