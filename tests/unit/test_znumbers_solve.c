/* The zNumbers solver, checked against play: every solution it gives is played out move by move,
 * and on small boards its verdicts and solution counts are compared with a brute force that
 * tries every sequence of legal moves. */
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

static struct zn_board zn_generated(int rows, int cols, int attempts, uint64_t seed)
{
	struct zn_params p = {rows, cols, attempts, 0};
	struct zn_board b;
	struct zn_move solution[ZN_MAX_MOVES];
	zn_new_level(&b, &p, seed, solution);
	return b;
}

/* A position no generator makes: each cell empty, used or a tile of 1 to max_value, with about
 * `empty` empty cells in a hundred. */
static struct zn_board zn_random_fill(int rows, int cols, int max_value, int empty, uint64_t seed)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, 0x5eed);
	struct zn_board b = {.rows = (uint8_t)rows, .cols = (uint8_t)cols};
	for (int c = 0; c < rows * cols; c++) {
		uint32_t x = tc_rng_below(&rng, 100);
		b.cell[c] = x < (uint32_t)empty ? 0
		            : x < (uint32_t)empty + 10
		                    ? ZN_USED
		                    : (uint8_t)(1 + tc_rng_below(&rng, (uint32_t)max_value));
	}
	return b;
}

static void print_board(const char *why, const struct zn_board *b)
{
	char buf[ZN_TEXT_MAX];
	zn_print(b, buf, sizeof buf);
	print_error("%s:\n%s", why, buf);
}

/* Solves and plays the solution out: every move legal, the game won at the end. */
static void assert_solution_wins(const struct zn_board *start)
{
	struct zn_move moves[ZN_MAX_MOVES];
	int count = -1;
	struct zn_search_stats stats;
	enum zn_verdict v = zn_solve(start, 0, moves, &count, &stats);
	if (v != ZN_SOLVABLE)
		print_board("no solution found", start);
	assert_int_equal(v, ZN_SOLVABLE);
	assert_int_equal(count, zn_tiles_left(start));
	assert_int_equal(stats.solutions, 1);
	struct zn_board b = *start;
	for (int i = 0; i < count; i++) {
		bool legal = zn_move(&b, moves[i]);
		if (!legal)
			print_board("a move of the solution is illegal", start);
		assert_true(legal);
	}
	assert_int_equal(zn_status(&b), TC_WON);
}

/* The brute force plays legal moves in every order it can, and counts the sets of moves that
 * win. To meet each set once and not once per order, it plays a set in one order only: at each
 * step, the first of the set's moves that is legal then, in a fixed order of all moves (cell,
 * then direction, as zn_destinations lists them). So a legal move passed over for a later one
 * may never be played afterwards: it is forbidden for the rest of that line.
 *
 * A move is a bit per (cell, direction), the tile's value fixing the distance; boards up to 5x5
 * fit 256 bits. */
#define BF_MAX_CELLS 25
#define BF_WORDS 4
/* Positions the brute force may visit for one answer; beyond, the position is left out. It keeps
 * the file fast, under sanitizers too. */
#define BF_BUDGET 5000

struct bf_set {
	uint64_t w[BF_WORDS];
};

struct brute {
	uint64_t wins;
	long nodes, budget; /* positions to visit before giving up */
	bool first_only;
};

static int sign(int x)
{
	return (x > 0) - (x < 0);
}

static int bf_bit(const struct zn_board *b, struct zn_move m)
{
	int dr = m.to / b->cols - m.from / b->cols, dc = m.to % b->cols - m.from % b->cols;
	return m.from * 9 + (sign(dr) + 1) * 3 + sign(dc) + 1;
}

static bool bf_has(const struct bf_set *s, int bit)
{
	return s->w[bit / 64] >> (bit % 64) & 1;
}

/* False when some tile is lost for good: each cell its value reaches is off the board, used,
 * or reached by a forbidden move. A cell that holds a tile now may be free later. */
static bool bf_every_tile_has_a_chance(const struct zn_board *b, const struct bf_set *forbidden)
{
	struct zn_board open = *b;
	for (int c = 0; c < b->rows * b->cols; c++)
		if (zn_is_tile(b->cell[c]))
			open.cell[c] = 0;
	for (int c = 0; c < b->rows * b->cols; c++) {
		if (!zn_is_tile(b->cell[c]))
			continue;
		open.cell[c] = b->cell[c];
		uint8_t to[8];
		int n = zn_destinations(&open, c, to), chances = 0;
		open.cell[c] = 0;
		for (int i = 0; i < n; i++)
			chances +=
			        !bf_has(forbidden, bf_bit(b, (struct zn_move){(uint8_t)c, to[i]}));
		if (chances == 0)
			return false;
	}
	return true;
}

