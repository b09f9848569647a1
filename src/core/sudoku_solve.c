/* The exact solver: candidates as 9-bit masks, naked and hidden singles propagated after every
 * placement, and a search that branches on the cell with the fewest candidates. Singles settle
 * most of a rated puzzle before any branching, so a hard puzzle costs a few small copies of the
 * position rather than thousands of recursive calls. */
#include <string.h>

#include "tilecade/sudoku.h"

/* The 27 units: rows 0-8, columns 9-17, boxes 18-26 (a latin grid has the first 18 only). */
// clang-format off
#define ROW(r) {9 * (r), 9 * (r) + 1, 9 * (r) + 2, 9 * (r) + 3, 9 * (r) + 4, 9 * (r) + 5, \
                9 * (r) + 6, 9 * (r) + 7, 9 * (r) + 8}
#define COL(c) {(c), (c) + 9, (c) + 18, (c) + 27, (c) + 36, (c) + 45, (c) + 54, (c) + 63, (c) + 72}
#define BOX_AT(b0) {(b0), (b0) + 1, (b0) + 2, (b0) + 9, (b0) + 10, (b0) + 11, (b0) + 18, \
                    (b0) + 19, (b0) + 20}
#define BOX(b) BOX_AT((b) / 3 * 27 + (b) % 3 * 3)

static const uint8_t unit_cells[27][9] = {
        ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7), ROW(8),
        COL(0), COL(1), COL(2), COL(3), COL(4), COL(5), COL(6), COL(7), COL(8),
        BOX(0), BOX(1), BOX(2), BOX(3), BOX(4), BOX(5), BOX(6), BOX(7), BOX(8),
};
// clang-format on

/* Each cell's peers: the 8 others of its row, the 8 of its column, then the 4 of its box in
 * neither, so that latin takes the first 16. A table, because this loop is the solver's time. */
