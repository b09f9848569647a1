/* Which options go together: an option of one game given for another, two that contradict
 * each other, a level past a pack's end. Each check writes one line for the player and returns
 * -1 (exit status 2), or returns 0. */
#include "option_checks.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "tilecade/g2048.h"
#include "tilecade/match3.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

/* The first zNumbers-only option given, to name in a message; NULL when there is none. */
static const char *znumbers_option(const struct tc_options *o)
{
	return o->has_attempts ? "--attempts" : NULL;
}

/* The first option of the batch commands zNumbers and Sudoku share; NULL when there is none. */
static const char *batch_option(const struct tc_options *o)
{
	return o->generate ? "--generate" : o->solve ? "--solve" : o->has_count ? "--count" : NULL;
}

/* The first Sudoku-only option given; NULL when there is none. */
static const char *sudoku_option(const struct tc_options *o)
{
	return o->rate             ? "--rate"
	       : o->puzzle         ? "--puzzle"
	       : o->has_difficulty ? "--difficulty"
	       : o->has_stage      ? "--stage"
	                           : NULL;
}

/* The first ninja-only option given; NULL when there is none. */
const char *tc_cli_ninja_option(const struct tc_options *o)
{
	return o->parse      ? "--parse"
	       : o->check    ? "--check"
	       : o->playable ? "--playable"
	       : o->replay   ? "--replay"
	       : o->headless ? "--headless"
	                     : NULL;
}

static bool is_game(const char *game, const struct tc_game *which)
{
	return game && strcasecmp(game, which->name) == 0;
}

/* The first match3-only option given; NULL when there is none. */
static const char *match3_option(const struct tc_options *o)
{
	return o->has_mode ? "--mode" : o->has_types ? "--types" : o->swaps ? "--swaps" : NULL;
}

/* The levels --level picks from in `game` and what they are called; 0 for a game without. */
static int levels_of(const char *game, const char **levels)
{
	if (is_game(game, &znumbers_game))
		return *levels = "the original pack", ZN_PACK_SIZE;
	if (is_game(game, &sudoku_game))
		return *levels = "the campaign", SDK_LEVELS;
	if (is_game(game, &match3_game))
		return *levels = "the goals pack", m3_pack_size();
	return 0;
}

/* --level K of `game`: a game with levels, K one of them, said with the game's own range. */
static int check_level(const struct tc_options *o, const char *game, char *err, size_t errlen)
{
	const char *levels;
	int count = levels_of(game, &levels);
	if (count == 0)
		return tc_cli_fail(err, errlen,
		                   "--level is only for znumbers, match3 and sudoku, not %s", game);
	if (o->level < 1 || o->level > count)
		return tc_cli_fail(err, errlen, "--level must be a level of %s, 1 to %d, not '%s'",
		                   levels, count, o->level_text);
	return 0;
}

/* The checks of match3's own options (--level, --generate and --count are shared). */
int tc_cli_check_match3(const struct tc_options *o, const char *game, char *err, size_t errlen)
{
	const char *m3 = match3_option(o);
	if (m3 && !is_game(game, &match3_game))
		return tc_cli_fail(err, errlen, "%s is only for match3%s%s", m3,
		                   game ? ", not " : ": tilecade match3 ", game ? game : m3);
	if (o->has_level && !game)
		return tc_cli_fail(err, errlen,
		                   "--level needs a game: tilecade znumbers --level K, tilecade "
		                   "match3 --level K or tilecade sudoku --level K");
	if (o->has_level && check_level(o, game, err, errlen) != 0)
		return -1;
	if (!is_game(game, &match3_game))
		return 0;
	if (o->solve)
		return tc_cli_fail(err, errlen, "--solve is not for match3; see --swaps");
	if (o->has_level && o->has_mode && o->mode != M3_GOALS)
		return tc_cli_fail(err, errlen, "--level picks a goals level; drop --mode");
	bool goals = o->has_level || (o->has_mode && o->mode == M3_GOALS);
	if (goals && (o->size || o->has_types || o->generate))
		return tc_cli_fail(err, errlen, "a goals level sets its own field; drop %s",
		                   o->size        ? "--size"
		                   : o->has_types ? "--types"
		                                  : "--generate");
	if (o->swaps && (o->generate || o->size || o->has_seed || o->has_types || o->has_mode ||
	                 o->id || o->has_count || o->has_level || o->daily))
		return tc_cli_fail(err, errlen,
		                   "--swaps reads its field from standard input and takes no %s",
		                   o->generate    ? "--generate"
		                   : o->size      ? "--size"
		                   : o->has_seed  ? "--seed"
		                   : o->id        ? "--id"
		                   : o->has_count ? "--count"
		                   : o->has_types ? "--types"
		                   : o->has_level ? "--level"
		                   : o->daily     ? "--daily"
		                                  : "--mode");
	if (o->id && (o->has_mode || o->has_types))
		return tc_cli_fail(err, errlen,
		                   "--id already sets the game's parameters and seed; drop %s",
		                   o->has_mode ? "--mode" : "--types");
	return 0;
}

