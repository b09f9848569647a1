/* 2048's expectimax player: the bitboard against the plain rules, and choices a player relies on
 * (never a slide that does nothing, the same choice every time, a decent game). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/g2048.h"
#include "tilecade/g2048_ai.h"
#include "tilecade/rng.h"

static int setup(void **state)
{
	struct g2048_ai *ai = g2048_ai_new();
	if (!ai)
		return -1;
	*state = ai;
	return 0;
}

static int teardown(void **state)
{
	g2048_ai_free(*state);
	return 0;
}

/* A random 4x4 board: about a third of the cells empty, exponents up to max_exp, and sometimes
 * a row or column of one value so that runs of equal tiles and full lines come up often. */
static struct g2048 random_board(struct tc_rng *rng, int max_exp)
{
	struct g2048 g;
	memset(&g, 0, sizeof g);
	g.size = 4;
	for (int i = 0; i < 16; i++)
		g.cell[i] = tc_rng_below(rng, 3) == 0
		                    ? 0
		                    : (uint8_t)(1 + tc_rng_below(rng, (uint32_t)max_exp));
	if (tc_rng_below(rng, 4) == 0) {
		int line = (int)tc_rng_below(rng, 4);
		bool row = tc_rng_below(rng, 2) == 0;
		uint8_t e = (uint8_t)(1 + tc_rng_below(rng, (uint32_t)max_exp));
		for (int k = 0; k < 4; k++)
			g.cell[row ? line * 4 + k : k * 4 + line] = tc_rng_below(rng, 5) ? e : 0;
	}
	return g;
}

/* Small exponents make merges likely; large ones check that no nibble spills into the next. */
static void g2048_ai_bitboard_slides_match_the_rules(void **state)
{
	const struct g2048_ai *ai = *state;
	struct tc_rng rng;
	tc_rng_seed(&rng, 9, 1);
	int compared = 0;
	for (int i = 0; i < 100000; i++) {
		struct g2048 g = random_board(&rng, i % 2 ? 3 : 15);
		for (int d = 0; d < 4; d++) {
			struct g2048 plain = g;
			plain.score = 0;
			bool moved = g2048_slide_only(&plain, (enum g2048_dir)d, NULL);
			if (g2048_max_exponent(&plain) > 15)
				continue; /* 2^16 does not fit the bitboard */
			uint64_t score = 0;
			uint64_t before = g2048_ai_pack(&g);
			uint64_t after = g2048_ai_slide(ai, before, (enum g2048_dir)d, &score);
			assert_int_equal(after != before, moved);
			assert_int_equal(after, g2048_ai_pack(&plain));
			assert_int_equal(score, plain.score);
			compared++;
		}
	}
	assert_true(compared > 350000);
}

static void g2048_ai_known_slides(void **state)
{
	const struct g2048_ai *ai = *state;
	struct g2048 g;
	char err[64];
	assert_int_equal(g2048_parse("2 2 2 2\n4 0 4 8\n0 0 0 2\n2 4 8 16\n", &g, err, sizeof err),
	                 0);
	uint64_t score = 0;
	uint64_t left = g2048_ai_slide(ai, g2048_ai_pack(&g), G2048_LEFT, &score);
	struct g2048 out;
	g2048_ai_unpack(left, &out);
	char text[256];
	g2048_print(&out, text, sizeof text);
	assert_string_equal(text, "4 4 0 0\n8 8 0 0\n2 0 0 0\n2 4 8 16\n");
	assert_int_equal(score, 16);
	score = 0;
	uint64_t down = g2048_ai_slide(ai, g2048_ai_pack(&g), G2048_DOWN, &score);
	g2048_ai_unpack(down, &out);
	g2048_print(&out, text, sizeof text);
	assert_string_equal(text, "0 0 0 2\n2 0 2 8\n4 2 4 2\n2 4 8 16\n");
	assert_int_equal(score, 0);
}

static void g2048_ai_pack_round_trip(void **unused)
{
	(void)unused;
	struct tc_rng rng;
	tc_rng_seed(&rng, 3, 1);
	for (int i = 0; i < 10000; i++) {
		struct g2048 g = random_board(&rng, 15), back;
		assert_true(g2048_ai_fits(&g));
		g2048_ai_unpack(g2048_ai_pack(&g), &back);
		assert_memory_equal(g.cell, back.cell, sizeof g.cell);
	}
	/* Cell i sits in bits 4i..4i+3. */
	struct g2048 g;
	memset(&g, 0, sizeof g);
	g.size = 4;
	g.cell[0] = 1;
	g.cell[5] = 11;
	g.cell[15] = 15;
	assert_int_equal(g2048_ai_pack(&g), 0xF000000000B00001ull);
	g.cell[3] = 16;
	assert_false(g2048_ai_fits(&g));
}

