/* N levels: what the physics search (nl_check) reaches on small hand-made maps, gold, mines and
 * exits counted, and the playable generator's levels won by the search and by their replayed
 * route. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/ninja.h"
#include "tilecade/nlevel.h"

/* A map drawn from rows of text at the top-left corner, every other tile solid: '#' solid,
 * '.' open, '@' the ninja (open), any letter open too (a marker to look up). */
static void add_object(struct nl_level *l, int type, int x, int y)
{
	struct nl_object *o = &l->object[l->objects++];
	memset(o, 0, sizeof *o);
	o->type = (uint8_t)type;
	o->count = (uint8_t)nl_field_count(type);
	o->field[0] = x;
	o->field[1] = y;
}

static int centre(int t)
{
	return NL_TILE_PX * t + 36;
}

static struct nl_level *draw(const char *const *rows, int nrows)
{
	struct nl_level *l = calloc(1, sizeof *l);
	assert_non_null(l);
	memset(l->tile, NL_FULL, sizeof l->tile);
	for (int r = 0; r < nrows; r++)
		for (int c = 0; rows[r][c]; c++) {
			if (rows[r][c] != '#')
				l->tile[c * NL_ROWS + r] = NL_EMPTY;
			if (rows[r][c] == '@')
				add_object(l, NL_NINJA, centre(c), centre(r));
		}
	return l;
}

/* Whether the cell of marker m is reachable. */
static bool marked(const struct nl_reach *r, const char *const *rows, int nrows, char m)
{
	for (int row = 0; row < nrows; row++)
		for (int c = 0; rows[row][c]; c++)
			if (rows[row][c] == m)
				return r->reachable[c * NL_ROWS + row];
	fail_msg("no marker %c", m);
	return false;
}

static int count(const struct nl_reach *r)
{
	int n = 0;
	for (int i = 0; i < NL_TILES; i++)
		n += r->reachable[i];
	return n;
}

#define CHECK(rows, r)                                                                             \
	do {                                                                                       \
		struct nl_level *l_ = draw(rows, (int)(sizeof rows / sizeof rows[0]));             \
		assert_int_equal(nl_check(l_, r), 0);                                              \
		free(l_);                                                                          \
	} while (0)
#define MARK(rows, r, m) marked(r, rows, (int)(sizeof rows / sizeof rows[0]), m)

static void flat_floor_is_all_reachable(void **unused)
{
	static const char *const rows[] = {
	        "..........",
	        "..........",
	        "@........Y",
	        "##########",
	};
	struct nl_reach r;
	CHECK(rows, &r);
	assert_true(MARK(rows, &r, 'Y'));
	assert_int_equal(count(&r), 30);
	assert_false(r.boxed);
	assert_false(r.has_exit);
}

static void wall_to_the_ceiling_blocks(void **unused)
{
	static const char *const rows[] = {
	        "....#....", "....#....", "....#....", "....#...X",
	        "....#....", "@...#...Z", "#########",
	};
	struct nl_reach r;
	CHECK(rows, &r);
	assert_false(MARK(rows, &r, 'X'));
	assert_false(MARK(rows, &r, 'Z'));
	/* Jumps and wall jumps reach every tile on the ninja's side, the top row too. */
	assert_int_equal(count(&r), 24);
	assert_false(r.boxed);
}

static void three_high_step_is_jumped(void **unused)
{
	static const char *const rows[] = {
	        "...........", "...........", ".......Y..Z", "......#####",
	        "......#####", "@.....#####", "###########",
	};
	struct nl_reach r;
	CHECK(rows, &r);
	assert_true(MARK(rows, &r, 'Y'));
	assert_true(MARK(rows, &r, 'Z'));
}

/* Too high for a jump (about 3 tiles), but the step's face is a wall to jump off, again and
 * again, as in N. */
static void five_high_step_is_climbed_by_wall_jumps(void **unused)
{
	static const char *const rows[] = {
	        "...........", "...........", ".......X..Z", "......#####", "......#####",
	        "......#####", "......#####", "@.....#####", "###########",
	};
	struct nl_reach r;
	CHECK(rows, &r);
	assert_true(MARK(rows, &r, 'X'));
	assert_true(MARK(rows, &r, 'Z'));
	assert_false(r.boxed);
}

