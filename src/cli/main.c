/* tilecade's entry point: options, then either a batch command or the front end. */
#define _GNU_SOURCE /* setresgid */
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "app.h"
#include "arcade.h"
#include "arcade_policy.h"
#include "batch.h"
#include "catalog.h"
#include "command.h"
#include "error_line.h"
#include "file_save.h"
#include "ghost_command.h"
#include "ghost_race.h"
#include "help.h"
#include "keymap.h"
#include "ninja_records.h"
#include "option_checks.h"
#include "options.h"
#include "levels.h"
#include "live_command.h"
#include "race_command.h"
#include "race_ninja.h"
#include "records.h"
#include "races_command.h"
#include "replay_command.h"
#include "settings.h"
#include "term.h"
#include "tilecade/gameid.h"
#include "tilecade/live_net.h"
#include "tilecade/match3.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/races.h"
#include "tilecade/session.h"
#include "tilecade/store.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

#define USAGE_ERROR 2
/* The clashes told in the menu: its notice's lines hold about this much at 80 columns. */
#define MENU_CLASHES_BYTES 130

static int usage_error(const char *message)
{
	tc_cli_error(message);
	return USAGE_ERROR;
}

int tc_cli_usage_error(const char *message)
{
	return usage_error(message);
}

/* --puzzle: the puzzle goes into the parameters, so that its game ID plays it again. */
static int sudoku_puzzle_params(const struct tc_options *o, struct tc_params *params,
                                uint64_t *seed, char *err, size_t errlen)
{
	struct sdk_grid grid;
	char why[160], text[TC_GAMEID_MAX], cells[SDK_CELLS + 1];
	if (sdk_parse(o->puzzle, &grid, why, sizeof why) != 0)
		return tc_cli_fail(err, errlen, "--puzzle: %s", why);
	sdk_print(&grid, cells);
	for (int c = 0; c < SDK_CELLS; c++)
		cells[c] = cells[c] == '.' ? '0' : cells[c];
	enum sdk_stage stage = o->has_stage ? (enum sdk_stage)o->stage : SDK_CLASSIC;
	snprintf(text, sizeof text, "%s=%s", sdk_stage_name(stage), cells);
	if (sudoku_game.parse_params(text, params->bytes, why, sizeof why) != 0)
		return tc_cli_fail(err, errlen, "--puzzle: %s", why);
	*seed = 0;
	return 0;
}

/* --size "N" means NxN, "RxC" goes to the game as typed; the game explains what fits. */
static int parse_size(const char *size, const struct tc_game *game, void *params, char *err,
                      size_t errlen)
{
	size_t len = strlen(size);
	const char *x = strchr(size, 'x');
	/* Only digits and one 'x', so that no other parameter (zNumbers' "a60") slips in. */
	if (len == 0 || len > 9 || strspn(size, "0123456789x") != len || (x && strchr(x + 1, 'x')))
		return tc_cli_fail(err, errlen, "--size must be N or RxC in digits, not '%s'",
		                   size);
	char text[24], why[200];
	snprintf(text, sizeof text, x ? "%s" : "%sx%s", size, size);
	if (game->parse_params(text, params, why, sizeof why) != 0)
		return tc_cli_fail(err, errlen, "--size %s: %s", size, why);
	return 0;
}

/* match3's --mode, --level, --size and --types over the settings' parameters. */
static int match3_params(const struct tc_options *o, struct m3_params *p, uint64_t *seed, char *err,
                         size_t errlen)
{
	if (o->has_mode)
		p->mode = o->mode;
	if (o->has_level) {
		p->mode = M3_GOALS;
		p->level = o->level;
	}
	if (p->mode == M3_GOALS && p->level < 1)
		p->level = 1;
	if (p->mode != M3_GOALS || o->generate) {
		struct m3_params d;
		match3_game.default_params(&d);
		p->mode = p->mode == M3_TIMED ? M3_TIMED : M3_ENDLESS;
		p->level = 0;
		if (p->size < M3_MIN_SIZE || p->size > M3_MAX_SIZE)
			p->size = d.size;
		if (p->types < M3_MIN_TYPES || p->types > M3_MAX_TYPES)
			p->types = d.types;
	}
	if (o->size) {
		char *end;
		long n = strtol(o->size, &end, 10);
		if (*end == 'x' && strtol(end + 1, &end, 10) != n)
			n = 0;
		if (*end || !(o->size[0] >= '0' && o->size[0] <= '9') || n < M3_MIN_SIZE ||
		    n > M3_MAX_SIZE)
			return tc_cli_fail(
			        err, errlen,
			        "--size for match3 must be N (or NxN), %d to %d, not '%s'",
			        M3_MIN_SIZE, M3_MAX_SIZE, o->size);
		p->size = (int)n;
	}
	if (o->has_types)
		p->types = o->types;
	*seed = o->has_seed ? o->seed : tc_fresh_seed();
	return 0;
}

