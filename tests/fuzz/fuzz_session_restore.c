/* Save records (tc_session_restore) of every game in tc_games: never crash, and a save that is
 * accepted can be played, undone and saved again to the same bytes.
 *
 * An input whose first byte is even is the save itself. With an odd first byte the target makes
 * a real save to damage, so that the fuzzer reaches the checks of each game's snapshots: byte 1
 * picks the game, byte 2 the seed, then moves (a kind byte and four 16-bit arguments) up to a
 * 0xff byte, then pairs of a 16-bit offset into the save and a byte to xor there. */
#include "fuzz.h"

#include "tilecade/gameid.h"
#include "tilecade/session.h"

#define MAX_MOVES 16

static uint64_t frozen_ms(void *ctx)
{
	(void)ctx;
	return 1000;
}

static const struct tc_clock frozen = {frozen_ms, NULL};

static int game_count(void)
{
	int n = 0;
	while (tc_games[n])
		n++;
	return n;
}

/* Reads a move; returns the bytes used, 0 at the end of the moves. */
static size_t read_move(const uint8_t *p, size_t left, struct tc_move *m)
{
	if (left < 1 + 8 || p[0] == 0xff)
		return 0;
	m->kind = p[0];
	for (int i = 0; i < 4; i++)
		m->arg[i] = (int16_t)(p[1 + 2 * i] | p[2 + 2 * i] << 8);
	return 1 + 8;
}

static void play(struct tc_session *s, const uint8_t *p, size_t left)
{
	struct tc_move m;
	size_t used;
	for (int k = 0; k < MAX_MOVES && (used = read_move(p, left, &m)) > 0; k++) {
		tc_session_apply(s, &m);
		p += used;
		left -= used;
	}
}

/* What the front end does with a resumed game. */
static void exercise(struct tc_session *s, const uint8_t *moves, size_t left)
{
	char id[TC_GAMEID_MAX + 64];
	int n = tc_session_game_id(s, id, sizeof id);
	FUZZ_CHECK(n > 0 && (size_t)n < sizeof id);
	tc_session_status(s);
	tc_session_score(s);
	tc_session_moves(s);
	tc_session_in_progress(s);
	for (unsigned back = 0; tc_session_state_back(s, back); back++)
		;

	size_t len1, len2;
	unsigned char *one = tc_session_save(s, &len1);
	FUZZ_CHECK(one);
	char err[160];
	struct tc_session *again = tc_session_restore(one, len1, &frozen, err, sizeof err);
	FUZZ_CHECK(again);
	unsigned char *two = tc_session_save(again, &len2);
	FUZZ_CHECK(two && len1 == len2 && memcmp(one, two, len1) == 0);
	free(one);
	free(two);
	tc_session_free(again);

	while (tc_session_undo(s))
		tc_session_status(s);
	while (tc_session_redo(s))
		tc_session_status(s);
	play(s, moves, left);
	tc_session_status(s);
	tc_session_score(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[160];
	unsigned char *blob = NULL;
	size_t len = 0;
	const uint8_t *moves = data;
	size_t moves_left = 0;

	if (size >= 3 && (data[0] & 1)) {
		const struct tc_game *game = tc_games[data[1] % game_count()];
		struct tc_session *made = tc_session_new(game, NULL, data[2], &frozen);
		FUZZ_CHECK(made);
		const uint8_t *p = data + 3;
		size_t left = size - 3;
		struct tc_move m;
		size_t used;
		for (int k = 0; k < MAX_MOVES && (used = read_move(p, left, &m)) > 0; k++) {
			tc_session_apply(made, &m);
			p += used;
			left -= used;
		}
		if (left > 0) { /* the 0xff that ends the moves */
			p++;
			left--;
		}
		blob = tc_session_save(made, &len);
		tc_session_free(made);
		FUZZ_CHECK(blob);
		for (; left >= 3; p += 3, left -= 3)
			blob[(p[0] | p[1] << 8) % len] ^= p[2];
		moves = p;
		moves_left = left;
	} else {
		blob = malloc(size ? size : 1);
		FUZZ_CHECK(blob);
		if (size)
			memcpy(blob, data, size);
		len = size;
	}

	struct tc_session *s = tc_session_restore(blob, len, &frozen, err, sizeof err);
	if (s) {
		exercise(s, moves, moves_left);
		tc_session_free(s);
	} else {
		FUZZ_CHECK(strlen(err) > 0);
	}
	free(blob);
	return 0;
}
