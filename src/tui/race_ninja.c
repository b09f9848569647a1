/* N's levels of races. */
#include "race_ninja.h"

#include <inttypes.h>
#include <stdio.h>

#include "tilecade/ninja_stream.h"

void tc_race_ninja_id(uint64_t seed, char *game_id, size_t id_len, char *name, size_t name_len)
{
	snprintf(name, name_len, "seed %" PRIu64, seed);
	tc_race_ninja_id_of_name(name, game_id, id_len);
}

void tc_race_ninja_id_of_name(const char *name, char *game_id, size_t id_len)
{
	/* nj_game_id names a level by its seed without looking at the level. */
	static const struct nl_level unused;
	nj_game_id(&unused, name, game_id, id_len);
}
