/* 2048's expectimax player (issue 9).
 *
 * The 4x4 board is one 64-bit word, cell i (row-major) in bits 4i..4i+3, so a row is 16 bits
 * and every row that can exist has an entry in tables built once by g2048_ai_new: the row after
 * a slide left and right, the slide's score and the row's evaluation. Up and down are left and
 * right on the transposed board; the evaluation sums the table over the four rows and, through
 * the transpose, the four columns.
 *
 * The search alternates max nodes (the player's legal slides) and chance nodes (a 2 with
 * probability 0.9 or a 4 with 0.1 on each empty cell, all cells alike). It stops where the
 * slides asked for are used up or where the probability of the chain of spawns that leads
 * there falls below G2048_AI_PRUNE: such positions change the expectation too little to pay
 * for their subtrees. Chance nodes go into a transposition table, tagged with the generation of
 * the g2048_ai_choose call that stored them, so that one call never reads another's entries and
 * a choice depends on nothing but the position and the depth.
 *
 * Boards of other sizes, and 4x4 boards with a tile above 2^15 (which does not fit 4 bits), are
 * searched on copies of struct g2048 with g2048_slide_only and the same evaluation computed
 * line by line: slower, so without the transposition table, never deeper than asked and
 * shallower on big boards with much room (see general_depth). */
#include "tilecade/g2048_ai.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A chain of spawns less likely than this is evaluated where it stands (nneonneo's 2048-ai
 * uses the same cut; lower costs time for little strength). */
#define G2048_AI_PRUNE 1e-4

/* The transposition table: 2^18 entries of 16 bytes, 4 MB. */
#define TT_BITS 18
#define TT_SIZE (1u << TT_BITS)

/* Evaluation weights, per line (a row or a column; every cell is counted twice). They follow
 * the shape of nneonneo's tuned heuristic: a large constant so that any position beats a lost
 * one (worth 0), rewards for empty cells and for equal neighbours, and penalties for lines
 * that are not monotonic and for tiles left small and scattered (the sum of powers). */
#define EVAL_BASE 200000.0
#define EVAL_EMPTY 270.0
#define EVAL_MERGE 700.0
#define EVAL_MONOTONIC 47.0 /* times the rise of e^4 against the line's main direction */
#define EVAL_SUM 11.0       /* times e^3.5 summed over the line */

struct tt_entry {
	uint64_t board;
	float value;
	uint16_t generation; /* 0: never stored */
	uint8_t depth;       /* the slides still searched below this chance node */
};

struct g2048_ai {
	uint16_t left[65536]; /* the row after a slide toward cell 0 */
	uint16_t right[65536];
	uint32_t score[65536]; /* the same for both directions: a run of k equal tiles (gaps
	                          aside) merges k/2 times either way */
	float eval[65536];
	struct tt_entry *tt;
	uint16_t generation;
};

/* The search's state for one g2048_ai_choose call. */
struct search {
	struct g2048_ai *ai;
	uint64_t nodes;
};

/* ---- the evaluation of one line, shared by the tables and the general path ---- */

static double line_eval(const uint8_t *e, int n)
{
	double sum = 0, rise_left = 0, rise_right = 0;
	int empty = 0, merges = 0, run = 0;
	uint8_t prev = 0;
	for (int i = 0; i < n; i++) {
		double x = e[i];
		sum += x * x * x * sqrt(x); /* x^3.5, exact to the last bit wherever sqrt is */
		if (e[i] == 0) {
			empty++;
			continue;
		}
		/* Equal tiles with only gaps between them merge on the next slide along the line;
		 * a run of k is worth more than k/2 pairs because it keeps merging. */
		if (e[i] == prev) {
			run++;
		} else {
			if (run > 0)
				merges += 1 + run;
			run = 0;
		}
		prev = e[i];
	}
	if (run > 0)
		merges += 1 + run;
	for (int i = 1; i < n; i++) {
		double a = e[i - 1], b = e[i];
		double a4 = a * a * a * a, b4 = b * b * b * b;
		if (a > b)
			rise_left += a4 - b4;
		else
			rise_right += b4 - a4;
	}
	return EVAL_BASE + EVAL_EMPTY * empty + EVAL_MERGE * merges -
	       EVAL_MONOTONIC * (rise_left < rise_right ? rise_left : rise_right) - EVAL_SUM * sum;
}

/* ---- tables ---- */

/* Slides a row of four exponents toward cell 0; returns the score. Two 2^15 tiles make a 2^16,
 * which 4 bits cannot hold: the row keeps a 15 there (the score counts the real merge). Only
 * the search meets this, on positions a tile of 2^15 away from the end of a very long game. */
