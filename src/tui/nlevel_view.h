/* The N level browser (`tilecade ninja`, the menu's N): one level of N v1.4 drawn two columns a
 * tile (more on a big screen), a legend and what the reachability check finds. Enter plays the
 * level, n makes a new level (p: playable ones only), o opens a level file, w saves the level
 * to one, i lists what the level holds that is not played, ? shows the keys, q goes back. */
#ifndef TILECADE_TUI_NLEVEL_VIEW_H
#define TILECADE_TUI_NLEVEL_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "event.h"
#include "nlevel_map.h"
#include "prompt.h"
#include "tilecade/ninja.h"
#include "tilecade/nlevel.h"

#define TC_NLV_PATH_MAX TC_PROMPT_MAX
#define TC_NLV_MAP_W TC_NLMAP_W /* the map and its side borders */

enum tc_nlv_prompt { TC_NLV_NO_PROMPT, TC_NLV_OPEN, TC_NLV_SAVE, TC_NLV_REPLACE };

/* The level's check (nl_check) runs after the level has been drawn once; so does the
 * generator on n, after a frame that says so (it may take seconds). */
enum tc_nlv_check { TC_NLV_CHECK_NONE, TC_NLV_CHECK_DRAW, TC_NLV_CHECK_RUN };

enum tc_nlv_result {
	TC_NLV_STAY,  /* still browsing */
	TC_NLV_LEAVE, /* back to the menu */
	TC_NLV_PLAY,  /* play the level shown (it has a ninja) */
};

struct tc_nlevel_view {
	struct nl_level level;
	struct nl_level scratch; /* a level being parsed from a file */
	struct nl_reach reach;
	bool checked; /* reach is valid (the level has a ninja) */
	enum tc_nlv_check check_state;
	enum tc_nlv_check generate_state; /* n: a new level, made as the check is run */
	bool playable; /* n makes playable levels */
	bool help_open;
	bool ignored_open;         /* the list of what the play leaves out (i) */
	struct nj_ignored ignored; /* of the level shown */
	bool has_seed;             /* the level came from the generator with this seed */
	uint64_t seed;
	bool seed_any; /* generated not made playable (its name says "any": nj_game_id) */
	char source[TC_NLV_PATH_MAX];        /* the file it came from, "" when generated */
	struct tc_prompt prompt;             /* kind: enum tc_nlv_prompt */
	int play_x0, play_x1, play_y;        /* where the "Enter play" hint is, for a click */
	char message[TC_NLV_PATH_MAX + 256]; /* a reason, what is not played, a path */
	size_t message_path;                 /* where the path at its end starts */
	bool message_bad;
};

/* Shows a new level (seed 0: a fresh one), playable or not. */
void tc_nlevel_open(struct tc_nlevel_view *v, uint64_t seed, bool playable);
void tc_nlevel_draw(struct tc_nlevel_view *v);
/* 0 when the check is due (the level has been drawn), otherwise -1. */
int tc_nlevel_next_frame(const struct tc_nlevel_view *v);
/* What the player chose. */
enum tc_nlv_result tc_nlevel_event(struct tc_nlevel_view *v, const struct tc_event *ev);
/* Shows a new level as n does (after a level was played: "n: next level"). */
void tc_nlevel_new_level(struct tc_nlevel_view *v);
/* A short name of the level shown: "seed 123" ("any seed 123" when not made playable) or the
 * file's name. */
void tc_nlevel_name(const struct tc_nlevel_view *v, char *buf, size_t len);

#endif
