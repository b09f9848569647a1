/* A race as its racer lives it, around the game being played (a session game's play screen or
 * N's): the standing the race pane shows (every racer, the player's own progress put in from
 * the game itself), the player's socket and end told to the store, the time limit that ends the
 * game, and what the racer is told when their race is over. The screens know nothing of the
 * store: the app gives this the game's progress and end, and this says what became of them. */
#ifndef TILECADE_TUI_RACE_RUN_H
#define TILECADE_TUI_RACE_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include <limits.h>

#include "race_feed.h"
#include "race_pane.h"

struct tc_race_run {
	struct tc_race_feed *feed; /* every racer followed live; NULL: the race is gone */
	struct tc_store *st;
	char dir[PATH_MAX];
	int64_t id;
	char player[32];
	bool finished;    /* this racer's end is in the store */
	bool socket_told; /* where the game is published is in the store */
	struct tc_progress own;
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	struct tc_race_standing standing;
	char title[32], line[64];
	char told[128]; /* what the racer is told of their race ("" while racing) */
};

/* What the player's game is at: its progress, and its end (outcome TC_RACER_RACING while it
 * goes on) with the final score and the recording records.c made of it. */
struct tc_race_game {
	struct tc_progress progress;
	enum tc_racer_outcome outcome;
	int64_t points;
	int64_t recording;
};

/* The race id of store st, told through live folder dir, in which player plays, its racers
 * followed live (the terminal's wait wakes for them). r must stay where it is until
 * tc_race_run_close. */
void tc_race_run_open(struct tc_race_run *r, struct tc_store *st, const char *dir, int64_t id,
                      const char *player);
void tc_race_run_close(struct tc_race_run *r);
int64_t tc_race_run_id(const struct tc_race_run *r);

/* The player's game is published on this socket of the live folder (told to the store once). */
void tc_race_run_socket(struct tc_race_run *r, const char *socket);
/* Whether the race's time limit has come while the player still plays: the app then ends the
 * game where it stands and tells its end (outcome TC_RACER_ENDED). */
bool tc_race_run_time_up(const struct tc_race_run *r, int64_t now_ms);
/* The player's game as it is now: its end, once it has one, goes to the store (once). Returns
 * true when the racer has just finished. */
bool tc_race_run_update(struct tc_race_run *r, const struct tc_race_game *game, int64_t now_ms);
/* The racer leaves the race (TC_RACER_LEFT) or the program ends with it (TC_RACER_DROPPED:
 * they may come back). Nothing when they finished already. */
void tc_race_run_leave(struct tc_race_run *r, const struct tc_race_game *game,
                       enum tc_racer_outcome how, int64_t now_ms);

/* What the race pane shows now. */
const struct tc_race_standing *tc_race_run_standing(struct tc_race_run *r, int64_t now_ms);
/* Milliseconds until the standing changes by itself (its clock's second, the time limit). */
int tc_race_run_next_ms(const struct tc_race_run *r, int64_t now_ms);
/* What the racer is told of their race once it is over for them ("1st of 3, race over:
 * tilecade races 12"), or NULL while they race. */
const char *tc_race_run_told(struct tc_race_run *r);

#endif
