/* A session as bytes, for the store: the game, its parameters and seed, the whole history with
 * its redo chain, the position in it, the clock, a word of marks and counts (keep-going in bit
 * 0, the assisted marks in bits 1-3, the clock's end in bit 4, started as the daily in bit 5,
 * the hints in bits 8-31; bits 32-63 held a count of the solution's moves, now unused and ignored; so that older saves, whose
 * bit 1 was 2048's autoplay, read as they were) and the best score. The positions hints were
 * given for are not kept: after a Continue, a hint asked again for one of them counts again.
 * Numbers are written little-endian whatever the machine; snapshots are the game's flat state,
 * checked by the game when read back, so that a damaged save is refused rather than played. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_internal.h"
#include "tilecade/gameid.h"

#define MAGIC "tcsave1"
#define MAGIC_STEM_LEN 6 /* "tcsave": a save of tilecade's, of some version */
#define NAME_LEN 16

/* The word of marks and counts. */
#define ASSIST_SHIFT 1
#define ASSIST_BITS 0x7u
#define HINTS_SHIFT 8
#define HINTS_MAX 0xFFFFFFu
#define TIMED_OUT_BIT 0x10u
#define DAILY_BIT 0x20u
#define UNKNOWN_BITS 0xC0u /* no version writes them yet */

struct writer {
	unsigned char *p;
};

static void put(struct writer *w, const void *data, size_t n)
{
	memcpy(w->p, data, n);
	w->p += n;
}

static void put_u64(struct writer *w, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		*w->p++ = (unsigned char)(v >> (8 * i));
}

struct reader {
	const unsigned char *p, *end;
	bool bad;
};

static const unsigned char *take(struct reader *r, size_t n)
{
	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		return NULL;
	}
	const unsigned char *at = r->p;
	r->p += n;
	return at;
}

static uint64_t take_u64(struct reader *r)
{
	const unsigned char *b = take(r, 8);
	uint64_t v = 0;
	for (int i = 0; b && i < 8; i++)
		v |= (uint64_t)b[i] << (8 * i);
	return v;
}

/* Everything before the snapshots. */
#define HEADER_LEN (sizeof MAGIC + NAME_LEN + 8 * 2 + TC_PARAMS_MAX + 8 * 6)

void *tc_session_save(const struct tc_session *s, size_t *len)
{
	size_t size = s->game->state_size, snapshots = s->count + 1;
	*len = HEADER_LEN + snapshots * size;
	unsigned char *blob = calloc(1, *len);
	if (!blob)
		return NULL;
	struct writer w = {blob};
	put(&w, MAGIC, sizeof MAGIC);
	char name[NAME_LEN] = {0};
	strncpy(name, s->game->name, NAME_LEN - 1);
	put(&w, name, NAME_LEN);
	put_u64(&w, size);
	put_u64(&w, s->game->params_size);
	put(&w, s->params.bytes, TC_PARAMS_MAX);
	put_u64(&w, s->seed);
	put_u64(&w, s->count);
	put_u64(&w, s->current);
	put_u64(&w, tc_session_elapsed_ms(s));
	put_u64(&w, (uint64_t)s->keep_going | (uint64_t)(s->assisted & ASSIST_BITS) << ASSIST_SHIFT |
	                    (s->timed_out ? TIMED_OUT_BIT : 0) | (s->daily ? DAILY_BIT : 0) |
	                    (uint64_t)(s->hints < HINTS_MAX ? s->hints : HINTS_MAX) << HINTS_SHIFT);
	put_u64(&w, (uint64_t)s->best_score);
	put(&w, s->states, snapshots * size);
	return blob;
}

/* The parameters must be ones the game itself would accept: written out and read back, they
 * give the same bytes. */
static bool params_valid(const struct tc_game *game, const struct tc_params *params)
{
	char text[TC_GAMEID_MAX], err[160];
	struct tc_params again;
	memset(&again, 0, sizeof again);
	int n = game->format_params(params->bytes, text, sizeof text);
	return n > 0 && (size_t)n < sizeof text &&
	       game->parse_params(text, again.bytes, err, sizeof err) == 0 &&
	       memcmp(again.bytes, params->bytes, game->params_size) == 0;
}

