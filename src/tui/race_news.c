/* Races read again on the live folder's word. */
#define _GNU_SOURCE
#include "race_news.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "arcade_policy.h"
#include "term.h"
#include "tilecade/live_net.h"

/* The timer set for the first time a race read changes by itself. */
static void set_timer(const struct tc_race_news *n, int64_t now)
{
	if (n->timer_fd < 0)
		return;
	int64_t at = 0;
	for (int i = 0; i < (n->id ? n->found : n->count); i++) {
		int64_t next = tc_race_changes_at(n->id ? &n->race : &n->races[i], now);
		if (next > 0 && (at == 0 || next < at))
			at = next;
	}
	/* One millisecond late, so that the store reads the change as made. */
	struct itimerspec its = {0};
	if (at > 0)
		its.it_value =
		        (struct timespec){(at + 1) / 1000, (long)((at + 1) % 1000) * 1000000};
	timerfd_settime(n->timer_fd, TFD_TIMER_ABSTIME, &its, NULL);
}

/* Reads the races (or the race) as they stand: those whose programs are gone are dropped
 * first (tc_live_race_probe), and everyone told. */
void tc_race_news_read(struct tc_race_news *n)
{
	const char *dir = *n->dir ? n->dir : NULL;
	int64_t now = tc_race_now_ms();
	if (n->id == 0) {
		n->count = tc_store_races(n->st, now, n->races, TC_RACE_NEWS_RACES);
		int gone = 0;
		for (int i = 0; i < n->count; i++)
			gone += tc_live_race_probe(n->st, dir, n->races[i].id, now);
		if (gone > 0) {
			tc_race_news_tell(n);
			n->count = tc_store_races(n->st, now, n->races, TC_RACE_NEWS_RACES);
		}
	} else {
		if (tc_live_race_probe(n->st, dir, n->id, now) > 0)
			tc_race_news_tell(n);
		n->n = tc_store_race_get(n->st, n->id, now, &n->race, n->racers,
		                         TC_RACE_RACERS_MAX);
		n->found = n->n >= 0;
		if (n->n < 0)
			n->n = 0;
	}
	set_timer(n, now);
}

/* Whether the place's news names the races; reads all there is. */
static bool races_changed(struct tc_live_news *news)
{
	char name[64];
	bool changed = false;
	while (tc_live_news_next(news, name, sizeof name))
		changed |= strcmp(name, TC_LIVE_RACES) == 0;
	return changed;
}

static int news_fds(void *ctx, struct pollfd *fds, int max)
{
	struct tc_race_news *n = ctx;
	int k = 0;
	if (n->news.fd >= 0 && k < max)
		fds[k++] = (struct pollfd){n->news.fd, POLLIN, 0};
	if (n->timer_fd >= 0 && k < max)
		fds[k++] = (struct pollfd){n->timer_fd, POLLIN, 0};
	return k;
}

static bool news_ready(void *ctx, const struct pollfd *fds, int count)
{
	struct tc_race_news *n = ctx;
	bool again = false;
	for (int i = 0; i < count; i++) {
		uint64_t expired;
		if (!fds[i].revents)
			continue;
		if (fds[i].fd == n->news.fd)
			again |= races_changed(&n->news);
		else if (fds[i].fd == n->timer_fd)
			again |= read(n->timer_fd, &expired, sizeof expired) > 0;
	}
	if (again)
		tc_race_news_read(n);
	return again;
}

void tc_race_news_open(struct tc_race_news *n, struct tc_store *st, const char *dir, int64_t id)
{
	memset(n, 0, sizeof *n);
	n->st = st;
	n->id = id;
	n->news.fd = -1;
	n->timer_fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
	if (dir) {
		snprintf(n->dir, sizeof n->dir, "%s", dir);
		tc_live_news_open(&n->news, dir, true);
	}
	/* Watched before read: a change in between is read now or told after. */
	tc_race_news_read(n);
	const struct tc_term_source src = {news_fds, news_ready, n};
	tc_term_add_source(&src);
}

void tc_race_news_close(struct tc_race_news *n)
{
	tc_term_remove_source(n);
	tc_live_news_close(&n->news);
	if (n->timer_fd >= 0)
		close(n->timer_fd);
	n->timer_fd = -1;
}

void tc_race_news_tell(const struct tc_race_news *n)
{
	if (*n->dir)
		tc_live_races_changed(n->dir);
}

int64_t tc_race_open_as(struct tc_store *st, const char *dir, const char *game, const char *game_id,
                        const char *player, int64_t limit_ms, char *err, size_t errlen)
{
	int64_t id = tc_store_race_open(st, game, game_id, player, limit_ms, tc_race_now_ms());
	if (id < 0)
		snprintf(err, errlen,
		         "you have %d races open already: leave one first (%s lists them)",
		         TC_RACE_OPEN_MAX, tc_policy_where("tilecade races", "ssh HOST races"));
	else if (id == 0)
		snprintf(err, errlen,
		         "the race could not be opened: the scoreboard cannot be written");
	else if (dir)
		tc_live_races_changed(dir);
	return id > 0 ? id : 0;
}

int tc_race_join_as(struct tc_store *st, const char *dir, int64_t id, const char *player, char *err,
                    size_t errlen)
{
	const char *races = tc_policy_where("tilecade races", "ssh HOST races");
	int64_t now = tc_race_now_ms();
	/* A program of the player's that is gone leaves the way back open. */
	if (tc_live_race_probe(st, dir, id, now) > 0)
		tc_live_races_changed(dir);
	switch (tc_store_race_join(st, id, player, now)) {
	case TC_RACE_JOINED:
		if (dir)
			tc_live_races_changed(dir);
		return 0;
	case TC_RACE_NONE:
		snprintf(err, errlen, "there is no race #%" PRId64 " (%s lists them)", id, races);
		break;
	case TC_RACE_STARTED:
		snprintf(err, errlen,
		         "race #%" PRId64 " has started: only its racers come back (watch it: %s "
		         "--watch %" PRId64 ")",
		         id, tc_policy_where("tilecade race", "ssh -t HOST race"), id);
		break;
	case TC_RACE_FULL:
		snprintf(err, errlen, "race #%" PRId64 " is full (%d racers)", id,
		         TC_RACE_RACERS_MAX);
		break;
	case TC_RACE_FINISHED:
		snprintf(err, errlen,
		         "race #%" PRId64 " is over for you (its board: %s %" PRId64 ")", id, races,
		         id);
		break;
	case TC_RACE_PLAYING:
		snprintf(err, errlen, "you are in race #%" PRId64 " already, in another terminal", id);
		break;
	case TC_RACE_FAILED:
		snprintf(err, errlen, "race #%" PRId64 " could not be joined", id);
		break;
	}
	return -1;
}
