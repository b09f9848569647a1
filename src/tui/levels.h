/* The level-select screen of a game that offers levels (the zNumbers pack, ...): one line a
 * level with a short detail; Enter or a click plays it, q goes back to the menu. */
#ifndef TILECADE_TUI_LEVELS_H
#define TILECADE_TUI_LEVELS_H

#include <stdbool.h>

#include "catalog.h"
#include "event.h"
#include "tilecade/game.h"

#define TC_LEVELS_MAX 24

struct tc_levels {
	const struct tc_catalog_entry *entry;
	int count, selected;
	int first_row; /* screen row of the first level, as last drawn */
	char name[TC_LEVELS_MAX][24], detail[TC_LEVELS_MAX][48];
	struct tc_params params[TC_LEVELS_MAX];
};

enum tc_levels_result { TC_LEVELS_STAY, TC_LEVELS_PLAY, TC_LEVELS_BACK };

/* Lists the levels of entry's view. */
void tc_levels_open(struct tc_levels *l, const struct tc_catalog_entry *entry);
/* Marks the level of these parameters, if it is in the list (the one last played, say). */
void tc_levels_select(struct tc_levels *l, const void *params);
void tc_levels_draw(struct tc_levels *l);
/* On TC_LEVELS_PLAY, l->params[l->selected] are the parameters to play. */
enum tc_levels_result tc_levels_event(struct tc_levels *l, const struct tc_event *ev);

#endif
