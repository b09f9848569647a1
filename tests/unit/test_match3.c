/* Match-3: the seed's fill, match detection, swaps, resolution (gravity, refill, cascades,
 * specials), reshuffles, the text form, the goals pack and the backend adapter. Fields are
 * written as text; cells are named (row, column), 0-based. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/gameid.h"
#include "tilecade/match3.h"

#define N 8
#define AT(r, c) ((r)*N + (c))

/* An 8x8 field of types a to e with no line anywhere (neighbours in a row differ by 1, in a
 * column by 3, modulo 5); tests paint f, g and h on it where they want lines. */
static void base_field(struct m3_field *f)
{
	memset(f, 0, sizeof *f);
	f->size = N;
	f->types = 8;
	for (int r = 0; r < N; r++)
		for (int c = 0; c < N; c++)
			f->type[AT(r, c)] = (uint8_t)((r * 3 + c) % 5 + 1);
}

static void paint(struct m3_field *f, int type, const int (*cells)[2], int n)
{
	for (int i = 0; i < n; i++)
		f->type[AT(cells[i][0], cells[i][1])] = (uint8_t)type;
}

static int count_cleared(const struct m3_step *s)
{
	int n = 0;
	for (int i = 0; i < M3_CELLS; i++)
		n += s->cleared[i];
	return n;
}

static void histogram(const struct m3_field *f, int *h)
{
	memset(h, 0, sizeof(int) * (M3_MAX_TYPES + 1));
	for (int i = 0; i < f->size * f->size; i++)
		h[f->type[i]]++;
}

static struct m3_resolution res; /* large: not on the stack */

static void fill_is_clean_for_every_size_and_type_count(void **unused)
{
	for (int size = M3_MIN_SIZE; size <= M3_MAX_SIZE; size++)
		for (int types = M3_MIN_TYPES; types <= M3_MAX_TYPES; types++)
			for (uint64_t seed = 0; seed < 40; seed++) {
				struct tc_rng rng;
				struct m3_field f;
				tc_rng_seed(&rng, seed, 1);
				m3_fill(&f, size, types, &rng);
				assert_int_equal(f.size, size);
				assert_false(m3_has_match(&f));
				assert_true(m3_valid_swaps(&f, NULL, 0) > 0);
				for (int i = 0; i < M3_CELLS; i++) {
					if (i < size * size)
						assert_true(f.type[i] >= 1 && f.type[i] <= types);
					else
						assert_int_equal(f.type[i], 0);
					assert_int_equal(f.special[i], M3_PLAIN);
				}
			}
}

static void fill_follows_the_seed(void **unused)
{
	/* The same seed gives the same field; different seeds differ. */
	struct tc_rng a, b;
	struct m3_field f, g;
	tc_rng_seed(&a, 7, 1);
	tc_rng_seed(&b, 7, 1);
	m3_fill(&f, 8, 8, &a);
	m3_fill(&g, 8, 8, &b);
	assert_memory_equal(&f, &g, sizeof f);
	tc_rng_seed(&b, 8, 1);
	m3_fill(&g, 8, 8, &b);
	assert_memory_not_equal(f.type, g.type, sizeof f.type);
}

static void match_detection_rows_and_columns(void **unused)
{
	struct m3_field f;
	base_field(&f);
	assert_false(m3_has_match(&f));
	paint(&f, 6, (const int[][2]){{2, 3}, {2, 4}, {2, 5}}, 3);
	assert_true(m3_has_match(&f));
	base_field(&f);
	paint(&f, 6, (const int[][2]){{5, 7}, {6, 7}, {7, 7}}, 3);
	assert_true(m3_has_match(&f));
	base_field(&f);
	paint(&f, 6, (const int[][2]){{0, 6}, {0, 7}, {1, 0}}, 3); /* no wrap across rows */
	assert_false(m3_has_match(&f));
}