static uint32_t slide_row(uint8_t e[4])
{
	uint8_t out[4] = {0};
	uint32_t score = 0;
	int filled = 0;
	bool last_merged = false;
	for (int i = 0; i < 4; i++) {
		if (e[i] == 0)
			continue;
		if (filled > 0 && !last_merged && out[filled - 1] == e[i]) {
			score += (uint32_t)1 << (e[i] + 1);
			if (out[filled - 1] < 15)
				out[filled - 1]++;
			last_merged = true;
		} else {
			out[filled++] = e[i];
			last_merged = false;
		}
	}
	memcpy(e, out, 4);
	return score;
}

static uint16_t row_of(const uint8_t e[4])
{
	return (uint16_t)(e[0] | e[1] << 4 | e[2] << 8 | e[3] << 12);
}

static void build_tables(struct g2048_ai *ai)
{
	for (uint32_t r = 0; r < 65536; r++) {
		uint8_t e[4], rev[4];
		for (int i = 0; i < 4; i++) {
			e[i] = (uint8_t)(r >> (4 * i) & 15);
			rev[3 - i] = e[i];
		}
		ai->eval[r] = (float)line_eval(e, 4);
		ai->score[r] = slide_row(e);
		ai->left[r] = row_of(e);
		slide_row(rev);
		uint8_t back[4] = {rev[3], rev[2], rev[1], rev[0]};
		ai->right[r] = row_of(back);
	}
}

struct g2048_ai *g2048_ai_new(void)
{
	struct g2048_ai *ai = malloc(sizeof *ai);
	if (!ai)
		return NULL;
	ai->tt = calloc(TT_SIZE, sizeof *ai->tt);
	if (!ai->tt) {
		free(ai);
		return NULL;
	}
	ai->generation = 0;
	build_tables(ai);
	return ai;
}

void g2048_ai_free(struct g2048_ai *ai)
{
	if (!ai)
		return;
	free(ai->tt);
	free(ai);
}

/* ---- the bitboard ---- */

/* Rows become columns: cell (r, c) goes to (c, r). Three nibble-block swaps. */
static uint64_t transpose(uint64_t x)
{
	uint64_t a1 = x & 0xF0F00F0FF0F00F0Full;
	uint64_t a2 = x & 0x0000F0F00000F0F0ull;
	uint64_t a3 = x & 0x0F0F00000F0F0000ull;
	uint64_t a = a1 | (a2 << 12) | (a3 >> 12);
	uint64_t b1 = a & 0xFF00FF0000FF00FFull;
	uint64_t b2 = a & 0x00FF00FF00000000ull;
	uint64_t b3 = a & 0x00000000FF00FF00ull;
	return b1 | (b2 >> 24) | (b3 << 24);
}

static uint64_t rows_through(const uint16_t *table, uint64_t board)
{
	return (uint64_t)table[board & 0xFFFF] | (uint64_t)table[board >> 16 & 0xFFFF] << 16 |
	       (uint64_t)table[board >> 32 & 0xFFFF] << 32 |
	       (uint64_t)table[board >> 48 & 0xFFFF] << 48;
}

static uint64_t rows_score(const struct g2048_ai *ai, uint64_t board)
{
	return (uint64_t)ai->score[board & 0xFFFF] + ai->score[board >> 16 & 0xFFFF] +
	       ai->score[board >> 32 & 0xFFFF] + ai->score[board >> 48 & 0xFFFF];
}

static uint64_t slide(const struct g2048_ai *ai, uint64_t board, enum g2048_dir dir)
{
	switch (dir) {
	case G2048_LEFT:
		return rows_through(ai->left, board);
	case G2048_RIGHT:
		return rows_through(ai->right, board);
	case G2048_UP:
		return transpose(rows_through(ai->left, transpose(board)));
	case G2048_DOWN:
		return transpose(rows_through(ai->right, transpose(board)));
	}
	return board;
}

uint64_t g2048_ai_slide(const struct g2048_ai *ai, uint64_t board, enum g2048_dir dir,
                        uint64_t *score)
{
	if (score)
		*score += dir == G2048_UP || dir == G2048_DOWN ? rows_score(ai, transpose(board))
		                                               : rows_score(ai, board);
	return slide(ai, board, dir);
}

uint64_t g2048_ai_pack(const struct g2048 *g)
{
	uint64_t board = 0;
	for (int i = 0; i < 16; i++)
		board |= (uint64_t)(g->cell[i] & 15) << (4 * i);
	return board;
}

void g2048_ai_unpack(uint64_t board, struct g2048 *g)
{
	memset(g->cell, 0, sizeof g->cell);
	g->size = 4;
	for (int i = 0; i < 16; i++)
		g->cell[i] = (uint8_t)(board >> (4 * i) & 15);
}

