/* `tilecade race GAME [options] [--time-limit T]`, `race --join ID` and `race --watch ID`: the
 * options a race takes, and the race opened or joined in the store that takes the scores
 * before the terminal is taken, so that what goes wrong is said on one line. */
#ifndef TILECADE_CLI_RACE_COMMAND_H
#define TILECADE_CLI_RACE_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "records.h"

/* Whether the options make a race command (or use a race's options without one): 0, or -1 with
 * the one-line usage error in err. ninja: the game named is N. */
int tc_race_check(const struct tc_options *o, bool ninja, char *err, size_t errlen);

/* Opens a race on game_id (of the game named game; o->time_limit_ms its limit) or joins
 * o->race_join, for the records' player, in the store that takes the scores, telling live
 * folder dir. Returns the race's id, or 0 with why in err (no such race, it has started, the
 * store is off). */
int64_t tc_race_enter(const struct tc_options *o, struct tc_records *records, const char *dir,
                      const char *game, const char *game_id, char *err, size_t errlen);

#endif