static void one_wide_shaft_is_climbed(void **unused)
{
	static const char *const rows[] = {
	        "#.....Y#", "#.######", "#.######", "#.######", "#.######",
	        "#.######", "#.######", "#@######", "########",
	};
	struct nl_reach r;
	CHECK(rows, &r);
	assert_true(MARK(rows, &r, 'Y'));
	assert_int_equal(count(&r), 13);
}

static void two_wide_shaft_is_climbed(void **unused)
{
	static const char *const rows[] = {
	        "#....Y#", "#..####", "#..####", "#..####", "#..####",
	        "#..####", "#..####", "#.@####", "#######",
	};
	struct nl_reach r;
	CHECK(rows, &r);
	assert_true(MARK(rows, &r, 'Y'));
}

static void three_wide_shaft_is_climbed(void **unused)
{
	static const char *const rows[] = {
	        "#.....X#", "#...####", "#...####", "#...####", "#...####",
	        "#...####", "#...####", "#.@.####", "########",
	};
	struct nl_reach r;
	CHECK(rows, &r);
	assert_true(MARK(rows, &r, 'X'));
}

static void boxed_in_start(void **unused)
{
	static const char *const pocket[] = {"###", "#@#", "###"};
	struct nl_reach r;
	CHECK(pocket, &r);
	assert_true(r.boxed);
	assert_int_equal(count(&r), 1);

	static const char *const room[] = {"#####", "#...#", "#.@.#", "#####"};
	CHECK(room, &r);
	assert_true(r.boxed);
	assert_int_equal(count(&r), 6);

	/* Many cells, but all near the start. */
	static const char *const tall[] = {
	        "#......#", "#......#", "#......#", "#..@...#", "########",
	};
	CHECK(tall, &r);
	assert_int_equal(count(&r), 24);
	assert_true(r.boxed);
}

/* A ninja written far outside the map starts inside the border, and the check judges that
 * start: the same answer for every distance (1e38 once overflowed an int and read as
 * not boxed). */
static void a_far_start_is_judged_where_it_starts(void **unused)
{
	(void)unused;
	struct nl_level *l = calloc(1, sizeof *l);
	assert_non_null(l);
	for (int c = 0; c < NL_COLS; c++)
		for (int r = 0; r < NL_ROWS; r++) /* open only in the bottom-right corner */
			l->tile[c * NL_ROWS + r] = c >= 27 && r >= 18 ? NL_EMPTY : NL_FULL;
	add_object(l, NL_NINJA, 0, 500);
	static const double xs[] = {758, 1e10, 1e38, 1e308};
	struct nl_reach first, r;
	for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
		l->object[0].field[0] = xs[i];
		assert_int_equal(nl_check(l, &r), 0);
		assert_true(r.boxed); /* 4 x 5 open tiles: none more than 3 from the start */
		if (i == 0)
			first = r;
		assert_memory_equal(r.reachable, first.reachable, sizeof r.reachable);
	}
	free(l);
}

static void falls_and_drifts_to_a_lower_floor(void **unused)
{
	static const char *const rows[] = {
	        "@...#", "###.#", "###..", "###..", "#Y..Y", "#####",
	};
	struct nl_reach r;
	CHECK(rows, &r);
	/* Down the hole at column 3, then a drift right and a walk left along the bottom. */
	assert_true(MARK(rows, &r, 'Y'));
}

/* The ninja's centre passes over the open half of a slope, never inside a full tile. */
static void a_slope_is_walked_on(void **unused)
{
	static const char *const rows[] = {"...", "@.Y", "###"};
	struct nl_level *l = draw(rows, 3);
	l->tile[2 * NL_ROWS + 1] = NL_SLOPE45 + 1; /* Y: solid at the bottom right, rising right */
	struct nl_reach r;
	assert_int_equal(nl_check(l, &r), 0);
	assert_true(r.reachable[2 * NL_ROWS + 1]);
	l->tile[2 * NL_ROWS + 1] = NL_FULL;
	assert_int_equal(nl_check(l, &r), 0);
	assert_false(r.reachable[2 * NL_ROWS + 1]);
	assert_true(r.reachable[2 * NL_ROWS + 0]); /* jumped onto */
	free(l);
}

