/* N's physics: the figures of issue 8 (fall, jumps, running, wall jumps and slides, slopes),
 * collisions with every tile shape and across tile seams, landing deaths, the objects and the
 * clock, and determinism. Levels are built here tile by tile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/ninja.h"

static struct nl_level lv;
static struct nj_world w;
static struct nj_run r;
static char err[256];

/* The y of the top of tile row `row`, and of a resting ninja's centre on it. */
#define ROW_TOP(row) (24.0 + 24.0 * (row))
#define COL_LEFT(col) (24.0 + 24.0 * (col))
#define FLOOR_ROW 20
#define ON_FLOOR (ROW_TOP(FLOOR_ROW) - NJ_RADIUS)

/* An empty level with the ninja at (x, y). */
static void level(double x, double y)
{
	memset(&lv, 0, sizeof lv);
	lv.objects = 1;
	lv.object[0].type = NL_NINJA;
	lv.object[0].count = 2;
	lv.object[0].field[0] = x;
	lv.object[0].field[1] = y;
}

static void tile(int col, int row, int id)
{
	lv.tile[col * NL_ROWS + row] = (uint8_t)id;
}

/* A floor of full tiles across the map at FLOOR_ROW. */
static void floor_row(void)
{
	for (int c = 0; c < NL_COLS; c++)
		tile(c, FLOOR_ROW, NL_FULL);
}

static void object(int type, double x, double y)
{
	struct nl_object *o = &lv.object[lv.objects++];
	o->type = (uint8_t)type;
	o->count = (uint8_t)nl_field_count(type);
	o->field[0] = x;
	o->field[1] = y;
}

static void exit_at(double door_x, double door_y, double switch_x, double switch_y)
{
	object(NL_EXIT, door_x, door_y);
	lv.object[lv.objects - 1].field[2] = switch_x;
	lv.object[lv.objects - 1].field[3] = switch_y;
}

static void begin(void)
{
	if (nj_world_from_level(&lv, &w, err, sizeof err) != 0)
		fail_msg("world refused: %s", err);
	nj_run_start(&w, &r);
}

/* Plays n steps of one input; returns the events of all of them. */
static unsigned play(unsigned input, int n)
{
	unsigned ev = 0;
	for (int i = 0; i < n; i++)
		ev |= nj_step(&w, &r, input);
	return ev;
}

/* A ninja standing on the floor at x. */
static void standing(double x)
{
	level(x, ON_FLOOR - 2);
	floor_row();
	begin();
	play(0, 10);
	assert_true(r.on_ground);
	assert_true(r.y > ON_FLOOR - 1e-9 && r.y < ON_FLOOR + 1e-9);
}

/* The highest the ninja rises above where it stands, jumping with jump held `hold` steps. */
static double jump_height(int hold)
{
	standing(400);
	double y0 = r.y, top = r.y;
	for (int k = 0; k < 200; k++) {
		nj_step(&w, &r, k < hold ? NJ_JUMP : 0);
		if (r.y < top)
			top = r.y;
		if (k > 0 && r.on_ground)
			break;
	}
	assert_true(r.on_ground);
	return y0 - top;
}

static void world_needs_a_ninja(void **unused)
{
	(void)unused;
	memset(&lv, 0, sizeof lv);
	assert_int_equal(nj_world_from_level(&lv, &w, err, sizeof err), -1);
	assert_string_equal(err, "the level has no ninja");
	level(100, 100);
	object(NL_GOLD, 50, 60);
	object(NL_DRONE, 70, 80);
	exit_at(200, 210, 300, 310);
	begin();
	/* Every object but the ninja, in order, inert ones included for the screen. */
	assert_int_equal(w.things, 3);
	assert_int_equal(w.thing[1].type, NL_DRONE);
	assert_int_equal(w.exit, 2);
	assert_true(w.thing[2].x2 == 300 && w.thing[2].y2 == 310);
	assert_true(r.x == 100 && r.y == 100 && r.vx == 0 && r.vy == 0);
	assert_int_equal(r.time_left, NJ_START_STEPS);
}

/* A level as N writes it, with what this physics does not play: inert objects, numbers after an
 * object's own, parameters that are not numbers. */
static void parsed(const char *objects)
{
	static char text[NL_LINE_MAX];
	memset(text, '0', NL_TILES);
	snprintf(text + NL_TILES, sizeof text - NL_TILES, "|%s", objects);
	if (nl_parse(text, &lv, err, sizeof err) != 0)
		fail_msg("refused: %s", err);
}

