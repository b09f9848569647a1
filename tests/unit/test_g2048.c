/* 2048 rules, text form and the backend adapter, checked on boards written as text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/g2048.h"

/* Room for the largest board: 64 numbers of up to 20 digits and a separator each. */
#define G2048_TEXT_MAX (G2048_CELLS * 21 + 1)

static struct g2048 g2048_board(const char *text)
{
	struct g2048 g;
	char err[128] = "";
	int rc = g2048_parse(text, &g, err, sizeof err);
	if (rc != 0)
		print_error("g2048_parse: %s\n", err);
	assert_int_equal(rc, 0);
	return g;
}

static void g2048_text(const struct g2048 *g, char buf[G2048_TEXT_MAX])
{
	int n = g2048_print(g, buf, G2048_TEXT_MAX);
	assert_true(n > 0 && n < G2048_TEXT_MAX);
}

static int g2048_tiles(const struct g2048 *g)
{
	int count = 0;
	for (int i = 0; i < g->size * g->size; i++)
		count += g->cell[i] != 0;
	return count;
}

static void assert_slides(const char *before, enum g2048_dir dir, const char *after)
{
	struct g2048 g = g2048_board(before);
	char buf[G2048_TEXT_MAX];
	assert_true(g2048_slide_only(&g, dir, NULL));
	g2048_text(&g, buf);
	assert_string_equal(buf, after);
}