static struct tc_session *fail(struct tc_session *s, char *err, size_t errlen, const char *why)
{
	tc_session_free(s);
	snprintf(err, errlen, "%s", why);
	return NULL;
}

/* tc_session_restore; *newer says whether the bytes refused are a newer tilecade's save (its
 * format's version, a game or a mark this version does not know) rather than damaged ones. */
static struct tc_session *restore(const void *blob, size_t len, const struct tc_clock *clock,
                                  char *err, size_t errlen, bool *newer)
{
	struct reader r = {blob, (const unsigned char *)blob + len, false};
	const unsigned char *magic = take(&r, sizeof MAGIC);
	*newer = magic && memcmp(magic, MAGIC, MAGIC_STEM_LEN) == 0 &&
	         memcmp(magic, MAGIC, sizeof MAGIC) != 0;
	if (*newer)
		return fail(NULL, err, errlen, "a save of a newer tilecade");
	if (!magic || memcmp(magic, MAGIC, sizeof MAGIC) != 0)
		return fail(NULL, err, errlen, "not a tilecade save");
	char name[NAME_LEN + 1] = {0};
	const unsigned char *name_bytes = take(&r, NAME_LEN);
	if (name_bytes)
		memcpy(name, name_bytes, NAME_LEN);
	const struct tc_game *game = tc_game_find(name);
	if (!game) {
		*newer = name_bytes != NULL;
		return fail(NULL, err, errlen, "a save of a game this version does not have");
	}
	uint64_t size = take_u64(&r), params_size = take_u64(&r);
	struct tc_params params;
	memset(&params, 0, sizeof params);
	const unsigned char *params_bytes = take(&r, TC_PARAMS_MAX);
	if (params_bytes)
		memcpy(params.bytes, params_bytes, game->params_size);
	uint64_t seed = take_u64(&r), count = take_u64(&r), current = take_u64(&r);
	uint64_t elapsed = take_u64(&r), flags = take_u64(&r), best = take_u64(&r);
	if (!r.bad && (flags & UNKNOWN_BITS)) {
		*newer = true;
		return fail(NULL, err, errlen, "a save of a newer tilecade");
	}
	if (r.bad || size != game->state_size || params_size != game->params_size ||
	    !params_valid(game, &params) || current > count ||
	    ((flags & TIMED_OUT_BIT) && (current != count || current == 0)) ||
	    count >= (uint64_t)(r.end - r.p) / size ||
	    (count + 1) * size != (uint64_t)(r.end - r.p))
		return fail(NULL, err, errlen, "a damaged save");

	struct tc_session *s = tc_session_new(game, params.bytes, seed, clock);
	if (!s || !tc_session_reserve(s, (size_t)count + 2))
		return fail(s, err, errlen, "out of memory");
	for (uint64_t i = 0; i <= count; i++) {
		const unsigned char *state = take(&r, size);
		if (game->valid_state && !game->valid_state(state))
			return fail(s, err, errlen, "a damaged save");
		/* The start is the one the game ID makes (tc_session_new just made it), or the ID
		 * would not reproduce this game and its scores would go to another. */
		if (i == 0 && memcmp(tc_session_state_at(s, 0), state, size) != 0)
			return fail(s, err, errlen, "a damaged save");
		memcpy(tc_session_state_at(s, (size_t)i), state, size);
	}
	s->count = (size_t)count;
	s->current = (size_t)current;
	s->keep_going = flags & 1;
	s->assisted = (unsigned)(flags >> ASSIST_SHIFT) & ASSIST_BITS;
	s->timed_out = flags & TIMED_OUT_BIT; /* the clock's move is the last, and shown */
	s->hints = (unsigned)(flags >> HINTS_SHIFT) & HINTS_MAX;
	s->daily = flags & DAILY_BIT;
	s->best_score = (int64_t)best;
	s->clock_running = false;
	s->elapsed_before = elapsed;
	tc_session_sync_clock(s);
	return s;
}

struct tc_session *tc_session_restore(const void *blob, size_t len, const struct tc_clock *clock,
                                      char *err, size_t errlen)
{
	bool newer;
	return restore(blob, len, clock, err, errlen, &newer);
}

bool tc_session_save_is_newer(const void *blob, size_t len)
{
	char err[8];
	bool newer;
	tc_session_free(restore(blob, len, NULL, err, sizeof err, &newer));
	return newer;
}
