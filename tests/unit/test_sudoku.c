/* Sudoku's rules, text form, exact solver and backend, on puzzles written as 81-character lines.
 * The hard puzzles and their solutions are published ones (checked against QQWing as well); rows,
 * columns and boxes are named from 1, as a player counts them. */
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
#include "sdk_grids.h"
#include "tilecade/sudoku.h"

/* Arto Inkala's "AI Escargot" (2006). */
static const char escargot[] =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
static const char escargot_solution[] =
        "162857493534129678789643521475312986913586742628794135356478219241935867897261354";
/* Inkala's 2010 puzzle, billed as the world's hardest. */
static const char inkala[] =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
static const char inkala_solution[] =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/* 17 clues, built to make a naive backtracker try almost everything (Wikipedia's "Sudoku
 * solving algorithms"): the first row is 987654321 and no clue gives it away. */
static const char brute_force_17[] =
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
static const char brute_force_17_solution[] =
        "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
/* The first of Gordon Royle's 17-clue puzzles, blanks as '0'. */
static const char royle_17[] =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
static const char royle_17_solution[] =
        "693784512487512936125963874932651487568247391741398625319475268856129743274836159";
/* tilecade's own, `sudoku --generate --seed 7` at simple (naked and hidden singles solve it)
 * and at easy; the solution is QQWing's too. */
static const char simple_7[] =
        ".9...368..5.6847....8.9...181..........8.7..........977...3.1....5928.7..835...6.";
static const char easy_7[] =
        ".9...368..5.684.....8.9...181..........8.7..........977...3.1.....928.7..835...6.";
static const char solution_7[] =
        "294713685351684729678295431817359246942867513536142897729436158165928374483571962";
/* A Latin-stage puzzle: one way to fill rows and columns, none once boxes count too. */
static const char latin_puzzle[] =
        "59.7.2.3..2..8.31.6...351..2..4...69......2....6.4....8.4.17...1.79.84...13......";
static const char latin_solution[] =
        "591762834729684315642835197238451769375196248986243571854317926167928453413579682";

static void assert_grid(const struct sdk_grid *g, const char *expected)
{
	char text[SDK_CELLS + 1];
	sdk_print(g, text);
	assert_string_equal(text, expected);
}

static int clues(const struct sdk_grid *g)
{
	int n = 0;
	for (int c = 0; c < SDK_CELLS; c++)
		n += g->cell[c] != 0;
	return n;
}

static int cell_at(int row, int col)
{
	return (row - 1) * 9 + (col - 1);
}

/* ---- rules ---- */

static int has(const uint8_t *cells, int n, int cell)
{
	for (int i = 0; i < n; i++)
		if (cells[i] == cell)
			return 1;
	return 0;
}

static void sdk_peers_are_row_column_and_box(void **unused)
{
	for (int c = 0; c < SDK_CELLS; c++) {
		uint8_t peers[20];
		assert_int_equal(sdk_peers(SDK_CLASSIC, c, peers), 20);
		assert_false(has(peers, 20, c));
		assert_int_equal(sdk_peers(SDK_LATIN, c, peers), 16);
		assert_false(has(peers, 16, c));
	}
	/* Row 5, column 5: the middle box's corners are peers in classic only. */
	uint8_t peers[20];
	int n = sdk_peers(SDK_CLASSIC, cell_at(5, 5), peers);
	assert_true(has(peers, n, cell_at(5, 1)) && has(peers, n, cell_at(9, 5)));
	assert_true(has(peers, n, cell_at(4, 4)) && has(peers, n, cell_at(6, 6)));
	assert_false(has(peers, n, cell_at(4, 1)) || has(peers, n, cell_at(3, 3)));
	n = sdk_peers(SDK_LATIN, cell_at(5, 5), peers);
	assert_true(has(peers, n, cell_at(5, 9)) && has(peers, n, cell_at(1, 5)));
	assert_false(has(peers, n, cell_at(4, 4)));
	assert_int_equal(sdk_peers(SDK_CLASSIC, -1, peers), 0);
	assert_int_equal(sdk_peers(SDK_CLASSIC, SDK_CELLS, peers), 0);
}

static void sdk_conflicts_mark_both_cells_of_a_repeat(void **unused)
{
	struct sdk_grid g = {{0}};
	bool conflict[SDK_CELLS];
	g.cell[cell_at(1, 1)] = 5;
	g.cell[cell_at(1, 9)] = 5; /* same row */
	g.cell[cell_at(4, 4)] = 7;
	g.cell[cell_at(5, 5)] = 7; /* same box only */
	g.cell[cell_at(9, 9)] = 3;
	sdk_conflicts(SDK_CLASSIC, &g, conflict);
	int marked = 0;
	for (int c = 0; c < SDK_CELLS; c++)
		marked += conflict[c];
	assert_int_equal(marked, 4);
	assert_true(conflict[cell_at(1, 1)] && conflict[cell_at(1, 9)]);
	assert_true(conflict[cell_at(4, 4)] && conflict[cell_at(5, 5)]);
	assert_false(sdk_consistent(SDK_CLASSIC, &g));

	sdk_conflicts(SDK_LATIN, &g, conflict); /* boxes do not count */
	assert_false(conflict[cell_at(4, 4)] || conflict[cell_at(5, 5)]);
	assert_true(conflict[cell_at(1, 1)]);
	g.cell[cell_at(1, 9)] = 0;
	assert_true(sdk_consistent(SDK_LATIN, &g));
	assert_false(sdk_consistent(SDK_CLASSIC, &g));
	g.cell[cell_at(5, 5)] = 0;
	assert_true(sdk_consistent(SDK_CLASSIC, &g));
	g.cell[0] = 10; /* not a digit */
	assert_false(sdk_consistent(SDK_LATIN, &g));
}

