/* The hub: one thread and one libpq connection a process, through which its games are
 * published, the games it follows read, races' news told and heard, and presence held and asked
 * (live_db.h). The rest of the program sees descriptors: a follower's reads as a publisher's
 * socket would, so that the readers of sockets read it unchanged.
 *
 * The thread owns the connection; the program's threads hand it work under one mutex (queued
 * events, requests) and wake it through an eventfd. It never holds the mutex while it talks to
 * the database. This file holds the thread, its connection, the program's requests, the news
 * and presence; live_db_follow.c and live_db_publish.c what it follows and publishes. */
#define _GNU_SOURCE
#include "live_db_hub.h"
#include "clock.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
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

/* Ids are below this: "p" and 14 digits fit a socket's name. */
#define ID_LIMIT INT64_C(100000000000000)
/* How long it waits before it tries a lost database again, and gives a connection to be made. */
#define RETRY_MS 1000
/* How long, once back, before it asks whether the games it follows are still there: their
 * programs make their connections again too, and take their locks again. */
#define BACK_GRACE_MS 5000
#define CONNECT_MS 5000

const Oid HUB_INT8 = 20, HUB_BYTEA = 17, HUB_TEXT = 25, HUB_BOOL = 16, HUB_INT8_ARRAY = 1016;

struct live_hub live_hub = {
        .lock = PTHREAD_MUTEX_INITIALIZER, .answered = PTHREAD_COND_INITIALIZER, .wake_fd = -1};

bool tc_live_db_place(const char *place)
{
	return place && tc_store_is_url(place);
}

int64_t tc_live_db_new_id(void)
{
	uint64_t r = 0;
	if (getrandom(&r, sizeof r, 0) != sizeof r)
		r = (uint64_t)tc_clock_wall_ms() * 1000003u ^ (uint64_t)getpid();
	return (int64_t)(r % (uint64_t)(ID_LIMIT - 1)) + 1;
}

int64_t tc_live_db_name_id(const char *name)
{
	if ((name[0] != 'p' && name[0] != 'l') || !name[1] || strlen(name) > 15 ||
	    strspn(name + 1, "0123456789") != strlen(name + 1))
		return 0;
	return strtoll(name + 1, NULL, 10);
}

void hub_wake(void)
{
	uint64_t one = 1;
	if (write(live_hub.wake_fd, &one, sizeof one) < 0) {
		/* full: the thread is woken already */
	}
}

/* ---- talking to the database (the thread) ---- */

static void take_notes(void)
{
	PGnotify *note;
	while (live_hub.conn && (note = PQnotifies(live_hub.conn))) {
		if (live_hub.notes_n == (int)(sizeof live_hub.notes / sizeof *live_hub.notes))
			PQfreemem(note); /* news only: a screen reads the store again anyway */
		else
			live_hub.notes[live_hub.notes_n++] = note;
	}
}

static void hub_lose_connection(void);

/* Runs sql with its parameters (text, bytes for the BYTEA ones) within the deadline; the
 * result, or NULL when it failed (a lost connection, or one that did not answer in time, is let
 * go, to be made again). */
PGresult *hub_run(const char *sql, int n, const Oid *types, const char *const *values,
                  const int *lengths, const int *formats)
{
	if (!live_hub.conn)
		return NULL;
	PGresult *res = tc_pg_run(live_hub.conn, sql, n, types, values, lengths, formats,
	                          TC_PG_DEADLINE_MS);
	ExecStatusType st = PQresultStatus(res);
	take_notes();
	if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK)
		return res;
	if (!res || PQstatus(live_hub.conn) != CONNECTION_OK)
		hub_lose_connection();
	PQclear(res);
	return NULL;
}

bool hub_run_ok(const char *sql, int n, const Oid *types, const char *const *values)
{
	PGresult *res = hub_run(sql, n, types, values, NULL, NULL);
	PQclear(res);
	return res != NULL;
}

bool hub_run_id(const char *sql, int64_t id)
{
	char text[24];
	snprintf(text, sizeof text, "%" PRId64, id);
	const char *values[] = {text};
	return hub_run_ok(sql, 1, &HUB_INT8, values);
}

