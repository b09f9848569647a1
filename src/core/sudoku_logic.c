/* The logical solver: the techniques a person uses, easiest first, on candidate masks. It rates
 * puzzles on QQWing's scale (the hardest technique needed, expert when none helps) and gives
 * hints with the cells that prove them.
 *
 * Like QQWing, a step is always the easiest one available: naked singles first, hidden singles
 * only when there is no naked single, and so on. Every technique only removes candidates, so
 * whether a set of techniques solves a puzzle does not depend on the order of the steps within
 * it; the rating agrees with QQWing's even where the two pick different cells. */
#include "tilecade/sudoku.h"

/* Rows 0-8, columns 9-17, boxes 18-26 (latin uses the first 18). */
#define ROW(r)                                                                                     \
	{                                                                                          \
		r * 9, r * 9 + 1, r * 9 + 2, r * 9 + 3, r * 9 + 4, r * 9 + 5, r * 9 + 6,           \
		        r * 9 + 7, r * 9 + 8                                                       \
	}
#define COL(c)                                                                                     \
	{                                                                                          \
		c, c + 9, c + 18, c + 27, c + 36, c + 45, c + 54, c + 63, c + 72                   \
	}
#define BOX_AT(b0)                                                                                 \
	{                                                                                          \
		b0, b0 + 1, b0 + 2, b0 + 9, b0 + 10, b0 + 11, b0 + 18, b0 + 19, b0 + 20            \
	}
#define BOX(b) BOX_AT((b) / 3 * 27 + (b) % 3 * 3)

static const uint8_t unit_cells[27][9] = {
        ROW(0), ROW(1), ROW(2), ROW(3), ROW(4), ROW(5), ROW(6), ROW(7), ROW(8),
        COL(0), COL(1), COL(2), COL(3), COL(4), COL(5), COL(6), COL(7), COL(8),
        BOX(0), BOX(1), BOX(2), BOX(3), BOX(4), BOX(5), BOX(6), BOX(7), BOX(8),
};

static int row_unit(int cell)
{
	return cell / 9;
}

static int col_unit(int cell)
{
	return 9 + cell % 9;
}

static int box_unit(int cell)
{
	return 18 + cell / 27 * 3 + cell % 9 / 3;
}

static bool is_single(uint16_t m)
{
	return m && (m & (m - 1)) == 0;
}

static int bit_digit(uint16_t bit)
{
	return __builtin_ctz(bit) + 1;
}

static uint16_t digit_bit(int d)
{
	return (uint16_t)(1u << (d - 1));
}

struct logic {
	int units; /* 18 in latin, 27 in classic */
	uint8_t digit[SDK_CELLS];
	uint16_t cand[SDK_CELLS]; /* candidates of an empty cell; 0 once it holds a digit */
	int empty;
	bool broken; /* a cell or a unit has no candidate left: the digits have no solution */
};

/* False when the digits break the rules (or are out of range). */
static bool logic_init(struct logic *L, enum sdk_stage stage, const struct sdk_grid *g)
{
	uint16_t placed[27] = {0};
	L->units = stage == SDK_CLASSIC ? 27 : 18;
	L->empty = 0;
	L->broken = false;
	for (int c = 0; c < SDK_CELLS; c++) {
		int d = g->cell[c];
		L->digit[c] = (uint8_t)d;
		if (d == 0) {
			L->empty++;
			continue;
		}
		if (d > 9)
			return false;
		int unit[3] = {row_unit(c), col_unit(c), box_unit(c)};
		for (int k = 0; k < L->units / 9; k++) {
			if (placed[unit[k]] & digit_bit(d))
				return false;
			placed[unit[k]] |= digit_bit(d);
		}
	}
	for (int c = 0; c < SDK_CELLS; c++) {
		if (L->digit[c]) {
			L->cand[c] = 0;
			continue;
		}
		uint16_t used = placed[row_unit(c)] | placed[col_unit(c)];
		if (L->units == 27)
			used |= placed[box_unit(c)];
		L->cand[c] = (uint16_t)(SDK_ALL & ~used);
		if (L->cand[c] == 0)
			L->broken = true;
	}
	return true;
}

static void place(struct logic *L, int cell, int d)
{
	uint16_t bit = digit_bit(d);
	if (!(L->cand[cell] & bit)) {
		L->broken = true; /* two singles claimed the same digit or cell */
		return;
	}
	L->digit[cell] = (uint8_t)d;
	L->cand[cell] = 0;
	L->empty--;
	int unit[3] = {row_unit(cell), col_unit(cell), box_unit(cell)};
	for (int k = 0; k < L->units / 9; k++)
		for (int i = 0; i < 9; i++) {
			int c = unit_cells[unit[k]][i];
			if (L->cand[c] & bit) {
				L->cand[c] &= (uint16_t)~bit;
				if (L->cand[c] == 0)
					L->broken = true;
			}
		}
}