static void swaps_that_match_and_those_that_do_not(void **unused)
{
	struct m3_field f;
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {4, 2}}, 3);
	assert_true(m3_swap_matches(&f, AT(3, 2), AT(4, 2)));
	assert_true(m3_swap_matches(&f, AT(4, 2), AT(3, 2)));
	assert_false(m3_swap_matches(&f, AT(4, 2), AT(4, 3)));
	assert_false(m3_swap_matches(&f, AT(3, 2), AT(5, 2))); /* not neighbours */
	assert_false(m3_swap_matches(&f, AT(3, 7), AT(4, 0))); /* not across the edge */
	assert_false(m3_swap_matches(&f, -1, 0));
	int swaps[64][2];
	int n = m3_valid_swaps(&f, swaps, 64);
	assert_true(n >= 1);
	bool found = false;
	for (int i = 0; i < n; i++) {
		assert_true(swaps[i][0] < swaps[i][1]);
		if (i > 0)
			assert_true(
			        swaps[i - 1][0] < swaps[i][0] ||
			        (swaps[i - 1][0] == swaps[i][0] && swaps[i - 1][1] < swaps[i][1]));
		found |= swaps[i][0] == AT(3, 2) && swaps[i][1] == AT(4, 2);
	}
	assert_true(found);
}

static void refused_swap_changes_nothing(void **unused)
{
	struct m3_field f, before;
	struct tc_rng rng;
	tc_rng_seed(&rng, 1, 1);
	base_field(&f);
	before = f;
	int64_t points = -1;
	assert_false(m3_play_swap(&f, AT(0, 0), AT(0, 1), &rng, &res, &points, NULL));
	assert_memory_equal(&f, &before, sizeof f);
	assert_int_equal(res.steps, 0);
}

static void three_in_a_row_clears_falls_and_refills(void **unused)
{
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 2, 1);
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {4, 2}}, 3);
	struct m3_field before = f;
	uint16_t cleared[M3_MAX_TYPES + 1] = {0};
	int64_t points = 0;
	assert_true(m3_play_swap(&f, AT(4, 2), AT(3, 2), &rng, &res, &points, cleared));
	assert_true(res.steps >= 1);
	assert_int_equal(count_cleared(&res.step[0]), 3);
	for (int c = 0; c < 3; c++)
		assert_true(res.step[0].cleared[AT(3, c)]);
	assert_true(cleared[6] >= 3);
	assert_true(points >= 30); /* 10 * 3 * (3 - 2) */
	/* Gravity: rows 0-2 of columns 0-2 fell one row; the row below the match stayed. */
	const struct m3_field *after = &res.step[0].after;
	for (int c = 0; c < 3; c++) {
		for (int r = 1; r <= 3; r++)
			assert_int_equal(after->type[AT(r, c)], before.type[AT(r - 1, c)]);
		assert_true(after->type[AT(0, c)] >= 1 && after->type[AT(0, c)] <= 8);
	}
	assert_int_equal(after->type[AT(4, 2)], before.type[AT(3, 2)]); /* the swapped tile */
	assert_int_equal(after->type[AT(3, 5)], before.type[AT(3, 5)]);
	assert_false(m3_has_match(&f));
}

static void a_column_of_three_clears(void **unused)
{
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 3, 1);
	base_field(&f);
	paint(&f, 7, (const int[][2]){{5, 4}, {6, 4}, {7, 3}}, 3);
	assert_true(m3_play_swap(&f, AT(7, 3), AT(7, 4), &rng, &res, NULL, NULL));
	assert_int_equal(count_cleared(&res.step[0]), 3);
	for (int r = 5; r < 8; r++)
		assert_true(res.step[0].cleared[AT(r, 4)]);
}

static void cascades_score_more(void **unused)
{
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 4, 1);
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {4, 2}}, 3);
	/* g above the match falls onto two more g: a second line at depth 2. */
	paint(&f, 7, (const int[][2]){{2, 0}, {4, 0}, {5, 0}}, 3);
	assert_false(m3_has_match(&f));
	int64_t points = 0;
	assert_true(m3_play_swap(&f, AT(4, 2), AT(3, 2), &rng, &res, &points, NULL));
	assert_true(res.steps >= 2);
	for (int r = 3; r < 6; r++)
		assert_true(res.step[1].cleared[AT(r, 0)]);
	assert_true(points >= 30 + 60); /* the cascade counts double */
	assert_int_equal(points, res.points);
	assert_false(m3_has_match(&f));
}

