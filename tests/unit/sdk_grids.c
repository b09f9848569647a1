#include "sdk_grids.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

struct sdk_grid grid_of(const char *text)
{
	struct sdk_grid g;
	char err[96];
	if (sdk_parse(text, &g, err, sizeof err) != 0)
		fail_msg("'%s': %s", text, err);
	return g;
}
