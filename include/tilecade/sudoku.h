/* Sudoku in the seed's two stages: `latin` (no digit twice in a row or a column) and `classic`
 * (nor in a 3x3 box), on a 9x9 grid. Puzzles have exactly one solution in their stage.
 *
 * Cells are indexed 0..80 row by row. Digits are 1..9, 0 is an empty cell. Candidate sets are
 * 9-bit masks, bit d-1 for digit d. */
#ifndef TILECADE_SUDOKU_H
#define TILECADE_SUDOKU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"
#include "tilecade/rng.h"

#define SDK_CELLS 81
#define SDK_ALL 0x1ff /* every candidate */

enum sdk_stage { SDK_LATIN, SDK_CLASSIC };

/* QQWing's scale: the hardest technique a logical solver needs. */
enum sdk_rating { SDK_SIMPLE, SDK_EASY, SDK_INTERMEDIATE, SDK_EXPERT, SDK_RATING_COUNT };

/* A grid of digits (0 empty). */
struct sdk_grid {
	uint8_t cell[SDK_CELLS];
};

/* Parameters: a campaign level (1 to SDK_LEVELS: one fixed puzzle, whatever the seed, of the
 * level's stage and rating), or with level 0 a stage and a rating to generate. */
#define SDK_LEVELS 6
struct sdk_params {
	int stage;  /* enum sdk_stage */
	int rating; /* enum sdk_rating */
	int level;  /* 0, or 1..SDK_LEVELS */
	/* A puzzle of the player's own ("classic=5300700..." in a game ID), so that its ID
	 * reproduces it: 4 bits a cell, two cells a byte; custom is 0 for generated puzzles. */
	uint8_t custom;
	uint8_t puzzle[(SDK_CELLS + 1) / 2];
};

/* The game state the session keeps: the puzzle, the player's digits and pencil marks. The marks
 * come first so that the struct has no padding: saves compare states byte for byte. */
struct sudoku {
	uint16_t marks[SDK_CELLS]; /* the player's pencil marks (kept under a digit, for when it
	                              is cleared) */
	uint8_t stage;             /* enum sdk_stage */
	uint8_t level;             /* 0: not a campaign level */
	struct sdk_grid given;     /* the clues; cannot be changed */
	struct sdk_grid solution;  /* the unique solution */
	struct sdk_grid entry;     /* the player's digits (0 where none; givens copied in) */
	bool revealed;             /* the player asked for the solution: the game is lost */
};

/* Moves (struct tc_move): kind and arguments. Once the game is won or revealed no move applies.
 * Game parameters read "classic-expert", "latin-simple" (stage-rating) or "level3". */
enum sdk_move_kind {
	SDK_MOVE_DIGIT,     /* arg[0] cell, arg[1] digit 1..9, or 0 to clear; not on a given; a
	                       digit also leaves the peers' marks */
	SDK_MOVE_MARK,      /* arg[0] cell, arg[1] digit 1..9: toggles that pencil mark of an
	                       empty cell */
	SDK_MOVE_AUTOMARKS, /* fills every empty cell's marks with its candidates */
	SDK_MOVE_REVEAL,    /* fills in the solution */
};

extern const struct tc_game sudoku_game;

/* The stage and rating a campaign level (1..SDK_LEVELS) is played at. */
void sdk_level_params(int level, struct sdk_params *p);

/* Starts a game on any puzzle (the player's own, not one from parameters and a seed): fills all
 * of *s, as new_game would, with stage, level 0, the givens and their solution. Returns 0, or -1
 * with a reason in err when the stage is unknown, a cell is not 0..9, the givens break the rules,
 * or the puzzle has no solution or more than one. */
int sdk_start_puzzle(struct sudoku *s, enum sdk_stage stage, const struct sdk_grid *puzzle,
                     char *err, size_t errlen);

/* The cells that share a row, a column (and in classic a box) with a cell: 20 in classic, 16 in
 * latin. Returns how many were written to peers. */
int sdk_peers(enum sdk_stage stage, int cell, uint8_t peers[20]);

/* Whether the digits so far break no rule of the stage (empty cells allowed). */
bool sdk_consistent(enum sdk_stage stage, const struct sdk_grid *g);
/* The cells whose digit repeats in a row, column (or box): conflict[c] is true for each. */
void sdk_conflicts(enum sdk_stage stage, const struct sdk_grid *g, bool conflict[SDK_CELLS]);
/* Whether the digits break a rule of the stage; when they do, names the first repeat in reading
 * order in why ("digit 5 twice in row 3", "... in column 4", "... in the top-left box"; rows
 * and columns count from 1). */