/* Fills params and seed from the options (--id has done so already). */
int tc_cli_resolve_params(const struct tc_options *o, const struct tc_settings *settings,
                          const struct tc_game *game, struct tc_params *params, uint64_t *seed,
                          char *err, size_t errlen)
{
	if (o->id)
		return 0;
	if (o->daily) { /* the same game for everyone, whatever the settings */
		tc_daily_params(game, params->bytes);
		*seed = tc_daily_seed(tc_daily_now());
		return 0;
	}
	tc_settings_game_params(settings, game, params->bytes);
	if (game == &match3_game)
		return match3_params(o, (struct m3_params *)params->bytes, seed, err, errlen);
	if (o->size && parse_size(o->size, game, params->bytes, err, errlen) != 0)
		return -1;
	if (game == &znumbers_game) {
		struct zn_params *p = (struct zn_params *)params->bytes;
		if (o->has_attempts)
			p->attempts = o->attempts;
		if (o->has_level)
			p->level = o->level;
	}
	if (game == &sudoku_game && o->puzzle) /* the game's own check: rules, one solution */
		return sudoku_puzzle_params(o, params, seed, err, errlen);
	if (game == &sudoku_game && o->has_level)
		sdk_level_params(o->level, (struct sdk_params *)params->bytes);
	if (game == &sudoku_game && (o->has_difficulty || o->has_stage)) {
		struct sdk_params *p = (struct sdk_params *)params->bytes;
		p->level = 0; /* a campaign level fixes both; these options ask for a puzzle */
		if (o->has_difficulty)
			p->rating = o->difficulty;
		if (o->has_stage)
			p->stage = o->stage;
	}
	*seed = o->has_seed ? o->seed : tc_fresh_seed();
	return 0;
}

/* The games an unknown one is told of, by the names the usage gives (N's as "ninja", its
 * command's name; "n" is taken too). */
static const char game_names[] = "znumbers, match3, sudoku, ninja, 2048";

/* The game the command line names, by name or by --id (which also gives params and seed). */
static int find_game(const struct tc_options *o, const struct tc_catalog_entry **entry,
                     const struct tc_game **game, struct tc_params *params, uint64_t *seed,
                     char *err, size_t errlen)
{
	*entry = NULL;
	*game = NULL;
	if (o->game) {
		*entry = tc_catalog_find(o->game);
		if (!*entry)
			return tc_cli_fail(err, errlen, "unknown game '%s' (games: %s)", o->game,
			                   game_names);
		*game = tc_game_find(o->game);
	}
	if (o->id) {
		if (tc_gameid_parse(o->id, game, params, seed, err, errlen) != 0)
			return -1;
		if (o->game && strcasecmp(o->game, (*game)->name) != 0)
			return tc_cli_fail(err, errlen, "--id '%s' is a %s game, not %s", o->id,
			                   (*game)->name, o->game);
		*entry = tc_catalog_find((*game)->name);
	}
	return 0;
}

/* ---- `tilecade scores [GAME] [--level K] [--db PATH]` (issue 4) ---- */

/* The player's own database: --db, else the settings, else the default path. A postgresql://
 * URL is taken as it is. */
static const char *own_database(const struct tc_options *o, const struct tc_settings *settings)
{
	return o->db ? o->db : *settings->config.database ? settings->config.database : NULL;
}

/* A database's file, whose folder a save must not overwrite: NULL for a database named by its
 * URL, which is no file of this machine (no path is made of it). */
static const char *file_of(const char *database)
{
	return tc_store_is_url(database) ? NULL : database;
}

/* The name the store keeps the game's boards under: N's are kept under its alias "ninja"
 * (ninja_records.h), the session games' under their own names. */
const char *tc_cli_board_game(const struct tc_catalog_entry *entry)
{
	return entry == tc_catalog_find(TC_NJ_GAME) ? TC_NJ_GAME : entry->name;
}

/* The name the scoreboards keep --level's level under ("level5", "goals-level5"): the one of
 * the parameters that play it. */
static void level_board(const struct tc_options *o, const struct tc_settings *settings,
                        const struct tc_game *game, char *buf, size_t len)
{
	struct tc_params params;
	uint64_t seed;
	char err[160];
	if (tc_cli_resolve_params(o, settings, game, &params, &seed, err, sizeof err) == 0)
		game->format_params(params.bytes, buf, len);
}

/* tc_cli_open_boards without a word: NULL, and why in notice, when the boards cannot be read. */
static struct tc_store *open_boards(const struct tc_options *o, const struct tc_settings *settings,
                                    const struct tc_records *records, struct tc_store **own,
                                    char notice[TC_STORE_NOTICE_MAX])
{
	struct tc_store *st = records->shared;
	*own = NULL;
	*notice = '\0';
	if (o->db || !st)
		st = *own = tc_store_open_to_read(own_database(o, settings), notice,
		                                  TC_STORE_NOTICE_MAX);
	if (!tc_store_ok(st)) {
		if (!*notice)
			snprintf(notice, TC_STORE_NOTICE_MAX, "%s", records->notice);
		tc_store_close(*own);
		return NULL;
	}
	return st;
}

/* The boards players see, to read: the one --db names, else the host's shared one, else their
 * own; *own is what to close after (NULL for the shared one). NULL, said on standard error, when
 * it cannot be read. */
