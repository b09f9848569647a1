/* The settings in effect: the host's file, then the player's (or --config); the command line
 * wins over both. */
#ifndef TILECADE_CLI_SETTINGS_H
#define TILECADE_CLI_SETTINGS_H

#include <stddef.h>

#include "options.h"
#include "tilecade/config.h"
#include "tilecade/game.h"

/* Where a host's admin sets the shared scoreboard; TILECADE_SYSTEM_CONFIG overrides it, except
 * in a setgid program, where the player must not choose which file it writes. */
#define TC_SYSTEM_CONFIG "/etc/tilecade/config.ini"

struct tc_settings {
	struct tc_config config;
	char shared_scores[512]; /* from the host's file only */
	char notice[160];        /* the first warning, for the menu; "" for none */
};

/* Loads the host's file (root's: safe to read while the program is setgid). */
void tc_settings_load_host(struct tc_settings *s);
/* Then the player's file, over it (never the shared scoreboard's path). Both print their
 * warnings to stderr. Returns 0, or -1 with a reason when --config names a file that cannot be
 * read. */
int tc_settings_load_player(const struct tc_options *o, struct tc_settings *s, char *err,
                            size_t errlen);

/* Or, in the arcade, the player's own file at path (none there: the host's settings). */
void tc_settings_load_file(struct tc_settings *s, const char *path);

/* A game's parameters before the command line: its defaults, with the sizes the settings give. */
void tc_settings_game_params(const struct tc_settings *s, const struct tc_game *game, void *params);

/* The theme: --theme, else the settings. */
enum tc_theme_choice tc_settings_theme(const struct tc_settings *s, const struct tc_options *o);

#endif
