/* Match-3 in the manner of Farm Heroes Saga: swap two neighbouring tiles to line up three or
 * more of a kind; lines clear, tiles fall, new ones drop in, and cascades repeat until the field
 * is stable.
 *
 * Cells are indexed row by row (0 is the top-left). A cell holds a tile type 1..types, or 0 while
 * it is empty during a resolution; a special rides on a tile of a type. */
#ifndef TILECADE_MATCH3_H
#define TILECADE_MATCH3_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"
#include "tilecade/rng.h"

#define M3_MIN_SIZE 6
#define M3_MAX_SIZE 10
#define M3_DEFAULT_SIZE 8
#define M3_MIN_TYPES 4
#define M3_MAX_TYPES 8
#define M3_CELLS (M3_MAX_SIZE * M3_MAX_SIZE)
/* A hint is a swap that matches: a game given more hints than this (one per position) is not
 * ranked, or a game played by hints alone would rank as the player's own. */
#define M3_RANKED_HINTS 5

enum m3_special {
	M3_PLAIN,
	M3_LINE_ROW,    /* from 4 in a row: clears its row when matched */
	M3_LINE_COLUMN, /* from 4 in a column: clears its column */
	M3_BOMB,        /* from an L or T: clears the 3x3 around it */
	M3_RAINBOW,     /* from 5 in a line: swapped with a tile, removes every tile of that type */
};

/* Goals: a level of the pack; endless: until no swap is left; timed: until the clock runs out;
 * moves: M3_MOVES_BUDGET swaps for the best score (the daily puzzle, which must end to rank). */
enum m3_mode { M3_GOALS, M3_ENDLESS, M3_TIMED, M3_MOVES };
#define M3_MOVES_BUDGET 30

/* Moves (struct tc_move kind): a swap of arg[0] and arg[1], or the end of a timed game, which
 * the front end plays when its clock runs out (the backend has no clock). */
enum m3_move_kind { M3_MOVE_SWAP, M3_MOVE_TIME_UP };

/* The field. */
struct m3_field {
	uint8_t size, types;
	uint8_t type[M3_CELLS];    /* 1..types; 0 empty (only inside a resolution) */
	uint8_t special[M3_CELLS]; /* enum m3_special */
};

/* A goal of the goals mode: collect `count` tiles of `type`. */
#define M3_MAX_GOALS 4
struct m3_goal {
	uint8_t type;
	uint16_t count;
};

/* A level of the goals pack (data/match3-levels.txt). */
#define M3_PACK_MAX 32
struct m3_level {
	uint8_t size, types;
	uint16_t moves;
	struct m3_goal goal[M3_MAX_GOALS];
	int goals;
};

/* Parameters: mode; for goals a pack level (1..), else a size and a type count. */
struct m3_params {
	int mode; /* enum m3_mode */
	int level;
	int size, types;
};

/* The game state the session keeps. */
struct match3 {
	struct m3_field field;
	struct tc_rng rng; /* part of the state: undo and redo see the same refills */
	uint8_t mode, level;
	uint16_t moves_left; /* goals and moves modes */
	uint16_t collected[M3_MAX_GOALS];
	struct m3_goal goal[M3_MAX_GOALS];
	uint8_t goals;
	int64_t score;
	uint32_t time_left_ms; /* timed mode: the clock is the front end's; bonuses add here */
	bool reshuffled;       /* the last move ended in a reshuffle (for a message) */
	bool stuck;            /* no swap left and no reshuffle possible: the level ended */
};

/* One step of a resolution, for the animation: what cleared, then the field after the fall. */
#define M3_MAX_STEPS 32
struct m3_step {
	bool cleared[M3_CELLS];
	struct m3_field after;
};
struct m3_resolution {
	int steps;
	struct m3_step step[M3_MAX_STEPS];
	int64_t points;
};

/* Timed mode: the clock starts at M3_TIMED_START_MS; each swap adds M3_BONUS_MS per tile it
 * cleared beyond 3 (cascades and specials included). */
#define M3_TIMED_START_MS 60000
#define M3_BONUS_MS 1000

/* Parameters "goals-levelK", "endless-NxNtK", "timed-NxNtK", "moves-NxNtK"; default
 * endless-8x8t8, the daily moves-8x8t6. A move has
 * kind 0 (a swap) and arg[0], arg[1] the two cells. */
extern const struct tc_game match3_game;

/* The seed's fill: each cell drawn at random and drawn again while it would complete three in a
 * row with the two cells to its left or the two above; a field is accepted only when at least
 * one swap makes a match. */
void m3_fill(struct m3_field *f, int size, int types, struct tc_rng *rng);

/* Whether any line of three or more is on the field. */
bool m3_has_match(const struct m3_field *f);
/* Whether swapping the two (orthogonal neighbour) cells makes a match or is a rainbow swap. */
bool m3_swap_matches(const struct m3_field *f, int a, int b);
/* Every swap that makes a match, smaller cell first, sorted; returns how many (at most
 * max). With swaps NULL, returns 1 as soon as one is found (0 when there is none). */
int m3_valid_swaps(const struct m3_field *f, int (*swaps)[2], int max);

/* Plays a swap: when it matches, clears, drops, refills from rng and cascades until stable,
 * creating and firing specials, adding points (growing with match length and cascade depth) and
 * counting cleared tiles per type into `cleared_by_type` (may be NULL; types+1 entries). Returns
 * false, changing nothing, for a swap that is not legal or makes no match. res may be NULL. */
bool m3_play_swap(struct m3_field *f, int a, int b, struct tc_rng *rng, struct m3_resolution *res,
                  int64_t *points, uint16_t *cleared_by_type);

/* Rearranges the tiles already on the field (same count of each type) into a field with no free
 * match and at least one swap, trying up to M3_RESHUFFLE_TRIES random permutations. Returns
 * false, leaving the field as it was, when none of them fits. */
#define M3_RESHUFFLE_TRIES 1000
bool m3_reshuffle(struct m3_field *f, struct tc_rng *rng);

/* The goals pack, built in from data/match3-levels.txt. */
int m3_pack_size(void);
/* Level k, 1 to m3_pack_size(). */
void m3_pack_level(int k, struct m3_level *level);
/* Parses one level line of the pack format ("size=8 types=5 moves=20 goals=a:15,c:15"; see
 * data/match3-levels.txt); returns 0, or -1 with the reason in err. */
int m3_parse_level(const char *line, struct m3_level *level, char *err, size_t errlen);

/* Text form (DESIGN.md): one row per line, 'a' = type 1, 'b' = type 2, ... Specials are not part
 * of it. m3_parse returns 0, or -1 with "line L, column C: why" in err. */
int m3_parse(const char *text, struct m3_field *f, char *err, size_t errlen);
int m3_print(const struct m3_field *f, char *buf, size_t len);

#endif