static void what_the_play_ignores_is_counted(void **unused)
{
	(void)unused;
	struct nj_ignored ig;
	parsed("5^100,134,9!0^24,48,1,2!4^444,540,1!4^300,540,x!6^300,108,2,0,1,2"
	       "!2^396,540,-0.7071067811865475,-0.7071067811865475!12^NaN,48!11^300,134,,134"
	       "!0^60,84");
	nj_ignored(&lv, &ig);
	assert_int_equal(ig.inert_objects, 4);
	assert_int_equal(ig.inert[NL_FLOOR_GUARD], 2);
	assert_int_equal(ig.inert[NL_DRONE], 1);
	assert_int_equal(ig.inert[NL_LAUNCH_PAD], 1);
	assert_int_equal(ig.inert[NL_GOLD], 0);
	assert_int_equal(ig.extra, 3);
	assert_int_equal(ig.not_numbers, 3);
	assert_int_equal(ig.unplaced, 2); /* the mine at NaN, the exit whose switch is at NaN */
	/* The world leaves those two out and plays the rest. */
	assert_int_equal(nj_world_from_level(&lv, &w, err, sizeof err), 0);
	assert_int_equal(w.things, 6);
	assert_int_equal(w.exit, -1);
	assert_int_equal(w.thing[w.things - 1].type, NL_GOLD);
	/* Nothing ignored in a level that has only what is played. */
	parsed("5^100,134!0^24,48!12^400,134!11^300,134,100,134");
	nj_ignored(&lv, &ig);
	assert_int_equal(ig.inert_objects + ig.unplaced + ig.extra + ig.not_numbers, 0);
	/* A ninja that stands nowhere cannot be played: the error names its object's offset,
	 * and its numbers are not counted as ignored (they are not: nothing can be played). */
	parsed("0^24,48!5^a,134");
	assert_int_equal(nj_world_from_level(&lv, &w, err, sizeof err), -1);
	assert_string_equal(err, "offset 722: the ninja's position is not a finite number");
	nj_ignored(&lv, &ig);
	assert_int_equal(ig.not_numbers, 0);
	/* Infinity (1e999) is a number, but not a finite one. */
	parsed("5^1e999,134");
	assert_int_equal(nj_world_from_level(&lv, &w, err, sizeof err), -1);
	assert_string_equal(err, "offset 714: the ninja's position is not a finite number");
	/* An object of any type that stands nowhere is drawn nowhere: it counts as placed
	 * nowhere, not as an inert object drawn on the map. */
	parsed("5^100,134!4^,,!6^1e999,2,0,0,0,0!4^300,540,1");
	nj_ignored(&lv, &ig);
	assert_int_equal(ig.unplaced, 2);
	assert_int_equal(ig.inert_objects, 1);
	assert_int_equal(ig.inert[NL_FLOOR_GUARD], 1);
	assert_int_equal(ig.inert[NL_DRONE], 0);
	assert_int_equal(ig.not_numbers, 3);
}

/* Where the play starts a ninja written far outside the map, or at its edge: inside the border. */
static void a_far_start_is_brought_inside(void **unused)
{
	(void)unused;
	double x, y;
	nj_start_point(1e308, 1e308, &x, &y);
	assert_true(x == 768 - NJ_RADIUS && y == 576 - NJ_RADIUS);
	nj_start_point(-1e38, 300, &x, &y);
	assert_true(x == 24 + NJ_RADIUS && y == 300);
	parsed("5^1e308,1e308");
	begin();
	assert_true(r.x == 768 - NJ_RADIUS && r.y == 576 - NJ_RADIUS);
}

static void free_fall_follows_the_recurrence(void **unused)
{
	(void)unused;
	level(400, 40);
	begin();
	double v = 0, y = 40;
	for (int k = 0; k < 60; k++) {
		assert_int_equal(nj_step(&w, &r, 0), 0);
		v = NJ_DRAG * v + NJ_GRAVITY;
		y += v;
		assert_true(r.vy == v);
		assert_true(r.y > y - 1e-9 && r.y < y + 1e-9);
		assert_true(r.x == 400 && r.vx == 0);
		assert_false(r.on_ground);
	}
	/* The recurrence's fixed point, g / (1 - drag) = 15 px/step, is never passed. */
	for (int k = 0; k < 2000; k++)
		v = NJ_DRAG * v + NJ_GRAVITY;
	assert_true(v > 14.99 && v <= 15.0);
}

static void full_jump_rises_three_tiles_and_a_tap_about_thirty_px(void **unused)
{
	(void)unused;
	double full = jump_height(60);
	double tap = jump_height(1);
	/* Measured: 76.6 and 27.9. */
	assert_true(full > 68 && full < 80);
	assert_true(tap > 24 && tap < 34);
	/* Holding longer than the hold's 30 steps changes nothing. */
	assert_true(jump_height(31) == full);
	assert_true(jump_height(10) > tap && jump_height(10) < full);
}

static void jump_needs_a_fresh_press(void **unused)
{
	(void)unused;
	standing(400);
	assert_true(play(NJ_JUMP, 1) & NJ_EV_JUMP);
	/* Held through the landing: no second jump until it is pressed again. */
	unsigned ev = play(NJ_JUMP, 100);
	assert_true(ev & NJ_EV_LAND);
	assert_false(ev & NJ_EV_JUMP);
	assert_true(r.on_ground);
	play(0, 1);
	assert_true(play(NJ_JUMP, 1) & NJ_EV_JUMP);
}

/* The run's first key, a jump, jumps at once: N places the ninja 2 px above its floor, and
 * that drop made it land steps later, the press no longer fresh (issue 27). */
