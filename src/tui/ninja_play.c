/* N's play screen. Timing: step k of the run is due at origin + k * NJ_STEP_MS (a replay played
 * faster or slower divides that by its speed); each wake plays
 * the steps due (input from the held keys at each step's own time, so a key pressed between
 * two wakes counts from its press), then one frame is drawn. The origin moves whenever the
 * clock stops and starts again, so that a pause, a help screen or a suspension costs no time.
 * A new run waits: its clock starts with the first run, jump or stop key, and that key's press
 * is the origin, so a run records no steps for the wait and step 1 already holds the key.
 *
 * What the screen shows is drawn by ninja_play_draw.c from the state kept here. */
#include "ninja_play.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arcade_policy.h"
#include "click_key.h"
#include "file_save.h"
#include "held_keys.h"
#include "keymap.h"
#include "ninja_play_internal.h"
#include "ninja_keys.h"
#include "ninja_records.h"
#include "prompt.h"
#include "tilecade/ninja_stream.h"

#define CATCH_UP_STEPS 8 /* at most this many steps a wake (at 1x): a stall does not rush */
#define AUTOSAVE_STEPS (5 * NJ_STEPS_PER_SECOND)
#define DEFAULT_REPLAY_PATH "./ninja.replay"
#define NORMAL_SPEED 2 /* 1x */

__attribute__((format(printf, 3, 4))) static void say(struct tc_ninja_play *np, bool bad,
                                                      const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(np->message, sizeof np->message, fmt, ap);
	va_end(ap);
	np->message_bad = bad;
	np->message_path = strlen(np->message);
}

/* A message that ends in a path: the status line shortens the path, not the words. */
static void say_path(struct tc_ninja_play *np, bool bad, const char *words, const char *path)
{
	say(np, bad, "%s%s", words, path);
	np->message_path = strlen(words) < strlen(np->message) ? strlen(words) : 0;
}

/* ---- the run's stream ---- */

static void tell(void *ctx, const struct tc_live_event *ev)
{
	struct tc_ninja_play *np = ctx;
	if (np->streaming)
		tc_records_stream_event(np->records, ev);
}

/* A run begins: the stream's START, or a NEW_GAME when the stream goes on (a restart, the
 * next level). */
static void tell_run(struct tc_ninja_play *np, enum tc_live_kind kind)
{
	np->told_steps = 0;
	np->told_running = false;
	if (np->mode != MODE_PLAY || !np->records)
		return;
	char *text = malloc(TC_LIVE_TEXT_MAX + 1);
	size_t n = text ? nj_stream_start_text(&np->rec.level, np->name, text, TC_LIVE_TEXT_MAX + 1)
	                : 0;
	struct tc_live_event ev = {.kind = (uint8_t)kind, .text = text, .text_len = n};
	if (kind == TC_LIVE_START && n > 0)
		tc_records_stream_start(np->records, text, n);
	else if (n > 0)
		tell(np, &ev);
	else if (np->streaming) /* a level no stream can carry: the stream ends here */
		tell(np,
		     &(struct tc_live_event){.kind = TC_LIVE_END, .value = TC_LIVE_END_FINISHED});
	np->streaming = n > 0;
	free(text);
}

static void tell_steps(struct tc_ninja_play *np)
{
	if (np->mode != MODE_PLAY)
		return;
	nj_stream_tell_steps(np->rec.input, np->told_steps, np->rec.steps, tell, np);
	np->told_steps = np->rec.steps > np->told_steps ? np->rec.steps : np->told_steps;
}

/* The clock started or stopped (not at the run's end: its steps tell that). */
static void tell_clock(struct tc_ninja_play *np, bool running)
{
	if (np->mode != MODE_PLAY || running == np->told_running || np->run.outcome != NJ_RUNNING)
		return;
	np->told_running = running;
	struct tc_live_event ev = {.kind = running ? TC_LIVE_RESUME : TC_LIVE_PAUSE,
	                           .at_ms = (uint32_t)np->run.steps * NJ_STEP_MS};
	tell(np, &ev);
}

/* ---- the clock and the run ---- */

/* Whether the run is on show and its clock should run (a watched run's steps come with its
 * stream). */
static bool should_run(const struct tc_ninja_play *np)
{
	return np->mode != MODE_WATCH && !ended(np) && !np->waiting && !np->paused &&
	       !np->suspended && !np->help_open && np->prompt.kind == PROMPT_NONE &&
	       !np->asking_leave && !too_small();
}

