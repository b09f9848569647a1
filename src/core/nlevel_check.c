/* Reachability of an N level over a simple movement model at tile granularity, and the
 * generator that keeps only levels the model finds playable. Issue 7; the next issue replaces
 * the model with the real physics.
 *
 * The model, conservative where unsure:
 * - A cell is open when its tile is empty ('0'); every other tile is solid (slopes, curves and
 *   half tiles included), and so is the implicit border around the map. Objects (doors,
 *   one-way platforms, bounce blocks) neither block nor help.
 * - The ninja stands on an open cell whose cell below is solid. Standing, it walks one cell
 *   left or right onto open cells (falling when unsupported), steps up onto a 45° slope that
 *   rises towards it (when the cell above the slope is open), and jumps.
 * - A jump is an air state with a budget of JUMP_UP cells upwards and JUMP_ACROSS cells
 *   sideways, spent one orthogonal step at a time through open cells in any order. At any
 *   time the ninja may stop rising and fall.
 * - Falling goes straight down or drifts one column per row fallen (the three cells involved
 *   open, so no corner is cut), any distance, and lands on any solid cell below.
 * - A wall jump, in the air next to a solid cell: up and away, to the cell one row up and one
 *   column away from the wall (the cells on the way open), or onto a ledge one row up and two
 *   columns away; in a one-wide shaft (solid on both sides) straight up one cell, keeping one
 *   cell of sideways movement to step out at the top. Its momentum is spent there, so one wall
 *   alone gives a single cell of height, while a shaft one or two cells wide is climbed to its
 *   top by jumping from wall to wall (a wider one is not).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/nlevel.h"

#define JUMP_UP 3
#define JUMP_ACROSS 4

/* The ninja is boxed in when it reaches fewer than BOXED_MIN_CELLS cells, or none farther than
 * BOXED_RADIUS cells from its start (in either direction). */
#define BOXED_MIN_CELLS 12
#define BOXED_RADIUS 3

/* nl_generate_playable keeps a level when the ninja is not boxed in and reaches at least
 * PLAYABLE_MIN_CELLS cells (the seed's maps have about 428 open cells). */
#define PLAYABLE_MIN_CELLS 60
#define PLAYABLE_ATTEMPTS 10000

/* An object touches a cell when it is less than GRAB_PX from the cell's centre on both axes,
 * that is inside the cell's square grown by half a tile: a gold on a tile corner (as the seed
 * puts them) touches the four tiles around the corner. */
#define GRAB_PX 24.0

/* States: standing in a cell, or in the air in a cell with budgets up (0..JUMP_UP) and across
 * (0..JUMP_ACROSS). */
#define AIR_KINDS ((JUMP_UP + 1) * (JUMP_ACROSS + 1))
#define STATE_KINDS (1 + AIR_KINDS)
#define STATES (NL_TILES * STATE_KINDS)

static int cell(int col, int row)
{
	return col * NL_ROWS + row;
}

static bool inside(int col, int row)
{
	return col >= 0 && col < NL_COLS && row >= 0 && row < NL_ROWS;
}

static bool open_at(const struct nl_level *l, int col, int row)
{
	return inside(col, row) && l->tile[cell(col, row)] == NL_EMPTY;
}

static bool solid_at(const struct nl_level *l, int col, int row)
{
	return !open_at(l, col, row);
}

/* The column or row of a pixel coordinate: the nearest tile centre, clamped to the map. */
static int tile_of(double px, int n)
{
	double t = (px - 36.0) / NL_TILE_PX;
	long v = t < 0 ? -(long)(0.5 - t) : (long)(t + 0.5);
	if (v < 0)
		return 0;
	return v >= n ? n - 1 : (int)v;
}

struct search {
	const struct nl_level *l;
	bool seen[STATES];
	int queue[STATES];
	int head, tail;
};

static int state_id(int c, int kind)
{
	return c * STATE_KINDS + kind;
}

static int air_kind(int up, int across)
{
	return 1 + up * (JUMP_ACROSS + 1) + across;
}

static void push(struct search *s, int col, int row, int kind)
{
	if (!open_at(s->l, col, row))
		return;
	int id = state_id(cell(col, row), kind);
	if (s->seen[id])
		return;
	s->seen[id] = true;
	s->queue[s->tail++] = id;
}

static void push_stand(struct search *s, int col, int row)
{
	push(s, col, row, 0);
}

static void push_air(struct search *s, int col, int row, int up, int across)
{
	push(s, col, row, air_kind(up, across));
}

/* Walking onto (col, row): standing there, or falling from there. */
static void push_walk(struct search *s, int col, int row)
{
	if (solid_at(s->l, col, row + 1))
		push_stand(s, col, row);
	else
		push_air(s, col, row, 0, 0);
}

