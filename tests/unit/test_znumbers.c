/* zNumbers rules, the seed's generator, the text form, the backend adapter and the original
 * pack, checked on boards written as text. Cells are named as the player sees them: "C2" is
 * column C, row 2. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/znumbers.h"
#include "zn_boards.h"

static void zn_text(const struct zn_board *b, char buf[ZN_TEXT_MAX])
{
	int n = zn_print(b, buf, ZN_TEXT_MAX);
	assert_true(n > 0 && n < ZN_TEXT_MAX);
}

/* The cell a name such as "C2" or "J10" gives on this board. */
static uint8_t zn_cell(const struct zn_board *b, const char *name)
{
	int col = name[0] - 'A', row = atoi(name + 1) - 1;
	assert_true(col >= 0 && col < b->cols && row >= 0 && row < b->rows);
	return (uint8_t)(row * b->cols + col);
}

static struct zn_move zn_named_move(const struct zn_board *b, const char *from, const char *to)
{
	return (struct zn_move){zn_cell(b, from), zn_cell(b, to)};
}

static int compare_u8(const void *a, const void *b)
{
	return *(const uint8_t *)a - *(const uint8_t *)b;
}

/* The landing cells of the tile at `from` are exactly `expected`: names in reading order (row by
 * row, left to right), separated by spaces; "" for none. */
static void assert_lands(const char *text, const char *from, const char *expected)
{
	struct zn_board b = zn_board_of(text);
	uint8_t to[8];
	int n = zn_destinations(&b, zn_cell(&b, from), to);
	assert_true(n >= 0 && n <= 8);
	qsort(to, (size_t)n, 1, compare_u8);
	char got[64] = "";
	for (int i = 0; i < n; i++) {
		char name[4];
		zn_cell_name(&b, to[i], name);
		if (i > 0)
			strcat(got, " ");
		strcat(got, name);
	}
	if (strcmp(got, expected) != 0)
		print_error("tile at %s: lands on '%s', expected '%s'\n", from, got, expected);
	assert_string_equal(got, expected);
}

static void zn_tile_in_the_middle_lands_in_all_eight_directions(void **unused)
{
	assert_lands("......\n"
	             "......\n"
	             "..2...\n"
	             "......\n"
	             "......\n"
	             "......\n",
	             "C3", "A1 C1 E1 A3 E3 A5 C5 E5");
	assert_lands("....\n"
	             ".1..\n"
	             "....\n"
	             "....\n",
	             "B2", "A1 B1 C1 A2 C2 A3 B3 C3");
}

static void zn_tile_in_a_corner_lands_in_three_directions(void **unused)
{
	assert_lands("1...\n....\n....\n....\n", "A1", "B1 A2 B2");
	assert_lands("...1\n....\n....\n....\n", "D1", "C1 C2 D2");
	assert_lands("....\n....\n....\n3...\n", "A4", "A1 D1 D4");
	assert_lands("....\n....\n....\n...2\n", "D4", "B2 D2 B4");
}

static void zn_tile_on_an_edge_lands_only_inside_the_board(void **unused)
{
	static const char text[] = "..3...\n"
	                           "......\n"
	                           "......\n"
	                           "......\n"
	                           "......\n"
	                           "....2.\n";
	assert_lands(text, "C1", "F1 C4 F4");
	assert_lands(text, "E6", "C4 E4 C6");
}

static void zn_tile_longer_than_the_board_cannot_move(void **unused)
{
	assert_lands("....\n"
	             ".4..\n"
	             "....\n"
	             "...9\n",
	             "B2", "");
	assert_lands("....\n"
	             ".4..\n"
	             "....\n"
	             "...9\n",
	             "D4", "");
	/* On a 10x10 board a 9 crosses from corner to corner. */
	assert_lands("9.........\n"
	             "..........\n"
	             "..........\n"
	             "..........\n"
	             "..........\n"
	             "..........\n"
	             "..........\n"
	             "..........\n"
	             "..........\n"
	             "..........\n",
	             "A1", "J1 A10 J10");
}

static void zn_tiles_in_between_do_not_block(void **unused)
{
	static const char text[] = "3111\n"
	                           "1#..\n"
	                           "1.#.\n"
	                           "1...\n";
	/* Over two used cells; D1 and A4 hold tiles. */
	assert_lands(text, "A1", "D4");
	struct zn_board b = zn_board_of(text);
	assert_false(zn_move(&b, zn_named_move(&b, "A1", "A4")));
	assert_true(zn_move(&b, zn_named_move(&b, "A4", "B4")));
	/* Over two tiles, once the cell beyond them is free. */
	assert_true(zn_move(&b, zn_named_move(&b, "A1", "A4")));
}

/* A landing needs an empty cell: another tile, still to move or used, takes it. */
static void zn_tile_does_not_land_on_a_tile_or_a_used_cell(void **unused)
{
	static const char text[] = "....\n"
	                           ".1#.\n"
	                           "#12.\n"
	                           "....\n";
	assert_lands(text, "B2", "A1 B1 C1 A2");
	assert_lands(text, "C3", "A1 C1");
}