static void g2048_four_equal_tiles_make_two_pairs(void **unused)
{
	assert_slides("2 2 2 2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", G2048_LEFT,
	              "4 4 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
}

static void g2048_three_equal_tiles_merge_at_the_edge(void **unused)
{
	assert_slides("2 2 2\n0 0 0\n0 0 0\n", G2048_LEFT, "4 2 0\n0 0 0\n0 0 0\n");
}

/* A tile made by a merge does not merge again in the same move. */
static void g2048_merged_tile_does_not_merge_again(void **unused)
{
	assert_slides("4 4 8\n0 0 0\n0 0 0\n", G2048_LEFT, "8 8 0\n0 0 0\n0 0 0\n");
}

static void g2048_tiles_merge_across_gaps(void **unused)
{
	assert_slides("2 0 2 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", G2048_LEFT,
	              "4 4 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
}

/* One board in all four directions; column 1 holds three 2s, so merges start at the far edge. */
static const char g2048_mixed[] = "2 2 0 4\n"
                                  "0 2 2 0\n"
                                  "4 0 4 4\n"
                                  "2 2 2 2\n";

static void g2048_slide_left(void **unused)
{
	assert_slides(g2048_mixed, G2048_LEFT, "4 4 0 0\n4 0 0 0\n8 4 0 0\n4 4 0 0\n");
}

static void g2048_slide_right(void **unused)
{
	assert_slides(g2048_mixed, G2048_RIGHT, "0 0 4 4\n0 0 0 4\n0 0 4 8\n0 0 4 4\n");
}

static void g2048_slide_up(void **unused)
{
	assert_slides(g2048_mixed, G2048_UP, "2 4 2 8\n4 2 4 2\n2 0 2 0\n0 0 0 0\n");
}

static void g2048_slide_down(void **unused)
{
	assert_slides(g2048_mixed, G2048_DOWN, "0 0 0 0\n2 0 2 0\n4 2 4 8\n2 4 2 2\n");
}

static void g2048_score_gains_each_merged_value(void **unused)
{
	struct g2048 g = g2048_board("2 2 2 2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
	g.score = 100;
	assert_true(g2048_slide_only(&g, G2048_LEFT, NULL));
	assert_int_equal(g.score, 108);
	/* The mixed board merges 2+2, 2+2, 4+4, 2+2 and 2+2 going left. */
	g = g2048_board(g2048_mixed);
	assert_true(g2048_slide_only(&g, G2048_LEFT, NULL));
	assert_int_equal(g.score, 4 + 4 + 8 + 4 + 4);
}

static void g2048_blocked_slide_changes_nothing(void **unused)
{
	static const char text[] = "2 4 0 0\n8 0 0 0\n0 0 0 0\n2 0 0 0\n";
	struct g2048 g = g2048_board(text);
	tc_rng_seed(&g.rng, 7, 2048);
	g.score = 36;
	struct tc_rng rng = g.rng;
	char buf[G2048_TEXT_MAX];

	assert_false(g2048_slide(&g, G2048_LEFT, NULL));
	g2048_text(&g, buf);
	assert_string_equal(buf, text);
	assert_int_equal(g.score, 36);
	assert_int_equal(g.rng.state, rng.state);
	assert_int_equal(g.rng.inc, rng.inc);
}

/* Over many real moves: the slide's result plus one new 2 or 4 on a cell the slide left empty. */
static void g2048_slide_spawns_one_tile_on_an_empty_cell(void **unused)
{
	struct g2048_params p = {G2048_DEFAULT_SIZE};
	int slides = 0;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		struct g2048 g;
		g2048_new(&g, &p, seed);
		for (int move = 0; move < 400 && g2048_can_move(&g); move++) {
			enum g2048_dir dir = (enum g2048_dir)(move % 4);
			struct g2048 rested = g;
			struct g2048_motion m;
			if (!g2048_slide_only(&rested, dir, NULL))
				continue;
			assert_true(g2048_slide(&g, dir, &m));
			slides++;
			int added = -1;
			for (int i = 0; i < g.size * g.size; i++) {
				if (g.cell[i] == rested.cell[i])
					continue;
				assert_int_equal(added, -1);
				assert_int_equal(rested.cell[i], 0);
				assert_true(g.cell[i] == 1 || g.cell[i] == 2);
				added = i;
			}
			assert_int_equal(m.spawn_cell, added);
			assert_int_equal(m.spawn_exponent, g.cell[added]);
			assert_int_equal(g.score, rested.score);
		}
	}
	assert_true(slides > 1000);
}

static void g2048_new_game_has_two_tiles(void **unused)
{
	for (int size = G2048_MIN_SIZE; size <= G2048_MAX_SIZE; size++)
		for (uint64_t seed = 0; seed < 50; seed++) {
			struct g2048_params p = {size};
			struct g2048 g;
			g2048_new(&g, &p, seed);
			assert_int_equal(g.size, size);
			assert_int_equal(g.score, 0);
			assert_int_equal(g2048_tiles(&g), 2);
			assert_true(g2048_max_exponent(&g) <= 2);
		}
}

/* A first row of n 2s slides left into n/2 4s, then a 2 when n is odd, on every size. */
static void g2048_every_size_slides(void **unused)
{
	for (int n = G2048_MIN_SIZE; n <= G2048_MAX_SIZE; n++) {
		char before[G2048_TEXT_MAX] = "", after[G2048_TEXT_MAX] = "";
		for (int r = 0; r < n; r++)
			for (int c = 0; c < n; c++) {
				const char *sep = c + 1 < n ? " " : "\n";
				const char *moved = "0";
				if (r == 0 && c < n / 2)
					moved = "4";
				else if (r == 0 && c == n / 2 && n % 2 == 1)
					moved = "2";
				snprintf(before + strlen(before), 4, "%s%s", r == 0 ? "2" : "0",
				         sep);
				snprintf(after + strlen(after), 4, "%s%s", moved, sep);
			}
		assert_slides(before, G2048_LEFT, after);
	}
}

static void g2048_full_board_without_pairs_is_stuck(void **unused)
{
	struct g2048 g = g2048_board("2 4 8\n16 32 64\n128 256 512\n");
	assert_false(g2048_can_move(&g));
	/* Equal tiles touching only at corners do not count. */
	g = g2048_board("2 4 2 4\n4 2 4 2\n2 4 2 4\n4 2 4 2\n");
	assert_false(g2048_can_move(&g));
	for (int dir = G2048_LEFT; dir <= G2048_DOWN; dir++)
		assert_false(g2048_slide(&g, (enum g2048_dir)dir, NULL));
}

static void g2048_horizontal_pair_can_move(void **unused)
{
	struct g2048 g = g2048_board("2 4 8\n16 32 64\n128 256 256\n");
	assert_true(g2048_can_move(&g));
}

static void g2048_vertical_pair_can_move(void **unused)
{
	struct g2048 g = g2048_board("2 4 8\n16 32 64\n128 256 64\n");
	assert_true(g2048_can_move(&g));
}

static void g2048_empty_cell_can_move(void **unused)
{
	struct g2048 g = g2048_board("2 4 8\n16 0 64\n128 256 512\n");
	assert_true(g2048_can_move(&g));
}

/* Both starting tiles of 20000 games: a 4 one time in ten. */
static void g2048_spawns_four_one_time_in_ten(void **unused)
{
	struct g2048_params p = {G2048_DEFAULT_SIZE};
	long twos = 0, fours = 0;
	for (uint64_t seed = 0; seed < 20000; seed++) {
		struct g2048 g;
		g2048_new(&g, &p, seed);
		for (int i = 0; i < g.size * g.size; i++) {
			twos += g.cell[i] == 1;
			fours += g.cell[i] == 2;
		}
	}
	assert_int_equal(twos + fours, 40000);
	assert_in_range(fours, 3600, 4400);
}

static void g2048_same_seed_and_moves_give_same_game(void **unused)
{
	struct g2048_params p = {5};
	struct g2048 a, b;
	struct tc_rng moves;
	g2048_new(&a, &p, 99);
	g2048_new(&b, &p, 99);
	tc_rng_seed(&moves, 1, 1);
	for (int i = 0; i < 300; i++) {
		enum g2048_dir dir = (enum g2048_dir)tc_rng_below(&moves, 4);
		char ta[G2048_TEXT_MAX], tb[G2048_TEXT_MAX];
		assert_int_equal(g2048_slide(&a, dir, NULL), g2048_slide(&b, dir, NULL));
		g2048_text(&a, ta);
		g2048_text(&b, tb);
		assert_string_equal(ta, tb);
		assert_int_equal(a.score, b.score);
	}
}

static void g2048_different_seeds_give_different_games(void **unused)
{
	struct g2048_params p = {G2048_DEFAULT_SIZE};
	int differ = 0;
	for (uint64_t seed = 1; seed <= 10; seed++) {
		struct g2048 a, b;
		g2048_new(&a, &p, seed);
		g2048_new(&b, &p, seed + 1000);
		differ += memcmp(a.cell, b.cell, sizeof a.cell) != 0;
	}
	assert_true(differ >= 5);
}

static void g2048_motion_tracks_every_tile(void **unused)
{
	struct g2048 g = g2048_board("2 2 4 0\n"
	                             "0 0 0 0\n"
	                             "0 4 0 4\n"
	                             "0 0 0 2\n");
	static const struct {
		int from, to, exponent;
		bool merged;
	} expected[] = {
	        {0, 0, 1, true}, {1, 0, 1, true},  {2, 1, 2, false},
	        {9, 8, 2, true}, {11, 8, 2, true}, {15, 12, 1, false},
	};
	const int count = (int)(sizeof expected / sizeof expected[0]);
	struct g2048_motion m;
	tc_rng_seed(&g.rng, 5, 2048);
	assert_true(g2048_slide(&g, G2048_LEFT, &m));
	assert_int_equal(m.count, count);
	for (int e = 0; e < count; e++) {
		int seen = 0;
		for (int i = 0; i < m.count; i++) {
			if (m.tile[i].from != expected[e].from)
				continue;
			seen++;
			assert_int_equal(m.tile[i].to, expected[e].to);
			assert_int_equal(m.tile[i].exponent, expected[e].exponent);
			assert_int_equal(m.tile[i].merged, expected[e].merged);
		}
		assert_int_equal(seen, 1);
	}
	/* The new tile lands where no tile came to rest. */
	assert_in_range(m.spawn_cell, 0, 15);
	for (int e = 0; e < count; e++)
		assert_int_not_equal(m.spawn_cell, expected[e].to);
	assert_int_equal(g.cell[m.spawn_cell], m.spawn_exponent);
	assert_true(m.spawn_exponent == 1 || m.spawn_exponent == 2);
}

static void g2048_slide_only_spawns_nothing(void **unused)
{
	struct g2048 g = g2048_board("0 0 2\n0 0 0\n0 0 0\n");
	struct g2048_motion m;
	assert_true(g2048_slide_only(&g, G2048_LEFT, &m));
	assert_int_equal(m.spawn_cell, -1);
	assert_int_equal(m.count, 1);
	assert_int_equal(g2048_tiles(&g), 1);
}

static void g2048_tile_value_is_power_of_two(void **unused)
{
	assert_int_equal(g2048_tile_value(0), 0);
	assert_int_equal(g2048_tile_value(1), 2);
	assert_int_equal(g2048_tile_value(2), 4);
	assert_int_equal(g2048_tile_value(G2048_WIN_EXPONENT), 2048);
	assert_int_equal(g2048_tile_value(63), UINT64_C(1) << 63);
}

static void g2048_max_exponent_is_biggest_tile(void **unused)
{
	struct g2048 g = g2048_board("2 0 0\n0 1024 0\n0 0 8\n");
	assert_int_equal(g2048_max_exponent(&g), 10);
}

/* Parses text that must fail: the message gives a line and column, and names `where` when that
 * is not NULL. */
static void assert_parse_fails(const char *text, const char *where)
{
	struct g2048 g;
	char err[160] = "";
	int line, col;
	assert_int_equal(g2048_parse(text, &g, err, sizeof err), -1);
	const char *at = strstr(err, "line ");
	assert_non_null(at);
	assert_int_equal(sscanf(at, "line %d, column %d", &line, &col), 2);
	if (where && !strstr(err, where))
		print_error("message '%s' lacks '%s'\n", err, where);
	assert_true(!where || strstr(err, where));
}

/* The problem is the board's shape, not one cell: any position will do. */
static void g2048_parse_rejects_non_square(void **unused)
{
	assert_parse_fails("2 2 2\n2 2 2\n2 2 2\n2 2 2\n", NULL);
	assert_parse_fails("2 2 2 2\n2 2 2 2\n2 2 2 2\n", NULL);
	assert_parse_fails("2 2\n2 2\n", NULL);
	assert_parse_fails("", NULL);
}

static void g2048_parse_rejects_non_powers_of_two(void **unused)
{
	assert_parse_fails("2 3 0\n0 0 0\n0 0 0\n", "line 1, column 3");
	assert_parse_fails("0 0 0\n0 0 1\n0 0 0\n", "line 2, column 5");
	assert_parse_fails("0 0 0\n0 0 0\n0 0 99999999999999999999\n", "line 3, column 5");
}

static void g2048_parse_rejects_letters(void **unused)
{
	assert_parse_fails("0 0 0\n0 a 0\n0 0 0\n", "line 2, column 3");
	assert_parse_fails("0 0 0\n0 0 0\n0 0 2x\n", "line 3, column 6");
	assert_parse_fails("0 0 -2\n0 0 0\n0 0 0\n", "line 1, column 5");
}

static void g2048_parse_rejects_more_than_8_rows(void **unused)
{
	char text[64] = "";
	for (int r = 0; r < 9; r++)
		strcat(text, "0 0 0\n");
	assert_parse_fails(text, "line 9, column 1");
	assert_parse_fails("0 0 0 0 0 0 0 0 0\n", "line 1, column 17");
}

static void g2048_parse_rejects_ragged_rows(void **unused)
{
	assert_parse_fails("0 0 0\n0 0\n0 0 0\n", "line 2, column 1");
	assert_parse_fails("0 0 0\n0 0 0\n0 0 0 0\n", "line 3, column 1");
}

static void g2048_print_parse_roundtrip(void **unused)
{
	for (int size = G2048_MIN_SIZE; size <= G2048_MAX_SIZE; size++) {
		struct g2048_params p = {size};
		struct g2048 g;
		g2048_new(&g, &p, (uint64_t)size);
		for (int i = 0; i < 60; i++)
			g2048_slide(&g, (enum g2048_dir)(i % 4), NULL);
		char first[G2048_TEXT_MAX], second[G2048_TEXT_MAX];
		g2048_text(&g, first);
		struct g2048 back = g2048_board(first);
		g2048_text(&back, second);
		assert_string_equal(first, second);
		assert_int_equal(back.size, size);
		assert_memory_equal(back.cell, g.cell, sizeof g.cell);
	}
}

static void g2048_print_reports_needed_length(void **unused)
{
	struct g2048 g = g2048_board("2048 0 0\n0 4 0\n0 0 2\n");
	char small[8];
	assert_int_equal(g2048_print(&g, small, sizeof small),
	                 (int)strlen("2048 0 0\n0 4 0\n0 0 2\n"));
	assert_string_equal(small, "2048 0 ");
}

static void g2048_game_accepts_sizes_3_to_8(void **unused)
{
	for (int n = G2048_MIN_SIZE; n <= G2048_MAX_SIZE; n++) {
		char text[32], back[32], err[128];
		struct g2048_params p = {0};
		snprintf(text, sizeof text, "%dx%d", n, n);
		assert_int_equal(g2048_game.parse_params(text, &p, err, sizeof err), 0);
		assert_int_equal(p.size, n);
		g2048_game.format_params(&p, back, sizeof back);
		assert_string_equal(back, text);
	}
}

static void g2048_game_rejects_bad_sizes(void **unused)
{
	static const char *const bad[] = {"4x5", "9x9", "2x2", "",   "4x4x",
	                                  "44",  "4",   "4x",  "x4", "04x04"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct g2048_params p = {0};
		char err[128] = "";
		assert_int_equal(g2048_game.parse_params(bad[i], &p, err, sizeof err), -1);
		assert_true(err[0] != '\0');
	}
}

static void g2048_game_defaults_to_4x4(void **unused)
{
	struct g2048_params p = {0};
	g2048_game.default_params(&p);
	assert_int_equal(p.size, 4);
}

static void g2048_game_status_lost_when_stuck(void **unused)
{
	struct g2048 g = g2048_board("2 4 8\n16 32 64\n128 256 512\n");
	assert_int_equal(g2048_game.status(&g), TC_LOST);
}

static void g2048_game_status_won_with_2048(void **unused)
{
	struct g2048 g = g2048_board("2048 0 0\n0 0 0\n0 0 0\n");
	assert_int_equal(g2048_game.status(&g), TC_WON);
	g = g2048_board("4096 2 4\n2 4 8\n4 8 8\n");
	assert_int_equal(g2048_game.status(&g), TC_WON);
}

static void g2048_game_status_playing_otherwise(void **unused)
{
	struct g2048 g = g2048_board("1024 1024 0\n0 0 0\n0 0 0\n");
	assert_int_equal(g2048_game.status(&g), TC_PLAYING);
}

static void g2048_game_moves_are_directions(void **unused)
{
	struct g2048 g = g2048_board("0 0 2\n0 0 0\n0 0 0\n");
	tc_rng_seed(&g.rng, 3, 2048);
	struct tc_move left = {.kind = G2048_LEFT}, bogus = {.kind = G2048_DOWN + 1};
	assert_false(g2048_game.apply(&g, &bogus));
	assert_true(g2048_game.apply(&g, &left));
	assert_int_equal(g.cell[0], 1);
	assert_int_equal(g2048_tiles(&g), 2);
}

static void g2048_game_progress_is_score_and_highest_tile(void **unused)
{
	struct g2048 g = g2048_board("128 4 0\n0 2 0\n0 0 0\n");
	g.score = 1204;
	struct tc_progress p;
	g2048_game.progress(&g, &p);
	assert_int_equal(p.value, 1204);
	assert_string_equal(p.text, "1204 pts 128");
}

/* Whatever the score and tile, the pane's 16 columns hold them: big tiles in k, then no "pts". */
static void g2048_game_progress_fits_sixteen_columns(void **unused)
{
	struct g2048 g = g2048_board("131072 0 0\n0 0 0\n0 0 0\n");
	g.score = 3932100;
	struct tc_progress p;
	g2048_game.progress(&g, &p);
	assert_string_equal(p.text, "3932100 pts 128k");
	g.score = 123456789012;
	g2048_game.progress(&g, &p);
	assert_int_equal(p.value, 123456789012);
	assert_string_equal(p.text, "123456789012 128k");
	g = g2048_board("0 0 0\n0 0 0\n0 0 0\n");
	g2048_game.progress(&g, &p);
	assert_string_equal(p.text, "0 pts 0");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(g2048_four_equal_tiles_make_two_pairs),
	        cmocka_unit_test(g2048_three_equal_tiles_merge_at_the_edge),
	        cmocka_unit_test(g2048_merged_tile_does_not_merge_again),
	        cmocka_unit_test(g2048_tiles_merge_across_gaps),
	        cmocka_unit_test(g2048_slide_left),
	        cmocka_unit_test(g2048_slide_right),
	        cmocka_unit_test(g2048_slide_up),
	        cmocka_unit_test(g2048_slide_down),
	        cmocka_unit_test(g2048_score_gains_each_merged_value),
	        cmocka_unit_test(g2048_blocked_slide_changes_nothing),
	        cmocka_unit_test(g2048_slide_spawns_one_tile_on_an_empty_cell),
	        cmocka_unit_test(g2048_new_game_has_two_tiles),
	        cmocka_unit_test(g2048_every_size_slides),
	        cmocka_unit_test(g2048_full_board_without_pairs_is_stuck),
	        cmocka_unit_test(g2048_horizontal_pair_can_move),
	        cmocka_unit_test(g2048_vertical_pair_can_move),
	        cmocka_unit_test(g2048_empty_cell_can_move),
	        cmocka_unit_test(g2048_spawns_four_one_time_in_ten),
	        cmocka_unit_test(g2048_same_seed_and_moves_give_same_game),
	        cmocka_unit_test(g2048_different_seeds_give_different_games),
	        cmocka_unit_test(g2048_motion_tracks_every_tile),
	        cmocka_unit_test(g2048_slide_only_spawns_nothing),
	        cmocka_unit_test(g2048_tile_value_is_power_of_two),
	        cmocka_unit_test(g2048_max_exponent_is_biggest_tile),
	        cmocka_unit_test(g2048_parse_rejects_non_square),
	        cmocka_unit_test(g2048_parse_rejects_non_powers_of_two),
	        cmocka_unit_test(g2048_parse_rejects_letters),
	        cmocka_unit_test(g2048_parse_rejects_more_than_8_rows),
	        cmocka_unit_test(g2048_parse_rejects_ragged_rows),
	        cmocka_unit_test(g2048_print_parse_roundtrip),
	        cmocka_unit_test(g2048_print_reports_needed_length),
	        cmocka_unit_test(g2048_game_accepts_sizes_3_to_8),
	        cmocka_unit_test(g2048_game_rejects_bad_sizes),
	        cmocka_unit_test(g2048_game_defaults_to_4x4),
	        cmocka_unit_test(g2048_game_status_lost_when_stuck),
	        cmocka_unit_test(g2048_game_status_won_with_2048),
	        cmocka_unit_test(g2048_game_status_playing_otherwise),
	        cmocka_unit_test(g2048_game_moves_are_directions),
	        cmocka_unit_test(g2048_game_progress_is_score_and_highest_tile),
	        cmocka_unit_test(g2048_game_progress_fits_sixteen_columns),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