struct tc_store *tc_cli_open_boards(const struct tc_options *o, const struct tc_settings *settings,
                                    const struct tc_records *records, struct tc_store **own)
{
	char notice[TC_STORE_NOTICE_MAX];
	if (!records->shared && *records->notice &&
	    !o->db) /* a shared board named but not usable */
		tc_cli_error(records->notice);
	struct tc_store *st = open_boards(o, settings, records, own, notice);
	if (!st)
		tc_cli_error(notice);
	return st;
}

/* Prints the scoreboards, or those of a game or of one of its levels. Exit status as for a batch
 * command: 2 for a bad command line, 1 when the database cannot be used. */
static int scores_command(const struct tc_options *o, const struct tc_settings *settings,
                          const struct tc_records *records)
{
	char err[TC_STORE_NOTICE_MAX + 64] = "";
	const struct tc_catalog_entry *entry = o->game ? tc_catalog_find(o->game) : NULL;
	const char *other = tc_cli_game_option(o);
	if (o->game && !entry)
		snprintf(err, sizeof err, "unknown game '%s' (games: %s)", o->game, game_names);
	else if (other)
		snprintf(err, sizeof err, "scores takes a game, --level and --db, not %s", other);
	else if (o->has_level && !entry) /* which game's level K is not guessed */
		snprintf(err, sizeof err,
		         "--level needs a game: tilecade scores znumbers|match3|sudoku --level K");
	else if (o->has_level) /* a game with levels, K one of them */
		(void)tc_cli_check_match3(o, tc_cli_board_game(entry), err, sizeof err);
	if (*err)
		return usage_error(err);
	const char *game = entry ? tc_cli_board_game(entry) : NULL;
	char level[32] = "";
	if (o->has_level)
		level_board(o, settings, entry->view->game, level, sizeof level);
	struct tc_store *own, *st = tc_cli_open_boards(o, settings, records, &own);
	if (!st)
		return 1;
	int status =
	        tc_batch_scores(st, game, o->has_level ? level : NULL, stdout, err, sizeof err);
	tc_store_close(own);
	if (status != 0)
		tc_cli_error(err);
	return status;
}

/* ---- end of the scores command ---- */

/* The recording `tilecade replay N` plays on screen (replay_command loads it); NULL for none. */
static struct tc_recording *recording_to_play;

/* `tilecade replay N`: the outcome printed (--headless), or the recording loaded for the
 * screen (TC_REPLAY_ON_SCREEN); `tilecade replay`: the latest recordings listed. Recordings are
 * where scores are: read as scores_command reads. */
static int replay_command(const struct tc_options *o, const struct tc_settings *settings,
                          const struct tc_records *records)
{
	static struct tc_recording recording;
	char err[TC_STORE_NOTICE_MAX + 64];
	int64_t id;
	if (tc_replay_parse(o, &id, err, sizeof err) != 0)
		return usage_error(err);
	struct tc_store *own, *st = tc_cli_open_boards(o, settings, records, &own);
	if (!st)
		return 1;
	int status = id == 0 ? tc_replay_list(st, stdout, err, sizeof err)
	                     : tc_replay_run(st, id, o->headless, &recording, err, sizeof err);
	tc_store_close(own);
	if (status == TC_REPLAY_ON_SCREEN)
		recording_to_play = &recording;
	else if (status != 0)
		tc_cli_error(err);
	return status;
}

static const char *live_folder(const struct tc_options *o, const struct tc_settings *settings,
                               const struct tc_records *records, char *buf, size_t len);

/* `tilecade races [ID]`: the races, or one's board, in the store that takes the scores, read
 * as scores_command reads it, its racers whose program is gone dropped through the live
 * folder. */
static int races_command(const struct tc_options *o, const struct tc_settings *settings,
                         const struct tc_records *records)
{
	char err[TC_STORE_NOTICE_MAX + 64];
	int64_t id;
	if (tc_races_parse(o, &id, err, sizeof err) != 0)
		return usage_error(err);
	struct tc_store *own, *st = tc_cli_open_boards(o, settings, records, &own);
	if (!st)
		return 1;
	char folder[PATH_MAX];
	const char *dir = live_folder(o, settings, records, folder, sizeof folder);
	int64_t now_ms = tc_race_now_ms();
	int status = id == 0 ? tc_races_list(st, dir, now_ms, stdout, err, sizeof err)
	                     : tc_races_board(st, dir, id, now_ms, stdout, err, sizeof err);
	tc_store_close(own);
	if (status != 0)
		tc_cli_error(err);
	return status;
}

/* The race --ghost asks for, loaded and checked before the terminal opens (the app takes both
 * over); NULL for none. */
static struct tc_ghost_race *ghost_to_race;
static struct tc_recording ghost_recording;

/* ---- `tilecade live` and `tilecade watch PLAYER` ---- */

/* The live place of the database that takes the scores (the host's shared board, else the
 * player's own) into buf: the folder beside it, or a PostgreSQL database itself (its URL:
 * tilecade/live_net.h, never shown); NULL when there is none. */
static const char *live_folder(const struct tc_options *o, const struct tc_settings *settings,
                               const struct tc_records *records, char *buf, size_t len)
{
	char err[160];
	bool shared = records->shared != NULL;
	const char *db = shared ? settings->shared_scores : own_database(o, settings);
	if (tc_store_is_url(db))
		return snprintf(buf, len, "%s", db) < (int)len ? buf : NULL;
	return tc_live_dir(db, shared, buf, len, err, sizeof err) == 0 ? buf : NULL;
}

