/* Themes: a palette per colour depth, and bold/reverse/dim for monochrome. */
#include "theme.h"

#include <stdlib.h>

#define ROLE_COUNT (TC_ROLE_TILE + TC_TILE_LEVELS)

struct look {
	short fg, bg; /* -1: the terminal's default */
	attr_t attrs;
};

static attr_t role_attr[ROLE_COUNT];
static attr_t flash_attr[TC_TILE_LEVELS]; /* a tile's number for a moment, e.g. after a merge */

/* 2048's warm ramp, then cool colours for the rare huge tiles. Text is the palette's black (0)
 * or bright white (15), and the board shares that black: colours below 16 cost 5 bytes to
 * select and an unchanged foreground costs nothing, which adds up over a slow link. */
#define INK 0
#define PAPER 15
static const struct look tiles_256[TC_TILE_LEVELS] = {
        {INK, 255, 0},   {INK, 223, 0},   {PAPER, 215, 0}, {PAPER, 209, 0}, {PAPER, 203, 0},
        {PAPER, 196, 0}, {INK, 222, 0},   {INK, 221, 0},   {INK, 220, 0},   {INK, 214, 0},
        {INK, 226, 0},   {PAPER, 129, 0}, {PAPER, 92, 0},  {PAPER, 56, 0},  {PAPER, 26, 0},
        {PAPER, 31, 0},  {PAPER, 29, 0},  {PAPER, 16, 0},
};

static const struct look tiles_16[TC_TILE_LEVELS] = {
        {COLOR_BLACK, COLOR_WHITE, 0},        {COLOR_BLACK, COLOR_CYAN, 0},
        {COLOR_BLACK, COLOR_GREEN, 0},        {COLOR_BLACK, COLOR_YELLOW, 0},
        {COLOR_WHITE, COLOR_RED, A_BOLD},     {COLOR_WHITE, COLOR_MAGENTA, A_BOLD},
        {COLOR_WHITE, COLOR_BLUE, A_BOLD},    {COLOR_RED, COLOR_WHITE, A_BOLD},
        {COLOR_BLUE, COLOR_CYAN, A_BOLD},     {COLOR_RED, COLOR_YELLOW, A_BOLD},
        {COLOR_YELLOW, COLOR_RED, A_BOLD},    {COLOR_YELLOW, COLOR_MAGENTA, A_BOLD},
        {COLOR_YELLOW, COLOR_BLUE, A_BOLD},   {COLOR_CYAN, COLOR_BLACK, A_BOLD},
        {COLOR_GREEN, COLOR_BLACK, A_BOLD},   {COLOR_YELLOW, COLOR_BLACK, A_BOLD},
        {COLOR_MAGENTA, COLOR_BLACK, A_BOLD}, {COLOR_WHITE, COLOR_BLACK, A_BOLD},
};

static const struct look ui_256[TC_ROLE_TILE] = {
        [TC_ROLE_TEXT] = {-1, -1, 0},
        [TC_ROLE_TITLE] = {214, -1, A_BOLD},
        [TC_ROLE_STATUS] = {252, 236, 0},
        [TC_ROLE_HEADLINE] = {231, 239, 0}, /* a lighter band than the bottom line's */
        [TC_ROLE_DIM] = {244, -1, 0},
        [TC_ROLE_SELECTED] = {INK, 214, A_BOLD}, /* the lit digits of Sudoku, relit as it moves */
        [TC_ROLE_BOARD] = {INK, 240, 0},
        [TC_ROLE_EMPTY] = {INK, 240, 0},
        [TC_ROLE_OVERLAY] = {231, 24, 0},
        [TC_ROLE_GOOD] = {16, 220, A_BOLD},
        [TC_ROLE_BAD] = {231, 124, A_BOLD},
        [TC_ROLE_PICKED] = {16, 208, A_BOLD},
        [TC_ROLE_USED] = {INK, 246, 0},
        [TC_ROLE_TARGET] = {INK, 226, A_BOLD},
        [TC_ROLE_HINT] = {PAPER, 128, A_BOLD},
        [TC_ROLE_ENTRY] = {75, -1, 0},
        /* Digits: zNumbers' peach, pink, green and blue for 1 to 4, then pastels. */
        [TC_ROLE_NUMBER + 0] = {INK, 223, 0},
        [TC_ROLE_NUMBER + 1] = {INK, 217, 0},
        [TC_ROLE_NUMBER + 2] = {INK, 157, 0},
        [TC_ROLE_NUMBER + 3] = {INK, 117, 0},
        [TC_ROLE_NUMBER + 4] = {INK, 183, 0},
        [TC_ROLE_NUMBER + 5] = {INK, 229, 0},
        [TC_ROLE_NUMBER + 6] = {INK, 123, 0},
        [TC_ROLE_NUMBER + 7] = {INK, 215, 0},
        [TC_ROLE_NUMBER + 8] = {INK, 152, 0},
};

