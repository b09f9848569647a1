/* Command-line options: `tilecade [GAME] [options]`, `tilecade scores [GAME] [options]`,
 * `tilecade replay N [options]` and `tilecade race ...`. */
#ifndef TILECADE_CLI_OPTIONS_H
#define TILECADE_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum tc_theme_choice { TC_THEME_AUTO, TC_THEME_256, TC_THEME_16, TC_THEME_MONO };

struct tc_options {
	const char *game;   /* NULL: the menu; with `scores`, the game whose boards to print */
	bool scores;        /* `tilecade scores [GAME]`: print the scoreboards */
	bool live;          /* `tilecade live`: print the games in progress */
	bool watch;         /* `tilecade watch PLAYER`: watch PLAYER's game */
	const char *player; /* with watch: whose game */
	const char *db;     /* --db PATH: the score and save database; NULL for the default */
	const char *config; /* --config PATH: the settings file; NULL for the default */
	bool resume;        /* --continue: the most recent saved game */
	bool daily;         /* --daily: today's puzzle of the game */
	/* --ghost N|best: race recording N ("#N" or "N", as typed) or the best recorded game of
	 * the game's board ("best"); NULL for none. */
	const char *ghost;
	bool help, version;

	/* `tilecade race GAME [options] [--time-limit T]` opens a race on the game those options
	 * make; `race --join ID` joins race ID, `race --watch ID` watches it (tilecade/races.h). */
	bool race;
	int64_t race_join, race_watch; /* 0: not given */
	int64_t time_limit_ms;         /* --time-limit, TC_RACE_LIMIT_MIN_MS to a day; 0: none */

	/* `tilecade replay N`: a recorded game (replay_command.h), N as typed ("#3" or "3"), NULL
	 * when missing. */
	bool replaying;
	const char *recording;

	/* `tilecade races [ID]`: the races, or race ID's board (races_command.h); ID as typed
	 * ("#3" or "3"), NULL for the list. */
	bool races;
	const char *race_number;

	const char *size; /* as typed: "N" or "RxC"; each game says which sizes it has */
	bool has_seed;
	uint64_t seed;
	const char *id;
	const char *moves;
	bool no_anim;
	bool has_theme;
	enum tc_theme_choice theme;

	/* zNumbers only; values already checked against their ranges. */
	bool has_attempts, has_level, has_count;
	int attempts; /* 1 to ZN_MAX_ATTEMPTS */
	int level;    /* 1 to TC_MAX_LEVEL, else 0; checked against the game's levels later */
	const char *level_text; /* --level as typed, named when the game has no such level */
	int count;              /* levels for --generate, 1 to TC_MAX_GENERATE */
	bool generate, solve;

	/* Sudoku only (with --generate, --solve and --count above). */
	bool rate; /* --rate: the rating of each puzzle on standard input */
	bool has_difficulty, has_stage;
	const char *puzzle; /* --puzzle: 81 characters of the player's own puzzle */
	int difficulty;     /* enum sdk_rating */
	int stage;          /* enum sdk_stage */

	/* Match-3 (--level, --generate, --count and --size above are shared). */
	bool has_mode, has_types, swaps;
	int mode;  /* enum m3_mode */
	int types; /* M3_MIN_TYPES to M3_MAX_TYPES */

	/* ninja (N levels) only, with --generate, --count and --seed above. */
	bool parse, check, playable;
	const char *replay; /* --replay FILE: play this replay (ninja) */
	bool headless;      /* --headless: with --replay, print the outcome, no terminal */

	/* 2048's player (with --seed and --size above). */
	bool autoplay; /* --autoplay: play games with the expectimax player, no terminal */
	bool has_games, has_depth;
	int games; /* --games K: 1 to TC_MAX_GENERATE (default 1) */
	int depth; /* --depth D: G2048_AI_MIN_DEPTH to TC_AUTOPLAY_MAX_DEPTH */
};

/* Most levels one --generate prints: plenty for a level pack or a test corpus. */
#define TC_MAX_GENERATE 100000
/* What one command may ask, so that none runs for hours. A game of 2048's autoplay takes some
 * 0.01 s at depth 1, 0.1 s at 2, 2 s at 3, 15 s at 4, 3 min at 5 and 8 min at 6 (each depth
 * several times the one before: an hour or more a game past 6): the deepest search and, at each
 * depth, the games played in well under an hour. A playable N level is searched for a quarter
 * second or so. */
#define TC_AUTOPLAY_MAX_DEPTH 6
#define TC_MAX_PLAYABLE 5000
/* Sudoku's --generate --difficulty intermediate: 2.6 ms a puzzle, some 105 s for these. */
#define TC_MAX_INTERMEDIATE 40000
/* The shortest --time-limit a race takes (the longest is TC_RACE_LIMIT_MAX_MS). */
#define TC_RACE_LIMIT_MIN_MS 10000
/* Highest --level the parser reads as a number; each game's own levels are checked in
 * option_checks.c, which knows the game. */
#define TC_MAX_LEVEL 99

/* Parses argv; returns 0, or -1 with a one-line message naming the bad option or value. Which
 * options go with which game, and with each other, is main's to check. */
int tc_options_parse(int argc, char **argv, struct tc_options *o, char *err, size_t errlen);

/* A number as `scores` and `races` print it, "#N", or plain "N" (a recording's, a race's), into
 * *id: 1 or more, no leading zero (none is printed: "01" names nothing). */
bool tc_cli_number(const char *text, int64_t *id);

/* Writes a one-line message to err and returns -1, for `return tc_cli_fail(...)`. */
__attribute__((format(printf, 3, 4))) int tc_cli_fail(char *err, size_t errlen, const char *fmt,
                                                      ...);

/* The --help text. */
extern const char tc_usage[];
/* Sudoku's and 2048's options, printed after tc_usage. */
extern const char tc_usage_sudoku[];
/* scores, live, watch and replay, printed after tc_usage_sudoku. */
extern const char tc_usage_commands[];
/* race, printed after tc_usage_commands. */
extern const char tc_usage_race[];
/* match3's part of it, printed after tc_usage_race. */
extern const char tc_usage_match3[];
/* 2048's player, printed after tc_usage_match3. */
extern const char tc_usage_2048[];
/* The keys, printed after tc_usage_2048. */
extern const char tc_usage_keys[];

#endif