// clang-format off
static const uint8_t peer_cells[SDK_CELLS][20] = {
        {1, 2, 3, 4, 5, 6, 7, 8, 9, 18, 27, 36, 45, 54, 63, 72, 10, 11, 19, 20},
        {0, 2, 3, 4, 5, 6, 7, 8, 10, 19, 28, 37, 46, 55, 64, 73, 9, 11, 18, 20},
        {0, 1, 3, 4, 5, 6, 7, 8, 11, 20, 29, 38, 47, 56, 65, 74, 9, 10, 18, 19},
        {0, 1, 2, 4, 5, 6, 7, 8, 12, 21, 30, 39, 48, 57, 66, 75, 13, 14, 22, 23},
        {0, 1, 2, 3, 5, 6, 7, 8, 13, 22, 31, 40, 49, 58, 67, 76, 12, 14, 21, 23},
        {0, 1, 2, 3, 4, 6, 7, 8, 14, 23, 32, 41, 50, 59, 68, 77, 12, 13, 21, 22},
        {0, 1, 2, 3, 4, 5, 7, 8, 15, 24, 33, 42, 51, 60, 69, 78, 16, 17, 25, 26},
        {0, 1, 2, 3, 4, 5, 6, 8, 16, 25, 34, 43, 52, 61, 70, 79, 15, 17, 24, 26},
        {0, 1, 2, 3, 4, 5, 6, 7, 17, 26, 35, 44, 53, 62, 71, 80, 15, 16, 24, 25},
        {10, 11, 12, 13, 14, 15, 16, 17, 0, 18, 27, 36, 45, 54, 63, 72, 1, 2, 19, 20},
        {9, 11, 12, 13, 14, 15, 16, 17, 1, 19, 28, 37, 46, 55, 64, 73, 0, 2, 18, 20},
        {9, 10, 12, 13, 14, 15, 16, 17, 2, 20, 29, 38, 47, 56, 65, 74, 0, 1, 18, 19},
        {9, 10, 11, 13, 14, 15, 16, 17, 3, 21, 30, 39, 48, 57, 66, 75, 4, 5, 22, 23},
        {9, 10, 11, 12, 14, 15, 16, 17, 4, 22, 31, 40, 49, 58, 67, 76, 3, 5, 21, 23},
        {9, 10, 11, 12, 13, 15, 16, 17, 5, 23, 32, 41, 50, 59, 68, 77, 3, 4, 21, 22},
        {9, 10, 11, 12, 13, 14, 16, 17, 6, 24, 33, 42, 51, 60, 69, 78, 7, 8, 25, 26},
        {9, 10, 11, 12, 13, 14, 15, 17, 7, 25, 34, 43, 52, 61, 70, 79, 6, 8, 24, 26},
        {9, 10, 11, 12, 13, 14, 15, 16, 8, 26, 35, 44, 53, 62, 71, 80, 6, 7, 24, 25},
        {19, 20, 21, 22, 23, 24, 25, 26, 0, 9, 27, 36, 45, 54, 63, 72, 1, 2, 10, 11},
        {18, 20, 21, 22, 23, 24, 25, 26, 1, 10, 28, 37, 46, 55, 64, 73, 0, 2, 9, 11},
        {18, 19, 21, 22, 23, 24, 25, 26, 2, 11, 29, 38, 47, 56, 65, 74, 0, 1, 9, 10},
        {18, 19, 20, 22, 23, 24, 25, 26, 3, 12, 30, 39, 48, 57, 66, 75, 4, 5, 13, 14},
        {18, 19, 20, 21, 23, 24, 25, 26, 4, 13, 31, 40, 49, 58, 67, 76, 3, 5, 12, 14},
        {18, 19, 20, 21, 22, 24, 25, 26, 5, 14, 32, 41, 50, 59, 68, 77, 3, 4, 12, 13},
        {18, 19, 20, 21, 22, 23, 25, 26, 6, 15, 33, 42, 51, 60, 69, 78, 7, 8, 16, 17},
        {18, 19, 20, 21, 22, 23, 24, 26, 7, 16, 34, 43, 52, 61, 70, 79, 6, 8, 15, 17},
        {18, 19, 20, 21, 22, 23, 24, 25, 8, 17, 35, 44, 53, 62, 71, 80, 6, 7, 15, 16},
        {28, 29, 30, 31, 32, 33, 34, 35, 0, 9, 18, 36, 45, 54, 63, 72, 37, 38, 46, 47},
        {27, 29, 30, 31, 32, 33, 34, 35, 1, 10, 19, 37, 46, 55, 64, 73, 36, 38, 45, 47},
        {27, 28, 30, 31, 32, 33, 34, 35, 2, 11, 20, 38, 47, 56, 65, 74, 36, 37, 45, 46},
        {27, 28, 29, 31, 32, 33, 34, 35, 3, 12, 21, 39, 48, 57, 66, 75, 40, 41, 49, 50},
        {27, 28, 29, 30, 32, 33, 34, 35, 4, 13, 22, 40, 49, 58, 67, 76, 39, 41, 48, 50},
        {27, 28, 29, 30, 31, 33, 34, 35, 5, 14, 23, 41, 50, 59, 68, 77, 39, 40, 48, 49},
        {27, 28, 29, 30, 31, 32, 34, 35, 6, 15, 24, 42, 51, 60, 69, 78, 43, 44, 52, 53},
        {27, 28, 29, 30, 31, 32, 33, 35, 7, 16, 25, 43, 52, 61, 70, 79, 42, 44, 51, 53},
        {27, 28, 29, 30, 31, 32, 33, 34, 8, 17, 26, 44, 53, 62, 71, 80, 42, 43, 51, 52},
        {37, 38, 39, 40, 41, 42, 43, 44, 0, 9, 18, 27, 45, 54, 63, 72, 28, 29, 46, 47},
        {36, 38, 39, 40, 41, 42, 43, 44, 1, 10, 19, 28, 46, 55, 64, 73, 27, 29, 45, 47},
        {36, 37, 39, 40, 41, 42, 43, 44, 2, 11, 20, 29, 47, 56, 65, 74, 27, 28, 45, 46},
        {36, 37, 38, 40, 41, 42, 43, 44, 3, 12, 21, 30, 48, 57, 66, 75, 31, 32, 49, 50},
        {36, 37, 38, 39, 41, 42, 43, 44, 4, 13, 22, 31, 49, 58, 67, 76, 30, 32, 48, 50},
        {36, 37, 38, 39, 40, 42, 43, 44, 5, 14, 23, 32, 50, 59, 68, 77, 30, 31, 48, 49},
        {36, 37, 38, 39, 40, 41, 43, 44, 6, 15, 24, 33, 51, 60, 69, 78, 34, 35, 52, 53},
        {36, 37, 38, 39, 40, 41, 42, 44, 7, 16, 25, 34, 52, 61, 70, 79, 33, 35, 51, 53},
        {36, 37, 38, 39, 40, 41, 42, 43, 8, 17, 26, 35, 53, 62, 71, 80, 33, 34, 51, 52},
        {46, 47, 48, 49, 50, 51, 52, 53, 0, 9, 18, 27, 36, 54, 63, 72, 28, 29, 37, 38},
        {45, 47, 48, 49, 50, 51, 52, 53, 1, 10, 19, 28, 37, 55, 64, 73, 27, 29, 36, 38},
        {45, 46, 48, 49, 50, 51, 52, 53, 2, 11, 20, 29, 38, 56, 65, 74, 27, 28, 36, 37},
        {45, 46, 47, 49, 50, 51, 52, 53, 3, 12, 21, 30, 39, 57, 66, 75, 31, 32, 40, 41},
        {45, 46, 47, 48, 50, 51, 52, 53, 4, 13, 22, 31, 40, 58, 67, 76, 30, 32, 39, 41},
        {45, 46, 47, 48, 49, 51, 52, 53, 5, 14, 23, 32, 41, 59, 68, 77, 30, 31, 39, 40},
        {45, 46, 47, 48, 49, 50, 52, 53, 6, 15, 24, 33, 42, 60, 69, 78, 34, 35, 43, 44},
        {45, 46, 47, 48, 49, 50, 51, 53, 7, 16, 25, 34, 43, 61, 70, 79, 33, 35, 42, 44},
        {45, 46, 47, 48, 49, 50, 51, 52, 8, 17, 26, 35, 44, 62, 71, 80, 33, 34, 42, 43},
        {55, 56, 57, 58, 59, 60, 61, 62, 0, 9, 18, 27, 36, 45, 63, 72, 64, 65, 73, 74},
        {54, 56, 57, 58, 59, 60, 61, 62, 1, 10, 19, 28, 37, 46, 64, 73, 63, 65, 72, 74},
        {54, 55, 57, 58, 59, 60, 61, 62, 2, 11, 20, 29, 38, 47, 65, 74, 63, 64, 72, 73},
        {54, 55, 56, 58, 59, 60, 61, 62, 3, 12, 21, 30, 39, 48, 66, 75, 67, 68, 76, 77},
        {54, 55, 56, 57, 59, 60, 61, 62, 4, 13, 22, 31, 40, 49, 67, 76, 66, 68, 75, 77},
        {54, 55, 56, 57, 58, 60, 61, 62, 5, 14, 23, 32, 41, 50, 68, 77, 66, 67, 75, 76},
        {54, 55, 56, 57, 58, 59, 61, 62, 6, 15, 24, 33, 42, 51, 69, 78, 70, 71, 79, 80},
        {54, 55, 56, 57, 58, 59, 60, 62, 7, 16, 25, 34, 43, 52, 70, 79, 69, 71, 78, 80},
        {54, 55, 56, 57, 58, 59, 60, 61, 8, 17, 26, 35, 44, 53, 71, 80, 69, 70, 78, 79},
        {64, 65, 66, 67, 68, 69, 70, 71, 0, 9, 18, 27, 36, 45, 54, 72, 55, 56, 73, 74},
        {63, 65, 66, 67, 68, 69, 70, 71, 1, 10, 19, 28, 37, 46, 55, 73, 54, 56, 72, 74},
        {63, 64, 66, 67, 68, 69, 70, 71, 2, 11, 20, 29, 38, 47, 56, 74, 54, 55, 72, 73},
        {63, 64, 65, 67, 68, 69, 70, 71, 3, 12, 21, 30, 39, 48, 57, 75, 58, 59, 76, 77},
        {63, 64, 65, 66, 68, 69, 70, 71, 4, 13, 22, 31, 40, 49, 58, 76, 57, 59, 75, 77},
        {63, 64, 65, 66, 67, 69, 70, 71, 5, 14, 23, 32, 41, 50, 59, 77, 57, 58, 75, 76},
        {63, 64, 65, 66, 67, 68, 70, 71, 6, 15, 24, 33, 42, 51, 60, 78, 61, 62, 79, 80},
        {63, 64, 65, 66, 67, 68, 69, 71, 7, 16, 25, 34, 43, 52, 61, 79, 60, 62, 78, 80},
        {63, 64, 65, 66, 67, 68, 69, 70, 8, 17, 26, 35, 44, 53, 62, 80, 60, 61, 78, 79},
        {73, 74, 75, 76, 77, 78, 79, 80, 0, 9, 18, 27, 36, 45, 54, 63, 55, 56, 64, 65},
        {72, 74, 75, 76, 77, 78, 79, 80, 1, 10, 19, 28, 37, 46, 55, 64, 54, 56, 63, 65},
        {72, 73, 75, 76, 77, 78, 79, 80, 2, 11, 20, 29, 38, 47, 56, 65, 54, 55, 63, 64},
        {72, 73, 74, 76, 77, 78, 79, 80, 3, 12, 21, 30, 39, 48, 57, 66, 58, 59, 67, 68},
        {72, 73, 74, 75, 77, 78, 79, 80, 4, 13, 22, 31, 40, 49, 58, 67, 57, 59, 66, 68},
        {72, 73, 74, 75, 76, 78, 79, 80, 5, 14, 23, 32, 41, 50, 59, 68, 57, 58, 66, 67},
        {72, 73, 74, 75, 76, 77, 79, 80, 6, 15, 24, 33, 42, 51, 60, 69, 61, 62, 70, 71},
        {72, 73, 74, 75, 76, 77, 78, 80, 7, 16, 25, 34, 43, 52, 61, 70, 60, 62, 69, 71},
        {72, 73, 74, 75, 76, 77, 78, 79, 8, 17, 26, 35, 44, 53, 62, 71, 60, 61, 69, 70},
};
// clang-format on

