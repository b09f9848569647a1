/* A ghost: a recording turned, once, into the timeline of its progress, so that following it
 * at the player's pace is a look-up.
 *
 * The timeline is that of the recording's last game: what it played from its last start,
 * restart or new game on (the attempt that made its result), one moment each time its progress
 * changed, at that event's game time. A session game's times are its elapsed game time, which
 * stops while paused and once the game is over; an N run's are its steps times NJ_STEP_MS. The
 * ghost finishes where its game was over: a win at the first moment it was won (a 2048 played
 * on after it finished there), else at the recording's end, lost, ended or left as it stood. */
#include "tilecade/ghost.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/gameid.h"
#include "tilecade/live_follow.h"
#include "tilecade/ninja_stream.h"

struct moment {
	uint64_t at_ms;
	struct tc_progress progress;
};

struct tc_ghost {
	char name[32];
	char game_id[TC_GAMEID_MAX];
	struct moment *moments; /* at least one (the start), in time order */
	size_t count, capacity;
	uint64_t finish_ms; /* where the recording's game was over, or its end: outcome from then */
	enum tc_racer_outcome outcome;
	int64_t points;
	size_t now; /* the moment at the time last given to tc_ghost_at */
	uint64_t now_ms;
};

static bool same_progress(const struct tc_progress *a, const struct tc_progress *b)
{
	return a->value == b->value && strcmp(a->text, b->text) == 0;
}

/* A moment of the timeline: a new one when progress changed (the first of a game always). */
static bool add_moment(struct tc_ghost *g, uint64_t at_ms, const struct tc_progress *p)
{
	if (g->count > 0 && same_progress(&g->moments[g->count - 1].progress, p))
		return true;
	if (g->count == g->capacity) {
		size_t capacity = g->capacity ? 2 * g->capacity : 64;
		struct moment *m = realloc(g->moments, capacity * sizeof *m);
		if (!m)
			return false;
		g->moments = m;
		g->capacity = capacity;
	}
	g->moments[g->count++] = (struct moment){at_ms, *p};
	return true;
}

/* ---- a session game's recording ---- */

static void session_progress(const struct tc_session *s, struct tc_progress *p)
{
	memset(p, 0, sizeof *p);
	tc_session_game(s)->progress(tc_session_state(s), p);
}

static enum tc_racer_outcome session_outcome(const struct tc_session *s)
{
	if (tc_session_won(s))
		return TC_RACER_WON;
	if (tc_session_status(s) == TC_PLAYING)
		return TC_RACER_LEFT;
	return tc_session_can_win(s) ? TC_RACER_LOST : TC_RACER_ENDED;
}

/* Follows the stream, keeping the timeline of its last game. */
static int session_timeline(struct tc_ghost *g, const unsigned char *bytes, size_t len, char *err,
                            size_t errlen)
{
	struct tc_live_follow f;
	tc_live_follow_init(&f);
	size_t pos = 0;
	struct tc_live_event ev;
	uint64_t last_ms = 0;
	bool won = false; /* the last game was won, at won_ms */
	uint64_t won_ms = 0;
	int rc;
	while ((rc = tc_live_log_next(bytes, len, &pos, &ev)) == 1) {
		if (tc_live_follow(&f, &ev, err, errlen) != 0)
			goto fail;
		if (ev.kind == TC_LIVE_WATCHERS)
			continue;
		struct tc_progress p;
		session_progress(f.session, &p);
		if (ev.kind == TC_LIVE_START || ev.kind == TC_LIVE_NEW_GAME ||
		    ev.kind == TC_LIVE_RESTART) {
			g->count = 0;
			won = false;
			tc_session_game_id(f.session, g->game_id, sizeof g->game_id);
		}
		if (!won && tc_session_status(f.session) == TC_WON) {
			won = true;
			won_ms = ev.at_ms;
		}
		last_ms = ev.at_ms;
		if (!add_moment(g, ev.at_ms, &p)) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
	}
	if (rc < 0 || !f.session) {
		snprintf(err, errlen,
		         rc < 0 ? "the recording is damaged" : "the recording is empty");
		goto fail;
	}
	g->outcome = session_outcome(f.session);
	g->finish_ms = g->outcome == TC_RACER_WON && won ? won_ms : last_ms;
	g->points = tc_session_score(f.session);
	tc_live_follow_free(&f);
	return 0;
fail:
	tc_live_follow_free(&f);
	return -1;
}

