/* The session: one game being played, and everything every game shares.
 *
 * It owns the position and its unlimited undo/redo history, restart and new game, the move
 * count, the elapsed time (which stops while paused, while the game is over and while the
 * program is suspended), the win/loss status with "keep going" after a win, the score and the
 * best score of this run, and the game ID that reproduces the game. No terminal code. */
#ifndef TILECADE_SESSION_H
#define TILECADE_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"

/* Where the session reads the time; tests pass a fake one. */
struct tc_clock {
	uint64_t (*now_ms)(void *ctx);
	void *ctx;
};

struct tc_session;

/* Milliseconds of the monotonic clock that sessions use unless given another. */
uint64_t tc_monotonic_ms(void);

/* Starts a game of these parameters (NULL: the game's defaults) and seed. clock NULL means
 * the monotonic clock. Returns NULL only when out of memory. */
struct tc_session *tc_session_new(const struct tc_game *game, const void *params, uint64_t seed,
                                  const struct tc_clock *clock);
void tc_session_free(struct tc_session *s);

const struct tc_game *tc_session_game(const struct tc_session *s);
uint64_t tc_session_seed(const struct tc_session *s);
/* The current position, read-only: change it only through the session. */
const void *tc_session_state(const struct tc_session *s);

/* Plays a move. A move that changes nothing is not recorded and returns false. A new move
 * drops the redo chain. */
bool tc_session_apply(struct tc_session *s, const struct tc_move *move);
/* The game's own clock ran out (Match-3's timed mode): plays move, which ends the game, as no
 * move of the player's (tc_session_moves does not count it) and for good: undo cannot take it
 * back, since the time would only run out again. A restart or a new game plays on. */
bool tc_session_apply_timeout(struct tc_session *s, const struct tc_move *move);
bool tc_session_undo(struct tc_session *s);
bool tc_session_redo(struct tc_session *s);
bool tc_session_can_undo(const struct tc_session *s);
bool tc_session_can_redo(const struct tc_session *s);

/* Back to the start of this game: history and clock are reset. */
void tc_session_restart(struct tc_session *s);
/* A new game with another seed, and the parameters the game says come next (usually the same). */
void tc_session_new_game(struct tc_session *s, uint64_t seed);

/* The position `back` moves before the current one (0: the current one), or NULL when there
 * are not that many moves behind. */
const void *tc_session_state_back(const struct tc_session *s, unsigned back);

/* Moves from the start to the current position (undo counts down). */
unsigned tc_session_moves(const struct tc_session *s);
/* True once the player has changed anything, i.e. leaving would lose progress. */
bool tc_session_in_progress(const struct tc_session *s);

uint64_t tc_session_elapsed_ms(const struct tc_session *s);
/* Makes the game time read ms now, forward or back: a follower's session takes the time of
 * each event of the stream it follows (tilecade/live_follow.h). */
void tc_session_set_elapsed_ms(struct tc_session *s, uint64_t ms);
void tc_session_pause(struct tc_session *s);
void tc_session_resume(struct tc_session *s);
bool tc_session_paused(const struct tc_session *s);

/* The game's status, except that a win the player chose to play on from reads as playing. */
enum tc_status tc_session_status(const struct tc_session *s);
void tc_session_keep_going(struct tc_session *s);
/* Whether this game was won on the way to its current position (a 2048 played on after its win
 * and then stuck was won; undo past the win takes it back). */
bool tc_session_won(const struct tc_session *s);
/* Whether this game can be won at all (tc_game's can_win): one that cannot only ends, its
 * TC_LOST is no loss. */
bool tc_session_can_win(const struct tc_session *s);

/* Who else played in this game. A game the computer played any part of (2048's autoplay, a move
 * of zNumbers' solution pane, Sudoku's reveal) is not the player's: it goes on no scoreboard and
 * raises no best score. Undo, a restart (the same start again) and saves keep the marks; only a
 * new game from another start clears them. */
