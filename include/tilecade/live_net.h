/* Games in progress shared: a player's program publishes the game it plays (tilecade/live.h's
 * stream) in a "live place"; watchers follow it. Every call here takes the place, chosen once by
 * the command line: a live folder (one machine: Unix sockets, as below), or, when the scores go
 * to a PostgreSQL database, that database's URL (many hosts: src/store/live_db.h, through one
 * connection a process, LISTEN/NOTIFY and advisory locks; the URL is never shown). Read through
 * these calls, both behave alike: a watcher's descriptor reads the same bytes, sockets' names are
 * "p<digits>" (a process ID in a folder, a random id unique across hosts on a database), and
 * news (tc_live_news) wakes waiting screens.
 *
 * The live folder is "live/" beside the database that takes the scores: the shared
 * scoreboard's folder when there is one (the admin makes it, mode 1777, as the README says),
 * else the player's own database's folder (made here, mode 0700). A program has one socket
 * there while a game is in progress, named after its process ("p1234"), so that two terminals
 * of one player both show. It is made listening under another name and renamed, so that a
 * socket that shows in the folder always answers.
 *
 * On the socket, a client first sends one byte: 'W' to watch (counted among the watchers), 'R'
 * to follow as a rival racer (sent all a watcher is, not counted) or 'L' to list (not
 * counted); anything after it is read and thrown away. The publisher sends a hello line
 * (tc_live_hello), then the game's stream so far (START ...), then each event as it comes,
 * TC_LIVE_WATCHERS whenever the count changes, and closes after TC_LIVE_END. A close without
 * TC_LIVE_END is a dropped player (a crash, kill -9).
 *
 * Anyone who may use the folder may connect (a shared board's is open to every user), so the
 * publisher keeps what connections cost it bounded: at most 16 that have not said what they
 * want (a new one closes the oldest), 512 watchers (one more is closed before it is sent
 * anything), 128 rival racers (the same: one more is closed before it is sent anything), 256
 * listers (a new one closes the oldest), and out of descriptors a connection is closed at
 * once.
 *
 * The publisher never blocks: a watcher that does not take its bytes fast enough is dropped.
 * Paths too long for a socket address are reached through /proc/self/fd. */
#ifndef TILECADE_LIVE_NET_H
#define TILECADE_LIVE_NET_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/gameid.h"
#include "tilecade/live.h"

#define TC_LIVE_PLAYER_MAX 32
/* What a publisher keeps unsent for one watcher beyond the stream it joined with, before it
 * drops that watcher as too slow. */
#define TC_LIVE_BACKLOG_MAX (64 * 1024)

/* What a watcher is told first. Texts come from another program: sanitize before showing. */
struct tc_live_hello {
	char player[TC_LIVE_PLAYER_MAX];
	char game_id[TC_GAMEID_MAX];
	unsigned moves;
	uint64_t elapsed_ms;
	unsigned watchers;
	int64_t best; /* the best the player carried in or ended (points) */
	bool over;    /* the game has ended: the player's screen shows its result */
	unsigned events; /* the stream's events sent right after the hello: older than it */
	int64_t race;    /* the race (tilecade/races.h) the game is played in; 0: none */
};

/* ---- the folder (live_dir.c) ---- */

/* The live folder for the database at db_path (NULL: the default database) into buf. An own
 * folder (shared false, or a shared board in a folder of this user's, such as an arcade's) is
 * made, mode 0700; a host's shared board's must exist already. Returns 0, or -1 with a
 * one-line reason. */
int tc_live_dir(const char *db_path, bool shared, char *buf, size_t len, char *err,
                size_t errlen);

/* Connects to or binds (bind true) the socket `name` in folder dir, whatever dir's length.
 * A connection goes only to a socket that is the folder's own entry, never through a symbolic
 * link (ENOTSOCK for anything else). Returns the socket (non-blocking, close-on-exec), or -1
 * with errno. */
int tc_live_socket(const char *dir, const char *name, bool bind_it);

/* Renames the entry `from` of folder dir to `to`, or removes it (to NULL), whatever dir's
 * length. Returns 0, or -1 with errno. */
int tc_live_rename(const char *dir, const char *from, const char *to);

