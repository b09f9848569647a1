/* The exact solver, digit by digit: each digit has a bit board of the cells that may still take
 * it, in three bands of three rows (27 bits a band: bit 9 * (row % 3) + column). A placement is
 * a handful of masks, where candidates kept per cell cost a store for each of 20 peers; the
 * naked singles of every cell come from adding the nine boards bit-wise, the hidden singles from
 * each board's rows, columns and boxes. Singles are propagated until none is left, then the
 * search branches on a cell with the fewest candidates. Most puzzles people play need no
 * branching at all, so finding singles is the time.
 *
 * A board's three bands are the lanes of one 128-bit vector (GCC's vector extension, which
 * clang shares; plain integers where there is no SIMD), so each step above is one operation for
 * the whole grid. The fourth lane is kept full in the boards and empty in `open`: it never has a
 * single or a unit without a place, so it needs no masking. */
#include <string.h>

#include "tilecade/sudoku.h"

typedef uint32_t bands __attribute__((vector_size(16)));

#define BAND_ALL 0x7ffffffu
#define ROW_BITS 0x1ffu    /* the top row of a band */
#define COL_BITS 0x40201u  /* the left column of a band */
#define BOX_BITS 0x1c0e07u /* the left box of a band */

/* Per cell: the cell itself, and its peers in latin and in classic (the row and column, and the
 * box). Tables, since a placement is the solver's most frequent step. */
// clang-format off
#define BIT_IN(c, b) ((c) / 27 == (b) ? 1u << (c) % 27 : 0u)
#define NEAR_IN(c, b, box) ((c) / 27 == (b) ? ROW_BITS << (c) % 27 / 9 * 9 | \
                            ((box) ? BOX_BITS << (c) % 9 / 3 * 3 : 0u) : 0u)
#define PEERS_IN(c, b, box) ((COL_BITS << (c) % 9 | NEAR_IN(c, b, box)) & ~BIT_IN(c, b))
#define CELL(c) {BIT_IN(c, 0), BIT_IN(c, 1), BIT_IN(c, 2), 0}
#define LATIN(c) {PEERS_IN(c, 0, 0), PEERS_IN(c, 1, 0), PEERS_IN(c, 2, 0), 0}
#define CLASSIC(c) {PEERS_IN(c, 0, 1), PEERS_IN(c, 1, 1), PEERS_IN(c, 2, 1), 0}
#define ROW(F, r) F(9 * (r)), F(9 * (r) + 1), F(9 * (r) + 2), F(9 * (r) + 3), F(9 * (r) + 4), \
                  F(9 * (r) + 5), F(9 * (r) + 6), F(9 * (r) + 7), F(9 * (r) + 8)
#define GRID(F) ROW(F, 0), ROW(F, 1), ROW(F, 2), ROW(F, 3), ROW(F, 4), ROW(F, 5), ROW(F, 6), \
                ROW(F, 7), ROW(F, 8)
static const bands cell_bits[SDK_CELLS] = {GRID(CELL)};
static const bands peer_bits[2][SDK_CELLS] = {{GRID(LATIN)}, {GRID(CLASSIC)}};
// clang-format on

/* A position of the search. A digit's board keeps the cells where it is placed: once no cell is
 * open, the boards are the solution. */
struct pos {
	bands cand[9]; /* digit d may go in, or holds, the cell */
	bands open;    /* cells without a digit */
};

struct search {
	bool boxes;         /* classic; latin has rows and columns only */
	const bands *peers; /* peer_bits of the stage */
	int limit, count;
	struct sdk_grid *solution;
};

static bands lanes_equal(bands v, uint32_t x)
{
	return (bands)(v == (bands){x, x, x, x});
}

/* The three bands (not the fourth lane) each with x. */
static bands grid_of(uint32_t x)
{
	return (bands){x, x, x, 0};
}

static bool none(bands v)
{
	return (v[0] | v[1] | v[2]) == 0;
}

/* Puts digit d in cell i of band b: the cell leaves the other digits' boards, and d leaves the
 * cell's peers. False when the cell cannot take d. Placing a digit again where it already is (a
 * single found twice) changes nothing. */
static bool place(const struct search *s, struct pos *p, int b, int i, int d)
{
	uint32_t bit = 1u << i;
	if (!(p->cand[d][b] & bit))
		return false;
	if (!(p->open[b] & bit))
		return true;
	int c = 27 * b + i;
	bands cell = cell_bits[c];
	p->open &= ~cell;
#pragma GCC unroll 9
	for (int e = 0; e < 9; e++)
		p->cand[e] &= ~cell;
	p->cand[d] = (p->cand[d] & ~s->peers[c]) | cell;
	return true;
}

/* The open cells with exactly one candidate, and for each the number of its digit's board, bit k
 * in digit[k]: a lookup without branches, since which digit it is cannot be predicted. False
 * when an open cell has none. */
static bool naked_singles(const struct pos *p, bands *single, bands digit[4])
{
	bands once = {0}, twice = {0};
	for (int k = 0; k < 4; k++)
		digit[k] = (bands){0};
#pragma GCC unroll 9
	for (int d = 0; d < 9; d++) {
		twice |= once & p->cand[d];
		once |= p->cand[d];
		for (int k = 0; k < 4; k++)
			if (d >> k & 1)
				digit[k] |= p->cand[d];
	}
	*single = p->open & ~twice;
	return none(p->open & ~once);
}

/* The open cells that are the only place for digit d in a row, a column or a box. False when a
 * unit has no place for d at all. Branch-free: which units hold a single is unpredictable. */