static void bf_search(struct brute *bf, const struct zn_board *b, struct bf_set forbidden)
{
	if (bf->nodes++ > bf->budget || (bf->first_only && bf->wins > 0))
		return;
	if (zn_tiles_left(b) == 0) {
		bf->wins++;
		return;
	}
	if (!bf_every_tile_has_a_chance(b, &forbidden))
		return;
	struct bf_set passed = forbidden;
	for (int from = 0; from < b->rows * b->cols; from++) {
		uint8_t to[8];
		int n = zn_destinations(b, from, to);
		for (int i = 0; i < n; i++) {
			struct zn_move m = {(uint8_t)from, to[i]};
			int bit = bf_bit(b, m);
			uint64_t mask = UINT64_C(1) << (bit % 64);
			if (!bf_has(&forbidden, bit)) {
				struct zn_board after = *b;
				assert_true(zn_move(&after, m));
				bf_search(bf, &after, passed);
			}
			passed.w[bit / 64] |= mask;
		}
	}
}

/* The number of distinct winning sets of moves, or -1 when there are too many positions to
 * try. With first_only, stops at the first win (1: solvable, 0: not). */
static int64_t brute_force(const struct zn_board *b, long budget, bool first_only)
{
	assert_true(b->rows * b->cols <= BF_MAX_CELLS);
	struct brute bf = {.budget = budget, .first_only = first_only};
	bf_search(&bf, b, (struct bf_set){{0}});
	return bf.nodes > budget ? -1 : (int64_t)bf.wins;
}

static void zn_every_original_level_is_solved(void **unused)
{
	for (int k = 1; k <= ZN_PACK_SIZE; k++) {
		struct zn_board b;
		zn_pack_level(k, &b);
		assert_solution_wins(&b);
	}
}

static void zn_generated_levels_are_solved(void **unused)
{
	for (uint64_t seed = 1; seed <= 300; seed++) {
		struct zn_board b = zn_generated(6, 6, ZN_DEFAULT_ATTEMPTS, seed);
		assert_solution_wins(&b);
	}
	static const int attempts[] = {2, 20, 60, 80, ZN_MAX_ATTEMPTS};
	for (int size = ZN_MIN_SIZE; size <= ZN_MAX_SIZE; size++)
		for (size_t a = 0; a < sizeof attempts / sizeof attempts[0]; a++)
			for (uint64_t seed = 1; seed <= 4; seed++) {
				struct zn_board b = zn_generated(
				        size, ZN_MIN_SIZE + ZN_MAX_SIZE - size, attempts[a], seed);
				assert_solution_wins(&b);
				b = zn_generated(size, size, attempts[a], seed + 100);
				assert_solution_wins(&b);
			}
}

/* Part way through a game the solver finishes it, whichever solution was followed so far. */
static void zn_solver_finishes_a_game_in_progress(void **unused)
{
	for (int k = 1; k <= ZN_PACK_SIZE; k++) {
		struct zn_board start;
		zn_pack_level(k, &start);
		struct zn_move moves[ZN_MAX_MOVES];
		int count = 0;
		assert_int_equal(zn_solve(&start, 0, moves, &count, NULL), ZN_SOLVABLE);
		struct zn_board b = start;
		for (int i = 0; i < count; i++) {
			if (i % 5 == 0)
				assert_solution_wins(&b);
			assert_true(zn_move(&b, moves[i]));
		}
		assert_solution_wins(&b);
	}
	for (uint64_t seed = 1; seed <= 50; seed++) {
		struct zn_params p = {6, 6, ZN_DEFAULT_ATTEMPTS, 0};
		struct zn_board b;
		struct zn_move solution[ZN_MAX_MOVES];
		int n = zn_new_level(&b, &p, seed, solution);
		for (int i = 0; i < n / 2; i++)
			assert_true(zn_move(&b, solution[i]));
		assert_solution_wins(&b);
	}
}

