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

/* text in at most width columns: text itself (without blanks at its end) when it fits, else
 * its words that fit followed
 * by mark (one column, e.g. "…"), cut between words (the spaces before the mark dropped), or
 * within the first word when even that does not fit. A width under 1 gives "". */
void tc_text_cut(const char *text, int width, const char *mark, char *out, size_t len);

/* text in at most width columns (at least 2) into out (len bytes): text itself when it fits,
 * else its start and its end with mark (one column, e.g. "…") between them, the end given
 * twice the room of the start, so that a path keeps its file name. */
void tc_text_shorten(const char *text, int width, const char *mark, char *out, size_t len);

/* A message that ends in a path (from byte path_at on) in at most width columns: whole when
 * it fits, else its words whole (they say what happened) and the path shortened in the middle
 * (tc_text_shorten) to the room they leave, left out when that is under 2 columns; words wider
 * than the line are the caller's to cut. A message without a path (path_at its length) is
 * shortened in the middle. */
void tc_text_fit_path(const char *text, size_t path_at, int width, const char *mark, char *out,
                      size_t len);

#endif