static void four_in_a_line_makes_a_line_special(void **unused)
{
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 5, 1);
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {3, 3}, {4, 2}}, 4);
	assert_true(m3_play_swap(&f, AT(4, 2), AT(3, 2), &rng, &res, NULL, NULL));
	assert_int_equal(count_cleared(&res.step[0]), 3);
	assert_false(res.step[0].cleared[AT(3, 2)]);
	assert_int_equal(res.step[0].after.special[AT(3, 2)], M3_LINE_ROW);
	assert_int_equal(res.step[0].after.type[AT(3, 2)], 6);

	base_field(&f);
	paint(&f, 7, (const int[][2]){{2, 5}, {3, 5}, {5, 5}, {4, 6}}, 4);
	assert_true(m3_play_swap(&f, AT(4, 6), AT(4, 5), &rng, &res, NULL, NULL));
	assert_false(res.step[0].cleared[AT(4, 5)]);
	/* Made at the swapped cell (4,5); the cleared (5,5) below lets it fall one row. */
	assert_int_equal(res.step[0].after.special[AT(5, 5)], M3_LINE_COLUMN);
}

static void five_in_a_line_makes_a_rainbow(void **unused)
{
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 6, 1);
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {3, 3}, {3, 4}, {4, 2}}, 5);
	assert_true(m3_play_swap(&f, AT(4, 2), AT(3, 2), &rng, &res, NULL, NULL));
	assert_int_equal(count_cleared(&res.step[0]), 4);
	assert_int_equal(res.step[0].after.special[AT(3, 2)], M3_RAINBOW);
}

static void l_and_t_make_a_bomb(void **unused)
{
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 7, 1);
	/* L: a row to the left of (3,2) and a column below it; the f drops in from (2,2). */
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {4, 2}, {5, 2}, {2, 2}}, 5);
	assert_true(m3_play_swap(&f, AT(2, 2), AT(3, 2), &rng, &res, NULL, NULL));
	assert_int_equal(count_cleared(&res.step[0]), 4);
	assert_false(res.step[0].cleared[AT(3, 2)]);
	/* Made at the corner (3,2); the column below it cleared, so it fell to row 5. */
	assert_int_equal(res.step[0].after.special[AT(5, 2)], M3_BOMB);
	/* T: a row through (3,3) and a column below its middle. */
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 2}, {3, 4}, {4, 3}, {5, 3}, {2, 3}}, 5);
	assert_true(m3_play_swap(&f, AT(2, 3), AT(3, 3), &rng, &res, NULL, NULL));
	assert_int_equal(count_cleared(&res.step[0]), 4);
	assert_int_equal(res.step[0].after.special[AT(5, 3)], M3_BOMB);
}

static void matched_specials_fire(void **unused)
{
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 8, 1);
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {4, 2}}, 3);
	f.special[AT(3, 0)] = M3_LINE_ROW;
	assert_true(m3_play_swap(&f, AT(4, 2), AT(3, 2), &rng, &res, NULL, NULL));
	for (int c = 0; c < N; c++)
		assert_true(res.step[0].cleared[AT(3, c)]);
	assert_int_equal(count_cleared(&res.step[0]), N);

	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {4, 2}}, 3);
	f.special[AT(3, 1)] = M3_LINE_COLUMN;
	assert_true(m3_play_swap(&f, AT(4, 2), AT(3, 2), &rng, &res, NULL, NULL));
	for (int r = 0; r < N; r++)
		assert_true(res.step[0].cleared[AT(r, 1)]);
	assert_int_equal(count_cleared(&res.step[0]), N + 2);

	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {4, 2}}, 3);
	f.special[AT(3, 1)] = M3_BOMB;
	assert_true(m3_play_swap(&f, AT(4, 2), AT(3, 2), &rng, &res, NULL, NULL));
	for (int r = 2; r <= 4; r++)
		for (int c = 0; c <= 2; c++)
			assert_true(res.step[0].cleared[AT(r, c)]);
	assert_int_equal(count_cleared(&res.step[0]), 9);

	/* A special a firing special reaches fires too. */
	base_field(&f);
	paint(&f, 6, (const int[][2]){{3, 0}, {3, 1}, {4, 2}}, 3);
	f.special[AT(3, 0)] = M3_LINE_ROW;
	f.special[AT(3, 6)] = M3_LINE_COLUMN;
	assert_true(m3_play_swap(&f, AT(4, 2), AT(3, 2), &rng, &res, NULL, NULL));
	for (int r = 0; r < N; r++)
		assert_true(res.step[0].cleared[AT(r, 6)]);
	assert_int_equal(count_cleared(&res.step[0]), 2 * N - 1);
}