/* A player who leaves the solver's path, without losing, is shown a new way to the end. */
static void zn_solver_follows_a_player_who_takes_another_way(void **unused)
{
	int deviations = 0;
	for (int k = 1; k <= ZN_PACK_SIZE; k++) {
		struct zn_board b;
		zn_pack_level(k, &b);
		struct zn_move moves[ZN_MAX_MOVES];
		int count = 0;
		assert_int_equal(zn_solve(&b, 0, moves, &count, NULL), ZN_SOLVABLE);
		/* Any first move other than the solver's that keeps the level winnable. */
		for (int from = 0; from < 36; from++) {
			uint8_t to[8];
			int n = zn_destinations(&b, from, to);
			for (int i = 0; i < n; i++) {
				if (from == moves[0].from && to[i] == moves[0].to)
					continue;
				struct zn_board after = b;
				assert_true(
				        zn_move(&after, (struct zn_move){(uint8_t)from, to[i]}));
				if (zn_solve(&after, 0, NULL, NULL, NULL) != ZN_SOLVABLE)
					continue;
				assert_solution_wins(&after);
				deviations++;
			}
		}
	}
	assert_true(deviations > 50);
}

/* On small boards, after each legal first move, the verdict is the brute force's. */
static void zn_verdict_after_any_first_move_matches_brute_force(void **unused)
{
	int compared = 0, unsolvable = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		/* Generated 5x5 levels, then random 4x4 fills. */
		struct zn_board b = seed <= 20 ? zn_generated(5, 5, seed % 2 ? 60 : 1000, seed)
		                               : zn_random_fill(4, 4, 3, 20, seed);
		for (int from = 0; from < b.rows * b.cols; from++) {
			uint8_t to[8];
			int n = zn_destinations(&b, from, to);
			for (int i = 0; i < n; i++) {
				struct zn_board after = b;
				zn_move(&after, (struct zn_move){(uint8_t)from, to[i]});
				int64_t wins = brute_force(&after, BF_BUDGET, true);
				if (wins < 0)
					continue;
				enum zn_verdict v = zn_solve(&after, 0, NULL, NULL, NULL);
				if (v != (wins ? ZN_SOLVABLE : ZN_UNSOLVABLE))
					print_board("verdict differs from brute force", &after);
				assert_int_equal(v, wins ? ZN_SOLVABLE : ZN_UNSOLVABLE);
				if (wins)
					assert_solution_wins(&after);
				unsolvable += !wins;
				compared++;
			}
		}
	}
	assert_true(compared > 300);
	assert_true(unsolvable > 30);
}

static void assert_unsolvable(const char *text)
{
	struct zn_board b = zn_board_of(text);
	struct zn_move moves[ZN_MAX_MOVES];
	int count = -1;
	struct zn_search_stats stats;
	assert_int_equal(zn_solve(&b, 0, moves, &count, &stats), ZN_UNSOLVABLE);
	assert_int_equal(stats.solutions, 0);
	assert_int_equal(zn_solve(&b, 0, NULL, NULL, NULL), ZN_UNSOLVABLE);
	assert_int_equal(zn_count_solutions(&b, 1000, NULL), 0);
	assert_int_equal(brute_force(&b, BF_BUDGET, false), 0);
}

static void zn_hopeless_positions_are_unsolvable(void **unused)
{
	/* A 1 walled in by used cells. */
	assert_unsolvable("###.\n"
	                  "#1#.\n"
	                  "###.\n"
	                  "....\n");
	/* Two 1s that could only swap places, while a third can still move: the game goes on,
	 * but it cannot be won. */
	struct zn_board b = zn_board_of("11##\n"
	                                "####\n"
	                                "##..\n"
	                                "##.1\n");
	assert_int_equal(zn_status(&b), TC_PLAYING);
	assert_unsolvable("11##\n"
	                  "####\n"
	                  "##..\n"
	                  "##.1\n");
	/* Three in a row that could only land on each other. */
	assert_unsolvable("111#\n"
	                  "####\n"
	                  "####\n"
	                  "###.\n");
	/* Two 1s and one cell for both. */
	assert_unsolvable("1.1#\n"
	                  "####\n"
	                  "####\n"
	                  "####\n");
	/* Full boards: a landing needs an empty cell. */
	assert_unsolvable("1234\n"
	                  "4321\n"
	                  "1234\n"
	                  "4321\n");
	assert_unsolvable("11111\n"
	                  "11111\n"
	                  "11111\n"
	                  "11111\n"
	                  "11111\n");
	/* A tile longer than the board. */
	assert_unsolvable("5...\n"
	                  "....\n"
	                  "....\n"
	                  "...1\n");
}

