/* Game IDs: "GAME:PARAMS:sSEED", e.g. "2048:4x4:s12345". The same ID gives the same game on
 * every machine and build. */
#ifndef TILECADE_GAMEID_H
#define TILECADE_GAMEID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"

#define TC_GAMEID_MAX 128 /* room for a Sudoku puzzle of the player's own */

/* Every game built into this program, and NULL-terminated. */
extern const struct tc_game *const tc_games[];

/* The game of this name (case-insensitive), or NULL. */
const struct tc_game *tc_game_find(const char *name);

/* The seed a game is played with: a game whose parameters use none (a level of a pack) plays
 * seed 0, whatever seed it is given, so that one game has one ID. */
uint64_t tc_game_seed(const struct tc_game *game, const void *params, uint64_t seed);

/* Writes the game ID ("2048:4x4:s12345"), one form for one game: its seed is tc_game_seed's.
 * Returns what snprintf returns. */
int tc_gameid_format(const struct tc_game *game, const void *params, uint64_t seed, char *buf,
                     size_t len);

/* Parses an ID; on success fills game, params and seed and returns 0, otherwise returns -1 with
 * a one-line explanation in err. A level's ID with a seed other than 0 (as IDs were written
 * before levels were fixed) names the level: its seed is read as tc_game_seed's 0, so that the
 * ID formatted again is the one the game is shown under. */
int tc_gameid_parse(const char *text, const struct tc_game **game, struct tc_params *params,
                    uint64_t *seed, char *err, size_t errlen);

/* Parses a seed: a decimal number up to 2^64-1. Returns 0 or -1. */
int tc_parse_seed(const char *text, uint64_t *seed);

/* The daily puzzle: every player gets the same game on one UTC date. Its seed is
 * 1000000000 + YYYYMMDD, ten digits, so that no fresh seed (nine digits at most) is taken for
 * one. */
uint64_t tc_daily_seed(int64_t unix_time);
/* The daily puzzle's parameters of a game (its daily_params, else its defaults). */
void tc_daily_params(const struct tc_game *game, void *params);
/* Whether a seed is a daily one, and then its date as "YYYY-MM-DD". */
bool tc_daily_date(uint64_t seed, char *date, size_t len);
/* Now, in seconds since 1970, for the daily puzzles: which one is today's, whether a daily ends
 * on its own day. The wall clock, or TILECADE_TEST_NOW (seconds) when set: only tests set it,
 * to play a given day whatever the real date (a setgid tilecade ignores it). */
int64_t tc_daily_now(void);

/* A random seed for a new game (nine digits at most, so that IDs stay easy to share). */
uint64_t tc_fresh_seed(void);

#endif
