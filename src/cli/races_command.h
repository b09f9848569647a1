/* `tilecade races [ID]`: the races in the store that takes the scores (tilecade/races.h), those
 * not over one a line, or one race's board. */
#ifndef TILECADE_CLI_RACES_COMMAND_H
#define TILECADE_CLI_RACES_COMMAND_H

#include <stdint.h>
#include <stdio.h>

#include "options.h"
#include "tilecade/store.h"

/* The race's number the command line names ("#N" or "N") into *id, 0 when it names none (the
 * list): returns 0, or 2 (the exit status of a usage error) with one line in err. */
int tc_races_parse(const struct tc_options *o, int64_t *id, char *err, size_t errlen);

/* Why text is not a race's number, as one line in err. */
void tc_races_bad_id(const char *text, char *err, size_t errlen);

/* How many races `races` lists at most. */
#define TC_RACES_LIST_MAX 50

/* Both read the races after the racers whose program is gone were dropped (tc_live_race_probe
 * of live folder dir; NULL: none), and tell the folder when any were. */

/* Prints st's races not over at now_ms (Unix ms), newest first, one a line: "#ID  GAME-ID
 * OPENER  N racers  STATE"; "no races" when there are none. Returns 0, or 1 with one line in
 * err when out cannot be written. */
int tc_races_list(struct tc_store *st, const char *dir, int64_t now_ms, FILE *out, char *err,
                  size_t errlen);

/* Prints race id of st as it stands at now_ms: "race #ID  GAME-ID  STATE", "start ...  limit
 * ..." (a lobby: when it starts by itself), then its board, a racer a line: rank, player,
 * outcome (waiting before the start), progress, time, score and recording (#N). Those who
 * finished or left come first in the race's order; those still in it follow unranked ("-"),
 * in the order they joined, since where they stand lives in their own programs. Returns 0, or
 * 1 with one line in err when there is no such race or out cannot be written. */
int tc_races_board(struct tc_store *st, const char *dir, int64_t id, int64_t now_ms, FILE *out,
                   char *err, size_t errlen);

#endif