static void zn_won_position_has_one_empty_solution(void **unused)
{
	struct zn_board b = zn_board_of("#..#\n"
	                                "....\n"
	                                "..#.\n"
	                                "....\n");
	struct zn_move moves[ZN_MAX_MOVES];
	int count = -1;
	assert_int_equal(zn_solve(&b, 0, moves, &count, NULL), ZN_SOLVABLE);
	assert_int_equal(count, 0);
	assert_int_equal(zn_count_solutions(&b, 10, NULL), 1);
	assert_int_equal(zn_trap_permille(&b), 0);
}

/* Found among random 6x6 fills: it takes the search thousands of landings to prove lost. */
static const char zn_slow_to_refute[] = "441431\n"
                                        "24244#\n"
                                        "#2.2.3\n"
                                        "242233\n"
                                        "133321\n"
                                        "113143\n";

static void zn_node_limit_gives_up_on_a_position_that_needs_more(void **unused)
{
	struct zn_board b = zn_board_of(zn_slow_to_refute);
	struct zn_search_stats full, limited;
	assert_int_equal(zn_solve(&b, 0, NULL, NULL, &full), ZN_UNSOLVABLE);
	assert_true(full.nodes > 1000);
	assert_int_equal(zn_solve(&b, full.nodes / 2, NULL, NULL, &limited), ZN_GAVE_UP);
	assert_true(limited.nodes <= full.nodes / 2);
	assert_int_equal(zn_solve(&b, 1, NULL, NULL, NULL), ZN_GAVE_UP);
	assert_int_equal(zn_solve(&b, full.nodes - 1, NULL, NULL, NULL), ZN_GAVE_UP);
	/* Enough nodes: the same verdict as without a limit. */
	assert_int_equal(zn_solve(&b, full.nodes, NULL, NULL, NULL), ZN_UNSOLVABLE);

	/* The same for a level that can be won. */
	zn_pack_level(1, &b);
	assert_int_equal(zn_solve(&b, 0, NULL, NULL, &full), ZN_SOLVABLE);
	assert_true(full.nodes > 1);
	assert_int_equal(zn_solve(&b, full.nodes - 1, NULL, NULL, NULL), ZN_GAVE_UP);
	struct zn_move moves[ZN_MAX_MOVES];
	int count = 0;
	assert_int_equal(zn_solve(&b, full.nodes, moves, &count, NULL), ZN_SOLVABLE);
	assert_int_equal(count, zn_tiles_left(&b));
}

/* Compares zn_count_solutions with the brute force; returns false when the brute force gave
 * up. */
static bool count_matches_brute_force(const struct zn_board *b)
{
	int64_t expected = brute_force(b, BF_BUDGET, false);
	if (expected < 0)
		return false;
	uint64_t got = zn_count_solutions(b, UINT64_MAX, NULL);
	if (got != (uint64_t)expected) {
		print_board("solution count differs from brute force", b);
		print_error("zn_count_solutions %llu, brute force %lld\n", (unsigned long long)got,
		            (long long)expected);
	}
	assert_int_equal(got, expected);
	enum zn_verdict v = zn_solve(b, 0, NULL, NULL, NULL);
	assert_int_equal(v, expected ? ZN_SOLVABLE : ZN_UNSOLVABLE);
	if (expected)
		assert_solution_wins(b);
	return true;
}

/* Whole levels have too many solutions to list one by one (a 5x5 level often millions), so
 * these are levels of few tiles and the last few tiles of bigger ones, as a game reaches them. */
static void zn_solution_count_of_generated_levels_matches_brute_force(void **unused)
{
	static const int attempts[] = {2, 20, 60, ZN_MAX_ATTEMPTS};
	int compared = 0, several = 0;
	for (int size = 4; size <= 5; size++)
		for (size_t a = 0; a < sizeof attempts / sizeof attempts[0]; a++)
			for (uint64_t seed = 1; seed <= 8; seed++) {
				struct zn_params p = {size, size, attempts[a], 0};
				struct zn_board start;
				struct zn_move solution[ZN_MAX_MOVES];
				int n = zn_new_level(&start, &p, seed, solution);
				if (attempts[a] == 2)
					compared += count_matches_brute_force(&start);
				for (int left = 3; left <= 9 && left < n; left += 3) {
					struct zn_board b = start;
					for (int i = 0; i < n - left; i++)
						assert_true(zn_move(&b, solution[i]));
					compared += count_matches_brute_force(&b);
					several += zn_count_solutions(&b, 2, NULL) > 1;
				}
			}
	assert_true(compared > 120);
	assert_true(several > 80);
}

