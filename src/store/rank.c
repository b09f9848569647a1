/* Which way each game's scoreboards rank, in one place for the score screen, the command line
 * and whoever adds a score. Games scored by a timer rank by time; the others by points. */
#include "tilecade/store.h"

#include <strings.h>

enum tc_rank_by tc_rank_of(const char *game)
{
	/* Sudoku is here already so that its boards rank right the day it is built. */
	static const char *const timed[] = {"znumbers", "sudoku"};
	for (size_t i = 0; i < sizeof timed / sizeof timed[0]; i++)
		if (game && strcasecmp(game, timed[i]) == 0)
			return TC_RANK_TIME;
	/* N: a level's best time (issue 8). */
	if (game && strcasecmp(game, "ninja") == 0)
		return TC_RANK_TIME;
	return TC_RANK_POINTS;
}
