/* `tilecade GAME [options] --ghost N|best`: the recording to race, found and checked against
 * GAME and its options before the terminal is taken, so that what goes wrong is one line. */
#include "ghost_command.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arcade_policy.h"
#include "command.h"
#include "error_line.h"
#include "score_text.h"
#include "scores_view.h"
#include "tilecade/gameid.h"
#include "tilecade/store.h"

/* The first option given that shapes the game (its parameters or seed): the recording's game
 * must then be the one it asks for. */
static const char *shaping_option(const struct tc_options *o)
{
	return o->size             ? "--size"
	       : o->has_seed       ? "--seed"
	       : o->id             ? "--id"
	       : o->daily          ? "--daily"
	       : o->has_level      ? "--level"
	       : o->puzzle         ? "--puzzle"
	       : o->has_difficulty ? "--difficulty"
	       : o->has_stage      ? "--stage"
	       : o->has_mode       ? "--mode"
	       : o->has_types      ? "--types"
	       : o->has_attempts   ? "--attempts"
	                           : NULL;
}

/* The first option given that plays no game on screen, or another game than the ghost's. */
static const char *not_with_ghost(const struct tc_options *o)
{
	return o->resume     ? "--continue"
	       : o->generate ? "--generate"
	       : o->solve    ? "--solve"
	       : o->rate     ? "--rate"
	       : o->moves    ? "--moves"
	       : o->autoplay ? "--autoplay"
	       : o->swaps    ? "--swaps"
	                     : NULL;
}

/* The recording of the best row, with a recording, of the board that game and the options
 * play on: its id, or 0 when there is none (said in err). */
static int64_t best_recording(const struct tc_options *o, const struct tc_settings *settings,
                              struct tc_store *st, const struct tc_game *game, char *err,
                              size_t errlen)
{
	struct tc_params params;
	uint64_t seed;
	struct tc_board_key key;
	if (tc_cli_resolve_params(o, settings, game, &params, &seed, err, errlen) != 0)
		return 0;
	tc_records_board_of(game, params.bytes, seed, &key);
	struct tc_score top[TC_SCORES_TOP];
	int n = tc_store_top_scores(st, &key, tc_rank_of(key.game), top, TC_SCORES_TOP);
	for (int i = 0; i < n; i++)
		if (top[i].recording > 0)
			return top[i].recording;
	char title[96];
	tc_board_title(&key, false, title, sizeof title);
	snprintf(err, errlen, "no recorded game to race on the board %s", title);
	return 0;
}

/* Whether the game the options shape is the recording's (race_id): a game ID of the options'
 * parameters, with the recording's seed unless they give one. */
static bool options_fit(const struct tc_options *o, const struct tc_settings *settings,
                        const struct tc_game *game, const struct tc_params *id_params,
                        uint64_t id_seed, const char *race_id)
{
	const struct tc_game *race_game;
	struct tc_params params;
	uint64_t seed;
	char err[160], mine[TC_GAMEID_MAX];
	if (tc_gameid_parse(race_id, &race_game, &params, &seed, err, sizeof err) != 0 ||
	    race_game != game)
		return false;
	struct tc_options as = *o;
	if (!as.has_seed && !as.daily) { /* no seed asked for: not a fresh one */
		as.has_seed = true;
		as.seed = seed;
	}
	if (o->id) {
		params = *id_params;
		seed = id_seed;
	} else if (tc_cli_resolve_params(&as, settings, game, &params, &seed, err, sizeof err) !=
	           0) {
		return false;
	}
	tc_gameid_format(game, params.bytes, seed, mine, sizeof mine);
	return strcmp(mine, race_id) == 0;
}

int tc_ghost_command(const struct tc_options *o, const struct tc_settings *settings,
                     const struct tc_records *records, const struct tc_catalog_entry *entry,
                     const struct tc_game *game, const struct tc_params *params, uint64_t seed,
                     struct tc_ghost_race **to_race, struct tc_recording *recording)
{
	char err[TC_STORE_NOTICE_MAX + 64], shown[48];
	const char *other = not_with_ghost(o);
	bool best = strcmp(o->ghost, "best") == 0;
	int64_t id = 0;
	if (other)
		return tc_cli_fail(err, sizeof err, "--ghost races a game on screen; drop %s",
		                   other),
		       tc_cli_usage_error(err);
	if (!best && !tc_cli_number(o->ghost, &id)) {
		tc_sanitize(o->ghost, shown, sizeof shown);
		tc_cli_fail(err, sizeof err,
		            "--ghost must be a recording's number (#N in %s) or best, not '%.40s'",
		            tc_policy_where("tilecade scores", "ssh HOST scores"), shown);
		return tc_cli_usage_error(err);
	}
	if (best && !game) {
		if (entry)
			tc_cli_fail(err, sizeof err,
			            "--ghost best needs a board, and N's are its levels: race a "
			            "recording's number (#N in %s)",
			            tc_policy_where("tilecade scores", "ssh HOST scores"));
		else
			tc_cli_fail(err, sizeof err,
			            "--ghost best needs a game, e.g. %s 2048 --ghost best",
			            tc_policy_where("tilecade", "ssh -t HOST"));
		return tc_cli_usage_error(err);
	}
	struct tc_store *own, *st = tc_cli_open_boards(o, settings, records, &own);
	if (!st)
		return 1;
	if (best)
		id = best_recording(o, settings, st, game, err, sizeof err);
	struct tc_ghost_race *race =
	        id ? tc_ghost_race_open(st, id, recording, err, sizeof err) : NULL;
	tc_store_close(own);
	if (!race) {
		tc_cli_error(err);
		return 1;
	}
	const char *want = entry ? tc_cli_board_game(entry) : NULL;
	const char *shaping = shaping_option(o);
	/* The game raced is the stream's, its ID's first word ("2048:4x4:s1", "ninja:seed:s5"), not
	 * what the row says. */
	const char *race_id = tc_ghost_race_game_id(race);
	char race_game[24];
	snprintf(race_game, sizeof race_game, "%.*s", (int)strcspn(race_id, ": "), race_id);
	int status = -1;
	if (want && strcmp(race_game, want) != 0) {
		tc_sanitize(race_game, shown, sizeof shown);
		tc_cli_fail(err, sizeof err, "recording #%" PRId64 " is a %s game, not %s", id,
		            shown, entry->name);
		status = tc_cli_usage_error(err);
	} else if (game && shaping && !options_fit(o, settings, game, params, seed, race_id)) {
		tc_cli_fail(err, sizeof err,
		            "--ghost %s races the game %s, not the one %s asks for", o->ghost,
		            race_id, shaping);
		status = tc_cli_usage_error(err);
	}
	if (status >= 0) {
		tc_ghost_race_free(race);
		tc_recording_free(recording);
		return status;
	}
	*to_race = race;
	return -1;
}