/* A race changed in the store (tilecade/races.h): the programs waiting on it (lobbies, race
 * panes, race lists) are told through the folder's entry "races", whose time this sets (made
 * mode 0666 the first time, so that every user of a shared folder may set it). Those programs
 * watch the folder with inotify (IN_ATTRIB) and read the store again when the entry named
 * TC_LIVE_RACES changes. */
#define TC_LIVE_RACES "races"
void tc_live_races_changed(const char *dir);

/* ---- news (live_news.c) ---- */

/* What comes into a live place, to wake for: a game shared there (its socket's name) and, asked
 * with races, a race changed (TC_LIVE_RACES). A folder's comes through inotify, a database's
 * through the live connection (LISTEN). Nothing polls. */
struct tc_live_news {
	int fd; /* to wait on (POLLIN); -1: no news to wait for */
	bool db;
	size_t len, pos;
	char buf[4096];
};
/* Starts hearing place's news (NULL: none); returns n->fd. */
int tc_live_news_open(struct tc_live_news *n, const char *place, bool races);
void tc_live_news_close(struct tc_live_news *n);
/* The next name that came, into name; false once none waits (never blocks). Anyone may put
 * names in a shared folder: check what a name is before using it. */
bool tc_live_news_next(struct tc_live_news *n, char *name, size_t len);
/* The sockets' names of the games shared in place now (at most max, unordered; a folder's not
 * asked, so possibly left behind): how many. Started after tc_live_news_open, a reader misses
 * none. */
int tc_live_shared_now(const char *place, char (*names)[32], int max);

/* ---- publishing (live_publish.c) ---- */

struct tc_live_pub;
/* Fills what a hello says of the game in progress (game ID, moves, elapsed). */
typedef void (*tc_live_describe)(void *ctx, struct tc_live_hello *hello);

/* A publisher of the player's games in folder dir; log is the stream of the game being
 * played, read when a watcher joins (tc_records' log). NULL when out of memory. Nothing is
 * made in the folder until a game starts. */
struct tc_live_pub *tc_live_pub_new(const char *dir, const char *player,
                                    const struct tc_live_log *log, tc_live_describe describe,
                                    void *ctx);
/* Closes every connection and removes the socket. */
void tc_live_pub_free(struct tc_live_pub *p);
/* An event of the game being played, once it is in the log: START opens the socket (or is sent
 * as NEW_GAME when a game is open already), END is sent and closes it. Costs one check when no
 * one watches. */
void tc_live_pub_event(struct tc_live_pub *p, const struct tc_live_event *ev);
/* The sockets to wait on (at most max), and what came on them: new watchers, bytes sent on,
 * watchers gone. tc_live_pub_ready returns true when the count of watchers changed. */
int tc_live_pub_fds(const struct tc_live_pub *p, struct pollfd *fds, int max);
bool tc_live_pub_ready(struct tc_live_pub *p, const struct pollfd *fds, int n);
unsigned tc_live_pub_watchers(const struct tc_live_pub *p);
/* What a hello says changed without an event (the race the game is in): a watcher who comes
 * later is told it (a socket's hello is made as each comes: nothing to do there). */
void tc_live_pub_hello_changed(struct tc_live_pub *p);
/* The socket's name in the folder ("p1234"), whether or not a game is being shared on it now. */
const char *tc_live_pub_socket(const struct tc_live_pub *p);
/* Whether the socket could not be made (why, in the buffer given): the game is then private. */
const char *tc_live_pub_problem(const struct tc_live_pub *p);

/* ---- watching (live_watch.c) ---- */

enum tc_live_watch_state {
	TC_LIVE_WATCH_OPEN,    /* following */
	TC_LIVE_WATCH_ENDED,   /* TC_LIVE_END came and the player closed */
	TC_LIVE_WATCH_DROPPED, /* closed without TC_LIVE_END */
	TC_LIVE_WATCH_BROKEN,  /* bytes that are not a stream */
};

struct tc_live_watch {
	int fd;
	enum tc_live_watch_state state;
	bool has_hello;
	bool ended; /* TC_LIVE_END came */
	struct tc_live_hello hello;
	uint64_t bytes; /* received */
	/* The game's time at the last news of it (the hello, then each event after the stream
	 * so far, whose time may go back: a restart, a new game) and when that came, on the
	 * monotonic clock: see tc_live_watch_time. */
	uint64_t time_at, time_came;
	unsigned old_events; /* of the stream so far, still to come */
	size_t len;
	unsigned char buf[TC_LIVE_EVENT_MAX * 2];
};