/* The first option live and watch have no use for (watch draws: its --theme and --no-anim
 * are taken). */
static const char *option_not_for_live(const struct tc_options *o)
{
	struct tc_options rest = *o;
	if (o->watch)
		rest.no_anim = rest.has_theme = false;
	return o->has_level ? "--level" : tc_cli_game_option(&rest);
}

/* The socket `tilecade watch PLAYER` opens; NULL for none. */
static const char *watch_socket;

/* `live` prints and ends (the exit status); `watch` finds the game and leaves
 * watch_socket set for the terminal (-1), or ends. */
static int live_commands(const struct tc_options *o, const struct tc_settings *settings,
                         const struct tc_records *records)
{
	char err[256], dir[PATH_MAX];
	static char socket[32];
	const char *other = option_not_for_live(o);
	if (o->game)
		return tc_cli_fail(err, sizeof err, "%s takes no game, not '%s'",
		                   o->live ? "live" : "watch", o->game),
		       usage_error(err);
	if (other)
		return tc_cli_fail(err, sizeof err, "%s takes %s, not %s",
		                   o->live ? "live" : "watch",
		                   o->live ? "--db and --config"
		                           : "--db, --config, --theme and --no-anim",
		                   other),
		       usage_error(err);
	const char *folder = live_folder(o, settings, records, dir, sizeof dir);
	if (o->live)
		return tc_live_command(folder, stdout);
	if (tc_watch_find(folder, o->player, socket, sizeof socket, err, sizeof err) != 0) {
		tc_cli_error(err);
		return 1;
	}
	watch_socket = socket;
	return -1;
}

/* The replay `tilecade ninja --replay FILE` plays on screen (ninja_command loads it); NULL for
 * none. */
static const struct nj_replay *ninja_replay_to_play;

/* The last part of a path, as a short name for the screen. */
static const char *file_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

/* The level `tilecade --id ninja:seed:sS` plays (ninja_id_command rebuilds it) and its name;
 * NULL for none. */
static const struct nl_level *ninja_level_to_play;
static char ninja_level_name[64];

/* The game a race opened by `tilecade race GAME` plays: its name and game ID. */
static char race_game[16], race_game_id[TC_GAMEID_MAX];

/* The front end, on the game the command line names, the saved one, or the menu. */
static int play(const struct tc_options *o, const struct tc_settings *settings,
                struct tc_records *records, const struct tc_catalog_entry *entry,
                const struct tc_game *game, const struct tc_params *params, uint64_t seed)
{
	tc_records_open_own(records, own_database(o, settings), settings->config.player);
	/* A level the level list keeps locked (Match-3's goals, played in order) is locked here
	 * too: as in the list, the scoreboard tells, and without one every level is open. */
	struct tc_params defaults;
	if (o->has_level && entry && entry->view) {
		tc_settings_game_params(settings, game, defaults.bytes);
		if (tc_levels_locked(records, entry->view, o->level - 1, &defaults)) {
			char err[96];
			snprintf(err, sizeof err, "level %d opens once level %d is won", o->level,
			         o->level - 1);
			tc_records_close(records);
			return usage_error(err);
		}
	}
	tc_file_save_protect_folder_of(file_of(own_database(o, settings)));
	tc_file_save_protect_folder_of(file_of(settings->shared_scores));
	static char live_dir[PATH_MAX];
	char warn[160];
	tc_keymap_apply(settings->config.bindings, settings->config.binding_count, warn,
	                sizeof warn);
	/* A bound key that meant something else, shared or a game's own (Sudoku's digits): one
	 * line at the start, whole, and in the menu as much as its notice's lines hold. */
	char clashes[2048];
	int clash_count = tc_keymap_clashes(clashes, sizeof clashes);
	for (int i = 0; i < TC_CATALOG_SIZE; i++)
		if (tc_catalog[i].view)
			clash_count += tc_help_clashes(tc_catalog[i].title, tc_catalog[i].view->help,
			                               clashes, sizeof clashes);
	static char clashes_told[sizeof settings->notice];
	if (clash_count > 0)
		tc_cli_error(clashes);
	tc_keymap_clashes_cut(clashes, clash_count, MENU_CLASHES_BYTES, clashes_told,
	                      sizeof clashes_told);
	static struct tc_app_config cfg;
	cfg = (struct tc_app_config){
	        .animations = !o->no_anim && settings->config.animations,
	        .mouse = settings->config.mouse,
	        .theme = tc_settings_theme(settings, o),
	        .records = records,
	        .notice = *settings->notice ? settings->notice : *clashes_told ? clashes_told : NULL,
	        .resume = o->resume,
	        .ninja_replay = ninja_replay_to_play,
	        .ninja_replay_name = o->replay ? file_name(o->replay) : NULL,
	        .ninja_level = ninja_level_to_play,
	        .ninja_level_name = ninja_level_name,
	        .replay = recording_to_play,
	        .live_dir = live_folder(o, settings, records, live_dir, sizeof live_dir),
	        .watch_socket = watch_socket,
	        .ghost = ghost_to_race,
	        .ghost_recording = ghost_to_race ? &ghost_recording : NULL,
	};
	for (int i = 0; i < TC_CATALOG_SIZE; i++)
		if (tc_catalog[i].view)
			tc_settings_game_params(settings, tc_catalog[i].view->game,
			                        cfg.defaults[i].bytes);
	if (o->race) { /* opened or joined before the terminal is taken: refusals are a line */
		char why[256];
		int64_t id = tc_race_enter(o, records, cfg.live_dir, race_game, race_game_id, why,
		                           sizeof why);
		*(o->race_watch ? &cfg.race_watch : &cfg.race) = id;
		if (id == 0) {
			tc_records_close(records);
			tc_cli_error(why);
			return 1;
		}
	}
	if (!tc_term_present() && game == &g2048_game) { /* the one game with a batch mode */
		tc_records_close(records);
		tc_cli_error("needs a terminal on standard input and output (--moves plays "
		             "without one)");
		return 1;
	}
	struct tc_session *start = NULL;
	/* N's level browser (entry->browser) has no session: the app opens it from entry. */
	if (entry && entry->view && !(start = tc_session_new(game, params->bytes, seed, NULL))) {
		fprintf(stderr, "tilecade: out of memory\n");
		tc_records_close(records);
		return 1;
	}
	if (start && o->daily)
		tc_session_mark_daily(start);
	char err[256];
	char latest_game[32], latest[96];
	if (o->resume &&
	    !tc_records_latest(records, latest_game, sizeof latest_game, latest, sizeof latest)) {
		tc_records_close(records); /* said before the screen is taken over, not after */
		tc_cli_error("no saved game to continue");
		return 1;
	}
	int status = tc_app_run(&cfg, entry, start, err, sizeof err);
	tc_records_close(records);
	if (status != 0) {
		tc_cli_error(err);
		return 1;
	}
	return 0;
}

