/* Drawing of the tile grid and small text helpers shared by all screens. Everything is
 * clipped, so any window size, even 1x1, is safe to draw into. */
#include "grid.h"

#include <stdio.h>
#include <string.h>

#include "score_text.h"
#include "term.h"
#include "tilecade/store.h"

void tc_fill_rect(struct tc_rect r, attr_t attr)
{
	for (int y = r.y; y < r.y + r.h; y++) {
		if (y < 0 || y >= LINES)
			continue;
		for (int x = r.x < 0 ? 0 : r.x; x < r.x + r.w && x < COLS; x++)
			mvaddch(y, x, ' ' | attr);
	}
}

int tc_text_width(const char *text)
{
	int width = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		if ((*p & 0xC0) != 0x80)
			width++;
	return width;
}

int tc_draw_text(int x, int y, int max_w, attr_t attr, const char *text)
{
	if (y < 0 || y >= LINES)
		return 0;
	int used = 0;
	const unsigned char *p = (const unsigned char *)text;
	while (*p && used < max_w && x + used < COLS) {
		/* One UTF-8 sequence at a time, so a clipped string never ends in half a glyph. */
		size_t len = *p < 0x80 ? 1 : (*p & 0xE0) == 0xC0 ? 2 : (*p & 0xF0) == 0xE0 ? 3 : 4;
		if (strnlen((const char *)p, len) < len)
			break;
		/* A wide character (界) takes two columns: the next one is drawn after both. A
		 * control or a code point that reorders or hides text (U+202E, in a path the
		 * player typed) is drawn as '?', never sent to the terminal. */
		int columns = 1;
		char one[5] = "?";
		if (*p < 0x20 || *p >= 0x7F) {
			char raw[5];
			snprintf(raw, sizeof raw, "%.*s", (int)len, (const char *)p);
			tc_sanitize(raw, one, sizeof one);
			columns = tc_text_columns(one) == 2 ? 2 : 1;
		} else {
			one[0] = (char)*p;
		}
		if (used + columns > max_w || x + used + columns > COLS)
			break;
		if (x + used >= 0) {
			attrset(attr);
			mvaddstr(y, x + used, one);
		}
		p += len;
		used += columns;
	}
	attrset(A_NORMAL);
	return used;
}

void tc_grid_draw_frame(const struct tc_grid_layout *l, attr_t attr)
{
	struct tc_rect f = l->frame;
	tc_fill_rect(f, attr);
	bool unicode = tc_term_unicode();
	const char *h = unicode ? "─" : "-", *v = unicode ? "│" : "|";
	const char *corners[4] = {"+", "+", "+", "+"};
	if (unicode) {
		corners[0] = "┌";
		corners[1] = "┐";
		corners[2] = "└";
		corners[3] = "┘";
	}
	for (int x = f.x + 1; x < f.x + f.w - 1; x++) {
		tc_draw_text(x, f.y, 1, attr, h);
		tc_draw_text(x, f.y + f.h - 1, 1, attr, h);
	}
	for (int y = f.y + 1; y < f.y + f.h - 1; y++) {
		tc_draw_text(f.x, y, 1, attr, v);
		tc_draw_text(f.x + f.w - 1, y, 1, attr, v);
	}
	tc_draw_text(f.x, f.y, 1, attr, corners[0]);
	tc_draw_text(f.x + f.w - 1, f.y, 1, attr, corners[1]);
	tc_draw_text(f.x, f.y + f.h - 1, 1, attr, corners[2]);
	tc_draw_text(f.x + f.w - 1, f.y + f.h - 1, 1, attr, corners[3]);
}

void tc_grid_draw_label(const struct tc_grid_layout *l, int row, int col, attr_t attr,
                        const char *label)
{
	if (!label || !*label)
		return;
	int w = tc_text_width(label);
	if (w > l->tile_w)
		w = l->tile_w;
	int x = tc_grid_cell_x(l, col), y = tc_grid_cell_y(l, row);
	tc_draw_text(x + (l->tile_w - w) / 2, y + (l->tile_h - 1) / 2, l->tile_w, attr, label);
}

void tc_grid_draw_tile(const struct tc_grid_layout *l, int row, int col, attr_t attr,
                       const char *label)
{
	tc_fill_rect((struct tc_rect){tc_grid_cell_x(l, col), tc_grid_cell_y(l, row), l->tile_w,
	                              l->tile_h},
	             attr);
	tc_grid_draw_label(l, row, col, attr, label);
}

void tc_grid_draw_cursor(const struct tc_grid_layout *l, int row, int col, attr_t attr)
{
	int x = tc_grid_cell_x(l, col), y = tc_grid_cell_y(l, row) + (l->tile_h - 1) / 2;
	tc_draw_text(x - l->gap_x, y, 1, attr, "[");
	tc_draw_text(x + l->tile_w + l->gap_x - 1, y, 1, attr, "]");
}