static void the_first_key_jumps(void **unused)
{
	(void)unused;
	level(400, ON_FLOOR - 2);
	floor_row();
	begin();
	assert_true(r.on_ground);
	assert_true(play(NJ_JUMP, 1) & NJ_EV_JUMP);
	assert_true(r.y < ON_FLOOR - 2);
	/* Placed higher, it falls as before. */
	level(400, ON_FLOOR - 30);
	floor_row();
	begin();
	assert_false(r.on_ground);
	assert_false(play(NJ_JUMP, 1) & NJ_EV_JUMP);
}

static void running_accelerates_to_five(void **unused)
{
	(void)unused;
	standing(100);
	double v = 0;
	for (int k = 0; k < 80; k++) {
		nj_step(&w, &r, NJ_RIGHT);
		v = NJ_DRAG * v + NJ_ACCEL_GROUND;
		if (v > NJ_MAX_RUN)
			v = NJ_MAX_RUN;
		assert_true(r.vx == v);
		assert_true(r.vx <= NJ_MAX_RUN);
	}
	assert_true(r.vx == NJ_MAX_RUN);
	/* Left is the mirror image; both directions at once run nowhere. */
	standing(600);
	play(NJ_LEFT, 80);
	assert_true(r.vx == -NJ_MAX_RUN);
	standing(400);
	play(NJ_LEFT | NJ_RIGHT, 20);
	assert_true(r.vx == 0 && r.x == 400);
}

static void air_control_is_weaker(void **unused)
{
	(void)unused;
	level(100, 40);
	begin();
	double v = 0;
	for (int k = 0; k < 30; k++) {
		nj_step(&w, &r, NJ_RIGHT);
		v = NJ_DRAG * v + NJ_ACCEL_AIR;
		assert_true(r.vx == v);
	}
}

static void ground_friction_stops_in_half_a_second(void **unused)
{
	(void)unused;
	standing(100);
	play(NJ_RIGHT, 80);
	assert_true(r.vx == NJ_MAX_RUN);
	play(0, NJ_STEPS_PER_SECOND / 2);
	assert_true(r.vx > 0 && r.vx < 0.1);
	/* Turning round skids: faster than running from rest the other way would. */
	standing(100);
	play(NJ_RIGHT, 80);
	play(NJ_LEFT, 10);
	assert_true(r.vx < 0.5);
}

static void running_over_tile_seams_keeps_speed(void **unused)
{
	(void)unused;
	standing(40);
	play(NJ_RIGHT, 60);
	assert_true(r.vx == NJ_MAX_RUN);
	/* Over 100 tile seams' worth of floor, back and forth: not a bump, not a loss. */
	for (int k = 0; k < 120; k++) {
		double x = r.x;
		nj_step(&w, &r, NJ_RIGHT);
		assert_true(r.vx == NJ_MAX_RUN);
		assert_true(r.vy == 0);
		assert_true(r.y == ON_FLOOR);
		assert_true(r.on_ground);
		assert_true(r.x == x + NJ_MAX_RUN || r.x == 768 - NJ_RADIUS);
		if (r.x >= 700)
			break;
	}
	/* A wall of stacked tiles: sliding down it does not catch at the seams either. */
	level(COL_LEFT(11) + NJ_RADIUS + 0.5, 40);
	for (int row = 0; row < NL_ROWS; row++)
		tile(10, row, NL_FULL);
	begin();
	double last = 0;
	for (int k = 0; k < 60; k++) {
		nj_step(&w, &r, NJ_LEFT);
		assert_true(r.x >= COL_LEFT(11) + NJ_RADIUS - 1e-9);
		assert_true(r.vy >= last || r.vy > 0);
		assert_true(r.vx <= 0.1 + 1e-12);
		last = r.vy;
	}
}

/* A ninja in the air beside a wall of full tiles, to its left or right. */
static void beside_wall(int side)
{
	double x = side < 0 ? COL_LEFT(11) + NJ_RADIUS + 1 : COL_LEFT(10) - NJ_RADIUS - 1;
	level(x, 100);
	for (int row = 0; row < NL_ROWS; row++)
		tile(10, row, NL_FULL);
	begin();
	play(0, 2);
	assert_int_equal(r.wall, side);
	assert_false(r.on_ground);
}

static void wall_jump_from_a_fall(void **unused)
{
	(void)unused;
	for (int side = -1; side <= 1; side += 2) {
		beside_wall(side);
		unsigned ev = nj_step(&w, &r, NJ_JUMP);
		assert_true(ev & NJ_EV_WALL_JUMP);
		assert_true(r.vx == -side * 1.5);
		assert_true(r.vy == -2.1);
		assert_int_equal(r.jump_hold, NJ_JUMP_HOLD_STEPS);
	}
	/* Far from any wall there is no wall jump. */
	level(400, 100);
	begin();
	play(0, 2);
	assert_int_equal(r.wall, 0);
	assert_int_equal(nj_step(&w, &r, NJ_JUMP) & NJ_EV_WALL_JUMP, 0);
}

