/* What the race pane says, without curses (race_pane.c draws it): which racers show in so many
 * lines, each racer's line cut to a width, and the one-line ticker; and where the pane goes
 * (race_pane.h's tc_race_pane_place, plain arithmetic, is here too). Widths are terminal
 * columns; names are cut, never trusted to be short. Also the words every racer's screen
 * shares. */
#ifndef TILECADE_TUI_RACE_TEXT_H
#define TILECADE_TUI_RACE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "race_pane.h"

/* What every game's screen asks before q leaves a race that goes on for the racer. */
extern const char tc_race_leave_question[];

/* Room for one line of the pane or the ticker: a wide terminal's columns, 4 bytes each. */
#define TC_RACE_TEXT_MAX 1024

/* The lines the pane takes to show every racer: the title, the line under it, a blank line and a
 * line each. */
int tc_race_pane_lines(const struct tc_race_standing *st);

/* Whether racer i of the standing is the player's own. */
bool tc_race_is_you(const struct tc_race_standing *st, int i);

/* The racers shown in `lines` lines, in rank order, into idx (indices into st->racers); returns
 * how many. When they do not all fit, the last line says how many more there are (*more) and
 * the player's own line takes the place of the last one shown above it when it would not be
 * among them. */
int tc_race_shown(const struct tc_race_standing *st, int lines, int *idx, int *more);

/* What a racer has to show beside the name: their progress while racing, else how it ended and
 * the time ("won 1:02.3", "left", "dropped"), or for a game of points that did not win, the
 * points it ranks by ("lost 1204 pts"), for another one the progress it ranks by ("ended
 * 30/81") where that fits beside a short name in the pane, else the time ("lost 0:48.0"). */
void tc_race_result(const struct tc_racer *r, char *out, size_t len);

/* A racer's line, width columns: the marker of the player's own ("▸", or ">" without unicode),
 * the rank, the name cut to what is left, and tc_race_result at the right edge. */
void tc_race_line(const struct tc_racer *r, bool you, bool unicode, int width, char *out,
                  size_t len);

/* The same on two lines, for a pane too narrow for one (N's panel at 80 columns): the marker,
 * rank and name on the first, the result at the right edge of the second. */
#define TC_RACE_TWO_LINES_W 20 /* narrower panes give each racer two lines */
void tc_race_two_lines(const struct tc_racer *r, bool you, bool unicode, int width, char *first,
                       char *second, size_t len);

/* "3 more" and the like, for the last line of a pane too short for every racer. */
void tc_race_more(int more, bool unicode, int width, char *out, size_t len);

/* The ticker: the standing's line ("4:12 left") where it fits with the player's own entry, then
 * as many racers as fit in width columns, in rank order, the player's own always among them
 * ("4:12 left · 1 ann 1204 pts · 2 you 880 pts · 3 bob won 1:02.3"), each racer shown whole or
 * not at all (the player's own cut when even it alone does not fit). [*you_from, *you_to) are
 * the bytes of out that are the player's own entry (equal when none is shown). */
void tc_race_ticker(const struct tc_race_standing *st, bool unicode, int width, char *out,
                    size_t len, size_t *you_from, size_t *you_to);

#endif
