/* N's smallest winnable level for the tests. */
#include "nj_corridor.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static void add_object(struct nl_level *l, int type, int x, int y)
{
	struct nl_object *o = &l->object[l->objects++];
	memset(o, 0, sizeof *o);
	o->type = (uint8_t)type;
	o->count = (uint8_t)nl_field_count(type);
	for (int f = 0; f < o->count; f += 2) {
		o->field[f] = x;
		o->field[f + 1] = y;
	}
}

/* The pixel at the middle of tile t. */
static int centre(int t)
{
	return NL_TILE_PX * t + 36;
}

struct nj_replay *corridor(void)
{
	struct nj_replay *rp = calloc(1, sizeof *rp);
	assert_non_null(rp);
	struct nl_level *l = &rp->level;
	memset(l->tile, NL_FULL, sizeof l->tile);
	for (int c = 0; c < 13; c++)
		for (int r = 0; r < 4; r++)
			l->tile[c * NL_ROWS + r] = NL_EMPTY;
	add_object(l, NL_NINJA, centre(1), centre(3));
	add_object(l, NL_GOLD, centre(3), centre(3));
	struct nl_object *exit = &l->object[l->objects];
	add_object(l, NL_EXIT, centre(11), centre(3));
	exit->field[2] = centre(6);
	exit->field[3] = centre(3);
	return rp;
}