static const struct look ui_16[TC_ROLE_TILE] = {
        [TC_ROLE_TEXT] = {-1, -1, 0},
        [TC_ROLE_TITLE] = {COLOR_YELLOW, -1, A_BOLD},
        [TC_ROLE_STATUS] = {COLOR_BLACK, COLOR_WHITE, 0},
        [TC_ROLE_HEADLINE] = {COLOR_BLACK, COLOR_WHITE, A_BOLD}, /* no shade to spare */
        [TC_ROLE_DIM] = {-1, -1, A_DIM},
        [TC_ROLE_SELECTED] = {COLOR_BLACK, COLOR_YELLOW, A_BOLD},
        [TC_ROLE_BOARD] = {COLOR_WHITE, COLOR_BLACK, 0},
        [TC_ROLE_EMPTY] = {COLOR_WHITE, COLOR_BLACK, A_DIM},
        [TC_ROLE_OVERLAY] = {COLOR_WHITE, COLOR_BLUE, A_BOLD},
        [TC_ROLE_GOOD] = {COLOR_BLACK, COLOR_YELLOW, A_BOLD},
        [TC_ROLE_BAD] = {COLOR_WHITE, COLOR_RED, A_BOLD},
        [TC_ROLE_PICKED] = {COLOR_BLACK, COLOR_YELLOW, A_BOLD},
        [TC_ROLE_USED] = {COLOR_BLACK, COLOR_WHITE, A_DIM},
        [TC_ROLE_TARGET] = {COLOR_YELLOW, COLOR_BLACK, A_BOLD}, /* a mark on the board */
        [TC_ROLE_HINT] = {COLOR_WHITE, COLOR_MAGENTA, A_BOLD},
        [TC_ROLE_ENTRY] = {COLOR_CYAN, -1, 0},
        [TC_ROLE_NUMBER + 0] = {COLOR_BLACK, COLOR_WHITE, 0},
        [TC_ROLE_NUMBER + 1] = {COLOR_WHITE, COLOR_RED, A_BOLD},
        [TC_ROLE_NUMBER + 2] = {COLOR_BLACK, COLOR_GREEN, 0},
        [TC_ROLE_NUMBER + 3] = {COLOR_WHITE, COLOR_BLUE, A_BOLD},
        [TC_ROLE_NUMBER + 4] = {COLOR_BLACK, COLOR_CYAN, 0},
        [TC_ROLE_NUMBER + 5] = {COLOR_BLACK, COLOR_YELLOW, 0},
        [TC_ROLE_NUMBER + 6] = {COLOR_WHITE, COLOR_MAGENTA, A_BOLD},
        [TC_ROLE_NUMBER + 7] = {COLOR_RED, COLOR_WHITE, A_BOLD},
        [TC_ROLE_NUMBER + 8] = {COLOR_BLUE, COLOR_CYAN, A_BOLD},
};