static void zn_solution_count_of_random_positions_matches_brute_force(void **unused)
{
	int compared = 0, solvable = 0, several = 0;
	for (uint64_t seed = 1; seed <= 360; seed++) {
		/* 4x4 with 5% to 20% empty cells, or 5x5 with 3% to 7%. */
		struct zn_board b =
		        seed % 6 ? zn_random_fill(4, 4, 3, 5 + (int)(seed % 4) * 5, seed)
		                 : zn_random_fill(5, 5, 3, 3 + (int)(seed % 3) * 2, seed);
		if (!count_matches_brute_force(&b))
			continue;
		compared++;
		uint64_t n = zn_count_solutions(&b, 2, NULL);
		solvable += n > 0;
		several += n > 1;
	}
	/* The fills must exercise both answers, and counts above one. */
	assert_true(compared > 300);
	assert_true(solvable > 15);
	assert_true(several > 10);
}

static void zn_solution_count_of_simple_positions(void **unused)
{
	/* One 1 in the middle: eight ways. */
	struct zn_board b = zn_board_of("....\n"
	                                ".1..\n"
	                                "....\n"
	                                "....\n");
	assert_int_equal(zn_count_solutions(&b, 1000, NULL), 8);
	/* Two 1s in far corners, three ways each. */
	b = zn_board_of(".....\n"
	                ".....\n"
	                ".....\n"
	                ".....\n"
	                "....1\n");
	b.cell[0] = 1;
	assert_int_equal(zn_count_solutions(&b, 1000, NULL), 9);
	/* Two neighbours: 8 + 8 landings, less the pairs that share a cell (4) and the swap
	 * (1); landing on the other's cell counts once whichever order it is played in. */
	b = zn_board_of(".....\n"
	                ".....\n"
	                "..11.\n"
	                ".....\n"
	                ".....\n");
	assert_int_equal(zn_count_solutions(&b, 1000, NULL), brute_force(&b, BF_BUDGET, false));
	assert_true(count_matches_brute_force(&b));
}

static void zn_solution_count_stops_at_the_cap(void **unused)
{
	struct zn_board b = zn_board_of("......\n"
	                                ".1..1.\n"
	                                "......\n"
	                                "......\n"
	                                ".1..1.\n"
	                                "......\n");
	/* Four 1s whose landings never meet: 8^4 ways. */
	uint64_t all = zn_count_solutions(&b, UINT64_MAX, NULL);
	assert_int_equal(all, 4096);
	struct zn_search_stats stats;
	for (uint64_t cap = 1; cap <= 1000; cap *= 10) {
		assert_int_equal(zn_count_solutions(&b, cap, &stats), cap);
		assert_int_equal(stats.solutions, cap);
	}
	assert_int_equal(zn_count_solutions(&b, all, NULL), all);
	assert_int_equal(zn_count_solutions(&b, all + 1, NULL), all);

	/* A pack level has more solutions than anyone will count; the cap keeps that quick. */
	zn_pack_level(1, &b);
	assert_int_equal(zn_count_solutions(&b, 5000, &stats), 5000);
	assert_true(stats.nodes >= 5000);
}

/* zn_trap_permille on small boards, recomputed with the brute force: along the solver's own
 * solution, every legal move is tried, and the ones after which nothing wins are traps. */
static void zn_trap_permille_counts_moves_that_lose(void **unused)
{
	int compared = 0, with_traps = 0;
	for (uint64_t seed = 1; seed <= 30; seed++) {
		/* A 4x4 level, or the last ten tiles of a 5x5 one. */
		struct zn_params p = {4 + (int)(seed % 2), 4 + (int)(seed % 2),
		                      seed % 3 ? 60 : 1000, 0};
		struct zn_board b;
		struct zn_move solution[ZN_MAX_MOVES];
		int n = zn_new_level(&b, &p, seed, solution);
		for (int i = 0; p.rows == 5 && i < n - 10; i++)
			assert_true(zn_move(&b, solution[i]));
		struct zn_move path[ZN_MAX_MOVES];
		int steps = 0;
		assert_int_equal(zn_solve(&b, 0, path, &steps, NULL), ZN_SOLVABLE);
		int legal = 0, traps = 0;
		bool known = true;
		struct zn_board at = b;
		for (int i = 0; i < steps && known; i++) {
			for (int from = 0; from < at.rows * at.cols; from++) {
				uint8_t to[8];
				int dests = zn_destinations(&at, from, to);
				for (int k = 0; k < dests; k++) {
					struct zn_board after = at;
					zn_move(&after, (struct zn_move){(uint8_t)from, to[k]});
					int64_t wins = brute_force(&after, BF_BUDGET, true);
					known = known && wins >= 0;
					legal++;
					traps += wins == 0;
				}
			}
			zn_move(&at, path[i]);
		}
		if (!known)
			continue;
		int permille = zn_trap_permille(&b);
		assert_int_equal(permille, legal ? traps * 1000 / legal : 0);
		compared++;
		with_traps += traps > 0;
	}
	assert_true(compared >= 20);
	assert_true(with_traps >= 5);
}

