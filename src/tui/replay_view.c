/* The replay screen. The position shown is a follower of the recording's stream after its
 * first `at` events: stepping on follows one more, stepping back follows the stream again
 * from its start (a 5000-move game takes milliseconds), so the screen keeps no history. */
#include "replay_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "grid.h"
#include "help.h"
#include "overlay.h"
#include "status.h"
#include "tilecade/live_follow.h"
#include "tilecade/store.h"

/* Speeds in thousandths: 0.25x to 16x, each twice the one before. */
static const unsigned speeds[] = {250, 500, 1000, 2000, 4000, 8000, 16000};
#define SPEEDS (int)(sizeof speeds / sizeof speeds[0])
#define NORMAL_SPEED 2
/* A pause longer than this in the game (the player thinking, or away) is played in this long
 * at 1x: a replay shows the game, not the wait. */
#define LONGEST_WAIT_MS 2000
/* The most events followed in one frame when the replay falls behind (a slow terminal). */
#define CATCH_UP 1000

static const struct tc_help_line replay_keys[] = {
        {"Space", "play or pause"},
        {"+ or >, - or <", "faster, slower (0.25x to 16x)"},
        {"right, left", "one event on, one back (pauses)"},
        {"Home, End", "the start, the end"},
        {"?", "this help"},
        {"q, Esc", "leave the replay"},
        {NULL, NULL},
};

struct tc_replay {
	struct tc_recording rec;
	const struct tc_view *view;
	const char *title;
	void *vs;
	struct tc_live_follow f;
	unsigned at, total; /* events followed, of all the stream's */
	size_t pos;         /* where the event after them starts */
	uint32_t at_ms;     /* the game time of the last event followed */
	int speed;          /* index into speeds */
	bool playing, help_open;
	int help_page, help_pages;
	uint64_t shown_at; /* when the last event was shown, while playing */
	char player[32];   /* sanitized */
	char problem[160]; /* an event that would not follow: the replay stops there */
};

/* Follows the next event; false at the end or when it does not follow. */
static bool step_on(struct tc_replay *rp)
{
	struct tc_live_event ev;
	size_t pos = rp->pos;
	if (rp->at >= rp->total ||
	    tc_live_log_next(rp->rec.events, rp->rec.events_len, &pos, &ev) != 1)
		return false;
	char err[160];
	if (tc_live_follow(&rp->f, &ev, err, sizeof err) != 0) {
		snprintf(rp->problem, sizeof rp->problem, "%s", err);
		rp->total = rp->at; /* nothing after it can be shown */
		return false;
	}
	rp->pos = pos;
	rp->at++;
	rp->at_ms = ev.at_ms;
	return true;
}

/* The position after the first `at` events (at least the START, which makes the session). */
static void seek(struct tc_replay *rp, unsigned at)
{
	if (at < 1)
		at = 1;
	if (at < rp->at) {
		tc_live_follow_free(&rp->f);
		tc_live_follow_init(&rp->f);
		rp->at = 0;
		rp->pos = 0;
	}
	while (rp->at < at && step_on(rp))
		;
	if (rp->vs) /* none yet while the screen is made */
		rp->view->reset(rp->vs);
}

static unsigned count_events(const struct tc_recording *rec)
{
	struct tc_live_event ev;
	size_t pos = 0;
	unsigned n = 0;
	while (tc_live_log_next(rec->events, rec->events_len, &pos, &ev) == 1)
		n++;
	return n;
}

struct tc_replay *tc_replay_new(struct tc_recording *rec, uint64_t now, char *err, size_t errlen)
{
	struct tc_replay *rp = calloc(1, sizeof *rp);
	if (!rp) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	rp->rec = *rec;
	memset(rec, 0, sizeof *rec);
	tc_live_follow_init(&rp->f);
	rp->total = count_events(&rp->rec);
	seek(rp, 1);
	const struct tc_catalog_entry *e =
	        rp->f.session ? tc_catalog_find(tc_session_game(rp->f.session)->name) : NULL;
	if (!e || !e->view || !(rp->vs = e->view->create(false))) {
		snprintf(err, errlen, "recording #%" PRId64 " is of a game this screen cannot show",
		         rp->rec.id);
		tc_replay_free(rp);
		return NULL;
	}
	rp->view = e->view;
	rp->title = e->title;
	rp->speed = NORMAL_SPEED;
	rp->playing = true;
	rp->shown_at = now;
	tc_sanitize(rp->rec.player, rp->player, sizeof rp->player);
	return rp;
}

void tc_replay_free(struct tc_replay *rp)
{
	if (!rp)
		return;
	if (rp->vs)
		rp->view->destroy(rp->vs);
	tc_live_follow_free(&rp->f);
	tc_recording_free(&rp->rec);
	free(rp);
}

/* When the next event is due, while playing. */
static uint64_t next_due(const struct tc_replay *rp)
{
	struct tc_live_event ev;
	size_t pos = rp->pos;
	if (tc_live_log_next(rp->rec.events, rp->rec.events_len, &pos, &ev) != 1)
		return rp->shown_at;
	uint64_t wait = ev.at_ms > rp->at_ms ? ev.at_ms - rp->at_ms : 0;
	if (wait > LONGEST_WAIT_MS)
		wait = LONGEST_WAIT_MS;
	return rp->shown_at + wait * 1000 / speeds[rp->speed];
}

