/* The player's side: one listening socket while a game is in progress, and every watcher's
 * bytes queued and sent without ever blocking the game. */
#define _GNU_SOURCE
#include "tilecade/live_net.h"

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "live_db.h"

/* A client that sends more than this (it should send one byte) is dropped: reading a flood
 * would cost the player. */
#define JUNK_MAX 4096
/* Clients that have not yet said what they want (their first byte). A real client sends it
 * as it connects; anyone may open connections that say nothing (a shared folder is open to
 * every user), so beyond this many the oldest such is closed: a few cost the player nothing,
 * and real watchers and listers always get in. */
#define UNDECIDED_MAX 16
/* Watchers of one game (each a descriptor of the player's program): one more is closed as
 * soon as it says what it wants, before it is sent anything (its screen says the game takes no
 * more watchers). */
#define WATCHERS_MAX 512
/* Rival racers ('R'): the other racers' programs of the race the game is in, following it for
 * their race pane. A race has at most 64 racers; one more than this is closed as a watcher
 * is, before it is sent anything. */
#define RIVALS_MAX 128
/* Listers ('L', or anything else): `live` and `watch NAME` hang up once they have the hello,
 * the menu's Watch list stays. Beyond this many the oldest is closed, so that a new one always
 * gets in: anyone who can list can push the others out, not keep the game from being listed. */
#define LISTERS_MAX 256

struct watcher {
	int fd;
	bool decided; /* its first byte came: it has been sent the hello and the stream */
	unsigned long arrived; /* the order of its connection: the oldest goes first */
	char mode;    /* 'W', 'R' or 'L' once decided (what it said, anything else read as 'L') */
	bool closing; /* the stream ended: closed once its bytes are sent */
	size_t sent_by_it; /* bytes it sent us */
	unsigned char *out;
	size_t out_start, out_len, out_cap;
	size_t limit; /* out_len past this: too slow, dropped */
};

struct tc_live_pub {
	char dir[PATH_MAX];
	char name[16];
	char player[TC_LIVE_PLAYER_MAX];
	const struct tc_live_log *log;
	tc_live_describe describe;
	void *ctx;
	int listen_fd; /* -1 while no game is in progress */
	/* A descriptor kept for the moment there are no more: a connection that comes then is
	 * taken on it and closed at once, so that it does not stay waiting, and the listening
	 * socket ready, forever (a player's program at 100% CPU). */
	int spare_fd;
	bool listen_paused; /* no spare either: not listened to until a client goes */
	struct watcher *w;
	int n, cap;
	int undecided, listers, rivals;
	unsigned long arrivals;
	unsigned counted;
	char problem[160];
	/* On a database (live_db.h): the game's id ("p<id>"), the descriptor its watchers' count
	 * comes on, and whether a stream is open. */
	bool db;
	int64_t db_id;
	int db_fd;
	bool db_open;
};

struct tc_live_pub *tc_live_pub_new(const char *dir, const char *player,
                                    const struct tc_live_log *log, tc_live_describe describe,
                                    void *ctx)
{
	struct tc_live_pub *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	snprintf(p->dir, sizeof p->dir, "%s", dir);
	snprintf(p->name, sizeof p->name, "p%ld", (long)getpid());
	snprintf(p->player, sizeof p->player, "%s", player);
	p->log = log;
	p->describe = describe;
	p->ctx = ctx;
	p->listen_fd = -1;
	p->spare_fd = -1;
	p->db_fd = -1;
	p->db = tc_live_db_place(dir);
	if (p->db) {
		p->db_id = tc_live_db_new_id();
		snprintf(p->name, sizeof p->name, "p%" PRId64, p->db_id);
		p->db_fd = tc_live_db_pub_open(dir, p->db_id, player);
		if (p->db_fd < 0)
			snprintf(p->problem, sizeof p->problem,
			         "cannot publish: the database's live connection cannot start");
	}
	return p;
}

const char *tc_live_pub_socket(const struct tc_live_pub *p)
{
	return p->name;
}

const char *tc_live_pub_problem(const struct tc_live_pub *p)
{
	return p->problem[0] ? p->problem : NULL;
}

unsigned tc_live_pub_watchers(const struct tc_live_pub *p)
{
	return p->counted;
}

static void remove_socket(struct tc_live_pub *p)
{
	if (p->listen_fd < 0)
		return;
	close(p->listen_fd);
	p->listen_fd = -1;
	if (p->spare_fd >= 0)
		close(p->spare_fd);
	p->spare_fd = -1;
	tc_live_rename(p->dir, p->name, NULL);
}

