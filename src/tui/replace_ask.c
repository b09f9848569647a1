/* The question before a new game replaces a game in progress. */
#include "replace_ask.h"

#include <stdio.h>

#include "overlay.h"

void tc_replace_ask_open(struct tc_replace_ask *q, const char *game, const char *title,
                         const char *summary)
{
	q->open = true;
	snprintf(q->game, sizeof q->game, "%s", game);
	snprintf(q->title, sizeof q->title, "%s", title);
	snprintf(q->summary, sizeof q->summary, "%s", summary);
}

void tc_replace_ask_draw(const struct tc_replace_ask *q)
{
	char title[64];
	snprintf(title, sizeof title, "%s in progress", q->title);
	const char *lines[] = {title, q->summary, "A new game replaces it. Start it? (y/n)",
	                       "c: continue it instead"};
	tc_overlay_box(lines, 4, TC_ROLE_OVERLAY);
}

enum tc_replace_answer tc_replace_ask_event(struct tc_replace_ask *q, const struct tc_event *ev)
{
	if (ev->type != TC_EV_KEY)
		return TC_REPLACE_ASKING;
	q->open = false;
	if (!ev->ctrl && (ev->key == 'y' || ev->key == 'Y'))
		return TC_REPLACE_NEW;
	if (!ev->ctrl && (ev->key == 'c' || ev->key == 'C'))
		return TC_REPLACE_CONTINUE;
	return TC_REPLACE_KEEP;
}
