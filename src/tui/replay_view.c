/* The replay screen: the play screen watching a follower of the recording's stream after its
 * first `at` events (a replay is a watcher of a recording). Stepping on follows one more,
 * stepping back follows the stream again from its start (2 ms for a 5000-move 2048 game), so
 * the screen keeps no history. */
#include "replay_view.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "grid.h"
#include "play.h"
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
	const struct tc_catalog_entry *entry;
	struct tc_play *play; /* watching f's session; made again when that is another */
	struct tc_live_follow f;
	unsigned at, total; /* events followed, of all the stream's */
	size_t pos;         /* where the event after them starts */
	uint32_t at_ms;     /* the game time of the last event followed */
	int speed;          /* index into speeds */
	bool playing;
	uint64_t shown_at; /* when the last event was shown, while playing */
	char player[32];   /* sanitized */
	char line[192];    /* the status line's: which recording, whose, where, how fast */
	char help_title[64];
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

/* The play screen on the follower's session, made again when the session is another (the
 * stream followed again from its start); told of a change otherwise. */
static void shown_changed(struct tc_replay *rp)
{
	if (!rp->entry)
		return; /* none yet while the screen is made */
	if (rp->play && tc_play_session(rp->play) == rp->f.session) {
		tc_play_changed(rp->play);
		return;
	}
	tc_play_free(rp->play);
	rp->play = tc_play_new_watching(rp->entry->view, rp->entry->title, rp->f.session,
	                                rp->player, false);
	if (rp->play)
		tc_play_watch_recording(rp->play, rp->line, rp->help_title, replay_keys);
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
	shown_changed(rp);
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
	tc_sanitize(rp->rec.player, rp->player, sizeof rp->player);
	if (e && e->view) {
		rp->entry = e;
		snprintf(rp->help_title, sizeof rp->help_title, "Replay of %s: keys", e->title);
		shown_changed(rp);
	}
	if (!rp->play) {
		snprintf(err, errlen, "recording #%" PRId64 " is of a game this screen cannot show",
		         rp->rec.id);
		tc_replay_free(rp);
		return NULL;
	}
	rp->speed = NORMAL_SPEED;
	rp->playing = true;
	rp->shown_at = now;
	return rp;
}

void tc_replay_free(struct tc_replay *rp)
{
	if (!rp)
		return;
	tc_play_free(rp->play);
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
		shown_changed(rp);
	}
	if (rp->playing && now > rp->shown_at + LONGEST_WAIT_MS)
		rp->shown_at = now; /* fallen behind for good (suspended): go on from here */
}

int tc_replay_next_frame(struct tc_replay *rp, uint64_t now)
{
	if (!rp->playing || tc_play_help_shown(rp->play) || rp->at >= rp->total)
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

/* The events the player made, counted as the line shows them: not the START, which only
 * sets the board, nor the END, which changes nothing shown ("event 0 of 41" at the start). */
static unsigned shown_total(const struct tc_replay *rp)
{
	return rp->total > 2 ? rp->total - 2 : 0;
}

/* The bottom line: which recording and whether it plays first, then whose, where in it and how
 * fast, as much as fits. */
static void status_text(const struct tc_replay *rp, char *buf, size_t len)
{
	char speed[16], time[32];
	format_speed(rp, speed, sizeof speed);
	tc_format_time(rp->at_ms, time, sizeof time);
	const char *state = rp->at >= rp->total ? "finished" : rp->playing ? "playing" : "paused";
	unsigned total = shown_total(rp), at = rp->at > 1 ? rp->at - 1 : 0;
	if (at > total)
		at = total;
	for (int form = 0; form < 4; form++) {
		if (form == 0)
			snprintf(buf, len, "replay #%" PRId64 "  %s  %s  event %u of %u  %s  %s",
			         rp->rec.id, state, rp->player, at, total, time, speed);
		else if (form == 1)
			snprintf(buf, len, "replay #%" PRId64 "  %s  %s  %u/%u  %s", rp->rec.id, state,
			         rp->player, at, total, speed);
		else if (form == 2)
			snprintf(buf, len, "replay #%" PRId64 "  %s  %u/%u  %s", rp->rec.id, state, at,
			         total, speed);
		else
			snprintf(buf, len, "replay #%" PRId64 "  %s", rp->rec.id, state);
		if (tc_text_width(buf) <= COLS - 2)
			return;
	}
}

void tc_replay_draw(struct tc_replay *rp, uint64_t now)
{
	if (!tc_play_help_shown(rp->play))
		play_due(rp, now);
	if (*rp->problem)
		snprintf(rp->line, sizeof rp->line, "stopped: %s", rp->problem);
	else
		status_text(rp, rp->line, sizeof rp->line);
	/* At the end of a game left unfinished, what its watchers were told. */
	if (rp->at >= rp->total && rp->f.ended && tc_session_status(rp->f.session) == TC_PLAYING) {
		char left[sizeof rp->player + 32];
		snprintf(left, sizeof left, "%s left this game", rp->player);
		tc_play_tell(rp->play, left);
	}
	tc_play_show(rp->play, rp->f.view); /* what the player's screen showed: the pane, cursor */
	tc_play_draw(rp->play, now);
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
	/* The help takes the next key; q, Esc, ? and the rest are the play screen's. */
	if (ev->type != TC_EV_KEY || ev->ctrl || tc_play_help_shown(rp->play)) {
		bool stay = tc_play_event(rp->play, ev, now) == TC_PLAY_STAY;
		rp->shown_at = now; /* the help held the replay */
		return stay;
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
	default:
		return tc_play_event(rp->play, ev, now) == TC_PLAY_STAY;
	}
}
