/* A list of games to choose from: the levels of a game that offers them (the zNumbers pack,
 * ...), or the daily puzzles of every game. One line each with a short detail; Enter or a click
 * plays it, q goes back to the menu. */
#ifndef TILECADE_TUI_LEVELS_H
#define TILECADE_TUI_LEVELS_H

#include <stdbool.h>
#include <stdint.h>

#include "catalog.h"
#include "event.h"
#include "records.h"
#include "tilecade/game.h"

#define TC_LEVELS_MAX 24

struct tc_levels {
	const struct tc_catalog_entry *entry; /* whose levels these are; NULL for the dailies */
	char title[64];
	int count, selected;
	int first_row; /* screen row of the first level, as last drawn */
	int top, shown; /* the levels shown, from top: a short window shows some at a time */
	char name[TC_LEVELS_MAX][24], detail[TC_LEVELS_MAX][48];
	char best[TC_LEVELS_MAX][32]; /* "" while the player has not finished it */
	bool ticked[TC_LEVELS_MAX];   /* a level won, or a daily finished (won, lost or ended) */
	bool locked[TC_LEVELS_MAX];   /* it opens once the one before is won */
	char message[96];             /* why a choice did not play, until the next key */
	const struct tc_catalog_entry *game[TC_LEVELS_MAX];
	struct tc_params params[TC_LEVELS_MAX];
	uint64_t seed[TC_LEVELS_MAX]; /* 0: a fresh seed when it starts */
};

enum tc_levels_result { TC_LEVELS_STAY, TC_LEVELS_PLAY, TC_LEVELS_BACK };

/* Lists the levels of entry's view, whose parameters start from `defaults`. */
void tc_levels_open(struct tc_levels *l, const struct tc_catalog_entry *entry,
                    const struct tc_params *defaults);
/* Lists today's puzzle of every available game (the UTC date of unix_time). */
void tc_levels_open_daily(struct tc_levels *l, int64_t unix_time);
/* Notes on level i that the player finished it, e.g. with "best 1:02.3"; ticked: it earned
 * its tick (a level by a win, a daily by any end). */
void tc_levels_mark(struct tc_levels *l, int i, const char *best, bool ticked);
/* Whether level i of the view's list is locked: it opens only once level i - 1 is won (the
 * view's opens_after_previous) and the scoreboard has no win of it. With no scoreboard to
 * tell, every level is open. defaults: the parameters the list starts from. */
bool tc_levels_locked(struct tc_records *r, const struct tc_view *view, int i,
                      const struct tc_params *defaults);
/* Locks level i: choosing it says which level opens it instead of playing it. */
void tc_levels_lock(struct tc_levels *l, int i);
/* Marks the level of these parameters, if it is in the list (the one last played, say). */
void tc_levels_select(struct tc_levels *l, const void *params);
void tc_levels_draw(struct tc_levels *l);
/* On TC_LEVELS_PLAY, l->game, l->params and l->seed at l->selected say what to play. */
enum tc_levels_result tc_levels_event(struct tc_levels *l, const struct tc_event *ev);

#endif