static double board_eval(const struct g2048_ai *ai, uint64_t board)
{
	uint64_t t = transpose(board);
	return (double)ai->eval[board & 0xFFFF] + ai->eval[board >> 16 & 0xFFFF] +
	       ai->eval[board >> 32 & 0xFFFF] + ai->eval[board >> 48 & 0xFFFF] +
	       ai->eval[t & 0xFFFF] + ai->eval[t >> 16 & 0xFFFF] + ai->eval[t >> 32 & 0xFFFF] +
	       ai->eval[t >> 48 & 0xFFFF];
}

static int empty_cells(uint64_t board)
{
	int n = 0;
	for (int i = 0; i < 16; i++, board >>= 4)
		n += (board & 15) == 0;
	return n;
}

/* How many different tile values are on the board: long games have many, and their positions
 * are the ones where a slip costs the game. */
static int distinct_tiles(uint64_t board)
{
	unsigned seen = 0;
	for (int i = 0; i < 16; i++, board >>= 4)
		seen |= 1u << (board & 15);
	seen &= ~1u;
	int n = 0;
	for (; seen; seen &= seen - 1)
		n++;
	return n;
}

/* ---- expectimax on the bitboard ---- */

static double chance_node(struct search *s, uint64_t board, int depth, double prob);

/* The best expectation over the legal slides; 0 (below every evaluation) when none is. */
static double max_node(struct search *s, uint64_t board, int depth, double prob)
{
	double best = 0;
	for (int d = 0; d < 4; d++) {
		uint64_t next = slide(s->ai, board, (enum g2048_dir)d);
		if (next == board)
			continue;
		double v = chance_node(s, next, depth - 1, prob);
		if (v > best)
			best = v;
	}
	return best;
}

static size_t tt_index(uint64_t board)
{
	return (size_t)((board * 0x9E3779B97F4A7C15ull) >> (64 - TT_BITS));
}

/* The expectation over the spawns on `board` (right after a slide), with `depth` slides left. */
static double chance_node(struct search *s, uint64_t board, int depth, double prob)
{
	if (depth <= 0 || prob < G2048_AI_PRUNE) {
		s->nodes++;
		return board_eval(s->ai, board);
	}
	struct tt_entry *slot = &s->ai->tt[tt_index(board)];
	/* An entry searched at least as deep is as good as searching again. */
	if (slot->generation == s->ai->generation && slot->board == board && slot->depth >= depth)
		return slot->value;
	int empty = empty_cells(board);
	double p2 = prob * 0.9 / empty, p4 = prob * 0.1 / empty;
	double total = 0;
	uint64_t tile = 1;
	for (uint64_t rest = board; tile; rest >>= 4, tile <<= 4) {
		if ((rest & 15) != 0)
			continue;
		total += 0.9 * max_node(s, board | tile, depth, p2);
		total += 0.1 * max_node(s, board | tile << 1, depth, p4);
	}
	total /= empty;
	slot->board = board;
	slot->value = (float)total;
	slot->generation = s->ai->generation;
	slot->depth = (uint8_t)depth;
	return total;
}

/* The slides searched for this board: the depth asked for, one more once the board holds 7
 * different values and two more from 10. Boards full of different tiles are where games are
 * lost (at depth 3, 100 seeded games all reached 4096 this way; with one more from 8 and two
 * from 11, 98 reached 2048), and the pruning keeps those deeper searches small. */
static int adapted_depth(uint64_t board, int depth)
{
	int distinct = distinct_tiles(board);
	int extra = distinct >= 10 ? 2 : distinct >= 7 ? 1 : 0;
	depth += extra;
	return depth > G2048_AI_MAX_DEPTH ? G2048_AI_MAX_DEPTH : depth;
}

static void choose_bitboard(struct g2048_ai *ai, uint64_t board, int depth,
                            struct g2048_ai_choice *out)
{
	/* A new generation hides every entry of earlier calls; on wrapping, clear for real. */
	if (++ai->generation == 0) {
		memset(ai->tt, 0, TT_SIZE * sizeof *ai->tt);
		ai->generation = 1;
	}
	struct search s = {.ai = ai, .nodes = 0};
	depth = adapted_depth(board, depth);
	for (int d = 0; d < 4; d++) {
		uint64_t next = slide(ai, board, (enum g2048_dir)d);
		if (next == board)
			continue;
		out->legal[d] = true;
		out->value[d] = chance_node(&s, next, depth - 1, 1.0);
		if (out->dir < 0 || out->value[d] > out->eval) {
			out->dir = d;
			out->eval = out->value[d];
		}
	}
	out->nodes = s.nodes;
}

