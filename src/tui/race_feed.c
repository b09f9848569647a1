/* A race followed live: the store read again when the live folder says a race changed (or at
 * the times the race changes by itself, on a timer), and each racer's stream followed on a
 * connection of its own, its progress computed here from the position followed. */
#define _GNU_SOURCE
#include "race_feed.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "tilecade/live_follow.h"
#include "tilecade/live_net.h"
#include "tilecade/ninja.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/store.h"

/* How long a feed turned away by a racer's program waits before it connects again. */
#define RETRY_MS 2000

/* One racer's game, as followed. */
struct follower {
	char player[sizeof((struct tc_racer *)0)->player]; /* as the store names them */
	char socket[sizeof((struct tc_racer *)0)->socket]; /* connected to, or waited for */
	struct tc_live_watch conn;                           /* fd -1: not connected */
	bool waiting;      /* the socket is not in the folder yet: connected to when it shows */
	/* Closed on without the stream's end while the racer's program is there (turned away:
	 * too many followers, one too slow): connected to again at this wall-clock time. */
	int64_t retry_at;
	bool was_racing;   /* the store had them racing when last read */
	bool run;          /* an N run: followed by nj, not follow */
	struct tc_live_follow follow; /* stays where it is: its session's clock reads it */
	struct nj_follow *nj;
	bool has_progress;
	struct tc_progress progress;
};

struct tc_race_feed {
	struct tc_store *st;
	char dir[PATH_MAX];
	int64_t id;
	char self[sizeof((struct tc_racer *)0)->player]; /* "" for a watcher */
	struct tc_live_news news;
	int timer_fd;
	struct tc_race race;
	int n;
	struct tc_racer stored[TC_RACE_RACERS_MAX]; /* as the store has them */
	struct tc_racer racers[TC_RACE_RACERS_MAX]; /* shown: ranked, live progress in */
	struct follower *of[TC_RACE_RACERS_MAX];    /* racers[i]'s follower, or NULL */
	int followers;
	struct follower *followed[TC_RACE_RACERS_MAX]; /* at most one a racer */
};

static void follower_reset(struct follower *fo)
{
	tc_live_watch_close(&fo->conn);
	tc_live_follow_free(&fo->follow);
	tc_live_follow_init(&fo->follow);
	free(fo->nj);
	fo->nj = NULL;
	fo->run = false;
	fo->waiting = false;
	fo->retry_at = 0;
	fo->has_progress = false;
}

static void follower_free(struct follower *fo)
{
	follower_reset(fo);
	free(fo);
}

/* ---- a racer's stream ---- */

static void take_progress(struct follower *fo)
{
	const struct tc_session *s = fo->follow.session;
	if (fo->nj && fo->nj->started)
		nj_progress(&fo->nj->run, &fo->nj->world, &fo->progress);
	else if (s)
		tc_session_game(s)->progress(tc_session_state(s), &fo->progress);
	else
		return;
	fo->has_progress = true;
}

/* The stream is not this racer's game in this race, or not a game: followed no further. */
static void refuse(struct follower *fo)
{
	tc_live_watch_close(&fo->conn);
	fo->conn.state = TC_LIVE_WATCH_BROKEN;
}

struct heard {
	struct tc_race_feed *f;
	struct follower *fo;
	bool shown; /* something shown changed */
};

static void on_event(void *ctx, const struct tc_live_event *ev)
{
	struct heard *h = ctx;
	struct follower *fo = h->fo;
	if (fo->conn.state != TC_LIVE_WATCH_OPEN || fo->conn.fd < 0)
		return; /* refused already, with events still in the buffer */
	/* Anyone may publish in a shared folder: only the racer's own game of this race. */
	if (strcmp(fo->conn.hello.player, fo->player) != 0 || fo->conn.hello.race != h->f->id) {
		refuse(fo);
		return;
	}
	if (ev->kind == TC_LIVE_WATCHERS)
		return;
	if (ev->kind == TC_LIVE_START && !fo->nj && nj_stream_is_run(ev->text, ev->text_len)) {
		fo->nj = malloc(sizeof *fo->nj);
		if (!fo->nj) {
			refuse(fo);
			return;
		}
		nj_follow_init(fo->nj);
		fo->run = true;
	}
	char err[160];
	int rc = fo->run ? nj_follow(fo->nj, ev, err, sizeof err)
	                 : tc_live_follow(&fo->follow, ev, err, sizeof err);
	if (rc != 0) {
		refuse(fo);
		return;
	}
	struct tc_progress before = fo->progress;
	bool had = fo->has_progress;
	take_progress(fo);
	/* A run's steps move the ninja, which the watch screen draws on its own clock; a session
	 * game's every event changes what its board shows. */
	if (!fo->run || !had || before.value != fo->progress.value ||
	    strcmp(before.text, fo->progress.text) != 0)
		h->shown = true;
}