/* Removes candidates `mask` from a cell; true when any was there. */
static bool eliminate(struct logic *L, int cell, uint16_t mask)
{
	if (!(L->cand[cell] & mask))
		return false;
	L->cand[cell] &= (uint16_t)~mask;
	if (L->cand[cell] == 0)
		L->broken = true;
	return true;
}

static void proof_add(struct sdk_step *s, int cell)
{
	for (int i = 0; i < s->proof_count; i++)
		if (s->proof[i] == cell)
			return;
	if (s->proof_count < SDK_CELLS)
		s->proof[s->proof_count++] = (uint8_t)cell;
}

/* A cell that shares a unit with `cell` and holds d, or -1. */
static int peer_holding(const struct logic *L, int cell, int d)
{
	int unit[3] = {row_unit(cell), col_unit(cell), box_unit(cell)};
	for (int k = 0; k < L->units / 9; k++)
		for (int i = 0; i < 9; i++) {
			int c = unit_cells[unit[k]][i];
			if (L->digit[c] == d)
				return c;
		}
	return -1;
}

static void set_step(struct sdk_step *s, enum sdk_technique t, int cell, int digit)
{
	s->technique = t;
	s->cell = cell;
	s->digit = digit;
	s->digits = digit ? digit_bit(digit) : 0;
	s->unit = s->target = -1;
	s->proof_count = 0;
}

/* A cell with one candidate left. The proof is a peer holding each of the other digits. Without
 * a step to fill (rating), every naked single found in one sweep is placed. */
static bool naked_single(struct logic *L, struct sdk_step *s)
{
	bool found = false;
	for (int c = 0; c < SDK_CELLS && !L->broken; c++) {
		if (!is_single(L->cand[c]))
			continue;
		int d = bit_digit(L->cand[c]);
		if (s) {
			set_step(s, SDK_NAKED_SINGLE, c, d);
			for (int e = 1; e <= 9; e++) {
				int p = e == d ? -1 : peer_holding(L, c, e);
				if (p >= 0)
					proof_add(s, p);
			}
			place(L, c, d);
			return true;
		}
		place(L, c, d);
		found = true;
	}
	return found;
}

/* The unit order in which singles are looked for: boxes first, as a person scans them. */
static int unit_in_order(const struct logic *L, int k)
{
	return L->units == 27 ? (k + 18) % 27 : k;
}

/* A digit with one place left in a unit. The proof is, for every other empty cell of the unit,
 * a peer holding the digit. */
static bool hidden_single(struct logic *L, struct sdk_step *s)
{
	bool found = false;
	for (int k = 0; k < L->units && !L->broken; k++) {
		int u = unit_in_order(L, k);
		const uint8_t *cells = unit_cells[u];
		uint16_t once = 0, twice = 0, placed = 0;
		for (int i = 0; i < 9; i++) {
			uint16_t m = L->cand[cells[i]];
			twice |= once & m;
			once |= m;
			if (L->digit[cells[i]])
				placed |= digit_bit(L->digit[cells[i]]);
		}
		if ((once | placed) != SDK_ALL) {
			L->broken = true; /* a digit with no place in this unit */
			return found;
		}
		for (uint16_t h = once & (uint16_t)~twice; h && !L->broken;
		     h &= (uint16_t)(h - 1)) {
			uint16_t bit = h & (uint16_t)-h;
			int d = bit_digit(bit), cell = -1;
			for (int i = 0; i < 9; i++)
				if (L->cand[cells[i]] & bit)
					cell = cells[i];
			if (cell < 0) {
				L->broken =
				        true; /* an earlier single of this sweep took its place */
				return found;
			}
			if (s) {
				set_step(s, SDK_HIDDEN_SINGLE, cell, d);
				s->unit = u;
				for (int i = 0; i < 9; i++) {
					int c = cells[i];
					int p = c == cell || L->digit[c] ? -1
					                                 : peer_holding(L, c, d);
					if (p >= 0)
						proof_add(s, p);
				}
				place(L, cell, d);
				return true;
			}
			place(L, cell, d);
			found = true;
		}
	}
	return found;
}