static void rainbow_swap_removes_a_type(void **unused)
{
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 9, 1);
	base_field(&f);
	f.type[AT(0, 0)] = 6;
	f.special[AT(0, 0)] = M3_RAINBOW;
	int type = f.type[AT(0, 1)], h[M3_MAX_TYPES + 1];
	histogram(&f, h);
	assert_true(m3_swap_matches(&f, AT(0, 0), AT(0, 1)));
	uint16_t cleared[M3_MAX_TYPES + 1] = {0};
	assert_true(m3_play_swap(&f, AT(0, 1), AT(0, 0), &rng, &res, NULL, cleared));
	assert_int_equal(count_cleared(&res.step[0]), h[type] + 1);
	assert_true(cleared[type] >= h[type]);
}

static void reshuffle_keeps_the_counts(void **unused)
{
	for (uint64_t seed = 0; seed < 50; seed++) {
		struct tc_rng rng;
		struct m3_field f;
		tc_rng_seed(&rng, seed, 2);
		m3_fill(&f, 6 + (int)(seed % 5), 4 + (int)(seed % 5), &rng);
		int before[M3_MAX_TYPES + 1], after[M3_MAX_TYPES + 1];
		histogram(&f, before);
		assert_true(m3_reshuffle(&f, &rng));
		histogram(&f, after);
		assert_memory_equal(before, after, sizeof before);
		assert_false(m3_has_match(&f));
		assert_true(m3_valid_swaps(&f, NULL, 0) > 0);
	}
	/* A field of one type can be arranged no way: refused, unchanged. */
	struct m3_field f;
	struct tc_rng rng;
	tc_rng_seed(&rng, 1, 1);
	memset(&f, 0, sizeof f);
	f.size = 6;
	f.types = 4;
	for (int i = 0; i < 36; i++)
		f.type[i] = (uint8_t)(i < 35 ? 1 : 2);
	struct m3_field before = f;
	assert_false(m3_reshuffle(&f, &rng));
	assert_memory_equal(&f, &before, sizeof f);
}

static void text_round_trip_and_errors(void **unused)
{
	struct m3_field f, g;
	struct tc_rng rng;
	tc_rng_seed(&rng, 3, 3);
	m3_fill(&f, 7, 6, &rng);
	char text[256], err[128];
	assert_true(m3_print(&f, text, sizeof text) == 7 * 8);
	assert_int_equal(m3_parse(text, &g, err, sizeof err), 0);
	assert_memory_equal(f.type, g.type, sizeof f.type);
	assert_int_equal(g.size, 7);

	assert_int_equal(
	        m3_parse("abcdef\nabcdef\nabcdef\nabcdef\nabcdef\nabcxef\n", &g, err, sizeof err),
	        -1);
	assert_string_equal(err, "line 6, column 4: 'x' is not a tile (a to h)");
	assert_int_equal(m3_parse("abcdef\nabcde\n", &g, err, sizeof err), -1);
	assert_true(strncmp(err, "line 2, column 6:", 17) == 0);
	assert_int_equal(m3_parse("abcdef\nabcdef\n", &g, err, sizeof err), -1);
	assert_true(strncmp(err, "line 3, column 1:", 17) == 0);
	assert_int_equal(m3_parse("", &g, err, sizeof err), -1);
	assert_int_equal(m3_parse("abc\n", &g, err, sizeof err), -1);
	assert_int_equal(m3_parse("abcdef\nabcdef\nabcdef\nabcdef\nabcdef\nabcdef\nabcdef\n", &g,
	                          err, sizeof err),
	                 -1);
	assert_true(strncmp(err, "line 7, column 1:", 17) == 0);
}

static void pack_has_ten_levels_of_rising_difficulty(void **unused)
{
	int n = m3_pack_size();
	assert_true(n >= 10 && n <= M3_PACK_MAX);
	int last_size = 0, last_total = 0;
	for (int k = 1; k <= n; k++) {
		struct m3_level lv;
		m3_pack_level(k, &lv);
		assert_true(lv.size >= last_size);
		assert_true(lv.goals >= 1 && lv.goals <= M3_MAX_GOALS);
		int total = 0;
		for (int g = 0; g < lv.goals; g++) {
			assert_true(lv.goal[g].type >= 1 && lv.goal[g].type <= lv.types);
			total += lv.goal[g].count;
		}
		assert_true(total >= last_total);
		last_size = lv.size;
		last_total = total;
	}
	struct m3_level lv;
	char err[128];
	assert_int_equal(
	        m3_parse_level("size=8 types=5 moves=20 goals=a:15,c:15", &lv, err, sizeof err), 0);
	assert_int_equal(lv.goals, 2);
	assert_int_equal(lv.goal[1].type, 3);
	assert_int_equal(lv.goal[1].count, 15);
	assert_int_equal(m3_parse_level("size=8 types=5 moves=20 goals=g:15", &lv, err, sizeof err),
	                 -1);
	assert_int_equal(m3_parse_level("size=5 types=5 moves=20 goals=a:1", &lv, err, sizeof err),
	                 -1);
	assert_int_equal(m3_parse_level("size=8 types=5 goals=a:1", &lv, err, sizeof err), -1);
}