/* Connects to the racer's socket; one not there yet is waited for (the place's news tells
 * when it shows). */
static void connect_to(struct tc_race_feed *f, struct follower *fo, const char *socket)
{
	follower_reset(fo);
	snprintf(fo->socket, sizeof fo->socket, "%s", socket);
	if (!tc_live_socket_name(socket)) { /* only a publisher's socket of the folder's own */
		fo->conn.state = TC_LIVE_WATCH_BROKEN;
		return;
	}
	if (tc_live_watch_open(&fo->conn, f->dir, socket, 'R') == 0)
		return;
	fo->conn.fd = -1;
	if (errno == ENOENT) {
		fo->waiting = true;
		return;
	}
	/* Refused: the socket its program left behind, gone without a word. */
	fo->conn.state = TC_LIVE_WATCH_DROPPED;
}

/* ---- the store ---- */

static struct follower *find_follower(const struct tc_race_feed *f, const char *player)
{
	for (int k = 0; k < f->followers; k++)
		if (strcmp(f->followed[k]->player, player) == 0)
			return f->followed[k];
	return NULL;
}

/* The racer's follower, made the first time. */
static struct follower *follower_of(struct tc_race_feed *f, const char *player)
{
	struct follower *fo = find_follower(f, player);
	if (fo)
		return fo;
	if (f->followers == TC_RACE_RACERS_MAX)
		return NULL;
	fo = calloc(1, sizeof *fo);
	if (!fo)
		return NULL;
	snprintf(fo->player, sizeof fo->player, "%s", player);
	fo->conn.fd = -1;
	tc_live_follow_init(&fo->follow);
	f->followed[f->followers++] = fo;
	return fo;
}

/* Whether the stream closed without its end: the racer's program went away. */
static bool stream_dropped(const struct follower *fo)
{
	if (fo->conn.state == TC_LIVE_WATCH_DROPPED)
		return true;
	return fo->conn.state == TC_LIVE_WATCH_ENDED && !fo->run &&
	       fo->follow.end == TC_LIVE_END_DROPPED;
}

/* When the race next changes by itself, wall-clock ms; 0 for never. */
static int64_t next_change(const struct tc_race_feed *f, int64_t now)
{
	int64_t next = 0;
	int64_t at[1 + TC_RACE_RACERS_MAX];
	int k = 0;
	at[k++] = tc_race_changes_at(&f->race, now);
	for (int i = 0; i < f->n; i++)
		if (f->stored[i].outcome == TC_RACER_DROPPED)
			at[k++] = f->stored[i].dropped_ms + TC_RACE_RETURN_MS;
	for (int i = 0; i < k; i++)
		if (at[i] > now && (next == 0 || at[i] < next))
			next = at[i];
	return next;
}

/* When the feed next acts by itself: the race's next change, or a follower's retry. */
static int64_t next_wake(const struct tc_race_feed *f, int64_t now)
{
	int64_t next = next_change(f, now);
	for (int i = 0; i < f->followers; i++) {
		int64_t at = f->followed[i]->retry_at;
		if (at > 0 && (next == 0 || at < next))
			next = at;
	}
	return next;
}

static void set_timer(struct tc_race_feed *f, int64_t now)
{
	if (f->timer_fd < 0)
		return;
	int64_t at = next_wake(f, now);
	/* One millisecond late, so that the store reads the change as made. */
	struct itimerspec its = {0};
	if (at > 0)
		its.it_value = (struct timespec){(at + 1) / 1000, (long)((at + 1) % 1000) * 1000000};
	timerfd_settime(f->timer_fd, TFD_TIMER_ABSTIME, &its, NULL);
}

