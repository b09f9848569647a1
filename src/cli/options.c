/* Parsing of the command line. Written by hand rather than with getopt so that every error is
 * one line of our own wording and the game name may stand anywhere. */
#include "options.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arcade_policy.h"
#include "tilecade/g2048_ai.h"
#include "tilecade/gameid.h"
#include "tilecade/races.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

const char tc_usage[] =
        "usage: tilecade [GAME] [options]\n"
        "       tilecade scores [GAME] [--level K] [--db PATH]\n"
        "       tilecade live [--db PATH]\n"
        "       tilecade watch PLAYER [--db PATH]\n"
        "       tilecade replay [N [--headless]] [--db PATH]\n"
        "       tilecade races [ID] [--db PATH]\n"
        "       tilecade race GAME [options] [--time-limit T]\n"
        "       tilecade race --join ID | --watch ID\n"
        "       tilecade GAME [options] --ghost N|best\n"
        "\n"
        "Without a game, tilecade opens the menu. Games: znumbers, match3, sudoku, ninja\n"
        "(also n: N's level browser, Enter plays the level shown) and 2048.\n"
        "\n"
        "options (a value may also follow '=', as in --seed=42):\n"
        "  --seed S         seed of the game, 0 to 2^64-1 (default: random)\n"
        "  --id ID          play the game of this ID, e.g. znumbers:6x6a60:s12345 or\n"
        "                   2048:4x4:s12345; it sets the game, its parameters and seed\n"
        "  --no-anim        no animations\n"
        "  --theme THEME    colours: auto, 256, 16 or mono (default auto; NO_COLOR\n"
        "                   also gives mono)\n"
        "  --continue       resume the most recently saved game\n"
        "  --daily          today's puzzle of GAME (UTC), the same for every player\n"
        "  --db PATH        the database of scores and saves: an SQLite file (default:\n"
        "                   $XDG_DATA_HOME/tilecade/tilecade.db), or a PostgreSQL\n"
        "                   database's postgresql:// URL\n"
        "  --config PATH    the settings file (default:\n"
        "                   $XDG_CONFIG_HOME/tilecade/config.ini)\n"
        "  -h, --help       this text\n"
        "  -V, --version    the version\n"
        "\n"
        "znumbers (move every number exactly its value, in one of eight directions):\n"
        "  --size RxC       board of R rows and C columns, 4 to 10 each; N means NxN\n"
        "                   (default 6x6)\n"
        "  --attempts N     the generator's tries per tile, 2 to 1000 (default 60); more\n"
        "                   tries make fuller, harder levels\n"
        "  --level K        level K of the original pack, 1 to 9 (no --size, --attempts,\n"
        "                   --seed)\n"
        "  --generate       print new levels instead of playing: a level's rows ('.'\n"
        "                   empty, '1'-'9' a tile), a line \"solution\", then one move a\n"
        "                   line, \"r1,c1 r2,c2\" (0-based, row first) in playing order;\n"
        "                   a blank line between levels\n"
        "  --count K        with --generate, K levels, 1 to 100000 (default 1); level i,\n"
        "                   counting from 0, uses seed S+i, so it is the game\n"
        "                   znumbers:RxCaN:s(S+i)\n"
        "  --solve          solve the levels on standard input (rows as above, '#' a\n"
        "                   used cell, lines \"# ...\" comments, a blank line between\n"
        "                   levels) and print for each \"solution\" and its moves, or\n"
        "                   \"unsolvable\"; exit 0 if all are solvable, 1 if some are\n"
        "                   not, 2 for bad input\n";

