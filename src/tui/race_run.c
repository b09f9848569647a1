/* The racer's race. */
#include "race_run.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "arcade_policy.h"
#include "status.h"
#include "term.h"
#include "tilecade/live_net.h"

/* The race as last read; all zeros once it is gone. */
static const struct tc_race *race_of(const struct tc_race_run *r)
{
	static const struct tc_race gone;
	return r->feed ? tc_race_feed_race(r->feed) : &gone;
}

static int racers_of(const struct tc_race_run *r, const struct tc_racer **racers)
{
	*racers = NULL;
	return r->feed ? tc_race_feed_racers(r->feed, racers) : 0;
}

/* Every program following races told that this one changed. */
static void tell(const struct tc_race_run *r)
{
	if (*r->dir)
		tc_live_races_changed(r->dir);
}

static int feed_fds(void *ctx, struct pollfd *fds, int max)
{
	return tc_race_feed_fds(((struct tc_race_run *)ctx)->feed, fds, max);
}

static bool feed_ready(void *ctx, const struct pollfd *fds, int n)
{
	return tc_race_feed_ready(((struct tc_race_run *)ctx)->feed, fds, n);
}

void tc_race_run_open(struct tc_race_run *r, struct tc_store *st, const char *dir, int64_t id,
                      const char *player)
{
	char err[160];
	memset(r, 0, sizeof *r);
	r->st = st;
	r->id = id;
	snprintf(r->dir, sizeof r->dir, "%s", dir ? dir : "");
	snprintf(r->player, sizeof r->player, "%s", player);
	r->feed = tc_race_feed_new(st, dir, id, player, err, sizeof err);
	if (r->feed) {
		const struct tc_term_source src = {feed_fds, feed_ready, r};
		tc_term_add_source(&src);
	}
}

void tc_race_run_close(struct tc_race_run *r)
{
	if (!r->feed)
		return;
	tc_term_remove_source(r);
	tc_race_feed_free(r->feed);
	r->feed = NULL;
}

int64_t tc_race_run_id(const struct tc_race_run *r)
{
	return r->id;
}

void tc_race_run_socket(struct tc_race_run *r, const char *socket)
{
	if (r->socket_told || !socket)
		return;
	r->socket_told = tc_store_race_socket(r->st, r->id, r->player, socket) == 0;
	if (r->socket_told)
		tell(r);
}

bool tc_race_run_time_up(const struct tc_race_run *r, int64_t now_ms)
{
	const struct tc_race *race = race_of(r);
	return !r->finished && race->limit_ms > 0 && race->start_ms > 0 &&
	       now_ms >= race->start_ms + race->limit_ms;
}

/* The player's end into the store, and everyone told. */
static void finish(struct tc_race_run *r, const struct tc_race_game *game,
                   enum tc_racer_outcome outcome, int64_t now_ms)
{
	struct tc_racer result = {.outcome = outcome,
	                          .progress = game->progress,
	                          .points = game->points,
	                          .recording = game->recording};
	const struct tc_race *race = race_of(r);
	int64_t start = race->start_ms;
	result.time_ms = start > 0 && now_ms > start ? now_ms - start : 0;
	/* A game that ended at the time limit took the whole limit, however late it was told. */
	if (outcome == TC_RACER_ENDED && race->limit_ms > 0 && result.time_ms > race->limit_ms)
		result.time_ms = race->limit_ms;
	snprintf(result.player, sizeof result.player, "%s", r->player);
	if (tc_store_race_finish(r->st, r->id, r->player, &result, now_ms) == 0) {
		r->finished = true;
		tell(r); /* the feed, too, reads the store again when told */
	}
}

bool tc_race_run_update(struct tc_race_run *r, const struct tc_race_game *game, int64_t now_ms)
{
	r->own = game->progress;
	if (r->finished || game->outcome == TC_RACER_RACING)
		return false;
	finish(r, game, game->outcome, now_ms);
	return r->finished;
}

void tc_race_run_leave(struct tc_race_run *r, const struct tc_race_game *game,
                       enum tc_racer_outcome how, int64_t now_ms)
{
	if (!r->finished && r->feed) /* the limit's end too, though the race reads as over */
		finish(r, game, how, now_ms);
}

const struct tc_race_standing *tc_race_run_standing(struct tc_race_run *r, int64_t now_ms)
{
	const struct tc_racer *racers;
	int n = racers_of(r, &racers);
	memcpy(r->racers, racers, (size_t)n * sizeof *r->racers);
	for (int i = 0; i < n; i++)
		if (strcmp(r->racers[i].player, r->player) == 0 &&
		    r->racers[i].outcome == TC_RACER_RACING)
			r->racers[i].progress = r->own;
	tc_race_rank(r->racers, n);
	const struct tc_race *race = race_of(r);
	snprintf(r->title, sizeof r->title, "Race #%" PRId64, r->id);
	char clock[16];
	int64_t since = race->start_ms > 0 && now_ms > race->start_ms ? now_ms - race->start_ms : 0;
	if (race->state == TC_RACE_OVER) {
		snprintf(r->line, sizeof r->line, "race over");
	} else if (race->limit_ms > 0) {
		int64_t left = race->limit_ms - since;
		tc_format_time((uint64_t)(left > 0 ? (left + 999) / 1000 * 1000 : 0), clock,
		               sizeof clock);
		snprintf(r->line, sizeof r->line, "%s left", clock);
	} else {
		tc_format_time((uint64_t)since / 1000 * 1000, clock, sizeof clock);
		snprintf(r->line, sizeof r->line, "%s", clock);
	}
	r->standing = (struct tc_race_standing){r->title, r->line, r->player, r->racers, n};
	return &r->standing;
}

int tc_race_run_next_ms(const struct tc_race_run *r, int64_t now_ms)
{
	const struct tc_race *race = race_of(r);
	if (race->state == TC_RACE_OVER || race->start_ms <= 0)
		return -1;
	int64_t since = now_ms - race->start_ms;
	if (since < 0)
		return since < -INT_MAX ? INT_MAX : (int)-since;
	if (race->limit_ms > 0 && !r->finished && since >= race->limit_ms)
		return 0; /* the time limit is due */
	return (int)(1000 - since % 1000);
}

static const char *ordinal(int n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

const char *tc_race_run_told(struct tc_race_run *r)
{
	if (!r->finished)
		return NULL;
	const struct tc_racer *racers;
	int n = racers_of(r, &racers), rank = 0;
	for (int i = 0; i < n; i++)
		if (strcmp(racers[i].player, r->player) == 0)
			rank = racers[i].rank;
	char board[48];
	snprintf(board, sizeof board, "%s %" PRId64,
	         tc_policy_where("tilecade races", "ssh HOST races"), r->id);
	if (race_of(r)->state == TC_RACE_OVER)
		snprintf(r->told, sizeof r->told, "Race over: %d%s of %d, the board: %s", rank,
		         ordinal(rank), n, board);
	else
		snprintf(r->told, sizeof r->told, "%d%s of %d so far; the race goes on", rank,
		         ordinal(rank), n);
	return r->told;
}