static void wall_jump_from_a_slide(void **unused)
{
	(void)unused;
	for (int side = -1; side <= 1; side += 2) {
		unsigned into = side < 0 ? NJ_LEFT : NJ_RIGHT;
		beside_wall(side);
		play(into, 20);
		assert_true(r.vy > 0);
		assert_int_equal(r.wall, side);
		unsigned ev = nj_step(&w, &r, into | NJ_JUMP);
		assert_true(ev & NJ_EV_WALL_JUMP);
		assert_true(r.vx == -side * 1.0);
		assert_true(r.vy == -1.5);
	}
}

static void wall_slide_is_slower_than_a_fall(void **unused)
{
	(void)unused;
	beside_wall(-1);
	double y0 = r.y;
	play(NJ_LEFT, 40);
	double slid = r.y - y0;
	assert_true(r.vy > 0 && r.vy < 1.0);
	level(400, 100);
	begin();
	play(0, 42);
	double fell = r.y - 100;
	assert_true(slid < fell / 3);
	/* Not pressing into the wall, the ninja falls freely beside it. */
	beside_wall(-1);
	play(0, 40);
	assert_true(r.y - y0 > fell - 10);
}

/* A 45° slope rising to the right, solid tiles under it, from column 6 to 15. */
static void slope_level(double x, double y)
{
	level(x, y);
	floor_row();
	for (int c = 6; c <= 15; c++) {
		int top = FLOOR_ROW - 1 - (c - 6);
		tile(c, top, 3);
		for (int row = top + 1; row < FLOOR_ROW; row++)
			tile(c, row, NL_FULL);
	}
}

static void slope_slides_without_input_and_can_be_climbed(void **unused)
{
	(void)unused;
	slope_level(COL_LEFT(11) + 12, ROW_TOP(FLOOR_ROW - 6) - 30);
	begin();
	play(0, 30);
	assert_true(r.on_ground);
	assert_true(r.floor_nx < -0.7 && r.floor_nx > -0.71);
	assert_true(r.floor_ny < -0.7 && r.floor_ny > -0.71);
	double x0 = r.x, y0 = r.y;
	play(0, 80);
	/* Down and to the left, along the slope. */
	assert_true(r.x < x0 - 20);
	assert_true(r.y > y0 + 20);
	/* Running up from the flat floor at its foot reaches the top. */
	level(60, ON_FLOOR - 2);
	slope_level(60, ON_FLOOR - 2);
	begin();
	double top = r.y;
	for (int k = 0; k < 200; k++) {
		nj_step(&w, &r, NJ_RIGHT);
		if (r.y < top)
			top = r.y;
	}
	/* Over the top (row FLOOR_ROW - 10) and off its far side. */
	assert_true(top < ROW_TOP(FLOOR_ROW - 10));
	assert_true(r.x > COL_LEFT(20));
}

static void stands_still_on_a_gentle_slope(void **unused)
{
	(void)unused;
	/* A small 22° slope (15: solid bottom-right), flat floor on either side. */
	level(COL_LEFT(15) + 12, ON_FLOOR - 40);
	floor_row();
	tile(15, FLOOR_ROW - 1, 15);
	tile(16, FLOOR_ROW - 1, NL_FULL);
	begin();
	play(0, 60);
	assert_true(r.on_ground);
	assert_true(r.floor_ny < -0.89 && r.floor_ny > -0.9);
	double x0 = r.x, y0 = r.y;
	play(0, 200);
	assert_true(r.x == x0 && r.y == y0);
}

static void floor_jump_leaves_along_the_normal(void **unused)
{
	(void)unused;
	/* On the 45° slope rising to the right, the normal points up and left. */
	slope_level(COL_LEFT(11) + 12, ROW_TOP(FLOOR_ROW - 6) - 30);
	begin();
	play(0, 30);
	assert_true(r.on_ground);
	assert_true(nj_step(&w, &r, NJ_JUMP) & NJ_EV_JUMP);
	assert_false(r.on_ground);
	/* (nx, 3 ny) = (-0.71, -2.12) on top of the slide down the slope (measured: -1.08,
	 * -1.75). */
	assert_true(r.vx < -0.9 && r.vx > -1.3);
	assert_true(r.vy < -1.6 && r.vy > -2.2);
}

static void a_steep_slope_is_a_wall(void **unused)
{
	(void)unused;
	/* Beside the 67° face of tile 27 (solid bottom-right, big), 1 px away from it. */
	const int col = 15, row = 12;
	double nx = -24 / sqrt(24 * 24 + 12 * 12), ny = -12 / sqrt(24 * 24 + 12 * 12);
	level(COL_LEFT(col) + 6 + (NJ_RADIUS + 1) * nx, ROW_TOP(row) + 12 + (NJ_RADIUS + 1) * ny);
	tile(col, row, 27);
	begin();
	nj_step(&w, &r, 0);
	assert_int_equal(r.wall, 1);
	assert_false(r.on_ground);
	assert_true(nj_step(&w, &r, NJ_JUMP) & NJ_EV_WALL_JUMP);
	assert_true(r.vx == -1.5 && r.vy == -2.1);
}

/* Whether any point of the disc (x, y, rad) lies in the tile at (col, row): rings of points
 * around the centre, their directions spread over the perimeter of a square. */
