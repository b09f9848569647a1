#ifndef TC_PRESENT_H
#define TC_PRESENT_H

/* Sends what was drawn on stdscr to the terminal, like refresh(), but in two passes when that
 * is cheaper on the wire: runs of changed cells that a short run of another colour separates
 * go out in alternate passes, so curses moves the cursor over the gap instead of repainting
 * it. The terminal ends up showing exactly what refresh() would have shown. */
void tc_present(void);

#endif
