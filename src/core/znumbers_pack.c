/* The original zNumbers levels, built in from data/znumbers-original.txt. */
#include <stdlib.h>

#include "tilecade/znumbers.h"

extern const char zn_original_levels[];

void zn_pack_level(int k, struct zn_board *b)
{
	const char *text = zn_original_levels;
	int line = 1;
	char err[96];
	for (int i = 1; i <= k; i++)
		if (zn_parse_next(&text, &line, b, err, sizeof err) != 1)
			abort(); /* the build checks the pack (tests/unit/test_znumbers.c) */
}
