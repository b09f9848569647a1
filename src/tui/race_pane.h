/* The race pane: every racer of a race (or a ghost) beside the board, live: name, progress in
 * the game's own terms, and the rank and time of those who finished, the player's own line
 * marked. Where the terminal is too narrow for it beside the board, one line (a ticker) takes
 * its place. Shared by every game's play screen, N's included, and by the race watch screen. */
#ifndef TILECADE_TUI_RACE_PANE_H
#define TILECADE_TUI_RACE_PANE_H

#include <stdbool.h>
#include <stdint.h>

#include "grid_layout.h"
#include "tilecade/races.h"

#define TC_RACE_PANE_W 24 /* the width of the pane beside the board */

/* What the pane shows: racers ranked (tc_race_rank), `you` the player's name on this screen
 * (NULL: a watcher's), a title ("Race #12", "Ghost: ann #5") and a line under it ("0:42 left",
 * "starts in 3"; NULL for none). */
struct tc_race_standing {
	const char *title;
	const char *line;
	const char *you;
	const struct tc_racer *racers;
	int n;
};

/* Splits area between a board that needs at least board_w x board_h and the race: the pane
 * beside the board when both fit, else one ticker line under the board (*ticker set, pane's
 * height 1). Returns false when not even a ticker fits: the board gets the whole area. */
bool tc_race_pane_place(struct tc_rect area, int board_w, int board_h, struct tc_rect *board,
                        struct tc_rect *pane, bool *ticker);

/* Draws the pane into r (or, with ticker, the one line r): what fits, the player's own line
 * always among it. */
void tc_race_pane_draw(struct tc_rect r, bool ticker, const struct tc_race_standing *standing,
                       uint64_t now);

#endif