static void zn_empty_and_used_cells_have_nowhere_to_go(void **unused)
{
	struct zn_board b = zn_board_of("....\n"
	                                ".#..\n"
	                                "..1.\n"
	                                "....\n");
	uint8_t to[8];
	assert_int_equal(zn_destinations(&b, zn_cell(&b, "A1"), to), 0);
	assert_int_equal(zn_destinations(&b, zn_cell(&b, "B2"), to), 0);
	/* Cells off the board are nobody's. */
	assert_int_equal(zn_destinations(&b, -1, to), 0);
	assert_int_equal(zn_destinations(&b, 16, to), 0);
	assert_int_equal(zn_destinations(&b, ZN_CELLS - 1, to), 0);
}

static void zn_move_leaves_the_origin_empty_and_the_landing_used(void **unused)
{
	struct zn_board b = zn_board_of("2...\n"
	                                "....\n"
	                                "....\n"
	                                "...1\n");
	assert_true(zn_move(&b, zn_named_move(&b, "A1", "C3")));
	assert_int_equal(b.cell[zn_cell(&b, "A1")], 0);
	assert_int_equal(b.cell[zn_cell(&b, "C3")], 2 | ZN_USED);
	assert_false(zn_is_tile(b.cell[zn_cell(&b, "C3")]));
	assert_int_equal(zn_value(b.cell[zn_cell(&b, "C3")]), 2);
	char buf[ZN_TEXT_MAX];
	zn_text(&b, buf);
	assert_string_equal(buf, "....\n"
	                         "....\n"
	                         "..#.\n"
	                         "...1\n");
}

/* Once landed, a tile stays: it cannot move again, and no other tile lands on it. */
static void zn_used_cell_neither_moves_nor_takes_a_landing(void **unused)
{
	struct zn_board b = zn_board_of("1...\n"
	                                "....\n"
	                                "..1.\n"
	                                "....\n");
	assert_true(zn_move(&b, zn_named_move(&b, "A1", "B2")));
	struct zn_board before = b;
	assert_false(zn_move(&b, zn_named_move(&b, "B2", "A1")));
	assert_false(zn_move(&b, zn_named_move(&b, "B2", "C2")));
	assert_false(zn_move(&b, zn_named_move(&b, "C3", "B2")));
	assert_memory_equal(&b, &before, sizeof b);
	assert_lands("....\n"
	             ".#..\n"
	             "..1.\n"
	             "....\n",
	             "C3", "C2 D2 B3 D3 B4 C4 D4");
}

static void zn_vacated_cell_takes_a_landing(void **unused)
{
	struct zn_board b = zn_board_of("12#.\n"
	                                "####\n"
	                                "####\n"
	                                "####\n");
	/* A1 can only go where B1 stands; once B1 has gone it can. */
	assert_false(zn_move(&b, zn_named_move(&b, "A1", "B1")));
	assert_true(zn_move(&b, zn_named_move(&b, "B1", "D1")));
	assert_true(zn_move(&b, zn_named_move(&b, "A1", "B1")));
	assert_int_equal(zn_status(&b), TC_WON);
}

static void zn_move_refuses_illegal_moves_and_changes_nothing(void **unused)
{
	static const char text[] = "2.1.\n"
	                           ".#..\n"
	                           "..3.\n"
	                           "....\n";
	struct zn_board b = zn_board_of(text);
	const struct zn_move bad[] = {
	        zn_named_move(&b, "A1", "B1"), /* one step for a 2 */
	        zn_named_move(&b, "A1", "D1"), /* three steps for a 2 */
	        zn_named_move(&b, "A1", "B3"), /* not a direction */
	        zn_named_move(&b, "A1", "C1"), /* onto a tile */
	        zn_named_move(&b, "A1", "C3"), /* onto a tile, diagonally */
	        zn_named_move(&b, "C1", "B2"), /* onto a used cell */
	        zn_named_move(&b, "B2", "B3"), /* a used cell */
	        zn_named_move(&b, "B1", "C1"), /* an empty cell */
	        zn_named_move(&b, "A1", "A1"), /* nowhere */
	        {zn_cell(&b, "A1"), 16},       /* off the board */
	        {zn_cell(&b, "C1"), 255},      {16, zn_cell(&b, "A1")}, {255, 0},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_false(zn_move(&b, bad[i]));
		char buf[ZN_TEXT_MAX];
		zn_text(&b, buf);
		assert_string_equal(buf, text);
	}
	struct zn_board before = zn_board_of(text);
	assert_memory_equal(&b, &before, sizeof b);
}

static void zn_status_is_won_when_every_tile_has_moved(void **unused)
{
	struct zn_board b = zn_board_of("#..#\n"
	                                "....\n"
	                                ".##.\n"
	                                "....\n");
	assert_int_equal(zn_tiles_left(&b), 0);
	assert_false(zn_can_move(&b));
	assert_int_equal(zn_status(&b), TC_WON);
	b = zn_board_of("....\n....\n....\n....\n");
	assert_int_equal(zn_status(&b), TC_WON);
}