enum tc_assist {
	TC_ASSIST_AUTOPLAY = 1 << 0,
	TC_ASSIST_SOLUTION = 1 << 1, /* the solution played moves */
	TC_ASSIST_REVEAL = 1 << 2,   /* the solution was shown whole */
	TC_ASSIST_HINTS = 1 << 3,    /* more hints than the game's ranked_hints (from the count) */
};
void tc_session_mark_assisted(struct tc_session *s, enum tc_assist how);
/* Plays a move the computer chose, marking the game when it is played. */
bool tc_session_apply_assisted(struct tc_session *s, const struct tc_move *move,
                               enum tc_assist how);
/* The marks of this game (enum tc_assist bits; 0: the player's own game). */
unsigned tc_session_assisted(const struct tc_session *s);

/* Whether this game was started as its date's daily puzzle (the Daily list, --daily), not
 * only given a daily seed (an --id): only such a game goes on a daily board. Undo, a restart and
 * saves keep the mark; a new game from another start clears it. */
void tc_session_mark_daily(struct tc_session *s);
bool tc_session_daily(const struct tc_session *s);

/* Hints given in this game: they go with its score, and past the game's ranked_hints they
 * mark it TC_ASSIST_HINTS. One per
 * position: counting a hint for a position that already had one (a hint shown in stages, or
 * asked again after undo or a restart) changes nothing and returns false. Call it only for a
 * hint given, not for one refused. Undo, a restart and saves keep the count; a new game from
 * another start sets it back to 0. */
bool tc_session_count_hint(struct tc_session *s);
unsigned tc_session_hints(const struct tc_session *s);

/* Score of the current position (0 for games without). */
int64_t tc_session_score(const struct tc_session *s);
/* The best score the player could have on a scoreboard: the best end of this game and of the
 * games carried in, or the current score when it is higher (a live game ends at least there). A
 * position undone before the game ended counts no more; an assisted game's scores never count. */
int64_t tc_session_best_score(const struct tc_session *s);
/* The best end of this game and of the games carried in, without the current position's
 * score: what a copy of the session that follows its stream carries in (live_share.c). */
int64_t tc_session_best_ended_score(const struct tc_session *s);
/* Carries the best score of earlier games (the player's best on the board, say) into this
 * session; a new game keeps it, with the ends of the games played since. */
void tc_session_carry_best_score(struct tc_session *s, int64_t best);

/* The whole session as bytes (malloc'd; NULL when out of memory): parameters, seed, history
 * with its redo chain, clock, keep-going, assisted marks, hint count and best score. */
void *tc_session_save(const struct tc_session *s, size_t *len);
/* A session from such bytes, exactly as it was saved; NULL with a one-line reason in err when the
 * bytes are not a whole, valid save of a game of this program. */
struct tc_session *tc_session_restore(const void *blob, size_t len, const struct tc_clock *clock,
                                      char *err, size_t errlen);
/* Whether bytes tc_session_restore refuses are a save of a newer tilecade (another version of
 * the format, a game or a mark this version does not know), to be kept for it, rather than a
 * damaged save. */
bool tc_session_save_is_newer(const void *blob, size_t len);

/* Who hears of every change the session makes: each is one event of the game's stream
 * (tilecade/live.h), told after the change with the elapsed time: a move (the clock's timeout,
 * one the computer chose), undo, redo, restart, a new game (with its ID), keep going, an
 * assisted mark, a counted hint, pause and resume (only when they change anything). Changes
 * that did nothing (a refused move, undo with nothing to undo) are not told. NULL stops it. */
struct tc_live_event;
typedef void (*tc_session_listener)(void *ctx, const struct tc_live_event *ev);
void tc_session_listen(struct tc_session *s, tc_session_listener listener, void *ctx);

/* Writes the game ID ("2048:4x4:s12345"); returns what snprintf returns. */
int tc_session_game_id(const struct tc_session *s, char *buf, size_t len);
/* The parameters of this game, in the game's own struct. */
const void *tc_session_params(const struct tc_session *s);

#endif
