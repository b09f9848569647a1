/* N's play screen. Timing: step k of the run is due at origin + k * NJ_STEP_MS (a replay played
 * faster or slower divides that by its speed); each wake plays
 * the steps due (input from the held keys at each step's own time, so a key pressed between
 * two wakes counts from its press), then one frame is drawn. The origin moves whenever the
 * clock stops and starts again, so that a pause, a help screen or a suspension costs no time.
 * A new run waits: its clock starts with the first run, jump or stop key, and that key's press
 * is the origin, so a run records no steps for the wait and step 1 already holds the key.
 *
 * Drawing: the map of nlevel_map.c, bigger on a big screen; the ninja as braille dots (each
 * cell 2 × 4 dots, a tile of 2 cells 4 × 4 dots of 6 px at scale 1, finer when the map grows),
 * the dots whose centre lies in its circle, with the solid dots of the tile it overlaps so
 * that a slope under it still shows; '@' without Unicode. The status line's text changes about
 * once a second (whole seconds, a 10-segment bar), so that a frame sends little more than the
 * cells the ninja left and entered. */
#include "ninja_play.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "held_keys.h"
#include "arcade_policy.h"
#include "file_save.h"
#include "help.h"
#include "ninja_records.h"
#include "nlevel_map.h"
#include "overlay.h"
#include "prompt.h"
#include "status.h"
#include "term.h"
#include "text_wrap.h"
#include "theme.h"
#include "tilecade/ninja_stream.h"

#define MIN_W TC_NLMAP_W
#define MIN_H TC_NLMAP_MIN_H
#define PANEL_W TC_NLMAP_PANEL_W
#define PANEL_MAX_W TC_NLMAP_PANEL_MAX_W
#define CATCH_UP_STEPS 8 /* at most this many steps a wake (at 1x): a stall does not rush */
#define AUTOSAVE_STEPS (5 * NJ_STEPS_PER_SECOND)
#define DRAW_RADIUS 11.0 /* px: the dots drawn for the ninja (its body is NJ_RADIUS) */
#define BAR_W 10
#define DEFAULT_REPLAY_PATH "./ninja.replay"

/* MODE_WATCH: another player's run, drawn from its stream as it comes (no clock of its own). */
enum mode { MODE_PLAY, MODE_REPLAY, MODE_WATCH };
enum { PROMPT_NONE, PROMPT_SAVE_REPLAY, PROMPT_REPLACE };

/* A replay's speeds in thousandths, 0.25x to 16x, each twice the one before (as the replay
 * screen of the other games). Play is always at 1x. */
static const unsigned speeds[] = {250, 500, 1000, 2000, 4000, 8000, 16000};
#define SPEEDS (int)(sizeof speeds / sizeof speeds[0])
#define NORMAL_SPEED 2

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
};

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

static bool too_small(void)
{
	return COLS < MIN_W || LINES < MIN_H;
}

static bool over(const struct tc_ninja_play *np)
{
	return np->run.outcome != NJ_RUNNING;
}

/* A replay of a run saved before it ended, played to where it was saved. */
static bool replay_stopped(const struct tc_ninja_play *np)
{
	return np->mode == MODE_REPLAY && np->rec.unfinished && !over(np) &&
	       np->run.steps >= np->rec.steps;
}

/* Whether nothing more happens on this run: it is over, or its replay has stopped. */
static bool ended(const struct tc_ninja_play *np)
{
	return over(np) || replay_stopped(np);
}

/* The watched stream has ended: the player left, or went away. */
static bool watch_ended(const struct tc_ninja_play *np)
{
	return np->mode == MODE_WATCH && np->follow->ended;
}

/* Whether the run is on show and its clock should run (a watched run's steps come with its
 * stream). */
static bool should_run(const struct tc_ninja_play *np)
{
	return np->mode != MODE_WATCH && !ended(np) && !np->waiting && !np->paused &&
	       !np->suspended && !np->help_open && np->prompt.kind == PROMPT_NONE && !too_small();
}

