/* 2048: the rules of the original game on square boards of 3 to 8 cells a side.
 *
 * Cells hold exponents (0 empty, 1 for a 2, 11 for a 2048), so a tile of 2^255 would still fit
 * and any value a board can reach is exact. */
#ifndef TILECADE_G2048_H
#define TILECADE_G2048_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"
#include "tilecade/rng.h"

#define G2048_MIN_SIZE 3
#define G2048_MAX_SIZE 8
#define G2048_DEFAULT_SIZE 4
#define G2048_WIN_EXPONENT 11 /* 2048 */
#define G2048_CELLS (G2048_MAX_SIZE * G2048_MAX_SIZE)
/* A hint is the computer's best slide, as autoplay's: a game given more hints than this (one
 * per position) is not ranked. A game is hundreds of slides, so a few hints stay the player's. */
#define G2048_RANKED_HINTS 10

enum g2048_dir { G2048_LEFT, G2048_RIGHT, G2048_UP, G2048_DOWN };

struct g2048_params {
	int size;
};

struct g2048 {
	uint8_t size;
	uint8_t cell[G2048_CELLS]; /* row-major, size*size used */
	uint64_t score;
	struct tc_rng rng; /* part of the state, so undo and redo replay the same spawns */
};

/* Where each tile went in a slide, for animation: every tile that was on the board before it. */
struct g2048_motion {
	int count;
	struct {
		uint8_t from, to; /* cell indices */
		uint8_t exponent; /* the tile's value before the slide */
		bool merged;      /* it ends inside a merge at `to` */
	} tile[G2048_CELLS];
	int spawn_cell; /* -1 when nothing spawned */
	uint8_t spawn_exponent;
};

extern const struct tc_game g2048_game;

/* A new game: an empty board of p->size with two spawned tiles. */
void g2048_new(struct g2048 *g, const struct g2048_params *p, uint64_t seed);

/* Slides toward dir, merges, scores and, if anything changed, spawns a 2 (90%) or a 4 (10%) on a
 * random empty cell. Returns false, changing nothing, when the slide would move no tile.
 * motion, when not NULL, receives what moved. */
bool g2048_slide(struct g2048 *g, enum g2048_dir dir, struct g2048_motion *motion);

/* Like g2048_slide without the spawn: the board right after the tiles come to rest. */
bool g2048_slide_only(struct g2048 *g, enum g2048_dir dir, struct g2048_motion *motion);

bool g2048_can_move(const struct g2048 *g);
uint8_t g2048_max_exponent(const struct g2048 *g);
/* The number a tile shows: 2^exponent (0 for an empty cell). */
uint64_t g2048_tile_value(uint8_t exponent);

/* Text form: rows of space-separated numbers, 0 for empty. print returns what snprintf returns. */
int g2048_print(const struct g2048 *g, char *buf, size_t len);
/* Parses a board; its size is the number of rows (3 to 8) and every row must have as many
 * numbers, each 0 or a power of two from 2. Score and rng are left zero. Returns 0, or -1 with
 * the line and column of the first problem in err. */
int g2048_parse(const char *text, struct g2048 *g, char *err, size_t errlen);

#endif
