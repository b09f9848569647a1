/* The arcade's front door: a login becomes a player, a confined store and an ordinary command. */
#define _POSIX_C_SOURCE 200809L
#include "arcade.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arcade_identity.h"
#include "arcade_policy.h"
#include "arcade_request.h"
#include "catalog.h"
#include "command.h"
#include "error_line.h"
#include "race_command.h"
#include "races_command.h"
#include "replay_command.h"
#include "tilecade/players.h"

#define USAGE_ERROR 2

static const char arcade_help[] =
        "The tilecade arcade: what you may ask for (ssh -t HOST REQUEST)\n"
        "  (nothing)            the menu\n"
        "  GAME [options]       play a game as tilecade GAME does: 2048, znumbers, sudoku,\n"
        "                       match3, ninja; e.g. 2048 --seed 5, znumbers --level 3,\n"
        "                       sudoku --daily (a game's options but --db, --config,\n"
        "                       --replay and batch commands)\n"
        "  GAME --ghost N|best  race recording N (#N in scores), or the best recorded\n"
        "                       game of the game's board: its progress beside yours\n"
        "  continue             your most recently saved game\n"
        "  live                 the games in progress (no -t needed)\n"
        "  watch PLAYER         watch PLAYER's game as it is played\n"
        "  scores [GAME]        the arcade's scoreboards, each row's recording as #N\n"
        "  replay [N]           replay recording N; with --headless, print its outcome;\n"
        "                       without N, list the latest recordings (no -t needed)\n"
        "  race GAME [options]  open a race on a game (a game's options, and\n"
        "                       --time-limit T: 5 minutes, 90s, 1h): racers join in its\n"
        "                       lobby, Enter starts it, all play the same game\n"
        "  race --join ID       join race ID; race --watch ID watches every racer\n"
        "  races [ID]           the races not over, one a line; with ID, that race's\n"
        "                       board (no -t needed)\n"
        "  name NAME            pick your name without a terminal (once: names stay)\n"
        "  help                 this text\n";

/* The words a request may start with that are not games. */
static const char *const commands[] = {"continue", "live",  "watch", "scores", "replay",
                                       "races",    "race",  "name",  "help"};

static bool is_command(const char *word, const char *command)
{
	return word && strcmp(word, command) == 0;
}

static bool known_first_word(const char *word)
{
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
		if (is_command(word, commands[i]))
			return true;
	return tc_catalog_find(word) != NULL;
}

/* Whether the request draws on a terminal; `ssh HOST REQUEST` without -t has none. */
static bool needs_terminal(const struct tc_arcade_request *r)
{
	const char *first = r->argc > 1 ? r->argv[1] : NULL;
	if (is_command(first, "scores") || is_command(first, "live") || is_command(first, "name") ||
	    is_command(first, "races"))
		return false;
	if (is_command(first, "replay") && r->argc == 2)
		return false; /* the list */
	for (int i = 2; is_command(first, "replay") && i < r->argc; i++)
		if (strcmp(r->argv[i], "--headless") == 0)
			return false;
	return true;
}

static int refuse(const char *line)
{
	tc_cli_error(line);
	return USAGE_ERROR;
}

/* path's folder, made if missing (only the arcade's account may enter). */
static int make_folder(const char *path, char *err, size_t errlen)
{
	if (mkdir(path, 0700) != 0 && errno != EEXIST)
		return tc_cli_fail(err, errlen, "cannot make the arcade's folder %s: %s", path,
		                   strerror(errno));
	return 0;
}

/* The arcade's folder, $XDG_DATA_HOME/tilecade/arcade (beside a local player's database), made
 * with its players/ folder and the folders above. */
static int arcade_folder(char *buf, size_t len, char *err, size_t errlen)
{
	char db[360], players[512];
	if (tc_store_default_path(db, sizeof db) != 0)
		return tc_cli_fail(err, errlen, "the arcade's account has no home folder");
	*strrchr(db, '/') = '\0'; /* .../tilecade */
	snprintf(buf, len, "%s/arcade", db);
	snprintf(players, sizeof players, "%s/players/", buf);
	tc_store_make_parents(players);
	return make_folder(players, err, errlen);
}

/* The arcade's line for a request it cannot serve while its database is away. */
static const char unreachable[] = "the arcade's database cannot be reached; try again later";

/* The file that remembers on this host the name of the player with this key, so that the
 * player plays under it while the arcade's database is away: players/<id>/name, one line. */