static void assert_choice_changes_board(struct g2048_ai *ai, const struct g2048 *g, int depth)
{
	struct g2048_ai_choice c;
	g2048_ai_choose(ai, g, depth, &c);
	bool any = false;
	for (int d = 0; d < 4; d++) {
		struct g2048 copy = *g;
		bool legal = g2048_slide_only(&copy, (enum g2048_dir)d, NULL);
		assert_int_equal(c.legal[d], legal);
		any |= legal;
	}
	if (!any) {
		assert_int_equal(c.dir, -1);
		return;
	}
	assert_true(c.dir >= 0 && c.dir < 4);
	assert_true(c.legal[c.dir]);
}

/* Crowded boards, where often only one or two slides do anything. */
static void g2048_ai_never_proposes_a_no_op(void **state)
{
	struct g2048_ai *ai = *state;
	struct tc_rng rng;
	tc_rng_seed(&rng, 5, 1);
	for (int i = 0; i < 3000; i++) {
		struct g2048 g = random_board(&rng, 15);
		/* Fill most holes so that few slides remain legal. */
		for (int k = 0; k < 16; k++)
			if (g.cell[k] == 0 && tc_rng_below(&rng, 4) != 0)
				g.cell[k] =
				        (uint8_t)(1 + (k + k / 4) % 2 * 3 + tc_rng_below(&rng, 2));
		assert_choice_changes_board(ai, &g, 1 + i % 2);
	}
}

static void g2048_ai_takes_the_only_legal_slide(void **state)
{
	struct g2048_ai *ai = *state;
	struct g2048 g;
	char err[64];
	/* No pairs and an empty last column: only a slide right moves anything. */
	assert_int_equal(g2048_parse("2 4 2 0\n4 2 4 0\n2 4 2 0\n4 2 4 0\n", &g, err, sizeof err),
	                 0);
	for (int depth = G2048_AI_MIN_DEPTH; depth <= 4; depth++) {
		struct g2048_ai_choice c;
		g2048_ai_choose(ai, &g, depth, &c);
		assert_int_equal(c.dir, G2048_RIGHT);
		assert_true(c.legal[G2048_RIGHT]);
		assert_false(c.legal[G2048_LEFT] || c.legal[G2048_UP] || c.legal[G2048_DOWN]);
	}
}

/* The hint's words: the gap to the next best slide, in empty cells' worth (270 each). */
static void g2048_ai_margin_words(void **state)
{
	struct g2048_ai *ai = *state;
	struct g2048 g;
	char err[64];
	int next;
	assert_int_equal(g2048_parse("2 4 2 0\n4 2 4 0\n2 4 2 0\n4 2 4 0\n", &g, err, sizeof err),
	                 0);
	struct g2048_ai_choice c;
	g2048_ai_choose(ai, &g, 3, &c);
	assert_int_equal(g2048_ai_margin(&c, &next), G2048_AI_ONLY);
	assert_int_equal(next, -1);

	static const struct {
		double up, down;
		enum g2048_ai_margin margin;
	} cases[] = {
	        {1600000, 1600000, G2048_AI_TIE},     {1600000, 1599800, G2048_AI_CLOSE},
	        {1600000, 1599000, G2048_AI_BETTER}, {1600000, 1590000, G2048_AI_CLEAR},
	        {1600000, 0, G2048_AI_CLEAR}, /* down loses the game */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		c = (struct g2048_ai_choice){.dir = G2048_UP, .eval = cases[i].up};
		c.legal[G2048_UP] = c.legal[G2048_DOWN] = c.legal[G2048_LEFT] = true;
		c.value[G2048_UP] = cases[i].up;
		c.value[G2048_DOWN] = cases[i].down;
		c.value[G2048_LEFT] = cases[i].down - 5000; /* worse than down: not the runner-up */
		assert_int_equal(g2048_ai_margin(&c, &next), cases[i].margin);
		assert_int_equal(next, G2048_DOWN);
	}
}