static void sdk_explain_conflict_names_the_unit(void **unused)
{
	char why[96];
	struct sdk_grid g = grid_of(escargot);
	assert_false(sdk_explain_conflict(SDK_CLASSIC, &g, why, sizeof why));
	g.cell[cell_at(2, 8)] = 9; /* under the 9 at row 1, column 8 */
	assert_true(sdk_explain_conflict(SDK_CLASSIC, &g, why, sizeof why));
	assert_string_equal(why, "digit 9 twice in column 8");
	g = grid_of(escargot);
	g.cell[cell_at(2, 1)] = 9; /* the 9 at row 3, column 3 shares only the box */
	assert_true(sdk_explain_conflict(SDK_CLASSIC, &g, why, sizeof why));
	assert_string_equal(why, "digit 9 twice in the top-left box");
	assert_false(sdk_explain_conflict(SDK_LATIN, &g, why, sizeof why));
	g = grid_of(escargot);
	g.cell[cell_at(2, 1)] = 3; /* next to the 3 at row 2, column 2 */
	assert_true(sdk_explain_conflict(SDK_LATIN, &g, why, sizeof why));
	assert_string_equal(why, "digit 3 twice in row 2");
}

static uint16_t digits(const char *list)
{
	uint16_t m = 0;
	for (const char *p = list; *p; p++)
		m |= (uint16_t)(1u << (*p - '1'));
	return m;
}

static void sdk_candidates_are_what_no_peer_holds(void **unused)
{
	struct sdk_grid g = grid_of(escargot);
	/* Row 1, column 2: row 1 has 1 7 9, column 2 has 3 1 4, box 1 has 1 3 9. */
	assert_int_equal(sdk_candidates(SDK_CLASSIC, &g, cell_at(1, 2)), digits("2568"));
	/* In latin the box's 9 no longer counts, but it is in the row anyway. */
	assert_int_equal(sdk_candidates(SDK_LATIN, &g, cell_at(1, 2)), digits("2568"));
	/* Row 2, column 1: box 1 holds the 9 its row and column do not. */
	assert_int_equal(sdk_candidates(SDK_CLASSIC, &g, cell_at(2, 1)), digits("457"));
	assert_int_equal(sdk_candidates(SDK_LATIN, &g, cell_at(2, 1)), digits("4579"));
	assert_int_equal(sdk_candidates(SDK_CLASSIC, &g, cell_at(1, 1)), 0); /* a given */
	struct sdk_grid empty = {{0}};
	assert_int_equal(sdk_candidates(SDK_CLASSIC, &empty, 40), SDK_ALL);
}

/* ---- text ---- */

static void sdk_parse_reads_dots_and_zeros_as_blanks(void **unused)
{
	struct sdk_grid a = grid_of(royle_17), b;
	char dots[SDK_CELLS + 1], err[96];
	sdk_print(&a, dots);
	assert_int_equal(strspn(dots, "."), 7);
	assert_int_equal(dots[7], '1');
	assert_int_equal(clues(&a), 17);
	assert_int_equal(sdk_parse(dots, &b, err, sizeof err), 0);
	assert_memory_equal(&a, &b, sizeof a);
}

static void sdk_print_parse_roundtrip(void **unused)
{
	const char *lines[] = {escargot, inkala, brute_force_17, escargot_solution, latin_puzzle};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		struct sdk_grid g = grid_of(lines[i]);
		assert_grid(&g, lines[i]);
	}
	struct sdk_grid empty = {{0}};
	char text[SDK_CELLS + 1];
	sdk_print(&empty, text);
	assert_int_equal(strlen(text), SDK_CELLS);
	assert_int_equal(strspn(text, "."), SDK_CELLS);
}

static void sdk_parse_accepts_a_line_ending(void **unused)
{
	char line[SDK_CELLS + 3], err[96];
	struct sdk_grid g;
	static const char *const endings[] = {"\n", "\r\n", "\r"};
	for (int i = 0; i < 3; i++) {
		snprintf(line, sizeof line, "%s%s", escargot, endings[i]);
		assert_int_equal(sdk_parse(line, &g, err, sizeof err), 0);
		assert_grid(&g, escargot);
	}
}

static void assert_parse_error(const char *line, const char *expected)
{
	struct sdk_grid g;
	char err[96] = "";
	assert_int_equal(sdk_parse(line, &g, err, sizeof err), -1);
	assert_string_equal(err, expected);
}

static void sdk_parse_names_length_and_bad_characters(void **unused)
{
	char line[200];
	assert_parse_error("", "line is 0 characters, not 81");
	assert_parse_error(escargot + 1, "line is 80 characters, not 81");
	snprintf(line, sizeof line, "%s.", escargot);
	assert_parse_error(line, "line is 82 characters, not 81");
	snprintf(line, sizeof line, "%s\n\n", escargot);
	assert_parse_error(line, "bad byte 0x0a at column 82");
	strcpy(line, escargot);
	line[4] = 'x';
	assert_parse_error(line, "bad character 'x' at column 5");
	line[4] = ' ';
	assert_parse_error(line, "bad character ' ' at column 5");
	line[4] = '\t';
	assert_parse_error(line, "bad byte 0x09 at column 5");
	strcpy(line, escargot);
	line[80] = (char)0xc3; /* the first byte of a UTF-8 letter */
	assert_parse_error(line, "bad byte 0xc3 at column 81");
	/* A typo is named before the length it also spoils. */
	snprintf(line, sizeof line, "12x%s", escargot);
	assert_parse_error(line, "bad character 'x' at column 3");
}

static void sdk_names(void **unused)
{
	assert_string_equal(sdk_stage_name(SDK_LATIN), "latin");
	assert_string_equal(sdk_stage_name(SDK_CLASSIC), "classic");
	assert_string_equal(sdk_rating_name(SDK_SIMPLE), "simple");
	assert_string_equal(sdk_rating_name(SDK_EXPERT), "expert");
}

/* ---- the exact solver ---- */

static bool is_full_grid(enum sdk_stage stage, const struct sdk_grid *g)
{
	for (int c = 0; c < SDK_CELLS; c++)
		if (g->cell[c] < 1 || g->cell[c] > 9)
			return false;
	return sdk_consistent(stage, g);
}

static bool keeps_givens(const struct sdk_grid *puzzle, const struct sdk_grid *solution)
{
	for (int c = 0; c < SDK_CELLS; c++)
		if (puzzle->cell[c] && puzzle->cell[c] != solution->cell[c])
			return false;
	return true;
}

static void assert_solves(enum sdk_stage stage, const char *puzzle, const char *solution)
{
	struct sdk_grid g = grid_of(puzzle), s;
	memset(&s, 0xee, sizeof s);
	assert_int_equal(sdk_solve(stage, &g, 2, &s), 1);
	assert_grid(&s, solution);
	assert_true(is_full_grid(stage, &s));
	assert_true(keeps_givens(&g, &s));
	assert_int_equal(sdk_solve(stage, &g, 1, NULL), 1);
}

