/* A click on a key's hint means that key: "n: new game" in a result box, the y or the n of a
 * question's "(y/n)". Read back from what the screen shows, so that every box and question
 * answers clicks as it answers keys, however it was laid out. */
#ifndef TILECADE_TUI_CLICK_KEY_H
#define TILECADE_TUI_CLICK_KEY_H

/* The key whose hint is at (row, col) of the screen as last drawn: 'y' or 'n' on the letters of
 * "(y/n)", K on an item "K: what" (items are spaced by two or more blanks or a box's edge; K a
 * character or a key's name: Enter, Space, Esc, ...), else -1. */
int tc_click_key(int row, int col);

#endif
