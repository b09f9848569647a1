/* Playing 2048 on the screen next to a model of the game: the model's moves, undos and redos
 * replayed by the batch mode (`tilecade 2048 --id ID --moves ...`) say what the screen must
 * show. Failures are cmocka asserts that print the expected board and the screen. */
#ifndef E2E_PLAY_2048_H
#define E2E_PLAY_2048_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "harness.h"
#include "screen_2048.h"

#define E2E_PLAY_MAX 64 /* slides in one game */

struct e2e_play {
	struct e2e_term *t;
	const char *bin;
	char id[E2E_2048_ID_MAX];
	char moves[E2E_PLAY_MAX + 1]; /* the slides that moved something, as l r u d */
	char redo[E2E_PLAY_MAX + 1];  /* undone slides, the next one to redo last */
};

/* The board after moves in the game of this ID, by the batch mode, and its score. */
void e2e_play_batch(const char *bin, const char *id, const char *moves, struct e2e_board *board,
                    uint64_t *score);

/* Starts the model on the game the screen shows (its ID read off the screen), at its start. */
void e2e_play_begin(struct e2e_play *p, struct e2e_term *t, const char *bin);

/* Whether a slide toward dir (l r u d) would move anything now. */
bool e2e_play_would_move(const struct e2e_play *p, char dir);

/* Tell the model what the test is about to send; the model changes as the game should. */
void e2e_play_slide(struct e2e_play *p, char dir);
void e2e_play_undo(struct e2e_play *p);
void e2e_play_redo(struct e2e_play *p);

/* Waits until the screen shows the model's board, score and move count and output settles,
 * and asserts it still does then. */
void e2e_play_check(struct e2e_play *p);

/* The model's board now. */
void e2e_play_board(const struct e2e_play *p, struct e2e_board *board);

/* Slides by arrow keys (left, down, right, up in turn, those that move), each one checked, until
 * the game has n moves. */
void e2e_play_to(struct e2e_play *p, size_t n);

#endif
