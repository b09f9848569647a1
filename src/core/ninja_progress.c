/* N's run summarised for a race's pane: N is no session game, so this stands beside
 * tc_game.progress, in the same terms. */
#include <stdio.h>

#include "tilecade/ninja.h"

void nj_progress(const struct nj_run *r, const struct nj_world *w, struct tc_progress *out)
{
	int gold = 0;
	for (int k = 0; k < w->things; k++)
		gold += w->thing[k].type == NL_GOLD;
	const char *state = r->outcome == NJ_WIN       ? "out"
	                    : r->outcome == NJ_RUNNING ? "alive"
	                                               : "dead";
	/* A level holds at most NL_MAX_OBJECTS: three digits each, 16 columns at most. */
	int got = r->gold < 0 ? 0 : r->gold > NL_MAX_OBJECTS ? NL_MAX_OBJECTS : r->gold;
	out->value = got;
	snprintf(out->text, sizeof out->text, "%d/%d gold %s", got, gold % (NL_MAX_OBJECTS + 1),
	         state);
}
