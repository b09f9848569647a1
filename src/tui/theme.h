/* Colours and glyph sets. Roles name what is drawn; the theme decides how it looks in 256
 * colours, 16/8 colours or monochrome. Nothing relies on colour alone: tiles carry numbers. */
#ifndef TILECADE_TUI_THEME_H
#define TILECADE_TUI_THEME_H

#include <curses.h>
#include <stdbool.h>

#include "options.h"

enum tc_role {
	TC_ROLE_TEXT,
	TC_ROLE_TITLE,
	TC_ROLE_STATUS,   /* the status lines */
	TC_ROLE_HEADLINE, /* the top status line: in 256 colours it stands out by colour, as bold
	                   * would cost two attribute resets in every frame that changes it */
	TC_ROLE_DIM,      /* secondary text, unavailable entries */
	TC_ROLE_SELECTED, /* the highlighted menu entry */
	TC_ROLE_BOARD,    /* the frame and background of a board */
	TC_ROLE_EMPTY,    /* an empty cell */
	TC_ROLE_OVERLAY,  /* boxes drawn over the board: help, messages */
	TC_ROLE_GOOD,     /* a win */
	TC_ROLE_BAD,      /* a loss, an error */
	TC_ROLE_PICKED,   /* the tile picked to move */
	TC_ROLE_USED,     /* a tile that has done its part and stays, greyed */
	TC_ROLE_TARGET,   /* where the picked tile may go */
	TC_ROLE_HINT,     /* the next move of a solution */
	TC_ROLE_ENTRY,    /* a value the player wrote (the puzzle's own are bold text) */
	TC_ROLE_NUMBER,   /* first of TC_NUMBERS roles, tiles that show a digit 1 to 9 */
	TC_ROLE_TILE = TC_ROLE_NUMBER + 9, /* first of TC_TILE_LEVELS roles, one per level */
};

#define TC_NUMBERS 9

#define TC_TILE_LEVELS 18 /* 2 ... 131072, and one role for everything bigger */

/* Picks the theme: the choice, else NO_COLOR, else what the terminal supports. Call after the
 * terminal is open. */
void tc_theme_init(enum tc_theme_choice choice);

/* Attributes (colour pair and bold/reverse/dim) to draw a role with. */
attr_t tc_theme_attr(enum tc_role role);
/* Attributes to flash the number of a tile of this role (a tc_theme_tile role) for a moment,
 * as 2048 does after a merge: its colours swapped, or bold and underlined without colour. */
attr_t tc_theme_flash(enum tc_role tile);
/* The role of a tile showing digit (1 to 9). */
enum tc_role tc_theme_number(int digit);
/* The role of a tile of this level (1 for the smallest tile); levels past the last share one. */
enum tc_role tc_theme_tile(int level);

#endif
