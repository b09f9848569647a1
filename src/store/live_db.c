/* The hub: one thread and one libpq connection a process, through which its games are
 * published, the games it follows read, races' news told and heard, and presence held and asked
 * (live_db.h). The rest of the program sees descriptors: a follower's reads as a publisher's
 * socket would, so that the readers of sockets read it unchanged.
 *
 * The thread owns the connection; the program's threads hand it work under one mutex (queued
 * events, requests) and wake it through an eventfd. It never holds the mutex while it talks to
 * the database. */
#define _GNU_SOURCE
#include "live_db.h"

#include <errno.h>
#include <inttypes.h>
#include <libpq-fe.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "pg_run.h"
#include "tilecade/store.h"

/* Whether the advisory lock on key (SQL, a bigint) is held in this database, in mode. */
#define HELD(key, mode)                                                                        \
	"EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objsubid = 1"    \
	" AND l.granted AND l.mode = '" mode "' AND l.database = (SELECT oid FROM pg_database" \
	" WHERE datname = current_database()) AND l.classid::bigint = (" key ") >> 32"        \
	" AND l.objid::bigint = (" key ") & 4294967295)"

/* Watchers hold a shared lock on their game's id moved into a range of its own. */
#define WATCHERS_KEY(id) ((id) + (INT64_C(1) << 52))
/* Ids are below this: "p" and 14 digits fit a socket's name. */
#define ID_LIMIT INT64_C(100000000000000)
/* How often the hub asks whether the games it follows are still there. */
#define PRESENCE_MS 1000
/* How long it waits before it tries a lost database again, and gives a connection to be made. */
#define RETRY_MS 1000
/* How long, once back, before it asks whether the games it follows are still there: their
 * programs make their connections again too, and take their locks again. */
#define BACK_GRACE_MS 5000
#define CONNECT_MS 5000
/* Events whose hex fits a NOTIFY's payload (8000 bytes) are carried in it. */
#define PAYLOAD_BYTES 3900
#define NEWS "tc_live_news"
#define HELLO_LINE 512

static const Oid INT8 = 20, BYTEA = 17, TEXT = 25, BOOL = 16;

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

static struct hub {
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
} hub = {.lock = PTHREAD_MUTEX_INITIALIZER, .answered = PTHREAD_COND_INITIALIZER, .wake_fd = -1};

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t wall_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool tc_live_db_place(const char *place)
{
	return place && tc_store_is_url(place);
}

int64_t tc_live_db_new_id(void)
{
	uint64_t r = 0;
	if (getrandom(&r, sizeof r, 0) != sizeof r)
		r = (uint64_t)wall_ms() * 1000003u ^ (uint64_t)getpid();
	return (int64_t)(r % (uint64_t)(ID_LIMIT - 1)) + 1;
}

int64_t tc_live_db_name_id(const char *name)
{
	if ((name[0] != 'p' && name[0] != 'l') || !name[1] || strlen(name) > 15 ||
	    strspn(name + 1, "0123456789") != strlen(name + 1))
		return 0;
	return strtoll(name + 1, NULL, 10);
}

static void wake(void)
{
	uint64_t one = 1;
	if (write(hub.wake_fd, &one, sizeof one) < 0) {
		/* full: the thread is woken already */
	}
}

/* ---- talking to the database (the thread) ---- */

static void take_notes(void)
{
	PGnotify *note;
	while (hub.conn && (note = PQnotifies(hub.conn))) {
		if (hub.notes_n == (int)(sizeof hub.notes / sizeof *hub.notes))
			PQfreemem(note); /* news only: a screen reads the store again anyway */
		else
			hub.notes[hub.notes_n++] = note;
	}
}

static void lose_connection(void);

/* Runs sql with its parameters (text, bytes for the BYTEA ones) within the deadline; the
 * result, or NULL when it failed (a lost connection, or one that did not answer in time, is let
 * go, to be made again). */
static PGresult *run(const char *sql, int n, const Oid *types, const char *const *values,
                     const int *lengths, const int *formats)
{
	if (!hub.conn)
		return NULL;
	PGresult *res = tc_pg_run(hub.conn, sql, n, types, values, lengths, formats,
	                          TC_PG_DEADLINE_MS);
	ExecStatusType st = PQresultStatus(res);
	take_notes();
	if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK)
		return res;
	if (!res || PQstatus(hub.conn) != CONNECTION_OK)
		lose_connection();
	PQclear(res);
	return NULL;
}

static bool run_ok(const char *sql, int n, const Oid *types, const char *const *values)
{
	PGresult *res = run(sql, n, types, values, NULL, NULL);
	PQclear(res);
	return res != NULL;
}

static bool run_id(const char *sql, int64_t id)
{
	char text[24];
	snprintf(text, sizeof text, "%" PRId64, id);
	const char *values[] = {text};
	return run_ok(sql, 1, &INT8, values);
}

static void listen_to(int64_t id, bool on)
{
	char sql[64];
	snprintf(sql, sizeof sql, "%s tc_live_%" PRId64, on ? "LISTEN" : "UNLISTEN", id);
	run_ok(sql, 0, NULL, NULL);
}

static void tell_news(const char *what)
{
	const char *values[] = {what};
	run_ok("SELECT pg_notify('" NEWS "', $1)", 1, &TEXT, values);
}

/* ---- following ---- */

/* Queues bytes for a follower and sends what its socket takes; false when it is to go (gone,
 * or too slow). */