/* The racers as the store has them, each followed's progress live, ranked, texts made safe to
 * show. */
static void arrange(struct tc_race_feed *f)
{
	memcpy(f->racers, f->stored, (size_t)f->n * sizeof *f->racers);
	for (int i = 0; i < f->n; i++) {
		struct tc_racer *r = &f->racers[i];
		const struct follower *fo = find_follower(f, r->player);
		if (fo && fo->has_progress && r->outcome == TC_RACER_RACING)
			r->progress = fo->progress;
	}
	tc_race_rank(f->racers, f->n);
	for (int i = 0; i < f->n; i++) {
		struct tc_racer *r = &f->racers[i];
		f->of[i] = find_follower(f, r->player);
		char clean[sizeof r->player];
		tc_sanitize(r->player, clean, sizeof clean);
		memcpy(r->player, clean, sizeof clean);
		char text[sizeof r->progress.text];
		tc_sanitize(r->progress.text, text, sizeof text);
		memcpy(r->progress.text, text, sizeof text);
	}
}

/* Reads the race again, follows the racers who publish (a racer back from a drop on the new
 * socket), tells the store of those whose program went away, and puts the feed's own racer
 * back when another program took them for dropped. When the store cannot be read (the
 * database away), the race last read is settled at now: its time limit ends it all the same.
 * Returns false when the race was never read. */
static bool reload(struct tc_race_feed *f)
{
	for (int pass = 0; pass < 2; pass++) {
		int64_t now = tc_race_now_ms();
		int n = tc_store_race_get(f->st, f->id, now, &f->race, f->stored, TC_RACE_RACERS_MAX);
		if (n < 0 && !f->race.id)
			return false;
		if (n < 0) {
			tc_race_settle(&f->race, f->stored, f->n, now);
			tc_race_rank(f->stored, f->n);
			break;
		}
		f->n = n;
		bool told = false;
		for (int i = 0; i < n; i++) {
			const struct tc_racer *r = &f->stored[i];
			/* The racer's own program plays on: a drop another program took it for does
			 * not stick. */
			if (strcmp(r->player, f->self) == 0 && r->outcome == TC_RACER_DROPPED)
				told |= tc_store_race_back(f->st, f->id, f->self, now) == 0;
			if (strcmp(r->player, f->self) == 0)
				continue;
			struct follower *fo = follower_of(f, r->player);
			if (!fo)
				continue;
			bool racing = r->outcome == TC_RACER_RACING;
			bool came_back = racing && !fo->was_racing;
			fo->was_racing = racing;
			if (!racing || !r->socket[0])
				continue;
			bool retry = fo->retry_at > 0 && now >= fo->retry_at;
			if (strcmp(fo->socket, r->socket) != 0 || (came_back && fo->conn.fd < 0) ||
			    retry)
				connect_to(f, fo, r->socket);
			if (!stream_dropped(fo) || strcmp(fo->socket, r->socket) != 0)
				continue;
			/* Closed on: dropped only when the racer's program is gone; one that turned
			 * this feed away is asked again later. */
			if (!tc_live_gone(f->dir, r->socket)) {
				if (!fo->retry_at)
					fo->retry_at = now + RETRY_MS;
				continue;
			}
			struct tc_racer gone = *r;
			gone.outcome = TC_RACER_DROPPED;
			if (fo->has_progress)
				gone.progress = fo->progress;
			told |= tc_store_race_finish(f->st, f->id, r->player, &gone, now) == 0;
			fo->was_racing = false;
		}
		if (!told)
			break;
		tc_live_races_changed(f->dir); /* the others waiting on the race read it again */
	}
	arrange(f);
	set_timer(f, tc_race_now_ms());
	return true;
}

/* ---- the folder ---- */

/* What the place's news says: the races changed (read the store again), or a racer's socket
 * showed. */
