/* The zNumbers solver.
 *
 * It does not search move orders. A solution is fixed by where each tile lands: give every
 * remaining tile its own landing cell, exactly its value away, on a cell that is empty now or
 * holds another remaining tile (which must then move first). "Tile t lands on tile u's cell"
 * makes chains, each ending on a cell that is empty now, and any such landing plan can be played:
 * move the last tile of each chain first. The one thing that cannot be played is a cycle (t lands
 * on u's cell and u, through others perhaps, on t's). So the search assigns landings, tile by
 * tile, most constrained tile first, refusing a landing that closes a cycle, and proves a branch
 * dead as soon as the remaining tiles cannot be matched to distinct free cells they reach.
 *
 * A rare level sends the first choices down a long dead branch. A few short searches with ties
 * broken at random, before the full search, cut those tails: the slowest of 100000 generated 6x6
 * levels went from about 40 ms to 1 ms, the others did not notice. The random choices come from
 * fixed seeds, so the solver still gives the same answer every time. */
#include <string.h>

#include "tilecade/znumbers.h"

#define NONE 0xff
#define SHORT_SEARCHES 5
#define SHORT_SEARCH_NODES 300

struct search {
	int tiles;                 /* tiles that have to move */
	uint8_t cell_of[ZN_CELLS]; /* tile -> its cell */
	uint8_t tile_at[ZN_CELLS]; /* cell -> tile, or NONE */
	uint8_t cands[ZN_CELLS];   /* tile -> number of cells its value reaches (not used) */
	uint8_t cand[ZN_CELLS][8]; /* tile -> those cells */
	uint8_t landing[ZN_CELLS]; /* tile -> assigned landing cell, or NONE */
	bool taken[ZN_CELLS];      /* cell -> some tile lands here */
	int left;                  /* tiles without a landing yet */

	/* The landings so far form chains of cells. For the first cell of a chain, end_of gives
	 * its last; for the last, start_of gives its first. */
	uint8_t end_of[ZN_CELLS], start_of[ZN_CELLS];

	/* A matching of the tiles without a landing to distinct free cells; kept between nodes
	 * and repaired, because one landing breaks at most a few of its pairs. */
	uint8_t match_of_tile[ZN_CELLS], match_of_cell[ZN_CELLS];
	unsigned visit_mark[ZN_CELLS], mark;

	uint64_t node_limit, cap;
	uint32_t shuffle; /* 0 for the plain order, else the state of the generator breaking ties */
	bool gave_up;
	struct zn_search_stats stats;
	uint8_t solution[ZN_CELLS]; /* tile -> landing, of the first solution found */
};

static void setup(struct search *s, const struct zn_board *b)
{
	memset(s, 0, sizeof *s);
	int cells = b->rows * b->cols;
	memset(s->tile_at, NONE, sizeof s->tile_at);
	for (int c = 0; c < cells; c++) {
		s->end_of[c] = s->start_of[c] = (uint8_t)c;
		if (zn_is_tile(b->cell[c])) {
			s->tile_at[c] = (uint8_t)s->tiles;
			s->cell_of[s->tiles++] = (uint8_t)c;
		}
	}
	/* A tile may land where another tile stands, once that one has gone. */
	struct zn_board open = *b;
	for (int c = 0; c < cells; c++)
		if (zn_is_tile(open.cell[c]))
			open.cell[c] = 0;
	for (int t = 0; t < s->tiles; t++) {
		uint8_t from = s->cell_of[t];
		open.cell[from] = b->cell[from];
		s->cands[t] = (uint8_t)zn_destinations(&open, from, s->cand[t]);
		open.cell[from] = 0;
	}
	s->left = s->tiles;
	memset(s->landing, NONE, sizeof s->landing);
	memset(s->match_of_tile, NONE, sizeof s->match_of_tile);
	memset(s->match_of_cell, NONE, sizeof s->match_of_cell);
}

/* Whether tile t may land on cell c now: free, and not closing a cycle. c is free, so nothing
 * lands on it and it starts its chain; landing t there closes a cycle when that chain ends at
 * t. */
