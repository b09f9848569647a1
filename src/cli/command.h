/* The ordinary commands, once the options are parsed and the settings and records are set up:
 * main's for a local tilecade, the arcade's for a player logged in over SSH. */
#ifndef TILECADE_CLI_COMMAND_H
#define TILECADE_CLI_COMMAND_H

#include "catalog.h"
#include "options.h"
#include "records.h"
#include "settings.h"

/* Runs the command o names (a batch command, scores, a game, the menu) with these settings and
 * records (open shared; the player's own opened here); closes the records. The exit status. */
int tc_cli_command(const struct tc_options *o, struct tc_settings *settings,
                   struct tc_records *records);

/* Shared by the commands main.c hands on to (ghost_command.c): */
/* Says message on one line and returns the usage error's exit status, 2. */
int tc_cli_usage_error(const char *message);
/* The parameters and seed of game the options (and the settings' defaults) ask for: 0, or -1
 * with why in err. */
int tc_cli_resolve_params(const struct tc_options *o, const struct tc_settings *settings,
                          const struct tc_game *game, struct tc_params *params, uint64_t *seed,
                          char *err, size_t errlen);
/* The name the store keeps entry's boards under (N's "ninja"). */
const char *tc_cli_board_game(const struct tc_catalog_entry *entry);
/* The boards players see, to read: the one --db names, else the host's shared one, else their
 * own; *own is what to close after (NULL for the shared one). NULL, said on standard error,
 * when it cannot be read. */
struct tc_store *tc_cli_open_boards(const struct tc_options *o, const struct tc_settings *settings,
                                    const struct tc_records *records, struct tc_store **own);

#endif