static void remembered_path(const char *folder, const char *key, char *buf, size_t len)
{
	char id[TC_PLAYER_ID_LEN + 1];
	tc_player_id(key, id);
	snprintf(buf, len, "%s/players/%s/name", folder, id);
}

/* The name remembered on this host for key; false when none (or not a name). */
static bool name_remembered(const char *folder, const char *key, char *name, size_t len)
{
	char path[560], line[TC_PLAYER_NAME_MAX + 3] = "";
	remembered_path(folder, key, path, sizeof path);
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		return false;
	}
	bool read = fgets(line, sizeof line, f) != NULL;
	fclose(f);
	line[strcspn(line, "\n")] = '\0';
	if (!read || !tc_player_name_ok(line) || strlen(line) >= len)
		return false;
	snprintf(name, len, "%s", line);
	return true;
}

/* Remembers name for key on this host (only the arcade's account may read it), when it is not
 * remembered already. A failure costs only play while the database is away. */
static void remember_name(const char *folder, const char *key, const char *name)
{
	char path[560], kept[TC_PLAYER_NAME_MAX + 1], own[560];
	if (name_remembered(folder, key, kept, sizeof kept) && strcmp(kept, name) == 0)
		return;
	remembered_path(folder, key, path, sizeof path);
	snprintf(own, sizeof own, "%s", path);
	*strrchr(own, '/') = '\0';
	if (mkdir(own, 0700) != 0 && errno != EEXIST)
		return;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	dprintf(fd, "%s\n", name);
	close(fd);
}

/* `name NAME`: a new key gets the name; a known one is told its own. */
static int name_request(struct tc_store *arcade, const char *key, const char *known,
                        const struct tc_arcade_request *r)
{
	char line[200];
	if (r->argc != 3)
		return refuse("name takes one name: ssh HOST name NAME");
	const char *wanted = r->argv[2];
	if (*known) {
		if (strcmp(known, wanted) == 0)
			printf("you are %s on this arcade\n", known);
		else
			printf("you are %s on this arcade; names do not change\n", known);
		return strcmp(known, wanted) == 0 ? 0 : 1;
	}
	enum tc_player_result result = tc_players_add(arcade, key, wanted);
	if (result == TC_PLAYER_OK) {
		printf("you are %s on this arcade\n", wanted);
		return 0;
	}
	tc_arcade_name_refusal(result, wanted, line, sizeof line);
	tc_cli_error(line);
	return result == TC_PLAYER_BAD ? USAGE_ERROR : 1;
}

/* replay [N] [--headless], in either order (the number itself is checked as locally). */
static bool replay_words(const struct tc_arcade_request *r)
{
	int numbers = 0, headless = 0;
	for (int i = 2; i < r->argc; i++) {
		if (strcmp(r->argv[i], "--headless") == 0)
			headless++;
		else if (r->argv[i][0] != '-')
			numbers++;
		else
			return false;
	}
	return numbers <= 1 && headless <= 1;
}

/* scores [GAME [--level K | --level=K]]: a level is the level of the game named before it */
static bool scores_words(const struct tc_arcade_request *r)
{
	int i = 2;
	if (i == r->argc)
		return true;
	if (r->argv[i++][0] == '-')
		return false;
	if (i < r->argc && strncmp(r->argv[i], "--level=", 8) == 0)
		i++;
	else if (i + 1 < r->argc && strcmp(r->argv[i], "--level") == 0)
		i += 2;
	return i == r->argc;
}

/* The commands that are not games take only their own words in the arcade: the local options
 * they also take name files (--db, --config), and the local refusals would offer those. */
static const char *command_words_refused(const struct tc_arcade_request *r)
{
	const char *first = r->argc > 1 ? r->argv[1] : NULL;
	if (is_command(first, "continue") && r->argc > 2)
		return "continue takes nothing more: ssh -t HOST continue";
	if ((is_command(first, "live") || is_command(first, "help")) && r->argc > 2)
		return is_command(first, "live") ? "live takes nothing more: ssh HOST live"
		                                 : "help takes nothing more: ssh HOST help";
	if (is_command(first, "watch") && (r->argc != 3 || r->argv[2][0] == '-'))
		return "watch takes one player's name: ssh -t HOST watch PLAYER";
	if (is_command(first, "replay") && !replay_words(r))
		return "replay takes a recording's number, as scores shows it (#N), and maybe "
		       "--headless: ssh -t HOST replay N (ssh HOST replay lists the latest)";
	if (is_command(first, "scores") && !scores_words(r))
		return "scores takes a game and its --level K: ssh HOST scores [GAME [--level K]]";
	if (is_command(first, "races") && (r->argc > 3 || (r->argc == 3 && r->argv[2][0] == '-')))
		return "races takes a race's number, as races shows it (#N): ssh HOST races [ID]";
	return NULL;
}

