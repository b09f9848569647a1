/* The search behind nl_check: what a player can reach, found by playing nj_step itself.
 *
 * A node is a run (struct nj_run). It is expanded by six macro actions, each one input held for
 * MACRO_STEPS steps: {none, left, right} x {jump, no jump}. Because nj_step starts a jump on a
 * fresh press, a jump macro after a non-jump macro presses jump anew (a floor or wall jump),
 * while a jump macro after a jump macro keeps holding it (a higher jump); a non-jump macro in
 * between is how a wall jump follows a jump. In the air, away from walls and not holding a jump,
 * jump macros are skipped: they would move exactly as the same macros without jump.
 *
 * Runs that die or time out are dropped. Two runs count as the same state, and the later one is
 * dropped, when they agree on the position to POS_QUANTUM px, the velocity to VEL_QUANTUM
 * px/step, whether the ninja stands, still has jump hold left, holds jump (which decides whether
 * the next jump macro is a fresh press) and whether the exit is open. Which gold was taken is
 * not part of the state: gold only adds time, and keeping it would multiply the states by the
 * subsets of gold. Every win the search reports is a real run (its route replays it exactly);
 * a route that needs finer control than held macros, or more states than the budget, is missed.
 *
 * Order: breadth-first within tiers. A node's tier is how many nodes were queued before it in
 * its coarse cell (its tile, standing or not, the exit open or not), divided by CELL_CAP; the
 * lowest tier is expanded first. So the budget goes to runs that get somewhere new before more
 * ways of standing in the same tile: with 10000 states it reaches over 90% of the tiles that 20
 * times the budget reaches on seed levels (bench/ninja.c), where plain breadth-first order
 * reached under a fifth of them. Of the wins it finds, the search keeps the shortest.
 *
 * Measured on seed levels (MACRO_STEPS 8, POS_QUANTUM 4, VEL_QUANTUM 0.75): coverage per
 * simulated step is flat for macros of 8 to 12 steps and worse at 4 to 6; coarser states than
 * these make the search lose ways out of the start (a slow run merged into the state it came
 * from).
 *
 * Memory: the nodes (runs, with the parent and the macro that made them, for rebuilding the
 * route) and an open-addressing set of the state keys, both growing on demand. */
#include <stdlib.h>
#include <string.h>

#include "tilecade/ninja.h"

#include "ninja_search.h"

#define MACRO_STEPS 8
#define POS_QUANTUM 4.0
#define VEL_QUANTUM 0.75

/* The ninja is boxed in when its centre reaches fewer than BOXED_MIN_TILES tiles, or none
 * farther than BOXED_RADIUS tiles from its start (in either direction). */
#define BOXED_MIN_TILES 12
#define BOXED_RADIUS 3

static const uint8_t macro_input[] = {
        0, NJ_LEFT, NJ_RIGHT, NJ_JUMP, NJ_LEFT | NJ_JUMP, NJ_RIGHT | NJ_JUMP,
};
#define MACROS ((int)(sizeof macro_input / sizeof macro_input[0]))

/* The order of expansion (see above): CELL_CAP nodes of a coarse cell to a tier. Coverage was
 * about the same from 4 to 16. */
#define CELL_CAP 8
#define TIERS 64 /* the last one takes the rest */
/* Coarse cells: a tile, standing or not, the exit open or not. */
#define CELLS (NL_TILES * 4)

struct node {
	struct nj_run run;
	int32_t parent; /* -1 for the start */
	int32_t next;   /* the next node of its tier's queue; -1 at the end */
	uint8_t macro;  /* index into macro_input of the macro that led here */
};

struct search {
	const struct nj_world *w;
	struct node *node;
	long nodes, node_cap;
	uint64_t *key; /* 0 = a free slot */
	size_t key_cap, keys;
	uint64_t taken[NL_MAX_OBJECTS / 64]; /* every gold any run touched */
	int32_t head[TIERS], tail[TIERS];    /* a queue of nodes for each tier; -1 when empty */
	int32_t in_cell[CELLS];              /* nodes queued in each coarse cell so far */
};

/* A quantised coordinate, clamped to [0, 2^bits). */
static uint64_t bucket(double v, double quantum, double offset, int bits)
{
	double q = (v + offset) / quantum;
	uint64_t max = ((uint64_t)1 << bits) - 1;
	if (!(q > 0)) /* also NaN */
		return 0;
	return q >= (double)max ? max : (uint64_t)q;
}