static void sdk_solve_known_hard_puzzles(void **unused)
{
	assert_solves(SDK_CLASSIC, escargot, escargot_solution);
	assert_solves(SDK_CLASSIC, inkala, inkala_solution);
}

static void sdk_solve_simple_and_easy_puzzles(void **unused)
{
	assert_solves(SDK_CLASSIC, simple_7, solution_7);
	assert_solves(SDK_CLASSIC, easy_7, solution_7);
}

static void sdk_solve_17_clue_puzzles(void **unused)
{
	struct sdk_grid a = grid_of(brute_force_17), b = grid_of(royle_17);
	assert_int_equal(clues(&a), 17);
	assert_int_equal(clues(&b), 17);
	assert_solves(SDK_CLASSIC, brute_force_17, brute_force_17_solution);
	assert_solves(SDK_CLASSIC, royle_17, royle_17_solution);
}

static void sdk_solve_a_solved_grid_is_its_own_solution(void **unused)
{
	assert_solves(SDK_CLASSIC, escargot_solution, escargot_solution);
	assert_solves(SDK_LATIN, escargot_solution, escargot_solution);
}

static void sdk_solve_refuses_givens_that_break_the_rules(void **unused)
{
	struct sdk_grid g = grid_of(escargot), s;
	g.cell[cell_at(1, 2)] = 1; /* a second 1 in row 1 */
	assert_int_equal(sdk_solve(SDK_CLASSIC, &g, 2, &s), 0);
	assert_int_equal(sdk_solve(SDK_LATIN, &g, 2, &s), 0);
	g = grid_of(escargot);
	g.cell[cell_at(2, 1)] = 9; /* a second 9 in the top-left box only */
	assert_int_equal(sdk_solve(SDK_CLASSIC, &g, 2, &s), 0);
	g = grid_of(escargot);
	g.cell[cell_at(1, 2)] = 10;
	assert_int_equal(sdk_solve(SDK_CLASSIC, &g, 2, &s), 0);
}

/* Row 1 holds 1 to 8 and row 2 ends in a 9: nothing is left for row 1, column 9. */
static struct sdk_grid stuck_grid(void)
{
	struct sdk_grid g = {{0}};
	for (int d = 1; d <= 8; d++)
		g.cell[d - 1] = (uint8_t)d;
	g.cell[cell_at(2, 9)] = 9;
	return g;
}

static void sdk_solve_a_wrong_extra_clue_leaves_no_solution(void **unused)
{
	/* Every candidate of every blank that is not the solution's digit: the givens still keep
	 * the rules, but the one solution is gone, often only deep in the search. */
	struct sdk_grid g = grid_of(escargot), right = grid_of(escargot_solution);
	int tried = 0;
	for (int c = 0; c < SDK_CELLS; c++) {
		uint16_t cand = sdk_candidates(SDK_CLASSIC, &g, c);
		for (int d = 1; d <= 9; d++) {
			if (!(cand & (1u << (d - 1))) || d == right.cell[c])
				continue;
			struct sdk_grid wrong = g;
			wrong.cell[c] = (uint8_t)d;
			assert_true(sdk_consistent(SDK_CLASSIC, &wrong));
			assert_int_equal(sdk_solve(SDK_CLASSIC, &wrong, 2, NULL), 0);
			tried++;
		}
	}
	assert_true(tried > 100);
	/* A cell with no candidate at all: row 1 holds 1-8, column 9 the 9. */
	struct sdk_grid stuck = stuck_grid();
	assert_true(sdk_consistent(SDK_LATIN, &stuck));
	assert_int_equal(sdk_solve(SDK_LATIN, &stuck, 2, NULL), 0);
	assert_int_equal(sdk_solve(SDK_CLASSIC, &stuck, 2, NULL), 0);
}

/* Every cell still has a candidate, but the 9 has no place in row 1: in classic its first six
 * cells see the 9s of boxes 1 and 2 and the last three hold digits; in latin the columns' 9s
 * cover the row. */
static void sdk_solve_a_digit_without_a_place_leaves_no_solution(void **unused)
{
	struct sdk_grid g = {{0}};
	g.cell[cell_at(2, 1)] = 9;
	g.cell[cell_at(3, 4)] = 9;
	g.cell[cell_at(1, 7)] = 1;
	g.cell[cell_at(1, 8)] = 2;
	g.cell[cell_at(1, 9)] = 3;
	assert_true(sdk_consistent(SDK_CLASSIC, &g));
	for (int col = 1; col <= 6; col++)
		assert_int_not_equal(sdk_candidates(SDK_CLASSIC, &g, cell_at(1, col)), 0);
	assert_int_equal(sdk_solve(SDK_CLASSIC, &g, 2, NULL), 0);

	struct sdk_grid latin = {{0}};
	for (int col = 1; col <= 8; col++)
		latin.cell[cell_at(col + 1, col)] = 9;
	latin.cell[cell_at(1, 9)] = 1;
	assert_true(sdk_consistent(SDK_LATIN, &latin));
	assert_int_equal(sdk_solve(SDK_LATIN, &latin, 2, NULL), 0);
}

/* Solutions counted the plain way: the first blank with the fewest candidates, every digit
 * in turn, up to `limit`. */
static int count_by_backtracking(enum sdk_stage stage, struct sdk_grid *g, int limit)
{
	int best = -1, fewest = 10;
	for (int c = 0; c < SDK_CELLS; c++)
		if (g->cell[c] == 0) {
			int n = __builtin_popcount(sdk_candidates(stage, g, c));
			if (n < fewest) {
				fewest = n;
				best = c;
			}
		}
	if (best < 0)
		return 1;
	int count = 0;
	uint16_t cand = sdk_candidates(stage, g, best);
	for (int d = 1; d <= 9 && count < limit; d++)
		if (cand & (1u << (d - 1))) {
			g->cell[best] = (uint8_t)d;
			count += count_by_backtracking(stage, g, limit - count);
		}
	g->cell[best] = 0;
	return count;
}

/* Seeded puzzles of every kind: full grids with blanks, some with one digit changed (no
 * solution, or another), counted by sdk_solve and by plain backtracking. */
