/* N's levels of races. */
#include "race_ninja.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tilecade/gameid.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/rng.h"

void tc_race_ninja_id(uint64_t seed, char *game_id, size_t id_len, char *name, size_t name_len)
{
	snprintf(name, name_len, "seed %" PRIu64, seed);
	/* nj_game_id names a level by its seed without looking at the level. */
	static const struct nl_level unused;
	nj_game_id(&unused, name, game_id, id_len);
}

bool tc_race_ninja_level(const char *game_id, struct nl_level *level, char *name, size_t name_len)
{
	static const char prefix[] = "ninja seed ";
	uint64_t seed;
	if (strncmp(game_id, prefix, sizeof prefix - 1) != 0 ||
	    tc_parse_seed(game_id + sizeof prefix - 1, &seed) != 0)
		return false;
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, NL_RNG_STREAM); /* as the level browser and --generate --seed */
	nl_generate_playable(&rng, level);
	snprintf(name, name_len, "seed %" PRIu64, seed);
	return true;
}