static bool circle_in_tile(int id, int col, int row, double x, double y, double rad)
{
	for (int k = 0; k <= 8; k++)
		for (int a = 0; a < 64; a++) {
			double u = (a % 16) / 8.0 - 1, px, py;
			switch (a / 16) {
			case 0:
				px = 1, py = u;
				break;
			case 1:
				px = -u, py = 1;
				break;
			case 2:
				px = -1, py = -u;
				break;
			default:
				px = u, py = -1;
				break;
			}
			double f = rad * k / 8 / sqrt(px * px + py * py);
			if (nj_tile_covers(id, x + f * px - COL_LEFT(col),
			                   y + f * py - ROW_TOP(row)))
				return true;
		}
	return false;
}

/* Throws the ninja from (x, y) at (vx, vy) towards tile id alone at (col, row), for 60 steps:
 * it must never get more than a hair inside the shape; returns whether it touched it. */
static bool throw_at(int id, int col, int row, double x, double y, double vx, double vy)
{
	bool touched = false;
	level(x, y);
	tile(col, row, id);
	begin();
	r.vx = vx;
	r.vy = vy;
	for (int k = 0; k < 60; k++) {
		nj_step(&w, &r, 0);
		if (circle_in_tile(id, col, row, r.x, r.y, NJ_RADIUS - 0.05))
			fail_msg("tile %d, thrown from (%g, %g) at (%g, %g): inside at step %d "
			         "(%g, %g)",
			         id, x, y, vx, vy, k, r.x, r.y);
		if (circle_in_tile(id, col, row, r.x, r.y, NJ_RADIUS + 0.05))
			touched = true;
	}
	return touched;
}

static void every_shape_blocks_a_falling_ninja(void **unused)
{
	(void)unused;
	const int col = 15, row = 12;
	for (int id = 1; id < NL_TILE_KINDS; id++) {
		bool touched = false;
		for (int i = 0; i <= 8; i++)
			touched |= throw_at(id, col, row, COL_LEFT(col) - 4 + 4 * i,
			                    ROW_TOP(row) - 60, 0, 0);
		if (!touched)
			fail_msg("tile %d never touched", id);
	}
}

static void every_shape_blocks_from_below_and_the_sides(void **unused)
{
	(void)unused;
	const int col = 15, row = 12;
	for (int id = 1; id < NL_TILE_KINDS; id++) {
		bool below = false, left = false, right = false;
		for (int i = 0; i <= 8; i++) {
			double along = -4 + 4 * i;
			/* Up into it fast, from three tiles below. */
			below |= throw_at(id, col, row, COL_LEFT(col) + along, ROW_TOP(row) + 84, 0,
			                  -9);
			/* Across into it, from two tiles to either side, a little rising. */
			left |= throw_at(id, col, row, COL_LEFT(col) - 48, ROW_TOP(row) + along, 9,
			                 -1);
			right |= throw_at(id, col, row, COL_LEFT(col) + 72, ROW_TOP(row) + along,
			                  -9, -1);
		}
		if (!below || !left || !right)
			fail_msg("tile %d: touched from below %d, left %d, right %d", id, below,
			         left, right);
	}
}

static void flat_tops_hold_the_ninja_at_rest(void **unused)
{
	(void)unused;
	/* Shapes with a flat top at the tile's top or middle, where the ninja stays put. */
	static const struct {
		int id;
		double top;
	} flat[] = {{1, 0},  {4, 0},   {5, 0},  {8, 0},  {9, 0},  {16, 0}, {17, 0}, {20, 0},
	            {21, 0}, {30, 12}, {32, 0}, {12, 0}, {13, 0}, {6, 24}, {7, 24}};
	const int col = 15, row = 12;
	for (size_t i = 0; i < sizeof flat / sizeof flat[0]; i++) {
		/* Over the middle of the flat part: a quarter pipe's flat floor is at its
		 * solid corner's edge only, so those drops are beside the curve. */
		double x = COL_LEFT(col) + 12;
		if (flat[i].id == 6)
			x = COL_LEFT(col) + 22;
		if (flat[i].id == 7)
			x = COL_LEFT(col) + 2;
		if (flat[i].id == 12)
			x = COL_LEFT(col) + 20;
		if (flat[i].id == 13)
			x = COL_LEFT(col) + 4;
		level(x, ROW_TOP(row) - 40);
		tile(col, row, flat[i].id);
		/* A pipe's lowest point is its tile's bottom corner: a floor goes on from it. */
		if (flat[i].id == 6 || flat[i].id == 7)
			for (int c = col - 1; c <= col + 1; c++)
				tile(c, row + 1, NL_FULL);
		begin();
		play(0, 120);
		double want = ROW_TOP(row) + flat[i].top - NJ_RADIUS;
		if (flat[i].id == 6 || flat[i].id == 7) {
			/* Stands on the gentle end of the curve, just above the floor, still. */
			assert_true(r.on_ground);
			assert_true(r.y > want - 0.3 && r.y < want + 1e-6);
			double x0 = r.x, y0 = r.y;
			play(0, 100);
			assert_true(r.x > x0 - 1e-9 && r.x < x0 + 1e-9);
			assert_true(r.y > y0 - 1e-9 && r.y < y0 + 1e-9);
			continue;
		}
		if (!(r.y > want - 1e-6 && r.y < want + 1e-6))
			fail_msg("tile %d: rests at y %g, not %g", flat[i].id, r.y, want);
		assert_true(r.on_ground);
	}
}