static bool slope_rises_towards(const struct nl_level *l, int col, int row, int dir)
{
	if (!inside(col, row))
		return false;
	int t = l->tile[cell(col, row)];
	/* 2 is solid at bottom-left (it rises to the left), 3 at bottom-right. Walking right
	 * (dir +1) climbs a slope that rises to the right: 3; walking left climbs 2. */
	return dir > 0 ? t == NL_SLOPE45 + 1 : t == NL_SLOPE45;
}

static void expand_stand(struct search *s, int col, int row)
{
	const struct nl_level *l = s->l;
	for (int dir = -1; dir <= 1; dir += 2) {
		if (open_at(l, col + dir, row))
			push_walk(s, col + dir, row);
		else if (slope_rises_towards(l, col + dir, row, dir) && open_at(l, col, row - 1) &&
		         open_at(l, col + dir, row - 1))
			push_stand(s, col + dir, row - 1);
	}
	push_air(s, col, row, JUMP_UP, JUMP_ACROSS);
}

static void expand_air(struct search *s, int col, int row, int up, int across)
{
	const struct nl_level *l = s->l;
	if (solid_at(l, col, row + 1))
		push_stand(s, col, row);
	if (up > 0)
		push_air(s, col, row - 1, up - 1, across);
	if (across > 0) {
		push_air(s, col - 1, row, up, across - 1);
		push_air(s, col + 1, row, up, across - 1);
	}
	/* Falling, straight or drifting. */
	if (open_at(l, col, row + 1)) {
		push_air(s, col, row + 1, 0, across);
		for (int dir = -1; dir <= 1; dir += 2)
			if (open_at(l, col + dir, row))
				push_air(s, col + dir, row + 1, 0, across);
	}
	/* Wall jumps. */
	bool left = solid_at(l, col - 1, row), right = solid_at(l, col + 1, row);
	if (left && right) {
		push_air(s, col, row - 1, 0, 1);
		return;
	}
	for (int wall = -1; wall <= 1; wall += 2) {
		if (!(wall < 0 ? left : right))
			continue;
		int away = col - wall, further = col - 2 * wall;
		if (!open_at(l, col, row - 1) || !open_at(l, away, row) ||
		    !open_at(l, away, row - 1))
			continue;
		push_air(s, away, row - 1, 0, 0);
		if (open_at(l, further, row - 1) && solid_at(l, further, row))
			push_stand(s, further, row - 1);
	}
}

static void search_from(struct search *s, int col, int row)
{
	if (!open_at(s->l, col, row))
		return;
	push_walk(s, col, row);
	while (s->head < s->tail) {
		int id = s->queue[s->head++];
		int c = id / STATE_KINDS, kind = id % STATE_KINDS;
		int ccol = c / NL_ROWS, crow = c % NL_ROWS;
		if (kind == 0) {
			expand_stand(s, ccol, crow);
		} else {
			int k = kind - 1;
			expand_air(s, ccol, crow, k / (JUMP_ACROSS + 1), k % (JUMP_ACROSS + 1));
		}
	}
}

/* Whether a point (in pixels) is within grabbing distance of a reachable cell. */
static bool point_reachable(const struct nl_reach *r, double x, double y)
{
	int col = tile_of(x, NL_COLS), row = tile_of(y, NL_ROWS);
	for (int dc = -1; dc <= 1; dc++)
		for (int dr = -1; dr <= 1; dr++) {
			int cc = col + dc, rr = row + dr;
			if (!inside(cc, rr) || !r->reachable[cell(cc, rr)])
				continue;
			double cx = NL_TILE_PX * cc + 36.0, cy = NL_TILE_PX * rr + 36.0;
			if (x - cx < GRAB_PX && cx - x < GRAB_PX && y - cy < GRAB_PX &&
			    cy - y < GRAB_PX)
				return true;
		}
	return false;
}

static const struct nl_object *find_object(const struct nl_level *l, int type)
{
	for (int k = 0; k < l->objects; k++)
		if (l->object[k].type == type && l->object[k].count >= 2)
			return &l->object[k];
	return NULL;
}

