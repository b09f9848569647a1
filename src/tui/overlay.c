/* Centred boxes: one place decides how every message, prompt and help screen looks. */
#include "overlay.h"

#include <stdio.h>

#include "grid.h"

void tc_overlay_box(const char *const *lines, int count, enum tc_role role)
{
	int w = 0;
	for (int i = 0; i < count; i++)
		if (tc_text_width(lines[i]) > w)
			w = tc_text_width(lines[i]);
	w += 4;
	int h = count + 2;
	if (w > COLS)
		w = COLS;
	if (h > LINES)
		h = LINES;
	int x = (COLS - w) / 2, y = (LINES - h) / 2;
	attr_t attr = tc_theme_attr(role);
	tc_fill_rect((struct tc_rect){x, y, w, h}, attr);
	for (int i = 0; i < count && 1 + i < h; i++)
		tc_draw_text(x + 2, y + 1 + i, w - 4, i == 0 ? attr | A_BOLD : attr, lines[i]);
}

void tc_draw_too_small(int need_w, int need_h)
{
	char need[64], now[64];
	snprintf(need, sizeof need, "terminal too small: need %dx%d", need_w, need_h);
	snprintf(now, sizeof now, "(now %dx%d)", COLS, LINES);
	erase();
	int y = LINES / 2 - 1;
	if (y < 0)
		y = 0;
	/* On a window narrower than the message it starts at the left edge and is cut. */
	int x = (COLS - tc_text_width(need)) / 2;
	tc_draw_text(x < 0 ? 0 : x, y, COLS, tc_theme_attr(TC_ROLE_BAD), need);
	x = (COLS - tc_text_width(now)) / 2;
	tc_draw_text(x < 0 ? 0 : x, y + 1, COLS, tc_theme_attr(TC_ROLE_TEXT), now);
}