static bool hidden_singles(const struct search *s, const struct pos *p, int d, bands *hidden)
{
	bands x = p->cand[d], bad = {0}, h = {0}, once = {0}, twice = {0};
#pragma GCC unroll 3
	for (int k = 0; k < 3; k++) {
		bands r = (x >> (9 * k)) & ROW_BITS;
		bad |= lanes_equal(r, 0);
		h |= (r << (9 * k)) & lanes_equal(r & (r - 1), 0);
		twice |= once & r; /* columns: first in each band */
		once |= r;
	}
	if (s->boxes)
#pragma GCC unroll 3
		for (int k = 0; k < 3; k++) {
			bands y = x & (BOX_BITS << (3 * k));
			bad |= lanes_equal(y, 0);
			h |= y & lanes_equal(y & (y - 1), 0);
		}
	uint32_t cols_once = once[0] | once[1] | once[2];
	uint32_t cols_twice = twice[0] | twice[1] | twice[2] | (once[0] & once[1]) |
	                      (once[2] & (once[0] | once[1]));
	/* The single columns, in all three rows of each band. */
	h |= x & grid_of((cols_once & ~cols_twice) * COL_BITS);
	*hidden = h & p->open;
	return none(bad) && cols_once == ROW_BITS;
}

/* Places naked singles until none is left, then the hidden singles, and again, until neither is
 * left. False on a contradiction. */
static bool propagate(const struct search *s, struct pos *p)
{
	for (;;) {
		bands single, digit[4];
		if (!naked_singles(p, &single, digit))
			return false;
		if (!none(single)) {
			for (int b = 0; b < 3; b++)
				for (uint32_t m = single[b]; m; m &= m - 1) {
					int i = __builtin_ctz(m);
					int d = (int)((digit[0][b] >> i & 1) |
					              (digit[1][b] >> i & 1) << 1 |
					              (digit[2][b] >> i & 1) << 2 |
					              (digit[3][b] >> i & 1) << 3);
					/* Fails when an earlier single here took the one digit. */
					if (!place(s, p, b, i, d))
						return false;
				}
			continue;
		}
		if (none(p->open))
			return true;
		bool found = false;
		for (int d = 0; d < 9; d++) {
			if (none(p->cand[d] & p->open))
				continue; /* no open cell takes it: no single (a digit placed fewer
				             than nine times then shows as a cell left empty) */
			bands hidden;
			if (!hidden_singles(s, p, d, &hidden))
				return false;
			for (int b = 0; b < 3; b++)
				for (uint32_t m = hidden[b]; m; m &= m - 1) {
					if (!place(s, p, b, __builtin_ctz(m), d))
						return false;
					found = true;
				}
		}
		if (!found)
			return true; /* no single anywhere: time to branch */
	}
}

/* An open cell with the fewest candidates (at least two after propagate): band and bit. */
static void fewest(const struct pos *p, int *band, uint32_t *cell)
{
	bands once = {0}, twice = {0}, thrice = {0};
	for (int d = 0; d < 9; d++) {
		thrice |= twice & p->cand[d];
		twice |= once & p->cand[d];
		once |= p->cand[d];
	}
	bands two = p->open & ~thrice;
	for (int b = 0; b < 3; b++)
		if (two[b]) { /* two candidates: the fewest possible */
			*band = b;
			*cell = two[b] & -two[b];
			return;
		}
	int best = 10;
	for (int b = 0; b < 3; b++)
		for (uint32_t m = p->open[b]; m; m &= m - 1) {
			uint32_t bit = m & -m;
			int n = 0;
			for (int d = 0; d < 9; d++)
				n += (p->cand[d][b] & bit) != 0;
			if (n < best) {
				best = n;
				*band = b;
				*cell = bit;
			}
		}
}

static void search(struct search *s, const struct pos *p)
{
	if (none(p->open)) {
		if (s->count++ == 0 && s->solution)
			for (int d = 0; d < 9; d++)
				for (int b = 0; b < 3; b++)
					for (uint32_t m = p->cand[d][b]; m; m &= m - 1)
						s->solution->cell[27 * b + __builtin_ctz(m)] =
						        (uint8_t)(d + 1);
		return;
	}
	int b = 0;
	uint32_t bit = 0;
	fewest(p, &b, &bit);
	for (int d = 0; d < 9 && s->count < s->limit; d++) {
		if (!(p->cand[d][b] & bit))
			continue;
		struct pos next = *p;
		if (place(s, &next, b, __builtin_ctz(bit), d) && propagate(s, &next))
			search(s, &next);
	}
}

int sdk_solve(enum sdk_stage stage, const struct sdk_grid *puzzle, int limit,
              struct sdk_grid *solution)
{
	bool classic = stage == SDK_CLASSIC;
	struct search s = {classic, peer_bits[classic], limit < 1 ? 1 : limit, 0, solution};
	struct pos p;
	p.open = grid_of(BAND_ALL);
	for (int d = 0; d < 9; d++)
		p.cand[d] = (bands){BAND_ALL, BAND_ALL, BAND_ALL, BAND_ALL};
	/* A given that a peer's given already took fails to place: the givens break the rules. */
	for (int c = 0; c < SDK_CELLS; c++) {
		int d = puzzle->cell[c];
		if (d == 0)
			continue;
		if (d > 9 || !place(&s, &p, c / 27, c % 27, d - 1))
			return 0;
	}
	if (propagate(&s, &p))
		search(&s, &p);
	return s.count;
}
