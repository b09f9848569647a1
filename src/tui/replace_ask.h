/* The question asked before a new game takes the place of a game in progress (there is one
 * save a game): "Sudoku in progress / sudoku:level3:s0, 12 moves / A new game replaces it.
 * Start it? (y/n) / c: continue it instead". y starts the new game, c continues the one in
 * progress, any other key keeps it and starts nothing, as the games' questions are answered.
 * Asked wherever a new game is started, the command line (`tilecade 2048`, an arcade's request)
 * too: a second login's new game would end the first login's game without a word. */
#ifndef TILECADE_TUI_REPLACE_ASK_H
#define TILECADE_TUI_REPLACE_ASK_H

#include <stdbool.h>

#include "event.h"

struct tc_replace_ask {
	bool open;
	char game[32];     /* the save's game, as the store names it */
	char title[32];    /* the game's name on screen */
	char summary[160]; /* the save's summary when asked: what c continues */
};

enum tc_replace_answer {
	TC_REPLACE_ASKING,   /* still open */
	TC_REPLACE_NEW,      /* y: the new game replaces the save */
	TC_REPLACE_CONTINUE, /* c: the game in progress instead */
	TC_REPLACE_KEEP,     /* anything else: neither */
};

void tc_replace_ask_open(struct tc_replace_ask *q, const char *game, const char *title,
                         const char *summary);
/* Over whatever screen is drawn (the menu, a level list, N's browser). */
void tc_replace_ask_draw(const struct tc_replace_ask *q);
/* A key, or a click on y, n or "c: continue", answers and closes the question; other events
 * leave it open. */
enum tc_replace_answer tc_replace_ask_event(struct tc_replace_ask *q, const struct tc_event *ev);

#endif