static uint64_t state_key(const struct nj_run *r)
{
	uint64_t k = bucket(r->x, POS_QUANTUM, 0, 10);
	k = k << 10 | bucket(r->y, POS_QUANTUM, 0, 10);
	k = k << 8 | bucket(r->vx, VEL_QUANTUM, 64 * VEL_QUANTUM, 8);
	k = k << 8 | bucket(r->vy, VEL_QUANTUM, 64 * VEL_QUANTUM, 8);
	k = k << 1 | r->on_ground;
	k = k << 1 | (r->jump_hold > 0);
	k = k << 1 | ((r->last_input & NJ_JUMP) != 0);
	k = k << 1 | r->exit_open;
	return k | (uint64_t)1 << 63; /* never 0, the free slot */
}

static size_t key_slot(uint64_t key, size_t cap)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	return (size_t)key & (cap - 1);
}

/* Adds key to the set; returns 1 when it is new, 0 when it was there, -1 when out of memory. */
static int key_add(struct search *s, uint64_t key)
{
	if (2 * (s->keys + 1) > s->key_cap) {
		size_t cap = s->key_cap ? 2 * s->key_cap : 4096;
		uint64_t *grown = calloc(cap, sizeof *grown);
		if (!grown)
			return -1;
		for (size_t i = 0; i < s->key_cap; i++)
			if (s->key[i]) {
				size_t j = key_slot(s->key[i], cap);
				while (grown[j])
					j = (j + 1) & (cap - 1);
				grown[j] = s->key[i];
			}
		free(s->key);
		s->key = grown;
		s->key_cap = cap;
	}
	size_t j = key_slot(key, s->key_cap);
	while (s->key[j]) {
		if (s->key[j] == key)
			return 0;
		j = (j + 1) & (s->key_cap - 1);
	}
	s->key[j] = key;
	s->keys++;
	return 1;
}

/* The tile holding the ninja's centre, clamped to the map (before the conversion to int, which
 * a far point would overflow). */
int nj_tile_at(double x, double y)
{
	/* Clamped while still a double: a far or infinite position must not overflow an int. */
	double fc = (x - NL_TILE_PX) / NL_TILE_PX, fr = (y - NL_TILE_PX) / NL_TILE_PX;
	int col = fc > 0 ? fc < NL_COLS ? (int)fc : NL_COLS - 1 : 0;
	int row = fr > 0 ? fr < NL_ROWS ? (int)fr : NL_ROWS - 1 : 0;
	return col * NL_ROWS + row;
}

static int cell_of(const struct nj_run *r)
{
	return nj_tile_at(r->x, r->y) * 4 + r->on_ground * 2 + r->exit_open;
}

static int node_add(struct search *s, const struct nj_run *r, int32_t parent, int macro)
{
	if (s->nodes == s->node_cap) {
		long cap = s->node_cap ? 2 * s->node_cap : 1024;
		struct node *grown = realloc(s->node, (size_t)cap * sizeof *grown);
		if (!grown)
			return -1;
		s->node = grown;
		s->node_cap = cap;
	}
	struct node *n = &s->node[s->nodes++];
	n->run = *r;
	n->parent = parent;
	n->next = -1;
	n->macro = (uint8_t)macro;
	int32_t id = (int32_t)(s->nodes - 1);
	int c = cell_of(r), tier = s->in_cell[c]++ / CELL_CAP;
	tier = tier < TIERS ? tier : TIERS - 1;
	if (s->tail[tier] < 0)
		s->head[tier] = id;
	else
		s->node[s->tail[tier]].next = id;
	s->tail[tier] = id;
	return 0;
}

/* The next node to expand: the oldest of the lowest tier; -1 when none is left. */
static int32_t node_next(struct search *s)
{
	for (int t = 0; t < TIERS; t++) {
		int32_t id = s->head[t];
		if (id < 0)
			continue;
		s->head[t] = s->node[id].next;
		if (s->head[t] < 0)
			s->tail[t] = -1;
		return id;
	}
	return -1;
}

/* The inputs of the route to a win: the macros from the start to node `parent`, then `last`
 * steps of macro `macro`. */
static void build_route(const struct search *s, int32_t parent, int macro, int32_t last,
                        struct nj_search_result *out)
{
	int32_t len = s->node[parent].run.steps + last;
	if (len > NJ_MAX_STEPS) /* a run ends on the clock first; kept in bounds all the same */
		len = NJ_MAX_STEPS;
	int32_t i = len;
	for (int32_t k = 0; k < last && i > 0; k++)
		out->route[--i] = macro_input[macro];
	for (int32_t n = parent; n > 0 && i > 0; n = s->node[n].parent) {
		int32_t steps = s->node[n].run.steps - s->node[s->node[n].parent].run.steps;
		for (int32_t k = 0; k < steps && i > 0; k++)
			out->route[--i] = macro_input[s->node[n].macro];
	}
	out->route_steps = len;
}

