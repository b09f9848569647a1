/* Sudoku's logical solver (rating and hints) and generator. Rated puzzles come from QQWing 1.3.4
 * (`qqwing --generate --difficulty LEVEL`), whose scale the rating follows; the positions for
 * the hints are taken from those puzzles part way through. Rows and columns in the comments are
 * named from 1, as a player counts them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sdk_grids.h"
#include "tilecade/sudoku.h"

static const char *const qqwing_simple[] = {
        "............245..1..4..89.3.826.......51.3.863.....4......1...8..8.52..4.....9...",
        "......6..8...937...4.21....1..47..8......9....2.....3..8.742...7.2........1.8...9",
        "3.85..9.7..59238...............9.5....9........38.2.4..5..7..34.8.2........4..21.",
};
static const char *const qqwing_easy[] = {
        "...4.3.6.85........4...........3981....6..5..61.5..7...6.......9.8.....34...81...",
        "...75.28.2.....1...73..6..4.1..28...5.............461...56.1...4.........6237.8..",
        "....9.....29.7..4.....21......2....7.5....8.6.6.....2.4...875....7.64.9.5.1......",
};
static const char *const qqwing_intermediate[] = {
        ".2.9..386.....4.7..5.3....4..5.......68.....7.7.........7...6..8.2..7..35...48..9",
        ".2.8...4.459..6...36.....9.5..1.86...81..4.........5........2.....64.......519...",
        "2.4.....7.7.4......9......1.6..274.5..5.3.9.6...56..7...3..1.2.....5.6...5...3...",
};
static const char *const qqwing_expert[] = {
        "....4.......39.268...1....7....74......9...3..7..2....6.4...9...27.....6198.6..72",
        ".9..4..8.5.8......6.....4.2....5...4.5.......863..219........21.31...94..8.9.....",
};
/* Arto Inkala's "AI Escargot": no technique here gets far into it. The first of Gordon Royle's
 * 17-clue puzzles falls to hidden singles (QQWing says easy too): few clues is not hard. */
static const char escargot[] =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
static const char royle_17[] =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
/* A full Latin square that breaks the box rule. */
static const char latin_full[] =
        "591762834729684315642835197238451769375196248986243571854317926167928453413579682";

static int cell_at(int row, int col)
{
	return (row - 1) * 9 + (col - 1);
}

static bool sees(enum sdk_stage stage, int a, int b)
{
	uint8_t peers[20];
	int n = sdk_peers(stage, a, peers);
	for (int i = 0; i < n; i++)
		if (peers[i] == b)
			return true;
	return false;
}

static bool in_proof(const struct sdk_step *s, int cell)
{
	for (int i = 0; i < s->proof_count; i++)
		if (s->proof[i] == cell)
			return true;
	return false;
}

