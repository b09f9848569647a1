/* Game IDs (tc_gameid_parse, tc_parse_seed): never crash; an accepted ID formatted and parsed
 * again names the same game, parameters and seed. */
#include "fuzz.h"

#include "tilecade/gameid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	char err[160];
	const struct tc_game *game, *game2;
	struct tc_params params, params2;
	uint64_t seed, seed2;
	memset(&params, 0, sizeof params);
	if (tc_gameid_parse(text, &game, &params, &seed, err, sizeof err) == 0) {
		FUZZ_CHECK(game && game->params_size <= TC_PARAMS_MAX);
		char id[TC_GAMEID_MAX + 64];
		int n = tc_gameid_format(game, params.bytes, seed, id, sizeof id);
		FUZZ_CHECK(n > 0 && (size_t)n < sizeof id);
		memset(&params2, 0, sizeof params2);
		FUZZ_CHECK(tc_gameid_parse(id, &game2, &params2, &seed2, err, sizeof err) == 0);
		FUZZ_CHECK(game2 == game && seed2 == seed);
		FUZZ_CHECK(memcmp(params.bytes, params2.bytes, game->params_size) == 0);
		if (game->uses_seed)
			game->uses_seed(params.bytes);
	} else {
		FUZZ_CHECK(strlen(err) > 0);
	}
	tc_parse_seed(text, &seed);
	tc_game_find(text);
	free(text);
	return 0;
}