static void sdk_solve_agrees_with_plain_backtracking(void **unused)
{
	int seen[4] = {0}; /* puzzles with 0, 1, 2, and more solutions (of 3 asked) */
	for (int i = 0; i < 300; i++) {
		enum sdk_stage stage = i % 3 == 0 ? SDK_LATIN : SDK_CLASSIC;
		struct tc_rng rng;
		tc_rng_seed(&rng, (uint64_t)i, 11);
		struct sdk_grid full, g;
		sdk_random_full(stage, &rng, &full);
		g = full;
		int blanks = 20 + (int)tc_rng_below(&rng, 40);
		for (int k = 0; k < blanks; k++)
			g.cell[tc_rng_below(&rng, SDK_CELLS)] = 0;
		bool changed = i % 2;
		if (changed) {
			int c = (int)tc_rng_below(&rng, SDK_CELLS);
			g.cell[c] = (uint8_t)(1 + tc_rng_below(&rng, 9));
			if (!sdk_consistent(stage, &g))
				g.cell[c] = 0;
		}
		struct sdk_grid copy = g, s;
		int expected = count_by_backtracking(stage, &copy, 3);
		seen[expected]++;
		assert_int_equal(sdk_solve(stage, &g, 3, NULL), expected);
		assert_int_equal(sdk_solve(stage, &g, 1, &s), expected > 0);
		if (expected > 0) {
			assert_true(is_full_grid(stage, &s));
			assert_true(keeps_givens(&g, &s));
		}
		if (expected == 1 && !changed)
			assert_memory_equal(&s, &full, sizeof s);
	}
	for (int n = 0; n < 4; n++) /* 15, 185, 52 and 48 of them */
		assert_true(seen[n] > 10);
}

static void sdk_solve_counts_solutions_up_to_the_limit(void **unused)
{
	struct sdk_grid empty = {{0}}, s;
	assert_int_equal(sdk_solve(SDK_CLASSIC, &empty, 1, &s), 1);
	assert_true(is_full_grid(SDK_CLASSIC, &s));
	assert_int_equal(sdk_solve(SDK_CLASSIC, &empty, 2, NULL), 2);
	assert_int_equal(sdk_solve(SDK_CLASSIC, &empty, 50, NULL), 50);
	assert_int_equal(sdk_solve(SDK_LATIN, &empty, 7, &s), 7);
	assert_true(is_full_grid(SDK_LATIN, &s));
	assert_int_equal(sdk_solve(SDK_CLASSIC, &empty, 0, NULL), 1); /* below 1 counts as 1 */

	/* A solved grid with a rectangle of 7 9 / 9 7 in two boxes blanked: the two digits can
	 * swap, so exactly two solutions, however many are asked for. */
	struct sdk_grid two = grid_of(escargot_solution);
	int rect[4] = {cell_at(1, 6), cell_at(1, 8), cell_at(2, 6), cell_at(2, 8)};
	assert_int_equal(two.cell[rect[0]], 7);
	assert_int_equal(two.cell[rect[1]], 9);
	for (int i = 0; i < 4; i++)
		two.cell[rect[i]] = 0;
	assert_int_equal(sdk_solve(SDK_CLASSIC, &two, 10, &s), 2);
	assert_true(is_full_grid(SDK_CLASSIC, &s));
	assert_true(keeps_givens(&two, &s));
	assert_int_equal(sdk_solve(SDK_CLASSIC, &two, 2, NULL), 2);
	assert_int_equal(sdk_solve(SDK_CLASSIC, &two, 1, NULL), 1);
}

static void sdk_solve_latin_stage_ignores_boxes(void **unused)
{
	assert_solves(SDK_LATIN, latin_puzzle, latin_solution);
	struct sdk_grid g = grid_of(latin_puzzle), s = grid_of(latin_solution);
	assert_false(sdk_consistent(SDK_CLASSIC, &s)); /* its boxes repeat digits */
	assert_false(sdk_consistent(SDK_CLASSIC, &g)); /* already among the givens */
	assert_int_equal(sdk_solve(SDK_CLASSIC, &g, 2, NULL), 0);
	/* A classic puzzle has more freedom without its boxes. */
	g = grid_of(escargot);
	assert_int_equal(sdk_solve(SDK_LATIN, &g, 2, NULL), 2);
}

/* ---- the backend ---- */

static void assert_params_roundtrip(const char *text)
{
	struct tc_params p;
	char err[200], back[64];
	memset(&p, 0, sizeof p);
	assert_int_equal(sudoku_game.parse_params(text, p.bytes, err, sizeof err), 0);
	assert_int_equal(sudoku_game.format_params(p.bytes, back, sizeof back), (int)strlen(text));
	assert_string_equal(back, text);
}

static void sdk_game_params_roundtrip(void **unused)
{
	static const char *const texts[] = {
	        "classic-expert", "classic-simple", "classic-easy", "classic-intermediate",
	        "latin-simple",   "latin-expert",   "level1",       "level6"};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		assert_params_roundtrip(texts[i]);
	struct sdk_params p;
	char text[64];
	sudoku_game.default_params(&p);
	sudoku_game.format_params(&p, text, sizeof text);
	assert_string_equal(text, "classic-easy");
	assert_int_equal(sizeof p, sudoku_game.params_size);
}

static void sdk_game_levels_follow_the_seed(void **unused)
{
	static const struct {
		int stage, rating;
	} expected[SDK_LEVELS] = {{SDK_LATIN, SDK_SIMPLE},         {SDK_LATIN, SDK_EASY},
	                          {SDK_LATIN, SDK_INTERMEDIATE},   {SDK_CLASSIC, SDK_EASY},
	                          {SDK_CLASSIC, SDK_INTERMEDIATE}, {SDK_CLASSIC, SDK_EXPERT}};
	for (int k = 1; k <= SDK_LEVELS; k++) {
		struct sdk_params p;
		char text[24], err[200];
		snprintf(text, sizeof text, "level%d", k);
		assert_int_equal(sudoku_game.parse_params(text, &p, err, sizeof err), 0);
		assert_int_equal(p.level, k);
		assert_int_equal(p.stage, expected[k - 1].stage);
		assert_int_equal(p.rating, expected[k - 1].rating);
	}
}

/* A campaign level is one puzzle for every player whatever the seed (the seeds of IDs players
 * already had included), with one solution and the level's rating, and its ID carries seed 0. */
