/* Races: players playing one game ID against each other, live (issue 19).
 *
 * A race is opened on one game ID by its opener and waits in a lobby while racers join. It
 * starts when the opener says so, or by itself TC_RACE_AUTOSTART_MS after it opened; then a
 * countdown of TC_RACE_COUNTDOWN_MS, and every racer plays the game from the same start. It is
 * over when every racer has finished or left (a racer who dropped counts as left once gone
 * TC_RACE_RETURN_MS without coming back, one whose game never showed once TC_RACE_RETURN_MS
 * from the start went by), or at its time limit (a race without one: TC_RACE_LIMIT_MAX_MS).
 * A race's result is its board.
 *
 * Races live in the database that takes the scores (the arcade's, a host's shared board, or
 * one's own), so every racer's program reads the same race. Times are wall-clock Unix
 * milliseconds: every racer's program on one host reads the same clock (hosts sharing a
 * database keep theirs in time, as NTP does). A change to a race is told to the programs waiting
 * on it through the live place (tc_live_races_changed: a folder's entry, or a database's
 * news). */
#ifndef TILECADE_RACES_H
#define TILECADE_RACES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"
#include "tilecade/store.h"

#define TC_RACE_AUTOSTART_MS 60000
#define TC_RACE_COUNTDOWN_MS 3000
#define TC_RACE_RETURN_MS 120000
/* The most racers one race takes, and the longest time limit (a day). */
#define TC_RACE_RACERS_MAX 64
#define TC_RACE_LIMIT_MAX_MS (24LL * 3600 * 1000)
/* The most races not over one player may be the opener of. */
#define TC_RACE_OPEN_MAX 3

enum tc_race_state {
	TC_RACE_LOBBY,     /* waiting for racers; joinable */
	TC_RACE_COUNTDOWN, /* started: play begins at start_ms */
	TC_RACE_RUNNING,
	TC_RACE_OVER,
};

enum tc_racer_outcome {
	TC_RACER_RACING,  /* playing (or waiting for the start) */
	TC_RACER_WON,     /* finished: won the game */
	TC_RACER_LOST,    /* finished: the game was lost (out of moves, out of lives) */
	TC_RACER_ENDED,   /* finished: a game that cannot be won ended, or the time limit came */
	TC_RACER_LEFT,    /* left the race for good */
	TC_RACER_DROPPED, /* the connection dropped; may come back while the race runs */
};

struct tc_race {
	int64_t id;
	char game[16];     /* the game's name ("2048", "ninja") */
	char game_id[128]; /* TC_GAMEID_MAX: what every racer plays */
	char opener[32];
	int64_t opened_ms;
	/* When play begins (the countdown's end); 0 while the lobby waits for the opener, who
	 * otherwise has it start at opened_ms + TC_RACE_AUTOSTART_MS + TC_RACE_COUNTDOWN_MS. */
	int64_t start_ms;
	int64_t limit_ms; /* the time limit from start_ms; 0: none */
	int racers;
	enum tc_race_state state; /* at the time it was read */
};

struct tc_racer {
	char player[32];
	enum tc_racer_outcome outcome;
	/* The racer's progress: live while racing (a race feed's), as it ended once finished. */
	struct tc_progress progress;
	int64_t time_ms; /* finished: from start_ms to the game's end */
	int64_t points;  /* finished: the final position's score (0 for games without) */
	int64_t recording; /* finished: the game's recording (tilecade/recordings.h), 0: none */
	int64_t joined_ms, dropped_ms;
	/* The racer's socket in the live folder: their lobby's presence ("l1234"), then the one
	 * their game is published on ("p1234"); "" before either. */
	char socket[32];
	int rank;        /* set by tc_race_rank */
};

/* Orders racers as a race ranks them and numbers them 1..n (equal places share a rank): those
 * who won, quickest first; then everyone still in it (racing, lost, ended, dropped) by progress
 * (more first), then time; then those who left, by progress, then who stayed longer. Racers
 * still racing are ranked where their progress puts them, never below one who left. Within a
 * shared place (a lobby: everyone), in the order they joined, the opener first. */
void tc_race_rank(struct tc_racer *racers, int n);

