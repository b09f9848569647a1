/* 2048's player: expectimax over the player's slides and the spawns of a 2 (9 in 10) or a 4 on
 * every empty cell, with a heuristic evaluation of the positions where the search stops.
 *
 * The 4x4 board is searched as one 64-bit word (4 bits a cell, each an exponent) with tables
 * precomputed for every row of four cells: the row after a slide, its score and its evaluation
 * (monotonic rows, empty cells, merges within reach, ...); a transposition table keeps positions
 * already searched, and spawn chains less likely than a threshold are cut off. Other board sizes
 * use the general rules of g2048.h (slower).
 *
 * Pure and deterministic: the same position and depth give the same choice on every machine. */
#ifndef TILECADE_G2048_AI_H
#define TILECADE_G2048_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "tilecade/g2048.h"

/* The default depth: the number of the player's slides searched ahead (the search may go deeper
 * on crowded boards and shallower where there is room; see g2048_ai.c). */
#define G2048_AI_DEFAULT_DEPTH 3
#define G2048_AI_MIN_DEPTH 1
#define G2048_AI_MAX_DEPTH 8

/* The player's tables and transposition table (a few MB), made once and reused. */
struct g2048_ai;

/* Returns NULL when out of memory. */
struct g2048_ai *g2048_ai_new(void);
void g2048_ai_free(struct g2048_ai *ai);

struct g2048_ai_choice {
	int dir;       /* the best slide (enum g2048_dir), or -1 when no slide changes the board */
	double eval;   /* the expected value of the best slide (the evaluation's units) */
	bool legal[4]; /* which slides change the board */
	double value[4]; /* each legal slide's expected value */
	uint64_t nodes;  /* positions evaluated, for benchmarks */
};

/* Chooses a slide for g, searching `depth` slides ahead (clamped to MIN..MAX). Never chooses a
 * slide that does not change the board. */
void g2048_ai_choose(struct g2048_ai *ai, const struct g2048 *g, int depth,
                     struct g2048_ai_choice *out);

/* How the best slide compares with the next best, in words a player reads: the gap between
 * their values measured in the evaluation's worth of one empty cell. */
enum g2048_ai_margin {
	G2048_AI_ONLY,   /* no other slide changes the board */
	G2048_AI_TIE,    /* the next best is worth the same */
	G2048_AI_CLOSE,  /* less than one empty cell's worth between them */
	G2048_AI_BETTER, /* one to ten empty cells' worth */
	G2048_AI_CLEAR,  /* more than ten: clearly the best */
};

/* The margin of c's best slide over the next best, which *runner_up gets (-1 when there is
 * none). c is a choice g2048_ai_choose filled, with a slide (dir >= 0). */
enum g2048_ai_margin g2048_ai_margin(const struct g2048_ai_choice *c, int *runner_up);

/* The 4x4 bitboard, for tests: a board of size 4 packed (cell i in bits 4i..4i+3; exponents
 * above 15 do not fit: such boards take the general path), slid without a spawn. Returns the board
 * after the slide and adds the slide's score to *score. */
/* Two 2^15 tiles that merge leave a 15 in the board (2^16 does not fit; the score counts the
 * merge): the search's approximation, met only in very long games. */
uint64_t g2048_ai_pack(const struct g2048 *g);
uint64_t g2048_ai_slide(const struct g2048_ai *ai, uint64_t board, enum g2048_dir dir,
                        uint64_t *score);
/* The board a packed word stands for: size 4, score and rng left as they were. */
void g2048_ai_unpack(uint64_t board, struct g2048 *g);
/* Whether g takes the bitboard (size 4, every exponent at most 15); others take the general
 * path. */
bool g2048_ai_fits(const struct g2048 *g);

#endif
