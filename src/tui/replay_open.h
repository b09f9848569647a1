/* A recording opened to be replayed: read from the store and followed once to its end, so that
 * a recording that cannot be played (damaged, of a game this version cannot play) is told in
 * one line before any screen opens. */
#ifndef TILECADE_TUI_REPLAY_OPEN_H
#define TILECADE_TUI_REPLAY_OPEN_H

#include <stddef.h>
#include <stdint.h>

#include "tilecade/live_follow.h"
#include "tilecade/recordings.h"

/* N's recordings are kept under this game name (TC_NJ_GAME); N's own screen replays them. */
#define TC_REPLAY_NINJA "ninja"

/* Loads recording id from st into *rec and follows it whole with *end (tc_live_follow_init'ed
 * here): its last position. A run of N (game TC_REPLAY_NINJA) is checked by N's own follower
 * instead and end->session stays NULL: tc_nj_recording_replay (ninja_records.h) gives its
 * replay, for N's screen. Returns 0, or -1 with one line in err ("no recording #7",
 * "recording #7 is damaged", "recording #7 cannot be replayed: ..."), and nothing to free. */
int tc_replay_open(struct tc_store *st, int64_t id, struct tc_recording *rec,
                   struct tc_live_follow *end, char *err, size_t errlen);

/* The outcome of a finished stream's last position: "won", "lost", "ended" (a game that
 * cannot be won) or "left" (a game that had not ended). */
const char *tc_replay_result(const struct tc_session *s);

#endif
