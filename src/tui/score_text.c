/* The words and columns of score tables, shared by the score screen and the command line. */
#ifndef _XOPEN_SOURCE     /* curses' flags may have set it already */
#define _XOPEN_SOURCE 700 /* wcwidth, localtime_r */
#endif
#include "score_text.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "ninja_records.h"
#include "tilecade/gameid.h"

#define BOARDS_LIMIT 65536 /* a daily board a day for each game, for over a century */

/* tc_store_boards says how many it gave, not how many there are: ask for more until it gives
 * fewer than asked. */
int tc_read_boards(struct tc_store *st, struct tc_board_key **boards)
{
	*boards = NULL;
	if (!st || !tc_store_ok(st))
		return 0;
	int count = 0;
	for (int cap = 64; cap <= BOARDS_LIMIT; cap *= 2) {
		struct tc_board_key *more = realloc(*boards, (size_t)cap * sizeof *more);
		if (!more)
			break; /* out of memory: what fitted before */
		*boards = more;
		int n = tc_store_boards(st, more, cap);
		count = n < 0 ? 0 : n > cap ? cap : n;
		if (n < cap)
			break;
	}
	if (count == 0) {
		free(*boards);
		*boards = NULL;
	}
	return count;
}

/* A pack level is stored as "level3" so that it sorts as text; people read "level 3". Another
 * pack level (Match-3's "goals-level4") reads as its parameters, as a random game's do. */
static void describe_level(const struct tc_board_key *board, char *out, size_t len)
{
	char mode[sizeof board->mode], level[sizeof board->level];
	tc_sanitize(board->mode, mode, sizeof mode);
	tc_sanitize(board->level, level, sizeof level);
	const char *digits = level + strlen("level");
	if (strcmp(mode, "pack") == 0 && strncmp(level, "level", strlen("level")) == 0 && *digits &&
	    strspn(digits, "0123456789") == strlen(digits))
		snprintf(out, len, "level %s", digits);
	else if (strcmp(mode, "random") == 0 || strcmp(mode, "pack") == 0 || !*mode)
		snprintf(out, len, "%s", level);
	else if (!*level)
		snprintf(out, len, "%s", mode);
	else
		snprintf(out, len, "%s %s", mode, level);
}

/* The game's name as the menu shows it: N, no session game, has its boards under its own. */
static const char *game_title(const char *name)
{
	const struct tc_game *game = tc_game_find(name);
	return game ? game->title : strcmp(name, TC_NJ_GAME) == 0 ? TC_NJ_TITLE : name;
}

void tc_board_title(const struct tc_board_key *board, bool unicode, char *out, size_t len)
{
	char title[sizeof board->game], level[sizeof board->mode + sizeof board->level + 8];
	tc_sanitize(game_title(board->game), title, sizeof title);
	describe_level(board, level, sizeof level);
	if (*level)
		snprintf(out, len, "%s%s%s", title, unicode ? " · " : " - ", level);
	else
		snprintf(out, len, "%s", title);
}

void tc_score_result(const struct tc_score *s, enum tc_rank_by by, char *out, size_t len)
{
	if (by == TC_RANK_POINTS) {
		snprintf(out, len, "%" PRId64, s->points);
		return;
	}
	tc_score_time(s->time_ms, out, len);
}

void tc_score_time(int64_t ms, char *out, size_t len)
{
	if (ms < 0)
		ms = 0;
	snprintf(out, len, "%" PRId64 ":%02d.%d", ms / 60000, (int)(ms / 1000 % 60),
	         (int)(ms / 100 % 10));
}

const char *tc_score_result_heading(enum tc_rank_by by)
{
	return by == TC_RANK_POINTS ? "Score" : "Time";
}

/* Whether the score's game could have been won at all: its game ID says its game and mode. An
 * ID that does not read (a damaged row) is taken at its word: it could. */
static bool could_win(const struct tc_score *s)
{
	const struct tc_game *game;
	struct tc_params params;
	uint64_t seed;
	char err[160];
	return tc_gameid_parse(s->game_id, &game, &params, &seed, err, sizeof err) != 0 ||
	       !game->can_win || game->can_win(params.bytes);
}

bool tc_score_lost(const struct tc_score *s)
{
	return s->lost && could_win(s);
}

const char *tc_score_end(const struct tc_score *s)
{
	return !s->lost ? "won" : could_win(s) ? "lost" : "ended";
}

void tc_score_date(int64_t unix_time, char *out, size_t len)
{
	time_t t = (time_t)unix_time;
	struct tm tm;
	/* A date from a damaged or hostile database may be anything; show only 1970 to 9999. */
	if (unix_time < 0 || (int64_t)t != unix_time || !localtime_r(&t, &tm) ||
	    tm.tm_year > 9999 - 1900) {
		snprintf(out, len, "-");
		return;
	}
	strftime(out, len, "%Y-%m-%d", &tm);
}

/* The next code point of valid UTF-8 (sanitised text) and its length. */
static size_t next_code_point(const unsigned char *p, wchar_t *cp)
{
	size_t n = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
	uint32_t value = n == 1 ? *p : *p & (0x7F >> n);
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return i; /* not valid after all: take what is there as one column */
		value = value << 6 | (p[i] & 0x3F);
	}
	*cp = (wchar_t)value;
	return n;
}

static int columns_of(wchar_t cp)
{
	int w = wcwidth(cp);
	return w < 0 ? 1 : w;
}

int tc_text_columns(const char *text)
{
	int columns = 0;
	const unsigned char *p = (const unsigned char *)text;
	while (*p) {
		wchar_t cp = L'?';
		p += next_code_point(p, &cp);
		columns += columns_of(cp);
	}
	return columns;
}

int tc_fit_columns(const char *text, int max_columns, char *out, size_t len)
{
	if (len == 0)
		return 0;
	int columns = 0;
	size_t used = 0;
	const unsigned char *p = (const unsigned char *)text;
	while (*p) {
		wchar_t cp = L'?';
		size_t n = next_code_point(p, &cp);
		int w = columns_of(cp);
		if (columns + w > max_columns || used + n > len - 1)
			break;
		memcpy(out + used, p, n);
		used += n;
		columns += w;
		p += n;
	}
	out[used] = '\0';
	return columns;
}
