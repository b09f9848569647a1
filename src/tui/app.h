/* The front end's main loop: the menu and the game screen in one terminal session. */
#ifndef TILECADE_TUI_APP_H
#define TILECADE_TUI_APP_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"
#include "ghost_race.h"
#include "options.h"
#include "records.h"
#include "tilecade/ninja.h"
#include "tilecade/recordings.h"

struct tc_app_config {
	bool animations;
	bool mouse;
	enum tc_theme_choice theme;
	struct tc_records *records;                 /* open already: the saves and scores */
	struct tc_params defaults[TC_CATALOG_SIZE]; /* of a game started from the menu */
	const char *notice; /* a line for the menu (a settings warning); NULL for none */
	bool resume;        /* start with the most recent saved game */
	/* N: open the play screen playing back this replay (tilecade ninja --replay FILE); NULL
	 * for none. */
	const struct nj_replay *ninja_replay;
	const char *ninja_replay_name; /* its name on screen: the file's */
	/* N: play this level at once (tilecade --id ninja:seed:sS), named ninja_level_name;
	 * NULL for none. */
	const struct nl_level *ninja_level;
	const char *ninja_level_name;
	/* Open the replay screen on this recording (tilecade replay N, checked by tc_replay_open;
	 * taken over), and quit when it is left; NULL for none. */
	struct tc_recording *replay;
	/* The live folder (tilecade/live_net.h) where the games played are shared, and watched
	 * from; NULL for none. */
	const char *live_dir;
	/* Watch the game on this socket of live_dir at once (tilecade watch PLAYER): leaving it
	 * quits. NULL for none. */
	const char *watch_socket;
	/* The race to take part in (tilecade race ..., opened or joined already in the store
	 * that takes the scores): its lobby opens, or its game when it runs already; leaving it
	 * quits. 0 for none. */
	int64_t race;
	/* Watch this race at once (tilecade race --watch ID, found in the store already): leaving
	 * it quits. 0 for none. */
	int64_t race_watch;
	/* Race this ghost (tilecade GAME --ghost N) in the game of its recording, ghost_recording:
	 * both taken over. NULL for none. */
	struct tc_ghost_race *ghost;
	struct tc_recording *ghost_recording;
};

/* Runs until the player quits. With start (whose ownership passes here) the game of `entry`
 * opens at once, with cfg->resume the saved game, otherwise the menu. Returns 0, or -1 with a
 * reason when the terminal cannot be used or there is no saved game to resume. */
int tc_app_run(const struct tc_app_config *cfg, const struct tc_catalog_entry *entry,
               struct tc_session *start, char *err, size_t errlen);

#endif
