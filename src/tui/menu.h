/* The main menu: "Continue" when a game was saved (the newest save), the five games (the unbuilt
 * ones marked as not available, those with a save "in progress"), then the daily puzzles, the races, the games in progress to watch and the
 * scores. */
#ifndef TILECADE_TUI_MENU_H
#define TILECADE_TUI_MENU_H

#include <stdbool.h>

#include "catalog.h"
#include "event.h"
#include "tilecade/game.h"

enum tc_menu_item {
	TC_MENU_CONTINUE,
	TC_MENU_GAME,
	TC_MENU_DAILY,
	TC_MENU_RACE,
	TC_MENU_WATCH,
	TC_MENU_SCORES
};

#define TC_MENU_ROWS (TC_CATALOG_SIZE + 5)

struct tc_menu {
	struct {
		enum tc_menu_item item;
		int game; /* index into tc_catalog, for TC_MENU_GAME */
	} row[TC_MENU_ROWS];
	int rows;
	int selected;  /* index into row */
	int first_row; /* screen row of the first entry, as last drawn; -1 while not shown */
	int top;       /* the first entry shown: a short window shows some at a time */
	int shown;     /* how many entries are shown from top */
	bool help_open;
	/* A game whose levels are chosen on its row (2048's board sizes): the level shown, and
	 * where its arrows were drawn on each row (-1: none), for clicks. */
	int level[TC_CATALOG_SIZE];
	int arrows_x[TC_MENU_ROWS];
	const struct tc_params *defaults; /* the player's, of each catalog game */
	char continue_text[96];           /* what Continue resumes, e.g. "2048:4x4:s1, 15 moves" */
	/* Each catalog game's save, for its row ("in progress: 2048:4x4:s1, 15 moves"); "" for
	 * none. */
	char in_progress[TC_CATALOG_SIZE][96];
	char message[160]; /* shown under the entries until the next key; "" for none */
	char notice[256];  /* a lasting line, e.g. that scores are off; "" for none */
};

enum tc_menu_result { TC_MENU_STAY, TC_MENU_PLAY, TC_MENU_QUIT };

/* continue_text NULL: no saved game, no Continue row; then the first available game is
 * selected, else Continue. defaults: the player's parameters of each catalog game, for the
 * levels chosen on a row (they start at the defaults' level). */
void tc_menu_init(struct tc_menu *m, const char *continue_text, const struct tc_params *defaults);
/* Game (an index into tc_catalog) has a game in progress, whose save this summary names. */
void tc_menu_in_progress(struct tc_menu *m, int game, const char *summary);
void tc_menu_draw(struct tc_menu *m);
/* Selects the row of this item (and game), if there is one. */
void tc_menu_select(struct tc_menu *m, enum tc_menu_item item, int game);
/* On TC_MENU_PLAY, tc_menu_chosen says what to start. */
enum tc_menu_result tc_menu_event(struct tc_menu *m, const struct tc_event *ev);
enum tc_menu_item tc_menu_chosen(const struct tc_menu *m, const struct tc_catalog_entry **game);
/* The parameters of the level a game's row shows (see level_on_row in view.h). */
void tc_menu_row_params(const struct tc_menu *m, const struct tc_catalog_entry *game,
                        struct tc_params *params);

#endif
