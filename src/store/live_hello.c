/* The hello line a watcher is sent first: "tilecade-live 1", then the player, the game ID, the
 * moves, the elapsed milliseconds, the watchers, the best score, 1 when the game is over and
 * the events of the stream so far (sent right after it), and for a game in a race the race's
 * ID, tab-separated, ending with a newline. A hello without the last fields (an earlier
 * program's) is a game still played, whose events are all news, in no race; the race is sent
 * only for a game in one, so that earlier programs still read every other game's hello. */
#include "tilecade/live_net.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HELLO_MAGIC "tilecade-live 1\t"
/* A hello's texts and room for its numbers and tabs. */
#define HELLO_MAX (sizeof HELLO_MAGIC + TC_LIVE_PLAYER_MAX + TC_GAMEID_MAX + 128)
/* The longest a game may have been played, as a hello says: more is no game's (it would show
 * as a time of millions of hours). */
#define ELAPSED_MAX_MS (100ULL * 24 * 3600 * 1000)

/* Tabs and newlines would break the line: they become spaces. */
static void field(const char *in, char *out, size_t len)
{
	size_t i = 0;
	for (; in[i] && i + 1 < len; i++)
		out[i] = in[i] == '\t' || in[i] == '\n' ? ' ' : in[i];
	out[i] = '\0';
}

size_t tc_live_hello_encode(const struct tc_live_hello *h, char *buf, size_t len)
{
	char player[TC_LIVE_PLAYER_MAX], id[TC_GAMEID_MAX];
	field(h->player, player, sizeof player);
	field(h->game_id, id, sizeof id);
	char race[24] = "";
	if (h->race > 0)
		snprintf(race, sizeof race, "\t%" PRId64, h->race);
	int n = snprintf(buf, len,
	                 HELLO_MAGIC "%s\t%s\t%u\t%" PRIu64 "\t%u\t%" PRIu64 "\t%d\t%u%s\n",
	                 player, id, h->moves, h->elapsed_ms, h->watchers,
	                 h->best > 0 ? (uint64_t)h->best : 0, h->over ? 1 : 0, h->events, race);
	return n > 0 && (size_t)n < len ? (size_t)n : 0;
}

/* Copies the text up to the next tab into out; false when there is none, it is too long or it
 * holds a NUL byte (which no hello writes: "ann\0x" would read as "ann"). */
static bool take_field(const char **at, const char *end, char *out, size_t len)
{
	const char *tab = memchr(*at, '\t', (size_t)(end - *at));
	if (!tab || (size_t)(tab - *at) >= len || memchr(*at, '\0', (size_t)(tab - *at)))
		return false;
	memcpy(out, *at, (size_t)(tab - *at));
	out[tab - *at] = '\0';
	*at = tab + 1;
	return true;
}

static bool take_number(const char **at, const char *end, char stop, uint64_t *value)
{
	char text[24];
	const char *sep = memchr(*at, stop, (size_t)(end - *at));
	if (!sep || sep == *at || (size_t)(sep - *at) >= sizeof text)
		return false;
	memcpy(text, *at, (size_t)(sep - *at));
	text[sep - *at] = '\0';
	char *rest;
	if (text[0] < '0' || text[0] > '9')
		return false;
	*value = strtoull(text, &rest, 10);
	*at = sep + 1;
	return *rest == '\0';
}

/* The last fields: the best score, then, from later programs, over and the events, then the
 * race. */
static bool take_tail(const char **at, const char *end, uint64_t *best, uint64_t *over,
                      uint64_t *events, uint64_t *race)
{
	uint64_t *field[] = {best, over, events, race};
	for (int i = 0; i < 4; i++) {
		bool last = i == 3 || !memchr(*at, '\t', (size_t)(end - *at));
		if (!take_number(at, end, last ? '\n' : '\t', field[i]))
			return false;
		if (last)
			return true;
	}
	return true;
}

int tc_live_hello_decode(const unsigned char *buf, size_t len, struct tc_live_hello *h,
                         size_t *used)
{
	size_t magic = sizeof HELLO_MAGIC - 1;
	if (memcmp(buf, HELLO_MAGIC, len < magic ? len : magic) != 0)
		return -1;
	const char *start = (const char *)buf;
	const char *nl = memchr(start, '\n', len);
	if (!nl)
		return len >= HELLO_MAX ? -1 : 0;
	const char *at = start + magic, *end = nl + 1;
	uint64_t moves, elapsed, watchers, best, over = 0, events = 0, race = 0;
	memset(h, 0, sizeof *h);
	if (!take_field(&at, end, h->player, sizeof h->player) ||
	    !take_field(&at, end, h->game_id, sizeof h->game_id) ||
	    !take_number(&at, end, '\t', &moves) || !take_number(&at, end, '\t', &elapsed) ||
	    !take_number(&at, end, '\t', &watchers) ||
	    !take_tail(&at, end, &best, &over, &events, &race) || over > 1 || moves > UINT32_MAX ||
	    elapsed > ELAPSED_MAX_MS || watchers > UINT32_MAX || best > INT64_MAX ||
	    events > UINT32_MAX || race > INT64_MAX)
		return -1;
	h->moves = (unsigned)moves;
	h->elapsed_ms = elapsed;
	h->watchers = (unsigned)watchers;
	h->best = (int64_t)best;
	h->over = over == 1;
	h->events = (unsigned)events;
	h->race = (int64_t)race;
	*used = (size_t)(end - start);
	return 1;
}