static void assert_rated(enum sdk_stage stage, const char *const *puzzles, int n,
                         enum sdk_rating expected)
{
	for (int i = 0; i < n; i++) {
		struct sdk_grid g = grid_of(puzzles[i]);
		enum sdk_rating r = sdk_rate(stage, &g);
		if (r != expected)
			fail_msg("%s rated %s, not %s", puzzles[i], sdk_rating_name(r),
			         sdk_rating_name(expected));
	}
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void logic_rates_qqwing_simple_as_simple(void **unused)
{
	assert_rated(SDK_CLASSIC, qqwing_simple, COUNT(qqwing_simple), SDK_SIMPLE);
}

static void logic_rates_qqwing_easy_as_easy(void **unused)
{
	assert_rated(SDK_CLASSIC, qqwing_easy, COUNT(qqwing_easy), SDK_EASY);
}

static void logic_rates_qqwing_intermediate_as_intermediate(void **unused)
{
	assert_rated(SDK_CLASSIC, qqwing_intermediate, COUNT(qqwing_intermediate),
	             SDK_INTERMEDIATE);
}

static void logic_rates_qqwing_expert_as_expert(void **unused)
{
	assert_rated(SDK_CLASSIC, qqwing_expert, COUNT(qqwing_expert), SDK_EXPERT);
	const char *const hard[] = {escargot};
	assert_rated(SDK_CLASSIC, hard, COUNT(hard), SDK_EXPERT);
}

static void logic_rates_17_clues_by_technique_not_clues(void **unused)
{
	const char *const few[] = {royle_17};
	assert_rated(SDK_CLASSIC, few, COUNT(few), SDK_EASY);
}

/* A solved grid with a few holes, each settled by its peers alone. */
static void logic_rates_grid_with_scattered_holes_simple(void **unused)
{
	struct sdk_grid g = grid_of(latin_full);
	int holes[] = {0, 10, 20, 40, 80};
	for (int i = 0; i < COUNT(holes); i++)
		g.cell[holes[i]] = 0;
	assert_int_equal(sdk_rate(SDK_LATIN, &g), SDK_SIMPLE);
}

/* The cap stops at the first harder technique: an easy puzzle is "above simple". */
static void logic_rate_upto_stops_above_the_limit(void **unused)
{
	struct sdk_grid g = grid_of(qqwing_easy[0]);
	assert_true(sdk_rate_upto(SDK_CLASSIC, &g, SDK_SIMPLE) > SDK_SIMPLE);
	assert_int_equal(sdk_rate_upto(SDK_CLASSIC, &g, SDK_EASY), SDK_EASY);
	g = grid_of(qqwing_simple[0]);
	assert_int_equal(sdk_rate_upto(SDK_CLASSIC, &g, SDK_SIMPLE), SDK_SIMPLE);
}

/* The placement of a hint is the unique solution's digit. */
static void assert_hint_correct(enum sdk_stage stage, const struct sdk_grid *g,
                                const struct sdk_step *s)
{
	struct sdk_grid solution;
	assert_int_equal(sdk_solve(stage, g, 2, &solution), 1);
	assert_in_range(s->cell, 0, SDK_CELLS - 1);
	assert_int_equal(g->cell[s->cell], 0);
	assert_int_equal(s->digit, solution.cell[s->cell]);
}

static struct sdk_step hint_of(const char *position)
{
	struct sdk_grid g = grid_of(position);
	struct sdk_step s;
	assert_true(sdk_hint(SDK_CLASSIC, &g, &s));
	assert_hint_correct(SDK_CLASSIC, &g, &s);
	return s;
}

/* r4c3 can only be 7: the proof is one peer for each of the eight other digits. */
static void logic_hint_naked_single_shows_peers_of_other_digits(void **unused)
{
	const char *pos =
	        "....2..6.1.2.....4..93......6..9..813...46.....5......8.3...152..........54...93.";
	struct sdk_grid g = grid_of(pos);
	struct sdk_step s = hint_of(pos);
	assert_int_equal(s.technique, SDK_NAKED_SINGLE);
	assert_int_equal(s.cell, cell_at(4, 3));
	assert_int_equal(s.digit, 7);
	uint16_t digits = (uint16_t)(1u << (s.digit - 1));
	for (int i = 0; i < s.proof_count; i++) {
		assert_true(sees(SDK_CLASSIC, s.cell, s.proof[i]));
		digits |= (uint16_t)(1u << (g.cell[s.proof[i]] - 1));
	}
	assert_int_equal(digits, SDK_ALL);
}

/* In the top-left box only r2c2 can take an 8: the 8s at r1c8, r8c1 and r5c3 rule out the
 * box's other empty cells. */
static void logic_hint_hidden_single_shows_the_digit_ruling_out_the_unit(void **unused)
{
	struct sdk_step s = hint_of(qqwing_intermediate[0]);
	assert_int_equal(s.technique, SDK_HIDDEN_SINGLE);
	assert_int_equal(s.cell, cell_at(2, 2));
	assert_int_equal(s.digit, 8);
	assert_int_equal(s.proof_count, 3);
	assert_true(in_proof(&s, cell_at(1, 8)));
	assert_true(in_proof(&s, cell_at(8, 1)));
	assert_true(in_proof(&s, cell_at(5, 3)));
}

/* In column 8, r3c8 and r9c8 can only be 1 or 2: that leaves r7c8 (1, 2 or 4) a 4. */
static void logic_hint_naked_pair(void **unused)
{
	struct sdk_step s = hint_of(".2.975386683..4975759386..4..57..8...684....7.7.8.......75..6."
	                            "88.26.7..3536.487.9");
	assert_int_equal(s.technique, SDK_NAKED_PAIR);
	assert_int_equal(s.cell, cell_at(7, 8));
	assert_int_equal(s.digit, 4);
	assert_int_equal(s.proof[0], cell_at(3, 8));
	assert_int_equal(s.proof[1], cell_at(9, 8));
}

/* In column 2, the 2 and the 8 fit only r5c2 and r6c2, so neither can be a 9: r6c1 is the
 * middle-left box's last place for one. */
static void logic_hint_hidden_pair(void **unused)
{
	struct sdk_step s = hint_of("5.8.2..6.1.2.....46.93..21..67.9..813.1.46.....5...6..8.3..."
	                            "152.16.......54...936");
	assert_int_equal(s.technique, SDK_HIDDEN_PAIR);
	assert_int_equal(s.cell, cell_at(6, 1));
	assert_int_equal(s.digit, 9);
	assert_int_equal(s.proof[0], cell_at(5, 2));
	assert_int_equal(s.proof[1], cell_at(6, 2));
}

/* The 4s of the middle-left box lie in column 3 (r4c3, r6c3). */
static void logic_hint_pointing(void **unused)
{
	struct sdk_step s = hint_of(".614358.7784962513.35871...12.68..75546.17..887.5..6.13.71...."
	                            ".41...67..6..7..1..");
	assert_int_equal(s.technique, SDK_POINTING);
	assert_int_equal(s.cell, cell_at(6, 8));
	assert_int_equal(s.digit, 4);
	assert_int_equal(s.proof[0], cell_at(4, 3));
	assert_int_equal(s.proof[1], cell_at(6, 3));
}

/* Row 5's 7s lie in the middle-right box (r5c7, r5c8). */
static void logic_hint_box_line(void **unused)
{
	struct sdk_step s = hint_of("174693..5.58421.6...2587.41...9....252.136..4.......5...5.194."
	                            ".8..3.4..........3.");
	assert_int_equal(s.technique, SDK_BOX_LINE);
	assert_int_equal(s.cell, cell_at(7, 8));
	assert_int_equal(s.digit, 7);
	assert_int_equal(s.proof[0], cell_at(5, 7));
	assert_int_equal(s.proof[1], cell_at(5, 8));
}

/* The pointing hint step by step, each with its own cells and units, in order: r4c3 and r6c3
 * hold only 3 and 9 (column 3); then the 3s of the bottom-right box lie in column 8; then r1c8
 * and r5c8 hold only 2 and 9 (column 8); then r6c8 can only be 4. sdk_hint folds the same
 * steps into one. */
static void logic_hint_steps_name_each_step_in_order(void **unused)
{
	struct sdk_grid g = grid_of(".614358.7784962513.35871...12.68..75546.17..887.5..6.13.71...."
	                            ".41...67..6..7..1..");
	struct sdk_step steps[SDK_HINT_STEPS];
	assert_int_equal(sdk_hint_steps(SDK_CLASSIC, &g, steps, SDK_HINT_STEPS), 4);
	const struct {
		enum sdk_technique technique;
		int digits, unit, target, proof[2];
	} expected[3] = {
	        {SDK_NAKED_PAIR, 1 << 2 | 1 << 8, 9 + 2, 9 + 2, {cell_at(4, 3), cell_at(6, 3)}},
	        {SDK_POINTING, 1 << 2, 18 + 8, 9 + 7, {cell_at(8, 8), cell_at(9, 8)}},
	        {SDK_NAKED_PAIR, 1 << 1 | 1 << 8, 9 + 7, 9 + 7, {cell_at(1, 8), cell_at(5, 8)}},
	};
	for (int k = 0; k < 3; k++) {
		assert_int_equal(steps[k].technique, expected[k].technique);
		assert_int_equal(steps[k].cell, -1);
		assert_int_equal(steps[k].digits, expected[k].digits);
		assert_int_equal(steps[k].unit, expected[k].unit);
		assert_int_equal(steps[k].target, expected[k].target);
		assert_int_equal(steps[k].proof_count, 2);
		assert_int_equal(steps[k].proof[0], expected[k].proof[0]);
		assert_int_equal(steps[k].proof[1], expected[k].proof[1]);
	}
	const struct sdk_step *last = &steps[3];
	assert_int_equal(last->technique, SDK_NAKED_SINGLE);
	assert_int_equal(last->cell, cell_at(6, 8));
	assert_int_equal(last->digit, 4);
	assert_int_equal(last->unit, -1);
	assert_false(in_proof(last, cell_at(4, 3)));
	int n = 4;
	struct sdk_step folded;
	assert_true(sdk_hint(SDK_CLASSIC, &g, &folded));
	assert_int_equal(folded.technique, SDK_POINTING);
	assert_int_equal(folded.cell, last->cell);
	for (int k = 0; k < n; k++)
		for (int i = 0; i < steps[k].proof_count; i++)
			assert_true(in_proof(&folded, steps[k].proof[i]));
	/* Too few steps allowed: none. */
	assert_int_equal(sdk_hint_steps(SDK_CLASSIC, &g, steps, 1), 0);
	/* A hidden single names its unit: the top-left box, whose only place for an 8 is r2c2. */
	g = grid_of(qqwing_intermediate[0]);
	assert_int_equal(sdk_hint_steps(SDK_CLASSIC, &g, steps, SDK_HINT_STEPS), 1);
	assert_int_equal(steps[0].technique, SDK_HIDDEN_SINGLE);
	assert_int_equal(steps[0].unit, 18);
}

static void logic_hint_refuses_broken_wrong_and_full_positions(void **unused)
{
	struct sdk_step s;
	/* Two 2s in the first row. */
	struct sdk_grid g = grid_of(qqwing_intermediate[0]);
	g.cell[0] = 2;
	assert_false(sdk_hint(SDK_CLASSIC, &g, &s));
	/* A digit at r1c1 that breaks no rule but that no solution allows. */
	g = grid_of(qqwing_intermediate[0]);
	struct sdk_grid solution;
	assert_int_equal(sdk_solve(SDK_CLASSIC, &g, 1, &solution), 1);
	for (int d = 1; d <= 9; d++) {
		g.cell[0] = (uint8_t)d;
		if (d != solution.cell[0] && sdk_consistent(SDK_CLASSIC, &g))
			assert_false(sdk_hint(SDK_CLASSIC, &g, &s));
	}
	assert_false(sdk_hint(SDK_CLASSIC, &solution, &s));
}

/* Hints played one after the other: every digit right, each puzzle solved to the end with
 * techniques no harder than its rating; an expert puzzle ends with "no hint" short of it. */
static void play_hints(enum sdk_stage stage, struct sdk_grid g, enum sdk_rating rating)
{
	struct sdk_grid solution;
	assert_int_equal(sdk_solve(stage, &g, 2, &solution), 1);
	enum sdk_technique allowed = rating == SDK_SIMPLE ? SDK_NAKED_SINGLE
	                             : rating == SDK_EASY ? SDK_HIDDEN_SINGLE
	                                                  : SDK_BOX_LINE;
	struct sdk_step s;
	while (sdk_hint(stage, &g, &s)) {
		assert_int_equal(g.cell[s.cell], 0);
		assert_int_equal(s.digit, solution.cell[s.cell]);
		assert_true(s.technique <= allowed);
		if (stage == SDK_LATIN)
			assert_true(s.technique != SDK_POINTING && s.technique != SDK_BOX_LINE);
		g.cell[s.cell] = (uint8_t)s.digit;
	}
	bool solved = memcmp(&g, &solution, sizeof g) == 0;
	assert_true(solved == (rating != SDK_EXPERT));
}

static void logic_hints_solve_qqwing_puzzles(void **unused)
{
	for (int i = 0; i < COUNT(qqwing_simple); i++)
		play_hints(SDK_CLASSIC, grid_of(qqwing_simple[i]), SDK_SIMPLE);
	for (int i = 0; i < COUNT(qqwing_easy); i++)
		play_hints(SDK_CLASSIC, grid_of(qqwing_easy[i]), SDK_EASY);
	for (int i = 0; i < COUNT(qqwing_intermediate); i++)
		play_hints(SDK_CLASSIC, grid_of(qqwing_intermediate[i]), SDK_INTERMEDIATE);
	for (int i = 0; i < COUNT(qqwing_expert); i++)
		play_hints(SDK_CLASSIC, grid_of(qqwing_expert[i]), SDK_EXPERT);
	play_hints(SDK_CLASSIC, grid_of(escargot), SDK_EXPERT);
}

static void logic_names(void **unused)
{
	assert_string_equal(sdk_rating_name(SDK_SIMPLE), "simple");
	assert_string_equal(sdk_rating_name(SDK_EASY), "easy");
	assert_string_equal(sdk_rating_name(SDK_INTERMEDIATE), "intermediate");
	assert_string_equal(sdk_rating_name(SDK_EXPERT), "expert");
	assert_string_equal(sdk_technique_name(SDK_NAKED_SINGLE), "naked single");
	assert_string_equal(sdk_technique_name(SDK_HIDDEN_SINGLE), "hidden single");
	assert_string_equal(sdk_technique_name(SDK_NAKED_PAIR), "naked pair");
	assert_string_equal(sdk_technique_name(SDK_HIDDEN_PAIR), "hidden pair");
	assert_string_equal(sdk_technique_name(SDK_POINTING), "pointing pair");
	assert_string_equal(sdk_technique_name(SDK_BOX_LINE), "box-line reduction");
	assert_string_equal(sdk_technique_name(SDK_GUESS), "guess");
	assert_string_equal(sdk_rating_name((enum sdk_rating)42), "unknown");
}

/* A random full grid obeys its stage's rules; a latin one usually breaks the box rule. */
static void gen_random_full_grids_are_valid(void **unused)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, 5, 0);
	int latin_breaking_boxes = 0;
	for (int i = 0; i < 50; i++) {
		struct sdk_grid g;
		sdk_random_full(SDK_CLASSIC, &rng, &g);
		assert_true(sdk_consistent(SDK_CLASSIC, &g));
		assert_null(memchr(g.cell, 0, SDK_CELLS));
		sdk_random_full(SDK_LATIN, &rng, &g);
		assert_true(sdk_consistent(SDK_LATIN, &g));
		assert_null(memchr(g.cell, 0, SDK_CELLS));
		latin_breaking_boxes += !sdk_consistent(SDK_CLASSIC, &g);
	}
	assert_true(latin_breaking_boxes > 40);
}