static void zn_status_is_lost_when_tiles_remain_and_none_can_move(void **unused)
{
	struct zn_board b = zn_board_of("1#..\n"
	                                "##..\n"
	                                "....\n"
	                                "...4\n");
	assert_int_equal(zn_tiles_left(&b), 2);
	assert_false(zn_can_move(&b));
	assert_int_equal(zn_status(&b), TC_LOST);
	/* A board without an empty cell is stuck from the start. */
	b = zn_board_of("1234\n4321\n1234\n432#\n");
	assert_int_equal(zn_tiles_left(&b), 15);
	assert_int_equal(zn_status(&b), TC_LOST);
}

static void zn_status_is_playing_while_a_tile_can_move(void **unused)
{
	struct zn_board b = zn_board_of("1#..\n"
	                                "##..\n"
	                                "....\n"
	                                "..#1\n");
	assert_int_equal(zn_tiles_left(&b), 2);
	assert_true(zn_can_move(&b));
	assert_int_equal(zn_status(&b), TC_PLAYING);
	assert_true(zn_move(&b, zn_named_move(&b, "D4", "D3")));
	assert_int_equal(zn_tiles_left(&b), 1);
	assert_int_equal(zn_status(&b), TC_LOST);
}

static void zn_tiles_left_counts_tiles_still_to_move(void **unused)
{
	struct zn_board b = zn_board_of("1#2.\n"
	                                "#3#.\n"
	                                "..9.\n"
	                                "#..1\n");
	assert_int_equal(zn_tiles_left(&b), 5);
	assert_true(zn_move(&b, zn_named_move(&b, "D4", "D3")));
	assert_int_equal(zn_tiles_left(&b), 4);
}

/* Checks the promises of a generated level and plays its recorded solution to the end. */
static void assert_generated_level_is_won_by_its_solution(int rows, int cols, int attempts,
                                                          uint64_t seed)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, 99);
	struct zn_board b;
	struct zn_move solution[ZN_MAX_MOVES];
	memset(&b, 0xee, sizeof b);
	int n = zn_generate(&b, rows, cols, attempts, &rng, solution);
	assert_int_equal(b.rows, rows);
	assert_int_equal(b.cols, cols);
	int empty = 0;
	for (int i = 0; i < rows * cols; i++) {
		assert_true(b.cell[i] <= 4); /* 0 or a tile of 1 to 4, nothing used */
		empty += b.cell[i] == 0;
	}
	assert_true(empty >= 1);
	assert_int_equal(n, zn_tiles_left(&b));
	for (int i = 0; i < n; i++) {
		bool legal = zn_move(&b, solution[i]);
		if (!legal)
			print_error("%dx%da%d seed %llu: move %d of %d is illegal\n", rows, cols,
			            attempts, (unsigned long long)seed, i + 1, n);
		assert_true(legal);
	}
	assert_int_equal(zn_status(&b), TC_WON);
}

static void zn_generated_levels_are_won_by_their_recorded_solution(void **unused)
{
	for (uint64_t seed = 1; seed <= 400; seed++)
		assert_generated_level_is_won_by_its_solution(6, 6, ZN_DEFAULT_ATTEMPTS, seed);
}

static void zn_every_size_and_difficulty_generates_winnable_levels(void **unused)
{
	static const int attempts[] = {1, 2, 20, 60, 80, ZN_MAX_ATTEMPTS};
	for (int rows = ZN_MIN_SIZE; rows <= ZN_MAX_SIZE; rows++)
		for (int cols = ZN_MIN_SIZE; cols <= ZN_MAX_SIZE; cols++)
			for (size_t a = 0; a < sizeof attempts / sizeof attempts[0]; a++)
				for (uint64_t seed = 1; seed <= 3; seed++)
					assert_generated_level_is_won_by_its_solution(
					        rows, cols, attempts[a],
					        seed * 1000 + (uint64_t)(rows * 11 + cols));
}

/* As in the seed, a tile placed on the last allowed try does not count, so with a single try
 * nothing is ever placed: the level is empty and already won. */
static void zn_one_try_per_tile_places_no_tile(void **unused)
{
	struct zn_params p = {6, 6, 1, 0};
	struct zn_board b;
	struct zn_move solution[ZN_MAX_MOVES];
	assert_int_equal(zn_new_level(&b, &p, 5, solution), 0);
	assert_int_equal(zn_tiles_left(&b), 0);
	assert_int_equal(zn_status(&b), TC_WON);
}

/* More tries per tile pack the board fuller. */
static void zn_more_tries_place_more_tiles(void **unused)
{
	int tiles[3] = {0, 0, 0};
	static const int attempts[3] = {2, 20, 1000};
	for (int a = 0; a < 3; a++)
		for (uint64_t seed = 1; seed <= 50; seed++) {
			struct zn_params p = {6, 6, attempts[a], 0};
			struct zn_board b;
			struct zn_move solution[ZN_MAX_MOVES];
			tiles[a] += zn_new_level(&b, &p, seed, solution);
		}
	assert_true(tiles[0] < tiles[1]);
	assert_true(tiles[1] < tiles[2]);
}