static int open_spare(void)
{
	return open("/dev/null", O_RDONLY | O_CLOEXEC);
}

static void open_socket(struct tc_live_pub *p)
{
	char making[20];
	snprintf(making, sizeof making, ".%s", p->name);
	tc_live_rename(p->dir, making, NULL); /* left by an earlier program of this process ID */
	/* Other players of a shared board connect: the socket is theirs to write to. The folder
	 * says who may reach it. */
	mode_t mask = umask(0);
	p->listen_fd = tc_live_socket(p->dir, making, true);
	umask(mask);
	if (p->listen_fd >= 0 && (listen(p->listen_fd, SOMAXCONN) != 0 ||
	                          tc_live_rename(p->dir, making, p->name) != 0)) {
		close(p->listen_fd);
		p->listen_fd = -1;
		tc_live_rename(p->dir, making, NULL);
	}
	if (p->listen_fd >= 0)
		p->spare_fd = open_spare();
	if (p->listen_fd < 0)
		snprintf(p->problem, sizeof p->problem, "cannot publish in %.100s: %s", p->dir,
		         strerror(errno));
	else
		p->problem[0] = '\0';
}

static void drop(struct tc_live_pub *p, int i)
{
	struct watcher *w = &p->w[i];
	close(w->fd);
	free(w->out);
	if (!w->decided)
		p->undecided--;
	else if (w->mode == 'W')
		p->counted--;
	else if (w->mode == 'R')
		p->rivals--;
	else
		p->listers--;
	p->w[i] = p->w[--p->n];
	p->listen_paused = false; /* a descriptor is free */
}