static bool read_folder_news(struct tc_race_feed *f, bool *changed)
{
	char name[64];
	bool races = false;
	while (tc_live_news_next(&f->news, name, sizeof name)) {
		if (strcmp(name, TC_LIVE_RACES) == 0) {
			races = true;
			continue;
		}
		for (int i = 0; i < f->followers; i++) {
			struct follower *fo = f->followed[i];
			if (fo->waiting && strcmp(fo->socket, name) == 0) {
				connect_to(f, fo, name);
				*changed = true;
			}
		}
	}
	return races;
}

struct tc_race_feed *tc_race_feed_new(struct tc_store *st, const char *dir, int64_t id,
                                      const char *self, char *err, size_t errlen)
{
	struct tc_race_feed *f = calloc(1, sizeof *f);
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	f->st = st;
	f->id = id;
	snprintf(f->dir, sizeof f->dir, "%s", dir ? dir : "");
	snprintf(f->self, sizeof f->self, "%s", self ? self : "");
	f->timer_fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
	tc_live_news_open(&f->news, dir, true);
	if (!reload(f)) {
		snprintf(err, errlen, "there is no race #%lld", (long long)id);
		tc_race_feed_free(f);
		return NULL;
	}
	return f;
}

void tc_race_feed_free(struct tc_race_feed *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->followers; i++)
		follower_free(f->followed[i]);
	tc_live_news_close(&f->news);
	if (f->timer_fd >= 0)
		close(f->timer_fd);
	free(f);
}

const struct tc_race *tc_race_feed_race(const struct tc_race_feed *f)
{
	return &f->race;
}

int tc_race_feed_racers(const struct tc_race_feed *f, const struct tc_racer **racers)
{
	*racers = f->racers;
	return f->n;
}

const struct tc_session *tc_race_feed_session(const struct tc_race_feed *f, int i)
{
	const struct follower *fo = i >= 0 && i < f->n ? f->of[i] : NULL;
	return fo && !fo->run ? fo->follow.session : NULL;
}

const struct nj_follow *tc_race_feed_run(const struct tc_race_feed *f, int i)
{
	const struct follower *fo = i >= 0 && i < f->n ? f->of[i] : NULL;
	return fo && fo->run && fo->nj->started ? fo->nj : NULL;
}

uint32_t tc_race_feed_shown(const struct tc_race_feed *f, int i)
{
	const struct follower *fo = i >= 0 && i < f->n ? f->of[i] : NULL;
	return fo && !fo->run ? fo->follow.view : 0;
}

int tc_race_feed_fds(struct tc_race_feed *f, struct pollfd *fds, int max)
{
	int k = 0;
	if (f->news.fd >= 0 && k < max)
		fds[k++] = (struct pollfd){f->news.fd, POLLIN, 0};
	if (f->timer_fd >= 0 && k < max)
		fds[k++] = (struct pollfd){f->timer_fd, POLLIN, 0};
	for (int i = 0; i < f->followers && k < max; i++)
		if (f->followed[i]->conn.fd >= 0)
			fds[k++] = (struct pollfd){f->followed[i]->conn.fd, POLLIN, 0};
	return k;
}

bool tc_race_feed_ready(struct tc_race_feed *f, const struct pollfd *fds, int n)
{
	bool changed = false, again = false;
	for (int i = 0; i < n; i++) {
		if (!fds[i].revents)
			continue;
		if (fds[i].fd == f->news.fd) {
			again |= read_folder_news(f, &changed);
		} else if (fds[i].fd == f->timer_fd) {
			uint64_t expired;
			if (read(f->timer_fd, &expired, sizeof expired) > 0)
				again = true;
		} else {
			for (int k = 0; k < f->followers; k++) {
				struct follower *fo = f->followed[k];
				if (fo->conn.fd != fds[i].fd)
					continue;
				struct heard h = {f, fo, false};
				if (!tc_live_watch_pump(&fo->conn, on_event, &h) && stream_dropped(fo))
					again = true; /* told to the store */
				changed |= h.shown || fo->conn.fd < 0;
				break;
			}
		}
	}
	if (again)
		reload(f);
	else if (changed)
		arrange(f);
	return changed || again;
}

int tc_race_feed_next_ms(const struct tc_race_feed *f, int64_t now_ms)
{
	int64_t at = next_change(f, now_ms);
	if (at == 0)
		return -1;
	return at - now_ms > INT_MAX ? INT_MAX : (int)(at - now_ms);
}