/* ---- `tilecade ninja --generate | --parse | --check | --solve | --replay FILE` ---- */

/* ninja_command's answer when the terminal should play: the level browser, or the replay
 * loaded. */
#define NINJA_PLAY (-1)

/* N has no session backend yet: its batch commands take the game's name as typed. */
static bool is_ninja(const char *game)
{
	return game && (strcasecmp(game, "ninja") == 0 || strcasecmp(game, "n") == 0);
}

/* The first option that has no meaning for ninja's batch commands. */
static const char *not_for_ninja(const struct tc_options *o)
{
	return o->size             ? "--size"
	       : o->id             ? "--id"
	       : o->moves          ? "--moves"
	       : o->has_attempts   ? "--attempts"
	       : o->has_level      ? "--level"
	       : o->rate           ? "--rate"
	       : o->puzzle         ? "--puzzle"
	       : o->has_difficulty ? "--difficulty"
	       : o->has_stage      ? "--stage"
	       : o->has_mode       ? "--mode"
	       : o->has_types      ? "--types"
	       : o->swaps          ? "--swaps"
	       : o->daily          ? "--daily"
	       : o->resume         ? "--continue"
	       : o->autoplay       ? "--autoplay"
	       : o->has_games      ? "--games"
	       : o->has_depth      ? "--depth"
	                           : NULL;
}

/* Whether more than one of ninja's commands is given; the first two go to a and b, to name. */
static bool two_ninja_commands(const struct tc_options *o, const char **a, const char **b)
{
	const char *given[6];
	int n = 0;
	if (o->generate)
		given[n++] = "--generate";
	if (o->parse)
		given[n++] = "--parse";
	if (o->check)
		given[n++] = "--check";
	if (o->solve)
		given[n++] = "--solve";
	if (o->replay)
		given[n++] = "--replay";
	if (o->ghost)
		given[n++] = "--ghost";
	if (n < 2)
		return false;
	*a = given[0];
	*b = given[1];
	return true;
}

/* `--replay FILE [--headless]`: the outcome printed, or the replay loaded for the terminal
 * (NINJA_PLAY). */
static int ninja_replay_command(const struct tc_options *o)
{
	char err[4400];
	if (o->headless) {
		int status = tc_batch_nj_headless(o->replay, stdout, err, sizeof err);
		if (status == 2)
			return usage_error(err);
		if (status != 0)
			tc_cli_error(err);
		return status;
	}
	static struct nj_replay replay; /* large: kept off the stack */
	if (tc_batch_nj_load(o->replay, &replay, err, sizeof err) != 0)
		return usage_error(err);
	ninja_replay_to_play = &replay;
	return NINJA_PLAY;
}

/* Runs a ninja batch command; the exit status, or NINJA_PLAY for the level browser or a
 * replay on screen, once the options are known to be N's. */
