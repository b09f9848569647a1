/* Games in progress, races' news and racers' presence across hosts, when the store is a
 * PostgreSQL database (tilecade/live_net.h's calls take its URL as their "live place" and come
 * here).
 *
 * A process has one connection for all of it, kept by a thread of its own (the "hub"), so that
 * the player's keys never wait on the network: the calls below queue what is to be written and
 * return at once, or (a few reads: the list, a follow's start, a presence check) wait at most
 * TC_LIVE_DB_WAIT_MS for the hub's answer.
 *
 * In the database (made by pg_engine.c's schema 5):
 * - live_games: one row per publisher ("p<id>", id random across hosts), its hello line (what a
 *   watcher is told first, kept up to date), where its current game's events begin (base),
 *   when it was last written (touched: rows of games ended, or whose program is gone, go ten
 *   minutes after) and whether its stream ended;
 * - live_events: the stream's events (game, seq, bytes), appended in order, each written with a
 *   NOTIFY on the channel "tc_live_<id>" carrying "seq:hex" (only "seq:" when the event does
 *   not fit in a payload: followers read the row);
 * - the channel "tc_live_news": "p<id>" a game shared, "w<id>" its watchers changed, "races" a
 *   race changed.
 * Presence is a session advisory lock: a publisher holds one on its id while its game is shared,
 * a racer in a lobby one on its presence's id, a watcher a shared one on the id's watchers' key
 * (counted by the publisher). A lock that is free is a program (or its host) gone: a follower
 * whose game is not ended and whose publisher's lock is free reads the stream as dropped. The
 * database tells no one when a session ends, so each hub asks, once a second and in one
 * statement for every game it follows, whether their locks are held. */
#ifndef TILECADE_STORE_LIVE_DB_H
#define TILECADE_STORE_LIVE_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/live_net.h"

/* The longest a caller waits for the hub's answer to a read. */
#define TC_LIVE_DB_WAIT_MS 3000

/* Whether place is a database's URL rather than a folder. */
bool tc_live_db_place(const char *place);

/* A new id for a publisher or a presence: random, so that hosts never share one, and short
 * enough for its name ("p" and at most 14 digits). */
int64_t tc_live_db_new_id(void);
/* The id in a name "p<id>" or "l<id>"; 0 when it is no such name. */
int64_t tc_live_db_name_id(const char *name);

/* ---- publishing: each call queues, never waits ---- */

/* Starts publishing as id on the database at url: returns a descriptor that becomes readable
 * when the count of watchers changed (tc_live_db_pub_watchers reads it), or -1. */
int tc_live_db_pub_open(const char *url, int64_t id, const char *player);
/* An event of the stream, encoded, and the hello as it stands after it. START opens the stream
 * (its events so far: the START), NEW_GAME starts the part a late watcher is sent, END ends it
 * and frees the lock. */
void tc_live_db_pub_event(int64_t id, const unsigned char *bytes, size_t len, uint8_t kind,
                          const char *hello);
/* The hello changed without an event (the race the game is in): what a watcher who comes later
 * is told. */
void tc_live_db_pub_hello(int64_t id, const char *hello);
/* The count of watchers told last (reads what fd has). */
unsigned tc_live_db_pub_watchers(int fd, unsigned before);
/* Stops publishing id (its lock freed: a game not ended reads as dropped) and closes fd. */
void tc_live_db_pub_close(int64_t id, int fd);

/* ---- following ---- */

/* Follows the game of id as mode ('W' counted among the watchers, 'R', 'L'): returns a
 * descriptor that reads as the publisher's socket would (the hello, the stream so far, then each
 * event; closed after TC_LIVE_END, or without it when the player is gone), or -1 with errno
 * (ENOENT: no such game being shared; ECONNREFUSED: its program is gone; EAGAIN: the database
 * did not answer). */
int tc_live_db_follow(const char *url, int64_t id, char mode);

/* Whether the hub lost its database and has not reached it again: what it follows stands
 * still meanwhile. */
bool tc_live_db_away(void);

/* The games being shared, as tc_live_list says. */
int tc_live_db_list(const char *url, struct tc_live_game *games, int max);

/* ---- news and presence ---- */

/* A descriptor that reads the news as lines ("p<id>\n": a game shared, "races\n"), or -1. */
int tc_live_db_news(const char *url);
/* Tells every host's programs that a race changed. */
void tc_live_db_races_changed(const char *url);
/* Holds (hold true: returns once held, or TC_LIVE_DB_WAIT_MS went by) or frees the presence
 * lock of id. */
void tc_live_db_presence(const char *url, int64_t id, bool hold);
/* Whether the program behind name ("p<id>": a game, whose row says so once written; "l<id>": a
 * presence) is gone: 1, 0 when it is there (or its game not written yet), -1 when the database
 * cannot be asked. */
int tc_live_db_gone(const char *url, const char *name);

#endif