static void save_run(struct tc_ninja_play *np)
{
	if (np->mode != MODE_PLAY || !np->records || ended(np) || np->run.steps == 0)
		return;
	if (!np->saved) /* another run's save is replaced: that run is left for good */
		tc_nj_record_saved_run(np->records);
	tc_nj_save_run(np->records, &np->rec, &np->run, np->name);
	np->saved_at = np->run.steps;
	np->saved = true;
}

static void forget_run(struct tc_ninja_play *np)
{
	if (np->saved && np->records)
		tc_nj_forget_run(np->records);
	np->saved = false;
	np->saved_at = 0;
}

/* The run has just ended: it is recorded, a win on the level's board too, the saved run
 * forgotten. */
static void finish(struct tc_ninja_play *np)
{
	np->finished = true;
	np->clock_running = false;
	/* A run another program took over is that one's to record. */
	if (np->mode != MODE_PLAY || !np->records || tc_records_lost(np->records, TC_NJ_GAME, true))
		return;
	forget_run(np);
	int64_t recording = tc_nj_record_run(np->records, &np->rec, np->name, np->run.outcome,
	                                       NULL);
	np->recorded = recording;
	if (np->run.outcome != NJ_WIN)
		return;
	np->has_best = tc_nj_best(np->records, &np->rec.level, &np->best_ms);
	int64_t ms = (int64_t)np->run.steps * NJ_STEP_MS;
	np->new_best = !np->has_best || ms < np->best_ms;
	tc_nj_record_win(np->records, &np->rec.level, np->name, &np->run, recording);
	if (np->new_best) { /* the box says "New best!"; the status line shows it */
		np->has_best = true;
		np->best_ms = ms;
	}
}

static unsigned next_input(struct tc_ninja_play *np, uint64_t at)
{
	int32_t k = np->run.steps;
	if (np->mode == MODE_REPLAY)
		return k < np->rec.steps ? np->rec.input[k] & NJ_INPUT_BITS : 0;
	return tc_held_input(&np->held, at) & NJ_INPUT_BITS;
}

static void play_step(struct tc_ninja_play *np, uint64_t at)
{
	unsigned input = next_input(np, at);
	int32_t k = np->run.steps;
	if (np->mode == MODE_PLAY && k < NJ_MAX_STEPS) {
		np->rec.input[k] = (uint8_t)input;
		np->rec.steps = k + 1;
	}
	nj_step(&np->world, &np->run, input);
}

/* A step's length in thousandths of a millisecond at 1x. */
#define STEP_UNITS ((uint64_t)NJ_STEP_MS * 1000)

/* How long k steps take at the screen's speed, in ms. */
static uint64_t step_span(const struct tc_ninja_play *np, int32_t k)
{
	return (uint64_t)k * STEP_UNITS / speeds[np->speed];
}

/* Plays the steps due by now. */
static void advance(struct tc_ninja_play *np, uint64_t now)
{
	if (!np->clock_running)
		return;
	uint64_t due = now > np->origin ? (now - np->origin) * speeds[np->speed] / STEP_UNITS : 0;
	int64_t todo = (int64_t)due - np->run.steps;
	int64_t most = CATCH_UP_STEPS * (speeds[np->speed] > 1000 ? speeds[np->speed] / 1000 : 1);
	if (todo > most) { /* a stall: drop the time lost rather than rush */
		todo = most;
		np->origin = now - step_span(np, np->run.steps + (int32_t)most);
	}
	for (int64_t i = 0; i < todo && !ended(np); i++) {
		if (np->mode == MODE_PLAY && np->run.steps >= NJ_MAX_STEPS)
			break; /* the record is full (a run never gets so long) */
		play_step(np, np->origin + step_span(np, np->run.steps + 1));
	}
	tell_steps(np);
	if (ended(np) && !np->finished)
		finish(np);
	else if (np->run.steps >= np->saved_at + AUTOSAVE_STEPS)
		save_run(np);
}

