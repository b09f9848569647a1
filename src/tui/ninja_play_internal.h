/* The insides of N's play screen, shared by its two files: ninja_play.c (the clock, the run,
 * its stream and its keys) and ninja_play_draw.c (what the screen shows). */
#ifndef TILECADE_TUI_NINJA_PLAY_INTERNAL_H
#define TILECADE_TUI_NINJA_PLAY_INTERNAL_H

#include <curses.h>
#include <stdbool.h>
#include <stdint.h>

#include "held_keys.h"
#include "ninja_play.h"
#include "nlevel_map.h"
#include "prompt.h"
#include "tilecade/ninja_stream.h"

#define MIN_W TC_NLMAP_W
#define MIN_H TC_NLMAP_MIN_H

/* MODE_WATCH: another player's run, drawn from its stream as it comes (no clock of its own). */
enum mode { MODE_PLAY, MODE_REPLAY, MODE_WATCH };
enum { PROMPT_NONE, PROMPT_SAVE_REPLAY, PROMPT_REPLACE };

/* A replay's speeds in thousandths, 0.25x to 16x, each twice the one before (as the replay
 * screen of the other games). Play is always at 1x. */
static const unsigned speeds[] = {250, 500, 1000, 2000, 4000, 8000, 16000};
#define SPEEDS (int)(sizeof speeds / sizeof speeds[0])

struct tc_ninja_play {
	enum mode mode;
	bool offer_next;
	struct tc_records *records; /* NULL: nothing kept */
	char name[64];
	struct nj_world world;
	struct nj_run run;
	struct nj_replay rec; /* play: the run's inputs so far; replay: the replay played */
	struct tc_held held;
	/* The clock. */
	bool clock_running;
	uint64_t origin;
	int speed; /* index into speeds */
	bool paused, suspended, help_open;
	bool waiting; /* a new run, before its first game key: the clock has not started */
	struct tc_prompt prompt;
	char message[TC_PROMPT_MAX + 64];
	size_t message_path; /* where a path at the message's end starts (its length: none) */
	bool message_bad;
	/* The store. */
	int32_t saved_at; /* steps of the last save */
	bool saved;       /* the store holds a save of this run */
	bool finished;    /* the outcome was taken care of */
	bool ended_here;  /* stopped where it stood, for good (tc_ninja_play_end_here) */
	int64_t recorded; /* the recording of the run's end, 0: none (yet) */
	bool has_best;
	int64_t best_ms; /* the best before this run's win */
	bool new_best;
	/* The run's stream (tilecade/ninja_stream.h), told through the records. */
	bool streaming;     /* its START was told (not for a level too long for a stream) */
	int32_t told_steps; /* steps told */
	bool told_running;  /* the clock as last told: a run's stream starts with it stopped */
	/* Watching: the stream followed, whose run is shown as far as it is confirmed. */
	struct nj_follow *follow;
	unsigned runs_shown; /* the follower's runs when its level was last taken */
	char player[32];     /* watching, a recording's replay: whose run (sanitized) */
	int64_t recording;   /* a replay's recording (0: a replay file's) */
	unsigned watchers;   /* playing: how many watch the run (tc_ninja_play_watchers) */
	/* A race beside the run (tc_ninja_play_race), and its standing asked for this frame. */
	const struct tc_race_standing *(*race_standing)(void *ctx, uint64_t now);
	int (*race_next)(void *ctx, uint64_t now);
	void *race_ctx;
	const struct tc_race_standing *race;
	/* A race's run (tc_ninja_play_racing): q asks first (asking_leave), and why the race is
	 * over for this racer ("" while not). */
	bool racing, asking_leave;
	char race_over[96];
};

static inline bool too_small(void)
{
	return COLS < MIN_W || LINES < MIN_H;
}

static inline bool over(const struct tc_ninja_play *np)
{
	return np->run.outcome != NJ_RUNNING;
}

/* A replay of a run saved before it ended, played to where it was saved. */
static inline bool replay_stopped(const struct tc_ninja_play *np)
{
	return np->mode == MODE_REPLAY && np->rec.unfinished && !over(np) &&
	       np->run.steps >= np->rec.steps;
}

/* Whether nothing more happens on this run: it is over, its replay has stopped, or a race
 * stopped it. */
static inline bool ended(const struct tc_ninja_play *np)
{
	return over(np) || replay_stopped(np) || np->ended_here;
}

/* Draws the whole screen (the run as it stands: no step is played). */
void tc_nj_screen_draw(const struct tc_ninja_play *np);

#endif
