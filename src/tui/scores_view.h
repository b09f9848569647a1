/* The score screen: one scoreboard at a time (a game, mode and level), its top ten as a table,
 * one row highlighted: the score recorded last, else the player's best. Left and right (h, l, the
 * wheel, a click on an arrow) go through the boards; up and down move the highlight, Enter
 * replays its row's game, g races it (its game played against its recording's ghost); q or Esc
 * goes back. */
#ifndef TILECADE_TUI_SCORES_VIEW_H
#define TILECADE_TUI_SCORES_VIEW_H

#include <stdbool.h>

#include "event.h"
#include "tilecade/store.h"

#define TC_SCORES_TOP 10

struct tc_scores_view {
	struct tc_store *store;      /* not owned */
	char player[32];             /* whose best row to highlight, as stored */
	int64_t recent;              /* the id of the score recorded last through store, or 0 */
	struct tc_board_key *boards; /* every board that has scores, malloc'd */
	int board_count, current;
	struct tc_score top[TC_SCORES_TOP]; /* of the current board, best first */
	int top_count;
	int selected;     /* the row highlighted, -1 for none */
	int first_shown;  /* the first row shown: a short window shows some at a time */
	int64_t replay;   /* Enter asked to replay this recording (the caller clears it), or 0 */
	int64_t ghost;    /* g asked to race this recording's ghost (the caller clears it), or 0 */
	char message[96]; /* one line until the next key (why a row cannot be replayed) */
	int arrow_row, left_arrow_col, right_arrow_col; /* as last drawn, for clicks */
};

/* Reads the boards of st (which may be disabled or NULL: the screen then says so) and shows the
 * first. player may be NULL. */
void tc_scores_open(struct tc_scores_view *v, struct tc_store *st, const char *player);
/* Releases what open read. Leaving the screen does it already; call it when the program ends
 * with the screen up. Safe to call twice, and on a zeroed view. */
void tc_scores_close(struct tc_scores_view *v);
/* Shows this board if it has scores, else the first board of its game, else leaves the choice
 * as it was. Returns whether the exact board was found. */
bool tc_scores_select(struct tc_scores_view *v, const struct tc_board_key *board);
void tc_scores_draw(struct tc_scores_view *v);
/* Returns false when the player leaves the screen, which is then closed. */
bool tc_scores_event(struct tc_scores_view *v, const struct tc_event *ev);

#endif