static void save_run(struct tc_ninja_play *np)
{
	if (np->mode != MODE_PLAY || !np->records || over(np) || np->run.steps == 0)
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
	if (np->mode != MODE_PLAY || !np->records)
		return;
	forget_run(np);
	int64_t recording = tc_nj_record_run(np->records, &np->rec, np->name, np->run.outcome);
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
		if (np->mode == MODE_PLAY && !over(np) && too_small())
			np->paused = true; /* back at a good size, the player resumes */
	}
}

/* The run is left for good, before its end (a restart): recorded as left. */
static void abandon(struct tc_ninja_play *np)
{
	if (np->mode == MODE_PLAY && np->records && !np->finished && np->run.steps > 0)
		tc_nj_record_run(np->records, &np->rec, np->name, NJ_RUNNING);
	np->finished = true;
}

static void restart(struct tc_ninja_play *np, uint64_t now)
{
	abandon(np);
	forget_run(np);
	nj_run_start(&np->world, &np->run);
	if (np->mode == MODE_PLAY) {
		np->rec.steps = 0;
		np->waiting = true;
	}
	tc_held_reset(&np->held);
	np->paused = false;
	np->finished = false;
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
	abandon(np); /* of the level it was on */
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

void tc_ninja_play_watchers(struct tc_ninja_play *np, unsigned watchers)
{
	np->watchers = watchers;
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

int tc_ninja_play_next_frame(struct tc_ninja_play *np, uint64_t now)
{
	sync_clock(np, now);
	if (!np->clock_running)
		return -1;
	uint64_t next = np->origin + step_span(np, np->run.steps + 1);
	/* Faster than 1x, a frame plays the steps due: no more frames than steps at 1x. */
	if (speeds[np->speed] > 1000 && next < now + NJ_STEP_MS)
		next = now + NJ_STEP_MS;
	return next > now ? (int)(next - now) : 0;
}

/* ---- drawing ---- */

static void put_utf8(char *buf, unsigned cp)
{
	buf[0] = (char)(0xE0 | cp >> 12);
	buf[1] = (char)(0x80 | (cp >> 6 & 0x3F));
	buf[2] = (char)(0x80 | (cp & 0x3F));
	buf[3] = '\0';
}

/* The braille bit of dot (dx 0..1, dy 0..3) of a cell. */
static unsigned braille_bit(int dx, int dy)
{
	static const unsigned bit[2][4] = {{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}};
	return bit[dx][dy];
}

static void draw_ninja(const struct tc_ninja_play *np, const struct tc_nlmap *m)
{
	attr_t attr = tc_nlmap_object_attr(NL_NINJA) | A_BOLD;
	double nx = np->run.x, ny = np->run.y;
	if (!tc_term_unicode()) {
		tc_nlmap_draw_mark(m, nx, ny, attr, "@");
		return;
	}
	/* A cell is 2 × 4 dots; a tile 2 × scale cells across and scale down. */
	const int k = m->scale, cols = NL_COLS * 2 * k, rows = NL_ROWS * k;
	const double cell_w = NL_TILE_PX / (2.0 * k), cell_h = (double)NL_TILE_PX / k;
	const double dot_w = cell_w / 2, dot_h = cell_h / 4;
	int c0 = (int)((nx - DRAW_RADIUS - NL_TILE_PX) / cell_w) - 1;
	int c1 = (int)((nx + DRAW_RADIUS - NL_TILE_PX) / cell_w) + 1;
	int r0 = (int)((ny - DRAW_RADIUS - NL_TILE_PX) / cell_h) - 1;
	int r1 = (int)((ny + DRAW_RADIUS - NL_TILE_PX) / cell_h) + 1;
	for (int r = r0 < 0 ? 0 : r0; r <= r1 && r < rows; r++)
		for (int c = c0 < 0 ? 0 : c0; c <= c1 && c < cols; c++) {
			unsigned body = 0, ground = 0;
			int tile = np->world.tile[(c / (2 * k)) * NL_ROWS + r / k];
			for (int dx = 0; dx < 2; dx++)
				for (int dy = 0; dy < 4; dy++) {
					/* The dot's centre: on the map, and within its tile. */
					double tx = (c % (2 * k)) * cell_w + dx * dot_w + dot_w / 2;
					double ty = (r % k) * cell_h + dy * dot_h + dot_h / 2;
					double ddx = NL_TILE_PX * (1 + c / (2 * k)) + tx - nx;
					double ddy = NL_TILE_PX * (1 + r / k) + ty - ny;
					if (ddx * ddx + ddy * ddy <= DRAW_RADIUS * DRAW_RADIUS)
						body |= braille_bit(dx, dy);
					else if (nj_tile_covers(tile, tx, ty))
						ground |= braille_bit(dx, dy);
				}
			if (!body)
				continue;
			char glyph[4];
			put_utf8(glyph, 0x2800 + (body | ground));
			tc_draw_text(m->x0 + 1 + c, m->y0 + r, 1, attr, glyph);
		}
}

static bool taken(const struct nj_run *r, int k)
{
	return (r->taken[k / 64] >> (k % 64)) & 1;
}

static void draw_things(const struct tc_ninja_play *np, const struct tc_nlmap *m)
{
	bool unicode = tc_term_unicode();
	for (int k = 0; k < np->world.things && k < NL_MAX_OBJECTS; k++) {
		const struct nj_thing *t = &np->world.thing[k];
		if (t->type >= NL_OBJECT_TYPES || (t->type == NL_GOLD && taken(&np->run, k)))
			continue;
		char letter[2];
		const char *glyph = tc_nlmap_object_glyph(t->type, unicode, letter);
		attr_t attr = tc_nlmap_object_attr(t->type);
		if (t->type == NL_EXIT) {
			/* The door shut or open, and its switch up or pressed: glyphs, not colour.
			 * Each exit's door opens by its own switch (taken[] has its bit). */
			bool open = taken(&np->run, k);
			glyph = open ? (unicode ? "▯" : "e") : (unicode ? "▮" : "E");
			tc_nlmap_draw_mark(m, t->x2, t->y2, tc_theme_attr(TC_ROLE_HINT),
			                   open ? (unicode ? "·" : ".") : "s");
			if (open)
				attr |= A_BOLD;
		}
		tc_nlmap_draw_mark(m, t->x, t->y, attr, glyph);
	}
}

static int total_gold(const struct tc_ninja_play *np)
{
	int n = 0;
	for (int k = 0; k < np->world.things; k++)
		n += np->world.thing[k].type == NL_GOLD;
	return n;
}

/* Whole seconds left on the clock, rounded up (0 only when it ran out). */
static int seconds_left(const struct nj_run *r)
{
	int t = r->time_left < 0 ? 0 : r->time_left;
	return (t + NJ_STEPS_PER_SECOND - 1) / NJ_STEPS_PER_SECOND;
}

static void clock_bar(const struct nj_run *r, int width, char *buf, size_t len)
{
	bool unicode = tc_term_unicode();
	int t = r->time_left < 0 ? 0 : r->time_left;
	int full = t > NJ_START_STEPS ? t : NJ_START_STEPS;
	int filled = (int)(((int64_t)t * width + full - 1) / full);
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < width; i++) {
		const char *g = i < filled ? (unicode ? "▰" : "=") : (unicode ? "▱" : "-");
		size_t gl = strlen(g);
		if (n + gl >= len)
			break;
		memcpy(buf + n, g, gl);
		n += gl;
		buf[n] = '\0';
	}
}

/* What became of the watched player's run, in the words of the other games' watch screens:
 * "ann won", "ann lost", "ann left, to continue later" (the run kept), "ann left" (nothing
 * kept), "ann's connection dropped"; "" while it goes on. */
static void gone_text(const struct tc_ninja_play *np, char *buf, size_t len)
{
	if (over(np))
		snprintf(buf, len, "%s %s", np->player, np->run.outcome == NJ_WIN ? "won" : "lost");
	else if (!watch_ended(np))
		buf[0] = '\0';
	else if (np->follow->end == TC_LIVE_END_DROPPED)
		snprintf(buf, len, "%s's connection dropped", np->player);
	else if (np->follow->end == TC_LIVE_END_LEFT)
		snprintf(buf, len, "%s left, to continue later", np->player);
	else
		snprintf(buf, len, "%s left", np->player);
}

/* Whose run is watched: "watching ann, 2 watching" while it goes on (", ready", ", paused"),
 * then what became of it, with no count: nobody watches a player gone. */
static void watch_text(const struct tc_ninja_play *np, char *buf, size_t len)
{
	gone_text(np, buf, len);
	if (*buf)
		return;
	const char *doing = np->waiting ? ", ready" : np->paused ? ", paused" : "";
	snprintf(buf, len, "watching %s%s, %u watching", np->player, doing, np->follow->watchers);
}

/* A replay's line, as the other games' replays say it: which recording and whether it plays
 * first, then whose, where and how fast ("replay #5  paused  ann  0:03 of 0:06  1x"), as much
 * as fits in width; a replay file's has no number nor player. */
static void replay_text(const struct tc_ninja_play *np, int width, char *buf, size_t len)
{
	unsigned speed = speeds[np->speed];
	char at[32], total[32], times[16], which[32] = "";
	tc_format_time((uint64_t)np->run.steps * NJ_STEP_MS, at, sizeof at);
	tc_format_time((uint64_t)np->rec.steps * NJ_STEP_MS, total, sizeof total);
	if (speed % 1000 == 0)
		snprintf(times, sizeof times, "%ux", speed / 1000);
	else
		snprintf(times, sizeof times, "%u.%02ux", speed / 1000, speed % 1000 / 10);
	if (np->recording > 0)
		snprintf(which, sizeof which, " #%" PRId64, np->recording);
	const char *state = ended(np) ? "finished" : np->paused ? "paused" : "playing";
	const char *player = np->recording > 0 ? np->player : "";
	for (int form = 0; form < 3; form++) {
		if (form == 0)
			snprintf(buf, len, "replay%s  %s  %s%s%s of %s  %s", which, state, player,
			         *player ? "  " : "", at, total, times);
		else if (form == 1)
			snprintf(buf, len, "replay%s  %s  %s of %s  %s", which, state, at, total,
			         times);
		else
			snprintf(buf, len, "replay%s  %s", which, state);
		if (tc_text_width(buf) <= width)
			return;
	}
}

/* The status line's state (width columns at most, for a replay's): a replay's line, whose run
 * is watched, or the player's state. */
static void state_text(const struct tc_ninja_play *np, int width, char *buf, size_t len)
{
	if (np->mode == MODE_WATCH)
		watch_text(np, buf, len);
	else if (np->mode == MODE_REPLAY)
		replay_text(np, width, buf, len);
	else if (np->paused)
		snprintf(buf, len, "Paused");
	else if (np->waiting)
		snprintf(buf, len, "Ready: a run, jump or stop key starts");
	else if (np->watchers > 0)
		snprintf(buf, len, "%u watching   ? help", np->watchers);
	else
		snprintf(buf, len, "? help");
}

/* The status line: a message alone, with the whole line (a path in it shortened in the
 * middle), else the level's name, the numbers and the state, each field whole or left out:
 * the best time first, then the clock's bar, then the name. */
static void draw_status(const struct tc_ninja_play *np, int x, int y, int w)
{
	attr_t attr = tc_theme_attr(TC_ROLE_STATUS);
	tc_fill_rect((struct tc_rect){x, y, w, 1}, attr);
	if (np->prompt.kind != PROMPT_NONE) {
		tc_prompt_draw(&np->prompt, x, y, w);
		return;
	}
	const char *mark = tc_term_unicode() ? "…" : "~";
	if (*np->message && np->mode == MODE_PLAY) {
		char shown[sizeof np->message + 8];
		tc_text_fit_path(np->message, np->message_path, w - 2, mark, shown, sizeof shown);
		tc_draw_text(x + 1, y, w - 2,
		             np->message_bad ? tc_theme_attr(TC_ROLE_BAD) | A_BOLD : attr | A_BOLD,
		             shown);
		return;
	}
	char bar[BAR_W * 3 + 4], best[40] = "", numbers[160];
	clock_bar(&np->run, BAR_W, bar, sizeof bar);
	if (np->has_best) {
		char t[24];
		tc_nj_format_time(np->best_ms, t, sizeof t);
		snprintf(best, sizeof best, "  best %s", t);
	}
	char right[200];
	state_text(np, w - 2, right, sizeof right);
	int rw = tc_text_width(right);
	/* The numbers as full as the line allows, with the state and a column's margin each end
	 * and two columns between. */
	for (int drop = 0; drop < 3; drop++) {
		snprintf(numbers, sizeof numbers, "gold %d/%d  time %d%s%s%s", np->run.gold,
		         total_gold(np), seconds_left(&np->run), drop < 2 ? " " : "",
		         drop < 2 ? bar : "", drop < 1 ? best : "");
		if (tc_text_width(numbers) + 2 + rw + 2 <= w)
			break;
	}
	int nw = tc_text_width(numbers), used = 1;
	/* Whose replay or watched run first, then a message ("ann is back") or the numbers. */
	if (np->mode != MODE_PLAY) {
		used += tc_draw_text(x + used, y, w - 2, attr | A_BOLD, right) + 2;
		if (*np->message)
			tc_draw_text(x + used, y, w - used - 1, attr | A_BOLD, np->message);
		else if (used + nw + 1 <= w)
			tc_draw_text(x + used, y, w - used - 1, attr, numbers);
		return;
	}
	if (tc_text_width(np->name) + 3 + nw + 2 + rw + 2 <= w)
		used += tc_draw_text(x + used, y, w - used, attr | A_BOLD, np->name) + 3;
	used += tc_draw_text(x + used, y, w - used, attr, numbers) + 2;
	if (used + rw + 1 <= w)
		tc_draw_text(x + w - rw - 1, y, rw, attr | A_BOLD, right);
}

static void draw_panel(const struct tc_ninja_play *np, int x, int y, int w, int h)
{
	bool unicode = tc_term_unicode();
	char lines[24][PANEL_MAX_W * 3 + 4]; /* a line of the clock bar: 3 bytes a segment */
	attr_t role[24];
	int n = 0;
#define LINE(r, ...)                                                                               \
	do {                                                                                       \
		snprintf(lines[n], sizeof lines[n], __VA_ARGS__);                                  \
		role[n++] = tc_theme_attr(r);                                                      \
	} while (0)
	LINE(TC_ROLE_TITLE, "%s",
	     np->mode == MODE_REPLAY  ? "N replay"
	     : np->mode == MODE_WATCH ? "N, watching"
	                              : "N");
	char name[sizeof np->name + 8]; /* shortened in the middle to the panel's width */
	tc_text_shorten(np->name, w - 1, tc_term_unicode() ? "…" : "~", name, sizeof name);
	LINE(TC_ROLE_TEXT, "%s", name);
	LINE(TC_ROLE_TEXT, "%s", "");
	LINE(TC_ROLE_TEXT, "gold %d/%d", np->run.gold, total_gold(np));
	LINE(TC_ROLE_TEXT, "time %d s", seconds_left(&np->run));
	char bar[PANEL_W * 3 + 4];
	clock_bar(&np->run, PANEL_W - 2, bar, sizeof bar);
	LINE(TC_ROLE_TEXT, "%s", bar);
	if (np->has_best) {
		char t[24];
		tc_nj_format_time(np->best_ms, t, sizeof t);
		LINE(TC_ROLE_TEXT, "best %s", t);
	} else {
		LINE(TC_ROLE_DIM, "no best yet");
	}
	LINE(np->run.exit_open ? TC_ROLE_GOOD : TC_ROLE_TEXT, "%s",
	     np->world.exit < 0  ? "no exit"
	     : np->run.exit_open ? "exit open"
	                         : "exit shut");
	LINE(TC_ROLE_TEXT, "%s", "");
	LINE(TC_ROLE_TEXT, "%s gold  * mine", unicode ? "●" : "$");
	LINE(TC_ROLE_TEXT, "%s exit %s open", unicode ? "▮" : "E", unicode ? "▯" : "e");
	LINE(TC_ROLE_TEXT, "s switch");
	LINE(TC_ROLE_TEXT, "%s", "");
	if (np->mode == MODE_PLAY && np->watchers > 0)
		LINE(TC_ROLE_TEXT, "%u watching", np->watchers);
	if (np->mode == MODE_PLAY) {
		LINE(TC_ROLE_DIM, "%s run", unicode ? "←→" : "<>");
		LINE(TC_ROLE_DIM, "%s jump %s stop", unicode ? "↑" : "^", unicode ? "↓" : "v");
		LINE(TC_ROLE_DIM, "p pause");
		LINE(TC_ROLE_DIM, "r restart");
	} else if (np->mode == MODE_REPLAY) {
		LINE(TC_ROLE_DIM, "p pause");
		LINE(TC_ROLE_DIM, "+ - speed");
		LINE(TC_ROLE_DIM, "%s step", unicode ? "←→" : "<>");
		LINE(TC_ROLE_DIM, "r replay again");
	} else {
		char player[sizeof np->player + 8];
		tc_text_shorten(np->player, w - 1, tc_term_unicode() ? "…" : "~", player,
		                sizeof player);
		LINE(TC_ROLE_TEXT, "%s", player);
		if (!watch_ended(np)) /* nobody watches a player gone */
			LINE(TC_ROLE_DIM, "%u watching", np->follow->watchers);
	}
	LINE(TC_ROLE_DIM, "? help  q %s", np->mode == MODE_REPLAY ? "quit" : "back");
#undef LINE
	for (int i = 0; i < n && i < h; i++)
		tc_draw_text(x, y + i, w - 1, role[i], lines[i]);
}

/* A box over the map in the half the ninja is not in, so that where it stands stays in sight
 * (where it died, say), over whole tiles. */
static void box_beside_ninja(const struct tc_ninja_play *np, const struct tc_nlmap *m,
                             const char *const *lines, int count, enum tc_role role)
{
	struct tc_tiles tiles = tc_nlmap_tiles(m);
	struct tc_rect area = tc_nlmap_inside(m);
	int sx, sy;
	if (tc_nlmap_place(m, np->run.x, np->run.y, &sx, &sy)) {
		struct tc_rect half = tc_nlmap_half_away(m, sy);
		if (tc_overlay_fits(half, lines, count))
			area = half;
	}
	tc_overlay_box_over(area, &tiles, lines, count, role);
}

/* Whether the run on screen is another player's (watched, or a recording of theirs): its end
 * box names them, as the other games' do ("ann won", "ann lost: ..."). */
static bool whose_run(const struct tc_ninja_play *np)
{
	return np->mode == MODE_WATCH || (np->mode == MODE_REPLAY && np->recording > 0);
}

static void draw_outcome(const struct tc_ninja_play *np, const struct tc_nlmap *m)
{
	char numbers[64], time[24], best[48] = "", keys[96];
	tc_nj_format_time((int64_t)np->run.steps * NJ_STEP_MS, time, sizeof time);
	snprintf(numbers, sizeof numbers, "%s, %d gold", time, np->run.gold);
	if (np->mode == MODE_REPLAY)
		snprintf(keys, sizeof keys, "r: replay again   q: quit");
	else if (np->mode == MODE_WATCH)
		snprintf(keys, sizeof keys, "q: back");
	else
		snprintf(keys, sizeof keys, "r: %s   w: save replay   %sq: back",
		         np->run.outcome == NJ_WIN ? "play again" : "try again",
		         np->offer_next ? "n: next level   " : "");
	if (replay_stopped(np)) {
		const char *lines[] = {"The run stops here, unfinished", numbers, keys};
		box_beside_ninja(np, m, lines, 3, TC_ROLE_OVERLAY);
		return;
	}
	if (np->run.outcome == NJ_WIN) {
		if (np->mode == MODE_PLAY && np->records && np->new_best) {
			snprintf(best, sizeof best, "New best!");
		} else if (np->has_best) {
			char t[24];
			tc_nj_format_time(np->best_ms, t, sizeof t);
			snprintf(best, sizeof best, "best %s", t);
		}
		char title[96] = "Level complete!";
		if (whose_run(np)) /* the player's result, not the watcher's */
			snprintf(title, sizeof title, "%s won", np->player);
		const char *lines[4] = {title, numbers, best, keys};
		if (*best)
			box_beside_ninja(np, m, lines, 4, TC_ROLE_GOOD);
		else
			box_beside_ninja(np, m, (const char *[]){lines[0], numbers, keys}, 3,
			                 TC_ROLE_GOOD);
		return;
	}
	const char *why = np->run.outcome == NJ_TIMEOUT        ? "Out of time"
	                  : np->run.death == NJ_KILLED_BY_MINE ? "Killed by a mine"
	                  : np->run.death == NJ_KILLED_BY_FALL ? "Landed too hard"
	                                                       : "Dead";
	char title[128];
	snprintf(title, sizeof title, "%s", why);
	if (whose_run(np))
		snprintf(title, sizeof title, "%s lost: %s", np->player, why);
	const char *lines[] = {title, numbers, keys};
	box_beside_ninja(np, m, lines, 3, TC_ROLE_BAD);
}

static const struct tc_help_line play_help[] = {
        {"← → h l a d", "run left, right"},
        {"↑ k w Space z", "jump (hold it to jump higher)"},
        {"↓ j s", "stop: let go of every key"},
        {"p", "pause (the clock stops)"},
        {"r", "restart the level at once"},
        {"w", "save the replay (paused, at the end)"},
        {"n", "next level, at the end (browser only)"},
        {"q, Esc", "back (the run is kept: Continue)"},
        {"Ctrl-Z, Ctrl-C", "suspend, quit"},
        {"", ""},
        {"Holding keys", "Terminals send no key releases: a"},
        {"", "tap runs or jumps briefly, holding"},
        {"", "keeps going while the key repeats;"},
        {"", "↓ stops. In terminals with the kitty"},
        {"", "keyboard protocol keys are held"},
        {"", "exactly until released."},
        {NULL, NULL},
};

static const struct tc_help_line replay_help[] = {
        {"p, Space", "pause or play on"},
        {"+ >, - <", "faster, slower (0.25x to 16x)"},
        {"→, ←", "a step on, a step back (pauses)"},
        {"Home, End", "the start, the end"},
        {"r", "replay again from the start"},
        {"q, Esc", "quit"},
        {"", ""},
        {"A replay", "plays its recorded inputs at 40"},
        {"", "steps a second, then holds no key"},
        {"", "until the run ends; a run saved"},
        {"", "unfinished stops where it was saved."},
        {NULL, NULL},
};

static const struct tc_help_line watch_help[] = {
        {"q, Esc", "back"},
        {"", ""},
        {"Watching", "another player's run as it is"},
        {"", "played, at your own size: it shows"},
        {"", "what they have played so far."},
        {NULL, NULL},
};

/* The watched stream ended before its run did (or the run was left): who went, and how. */
static void draw_watch_end(const struct tc_ninja_play *np, const struct tc_nlmap *m)
{
	char why[96];
	gone_text(np, why, sizeof why);
	box_beside_ninja(np, m, (const char *[]){why, "q: back"}, 2, TC_ROLE_OVERLAY);
}

void tc_ninja_play_draw(struct tc_ninja_play *np, uint64_t now)
{
	sync_clock(np, now);
	if (too_small()) {
		tc_draw_too_small(MIN_W, MIN_H);
		return;
	}
	erase();
	struct tc_nlmap m;
	tc_nlmap_layout(&m);
	struct tc_rect map = tc_nlmap_inside(&m);
	tc_nlmap_draw_tiles(&m, np->world.tile);
	draw_things(np, &m);
	draw_ninja(np, &m);
	if (m.panel_w)
		draw_panel(np, m.x0 + tc_nlmap_width(m.scale) + 1, m.y0, m.panel_w, map.h);
	draw_status(np, m.x0, m.top + m.h - 1, m.w);
	if (watch_ended(np) && (!over(np) || np->follow->end != TC_LIVE_END_FINISHED)) {
		draw_watch_end(np, &m);
	} else if (ended(np)) {
		draw_outcome(np, &m);
	} else if (np->paused && np->mode == MODE_WATCH) {
		char who[64];
		snprintf(who, sizeof who, "%s paused", np->player);
		box_beside_ninja(np, &m, (const char *[]){who, "q: back"}, 2, TC_ROLE_OVERLAY);
	} else if (np->paused && np->mode == MODE_PLAY) { /* a replay's line says it paused */
		const char *lines[] = {"Paused",
		                       "p: resume   r: restart   w: save replay   q: back"};
		box_beside_ninja(np, &m, lines, 2, TC_ROLE_OVERLAY);
	}
	struct tc_tiles tiles = tc_nlmap_tiles(&m);
	if (np->help_open)
		tc_help_draw_in(map, &tiles,
		                np->mode == MODE_REPLAY  ? "N replay: keys"
		                : np->mode == MODE_WATCH ? "N, watching: keys"
		                                         : "N: keys",
		                np->mode == MODE_REPLAY  ? replay_help
		                : np->mode == MODE_WATCH ? watch_help
		                                         : play_help,
		                false);
}

/* ---- keys ---- */

enum { KEY_NONE = -1, KEY_STOP = TC_HELD_KEYS };

/* The held key a key stands for, KEY_STOP, or KEY_NONE. */
static int held_key_of(const struct tc_event *ev)
{
	if (ev->ctrl)
		return KEY_NONE;
	switch (ev->key) {
	case TC_KEY_LEFT:
	case 'h':
	case 'a':
		return TC_HELD_LEFT;
	case TC_KEY_RIGHT:
	case 'l':
	case 'd':
		return TC_HELD_RIGHT;
	case TC_KEY_UP:
	case 'k':
	case 'w':
	case ' ':
	case 'z':
		return TC_HELD_JUMP;
	case TC_KEY_DOWN:
	case 'j':
	case 's':
		return KEY_STOP;
	default:
		return KEY_NONE;
	}
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

/* Keys that mean the same whatever the state: help, restart, leave. */
static bool common_key(struct tc_ninja_play *np, const struct tc_event *ev, uint64_t now,
                       enum tc_ninja_result *result)
{
	*result = TC_NJ_STAY;
	if (ev->ctrl)
		return false;
	switch (ev->key) {
	case '?':
		np->help_open = true;
		return true;
	case 'r':
		restart(np, now);
		return true;
	case 'q':
	case TC_KEY_ESCAPE:
		*result = TC_NJ_LEAVE;
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
	if (ev->ctrl)
		return false;
	switch (ev->key) {
	case ' ':
	case 'p':
		if (!ended(np) && !ev->repeat)
			np->paused = !np->paused;
		break;
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
	if (ev->type != TC_EV_KEY)
		return TC_NJ_STAY; /* the mouse does nothing here */
	int held = held_key_of(ev);
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
		if (!ev->ctrl && ev->key == '?')
			np->help_open = true;
		else if (!ev->ctrl && (ev->key == 'q' || ev->key == TC_KEY_ESCAPE))
			return TC_NJ_LEAVE;
		return TC_NJ_STAY;
	}
	if (!ev->repeat)
		np->message[0] = '\0';
	if (too_small())
		return ev->key == 'q' || ev->key == TC_KEY_ESCAPE ? TC_NJ_LEAVE : TC_NJ_STAY;
	if (np->mode == MODE_REPLAY && replay_key(np, ev, now))
		return TC_NJ_STAY;
	if (ended(np)) {
		if (np->mode == MODE_PLAY && !ev->ctrl && ev->key == 'w')
			start_save_prompt(np);
		else if (np->mode == MODE_PLAY && np->offer_next && !ev->ctrl && ev->key == 'n')
			return TC_NJ_NEXT;
		else if (!ev->repeat)
			common_key(np, ev, now, &result);
		return result;
	}
	if (np->paused) {
		if (!ev->ctrl && (ev->key == 'p' || ev->key == TC_KEY_ENTER || ev->key == ' ')) {
			np->paused = false;
			np->message[0] = '\0';
		} else if (np->mode == MODE_PLAY && !ev->ctrl && ev->key == 'w') {
			start_save_prompt(np);
		} else if (!common_key(np, ev, now, &result) && !ev->repeat) {
			say(np, false, "Paused: p resumes");
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
	if (!ev->ctrl && ev->key == 'p') {
		np->paused = true;
	} else if (!ev->repeat) {
		common_key(np, ev, now, &result);
	}
	sync_clock(np, now);
	return result;
}
