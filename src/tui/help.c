/* Help text laid out as two columns, keys and what they do. */
#include "help.h"

#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "overlay.h"

#define MAX_HELP_LINES 32

static const struct tc_help_line shared_keys[] = {
        {"u", "undo"},
        {"U, Ctrl-R", "redo"},
        {"r", "restart this game"},
        {"n", "new game"},
        {"p", "pause (the clock stops)"},
        {"?", "this help"},
        {"q, Esc", "back to the menu"},
        {"Ctrl-Z", "suspend (fg resumes)"},
        {"Ctrl-C", "quit"},
        {NULL, NULL},
};

static bool game_says(const struct tc_help_line *own, const char *keys)
{
	for (const struct tc_help_line *h = own; h && h->keys; h++)
		if (strcmp(h->keys, keys) == 0)
			return true;
	return false;
}

void tc_help_draw(const char *title, const struct tc_help_line *own, bool shared)
{
	static char text[MAX_HELP_LINES][96];
	const char *lines[MAX_HELP_LINES];
	int n = 0;
	lines[n++] = title;
	const struct tc_help_line *lists[2] = {own, shared ? shared_keys : NULL};
	for (int l = 0; l < 2; l++)
		for (const struct tc_help_line *h = lists[l];
		     h && h->keys && n < MAX_HELP_LINES - 1; h++) {
			if (l == 1 && game_says(own, h->keys))
				continue; /* the game gives this key its own meaning */
			/* Pad by columns, not bytes: keys may hold arrows, which are 3 bytes each.
			 */
			int pad = 21 - tc_text_width(h->keys);
			snprintf(text[n], sizeof text[n], "%s%*s%s", h->keys, pad > 1 ? pad : 1, "",
			         h->what);
			lines[n] = text[n];
			n++;
		}
	lines[n++] = "(any key closes this help)";
	tc_overlay_box(lines, n, TC_ROLE_OVERLAY);
}
