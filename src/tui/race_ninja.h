/* Races of N: only a level every racer's program rebuilds from the race's game ID, one the
 * level browser generates from a seed ("ninja:seed:sS", as nj_game_id names it, rebuilt by
 * nj_game_id_level). A level from a file, which other racers do not have, races no one. */
#ifndef TILECADE_TUI_RACE_NINJA_H
#define TILECADE_TUI_RACE_NINJA_H

#include <stddef.h>
#include <stdint.h>

/* The game ID of the level of seed, and its name on the play screen ("seed S"). */
void tc_race_ninja_id(uint64_t seed, char *game_id, size_t id_len, char *name, size_t name_len);
/* The game ID of a generated level by its name ("seed S", "any seed S"), as its save's summary
 * names it: the ID its race was opened with. */
void tc_race_ninja_id_of_name(const char *name, char *game_id, size_t id_len);

#endif
