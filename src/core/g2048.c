/* 2048 rules: slide, merge once per tile per move from the move's edge, spawn, game over. */
#include "tilecade/g2048.h"

#include <string.h>

/* Streams keep 2048's random numbers apart from other games' for the same seed. */
#define G2048_RNG_STREAM 2048

/* The cell at position k (0 = the edge tiles slide toward) of line `line` for this direction. */
static int line_cell(int size, enum g2048_dir dir, int line, int k)
{
	switch (dir) {
	case G2048_LEFT:
		return line * size + k;
	case G2048_RIGHT:
		return line * size + (size - 1 - k);
	case G2048_UP:
		return k * size + line;
	case G2048_DOWN:
		return (size - 1 - k) * size + line;
	}
	return 0;
}

uint64_t g2048_tile_value(uint8_t exponent)
{
	return exponent == 0 || exponent > 63 ? 0 : (uint64_t)1 << exponent;
}

/* Places a 2 (90%) or a 4 on a random empty cell; returns the cell or -1 if the board is full. */
static int spawn(struct g2048 *g)
{
	int empty[G2048_CELLS];
	int count = 0;
	for (int i = 0; i < g->size * g->size; i++)
		if (g->cell[i] == 0)
			empty[count++] = i;
	if (count == 0)
		return -1;
	int cell = empty[tc_rng_below(&g->rng, (uint32_t)count)];
	g->cell[cell] = tc_rng_below(&g->rng, 10) == 0 ? 2 : 1;
	return cell;
}

void g2048_new(struct g2048 *g, const struct g2048_params *p, uint64_t seed)
{
	memset(g, 0, sizeof *g);
	g->size = (uint8_t)p->size;
	tc_rng_seed(&g->rng, seed, G2048_RNG_STREAM);
	spawn(g);
	spawn(g);
}

bool g2048_slide_only(struct g2048 *g, enum g2048_dir dir, struct g2048_motion *motion)
{
	int n = g->size;
	uint8_t after[G2048_CELLS] = {0};
	uint64_t gained = 0;
	int moved = 0;
	if (motion) {
		motion->count = 0;
		motion->spawn_cell = -1;
		motion->spawn_exponent = 0;
	}
	for (int line = 0; line < n; line++) {
		int filled = 0;           /* positions 0..filled-1 of this line hold tiles */
		bool last_merged = false; /* the tile at filled-1 is already a merge */
		for (int k = 0; k < n; k++) {
			int from = line_cell(n, dir, line, k);
			uint8_t e = g->cell[from];
			if (e == 0)
				continue;
			int to;
			bool merged = false;
			if (filled > 0 && !last_merged &&
			    after[line_cell(n, dir, line, filled - 1)] == e) {
				to = line_cell(n, dir, line, filled - 1);
				after[to] = (uint8_t)(e + 1);
				gained += g2048_tile_value((uint8_t)(e + 1));
				merged = last_merged = true;
				moved = 1;
			} else {
				to = line_cell(n, dir, line, filled++);
				after[to] = e;
				last_merged = false;
				if (to != from)
					moved = 1;
			}
			if (motion) {
				int i = motion->count++;
				motion->tile[i].from = (uint8_t)from;
				motion->tile[i].to = (uint8_t)to;
				motion->tile[i].exponent = e;
				motion->tile[i].merged = merged;
			}
		}
	}
	if (!moved)
		return false;
	/* A tile that another merged into is part of the merge too. */
	if (motion)
		for (int i = 0; i < motion->count; i++)
			for (int j = 0; j < motion->count; j++)
				if (motion->tile[j].merged &&
				    motion->tile[j].to == motion->tile[i].to)
					motion->tile[i].merged = true;
	memcpy(g->cell, after, sizeof after);
	g->score += gained;
	return true;
}

bool g2048_slide(struct g2048 *g, enum g2048_dir dir, struct g2048_motion *motion)
{
	if (!g2048_slide_only(g, dir, motion))
		return false;
	int cell = spawn(g);
	if (motion && cell >= 0) {
		motion->spawn_cell = cell;
		motion->spawn_exponent = g->cell[cell];
	}
	return true;
}

bool g2048_can_move(const struct g2048 *g)
{
	int n = g->size;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			uint8_t e = g->cell[r * n + c];
			if (e == 0)
				return true;
			if (c + 1 < n && g->cell[r * n + c + 1] == e)
				return true;
			if (r + 1 < n && g->cell[(r + 1) * n + c] == e)
				return true;
		}
	return false;
}

uint8_t g2048_max_exponent(const struct g2048 *g)
{
	uint8_t best = 0;
	for (int i = 0; i < g->size * g->size; i++)
		if (g->cell[i] > best)
			best = g->cell[i];
	return best;
}