/* Whether the request was refused for a byte in replay's or races' number (replay +1): then
 * err says that it is no recording's (race's) number, as it would of replay x. */
static bool split_refused_number(const struct tc_arcade_request *r, const char *first, char *err,
                                 size_t errlen)
{
	int w = r->refused_word;
	/* The number stands after the command or after --headless, not as an option's value
	 * (replay 1 --db /tmp/y is told of --db). */
	bool number = w >= 2 && r->argv[w][0] != '-' &&
	              (w == 2 || strcmp(r->argv[w - 1], "--headless") == 0);
	if (!(is_command(first, "replay") || is_command(first, "races")) || !number)
		return false;
	if (is_command(first, "races"))
		tc_races_bad_id(r->argv[w], err, errlen);
	else
		tc_replay_bad_id(r->argv[w], err, errlen);
	return true;
}

/* The options of the ordinary command the request asks for (`continue` is the local
 * --continue), checked against the policy. 0, or the exit status of a refusal (said). */
static int request_options(const struct tc_arcade_request *r, struct tc_options *o)
{
	static char continue_option[] = "--continue";
	char err[256];
	struct tc_arcade_request words = *r;
	const char *refused = command_words_refused(r);
	if (refused)
		return refuse(refused);
	if (words.argc > 1 && is_command(words.argv[1], "continue"))
		words.argv[1] = continue_option;
	if (tc_options_parse(words.argc, words.argv, o, err, sizeof err) != 0)
		return refuse(err);
	if (o->help || o->version)
		return refuse("see: ssh HOST help");
	if (tc_policy_refused_option(o, err, sizeof err))
		return refuse(err);
	int64_t number; /* a bad number is said before a missing terminal */
	if ((o->replaying && tc_replay_parse(o, &number, err, sizeof err) != 0) ||
	    (o->races && tc_races_parse(o, &number, err, sizeof err) != 0))
		return refuse(err);
	const struct tc_catalog_entry *game = o->game ? tc_catalog_find(o->game) : NULL;
	if (tc_race_check(o, game && game->browser, err, sizeof err) != 0) /* a race's words too */
		return refuse(err);
	return 0;
}

/* Names are unique in any case: `watch ann` is Ann's game. The word is changed in place (the
 * options point to it); the same length, as only the case differs. */
static void name_as_kept(struct tc_store *arcade, char *typed)
{
	char name[TC_PLAYER_NAME_MAX + 1];
	if (tc_players_name_as_kept(arcade, typed, name, sizeof name) == TC_PLAYER_OK &&
	    strlen(name) == strlen(typed))
		memcpy(typed, name, strlen(name));
}

/* The arcade's database: a PostgreSQL one when the arcade account's settings name one by its
 * URL ([storage] database), which every host of the arcade reaches and which keeps its players'
 * saves too; else arcade.db in its folder, beside players/<id>/tilecade.db for their saves. */
static const char *arcade_database(const char *folder, char *buf, size_t len)
{
	static struct tc_settings own;
	struct tc_options none = {0};
	char err[256];
	tc_settings_load_host(&own);
	if (tc_settings_load_player(&none, &own, err, sizeof err) == 0 &&
	    tc_store_is_url(own.config.database))
		return own.config.database;
	snprintf(buf, len, "%s/arcade.db", folder);
	return buf;
}

/* The ordinary command, with the player's own settings and database and the arcade's board. */
static int run_confined(const struct tc_options *o, const char *folder, struct tc_store *arcade,
                        const char *database, const char *key, const char *name)
{
	char err[256];
	char id[TC_PLAYER_ID_LEN + 1], own[480];
	tc_player_id(key, id);
	snprintf(own, sizeof own, "%s/players/%s", folder, id);
	if (make_folder(own, err, sizeof err) != 0) {
		tc_cli_error(err);
		tc_store_close(arcade);
		return 1;
	}
	static struct tc_settings settings;
	static struct tc_records records;
	tc_settings_load_host(&settings);
	snprintf(settings.shared_scores, sizeof settings.shared_scores, "%s", database);
	char config[640];
	snprintf(config, sizeof config, "%s/config.ini", own);
	tc_settings_load_file(&settings, config);
	snprintf(settings.config.database, sizeof settings.config.database, "%s/tilecade.db", own);
	snprintf(settings.config.player, sizeof settings.config.player, "%s", name);
	/* A database every host of the arcade reaches keeps the players' saves too. */
	tc_records_open_arcade(&records, arcade, tc_store_is_url(database) ? name : NULL);
	return tc_cli_command(o, &settings, &records);
}

