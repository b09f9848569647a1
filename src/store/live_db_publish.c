/* The games a process publishes, written by the hub thread (live_db_hub.h): the program queues
 * each event with the hello after it (tc_live_db_pub_event never waits); the thread writes each
 * as a row of live_events with its notification, in order, and the whole stream again after a
 * lost connection. */
#define _GNU_SOURCE
#include "live_db_hub.h"
#include "clock.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Events whose hex fits a NOTIFY's payload (8000 bytes) are carried in it. */
#define PAYLOAD_BYTES "3900"

void pub_free(struct pub *p)
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
	pthread_mutex_lock(&live_hub.lock);
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
	pthread_mutex_unlock(&live_hub.lock);
	return any;
}

/* The stream (re)opened: the lock taken (held while it is shared), the row made anew, the old
 * events gone, and rows of games long over (or whose program is gone) cleared. */
static bool pub_open(struct pub *p, const struct pub_event *e, int64_t seq)
{
	char id[24], base[24], now[24], old[24];
	snprintf(id, sizeof id, "%" PRId64, p->id);
	snprintf(base, sizeof base, "%" PRId64, seq);
	snprintf(now, sizeof now, "%" PRId64, tc_clock_wall_ms());
	snprintf(old, sizeof old, "%" PRId64, tc_clock_wall_ms() - 10 * 60 * 1000);
	if (!p->locked)
		p->locked = hub_run_id("SELECT pg_advisory_lock($1)", p->id);
	const char *clean[] = {old};
	const char *row[] = {id, p->player, e->hello, base, now};
	const Oid types[] = {HUB_INT8, HUB_TEXT, HUB_TEXT, HUB_INT8, HUB_INT8};
	return p->locked && hub_run_ok("BEGIN", 0, NULL, NULL) &&
	       hub_run_ok("DELETE FROM live_games g WHERE g.touched < $1 AND (g.ended OR NOT " HELD(
	                          "g.id", "ExclusiveLock") ")",
	                  1, &HUB_INT8, clean) &&
	       hub_run_ok(
	               "INSERT INTO live_games (id, player, hello, base, started, touched) VALUES "
	               "($1, $2, $3, $4, $5, $5) ON CONFLICT (id) DO UPDATE SET player = $2, hello "
	               "= "
	               "$3, base = $4, started = $5, touched = $5, ended = false",
	               5, types, row) &&
	       hub_run_ok("DELETE FROM live_events WHERE game = $1", 1, &HUB_INT8, row) &&
	       hub_run_ok("COMMIT", 0, NULL, NULL);
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
	const char *values[] = {id,  seq_text,  (const char *)e->bytes, e->hello,
	                        now, base_text, end ? "t" : "f"};
	const int lengths[] = {0, 0, (int)e->len, 0, 0, 0, 0};
	const int formats[] = {0, 0, 1, 0, 0, 0, 0};
	const Oid types[] = {HUB_INT8, HUB_INT8, HUB_BYTEA, HUB_TEXT, HUB_INT8, HUB_INT8, HUB_BOOL};
	PGresult *res = hub_run(
	        "WITH e AS (INSERT INTO live_events (game, seq, bytes) VALUES ($1, $2, $3)),"
	        " g AS (UPDATE live_games SET hello = $4, touched = $5, base = $6, ended = $7"
	        " WHERE id = $1),"
	        " old AS (DELETE FROM live_events WHERE game = $1 AND seq < $6)"
	        " SELECT pg_notify('tc_live_' || $1::text, $2::text || ':' || CASE WHEN"
	        " length($3) <= " PAYLOAD_BYTES " THEN encode($3, 'hex') ELSE '' END)",
	        7, types, values, lengths, formats);
	PQclear(res);
	return res != NULL;
}

