/* The main menu: the five games, the unbuilt ones marked as not available. */
#ifndef TILECADE_TUI_MENU_H
#define TILECADE_TUI_MENU_H

#include <stdbool.h>

#include "catalog.h"
#include "event.h"

struct tc_menu {
	int selected;  /* index into tc_catalog */
	int first_row; /* screen row of the first entry, as last drawn */
	bool help_open;
	char message[64]; /* shown under the entries until the next key; "" for none */
};

enum tc_menu_result { TC_MENU_STAY, TC_MENU_PLAY, TC_MENU_QUIT };

void tc_menu_init(struct tc_menu *m);
void tc_menu_draw(struct tc_menu *m);
/* On TC_MENU_PLAY, m->selected is the game to start. */
enum tc_menu_result tc_menu_event(struct tc_menu *m, const struct tc_event *ev);

#endif
