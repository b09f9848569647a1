/* The ordinary commands, once the options are parsed and the settings and records are set up:
 * main's for a local tilecade, the arcade's for a player logged in over SSH. */
#ifndef TILECADE_CLI_COMMAND_H
#define TILECADE_CLI_COMMAND_H

#include "options.h"
#include "records.h"
#include "settings.h"

/* Runs the command o names (a batch command, scores, a game, the menu) with these settings and
 * records (open shared; the player's own opened here); closes the records. The exit status. */
int tc_cli_command(const struct tc_options *o, struct tc_settings *settings,
                   struct tc_records *records);

/* The first option given that picks, plays or draws a game (all but --level, --db and
 * --config), for the commands that do none of that; NULL when there is none. */
const char *tc_cli_game_option(const struct tc_options *o);

#endif