/* Writes what the pub has queued; false when the connection went. */
bool pub_flush(struct pub *p)
{
	struct pub_event e;
	int64_t seq, base;
	bool open;
	while (next_to_write(p, &e, &seq, &base, &open)) {
		bool ok = e.bytes && (!open || pub_open(p, &e, seq)) && pub_write(p, &e, seq, base);
		if (ok && open) {
			char news[24];
			snprintf(news, sizeof news, "p%" PRId64, p->id);
			hub_tell_news(news);
		}
		if (ok && e.kind == TC_LIVE_END && p->locked)
			p->locked = !hub_run_id("SELECT pg_advisory_unlock($1)", p->id);
		free(e.bytes);
		if (!ok && !live_hub.conn)
			return false;
		pthread_mutex_lock(&live_hub.lock);
		if (!p->fresh)
			p->written++;
		pthread_mutex_unlock(&live_hub.lock);
	}
	char hello[HELLO_LINE], id[24], at[24];
	pthread_mutex_lock(&live_hub.lock);
	bool changed = p->hello_changed && p->written > 0 && !p->ended;
	p->hello_changed = false;
	snprintf(hello, sizeof hello, "%s", p->hello);
	snprintf(at, sizeof at, "%" PRId64, p->hello_wall);
	pthread_mutex_unlock(&live_hub.lock);
	snprintf(id, sizeof id, "%" PRId64, p->id);
	const char *values[] = {id, hello, at};
	const Oid types[] = {HUB_INT8, HUB_TEXT, HUB_INT8};
	/* touched: when the hello's elapsed time was read, for a listing's running clock. */
	return !changed ||
	       hub_run_ok("UPDATE live_games SET hello = $2, touched = $3 WHERE id = $1", 3, types,
	                  values);
}

/* The watchers of the pub counted again (a watcher came or went), and told to its program. */
void pub_count(struct pub *p)
{
	char id[24];
	snprintf(id, sizeof id, "%" PRId64, WATCHERS_KEY(p->id));
	const char *values[] = {id};
	PGresult *res =
	        hub_run("SELECT count(*) FROM pg_locks l WHERE l.locktype = 'advisory' AND "
	                "l.objsubid = 1 AND l.granted AND l.mode = 'ShareLock' AND l.database = "
	                "(SELECT oid FROM pg_database WHERE datname = current_database()) AND "
	                "l.classid::bigint = $1::bigint >> 32 AND l.objid::bigint = $1::bigint & "
	                "4294967295",
	                1, &HUB_INT8, values, NULL, NULL);
	if (!res)
		return;
	unsigned count = (unsigned)strtoul(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	if (count != p->watchers && p->count_fd >= 0) {
		p->watchers = count;
		send(p->count_fd, &count, sizeof count, MSG_NOSIGNAL | MSG_DONTWAIT);
	}
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
	pthread_mutex_lock(&live_hub.lock);
	p->next = live_hub.pubs;
	live_hub.pubs = p;
	pthread_mutex_unlock(&live_hub.lock);
	return pair[0];
}

static struct pub *find_pub(int64_t id)
{
	for (struct pub *p = live_hub.pubs; p; p = p->next)
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
	pthread_mutex_lock(&live_hub.lock);
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
		*e = (struct pub_event){copy, len, kind, tc_clock_wall_ms(), ""};
		p->hello_changed = false; /* this event's hello is newer */
		snprintf(e->hello, sizeof e->hello, "%s", hello);
		copy = NULL;
		p->ended = kind == TC_LIVE_END;
		hub_wake();
	}
	pthread_mutex_unlock(&live_hub.lock);
	free(copy);
}

void tc_live_db_pub_hello(int64_t id, const char *hello)
{
	pthread_mutex_lock(&live_hub.lock);
	struct pub *p = find_pub(id);
	if (p) {
		snprintf(p->hello, sizeof p->hello, "%s", hello);
		p->hello_wall = tc_clock_wall_ms();
		p->hello_changed = true;
		hub_wake();
	}
	pthread_mutex_unlock(&live_hub.lock);
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
	pthread_mutex_lock(&live_hub.lock);
	struct pub *p = find_pub(id);
	if (p)
		p->closing =
		        true; /* its lock freed once written: a game not ended reads as dropped */
	hub_wake();
	pthread_mutex_unlock(&live_hub.lock);
	if (fd >= 0)
		close(fd);
}
