/* The games of the suite, in menu order, with the view of each one that is built. */
#ifndef TILECADE_TUI_CATALOG_H
#define TILECADE_TUI_CATALOG_H

#include <stdbool.h>

#include "view.h"

struct tc_catalog_entry {
	const char *name;  /* as typed on the command line */
	const char *title; /* as shown in the menu */
	const char *blurb;
	const struct tc_view *view; /* NULL: not available in this build */
	const char *alias;          /* another command-line name, or NULL */
	bool browser; /* not a session game: screens of its own (N's level browser and play) */
};

#define TC_CATALOG_SIZE 5
extern const struct tc_catalog_entry tc_catalog[TC_CATALOG_SIZE];

/* The entry of this command-line name (case-insensitive), or NULL. */
const struct tc_catalog_entry *tc_catalog_find(const char *name);

extern const struct tc_view tc_view_2048;
extern const struct tc_view tc_view_znumbers;
extern const struct tc_view tc_view_sudoku;
extern const struct tc_view tc_view_match3;

#endif
