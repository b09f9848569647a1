/* The terminal: curses for output, libtermkey for input, signals, mouse reporting, suspend.
 * Only the front end uses it; it restores the terminal on every way out. */
#ifndef TILECADE_TUI_TERM_H
#define TILECADE_TUI_TERM_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "event.h"

/* Whether standard input and output are a terminal, which tc_term_open needs. */
bool tc_term_present(void);
/* Takes over the terminal, with mouse reporting or without. Returns 0, or -1 with a one-line
 * reason (no terminal, unknown TERM). */
int tc_term_open(bool mouse, char *err, size_t errlen);
/* Gives the terminal back as it was: mouse reporting off, cursor shown, main screen, echo. */
void tc_term_close(void);

/* Waits for the next event, at most timeout_ms (-1: as long as it takes). Returns true with an
 * event, false when the time ran out. Sleeps in poll(); never spins. */
bool tc_term_wait(struct tc_event *ev, int timeout_ms);
/* Whether a TC_EV_QUIT came from the terminal going away (SIGHUP, its input closed: a dropped
 * ssh connection) rather than from the player or SIGTERM. */
bool tc_term_hung_up(void);

/* Other things to wake for than the terminal, such as the sockets of a game shared live: the
 * wait sleeps on their descriptors too, with no timer. fds fills at most max descriptors to
 * wait on; after a wait, ready is given them with what came, and returns true when a screen
 * must be drawn again: tc_term_wait then returns a TC_EV_WAKE. */
struct tc_term_source {
	int (*fds)(void *ctx, struct pollfd *fds, int max);
	bool (*ready)(void *ctx, const struct pollfd *fds, int n);
	void *ctx;
};
/* Returns false when TC_TERM_SOURCES are in use already. */
#define TC_TERM_SOURCES 8
bool tc_term_add_source(const struct tc_term_source *src);
/* Forgets the source of this ctx. */
void tc_term_remove_source(void *ctx);

/* Hands the terminal back and stops the process (Ctrl-Z); returns once resumed. */
void tc_term_suspend(void);

/* Makes the next frame repaint every cell (after a suspension or Ctrl-L). */
void tc_term_force_repaint(void);

/* Asks the terminal for key repeats and releases (the kitty keyboard protocol), or stops
 * asking. While on, key events carry .repeat and .release where the terminal speaks the
 * protocol (kitty, foot, WezTerm, Ghostty, recent Alacritty and iTerm2); other terminals
 * ignore the request and send keys as before. Turned off by tc_term_close and while suspended
 * (and back on after), so a shell never gets the protocol. */
void tc_term_key_reports(bool on);

/* Whether the terminal can show UTF-8 glyphs (otherwise ASCII is used): a UTF-8 locale, and not
 * the Linux console, whose fonts lack them. */
bool tc_term_unicode(void);

/* Whether clicks are read (the settings' mouse = yes): else no screen offers them. */
bool tc_term_mouse(void);

#endif