static int ninja_command(const struct tc_options *o)
{
	char err[256];
	const char *other = not_for_ninja(o);
	if (other)
		return tc_cli_fail(err, sizeof err, "%s is not for ninja", other), usage_error(err);
	const char *first, *second;
	if (two_ninja_commands(o, &first, &second))
		return tc_cli_fail(err, sizeof err, "%s and %s do not go together", first, second),
		       usage_error(err);
	if (o->headless && !o->replay)
		return usage_error("--headless needs --replay FILE: tilecade ninja --replay FILE "
		                   "--headless");
	if (o->replay && (o->has_count || o->has_seed || o->playable))
		return tc_cli_fail(err, sizeof err, "--replay plays the replay's level; drop %s",
		                   o->has_count  ? "--count"
		                   : o->has_seed ? "--seed"
		                                 : "--playable"),
		       usage_error(err);
	if (o->replay)
		return ninja_replay_command(o);
	if (!o->generate && (o->has_count || o->has_seed || o->playable))
		return tc_cli_fail(err, sizeof err, "%s needs --generate",
		                   o->has_count  ? "--count"
		                   : o->has_seed ? "--seed"
		                                 : "--playable"),
		       usage_error(err);
	if (o->ghost)
		return NINJA_PLAY; /* the recording's level, raced */
	if (o->generate) {
		uint64_t seed = o->has_seed ? o->seed : tc_fresh_seed();
		if (tc_batch_nl_generate(seed, o->count, o->playable, stdout, err, sizeof err) !=
		    0) {
			tc_cli_error(err);
			return 1;
		}
		return 0;
	}
	if (!o->solve && !o->parse && !o->check)
		return NINJA_PLAY; /* the level browser */
	int status = o->solve ? tc_batch_nj_solve(stdin, stdout, err, sizeof err)
	                      : tc_batch_nl_read(o->check, stdin, stdout, err, sizeof err);
	if (status == 2)
		return usage_error(err);
	return status;
}

/* `tilecade --id ninja:seed:sS` (or `tilecade ninja --id ID`): N's game ID, as scores,
 * recordings and the live listing show it, played again (its level rebuilt; a file's level,
 * named by its hash, from a recording of it in the store); the exit status of a refusal (another
 * game's ID, or no ID of N's), or NINJA_PLAY. */
static int ninja_id_command(const struct tc_options *o, const struct tc_settings *settings,
                            const struct tc_records *records)
{
	static struct nl_level level; /* large: kept off the stack */
	char err[256];
	/* `ninja --id` with another game's ID, or none: which it is, as for the other games. */
	const struct tc_game *other_game;
	struct tc_params params;
	uint64_t seed;
	if (!nj_game_id_is_run(o->id) &&
	    tc_gameid_parse(o->id, &other_game, &params, &seed, err, sizeof err) == 0)
		return tc_cli_fail(err, sizeof err, "--id '%s' is a %s game, not ninja", o->id,
		                   other_game->name),
		       usage_error(err);
	struct tc_options rest = *o;
	rest.id = NULL;
	const char *other = o->game && !is_ninja(o->game) ? o->game : tc_cli_game_option(&rest);
	if (other)
		return tc_cli_fail(err, sizeof err, "--id '%s' plays N's level alone, not with %s",
		                   o->id, other),
		       usage_error(err);
	if (nj_game_id_level(o->id, &level, ninja_level_name, sizeof ninja_level_name, err,
	                     sizeof err) != 0) {
		if (!nj_game_id_is_run(o->id))
			return usage_error(err);
		char notice[TC_STORE_NOTICE_MAX];
		struct tc_store *own, *st = open_boards(o, settings, records, &own, notice);
		bool recorded = st && tc_nj_recorded_level(st, o->id, &level, ninja_level_name,
		                                           sizeof ninja_level_name);
		tc_store_close(own);
		if (!recorded)
			return usage_error(err);
	}
	ninja_level_to_play = &level;
	return NINJA_PLAY;
}

/* ---- end of the ninja commands ---- */

/* ---- `tilecade race GAME [options] | --join ID | --watch ID` ---- */

/* The race of N's game ID (given back as scores and recordings show it, or in the spaced form
 * of before) into race_game_id, in today's form, so that it races with those opened by seed;
 * 0, or -1 with why in err (not N's ID, a level of a file, which other racers do not have). */
static int ninja_race_id(const char *id, char *err, size_t errlen)
{
	static struct nl_level level; /* large: kept off the stack */
	char name[64];
	if (nj_game_id_level(id, &level, name, sizeof name, err, errlen) != 0)
		return -1;
	nj_game_id(&level, name, race_game_id, sizeof race_game_id);
	return 0;
}

/* Checks the race's options, makes the game ID of the race to open (from the game's options as
 * `tilecade GAME` takes them), and opens the race's screens. */