/* Sends what is queued as far as the socket takes it; false when the watcher is gone. */
static bool flush(struct watcher *w)
{
	while (w->out_len > 0) {
		ssize_t n = send(w->fd, w->out + w->out_start, w->out_len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK;
		w->out_start += (size_t)n;
		w->out_len -= (size_t)n;
	}
	w->out_start = 0;
	return !w->closing;
}

/* Queues bytes and sends what the socket takes; false when the watcher is to be dropped. */
static bool queue(struct watcher *w, const void *bytes, size_t len)
{
	if (w->out_len + len > w->limit)
		return false;
	if (w->out_start > 0 && w->out_start + w->out_len + len > w->out_cap) {
		memmove(w->out, w->out + w->out_start, w->out_len);
		w->out_start = 0;
	}
	if (w->out_start + w->out_len + len > w->out_cap) {
		size_t cap = w->out_cap ? w->out_cap : 1024;
		while (cap < w->out_start + w->out_len + len)
			cap *= 2;
		unsigned char *out = realloc(w->out, cap);
		if (!out)
			return false;
		w->out = out;
		w->out_cap = cap;
	}
	memcpy(w->out + w->out_start + w->out_len, bytes, len);
	w->out_len += len;
	return flush(w) || w->closing;
}

/* Sends bytes to every watcher, dropping those that cannot keep up. */
static void broadcast(struct tc_live_pub *p, const unsigned char *bytes, size_t len)
{
	for (int i = p->n - 1; i >= 0; i--) /* the undecided are sent the log when they decide */
		if (p->w[i].decided && !p->w[i].closing && !queue(&p->w[i], bytes, len))
			drop(p, i);
}

static void db_event(struct tc_live_pub *p, const struct tc_live_event *ev);

static void tell_count(struct tc_live_pub *p)
{
	struct tc_live_event ev = {.kind = TC_LIVE_WATCHERS, .value = p->counted};
	if (p->db) {
		db_event(p, &ev);
		return;
	}
	unsigned char buf[32];
	size_t len = tc_live_encode(&ev, buf, sizeof buf);
	broadcast(p, buf, len);
}

/* The hello as it stands now, encoded: false when it does not fit. */
static bool hello_now(const struct tc_live_pub *p, char *line, size_t len)
{
	struct tc_live_hello hello = {0};
	snprintf(hello.player, sizeof hello.player, "%s", p->player);
	if (p->describe)
		p->describe(p->ctx, &hello);
	hello.watchers = p->counted;
	return tc_live_hello_encode(&hello, line, len) > 0;
}

void tc_live_pub_hello_changed(struct tc_live_pub *p)
{
	char line[sizeof(struct tc_live_hello) + 64];
	if (p->db && p->db_open && hello_now(p, line, sizeof line))
		tc_live_db_pub_hello(p->db_id, line);
}

/* An event to the database: queued with the hello as it stands after it (what a watcher who
 * comes later is told first). */
static void db_event(struct tc_live_pub *p, const struct tc_live_event *ev)
{
	struct tc_live_event sent = *ev;
	if (p->db_fd < 0 || (!p->db_open && ev->kind != TC_LIVE_START))
		return;
	if (ev->kind == TC_LIVE_START && p->db_open)
		sent.kind = TC_LIVE_NEW_GAME; /* another game in the same stream */
	p->db_open = ev->kind != TC_LIVE_END;
	unsigned char buf[TC_LIVE_EVENT_MAX];
	size_t len = tc_live_encode(&sent, buf, sizeof buf);
	char line[sizeof(struct tc_live_hello) + 64];
	if (len && hello_now(p, line, sizeof line))
		tc_live_db_pub_event(p->db_id, buf, len, sent.kind, line);
}

void tc_live_pub_event(struct tc_live_pub *p, const struct tc_live_event *ev)
{
	struct tc_live_event sent = *ev;
	if (p->db) {
		db_event(p, ev);
		return;
	}
	if (p->listen_paused) { /* out of descriptors a while ago: tried again at each event */
		p->listen_paused = false;
		if (p->spare_fd < 0)
			p->spare_fd = open_spare();
	}
	if (ev->kind == TC_LIVE_START) {
		if (p->listen_fd < 0) {
			open_socket(p);
			return; /* no one can be watching yet */
		}
		sent.kind = TC_LIVE_NEW_GAME; /* another game in the same stream */
	}
	if (p->n > 0) {
		unsigned char buf[TC_LIVE_EVENT_MAX];
		size_t len = tc_live_encode(&sent, buf, sizeof buf);
		if (len)
			broadcast(p, buf, len);
	}
	if (ev->kind != TC_LIVE_END)
		return;
	remove_socket(p);
	for (int i = p->n - 1; i >= 0; i--) {
		p->w[i].closing = true;
		if (p->w[i].out_len == 0 || !p->w[i].decided)
			drop(p, i);
	}
}

/* A client that said what it wants: its hello and the stream so far are queued. False when it
 * is to be dropped: one client too many, or out of memory. */
static bool decide(struct tc_live_pub *p, struct watcher *w, unsigned char mode)
{
	if ((mode == 'W' && p->counted >= WATCHERS_MAX) ||
	    (mode == 'R' && p->rivals >= RIVALS_MAX))
		return false; /* dropped as one that said nothing */
	w->decided = true;
	p->undecided--;
	struct tc_live_hello hello = {0};
	snprintf(hello.player, sizeof hello.player, "%s", p->player);
	if (p->describe)
		p->describe(p->ctx, &hello);
	hello.watchers = p->counted;
	hello.events = p->log ? p->log->events : 0;
	char line[sizeof hello + 64];
	size_t len = tc_live_hello_encode(&hello, line, sizeof line);
	size_t log_len = p->log ? p->log->len : 0;
	w->limit = len + log_len + TC_LIVE_BACKLOG_MAX;
	w->mode = mode == 'W' || mode == 'R' ? (char)mode : 'L';
	if (mode == 'W')
		p->counted++;
	else if (mode == 'R')
		p->rivals++;
	else
		p->listers++; /* one too many is closed, the oldest: see trim */
	return queue(w, line, len) && (!log_len || queue(w, p->log->bytes, log_len));
}

/* What a client sent: its first byte says what it wants; the rest is read and dropped. False
 * when it is gone (or floods, or is turned away). */
static bool hear(struct tc_live_pub *p, struct watcher *w)
{
	unsigned char buf[512];
	for (;;) {
		ssize_t n = recv(w->fd, buf, sizeof buf, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK;
		if (n == 0)
			return false;
		if (!w->decided && !decide(p, w, buf[0]))
			return false;
		w->sent_by_it += (size_t)n;
		if (w->sent_by_it > JUNK_MAX)
			return false;
	}
}

/* Closes the oldest undecided client (lister false) or lister (true). */
static void drop_oldest(struct tc_live_pub *p, bool lister)
{
	int oldest = -1;
	for (int i = 0; i < p->n; i++) {
		const struct watcher *w = &p->w[i];
		bool is = lister ? w->decided && w->mode == 'L' : !w->decided;
		if (is && (oldest < 0 || w->arrived < p->w[oldest].arrived))
			oldest = i;
	}
	if (oldest >= 0)
		drop(p, oldest);
}

/* Keeps the clients that say nothing, and the listers, within their caps. */
static void trim(struct tc_live_pub *p)
{
	while (p->undecided > UNDECIDED_MAX)
		drop_oldest(p, false);
	while (p->listers > LISTERS_MAX)
		drop_oldest(p, true);
}

/* A new connection. Its first byte is most often there already: it is read at once. */
static void welcome(struct tc_live_pub *p, int fd)
{
	if (p->n == p->cap) {
		int cap = p->cap ? p->cap * 2 : 8;
		struct watcher *w = realloc(p->w, (size_t)cap * sizeof *w);
		if (!w) {
			close(fd);
			return;
		}
		p->w = w;
		p->cap = cap;
	}
	int i = p->n++;
	p->w[i] = (struct watcher){.fd = fd, .arrived = p->arrivals++};
	p->undecided++;
	if (!hear(p, &p->w[i]))
		drop(p, i);
	trim(p);
}

/* Out of descriptors: the waiting connection is taken on the spare and closed, or, with no
 * spare, the listening socket is left until a client goes. False when it is left. */
static bool turn_away(struct tc_live_pub *p)
{
	if (p->spare_fd >= 0) {
		close(p->spare_fd);
		int fd = accept4(p->listen_fd, NULL, NULL, SOCK_CLOEXEC);
		bool none = fd < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
		if (fd >= 0)
			close(fd);
		p->spare_fd = open_spare();
		if (fd >= 0 || none)
			return fd >= 0;
	}
	p->listen_paused = true;
	return false;
}

static void take_new(struct tc_live_pub *p)
{
	for (int i = 0; i < 64 && p->listen_fd >= 0; i++) {
		int fd = accept4(p->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd >= 0)
			welcome(p, fd);
		else if (errno == EINTR || errno == ECONNABORTED)
			continue;
		else if (errno != EMFILE && errno != ENFILE && errno != ENOBUFS && errno != ENOMEM)
			return;
		else if (!turn_away(p))
			return;
	}
}

int tc_live_pub_fds(const struct tc_live_pub *p, struct pollfd *fds, int max)
{
	int k = 0;
	if (p->db_fd >= 0 && k < max)
		fds[k++] = (struct pollfd){p->db_fd, POLLIN, 0};
	if (p->listen_fd >= 0 && !p->listen_paused && k < max)
		fds[k++] = (struct pollfd){p->listen_fd, POLLIN, 0};
	for (int i = 0; i < p->n && k < max; i++)
		fds[k++] = (struct pollfd){p->w[i].fd,
		                           (short)(POLLIN | (p->w[i].out_len ? POLLOUT : 0)), 0};
	return k;
}

static int find(const struct tc_live_pub *p, int fd)
{
	for (int i = 0; i < p->n; i++)
		if (p->w[i].fd == fd)
			return i;
	return -1;
}

bool tc_live_pub_ready(struct tc_live_pub *p, const struct pollfd *fds, int n)
{
	unsigned before = p->counted;
	if (p->db) {
		p->counted = tc_live_db_pub_watchers(p->db_fd, p->counted);
		if (p->counted != before)
			tell_count(p);
		return p->counted != before;
	}
	bool listening = false;
	for (int k = 0; k < n; k++) {
		if (!fds[k].revents)
			continue;
		if (fds[k].fd == p->listen_fd) {
			listening = true;
			continue;
		}
		int i = find(p, fds[k].fd);
		if (i < 0)
			continue;
		bool keep = true;
		if (fds[k].revents & (POLLIN | POLLHUP | POLLERR))
			keep = hear(p, &p->w[i]);
		if (keep && fds[k].revents & POLLOUT)
			keep = flush(&p->w[i]);
		if (!keep)
			drop(p, i);
	}
	if (listening)
		take_new(p);
	trim(p);
	if (p->counted != before)
		tell_count(p);
	return p->counted != before;
}

void tc_live_pub_free(struct tc_live_pub *p)
{
	if (!p)
		return;
	if (p->db)
		tc_live_db_pub_close(p->db_id, p->db_fd);
	remove_socket(p);
	while (p->n > 0)
		drop(p, p->n - 1);
	free(p->w);
	free(p);
}
