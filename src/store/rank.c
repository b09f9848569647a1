/* Which way each game's scoreboards rank, in one place for the score screen, the command line
 * and whoever adds a score. Games scored by a timer rank by time; the others by points; a win
 * before any loss. (The store's ORDER BY says the same in SQL, with the date and the row as the
 * last ties.) */
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

bool tc_score_better(const struct tc_score *a, const struct tc_score *b, enum tc_rank_by by)
{
	if (a->lost != b->lost)
		return b->lost;
	if (by == TC_RANK_POINTS)
		return a->points > b->points || (a->points == b->points && a->time_ms < b->time_ms);
	return a->time_ms < b->time_ms || (a->time_ms == b->time_ms && a->moves < b->moves);
}