static void zn_same_seed_gives_the_same_level(void **unused)
{
	struct zn_params p = {7, 9, 80, 0};
	for (uint64_t seed = 0; seed < 20; seed++) {
		struct zn_board a, b;
		struct zn_move sa[ZN_MAX_MOVES], sb[ZN_MAX_MOVES];
		int na = zn_new_level(&a, &p, seed, sa);
		int nb = zn_new_level(&b, &p, seed, sb);
		assert_int_equal(na, nb);
		assert_memory_equal(&a, &b, sizeof a);
		assert_memory_equal(sa, sb, (size_t)na * sizeof sa[0]);
	}
}

static void zn_different_seeds_give_different_levels(void **unused)
{
	struct zn_params p = {6, 6, ZN_DEFAULT_ATTEMPTS, 0};
	struct zn_board first, other;
	struct zn_move solution[ZN_MAX_MOVES];
	zn_new_level(&first, &p, 1, solution);
	int same = 0;
	for (uint64_t seed = 2; seed < 50; seed++) {
		zn_new_level(&other, &p, seed, solution);
		same += memcmp(&first, &other, sizeof first) == 0;
	}
	assert_int_equal(same, 0);
}

/* A game ID names the same level on every machine and build: these are the levels of
 * "znumbers:6x6a60:s1" and "znumbers:6x6a60:s2". */
static void zn_seed_gives_the_level_it_always_gave(void **unused)
{
	struct zn_params p = {6, 6, ZN_DEFAULT_ATTEMPTS, 0};
	struct zn_board b;
	struct zn_move solution[ZN_MAX_MOVES];
	char buf[ZN_TEXT_MAX];
	assert_int_equal(zn_new_level(&b, &p, 1, solution), 34);
	zn_text(&b, buf);
	assert_string_equal(buf, "142142\n"
	                         "312231\n"
	                         "221332\n"
	                         "233211\n"
	                         "11.224\n"
	                         "42221.\n");
	assert_int_equal(zn_new_level(&b, &p, 2, solution), 30);
	zn_text(&b, buf);
	assert_string_equal(buf, "14.323\n"
	                         ".33114\n"
	                         "112242\n"
	                         "431114\n"
	                         "211411\n"
	                         "...21.\n");
}

static void zn_print_parse_roundtrip(void **unused)
{
	for (int size = ZN_MIN_SIZE; size <= ZN_MAX_SIZE; size++) {
		struct zn_params p = {size, ZN_MIN_SIZE + ZN_MAX_SIZE - size, 80, 0};
		struct zn_board b;
		struct zn_move solution[ZN_MAX_MOVES];
		int n = zn_new_level(&b, &p, (uint64_t)size, solution);
		/* Half way through, with used cells. */
		for (int i = 0; i < n / 2; i++)
			assert_true(zn_move(&b, solution[i]));
		char first[ZN_TEXT_MAX], second[ZN_TEXT_MAX];
		zn_text(&b, first);
		struct zn_board back = zn_board_of(first);
		zn_text(&back, second);
		assert_string_equal(first, second);
		assert_int_equal(back.rows, b.rows);
		assert_int_equal(back.cols, b.cols);
		assert_int_equal(zn_tiles_left(&back), n - n / 2);
		/* The rules see the same position: the same moves everywhere. */
		for (int c = 0; c < b.rows * b.cols; c++) {
			uint8_t to_a[8], to_b[8];
			int na = zn_destinations(&b, c, to_a);
			assert_int_equal(zn_destinations(&back, c, to_b), na);
			assert_memory_equal(to_a, to_b, (size_t)na);
		}
	}
}

static void zn_parse_reads_digits_dots_and_used_cells(void **unused)
{
	struct zn_board b = zn_board_of("9..1\n"
	                                ".#..\n"
	                                "..5.\n"
	                                "#..#\n");
	assert_int_equal(b.rows, 4);
	assert_int_equal(b.cols, 4);
	assert_int_equal(b.cell[zn_cell(&b, "A1")], 9);
	assert_int_equal(b.cell[zn_cell(&b, "D1")], 1);
	assert_int_equal(b.cell[zn_cell(&b, "C3")], 5);
	assert_int_equal(b.cell[zn_cell(&b, "B1")], 0);
	assert_false(zn_is_tile(b.cell[zn_cell(&b, "B2")]));
	assert_true(b.cell[zn_cell(&b, "B2")] & ZN_USED);
	assert_true(b.cell[zn_cell(&b, "D4")] & ZN_USED);
	assert_int_equal(zn_tiles_left(&b), 3);
}