/* Sets race's start (a lobby past its time has started by itself) and state at now_ms, and its
 * racers' outcomes as they stand then: a racer dropped too long, or who never came, has left,
 * and in a race over one still racing has ended. A race without a time limit is over at
 * TC_RACE_LIMIT_MAX_MS, whatever became of its racers' programs. The store reads races so; a
 * screen settles the race it read last when the store cannot be read (the database away). */
void tc_race_settle(struct tc_race *race, struct tc_racer *racers, int n, int64_t now_ms);

/* ---- the store (src/store/races.c) ---- */

/* Opens a race on game_id for opener, who is its first racer. limit_ms 0 for none. Returns the
 * race's id, -1 when opener is the opener of TC_RACE_OPEN_MAX races not over already (one
 * player's idle lobbies would push everyone else's races out of a list), or 0 when the store
 * is off or failed. */
int64_t tc_store_race_open(struct tc_store *st, const char *game, const char *game_id,
                           const char *opener, int64_t limit_ms, int64_t now_ms);

enum tc_race_join {
	TC_RACE_JOINED,  /* a racer now (or one already: coming back) */
	TC_RACE_NONE,    /* no such race */
	TC_RACE_STARTED, /* it has started: only its racers come back */
	TC_RACE_FULL,
	TC_RACE_FINISHED, /* over, or this racer finished or left it */
	TC_RACE_PLAYING,  /* the player's program is in it already (their socket is set: see
	                   * tc_live_race_probe, which callers run first) */
	TC_RACE_FAILED,   /* the store is off or failed */
};
enum tc_race_join tc_store_race_join(struct tc_store *st, int64_t id, const char *player,
                                     int64_t now_ms);

/* The opener starts the race from its lobby: play begins TC_RACE_COUNTDOWN_MS from now. Returns
 * 0, or -1 (not the opener, not in the lobby, the store failed). */
int tc_store_race_start(struct tc_store *st, int64_t id, const char *player, int64_t now_ms);

/* Race id as it stands at now_ms (a lobby past its time reads as started: start_ms set), and its racers (at most max, ranked) into racers. Returns how
 * many racers, or -1 when there is no such race. */
int tc_store_race_get(struct tc_store *st, int64_t id, int64_t now_ms, struct tc_race *race,
                      struct tc_racer *racers, int max);

/* The races not over at now_ms, newest first, at most max: how many. */
int tc_store_races(struct tc_store *st, int64_t now_ms, struct tc_race *out, int max);

/* Where player's game in race id is published (a socket's name in the live folder). */
int tc_store_race_socket(struct tc_store *st, int64_t id, const char *player, const char *socket);

/* What became of player's game in race id: outcome (anything but RACING; DROPPED sets
 * dropped_ms to now_ms), progress, time, points and recording. A racer who finished keeps their
 * finish: later calls change nothing. A racer who leaves (or drops out of) a race still in its
 * lobby is no racer of it any more: their row goes, the opener's role passes to the racer who
 * joined earliest, and a lobby everyone left is gone. Returns 0, or -1. */
int tc_store_race_finish(struct tc_store *st, int64_t id, const char *player,
                         const struct tc_racer *result, int64_t now_ms);
/* A dropped racer comes back: racing again. Returns 0, or -1 (not dropped, race over). */
int tc_store_race_back(struct tc_store *st, int64_t id, const char *player, int64_t now_ms);

/* The running race (countdown or running, not over) in which player plays game_id and has not
 * finished nor left, for `continue`: its id, or 0 when none. */
int64_t tc_store_race_of(struct tc_store *st, const char *player, const char *game_id,
                         int64_t now_ms);

/* The names the one-line listing and the screens use: "lobby", "starting", "running", "over";
 * "racing", "won", "lost", "ended", "left", "dropped". */
const char *tc_race_state_name(enum tc_race_state s);
const char *tc_racer_outcome_name(enum tc_racer_outcome o);

/* When race, as read at now_ms, next changes by itself, whatever its racers do: its lobby starts,
 * its countdown ends, a racer whose game never showed has left (TC_RACE_RETURN_MS after the
 * start), its time limit comes (TC_RACE_LIMIT_MAX_MS without one). Unix milliseconds after
 * now_ms, or 0 for never. */
int64_t tc_race_changes_at(const struct tc_race *race, int64_t now_ms);

/* The wall clock in Unix milliseconds: races' times (one clock for every racer on a host). */
int64_t tc_race_now_ms(void);

#endif