static bool may_land(const struct search *s, int t, uint8_t c)
{
	return !s->taken[c] && s->end_of[c] != s->cell_of[t];
}

static int options(const struct search *s, int t)
{
	int n = 0;
	for (int i = 0; i < s->cands[t]; i++)
		n += may_land(s, t, s->cand[t][i]);
	return n;
}

/* Kuhn's augmenting path from tile t. */
static bool augment(struct search *s, int t)
{
	for (int i = 0; i < s->cands[t]; i++) {
		uint8_t c = s->cand[t][i];
		if (s->visit_mark[c] == s->mark || !may_land(s, t, c))
			continue;
		s->visit_mark[c] = s->mark;
		uint8_t other = s->match_of_cell[c];
		if (other == NONE || augment(s, other)) {
			s->match_of_cell[c] = (uint8_t)t;
			s->match_of_tile[t] = c;
			return true;
		}
	}
	return false;
}

static void unmatch(struct search *s, int t)
{
	uint8_t c = s->match_of_tile[t];
	if (c != NONE && s->match_of_cell[c] == t)
		s->match_of_cell[c] = NONE;
	s->match_of_tile[t] = NONE;
}

/* True when every tile without a landing can still get a distinct free cell. */
static bool matchable(struct search *s)
{
	for (int t = 0; t < s->tiles; t++) {
		uint8_t c = s->match_of_tile[t];
		if (s->landing[t] != NONE ||
		    (c != NONE && (s->match_of_cell[c] != t || !may_land(s, t, c))))
			unmatch(s, t);
	}
	for (int t = 0; t < s->tiles; t++)
		if (s->landing[t] == NONE && s->match_of_tile[t] == NONE) {
			s->mark++;
			if (!augment(s, t))
				return false;
		}
	return true;
}

/* True when every tile without a landing can still reach, through landings on free cells and
 * the chains behind them, a chain that ends on an empty cell: the only way its chain can end.
 * This catches groups of tiles that could only land on each other's cells, which the matching
 * accepts as a cycle. */
static bool can_all_finish(struct search *s)
{
	bool done[ZN_CELLS] = {false};
	int finished = s->tiles - s->left;
	for (bool changed = true; changed;) {
		changed = false;
		for (int t = 0; t < s->tiles; t++) {
			if (s->landing[t] != NONE || done[t])
				continue;
			for (int i = 0; i < s->cands[t]; i++) {
				uint8_t c = s->cand[t][i];
				if (!may_land(s, t, c))
					continue;
				uint8_t end = s->tile_at[s->end_of[c]];
				if (end == NONE || done[end]) {
					done[t] = true;
					finished++;
					changed = true;
					break;
				}
			}
		}
	}
	return finished == s->tiles;
}

struct undo {
	uint8_t first, last, old_end, old_start;
};

static struct undo land(struct search *s, int t, uint8_t c)
{
	/* t has no landing, so its cell ends a chain; c starts one. Join them. */
	uint8_t first = s->start_of[s->cell_of[t]], last = s->end_of[c];
	struct undo u = {first, last, s->end_of[first], s->start_of[last]};
	s->end_of[first] = last;
	s->start_of[last] = first;
	s->taken[c] = true;
	s->landing[t] = c;
	s->left--;
	return u;
}

static void take_back(struct search *s, int t, uint8_t c, struct undo u)
{
	s->left++;
	s->landing[t] = NONE;
	s->taken[c] = false;
	s->start_of[u.last] = u.old_start;
	s->end_of[u.first] = u.old_end;
}

static uint32_t next_random(struct search *s)
{
	s->shuffle ^= s->shuffle << 13; /* xorshift32: never 0 from a state that is not 0 */
	s->shuffle ^= s->shuffle >> 17;
	s->shuffle ^= s->shuffle << 5;
	return s->shuffle;
}