static void zn_parse_skips_comments_and_accepts_crlf(void **unused)
{
	struct zn_board b = zn_board_of("# a level\n"
	                                "#\n"
	                                "\n"
	                                "1...\n"
	                                "# in the middle\n"
	                                "....\n"
	                                "....\n"
	                                "...2\n"
	                                "# after\n");
	assert_int_equal(b.rows, 4);
	assert_int_equal(b.cell[zn_cell(&b, "A1")], 1);
	assert_int_equal(b.cell[zn_cell(&b, "D4")], 2);
	struct zn_board crlf = zn_board_of("1...\r\n....\r\n....\r\n...2\r\n");
	assert_memory_equal(&crlf, &b, sizeof b);
	/* No newline at the end. */
	struct zn_board bare = zn_board_of("1...\n....\n....\n...2");
	assert_memory_equal(&bare, &b, sizeof b);
}

/* Parses text that must fail, the first line being numbered first_line: the message names
 * `where` ("line L, column C"). */
static void assert_parse_fails(const char *text, int first_line, const char *where)
{
	struct zn_board b;
	char err[160] = "";
	assert_int_equal(zn_parse(text, first_line, &b, err, sizeof err), -1);
	if (strncmp(err, where, strlen(where)) != 0 || err[strlen(where)] != ':')
		print_error("message '%s' does not start with '%s:'\n", err, where);
	assert_true(strncmp(err, where, strlen(where)) == 0 && err[strlen(where)] == ':');
}

static void zn_parse_names_a_bad_character(void **unused)
{
	assert_parse_fails("......\n..x...\n......\n......\n", 1, "line 2, column 3");
	assert_parse_fails("......\n......\n......\n.....0\n", 1, "line 4, column 6");
	assert_parse_fails("x...\n....\n....\n....\n", 1, "line 1, column 1");
	assert_parse_fails("....\n.. .\n....\n....\n", 1, "line 2, column 3");
	assert_parse_fails("....\n....\n....\n...-\n", 1, "line 4, column 4");
	/* Lines count from where the caller's text starts. */
	assert_parse_fails("# level 2\n....\n..x.\n....\n....\n", 20, "line 22, column 3");
}

static void zn_parse_names_a_ragged_row(void **unused)
{
	/* The column where the row stops short, or where it runs on. */
	assert_parse_fails("......\n.....\n......\n......\n", 1, "line 2, column 6");
	assert_parse_fails("......\n......\n.......\n......\n", 1, "line 3, column 7");
	assert_parse_fails("....\n....\n....\n....\n....\n..........\n", 1, "line 6, column 5");
}

static void zn_parse_rejects_too_few_or_too_many_rows_and_columns(void **unused)
{
	assert_parse_fails("......\n......\n......\n", 1, "line 4, column 1");
	assert_parse_fails("...\n...\n...\n...\n", 1, "line 1, column 1");
	assert_parse_fails("...........\n", 1, "line 1, column 1");
	char text[256] = "";
	for (int r = 0; r < ZN_MAX_SIZE + 1; r++)
		strcat(text, "....\n");
	assert_parse_fails(text, 1, "line 11, column 1");
	assert_parse_fails("", 1, "line 1, column 1");
	assert_parse_fails("# only a comment\n\n", 1, "line 3, column 1");
}

static void zn_parse_accepts_one_level_only(void **unused)
{
	assert_parse_fails("....\n....\n....\n....\n\n....\n....\n....\n....\n", 1,
	                   "line 6, column 1");
	/* The message points at the extra level's first row, past blank lines and comments. */
	assert_parse_fails("....\n....\n....\n....\n\n\n# level 2\n....\n....\n....\n....\n", 1,
	                   "line 8, column 1");
	/* Blank lines and comments after the level are fine. */
	zn_board_of("....\n....\n....\n....\n\n\n# the end\n\n");
}

static void zn_parse_next_reads_levels_separated_by_blank_lines(void **unused)
{
	static const char pack[] = "# three levels\n"
	                           "1...\n....\n....\n....\n"
	                           "\n"
	                           "\n"
	                           "# two\n"
	                           ".2...\n.....\n.....\n.....\n.....\n"
	                           "\n"
	                           "3.....\n......\n......\n......\n";
	const char *text = pack;
	int line = 1;
	struct zn_board b;
	char err[160] = "";
	assert_int_equal(zn_parse_next(&text, &line, &b, err, sizeof err), 1);
	assert_int_equal(b.rows, 4);
	assert_int_equal(b.cols, 4);
	assert_int_equal(b.cell[0], 1);
	assert_int_equal(zn_parse_next(&text, &line, &b, err, sizeof err), 1);
	assert_int_equal(b.rows, 5);
	assert_int_equal(b.cols, 5);
	assert_int_equal(b.cell[1], 2);
	assert_int_equal(zn_parse_next(&text, &line, &b, err, sizeof err), 1);
	assert_int_equal(b.rows, 4);
	assert_int_equal(b.cols, 6);
	assert_int_equal(b.cell[0], 3);
	assert_int_equal(zn_parse_next(&text, &line, &b, err, sizeof err), 0);
	assert_int_equal(zn_parse_next(&text, &line, &b, err, sizeof err), 0);

	/* An error in the second level names its own line. */
	static const char bad[] = "1...\n....\n....\n....\n\n"
	                          "....\n....\n..?.\n....\n";
	text = bad;
	line = 1;
	assert_int_equal(zn_parse_next(&text, &line, &b, err, sizeof err), 1);
	assert_int_equal(zn_parse_next(&text, &line, &b, err, sizeof err), -1);
	assert_non_null(strstr(err, "line 8, column 3"));
}