/* Sudoku's and 2048's parts, printed after tc_usage (apart for the length of one literal). */
const char tc_usage_sudoku[] =
        "\n"
        "sudoku (fill the grid so that no digit repeats in a row or column, nor in a box\n"
        "in the classic stage):\n"
        "  --stage STAGE    latin (rows and columns only) or classic (default classic)\n"
        "  --difficulty D   simple, easy, intermediate or expert, the hardest technique\n"
        "                   the puzzle needs, as QQWing rates it (default easy)\n"
        "  --generate       print new puzzles instead of playing, one line of 81\n"
        "                   characters each ('.' a blank), row by row\n"
        "  --count K        with --generate, K puzzles, 1 to 100000 (40000 at\n"
        "                   intermediate; default 1); puzzle i, from 0, uses seed\n"
        "                   S+i, so it is the game sudoku:STAGE-DIFFICULTY:s(S+i)\n"
        "  --solve          solve the puzzles on standard input, one 81-character line\n"
        "                   each ('.' or '0' a blank), and print for each line its\n"
        "                   solution, \"unsolvable\", \"multiple\" or \"invalid: WHY\";\n"
        "                   exit 0 if every line has one solution, 1 if not; with\n"
        "                   --stage latin, as latin squares\n"
        "  --rate           as --solve, but print each puzzle's difficulty\n"
        "  --puzzle P       play this puzzle (81 characters, '.' or '0' a blank)\n"
        "  --level K        level K of the campaign, 1 to 6 (no --stage, --difficulty,\n"
        "                   --seed): one fixed puzzle, the same for every player\n"
        "\n"
        "2048:\n"
        "  --size N         board size, 3 to 8 (default 4)\n"
        "  --moves STRING   play these moves without a terminal (letters l r u d) and\n"
        "                   print the starting board, the board after each move, then\n"
        "                   \"score N\"\n";

/* The commands that print, watch or replay, printed after tc_usage (one literal must stay within
 * C17's 4095 characters). */
const char tc_usage_commands[] =
        "\n"
        "scores: print the top 10 of every scoreboard, or only GAME's, or only the\n"
        "board of GAME's level K (zNumbers, Sudoku's campaign, Match-3's goals;\n"
        "--level needs GAME); exit 1 when the database cannot be read; a row's\n"
        "game is recorded: #N at its end, for tilecade replay N\n"
        "\n"
        "live: print the games in progress on this machine, one a line: player, game\n"
        "ID, moves and time played (the players of your scoreboard: yours, or the\n"
        "host's shared one)\n"
        "watch PLAYER: watch PLAYER's game in progress, read-only; exit 1 when there\n"
        "is none (the menu's Watch, or w there, lists them; Enter watches one)\n"
        "\n"
        "replay N: play the recorded game #N again (N or #N, as tilecade scores shows\n"
        "it; or Enter on its row of the menu's Scores): Space plays or pauses, + and -\n"
        "change the speed, left and right step, Home and End go to the start and the\n"
        "end, ? shows the keys, q leaves\n"
        "  --headless       no terminal: print the outcome of its last position,\n"
        "                   \"won|lost|ended|left score=P|time=T moves=M id=GAME-ID\";\n"
        "                   exit 1 when there is no such recording or it cannot be\n"
        "                   played\n"
        "replay (no N): print the 20 latest recordings, newest first, one a line:\n"
        "\"#N  DATE  PLAYER  GAME-ID  RESULT score=P|time=T moves=M\"; games on no\n"
        "scoreboard (left for good, helped by the computer) are found here\n"
        "\n"
        "races: print the races not over, newest first, one a line: \"#ID  GAME-ID\n"
        "OPENER  N racers  lobby|starting|running\"; races ID: that race's game ID,\n"
        "state, start and time limit, then its board, a racer a line: rank, player,\n"
        "result (waiting, racing, won, lost, ended, left, dropped), progress, time,\n"
        "score, recording #N; racers still in it come last, unranked (-), in the order\n"
        "they joined; exit 1 when there is no such race\n"
        "\n"
        "GAME --ghost N|best: race a recorded game, recording N (#N in tilecade scores)\n"
        "or the best recorded game of the board GAME and its options play on (2048\n"
        "--size 5 --ghost best): you play its game ID, and its progress plays beside\n"
        "yours at the pace it was played (g on a row of the menu's Scores)\n";

