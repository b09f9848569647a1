/* N's ninja as a pure, deterministic step function (issue 8): input, gravity and drag, running,
 * floor and wall jumps, wall slides, collision with the tiles and the border, landing deaths, and
 * the events of gold, mines, the exit's switch and door, and the clock.
 *
 * One step, in order: drag and gravity; running (or ground friction); a jump on a fresh press;
 * the move, in substeps, each followed by pushing the ninja out of what it overlaps and by the
 * objects it touches; the contacts that decide the next step (ground, wall); the clock.
 *
 * Choices where issue 8 is silent (each plays like N and is tested in test_ninja.c):
 * - Ground friction: with no direction held (or both), the speed along the floor is multiplied
 *   by 0.8 a step, so a ninja at top speed stops in about 18 steps (under half a second); below
 *   0.01 px/step it stops outright. Holding the direction against the motion skids: the same
 *   friction on top of the acceleration.
 * - Standing (no direction held) on a floor within 30° of flat, gravity acts along the floor's
 *   normal only: the ninja stands still on 22° slopes; on 45° ones it slides down (gravity's
 *   0.106 px/step² along the slope against the friction above: about 0.5 px/step).
 * - Running on the ground accelerates along the floor's tangent, so the ninja runs up a 45°
 *   slope (0.15 against gravity's 0.106 along it) and down one a little faster than on flat
 *   ground (speed above 5 comes from gravity alone, never from running).
 * - The ground is a surface no steeper than 60° (its normal's ny <= -0.5): flat, 22° and 45°
 *   slopes and the gentler parts of curves. A wall is a surface within about 32° of vertical
 *   (|nx| >= 0.85): walls, 67° slopes, the steep parts of curves. A wall counts within
 *   NJ_WALL_REACH px of the ninja's circle; a floor only when touched.
 * - Wall slide: airborne, touching a wall, holding the direction into it and moving down: the
 *   vertical speed is multiplied by 0.85 a step after gravity, which ends near 0.8 px/step
 *   (about a tile a second) instead of free fall's 15.
 * - A floor jump on a fresh press has priority over a wall jump; a landing ends a jump's hold.
 * - A landing kills only a ninja that was in the air at the start of the step, so running fast
 *   down a slope onto flat ground does not: what kills is a fall.
 * - The clock drops after the step's events: a run without gold lasts NJ_START_STEPS steps.
 * - A run starts standing on a floor within NJ_SPAWN_GAP px below the ninja's start point (N's
 *   levels place it 2 px above), so that its first step plays like any other.
 * - Objects are touched at the end of every substep, so a fast ninja cannot pass through one. */
#include "tilecade/ninja.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ninja_shape.h"

#define NJ_FRICTION 0.8     /* ground speed kept a step with no direction held */
#define NJ_STOP 0.01        /* a ground speed below this, with no direction held, stops */
#define NJ_WALL_SLIDE 0.85  /* vertical speed kept a step while wall sliding */
#define NJ_WALL_REACH 2.0   /* how near a wall must be for a wall jump */
#define NJ_GROUND_NY (-0.5) /* a surface with a normal at least this upward is ground */
#define NJ_HOLD_NY (-0.85)  /* standing still holds on a floor at least this flat: to 30° */
#define NJ_WALL_NX 0.85     /* a surface with a normal at least this horizontal is a wall */
#define NJ_JUMP_FLOOR 3.0   /* a floor jump adds (nx, NJ_JUMP_FLOOR * ny) */
#define NJ_WALL_JUMP_X 1.5  /* a wall jump from a standstill or a fall */
#define NJ_WALL_JUMP_Y 2.1
#define NJ_SLIDE_JUMP_X 1.0 /* a wall jump from a wall slide */
#define NJ_SLIDE_JUMP_Y 1.5
#define NJ_SUBSTEP 4.0    /* the longest move before collisions are resolved */
#define NJ_MAX_SPEED 48.0 /* never reached in play: bounds the substeps */
#define NJ_ITERATIONS 6   /* overlaps resolved after each substep, deepest first */
#define NJ_MAP_X0 24.0    /* the map inside the solid border */
#define NJ_MAP_X1 768.0
#define NJ_MAP_Y0 24.0
#define NJ_MAP_Y1 576.0
#define NJ_MAX_CONTACTS 16 /* 4 border sides and at most 3 x 3 tiles */
#define NJ_SPAWN_GAP 4.0   /* a floor this near below the start point is stood on */

