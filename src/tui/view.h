/* What the front end knows of one game: how to draw its position and what its own keys and
 * clicks do. Everything shared (status lines, undo, restart, help, pause, win and loss
 * messages, confirmations) is done once by the play screen around it. */
#ifndef TILECADE_TUI_VIEW_H
#define TILECADE_TUI_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "event.h"
#include "grid_layout.h"
#include "overlay.h"
#include "tilecade/session.h"

/* A number's macro as a string literal, for texts made at compile time (help lines). */
#define TC_TEXT_OF(n) #n
#define TC_TEXT(n) TC_TEXT_OF(n)

struct tc_help_line {
	const char *keys, *what;
};

struct tc_view {
	const struct tc_game *game;
	const struct tc_help_line *help; /* this game's own keys, ending with {NULL, NULL} */
	bool wasd_moves;                 /* w a s d are directions in this game */
	/* The view's own keys (not bound to an action) by which the computer plays or tells
	 * (2048's autoplay): a race refuses them, as it does the hint and the solution. */
	const char *assist_keys;
	bool keep_going;                 /* a won game may be played on */
	/* With keep_going: a key of the view's own (0: none) that also keeps a won game going,
	 * then does what it does (2048's a: autoplay plays on), and its words on the won box. */
	int keep_going_key;
	const char *keep_going_key_text;
	const char *lost_text;           /* why a lost game ended, e.g. "No moves left" */
	/* Optional: why this lost game ended when a game ends in more than one way ("Out of
	 * moves: goals ●6/25 ..."), in place of lost_text. */
	void (*why_lost)(const struct tc_session *s, char *buf, size_t len);
	bool asks_to_skip;               /* n on an unfinished level asks first, even with
	                                    nothing to lose (a campaign's levels) */
	bool solution_unranks;           /* s shows the solution: a ranked game asks first, and a
	                                    yes marks it TC_ASSIST_REVEAL before the view acts */
	bool solution_ends_game;         /* with solution_unranks: the solution is filled in and
	                                    ends the game, so s asks "Reveal...?" every time */
	/* A key of the view's own by which the computer plays the game (2048's a: autoplay), 0 for
	 * none: as for the solution, a ranked game asks first; the view marks the game when the
	 * computer plays in it. */
	int computer_player_key;
	/* A campaign: the first campaign_levels entries of level_entry, all to be won. */
	int campaign_levels;
	/* Optional: when the won position is a level of the campaign, the won box's title and a
	 * line on the campaign, from `open`: the campaign's levels the player has not won on the
	 * scoreboard (bit i for entry i; 0 when the campaign is complete, -1 when there is no
	 * scoreboard to tell), and its keys line (NULL: the usual); true. False otherwise. */
	bool (*campaign_won)(const struct tc_session *s, int open, char *title, size_t title_len,
	                     char *line, size_t line_len, const char **keys);
	/* Optional: the question n asks before skipping an unfinished level when it does not go
	 * to the next level ("Skip to an expert puzzle? (y/n)"), or NULL for the usual. */
	const char *(*skip_question)(const struct tc_session *s);

	void *(*create)(bool animations);
	void (*destroy)(void *view);
	/* The smallest area the board can be drawn in. */
	void (*min_size)(const struct tc_session *s, int *w, int *h);
	void (*draw)(void *view, const struct tc_session *s, struct tc_rect area, uint64_t now);
	/* A key of this game; returns true if it was used. */
	bool (*action)(void *view, struct tc_session *s, enum tc_action action,
	               const struct tc_event *ev, uint64_t now);
	/* A mouse event; returns true if it was used. */
	bool (*mouse)(void *view, struct tc_session *s, const struct tc_event *ev, uint64_t now);
	/* Milliseconds until the view wants another frame (an animation), or -1. */
	int (*next_frame)(void *view, uint64_t now);
	/* The position changed behind the view's back (undo, restart, resize): stop animating. */
	void (*reset)(void *view);

	/* Optional: Esc, which otherwise leaves the game, lets go of what the player holds (a
	 * picked tile); returns false when nothing was held. */
	bool (*cancel)(void *view);