static void zn_print_reports_needed_length(void **unused)
{
	struct zn_board b = zn_board_of("1...\n.#..\n..2.\n....\n");
	char small[8];
	assert_int_equal(zn_print(&b, small, sizeof small), 20);
	assert_string_equal(small, "1...\n.#");
	char none[1] = {'x'};
	assert_int_equal(zn_print(&b, none, sizeof none), 20);
	assert_int_equal(none[0], '\0');
	assert_int_equal(zn_print(&b, NULL, 0), 20);
}

static void zn_cell_names_are_column_letter_then_row_number(void **unused)
{
	struct zn_board b6 = {.rows = 6, .cols = 6};
	struct zn_board b10 = {.rows = 10, .cols = 10};
	struct zn_board wide = {.rows = 4, .cols = 10};
	struct zn_board tall = {.rows = 10, .cols = 4};
	char name[4];
	zn_cell_name(&b6, 0, name);
	assert_string_equal(name, "A1");
	zn_cell_name(&b6, 35, name);
	assert_string_equal(name, "F6");
	zn_cell_name(&b6, 8, name);
	assert_string_equal(name, "C2");
	zn_cell_name(&b10, 99, name);
	assert_string_equal(name, "J10");
	zn_cell_name(&b10, 90, name);
	assert_string_equal(name, "A10");
	zn_cell_name(&b10, 9, name);
	assert_string_equal(name, "J1");
	zn_cell_name(&wide, 39, name);
	assert_string_equal(name, "J4");
	zn_cell_name(&tall, 39, name);
	assert_string_equal(name, "D10");
}

static void zn_game_params_roundtrip(void **unused)
{
	static const char *const good[] = {"6x6a60", "4x4a2",  "10x10a1000", "4x10a20",
	                                   "10x4a2", "level1", "level3",     "level9"};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		struct zn_params p;
		char back[32], err[200] = "";
		if (znumbers_game.parse_params(good[i], &p, err, sizeof err) != 0)
			print_error("'%s': %s\n", good[i], err);
		assert_int_equal(znumbers_game.parse_params(good[i], &p, err, sizeof err), 0);
		znumbers_game.format_params(&p, back, sizeof back);
		assert_string_equal(back, good[i]);
	}
	struct zn_params p;
	char err[200] = "";
	assert_int_equal(znumbers_game.parse_params("7x5a80", &p, err, sizeof err), 0);
	assert_int_equal(p.rows, 7);
	assert_int_equal(p.cols, 5);
	assert_int_equal(p.attempts, 80);
	assert_int_equal(p.level, 0);
	assert_int_equal(znumbers_game.parse_params("level3", &p, err, sizeof err), 0);
	assert_int_equal(p.level, 3);
}

static void zn_game_params_without_tries_take_the_default(void **unused)
{
	struct zn_params p;
	char back[32], err[200] = "";
	assert_int_equal(znumbers_game.parse_params("6x6", &p, err, sizeof err), 0);
	assert_int_equal(p.attempts, ZN_DEFAULT_ATTEMPTS);
	znumbers_game.format_params(&p, back, sizeof back);
	assert_string_equal(back, "6x6a60");
	assert_int_equal(znumbers_game.parse_params("8x5", &p, err, sizeof err), 0);
	znumbers_game.format_params(&p, back, sizeof back);
	assert_string_equal(back, "8x5a60");
	znumbers_game.default_params(&p);
	znumbers_game.format_params(&p, back, sizeof back);
	assert_string_equal(back, "6x6a60");
}

static void zn_game_rejects_bad_params(void **unused)
{
	static const char *const bad[] = {
	        "",        "6",       "6x",     "x6",       "3x6",       "6x3",    "11x6",
	        "6x11",    "6x6a",    "6x6a1",  "6x6a1001", "6x6a99999", "6x6x6",  "6x6a60 ",
	        " 6x6",    "-6x6",    "6*6",    "6x6b60",   "level",     "level0", "level10",
	        "level-1", "level3x", "Level3", "levels",   "a60",       "6x6a-1", "100000x6",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct zn_params p;
		char err[200] = "";
		if (znumbers_game.parse_params(bad[i], &p, err, sizeof err) != -1)
			print_error("'%s' was accepted\n", bad[i]);
		assert_int_equal(znumbers_game.parse_params(bad[i], &p, err, sizeof err), -1);
		assert_true(err[0] != '\0');
	}
}