static void sdk_game_levels_are_fixed_puzzles(void **unused)
{
	static const uint64_t seeds[] = {0, 1, 129199184, 676368167, UINT64_MAX};
	for (int k = 1; k <= SDK_LEVELS; k++) {
		struct sdk_params p;
		char text[24], err[200];
		snprintf(text, sizeof text, "level%d", k);
		assert_int_equal(sudoku_game.parse_params(text, &p, err, sizeof err), 0);
		assert_false(sudoku_game.uses_seed(&p));
		struct sudoku first;
		sudoku_game.new_game(&first, &p, seeds[0]);
		for (size_t i = 1; i < sizeof seeds / sizeof seeds[0]; i++) {
			struct sudoku s;
			sudoku_game.new_game(&s, &p, seeds[i]);
			assert_memory_equal(&s, &first, sizeof s);
		}
		assert_int_equal(first.level, k);
		assert_int_equal(first.stage, p.stage);
		struct sdk_grid only;
		assert_int_equal(sdk_solve((enum sdk_stage)first.stage, &first.given, 2, &only), 1);
		assert_memory_equal(&only, &first.solution, sizeof only);
		assert_int_equal(sdk_rate((enum sdk_stage)first.stage, &first.given), p.rating);
		assert_true(sudoku_game.valid_state(&first));
		char id[TC_GAMEID_MAX];
		tc_gameid_format(&sudoku_game, &p, 0, id, sizeof id);
		snprintf(text, sizeof text, "sudoku:level%d:s0", k);
		assert_string_equal(id, text);
	}
	/* The data does not drift: the first and the last level as they shipped. */
	struct sdk_params p;
	struct sudoku s;
	char cells[SDK_CELLS + 1];
	sdk_level_params(1, &p);
	sudoku_game.new_game(&s, &p, 5);
	sdk_print(&s.given, cells);
	assert_string_equal(
	        cells,
	        "..9....1.7..13.648.7.9.5.6394....2.65..4.1..98.6....7539.6.4.8.435.86..7.8....5..");
	sdk_level_params(6, &p);
	sudoku_game.new_game(&s, &p, 5);
	sdk_print(&s.given, cells);
	assert_string_equal(
	        cells,
	        "98.4......3..6...12...5.4....9..754.....8.....683..1....5.3...71...7..6......1.54");
}

static void sdk_game_rejects_bad_params(void **unused)
{
	static const char *const bad[] = {
	        "",        "level0",   "level7",       "level",        "level3x",     "level03",
	        "classic", "classic-", "classic-hard", "Classic-easy", "latin-easy-", "9x9",
	        "expert",  "-easy",    "sudoku-easy"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct sdk_params p;
		char err[200] = "";
		assert_int_equal(sudoku_game.parse_params(bad[i], &p, err, sizeof err), -1);
		assert_non_null(strstr(err, "level1 to level6"));
	}
}

static void sdk_game_next_level_follows_the_campaign(void **unused)
{
	struct sdk_params p, next;
	char err[200], text[64];
	assert_int_equal(sudoku_game.parse_params("level1", &p, err, sizeof err), 0);
	static const char *const chain[] = {"level2", "level3",         "level4",        "level5",
	                                    "level6", "classic-expert", "classic-expert"};
	for (size_t i = 0; i < sizeof chain / sizeof chain[0]; i++) {
		sudoku_game.next_params(&p, &next);
		sudoku_game.format_params(&next, text, sizeof text);
		assert_string_equal(text, chain[i]);
		p = next;
	}
	assert_int_equal(sudoku_game.parse_params("latin-easy", &p, err, sizeof err), 0);
	sudoku_game.next_params(&p, &next);
	assert_memory_equal(&p, &next, sizeof p);
}

static void sdk_game_found_by_name(void **unused)
{
	assert_ptr_equal(tc_game_find("sudoku"), &sudoku_game);
	assert_string_equal(sudoku_game.title, "Sudoku");
	assert_int_equal(sudoku_game.state_size, sizeof(struct sudoku));
	assert_null(sudoku_game.score);
}

static void sdk_game_new_game_is_the_seeds_puzzle(void **unused)
{
	static const char *const params[] = {"classic-easy", "latin-intermediate"};
	for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
		struct sdk_params p;
		char err[200];
		assert_int_equal(sudoku_game.parse_params(params[i], &p, err, sizeof err), 0);
		struct sudoku a, b, c;
		memset(&a, 0xaa, sizeof a);
		memset(&b, 0x55, sizeof b);
		sudoku_game.new_game(&a, &p, 77);
		sudoku_game.new_game(&b, &p, 77);
		sudoku_game.new_game(&c, &p, 78);
		assert_memory_equal(&a, &b, sizeof a); /* every byte, padding too */
		assert_memory_not_equal(&a.given, &c.given, sizeof a.given);
		assert_int_equal(a.stage, p.stage);
		assert_int_equal(a.level, p.level);
		assert_false(a.revealed);
		assert_memory_equal(&a.entry, &a.given, sizeof a.given);
		struct sdk_grid only;
		assert_int_equal(sdk_solve((enum sdk_stage)a.stage, &a.given, 2, &only), 1);
		assert_memory_equal(&only, &a.solution, sizeof only);
		assert_true(sudoku_game.valid_state(&a));
		assert_int_equal(sudoku_game.status(&a), TC_PLAYING);
	}
}

static struct sudoku started(enum sdk_stage stage, const char *puzzle)
{
	struct sudoku s;
	char err[120];
	struct sdk_grid g = grid_of(puzzle);
	memset(&s, 0x33, sizeof s);
	if (sdk_start_puzzle(&s, stage, &g, err, sizeof err) != 0)
		fail_msg("%s", err);
	return s;
}

static bool play(struct sudoku *s, int kind, int cell, int digit)
{
	struct tc_move m = {.kind = (uint8_t)kind, .arg = {(int16_t)cell, (int16_t)digit}};
	return sudoku_game.apply(s, &m);
}