/* Two cells of a unit with the same two candidates: those digits go nowhere else in the unit. */
static bool naked_pair(struct logic *L, struct sdk_step *s)
{
	for (int u = 0; u < L->units; u++) {
		const uint8_t *cells = unit_cells[u];
		for (int i = 0; i < 9; i++) {
			uint16_t m = L->cand[cells[i]];
			if (__builtin_popcount(m) != 2)
				continue;
			for (int j = i + 1; j < 9; j++) {
				if (L->cand[cells[j]] != m)
					continue;
				bool removed = false;
				for (int k = 0; k < 9; k++)
					if (k != i && k != j)
						removed |= eliminate(L, cells[k], m);
				if (!removed)
					continue;
				if (s) {
					set_step(s, SDK_NAKED_PAIR, -1, 0);
					s->digits = m;
					s->unit = s->target = u;
					proof_add(s, cells[i]);
					proof_add(s, cells[j]);
				}
				return true;
			}
		}
	}
	return false;
}

/* Two digits that can go only in the same two cells of a unit: those cells hold nothing else. */
static bool hidden_pair(struct logic *L, struct sdk_step *s)
{
	for (int u = 0; u < L->units; u++) {
		const uint8_t *cells = unit_cells[u];
		uint16_t where[9] = {0}; /* per digit, the unit's cells (bit i) that can take it */
		for (int i = 0; i < 9; i++)
			for (uint16_t m = L->cand[cells[i]]; m; m &= (uint16_t)(m - 1))
				where[__builtin_ctz(m)] |= (uint16_t)(1u << i);
		for (int a = 0; a < 9; a++) {
			if (__builtin_popcount(where[a]) != 2)
				continue;
			for (int b = a + 1; b < 9; b++) {
				if (where[b] != where[a])
					continue;
				uint16_t others = (uint16_t)(SDK_ALL & ~((1u << a) | (1u << b)));
				int i = __builtin_ctz(where[a]);
				int j = __builtin_ctz(where[a] & (uint16_t)(where[a] - 1));
				bool removed = eliminate(L, cells[i], others);
				removed |= eliminate(L, cells[j], others);
				if (!removed)
					continue;
				if (s) {
					set_step(s, SDK_HIDDEN_PAIR, -1, 0);
					s->digits = (uint16_t)((1u << a) | (1u << b));
					s->unit = s->target = u;
					proof_add(s, cells[i]);
					proof_add(s, cells[j]);
				}
				return true;
			}
		}
	}
	return false;
}

/* The cells of unit `from` that can take d all lie in unit `to` too: d goes nowhere else in
 * `to`. Pointing is from a box to a line, box-line reduction from a line to a box. */
static bool confined(struct logic *L, int from, int to, uint16_t bit, enum sdk_technique t,
                     struct sdk_step *s)
{
	bool removed = false;
	for (int i = 0; i < 9; i++) {
		int c = unit_cells[to][i];
		bool shared = row_unit(c) == from || col_unit(c) == from || box_unit(c) == from;
		if (!shared)
			removed |= eliminate(L, c, bit);
	}
	if (!removed)
		return false;
	if (s) {
		set_step(s, t, -1, bit_digit(bit));
		s->unit = from;
		s->target = to;
		for (int i = 0; i < 9; i++)
			if (L->cand[unit_cells[from][i]] & bit)
				proof_add(s, unit_cells[from][i]);
	}
	return true;
}

/* The unit of `kind` (0 row, 1 column, 2 box) that holds every cell of unit u that can take
 * `bit`, when that is not u itself; else -1. */
static int common_unit(const struct logic *L, int u, uint16_t bit, int kind)
{
	int common = -1;
	for (int i = 0; i < 9; i++) {
		int c = unit_cells[u][i];
		if (!(L->cand[c] & bit))
			continue;
		int v = kind == 0 ? row_unit(c) : kind == 1 ? col_unit(c) : box_unit(c);
		if (common >= 0 && common != v)
			return -1;
		common = v;
	}
	return common == u ? -1 : common;
}

static bool pointing(struct logic *L, struct sdk_step *s)
{
	if (L->units != 27)
		return false;
	for (int u = 18; u < 27; u++)
		for (int d = 1; d <= 9; d++)
			for (int kind = 0; kind < 2; kind++) {
				int line = common_unit(L, u, digit_bit(d), kind);
				if (line >= 0 &&
				    confined(L, u, line, digit_bit(d), SDK_POINTING, s))
					return true;
			}
	return false;
}

static bool box_line(struct logic *L, struct sdk_step *s)
{
	if (L->units != 27)
		return false;
	for (int u = 0; u < 18; u++)
		for (int d = 1; d <= 9; d++) {
			int box = common_unit(L, u, digit_bit(d), 2);
			if (box >= 0 && confined(L, u, box, digit_bit(d), SDK_BOX_LINE, s))
				return true;
		}
	return false;
}

