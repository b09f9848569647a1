/* Play without a terminal: scripted moves for tests and bug reports. */
#ifndef TILECADE_CLI_BATCH_H
#define TILECADE_CLI_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tilecade/g2048.h"
#include "tilecade/match3.h"
#include "tilecade/ninja.h"
#include "tilecade/store.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

/* Output that could not be written (a full disk, a closed pipe) must not pass for success:
 * flushes out and returns true, or false with a reason in err. */
bool tc_batch_flushed(FILE *out, char *err, size_t errlen);

/* Calls answer on every line of in, without its line end (the line may hold NUL bytes: len
 * says how long it is), then flushes out. A line longer than max bytes is skipped, with one
 * line on stderr ("tilecade: line 3: longer than 16384 bytes, skipped"), and counts as a false
 * answer: memory stays max bytes whatever the input. With max_lines > 0, reading stops after
 * that many lines, with one line on stderr, and that counts as a false answer too: where a line
 * costs a search, so that one command cannot run for hours. Returns 0 when every answer was
 * true, 1 when one was false, or 2 with a reason in err when reading or writing failed. */
int tc_batch_lines(FILE *in, FILE *out, size_t max, long max_lines,
                   bool (*answer)(const char *line, size_t len, void *ctx), void *ctx, char *err,
                   size_t errlen);

/* Plays `moves` (letters l r u d) on a 2048 game of these parameters and seed, printing the
 * start board and the board after each move, a blank line between boards, then "score N".
 * Returns 0, or -1 before printing anything with the position of a bad letter in err. */
int tc_batch_2048(const struct g2048_params *params, uint64_t seed, const char *moves, FILE *out,
                  char *err, size_t errlen);

/* Plays `games` games of these parameters with the expectimax player of g2048_ai.h searching
 * `depth` slides ahead, game i the one the game 2048:NxN:s(seed+i) starts (seed + i wrapping
 * past 2^64-1), and prints a line for each as it ends, "game I score N max T moves M
 * ms_per_move X" (T the largest tile's value, X the game's milliseconds per move, 3 decimals;
 * " stopped" after a game cut at the move limit of a board larger than 4x4),
 * then "reached T in K of GAMES games (P%)" for T = 2048, 4096, 8192 and 16384, "median score
 * N" and "median ms_per_move X" (the lower middle game for an even number). Scores depend only
 * on the parameters, seed and depth. Returns 0, or 1 with err set when memory runs out or the
 * output cannot be written. */
int tc_batch_2048_autoplay(const struct g2048_params *params, uint64_t seed, int games, int depth,
                           FILE *out, char *err, size_t errlen);
/* Refuses more --games than a board larger than 4x4 allows at that depth (its games stop at a
 * move limit, "stopped" at the end of their line). */
int tc_batch_2048_autoplay_check(const struct g2048_params *params, int games, int depth,
                                 char *err, size_t errlen);

/* Prints `count` generated zNumbers levels of these parameters (a generated level, not a pack
 * level), level i made with seed + i (wrapping past 2^64-1): its rows, a line "solution", then
 * one move a line, "r1,c1 r2,c2" (0-based, row first) in playing order; a blank line between
 * levels. Every level is proven solvable by the solver before it is printed. Returns 0, or 1
 * with err set when a level fails that proof (a bug) or the output cannot be written. */
int tc_batch_zn_generate(const struct zn_params *params, uint64_t seed, int count, FILE *out,
                         char *err, size_t errlen);

/* Reads all of `in` as zNumbers levels (rows, "# " comments, blank lines between levels) and,
 * once every level has parsed, prints for each "solution" and its moves as above, or
 * "unsolvable", a blank line between levels. Returns the exit status: 0 when every level is
 * solvable, 1 when some is not, 2 with err set ("line L, column C: why" for malformed input)
 * when the input cannot be read or holds no level, or the output cannot be written; for
 * malformed input nothing is printed. */
int tc_batch_zn_solve(FILE *in, FILE *out, char *err, size_t errlen);

/* Prints `count` Sudoku puzzles of these parameters, puzzle i made with seed + i (wrapping past
 * 2^64-1) as the game sudoku:PARAMS:s(seed+i) starts: one line of 81 characters each, '.' for a
 * blank. Every puzzle is proven to have exactly one solution before it is printed. Returns 0, or
 * 1 with err set when a puzzle fails that proof (a bug) or the output cannot be written. */
int tc_batch_sdk_generate(const struct sdk_params *params, uint64_t seed, int count, FILE *out,
                          char *err, size_t errlen);

