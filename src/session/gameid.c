/* Game IDs "GAME:PARAMS:sSEED" and the table of built-in games they name. */
#define _GNU_SOURCE /* secure_getenv */
#include "tilecade/gameid.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "tilecade/g2048.h"
#include "tilecade/match3.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

const struct tc_game *const tc_games[] = {&znumbers_game, &sudoku_game, &match3_game, &g2048_game,
                                          NULL};

const struct tc_game *tc_game_find(const char *name)
{
	for (int i = 0; tc_games[i]; i++)
		if (strcasecmp(tc_games[i]->name, name) == 0)
			return tc_games[i];
	return NULL;
}

uint64_t tc_game_seed(const struct tc_game *game, const void *params, uint64_t seed)
{
	return game->uses_seed && !game->uses_seed(params) ? 0 : seed;
}

int tc_gameid_format(const struct tc_game *game, const void *params, uint64_t seed, char *buf,
                     size_t len)
{
	char text[TC_GAMEID_MAX];
	game->format_params(params, text, sizeof text);
	return snprintf(buf, len, "%s:%s:s%" PRIu64, game->name, text,
	                tc_game_seed(game, params, seed));
}

int tc_parse_seed(const char *text, uint64_t *seed)
{
	uint64_t value = 0;
	if (!*text)
		return -1;
	for (const char *p = text; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		uint64_t digit = (uint64_t)(*p - '0');
		if (value > (UINT64_MAX - digit) / 10)
			return -1;
		value = value * 10 + digit;
	}
	*seed = value;
	return 0;
}

int tc_gameid_parse(const char *text, const struct tc_game **game, struct tc_params *params,
                    uint64_t *seed, char *err, size_t errlen)
{
	char copy[TC_GAMEID_MAX];
	if (strlen(text) >= sizeof copy) {
		snprintf(err, errlen, "game ID too long (at most %d characters)",
		         TC_GAMEID_MAX - 1);
		return -1;
	}
	strcpy(copy, text);
	char *first = strchr(copy, ':');
	char *last = strrchr(copy, ':');
	if (!first || first == last) {
		snprintf(err, errlen, "game ID '%s' is not of the form GAME:PARAMS:sSEED", text);
		return -1;
	}
	*first = *last = '\0';
	const struct tc_game *found = tc_game_find(copy);
	if (!found) {
		snprintf(err, errlen, "game ID '%s' names an unknown game '%s'", text, copy);
		return -1;
	}
	memset(params, 0, sizeof *params);
	char why[160];
	if (found->parse_params(first + 1, params->bytes, why, sizeof why) != 0) {
		snprintf(err, errlen, "game ID '%s': %s", text, why);
		return -1;
	}
	if (last[1] != 's' || tc_parse_seed(last + 2, seed) != 0) {
		snprintf(err, errlen, "game ID '%s' ends in '%s', not a seed like s12345", text,
		         last + 1);
		return -1;
	}
	*seed = tc_game_seed(found, params->bytes, *seed);
	*game = found;
	return 0;
}

#define DAILY_BASE 1000000000u

uint64_t tc_daily_seed(int64_t unix_time)
{
	time_t t = (time_t)unix_time;
	struct tm day;
	gmtime_r(&t, &day);
	return DAILY_BASE + (uint64_t)(day.tm_year + 1900) * 10000u +
	       (uint64_t)(day.tm_mon + 1) * 100u + (uint64_t)day.tm_mday;
}

void tc_daily_params(const struct tc_game *game, void *params)
{
	(game->daily_params ? game->daily_params : game->default_params)(params);
}

bool tc_daily_date(uint64_t seed, char *date, size_t len)
{
	if (seed <= DAILY_BASE || seed - DAILY_BASE > 99991231u)
		return false;
	uint64_t ymd = seed - DAILY_BASE;
	unsigned year = (unsigned)(ymd / 10000), month = (unsigned)(ymd / 100 % 100),
	         day = (unsigned)(ymd % 100);
	if (year < 1970 || month < 1 || month > 12 || day < 1 || day > 31)
		return false;
	snprintf(date, len, "%04u-%02u-%02u", year, month, day);
	return true;
}

int64_t tc_daily_now(void)
{
	/* Not for a setgid tilecade, which writes the host's shared board: a player could rank
	 * tomorrow's daily on it. */
	const char *test_now = secure_getenv("TILECADE_TEST_NOW");
	uint64_t now;
	if (test_now && tc_parse_seed(test_now, &now) == 0 && now <= INT64_MAX)
		return (int64_t)now;
	return (int64_t)time(NULL);
}
