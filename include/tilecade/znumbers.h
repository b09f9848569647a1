/* zNumbers: move every numbered tile exactly its value in one of the eight directions.
 *
 * A tile of value v may land on an empty cell exactly v steps away, horizontally, vertically or
 * diagonally; tiles in between do not block. The tile's old cell becomes empty and its new cell
 * is used for good: the tile stays there, greyed, and neither moves again nor takes a landing.
 * The level is won when every tile has moved, and stuck when tiles remain that cannot move. */
#ifndef TILECADE_ZNUMBERS_H
#define TILECADE_ZNUMBERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"
#include "tilecade/rng.h"

#define ZN_MIN_SIZE 4
#define ZN_MAX_SIZE 10
#define ZN_CELLS (ZN_MAX_SIZE * ZN_MAX_SIZE)
#define ZN_DEFAULT_SIZE 6
#define ZN_DEFAULT_ATTEMPTS 60
#define ZN_MIN_ATTEMPTS 2 /* with one try, the seed's rule never places a tile */
#define ZN_MAX_ATTEMPTS 1000
#define ZN_MAX_VALUE 9
#define ZN_USED 0x10 /* flag of a cell whose tile has moved; the low bits keep its value */
/* A hint is the next move of a solution: a game given more hints than this (one per position)
 * is not ranked, or a game played by hints alone would rank first. */
#define ZN_RANKED_HINTS 3

/* A position. cell[r * cols + c] is 0 for an empty cell, v for a tile of value v that still
 * has to move, and v | ZN_USED for a tile that has moved. */
struct zn_board {
	uint8_t rows, cols;
	uint8_t cell[ZN_CELLS];
};

/* Cell indices (row * cols + col) of a tile's cell and of where it lands. */
struct zn_move {
	uint8_t from, to;
};

/* Every move needs a tile that has not moved, so a game has at most this many. */
#define ZN_MAX_MOVES ZN_CELLS

/* Parameters: a level of the original pack (level 1 to ZN_PACK_SIZE), or, with level 0, a
 * generated level of rows x cols made with `attempts` tries per tile (the difficulty knob). */
struct zn_params {
	int rows, cols, attempts, level;
};

/* The game state the session keeps: the position and which level it is. */
struct znumbers {
	struct zn_board board;
	uint8_t level; /* 0: generated */
};

extern const struct tc_game znumbers_game;

static inline bool zn_is_tile(uint8_t cell)
{
	return cell != 0 && !(cell & ZN_USED);
}

static inline int zn_value(uint8_t cell)
{
	return cell & ~ZN_USED;
}

/* Fills `to` with the legal landing cells of the tile at `from` (none for an empty or used
 * cell) and returns how many there are, at most 8. */
int zn_destinations(const struct zn_board *b, int from, uint8_t to[8]);

/* Plays a move; returns false, changing nothing, when it is not legal. */
bool zn_move(struct zn_board *b, struct zn_move m);

/* Tiles that still have to move. */
int zn_tiles_left(const struct zn_board *b);
/* True when some tile that has to move can move now. */
bool zn_can_move(const struct zn_board *b);
enum tc_status zn_status(const struct zn_board *b);

/* The generator of the seed, step for step: a random start cell, then rows*cols+1 rounds of up
 * to `attempts` tries of a random value 1-4 and direction until the landing cell is inside the
 * board and empty; a success places the tile and continues from the landing cell. The recorded
 * solution, in playing order, goes to `solution` (room for ZN_MAX_MOVES); returns its length. */
int zn_generate(struct zn_board *b, int rows, int cols, int attempts, struct tc_rng *rng,
                struct zn_move *solution);

/* The starting position of a game of these parameters and seed, as the game ID names it: a pack
 * level, or a level generated with the seed. For a generated level the generator's solution goes
 * to `solution` (room for ZN_MAX_MOVES) and its length is returned; 0 for a pack level. */
int zn_new_level(struct zn_board *b, const struct zn_params *p, uint64_t seed,
                 struct zn_move *solution);

/* Text form: one row per line, '.' empty, '1'-'9' a tile, '#' a used cell (saved positions);
 * lines "# ..." are comments and a blank line ends a level.
 *
 * Reads the next level from *text, advancing *text and *line (the number of the line at *text).
 * Returns 1 with a level, 0 at the end of the text, or -1 with "line L, column C: why" in err. */
int zn_parse_next(const char **text, int *line, struct zn_board *b, char *err, size_t errlen);
/* Parses text holding exactly one level; returns 0 or -1 as above. */
int zn_parse(const char *text, int first_line, struct zn_board *b, char *err, size_t errlen);
/* Writes the rows, each ending in a newline; returns what snprintf returns. */
int zn_print(const struct zn_board *b, char *buf, size_t len);
/* "A1" for the top-left cell: column letter, then row number. */
void zn_cell_name(const struct zn_board *b, int cell, char buf[4]);

/* The original levels (Karl Bartel's zNumbers), shipped in data/ and built in. */
#define ZN_PACK_SIZE 9
/* Level k of the pack, 1 to ZN_PACK_SIZE. */
void zn_pack_level(int k, struct zn_board *b);

/* The solver works from any position. A solution is the set of moves that ends the game: which
 * cell each remaining tile lands on. Different orders of the same moves count as one. */
enum zn_verdict { ZN_SOLVABLE, ZN_UNSOLVABLE, ZN_GAVE_UP };

struct zn_search_stats {
	uint64_t nodes;     /* tiles given a landing cell */
	uint64_t dead_ends; /* landings the search had to take back */
	uint64_t solutions; /* found, up to the cap */
};

/* Finds a solution; with one, writes its moves in a playing order to `moves` (room for
 * ZN_MAX_MOVES; NULL when only the verdict matters) and their number to *count. node_limit 0 means
 * no limit; when the limit is hit the verdict is ZN_GAVE_UP. stats may be NULL. */
enum zn_verdict zn_solve(const struct zn_board *b, uint64_t node_limit, struct zn_move *moves,
                         int *count, struct zn_search_stats *stats);

/* Counts solutions, stopping at cap. */
uint64_t zn_count_solutions(const struct zn_board *b, uint64_t cap, struct zn_search_stats *stats);

/* Of all the legal moves met while playing one solution, how many (per thousand) leave a
 * position without a solution: the traps a player must see. 1000 for an unsolvable position,
 * and for one whose solution takes the solver too long to find (far beyond generated levels). */
int zn_trap_permille(const struct zn_board *b);

enum zn_rating { ZN_EASY, ZN_MEDIUM, ZN_HARD, ZN_FIENDISH, ZN_RATING_COUNT };
/* Rates a position by its traps. */
enum zn_rating zn_rate(const struct zn_board *b);
const char *zn_rating_name(enum zn_rating r);

#endif