/* A position of the search. */
struct pos {
	uint16_t cand[SDK_CELLS]; /* candidates of an empty cell; 0 once it holds a digit */
	uint16_t placed[27];      /* the digits each unit holds */
	uint8_t val[SDK_CELLS];
	int left; /* empty cells */
};

struct search {
	int units; /* 18 (latin) or 27 (classic) */
	int peers; /* 16 or 20 */
	int limit, count;
	struct sdk_grid *solution;
};

/* Cells whose candidates came down to one, waiting to be placed. A cell is queued when it goes
 * from two candidates to one and, in the placement that fails, from one to none: twice at most. */
struct queue {
	uint8_t cell[2 * SDK_CELLS];
	int n;
};

/* Puts digit bit `bit` in cell and takes it from every peer's candidates. False when that
 * leaves a peer with none, or the cell cannot take the digit. Branch-free over the peers: which
 * of them held the digit is unpredictable, and mispredictions cost more than the stores. */
static bool place(const struct search *s, struct pos *p, struct queue *q, int cell, uint16_t bit)
{
	if (!(p->cand[cell] & bit))
		return false;
	p->val[cell] = (uint8_t)(__builtin_ctz(bit) + 1);
	p->cand[cell] = 0;
	p->left--;
	p->placed[cell / 9] |= bit;
	p->placed[9 + cell % 9] |= bit;
	p->placed[18 + cell / 27 * 3 + cell % 9 / 3] |= bit;
	const uint8_t *peer = peer_cells[cell];
	unsigned bad = 0;
	int n = q->n;
	for (int i = 0; i < s->peers; i++) {
		int c = peer[i];
		uint16_t m = p->cand[c], r = m & (uint16_t)~bit;
		unsigned hit = m != r;
		p->cand[c] = r;
		bad |= hit & (r == 0);
		q->cell[n] = (uint8_t)c;
		n += (int)(hit & ((r & (r - 1)) == 0)); /* came down to one (or none: bad) */
	}
	q->n = n;
	return !bad;
}