/* Without colour, tiles stand out by reverse video and bigger ones also by bold. */
static attr_t mono_attr(int role)
{
	if (role >= TC_ROLE_TILE)
		return A_REVERSE | (role - TC_ROLE_TILE >= 6 ? A_BOLD : 0);
	if (role >= TC_ROLE_NUMBER)
		return A_REVERSE;
	switch (role) {
	case TC_ROLE_TITLE:
	case TC_ROLE_GOOD:
		return A_BOLD;
	case TC_ROLE_STATUS:
	case TC_ROLE_SELECTED:
	case TC_ROLE_OVERLAY:
		return A_REVERSE;
	case TC_ROLE_BAD:
	case TC_ROLE_HEADLINE:
		return A_REVERSE | A_BOLD;
	case TC_ROLE_DIM:
	case TC_ROLE_EMPTY:
	case TC_ROLE_USED:
		return A_DIM;
	/* Tiles are reversed: these are not, and differ from each other at a glance (a picked
	 * Match-3 tile looked like a hint's). */
	case TC_ROLE_PICKED:
		return A_BOLD;
	case TC_ROLE_HINT:
		return A_UNDERLINE;
	case TC_ROLE_TARGET:
		return A_BOLD | A_UNDERLINE;
	default:
		return A_NORMAL;
	}
}

/* The colour pairs made so far: looks that share colours share a pair, so that curses need
 * not switch between them. */
struct pairs {
	bool defaults; /* whether the terminal keeps its own default colours */
	short fg[ROLE_COUNT + TC_TILE_LEVELS], bg[ROLE_COUNT + TC_TILE_LEVELS];
	short count;
};

static attr_t look_attr(struct pairs *p, const struct look *l)
{
	/* Terminals that cannot keep their own default colours get white on black instead. */
	short fg = l->fg < 0 && !p->defaults ? COLOR_WHITE : l->fg;
	short bg = l->bg < 0 && !p->defaults ? COLOR_BLACK : l->bg;
	/* The terminal's own colours are pair 0's: curses then has no colour to undo at the end
	 * of a frame, which otherwise costs every frame a reset. */
	if (fg < 0 && bg < 0)
		return l->attrs;
	short pair = 0;
	while (pair < p->count && (p->fg[pair] != fg || p->bg[pair] != bg))
		pair++;
	if (pair == p->count) {
		p->fg[p->count] = fg;
		p->bg[p->count++] = bg;
		init_pair((short)(pair + 1), fg, bg);
	}
	return COLOR_PAIR(pair + 1) | l->attrs;
}

static void install(const struct look *ui, const struct look *tiles)
{
	struct pairs p = {.defaults = use_default_colors() == OK};
	for (int role = 0; role < ROLE_COUNT; role++)
		role_attr[role] = look_attr(&p, role < TC_ROLE_TILE ? &ui[role]
		                                                    : &tiles[role - TC_ROLE_TILE]);
	/* A flash is the tile's colours swapped: it looks like reverse video, but changing colour
	 * pairs costs a few bytes where changing attributes makes curses reset and resend them. */
	for (int level = 0; level < TC_TILE_LEVELS; level++)
		flash_attr[level] =
		        look_attr(&p, &(struct look){tiles[level].bg, tiles[level].fg, 0});
}

void tc_theme_init(enum tc_theme_choice choice)
{
	const char *no_color = getenv("NO_COLOR");
	if (choice == TC_THEME_MONO || !has_colors() || (no_color && *no_color)) {
		for (int role = 0; role < ROLE_COUNT; role++)
			role_attr[role] = mono_attr(role);
		for (int level = 0; level < TC_TILE_LEVELS; level++)
			flash_attr[level] =
			        A_BOLD | A_UNDERLINE; /* tiles are reversed: this one not */
		return;
	}
	/* 256 colours unless asked for fewer, or the terminal has fewer. */
	if (choice == TC_THEME_16 || COLORS < 256)
		install(ui_16, tiles_16);
	else
		install(ui_256, tiles_256);
}

attr_t tc_theme_attr(enum tc_role role)
{
	return role_attr[role];
}

attr_t tc_theme_flash(enum tc_role tile)
{
	return flash_attr[tile - TC_ROLE_TILE];
}

enum tc_role tc_theme_number(int digit)
{
	return (enum tc_role)(TC_ROLE_NUMBER + (digit < 1            ? 0
	                                        : digit > TC_NUMBERS ? 8
	                                                             : digit - 1));
}

enum tc_role tc_theme_tile(int level)
{
	if (level < 1)
		level = 1;
	if (level > TC_TILE_LEVELS)
		level = TC_TILE_LEVELS;
	return (enum tc_role)(TC_ROLE_TILE + level - 1);
}