static void sdk_start_puzzle_fills_a_state(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, escargot);
	struct sudoku zero;
	memset(&zero, 0, sizeof zero);
	assert_grid(&s.given, escargot);
	assert_grid(&s.entry, escargot);
	assert_grid(&s.solution, escargot_solution);
	assert_int_equal(s.stage, SDK_CLASSIC);
	assert_int_equal(s.level, 0);
	assert_false(s.revealed);
	assert_memory_equal(s.marks, zero.marks, sizeof s.marks);
	assert_true(sudoku_game.valid_state(&s));
	s = started(SDK_LATIN, latin_puzzle);
	assert_grid(&s.solution, latin_solution);
	assert_true(sudoku_game.valid_state(&s));
}

static void assert_start_fails(enum sdk_stage stage, const struct sdk_grid *g, const char *why)
{
	struct sudoku s;
	char err[120] = "";
	assert_int_equal(sdk_start_puzzle(&s, stage, g, err, sizeof err), -1);
	if (!strstr(err, why))
		fail_msg("'%s' does not say '%s'", err, why);
}

static void sdk_start_puzzle_refuses_what_is_not_a_puzzle(void **unused)
{
	struct sdk_grid g = grid_of(escargot);
	assert_start_fails(SDK_LATIN, &g, "more than one solution");
	assert_start_fails((enum sdk_stage)2, &g, "stage");
	g.cell[cell_at(1, 2)] = 7;
	assert_start_fails(SDK_CLASSIC, &g, "digit 7 twice in row 1");
	g = grid_of(escargot);
	g.cell[5] = 12;
	assert_start_fails(SDK_CLASSIC, &g, "row 1, column 6");
	g = grid_of(latin_puzzle);
	assert_start_fails(SDK_CLASSIC, &g, "digit 3 twice in the top-right box");
	g = stuck_grid();
	assert_start_fails(SDK_CLASSIC, &g, "no solution");
	assert_start_fails(SDK_LATIN, &g, "no solution in the latin stage");
	struct sdk_grid empty = {{0}};
	assert_start_fails(SDK_CLASSIC, &empty, "more than one solution");
}

static void sdk_game_givens_cannot_change(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, escargot), before = s;
	for (int d = 0; d <= 9; d++)
		assert_false(play(&s, SDK_MOVE_DIGIT, cell_at(1, 1), d));
	assert_false(play(&s, SDK_MOVE_MARK, cell_at(1, 1), 2));
	assert_memory_equal(&s, &before, sizeof s);
}

static void sdk_game_digits_are_placed_changed_and_cleared(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, escargot);
	int c = cell_at(1, 2);
	assert_true(play(&s, SDK_MOVE_DIGIT, c, 4)); /* wrong, but the player may write it */
	assert_int_equal(s.entry.cell[c], 4);
	assert_false(play(&s, SDK_MOVE_DIGIT, c, 4));
	assert_true(play(&s, SDK_MOVE_DIGIT, c, 6));
	assert_true(play(&s, SDK_MOVE_DIGIT, c, 0));
	assert_int_equal(s.entry.cell[c], 0);
	assert_false(play(&s, SDK_MOVE_DIGIT, c, 0));
	struct sudoku before = s;
	assert_false(play(&s, SDK_MOVE_DIGIT, c, 10));
	assert_false(play(&s, SDK_MOVE_DIGIT, c, -1));
	assert_false(play(&s, SDK_MOVE_DIGIT, -1, 3));
	assert_false(play(&s, SDK_MOVE_DIGIT, SDK_CELLS, 3));
	assert_false(play(&s, SDK_MOVE_MARK, c, 0));
	assert_false(play(&s, SDK_MOVE_MARK, c, 10));
	assert_false(play(&s, 99, c, 3));
	assert_memory_equal(&s, &before, sizeof s);
}

static void sdk_game_marks_toggle_on_empty_cells(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, escargot);
	int c = cell_at(1, 2);
	assert_true(play(&s, SDK_MOVE_MARK, c, 2));
	assert_true(play(&s, SDK_MOVE_MARK, c, 5));
	assert_int_equal(s.marks[c], digits("25"));
	assert_true(play(&s, SDK_MOVE_MARK, c, 2));
	assert_int_equal(s.marks[c], digits("5"));
	/* Marks stay under a digit, for when it is cleared, but cannot change there. */
	assert_true(play(&s, SDK_MOVE_DIGIT, c, 6));
	assert_false(play(&s, SDK_MOVE_MARK, c, 8));
	assert_int_equal(s.marks[c], digits("5"));
	assert_true(play(&s, SDK_MOVE_DIGIT, c, 0));
	assert_int_equal(s.marks[c], digits("5"));
}

static void sdk_game_a_digit_leaves_the_peers_marks(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, escargot);
	int c = cell_at(2, 1), row = cell_at(2, 8), col = cell_at(9, 1), box = cell_at(3, 2),
	    other = cell_at(5, 4);
	int marked[] = {row, col, box, other};
	for (int i = 0; i < 4; i++) {
		assert_true(play(&s, SDK_MOVE_MARK, marked[i], 5));
		assert_true(play(&s, SDK_MOVE_MARK, marked[i], 6));
	}
	assert_true(play(&s, SDK_MOVE_DIGIT, c, 5));
	assert_int_equal(s.marks[row], digits("6"));
	assert_int_equal(s.marks[col], digits("6"));
	assert_int_equal(s.marks[box], digits("6"));
	assert_int_equal(s.marks[other], digits("56"));

	/* In the Latin stage a box is no unit: its marks stay. */
	s = started(SDK_LATIN, latin_puzzle);
	c = cell_at(1, 3);
	box = cell_at(2, 1);
	row = cell_at(1, 5);
	assert_true(play(&s, SDK_MOVE_MARK, box, 1));
	assert_true(play(&s, SDK_MOVE_MARK, row, 1));
	assert_true(play(&s, SDK_MOVE_DIGIT, c, 1));
	assert_int_equal(s.marks[box], digits("1"));
	assert_int_equal(s.marks[row], 0);
}

static void sdk_game_automarks_are_the_candidates(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, escargot);
	assert_true(play(&s, SDK_MOVE_DIGIT, cell_at(1, 2), 6));
	assert_true(play(&s, SDK_MOVE_MARK, cell_at(1, 3), 9)); /* a wrong mark goes */
	assert_true(play(&s, SDK_MOVE_AUTOMARKS, 0, 0));
	for (int c = 0; c < SDK_CELLS; c++)
		if (s.entry.cell[c] == 0)
			assert_int_equal(s.marks[c], sdk_candidates(SDK_CLASSIC, &s.entry, c));
	assert_int_equal(s.marks[cell_at(1, 1)], 0);
	assert_int_equal(s.marks[cell_at(1, 3)], digits("248"));
	assert_false(play(&s, SDK_MOVE_AUTOMARKS, 0, 0)); /* nothing left to change */
}