static void gold_mines_and_exit_are_counted(void **unused)
{
	static const char *const rows[] = {
	        "....#....", "....#....", "....#....", "....#....",
	        "....#....", "@...#....", "#########",
	};
	struct nl_level *l = draw(rows, 7);
	/* On the corner between open cells (1,4),(2,4),(1,5),(2,5): reachable. */
	add_object(l, NL_GOLD, 24 * 3, 24 * 6);
	/* At the centre of a reachable cell. */
	add_object(l, NL_GOLD, centre(1), centre(3));
	/* Beyond the wall. */
	add_object(l, NL_GOLD, centre(6), centre(5));
	/* Inside the floor, and on a corner with solid all round. */
	add_object(l, NL_GOLD, centre(2), centre(6));
	add_object(l, NL_GOLD, 24 * 12, 24 * 12);
	/* On the face of the wall, touched by a ninja against it. */
	add_object(l, NL_GOLD, centre(3) + 12, centre(2));
	add_object(l, NL_MINE, 24 * 2, 24 * 2);
	add_object(l, NL_MINE, 24 * 9, 24 * 9);
	/* The door on this side, its switch beyond the wall: the level cannot be won. */
	struct nl_object *exit = &l->object[l->objects];
	add_object(l, NL_EXIT, centre(2), centre(5));
	exit->field[2] = centre(7);
	exit->field[3] = centre(5);
	struct nl_reach r;
	assert_int_equal(nl_check(l, &r), 0);
	assert_int_equal(r.gold, 6);
	assert_int_equal(r.gold_reachable, 3);
	assert_int_equal(r.mines, 2);
	assert_true(r.has_exit);
	assert_false(r.switch_reachable);
	assert_false(r.exit_reachable);
	/* The switch on this side too: it is won. */
	exit->field[2] = centre(3);
	assert_int_equal(nl_check(l, &r), 0);
	assert_true(r.switch_reachable);
	assert_true(r.exit_reachable);
	free(l);
}

/* A mine on the only way kills whoever walks into it, but it can be jumped over. */
static void mines_kill_and_are_jumped(void **unused)
{
	static const char *const pit[] = {
	        "########",
	        "@.....Y#",
	        "########",
	};
	struct nl_level *l = draw(pit, 3);
	add_object(l, NL_MINE, centre(3), centre(1) + 8);
	struct nl_reach r;
	assert_int_equal(nl_check(l, &r), 0);
	assert_false(MARK(pit, &r, 'Y')); /* a tunnel one tile high: no jump over it */
	assert_int_equal(r.mines, 1);
	free(l);

	static const char *const open[] = {
	        "........",
	        "........",
	        "@.....Y.",
	        "########",
	};
	l = draw(open, 4);
	add_object(l, NL_MINE, centre(3), centre(2) + 8);
	assert_int_equal(nl_check(l, &r), 0);
	assert_true(MARK(open, &r, 'Y'));
	free(l);
}

/* A ninja that holds no key falls from its start: onto a mine, or far enough to land too hard,
 * it dies before a player could act (issue 17). */
static void idle_death_is_found(void **unused)
{
	static const char *const ledge[] = {
	        "....",
	        ".@..",
	        "....",
	        "....",
	        "####",
	};
	struct nl_reach r;
	struct nl_level *l = draw(ledge, 5);
	assert_int_equal(nl_check(l, &r), 0);
	assert_false(r.idle_dies); /* a short drop onto bare floor */
	add_object(l, NL_MINE, centre(1), centre(3) + 8);
	assert_int_equal(nl_check(l, &r), 0);
	assert_true(r.idle_dies); /* the same drop onto a mine */
	free(l);

	static const char *const shaft[] = {
	        ".@.", "...", "...", "...", "...", "...", "...", "...",
	        "...", "...", "...", "...", "...", "...", "...", "###",
	};
	l = draw(shaft, 16);
	assert_int_equal(nl_check(l, &r), 0);
	assert_true(r.idle_dies); /* 14 tiles down: a landing that kills */
	free(l);
}