/* Starts or stops the clock as the screen requires; steps due are played first. */
static void sync_clock(struct tc_ninja_play *np, uint64_t now)
{
	advance(np, now);
	bool run = should_run(np);
	if (run && !np->clock_running) {
		np->origin = now - step_span(np, np->run.steps);
		tc_held_reset(&np->held); /* keys may have been let go meanwhile */
		np->clock_running = true;
		tell_clock(np, true);
	} else if (!run && np->clock_running) {
		np->clock_running = false;
		tell_clock(np, false);
		if (np->mode == MODE_PLAY && !ended(np) && too_small())
			np->paused = true; /* back at a good size, the player resumes */
	}
}

/* The run is left for good, before its end (a restart): recorded as left, or as result when
 * not NULL (tc_ninja_play_end_here's). */
static void abandon(struct tc_ninja_play *np, const char *result)
{
	if (np->mode == MODE_PLAY && np->records && !np->finished && np->run.steps > 0)
		np->recorded =
		        tc_nj_record_run(np->records, &np->rec, np->name, NJ_RUNNING, result);
	np->finished = true;
}

static void restart(struct tc_ninja_play *np, uint64_t now)
{
	abandon(np, NULL);
	forget_run(np);
	nj_run_start(&np->world, &np->run);
	if (np->mode == MODE_PLAY) {
		np->rec.steps = 0;
		np->waiting = true;
	}
	tc_held_reset(&np->held);
	np->paused = false;
	np->finished = false;
	np->recorded = 0;
	np->new_best = false;
	np->message[0] = '\0';
	np->clock_running = false;
	tell_run(np, TC_LIVE_NEW_GAME);
	sync_clock(np, now);
}

static struct tc_ninja_play *create(const struct nl_level *level, const char *name, char *err,
                                    size_t errlen)
{
	struct tc_ninja_play *np = calloc(1, sizeof *np);
	if (!np) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (nj_world_from_level(level, &np->world, err, errlen) != 0) {
		free(np);
		return NULL;
	}
	np->rec.level = *level;
	np->rec.steps = 0;
	snprintf(np->name, sizeof np->name, "%s", name && *name ? name : "N");
	nj_run_start(&np->world, &np->run);
	tc_held_reset(&np->held);
	np->speed = NORMAL_SPEED;
	return np;
}

struct tc_ninja_play *tc_ninja_play_new(const struct nl_level *level, const char *name,
                                        struct tc_records *records, bool offer_next, char *err,
                                        size_t errlen)
{
	struct tc_ninja_play *np = create(level, name, err, errlen);
	if (!np)
		return NULL;
	np->mode = MODE_PLAY;
	np->records = records;
	np->offer_next = offer_next;
	np->waiting = true;
	if (records)
		np->has_best = tc_nj_best(records, level, &np->best_ms);
	tell_run(np, TC_LIVE_START);
	return np;
}

struct tc_ninja_play *tc_ninja_play_continue(const struct nj_replay *rp, const char *name,
                                             struct tc_records *records, char *err, size_t errlen)
{
	struct tc_ninja_play *np = tc_ninja_play_new(&rp->level, name, records, false, err, errlen);
	if (!np)
		return NULL;
	/* The same inputs give the same run: play them again, then wait for the player. */
	int32_t steps = rp->steps < 0 ? 0 : rp->steps > NJ_MAX_STEPS ? NJ_MAX_STEPS : rp->steps;
	for (int32_t k = 0; k < steps && !over(np); k++) {
		np->rec.input[k] = rp->input[k] & NJ_INPUT_BITS;
		np->rec.steps = k + 1;
		nj_step(&np->world, &np->run, np->rec.input[k]);
	}
	tell_steps(np);
	np->waiting = steps == 0;
	np->saved = true; /* it came from the save */
	np->saved_at = np->run.steps;
	if (over(np))
		finish(np);
	else
		np->paused = true; /* the pause box says p resumes; the status line keeps the numbers */
	return np;
}

struct tc_ninja_play *tc_ninja_play_replay(const struct nj_replay *rp, const char *name, char *err,
                                           size_t errlen)
{
	struct tc_ninja_play *np = create(&rp->level, name, err, errlen);
	if (!np)
		return NULL;
	np->mode = MODE_REPLAY;
	np->rec = *rp;
	return np;
}

void tc_ninja_play_recording(struct tc_ninja_play *np, int64_t id, const char *player)
{
	np->recording = id;
	tc_sanitize(player, np->player, sizeof np->player);
}