static void fill_solution(struct sudoku *s, int except)
{
	for (int c = 0; c < SDK_CELLS; c++)
		if (!s->given.cell[c] && c != except)
			assert_true(play(s, SDK_MOVE_DIGIT, c, s->solution.cell[c]));
}

static void sdk_game_is_won_when_the_grid_is_the_solution(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, escargot);
	int last = cell_at(9, 9);
	fill_solution(&s, last);
	assert_int_equal(sudoku_game.status(&s), TC_PLAYING);
	int right = s.solution.cell[last], wrong = right % 9 + 1;
	assert_true(play(&s, SDK_MOVE_DIGIT, last, wrong));
	assert_int_equal(sudoku_game.status(&s), TC_PLAYING);
	assert_true(play(&s, SDK_MOVE_DIGIT, last, right));
	assert_int_equal(sudoku_game.status(&s), TC_WON);
	assert_true(sudoku_game.valid_state(&s));
	/* A finished puzzle takes no more moves. */
	struct sudoku won = s;
	assert_false(play(&s, SDK_MOVE_DIGIT, last, 0));
	assert_false(play(&s, SDK_MOVE_AUTOMARKS, 0, 0));
	assert_false(play(&s, SDK_MOVE_REVEAL, 0, 0));
	assert_memory_equal(&s, &won, sizeof s);
}

static void sdk_game_latin_win_needs_only_rows_and_columns(void **unused)
{
	struct sudoku s = started(SDK_LATIN, latin_puzzle);
	fill_solution(&s, -1);
	assert_int_equal(sudoku_game.status(&s), TC_WON);
}

static void sdk_game_reveal_loses(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, inkala);
	assert_true(play(&s, SDK_MOVE_DIGIT, cell_at(1, 2), 3));
	assert_true(play(&s, SDK_MOVE_REVEAL, 0, 0));
	assert_true(s.revealed);
	assert_memory_equal(&s.entry, &s.solution, sizeof s.entry);
	assert_int_equal(sudoku_game.status(&s), TC_LOST);
	assert_true(sudoku_game.valid_state(&s));
	assert_false(play(&s, SDK_MOVE_REVEAL, 0, 0));
	assert_false(play(&s, SDK_MOVE_DIGIT, cell_at(1, 2), 0));
}

/* One byte of a state changed to a value the rules never make. */
static void assert_refused(const struct sudoku *good, size_t at, unsigned char value)
{
	unsigned char bytes[sizeof(struct sudoku)];
	memcpy(bytes, good, sizeof bytes);
	bytes[at] = value;
	if (sudoku_game.valid_state(bytes))
		fail_msg("byte %zu = %d accepted", at, value);
}

static void sdk_game_valid_state_refuses_damage(void **unused)
{
	struct sudoku s = started(SDK_CLASSIC, escargot);
	assert_true(play(&s, SDK_MOVE_DIGIT, cell_at(1, 2), 6));
	assert_true(play(&s, SDK_MOVE_MARK, cell_at(1, 3), 2));
	assert_true(sudoku_game.valid_state(&s));
	const size_t given = offsetof(struct sudoku, given), entry = offsetof(struct sudoku, entry),
	             solution = offsetof(struct sudoku, solution),
	             marks = offsetof(struct sudoku, marks);
	assert_refused(&s, offsetof(struct sudoku, stage), 2);
	assert_refused(&s, offsetof(struct sudoku, level), 7);
	assert_refused(&s, offsetof(struct sudoku, level), 1); /* level 1 is latin */
	assert_refused(&s, offsetof(struct sudoku, revealed), 2);
	assert_refused(&s, offsetof(struct sudoku, revealed), 1); /* but the grid is not shown */
	assert_refused(&s, entry + (size_t)cell_at(1, 2), 10);
	assert_refused(&s, entry + (size_t)cell_at(1, 1), 2); /* a given changed */
	assert_refused(&s, given + (size_t)cell_at(1, 1), 2); /* not the solution's */
	assert_refused(&s, given + (size_t)cell_at(1, 1), 10);
	assert_refused(&s, solution + (size_t)cell_at(9, 9), 0); /* not full */
	assert_refused(&s, solution + (size_t)cell_at(9, 9), 10);
	assert_refused(&s, solution + (size_t)cell_at(9, 8), 4); /* a repeat */
	/* Bit 9 and above of a mark (little-endian high byte), and a mark on a given. */
	size_t mark = marks + 2 * (size_t)cell_at(1, 3);
	assert_refused(&s, mark + (((const unsigned char *)&(uint16_t){1})[0] ? 1 : 0), 0x02);
	assert_refused(&s, marks + 2 * (size_t)cell_at(1, 1), 1);
	assert_refused(&s, marks + 2 * (size_t)cell_at(1, 1) + 1, 1);

	/* A solution that is one of several: a right grid would not count as a win. */
	struct sudoku two = started(SDK_CLASSIC, escargot_solution);
	int rect[4] = {cell_at(1, 6), cell_at(1, 8), cell_at(2, 6), cell_at(2, 8)};
	for (int i = 0; i < 4; i++)
		two.given.cell[rect[i]] = two.entry.cell[rect[i]] = 0;
	assert_false(sudoku_game.valid_state(&two));
	/* A latin solution in the classic stage. */
	struct sudoku latin = started(SDK_LATIN, latin_puzzle);
	assert_refused(&latin, offsetof(struct sudoku, stage), SDK_CLASSIC);
}

/* A puzzle of the player's own lives in the parameters: its game ID plays it again, whatever
 * the seed, and a puzzle that is not a proper one never gets in. */