#define GEN_PER_KIND 6

/* Every stage, rating and symmetry: one solution in its stage, the one returned, the rating
 * asked for, clues mirrored under a half turn when asked. */
static void gen_puzzles_unique_rated_and_symmetric(void **unused)
{
	for (int stage = SDK_LATIN; stage <= SDK_CLASSIC; stage++)
		for (int rating = SDK_SIMPLE; rating <= SDK_EXPERT; rating++)
			for (int symmetric = 0; symmetric <= 1; symmetric++) {
				struct tc_rng rng;
				tc_rng_seed(&rng, 1000 + (uint64_t)rating, (uint64_t)stage);
				for (int i = 0; i < GEN_PER_KIND; i++) {
					struct sdk_grid p, sol, check;
					sdk_generate(stage, rating, symmetric, &rng, &p, &sol);
					assert_int_equal(sdk_solve(stage, &p, 2, &check), 1);
					assert_memory_equal(&check, &sol, sizeof sol);
					assert_int_equal(sdk_rate(stage, &p), rating);
					for (int c = 0; c < SDK_CELLS; c++) {
						if (p.cell[c])
							assert_int_equal(p.cell[c], sol.cell[c]);
						if (symmetric)
							assert_int_equal(p.cell[c] != 0,
							                 p.cell[80 - c] != 0);
					}
					if (rating != SDK_EXPERT)
						play_hints(stage, p, rating);
				}
			}
}