void hub_listen_to(int64_t id, bool on)
{
	char sql[64];
	snprintf(sql, sizeof sql, "%s tc_live_%" PRId64, on ? "LISTEN" : "UNLISTEN", id);
	hub_run_ok(sql, 0, NULL, NULL);
}

void hub_tell_news(const char *what)
{
	const char *values[] = {what};
	hub_run_ok("SELECT pg_notify('" NEWS "', $1)", 1, &HUB_TEXT, values);
}

/* ---- the news ---- */

/* News readers the program added since the last look (under the lock). */
static void take_news_readers(void)
{
	pthread_mutex_lock(&live_hub.lock);
	for (int i = 0; i < live_hub.news_new_n && live_hub.news_n < 64; i++)
		live_hub.news_fds[live_hub.news_n++] = live_hub.news_new[i];
	live_hub.news_new_n = 0;
	pthread_mutex_unlock(&live_hub.lock);
}

/* A news reader that closed its end: let go. */
static void forget_news_reader(int fd)
{
	for (int i = 0; i < live_hub.news_n; i++)
		if (live_hub.news_fds[i] == fd) {
			close(fd);
			live_hub.news_fds[i] = live_hub.news_fds[--live_hub.news_n];
			return;
		}
}

static void heard_news(const char *what)
{
	if (what[0] == 'w') {
		int64_t id = strtoll(what + 1, NULL, 10);
		pthread_mutex_lock(&live_hub.lock);
		for (struct pub *p = live_hub.pubs; p; p = p->next)
			if (p->id == id)
				p->recount = live_hub.again = true;
		pthread_mutex_unlock(&live_hub.lock);
		return;
	}
	take_news_readers(); /* a reader added before this came hears it */
	char line[32];
	int len = snprintf(line, sizeof line, "%.24s\n", what);
	for (int i = 0; i < live_hub.news_n; i++)
		send(live_hub.news_fds[i], line, (size_t)len, MSG_NOSIGNAL | MSG_DONTWAIT);
}

static void handle_notes(void)
{
	for (int i = 0; i < live_hub.notes_n; i++) { /* handling one may add more */
		PGnotify *note = live_hub.notes[i];
		if (strcmp(note->relname, NEWS) == 0)
			heard_news(note->extra);
		else if (strncmp(note->relname, "tc_live_", 8) == 0)
			heard_event(strtoll(note->relname + 8, NULL, 10), note->extra);
		PQfreemem(note);
	}
	live_hub.notes_n = 0;
}

/* ---- the connection ---- */

static void hub_lose_connection(void)
{
	PQfinish(live_hub.conn);
	live_hub.conn = NULL;
	live_hub.retry_at = tc_clock_ms() + RETRY_MS;
	pthread_mutex_lock(&live_hub.lock);
	for (struct pub *p = live_hub.pubs; p; p = p->next) {
		p->locked = false;
		p->fresh = p->n > 0 && !p->ended; /* written anew once back */
	}
	for (struct presence *s = live_hub.presences; s; s = s->next)
		s->held = false;
	live_hub.away = true;
	pthread_mutex_unlock(&live_hub.lock);
	for (struct follow *f = live_hub.follows; f; f = f->next)
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
	const char *keys[] = {"dbname",           "application_name",
	                      "keepalives_idle",  "keepalives_interval",
	                      "keepalives_count", NULL};
	const char *values[] = {live_hub.url, "tilecade-live", "10", "5", "3", NULL};
	live_hub.connecting = PQconnectStartParams(keys, values, 1);
	live_hub.polling = PQstatus(live_hub.connecting) == CONNECTION_BAD ? PGRES_POLLING_FAILED
	                                                                   : PGRES_POLLING_WRITING;
	live_hub.connect_until = tc_clock_ms() + CONNECT_MS;
}

static void connected(void);

static void set_away(bool away)
{
	pthread_mutex_lock(&live_hub.lock);
	live_hub.away = away;
	pthread_mutex_unlock(&live_hub.lock);
}

/* Advances the connection being made (ready: its socket is): once made, it is the hub's;
 * failed or out of time, it is tried again later. */