/* Takes the easiest step no harder than `hardest`, filling s when s is not NULL. False when no
 * such technique applies or the position turned out to have no solution. */
static bool logic_step(struct logic *L, enum sdk_technique hardest, struct sdk_step *s)
{
	static bool (*const technique[])(struct logic *, struct sdk_step *) = {
	        [SDK_NAKED_SINGLE] = naked_single, [SDK_HIDDEN_SINGLE] = hidden_single,
	        [SDK_NAKED_PAIR] = naked_pair,     [SDK_HIDDEN_PAIR] = hidden_pair,
	        [SDK_POINTING] = pointing,         [SDK_BOX_LINE] = box_line,
	};
	for (int t = 0; t <= (int)hardest && !L->broken; t++)
		if (technique[t](L, s))
			return !L->broken;
	return false;
}

enum sdk_rating sdk_rate_upto(enum sdk_stage stage, const struct sdk_grid *puzzle,
                              enum sdk_rating limit)
{
	struct logic L;
	if (!logic_init(&L, stage, puzzle) || L.broken)
		return SDK_EXPERT;
	enum sdk_technique hardest = limit == SDK_SIMPLE ? SDK_NAKED_SINGLE
	                             : limit == SDK_EASY ? SDK_HIDDEN_SINGLE
	                                                 : SDK_BOX_LINE;
	enum sdk_rating rating = SDK_SIMPLE;
	while (L.empty > 0) {
		/* Each rating's techniques in turn, so that a harder one is counted only when the
		 * easier ones are exhausted. */
		if (naked_single(&L, NULL))
			continue;
		if (L.broken || hardest == SDK_NAKED_SINGLE)
			return SDK_EXPERT;
		if (hidden_single(&L, NULL)) {
			if (rating < SDK_EASY)
				rating = SDK_EASY;
			continue;
		}
		if (L.broken || hardest == SDK_HIDDEN_SINGLE || !logic_step(&L, SDK_BOX_LINE, NULL))
			return SDK_EXPERT;
		rating = SDK_INTERMEDIATE;
	}
	return L.broken ? SDK_EXPERT : rating;
}

enum sdk_rating sdk_rate(enum sdk_stage stage, const struct sdk_grid *puzzle)
{
	return sdk_rate_upto(stage, puzzle, SDK_EXPERT);
}

int sdk_hint_steps(enum sdk_stage stage, const struct sdk_grid *position, struct sdk_step *steps,
                   int max)
{
	struct logic L;
	if (!logic_init(&L, stage, position) || L.broken || L.empty == 0)
		return 0;
	/* A consistent position can still be wrong: a digit that no completion allows. Logic from
	 * it would "prove" more wrong digits, so refuse it. */
	if (sdk_solve(stage, position, 1, NULL) == 0)
		return 0;
	/* An elimination changes no digit, and the next hint recomputes candidates from the
	 * digits: so the steps go on to the placement the eliminations allow. */
	for (int n = 0; n < max; n++) {
		if (!logic_step(&L, SDK_BOX_LINE, &steps[n]))
			return 0;
		if (steps[n].cell >= 0)
			return n + 1;
	}
	return 0;
}

bool sdk_hint(enum sdk_stage stage, const struct sdk_grid *position, struct sdk_step *step)
{
	struct sdk_step steps[SDK_HINT_STEPS];
	int n = sdk_hint_steps(stage, position, steps, SDK_HINT_STEPS);
	if (n == 0)
		return false;
	struct sdk_step chain = steps[n - 1];
	chain.proof_count = 0;
	for (int k = 0; k < n; k++) {
		if (steps[k].technique > chain.technique)
			chain.technique = steps[k].technique;
		for (int i = 0; i < steps[k].proof_count; i++)
			proof_add(&chain, steps[k].proof[i]);
	}
	*step = chain;
	return true;
}

const char *sdk_rating_name(enum sdk_rating r)
{
	static const char *const names[] = {"simple", "easy", "intermediate", "expert"};
	return (unsigned)r < SDK_RATING_COUNT ? names[r] : "unknown";
}

const char *sdk_technique_name(enum sdk_technique t)
{
	static const char *const names[] = {"naked single", "hidden single", "naked pair",
	                                    "hidden pair",  "pointing pair", "box-line reduction",
	                                    "guess"};
	return (unsigned)t < SDK_TECHNIQUE_COUNT ? names[t] : "unknown";
}
