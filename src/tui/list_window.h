/* A list taller than its room shows a window of it that holds the selected row, moved as little
 * as the selection needs (the menu, the level lists). Plain arithmetic, no curses. */
#ifndef TILECADE_TUI_LIST_WINDOW_H
#define TILECADE_TUI_LIST_WINDOW_H

/* The first row of count shown in room rows (at least 1) with selected among them, starting
 * from top, the first shown before: 0 when all fit. */
int tc_list_top(int count, int selected, int room, int top);

#endif
