/* How hard a zNumbers level is to a player: how often, along the way, a move that is allowed
 * leaves a position without a solution. The solver walks one solution and, at each step, tries
 * every legal move and asks whether the level can still be won after it. */
#include "tilecade/znumbers.h"

/* A trap that takes longer than this to prove is rare and counts as a trap. */
#define PROBE_NODES 20000
/* A level whose solution takes longer than this to find is rated as the hardest. Generated
 * levels need far fewer nodes; positions made by hand may need many more. */
#define SOLVE_NODES 1000000

static bool in_plan(const struct zn_move *plan, int count, int from, int to)
{
	for (int i = 0; i < count; i++)
		if (plan[i].from == from && plan[i].to == to)
			return true;
	return false;
}

/* Permille of the legal moves, over the whole way, that lose the level. */
int zn_trap_permille(const struct zn_board *b)
{
	struct zn_move path[ZN_MAX_MOVES];
	int steps = 0;
	if (zn_solve(b, SOLVE_NODES, path, &steps, NULL) != ZN_SOLVABLE)
		return 1000;
	struct zn_board at = *b;
	int legal = 0, traps = 0;
	for (int i = 0; i < steps; i++) {
		for (int from = 0; from < at.rows * at.cols; from++) {
			uint8_t to[8];
			int n = zn_destinations(&at, from, to);
			for (int k = 0; k < n; k++) {
				legal++;
				/* A move of the solution being walked keeps it: no need to ask. */
				if (in_plan(path + i, steps - i, from, to[k]))
					continue;
				struct zn_board after = at;
				zn_move(&after, (struct zn_move){(uint8_t)from, to[k]});
				traps += zn_solve(&after, PROBE_NODES, NULL, NULL, NULL) !=
				         ZN_SOLVABLE;
			}
		}
		zn_move(&at, path[i]);
	}
	return legal ? traps * 1000 / legal : 0;
}

enum zn_rating zn_rate(const struct zn_board *b)
{
	/* About the quartiles of generated 6x6 levels with 60 tries. */
	static const int upper[ZN_RATING_COUNT - 1] = {40, 90, 160};
	int permille = zn_trap_permille(b);
	int r = 0;
	while (r < ZN_RATING_COUNT - 1 && permille >= upper[r])
		r++;
	return (enum zn_rating)r;
}

const char *zn_rating_name(enum zn_rating r)
{
	static const char *const names[ZN_RATING_COUNT] = {"easy", "medium", "hard", "fiendish"};
	return r < ZN_RATING_COUNT ? names[r] : "?";
}
