/* The menu's Race screen: the races open and running in the store that takes the scores, kept
 * up to date as they open, fill and start (told by the live folder: race_news.h). Enter joins
 * a race in its lobby or watches a running one; 1 to 5 open a new race on that game (the
 * menu's order) with the player's options of it; ? shows the keys. */
#ifndef TILECADE_TUI_RACE_LIST_H
#define TILECADE_TUI_RACE_LIST_H

#include <stdbool.h>
#include <stdint.h>

#include "event.h"
#include "race_news.h"

struct tc_race_list {
	struct tc_race_news news;
	int selected;
	int first_row;     /* screen row of the first race, as last drawn; -1 while not shown */
	int64_t chosen;    /* the race Enter chose (TC_RACE_LIST_JOIN, _WATCH) */
	int game;          /* the catalog's game to open a race on (TC_RACE_LIST_OPEN) */
	char message[160]; /* why Enter did nothing; "" for none */
	bool help;         /* the keys shown (?): the next key closes them */
};

enum tc_race_list_result {
	TC_RACE_LIST_STAY,
	TC_RACE_LIST_BACK,
	TC_RACE_LIST_JOIN,  /* chosen: a race in its lobby */
	TC_RACE_LIST_WATCH, /* chosen: a race running */
	TC_RACE_LIST_OPEN,  /* game: open a new race on it */
};

/* Lists the races of store st, told through live folder dir (NULL: none). l must stay where
 * it is until tc_race_list_close. */
void tc_race_list_open(struct tc_race_list *l, struct tc_store *st, const char *dir);
void tc_race_list_close(struct tc_race_list *l);
void tc_race_list_draw(struct tc_race_list *l);
enum tc_race_list_result tc_race_list_event(struct tc_race_list *l, const struct tc_event *ev);

#endif