/* ---- an N run's recording ---- */

/* Plays the recording's last run step by step, as its replay plays: to its outcome, or, left
 * unfinished, to its last input. */
static int run_timeline(struct tc_ghost *g, const unsigned char *bytes, size_t len, char *err,
                        size_t errlen)
{
	struct nj_replay *rp = malloc(sizeof *rp);
	struct nj_world *w = malloc(sizeof *w);
	int rc = -1;
	char name[NJ_STREAM_NAME_MAX];
	if (!rp || !w) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	if (nj_replay_of_stream(bytes, len, rp, name, sizeof name, err, errlen) != 0 ||
	    nj_world_from_level(&rp->level, w, err, errlen) != 0)
		goto done;
	nj_game_id(&rp->level, name, g->game_id, sizeof g->game_id);
	struct nj_run run;
	nj_run_start(w, &run);
	struct tc_progress p;
	for (;;) {
		memset(&p, 0, sizeof p);
		nj_progress(&run, w, &p);
		if (!add_moment(g, (uint64_t)run.steps * NJ_STEP_MS, &p)) {
			snprintf(err, errlen, "out of memory");
			goto done;
		}
		if (run.outcome != NJ_RUNNING || (rp->unfinished && run.steps >= rp->steps))
			break;
		nj_step(w, &run, run.steps < rp->steps ? rp->input[run.steps] : 0);
	}
	g->finish_ms = (uint64_t)run.steps * NJ_STEP_MS;
	g->outcome = run.outcome == NJ_WIN       ? TC_RACER_WON
	             : run.outcome == NJ_RUNNING ? TC_RACER_LEFT
	                                         : TC_RACER_LOST;
	rc = 0;
done:
	free(rp);
	free(w);
	return rc;
}

/* ---- the ghost ---- */

/* Whether the stream's first event starts an N run. */
static bool stream_is_run(const unsigned char *bytes, size_t len)
{
	size_t pos = 0;
	struct tc_live_event ev;
	return tc_live_log_next(bytes, len, &pos, &ev) == 1 && ev.kind == TC_LIVE_START &&
	       nj_stream_is_run(ev.text, ev.text_len);
}

struct tc_ghost *tc_ghost_new(const unsigned char *bytes, size_t len, const char *name, char *err,
                              size_t errlen)
{
	struct tc_ghost *g = calloc(1, sizeof *g);
	if (!g) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	snprintf(g->name, sizeof g->name, "%s", name);
	int rc = stream_is_run(bytes, len) ? run_timeline(g, bytes, len, err, errlen)
	                                   : session_timeline(g, bytes, len, err, errlen);
	if (rc != 0) {
		tc_ghost_free(g);
		return NULL;
	}
	/* What came after the finish (a won 2048 played on) is not the race's. */
	while (g->count > 1 && g->moments[g->count - 1].at_ms > g->finish_ms)
		g->count--;
	return g;
}

void tc_ghost_free(struct tc_ghost *g)
{
	if (!g)
		return;
	free(g->moments);
	free(g);
}

const char *tc_ghost_game_id(const struct tc_ghost *g)
{
	return g->game_id;
}

void tc_ghost_at(struct tc_ghost *g, uint64_t time_ms)
{
	if (time_ms < g->now_ms)
		g->now = 0;
	while (g->now + 1 < g->count && g->moments[g->now + 1].at_ms <= time_ms)
		g->now++;
	g->now_ms = time_ms;
}

void tc_ghost_racer(const struct tc_ghost *g, struct tc_racer *out)
{
	memset(out, 0, sizeof *out);
	snprintf(out->player, sizeof out->player, "%s", g->name);
	out->progress = g->moments[g->now].progress;
	out->outcome = TC_RACER_RACING;
	if (g->now_ms >= g->finish_ms) {
		out->outcome = g->outcome;
		out->time_ms = (int64_t)g->finish_ms;
		out->points = g->points;
	}
}

int64_t tc_ghost_next(const struct tc_ghost *g, uint64_t time_ms)
{
	size_t i = time_ms >= g->now_ms ? g->now : 0;
	while (i < g->count && g->moments[i].at_ms <= time_ms)
		i++;
	uint64_t next = UINT64_MAX;
	if (i < g->count)
		next = g->moments[i].at_ms;
	if (g->finish_ms > time_ms && g->finish_ms < next)
		next = g->finish_ms;
	return next == UINT64_MAX ? -1 : (int64_t)(next - time_ms);
}