static void tile_covers_matches_the_glyphs(void **unused)
{
	(void)unused;
	/* Points near the four corners: bottom-left, bottom-right, top-right, top-left. */
	static const double corner[4][2] = {{2, 22}, {22, 22}, {22, 2}, {2, 2}};
	for (int g = 0; g < 8; g++) {
		int first = g == 0 ? 2 : 2 + 4 * g;
		if (first + 3 >= NL_HALF)
			break;
		for (int k = 0; k < 4; k++)
			for (int c = 0; c < 4; c++) {
				bool want = c == k;
				bool got = nj_tile_covers(first + k, corner[c][0], corner[c][1]);
				/* The big slopes and quarter pipes cover more than their own
				 * corner: only the opposite corner must be open. */
				if (got != want && (want || (c + 2) % 4 == k))
					fail_msg("tile %d, corner %d: %d", first + k, c, got);
			}
	}
	/* Half tiles: bottom, right, top, left. */
	assert_true(nj_tile_covers(30, 12, 20) && !nj_tile_covers(30, 12, 4));
	assert_true(nj_tile_covers(31, 20, 12) && !nj_tile_covers(31, 4, 12));
	assert_true(nj_tile_covers(32, 12, 4) && !nj_tile_covers(32, 12, 20));
	assert_true(nj_tile_covers(33, 4, 12) && !nj_tile_covers(33, 20, 12));
	/* Curves: a convex quarter circle reaches 24 from its corner, a pipe starts there. */
	assert_true(nj_tile_covers(10, 16, 8) == (16 * 16 + 16 * 16 <= 576));
	assert_true(nj_tile_covers(10, 10, 10));
	assert_false(nj_tile_covers(6, 10, 10));
	assert_true(nj_tile_covers(6, 1, 23));
	/* Small and big 22°: 12 and 24 high at the solid side. */
	assert_true(nj_tile_covers(14, 1, 13) && !nj_tile_covers(14, 1, 11));
	assert_true(nj_tile_covers(18, 1, 1) && !nj_tile_covers(18, 23, 11));
	assert_false(nj_tile_covers(NL_EMPTY, 12, 12));
	assert_true(nj_tile_covers(NL_FULL, 0, 0) && nj_tile_covers(NL_FULL, 24, 24));
	assert_false(nj_tile_covers(NL_FULL, -0.1, 12));
	assert_false(nj_tile_covers(99, 12, 12));
}

static void a_high_fall_kills_a_short_one_does_not(void **unused)
{
	(void)unused;
	/* From the top of the map onto the bottom border: over 20 tiles. */
	level(400, 40);
	begin();
	unsigned ev = play(0, 200);
	assert_true(ev & NJ_EV_DEATH);
	assert_int_equal(r.outcome, NJ_DEATH);
	assert_int_equal(r.death, NJ_KILLED_BY_FALL);
	/* Five tiles: lands alive. */
	level(400, ON_FLOOR - 5 * 24);
	floor_row();
	begin();
	ev = play(0, 100);
	assert_true(ev & NJ_EV_LAND);
	assert_false(ev & NJ_EV_DEATH);
	assert_int_equal(r.outcome, NJ_RUNNING);
	/* The same fall onto a 45° slope takes less of the speed along the normal: from
	 * where the flat fall just kills, the slope is survived. */
	int kill = 0;
	for (int h = 5; h < 22 && !kill; h++) {
		level(400, ON_FLOOR - h * 24);
		floor_row();
		begin();
		if (play(0, 200) & NJ_EV_DEATH)
			kill = h;
	}
	assert_true(kill > 5);
	/* A slope of tiles 3 rising from column 16 to 16 + kill. */
	level(COL_LEFT(16) + 12, ON_FLOOR - kill * 24);
	floor_row();
	tile(16, FLOOR_ROW - 1, 3);
	begin();
	ev = play(0, 200);
	assert_false(ev & NJ_EV_DEATH);
}

static void gold_adds_time_once(void **unused)
{
	(void)unused;
	standing(100);
	object(NL_GOLD, 200, ON_FLOOR);
	object(NL_GOLD, 600, 100); /* out of reach */
	int time = r.time_left, steps = r.steps;
	struct nj_run kept = r;
	begin();
	r = kept;
	unsigned ev = 0;
	int at = 0;
	for (int k = 0; k < 60; k++) {
		unsigned e = nj_step(&w, &r, NJ_RIGHT);
		if ((e & NJ_EV_GOLD) && !at)
			at = k + 1;
		ev |= e;
	}
	assert_true(ev & NJ_EV_GOLD);
	assert_int_equal(r.gold, 1);
	assert_true(r.taken[0] == 1);
	assert_int_equal(r.steps, steps + 60);
	assert_int_equal(r.time_left, time - 60 + NJ_GOLD_STEPS);
	/* Running back over its place collects nothing more. */
	assert_false(play(NJ_LEFT, 80) & NJ_EV_GOLD);
	assert_int_equal(r.gold, 1);
	assert_true(at > 0);
}