/* Returns true when the search must stop: enough solutions, or the node limit. */
static bool search(struct search *s)
{
	if (s->left == 0) {
		if (s->stats.solutions++ == 0)
			memcpy(s->solution, s->landing, sizeof s->solution);
		return s->stats.solutions >= s->cap;
	}
	int best = -1, fewest = 9;
	for (int t = 0; t < s->tiles && fewest > 0; t++) {
		if (s->landing[t] != NONE)
			continue;
		int n = options(s, t);
		if (n < fewest || (n == fewest && s->shuffle && next_random(s) % 2)) {
			fewest = n;
			best = t;
		}
	}
	if (fewest == 0 || !matchable(s) || !can_all_finish(s)) {
		s->stats.dead_ends++;
		return false;
	}
	/* The matched cell first: the matching already fits it with the other tiles. */
	uint8_t order[8];
	int n = 0;
	uint8_t preferred = s->match_of_tile[best];
	order[n++] = preferred;
	for (int i = 0; i < s->cands[best]; i++)
		if (s->cand[best][i] != preferred && may_land(s, best, s->cand[best][i]))
			order[n++] = s->cand[best][i];
	for (int i = n - 1; s->shuffle && i > 1; i--) {
		int j = 1 + (int)(next_random(s) % (uint32_t)i);
		uint8_t other = order[i];
		order[i] = order[j];
		order[j] = other;
	}
	for (int i = 0; i < n; i++) {
		if (s->node_limit && s->stats.nodes >= s->node_limit) {
			s->gave_up = true;
			return true;
		}
		s->stats.nodes++;
		struct undo u = land(s, best, order[i]);
		bool stop = search(s);
		take_back(s, best, order[i], u);
		if (stop)
			return true;
	}
	return false;
}

/* Plays the landing plan chain by chain: the tile landing on a cell that is empty now moves
 * first, then the tile landing on the cell it left, and so on. */
static int order_moves(const struct search *s, const struct zn_board *b, struct zn_move *moves)
{
	uint8_t lander[ZN_CELLS];
	memset(lander, NONE, sizeof lander);
	for (int t = 0; t < s->tiles; t++)
		lander[s->solution[t]] = (uint8_t)t;
	int n = 0;
	for (int c = 0; c < b->rows * b->cols; c++) {
		if (b->cell[c] != 0)
			continue;
		for (uint8_t to = (uint8_t)c; lander[to] != NONE; to = s->cell_of[lander[to]])
			moves[n++] = (struct zn_move){s->cell_of[lander[to]], to};
	}
	return n;
}

static void run(struct search *s, const struct zn_board *b, uint64_t cap, uint64_t node_limit,
                uint32_t shuffle)
{
	setup(s, b);
	s->cap = cap;
	s->node_limit = node_limit;
	s->shuffle = shuffle;
	search(s);
}

enum zn_verdict zn_solve(const struct zn_board *b, uint64_t node_limit, struct zn_move *moves,
                         int *count, struct zn_search_stats *stats)
{
	struct search s;
	struct zn_search_stats spent = {0};
	for (uint32_t attempt = 0; attempt <= SHORT_SEARCHES; attempt++) {
		uint64_t left = node_limit ? node_limit - spent.nodes : 0;
		bool last = attempt == SHORT_SEARCHES;
		if (!last && (left == 0 || left > SHORT_SEARCH_NODES))
			left = SHORT_SEARCH_NODES;
		/* A short search that ends without giving up has settled the question. */
		run(&s, b, 1, left, last ? 0 : 2654435761u * (attempt + 1));
		spent.nodes += s.stats.nodes;
		spent.dead_ends += s.stats.dead_ends;
		if (!s.gave_up || (node_limit && spent.nodes >= node_limit))
			break;
	}
	spent.solutions = s.stats.solutions;
	if (stats)
		*stats = spent;
	if (s.stats.solutions == 0)
		return s.gave_up ? ZN_GAVE_UP : ZN_UNSOLVABLE;
	if (moves) {
		int n = order_moves(&s, b, moves);
		if (count)
			*count = n;
	}
	return ZN_SOLVABLE;
}

uint64_t zn_count_solutions(const struct zn_board *b, uint64_t cap, struct zn_search_stats *stats)
{
	struct search s;
	run(&s, b, cap, 0, 0);
	if (stats)
		*stats = s.stats;
	return s.stats.solutions;
}