/* x kept within [lo, hi]; NaN becomes lo. */
static double clamp(double x, double lo, double hi)
{
	if (!(x >= lo))
		return lo;
	return x > hi ? hi : x;
}

/* How far from a thing's point the ninja's centre touches it; 0 for inert things. */
static double touch_reach(int type)
{
	double r = type == NL_GOLD   ? NJ_GOLD_RADIUS
	           : type == NL_MINE ? NJ_MINE_RADIUS
	           : type == NL_EXIT
	                   ? (NJ_DOOR_RADIUS > NJ_SWITCH_RADIUS ? NJ_DOOR_RADIUS : NJ_SWITCH_RADIUS)
	                   : 0;
	return r > 0 ? NJ_RADIUS + r : 0;
}

/* Sets thing k's bit in the columns where the ninja's centre can touch it (a pixel to spare). */
static void mark_near(struct nj_world *w, int k)
{
	const struct nj_thing *t = &w->thing[k];
	double reach = touch_reach(t->type);
	if (reach == 0)
		return;
	double x0 = t->x < t->x2 ? t->x : t->x2, x1 = t->x < t->x2 ? t->x2 : t->x;
	double span = NL_TILE_PX * (NL_COLS + 2);
	int c0 = (int)(clamp(x0 - reach - 1, 0, span - 1) / NL_TILE_PX);
	int c1 = (int)(clamp(x1 + reach + 1, 0, span - 1) / NL_TILE_PX);
	for (int c = c0; c <= c1; c++)
		w->near[c][k / 64] |= (uint64_t)1 << (k % 64);
}

/* The physics plays these objects; the others are inert. */
static bool played(int type)
{
	return type == NL_GOLD || type == NL_MINE || type == NL_EXIT;
}

bool nj_placed(const struct nl_object *o)
{
	int n = o->type == NL_EXIT ? 4 : 2;
	for (int f = 0; f < n; f++)
		if (f >= o->count || !isfinite(o->field[f]))
			return false;
	return true;
}

void nj_ignored(const struct nl_level *l, struct nj_ignored *out)
{
	memset(out, 0, sizeof *out);
	int objects = l->objects < 0                ? 0
	              : l->objects > NL_MAX_OBJECTS ? NL_MAX_OBJECTS
	                                            : l->objects;
	for (int k = 0; k < objects; k++) {
		const struct nl_object *o = &l->object[k];
		out->extra += o->extra;
		/* The ninja's numbers are not ignored: without them there is nothing to play. */
		if (o->type >= NL_OBJECT_TYPES || o->type == NL_NINJA)
			continue;
		for (int f = 0; f < o->count && f < NL_MAX_FIELDS; f++)
			out->not_numbers += isnan(o->field[f]) && o->text_len; /* NaN from text */
		if (!nj_placed(o)) {
			out->unplaced++;
		} else if (!played(o->type)) {
			out->inert[o->type]++;
			out->inert_objects++;
		}
	}
}

