/* `tilecade 2048 --moves STRING`: the game played through the same session as the front end, so
 * the same seed and moves give the same boards in both. */
#include "batch.h"

#include <inttypes.h>
#include <string.h>

#include "tilecade/session.h"

static int direction_of(char letter)
{
	switch (letter) {
	case 'l':
		return G2048_LEFT;
	case 'r':
		return G2048_RIGHT;
	case 'u':
		return G2048_UP;
	case 'd':
		return G2048_DOWN;
	}
	return -1;
}

static void print_board(const struct tc_session *s, FILE *out)
{
	char text[G2048_CELLS * 22];
	g2048_print(tc_session_state(s), text, sizeof text);
	fputs(text, out);
}

int tc_batch_2048(const struct g2048_params *params, uint64_t seed, const char *moves, FILE *out,
                  char *err, size_t errlen)
{
	for (size_t i = 0; moves[i]; i++) {
		if (direction_of(moves[i]) >= 0)
			continue;
		unsigned char c = (unsigned char)moves[i];
		char what[16];
		/* A control or non-ASCII byte is named by its code, so the message stays one line.
		 */
		snprintf(what, sizeof what, c > ' ' && c < 127 ? "'%c'" : "byte 0x%02x", c);
		snprintf(err, errlen, "--moves: %s at position %zu is not a move (use l, r, u, d)",
		         what, i + 1);
		return -1;
	}
	struct tc_session *s = tc_session_new(&g2048_game, params, seed, NULL);
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	print_board(s, out);
	for (size_t i = 0; moves[i]; i++) {
		struct tc_move move = {.kind = (uint8_t)direction_of(moves[i])};
		tc_session_apply(s, &move);
		fputc('\n', out);
		print_board(s, out);
	}
	fprintf(out, "score %" PRId64 "\n", tc_session_score(s));
	tc_session_free(s);
	return 0;
}