static void zn_game_pack_level_starts_as_the_pack_has_it(void **unused)
{
	for (int k = 1; k <= ZN_PACK_SIZE; k++) {
		char text[16], err[200] = "";
		struct zn_params p;
		snprintf(text, sizeof text, "level%d", k);
		assert_int_equal(znumbers_game.parse_params(text, &p, err, sizeof err), 0);
		struct znumbers z;
		znumbers_game.new_game(&z, &p, 12345);
		struct zn_board expected;
		zn_pack_level(k, &expected);
		assert_memory_equal(&z.board, &expected, sizeof expected);
		assert_int_equal(z.level, k);
		/* The seed does not matter to a pack level. */
		struct znumbers again;
		znumbers_game.new_game(&again, &p, 1);
		assert_memory_equal(&again.board, &expected, sizeof expected);
	}
}

static void zn_game_generated_level_is_the_seeds(void **unused)
{
	struct zn_params p;
	char err[200] = "";
	assert_int_equal(znumbers_game.parse_params("7x8a80", &p, err, sizeof err), 0);
	struct znumbers z;
	znumbers_game.new_game(&z, &p, 777);
	struct zn_board expected;
	struct zn_move solution[ZN_MAX_MOVES];
	zn_new_level(&expected, &p, 777, solution);
	assert_memory_equal(&z.board, &expected, sizeof expected);
	assert_int_equal(z.level, 0);
	assert_int_equal(znumbers_game.status(&z), TC_PLAYING);
}

static void zn_game_moves_are_from_and_to_cells(void **unused)
{
	struct zn_params p;
	char err[200] = "";
	assert_int_equal(znumbers_game.parse_params("6x6a60", &p, err, sizeof err), 0);
	struct znumbers z;
	znumbers_game.new_game(&z, &p, 31);
	struct zn_board start;
	struct zn_move solution[ZN_MAX_MOVES];
	int n = zn_new_level(&start, &p, 31, solution);
	assert_true(n > 0);

	struct znumbers before = z;
	const struct tc_move bogus[] = {
	        {.kind = 1, .arg = {solution[0].from, solution[0].to}},
	        {.kind = 0, .arg = {-1, solution[0].to}},
	        {.kind = 0, .arg = {solution[0].from, 36}},
	        {.kind = 0, .arg = {solution[0].from, 256 + solution[0].to}},
	        {.kind = 0, .arg = {solution[0].to, solution[0].from}},
	};
	for (size_t i = 0; i < sizeof bogus / sizeof bogus[0]; i++) {
		assert_false(znumbers_game.apply(&z, &bogus[i]));
		assert_memory_equal(&z, &before, sizeof z);
	}
	for (int i = 0; i < n; i++) {
		assert_int_equal(znumbers_game.status(&z), TC_PLAYING);
		struct tc_move m = {.kind = 0, .arg = {solution[i].from, solution[i].to}};
		assert_true(znumbers_game.apply(&z, &m));
	}
	assert_int_equal(znumbers_game.status(&z), TC_WON);
}

static void zn_game_next_level_follows_the_pack_then_generates(void **unused)
{
	struct zn_params p, next;
	char back[32], err[200] = "";
	for (int k = 1; k < ZN_PACK_SIZE; k++) {
		char text[16], expected[16];
		snprintf(text, sizeof text, "level%d", k);
		snprintf(expected, sizeof expected, "level%d", k + 1);
		assert_int_equal(znumbers_game.parse_params(text, &p, err, sizeof err), 0);
		znumbers_game.next_params(&p, &next);
		znumbers_game.format_params(&next, back, sizeof back);
		assert_string_equal(back, expected);
	}
	assert_int_equal(znumbers_game.parse_params("level9", &p, err, sizeof err), 0);
	znumbers_game.next_params(&p, &next);
	znumbers_game.format_params(&next, back, sizeof back);
	assert_string_equal(back, "6x6a60");
	assert_int_equal(znumbers_game.parse_params("8x5a20", &p, err, sizeof err), 0);
	znumbers_game.next_params(&p, &next);
	znumbers_game.format_params(&next, back, sizeof back);
	assert_string_equal(back, "8x5a20");
}

/* Tiles cleared count up and the text counts the tiles left down, move by move. */
static void zn_game_progress_counts_tiles_cleared_and_left(void **unused)
{
	struct zn_params p;
	char err[200] = "", text[16];
	assert_int_equal(znumbers_game.parse_params("6x6a60", &p, err, sizeof err), 0);
	struct znumbers z;
	znumbers_game.new_game(&z, &p, 31);
	struct zn_move solution[ZN_MAX_MOVES];
	int n = zn_new_level(&z.board, &p, 31, solution);
	struct tc_progress pr;
	for (int i = 0; i <= n; i++) {
		znumbers_game.progress(&z, &pr);
		assert_int_equal(pr.value, i);
		snprintf(text, sizeof text, "%d left", n - i);
		assert_string_equal(pr.text, text);
		if (i < n) {
			struct tc_move m = {.kind = 0, .arg = {solution[i].from, solution[i].to}};
			assert_true(znumbers_game.apply(&z, &m));
		}
	}
	assert_string_equal(pr.text, "0 left");
}

