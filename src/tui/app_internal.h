/* The app's insides (app.c), shared with the file that keeps its races (app_race.c): the
 * screens the app holds, and what each file calls of the other. */
#ifndef TILECADE_TUI_APP_INTERNAL_H
#define TILECADE_TUI_APP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app.h"
#include "input.h"
#include "levels.h"
#include "live_share.h"
#include "menu.h"
#include "ninja_play.h"
#include "nlevel_view.h"
#include "play.h"
#include "race_list.h"
#include "race_lobby.h"
#include "race_run.h"
#include "race_watch.h"
#include "records.h"
#include "replace_ask.h"
#include "replay_view.h"
#include "scores_view.h"
#include "watch.h"
#include "watch_list.h"

struct app {
	const struct tc_app_config *cfg;
	struct tc_menu menu;
	struct tc_levels levels;
	bool choosing_level; /* the level-select screen is up */
	struct tc_scores_view scores;
	bool viewing_scores;
	struct tc_nlevel_view nlevels; /* N's level browser (N is no session game) */
	bool viewing_nlevels;
	struct tc_ninja_play *ninja; /* N's play screen over what opened it, or NULL */
	bool ninja_from_browser;     /* leaving it goes back to the screen under it (the browser,
	                              * Scores), else to the menu */
	bool ninja_quits;            /* a replay from the command line: leaving it quits */
	struct tc_play *play;        /* NULL while in the menu or choosing a level */
	const struct tc_catalog_entry *playing;
	struct tc_records *records;
	struct tc_replay *replay; /* the replay screen over Scores, or NULL */
	bool replay_quits;        /* opened from the command line: leaving it quits */
	struct tc_live_share *share; /* the games played, published; NULL for none */
	struct tc_watch watch;       /* another player's game, while watching */
	bool watching;
	bool watch_quits; /* started by `tilecade watch PLAYER`: leaving it quits */
	struct tc_watch_list watch_list; /* the menu's Watch: watching goes back to it */
	bool viewing_watch_list;
	struct tc_race_lobby lobby; /* a race's lobby and countdown */
	bool in_lobby;
	struct tc_race_run race; /* the race the game played is in */
	bool racing;
	bool race_quits; /* the race came from the command line: leaving it quits */
	struct tc_race_watch *race_watch; /* a race watched, or NULL */
	bool race_watch_quits;            /* watched from the command line: leaving it quits */
	struct tc_ghost_race *ghost; /* the game played (or N's run) races it; NULL for none */
	struct tc_race_list race_list;    /* the menu's Race: its lobbies, games and watches go
	                                   * back to it */
	bool viewing_race_list;
	/* A new game asked for that would replace a game in progress: it waits for the answer.
	 * pending: the session to start (NULL for the level N's browser shows). */
	struct tc_replace_ask replace;
	const struct tc_catalog_entry *pending_entry;
	struct tc_session *pending;
	struct tc_save_info menu_continue; /* the save the menu's Continue names, as read then */
};

/* ---- app.c ---- */

/* Game s of entry e (a fresh one of the player's options when s is NULL, taken over) on the
 * play screen, recorded. */
void tc_app_start_game(struct app *a, const struct tc_catalog_entry *e, struct tc_session *s);
/* N's play screen np (NULL: none) opens over the browser or Scores (from_browser: leaving it
 * goes back there), else over the menu. */
void tc_app_open_ninja(struct app *a, struct tc_ninja_play *np, bool from_browser);

/* ---- app_race.c ---- */

/* A race's lobby, and the game of a race once it has started. */
void tc_app_open_lobby(struct app *a, int64_t id);
/* An event for the lobby; false when the program should end. */
bool tc_app_handle_lobby(struct app *a, const struct tc_event *ev);
/* The lobby's race has started: its game, from its game ID, for everyone the same. */
void tc_app_begin_race_game(struct app *a);
/* After the game changed, or time passed: its end to the race, the time limit to the game. */
void tc_app_follow_race(struct app *a);
/* The racer leaves the game of the race: for good, unless the program ends with it (a
 * dropped racer, who may come back). */
void tc_app_leave_race(struct app *a, enum tc_racer_outcome how);
/* A game continued: back into its race when it was dropped from one still running. */
void tc_app_back_into_race(struct app *a, const char *game_id);
/* The race the saved game is in while it runs (its racer dropped from it), 0 for none, from
 * the save's line: its game ID starts it (records.c), or for N's run, the level's name after
 * "N " (ninja_records.c). */
int64_t tc_app_race_of_save(struct app *a, const char *game, const char *summary);

/* The game of race's recording rec, played against its ghost: race and rec are taken over.
 * False with why in err when it cannot be played. */
bool tc_app_start_ghost_race(struct app *a, struct tc_ghost_race *race, struct tc_recording *rec,
                             bool over_scores, char *err, size_t errlen);
/* g on a row of Scores: its game, raced against its recording. */
void tc_app_ghost_from_scores(struct app *a);

/* Watches race id over the screen it is opened from (quits: leaving it ends the program);
 * false, with why in err, when the race cannot be watched. */
bool tc_app_watch_race(struct app *a, int64_t id, bool quits, char *err, size_t errlen);
/* An event for the race watch screen; false when the program should end. */
bool tc_app_handle_race_watch(struct app *a, const struct tc_event *ev, uint64_t now);
/* An event for the menu's Race: a race joined, watched or opened comes back here. */
bool tc_app_handle_race_list(struct app *a, const struct tc_event *ev);

#endif
