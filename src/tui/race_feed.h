/* A race followed live: its row in the store, and every racer's game followed from the live
 * socket it is published on (tilecade/live_net.h, connected as 'R', not counted among the
 * watchers), each by a follower of its own (a session's, or N's run), so that the race pane
 * shows every racer's progress as they play and the race watch screen draws their boards.
 *
 * Nothing polls: the store is read again when the live folder's TC_LIVE_RACES entry changes
 * (a racer joined, finished, came back) and at the times the race itself changes (its start,
 * its time limit); the racers' sockets wake the terminal's wait (tc_term_add_source). A
 * racer's stream that closes without its end is a dropped racer, told to the store. */
#ifndef TILECADE_TUI_RACE_FEED_H
#define TILECADE_TUI_RACE_FEED_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

#include "tilecade/races.h"
#include "tilecade/session.h"

struct nj_follow;
struct tc_race_feed;

/* Follows race id of store st, whose racers publish in live folder dir; self is the player's
 * own name, whose game is not followed (NULL: a watcher's feed, which follows every racer).
 * Returns NULL with a one-line reason (no such race, out of memory). */
struct tc_race_feed *tc_race_feed_new(struct tc_store *st, const char *dir, int64_t id,
                                      const char *self, char *err, size_t errlen);
void tc_race_feed_free(struct tc_race_feed *f);

/* The race as last read, and its racers ranked, the followed ones' progress live (self's as the
 * store has it: the caller puts in its own). */
const struct tc_race *tc_race_feed_race(const struct tc_race_feed *f);
int tc_race_feed_racers(const struct tc_race_feed *f, const struct tc_racer **racers);

/* Racer i's (as tc_race_feed_racers numbers them) game as followed, for the race watch screen:
 * a session (NULL while none came, or for an N run), or N's follower (NULL otherwise). */
const struct tc_session *tc_race_feed_session(const struct tc_race_feed *f, int i);
const struct nj_follow *tc_race_feed_run(const struct tc_race_feed *f, int i);
/* What racer i's screen shows beyond the position (their stream's last TC_LIVE_VIEW: the
 * cursor, zNumbers' solution pane), for their view's show; 0 when none came. */
uint32_t tc_race_feed_shown(const struct tc_race_feed *f, int i);

/* For the terminal's wait (tc_term_source): what to wait on, and what came; ready returns true
 * when anything shown changed. next_ms: milliseconds until the race changes by itself (its
 * start, its limit), or -1. */
int tc_race_feed_fds(struct tc_race_feed *f, struct pollfd *fds, int max);
bool tc_race_feed_ready(struct tc_race_feed *f, const struct pollfd *fds, int n);
int tc_race_feed_next_ms(const struct tc_race_feed *f, int64_t now_ms);

#endif