/* Racing, printed after tc_usage_commands (apart for the length of one literal). */
const char tc_usage_race[] =
        "\n"
        "race GAME [options]: open a race on one game (a new seed unless --seed, --level\n"
        "or --daily pins it) and wait in its lobby for racers; Enter starts it, or it\n"
        "starts by itself a minute after it opened; everyone plays the same game, the\n"
        "others' progress beside the board (ninja: a generated level, --seed S)\n"
        "  --time-limit T   end every racer's game after T: minutes (5) or 90s, 5m, 1h;\n"
        "                   10s to 24h\n"
        "  --join ID        join race ID (as tilecade races shows it, #ID or ID)\n"
        "  --watch ID       watch race ID: every racer's board\n";

/* Kept apart from tc_usage: one string literal must stay within C17's 4095 characters. */
const char tc_usage_match3[] =
        "\n"
        "match3 (swap neighbouring tiles to line up three or more of a kind):\n"
        "  --mode MODE      goals (collect tiles within a number of moves), endless or\n"
        "                   timed (default endless)\n"
        "  --level K        goals level K of the built-in pack, 1 to 13 (implies --mode\n"
        "                   goals; no --size, --types, --generate)\n"
        "  --size N         field of NxN, 6 to 10 (default 8)\n"
        "  --types K        tile types, 4 to 8 (default 8)\n"
        "  --generate       print new fields instead of playing, one row a line ('a' is\n"
        "                   type 1, 'b' type 2, ...), a blank line between fields;\n"
        "                   with --count K (default 1), field i uses seed S+i\n"
        "  --swaps          read one field from standard input and print every swap that\n"
        "                   makes a match, \"r1,c1 r2,c2\" (0-based, sorted); exit 2 for\n"
        "                   bad input\n"
        "\n"
        "ninja (also n; N v1.4 levels, one line each; without these, the level browser):\n"
        "  --generate       print new levels of the N seed's generator; with --count K\n"
        "                   (default 1), level i uses seed S+i\n"
        "  --playable       with --generate, only levels with an exit and its switch\n"
        "                   that a search over the game's physics wins\n"
        "  --parse          read levels from standard input and print each back, or\n"
        "                   \"invalid: offset N: WHY\"; exit 1 if some line is invalid\n"
        "  --check          as --parse, but print \"ok gold=G reachable=R mines=M\n"
        "                   exit=yes|no boxed=yes|no\" for each level: what a search\n"
        "                   over the game's physics reaches (exit=yes: it won)\n"
        "  --solve          read levels as --check does and print for each a winning\n"
        "                   replay, or \"unsolved: WHY\" or \"invalid: ...\"; a blank\n"
        "                   line between answers; exit 0 if all are won, 1 if not;\n"
        "                   --check and --solve read at most 2000 levels a run\n"
        "  --replay FILE    play the replay in FILE (its level and inputs) on screen\n"
        "  --headless       with --replay, no terminal: print \"win|death|timeout\n"
        "                   steps=N gold=G\" (\"unfinished\" for a run saved before\n"
        "                   its end); exit 2 for a bad replay\n";

/* Apart from tc_usage for the same reason. */
const char tc_usage_2048[] =
        "\n"
        "2048's player (an expectimax search), without a terminal:\n"
        "  --autoplay       play games and print one line each, \"game I score N max T\n"
        "                   moves M ms_per_move X\", then how many games reached 2048,\n"
        "                   4096, 8192 and 16384, the median score and the median of\n"
        "                   the games' ms_per_move\n"
        "  --games K        with --autoplay, K games (default 1), at most 100000 at depth\n"
        "                   1, ten times fewer at each depth deeper (1000 at 3, 1 at 6);\n"
        "                   on a board larger than 4x4 a game stops at 10000 moves\n"
        "                   (\"stopped\" ends its line) and at most 1000, 20, 3, 2, 1, 1\n"
        "                   games are played at depths 1 to 6; game i, counting from 0,\n"
        "                   uses seed S+i, so it is the game 2048:NxN:s(S+i)\n"
        "  --depth D        with --autoplay, the slides searched ahead, 1 to 6 (default\n"
        "                   3); deeper plays better and slower\n";