static bool send_out(struct follow *f, const void *bytes, size_t len)
{
	if (f->out_len + len > f->limit)
		return false;
	if (f->out_len + len > f->out_cap) {
		size_t cap = f->out_cap ? f->out_cap : 4096;
		while (cap < f->out_len + len)
			cap *= 2;
		unsigned char *out = realloc(f->out, cap);
		if (!out)
			return false;
		f->out = out;
		f->out_cap = cap;
	}
	memcpy(f->out + f->out_len, bytes, len);
	f->out_len += len;
	while (f->out_len > 0) {
		ssize_t sent = send(f->fd, f->out, f->out_len, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (sent < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
		memmove(f->out, f->out + sent, f->out_len - (size_t)sent);
		f->out_len -= (size_t)sent;
	}
	return true;
}

/* Sends a follower one event of seq; the first event a late follower is sent is its game's
 * START, whatever the stream says there (a NEW_GAME). False when the follower is to go. */
static bool send_event(struct follow *f, int64_t seq, const unsigned char *bytes, size_t len,
                       bool first)
{
	struct tc_live_event ev;
	size_t used;
	if (tc_live_decode(bytes, len, &ev, &used) != 1 || used != len)
		return false; /* not an event: the stream is broken, the follower closed */
	unsigned char again[TC_LIVE_EVENT_MAX];
	if (first && ev.kind == TC_LIVE_NEW_GAME) {
		ev.kind = TC_LIVE_START;
		len = tc_live_encode(&ev, again, sizeof again);
		bytes = again;
	}
	f->last = seq;
	if (ev.kind == TC_LIVE_END)
		f->closing = true;
	return send_out(f, bytes, len);
}

/* The rows after the last event a follower was sent (from its game's start when none was);
 * NULL when the connection went. */
static PGresult *rows_after(const struct follow *f)
{
	char id[24], last[24];
	snprintf(id, sizeof id, "%" PRId64, f->id);
	snprintf(last, sizeof last, "%" PRId64, f->last);
	const char *values[] = {id, last};
	const Oid types[] = {INT8, INT8};
	return run("SELECT e.seq, e.bytes FROM live_events e JOIN live_games g ON g.id = e.game "
	           "WHERE e.game = $1 AND e.seq > $2 AND e.seq >= g.base ORDER BY e.seq",
	           2, types, values, NULL, NULL);
}

/* Sends a follower rows (rows_after's); false when it is to go. */
static bool send_rows(struct follow *f, PGresult *res)
{
	bool ok = true;
	for (int i = 0; ok && i < PQntuples(res) && !f->closing; i++) {
		size_t len;
		unsigned char *bytes = PQunescapeBytea((unsigned char *)PQgetvalue(res, i, 1), &len);
		ok = bytes && send_event(f, strtoll(PQgetvalue(res, i, 0), NULL, 10), bytes, len,
		                         f->last == 0);
		PQfreemem(bytes);
	}
	return ok;
}

/* Sends a follower what was written after the last it was sent. False when it is to go. */
static bool catch_up(struct follow *f)
{
	PGresult *res = rows_after(f);
	bool ok = !res || send_rows(f, res); /* no connection: caught up when it is back */
	PQclear(res);
	return ok;
}

static void follow_free(struct follow *f)
{
	close(f->fd);
	free(f->out);
	free(f);
}

/* A follower gone (closed, too slow, its game ended or dropped): its lock freed, its channel
 * no longer heard when no other follower of the game is left. */
static void follow_remove(struct follow *f)
{
	struct follow **at = &hub.follows;
	while (*at != f)
		at = &(*at)->next;
	*at = f->next;
	bool others = false;
	for (struct follow *o = hub.follows; o; o = o->next)
		others |= o->id == f->id;
	if (f->counted && hub.conn) {
		char news[24];
		run_id("SELECT pg_advisory_unlock_shared($1::bigint + 4503599627370496)", f->id);
		snprintf(news, sizeof news, "w%" PRId64, f->id);
		tell_news(news);
	}
	if (!others && hub.conn)
		listen_to(f->id, false);
	follow_free(f);
}

/* What the database says of game id for a new follower: 0 with its hello, or an errno
 * (EINPROGRESS: not written yet). */
static int game_of(int64_t id, struct tc_live_hello *hello)
{
	char text[24];
	snprintf(text, sizeof text, "%" PRId64, id);
	const char *values[] = {text};
	PGresult *res = run("SELECT hello, ended, " HELD("g.id", "ExclusiveLock")
	                    " FROM live_games g WHERE g.id = $1",
	                    1, &INT8, values, NULL, NULL);
	if (!res)
		return EAGAIN;
	int err = 0;
	size_t used;
	const char *line = PQntuples(res) == 1 ? PQgetvalue(res, 0, 0) : NULL;
	if (!line)
		err = EINPROGRESS;
	else if (*PQgetvalue(res, 0, 1) == 't')
		err = ENOENT; /* as a socket that is gone */
	else if (*PQgetvalue(res, 0, 2) != 't')
		err = ECONNREFUSED; /* as a socket its killed program left */
	else if (tc_live_hello_decode((const unsigned char *)line, strlen(line), hello, &used) != 1)
		err = EPROTO;
	PQclear(res);
	return err;
}

/* Sends a new follower its hello and the stream so far: 0, or an errno (EINPROGRESS: the game
 * is not written yet, the follower waits for it). */
static int follow_begin(struct follow *f)
{
	struct tc_live_hello hello;
	int err = game_of(f->id, &hello);
	PGresult *res = err ? NULL : rows_after(f);
	if (err || !res)
		return err ? err : EAGAIN;
	hello.events = (unsigned)PQntuples(res); /* the stream so far, older than the hello */
	char line[HELLO_LINE];
	size_t len = tc_live_hello_encode(&hello, line, sizeof line);
	f->pending = false;
	f->limit = SIZE_MAX; /* the stream so far, whatever it takes; then a backlog's worth */
	bool ok = len && send_out(f, line, len) && send_rows(f, res);
	PQclear(res);
	if (!ok)
		return EPROTO;
	f->limit = f->out_len + TC_LIVE_BACKLOG_MAX;
	if (f->mode == 'W' &&
	    run_id("SELECT pg_advisory_lock_shared($1::bigint + 4503599627370496)", f->id)) {
		char news[24];
		f->counted = true;
		snprintf(news, sizeof news, "w%" PRId64, f->id);
		tell_news(news);
	}
	return 0;
}

/* Starts following: the channel heard first, then the rows so far read, so that no event
 * falls between. A game not written yet is waited for (a racer's, named in the race before its
 * program wrote it). Returns 0 or an errno; the descriptor is closed on an error. */
static int follow_start(int64_t id, char mode, int fd)
{
	struct follow *f = calloc(1, sizeof *f);
	if (!f) {
		close(fd);
		return ENOMEM;
	}
	*f = (struct follow){.id = id, .fd = fd, .mode = mode, .pending = true};
	f->next = hub.follows;
	hub.follows = f;
	listen_to(id, true);
	int err = follow_begin(f);
	if (err == EINPROGRESS)
		return 0;
	if (err)
		follow_remove(f);
	return err;
}

/* An event's notification: "seq:hex", or "seq:" for one to read from its row. */
static void heard_event(int64_t id, const char *payload)
{
	int64_t seq = strtoll(payload, NULL, 10);
	const char *hex = strchr(payload, ':');
	size_t hex_len = hex ? strlen(hex + 1) : 0;
	for (struct follow *f = hub.follows, *next; f; f = next) {
		next = f->next;
		if (f->id != id || f->closing || (!f->pending && seq <= f->last))
			continue;
		if (f->pending) { /* its game is written now */
			int err = follow_begin(f);
			if (err && err != EINPROGRESS)
				follow_remove(f);
			continue;
		}
		bool ok;
		if (seq == f->last + 1 && hex_len > 0 && hex_len % 2 == 0 &&
		    hex_len / 2 <= TC_LIVE_EVENT_MAX) {
			unsigned char bytes[TC_LIVE_EVENT_MAX];
			for (size_t i = 0; i < hex_len / 2; i++)
				sscanf(hex + 1 + 2 * i, "%2hhx", &bytes[i]);
			ok = send_event(f, seq, bytes, hex_len / 2, false);
		} else {
			ok = catch_up(f);
		}
		if (!ok || (f->closing && f->out_len == 0))
			follow_remove(f);
	}
}

/* The games followed whose program is gone, asked in one statement: each is caught up (its END
 * may be in), then closed without one. */
static void check_presence(void)
{
	char ids[4096];
	size_t len = 0;
	ids[len++] = '{';
	for (struct follow *f = hub.follows; f && len < sizeof ids - 32; f = f->next)
		if (!f->closing && !f->pending)
			len += (size_t)snprintf(ids + len, sizeof ids - len, "%s%" PRId64,
			                        len > 1 ? "," : "", f->id);
	snprintf(ids + len, sizeof ids - len, "}");
	if (len == 1)
		return;
	const char *values[] = {ids};
	const Oid types[] = {1016}; /* bigint[] */
	PGresult *res = run("SELECT f.id FROM unnest($1::bigint[]) AS f (id) LEFT JOIN live_games g "
	                    "ON g.id = f.id WHERE (g.id IS NULL OR NOT g.ended) AND NOT " HELD(
	                            "f.id", "ExclusiveLock"),
	                    1, types, values, NULL, NULL);
	for (int i = 0; res && i < PQntuples(res); i++) {
		int64_t id = strtoll(PQgetvalue(res, i, 0), NULL, 10);
		for (struct follow *f = hub.follows, *next; f; f = next) {
			next = f->next;
			if (f->id != id || f->closing || f->pending)
				continue;
			catch_up(f);
			if (!f->closing) /* gone without a word: closed as its socket would be */
				f->out_len = 0;
			if (f->out_len == 0)
				follow_remove(f);
		}
	}
	PQclear(res);
}

/* ---- publishing ---- */

static void pub_free(struct pub *p)
{
	for (int i = 0; i < p->n; i++)
		free(p->ev[i].bytes);
	free(p->ev);
	if (p->count_fd >= 0)
		close(p->count_fd);
	free(p);
}

/* Takes the pub's next event to write (a copy), under the lock; false when none. *open: the
 * stream is to be written anew, from this event on. */
static bool next_to_write(struct pub *p, struct pub_event *out, int64_t *seq, int64_t *base,
                          bool *open)
{
	pthread_mutex_lock(&hub.lock);
	*open = p->fresh;
	if (p->fresh) {
		p->fresh = false;
		p->written = 0;
	}
	bool any = p->written < p->n;
	if (any) {
		struct pub_event *e = &p->ev[p->written];
		*out = *e;
		out->bytes = malloc(e->len);
		if (out->bytes)
			memcpy(out->bytes, e->bytes, e->len);
		*seq = p->seq0 + p->written;
		if (e->kind == TC_LIVE_NEW_GAME || e->kind == TC_LIVE_START)
			p->base = *seq;
		*base = p->base;
	}
	pthread_mutex_unlock(&hub.lock);
	return any;
}

/* The stream (re)opened: the lock taken (held while it is shared), the row made anew, the old
 * events gone, and rows of games long over (or whose program is gone) cleared. */
static bool pub_open(struct pub *p, const struct pub_event *e, int64_t seq)
{
	char id[24], base[24], now[24], old[24];
	snprintf(id, sizeof id, "%" PRId64, p->id);
	snprintf(base, sizeof base, "%" PRId64, seq);
	snprintf(now, sizeof now, "%" PRId64, wall_ms());
	snprintf(old, sizeof old, "%" PRId64, wall_ms() - 10 * 60 * 1000);
	if (!p->locked)
		p->locked = run_id("SELECT pg_advisory_lock($1)", p->id);
	const char *clean[] = {old};
	const char *row[] = {id, p->player, e->hello, base, now};
	const Oid types[] = {INT8, TEXT, TEXT, INT8, INT8};
	return p->locked && run_ok("BEGIN", 0, NULL, NULL) &&
	       run_ok("DELETE FROM live_games g WHERE g.touched < $1 AND (g.ended OR NOT " HELD(
	                      "g.id", "ExclusiveLock") ")",
	              1, &INT8, clean) &&
	       run_ok("INSERT INTO live_games (id, player, hello, base, started, touched) VALUES "
	              "($1, $2, $3, $4, $5, $5) ON CONFLICT (id) DO UPDATE SET player = $2, hello = "
	              "$3, base = $4, started = $5, touched = $5, ended = false",
	              5, types, row) &&
	       run_ok("DELETE FROM live_events WHERE game = $1", 1, &INT8, row) &&
	       run_ok("COMMIT", 0, NULL, NULL);
}

/* Writes one event's row, its game's hello, and its notification, in one statement. */
static bool pub_write(struct pub *p, const struct pub_event *e, int64_t seq, int64_t base)
{
	char id[24], seq_text[24], base_text[24], now[24];
	snprintf(id, sizeof id, "%" PRId64, p->id);
	snprintf(seq_text, sizeof seq_text, "%" PRId64, seq);
	snprintf(base_text, sizeof base_text, "%" PRId64, base);
	snprintf(now, sizeof now, "%" PRId64, e->wall); /* written late after an outage */
	bool end = e->kind == TC_LIVE_END;
	const char *values[] = {id, seq_text, (const char *)e->bytes, e->hello, now, base_text,
	                        end ? "t" : "f"};
	const int lengths[] = {0, 0, (int)e->len, 0, 0, 0, 0};
	const int formats[] = {0, 0, 1, 0, 0, 0, 0};
	const Oid types[] = {INT8, INT8, BYTEA, TEXT, INT8, INT8, BOOL};
	PGresult *res =
	        run("WITH e AS (INSERT INTO live_events (game, seq, bytes) VALUES ($1, $2, $3)),"
	            " g AS (UPDATE live_games SET hello = $4, touched = $5, base = $6, ended = $7"
	            " WHERE id = $1),"
	            " old AS (DELETE FROM live_events WHERE game = $1 AND seq < $6)"
	            " SELECT pg_notify('tc_live_' || $1::text, $2::text || ':' || CASE WHEN"
	            " length($3) <= " "3900" " THEN encode($3, 'hex') ELSE '' END)",
	            7, types, values, lengths, formats);
	PQclear(res);
	return res != NULL;
}

/* Writes what the pub has queued; false when the connection went. */
static bool pub_flush(struct pub *p)
{
	struct pub_event e;
	int64_t seq, base;
	bool open;
	while (next_to_write(p, &e, &seq, &base, &open)) {
		bool ok = e.bytes && (!open || pub_open(p, &e, seq)) && pub_write(p, &e, seq, base);
		if (ok && open) {
			char news[24];
			snprintf(news, sizeof news, "p%" PRId64, p->id);
			tell_news(news);
		}
		if (ok && e.kind == TC_LIVE_END && p->locked)
			p->locked = !run_id("SELECT pg_advisory_unlock($1)", p->id);
		free(e.bytes);
		if (!ok && !hub.conn)
			return false;
		pthread_mutex_lock(&hub.lock);
		if (!p->fresh)
			p->written++;
		pthread_mutex_unlock(&hub.lock);
	}
	char hello[HELLO_LINE], id[24], at[24];
	pthread_mutex_lock(&hub.lock);
	bool changed = p->hello_changed && p->written > 0 && !p->ended;
	p->hello_changed = false;
	snprintf(hello, sizeof hello, "%s", p->hello);
	snprintf(at, sizeof at, "%" PRId64, p->hello_wall);
	pthread_mutex_unlock(&hub.lock);
	snprintf(id, sizeof id, "%" PRId64, p->id);
	const char *values[] = {id, hello, at};
	const Oid types[] = {INT8, TEXT, INT8};
	/* touched: when the hello's elapsed time was read, for a listing's running clock. */
	return !changed || run_ok("UPDATE live_games SET hello = $2, touched = $3 WHERE id = $1", 3,
	                          types, values);
}

/* The watchers of the pub counted again (a watcher came or went), and told to its program. */
static void pub_count(struct pub *p)
{
	char id[24];
	snprintf(id, sizeof id, "%" PRId64, WATCHERS_KEY(p->id));
	const char *values[] = {id};
	PGresult *res = run("SELECT count(*) FROM pg_locks l WHERE l.locktype = 'advisory' AND "
	                    "l.objsubid = 1 AND l.granted AND l.mode = 'ShareLock' AND l.database = "
	                    "(SELECT oid FROM pg_database WHERE datname = current_database()) AND "
	                    "l.classid::bigint = $1::bigint >> 32 AND l.objid::bigint = $1::bigint & "
	                    "4294967295",
	                    1, &INT8, values, NULL, NULL);
	if (!res)
		return;
	unsigned count = (unsigned)strtoul(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	if (count != p->watchers && p->count_fd >= 0) {
		p->watchers = count;
		send(p->count_fd, &count, sizeof count, MSG_NOSIGNAL | MSG_DONTWAIT);
	}
}

/* ---- the news ---- */

/* News readers the program added since the last look (under the lock). */
static void take_news_readers(void)
{
	pthread_mutex_lock(&hub.lock);
	for (int i = 0; i < hub.news_new_n && hub.news_n < 64; i++)
		hub.news_fds[hub.news_n++] = hub.news_new[i];
	hub.news_new_n = 0;
	pthread_mutex_unlock(&hub.lock);
}

static void heard_news(const char *what)
{
	if (what[0] == 'w') {
		int64_t id = strtoll(what + 1, NULL, 10);
		pthread_mutex_lock(&hub.lock);
		for (struct pub *p = hub.pubs; p; p = p->next)
			if (p->id == id)
				p->recount = hub.again = true;
		pthread_mutex_unlock(&hub.lock);
		return;
	}
	take_news_readers(); /* a reader added before this came hears it */
	char line[32];
	int len = snprintf(line, sizeof line, "%.24s\n", what);
	for (int i = 0; i < hub.news_n; i++)
		send(hub.news_fds[i], line, (size_t)len, MSG_NOSIGNAL | MSG_DONTWAIT);
}

static void handle_notes(void)
{
	for (int i = 0; i < hub.notes_n; i++) { /* handling one may add more */
		PGnotify *note = hub.notes[i];
		if (strcmp(note->relname, NEWS) == 0)
			heard_news(note->extra);
		else if (strncmp(note->relname, "tc_live_", 8) == 0)
			heard_event(strtoll(note->relname + 8, NULL, 10), note->extra);
		PQfreemem(note);
	}
	hub.notes_n = 0;
}

/* ---- the connection ---- */

static void lose_connection(void)
{
	PQfinish(hub.conn);
	hub.conn = NULL;
	hub.retry_at = now_ms() + RETRY_MS;
	pthread_mutex_lock(&hub.lock);
	for (struct pub *p = hub.pubs; p; p = p->next) {
		p->locked = false;
		p->fresh = p->n > 0 && !p->ended; /* written anew once back */
	}
	for (struct presence *s = hub.presences; s; s = s->next)
		s->held = false;
	hub.away = true;
	pthread_mutex_unlock(&hub.lock);
	for (struct follow *f = hub.follows; f; f = f->next)
		f->counted = false;
}

/* The server's notices are no one's to read. */
static void quiet(void *ctx, const char *message)
{
	(void)ctx;
	(void)message;
}

/* Starts connecting, without waiting: the loop advances it (connect_step) as its socket is
 * ready. */
static void connect_start(void)
{
	const char *keys[] = {"dbname", "application_name", "keepalives_idle",
	                      "keepalives_interval", "keepalives_count", NULL};
	const char *values[] = {hub.url, "tilecade-live", "10", "5", "3", NULL};
	hub.connecting = PQconnectStartParams(keys, values, 1);
	hub.polling = PQstatus(hub.connecting) == CONNECTION_BAD ? PGRES_POLLING_FAILED
	                                                          : PGRES_POLLING_WRITING;
	hub.connect_until = now_ms() + CONNECT_MS;
}

static void connected(void);

static void set_away(bool away)
{
	pthread_mutex_lock(&hub.lock);
	hub.away = away;
	pthread_mutex_unlock(&hub.lock);
}

/* Advances the connection being made (ready: its socket is): once made, it is the hub's;
 * failed or out of time, it is tried again later. */
static void connect_step(bool ready)
{
	if (ready)
		hub.polling = PQconnectPoll(hub.connecting);
	if (hub.polling == PGRES_POLLING_OK) {
		hub.conn = hub.connecting;
		hub.connecting = NULL;
		set_away(false);
		connected();
	} else if (hub.polling == PGRES_POLLING_FAILED || now_ms() >= hub.connect_until) {
		PQfinish(hub.connecting);
		hub.connecting = NULL;
		set_away(true);
		hub.retry_at = now_ms() + RETRY_MS;
	}
}

/* Once connected: hears the news and every game followed, and catches each follower up. */
static void connected(void)
{
	PQsetNoticeProcessor(hub.conn, quiet, NULL);
	run_ok("LISTEN " NEWS, 0, NULL, NULL);
	hub.checked_at = now_ms() + BACK_GRACE_MS - PRESENCE_MS;
	/* Back after being away: every screen reading races reads them again (their news was
	 * told to no one meanwhile). */
	if (hub.retry_at)
		heard_news("races");
	/* Watchers that came or went while away were told to no one: every pub counts anew. */
	pthread_mutex_lock(&hub.lock);
	for (struct pub *p = hub.pubs; p; p = p->next)
		p->recount = true;
	pthread_mutex_unlock(&hub.lock);
	for (struct follow *f = hub.follows, *next; f && hub.conn; f = next) {
		next = f->next;
		listen_to(f->id, true);
		int err = f->pending ? follow_begin(f) : 0;
		if (!f->pending && !err && f->mode == 'W' && !f->counted &&
		    (f->counted = run_id("SELECT pg_advisory_lock_shared($1::bigint + "
		                         "4503599627370496)",
		                         f->id))) {
			char news[24];
			snprintf(news, sizeof news, "w%" PRId64, f->id);
			tell_news(news); /* its player's program counts again */
		}
		if ((err && err != EINPROGRESS) || (!f->pending && !catch_up(f)) ||
		    (f->closing && f->out_len == 0))
			follow_remove(f);
	}
}

/* ---- requests from the program ---- */

static void answer(struct request *r, int result, int err)
{
	pthread_mutex_lock(&hub.lock);
	r->result = result;
	r->err = err;
	r->done = true;
	bool abandoned = r->abandoned;
	pthread_cond_broadcast(&hub.answered);
	pthread_mutex_unlock(&hub.lock);
	if (abandoned) {
		free(r->games);
		free(r);
	}
}

static int list_games(struct request *r)
{
	char max[24], clock_kinds[64], pause[8];
	snprintf(max, sizeof max, "%d", r->max);
	snprintf(clock_kinds, sizeof clock_kinds, "{%d,%d,%d,%d}", TC_LIVE_PAUSE, TC_LIVE_RESUME,
	         TC_LIVE_START, TC_LIVE_NEW_GAME);
	snprintf(pause, sizeof pause, "%d", TC_LIVE_PAUSE);
	const char *values[] = {max, clock_kinds, pause};
	const Oid types[] = {INT8, 1007, 23}; /* int[], int */
	/* paused: the game's last event that stops or starts its clock is a pause. */
	PGresult *res = run("SELECT g.id, g.hello, g.started, g.touched, (SELECT get_byte(e.bytes, 0)"
	                    " FROM live_events e WHERE e.game = g.id AND e.seq >= g.base AND"
	                    " get_byte(e.bytes, 0) = ANY ($2::int[]) ORDER BY e.seq DESC LIMIT 1)"
	                    " = $3"
	                    " FROM live_games g WHERE NOT g.ended AND " HELD("g.id", "ExclusiveLock")
	                    " ORDER BY g.id LIMIT $1",
	                    3, types, values, NULL, NULL);
	int64_t now = wall_ms();
	int n = 0;
	for (int i = 0; res && i < PQntuples(res); i++) {
		struct tc_live_game *g = &r->games[n];
		const char *line = PQgetvalue(res, i, 1);
		size_t used;
		memset(g, 0, sizeof *g);
		if (tc_live_hello_decode((const unsigned char *)line, strlen(line), &g->hello,
		                         &used) != 1 ||
		    !g->hello.game_id[0])
			continue;
		snprintf(g->socket, sizeof g->socket, "p%s", PQgetvalue(res, i, 0));
		/* The clock as the player's screen reads it now: it ran on since the hello's time. */
		int64_t since = now - strtoll(PQgetvalue(res, i, 3), NULL, 10);
		if (!g->hello.over && *PQgetvalue(res, i, 4) != 't' && since > 0)
			g->hello.elapsed_ms += (uint64_t)since;
		g->shared_ns = strtoll(PQgetvalue(res, i, 2), NULL, 10) * 1000000;
		n++;
	}
	PQclear(res);
	return n;
}

static void handle(struct request *r)
{
	if (r->kind == REQ_FLUSH) {
		answer(r, 0, 0);
		return;
	}
	if (!hub.conn) {
		if (r->kind == REQ_FOLLOW)
			close(r->fd);
		answer(r, -1, EAGAIN);
		return;
	}
	if (r->kind == REQ_FOLLOW) {
		int err = follow_start(r->id, r->mode, r->fd);
		answer(r, err ? -1 : 0, err);
	} else if (r->kind == REQ_LIST) {
		answer(r, list_games(r), 0);
	} else if (r->kind == REQ_GONE) {
		char id[24];
		snprintf(id, sizeof id, "%" PRId64, r->id);
		const char *values[] = {id};
		/* A game's program is gone once its row (written after its lock was taken) says
		 * so: a row not there yet is a game not yet written. */
		PGresult *res =
		        r->mode == 'p'
		                ? run("SELECT g.ended OR NOT " HELD("g.id", "ExclusiveLock")
		                      " FROM live_games g WHERE g.id = $1",
		                      1, &INT8, values, NULL, NULL)
		                : run("SELECT NOT " HELD("$1::bigint", "ExclusiveLock"), 1, &INT8,
		                      values, NULL, NULL);
		answer(r, !res ? -1 : PQntuples(res) == 1 && *PQgetvalue(res, 0, 0) == 't', 0);
		PQclear(res);
	}
}

/* Everything the program queued: requests answered, news subscribers taken, races told,
 * presences held or freed, pubs written. Flush requests are answered last. */
static void do_work(void)
{
	pthread_mutex_lock(&hub.lock);
	struct request *reqs = hub.requests;
	hub.requests = NULL;
	int races = hub.races_to_tell;
	pthread_mutex_unlock(&hub.lock);
	take_news_readers();
	struct request *flushes = NULL, *last = NULL;
	/* In the order they came. */
	struct request *ordered = NULL;
	while (reqs) {
		struct request *next = reqs->next;
		reqs->next = ordered;
		ordered = reqs;
		reqs = next;
	}
	for (struct request *r = ordered, *next; r; r = next) {
		next = r->next;
		if (r->kind == REQ_FLUSH) {
			r->next = NULL;
			*(last ? &last->next : &flushes) = r;
			last = r;
		} else {
			handle(r);
		}
	}
	handle_notes();
	/* The lists' heads are the program's (it adds there); the rest is this thread's. */
	pthread_mutex_lock(&hub.lock);
	struct presence *presences = hub.presences;
	struct pub *pubs = hub.pubs;
	pthread_mutex_unlock(&hub.lock);
	for (struct presence *s = presences; s && hub.conn; s = s->next) {
		pthread_mutex_lock(&hub.lock);
		bool hold = s->hold;
		pthread_mutex_unlock(&hub.lock);
		if (hold != s->held &&
		    run_id(hold ? "SELECT pg_advisory_lock($1)" : "SELECT pg_advisory_unlock($1)",
		           s->id))
			s->held = hold;
	}
	for (struct pub *p = pubs; p && hub.conn; p = p->next) {
		pub_flush(p);
		pthread_mutex_lock(&hub.lock);
		bool done = p->closing && p->written == p->n && !p->fresh;
		pthread_mutex_unlock(&hub.lock);
		if (done && p->locked) /* its lock freed: a game not ended reads as dropped */
			p->locked = !run_id("SELECT pg_advisory_unlock($1)", p->id);
		if (p->recount)
			pub_count(p);
		p->recount = false;
	}
	/* Told after the pubs are written: a racer's hello says the race before the race says
	 * where to follow the racer. */
	if (hub.conn && races > 0) {
		tell_news("races");
		pthread_mutex_lock(&hub.lock);
		hub.races_to_tell -= races;
		pthread_mutex_unlock(&hub.lock);
	}
	/* Pubs closed and written, presences freed: forgotten. A pub closed while the database
	 * is away waits for it: its END is still to be told. */
	pthread_mutex_lock(&hub.lock);
	for (struct pub **at = &hub.pubs; *at;) {
		struct pub *p = *at;
		if (p->closing && !p->locked && p->written == p->n && !p->fresh) {
			*at = p->next;
			pub_free(p);
		} else {
			at = &p->next;
		}
	}
	for (struct presence **at = &hub.presences; *at;) {
		struct presence *s = *at;
		if (!s->hold && !s->held) {
			*at = s->next;
			free(s);
		} else {
			at = &s->next;
		}
	}
	pthread_mutex_unlock(&hub.lock);
	handle_notes();
	for (struct request *r = flushes, *next; r; r = next) {
		next = r->next;
		answer(r, 0, 0);
	}
}

static void *hub_main(void *unused)
{
	(void)unused;
	struct pollfd fds[2 + 64 + 1024];
	struct follow *polled[1024];
	for (;;) {
		int64_t now = now_ms();
		if (!hub.conn && !hub.connecting && now >= hub.retry_at)
			connect_start();
		if (hub.connecting)
			connect_step(false);
		/* While the database is known away, the program is not kept waiting for the next
		 * connection: its work is done, or refused, at once. */
		if (!hub.connecting || hub.away)
			do_work();
		if (hub.conn && hub.follows && now_ms() - hub.checked_at >= PRESENCE_MS) {
			check_presence();
			hub.checked_at = now_ms();
			handle_notes();
		}
		if (hub.again) {
			hub.again = false;
			continue;
		}
		int n = 0, timeout = -1;
		fds[n++] = (struct pollfd){hub.wake_fd, POLLIN, 0};
		fds[n++] = hub.conn         ? (struct pollfd){PQsocket(hub.conn), POLLIN, 0}
		           : hub.connecting ? (struct pollfd){PQsocket(hub.connecting),
		                                              hub.polling == PGRES_POLLING_READING
		                                                      ? POLLIN
		                                                      : POLLOUT,
		                                              0}
		                            : (struct pollfd){-1, 0, 0};
		for (int i = 0; i < hub.news_n; i++)
			fds[n++] = (struct pollfd){hub.news_fds[i], 0, 0};
		int first_follow = n, follows = 0;
		for (struct follow *f = hub.follows; f && follows < 1024; f = f->next) {
			polled[follows++] = f;
			fds[n++] = (struct pollfd){f->fd, (short)(f->out_len ? POLLOUT : 0), 0};
		}
		if (hub.connecting)
			timeout = (int)(hub.connect_until > now_ms() ? hub.connect_until - now_ms() : 0);
		else if (!hub.conn)
			timeout = (int)(hub.retry_at > now_ms() ? hub.retry_at - now_ms() : 0);
		else if (hub.follows)
			timeout = PRESENCE_MS;
		if (poll(fds, (nfds_t)n, timeout) <= 0)
			continue;
		if (fds[0].revents) {
			uint64_t count;
			if (read(hub.wake_fd, &count, sizeof count) < 0) {
				/* woken by another read already */
			}
		}
		if (hub.connecting && fds[1].revents) {
			connect_step(true);
		} else if (hub.conn && fds[1].revents) {
			if (!PQconsumeInput(hub.conn))
				lose_connection();
			take_notes();
			handle_notes();
		}
		/* News readers that closed. */
		for (int i = hub.news_n - 1; i >= 0; i--)
			if (fds[2 + i].revents & (POLLHUP | POLLERR)) {
				close(hub.news_fds[i]);
				hub.news_fds[i] = hub.news_fds[--hub.news_n];
			}
		for (int i = 0; i < follows; i++) {
			short ev = fds[first_follow + i].revents;
			if (!ev)
				continue;
			struct follow *f = polled[i];
			bool still = false;
			for (struct follow *o = hub.follows; o; o = o->next)
				still |= o == f;
			if (!still)
				continue;
			if (ev & (POLLHUP | POLLERR) || !send_out(f, "", 0) ||
			    (f->closing && f->out_len == 0))
				follow_remove(f);
		}
	}
	return NULL;
}

/* Starts the hub on url the first time; false when it cannot run (or runs on another
 * database). */
static bool hub_start(const char *url)
{
	pthread_mutex_lock(&hub.lock);
	bool ok = hub.running;
	if (!hub.running) {
		snprintf(hub.url, sizeof hub.url, "%s", url);
		hub.wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		sigset_t all, old;
		sigfillset(&all);
		pthread_sigmask(SIG_SETMASK, &all, &old); /* signals stay the program's */
		pthread_t thread;
		ok = hub.wake_fd >= 0 && pthread_create(&thread, NULL, hub_main, NULL) == 0;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (ok) {
			pthread_detach(thread);
			hub.running = true;
		}
	}
	ok = ok && strcmp(hub.url, url) == 0;
	pthread_mutex_unlock(&hub.lock);
	return ok;
}

/* Hands the hub a request and waits for its answer at most TC_LIVE_DB_WAIT_MS. Returns its
 * result, or -1 with errno ETIMEDOUT when none came: the request is then the hub's. */
static int ask(struct request *r)
{
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += TC_LIVE_DB_WAIT_MS / 1000;
	pthread_mutex_lock(&hub.lock);
	r->next = hub.requests;
	hub.requests = r;
	wake();
	while (!r->done && pthread_cond_timedwait(&hub.answered, &hub.lock, &until) == 0)
		;
	bool done = r->done;
	int result = r->result, err = r->err;
	r->abandoned = !done;
	pthread_mutex_unlock(&hub.lock);
	if (!done) { /* the hub frees it when it answers */
		errno = ETIMEDOUT;
		return -1;
	}
	errno = err;
	return result;
}

/* Waits until what the program queued is written (its END, a race's news, a presence), at
 * most TC_LIVE_DB_WAIT_MS. */
static void settle(void)
{
	struct request *r = calloc(1, sizeof *r);
	if (!r)
		return;
	r->kind = REQ_FLUSH;
	if (ask(r) >= 0 || errno != ETIMEDOUT)
		free(r);
}

static bool hub_use(const char *url)
{
	static bool registered;
	if (!hub_start(url))
		return false;
	if (!registered)
		atexit(settle); /* before the program ends */
	registered = true;
	return true;
}

/* ---- the calls ---- */

int tc_live_db_pub_open(const char *url, int64_t id, const char *player)
{
	int pair[2];
	struct pub *p = calloc(1, sizeof *p);
	if (!p || !hub_use(url) ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, pair) != 0) {
		free(p);
		return -1;
	}
	p->id = id;
	snprintf(p->player, sizeof p->player, "%s", player);
	p->count_fd = pair[1];
	pthread_mutex_lock(&hub.lock);
	p->next = hub.pubs;
	hub.pubs = p;
	pthread_mutex_unlock(&hub.lock);
	return pair[0];
}

static struct pub *find_pub(int64_t id)
{
	for (struct pub *p = hub.pubs; p; p = p->next)
		if (p->id == id && !p->closing)
			return p;
	return NULL;
}

void tc_live_db_pub_event(int64_t id, const unsigned char *bytes, size_t len, uint8_t kind,
                          const char *hello)
{
	unsigned char *copy = malloc(len);
	if (!copy)
		return; /* out of memory: the watchers' stream breaks, play goes on */
	memcpy(copy, bytes, len);
	pthread_mutex_lock(&hub.lock);
	struct pub *p = find_pub(id);
	if (p && kind == TC_LIVE_START) { /* a new stream: the last one's events go */
		for (int i = 0; i < p->n; i++)
			free(p->ev[i].bytes);
		p->n = p->written = 0;
		p->seq0 = 1;
		p->fresh = true;
		p->ended = false;
	} else if (p && kind == TC_LIVE_NEW_GAME && p->written == p->n && p->n > 0 && !p->fresh) {
		/* The game before is written: only this one's events are ever written again. */
		for (int i = 0; i < p->n; i++)
			free(p->ev[i].bytes);
		p->seq0 += p->n;
		p->n = p->written = 0;
	}
	if (p && p->n == p->cap) {
		int cap = p->cap ? 2 * p->cap : 64;
		struct pub_event *ev = realloc(p->ev, (size_t)cap * sizeof *ev);
		if (ev) {
			p->ev = ev;
			p->cap = cap;
		}
	}
	/* Only a stream that is open takes events (as a socket that is there). */
	if (p && p->n < p->cap && (kind == TC_LIVE_START || (!p->ended && p->seq0 > 0))) {
		struct pub_event *e = &p->ev[p->n++];
		*e = (struct pub_event){copy, len, kind, wall_ms(), ""};
		p->hello_changed = false; /* this event's hello is newer */
		snprintf(e->hello, sizeof e->hello, "%s", hello);
		copy = NULL;
		p->ended = kind == TC_LIVE_END;
		wake();
	}
	pthread_mutex_unlock(&hub.lock);
	free(copy);
}

void tc_live_db_pub_hello(int64_t id, const char *hello)
{
	pthread_mutex_lock(&hub.lock);
	struct pub *p = find_pub(id);
	if (p) {
		snprintf(p->hello, sizeof p->hello, "%s", hello);
		p->hello_wall = wall_ms();
		p->hello_changed = true;
		wake();
	}
	pthread_mutex_unlock(&hub.lock);
}

unsigned tc_live_db_pub_watchers(int fd, unsigned before)
{
	unsigned count;
	while (recv(fd, &count, sizeof count, MSG_DONTWAIT) == sizeof count)
		before = count;
	return before;
}

void tc_live_db_pub_close(int64_t id, int fd)
{
	pthread_mutex_lock(&hub.lock);
	struct pub *p = find_pub(id);
	if (p)
		p->closing = true; /* its lock freed once written: a game not ended reads as dropped */
	wake();
	pthread_mutex_unlock(&hub.lock);
	if (fd >= 0)
		close(fd);
}

bool tc_live_db_away(void)
{
	pthread_mutex_lock(&hub.lock);
	bool away = hub.running && hub.away;
	pthread_mutex_unlock(&hub.lock);
	return away;
}

int tc_live_db_follow(const char *url, int64_t id, char mode)
{
	int pair[2];
	if (!hub_use(url)) {
		errno = EAGAIN;
		return -1;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, pair) != 0)
		return -1;
	struct request *r = calloc(1, sizeof *r);
	if (!r) {
		close(pair[0]);
		close(pair[1]);
		errno = ENOMEM;
		return -1;
	}
	*r = (struct request){.kind = REQ_FOLLOW, .id = id, .mode = mode, .fd = pair[1]};
	int rc = ask(r);
	int err = errno;
	if (rc == 0 || err != ETIMEDOUT)
		free(r);
	if (rc != 0) {
		close(pair[0]);
		errno = err == ETIMEDOUT ? EAGAIN : err;
		return -1;
	}
	return pair[0];
}

int tc_live_db_list(const char *url, struct tc_live_game *games, int max)
{
	struct request *r = calloc(1, sizeof *r);
	if (!r || max <= 0 || !hub_use(url)) {
		free(r);
		return 0;
	}
	*r = (struct request){.kind = REQ_LIST, .max = max};
	r->games = calloc((size_t)max, sizeof *games);
	if (!r->games) {
		free(r);
		return 0;
	}
	int n = ask(r);
	if (n < 0 && errno == ETIMEDOUT)
		return 0;
	if (n > 0)
		memcpy(games, r->games, (size_t)n * sizeof *games);
	free(r->games);
	free(r);
	return n > 0 ? n : 0;
}

int tc_live_db_news(const char *url)
{
	int pair[2];
	if (!hub_use(url) ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, pair) != 0)
		return -1;
	pthread_mutex_lock(&hub.lock);
	bool room = hub.news_new_n < 64;
	if (room)
		hub.news_new[hub.news_new_n++] = pair[1];
	wake();
	pthread_mutex_unlock(&hub.lock);
	if (!room) {
		close(pair[0]);
		close(pair[1]);
		return -1;
	}
	return pair[0];
}

