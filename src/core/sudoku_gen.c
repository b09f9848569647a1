/* The generator: a random full grid, then clues taken away in random order while the puzzle
 * keeps exactly one solution, until the puzzle has the requested rating.
 *
 * The seed's generator shuffled a base grid and blanked random cells, which leaves many
 * puzzles with several solutions; every puzzle here is checked. */
#include "tilecade/sudoku.h"

static int box_of(int cell)
{
	return cell / 27 * 3 + cell % 9 / 3;
}

/* A full grid under construction: the digits each row, column and box holds. */
struct fill {
	bool classic;
	uint16_t row[9], col[9], box[9];
	uint8_t cell[SDK_CELLS];
};

static uint16_t fill_candidates(const struct fill *f, int c)
{
	uint16_t used = f->row[c / 9] | f->col[c % 9] | (f->classic ? f->box[box_of(c)] : 0);
	return (uint16_t)(SDK_ALL & ~used);
}

static void fill_set(struct fill *f, int c, int d)
{
	uint16_t bit = (uint16_t)(1u << (d - 1));
	f->cell[c] = (uint8_t)d;
	f->row[c / 9] ^= bit;
	f->col[c % 9] ^= bit;
	f->box[box_of(c)] ^= bit;
}

/* Randomised backtracking, always on the cell with the fewest digits left. Every full grid
 * can come out, latin squares too (shuffling the rows and columns of one square cannot reach
 * them all). Dead ends are rare and shallow with this order. */
static bool fill_rest(struct fill *f, struct tc_rng *rng, int left)
{
	if (left == 0)
		return true;
	int best = -1, fewest = 10;
	for (int c = 0; c < SDK_CELLS && fewest > 1; c++) {
		if (f->cell[c])
			continue;
		int n = __builtin_popcount(fill_candidates(f, c));
		if (n == 0)
			return false;
		if (n < fewest) {
			fewest = n;
			best = c;
		}
	}
	int digits[9], n = 0;
	for (uint16_t m = fill_candidates(f, best); m; m &= (uint16_t)(m - 1))
		digits[n++] = __builtin_ctz(m) + 1;
	for (int i = n - 1; i >= 0; i--) {
		/* A random one of the digits not tried yet. */
		int j = (int)tc_rng_below(rng, (uint32_t)i + 1);
		int d = digits[j];
		digits[j] = digits[i];
		fill_set(f, best, d);
		if (fill_rest(f, rng, left - 1))
			return true;
		fill_set(f, best, d);
		f->cell[best] = 0;
	}
	return false;
}

void sdk_random_full(enum sdk_stage stage, struct tc_rng *rng, struct sdk_grid *out)
{
	struct fill f = {.classic = stage == SDK_CLASSIC};
	fill_rest(&f, rng, SDK_CELLS);
	for (int c = 0; c < SDK_CELLS; c++)
		out->cell[c] = f.cell[c];
}

/* Whether cell c, now empty, has only one digit left given the other digits. */
static bool forced(enum sdk_stage stage, const struct sdk_grid *g, int c)
{
	uint16_t used = 0;
	for (int i = 0; i < 9; i++) {
		int r = c / 9 * 9 + i, k = i * 9 + c % 9;
		int b = (box_of(c) / 3 * 3 + i / 3) * 9 + box_of(c) % 3 * 3 + i % 3;
		used |= (uint16_t)(1u << g->cell[r] >> 1) | (uint16_t)(1u << g->cell[k] >> 1);
		if (stage == SDK_CLASSIC)
			used |= (uint16_t)(1u << g->cell[b] >> 1);
	}
	return __builtin_popcount(used & SDK_ALL) == 8;
}

/* Whether the puzzle, with cells a and b (maybe the same) just emptied, still has one solution
 * and is no harder than `rating`. Below expert the logical solver decides both at once (what
 * logic solves has one solution). For expert, a removed cell that its peers settle cannot
 * make a second solution, which spares most of the exact solver's calls early on. */
static bool still_good(enum sdk_stage stage, enum sdk_rating rating, struct sdk_grid *p, int a,
                       int b, uint8_t digit_a)
{
	if (rating != SDK_EXPERT)
		return sdk_rate_upto(stage, p, rating) <= rating;
	if (forced(stage, p, a)) {
		if (a == b)
			return true;
		/* With a settled, b's peers must settle b. */
		p->cell[a] = digit_a;
		bool ok = forced(stage, p, b);
		p->cell[a] = 0;
		if (ok)
			return true;
	}
	return sdk_solve(stage, p, 2, NULL) == 1;
}

void sdk_generate(enum sdk_stage stage, enum sdk_rating rating, bool symmetric, struct tc_rng *rng,
                  struct sdk_grid *puzzle, struct sdk_grid *solution)
{
	if ((unsigned)rating >= SDK_EXPERT)
		rating = SDK_EXPERT;
	for (;;) {
		struct sdk_grid full, p;
		sdk_random_full(stage, rng, &full);
		p = full;
		/* With symmetry, each cell stands for itself and its image under a half turn. */
		uint8_t order[SDK_CELLS];
		int n = 0;
		for (int c = 0; c < SDK_CELLS; c++)
			if (!symmetric || c <= SDK_CELLS - 1 - c)
				order[n++] = (uint8_t)c;
		for (int i = n - 1; i > 0; i--) {
			int j = (int)tc_rng_below(rng, (uint32_t)i + 1);
			uint8_t t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (int i = 0; i < n; i++) {
			int a = order[i], b = symmetric ? SDK_CELLS - 1 - a : a;
			p.cell[a] = 0;
			p.cell[b] = 0;
			if (!still_good(stage, rating, &p, a, b, full.cell[a])) {
				p.cell[a] = full.cell[a];
				p.cell[b] = full.cell[b];
			}
		}
		/* Below expert the removals stopped short of anything harder than asked, but the
		 * puzzle may have come out easier; at expert, only the rating tells. */
		if (sdk_rate(stage, &p) == rating) {
			*puzzle = p;
			if (solution)
				*solution = full;
			return;
		}
	}
}