/* 2048's --autoplay and the options that only go with it. */
static int check_autoplay(const struct tc_options *o, const char *game, char *err, size_t errlen)
{
	if ((o->has_games || o->has_depth) && !o->autoplay)
		return tc_cli_fail(err, errlen, "%s needs --autoplay: tilecade 2048 --autoplay %s",
		                   o->has_games ? "--games" : "--depth",
		                   o->has_games ? "--games K" : "--depth D");
	if (!o->autoplay)
		return 0;
	if (!game)
		return tc_cli_fail(err, errlen,
		                   "--autoplay needs a game: tilecade 2048 --autoplay");
	if (!is_game(game, &g2048_game))
		return tc_cli_fail(err, errlen, "--autoplay is only for 2048, not %s", game);
	if (o->moves)
		return tc_cli_fail(err, errlen, "--autoplay and --moves do not go together");
	if (o->daily || o->resume)
		return tc_cli_fail(err, errlen, "--autoplay plays new games; drop %s",
		                   o->daily ? "--daily" : "--continue");
	return 0;
}

/* The first option given that sets the game's parameters or seed, which --daily sets the same
 * for everyone, whatever the game; NULL when there is none. */
static const char *daily_overridden_option(const struct tc_options *o)
{
	return o->size             ? "--size"
	       : o->has_seed       ? "--seed"
	       : o->id             ? "--id"
	       : o->has_level      ? "--level"
	       : o->has_attempts   ? "--attempts"
	       : o->has_mode       ? "--mode"
	       : o->has_types      ? "--types"
	       : o->has_difficulty ? "--difficulty"
	       : o->has_stage      ? "--stage"
	       : o->puzzle         ? "--puzzle"
	                           : NULL;
}

/* One message for options that do not fit the game or each other. `game` is the name typed or
 * the game of --id; NULL without either. */