/* A latin puzzle is a puzzle of its own stage: as classic it usually has no solution. */
static void gen_latin_puzzles_are_latin(void **unused)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, 77, 3);
	int broken_as_classic = 0;
	for (int i = 0; i < 10; i++) {
		struct sdk_grid p, sol;
		sdk_generate(SDK_LATIN, SDK_EASY, false, &rng, &p, &sol);
		assert_true(sdk_consistent(SDK_LATIN, &sol));
		broken_as_classic += sdk_solve(SDK_CLASSIC, &p, 1, NULL) == 0;
	}
	assert_true(broken_as_classic > 5);
}

/* The same seed gives the same puzzle (a game ID depends on it); another seed another. */
static void gen_is_deterministic_per_seed(void **unused)
{
	for (int rating = SDK_SIMPLE; rating <= SDK_EXPERT; rating++) {
		struct sdk_grid a, b, c, sa, sb;
		struct tc_rng r1, r2, r3;
		tc_rng_seed(&r1, 42, 1);
		tc_rng_seed(&r2, 42, 1);
		tc_rng_seed(&r3, 43, 1);
		sdk_generate(SDK_CLASSIC, rating, true, &r1, &a, &sa);
		sdk_generate(SDK_CLASSIC, rating, true, &r2, &b, &sb);
		sdk_generate(SDK_CLASSIC, rating, true, &r3, &c, NULL);
		assert_memory_equal(&a, &b, sizeof a);
		assert_memory_equal(&sa, &sb, sizeof sa);
		assert_memory_not_equal(&a, &c, sizeof a);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(logic_rates_qqwing_simple_as_simple),
	        cmocka_unit_test(logic_rates_qqwing_easy_as_easy),
	        cmocka_unit_test(logic_rates_qqwing_intermediate_as_intermediate),
	        cmocka_unit_test(logic_rates_qqwing_expert_as_expert),
	        cmocka_unit_test(logic_rates_17_clues_by_technique_not_clues),
	        cmocka_unit_test(logic_rates_grid_with_scattered_holes_simple),
	        cmocka_unit_test(logic_rate_upto_stops_above_the_limit),
	        cmocka_unit_test(logic_hint_naked_single_shows_peers_of_other_digits),
	        cmocka_unit_test(logic_hint_hidden_single_shows_the_digit_ruling_out_the_unit),
	        cmocka_unit_test(logic_hint_naked_pair),
	        cmocka_unit_test(logic_hint_hidden_pair),
	        cmocka_unit_test(logic_hint_pointing),
	        cmocka_unit_test(logic_hint_box_line),
	        cmocka_unit_test(logic_hint_steps_name_each_step_in_order),
	        cmocka_unit_test(logic_hint_refuses_broken_wrong_and_full_positions),
	        cmocka_unit_test(logic_hints_solve_qqwing_puzzles),
	        cmocka_unit_test(logic_names),
	        cmocka_unit_test(gen_random_full_grids_are_valid),
	        cmocka_unit_test(gen_puzzles_unique_rated_and_symmetric),
	        cmocka_unit_test(gen_latin_puzzles_are_latin),
	        cmocka_unit_test(gen_is_deterministic_per_seed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
