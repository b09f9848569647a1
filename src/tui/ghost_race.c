/* The player against a ghost, on the race's own clock. */
#include "ghost_race.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tc_ghost_race {
	struct tc_ghost *ghost;
	char title[48];
	char you[32];
	/* The race's clock: the game's while it is in play, then on by the wall clock. */
	bool over;         /* the player's game is over (a 2048 won stays so, played on) */
	uint64_t over_ms;  /* the game's time when it was: the player's time */
	uint64_t over_now; /* and the wall clock's then */
	uint64_t race_ms;  /* the race's time at the last look */
	bool running;
	struct tc_racer racers[2];
	struct tc_race_standing standing;
};

struct tc_ghost_race *tc_ghost_race_new(struct tc_ghost *ghost)
{
	struct tc_ghost_race *r = calloc(1, sizeof *r);
	if (!r) {
		tc_ghost_free(ghost);
		return NULL;
	}
	r->ghost = ghost;
	struct tc_racer g;
	tc_ghost_racer(ghost, &g);
	snprintf(r->title, sizeof r->title, "Ghost: %s", g.player);
	r->standing = (struct tc_race_standing){r->title, NULL, r->you, r->racers, 2};
	return r;
}

void tc_ghost_race_free(struct tc_ghost_race *r)
{
	if (!r)
		return;
	tc_ghost_free(r->ghost);
	free(r);
}

struct tc_ghost_race *tc_ghost_race_open(struct tc_store *st, int64_t id, struct tc_recording *rec,
                                         char *err, size_t errlen)
{
	switch (tc_store_load_recording(st, id, rec)) {
	case TC_RECORDING_OK:
		break;
	case TC_RECORDING_NONE:
		snprintf(err, errlen, "no recording #%" PRId64, id);
		return NULL;
	case TC_RECORDING_DAMAGED:
		snprintf(err, errlen, "recording #%" PRId64 " is damaged", id);
		return NULL;
	}
	char player[sizeof rec->player], name[48], why[160];
	tc_sanitize(rec->player, player, sizeof player);
	snprintf(name, sizeof name, "%s #%" PRId64, player, id);
	struct tc_ghost *ghost = tc_ghost_new(rec->events, rec->events_len, name, why, sizeof why);
	struct tc_ghost_race *r = ghost ? tc_ghost_race_new(ghost) : NULL;
	if (!r) {
		snprintf(err, errlen, "recording #%" PRId64 " cannot be raced: %s", id,
		         ghost ? "out of memory" : why);
		tc_recording_free(rec);
	}
	return r;
}

const char *tc_ghost_race_game_id(const struct tc_ghost_race *r)
{
	return tc_ghost_game_id(r->ghost);
}

void tc_ghost_race_see(struct tc_ghost_race *r, const struct tc_ghost_you *you, uint64_t now)
{
	snprintf(r->you, sizeof r->you, "%s", you->name ? you->name : "");
	bool over = you->outcome != TC_RACER_RACING;
	if (over && !r->over) {
		r->over_ms = you->game_ms;
		r->over_now = now;
	}
	r->over = over;
	r->race_ms = over ? r->over_ms + (now > r->over_now ? now - r->over_now : 0) : you->game_ms;
	r->running = over || you->clock_running;

	tc_ghost_at(r->ghost, r->race_ms);
	struct tc_racer *ghost = &r->racers[0], *player = &r->racers[1];
	tc_ghost_racer(r->ghost, ghost);
	memset(player, 0, sizeof *player);
	snprintf(player->player, sizeof player->player, "%s", r->you);
	player->progress = you->progress;
	player->outcome = you->outcome;
	if (over)
		player->time_ms = (int64_t)r->over_ms;
	tc_race_rank(r->racers, 2);
}

const struct tc_race_standing *tc_ghost_race_standing(struct tc_ghost_race *r)
{
	return &r->standing;
}

int tc_ghost_race_next(const struct tc_ghost_race *r)
{
	if (!r->running)
		return -1;
	int64_t ms = tc_ghost_next(r->ghost, r->race_ms);
	return ms > INT_MAX ? INT_MAX : (int)ms;
}

void tc_ghost_you_of_session(const struct tc_session *s, struct tc_ghost_you *you)
{
	memset(you, 0, sizeof *you);
	you->game_ms = tc_session_elapsed_ms(s);
	enum tc_status status = tc_session_status(s);
	you->clock_running = !tc_session_paused(s) && status == TC_PLAYING;
	tc_session_game(s)->progress(tc_session_state(s), &you->progress);
	you->outcome = tc_session_won(s)       ? TC_RACER_WON
	               : status == TC_PLAYING  ? TC_RACER_RACING
	               : tc_session_can_win(s) ? TC_RACER_LOST
	                                       : TC_RACER_ENDED;
}

void tc_ghost_you_of_run(const struct nj_run *run, const struct nj_world *w, bool clock_running,
                         struct tc_ghost_you *you)
{
	memset(you, 0, sizeof *you);
	you->game_ms = (uint64_t)run->steps * NJ_STEP_MS;
	you->clock_running = clock_running;
	nj_progress(run, w, &you->progress);
	you->outcome = run->outcome == NJ_RUNNING ? TC_RACER_RACING
	               : run->outcome == NJ_WIN   ? TC_RACER_WON
	                                          : TC_RACER_LOST;
}