int nj_world_from_level(const struct nl_level *l, struct nj_world *w, char *err, size_t errlen)
{
	memset(w, 0, sizeof *w);
	w->exit = -1;
	memcpy(w->tile, l->tile, sizeof w->tile);
	bool ninja = false;
	int objects = l->objects < 0 ? 0 : l->objects;
	if (objects > NL_MAX_OBJECTS)
		objects = NL_MAX_OBJECTS;
	for (int k = 0; k < objects; k++) {
		const struct nl_object *o = &l->object[k];
		if (o->type == NL_NINJA) {
			if (!ninja && !nj_placed(o)) {
				snprintf(err, errlen,
				         "offset %zu: the ninja's position is not a finite number",
				         nl_object_offset(l, k));
				return -1;
			}
			if (!ninja) {
				w->start_x = o->field[0];
				w->start_y = o->field[1];
				ninja = true;
			}
			continue;
		}
		if (!nj_placed(o))
			continue; /* nowhere to draw or touch it */
		/* Every other object goes to thing[] so the screen can draw it; the physics plays
		 * gold, mines and exits only: bounce blocks, launch pads, turrets, floor guards,
		 * drones, one-way platforms, thwumps, doors and homing launchers are inert. */
		struct nj_thing *t = &w->thing[w->things];
		t->type = o->type;
		t->x = o->field[0];
		t->y = o->field[1];
		t->x2 = t->x;
		t->y2 = t->y;
		if (o->type == NL_EXIT) {
			t->x2 = o->field[2];
			t->y2 = o->field[3];
			if (w->exit < 0)
				w->exit = w->things;
		}
		mark_near(w, w->things);
		w->things++;
	}
	if (!ninja) {
		snprintf(err, errlen, "the level has no ninja");
		return -1;
	}
	return 0;
}

void nj_start_point(double x, double y, double *sx, double *sy)
{
	*sx = clamp(x, NJ_MAP_X0 + NJ_RADIUS, NJ_MAP_X1 - NJ_RADIUS);
	*sy = clamp(y, NJ_MAP_Y0 + NJ_RADIUS, NJ_MAP_Y1 - NJ_RADIUS);
}

/* floor(v) for v in [-100, 1000]. */
static int cell_floor(double v)
{
	return (int)(v + 100.0) - 100;
}

