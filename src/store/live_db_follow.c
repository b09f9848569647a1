/* The games a process follows, read for it by the hub thread (live_db_hub.h): each follower a
 * socket pair whose far end reads as a publisher's socket would (the hello, the stream so far,
 * each event as its notification comes, closed after its END or without one when its program
 * is gone). */
#define _GNU_SOURCE
#include "live_db_hub.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Queues bytes for a follower and sends what its socket takes; false when it is to go (gone,
 * or too slow). */
bool follow_send(struct follow *f, const void *bytes, size_t len)
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
	return follow_send(f, bytes, len);
}

/* The rows after the last event a follower was sent (from its game's start when none was);
 * NULL when the connection went. */
static PGresult *rows_after(const struct follow *f)
{
	char id[24], last[24];
	snprintf(id, sizeof id, "%" PRId64, f->id);
	snprintf(last, sizeof last, "%" PRId64, f->last);
	const char *values[] = {id, last};
	const Oid types[] = {HUB_INT8, HUB_INT8};
	return hub_run(
	        "SELECT e.seq, e.bytes FROM live_events e JOIN live_games g ON g.id = e.game "
	        "WHERE e.game = $1 AND e.seq > $2 AND e.seq >= g.base ORDER BY e.seq",
	        2, types, values, NULL, NULL);
}

/* Sends a follower rows (rows_after's); false when it is to go. */
static bool send_rows(struct follow *f, PGresult *res)
{
	bool ok = true;
	for (int i = 0; ok && i < PQntuples(res) && !f->closing; i++) {
		size_t len;
		unsigned char *bytes =
		        PQunescapeBytea((unsigned char *)PQgetvalue(res, i, 1), &len);
		ok = bytes && send_event(f, strtoll(PQgetvalue(res, i, 0), NULL, 10), bytes, len,
		                         f->last == 0);
		PQfreemem(bytes);
	}
	return ok;
}

/* Sends a follower what was written after the last it was sent. False when it is to go. */
bool follow_catch_up(struct follow *f)
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

bool follow_set_counted(struct follow *f, bool counted)
{
	char key[24], news[24];
	snprintf(key, sizeof key, "%" PRId64, WATCHERS_KEY(f->id));
	const char *values[] = {key};
	if (!hub_run_ok(counted ? "SELECT pg_advisory_lock_shared($1)"
	                        : "SELECT pg_advisory_unlock_shared($1)",
	                1, &HUB_INT8, values))
		return false;
	f->counted = counted;
	snprintf(news, sizeof news, "w%" PRId64, f->id);
	hub_tell_news(news); /* its player's program counts its watchers again */
	return true;
}

/* A follower gone (closed, too slow, its game ended or dropped): its lock freed, its channel
 * no longer heard when no other follower of the game is left. */
void follow_remove(struct follow *f)
{
	struct follow **at = &live_hub.follows;
	while (*at != f)
		at = &(*at)->next;
	*at = f->next;
	bool others = false;
	for (struct follow *o = live_hub.follows; o; o = o->next)
		others |= o->id == f->id;
	if (f->counted && live_hub.conn)
		follow_set_counted(f, false);
	if (!others && live_hub.conn)
		hub_listen_to(f->id, false);
	follow_free(f);
}

/* What the database says of game id for a new follower: 0 with its hello, or an errno
 * (EINPROGRESS: not written yet). */
static int game_of(int64_t id, struct tc_live_hello *hello)
{
	char text[24];
	snprintf(text, sizeof text, "%" PRId64, id);
	const char *values[] = {text};
	PGresult *res =
	        hub_run("SELECT hello, ended, " HELD(
	                        "g.id", "ExclusiveLock") " FROM live_games g WHERE g.id = $1",
	                1, &HUB_INT8, values, NULL, NULL);
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
int follow_begin(struct follow *f)
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
	bool ok = len && follow_send(f, line, len) && send_rows(f, res);
	PQclear(res);
	if (!ok)
		return EPROTO;
	f->limit = f->out_len + TC_LIVE_BACKLOG_MAX;
	if (f->mode == 'W')
		follow_set_counted(f, true);
	return 0;
}

/* Starts following: the channel heard first, then the rows so far read, so that no event
 * falls between. A game not written yet is waited for (a racer's, named in the race before its
 * program wrote it). Returns 0 or an errno; the descriptor is closed on an error. */
int follow_start(int64_t id, char mode, int fd)
{
	struct follow *f = calloc(1, sizeof *f);
	if (!f) {
		close(fd);
		return ENOMEM;
	}
	*f = (struct follow){.id = id, .fd = fd, .mode = mode, .pending = true};
	f->next = live_hub.follows;
	live_hub.follows = f;
	hub_listen_to(id, true);
	int err = follow_begin(f);
	if (err == EINPROGRESS)
		return 0;
	if (err)
		follow_remove(f);
	return err;
}

/* An event's notification: "seq:hex", or "seq:" for one to read from its row. */
void heard_event(int64_t id, const char *payload)
{
	int64_t seq = strtoll(payload, NULL, 10);
	const char *hex = strchr(payload, ':');
	size_t hex_len = hex ? strlen(hex + 1) : 0;
	for (struct follow *f = live_hub.follows, *next; f; f = next) {
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
			ok = follow_catch_up(f);
		}
		if (!ok || (f->closing && f->out_len == 0))
			follow_remove(f);
	}
}

/* The games followed whose program is gone, asked in one statement: each is caught up (its END
 * may be in), then closed without one. */
void follow_check_presence(void)
{
	char ids[4096];
	size_t len = 0;
	ids[len++] = '{';
	for (struct follow *f = live_hub.follows; f && len < sizeof ids - 32; f = f->next)
		if (!f->closing && !f->pending)
			len += (size_t)snprintf(ids + len, sizeof ids - len, "%s%" PRId64,
			                        len > 1 ? "," : "", f->id);
	snprintf(ids + len, sizeof ids - len, "}");
	if (len == 1)
		return;
	const char *values[] = {ids};
	const Oid types[] = {HUB_INT8_ARRAY};
	PGresult *res =
	        hub_run("SELECT f.id FROM unnest($1::bigint[]) AS f (id) LEFT JOIN live_games g "
	                "ON g.id = f.id WHERE (g.id IS NULL OR NOT g.ended) AND NOT " HELD(
	                        "f.id", "ExclusiveLock"),
	                1, types, values, NULL, NULL);
	for (int i = 0; res && i < PQntuples(res); i++) {
		int64_t id = strtoll(PQgetvalue(res, i, 0), NULL, 10);
		for (struct follow *f = live_hub.follows, *next; f; f = next) {
			next = f->next;
			if (f->id != id || f->closing || f->pending)
				continue;
			follow_catch_up(f);
			if (!f->closing) /* gone without a word: closed as its socket would be */
				f->out_len = 0;
			if (f->out_len == 0)
				follow_remove(f);
		}
	}
	PQclear(res);
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
	int rc = hub_ask(r);
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