static void params_round_trip(void **unused)
{
	static const char *const good[] = {"goals-level1", "goals-level3",  "endless-8x8t8",
	                                   "timed-8x8t6",  "endless-6x6t4", "timed-10x10t8"};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		struct m3_params p;
		char err[256], text[64];
		assert_int_equal(match3_game.parse_params(good[i], &p, err, sizeof err), 0);
		match3_game.format_params(&p, text, sizeof text);
		assert_string_equal(text, good[i]);
	}
	static const char *const bad[] = {
	        "goals-level0",  "goals-level99", "endless-5x5t8", "endless-8x8t9",
	        "endless-8x7t8", "timed-8x8",     "8x8",           "",
	        "goals-8x8t8",   "endless-8x8t8x"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct m3_params p;
		char err[256];
		assert_int_equal(match3_game.parse_params(bad[i], &p, err, sizeof err), -1);
		assert_true(strlen(err) > 0);
	}
	struct m3_params p, next;
	char text[64];
	match3_game.default_params(&p);
	match3_game.format_params(&p, text, sizeof text);
	assert_string_equal(text, "endless-8x8t8");
	p = (struct m3_params){M3_GOALS, 1, 0, 0};
	match3_game.next_params(&p, &next);
	assert_int_equal(next.level, 2);
	p.level = m3_pack_size();
	match3_game.next_params(&p, &next);
	assert_int_equal(next.level, m3_pack_size());
}

static void goals_count_and_moves_run_out(void **unused)
{
	struct m3_params p = {M3_GOALS, 1, 0, 0};
	struct match3 m;
	match3_game.new_game(&m, &p, 42);
	struct m3_level lv;
	m3_pack_level(1, &lv);
	assert_int_equal(m.field.size, lv.size);
	assert_int_equal(m.moves_left, lv.moves);
	assert_int_equal(m.goals, lv.goals);
	assert_true(match3_game.valid_state(&m));
	int moves = 0;
	while (match3_game.status(&m) == TC_PLAYING) {
		int swaps[1][2];
		assert_true(m3_valid_swaps(&m.field, swaps, 1) == 1);
		/* What the swap clears, played on a copy with the same rng. */
		struct m3_field f = m.field;
		struct tc_rng rng = m.rng;
		uint16_t cleared[M3_MAX_TYPES + 1] = {0};
		assert_true(m3_play_swap(&f, swaps[0][0], swaps[0][1], &rng, NULL, NULL, cleared));
		uint16_t before = m.collected[0];
		struct tc_move mv = {.kind = 0,
		                     .arg = {(int16_t)swaps[0][0], (int16_t)swaps[0][1]}};
		assert_true(match3_game.apply(&m, &mv));
		assert_int_equal(m.collected[0], before + cleared[lv.goal[0].type]);
		assert_true(match3_game.valid_state(&m));
		moves++;
		assert_int_equal(m.moves_left, lv.moves - moves);
	}
	enum tc_status s = match3_game.status(&m);
	assert_true(s == TC_WON ? m.collected[0] >= lv.goal[0].count
	                        : m.moves_left == 0 || m.stuck);
	/* An ended game takes no more moves. */
	struct tc_move mv = {.kind = 0, .arg = {0, 1}};
	assert_false(match3_game.apply(&m, &mv));
}

/* A goals level is one game whatever the seed: the same field and the same refills (level 4
 * was s809830306 one time and s85995292 the next, each another field), and it says it uses no
 * seed, so that its game ID carries s0. Endless and timed follow the seed. */
