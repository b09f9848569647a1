/* The session's insides, shared by session.c and the save format in session_save.c only. */
#ifndef TILECADE_SESSION_INTERNAL_H
#define TILECADE_SESSION_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/session.h"

struct tc_session {
	const struct tc_game *game;
	struct tc_params params;
	uint64_t seed;

	/* Snapshots of every position from the start: states[0] is the start, states[current] is
	 * shown, states after current are the redo chain. */
	unsigned char *states;
	size_t current, count, capacity;
	unsigned char *scratch; /* a move is tried here so that a no-op leaves the redo chain */

	bool keep_going;
	bool timed_out;          /* the last move was the clock's (tc_session_apply_timeout) */
	unsigned assisted;       /* enum tc_assist bits: the computer played in this game */
	unsigned hints;          /* hints given in this game, one per position */
	bool daily;              /* started as its date's daily puzzle (tc_session_mark_daily) */
	uint64_t *hinted;        /* the positions they were given for, as hashes of the state */
	size_t hinted_count, hinted_capacity;
	int64_t best_score;      /* the best end of a game (tc_session_best_score) */

	struct tc_clock clock;
	bool paused;
	bool clock_running;
	uint64_t elapsed_before; /* time accumulated before the clock last started */
	uint64_t started_at;

	tc_session_listener listener; /* told every change (tc_session_listen), or NULL */
	void *listener_ctx;
};

/* The i-th snapshot of the history. */
unsigned char *tc_session_state_at(const struct tc_session *s, size_t i);
/* Makes room for that many snapshots; false when out of memory. */
bool tc_session_reserve(struct tc_session *s, size_t snapshots);
/* Starts or stops the clock as the status and pause say. */
void tc_session_sync_clock(struct tc_session *s);

#endif