int tc_ninja_play_next_level(struct tc_ninja_play *np, const struct nl_level *level,
                             const char *name, uint64_t now, char *err, size_t errlen)
{
	struct nj_world *world = malloc(sizeof *world);
	if (!world) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (nj_world_from_level(level, world, err, errlen) != 0) {
		free(world);
		return -1;
	}
	abandon(np, NULL); /* of the level it was on */
	np->world = *world;
	free(world);
	np->rec.level = *level;
	snprintf(np->name, sizeof np->name, "%s", name && *name ? name : "N");
	np->has_best = np->records && tc_nj_best(np->records, level, &np->best_ms);
	restart(np, now);
	return 0;
}

/* The follower's run on screen: its level when another run began, its state as confirmed. */
static void show_followed(struct tc_ninja_play *np)
{
	const struct nj_follow *f = np->follow;
	if (f->runs != np->runs_shown) {
		np->world = f->world;
		np->rec.level = f->rp.level;
		tc_sanitize(*f->name ? f->name : "N", np->name, sizeof np->name);
		np->runs_shown = f->runs;
	}
	np->run = f->run;
	np->rec.steps = f->rp.steps;
	np->waiting = f->paused && f->run.steps == 0;
	np->paused = f->paused && f->run.steps > 0;
}

struct tc_ninja_play *tc_ninja_play_watch(const char *player, const struct tc_live_event *start,
                                          char *err, size_t errlen)
{
	struct nj_follow *f = malloc(sizeof *f);
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	nj_follow_init(f);
	struct tc_ninja_play *np = NULL;
	if (nj_follow(f, start, err, errlen) == 0)
		np = create(&f->rp.level, f->name, err, errlen);
	if (!np) {
		free(f);
		return NULL;
	}
	np->mode = MODE_WATCH;
	np->follow = f;
	tc_sanitize(player, np->player, sizeof np->player);
	show_followed(np);
	return np;
}

int tc_ninja_play_follow(struct tc_ninja_play *np, const struct tc_live_event *ev, char *err,
                         size_t errlen)
{
	if (np->mode != MODE_WATCH) {
		snprintf(err, errlen, "not watching");
		return -1;
	}
	if (nj_follow(np->follow, ev, err, errlen) != 0)
		return -1;
	show_followed(np);
	return 0;
}

void tc_ninja_play_tell(struct tc_ninja_play *np, const char *text)
{
	say(np, false, "%s", text);
}

void tc_ninja_play_race(struct tc_ninja_play *np,
                        const struct tc_race_standing *(*standing)(void *ctx, uint64_t now),
                        int (*next_ms)(void *ctx, uint64_t now), void *ctx)
{
	np->race_standing = standing;
	np->race_next = next_ms;
	np->race_ctx = ctx;
}

void tc_ninja_play_racing(struct tc_ninja_play *np, bool racing, const char *over)
{
	np->racing = racing;
	snprintf(np->race_over, sizeof np->race_over, "%s", over ? over : "");
	if (over) { /* nothing left to ask or to save: the race is over for this racer */
		np->asking_leave = false;
		np->prompt.kind = PROMPT_NONE;
	}
}

int64_t tc_ninja_play_end_here(struct tc_ninja_play *np, const char *result)
{
	if (np->ended_here)
		return np->recorded;
	abandon(np, result); /* a run that ended by itself was recorded then */
	forget_run(np);
	np->ended_here = true;
	np->clock_running = false;
	np->paused = np->waiting = false;
	tell(np, &(struct tc_live_event){.kind = TC_LIVE_END,
	                                 .at_ms = (uint32_t)np->run.steps * NJ_STEP_MS,
	                                 .value = TC_LIVE_END_FINISHED});
	np->streaming = false;
	return np->recorded;
}

int64_t tc_ninja_play_recorded(const struct tc_ninja_play *np)
{
	return np->recorded;
}

void tc_ninja_play_watchers(struct tc_ninja_play *np, unsigned watchers)
{
	np->watchers = watchers;
}

const struct nj_run *tc_ninja_play_run(const struct tc_ninja_play *np,
                                       const struct nj_world **world, bool *clock_running)
{
	*world = &np->world;
	*clock_running = np->clock_running;
	return &np->run;
}

void tc_ninja_play_free(struct tc_ninja_play *np)
{
	if (np)
		free(np->follow);
	free(np);
}

void tc_ninja_play_suspend(struct tc_ninja_play *np, uint64_t now)
{
	sync_clock(np, now);
	if (np->clock_running)
		np->paused = true; /* back from the shell, the player resumes */
	np->suspended = true;
	sync_clock(np, now);
	save_run(np); /* a suspended program may never come back */
}