static void a_goals_level_is_one_fixed_game(void **unused)
{
	struct m3_params goals = {M3_GOALS, 4, 0, 0}, endless = {M3_ENDLESS, 0, 8, 6};
	struct match3 a, b;
	match3_game.new_game(&a, &goals, 809830306);
	match3_game.new_game(&b, &goals, 85995292);
	assert_memory_equal(&a, &b, sizeof a);
	int swaps[1][2];
	assert_int_equal(m3_valid_swaps(&a.field, swaps, 1), 1);
	struct tc_move mv = {.kind = 0, .arg = {(int16_t)swaps[0][0], (int16_t)swaps[0][1]}};
	assert_true(match3_game.apply(&a, &mv) && match3_game.apply(&b, &mv));
	assert_memory_equal(&a, &b, sizeof a); /* the refills too */
	assert_false(match3_game.uses_seed(&goals));

	match3_game.new_game(&a, &endless, 809830306);
	match3_game.new_game(&b, &endless, 85995292);
	assert_memory_not_equal(&a.field, &b.field, sizeof a.field);
	assert_true(match3_game.uses_seed(&endless));
}

/* The moves mode (the daily's) ends after its budget of swaps, as an end and not a loss, and
 * is the daily's parameters; its text round-trips. */
static void moves_mode_ends_after_its_budget(void **unused)
{
	struct m3_params p;
	tc_daily_params(&match3_game, &p);
	assert_int_equal(p.mode, M3_MOVES);
	char text[32], err[160];
	match3_game.format_params(&p, text, sizeof text);
	assert_string_equal(text, "moves-8x8t6");
	struct m3_params back;
	assert_int_equal(match3_game.parse_params(text, &back, err, sizeof err), 0);
	assert_memory_equal(&back, &p, sizeof p);
	assert_false(match3_game.can_win(&p));
	struct match3 m;
	match3_game.new_game(&m, &p, 7);
	assert_int_equal(m.moves_left, M3_MOVES_BUDGET);
	int moves = 0;
	while (match3_game.status(&m) == TC_PLAYING) {
		int swaps[1][2];
		assert_int_equal(m3_valid_swaps(&m.field, swaps, 1), 1);
		struct tc_move mv = {.kind = 0,
		                     .arg = {(int16_t)swaps[0][0], (int16_t)swaps[0][1]}};
		assert_true(match3_game.apply(&m, &mv));
		assert_true(match3_game.valid_state(&m));
		moves++;
	}
	assert_int_equal(match3_game.status(&m), TC_LOST); /* ended: can_win says it is no loss */
	assert_true(moves == M3_MOVES_BUDGET || m.stuck);
	assert_true(m.score > 0);
}

static void endless_and_timed_play_and_score(void **unused)
{
	for (int mode = M3_ENDLESS; mode <= M3_TIMED; mode++) {
		struct m3_params p = {mode, 0, 8, 8};
		struct match3 m;
		match3_game.new_game(&m, &p, 5);
		assert_int_equal(m.time_left_ms, mode == M3_TIMED ? M3_TIMED_START_MS : 0);
		for (int k = 0; k < 30 && match3_game.status(&m) == TC_PLAYING; k++) {
			int swaps[1][2];
			assert_int_equal(m3_valid_swaps(&m.field, swaps, 1), 1);
			int64_t before = match3_game.score(&m);
			struct tc_move mv = {.kind = 0,
			                     .arg = {(int16_t)swaps[0][0], (int16_t)swaps[0][1]}};
			assert_true(match3_game.apply(&m, &mv));
			assert_true(match3_game.score(&m) >= before + 30);
			assert_false(m3_has_match(&m.field));
		}
		if (mode == M3_TIMED)
			assert_true(m.time_left_ms >= M3_TIMED_START_MS);
		/* A swap that makes no match costs nothing. */
		struct match3 copy = m;
		struct tc_move bad = {.kind = 0, .arg = {0, 2}};
		assert_false(match3_game.apply(&m, &bad));
		assert_memory_equal(&m, &copy, sizeof m);
	}
}

/* The front end's clock ends a timed game; the other modes have no such move. */
static void time_up_ends_only_a_timed_game(void **unused)
{
	struct tc_move up = {.kind = M3_MOVE_TIME_UP};
	struct m3_params endless = {M3_ENDLESS, 0, 8, 8}, timed = {M3_TIMED, 0, 8, 8};
	struct match3 m;
	match3_game.new_game(&m, &endless, 3);
	assert_false(match3_game.apply(&m, &up));
	assert_int_equal(match3_game.status(&m), TC_PLAYING);
	match3_game.new_game(&m, &timed, 3);
	assert_true(match3_game.apply(&m, &up));
	assert_int_equal(match3_game.status(&m), TC_LOST);
	assert_false(match3_game.apply(&m, &up)); /* over is over */
}