bool sdk_explain_conflict(enum sdk_stage stage, const struct sdk_grid *g, char *why, size_t len);
/* A box (0-8, left to right, then down) as a player names it at once: "top-left", "centre",
 * "bottom-middle"; the hints and conflicts say "the top-left box". */
const char *sdk_box_name(int box);
/* Candidates of an empty cell: digits no peer holds (0 for a filled cell). */
uint16_t sdk_candidates(enum sdk_stage stage, const struct sdk_grid *g, int cell);

/* The exact solver. Counts solutions up to `limit` (1 or 2 is usual; below 1 counts as 1) and
 * writes the first to solution (may be NULL). Returns the count; 0 when the givens break the
 * rules or a cell holds more than 9. */
int sdk_solve(enum sdk_stage stage, const struct sdk_grid *puzzle, int limit,
              struct sdk_grid *solution);

/* A random full grid of the stage. */
void sdk_random_full(enum sdk_stage stage, struct tc_rng *rng, struct sdk_grid *out);
/* A puzzle of exactly one solution in its stage, rated `rating`, with clues removed in
 * symmetric pairs when `symmetric`. */
void sdk_generate(enum sdk_stage stage, enum sdk_rating rating, bool symmetric, struct tc_rng *rng,
                  struct sdk_grid *puzzle, struct sdk_grid *solution);

/* The logical solver: the techniques a person uses, easiest first. */
enum sdk_technique {
	SDK_NAKED_SINGLE,
	SDK_HIDDEN_SINGLE,
	SDK_NAKED_PAIR,
	SDK_HIDDEN_PAIR,
	SDK_POINTING,
	SDK_BOX_LINE,
	SDK_GUESS, /* none of the above helps: trial and error */
	SDK_TECHNIQUE_COUNT,
};

/* Units, as steps name them: rows 0-8, columns 9-17, boxes 18-26 (left to right, then down). */
#define SDK_UNITS 27

/* One step a person can take: place a digit, or remove candidates, and the cells that prove it. */
struct sdk_step {
	enum sdk_technique technique;
	int cell, digit;          /* a placement; for an elimination cell is -1 and digit
	                             the digit removed (0 for a pair, which removes several) */
	uint16_t digits;          /* the digits the step is about: a pair's two, else the digit */
	int unit;                 /* the unit the step looks at (a hidden single's or a pair's,
	                             the pointing box, the box-line's line); -1 for a naked single */
	int target;               /* the unit it removes candidates from; -1 for a placement */
	uint8_t proof[SDK_CELLS]; /* the cells that show why */
	int proof_count;
};

/* The rating of a puzzle: the hardest technique the logical solver needed (expert when it had to
 * guess). Meant for puzzles with a unique solution; any other rates expert. */
enum sdk_rating sdk_rate(enum sdk_stage stage, const struct sdk_grid *puzzle);
/* sdk_rate when the rating is at most `limit`; above `limit` (not said how far) when it is not.
 * Stopping at the first technique harder than `limit` keeps the generator's checks cheap. */
enum sdk_rating sdk_rate_upto(enum sdk_stage stage, const struct sdk_grid *puzzle,
                              enum sdk_rating limit);
/* The steps to the next placement from a position (the player's digits; candidates are
 * recomputed from them), each by the easiest technique, in order: eliminations, each with its
 * own proof, then the placement they allow (the last step). Returns how many were written to
 * steps (at most max), or 0 when the position is complete, breaks the rules, has no solution,
 * needs a guess, or needs more than max steps. */
#define SDK_HINT_STEPS 16
/* A hint ends in a digit of the solution, which helps as much as the reveal: a game given more
 * hints than this (one per position) is not ranked. */
#define SDK_RANKED_HINTS 3
int sdk_hint_steps(enum sdk_stage stage, const struct sdk_grid *position, struct sdk_step *steps,
                   int max);
/* The same steps as one: the placement, named by the hardest technique on the way, with the
 * cells of every step as its proof. False when sdk_hint_steps finds none. */
bool sdk_hint(enum sdk_stage stage, const struct sdk_grid *position, struct sdk_step *step);

const char *sdk_rating_name(enum sdk_rating r);
const char *sdk_technique_name(enum sdk_technique t);
const char *sdk_stage_name(enum sdk_stage s);

/* 81 characters, row by row, '.' or '0' for a blank; one trailing "\n", "\r\n" or "\r" is
 * allowed, nothing else. Returns 0, or -1 with a reason in err: the first bad character ("bad
 * character 'x' at column 5", or "bad byte 0xc3 at column 5" when not printable ASCII), else
 * the length ("line is 80 characters, not 81"). */
int sdk_parse(const char *line, struct sdk_grid *g, char *err, size_t errlen);
/* 81 characters and a NUL; blank as '.'. */
void sdk_print(const struct sdk_grid *g, char out[SDK_CELLS + 1]);

#endif