/* Levels 1, 5 and 9 as ../shared/data/znumbers-original-levels.txt has them. */
static void zn_pack_holds_the_original_levels(void **unused)
{
	static const struct {
		int level;
		const char *text;
	} known[] = {
	        {1, "......\n323222\n..2322\n2.22..\n.23.22\n23.2.4\n"},
	        {5, "421214\n121121\n132331\n112231\n1.1121\n4..414\n"},
	        {9, "41..24\n24241.\n..2.42\n11..42\n2414.1\n3.41.4\n"},
	};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		struct zn_board b;
		char buf[ZN_TEXT_MAX];
		zn_pack_level(known[i].level, &b);
		zn_text(&b, buf);
		assert_string_equal(buf, known[i].text);
	}
	/* First rows of the others. */
	static const char *const first_rows[ZN_PACK_SIZE + 1] = {
	        NULL,     "......", ".23321", ".222.2", "3422.2",
	        "421214", "321121", "2.23.2", "13.112", "41..24",
	};
	for (int k = 1; k <= ZN_PACK_SIZE; k++) {
		struct zn_board b;
		char buf[ZN_TEXT_MAX];
		zn_pack_level(k, &b);
		assert_int_equal(b.rows, 6);
		assert_int_equal(b.cols, 6);
		zn_text(&b, buf);
		assert_memory_equal(buf, first_rows[k], 6);
		/* Fresh levels: tiles and empty cells only. */
		for (int c = 0; c < 36; c++)
			assert_false(b.cell[c] & ZN_USED);
		assert_true(zn_tiles_left(&b) > 20);
		assert_int_equal(zn_status(&b), TC_PLAYING);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(zn_tile_in_the_middle_lands_in_all_eight_directions),
	        cmocka_unit_test(zn_tile_in_a_corner_lands_in_three_directions),
	        cmocka_unit_test(zn_tile_on_an_edge_lands_only_inside_the_board),
	        cmocka_unit_test(zn_tile_longer_than_the_board_cannot_move),
	        cmocka_unit_test(zn_tiles_in_between_do_not_block),
	        cmocka_unit_test(zn_tile_does_not_land_on_a_tile_or_a_used_cell),
	        cmocka_unit_test(zn_empty_and_used_cells_have_nowhere_to_go),
	        cmocka_unit_test(zn_move_leaves_the_origin_empty_and_the_landing_used),
	        cmocka_unit_test(zn_used_cell_neither_moves_nor_takes_a_landing),
	        cmocka_unit_test(zn_vacated_cell_takes_a_landing),
	        cmocka_unit_test(zn_move_refuses_illegal_moves_and_changes_nothing),
	        cmocka_unit_test(zn_status_is_won_when_every_tile_has_moved),
	        cmocka_unit_test(zn_status_is_lost_when_tiles_remain_and_none_can_move),
	        cmocka_unit_test(zn_status_is_playing_while_a_tile_can_move),
	        cmocka_unit_test(zn_tiles_left_counts_tiles_still_to_move),
	        cmocka_unit_test(zn_generated_levels_are_won_by_their_recorded_solution),
	        cmocka_unit_test(zn_every_size_and_difficulty_generates_winnable_levels),
	        cmocka_unit_test(zn_one_try_per_tile_places_no_tile),
	        cmocka_unit_test(zn_more_tries_place_more_tiles),
	        cmocka_unit_test(zn_same_seed_gives_the_same_level),
	        cmocka_unit_test(zn_different_seeds_give_different_levels),
	        cmocka_unit_test(zn_seed_gives_the_level_it_always_gave),
	        cmocka_unit_test(zn_print_parse_roundtrip),
	        cmocka_unit_test(zn_parse_reads_digits_dots_and_used_cells),
	        cmocka_unit_test(zn_parse_skips_comments_and_accepts_crlf),
	        cmocka_unit_test(zn_parse_names_a_bad_character),
	        cmocka_unit_test(zn_parse_names_a_ragged_row),
	        cmocka_unit_test(zn_parse_rejects_too_few_or_too_many_rows_and_columns),
	        cmocka_unit_test(zn_parse_accepts_one_level_only),
	        cmocka_unit_test(zn_parse_next_reads_levels_separated_by_blank_lines),
	        cmocka_unit_test(zn_print_reports_needed_length),
	        cmocka_unit_test(zn_cell_names_are_column_letter_then_row_number),
	        cmocka_unit_test(zn_game_params_roundtrip),
	        cmocka_unit_test(zn_game_params_without_tries_take_the_default),
	        cmocka_unit_test(zn_game_rejects_bad_params),
	        cmocka_unit_test(zn_game_pack_level_starts_as_the_pack_has_it),
	        cmocka_unit_test(zn_game_generated_level_is_the_seeds),
	        cmocka_unit_test(zn_game_moves_are_from_and_to_cells),
	        cmocka_unit_test(zn_game_next_level_follows_the_pack_then_generates),
	        cmocka_unit_test(zn_pack_holds_the_original_levels),
	        cmocka_unit_test(zn_game_progress_counts_tiles_cleared_and_left),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
