/* The status lines around every game: title, score, best, moves and time on the top line; the
 * game ID and a key reminder (or a short message) on the bottom line. */
#ifndef TILECADE_TUI_STATUS_H
#define TILECADE_TUI_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/session.h"

/* detail, when not NULL, is the game's own part of the top line, in a normal and a narrow
 * form; moves: the line counts the moves played (false when the detail counts them its own
 * way); time: it shows the time played (false when the detail has the game's own clock);
 * message, when not NULL, replaces the key reminder; keys, when not NULL, is the reminder (a
 * watcher's); audience, when not NULL, is how many watch ("2 watching"), on the top line; who,
 * when not NULL, is a watcher's or a replay's own ("watching ann, 2 watching", "replay #2
 * paused ..."): it comes first on the bottom line, before the game ID, and is cut last;
 * moves_last: the moves go last of the top line's fields when it is narrow (a replay's: they
 * are where it is); stopped: the game's clock stopped for good where it stood (a race's time
 * limit ended it), which is no pause: no "(paused)"; back, when not NULL, is where q goes in
 * the key reminder ("leave" in a race), "menu" when NULL. */
struct tc_status_extra {
	const char *keys;
	const char *audience;
	const char *who;
	bool moves_last;
	bool stopped;
	const char *back;
};
void tc_status_draw(const struct tc_session *s, const char *title, const char *detail,
                    const char *narrow_detail, bool moves, bool time, const char *message,
                    const struct tc_status_extra *extra);

/* "m:ss", or "h:mm:ss" past an hour. */
void tc_format_time(uint64_t ms, char *buf, size_t len);

#endif