int tc_arcade_main(void)
{
	char err[512] = "", key[TC_ARCADE_KEY_MAX], folder[400];
	tc_policy_confine();
	if (tc_arcade_key(key, sizeof key, err, sizeof err) != 0) {
		tc_cli_error(err);
		return 1;
	}
	struct tc_arcade_request r;
	/* A program's name says more than its arguments' characters ("cat /etc/passwd"). */
	bool split =
	        tc_arcade_request_split(getenv("SSH_ORIGINAL_COMMAND"), &r, err, sizeof err) == 0;
	const char *first = r.argc > 1 ? r.argv[1] : NULL;
	if (first && !known_first_word(first)) {
		char shown[64];
		tc_sanitize(first, shown, sizeof shown);
		snprintf(err, sizeof err, "'%s' is not something the arcade does (try: help)",
		         shown);
	}
	if (split_refused_number(&r, first, err, sizeof err) || !split ||
	    (first && !known_first_word(first)))
		return refuse(err);
	if (is_command(first, "help") && r.argc > 2)
		return refuse(command_words_refused(&r));
	if (is_command(first, "help")) {
		fputs(arcade_help, stdout);
		return 0;
	}
	/* Refusals first: a refused request writes nothing, not even the arcade's folder. */
	struct tc_options o;
	int refused = is_command(first, "name") ? 0 : request_options(&r, &o);
	if (refused)
		return refused;
	bool terminal = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	if (needs_terminal(&r) && !terminal)
		return refuse(first ? "this needs a terminal: ssh -t HOST ..."
		                    : "the menu needs a terminal: ssh -t HOST");
	if (arcade_folder(folder, sizeof folder, err, sizeof err) != 0) {
		tc_cli_error(err);
		return 1;
	}
	char path[512], notice[TC_STORE_NOTICE_MAX] = "";
	const char *database = arcade_database(folder, path, sizeof path);
	struct tc_store *arcade = tc_store_open(database, notice, sizeof notice);
	char name[TC_PLAYER_NAME_MAX + 1] = "";
	enum tc_player_result known = tc_players_name_of(arcade, key, name, sizeof name);
	int status = -1;
	/* The database away: a key known on this host plays under its remembered name (its games
	 * wait on this machine); nothing else can be served until the database is back. */
	bool away = known == TC_PLAYER_ERROR && tc_store_away(arcade);
	if (away && !is_command(first, "name") && name_remembered(folder, key, name, sizeof name))
		known = TC_PLAYER_OK;
	if (known == TC_PLAYER_ERROR) {
		const char *why = *notice ? notice : "the arcade's database cannot be read";
		tc_cli_error(away ? unreachable : why);
		status = 1;
	} else if (is_command(first, "name")) {
		status = name_request(arcade, key, name, &r);
	} else if (known == TC_PLAYER_UNKNOWN && !terminal) {
		tc_cli_error("this key is new here: pick a name first, ssh HOST name NAME");
		status = 1;
	} else if (known == TC_PLAYER_UNKNOWN &&
	           tc_arcade_ask_name(arcade, key, name, sizeof name, err, sizeof err) != 0) {
		if (*err)
			tc_cli_error(err);
		status = 1;
	}
	/* A name the database gave (or just took) is remembered for when it is away. */
	const char *learned = status < 0                                 ? name
	                      : status == 0 && is_command(first, "name") ? r.argv[2]
	                                                                 : "";
	if (tc_store_is_url(database) && tc_store_ok(arcade) && *learned)
		remember_name(folder, key, learned);
	if (status >= 0) {
		tc_store_close(arcade);
		return status;
	}
	if (is_command(first, "watch") && r.argc == 3)
		name_as_kept(arcade, r.argv[2]);
	return run_confined(&o, folder, arcade, database, key, name);
}
