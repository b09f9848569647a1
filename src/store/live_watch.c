/* The watcher's side of a live socket: the hello, then the stream's events as they come. */
#define _GNU_SOURCE
#include "tilecade/live_net.h"
#include "tilecade/session.h"

#include <errno.h>
#include <pwd.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "live_db.h"

int tc_live_watch_open(struct tc_live_watch *w, const char *dir, const char *name, char mode)
{
	memset(w, 0, sizeof *w);
	if (tc_live_db_place(dir)) { /* its hub says what it wants */
		int64_t id = name[0] == 'p' ? tc_live_db_name_id(name) : 0;
		w->fd = id ? tc_live_db_follow(dir, id, mode) : -1;
		if (!id)
			errno = ENOENT;
		return w->fd >= 0 ? 0 : -1;
	}
	w->fd = tc_live_socket(dir, name, false);
	if (w->fd < 0)
		return -1;
	/* One byte on a fresh socket always fits. */
	if (send(w->fd, &mode, 1, MSG_NOSIGNAL) != 1) {
		int saved = errno;
		close(w->fd);
		w->fd = -1;
		errno = saved;
		return -1;
	}
	return 0;
}

bool tc_live_out_of_touch(const char *dir)
{
	return tc_live_db_place(dir) && tc_live_db_away();
}

void tc_live_watch_close(struct tc_live_watch *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
}

/* Whether the program at the other end may name itself player: it runs as this user (an own
 * folder, an arcade's account), or as the user of that login name (a host's shared board,
 * where players are who they logged in as). */
static bool peer_may_be(int fd, const char *player)
{
	struct ucred cred;
	socklen_t len = sizeof cred;
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0)
		return false;
	if (cred.uid == geteuid())
		return true;
	const struct passwd *pw = getpwuid(cred.uid);
	return pw && strcmp(pw->pw_name, player) == 0;
}

static void finish(struct tc_live_watch *w, enum tc_live_watch_state state)
{
	tc_live_watch_close(w);
	w->state = state;
}

/* Tells the whole events in the buffer; false when the bytes are not a stream. */
static bool take_events(struct tc_live_watch *w, tc_live_on_event on_event, void *ctx)
{
	size_t pos = 0;
	if (!w->has_hello) {
		int rc = tc_live_hello_decode(w->buf, w->len, &w->hello, &pos);
		if (rc < 0)
			return false;
		if (rc == 0)
			return true;
		if (!peer_may_be(w->fd, w->hello.player))
			return false;
		w->has_hello = true;
		w->time_at = w->hello.elapsed_ms;
		w->time_came = tc_monotonic_ms();
		w->old_events = w->hello.events;
	}
	for (;;) {
		struct tc_live_event ev;
		size_t used;
		int rc = tc_live_decode(w->buf + pos, w->len - pos, &ev, &used);
		if (rc < 0)
			return false;
		if (rc == 0)
			break;
		pos += used;
		if (ev.kind == TC_LIVE_END)
			w->ended = true;
		/* The stream so far is older than the hello; from then on each event is news. */
		if (w->old_events > 0)
			w->old_events--;
		else if (ev.kind != TC_LIVE_WATCHERS) {
			w->time_at = ev.at_ms;
			w->time_came = tc_monotonic_ms();
		}
		if (on_event)
			on_event(ctx, &ev);
	}
	memmove(w->buf, w->buf + pos, w->len - pos);
	w->len -= pos;
	return true;
}

uint64_t tc_live_watch_time(const struct tc_live_watch *w, uint64_t now_ms)
{
	if (!w->has_hello)
		return 0;
	return w->time_at + (now_ms > w->time_came ? now_ms - w->time_came : 0);
}

bool tc_live_watch_pump(struct tc_live_watch *w, tc_live_on_event on_event, void *ctx)
{
	while (w->state == TC_LIVE_WATCH_OPEN) {
		ssize_t n = recv(w->fd, w->buf + w->len, sizeof w->buf - w->len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (n <= 0) {
			finish(w, w->ended ? TC_LIVE_WATCH_ENDED : TC_LIVE_WATCH_DROPPED);
			break;
		}
		w->len += (size_t)n;
		w->bytes += (uint64_t)n;
		if (!take_events(w, on_event, ctx)) {
			finish(w, TC_LIVE_WATCH_BROKEN);
			break;
		}
		/* A buffer full of one unfinished event: more than any event takes. */
		if (w->len == sizeof w->buf) {
			finish(w, TC_LIVE_WATCH_BROKEN);
			break;
		}
	}
	return w->state == TC_LIVE_WATCH_OPEN;
}