static void a_mine_kills(void **unused)
{
	(void)unused;
	level(400, 300);
	floor_row();
	object(NL_MINE, 400, ON_FLOOR);
	begin();
	unsigned ev = play(0, 100);
	assert_true(ev & NJ_EV_DEATH);
	assert_int_equal(r.outcome, NJ_DEATH);
	assert_int_equal(r.death, NJ_KILLED_BY_MINE);
	/* Before reaching the floor: touched on the way. */
	assert_true(r.y < ON_FLOOR);
}

static void the_switch_opens_the_door(void **unused)
{
	(void)unused;
	level(100, ON_FLOOR - 2);
	floor_row();
	exit_at(200, ON_FLOOR, 400, ON_FLOOR);
	begin();
	play(0, 5);
	/* Through the closed door to the switch. */
	unsigned ev = 0;
	for (int k = 0; k < 200 && r.x < 420; k++)
		ev |= nj_step(&w, &r, NJ_RIGHT);
	assert_false(ev & NJ_EV_WIN);
	assert_true(ev & NJ_EV_SWITCH);
	assert_true(r.exit_open);
	assert_int_equal(r.outcome, NJ_RUNNING);
	/* Back to the open door. */
	ev = play(NJ_LEFT, 200);
	assert_true(ev & NJ_EV_WIN);
	assert_false(ev & NJ_EV_SWITCH);
	assert_int_equal(r.outcome, NJ_WIN);
	assert_true(r.x < 200 + NJ_RADIUS + NJ_DOOR_RADIUS + NJ_MAX_RUN);
}

/* The pane's summary of a run: gold of the level's, then alive, out (won) or dead. */
static void progress_tells_gold_and_alive_dead_or_out(void **unused)
{
	(void)unused;
	level(100, ON_FLOOR - 2);
	floor_row();
	object(NL_GOLD, 150, ON_FLOOR);
	object(NL_GOLD, 600, 100); /* out of reach */
	exit_at(200, ON_FLOOR, 300, ON_FLOOR);
	object(NL_MINE, 700, ON_FLOOR);
	begin();
	struct tc_progress pr;
	nj_progress(&r, &w, &pr);
	assert_int_equal(pr.value, 0);
	assert_string_equal(pr.text, "0/2 gold alive");
	for (int k = 0; k < 200 && r.x < 320; k++)
		nj_step(&w, &r, NJ_RIGHT);
	nj_progress(&r, &w, &pr);
	assert_int_equal(pr.value, 1);
	assert_string_equal(pr.text, "1/2 gold alive");
	play(NJ_LEFT, 200);
	assert_int_equal(r.outcome, NJ_WIN);
	nj_progress(&r, &w, &pr);
	assert_string_equal(pr.text, "1/2 gold out");
	begin();
	play(NJ_RIGHT, 400);
	assert_int_equal(r.outcome, NJ_DEATH);
	nj_progress(&r, &w, &pr);
	assert_string_equal(pr.text, "1/2 gold dead");
	assert_true(strlen(pr.text) <= 16);
}

static void the_clock_runs_out(void **unused)
{
	(void)unused;
	standing(400);
	int played = r.steps;
	unsigned ev = 0;
	int k = 0;
	while (r.outcome == NJ_RUNNING && k < NJ_MAX_STEPS) {
		ev = nj_step(&w, &r, 0);
		k++;
	}
	assert_int_equal(played + k, NJ_START_STEPS);
	assert_int_equal(r.steps, NJ_START_STEPS);
	assert_true(ev & NJ_EV_TIMEOUT);
	assert_int_equal(r.outcome, NJ_TIMEOUT);
	assert_int_equal(r.time_left, 0);
}

static void a_finished_run_does_not_change(void **unused)
{
	(void)unused;
	level(400, 300);
	object(NL_MINE, 400, 330);
	begin();
	play(0, 40);
	assert_int_equal(r.outcome, NJ_DEATH);
	struct nj_run before = r;
	for (unsigned in = 0; in <= NJ_INPUT_BITS; in++)
		assert_int_equal(nj_step(&w, &r, in), 0);
	assert_memory_equal(&before, &r, sizeof r);
}

/* A busy level: the seed's generator, with every tile shape. */
static void busy_level(uint64_t seed)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, NL_RNG_STREAM);
	nl_generate(&rng, &lv);
	for (int i = 0; i < NL_TILES; i += 7)
		lv.tile[i] = (uint8_t)(i % NL_TILE_KINDS);
	lv.tile[NL_CENTRE] = NL_EMPTY;
}

