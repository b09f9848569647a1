/* Which of N's keys are held, from a terminal that reports presses and auto-repeats, and
 * releases only sometimes (issue 8, "Controls in a terminal").
 *
 * A key counts as held from its press for a first window long enough to reach the terminal's
 * first auto-repeat, then for a short window renewed by every repeat; where the terminal
 * reports releases, from press to release exactly. The scheme is pure (times are passed in) so
 * that it is tested without a terminal. */
#ifndef TILECADE_TUI_HELD_KEYS_H
#define TILECADE_TUI_HELD_KEYS_H

#include <stdbool.h>
#include <stdint.h>

enum tc_held_key { TC_HELD_LEFT, TC_HELD_RIGHT, TC_HELD_JUMP, TC_HELD_KEYS };

struct tc_held {
	uint64_t pressed_at[TC_HELD_KEYS]; /* the last press that was not a repeat */
	uint64_t last_seen[TC_HELD_KEYS];  /* the last press or repeat */
	uint64_t until[TC_HELD_KEYS];      /* held up to this time (UINT64_MAX: until released) */
	bool repeating[TC_HELD_KEYS];      /* repeats have come since the press */
	bool releases_reported;            /* the terminal has sent a release: trust them */
	bool fresh_jump;                   /* a new jump press the physics has not seen yet */
	unsigned last_input;               /* what tc_held_input returned last */
	/* The scheme's working state (held_keys.c). With releases reported, until is a safety
	 * timeout renewed by every key event rather than UINT64_MAX. */
	uint8_t suspect[TC_HELD_KEYS];        /* an event not yet known to be a press or a repeat */
	bool suspect_first[TC_HELD_KEYS];     /* ... that came first after the press */
	uint64_t suspect_at[TC_HELD_KEYS];    /* ... when it came */
	uint64_t suspect_gap[TC_HELD_KEYS];   /* ... how long after the event before it */
	uint64_t suspect_until[TC_HELD_KEYS]; /* a press unless another event comes before this */
	uint64_t learn_delay[TC_HELD_KEYS];   /* a press that may prove a first repeat: its delay */
	uint64_t learn_gap[TC_HELD_KEYS];     /* a press that may prove a late repeat: its gap */
	bool dropped[TC_HELD_KEYS];           /* let go by a key: its late repeats are ignored */
	bool pending[TC_HELD_KEYS];           /* a direction press no step has seen yet */
	unsigned delay_ms;    /* the terminal's first-repeat delay as learned; 0: not yet */
	unsigned interval_ms; /* its repeat interval as learned; 0: not yet */
	unsigned bunch_ms;    /* the longest gap between repeats seen lately (bunching, SSH) */
};

/* Forgets every key (a restart, a pause, a screen change). h starts zeroed ({0}); what was learned
 * about the terminal since (its repeat timing, whether it reports releases) survives a reset. */
void tc_held_reset(struct tc_held *h);
/* A key went down or auto-repeated. repeat: the terminal said it is a repeat (legacy terminals
 * cannot say, and their repeats come here as presses). Pressing one direction lets go of the
 * other. */
void tc_held_press(struct tc_held *h, enum tc_held_key key, bool repeat, uint64_t now);
/* The terminal reported that the key was let go. */
void tc_held_release(struct tc_held *h, enum tc_held_key key, uint64_t now);
/* Lets go of every key at once (the stop key). */
void tc_held_stop(struct tc_held *h);
/* The input of a physics step played at time now: enum nj_input bits. A jump pressed anew
 * while the previous one still counts as held gives one step without NJ_JUMP first, so that
 * the physics sees a fresh press (a wall jump needs one). */
unsigned tc_held_input(struct tc_held *h, uint64_t now);

#endif
