/* The solution pane: a titled list of steps beside the board (below it on narrow screens), the
 * steps already taken dimmed, the next one highlighted and always scrolled into view. Any game
 * with a solution to show uses it. */
#ifndef TILECADE_TUI_PANE_H
#define TILECADE_TUI_PANE_H

#include "grid_layout.h"

#define TC_PANE_SIDE_W 20 /* the width of a pane beside the board */

/* Splits area between a board that needs at least board_w x board_h and the pane. The pane goes
 * beside when the board still fits, else below; returns false when neither leaves the pane
 * room for a line of steps, and then the board gets the whole area. */
bool tc_pane_place(struct tc_rect area, int board_w, int board_h, struct tc_rect *board,
                   struct tc_rect *pane);

/* Draws the pane: its title, the numbered steps (each at most 8 columns; steps before `next`
 * are ticked off, `next` is highlighted; next == count when all are done), and a note (NULL for
 * none) wrapped to the pane's width at its bottom. */
void tc_pane_draw(struct tc_rect r, const char *title, const char *const *steps, int count,
                  int next, const char *note);

#endif
