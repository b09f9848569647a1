/* Text broken into lines between words, for a message that must fit a width: the menu's
 * notice, the solution pane's note and the command line's error lines. One column a character,
 * as tc_draw_text counts them; no curses, so that the command line and unit tests can use it. */
#ifndef TILECADE_TUI_TEXT_WRAP_H
#define TILECADE_TUI_TEXT_WRAP_H

#include <stddef.h>

/* The bytes of text's first line in at most width columns: all of text when it fits, else up
 * to the last space that keeps the line within width, else (a word wider than the line) its
 * first width characters; at least one character of a text that is not empty. The spaces at
 * a break belong to neither line: the next line starts after them. */
size_t tc_text_line(const char *text, int width);

#endif
