/* Races of N: only a level every racer's program rebuilds from the race's game ID, one the
 * level browser generates from a seed ("ninja seed S", as nj_game_id names it), made playable
 * as the browser makes it. A level from a file, which other racers do not have, races no one. */
#ifndef TILECADE_TUI_RACE_NINJA_H
#define TILECADE_TUI_RACE_NINJA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/nlevel.h"

/* The game ID of the level of seed, and its name on the play screen ("seed S"). */
void tc_race_ninja_id(uint64_t seed, char *game_id, size_t id_len, char *name, size_t name_len);
/* Whether game_id is a race of N's, and then its level and name. */
bool tc_race_ninja_level(const char *game_id, struct nl_level *level, char *name, size_t name_len);

#endif
