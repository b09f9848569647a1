/* A game as a stream of events: what a watcher is sent, what a recording keeps and what a
 * replay plays. The game ID gives the start; every change the session makes after it (a move,
 * undo, redo, restart, a new game, pause) is one small event with the game's elapsed time.
 * Following the stream with a session of one's own (tilecade/live_follow.h) gives the player's
 * position at every step, drawn at the follower's own size.
 *
 * Encoded, an event is its kind (one byte), its time (a varint of milliseconds) and what its
 * kind carries: a move is about 8 bytes. The encoding is the same on every machine. */
#ifndef TILECADE_LIVE_H
#define TILECADE_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"

enum tc_live_kind {
	TC_LIVE_START = 1,  /* text: the game ID; a stream's first event */
	TC_LIVE_MOVE,       /* move: the player's */
	TC_LIVE_TIMEOUT,    /* move: the game's clock ran out (tc_session_apply_timeout) */
	TC_LIVE_HELPED,     /* move: one the computer chose; value: its enum tc_assist */
	TC_LIVE_UNDO,
	TC_LIVE_REDO,
	TC_LIVE_RESTART,
	TC_LIVE_NEW_GAME,   /* text: the next game's ID (its seed and parameters) */
	TC_LIVE_KEEP_GOING, /* a won game is played on */
	TC_LIVE_ASSIST,     /* value: an enum tc_assist mark (the solution was shown) */
	TC_LIVE_HINT,       /* a hint was counted */
	TC_LIVE_PAUSE,
	TC_LIVE_RESUME,
	TC_LIVE_VIEW,     /* value: what the player's screen shows beyond the position, as the
	                     game's view defines (zNumbers: the solution pane is open) */
	TC_LIVE_WATCHERS, /* value: how many watch (to watchers; never recorded) */
	TC_LIVE_END,      /* value: enum tc_live_end; the stream's last event */
	TC_LIVE_NINJA,    /* N: value: the input held from physics step `step` on */
	TC_LIVE_STEPS,    /* N: the run has played up to step `step` (no new input) */
};
#define TC_LIVE_KIND_LAST TC_LIVE_STEPS

/* How a stream ended. */
enum tc_live_end {
	TC_LIVE_END_FINISHED, /* the game is over (won, lost or ended) or left for good */
	TC_LIVE_END_LEFT,     /* left to be continued later */
	TC_LIVE_END_DROPPED,  /* the player's program went away without a word */
};

/* The longest text an event carries (N's level data and name). */
#define TC_LIVE_TEXT_MAX 16384
/* The most bytes one event takes encoded. */
#define TC_LIVE_EVENT_MAX (TC_LIVE_TEXT_MAX + 64)

struct tc_live_event {
	uint8_t kind;   /* enum tc_live_kind */
	uint32_t at_ms; /* the game's elapsed time when it happened */
	struct tc_move move;
	uint32_t value;
	uint32_t step;
	/* Not NUL-terminated; decoded, it points into the buffer decoded. */
	const char *text;
	size_t text_len;
};

/* Writes ev into buf when it fits in len bytes; returns the bytes it takes (0: an event that
 * cannot be encoded, such as an unknown kind or text over TC_LIVE_TEXT_MAX). */
size_t tc_live_encode(const struct tc_live_event *ev, unsigned char *buf, size_t len);
/* Reads one event from the len bytes at buf. Returns 1 with the event and *used, 0 when the
 * bytes end before the event does (read more), -1 when they are not an event (unknown kind,
 * numbers out of range): a stream that says so is broken and must be dropped. */
int tc_live_decode(const unsigned char *buf, size_t len, struct tc_live_event *ev, size_t *used);

/* The events of a stream in one growing buffer: a recording, or what a watcher who joins late
 * is sent first. */
struct tc_live_log {
	unsigned char *bytes;
	size_t len, capacity;
	unsigned events;
};
/* Appends ev; false when out of memory or ev cannot be encoded (the log is then unchanged). */
bool tc_live_log_add(struct tc_live_log *log, const struct tc_live_event *ev);
void tc_live_log_clear(struct tc_live_log *log);
void tc_live_log_free(struct tc_live_log *log);
/* Walks a log's events: *pos starts at 0. Returns 1 with the next event, 0 at the end, -1 when
 * the bytes are broken. */
int tc_live_log_next(const unsigned char *bytes, size_t len, size_t *pos,
                     struct tc_live_event *ev);

#endif
