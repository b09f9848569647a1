/* A ghost race: the player's game against a recording's ghost (tilecade/ghost.h), both in the
 * race pane (race_pane.h) beside the game, for a session game's screen or N's alike.
 *
 * The race keeps its own clock: the player's game time, which stops while the game is paused
 * and goes back to 0 with a restart (the race starts again, the ghost at its start); once the
 * player's game is over, on by the wall clock, so that the ghost plays on to its own finish,
 * until an undo puts the game back in play and on its own clock. */
#ifndef TILECADE_TUI_GHOST_RACE_H
#define TILECADE_TUI_GHOST_RACE_H

#include <stdbool.h>
#include <stdint.h>

#include "race_pane.h"
#include "tilecade/ghost.h"
#include "tilecade/ninja.h"
#include "tilecade/recordings.h"
#include "tilecade/session.h"

/* The player's game as the screen sees it at one moment. */
struct tc_ghost_you {
	const char *name;              /* the player's, sanitized */
	uint64_t game_ms;              /* the game's clock: back to 0 on a restart */
	bool clock_running;            /* false while paused (or not started) */
	struct tc_progress progress;   /* the position's */
	enum tc_racer_outcome outcome; /* TC_RACER_RACING, or how the game ended */
};

struct tc_ghost_race;

/* A race against ghost (taken over, freed with the race). NULL when out of memory (the ghost
 * is freed). */
struct tc_ghost_race *tc_ghost_race_new(struct tc_ghost *ghost);
void tc_ghost_race_free(struct tc_ghost_race *r);

/* Recording id of st raced: the recording read into *rec (its events
 * malloc'd: tc_recording_free), its ghost named "PLAYER #N". NULL with one line in err ("no
 * recording #7", "recording #7 is damaged", "recording #7 cannot be raced: why"), *rec then
 * holding nothing to free. */
struct tc_ghost_race *tc_ghost_race_open(struct tc_store *st, int64_t id, struct tc_recording *rec,
                                         char *err, size_t errlen);

/* The game ID the player must play: the ghost's. */
const char *tc_ghost_race_game_id(const struct tc_ghost_race *r);

/* The player's game as it stands at now (wall-clock ms): the race's clock moves on. */
void tc_ghost_race_see(struct tc_ghost_race *r, const struct tc_ghost_you *you, uint64_t now);
/* The race as last seen, the two racers ranked. */
const struct tc_race_standing *tc_ghost_race_standing(struct tc_ghost_race *r);
/* Milliseconds from the last look until the ghost's next change, or -1 when none is coming
 * while the race's clock stands still. */
int tc_ghost_race_next(const struct tc_ghost_race *r);

/* A session game's player as the race sees it. */
void tc_ghost_you_of_session(const struct tc_session *s, struct tc_ghost_you *you);
/* N's player, their run in world w, its clock running or not. */
void tc_ghost_you_of_run(const struct nj_run *run, const struct nj_world *w, bool clock_running,
                         struct tc_ghost_you *you);

#endif
