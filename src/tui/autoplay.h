/* When a game that plays itself (2048's autoplay) makes its next move: an interval after the
 * last one, at a speed the player steps up and down. Plain arithmetic on milliseconds, no
 * curses: the view plays in its tick and tells the app's loop when to wake. */
#ifndef TILECADE_TUI_AUTOPLAY_H
#define TILECADE_TUI_AUTOPLAY_H

#include <stdbool.h>
#include <stdint.h>

struct tc_autoplay {
	bool on;
	int speed;     /* index into the intervals, slowest first */
	bool waiting;  /* started, first move not yet played: due at once */
	uint64_t last; /* when it last moved */
};

/* Off, at the default speed. */
void tc_autoplay_init(struct tc_autoplay *a);
/* On, with a first move due at once. */
void tc_autoplay_start(struct tc_autoplay *a, uint64_t now);
void tc_autoplay_stop(struct tc_autoplay *a);

/* Milliseconds from one move to the next at the current speed: 1000, 500, 250, 100 (the
 * default), 50, 20 or 0 (as fast as moves can be chosen, one a frame). */
int tc_autoplay_interval(const struct tc_autoplay *a);
/* One step faster or slower (a change that also applies to the move already waiting); false
 * at the end of the range. */
bool tc_autoplay_faster(struct tc_autoplay *a);
bool tc_autoplay_slower(struct tc_autoplay *a);
bool tc_autoplay_fastest(const struct tc_autoplay *a);
bool tc_autoplay_slowest(const struct tc_autoplay *a);

/* Whether a move is due at now. */
bool tc_autoplay_due(const struct tc_autoplay *a, uint64_t now);
/* A move was played at now: the next is due an interval later. */
void tc_autoplay_moved(struct tc_autoplay *a, uint64_t now);
/* Milliseconds to sleep before the next move is due, or -1 when off. Never 0: a loop that waits
 * 0 ms for input does not read the keyboard, so at full speed it waits 1. */
int tc_autoplay_wait(const struct tc_autoplay *a, uint64_t now);

#endif
