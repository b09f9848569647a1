/* The race watch screen (`tilecade race --watch ID`, Enter on a running race): every racer's
 * board side by side, each drawn by its game's view from a race feed's follower (race_feed.h),
 * with their name and progress above it and the race pane beside (or a ticker under) them,
 * when the terminal is wide enough; otherwise one racer at a time, Tab, the arrows or 1-9
 * switching. N's runs are watched one at a time on N's own screen. While no board is there to
 * show (a race over, one in its lobby) its racers, the race pane's standing, take the screen.
 * Read-only: q leaves. */
#ifndef TILECADE_TUI_RACE_WATCH_H
#define TILECADE_TUI_RACE_WATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "event.h"
#include "play.h"
#include "tilecade/store.h"

struct tc_race_watch;

/* Watches race id of store st, whose racers publish in live folder dir. Returns NULL with a
 * one-line reason (no such race, out of memory). */
struct tc_race_watch *tc_race_watch_open(struct tc_store *st, const char *dir, int64_t id,
                                         bool animations, char *err, size_t errlen);
void tc_race_watch_close(struct tc_race_watch *w);

void tc_race_watch_draw(struct tc_race_watch *w, uint64_t now);
int tc_race_watch_next_frame(struct tc_race_watch *w, uint64_t now);
/* Returns TC_PLAY_LEAVE when the watcher goes back. */
enum tc_play_result tc_race_watch_event(struct tc_race_watch *w, const struct tc_event *ev,
                                        uint64_t now);

#endif