static int clamp_int(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Every overlap of the circle (x, y, rad) with the border and the tiles. */
static int contacts(const struct nj_world *w, double x, double y, double rad,
                    struct njs_contact *out)
{
	int n = 0;
	/* The border as four half-planes: no seams, and a position far outside still comes
	 * back in one push. */
	if (x - NJ_MAP_X0 < rad)
		out[n++] = (struct njs_contact){1, 0, rad - (x - NJ_MAP_X0)};
	if (NJ_MAP_X1 - x < rad)
		out[n++] = (struct njs_contact){-1, 0, rad - (NJ_MAP_X1 - x)};
	if (y - NJ_MAP_Y0 < rad)
		out[n++] = (struct njs_contact){0, 1, rad - (y - NJ_MAP_Y0)};
	if (NJ_MAP_Y1 - y < rad)
		out[n++] = (struct njs_contact){0, -1, rad - (NJ_MAP_Y1 - y)};
	double cx = clamp(x, 0, NJ_MAP_X1 + NJ_MAP_X0);
	double cy = clamp(y, 0, NJ_MAP_Y1 + NJ_MAP_Y0);
	int c0 = clamp_int(cell_floor((cx - rad - NJ_MAP_X0) / NL_TILE_PX), 0, NL_COLS - 1);
	int c1 = clamp_int(cell_floor((cx + rad - NJ_MAP_X0) / NL_TILE_PX), 0, NL_COLS - 1);
	int r0 = clamp_int(cell_floor((cy - rad - NJ_MAP_Y0) / NL_TILE_PX), 0, NL_ROWS - 1);
	int r1 = clamp_int(cell_floor((cy + rad - NJ_MAP_Y0) / NL_TILE_PX), 0, NL_ROWS - 1);
	for (int c = c0; c <= c1; c++)
		for (int r = r0; r <= r1; r++) {
			int t = w->tile[c * NL_ROWS + r];
			if (t == NL_EMPTY || n == NJ_MAX_CONTACTS)
				continue;
			double tx = NJ_MAP_X0 + NL_TILE_PX * c, ty = NJ_MAP_Y0 + NL_TILE_PX * r;
			if (njs_tile_contact(t, x - tx, y - ty, rad, &out[n]))
				n++;
		}
	return n;
}

/* What the collisions of one step found. */
struct touch {
	bool ground;        /* a floor was touched in the step */
	int substep;        /* the substep being resolved */
	int ground_substep; /* the last one that touched a floor: its deepest gives the normal */
	double ground_depth;
	double nx, ny;
	bool hard_landing;
};

/* Pushes the ninja out of what it overlaps, deepest first: the face of the tile it stands on is
 * always at least as deep as the corner of the next tile along a flat floor or a wall, so the
 * seams between solid tiles never catch it. Removes the velocity into each surface. */
static void resolve(const struct nj_world *w, struct nj_run *r, bool was_ground, struct touch *tc)
{
	struct njs_contact c[NJ_MAX_CONTACTS];
	for (int it = 0; it < NJ_ITERATIONS; it++) {
		int n = contacts(w, r->x, r->y, NJ_RADIUS, c);
		int best = -1;
		for (int k = 0; k < n; k++)
			if (c[k].depth > 1e-9 && (best < 0 || c[k].depth > c[best].depth))
				best = k;
		if (best < 0)
			return;
		const struct njs_contact *b = &c[best];
		r->x += b->nx * b->depth;
		r->y += b->ny * b->depth;
		bool floor = b->ny <= NJ_GROUND_NY;
		if (floor && (!tc->ground || tc->ground_substep < tc->substep ||
		              b->depth > tc->ground_depth)) {
			tc->ground = true;
			tc->ground_substep = tc->substep;
			tc->ground_depth = b->depth;
			tc->nx = b->nx;
			tc->ny = b->ny;
		}
		double vn = r->vx * b->nx + r->vy * b->ny;
		if (vn < 0) {
			if (floor && !was_ground && -vn > NJ_LANDING_KILL)
				tc->hard_landing = true;
			r->vx -= vn * b->nx;
			r->vy -= vn * b->ny;
		}
	}
}

static bool touches(const struct nj_run *r, double x, double y, double radius)
{
	double dx = r->x - x, dy = r->y - y, d = NJ_RADIUS + radius;
	return dx * dx + dy * dy < d * d;
}

static void finish(struct nj_run *r, enum nj_outcome outcome, enum nj_death death)
{
	r->outcome = (uint8_t)outcome;
	r->death = (uint8_t)death;
}

/* The index of the lowest set bit of m (not 0), by a de Bruijn sequence. */
static int lowest_bit(uint64_t m)
{
	static const uint8_t index[64] = {0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38,
	                                  29, 17, 4,  62, 55, 59, 36, 53, 51, 43, 22, 45, 39,
	                                  33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37,
	                                  16, 54, 35, 52, 21, 44, 32, 23, 11, 46, 26, 40, 15,
	                                  34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
	return index[((m & (~m + 1)) * 0x03f79d71b4cb0a89u) >> 58];
}

/* The objects the ninja touches where it is now. The bits of taken[] mark collected gold and
 * exits whose switch was hit (so each exit's door opens by its own switch). */
static unsigned touch_objects(const struct nj_world *w, struct nj_run *r)
{
	unsigned ev = 0;
	int col = (int)(clamp(r->x, 0, NL_TILE_PX * (NL_COLS + 2) - 1) / NL_TILE_PX);
	for (int k = 0; k < w->things && r->outcome == NJ_RUNNING; k++) {
		/* On to the next thing near this column, in level order. */
		uint64_t rest = w->near[col][k / 64] >> (k % 64);
		if (!rest) {
			k |= 63;
			continue;
		}
		k += lowest_bit(rest);
		if (k >= w->things)
			break;
		uint64_t bit = (uint64_t)1 << (k % 64);
		const struct nj_thing *t = &w->thing[k];
		uint64_t *word = &r->taken[k / 64];
		switch (t->type) {
		case NL_GOLD:
			if (!(*word & bit) && touches(r, t->x, t->y, NJ_GOLD_RADIUS)) {
				*word |= bit;
				r->gold++;
				r->time_left += NJ_GOLD_STEPS;
				ev |= NJ_EV_GOLD;
			}
			break;
		case NL_MINE:
			if (touches(r, t->x, t->y, NJ_MINE_RADIUS)) {
				finish(r, NJ_DEATH, NJ_KILLED_BY_MINE);
				ev |= NJ_EV_DEATH;
			}
			break;
		case NL_EXIT:
			if (!(*word & bit) && touches(r, t->x2, t->y2, NJ_SWITCH_RADIUS)) {
				*word |= bit;
				r->exit_open = true;
				ev |= NJ_EV_SWITCH;
			}
			if ((*word & bit) && touches(r, t->x, t->y, NJ_DOOR_RADIUS)) {
				finish(r, NJ_WIN, NJ_ALIVE);
				ev |= NJ_EV_WIN;
			}
			break;
		default:
			break;
		}
	}
	return ev;
}

/* Running: accelerate along the floor (or horizontally in the air) up to NJ_MAX_RUN; on the
 * ground, friction when no direction is held or when the motion is against it. */
static void run(struct nj_run *r, int dir, bool ground)
{
	/* The unit tangent that points right along the floor. */
	double tx = 1, ty = 0;
	if (ground) {
		tx = -r->floor_ny;
		ty = r->floor_nx;
	}
	double vt = r->vx * tx + r->vy * ty;
	if (ground && (dir == 0 || dir * vt < 0)) {
		double cut = (1 - NJ_FRICTION) * vt;
		/* A crawl stops outright, rather than fading through ever smaller numbers. */
		if (dir == 0 && vt - cut > -NJ_STOP && vt - cut < NJ_STOP)
			cut = vt;
		r->vx -= cut * tx;
		r->vy -= cut * ty;
		vt -= cut;
	}
	if (dir == 0)
		return;
	double along = dir * vt;
	if (along >= NJ_MAX_RUN)
		return;
	double to = along + (ground ? NJ_ACCEL_GROUND : NJ_ACCEL_AIR);
	if (to > NJ_MAX_RUN)
		to = NJ_MAX_RUN;
	r->vx += dir * (to - along) * tx;
	r->vy += dir * (to - along) * ty;
}

/* The nearest wall within NJ_WALL_REACH: -1 on the left, +1 on the right, 0 none. */
static int8_t wall_side(const struct nj_world *w, const struct nj_run *r)
{
	struct njs_contact c[NJ_MAX_CONTACTS];
	int n = contacts(w, r->x, r->y, NJ_RADIUS + NJ_WALL_REACH, c);
	int8_t side = 0;
	double depth = 0;
	for (int k = 0; k < n; k++) {
		if (c[k].nx > -NJ_WALL_NX && c[k].nx < NJ_WALL_NX)
			continue;
		if (side == 0 || c[k].depth > depth) {
			side = c[k].nx > 0 ? -1 : 1;
			depth = c[k].depth;
		}
	}
	return side;
}

void nj_run_start(const struct nj_world *w, struct nj_run *r)
{
	memset(r, 0, sizeof *r);
	nj_start_point(w->start_x, w->start_y, &r->x, &r->y);
	r->time_left = NJ_START_STEPS;
	/* N places the ninja a little above its floor: it starts standing there, so that the
	 * run's first key, a jump, jumps at once (the drop made it land a few steps later, the
	 * press no longer fresh). A ninja placed higher falls. */
	struct nj_run on_floor = *r;
	struct touch tc = {false, 0, 0, 0, 0, 0, false};
	on_floor.y += NJ_SPAWN_GAP;
	resolve(w, &on_floor, true, &tc);
	if (!tc.ground)
		return;
	*r = on_floor;
	r->on_ground = true;
	r->floor_nx = tc.nx;
	r->floor_ny = tc.ny;
	r->wall = wall_side(w, r);
}

unsigned nj_step(const struct nj_world *w, struct nj_run *r, unsigned input)
{
	if (r->outcome != NJ_RUNNING)
		return 0;
	input &= NJ_INPUT_BITS;
	unsigned ev = 0;
	int dir = ((input & NJ_RIGHT) ? 1 : 0) - ((input & NJ_LEFT) ? 1 : 0);
	bool held = input & NJ_JUMP;
	bool fresh = held && !(r->last_input & NJ_JUMP);
	bool was_ground = r->on_ground;
	bool sliding = !was_ground && r->wall != 0 && dir == r->wall && r->vy > 0;

	/* Letting go of jump ends the jump's low gravity. */
	if (!held)
		r->jump_hold = 0;
	double g = NJ_GRAVITY;
	if (r->jump_hold > 0) {
		g = NJ_GRAVITY_JUMP;
		r->jump_hold--;
	}
	if (was_ground && dir == 0 && r->floor_ny <= NJ_HOLD_NY) {
		/* Standing on a gentle floor: the feet hold, gravity presses along the normal
		 * only (on flat ground that is all of it). */
		double gn = g * r->floor_ny;
		r->vx = NJ_DRAG * r->vx + gn * r->floor_nx;
		r->vy = NJ_DRAG * r->vy + gn * r->floor_ny;
	} else {
		r->vx = NJ_DRAG * r->vx;
		r->vy = NJ_DRAG * r->vy + g;
	}
	if (sliding)
		r->vy *= NJ_WALL_SLIDE;
	run(r, dir, was_ground);

	if (fresh && was_ground) {
		/* Leave the floor first: gravity pushed into it this step. */
		double vn = r->vx * r->floor_nx + r->vy * r->floor_ny;
		if (vn < 0) {
			r->vx -= vn * r->floor_nx;
			r->vy -= vn * r->floor_ny;
		}
		r->vx += r->floor_nx;
		r->vy += NJ_JUMP_FLOOR * r->floor_ny;
		r->jump_hold = NJ_JUMP_HOLD_STEPS;
		ev |= NJ_EV_JUMP;
	} else if (fresh && r->wall != 0) {
		r->vx = -r->wall * (sliding ? NJ_SLIDE_JUMP_X : NJ_WALL_JUMP_X);
		r->vy = -(sliding ? NJ_SLIDE_JUMP_Y : NJ_WALL_JUMP_Y);
		r->jump_hold = NJ_JUMP_HOLD_STEPS;
		ev |= NJ_EV_WALL_JUMP;
	}

	double speed = sqrt(r->vx * r->vx + r->vy * r->vy);
	if (isnan(speed)) {
		/* Only a run not made by nj_run_start can get here; stop it rather than move. */
		r->vx = r->vy = speed = 0;
	} else if (speed > NJ_MAX_SPEED) {
		r->vx = r->vx / speed * NJ_MAX_SPEED;
		r->vy = r->vy / speed * NJ_MAX_SPEED;
		speed = NJ_MAX_SPEED;
	}
	int substeps = (int)(speed / NJ_SUBSTEP) + 1;
	struct touch tc = {false, 0, 0, 0, 0, 0, false};
	for (int i = 0; i < substeps && r->outcome == NJ_RUNNING; i++) {
		tc.substep = i;
		/* The velocity of the moment: a surface met earlier in the step redirects the rest
		 * of the move along it. */
		r->x += r->vx / substeps;
		r->y += r->vy / substeps;
		resolve(w, r, was_ground, &tc);
		if (tc.hard_landing) {
			finish(r, NJ_DEATH, NJ_KILLED_BY_FALL);
			ev |= NJ_EV_DEATH;
			break;
		}
		ev |= touch_objects(w, r);
	}

	r->on_ground = tc.ground;
	r->floor_nx = tc.ground ? tc.nx : 0;
	r->floor_ny = tc.ground ? tc.ny : 0;
	r->wall = wall_side(w, r);
	if (tc.ground && !was_ground && !(ev & NJ_EV_DEATH)) {
		ev |= NJ_EV_LAND;
		r->jump_hold = 0;
	}
	r->last_input = (uint8_t)input;
	r->steps++;
	if (r->outcome == NJ_RUNNING && --r->time_left <= 0) {
		r->time_left = 0;
		finish(r, NJ_TIMEOUT, NJ_ALIVE);
		ev |= NJ_EV_TIMEOUT;
	}
	return ev;
}