static void g2048_ai_dead_board_has_no_choice(void **state)
{
	struct g2048_ai *ai = *state;
	struct g2048 g;
	char err[64];
	assert_int_equal(g2048_parse("2 4 2 4\n4 2 4 2\n2 4 2 4\n4 2 4 2\n", &g, err, sizeof err),
	                 0);
	struct g2048_ai_choice c;
	g2048_ai_choose(ai, &g, 3, &c);
	assert_int_equal(c.dir, -1);
	for (int d = 0; d < 4; d++)
		assert_false(c.legal[d]);
	/* The general path too. */
	assert_int_equal(g2048_parse("2 4 2\n4 2 4\n2 4 2\n", &g, err, sizeof err), 0);
	g2048_ai_choose(ai, &g, 3, &c);
	assert_int_equal(c.dir, -1);
}

static void g2048_ai_same_position_same_choice(void **state)
{
	struct g2048_ai *ai = *state;
	struct g2048_ai *fresh = g2048_ai_new();
	assert_non_null(fresh);
	struct tc_rng rng;
	tc_rng_seed(&rng, 11, 1);
	for (int i = 0; i < 50; i++) {
		struct g2048 g = random_board(&rng, 10);
		struct g2048_ai_choice a, b, c;
		g2048_ai_choose(ai, &g, 2, &a);
		g2048_ai_choose(ai, &g, 2, &b);
		g2048_ai_choose(fresh, &g, 2, &c);
		assert_int_equal(a.dir, b.dir);
		assert_int_equal(a.dir, c.dir);
		assert_memory_equal(a.value, b.value, sizeof a.value);
		assert_memory_equal(a.value, c.value, sizeof a.value);
		assert_int_equal(a.nodes, c.nodes);
	}
	g2048_ai_free(fresh);
}

/* Sizes other than 4 take the general path: legal choices, and games that get somewhere. */
static void g2048_ai_plays_other_sizes(void **state)
{
	struct g2048_ai *ai = *state;
	for (int size = 3; size <= 5; size += 2) {
		struct g2048 g;
		struct g2048_params p = {.size = size};
		g2048_new(&g, &p, 42);
		for (int moves = 0; moves < (size == 3 ? 400 : 60); moves++) {
			struct g2048_ai_choice c;
			struct g2048 before = g;
			g2048_ai_choose(ai, &g, 2, &c);
			if (c.dir < 0) {
				assert_false(g2048_can_move(&g));
				break;
			}
			assert_true(g2048_slide(&g, (enum g2048_dir)c.dir, NULL));
			assert_memory_not_equal(before.cell, g.cell, sizeof g.cell);
		}
		assert_true(g2048_max_exponent(&g) >= 6); /* 64 */
	}
	/* A 4x4 board with a tile beyond 4 bits also goes the general way. */
	struct g2048 g;
	char err[64];
	assert_int_equal(
	        g2048_parse("65536 0 0 0\n2 2 0 0\n0 0 0 0\n0 0 0 0\n", &g, err, sizeof err), 0);
	assert_false(g2048_ai_fits(&g));
	assert_choice_changes_board(ai, &g, 2);
}

static void g2048_ai_reaches_256(void **state)
{
	struct g2048_ai *ai = *state;
	struct g2048 g;
	struct g2048_params p = {.size = 4};
	g2048_new(&g, &p, 1);
	for (;;) {
		struct g2048_ai_choice c;
		g2048_ai_choose(ai, &g, 1, &c);
		if (c.dir < 0 || g2048_max_exponent(&g) >= 8)
			break;
		assert_true(g2048_slide(&g, (enum g2048_dir)c.dir, NULL));
	}
	assert_true(g2048_max_exponent(&g) >= 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(g2048_ai_bitboard_slides_match_the_rules),
	        cmocka_unit_test(g2048_ai_known_slides),
	        cmocka_unit_test(g2048_ai_pack_round_trip),
	        cmocka_unit_test(g2048_ai_never_proposes_a_no_op),
	        cmocka_unit_test(g2048_ai_takes_the_only_legal_slide),
	        cmocka_unit_test(g2048_ai_margin_words),
	        cmocka_unit_test(g2048_ai_dead_board_has_no_choice),
	        cmocka_unit_test(g2048_ai_same_position_same_choice),
	        cmocka_unit_test(g2048_ai_plays_other_sizes),
	        cmocka_unit_test(g2048_ai_reaches_256),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