_Static_assert(G2048_AI_MIN_DEPTH == 1 && TC_AUTOPLAY_MAX_DEPTH == 6 &&
                       TC_AUTOPLAY_MAX_DEPTH <= G2048_AI_MAX_DEPTH && G2048_AI_DEFAULT_DEPTH == 3,
               "tc_usage_2048 names the depths");

/* The keys, printed last. */
const char tc_usage_keys[] =
        "\n"
        "keys: arrows or hjkl move the cursor (zNumbers, Match-3, Sudoku), slide (2048)\n"
        "or run (N, also wasd); Enter or Space selects; 1-9 write a digit, m pencil marks\n"
        "(Sudoku); a autoplay (2048); the mouse clicks (menu, zNumbers, Match-3, Sudoku)\n"
        "or drags to slide (2048); s solution, H hint; u undo, U or Ctrl-R redo; r\n"
        "restart, n new game (or the next level), p pause, ? help with the game's keys,\n"
        "q or Esc back / quit.\n";

int tc_cli_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Options that take a value accept both "--opt value" and "--opt=value". */
static const char *take_value(int argc, char **argv, int *i, const char *name, char *err,
                              size_t errlen)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);
	if (arg[n] == '=')
		return arg + n + 1;
	if (*i + 1 >= argc) {
		tc_cli_fail(err, errlen, "%s needs a value", name);
		return NULL;
	}
	return argv[++*i];
}

