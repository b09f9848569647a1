/* Which of N's keys are held (issue 8, "Controls in a terminal").
 *
 * Terminals that report key releases (the kitty keyboard protocol, which the play screen turns
 * on: kitty, foot, WezTerm, Ghostty, recent Alacritty and iTerm2): a key is held from its press
 * to its release, exactly. Should a release get lost, held keys let go after 4 s without any
 * key event. The scheme switches to this at the first release or press marked as a repeat.
 *
 * Other terminals send a press, then, while the key stays down, auto-repeats: the first after
 * a delay D (250-660 ms, the system's setting), then one every I ms (25-50). So:
 *  - A press holds the key for D + 100 ms. D is taken as 600 ms until a press and its first
 *    repeat have been seen (on any key), then learned from them (kept within 150-900 ms).
 *  - Each repeat holds it 150 ms more (up to 350 ms once repeats have come bunched, as over
 *    SSH): a run stops about 150 ms after the key comes up.
 *  - A direction lets go of the opposite one at once; the stop key lets go of everything. The
 *    late repeats of a key let go this way are ignored.
 *  - A terminal repeats only the last key pressed, so events of any key keep the other held
 *    keys held as long as they would keep their own: a run goes on through a jump.
 *  - Every press counts for at least one physics step, however short.
 * A new press of a key still held (a quick second jump, for a wall jump) is told from a repeat
 * by timing. An event of that key is
 *  - a repeat when it comes less than 60 ms after the key's previous event (no one presses a
 *    key twice that fast), or less than max(60, 1.6 I) ms once repeats are coming;
 *  - a new press when it comes later than that, but before D - max(60, D/4) ms after the press
 *    or once repeats have begun, unless another event follows within 10 ms: a burst of
 *    delayed repeats, as SSH delivers after a lost packet;
 *  - the first repeat when it comes where that is due, unless nothing follows within
 *    max(80, 2 I) ms: then it was a new press after all (recognised that late).
 * A "new press" followed within 100 ms by another event was a repeat (the timings are learned
 * from such cases). A new jump press while jump still counts as held reaches the physics as a
 * step without jump followed by jump (tc_held_input), as the physics needs a fresh press.
 *
 * For players: without release reports, a tap of jump holds it until the first repeat could
 * have come, so a tap jumps nearly as high as a hold when the repeat delay is long; a shorter
 * delay (xset r rate 250 30, or the system's keyboard settings) gives finer jumps. */
#include "held_keys.h"

#include <string.h>

#include "tilecade/ninja.h"

_Static_assert(1u << TC_HELD_LEFT == NJ_LEFT && 1u << TC_HELD_RIGHT == NJ_RIGHT &&
                       1u << TC_HELD_JUMP == NJ_JUMP,
               "held keys are the physics' input bits");

#define DELAY_DEFAULT 600 /* first-repeat delay until one is seen: X's 660 needs the margin */
#define DELAY_MIN 150     /* learned delays are kept within these */
#define DELAY_MAX 900
#define FIRST_MARGIN 100 /* a press holds for the delay and this */
#define RENEW_MIN 150    /* a repeat holds for this, or longer when repeats come bunched */
#define RENEW_MAX 350
#define BUNCH_MARGIN 60     /* a repeat holds this much longer than the longest gap seen */
#define MIN_GAP 60          /* events of one key closer than this are repeats */
#define BURST_MS 10         /* an event this close after a would-be press makes it a repeat */
#define FOLLOW_MIN 80       /* a would-be first repeat must be followed this soon */
#define HINDSIGHT_MS 100    /* a press followed this soon was a repeat */
#define RELEASE_SAFETY 4000 /* with releases reported: let go after this without events */

enum { SUSPECT_NONE, SUSPECT_PRESS, SUSPECT_REPEAT };

