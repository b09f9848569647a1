/* A zNumbers game on the screen and its model by the core: the level of a game ID, a solution
 * for it, and the moves played so far by clicking, the way a player plays. The waits fail the
 * current cmocka test with the screen printed. */
#ifndef E2E_ZN_MODEL_H
#define E2E_ZN_MODEL_H

#include <stdbool.h>

#include "harness.h"
#include "screen_znumbers.h"
#include "tilecade/znumbers.h"

struct e2e_zn_model {
	struct e2e_term *t;
	char id[E2E_ZN_ID_MAX];
	struct zn_board board;
	struct zn_move plan[ZN_MAX_MOVES]; /* a solution from the start */
	int plan_len, moves;
	struct e2e_zn_board at; /* where the cells are drawn */
};

/* The model at the start of the game of this ID (on terminal t), with a solution. */
void e2e_zn_model_reset(struct e2e_zn_model *g, struct e2e_term *t, const char *id);

/* Takes the game on t's screen, at its start, as the model's. */
void e2e_zn_model_attach(struct e2e_zn_model *g, struct e2e_term *t);

/* The screen shows the model: its moves count, tiles left and ID on the status lines, and its
 * board. (An e2e_wait condition; model is a struct e2e_zn_model.) */
bool e2e_zn_model_shown(struct e2e_term *t, void *model);

/* Waits until the screen shows the model and has settled, and notes where the cells are. */
void e2e_zn_model_wait_shown(struct e2e_zn_model *g);

/* Plays the solution's next move with two clicks, the tile and then its landing cell, and
 * waits for the screen to show it (or the win, after the last move). */
void e2e_zn_model_play_next(struct e2e_zn_model *g);

#endif