static bool is_option(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

/* A whole number from lo to hi in plain digits: no sign, no spaces. */
static bool parse_int(const char *v, int lo, int hi, int *out)
{
	long n = 0;
	if (!*v)
		return false;
	for (const char *p = v; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		n = n * 10 + (*p - '0');
		if (n > hi) /* also keeps n far from overflowing */
			return false;
	}
	if (n < lo)
		return false;
	*out = (int)n;
	return true;
}

static int parse_theme(const char *v, struct tc_options *o, char *err, size_t errlen)
{
	static const struct {
		const char *name;
		enum tc_theme_choice choice;
	} themes[] = {{"auto", TC_THEME_AUTO},
	              {"256", TC_THEME_256},
	              {"16", TC_THEME_16},
	              {"8", TC_THEME_16},
	              {"mono", TC_THEME_MONO}};
	for (size_t i = 0; i < sizeof themes / sizeof themes[0]; i++)
		if (strcmp(v, themes[i].name) == 0) {
			o->theme = themes[i].choice;
			return 0;
		}
	return tc_cli_fail(err, errlen, "--theme must be auto, 256, 16 or mono, not '%s'", v);
}

static int parse_difficulty(const char *v, struct tc_options *o, char *err, size_t errlen)
{
	for (int r = 0; r < SDK_RATING_COUNT; r++)
		if (strcmp(v, sdk_rating_name((enum sdk_rating)r)) == 0) {
			o->difficulty = r;
			o->has_difficulty = true;
			return 0;
		}
	return tc_cli_fail(err, errlen,
	                   "--difficulty must be simple, easy, intermediate or expert, not '%s'",
	                   v);
}

static int parse_stage(const char *v, struct tc_options *o, char *err, size_t errlen)
{
	for (int s = SDK_LATIN; s <= SDK_CLASSIC; s++)
		if (strcmp(v, sdk_stage_name((enum sdk_stage)s)) == 0) {
			o->stage = s;
			o->has_stage = true;
			return 0;
		}
	return tc_cli_fail(err, errlen, "--stage must be latin or classic, not '%s'", v);
}

bool tc_cli_number(const char *text, int64_t *id)
{
	if (*text == '#')
		text++;
	if (*text < '1' || *text > '9')
		return false;
	char *end;
	errno = 0;
	long long n = strtoll(text, &end, 10);
	if (errno != 0 || *end != '\0')
		return false;
	*id = n;
	return true;
}

/* --join ID, --watch ID: a race's number. */
static int race_id(const char *option, const char *v, int64_t *id, char *err, size_t errlen)
{
	if (tc_cli_number(v, id))
		return 0;
	return tc_cli_fail(err, errlen, "%s takes a race's number (as #ID in %s), not '%.40s'",
	                   option, tc_policy_where("tilecade races", "ssh HOST races"), v);
}

/* --time-limit T: minutes ("5"), or a number with s, m or h ("90s", "5m", "1h"). */
static int parse_time_limit(const char *v, struct tc_options *o, char *err, size_t errlen)
{
	size_t digits = strspn(v, "0123456789");
	const char *unit = v + digits;
	if (digits == 0 || digits > 9 || (*unit && (!strchr("smh", *unit) || unit[1])))
		return tc_cli_fail(err, errlen,
		                   "--time-limit must be minutes (5) or a number with s, m or h "
		                   "(90s, 5m, 1h), not '%.40s'",
		                   v);
	int64_t ms = strtoll(v, NULL, 10) * (*unit == 's' ? 1000 : *unit == 'h' ? 3600000 : 60000);
	if (ms < TC_RACE_LIMIT_MIN_MS || ms > TC_RACE_LIMIT_MAX_MS)
		return tc_cli_fail(err, errlen, "--time-limit must be from 10s to 24h, not '%s'",
		                   v);
	o->time_limit_ms = ms;
	return 0;
}

static int parse_option(int argc, char **argv, int *i, struct tc_options *o, char *err,
                        size_t errlen);

/* Whether name alone is an option that takes no value (--no-anim): tried on a scratch copy. */
static bool is_flag(const char *name)
{
	char copy[32];
	if (strlen(name) >= sizeof copy)
		return false;
	strcpy(copy, name);
	char *argv[] = {"tilecade", copy, NULL};
	int i = 1;
	struct tc_options scratch = {0};
	char err[160];
	return parse_option(2, argv, &i, &scratch, err, sizeof err) == 0;
}

static int parse_option(int argc, char **argv, int *i, struct tc_options *o, char *err,
                        size_t errlen)
{
	const char *arg = argv[*i];
	const char *v;
	if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
		o->help = true;
	} else if (strcmp(arg, "--version") == 0 || strcmp(arg, "-V") == 0) {
		o->version = true;
	} else if (strcmp(arg, "--no-anim") == 0) {
		o->no_anim = true;
	} else if (is_option(arg, "--size")) {
		if (!(v = take_value(argc, argv, i, "--size", err, errlen)))
			return -1;
		o->size = v;
	} else if (is_option(arg, "--seed")) {
		if (!(v = take_value(argc, argv, i, "--seed", err, errlen)))
			return -1;
		if (tc_parse_seed(v, &o->seed) != 0)
			return tc_cli_fail(
			        err, errlen,
			        "--seed must be a whole number from 0 to 2^64-1, not '%s'", v);
		o->has_seed = true;
	} else if (is_option(arg, "--id")) {
		if (!(v = take_value(argc, argv, i, "--id", err, errlen)))
			return -1;
		o->id = v;
	} else if (is_option(arg, "--moves")) {
		if (!(v = take_value(argc, argv, i, "--moves", err, errlen)))
			return -1;
		o->moves = v;
	} else if (is_option(arg, "--attempts")) {
		if (!(v = take_value(argc, argv, i, "--attempts", err, errlen)))
			return -1;
		if (!parse_int(v, ZN_MIN_ATTEMPTS, ZN_MAX_ATTEMPTS, &o->attempts))
			return tc_cli_fail(
			        err, errlen,
			        "--attempts must be a whole number from %d to %d, not '%s'",
			        ZN_MIN_ATTEMPTS, ZN_MAX_ATTEMPTS, v);
		o->has_attempts = true;
	} else if (is_option(arg, "--level")) {
		if (!(v = take_value(argc, argv, i, "--level", err, errlen)))
			return -1;
		/* The game may come after --level: its range is said once the game is known. */
		if (!parse_int(v, 1, TC_MAX_LEVEL, &o->level))
			o->level = 0;
		o->level_text = v;
		o->has_level = true;
	} else if (is_option(arg, "--count")) {
		if (!(v = take_value(argc, argv, i, "--count", err, errlen)))
			return -1;
		if (!parse_int(v, 1, TC_MAX_GENERATE, &o->count))
			return tc_cli_fail(err, errlen,
			                   "--count must be a whole number from 1 to %d, not '%s'",
			                   TC_MAX_GENERATE, v);
		o->has_count = true;
	} else if (is_option(arg, "--difficulty")) {
		if (!(v = take_value(argc, argv, i, "--difficulty", err, errlen)))
			return -1;
		return parse_difficulty(v, o, err, errlen);
	} else if (is_option(arg, "--stage")) {
		if (!(v = take_value(argc, argv, i, "--stage", err, errlen)))
			return -1;
		return parse_stage(v, o, err, errlen);
	} else if (is_option(arg, "--puzzle")) {
		if (!(v = take_value(argc, argv, i, "--puzzle", err, errlen)))
			return -1;
		o->puzzle = v;
	} else if (is_option(arg, "--mode")) {
		if (!(v = take_value(argc, argv, i, "--mode", err, errlen)))
			return -1;
		static const char *const modes[] = {"goals", "endless", "timed"};
		for (int m = 0; m < 3; m++)
			if (strcmp(v, modes[m]) == 0) {
				o->mode = m;
				o->has_mode = true;
			}
		if (!o->has_mode)
			return tc_cli_fail(err, errlen,
			                   "--mode must be goals, endless or timed, not '%s'", v);
	} else if (is_option(arg, "--types")) {
		if (!(v = take_value(argc, argv, i, "--types", err, errlen)))
			return -1;
		if (!parse_int(v, 4, 8, &o->types))
			return tc_cli_fail(err, errlen,
			                   "--types must be a whole number from 4 to 8, not '%s'",
			                   v);
		o->has_types = true;
	} else if (strcmp(arg, "--parse") == 0) {
		o->parse = true;
	} else if (strcmp(arg, "--check") == 0) {
		o->check = true;
	} else if (strcmp(arg, "--playable") == 0) {
		o->playable = true;
	} else if (is_option(arg, "--replay")) {
		if (!(v = take_value(argc, argv, i, "--replay", err, errlen)))
			return -1;
		if (!*v)
			return tc_cli_fail(err, errlen, "--replay needs a file");
		o->replay = v;
	} else if (strcmp(arg, "--autoplay") == 0) {
		o->autoplay = true;
	} else if (is_option(arg, "--games")) {
		if (!(v = take_value(argc, argv, i, "--games", err, errlen)))
			return -1;
		if (!parse_int(v, 1, TC_MAX_GENERATE, &o->games))
			return tc_cli_fail(err, errlen,
			                   "--games must be a whole number from 1 to %d, not '%s'",
			                   TC_MAX_GENERATE, v);
		o->has_games = true;
	} else if (is_option(arg, "--depth")) {
		if (!(v = take_value(argc, argv, i, "--depth", err, errlen)))
			return -1;
		if (!parse_int(v, G2048_AI_MIN_DEPTH, TC_AUTOPLAY_MAX_DEPTH, &o->depth))
			return tc_cli_fail(err, errlen,
			                   "--depth must be a whole number from %d to %d, not '%s'",
			                   G2048_AI_MIN_DEPTH, TC_AUTOPLAY_MAX_DEPTH, v);
		o->has_depth = true;
	} else if (is_option(arg, "--join")) {
		if (!(v = take_value(argc, argv, i, "--join", err, errlen)))
			return -1;
		return race_id("--join", v, &o->race_join, err, errlen);
	} else if (is_option(arg, "--watch")) {
		if (!(v = take_value(argc, argv, i, "--watch", err, errlen)))
			return -1;
		return race_id("--watch", v, &o->race_watch, err, errlen);
	} else if (is_option(arg, "--time-limit")) {
		if (!(v = take_value(argc, argv, i, "--time-limit", err, errlen)))
			return -1;
		return parse_time_limit(v, o, err, errlen);
	} else if (strcmp(arg, "--headless") == 0) {
		o->headless = true;
	} else if (strcmp(arg, "--swaps") == 0) {
		o->swaps = true;
	} else if (strcmp(arg, "--rate") == 0) {
		o->rate = true;
	} else if (strcmp(arg, "--generate") == 0) {
		o->generate = true;
	} else if (strcmp(arg, "--solve") == 0) {
		o->solve = true;
	} else if (strcmp(arg, "--continue") == 0) {
		o->resume = true;
	} else if (strcmp(arg, "--daily") == 0) {
		o->daily = true;
	} else if (is_option(arg, "--ghost")) {
		if (!(v = take_value(argc, argv, i, "--ghost", err, errlen)))
			return -1;
		if (!*v)
			return tc_cli_fail(err, errlen,
			                   "--ghost needs a recording's number (#N in %s) or best",
			                   tc_policy_where("tilecade scores", "ssh HOST scores"));
		o->ghost = v;
	} else if (is_option(arg, "--config")) {
		if (!(v = take_value(argc, argv, i, "--config", err, errlen)))
			return -1;
		if (!*v)
			return tc_cli_fail(err, errlen, "--config needs a path");
		o->config = v;
	} else if (is_option(arg, "--db")) {
		if (!(v = take_value(argc, argv, i, "--db", err, errlen)))
			return -1;
		if (!*v)
			return tc_cli_fail(err, errlen, "--db needs a path or a postgresql:// URL");
		o->db = v;
	} else if (is_option(arg, "--theme")) {
		if (!(v = take_value(argc, argv, i, "--theme", err, errlen)))
			return -1;
		o->has_theme = true;
		return parse_theme(v, o, err, errlen);
	} else {
		const char *eq = strchr(arg, '=');
		char name[32];
		if (eq && (size_t)(eq - arg) < sizeof name) {
			snprintf(name, sizeof name, "%.*s", (int)(eq - arg), arg);
			if (is_flag(name))
				return tc_cli_fail(err, errlen, "%s takes no value, not '%.40s'", name,
				                   eq + 1);
		}
		return tc_cli_fail(err, errlen, "unknown option '%.60s' (%s)", arg,
		                   tc_policy_where("see tilecade --help", "see: ssh HOST help"));
	}
	return 0;
}

