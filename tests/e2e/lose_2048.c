/* A 2048 game played to its end by the core. */
#include "lose_2048.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "tilecade/g2048.h"

int e2e_play_losing_moves(uint64_t seed, char *keys, size_t len, uint64_t *score)
{
	return e2e_play_losing_moves_of(3, seed, keys, len, score);
}

int e2e_play_losing_moves_of(int size, uint64_t seed, char *keys, size_t len, uint64_t *score)
{
	struct g2048 g;
	g2048_new(&g, &(struct g2048_params){size}, seed);
	static const enum g2048_dir dirs[] = {G2048_LEFT, G2048_DOWN, G2048_RIGHT, G2048_UP};
	static const char letters[] = "hjlk";
	size_t n = 0;
	while (g2048_can_move(&g)) {
		int i = 0;
		while (!g2048_slide(&g, dirs[i], NULL))
			i++;
		assert_true(n + 1 < len);
		keys[n++] = letters[i];
	}
	keys[n] = '\0';
	*score = g.score;
	return (int)n;
}
