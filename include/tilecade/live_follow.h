/* Following a game's stream (tilecade/live.h): a read-only session of the follower's own, made
 * from the stream's game ID and changed by each event exactly as the player's was, so that the
 * same view draws what the player sees. A watcher follows a live stream, a replay a recording.
 *
 * The follower's session keeps time by the stream: each event sets its game time to the
 * event's (back too: a restart, or a clock run on past a pause not yet told), and between events the follower moves it on (tc_live_follow_set_time), so that a
 * watcher's clock ticks like the player's and a replay's reads the recording's time. */
#ifndef TILECADE_LIVE_FOLLOW_H
#define TILECADE_LIVE_FOLLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/live.h"
#include "tilecade/session.h"

struct tc_live_follow {
	struct tc_session *session; /* NULL until the stream's START */
	uint64_t clock_ms;          /* what the session's clock reads (only ever forward) */
	uint32_t view;              /* the last TC_LIVE_VIEW's value */
	unsigned watchers;          /* the last TC_LIVE_WATCHERS' value */
	bool ended;                 /* a TC_LIVE_END came */
	enum tc_live_end end;       /* and how */
	unsigned games;             /* games the stream has started (START, then each NEW_GAME) */
	unsigned events;            /* events followed */
};

/* f must stay where it is while it has a session: the session's clock reads it. */
void tc_live_follow_init(struct tc_live_follow *f);
void tc_live_follow_free(struct tc_live_follow *f);

/* Follows one event. Returns 0, or -1 with a one-line reason when the event cannot follow
 * what came before (a game ID this program cannot play, a move the position refuses, any
 * event before START or after END): the stream is not the game it claims to be, and the
 * follower is left as it was. N's events (TC_LIVE_NINJA, TC_LIVE_STEPS) are not a session's:
 * they are refused here. */
int tc_live_follow(struct tc_live_follow *f, const struct tc_live_event *ev, char *err,
                   size_t errlen);

/* Moves the session's game time on to ms (while its clock runs; never back). */
void tc_live_follow_set_time(struct tc_live_follow *f, uint64_t ms);

/* Follows a whole log from its start up to (not including) its event number `upto` (UINT_MAX:
 * all). Returns 0, or -1 with the reason as above. */
int tc_live_follow_log(struct tc_live_follow *f, const unsigned char *bytes, size_t len,
                       unsigned upto, char *err, size_t errlen);

#endif