/* Plays what is due by now. */
static void play_due(struct tc_replay *rp, uint64_t now)
{
	for (int i = 0; rp->playing && i < CATCH_UP; i++) {
		if (rp->at >= rp->total) {
			rp->playing = false;
			break;
		}
		uint64_t due = next_due(rp);
		if (due > now)
			break;
		if (!step_on(rp))
			rp->playing = false;
		rp->shown_at = due;
		rp->view->reset(rp->vs);
	}
	if (rp->playing && now > rp->shown_at + LONGEST_WAIT_MS)
		rp->shown_at = now; /* fallen behind for good (suspended): go on from here */
}

int tc_replay_next_frame(struct tc_replay *rp, uint64_t now)
{
	if (!rp->playing || rp->help_open || rp->at >= rp->total)
		return -1;
	uint64_t due = next_due(rp);
	return due <= now ? 0 : due - now > INT32_MAX ? INT32_MAX : (int)(due - now);
}

static void format_speed(const struct tc_replay *rp, char *buf, size_t len)
{
	unsigned s = speeds[rp->speed];
	if (s % 1000 == 0)
		snprintf(buf, len, "%ux", s / 1000);
	else
		snprintf(buf, len, "%u.%02ux", s / 1000, s % 1000 / 10);
}

/* The bottom line: which recording, whose, where in it, how fast, and whether it plays. */
static void status_text(const struct tc_replay *rp, char *buf, size_t len)
{
	char speed[16], time[32];
	format_speed(rp, speed, sizeof speed);
	tc_format_time(rp->at_ms, time, sizeof time);
	const char *state = rp->at >= rp->total ? "finished" : rp->playing ? "playing" : "paused";
	snprintf(buf, len, "replay #%" PRId64 "  %s  event %u of %u  %s  %s  %s", rp->rec.id,
	         rp->player, rp->at, rp->total, time, speed, state);
	if (tc_text_width(buf) > COLS - 2) /* short: the player, where, how fast, whether */
		snprintf(buf, len, "%s  %u/%u  %s  %s", rp->player, rp->at, rp->total, speed,
		         state);
}

void tc_replay_draw(struct tc_replay *rp, uint64_t now)
{
	const struct tc_session *s = rp->f.session;
	int need_w, need_h;
	rp->view->min_size(s, &need_w, &need_h);
	need_h += 2;
	if (need_w < 40)
		need_w = 40;
	if (COLS < need_w || LINES < need_h) {
		tc_draw_too_small(need_w, need_h);
		return;
	}
	if (!rp->help_open)
		play_due(rp, now);
	erase();
	char detail[2][96], message[192];
	if (rp->view->describe) {
		rp->view->describe(rp->vs, s, false, detail[0], sizeof detail[0]);
		rp->view->describe(rp->vs, s, true, detail[1], sizeof detail[1]);
	}
	bool own = rp->view->describe != NULL;
	bool moves = !rp->view->counts_moves || !rp->view->counts_moves(s);
	bool time = !rp->view->keeps_time || !rp->view->keeps_time(s);
	if (*rp->problem)
		snprintf(message, sizeof message, "stopped: %s", rp->problem);
	else
		status_text(rp, message, sizeof message);
	tc_status_draw(s, rp->title, own ? detail[0] : NULL, own ? detail[1] : NULL, moves, time,
	               message, NULL);
	struct tc_rect area = {0, 1, COLS, LINES - 2};
	if (rp->help_open) {
		char title[64];
		snprintf(title, sizeof title, "Replay of %s: keys", rp->title);
		rp->help_pages = tc_help_draw_page(area, title, replay_keys, false, rp->help_page);
		return;
	}
	rp->view->draw(rp->vs, s, area, now);
}

static void set_playing(struct tc_replay *rp, bool playing, uint64_t now)
{
	if (playing && rp->at >= rp->total)
		seek(rp, 1); /* played again from its start */
	rp->playing = playing;
	rp->shown_at = now;
}

bool tc_replay_event(struct tc_replay *rp, const struct tc_event *ev, uint64_t now)
{
	if (ev->type != TC_EV_KEY || ev->ctrl)
		return true;
	if (rp->help_open) {
		rp->help_open = ++rp->help_page < rp->help_pages; /* next page, or closed */
		rp->shown_at = now;
		return true;
	}
	switch (ev->key) {
	case ' ':
	case 'p':
		set_playing(rp, !rp->playing, now);
		return true;
	case '+':
	case '=':
	case '>':
		rp->speed += rp->speed < SPEEDS - 1;
		return true;
	case '-':
	case '<':
		rp->speed -= rp->speed > 0;
		return true;
	case TC_KEY_RIGHT:
	case 'l':
		rp->playing = false;
		seek(rp, rp->at + 1);
		return true;
	case TC_KEY_LEFT:
	case 'h':
		rp->playing = false;
		seek(rp, rp->at > 1 ? rp->at - 1 : 1);
		return true;
	case TC_KEY_HOME:
	case 'g':
		rp->playing = false;
		seek(rp, 1);
		return true;
	case TC_KEY_END:
	case 'G':
		rp->playing = false;
		seek(rp, rp->total);
		return true;
	case '?':
		rp->help_open = true;
		rp->help_page = 0;
		return true;
	case 'q':
	case TC_KEY_ESCAPE:
		return false;
	default:
		return true;
	}
}