int tc_cli_check_combinations(const struct tc_options *o, const char *game, char *err,
                              size_t errlen)
{
	if (o->resume && (game || o->generate || o->solve || o->rate || o->daily || o->moves))
		return tc_cli_fail(err, errlen, "--continue resumes the saved game; drop %s",
		                   game       ? game
		                   : o->daily ? "--daily"
		                              : "the other command");
	if (o->daily && !game)
		return tc_cli_fail(err, errlen,
		                   "--daily needs a game, e.g. tilecade znumbers --daily");
	if (o->daily && (o->generate || o->solve || o->rate || o->moves))
		return tc_cli_fail(err, errlen, "--daily plays today's puzzle; it takes no %s",
		                   o->generate ? "--generate"
		                   : o->solve  ? "--solve"
		                   : o->rate   ? "--rate"
		                               : "--moves");
	if (o->daily && daily_overridden_option(o))
		return tc_cli_fail(err, errlen,
		                   "--daily plays today's puzzle as everyone does; drop %s",
		                   daily_overridden_option(o));
	const char *zn = znumbers_option(o);
	if (zn && !game)
		return tc_cli_fail(err, errlen, "%s is only for znumbers: tilecade znumbers %s", zn,
		                   zn);
	if (zn && strcasecmp(game, znumbers_game.name) != 0)
		return tc_cli_fail(err, errlen, "%s is only for znumbers, not %s", zn, game);
	if (tc_cli_check_match3(o, game, err, errlen) != 0)
		return -1;
	const char *shared = batch_option(o);
	if (shared && !game)
		return tc_cli_fail(err, errlen,
		                   "%s needs a game: tilecade znumbers %s or tilecade sudoku %s",
		                   shared, shared, shared);
	if (shared && !is_game(game, &znumbers_game) && !is_game(game, &sudoku_game) &&
	    !is_game(game, &match3_game))
		return tc_cli_fail(err, errlen, "%s is only for znumbers and sudoku, not %s",
		                   shared, game);
	const char *sdk = sudoku_option(o);
	if (sdk && !game)
		return tc_cli_fail(err, errlen, "%s is only for sudoku: tilecade sudoku %s", sdk,
		                   sdk);
	if (sdk && !is_game(game, &sudoku_game))
		return tc_cli_fail(err, errlen, "%s is only for sudoku, not %s", sdk, game);
	if (check_autoplay(o, game, err, errlen) != 0)
		return -1;
	if (o->size && is_game(game, &sudoku_game))
		return tc_cli_fail(err, errlen, "--size is not for sudoku: its grid is always 9x9");
	if (!game && (o->size || o->has_seed || o->moves))
		return tc_cli_fail(
		        err, errlen,
		        "--size, --seed and --moves need a game, e.g. tilecade 2048 --seed 1");
	if (o->moves && strcasecmp(game, g2048_game.name) != 0)
		return tc_cli_fail(err, errlen, "--moves is only for 2048");
	if (o->generate + o->solve + o->rate > 1)
		return tc_cli_fail(err, errlen, "%s and %s do not go together",
		                   o->generate ? "--generate" : "--solve",
		                   o->rate ? "--rate" : "--solve");
	const char *batch = o->generate ? "--generate"
	                    : o->solve  ? "--solve"
	                    : o->rate   ? "--rate"
	                                : NULL;
	const char *play = o->has_level ? "--level" : o->id ? "--id" : NULL;
	if (batch && play)
		return tc_cli_fail(err, errlen, "%s and %s do not go together", batch, play);
	if (o->solve || o->rate) {
		const char *other = o->size             ? "--size"
		                    : o->has_seed       ? "--seed"
		                    : o->has_attempts   ? "--attempts"
		                    : o->has_count      ? "--count"
		                    : o->has_difficulty ? "--difficulty"
		                                        : NULL;
		if (other)
			return tc_cli_fail(
			        err, errlen, "%s reads its %s from standard input and takes no %s",
			        o->solve ? "--solve" : "--rate",
			        is_game(game, &sudoku_game) ? "puzzles" : "levels", other);
	}
	if (o->has_count && !o->generate)
		return tc_cli_fail(err, errlen, "--count needs --generate");
	if (o->puzzle &&
	    (o->has_seed || o->has_difficulty || o->id || o->daily || o->has_level || batch))
		return tc_cli_fail(err, errlen, "--puzzle plays that puzzle; drop %s",
		                   o->has_seed         ? "--seed"
		                   : o->has_difficulty ? "--difficulty"
		                   : o->id             ? "--id"
		                   : o->has_level      ? "--level"
		                   : o->daily          ? "--daily"
		                                       : batch);
	const char *param = o->size             ? "--size"
	                    : o->has_seed       ? "--seed"
	                    : o->has_attempts   ? "--attempts"
	                    : o->has_difficulty ? "--difficulty"
	                    : o->has_stage      ? "--stage"
	                                        : NULL;
	if (o->id && (param || o->has_level))
		return tc_cli_fail(err, errlen,
		                   "--id already sets the game's parameters and seed; drop %s",
		                   param ? param : "--level");
	if (o->has_level && param && !is_game(game, &match3_game))
		return tc_cli_fail(err, errlen, "--level picks a level of the %s; drop %s",
		                   is_game(game, &sudoku_game) ? "campaign" : "original pack",
		                   param);
	return 0;
}

const char *tc_cli_game_option(const struct tc_options *o)
{
	const char *game_option = o->size        ? "--size"
	                          : o->has_seed  ? "--seed"
	                          : o->id        ? "--id"
	                          : o->moves     ? "--moves"
	                          : o->has_count ? "--count"
	                          : o->generate  ? "--generate"
	                          : o->solve     ? "--solve"
	                          : o->daily     ? "--daily"
	                          : o->resume    ? "--continue"
	                          : o->ghost     ? "--ghost"
	                          : o->no_anim   ? "--no-anim"
	                          : o->has_theme ? "--theme"
	                          : o->autoplay  ? "--autoplay"
	                          : o->has_games ? "--games"
	                          : o->has_depth ? "--depth"
	                                         : NULL;
	if (game_option)
		return game_option;
	if (znumbers_option(o))
		return znumbers_option(o);
	if (match3_option(o))
		return match3_option(o);
	return tc_cli_ninja_option(o) ? tc_cli_ninja_option(o) : sudoku_option(o);
}
