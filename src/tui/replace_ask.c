/* The question before a new game replaces a game in progress. */
#include "replace_ask.h"

#include <stdio.h>

#include "click_key.h"
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
	int key;
	if (ev->type == TC_EV_MOUSE && ev->mouse == TC_MOUSE_PRESS && ev->button == 1)
		key = tc_click_key(ev->row, ev->col); /* its y, its n or its "c: continue" */
	else if (ev->type == TC_EV_KEY && !ev->release)
		key = ev->ctrl ? -1 : (int)ev->key;
	else
		return TC_REPLACE_ASKING;
	if (ev->type == TC_EV_MOUSE && key != 'y' && key != 'n' && key != 'c')
		return TC_REPLACE_ASKING; /* a click beside the answers */
	q->open = false;
	if (key == 'y' || key == 'Y')
		return TC_REPLACE_NEW;
	if (key == 'c' || key == 'C')
		return TC_REPLACE_CONTINUE;
	return TC_REPLACE_KEEP;
}