static void connect_step(bool ready)
{
	if (ready)
		live_hub.polling = PQconnectPoll(live_hub.connecting);
	if (live_hub.polling == PGRES_POLLING_OK) {
		live_hub.conn = live_hub.connecting;
		live_hub.connecting = NULL;
		set_away(false);
		connected();
	} else if (live_hub.polling == PGRES_POLLING_FAILED ||
	           tc_clock_ms() >= live_hub.connect_until) {
		PQfinish(live_hub.connecting);
		live_hub.connecting = NULL;
		set_away(true);
		live_hub.retry_at = tc_clock_ms() + RETRY_MS;
	}
}

/* Once connected: hears the news and every game followed, and catches each follower up. */
static void connected(void)
{
	PQsetNoticeProcessor(live_hub.conn, quiet, NULL);
	hub_run_ok("LISTEN " NEWS, 0, NULL, NULL);
	live_hub.checked_at = tc_clock_ms() + BACK_GRACE_MS - PRESENCE_MS;
	/* Back after being away: every screen reading races reads them again (their news was
	 * told to no one meanwhile). */
	if (live_hub.retry_at)
		heard_news("races");
	/* Watchers that came or went while away were told to no one: every pub counts anew. */
	pthread_mutex_lock(&live_hub.lock);
	for (struct pub *p = live_hub.pubs; p; p = p->next)
		p->recount = true;
	pthread_mutex_unlock(&live_hub.lock);
	for (struct follow *f = live_hub.follows, *next; f && live_hub.conn; f = next) {
		next = f->next;
		hub_listen_to(f->id, true);
		int err = f->pending ? follow_begin(f) : 0;
		if (!f->pending && !err && f->mode == 'W' && !f->counted)
			follow_set_counted(f, true);
		if ((err && err != EINPROGRESS) || (!f->pending && !follow_catch_up(f)) ||
		    (f->closing && f->out_len == 0))
			follow_remove(f);
	}
}

/* ---- requests from the program ---- */

static void answer(struct request *r, int result, int err)
{
	pthread_mutex_lock(&live_hub.lock);
	r->result = result;
	r->err = err;
	r->done = true;
	bool abandoned = r->abandoned;
	pthread_cond_broadcast(&live_hub.answered);
	pthread_mutex_unlock(&live_hub.lock);
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
	const Oid types[] = {HUB_INT8, 1007, 23}; /* int[], int */
	/* paused: the game's last event that stops or starts its clock is a pause. */
	PGresult *res =
	        hub_run("SELECT g.id, g.hello, g.started, g.touched, (SELECT get_byte(e.bytes, 0)"
	                " FROM live_events e WHERE e.game = g.id AND e.seq >= g.base AND"
	                " get_byte(e.bytes, 0) = ANY ($2::int[]) ORDER BY e.seq DESC LIMIT 1)"
	                " = $3"
	                " FROM live_games g WHERE NOT g.ended AND " HELD(
	                        "g.id", "ExclusiveLock") " ORDER BY g.id LIMIT $1",
	                3, types, values, NULL, NULL);
	int64_t now = tc_clock_wall_ms();
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
		/* The clock as the player's screen reads it now: it ran on since the hello's time.
		 */
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
	if (!live_hub.conn) {
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
		                ? hub_run("SELECT g.ended OR NOT " HELD(
		                                  "g.id", "ExclusiveLock") " FROM live_games g "
		                                                           "WHERE g.id = $1",
		                          1, &HUB_INT8, values, NULL, NULL)
		                : hub_run("SELECT NOT " HELD("$1::bigint", "ExclusiveLock"), 1,
		                          &HUB_INT8, values, NULL, NULL);
		answer(r, !res ? -1 : PQntuples(res) == 1 && *PQgetvalue(res, 0, 0) == 't', 0);
		PQclear(res);
	}
}

/* Everything the program queued: requests answered, news subscribers taken, races told,
 * presences held or freed, pubs written. Flush requests are answered last. */