/* Plays macro m from node `from` into *r, marking what the run touched. Returns whether the run
 * goes on: false when it died, timed out or won (a win is recorded). */
static bool play_macro(struct search *s, int32_t from, int m, struct nj_run *r,
                       struct nj_search_result *out)
{
	*r = s->node[from].run;
	int32_t start = r->steps;
	for (int k = 0; k < MACRO_STEPS; k++) {
		unsigned ev = nj_step(s->w, r, macro_input[m]);
		if (r->outcome == NJ_DEATH || r->outcome == NJ_TIMEOUT)
			return false;
		out->reach.reachable[nj_tile_at(r->x, r->y)] = true;
		if (ev & NJ_EV_GOLD)
			for (int i = 0; i < NL_MAX_OBJECTS / 64; i++)
				s->taken[i] |= r->taken[i];
		if (r->exit_open)
			out->reach.switch_reachable = true;
		if (r->outcome == NJ_WIN) {
			if (!out->won || r->steps < out->route_steps) {
				out->won = true;
				build_route(s, from, m, r->steps - start, out);
			}
			out->reach.exit_reachable = true;
			return false;
		}
	}
	return true;
}

static void summarise(const struct search *s, struct nj_search_result *out)
{
	const struct nj_world *w = s->w;
	struct nl_reach *r = &out->reach;
	double sx, sy; /* where the run starts: a start outside the map is brought inside */
	nj_start_point(w->start_x, w->start_y, &sx, &sy);
	int start = nj_tile_at(sx, sy);
	int scol = start / NL_ROWS, srow = start % NL_ROWS, tiles = 0;
	bool far = false;
	for (int c = 0; c < NL_TILES; c++) {
		if (!r->reachable[c])
			continue;
		tiles++;
		int dc = abs(c / NL_ROWS - scol), dr = abs(c % NL_ROWS - srow);
		far |= dc > BOXED_RADIUS || dr > BOXED_RADIUS;
	}
	r->boxed = tiles < BOXED_MIN_TILES || !far;
	for (int k = 0; k < w->things; k++) {
		if (w->thing[k].type == NL_MINE)
			r->mines++;
		if (w->thing[k].type != NL_GOLD)
			continue;
		r->gold++;
		if (s->taken[k / 64] >> (k % 64) & 1)
			r->gold_reachable++;
	}
	r->has_exit = w->exit >= 0;
}

static int search(const struct nj_world *w, long budget, bool stop_at_win,
                  struct nj_search_result *out)
{
	memset(out, 0, sizeof *out);
	struct search *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	s->w = w;
	for (int t = 0; t < TIERS; t++)
		s->head[t] = s->tail[t] = -1;
	struct nj_run run;
	nj_run_start(w, &run);
	out->reach.reachable[nj_tile_at(run.x, run.y)] = true;
	int status = -1;
	if (node_add(s, &run, -1, 0) != 0 || key_add(s, state_key(&run)) < 0)
		goto done;
	int32_t id = -1;
	while (out->nodes < budget && !(stop_at_win && out->won) && (id = node_next(s)) >= 0) {
		out->nodes++;
		/* In the air, away from walls and not holding a jump, a jump macro moves exactly as
		 * the same macro without jump (the press finds nothing to jump from), and then
		 * holds jump, which only spoils the next press: it is left out. */
		const struct nj_run *r = &s->node[id].run; /* node_add may move it: read it now */
		bool jump_useful = r->on_ground || r->wall != 0 ||
		                   (r->jump_hold > 0 && (r->last_input & NJ_JUMP));
		for (int m = 0; m < MACROS; m++) {
			if ((macro_input[m] & NJ_JUMP) && !jump_useful)
				continue;
			if (!play_macro(s, id, m, &run, out))
				continue;
			int fresh = key_add(s, state_key(&run));
			if (fresh < 0 || (fresh && node_add(s, &run, id, m) != 0))
				goto done;
		}
	}
	out->complete = id < 0 || node_next(s) < 0;
	summarise(s, out);
	status = 0;
done:
	free(s->node);
	free(s->key);
	free(s);
	return status;
}

int nj_search(const struct nj_world *w, long budget, struct nj_search_result *out)
{
	return search(w, budget, false, out);
}

int nj_search_win(const struct nj_world *w, long budget, struct nj_search_result *out)
{
	return search(w, budget, true, out);
}