enum g2048_ai_margin g2048_ai_margin(const struct g2048_ai_choice *c, int *runner_up)
{
	*runner_up = -1;
	for (int d = 0; d < 4; d++)
		if (c->legal[d] && d != c->dir &&
		    (*runner_up < 0 || c->value[d] > c->value[*runner_up]))
			*runner_up = d;
	if (*runner_up < 0)
		return G2048_AI_ONLY;
	double gap = c->eval - c->value[*runner_up];
	return gap <= 0                ? G2048_AI_TIE
	       : gap < EVAL_EMPTY      ? G2048_AI_CLOSE
	       : gap < 10 * EVAL_EMPTY ? G2048_AI_BETTER
	                               : G2048_AI_CLEAR;
}

/* ---- the general path: any size, any exponent ---- */

static double general_eval(const struct g2048 *g)
{
	int n = g->size;
	double total = 0;
	uint8_t line[G2048_MAX_SIZE];
	for (int i = 0; i < n; i++) {
		total += line_eval(&g->cell[i * n], n);
		for (int k = 0; k < n; k++)
			line[k] = g->cell[k * n + i];
		total += line_eval(line, n);
	}
	return total;
}

static double general_chance(uint64_t *nodes, const struct g2048 *g, int depth, double prob);

static double general_max(uint64_t *nodes, const struct g2048 *g, int depth, double prob)
{
	double best = 0;
	for (int d = 0; d < 4; d++) {
		struct g2048 next = *g;
		if (!g2048_slide_only(&next, (enum g2048_dir)d, NULL))
			continue;
		double v = general_chance(nodes, &next, depth - 1, prob);
		if (v > best)
			best = v;
	}
	return best;
}

static double general_chance(uint64_t *nodes, const struct g2048 *g, int depth, double prob)
{
	if (depth <= 0 || prob < G2048_AI_PRUNE) {
		++*nodes;
		return general_eval(g);
	}
	int cells = g->size * g->size, empty = 0;
	for (int i = 0; i < cells; i++)
		empty += g->cell[i] == 0;
	double total = 0;
	struct g2048 next = *g;
	for (int i = 0; i < cells; i++) {
		if (g->cell[i] != 0)
			continue;
		next.cell[i] = 1;
		total += 0.9 * general_max(nodes, &next, depth, prob * 0.9 / empty);
		next.cell[i] = 2;
		total += 0.1 * general_max(nodes, &next, depth, prob * 0.1 / empty);
		next.cell[i] = 0;
	}
	return total / empty;
}

/* Without tables, big boards with room everywhere would take seconds a move: the search goes
 * only as deep as keeps the full tree, about (4 slides x 2 spawns x empty cells) a level, under
 * GENERAL_BUDGET positions. Crowded boards, where the choice matters, keep the depth asked for. */
#define GENERAL_BUDGET 20000.0

static int general_depth(const struct g2048 *g, int depth)
{
	int empty = 0;
	for (int i = 0; i < g->size * g->size; i++)
		empty += g->cell[i] == 0;
	double level = 8.0 * (empty > 0 ? empty : 1), tree = 1;
	int fits = 1;
	while (fits < depth && (tree *= level) <= GENERAL_BUDGET)
		fits++;
	return fits;
}

static void choose_general(const struct g2048 *g, int depth, struct g2048_ai_choice *out)
{
	uint64_t nodes = 0;
	depth = general_depth(g, depth);
	for (int d = 0; d < 4; d++) {
		struct g2048 next = *g;
		if (!g2048_slide_only(&next, (enum g2048_dir)d, NULL))
			continue;
		out->legal[d] = true;
		out->value[d] = general_chance(&nodes, &next, depth - 1, 1.0);
		if (out->dir < 0 || out->value[d] > out->eval) {
			out->dir = d;
			out->eval = out->value[d];
		}
	}
	out->nodes = nodes;
}

bool g2048_ai_fits(const struct g2048 *g)
{
	if (g->size != 4)
		return false;
	for (int i = 0; i < 16; i++)
		if (g->cell[i] > 15)
			return false;
	return true;
}

void g2048_ai_choose(struct g2048_ai *ai, const struct g2048 *g, int depth,
                     struct g2048_ai_choice *out)
{
	memset(out, 0, sizeof *out);
	out->dir = -1;
	if (depth < G2048_AI_MIN_DEPTH)
		depth = G2048_AI_MIN_DEPTH;
	if (depth > G2048_AI_MAX_DEPTH)
		depth = G2048_AI_MAX_DEPTH;
	if (g2048_ai_fits(g))
		choose_bitboard(ai, g2048_ai_pack(g), depth, out);
	else
		choose_general(g, depth, out);
}