/* The work one command asks for, once every option is read (they come in any order). */
static int check_work(const struct tc_options *o, char *err, size_t errlen)
{
	static const int games_max[TC_AUTOPLAY_MAX_DEPTH + 1] = {0,   100000, 10000, 1000,
	                                                         100, 10,     1};
	if (o->games > games_max[o->depth])
		return tc_cli_fail(err, errlen, "--games is at most %d at --depth %d, not %d",
		                   games_max[o->depth], o->depth, o->games);
	/* Sudoku's intermediate puzzles are the slow ones to make (2.6 ms each here; the others
	 * under 0.5 ms, 100000 in 50 s): at most some two minutes a run. */
	if (o->has_difficulty && o->difficulty == SDK_INTERMEDIATE &&
	    o->count > TC_MAX_INTERMEDIATE)
		return tc_cli_fail(err, errlen,
		                   "--count is at most %d with --difficulty intermediate (each "
		                   "puzzle takes longest to make), not %d",
		                   TC_MAX_INTERMEDIATE, o->count);
	if (o->playable && o->count > TC_MAX_PLAYABLE)
		return tc_cli_fail(
		        err, errlen,
		        "--count is at most %d with --playable (each level is searched), "
		        "not %d",
		        TC_MAX_PLAYABLE, o->count);
	return 0;
}