static void sdk_game_own_puzzle_is_its_parameters(void **unused)
{
	static const char text[] = "classic=53007000060019500009800006080006000340080300170002000"
	                           "6060000280000419005000080079";
	struct sdk_params p;
	char err[200] = "", back[TC_GAMEID_MAX];
	assert_int_equal(sudoku_game.parse_params(text, &p, err, sizeof err), 0);
	sudoku_game.format_params(&p, back, sizeof back);
	assert_string_equal(back, text);
	assert_false(sudoku_game.uses_seed(&p));
	struct sudoku a, b;
	sudoku_game.new_game(&a, &p, 1);
	sudoku_game.new_game(&b, &p, 99);
	assert_memory_equal(&a, &b, sizeof a);
	struct sdk_grid given;
	assert_int_equal(sdk_parse(text + 8, &given, err, sizeof err), 0);
	assert_memory_equal(&a.given, &given, sizeof given);
	assert_int_equal(sdk_solve(SDK_CLASSIC, &a.given, 2, NULL), 1);
	/* Breaking the rules, or leaving more than one solution, is refused with a reason. */
	assert_int_not_equal(sudoku_game.parse_params("classic=55007000060019500009800006080006000"
	                                              "3400803001700020006060000280000419005000"
	                                              "080079",
	                                              &p, err, sizeof err),
	                     0);
	assert_non_null(strstr(err, "twice"));
	char many[8 + SDK_CELLS + 1] = "classic=";
	memset(many + 8, '0', SDK_CELLS);
	many[8 + SDK_CELLS] = '\0';
	assert_int_not_equal(sudoku_game.parse_params(many, &p, err, sizeof err), 0);
}

/* Cells filled, givens included, out of 81; the solution shown counts none of it. */
static void sdk_game_progress_counts_cells_filled(void **unused)
{
	struct sdk_params p;
	char err[200] = "";
	assert_int_equal(sudoku_game.parse_params("classic=53007000060019500009800006080006000"
	                                          "3400803001700020006060000280000419005000080079",
	                                          &p, err, sizeof err),
	                 0);
	struct sudoku s;
	sudoku_game.new_game(&s, &p, 1);
	struct tc_progress pr;
	sudoku_game.progress(&s, &pr);
	assert_int_equal(pr.value, 30);
	assert_string_equal(pr.text, "30/81");
	/* Any digit fills a cell, right or wrong (row 1, column 3 is a 4); clearing empties it. */
	struct tc_move wrong = {.kind = SDK_MOVE_DIGIT, .arg = {2, 9}};
	struct tc_move clear = {.kind = SDK_MOVE_DIGIT, .arg = {2, 0}};
	struct tc_move mark = {.kind = SDK_MOVE_MARK, .arg = {3, 6}};
	assert_true(sudoku_game.apply(&s, &wrong));
	assert_true(sudoku_game.apply(&s, &mark));
	sudoku_game.progress(&s, &pr);
	assert_int_equal(pr.value, 31);
	assert_string_equal(pr.text, "31/81");
	assert_true(sudoku_game.apply(&s, &clear));
	sudoku_game.progress(&s, &pr);
	assert_string_equal(pr.text, "30/81");
	struct tc_move reveal = {.kind = SDK_MOVE_REVEAL};
	assert_true(sudoku_game.apply(&s, &reveal));
	sudoku_game.progress(&s, &pr);
	assert_int_equal(pr.value, 30);
	assert_string_equal(pr.text, "revealed");
	s.revealed = false; /* the same full grid, the player's: solved */
	sudoku_game.progress(&s, &pr);
	assert_int_equal(pr.value, 81);
	assert_string_equal(pr.text, "81/81");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(sdk_peers_are_row_column_and_box),
	        cmocka_unit_test(sdk_conflicts_mark_both_cells_of_a_repeat),
	        cmocka_unit_test(sdk_explain_conflict_names_the_unit),
	        cmocka_unit_test(sdk_candidates_are_what_no_peer_holds),
	        cmocka_unit_test(sdk_parse_reads_dots_and_zeros_as_blanks),
	        cmocka_unit_test(sdk_print_parse_roundtrip),
	        cmocka_unit_test(sdk_parse_accepts_a_line_ending),
	        cmocka_unit_test(sdk_parse_names_length_and_bad_characters),
	        cmocka_unit_test(sdk_names),
	        cmocka_unit_test(sdk_solve_known_hard_puzzles),
	        cmocka_unit_test(sdk_solve_simple_and_easy_puzzles),
	        cmocka_unit_test(sdk_solve_17_clue_puzzles),
	        cmocka_unit_test(sdk_solve_a_solved_grid_is_its_own_solution),
	        cmocka_unit_test(sdk_solve_refuses_givens_that_break_the_rules),
	        cmocka_unit_test(sdk_solve_a_wrong_extra_clue_leaves_no_solution),
	        cmocka_unit_test(sdk_solve_a_digit_without_a_place_leaves_no_solution),
	        cmocka_unit_test(sdk_solve_agrees_with_plain_backtracking),
	        cmocka_unit_test(sdk_solve_counts_solutions_up_to_the_limit),
	        cmocka_unit_test(sdk_solve_latin_stage_ignores_boxes),
	        cmocka_unit_test(sdk_game_params_roundtrip),
	        cmocka_unit_test(sdk_game_levels_follow_the_seed),
	        cmocka_unit_test(sdk_game_levels_are_fixed_puzzles),
	        cmocka_unit_test(sdk_game_rejects_bad_params),
	        cmocka_unit_test(sdk_game_next_level_follows_the_campaign),
	        cmocka_unit_test(sdk_game_found_by_name),
	        cmocka_unit_test(sdk_game_new_game_is_the_seeds_puzzle),
	        cmocka_unit_test(sdk_start_puzzle_fills_a_state),
	        cmocka_unit_test(sdk_start_puzzle_refuses_what_is_not_a_puzzle),
	        cmocka_unit_test(sdk_game_givens_cannot_change),
	        cmocka_unit_test(sdk_game_digits_are_placed_changed_and_cleared),
	        cmocka_unit_test(sdk_game_marks_toggle_on_empty_cells),
	        cmocka_unit_test(sdk_game_a_digit_leaves_the_peers_marks),
	        cmocka_unit_test(sdk_game_automarks_are_the_candidates),
	        cmocka_unit_test(sdk_game_is_won_when_the_grid_is_the_solution),
	        cmocka_unit_test(sdk_game_latin_win_needs_only_rows_and_columns),
	        cmocka_unit_test(sdk_game_reveal_loses),
	        cmocka_unit_test(sdk_game_valid_state_refuses_damage),
	        cmocka_unit_test(sdk_game_own_puzzle_is_its_parameters),
	        cmocka_unit_test(sdk_game_progress_counts_cells_filled),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
