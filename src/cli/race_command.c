/* The race command. */
#include "race_command.h"

#include <inttypes.h>
#include <stdio.h>

#include "arcade_policy.h"
#include "command.h"
#include "option_checks.h"
#include "race_news.h"
#include "tilecade/live_net.h"
#include "tilecade/races.h"

/* The first option that plays no game: a race plays one. */
static const char *batch_option(const struct tc_options *o)
{
	return o->generate    ? "--generate"
	       : o->solve     ? "--solve"
	       : o->rate      ? "--rate"
	       : o->moves     ? "--moves"
	       : o->swaps     ? "--swaps"
	       : o->parse     ? "--parse"
	       : o->check     ? "--check"
	       : o->playable  ? "--playable"
	       : o->replay    ? "--replay"
	       : o->headless  ? "--headless"
	       : o->autoplay  ? "--autoplay"
	       : o->has_games ? "--games"
	       : o->has_depth ? "--depth"
	       : o->resume    ? "--continue"
	                      : NULL;
}

/* The first option that picks a game, which joining or watching takes from the race. */
static const char *game_option(const struct tc_options *o)
{
	struct tc_options rest = *o;
	rest.no_anim = rest.has_theme = false; /* the screen's own */
	if (o->time_limit_ms)
		return "--time-limit";
	return o->has_level ? "--level" : tc_cli_game_option(&rest);
}

int tc_race_check(const struct tc_options *o, bool ninja, char *err, size_t errlen)
{
	const char *race_only = o->race_join       ? "--join"
	                        : o->race_watch    ? "--watch"
	                        : o->time_limit_ms ? "--time-limit"
	                                           : NULL;
	if (!o->race && race_only)
		return tc_cli_fail(err, errlen, "%s is only for race: %s %s %s", race_only,
		                   tc_policy_where("tilecade race", "ssh -t HOST race"),
		                   o->time_limit_ms ? "GAME" : race_only,
		                   o->time_limit_ms ? "--time-limit T" : "ID");
	if (!o->race)
		return 0;
	const char *how = tc_policy_where("tilecade race", "ssh -t HOST race");
	const char *batch = batch_option(o);
	if (batch)
		return tc_cli_fail(err, errlen, "a race plays one game; drop %s", batch);
	if (o->ghost)
		return tc_cli_fail(err, errlen,
		                   "a race is run against its racers, not a ghost; drop --ghost");
	/* Each refusal names the option refused. */
	const char *joins = o->race_join ? "--join" : o->race_watch ? "--watch" : NULL;
	if (o->race_join && o->race_watch)
		return tc_cli_fail(err, errlen, "--join and --watch do not go together");
	if (joins && o->game)
		return tc_cli_fail(err, errlen, "race %s opens a race of its own; drop %s", o->game,
		                   joins);
	if (joins) {
		const char *other = o->id ? "--id" : game_option(o);
		if (other)
			return tc_cli_fail(err, errlen,
			                   "%s plays the race's game as it was opened; drop %s",
			                   joins, other);
		return 0;
	}
	if (!o->game && !o->id) {
		struct tc_options rest = *o;
		rest.time_limit_ms = 0; /* the game may come after it */
		const char *other = game_option(&rest);
		if (other)
			return tc_cli_fail(err, errlen, "%s needs a game: %s 2048 %s", other, how,
			                   other);
		return tc_cli_fail(
		        err, errlen,
		        "race needs a game, --join ID or --watch ID: %s 2048, %s --join 12", how,
		        how);
	}
	if (ninja) {
		if (o->has_seed && o->id)
			return tc_cli_fail(err, errlen,
			                   "--id %s names its level's seed: drop --seed", o->id);
		struct tc_options rest = *o;
		rest.has_seed = rest.no_anim = rest.has_theme = false;
		rest.id = NULL; /* N's game ID names the seed (the race checks it) */
		rest.time_limit_ms = 0;
		const char *other = game_option(&rest);
		if (other)
			return tc_cli_fail(
			        err, errlen,
			        "a race of ninja plays a level generated from a seed: it "
			        "takes --seed S or --id ninja:seed:sS, not %s",
			        other);
	}
	return 0;
}

int64_t tc_race_enter(const struct tc_options *o, struct tc_records *records, const char *dir,
                      const char *game, const char *game_id, char *err, size_t errlen)
{
	struct tc_store *st = tc_records_scores(records);
	int64_t now = tc_race_now_ms();
	if (tc_store_away(st)) /* what waits on this machine is beside the point */
		return tc_cli_fail(err, errlen, "races need the database, and it cannot be reached"),
		       0;
	if (!tc_store_ok(st))
		return tc_cli_fail(err, errlen, "races need a scoreboard, and it is off: %s",
		                   *records->notice ? records->notice : "see the README"),
		       0;
	int64_t id = o->race_join ? o->race_join : o->race_watch;
	if (o->race_watch) {
		static struct tc_racer racers[TC_RACE_RACERS_MAX];
		struct tc_race race;
		if (tc_store_race_get(st, id, now, &race, racers, TC_RACE_RACERS_MAX) < 0)
			return tc_cli_fail(err, errlen, "there is no race #%" PRId64, id), 0;
		return id;
	}
	if (o->race_join)
		return tc_race_join_as(st, dir, id, records->player, err, errlen) == 0 ? id : 0;
	return tc_race_open_as(st, dir, game, game_id, records->player, o->time_limit_ms, err,
	                       errlen);
}
