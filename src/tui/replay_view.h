/* The replay screen: a recording (tilecade/recordings.h) played again by a session of its own
 * (a follower of its stream, tilecade/live_follow.h), drawn by the game's own view at this
 * terminal's size and theme, read-only. Space plays or pauses, + and - change the speed
 * (0.25x to 16x), left and right step one event back or on, Home and End go to the start and
 * the end, ? shows the keys, q or Esc leaves. Paused, it sleeps: no timer runs. */
#ifndef TILECADE_TUI_REPLAY_VIEW_H
#define TILECADE_TUI_REPLAY_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "event.h"
#include "tilecade/recordings.h"

struct tc_replay;

/* Takes over the recording's events (rec is left empty), one tc_replay_open has checked;
 * starts playing at its first event. NULL with one line in err when its game has no view
 * here or memory runs out. */
struct tc_replay *tc_replay_new(struct tc_recording *rec, uint64_t now, char *err, size_t errlen);
void tc_replay_free(struct tc_replay *rp);

void tc_replay_draw(struct tc_replay *rp, uint64_t now);
/* Milliseconds until the next event is due, or -1 (paused, finished, help open). */
int tc_replay_next_frame(struct tc_replay *rp, uint64_t now);
/* Returns false when the player leaves the screen. */
bool tc_replay_event(struct tc_replay *rp, const struct tc_event *ev, uint64_t now);

#endif