/* Goals levels count the goals met, "goals 1/2"; endless and timed games show the score. */
static void progress_is_goals_met_or_the_score(void **unused)
{
	struct m3_params goals = {M3_GOALS, 1, 0, 0}, endless = {M3_ENDLESS, 0, 8, 8},
	                 timed = {M3_TIMED, 0, 8, 8};
	struct match3 m;
	struct tc_progress pr;
	match3_game.new_game(&m, &goals, 3);
	assert_true(m.goals >= 1);
	match3_game.progress(&m, &pr);
	char text[24];
	snprintf(text, sizeof text, "goals 0/%d", m.goals);
	assert_int_equal(pr.value, 0);
	assert_string_equal(pr.text, text);
	m.collected[0] = m.goal[0].count;
	match3_game.progress(&m, &pr);
	snprintf(text, sizeof text, "goals 1/%d", m.goals);
	assert_int_equal(pr.value, 1);
	assert_string_equal(pr.text, text);
	match3_game.new_game(&m, &endless, 3);
	m.score = 1234;
	match3_game.progress(&m, &pr);
	assert_int_equal(pr.value, 1234);
	assert_string_equal(pr.text, "1234 pts");
	match3_game.new_game(&m, &timed, 3);
	m.score = 12345678901234; /* too long with "pts" for the pane's 16 columns */
	match3_game.progress(&m, &pr);
	assert_string_equal(pr.text, "12345678901234");
}

static void valid_state_refuses_damage(void **unused)
{
	struct m3_params p = {M3_ENDLESS, 0, 7, 5};
	struct match3 m, bad;
	match3_game.new_game(&m, &p, 1);
	assert_true(match3_game.valid_state(&m));
	bad = m;
	bad.field.type[3] = 6; /* a type beyond the field's 5 */
	assert_false(match3_game.valid_state(&bad));
	bad = m;
	bad.field.type[7 * 7] = 1; /* a tile outside the field */
	assert_false(match3_game.valid_state(&bad));
	bad = m;
	bad.field.special[0] = 9;
	assert_false(match3_game.valid_state(&bad));
	bad = m;
	bad.field.size = 11;
	assert_false(match3_game.valid_state(&bad));
	bad = m;
	bad.mode = M3_MOVES + 1; /* a mode that does not exist */
	assert_false(match3_game.valid_state(&bad));
	bad = m;
	bad.level = 1; /* an endless game has no level */
	assert_false(match3_game.valid_state(&bad));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(fill_is_clean_for_every_size_and_type_count),
	        cmocka_unit_test(fill_follows_the_seed),
	        cmocka_unit_test(match_detection_rows_and_columns),
	        cmocka_unit_test(swaps_that_match_and_those_that_do_not),
	        cmocka_unit_test(refused_swap_changes_nothing),
	        cmocka_unit_test(three_in_a_row_clears_falls_and_refills),
	        cmocka_unit_test(a_column_of_three_clears),
	        cmocka_unit_test(cascades_score_more),
	        cmocka_unit_test(four_in_a_line_makes_a_line_special),
	        cmocka_unit_test(five_in_a_line_makes_a_rainbow),
	        cmocka_unit_test(l_and_t_make_a_bomb),
	        cmocka_unit_test(matched_specials_fire),
	        cmocka_unit_test(rainbow_swap_removes_a_type),
	        cmocka_unit_test(reshuffle_keeps_the_counts),
	        cmocka_unit_test(text_round_trip_and_errors),
	        cmocka_unit_test(pack_has_ten_levels_of_rising_difficulty),
	        cmocka_unit_test(params_round_trip),
	        cmocka_unit_test(goals_count_and_moves_run_out),
	        cmocka_unit_test(a_goals_level_is_one_fixed_game),
	        cmocka_unit_test(moves_mode_ends_after_its_budget),
	        cmocka_unit_test(endless_and_timed_play_and_score),
	        cmocka_unit_test(time_up_ends_only_a_timed_game),
	        cmocka_unit_test(valid_state_refuses_damage),
	        cmocka_unit_test(progress_is_goals_met_or_the_score),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