static uint64_t since(uint64_t now, uint64_t then)
{
	return now > then ? now - then : 0;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static bool held(const struct tc_held *h, int k, uint64_t now)
{
	return now < h->until[k];
}

static uint64_t delay(const struct tc_held *h)
{
	return h->delay_ms ? h->delay_ms : DELAY_DEFAULT;
}

static uint64_t first_window(const struct tc_held *h)
{
	return delay(h) + FIRST_MARGIN;
}

/* Before this long after a press, an event cannot be its first repeat. */
static uint64_t delay_low(const struct tc_held *h)
{
	uint64_t d = delay(h), tolerance = d / 4 > MIN_GAP ? d / 4 : MIN_GAP;
	return d - tolerance;
}

/* Once repeats come, events closer than this are repeats. */
static uint64_t repeat_gap(const struct tc_held *h)
{
	uint64_t g = (uint64_t)h->interval_ms * 8 / 5;
	return g > MIN_GAP ? g : MIN_GAP;
}

static uint64_t follow_window(const struct tc_held *h)
{
	uint64_t f = (uint64_t)h->interval_ms * 2;
	return f > FOLLOW_MIN ? f : FOLLOW_MIN;
}

static uint64_t renew_window(const struct tc_held *h)
{
	uint64_t r = (uint64_t)h->bunch_ms + BUNCH_MARGIN;
	return r < RENEW_MIN ? RENEW_MIN : r > RENEW_MAX ? RENEW_MAX : r;
}

static void learn_delay(struct tc_held *h, uint64_t d)
{
	if (d < DELAY_MIN || d > DELAY_MAX)
		return;
	/* Up at once (a window too short drops a held key), down gently (jitter). */
	if (h->delay_ms == 0 || d > h->delay_ms)
		h->delay_ms = (unsigned)d;
	else
		h->delay_ms = (unsigned)((h->delay_ms + d) / 2);
}

static void learn_interval(struct tc_held *h, uint64_t g)
{
	if (g < BURST_MS || g > 150)
		return;
	h->interval_ms = h->interval_ms ? (unsigned)((3 * h->interval_ms + g) / 4) : (unsigned)g;
}

static void learn_bunch(struct tc_held *h, uint64_t g)
{
	if (g > h->bunch_ms && g < 1000)
		h->bunch_ms = (unsigned)g;
}

/* Keeps the other held keys held (the terminal stopped repeating them). */
static void extend_others(struct tc_held *h, int k, uint64_t until, uint64_t now)
{
	for (int j = 0; j < TC_HELD_KEYS; j++)
		if (j != k && held(h, j, now) && h->until[j] < until)
			h->until[j] = until;
}

static void let_go(struct tc_held *h, int k)
{
	h->until[k] = 0;
	h->suspect[k] = SUSPECT_NONE;
	h->pending[k] = false;
	h->repeating[k] = false;
	h->dropped[k] = true;
	if (k == TC_HELD_JUMP)
		h->fresh_jump = false;
}

/* Key k went down anew at time t. first_after: the event came where the first repeat of the
 * previous press was due (with nothing between); gap: time since the key's previous event. */
static void new_press(struct tc_held *h, int k, uint64_t t, bool first_after, uint64_t gap)
{
	if (k == TC_HELD_LEFT || k == TC_HELD_RIGHT)
		let_go(h, k == TC_HELD_LEFT ? TC_HELD_RIGHT : TC_HELD_LEFT);
	uint64_t d = since(t, h->pressed_at[k]);
	h->learn_delay[k] = first_after && d >= DELAY_MIN && d <= DELAY_MAX ? d : 0;
	h->learn_gap[k] = h->repeating[k] && gap < 1000 ? gap : 0;
	h->pressed_at[k] = h->last_seen[k] = t;
	h->repeating[k] = false;
	h->dropped[k] = false;
	h->suspect[k] = SUSPECT_NONE;
	uint64_t until = t + (h->releases_reported ? RELEASE_SAFETY : first_window(h));
	h->until[k] = max_u64(h->until[k], until);
	if (k == TC_HELD_JUMP)
		h->fresh_jump = true;
	else
		h->pending[k] = true;
	if (!h->releases_reported)
		extend_others(h, k, t + first_window(h), t);
}

/* A suspect whose time is up was a new press. */
static void resolve(struct tc_held *h, int k, uint64_t now)
{
	if (h->suspect[k] == SUSPECT_NONE || now < h->suspect_until[k])
		return;
	uint64_t t = h->suspect_at[k];
	bool first = h->suspect_first[k];
	h->suspect[k] = SUSPECT_NONE;
	new_press(h, k, t, first, h->suspect_gap[k]);
}

/* A repeat of a held key, in a terminal that does not report releases. */
static void repeat(struct tc_held *h, int k, uint64_t now)
{
	h->repeating[k] = true;
	h->last_seen[k] = now;
	h->until[k] = max_u64(h->until[k], now + renew_window(h));
	extend_others(h, k, now + renew_window(h), now);
}

static void suspect(struct tc_held *h, int k, int kind, bool first, uint64_t gap, uint64_t now)
{
	h->suspect[k] = (uint8_t)kind;
	h->suspect_first[k] = first;
	h->suspect_at[k] = now;
	h->suspect_gap[k] = gap;
	h->suspect_until[k] = now + (kind == SUSPECT_PRESS ? BURST_MS : follow_window(h));
	/* Held either way meanwhile. */
	h->last_seen[k] = now;
	h->until[k] = max_u64(h->until[k], now + renew_window(h));
	extend_others(h, k, now + renew_window(h), now);
}

static void legacy_press(struct tc_held *h, int k, uint64_t now)
{
	uint64_t gap = since(now, h->last_seen[k]);
	bool first_after = !h->repeating[k] && h->last_seen[k] == h->pressed_at[k];

	/* Another event while a suspect waits: the suspect was a repeat. */
	if (h->suspect[k] != SUSPECT_NONE) {
		if (h->suspect_first[k])
			learn_delay(h, since(h->suspect_at[k], h->pressed_at[k]));
		else
			learn_bunch(h, h->suspect_gap[k]);
		h->suspect[k] = SUSPECT_NONE;
		h->repeating[k] = true;
		first_after = false;
	}

	if (!held(h, k, now)) {
		if (h->dropped[k] && gap < repeat_gap(h)) {
			h->last_seen[k] = now; /* a late repeat of a key let go */
			return;
		}
		if (h->bunch_ms)
			h->bunch_ms -= h->bunch_ms / 4;
		new_press(h, k, now, first_after, gap);
		return;
	}

	if (first_after && gap < HINDSIGHT_MS &&
	    (h->learn_delay[k] || h->learn_gap[k] || gap < MIN_GAP)) {
		/* The last "press" was a repeat after all: learn from it, undo what is undoable. */
		if (h->learn_delay[k])
			learn_delay(h, h->learn_delay[k]);
		if (h->learn_gap[k])
			learn_bunch(h, h->learn_gap[k]);
		learn_interval(h, gap);
		h->learn_delay[k] = h->learn_gap[k] = 0;
		if (k == TC_HELD_JUMP)
			h->fresh_jump = false;
		repeat(h, k, now);
		return;
	}

	if (h->repeating[k]) {
		if (gap < repeat_gap(h)) {
			learn_interval(h, gap);
			repeat(h, k, now);
		} else {
			suspect(h, k, SUSPECT_PRESS, false, gap, now);
		}
		return;
	}
	/* First window: the press and nothing else yet. */
	if (gap < MIN_GAP)
		repeat(h, k, now);
	else if (since(now, h->pressed_at[k]) < delay_low(h))
		suspect(h, k, SUSPECT_PRESS, true, gap, now);
	else
		suspect(h, k, SUSPECT_REPEAT, true, gap, now);
}

void tc_held_reset(struct tc_held *h)
{
	/* What was learned about the terminal stays: a restart does not change the keyboard. */
	struct tc_held learned = *h;
	memset(h, 0, sizeof *h);
	h->releases_reported = learned.releases_reported;
	h->delay_ms = learned.delay_ms;
	h->interval_ms = learned.interval_ms;
	h->bunch_ms = learned.bunch_ms;
}

void tc_held_press(struct tc_held *h, enum tc_held_key key, bool repeat_, uint64_t now)
{
	int k = (int)key;
	if (k < 0 || k >= TC_HELD_KEYS)
		return;
	for (int j = 0; j < TC_HELD_KEYS; j++)
		if (j != k)
			resolve(h, j, now);
	resolve(h, k, now);
	if (repeat_ || h->releases_reported) {
		h->releases_reported = true;
		for (int j = 0; j < TC_HELD_KEYS; j++)
			if (held(h, j, now))
				h->until[j] = max_u64(h->until[j], now + RELEASE_SAFETY);
		if (!repeat_) {
			new_press(h, k, now, false, 0);
		} else if (held(h, k, now)) {
			h->repeating[k] = true;
			h->last_seen[k] = now;
		}
		return;
	}
	legacy_press(h, k, now);
}

void tc_held_release(struct tc_held *h, enum tc_held_key key, uint64_t now)
{
	int k = (int)key;
	if (k < 0 || k >= TC_HELD_KEYS)
		return;
	h->releases_reported = true;
	h->suspect[k] = SUSPECT_NONE;
	h->repeating[k] = false;
	if (h->until[k] > now)
		h->until[k] = now;
	/* A press not yet seen by a step (pending, fresh_jump) still gets its step. */
}

void tc_held_stop(struct tc_held *h)
{
	for (int k = 0; k < TC_HELD_KEYS; k++)
		let_go(h, k);
}

unsigned tc_held_input(struct tc_held *h, uint64_t now)
{
	for (int k = 0; k < TC_HELD_KEYS; k++)
		resolve(h, k, now);
	unsigned bits = 0;
	for (int k = 0; k < TC_HELD_KEYS; k++) {
		if (k != TC_HELD_JUMP && (held(h, k, now) || h->pending[k]))
			bits |= 1u << k;
		h->pending[k] = false;
	}
	if (h->fresh_jump) {
		/* The physics needs to see jump up before it sees it down again. */
		if (!(h->last_input & NJ_JUMP)) {
			bits |= NJ_JUMP;
			h->fresh_jump = false;
		}
	} else if (held(h, TC_HELD_JUMP, now)) {
		bits |= NJ_JUMP;
	}
	h->last_input = bits;
	return bits;
}