/* Connects to the socket `name` in dir, to watch ('W'), follow as a rival racer ('R') or list
 * ('L'). Returns 0, or -1 with errno (ECONNREFUSED: a socket its program left behind). */
int tc_live_watch_open(struct tc_live_watch *w, const char *dir, const char *name, char mode);
void tc_live_watch_close(struct tc_live_watch *w);
typedef void (*tc_live_on_event)(void *ctx, const struct tc_live_event *ev);
/* Reads what has come (never blocks) and tells each whole event to on_event, in order. Returns
 * true while w->state is TC_LIVE_WATCH_OPEN. A hello from a program of another user who is not
 * the player it names (a shared folder is open to every user) breaks the stream. */
bool tc_live_watch_pump(struct tc_live_watch *w, tc_live_on_event on_event, void *ctx);

/* Whether the games followed through dir are out of touch now: its database (PostgreSQL) is
 * away, so nothing of them comes until it is back. Always false for a folder of sockets. */
bool tc_live_out_of_touch(const char *dir);

/* The game's time now, as the player's clock reads, running on from the last news (its events
 * say when it stops: a follower's paused session does not move on). */
uint64_t tc_live_watch_time(const struct tc_live_watch *w, uint64_t now_ms);

/* ---- presence (live_probe.c) ---- */

/* Whether the program behind the socket `name` of folder dir is gone: its socket is missing
 * (ENOENT) or refuses (ECONNREFUSED: left behind by a program killed). One that answers, or
 * cannot be asked (no folder, a name no program of the folder makes, no permission), is not. */
bool tc_live_gone(const char *dir, const char *name);

/* A program with no game to share shows it is there (a racer in a race's lobby): a socket
 * "l1234" (its process) in dir that listens and is never read, which tc_live_gone reads as
 * there until the program closes it or ends. Returns its descriptor, its name into name, or
 * -1. */
int tc_live_presence_open(const char *dir, char *name, size_t len);
void tc_live_presence_close(const char *dir, int fd, const char *name);

/* The racers of race id (tilecade/races.h) in store st racing at now_ms whose program is gone
 * (tc_live_gone of their socket in dir: a game's, or their lobby's presence) are dropped, as
 * the progress last told puts them (in a lobby: out of it, as tc_store_race_finish says).
 * Readers that list races run it, so that a race whose programs died without a word ends.
 * Returns how many: tell tc_live_races_changed when any. */
struct tc_store;
int tc_live_race_probe(struct tc_store *st, const char *dir, int64_t id, int64_t now_ms);

/* ---- listing (live_list.c) ---- */

struct tc_live_game {
	char socket[32]; /* the socket's name in the folder */
	int64_t shared_ns; /* when the socket came into the folder (its ctime): newest is latest */
	struct tc_live_hello hello;
};

/* The games in progress in dir, at most max, in the order of their sockets' names. Only
 * sockets are asked (symbolic links, files and the like are skipped); sockets this user's
 * programs left behind are removed, other users' are left. Waits at most timeout_ms for all
 * the hellos. Returns how many (0 when the folder is missing). */
int tc_live_list(const char *dir, struct tc_live_game *games, int max, int timeout_ms);
/* Whether name is a publisher's socket name ("p" and digits). */
bool tc_live_socket_name(const char *name);

/* Which of games[0..n) (tc_live_list's) watch PLAYER follows: the player's game still played
 * before one that is over, then the newest. Returns its index, or -1 when the player has none;
 * *count (unless NULL) says how many games the player has. */
int tc_live_pick(const struct tc_live_game *games, int n, const char *player, int *count);

/* The hello as sent: one line. Returns its length, 0 when it does not fit. */
size_t tc_live_hello_encode(const struct tc_live_hello *h, char *buf, size_t len);
/* Reads a hello from the start of buf: 1 with *used, 0 for more bytes, -1 when broken. */
int tc_live_hello_decode(const unsigned char *buf, size_t len, struct tc_live_hello *h,
                         size_t *used);

#endif