static int race_command(const struct tc_options *o, struct tc_settings *settings,
                        struct tc_records *records)
{
	char err[256];
	bool ninja_id = o->id && nj_game_id_is_run(o->id);
	if (ninja_id && o->game && !is_ninja(o->game))
		return tc_records_close(records),
		       tc_cli_fail(err, sizeof err, "--id '%s' is N's game ID, not %s's", o->id,
		                   o->game),
		       usage_error(err);
	if (tc_race_check(o, is_ninja(o->game) || ninja_id, err, sizeof err) != 0)
		return tc_records_close(records), usage_error(err);
	if (is_ninja(o->game) || ninja_id) { /* a level every racer's program generates */
		char name[64];
		snprintf(race_game, sizeof race_game, "%s", TC_NJ_GAME);
		if (!o->id)
			tc_race_ninja_id(o->has_seed ? o->seed : tc_fresh_seed(), race_game_id,
			                 sizeof race_game_id, name, sizeof name);
		else if (ninja_race_id(o->id, err, sizeof err) != 0)
			return tc_records_close(records), usage_error(err);
	} else if (o->game || o->id) {
		const struct tc_catalog_entry *entry;
		const struct tc_game *game;
		struct tc_params params;
		uint64_t seed = 0;
		if (find_game(o, &entry, &game, &params, &seed, err, sizeof err) != 0 ||
		    tc_cli_check_combinations(o, entry->name, err, sizeof err) != 0 ||
		    tc_cli_resolve_params(o, settings, game, &params, &seed, err, sizeof err) != 0)
			return tc_records_close(records), usage_error(err);
		snprintf(race_game, sizeof race_game, "%s", game->name);
		tc_gameid_format(game, params.bytes, seed, race_game_id, sizeof race_game_id);
	}
	if (!tc_term_present()) { /* before the race is opened or joined: nothing is written */
		tc_records_close(records);
		tc_cli_error("a race needs a terminal on standard input and output");
		return 1;
	}
	return play(o, settings, records, NULL, NULL, NULL, 0);
}

/* A setgid tilecade gives up the games group for good; 0, or -1 (said) when it cannot. */
static int drop_games_group(void)
{
	gid_t gid = getgid();
	if (getegid() != gid && setresgid(gid, gid, gid) != 0) {
		fprintf(stderr, "tilecade: cannot drop the games group\n");
		return -1;
	}
	return 0;
}

/* A password in --db's URL is kept in a copy and overwritten in the arguments, which ps shows
 * to every user of the host (as mysql's client does); ~/.pgpass keeps it out of them at all. */
static void hide_db_password(struct tc_options *o)
{
	static char copy[1024];
	if (!o->db || !tc_store_is_url(o->db) || strlen(o->db) >= sizeof copy)
		return;
	snprintf(copy, sizeof copy, "%s", o->db);
	/* o->db points into argv (after "--db=" or as the next argument). */
	if (tc_store_url_blank_password((char *)o->db))
		o->db = copy;
}

static bool is_help_or_version(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0 ||
	       strcmp(arg, "--version") == 0 || strcmp(arg, "-V") == 0;
}

/* --help and --version print and exit after the words of a command (`tilecade 2048 --help`,
 * `tilecade replay 3 --version`, as the shell's completion offers them); another option, or a
 * word that names no game (`tilecade --version extra`), is a mistake said, never ignored. The
 * message in err, or NULL when the line is right. */
static const char *help_or_version_extra(int argc, char **argv, const struct tc_options *o,
                                         char *err, size_t errlen)
{
	if (!o->help && !o->version)
		return NULL;
	if (o->game && !tc_catalog_find(o->game)) {
		snprintf(err, errlen, "unknown game '%s' (games: %s)", o->game, game_names);
		return err;
	}
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-' && !is_help_or_version(argv[i])) {
			snprintf(err, errlen, "%s takes no other option, not %.40s",
			         o->help ? "--help" : "--version", argv[i]);
			return err;
		}
	return NULL;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	/* Characters follow the user's locale; numbers never do. Levels, replays and the batch
	 * output are text that must read the same on every machine (strtod and printf would take
	 * a comma for the decimal point under de_DE). */
	setlocale(LC_NUMERIC, "C");
	/* OpenSSH's forced command: the request comes in SSH_ORIGINAL_COMMAND, never here. */
	if (argc >= 2 && strcmp(argv[1], "arcade") == 0)
		return argc == 2 ? (drop_games_group() != 0 ? 1 : tc_arcade_main())
		                 : usage_error("arcade takes nothing more: sshd runs it as the "
		                               "ForceCommand, with the request in "
		                               "SSH_ORIGINAL_COMMAND");
	struct tc_options o;
	char err[256];
	if (tc_options_parse(argc, argv, &o, err, sizeof err) != 0)
		return usage_error(err);
	hide_db_password(&o);
	const char *extra = help_or_version_extra(argc, argv, &o, err, sizeof err);
	if (extra)
		return usage_error(extra);
	if (o.help) {
		fputs(tc_usage, stdout);
		fputs(tc_usage_sudoku, stdout);
		fputs(tc_usage_commands, stdout);
		fputs(tc_usage_race, stdout);
		fputs(tc_usage_match3, stdout);
		fputs(tc_usage_2048, stdout);
		fputs(tc_usage_keys, stdout);
		return 0;
	}
	if (o.version) {
		printf("tilecade %s\n", TC_VERSION);
		return 0;
	}
	/* A setgid program opens the host's shared scoreboard, named in root's settings file,
	 * and then drops the group for good, before it reads anything a player controls. */
	static struct tc_settings settings;
	static struct tc_records records;
	tc_settings_load_host(&settings);
	if (o.scores ||
	    !(o.generate || o.solve || o.rate || o.moves || o.swaps || o.parse || o.check))
		tc_records_open_shared(&records, settings.shared_scores);
	if (drop_games_group() != 0)
		return 1;
	if (tc_settings_load_player(&o, &settings, err, sizeof err) != 0)
		return usage_error(err);
	return tc_cli_command(&o, &settings, &records);
}

