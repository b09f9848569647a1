/* The interface every game backend exports, and that the session layer drives.
 *
 * A backend is pure: its state is a flat struct of state_size bytes (copying it is an undo
 * snapshot), all randomness comes from a seeded struct tc_rng inside that state, and it does
 * no I/O. Each game defines what its moves and parameters mean. */
#ifndef TILECADE_GAME_H
#define TILECADE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum tc_status { TC_PLAYING, TC_WON, TC_LOST };

/* A move: kind and arguments are the game's own (2048: kind is the direction). */
struct tc_move {
	uint8_t kind;
	int16_t arg[4];
};

/* Storage big enough for any game's parameters. */
#define TC_PARAMS_MAX 64
struct tc_params {
	_Alignas(8) unsigned char bytes[TC_PARAMS_MAX];
};

/* A position summarised for other players (a race's pane): how far along it is, in the game's
 * own terms. */
#define TC_PROGRESS_TEXT_MAX 24
struct tc_progress {
	/* Orders racers who have not won: more is further along (2048: the score; zNumbers: tiles
	 * cleared; Sudoku: cells filled; Match-3: goals met, or the score without goals). */
	int64_t value;
	/* What the pane shows, short (at most 16 columns): "1204 pts 128", "12 left", "48/81". */
	char text[TC_PROGRESS_TEXT_MAX];
};

struct tc_game {
	const char *name;  /* command-line and game-ID name, e.g. "2048" */
	const char *title; /* shown in menus */
	size_t state_size;
	size_t params_size; /* at most TC_PARAMS_MAX */

	void (*default_params)(void *params);
	/* The parameters of the daily puzzle, the same for everyone; NULL: the defaults. */
	void (*daily_params)(void *params);
	/* Parses the parameter part of a game ID ("4x4"); on failure returns -1 and explains in
	 * err. */
	int (*parse_params)(const char *text, void *params, char *err, size_t errlen);
	/* Writes the parameter part of a game ID; returns what snprintf returns. */
	int (*format_params)(const void *params, char *buf, size_t len);

	/* Fills all of state (padding too: equal positions must be equal bytes, which saves rely
	 * on) with the starting position for these parameters and this seed. */
	void (*new_game)(void *state, const void *params, uint64_t seed);
	/* Plays a move; returns false, leaving state untouched, when the move changes nothing. */
	bool (*apply)(void *state, const struct tc_move *move);
	enum tc_status (*status)(const void *state);
	/* The position summarised for a race's pane (tc_progress). */
	void (*progress)(const void *state, struct tc_progress *out);
	/* The score of a position; NULL for games without one. */
	int64_t (*score)(const void *state);
	/* The parameters of the game a "new game" starts after one of these parameters (a level
	 * pack moves on to its next level); NULL when a new game keeps the parameters. */
	void (*next_params)(const void *params, void *next);
	/* Whether a state read from a save is one the rules can work with (sizes in range, cell
	 * values known); NULL when any bytes are. */
	bool (*valid_state)(const void *state);
	/* Whether games of these parameters depend on the seed (a fixed level does not; its game ID
	 * then carries seed 0). NULL: always. */
	bool (*uses_seed)(const void *params);
	/* The most hints a game may be given and stay ranked (a hint is the computer's move, and a
	 * game played by hints would otherwise rank first); 0: hints never unrank a game. The top
	 * line, the help and the end say it for every game that has one. */
	unsigned ranked_hints;
	/* Whether games of these parameters can be won; NULL: always. One that cannot (Match-3's
	 * endless and timed modes) only ends: its TC_LOST is the game's end, not a loss. */
	bool (*can_win)(const void *params);
};

#endif