void tc_ninja_play_resume(struct tc_ninja_play *np, uint64_t now)
{
	np->suspended = false;
	sync_clock(np, now);
}

/* q mid-run keeps the run to Continue: saved, it is not left for good and so not recorded
 * yet; it is recorded when it ends, or when it is replaced (restarted after Continue, or its
 * save overwritten by another run's: save_run). Watchers are told it was left to continue. */
void tc_ninja_play_leave(struct tc_ninja_play *np, uint64_t now)
{
	advance(np, now);
	np->clock_running = false;
	save_run(np);
	/* A hang-up (a dropped ssh connection) is told as dropped, as the other games tell it. */
	bool hung_up = np->records && np->records->hung_up;
	struct tc_live_event end = {.kind = TC_LIVE_END,
	                            .at_ms = (uint32_t)np->run.steps * NJ_STEP_MS,
	                            .value = hung_up                  ? TC_LIVE_END_DROPPED
	                                     : np->saved && !over(np) ? TC_LIVE_END_LEFT
	                                                              : TC_LIVE_END_FINISHED};
	tell(np, &end);
	np->streaming = false; /* nothing more: the screen goes */
}

/* Milliseconds until the next physics step is due, or -1. */
static int next_step(struct tc_ninja_play *np, uint64_t now)
{
	if (!np->clock_running)
		return -1;
	uint64_t next = np->origin + step_span(np, np->run.steps + 1);
	/* Faster than 1x, a frame plays the steps due: no more frames than steps at 1x. */
	if (speeds[np->speed] > 1000 && next < now + NJ_STEP_MS)
		next = now + NJ_STEP_MS;
	return next > now ? (int)(next - now) : 0;
}

int tc_ninja_play_next_frame(struct tc_ninja_play *np, uint64_t now)
{
	sync_clock(np, now);
	int step = next_step(np, now);
	int race = np->race_next && !too_small() ? np->race_next(np->race_ctx, now) : -1;
	return race >= 0 && (step < 0 || race < step) ? race : step;
}

void tc_ninja_play_draw(struct tc_ninja_play *np, uint64_t now)
{
	sync_clock(np, now);
	np->race = np->race_standing ? np->race_standing(np->race_ctx, now) : NULL;
	tc_nj_screen_draw(np);
}

/* ---- keys ---- */

enum { KEY_NONE = -1, KEY_STOP = TC_HELD_KEYS };

/* The held key an action of N's keys (ninja_keys.h) stands for, KEY_STOP, or KEY_NONE. */
static int held_key_of(enum tc_action action)
{
	switch (action) {
	case TC_ACT_LEFT:
		return TC_HELD_LEFT;
	case TC_ACT_RIGHT:
		return TC_HELD_RIGHT;
	case TC_ACT_UP:
		return TC_HELD_JUMP;
	case TC_ACT_DOWN:
		return KEY_STOP;
	default:
		return KEY_NONE;
	}
}

/* Whether the event is key, a key of N's screen alone (w: save the replay), while the player
 * has not bound it to an action. */
static bool own_key(const struct tc_event *ev, int key)
{
	return !ev->ctrl && ev->key == key && tc_keymap_lookup(key) == TC_ACT_NONE;
}

/* Saves the replay at path; a file there is replaced only when the player said so. */
static void write_replay(struct tc_ninja_play *np, const char *path, bool replace)
{
	np->rec.unfinished = !over(np); /* saved paused: its replay stops where it was saved */
	int n = nj_replay_print(&np->rec, NULL, 0);
	char *text = n > 0 ? malloc((size_t)n + 1) : NULL;
	if (!text) {
		np->rec.unfinished = false;
		say(np, true, "cannot save the replay: out of memory");
		return;
	}
	nj_replay_print(&np->rec, text, (size_t)n + 1);
	np->rec.unfinished = false;
	char why[96];
	switch (tc_file_save(path, text, (size_t)n, replace, why, sizeof why)) {
	case TC_SAVE_DONE:
		say_path(np, false, "replay saved to ", path);
		break;
	case TC_SAVE_EXISTS:
		tc_prompt_ask(&np->prompt, PROMPT_REPLACE, "Replace the file there?", path);
		break;
	case TC_SAVE_REFUSED: {
		char words[128];
		snprintf(words, sizeof words, "cannot save, %s: ", why);
		say_path(np, true, words, path);
		break;
	}
	}
	free(text);
}