/* Reads Sudoku puzzles from `in`, one 81-character line each ('.' or '0' a blank), and prints one
 * line for each input line: the 81-digit solution, or with `rate` the puzzle's rating
 * ("expert"); "unsolvable" or "multiple" when it has no solution or more than one; "invalid:
 * WHY" for a line that is not a puzzle of the stage (an empty line, a wrong length, a bad
 * character, a given that breaks the rules). Returns the exit status: 0 when every line has
 * exactly one solution, 1 when some has not, 2 with err set when the input cannot be read or the
 * output written. */
int tc_batch_sdk_solve(enum sdk_stage stage, bool rate, FILE *in, FILE *out, char *err,
                       size_t errlen);

/* Prints `count` match-3 fields of these (endless or timed) parameters, field i the one the game
 * match3:PARAMS:s(seed+i) starts with (seed + i wrapping past 2^64-1), one row a line ('a' =
 * type 1), a blank line between fields. Returns 0, or 1 with err set when the output cannot be
 * written. */
int tc_batch_m3_generate(const struct m3_params *params, uint64_t seed, int count, FILE *out,
                         char *err, size_t errlen);

/* Reads one match-3 field from `in` and prints every swap that makes a match, one a line,
 * "r1,c1 r2,c2" (0-based, the smaller cell first, sorted); nothing when there is none. Returns
 * 0, or 2 with err set ("line L, column C: why" for malformed input, then nothing is printed)
 * when the input cannot be read or the output written. */
int tc_batch_m3_swaps(FILE *in, FILE *out, char *err, size_t errlen);

/* Prints `count` N levels of the seed's generator (with `playable`, nl_generate_playable's), level
 * i made with seed + i (wrapping past 2^64-1), one line each. Returns 0, or 1 with err set when
 * the output cannot be written. */
int tc_batch_nl_generate(uint64_t seed, int count, bool playable, FILE *out, char *err,
                         size_t errlen);

/* Reads N levels from `in`, one a line (a trailing '\r' is dropped), and prints one line for
 * each: the level as parsed (byte-identical to the input), or with `check`
 * "ok gold=G reachable=R mines=M exit=yes|no boxed=yes|no" (nl_check's answer: exit=yes when its
 * search won the level, the switch and then the door); "invalid: offset N: WHY" for a line that is
 * not a level. Returns the exit status: 0 when every line is a level, 1 when some is not, 2 with
 * err set when the input cannot be read or the output written. */
int tc_batch_nl_read(bool check, FILE *in, FILE *out, char *err, size_t errlen);

/* Reads the replay file at path into rp. Returns 0, or 2 with "PATH: why" in err when the file
 * cannot be read or is no replay ("PATH: line L, column C: why"; a NUL byte is one). */
int tc_batch_nj_load(const char *path, struct nj_replay *rp, char *err, size_t errlen);

/* Plays the replay file at path to its end and prints "win|death|timeout steps=N gold=G".
 * Returns 0; 2 with err set as tc_batch_nj_load's; 1 when the output cannot be written. */
int tc_batch_nj_headless(const char *path, FILE *out, char *err, size_t errlen);
/* The same line for a replay already read (a recording's, tilecade replay N --headless); what
 * names it in an error. Returns 0, 2 for a level with no ninja, 1 when the output cannot be
 * written. */
int tc_batch_nj_outcome(const struct nj_replay *rp, const char *what, FILE *out, char *err,
                        size_t errlen);

/* Reads N levels from `in`, one a line as tc_batch_nl_read does, and prints for each, a blank
 * line between answers: a winning replay the search found (the replay text, with a comment line
 * "# a win in N steps (S s) with G gold" after its first line), "unsolved: WHY" when the search
 * found no win (a level without an exit, say), or "invalid: offset N: WHY". Returns the exit
 * status: 0 when every level was won, 1 when some was not, 2 with err set when the input cannot
 * be read or the output written. */
int tc_batch_nj_solve(FILE *in, FILE *out, char *err, size_t errlen);

/* Prints the scoreboards of an open store: every board, only those of game (a command-line
 * name; NULL for all), or only the boards of `level`, a board's level as the game names it,
 * e.g. "level3" or "goals-level2" (NULL for all). A board is a heading line ("2048 · 4x4") and
 * its top ten as aligned columns: rank, player, score or time (m:ss.d), moves and date
 * (YYYY-MM-DD); "no scores yet" when it or the selection is empty. A blank line between boards.
 * Text from the database is sanitised. Returns 0, or 1 with err set when the output cannot be
 * written. */
int tc_batch_scores(struct tc_store *st, const char *game, const char *level, FILE *out,
                    char *err, size_t errlen);

#endif
