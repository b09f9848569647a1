/* What a player may reach: the one place that decides it. A local player may name any file
 * (--db, --config, N's level `o` and `w`, a replay's `w`); an arcade's player is confined to the
 * store the arcade gives them, and the front end's few spots that name files ask here first.
 * Games and views know nothing of it. */
#ifndef TILECADE_CLI_ARCADE_POLICY_H
#define TILECADE_CLI_ARCADE_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "options.h"

/* From now on the player names no files (the arcade calls it first). */
void tc_policy_confine(void);

/* Whether the player may name a file to open or save; false with one line in why. */
bool tc_policy_files_allowed(char *why, size_t len);

/* The words that send the player on where they are: `arcade` ("ssh HOST live") for a confined
 * player, who cannot run tilecade, `local` ("tilecade live") for anyone else. */
const char *tc_policy_where(const char *local, const char *arcade);

/* Whether option (e.g. "--config") names a file: its value is the arcade's to choose. */
bool tc_policy_file_option(const char *option);

/* Why option (tc_policy_file_option) is not taken, as one line in err. */
void tc_policy_file_refusal(const char *option, char *err, size_t errlen);

/* The first option given that a confined player may not use, with why, as one line in err;
 * NULL (err untouched) when all may be used or the player is not confined. */
const char *tc_policy_refused_option(const struct tc_options *o, char *err, size_t errlen);

#endif
