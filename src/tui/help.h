/* The help overlay (`?`): this screen's own keys, then the keys every game shares. */
#ifndef TILECADE_TUI_HELP_H
#define TILECADE_TUI_HELP_H

#include "overlay.h"
#include "view.h"

/* title: e.g. "2048: keys"; own: this screen's keys; shared: whether to add the common keys.
 * An entry's keys are parts separated by ", ", each shown as it is but these: "{undo}" (any
 * action's name in [keys]) the keys that do it now, the player's bindings first (keymap.h);
 * "{moves}" the four directions ("arrows, hjkl"); "{mouse:click}" its text while the mouse is
 * on; a key the game reads itself ("a", "Tab") or a range of them ("1-9") less those the player
 * bound to an action, which do that action instead ("1-4, 6-9" with undo = 5). A part that
 * comes to nothing is left out, and so is an entry with no keys left. */
void tc_help_draw(const char *title, const struct tc_help_line *own, bool shared);
/* Page `page` (from 0) of the same, centred in area (a board's frame) and no bigger: the keys
 * the game shares go several to a line, then onto further pages, when one a line would not
 * fit. Returns how many pages the help takes in area; the caller turns them on a key. */
int tc_help_draw_page(struct tc_rect area, const char *title, const struct tc_help_line *own,
                      bool shared, int page);
/* Its first page, centred in area, over the tiles of a board (overlay.h) unless NULL. */
void tc_help_draw_in(struct tc_rect area, const struct tc_tiles *tiles, const char *title,
                     const struct tc_help_line *own, bool shared);

/* The keys of game's own (its help's keys that are not an action's) that the player bound to
 * an action, appended to buf's line as "keys: 5 is undo now, not Sudoku's write a digit",
 * each after "; " (after "keys: " when buf is empty). Returns how many there are. */
int tc_help_clashes(const char *game, const struct tc_help_line *own, char *buf, size_t len);

/* How a list's entry is chosen, for its keys line: "Enter or click", "Enter" with the mouse
 * off. */
const char *tc_help_choose(void);

#endif