/* Places the queued naked singles, then the hidden singles (a digit with one place left in a
 * unit), until neither is left. False on a contradiction. */
static bool propagate(const struct search *s, struct pos *p, struct queue *q)
{
	for (;;) {
		while (q->n > 0) {
			int c = q->cell[--q->n];
			if (p->val[c])
				continue;
			if (!place(s, p, q, c, p->cand[c]))
				return false;
		}
		if (p->left == 0)
			return true;
		bool found = false;
		for (int u = 0; u < s->units; u++) {
			const uint8_t *cells = unit_cells[u];
			uint16_t once = 0, twice = 0;
			for (int i = 0; i < 9; i++) {
				uint16_t m = p->cand[cells[i]];
				twice |= once & m;
				once |= m;
			}
			if ((once | p->placed[u]) != SDK_ALL)
				return false; /* a digit with no place in this unit */
			for (uint16_t h = once & (uint16_t)~twice; h; h &= (uint16_t)(h - 1)) {
				uint16_t bit = h & (uint16_t)-h;
				int i = 0;
				while (!(p->cand[cells[i]] & bit) && i < 8)
					i++;
				if (!place(s, p, q, cells[i], bit))
					return false;
				found = true;
			}
		}
		if (!found)
			return true; /* no single anywhere: time to branch */
	}
}