static void do_work(void)
{
	pthread_mutex_lock(&live_hub.lock);
	struct request *reqs = live_hub.requests;
	live_hub.requests = NULL;
	int races = live_hub.races_to_tell;
	pthread_mutex_unlock(&live_hub.lock);
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
	pthread_mutex_lock(&live_hub.lock);
	struct presence *presences = live_hub.presences;
	struct pub *pubs = live_hub.pubs;
	pthread_mutex_unlock(&live_hub.lock);
	for (struct presence *s = presences; s && live_hub.conn; s = s->next) {
		pthread_mutex_lock(&live_hub.lock);
		bool hold = s->hold;
		pthread_mutex_unlock(&live_hub.lock);
		if (hold != s->held && hub_run_id(hold ? "SELECT pg_advisory_lock($1)"
		                                       : "SELECT pg_advisory_unlock($1)",
		                                  s->id))
			s->held = hold;
	}
	for (struct pub *p = pubs; p && live_hub.conn; p = p->next) {
		pub_flush(p);
		pthread_mutex_lock(&live_hub.lock);
		bool done = p->closing && p->written == p->n && !p->fresh;
		pthread_mutex_unlock(&live_hub.lock);
		if (done && p->locked) /* its lock freed: a game not ended reads as dropped */
			p->locked = !hub_run_id("SELECT pg_advisory_unlock($1)", p->id);
		if (p->recount)
			pub_count(p);
		p->recount = false;
	}
	/* Told after the pubs are written: a racer's hello says the race before the race says
	 * where to follow the racer. */
	if (live_hub.conn && races > 0) {
		hub_tell_news("races");
		pthread_mutex_lock(&live_hub.lock);
		live_hub.races_to_tell -= races;
		pthread_mutex_unlock(&live_hub.lock);
	}
	/* Pubs closed and written, presences freed: forgotten. A pub closed while the database
	 * is away waits for it: its END is still to be told. */
	pthread_mutex_lock(&live_hub.lock);
	for (struct pub **at = &live_hub.pubs; *at;) {
		struct pub *p = *at;
		if (p->closing && !p->locked && p->written == p->n && !p->fresh) {
			*at = p->next;
			pub_free(p);
		} else {
			at = &p->next;
		}
	}
	for (struct presence **at = &live_hub.presences; *at;) {
		struct presence *s = *at;
		if (!s->hold && !s->held) {
			*at = s->next;
			free(s);
		} else {
			at = &s->next;
		}
	}
	pthread_mutex_unlock(&live_hub.lock);
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
		int64_t now = tc_clock_ms();
		if (!live_hub.conn && !live_hub.connecting && now >= live_hub.retry_at)
			connect_start();
		if (live_hub.connecting)
			connect_step(false);
		/* While the database is known away, the program is not kept waiting for the next
		 * connection: its work is done, or refused, at once. */
		if (!live_hub.connecting || live_hub.away)
			do_work();
		if (live_hub.conn && live_hub.follows &&
		    tc_clock_ms() - live_hub.checked_at >= PRESENCE_MS) {
			follow_check_presence();
			live_hub.checked_at = tc_clock_ms();
			handle_notes();
		}
		if (live_hub.again) {
			live_hub.again = false;
			continue;
		}
		int n = 0, timeout = -1;
		fds[n++] = (struct pollfd){live_hub.wake_fd, POLLIN, 0};
		fds[n++] = live_hub.conn ? (struct pollfd){PQsocket(live_hub.conn), POLLIN, 0}
		           : live_hub.connecting
		                   ? (struct pollfd){PQsocket(live_hub.connecting),
		                                     live_hub.polling == PGRES_POLLING_READING
		                                             ? POLLIN
		                                             : POLLOUT,
		                                     0}
		                   : (struct pollfd){-1, 0, 0};
		int news_polled = live_hub.news_n;
		for (int i = 0; i < news_polled; i++)
			fds[n++] = (struct pollfd){live_hub.news_fds[i], 0, 0};
		int first_follow = n, follows = 0;
		for (struct follow *f = live_hub.follows; f && follows < 1024; f = f->next) {
			polled[follows++] = f;
			fds[n++] = (struct pollfd){f->fd, (short)(f->out_len ? POLLOUT : 0), 0};
		}
		if (live_hub.connecting)
			timeout = (int)(live_hub.connect_until > tc_clock_ms()
			                        ? live_hub.connect_until - tc_clock_ms()
			                        : 0);
		else if (!live_hub.conn)
			timeout = (int)(live_hub.retry_at > tc_clock_ms()
			                        ? live_hub.retry_at - tc_clock_ms()
			                        : 0);
		else if (live_hub.follows)
			timeout = PRESENCE_MS;
		if (poll(fds, (nfds_t)n, timeout) <= 0)
			continue;
		if (fds[0].revents) {
			uint64_t count;
			if (read(live_hub.wake_fd, &count, sizeof count) < 0) {
				/* woken by another read already */
			}
		}
		if (live_hub.connecting && fds[1].revents) {
			connect_step(true);
		} else if (live_hub.conn && fds[1].revents) {
			if (!PQconsumeInput(live_hub.conn))
				hub_lose_connection();
			take_notes();
			handle_notes();
		}
		/* News readers that closed: those polled, found by their descriptor, as readers
		 * added since the poll (the news just heard takes them in) moved the list on. */
		for (int i = 0; i < news_polled; i++)
			if (fds[2 + i].revents & (POLLHUP | POLLERR))
				forget_news_reader(fds[2 + i].fd);
		for (int i = 0; i < follows; i++) {
			short ev = fds[first_follow + i].revents;
			if (!ev)
				continue;
			struct follow *f = polled[i];
			bool still = false;
			for (struct follow *o = live_hub.follows; o; o = o->next)
				still |= o == f;
			if (!still)
				continue;
			if (ev & (POLLHUP | POLLERR) || !follow_send(f, "", 0) ||
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
	pthread_mutex_lock(&live_hub.lock);
	bool ok = live_hub.running;
	if (!live_hub.running) {
		snprintf(live_hub.url, sizeof live_hub.url, "%s", url);
		live_hub.wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		sigset_t all, old;
		sigfillset(&all);
		pthread_sigmask(SIG_SETMASK, &all, &old); /* signals stay the program's */
		pthread_t thread;
		ok = live_hub.wake_fd >= 0 && pthread_create(&thread, NULL, hub_main, NULL) == 0;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (ok) {
			pthread_detach(thread);
			live_hub.running = true;
		}
	}
	ok = ok && strcmp(live_hub.url, url) == 0;
	pthread_mutex_unlock(&live_hub.lock);
	return ok;
}

/* Hands the hub a request and waits for its answer at most TC_LIVE_DB_WAIT_MS. Returns its
 * result, or -1 with errno ETIMEDOUT when none came: the request is then the hub's. */
int hub_ask(struct request *r)
{
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += TC_LIVE_DB_WAIT_MS / 1000;
	pthread_mutex_lock(&live_hub.lock);
	r->next = live_hub.requests;
	live_hub.requests = r;
	hub_wake();
	while (!r->done && pthread_cond_timedwait(&live_hub.answered, &live_hub.lock, &until) == 0)
		;
	bool done = r->done;
	int result = r->result, err = r->err;
	r->abandoned = !done;
	pthread_mutex_unlock(&live_hub.lock);
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
	if (hub_ask(r) >= 0 || errno != ETIMEDOUT)
		free(r);
}

bool hub_use(const char *url)
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

bool tc_live_db_away(void)
{
	pthread_mutex_lock(&live_hub.lock);
	bool away = live_hub.running && live_hub.away;
	pthread_mutex_unlock(&live_hub.lock);
	return away;
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
	int n = hub_ask(r);
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
	pthread_mutex_lock(&live_hub.lock);
	bool room = live_hub.news_new_n < 64;
	if (room)
		live_hub.news_new[live_hub.news_new_n++] = pair[1];
	hub_wake();
	pthread_mutex_unlock(&live_hub.lock);
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
	pthread_mutex_lock(&live_hub.lock);
	live_hub.races_to_tell++;
	hub_wake();
	pthread_mutex_unlock(&live_hub.lock);
}

void tc_live_db_presence(const char *url, int64_t id, bool hold)
{
	if (!hub_use(url))
		return;
	pthread_mutex_lock(&live_hub.lock);
	struct presence *s = live_hub.presences;
	while (s && s->id != id)
		s = s->next;
	if (!s && hold && (s = calloc(1, sizeof *s))) {
		s->id = id;
		s->next = live_hub.presences;
		live_hub.presences = s;
	}
	if (s)
		s->hold = hold;
	hub_wake();
	pthread_mutex_unlock(&live_hub.lock);
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
	int rc = hub_ask(r);
	if (rc == -1 && errno == ETIMEDOUT)
		return -1;
	free(r);
	return rc;
}
