/* The N level browser (`tilecade ninja`, the menu's N): one level of N v1.4 drawn two columns a
 * tile, a legend and what the reachability check finds. n makes a new level (p: playable ones
 * only), o opens a level file, w saves the level to one, ? shows the keys, q goes back. */
#ifndef TILECADE_TUI_NLEVEL_VIEW_H
#define TILECADE_TUI_NLEVEL_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "event.h"
#include "tilecade/nlevel.h"

#define TC_NLV_PATH_MAX 256
#define TC_NLV_MAP_W (NL_COLS * 2 + 2) /* the map and its side borders */
#define TC_NLV_PANEL_W 16              /* the info panel beside the map, with its gap */

enum tc_nlv_prompt { TC_NLV_NO_PROMPT, TC_NLV_OPEN, TC_NLV_SAVE };

struct tc_nlevel_view {
	struct nl_level level;
	struct nl_level scratch; /* a level being parsed from a file */
	struct nl_reach reach;
	bool checked;  /* reach is valid (the level has a ninja) */
	bool playable; /* n makes playable levels */
	bool help_open;
	bool has_seed; /* the level came from the generator with this seed */
	uint64_t seed;
	char source[TC_NLV_PATH_MAX]; /* the file it came from, "" when generated */
	enum tc_nlv_prompt prompt;
	char input[TC_NLV_PATH_MAX]; /* what the player typed at the prompt (UTF-8) */
	char message[TC_NLV_PATH_MAX + 64];
	bool message_bad;
};

/* Shows a new level (seed 0: a fresh one), playable or not. */
void tc_nlevel_open(struct tc_nlevel_view *v, uint64_t seed, bool playable);
void tc_nlevel_draw(struct tc_nlevel_view *v);
/* Returns false when the player leaves the screen. */
bool tc_nlevel_event(struct tc_nlevel_view *v, const struct tc_event *ev);

#endif