static void start_save_prompt(struct tc_ninja_play *np)
{
	np->message[0] = '\0';
	char why[sizeof np->message];
	if (!tc_policy_files_allowed(why, sizeof why)) {
		say(np, true, "%s", why);
		return;
	}
	tc_prompt_start(&np->prompt, PROMPT_SAVE_REPLAY, "Save replay to", DEFAULT_REPLAY_PATH);
}

static enum tc_ninja_result prompt_event(struct tc_ninja_play *np, const struct tc_event *ev)
{
	int kind = np->prompt.kind;
	char path[TC_PROMPT_MAX];
	switch (tc_prompt_event(&np->prompt, ev)) {
	case TC_PROMPT_CANCEL:
		if (kind == PROMPT_REPLACE)
			say_path(np, false,
			         "not saved; the file there is kept: ", np->prompt.input);
		else
			say(np, false, "cancelled");
		break;
	case TC_PROMPT_DONE:
		if (kind == PROMPT_REPLACE) {
			write_replay(np, np->prompt.input, true);
		} else if (!*np->prompt.input) {
			say(np, true, "no path given");
		} else if (!tc_prompt_path(np->prompt.input, path, sizeof path)) {
			say_path(np, true, "cannot save, the path is too long: ", np->prompt.input);
		} else {
			write_replay(np, path, false);
		}
		break;
	case TC_PROMPT_EDITING:
		break;
	}
	return TC_NJ_STAY;
}

/* q: back, but a race that goes on asks first. */
static enum tc_ninja_result leave_key(struct tc_ninja_play *np)
{
	if (!np->racing || *np->race_over)
		return TC_NJ_LEAVE;
	np->asking_leave = true;
	return TC_NJ_STAY;
}

/* Keys that mean the same whatever the state: help, restart, leave. */
static bool common_key(struct tc_ninja_play *np, enum tc_action action, uint64_t now,
                       enum tc_ninja_result *result)
{
	*result = TC_NJ_STAY;
	switch (action) {
	case TC_ACT_HELP:
		np->help_open = true;
		return true;
	case TC_ACT_RESTART:
		restart(np, now);
		return true;
	case TC_ACT_BACK:
		*result = leave_key(np);
		return true;
	default:
		return false;
	}
}

/* A replay shown at step k, paused: played again from the start (some milliseconds for the
 * longest run), so that stepping back needs no history. */
static void replay_seek(struct tc_ninja_play *np, int32_t k, uint64_t now)
{
	nj_run_start(&np->world, &np->run);
	while (np->run.steps < k && !ended(np))
		play_step(np, now);
	np->finished = ended(np);
	np->paused = !ended(np);
	np->clock_running = false;
	sync_clock(np, now);
}

/* The keys of a replay: play or pause, faster, slower, a step on or back, the start, the end.
 * Returns false for a key that is not one of them. */
static bool replay_key(struct tc_ninja_play *np, const struct tc_event *ev, uint64_t now)
{
	if (tc_nj_key_action(ev) == TC_ACT_PAUSE || own_key(ev, ' ')) {
		if (!ended(np) && !ev->repeat)
			np->paused = !np->paused;
		np->message[0] = '\0';
		sync_clock(np, now);
		return true;
	}
	if (ev->ctrl || tc_keymap_lookup(ev->key) != TC_ACT_NONE) /* the player's binding wins */
		return false;
	switch (ev->key) {
	case '+':
	case '>':
	case '-':
	case '<': {
		bool faster = ev->key == '+' || ev->key == '>';
		if (faster ? np->speed == SPEEDS - 1 : np->speed == 0)
			break;
		np->speed += faster ? 1 : -1;
		if (np->clock_running) /* the steps played stay, the next come at the new pace */
			np->origin = now - step_span(np, np->run.steps);
		break;
	}
	case TC_KEY_RIGHT:
		replay_seek(np, np->run.steps + 1, now);
		break;
	case TC_KEY_LEFT:
		replay_seek(np, np->run.steps > 0 ? np->run.steps - 1 : 0, now);
		break;
	case TC_KEY_HOME:
		replay_seek(np, 0, now);
		break;
	case TC_KEY_END: /* past any run's end: where the replay stops */
		replay_seek(np, NJ_MAX_STEPS + 1, now);
		break;
	default:
		return false;
	}
	np->message[0] = '\0';
	sync_clock(np, now);
	return true;
}

