/* The player's games shared live: the records' stream published on the live folder's socket
 * (tilecade/live_net.h), its sockets woken for by the terminal's wait. */
#ifndef TILECADE_TUI_LIVE_SHARE_H
#define TILECADE_TUI_LIVE_SHARE_H

#include "records.h"
#include "tilecade/live_net.h"

/* The session being played, for a watcher's hello; NULL between games. */
typedef const struct tc_session *(*tc_live_share_playing)(void *ctx);

struct tc_live_share;

/* Publishes r's games in dir from now on; NULL (nothing shared) when out of memory. */
struct tc_live_share *tc_live_share_start(const char *dir, struct tc_records *r,
                                          tc_live_share_playing playing, void *ctx);
void tc_live_share_stop(struct tc_live_share *sh);
/* The race (tilecade/races.h) the games played from now on are played in, for watchers' hellos
 * (0: none). */
void tc_live_share_race(struct tc_live_share *sh, int64_t race);
/* The socket the games are published on, NULL when they cannot be (the game is private). */
const char *tc_live_share_socket(const struct tc_live_share *sh);
/* How many watch the game being played. */
unsigned tc_live_share_watchers(const struct tc_live_share *sh);

#endif