static void same_inputs_same_run(void **unused)
{
	(void)unused;
	static struct nj_run a[2000], b[2000];
	static unsigned ea[2000], eb[2000];
	for (int pass = 0; pass < 2; pass++) {
		struct nj_run *out = pass ? b : a;
		unsigned *ev = pass ? eb : ea;
		busy_level(8);
		begin();
		uint32_t x = 12345;
		unsigned in = 0;
		for (int k = 0; k < 2000; k++) {
			x = x * 1103515245u + 12345u;
			if ((x >> 16) % 8 == 0)
				in = (x >> 20) & NJ_INPUT_BITS;
			ev[k] = nj_step(&w, &r, in);
			out[k] = r;
		}
	}
	assert_memory_equal(a, b, sizeof a);
	assert_memory_equal(ea, eb, sizeof ea);
	/* The run did move about. */
	bool moved = false;
	for (int k = 1; k < 2000; k++)
		moved |= a[k].x != a[0].x;
	assert_true(moved);
}

static void gold_within_reach_is_always_collected(void **unused)
{
	(void)unused;
	int collected = 0;
	for (uint64_t seed = 1; seed <= 8; seed++) {
		busy_level(seed);
		for (int k = 0; k < lv.objects; k++)
			if (lv.object[k].type == NL_MINE)
				lv.object[k].type = NL_GOLD;
		begin();
		uint32_t x = (uint32_t)seed * 7;
		unsigned in = 0;
		for (int s = 0; s < 3000 && r.outcome == NJ_RUNNING; s++) {
			x = x * 1103515245u + 12345u;
			if ((x >> 16) % 6 == 0)
				in = (x >> 20) & NJ_INPUT_BITS;
			nj_step(&w, &r, in);
			for (int k = 0; k < w.things; k++) {
				double dx = r.x - w.thing[k].x, dy = r.y - w.thing[k].y;
				double d = NJ_RADIUS + NJ_GOLD_RADIUS;
				if (dx * dx + dy * dy < d * d)
					assert_true(r.taken[k / 64] >> (k % 64) & 1);
			}
		}
		collected += r.gold;
	}
	assert_true(collected > 8);
}

static void random_play_never_leaves_the_map(void **unused)
{
	(void)unused;
	for (uint64_t seed = 1; seed <= 6; seed++) {
		busy_level(seed);
		/* Mines and gold out of the way: a long run that cannot end early. */
		lv.objects = 1;
		lv.object[0].type = NL_NINJA;
		begin();
		uint32_t x = (uint32_t)seed;
		unsigned in = 0;
		for (int k = 0; k < 3000 && r.outcome == NJ_RUNNING; k++) {
			x = x * 1103515245u + 12345u;
			if ((x >> 16) % 6 == 0)
				in = (x >> 20) & NJ_INPUT_BITS;
			nj_step(&w, &r, in);
			assert_true(r.x >= 24 + NJ_RADIUS - 1e-6 && r.x <= 768 - NJ_RADIUS + 1e-6);
			assert_true(r.y >= 24 + NJ_RADIUS - 1e-6 && r.y <= 576 - NJ_RADIUS + 1e-6);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(world_needs_a_ninja),
	        cmocka_unit_test(what_the_play_ignores_is_counted),
	        cmocka_unit_test(a_far_start_is_brought_inside),
	        cmocka_unit_test(free_fall_follows_the_recurrence),
	        cmocka_unit_test(full_jump_rises_three_tiles_and_a_tap_about_thirty_px),
	        cmocka_unit_test(jump_needs_a_fresh_press),
	        cmocka_unit_test(the_first_key_jumps),
	        cmocka_unit_test(running_accelerates_to_five),
	        cmocka_unit_test(air_control_is_weaker),
	        cmocka_unit_test(ground_friction_stops_in_half_a_second),
	        cmocka_unit_test(running_over_tile_seams_keeps_speed),
	        cmocka_unit_test(wall_jump_from_a_fall),
	        cmocka_unit_test(wall_jump_from_a_slide),
	        cmocka_unit_test(wall_slide_is_slower_than_a_fall),
	        cmocka_unit_test(slope_slides_without_input_and_can_be_climbed),
	        cmocka_unit_test(stands_still_on_a_gentle_slope),
	        cmocka_unit_test(floor_jump_leaves_along_the_normal),
	        cmocka_unit_test(a_steep_slope_is_a_wall),
	        cmocka_unit_test(every_shape_blocks_a_falling_ninja),
	        cmocka_unit_test(every_shape_blocks_from_below_and_the_sides),
	        cmocka_unit_test(flat_tops_hold_the_ninja_at_rest),
	        cmocka_unit_test(tile_covers_matches_the_glyphs),
	        cmocka_unit_test(a_high_fall_kills_a_short_one_does_not),
	        cmocka_unit_test(gold_adds_time_once),
	        cmocka_unit_test(a_mine_kills),
	        cmocka_unit_test(the_switch_opens_the_door),
	        cmocka_unit_test(the_clock_runs_out),
	        cmocka_unit_test(a_finished_run_does_not_change),
	        cmocka_unit_test(same_inputs_same_run),
	        cmocka_unit_test(gold_within_reach_is_always_collected),
	        cmocka_unit_test(progress_tells_gold_and_alive_dead_or_out),
	        cmocka_unit_test(random_play_never_leaves_the_map),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