static void zn_trap_permille_is_1000_when_nothing_wins(void **unused)
{
	struct zn_board b = zn_board_of("11##\n"
	                                "####\n"
	                                "##..\n"
	                                "##.1\n");
	assert_int_equal(zn_trap_permille(&b), 1000);
	assert_int_equal(zn_rate(&b), ZN_FIENDISH);
	b = zn_board_of(zn_slow_to_refute);
	assert_int_equal(zn_trap_permille(&b), 1000);
}

/* One tile with one place to go: no choice, no trap. */
static void zn_forced_game_has_no_traps(void **unused)
{
	struct zn_board b = zn_board_of("1###\n"
	                                "#.##\n"
	                                "####\n"
	                                "####\n");
	assert_int_equal(zn_trap_permille(&b), 0);
	assert_int_equal(zn_rate(&b), ZN_EASY);
}

/* More traps never rate easier. */
static void zn_rating_grows_with_traps(void **unused)
{
	struct rated {
		int permille;
		enum zn_rating rating;
	} r[ZN_PACK_SIZE + 24];
	int n = 0;
	for (int k = 1; k <= ZN_PACK_SIZE; k++, n++) {
		struct zn_board b;
		zn_pack_level(k, &b);
		r[n].permille = zn_trap_permille(&b);
		r[n].rating = zn_rate(&b);
	}
	for (uint64_t seed = 1; seed <= 24; seed++, n++) {
		struct zn_board b =
		        zn_generated(5 + (int)(seed % 2), 6, (int)(20 + seed % 5 * 20), seed);
		r[n].permille = zn_trap_permille(&b);
		r[n].rating = zn_rate(&b);
	}
	bool seen[ZN_RATING_COUNT] = {false};
	for (int i = 0; i < n; i++) {
		assert_true(r[i].permille >= 0 && r[i].permille <= 1000);
		assert_true(r[i].rating >= ZN_EASY && r[i].rating < ZN_RATING_COUNT);
		seen[r[i].rating] = true;
		for (int j = 0; j < n; j++)
			if (r[i].permille < r[j].permille)
				assert_true(r[i].rating <= r[j].rating);
	}
	/* The levels span the scale. */
	for (int i = 0; i < ZN_RATING_COUNT; i++)
		assert_true(seen[i]);
}

static void zn_rating_names(void **unused)
{
	assert_string_equal(zn_rating_name(ZN_EASY), "easy");
	assert_string_equal(zn_rating_name(ZN_MEDIUM), "medium");
	assert_string_equal(zn_rating_name(ZN_HARD), "hard");
	assert_string_equal(zn_rating_name(ZN_FIENDISH), "fiendish");
	assert_string_equal(zn_rating_name(ZN_RATING_COUNT), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(zn_every_original_level_is_solved),
	        cmocka_unit_test(zn_generated_levels_are_solved),
	        cmocka_unit_test(zn_solver_finishes_a_game_in_progress),
	        cmocka_unit_test(zn_solver_follows_a_player_who_takes_another_way),
	        cmocka_unit_test(zn_verdict_after_any_first_move_matches_brute_force),
	        cmocka_unit_test(zn_hopeless_positions_are_unsolvable),
	        cmocka_unit_test(zn_won_position_has_one_empty_solution),
	        cmocka_unit_test(zn_node_limit_gives_up_on_a_position_that_needs_more),
	        cmocka_unit_test(zn_solution_count_of_generated_levels_matches_brute_force),
	        cmocka_unit_test(zn_solution_count_of_random_positions_matches_brute_force),
	        cmocka_unit_test(zn_solution_count_of_simple_positions),
	        cmocka_unit_test(zn_solution_count_stops_at_the_cap),
	        cmocka_unit_test(zn_trap_permille_counts_moves_that_lose),
	        cmocka_unit_test(zn_trap_permille_is_1000_when_nothing_wins),
	        cmocka_unit_test(zn_forced_game_has_no_traps),
	        cmocka_unit_test(zn_rating_grows_with_traps),
	        cmocka_unit_test(zn_rating_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