static void search(struct search *s, struct pos *p)
{
	if (p->left == 0) {
		if (s->count++ == 0 && s->solution)
			memcpy(s->solution->cell, p->val, SDK_CELLS);
		return;
	}
	int best = -1, fewest = 10;
	for (int c = 0; c < SDK_CELLS && fewest > 2; c++)
		if (p->cand[c]) {
			int n = __builtin_popcount(p->cand[c]);
			if (n < fewest) {
				fewest = n;
				best = c;
			}
		}
	for (uint16_t m = p->cand[best]; m && s->count < s->limit; m &= (uint16_t)(m - 1)) {
		struct pos next = *p;
		struct queue q = {.n = 0};
		if (place(s, &next, &q, best, m & (uint16_t)-m) && propagate(s, &next, &q))
			search(s, &next);
	}
}

int sdk_solve(enum sdk_stage stage, const struct sdk_grid *puzzle, int limit,
              struct sdk_grid *solution)
{
	bool classic = stage == SDK_CLASSIC;
	struct search s = {classic ? 27 : 18, classic ? 20 : 16, limit < 1 ? 1 : limit, 0,
	                   solution};
	struct pos p;
	struct queue q = {.n = 0};
	/* The givens go in as unit masks in one pass, cheaper than placing them one by one; the
	 * same pass finds givens that break the rules. */
	memset(p.placed, 0, sizeof p.placed);
	for (int c = 0; c < SDK_CELLS; c++) {
		int d = puzzle->cell[c];
		if (d == 0)
			continue;
		if (d > 9)
			return 0;
		uint16_t bit = (uint16_t)(1u << (d - 1));
		uint16_t *row = &p.placed[c / 9], *col = &p.placed[9 + c % 9],
		         *box = &p.placed[18 + c / 27 * 3 + c % 9 / 3];
		if ((*row | *col | (classic ? *box : 0)) & bit)
			return 0;
		*row |= bit;
		*col |= bit;
		*box |= bit;
	}
	if (!classic)
		memset(p.placed + 18, 0, 9 * sizeof p.placed[0]);
	p.left = 0;
	for (int c = 0; c < SDK_CELLS; c++) {
		p.val[c] = puzzle->cell[c];
		if (p.val[c]) {
			p.cand[c] = 0;
			continue;
		}
		uint16_t used = p.placed[c / 9] | p.placed[9 + c % 9] |
		                p.placed[18 + c / 27 * 3 + c % 9 / 3];
		p.cand[c] = SDK_ALL & (uint16_t)~used;
		if (p.cand[c] == 0)
			return 0;
		if ((p.cand[c] & (p.cand[c] - 1)) == 0)
			q.cell[q.n++] = (uint8_t)c;
		p.left++;
	}
	if (propagate(&s, &p, &q))
		search(&s, &p);
	return s.count;
}