/* The options read so far, by name ("--count" of "--count=2"): one given twice is refused, as
 * the second would silently win over the first (--count 1 --count 2). */
struct seen_options {
	const char *names[64]; /* more distinct names than tilecade has: an unknown one stops first */
	size_t lengths[64];
	int count;
};

static bool seen_before(struct seen_options *seen, const char *arg)
{
	size_t len = strcspn(arg, "=");
	for (int k = 0; k < seen->count; k++)
		if (seen->lengths[k] == len && strncmp(seen->names[k], arg, len) == 0)
			return true;
	if (seen->count < 64) {
		seen->names[seen->count] = arg;
		seen->lengths[seen->count++] = len;
	}
	return false;
}

int tc_options_parse(int argc, char **argv, struct tc_options *o, char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	o->count = 1;
	o->games = 1;
	o->depth = G2048_AI_DEFAULT_DEPTH;
	struct seen_options seen = {.count = 0};
	for (int i = 1; i < argc; i++) {
		/* A number where one is wanted (replay -1) is told as a bad number, not an option. */
		bool number_wanted = (o->replaying && !o->recording) || (o->races && !o->race_number);
		bool negative = argv[i][0] == '-' && argv[i][1] >= '0' && argv[i][1] <= '9';
		if (argv[i][0] == '-' && argv[i][1] != '\0' && !(number_wanted && negative)) {
			if (seen_before(&seen, argv[i]))
				return tc_cli_fail(err, errlen, "%.*s is given twice; give it once",
				                   (int)strcspn(argv[i], "="), argv[i]);
			if (parse_option(argc, argv, &i, o, err, errlen) != 0)
				return -1;
		} else if (!o->game && !o->scores && !o->replaying && !o->race && !o->races &&
		           strcmp(argv[i], "race") == 0) {
			o->race = true; /* a command word; the game, if any, comes after it */
		} else if (!o->game && !o->scores && !o->race && strcmp(argv[i], "scores") == 0) {
			o->scores = true; /* a command word where a game would stand */
		} else if (!o->game && !o->scores && !o->replaying && !o->race &&
		           strcmp(argv[i], "replay") == 0) {
			o->replaying = true;
		} else if (o->replaying && !o->recording) {
			o->recording = argv[i];
		} else if (!o->game && !o->scores && !o->replaying && !o->live && !o->watch &&
		           !o->race && !o->races && strcmp(argv[i], "races") == 0) {
			o->races = true;
		} else if (o->races && !o->race_number) {
			o->race_number = argv[i];
		} else if (o->races) {
			return tc_cli_fail(err, errlen, "races takes one race's number, not also '%s'",
			                   argv[i]);
		} else if (!o->game && !o->scores && !o->replaying && !o->live && !o->watch &&
		           !o->race && (strcmp(argv[i], "live") == 0 || strcmp(argv[i], "watch") == 0)) {
			o->live = argv[i][0] == 'l';
			o->watch = !o->live;
		} else if (o->live) {
			return tc_cli_fail(err, errlen, "live takes no argument, not '%s'", argv[i]);
		} else if (o->watch && !o->player) {
			o->player = argv[i];
		} else if (o->watch) {
			return tc_cli_fail(err, errlen, "watch takes one player, not also '%s'",
			                   argv[i]);
		} else if (!o->game && !o->replaying) {
			o->game = argv[i];
		} else {
			return tc_cli_fail(err, errlen,
			                   o->replaying ? "unexpected argument '%s' (one recording "
			                                  "at a time)"
			                                : "unexpected argument '%s' (one game at a "
			                                  "time)",
			                   argv[i]);
		}
	}
	if (o->watch && (!o->player || !*o->player)) /* "" is no one's name */
		return tc_cli_fail(err, errlen, "watch needs a player: tilecade watch PLAYER");
	return check_work(o, err, errlen);
}