int tc_cli_command(const struct tc_options *opts, struct tc_settings *settings,
                   struct tc_records *records)
{
	const struct tc_options o = *opts;
	char err[256];
	if (o.race)
		return race_command(&o, settings, records);
	if (tc_race_check(&o, false, err, sizeof err) != 0) /* a race's option without race */
		return tc_records_close(records), usage_error(err);
	if (o.scores) { /* a command of its own: no game to set up, no terminal */
		int status = scores_command(&o, settings, records);
		tc_records_close(records);
		return status;
	}
	if (o.races) {
		int status = races_command(&o, settings, records);
		tc_records_close(records);
		return status;
	}
	if (o.replaying) {
		int status = replay_command(&o, settings, records);
		if (status != TC_REPLAY_ON_SCREEN) {
			tc_records_close(records);
			return status;
		}
		return play(&o, settings, records, NULL, NULL, NULL, 0);
	}
	if (o.live || o.watch) {
		int status = live_commands(&o, settings, records);
		if (status >= 0) {
			tc_records_close(records);
			return status;
		}
		return play(&o, settings, records, NULL, NULL, NULL, 0);
	}

	if (o.id && (nj_game_id_is_run(o.id) || is_ninja(o.game)) && !o.ghost) {
		int status = ninja_id_command(&o, settings, records);
		if (status != NINJA_PLAY)
			return tc_records_close(records), status;
		return play(&o, settings, records, NULL, NULL, NULL, 0);
	}
	if (is_ninja(o.game)) {
		int status = ninja_command(&o);
		if (status != NINJA_PLAY)
			return status;
	}
	if (tc_cli_ninja_option(&o) && !is_ninja(o.game))
		return tc_cli_fail(err, sizeof err, "%s is only for ninja: tilecade ninja %s",
		                   tc_cli_ninja_option(&o), tc_cli_ninja_option(&o)),
		       usage_error(err);

	const struct tc_catalog_entry *entry;
	const struct tc_game *game;
	struct tc_params params;
	uint64_t seed = 0;
	if (find_game(&o, &entry, &game, &params, &seed, err, sizeof err) != 0 ||
	    tc_cli_check_combinations(&o, entry ? entry->name : NULL, err, sizeof err) != 0)
		return usage_error(err);

	if (o.ghost) {
		int status = tc_ghost_command(&o, settings, records, entry, game, &params, seed,
		                              &ghost_to_race, &ghost_recording);
		if (status >= 0) {
			tc_records_close(records);
			return status;
		}
		return play(&o, settings, records, NULL, NULL, NULL, 0);
	}

	/* The batch commands need no terminal and no view, only the game's backend. */
	if (game == &sudoku_game && (o.solve || o.rate)) {
		int status = tc_batch_sdk_solve(o.has_stage ? (enum sdk_stage)o.stage : SDK_CLASSIC,
		                                o.rate, stdin, stdout, err, sizeof err);
		if (status == 2)
			return usage_error(err);
		return status;
	}
	if (o.swaps) {
		int status = tc_batch_m3_swaps(stdin, stdout, err, sizeof err);
		if (status == 2)
			return usage_error(err);
		return status;
	}
	if (o.solve) {
		int status = tc_batch_zn_solve(stdin, stdout, err, sizeof err);
		if (status == 2)
			return usage_error(err);
		return status;
	}
	if (game && tc_cli_resolve_params(&o, settings, game, &params, &seed, err, sizeof err) != 0)
		return usage_error(err);
	if (o.generate && game == &match3_game) {
		if (tc_batch_m3_generate((const struct m3_params *)params.bytes, seed, o.count,
		                         stdout, err, sizeof err) != 0) {
			tc_cli_error(err);
			return 1;
		}
		return 0;
	}
	if (o.generate && game == &sudoku_game) {
		if (tc_batch_sdk_generate((const struct sdk_params *)params.bytes, seed, o.count,
		                          stdout, err, sizeof err) != 0) {
			tc_cli_error(err);
			return 1;
		}
		return 0;
	}
	if (o.generate) {
		if (tc_batch_zn_generate((const struct zn_params *)params.bytes, seed, o.count,
		                         stdout, err, sizeof err) != 0) {
			tc_cli_error(err);
			return 1;
		}
		return 0;
	}
	if (o.moves) {
		if (tc_batch_2048((const struct g2048_params *)params.bytes, seed, o.moves, stdout,
		                  err, sizeof err) != 0)
			return usage_error(err);
		return 0;
	}

	if (o.autoplay) {
		if (tc_batch_2048_autoplay_check((const struct g2048_params *)params.bytes, o.games,
		                                 o.depth, err, sizeof err) != 0)
			return usage_error(err);
		if (tc_batch_2048_autoplay((const struct g2048_params *)params.bytes, seed, o.games,
		                           o.depth, stdout, err, sizeof err) != 0) {
			tc_cli_error(err);
			return 1;
		}
		return 0;
	}
	if (entry && !entry->view && !entry->browser) {
		snprintf(err, sizeof err, "%s is not available in this version", entry->title);
		return usage_error(err);
	}
	return play(&o, settings, records, entry, game, &params, seed);
}