void tc_live_db_races_changed(const char *url)
{
	if (!hub_use(url))
		return;
	pthread_mutex_lock(&hub.lock);
	hub.races_to_tell++;
	wake();
	pthread_mutex_unlock(&hub.lock);
}

void tc_live_db_presence(const char *url, int64_t id, bool hold)
{
	if (!hub_use(url))
		return;
	pthread_mutex_lock(&hub.lock);
	struct presence *s = hub.presences;
	while (s && s->id != id)
		s = s->next;
	if (!s && hold && (s = calloc(1, sizeof *s))) {
		s->id = id;
		s->next = hub.presences;
		hub.presences = s;
	}
	if (s)
		s->hold = hold;
	wake();
	pthread_mutex_unlock(&hub.lock);
	if (hold) /* held before anyone is told where to find it */
		settle();
}

int tc_live_db_gone(const char *url, const char *name)
{
	int64_t id = tc_live_db_name_id(name);
	struct request *r = calloc(1, sizeof *r);
	if (!r || !hub_use(url)) {
		free(r);
		return -1;
	}
	*r = (struct request){.kind = REQ_GONE, .id = id, .mode = name[0]};
	int rc = ask(r);
	if (rc == -1 && errno == ETIMEDOUT)
		return -1;
	free(r);
	return rc;
}
