/* `tilecade GAME [options] --ghost N|best` (issue 19): the recording raced, loaded and checked
 * before the terminal opens. */
#ifndef TILECADE_CLI_GHOST_COMMAND_H
#define TILECADE_CLI_GHOST_COMMAND_H

#include <stdint.h>

#include "catalog.h"
#include "ghost_race.h"
#include "options.h"
#include "records.h"
#include "settings.h"
#include "tilecade/recordings.h"

/* Loads and checks the race --ghost asks for into *to_race and *recording (which the app takes
 * over) and returns -1: play it; or returns the exit status, said: 2 for options that do not fit
 * the recording, 1 when there is none to race. game is GAME's (NULL for N and without GAME);
 * params and seed those of --id. */
int tc_ghost_command(const struct tc_options *o, const struct tc_settings *settings,
                     const struct tc_records *records, const struct tc_catalog_entry *entry,
                     const struct tc_game *game, const struct tc_params *params, uint64_t seed,
                     struct tc_ghost_race **to_race, struct tc_recording *recording);

#endif
