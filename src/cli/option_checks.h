/* Which options go together (option_checks.c). */
#ifndef TILECADE_CLI_OPTION_CHECKS_H
#define TILECADE_CLI_OPTION_CHECKS_H

#include <stddef.h>

#include "options.h"

/* Options that do not go with game (a command-line name; NULL: none given) or with each other:
 * 0, or -1 with one line in err. */
int tc_cli_check_combinations(const struct tc_options *o, const char *game, char *err,
                              size_t errlen);
/* The same for Match-3's options and every game's --level alone. */
int tc_cli_check_match3(const struct tc_options *o, const char *game, char *err, size_t errlen);

/* The first option given that picks, plays or draws a game (all but --level, --db and
 * --config), for the commands that do none of that; NULL when there is none. */
const char *tc_cli_game_option(const struct tc_options *o);

/* The first option given that only N takes (its commands); NULL when there is none. */
const char *tc_cli_ninja_option(const struct tc_options *o);

#endif