	/* Optional: called before each frame, to play what the game's own clock decides (a timed
	 * game running out of time). */
	void (*tick)(void *view, struct tc_session *s, uint64_t now);

	/* Optional: what the view shows beyond the position, as a stream's TC_LIVE_VIEW value
	 * (zNumbers: bit 0, the solution pane is open; the cursor and the picked tile, see
	 * TC_SHOWN_CURSOR), for watchers and replays; and show, the same shown on a watcher's or a
	 * replay's view (which is never given keys: its hints name none). */
	uint32_t (*shown)(void *view);
	void (*show)(void *view, uint32_t shown);

	/* Optional: this game's part of the status line, e.g. "Level 3   Tiles left: 12"; shorter
	 * when narrow. */
	void (*describe)(void *view, const struct tc_session *s, bool narrow, char *buf,
	                 size_t len);

	/* Optional: every key and every mouse press on the play screen, before anything acts on it
	 * (the help, a question, the shared keys or this view's action): for what the view does
	 * on its own, such as 2048's autoplay, which any key but its own stops. */
	void (*input)(void *view, const struct tc_event *ev);

	/* Optional: whether describe's part counts the moves its own way (Match-3's moves left),
	 * so that the status line leaves out its count of moves played. */
	bool (*counts_moves)(const struct tc_session *s);

	/* Optional: whether describe's part shows the game's own clock (Match-3's time left), so
	 * that the status line leaves out the time played: one "Time" on the line. */
	bool (*keeps_time)(const struct tc_session *s);

	/* Optional: the view's own line for the bottom status bar (a hint, what autoplay does), or
	 * NULL; the play screen's questions and messages come first. */
	const char *(*message)(void *view);

	/* Optional: the inside of the board's frame as last drawn, where the play screen puts the
	 * won and lost boxes so that the frame stays whole; false when there is none. */
	bool (*board_inside)(void *view, struct tc_rect *inside);
	/* Optional: whether area holds all the view shows now (its board and an open pane of its
	 * own, such as zNumbers' solution): a race pane (tc_play_race) goes beside the board only
	 * when it leaves such an area, else under it as a ticker, else nowhere. NULL: the board's
	 * min_size is all. */
	bool (*fits)(void *view, const struct tc_session *s, struct tc_rect area);
	/* Optional: the board's tiles as last drawn, which the won and lost boxes cover whole or
	 * not at all (a box's edge through a tile showed half its number); false when none. */
	bool (*board_tiles)(void *view, struct tc_tiles *tiles);

	/* Optional: levels to choose from before playing (0: none, play at once). level_entry
	 * names entry i, gives a short detail, and sets the parameters that play it (they hold
	 * the player's defaults when it is called); a name left "" ends a list shorter than
	 * level_count (a pack whose size is known at run time). */
	int level_count;
	const char *level_word; /* what an entry is, for the list's title; NULL: "level" */
	bool level_on_row;      /* no list: the menu's row chooses the entry (2048's board sizes) */
	const char *daily_detail; /* the daily puzzle in a few words, for the Daily list */
	/* Optional: whether entry i opens only once the player has won entry i - 1 (the levels of
	 * Match-3's goals pack, played in order). */
	bool (*opens_after_previous)(int i);
	void (*level_entry)(int i, char *name, size_t name_len, char *detail, size_t detail_len,
	                    void *params);
};

/* Where the player's cursor and picked tile are, in a shown value: each cell's index + 1 in a
 * byte of its own (0: none), beside the view's own bits 0-7. A cursor move then costs a
 * TC_LIVE_VIEW event of about 7 bytes. */
#define TC_SHOWN_CURSOR(cell) ((((uint32_t)(cell) + 1) & 0xffu) << 8)
#define TC_SHOWN_PICKED(cell) ((((uint32_t)(cell) + 1) & 0xffu) << 16)
static inline int tc_shown_cursor(uint32_t shown)
{
	return (int)((shown >> 8) & 0xffu) - 1;
}
static inline int tc_shown_picked(uint32_t shown)
{
	return (int)((shown >> 16) & 0xffu) - 1;
}

#endif