static void no_ninja_is_an_error(void **unused)
{
	struct nl_level *l = calloc(1, sizeof *l);
	assert_non_null(l);
	add_object(l, NL_GOLD, 24, 24);
	struct nl_reach r;
	assert_int_equal(nl_check(l, &r), -1);
	free(l);
}

static void generated(uint64_t seed, struct nl_level *l, char *buf, size_t len)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, NL_RNG_STREAM);
	nl_generate_playable(&rng, l);
	nl_print(l, buf, len);
}

/* Few seeds: each level costs some searches. */
#define PLAYABLE_SEEDS 3

static void playable_levels_are_won(void **unused)
{
	struct nl_level *l = malloc(sizeof *l), *back = malloc(sizeof *back);
	struct nj_world *w = malloc(sizeof *w);
	struct nj_search_result *res = malloc(sizeof *res);
	char *buf = malloc(NL_LINE_MAX), err[128];
	assert_non_null(l);
	assert_non_null(back);
	assert_non_null(w);
	assert_non_null(res);
	assert_non_null(buf);
	for (uint64_t seed = 1; seed <= PLAYABLE_SEEDS; seed++) {
		generated(seed, l, buf, NL_LINE_MAX);
		struct nl_reach r;
		assert_int_equal(nl_check(l, &r), 0);
		assert_false(r.boxed);
		assert_true(count(&r) >= 60);
		assert_true(r.has_exit);
		assert_true(r.switch_reachable);
		assert_true(r.exit_reachable);
		/* The exit is the last object, door and switch on the centres of two distinct
		 * tiles the ninja reached, each standing on a full tile. */
		const struct nl_object *o = &l->object[l->objects - 1];
		assert_int_equal(o->type, NL_EXIT);
		assert_int_equal(o->count, 4);
		for (int f = 0; f < 4; f += 2) {
			int x = (int)o->field[f], y = (int)o->field[f + 1];
			assert_int_equal((x - 36) % NL_TILE_PX, 0);
			assert_int_equal((y - 36) % NL_TILE_PX, 0);
			int c = (x - 36) / NL_TILE_PX * NL_ROWS + (y - 36) / NL_TILE_PX;
			assert_true(r.reachable[c]);
			assert_true(c % NL_ROWS == NL_ROWS - 1 || l->tile[c + 1] == NL_FULL);
		}
		assert_false(o->field[0] == o->field[2] && o->field[1] == o->field[3]);
		/* The search's route, stepped by hand, hits the switch and wins. */
		assert_int_equal(nj_world_from_level(l, w, err, sizeof err), 0);
		assert_int_equal(nj_search(w, NJ_SEARCH_BUDGET, res), 0);
		assert_true(res->won);
		struct nj_run run;
		nj_run_start(w, &run);
		unsigned events = 0;
		for (int32_t i = 0; i < res->route_steps; i++)
			events |= nj_step(w, &run, res->route[i]);
		assert_int_equal(run.outcome, NJ_WIN);
		assert_true(events & NJ_EV_SWITCH);
		assert_int_equal(run.steps, res->route_steps);
		/* The seed's part is intact, and the text parses back to the same level. */
		assert_int_equal(l->object[0].type, NL_NINJA);
		assert_int_equal(l->objects, 65);
		assert_int_equal(l->tile[NL_CENTRE], NL_EMPTY);
		assert_non_null(strstr(buf, "!11^"));
		assert_int_equal(nl_parse(buf, back, err, sizeof err), 0);
		assert_int_equal(back->objects, l->objects);
		assert_memory_equal(back->tile, l->tile, NL_TILES);
	}
	free(l);
	free(back);
	free(w);
	free(res);
	free(buf);
}

/* Of the first 60 levels "ninja --generate --playable --seed 1" printed, these 8 (seed 1 + i)
 * dropped a ninja that did nothing onto a mine or to its death within 3 s; each is now another
 * level, where an idle ninja lives. */
