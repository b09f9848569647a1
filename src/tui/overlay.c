/* Centred boxes: one place decides how every message, prompt and help screen looks. */
#include "overlay.h"

#include <stdio.h>
#include <string.h>

#include "grid.h"

#define MAX_BOX_LINES 48
#define MAX_LINE_BYTES 256

/* A box's lines after wrapping, and which of them belong to the title. */
struct wrapped {
	char text[MAX_BOX_LINES][MAX_LINE_BYTES];
	bool title[MAX_BOX_LINES];
	int n;
};

static int width_of(const char *s, size_t len)
{
	char buf[MAX_LINE_BYTES];
	snprintf(buf, sizeof buf, "%.*s", (int)len, s);
	return tc_text_width(buf);
}

static void put(struct wrapped *w, const char *s, size_t len, bool title)
{
	if (w->n == MAX_BOX_LINES)
		return;
	snprintf(w->text[w->n], sizeof w->text[w->n], "%.*s", (int)len, s);
	w->title[w->n++] = title;
}

/* Breaks a line to max_w columns: between the items of a list of keys ("n: new game   q:
 * menu", three spaces apart) where one fits, else between words; a word wider than the box
 * is cut by the drawing. */
static void wrap(struct wrapped *w, const char *line, int max_w, bool title)
{
	const char *s = line;
	while (width_of(s, strlen(s)) > max_w) {
		size_t gap = 0, space = 0;
		for (size_t i = 1; s[i]; i++) {
			if (s[i] != ' ' || s[i - 1] == ' ')
				continue;
			if (width_of(s, i) > max_w)
				break;
			space = i;
			if (strncmp(s + i, "   ", 3) == 0)
				gap = i;
		}
		size_t cut = gap ? gap : space;
		if (!cut)
			break;
		put(w, s, cut, title);
		s += cut;
		while (*s == ' ')
			s++;
	}
	put(w, s, strlen(s), title);
}

/* Wraps the lines for area: a margin of two columns and a row, or where the lines do not fit
 * so, one column and no row (a small board's frame). Returns whether they all fit. */
static bool lay_out(struct tc_rect area, const char *const *lines, int count, struct wrapped *w,
                    int *mx, int *my)
{
	*mx = 2;
	*my = 1;
	for (;;) {
		w->n = 0;
		for (int i = 0; i < count; i++)
			wrap(w, lines[i], area.w - 2 * *mx, i == 0);
		bool fits = w->n + 2 * *my <= area.h;
		if (fits || *mx == 1)
			return fits;
		*mx = 1;
		*my = 0;
	}
}

bool tc_overlay_fits(struct tc_rect area, const char *const *lines, int count)
{
	static struct wrapped w;
	int mx, my;
	return lay_out(area, lines, count, &w, &mx, &my);
}

struct tc_tiles tc_tiles_of(const struct tc_grid_layout *l)
{
	return (struct tc_tiles){l->x0,      l->y0,     l->tile_w + l->gap_x,
	                         l->tile_h + l->gap_y, l->tile_w, l->tile_h};
}

static int floor_div(int a, int b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* The span [*from, *to] widened to whole tiles of this axis (first tile at o, one every step,
 * each size long, gaps of step - size between): an end inside a tile, or in the gap on its
 * outer side, moves out over that tile and that gap, no further than [min, max]. */
static void widen_to_tiles(int *from, int *to, int o, int step, int size, int min, int max)
{
	if (step <= 0 || size <= 0 || size > step)
		return;
	int gap = step - size;
	if (*from >= o - gap) {
		int start = o + floor_div(*from - o + gap, step) * step - gap;
		*from = start < min ? min : start;
	}
	if (*to >= o) {
		int end = o + floor_div(*to - o, step) * step + step - 1;
		*to = end > max ? max : end;
	}
}

void tc_overlay_box_in(struct tc_rect area, const char *const *lines, int count, enum tc_role role)
{
	tc_overlay_box_over(area, NULL, lines, count, role);
}

void tc_overlay_box_over(struct tc_rect area, const struct tc_tiles *tiles,
                         const char *const *lines, int count, enum tc_role role)
{
	static struct wrapped w;
	int mx, my;
	lay_out(area, lines, count, &w, &mx, &my);
	int width = 0;
	for (int i = 0; i < w.n; i++)
		if (tc_text_width(w.text[i]) > width)
			width = tc_text_width(w.text[i]);
	width += 2 * mx;
	int h = w.n + 2 * my;
	if (width > area.w)
		width = area.w;
	if (h > area.h)
		h = area.h;
	int x = area.x + (area.w - width) / 2, y = area.y + (area.h - h) / 2;
	attr_t attr = tc_theme_attr(role);
	int left = x, right = x + width - 1, top = y, bottom = y + h - 1;
	if (tiles) {
		widen_to_tiles(&left, &right, tiles->x0, tiles->step_x, tiles->w, area.x,
		               area.x + area.w - 1);
		widen_to_tiles(&top, &bottom, tiles->y0, tiles->step_y, tiles->h, area.y,
		               area.y + area.h - 1);
	}
	tc_fill_rect((struct tc_rect){left, top, right - left + 1, bottom - top + 1}, attr);
	for (int i = 0; i < w.n && my + i < h; i++)
		tc_draw_text(x + mx, y + my + i, width - 2 * mx, w.title[i] ? attr | A_BOLD : attr,
		             w.text[i]);
}

void tc_overlay_box(const char *const *lines, int count, enum tc_role role)
{
	tc_overlay_box_in((struct tc_rect){0, 0, COLS, LINES}, lines, count, role);
}

void tc_draw_too_small(int need_w, int need_h)
{
	/* Shorter where the window is narrow: the size needed always shows (at 20 columns it was
	 * cut to "terminal too small:"). */
	static const char *const need_says[] = {"terminal too small: need ", "too small: need ",
	                                        "need "};
	char need[64], now[64];
	for (size_t i = 0; i < sizeof need_says / sizeof need_says[0]; i++) {
		snprintf(need, sizeof need, "%s%dx%d", need_says[i], need_w, need_h);
		if (tc_text_width(need) <= COLS)
			break;
	}
	snprintf(now, sizeof now, "(now %dx%d)", COLS, LINES);
	if (tc_text_width(now) > COLS)
		snprintf(now, sizeof now, "now %dx%d", COLS, LINES);
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
