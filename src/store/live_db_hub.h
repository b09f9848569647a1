/* The hub's insides (live_db.h), shared by its three files: live_db.c (the thread, its
 * connection, the program's requests, the news and presence), live_db_follow.c (the games a
 * process follows) and live_db_publish.c (the games it publishes). Everything here but the
 * lock-guarded lists is the hub thread's alone. */
#ifndef TILECADE_STORE_LIVE_DB_HUB_H
#define TILECADE_STORE_LIVE_DB_HUB_H

#include <libpq-fe.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "live_db.h"

/* Whether the advisory lock on key (SQL, a bigint) is held in this database, in mode. */
#define HELD(key, mode)                                                                            \
	"EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objsubid = 1"        \
	" AND l.granted AND l.mode = '" mode "' AND l.database = (SELECT oid FROM pg_database"     \
	" WHERE datname = current_database()) AND l.classid::bigint = (" key ") >> 32"             \
	" AND l.objid::bigint = (" key ") & 4294967295)"

/* Watchers hold a shared lock on their game's id moved into a range of its own. */
#define WATCHERS_KEY(id) ((id) + (INT64_C(1) << 52))
/* How often the hub asks whether the games it follows are still there. */
#define PRESENCE_MS 1000
/* The news channel: "p<id>" a game shared, "w<id>" its watchers changed, "races". */
#define NEWS "tc_live_news"
#define HELLO_LINE 512

/* The types of the statements' parameters. */
extern const Oid HUB_INT8, HUB_BYTEA, HUB_TEXT, HUB_BOOL, HUB_INT8_ARRAY;

struct pub_event {
	unsigned char *bytes;
	size_t len;
	uint8_t kind;
	int64_t wall;           /* when it happened (wall clock, ms): the hello's time */
	char hello[HELLO_LINE]; /* the hello after it */
};

struct pub {
	int64_t id;
	char player[TC_LIVE_PLAYER_MAX];
	int count_fd; /* the watchers' count is sent on it */
	/* The stream: events from seq seq0 on (those before the current game's are let go once
	 * written), written up to `written`; fresh: to be written again from its start (a new
	 * stream, or a connection made again). */
	struct pub_event *ev;
	int n, cap, written;
	int64_t seq0, base;
	bool fresh, ended, locked, closing;
	unsigned watchers;
	bool recount;
	/* A hello changed without an event (tc_live_db_pub_hello), to write after the events. */
	char hello[HELLO_LINE];
	int64_t hello_wall;
	bool hello_changed;
	struct pub *next;
};

struct follow {
	int64_t id;
	int fd;
	char mode;
	int64_t last; /* the seq of the last event sent */
	bool pending; /* its game is not written yet: begun once it is */
	bool closing; /* its END was sent: closed once its bytes are out */
	bool counted; /* holds its watcher's lock */
	unsigned char *out;
	size_t out_len, out_cap, limit;
	struct follow *next;
};

enum request_kind { REQ_FOLLOW, REQ_LIST, REQ_GONE, REQ_FLUSH };

struct request {
	enum request_kind kind;
	int64_t id;
	char mode;
	int fd;
	struct tc_live_game *games;
	int max;
	int result, err;
	bool done, abandoned;
	struct request *next;
};

struct presence {
	int64_t id;
	bool hold, held;
	struct presence *next;
};

struct live_hub {
	pthread_mutex_t lock;
	pthread_cond_t answered;
	bool running;
	bool away; /* the database could not be reached at the last try */
	char url[512];
	int wake_fd;
	/* Shared with the program's threads (under lock). */
	struct pub *pubs;
	struct request *requests;
	struct presence *presences;
	int news_new[64], news_new_n;
	int races_to_tell;
	/* The thread's own. */
	PGconn *conn;
	int64_t retry_at;
	/* A connection being made, advanced as its socket is ready: the hub answers the program
	 * meanwhile. */
	PGconn *connecting;
	PostgresPollingStatusType polling; /* what it waits for: reading or writing */
	int64_t connect_until;
	struct follow *follows;
	int news_fds[64], news_n;
	int64_t checked_at;
	bool again; /* work came while working: done before the next wait */
	PGnotify *notes[256];
	int notes_n;
};
extern struct live_hub live_hub;

/* ---- live_db.c: the thread's connection and the program's side ---- */

/* Wakes the hub thread (called under the lock or not). */
void hub_wake(void);
/* Runs sql with its parameters (text, bytes for the BYTEA ones) within the deadline; the
 * result, or NULL when it failed (a lost connection, or one that did not answer in time, is let
 * go, to be made again). */
PGresult *hub_run(const char *sql, int n, const Oid *types, const char *const *values,
                  const int *lengths, const int *formats);
bool hub_run_ok(const char *sql, int n, const Oid *types, const char *const *values);
bool hub_run_id(const char *sql, int64_t id);
void hub_listen_to(int64_t id, bool on);
void hub_tell_news(const char *what);
/* Starts the hub on url the first time; false when it cannot run (or runs on another
 * database). */
bool hub_use(const char *url);
/* Hands the hub a request and waits for its answer at most TC_LIVE_DB_WAIT_MS. Returns its
 * result, or -1 with errno ETIMEDOUT when none came: the request is then the hub's. */
int hub_ask(struct request *r);

/* ---- live_db_follow.c: the games followed (the thread's) ---- */

/* Starts following: 0 or an errno; the descriptor is closed on an error. */
int follow_start(int64_t id, char mode, int fd);
/* Sends a new follower its hello and the stream so far: 0, or an errno (EINPROGRESS: the game
 * is not written yet, the follower waits for it). */
int follow_begin(struct follow *f);
/* Takes (counted) or frees a watcher's lock, and tells its game's program to count again. */
bool follow_set_counted(struct follow *f, bool counted);
/* Queues bytes for a follower and sends what its socket takes; false when it is to go. */
bool follow_send(struct follow *f, const void *bytes, size_t len);
/* Sends a follower what was written after the last it was sent; false when it is to go. */
bool follow_catch_up(struct follow *f);
void follow_remove(struct follow *f);
/* An event's notification on the channel of game id. */
void heard_event(int64_t id, const char *payload);
/* The games followed whose program is gone, asked in one statement, are closed. */
void follow_check_presence(void);

/* ---- live_db_publish.c: the games published (the thread's) ---- */

void pub_free(struct pub *p);
/* Writes what the pub has queued; false when the connection went. */
bool pub_flush(struct pub *p);
/* The watchers of the pub counted again, and told to its program. */
void pub_count(struct pub *p);

#endif