static void playable_levels_survive_idle(void **unused)
{
	static const uint64_t was_deadly[] = {8, 14, 16, 21, 22, 39, 40, 56};
	struct nl_level *l = malloc(sizeof *l);
	struct nj_world *w = malloc(sizeof *w);
	char *buf = malloc(NL_LINE_MAX), err[128];
	assert_non_null(l);
	assert_non_null(w);
	assert_non_null(buf);
	for (size_t i = 0; i < sizeof was_deadly / sizeof was_deadly[0]; i++) {
		generated(was_deadly[i], l, buf, NL_LINE_MAX);
		struct nl_reach r;
		assert_int_equal(nl_check(l, &r), 0);
		assert_false(r.idle_dies);
		assert_true(r.exit_reachable);
		/* Stepped by hand: 3 s of no key, still running. */
		assert_int_equal(nj_world_from_level(l, w, err, sizeof err), 0);
		struct nj_run run;
		nj_run_start(w, &run);
		for (int k = 0; k < 3 * NJ_STEPS_PER_SECOND; k++)
			nj_step(w, &run, 0);
		assert_int_equal(run.outcome, NJ_RUNNING);
	}
	free(l);
	free(w);
	free(buf);
}

static void playable_generation_is_deterministic(void **unused)
{
	struct nl_level *l = malloc(sizeof *l);
	char *a = malloc(NL_LINE_MAX), *b = malloc(NL_LINE_MAX), *c = malloc(NL_LINE_MAX);
	assert_non_null(l);
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	generated(7, l, a, NL_LINE_MAX);
	generated(7, l, b, NL_LINE_MAX);
	generated(8, l, c, NL_LINE_MAX);
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
	/* The check too gives the same answer every time. */
	struct nl_reach *r1 = malloc(sizeof *r1), *r2 = malloc(sizeof *r2);
	assert_non_null(r1);
	assert_non_null(r2);
	assert_int_equal(nl_check(l, r1), 0);
	assert_int_equal(nl_check(l, r2), 0);
	assert_memory_equal(r1->reachable, r2->reachable, sizeof r1->reachable);
	assert_int_equal(r1->gold_reachable, r2->gold_reachable);
	free(r1);
	free(r2);
	free(l);
	free(a);
	free(b);
	free(c);
}

/* Seed levels: the check runs on every one and counts what the level holds. */
static void seed_levels_are_checked(void **unused)
{
	struct nl_level *l = malloc(sizeof *l);
	assert_non_null(l);
	struct tc_rng rng;
	tc_rng_seed(&rng, 3, NL_RNG_STREAM);
	int boxed = 0;
	for (int i = 0; i < 12; i++) {
		nl_generate(&rng, l);
		struct nl_reach r;
		assert_int_equal(nl_check(l, &r), 0);
		assert_int_equal(r.gold + r.mines, 63);
		assert_true(r.gold_reachable <= r.gold);
		assert_false(r.has_exit);
		assert_false(r.switch_reachable);
		assert_false(r.exit_reachable);
		assert_true(r.reachable[NL_CENTRE]);
		boxed += r.boxed;
	}
	/* Centre starts are seldom boxed in. */
	assert_true(boxed < 6);
	free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(flat_floor_is_all_reachable),
	        cmocka_unit_test(wall_to_the_ceiling_blocks),
	        cmocka_unit_test(three_high_step_is_jumped),
	        cmocka_unit_test(five_high_step_is_climbed_by_wall_jumps),
	        cmocka_unit_test(one_wide_shaft_is_climbed),
	        cmocka_unit_test(two_wide_shaft_is_climbed),
	        cmocka_unit_test(three_wide_shaft_is_climbed),
	        cmocka_unit_test(boxed_in_start),
	        cmocka_unit_test(a_far_start_is_judged_where_it_starts),
	        cmocka_unit_test(falls_and_drifts_to_a_lower_floor),
	        cmocka_unit_test(a_slope_is_walked_on),
	        cmocka_unit_test(gold_mines_and_exit_are_counted),
	        cmocka_unit_test(mines_kill_and_are_jumped),
	        cmocka_unit_test(idle_death_is_found),
	        cmocka_unit_test(no_ninja_is_an_error),
	        cmocka_unit_test(playable_levels_are_won),
	        cmocka_unit_test(playable_levels_survive_idle),
	        cmocka_unit_test(playable_generation_is_deterministic),
	        cmocka_unit_test(seed_levels_are_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
