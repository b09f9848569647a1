/* The five games of the suite: four session games with a view, and N with screens of its own. */
#include "catalog.h"

#include <strings.h>

#include "ninja_records.h"

const struct tc_catalog_entry tc_catalog[TC_CATALOG_SIZE] = {
        {"znumbers", "zNumbers", "move every number exactly its value", &tc_view_znumbers, NULL,
         false},
        {"match3", "Match-3", "swap tiles into rows of three of a kind", &tc_view_match3, NULL, false},
        {"sudoku", "Sudoku", "latin squares, then classic sudoku", &tc_view_sudoku, NULL, false},
        {"n", TC_NJ_TITLE, "run, jump and wall-jump to the exit", NULL, TC_NJ_GAME, true},
        {"2048", "2048", "slide and merge the tiles up to 2048", &tc_view_2048, NULL, false},
};

const struct tc_catalog_entry *tc_catalog_find(const char *name)
{
	for (int i = 0; i < TC_CATALOG_SIZE; i++)
		if (strcasecmp(tc_catalog[i].name, name) == 0 ||
		    (tc_catalog[i].alias && strcasecmp(tc_catalog[i].alias, name) == 0))
			return &tc_catalog[i];
	return NULL;
}