int nl_check(const struct nl_level *l, struct nl_reach *r)
{
	memset(r, 0, sizeof *r);
	const struct nl_object *ninja = find_object(l, NL_NINJA);
	if (!ninja)
		return -1;
	int col = tile_of(ninja->field[0], NL_COLS), row = tile_of(ninja->field[1], NL_ROWS);

	struct search *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	s->l = l;
	search_from(s, col, row);
	int cells = 0, far = 0;
	for (int c = 0; c < NL_TILES; c++) {
		for (int kind = 0; kind < STATE_KINDS; kind++)
			if (s->seen[state_id(c, kind)])
				r->reachable[c] = true;
		if (!r->reachable[c])
			continue;
		cells++;
		int dc = abs(c / NL_ROWS - col), dr = abs(c % NL_ROWS - row);
		if (dc > BOXED_RADIUS || dr > BOXED_RADIUS)
			far++;
	}
	free(s);
	r->boxed = cells < BOXED_MIN_CELLS || far == 0;

	for (int k = 0; k < l->objects; k++) {
		const struct nl_object *o = &l->object[k];
		if (o->type == NL_MINE) {
			r->mines++;
		} else if (o->type == NL_GOLD && o->count >= 2) {
			r->gold++;
			if (point_reachable(r, o->field[0], o->field[1]))
				r->gold_reachable++;
		}
	}
	/* The first exit counts: its door at fields 0, 1 and its switch at 2, 3. */
	const struct nl_object *exit = find_object(l, NL_EXIT);
	if (exit && exit->count >= 4) {
		r->has_exit = true;
		r->exit_reachable = point_reachable(r, exit->field[0], exit->field[1]);
		r->switch_reachable = point_reachable(r, exit->field[2], exit->field[3]);
	}
	return 0;
}

/* The number of cells the ninja reaches. */
static int reach_cells(const struct nl_reach *r)
{
	int n = 0;
	for (int c = 0; c < NL_TILES; c++)
		n += r->reachable[c];
	return n;
}

static void set_field(struct nl_object *o, int f, int v)
{
	o->field[f] = v;
	snprintf(o->text[f], sizeof o->text[f], "%d", v);
}

static int dist2(int a, int b)
{
	int dc = a / NL_ROWS - b / NL_ROWS, dr = a % NL_ROWS - b % NL_ROWS;
	return dc * dc + dr * dr;
}

/* A good place for the door or the switch: reachable, standing (solid below), not the start
 * and with no mine within a tile of its centre. */
static bool exit_spot(const struct nl_level *l, const struct nl_reach *r, int c, int start)
{
	int col = c / NL_ROWS, row = c % NL_ROWS;
	if (!r->reachable[c] || c == start || !solid_at(l, col, row + 1))
		return false;
	double cx = NL_TILE_PX * col + 36.0, cy = NL_TILE_PX * row + 36.0;
	for (int k = 0; k < l->objects; k++) {
		const struct nl_object *o = &l->object[k];
		if (o->type == NL_MINE && o->count >= 2 && o->field[0] - cx < NL_TILE_PX &&
		    cx - o->field[0] < NL_TILE_PX && o->field[1] - cy < NL_TILE_PX &&
		    cy - o->field[1] < NL_TILE_PX)
			return false;
	}
	return true;
}

/* Places the exit: the switch on a random good spot at least half the farthest distance from
 * the start, the door on the good spot farthest from the switch (the first such in tile
 * order). Returns false when there are fewer than two good spots. */
static bool place_exit(struct tc_rng *rng, struct nl_level *l, const struct nl_reach *r)
{
	const struct nl_object *ninja = find_object(l, NL_NINJA);
	int start = cell(tile_of(ninja->field[0], NL_COLS), tile_of(ninja->field[1], NL_ROWS));
	int spots[NL_TILES], n = 0, farthest = 0;
	for (int c = 0; c < NL_TILES; c++)
		if (exit_spot(l, r, c, start)) {
			spots[n++] = c;
			if (dist2(c, start) > farthest)
				farthest = dist2(c, start);
		}
	if (n < 2 || l->objects >= NL_MAX_OBJECTS)
		return false;
	int far_spots[NL_TILES], m = 0;
	for (int i = 0; i < n; i++)
		if (4 * dist2(spots[i], start) >= farthest)
			far_spots[m++] = spots[i];
	int sw = far_spots[tc_rng_below(rng, (uint32_t)m)];
	int door = -1;
	for (int i = 0; i < n; i++)
		if (spots[i] != sw && (door < 0 || dist2(spots[i], sw) > dist2(door, sw)))
			door = spots[i];

	struct nl_object *o = &l->object[l->objects++];
	memset(o, 0, sizeof *o);
	o->type = NL_EXIT;
	o->count = 4;
	set_field(o, 0, NL_TILE_PX * (door / NL_ROWS) + 36);
	set_field(o, 1, NL_TILE_PX * (door % NL_ROWS) + 36);
	set_field(o, 2, NL_TILE_PX * (sw / NL_ROWS) + 36);
	set_field(o, 3, NL_TILE_PX * (sw % NL_ROWS) + 36);
	return true;
}

void nl_generate_playable(struct tc_rng *rng, struct nl_level *l)
{
	struct nl_reach *r = malloc(sizeof *r);
	for (int attempt = 0; attempt < PLAYABLE_ATTEMPTS; attempt++) {
		nl_generate(rng, l);
		if (!r || nl_check(l, r) != 0)
			break;
		if (r->boxed || reach_cells(r) < PLAYABLE_MIN_CELLS)
			continue;
		if (place_exit(rng, l, r))
			break;
	}
	free(r);
}
