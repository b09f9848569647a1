/* Reachability of an N level, found by the physics search (nj_search over nj_step, see
 * ninja_search.c), and the generator that keeps only levels a player can win (issue 8; issue 7's
 * tile-level movement model is gone). A flood fill over the tiles that are not full was tried
 * as a cheap pre-filter for the generator and dropped: it turns away the walled-in starts among
 * the fifth of seed levels the search rejects, but the search finishes those in a few
 * milliseconds anyway, and generation was no measurably faster with it. */
#include <stdlib.h>
#include <string.h>

#include "tilecade/ninja.h"
#include "tilecade/nlevel.h"

#include "ninja_search.h"

/* nl_generate_playable keeps a level when the ninja is not boxed in and its centre reaches at
 * least PLAYABLE_MIN_TILES tiles (the seed's maps have about 428 open tiles). */
#define PLAYABLE_MIN_TILES 60
#define PLAYABLE_ATTEMPTS 1000
/* Exit placements tried on one kept level before drawing another. */
#define EXIT_PLACEMENTS 3

static int cell(int col, int row)
{
	return col * NL_ROWS + row;
}

/* Whether a ninja that holds no key survives NL_IDLE_STEPS: a level that drops it on a mine or
 * kills it with its first landing is lost before the player can act. */
static bool idle_dies(const struct nj_world *w)
{
	struct nj_run run;
	nj_run_start(w, &run);
	for (int k = 0; k < NL_IDLE_STEPS && run.outcome == NJ_RUNNING; k++)
		nj_step(w, &run, 0);
	return run.outcome == NJ_DEATH;
}

/* Searches the level, to its budget or (with to_win) to its first win, and plays it idle;
 * returns 0, or -1 when it has no ninja or memory ran out. */
static int search_level(const struct nl_level *l, bool to_win, struct nj_world *w,
                        struct nj_search_result *res)
{
	char why[64];
	if (nj_world_from_level(l, w, why, sizeof why) != 0)
		return -1;
	int status = to_win ? nj_search_win(w, NJ_SEARCH_BUDGET, res)
	                    : nj_search(w, NJ_SEARCH_BUDGET, res);
	res->reach.idle_dies = idle_dies(w);
	return status;
}

int nl_check(const struct nl_level *l, struct nl_reach *r)
{
	memset(r, 0, sizeof *r);
	struct nj_world *w = malloc(sizeof *w);
	struct nj_search_result *res = malloc(sizeof *res);
	int status = -1;
	if (w && res && search_level(l, false, w, res) == 0) {
		*r = res->reach;
		status = 0;
	}
	free(w);
	free(res);
	return status;
}

static const struct nl_object *find_object(const struct nl_level *l, int type)
{
	for (int k = 0; k < l->objects; k++)
		if (l->object[k].type == type && l->object[k].count >= 2)
			return &l->object[k];
	return NULL;
}

static int reach_tiles(const struct nl_reach *r)
{
	int n = 0;
	for (int c = 0; c < NL_TILES; c++)
		n += r->reachable[c];
	return n;
}

static int dist2(int a, int b)
{
	int dc = a / NL_ROWS - b / NL_ROWS, dr = a % NL_ROWS - b % NL_ROWS;
	return dc * dc + dr * dr;
}

/* A good place for the door or the switch: a tile the ninja's centre reached, standing on a
 * full tile or the border, not the start, with no mine within a tile of its centre. */
static bool exit_spot(const struct nl_level *l, const struct nl_reach *r, int c, int start)
{
	int col = c / NL_ROWS, row = c % NL_ROWS;
	if (!r->reachable[c] || c == start || l->tile[c] != NL_EMPTY)
		return false;
	if (row + 1 < NL_ROWS && l->tile[cell(col, row + 1)] != NL_FULL)
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
	int start = nj_tile_at(ninja->field[0], ninja->field[1]);
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
	o->field[0] = NL_TILE_PX * (door / NL_ROWS) + 36; /* no text: printed from these */
	o->field[1] = NL_TILE_PX * (door % NL_ROWS) + 36;
	o->field[2] = NL_TILE_PX * (sw / NL_ROWS) + 36;
	o->field[3] = NL_TILE_PX * (sw % NL_ROWS) + 36;
	return true;
}

void nl_generate_playable(struct tc_rng *rng, struct nl_level *l)
{
	struct nj_world *w = malloc(sizeof *w);
	struct nj_search_result *res = malloc(sizeof *res);
	struct nl_reach *reach = malloc(sizeof *reach);
	for (int attempt = 0; attempt < PLAYABLE_ATTEMPTS; attempt++) {
		nl_generate(rng, l);
		if (!w || !res || !reach)
			break;
		if (search_level(l, false, w, res) != 0)
			break;
		if (res->reach.idle_dies || res->reach.boxed ||
		    reach_tiles(&res->reach) < PLAYABLE_MIN_TILES)
			continue;
		*reach = res->reach;
		for (int p = 0; p < EXIT_PLACEMENTS && place_exit(rng, l, reach); p++) {
			if (search_level(l, true, w, res) != 0)
				goto done;
			if (res->won)
				goto done;
			l->objects--; /* that exit cannot be won: another try */
		}
	}
done:
	free(w);
	free(res);
	free(reach);
}