enum tc_ninja_result tc_ninja_play_event(struct tc_ninja_play *np, const struct tc_event *ev,
                                         uint64_t now)
{
	sync_clock(np, now); /* the steps before this event are played with the keys before it */
	/* The mouse does nothing here but answer a question's (y/n) and the boxes' keys
	 * ("r: try again"), as those keys do. */
	struct tc_event clicked;
	if (ev->type == TC_EV_MOUSE && ev->mouse == TC_MOUSE_PRESS && ev->button == 1) {
		int k = tc_click_key(ev->row, ev->col);
		clicked = (struct tc_event){.type = TC_EV_KEY, .key = k};
		if (k >= 0)
			ev = &clicked;
	}
	if (ev->type != TC_EV_KEY)
		return TC_NJ_STAY;
	enum tc_action action = tc_nj_key_action(ev);
	int held = held_key_of(action);
	if (ev->release) { /* only the game's keys are let go; the others mean nothing */
		if (np->mode == MODE_PLAY && held >= 0 && held < TC_HELD_KEYS)
			tc_held_release(&np->held, (enum tc_held_key)held, now);
		return TC_NJ_STAY;
	}
	enum tc_ninja_result result = TC_NJ_STAY;
	if (np->prompt.kind != PROMPT_NONE) {
		result = prompt_event(np, ev);
		sync_clock(np, now);
		return result;
	}
	if (np->help_open) {
		np->help_open = false;
		sync_clock(np, now);
		return TC_NJ_STAY;
	}
	if (np->mode == MODE_WATCH) { /* read-only */
		if (!ev->repeat)
			np->message[0] = '\0';
		if (action == TC_ACT_HELP)
			np->help_open = true;
		else if (action == TC_ACT_BACK)
			return TC_NJ_LEAVE;
		return TC_NJ_STAY;
	}
	if (np->asking_leave) { /* the answer to leave the race */
		if (!ev->repeat) {
			np->asking_leave = false;
			result = !ev->ctrl && (ev->key == 'y' || ev->key == 'Y') ? TC_NJ_LEAVE
			                                                         : TC_NJ_STAY;
		}
		sync_clock(np, now);
		return result;
	}
	if (!ev->repeat)
		np->message[0] = '\0';
	if (too_small())
		return action == TC_ACT_BACK ? leave_key(np) : TC_NJ_STAY;
	if (*np->race_over) { /* only the help and back: the race has this run's end */
		if (!ev->repeat && (action == TC_ACT_HELP || action == TC_ACT_BACK))
			common_key(np, action, now, &result);
		return result;
	}
	if (np->mode == MODE_REPLAY && replay_key(np, ev, now))
		return TC_NJ_STAY;
	if (ended(np)) {
		if (np->mode == MODE_PLAY && own_key(ev, 'w'))
			start_save_prompt(np);
		else if (np->mode == MODE_PLAY && np->offer_next && action == TC_ACT_NEW)
			return TC_NJ_NEXT;
		else if (!ev->repeat)
			common_key(np, action, now, &result);
		return result;
	}
	if (np->paused) {
		if (action == TC_ACT_PAUSE || action == TC_ACT_SELECT || own_key(ev, ' ')) {
			np->paused = false;
			np->message[0] = '\0';
		} else if (np->mode == MODE_PLAY && own_key(ev, 'w')) {
			start_save_prompt(np);
		} else if (!common_key(np, action, now, &result) && !ev->repeat) {
			say(np, false, "Paused: %s resumes", tc_keymap_key_text(TC_ACT_PAUSE));
		}
		sync_clock(np, now);
		return result;
	}
	if (np->mode == MODE_PLAY && held != KEY_NONE) {
		/* The clock starts now, with this key held from its first step. */
		if (np->waiting) {
			np->waiting = false;
			sync_clock(np, now);
		}
		if (held == KEY_STOP)
			tc_held_stop(&np->held);
		else
			tc_held_press(&np->held, (enum tc_held_key)held, ev->repeat, now);
		return TC_NJ_STAY;
	}
	if (action == TC_ACT_PAUSE) {
		np->paused = true;
	} else if (!ev->repeat) {
		common_key(np, action, now, &result);
	}
	sync_clock(np, now);
	return result;
}
