/* The Sudoku grid's geometry and lines. Box lines are double and cell lines single, which
 * Unicode's box drawing mixes in every junction (and CP437 fonts have them all); without
 * UTF-8, '|' and '=' are the box lines, ':' and '-' the cell lines. */
#include "sudoku_grid.h"

#include <curses.h>
#include <stdio.h>

#include "grid.h"
#include "term.h"
#include "theme.h"

#define SIDE TC_SUDOKU_SIDE
#define LABEL_W 3 /* a row number and a space before the frame, and one more to spare */

#define NO_LINE TC_SUDOKU_NO_LINE
#define THIN TC_SUDOKU_THIN
#define THICK TC_SUDOKU_THICK

/* Cell sizes from big to small. Three-line cells hold marks as a 3x3 keypad and need the thin
 * lines, or the keypads of stacked cells run together; one-line cells without them are the
 * last resort of small windows. */
static const struct tier {
	int cw, ch;
	bool lines;
} tiers[] = {
        {7, 3, true}, {5, 3, true},  {7, 1, true},  {5, 1, true},
        {3, 1, true}, {5, 1, false}, {3, 1, false},
};

#define TIERS (int)(sizeof tiers / sizeof tiers[0])

static enum tc_sudoku_line separator(int i, bool boxes, bool lines)
{
	if (i == 0 || i == SIDE || (i % 3 == 0 && boxes))
		return THICK;
	return lines ? THIN : NO_LINE;
}

static int extent(int size, const enum tc_sudoku_line sep[SIDE + 1])
{
	int n = SIDE * size;
	for (int i = 0; i <= SIDE; i++)
		n += sep[i] != NO_LINE;
	return n;
}

/* Cells along one axis after the frame line at `start`. */
static void place_axis(int start, int size, const enum tc_sudoku_line sep[SIDE + 1],
                       int pos[SIDE + 1])
{
	int at = start + 1;
	for (int i = 0; i < SIDE; i++) {
		if (i > 0 && sep[i] != NO_LINE)
			at++;
		pos[i] = at;
		at += size;
	}
	pos[SIDE] = at;
}

/* A tier's lines and size, and the area it needs with its labels and the rows below. */
static void size_tier(struct tc_sudoku_grid *g, int tier, bool boxes, int min_w, int rows_below,
                      int *need_w, int *need_h)
{
	const struct tier *t = &tiers[tier];
	for (int i = 0; i <= SIDE; i++)
		g->vline[i] = g->hline[i] = separator(i, boxes, t->lines);
	g->cw = t->cw;
	g->ch = t->ch;
	g->w = extent(t->cw, g->vline);
	g->h = extent(t->ch, g->hline);
	*need_w = g->w + LABEL_W > min_w ? g->w + LABEL_W : min_w;
	*need_h = 1 + g->h + rows_below;
}

bool tc_sudoku_grid_fit(struct tc_sudoku_grid *g, bool boxes, struct tc_rect area, int min_w,
                        int rows_below)
{
	for (int tier = 0; tier < TIERS; tier++) {
		int need_w, need_h;
		size_tier(g, tier, boxes, min_w, rows_below, &need_w, &need_h);
		if (need_w > area.w || need_h > area.h)
			continue;
		/* Centred; pushed right when the row numbers would not fit on the left. */
		g->left = area.x + (area.w - g->w) / 2;
		if (g->left - LABEL_W < area.x)
			g->left = area.x + LABEL_W;
		int gap = area.h > need_h ? 1 : 0;
		g->top = area.y + 1 + (area.h - need_h - gap) / 2;
		place_axis(g->left, g->cw, g->vline, g->x);
		place_axis(g->top, g->ch, g->hline, g->y);
		g->below = g->top + g->h + gap;
		return true;
	}
	return false;
}

void tc_sudoku_grid_min_size(bool boxes, int min_w, int rows_below, int *w, int *h)
{
	struct tc_sudoku_grid g;
	size_tier(&g, TIERS - 1, boxes, min_w, rows_below, w, h);
}

int tc_sudoku_grid_cell_at(const struct tc_sudoku_grid *g, int x, int y)
{
	int row = -1, col = -1;
	for (int i = 0; i < SIDE; i++) {
		if (x >= g->x[i] && x < g->x[i] + g->cw)
			col = i;
		if (y >= g->y[i] && y < g->y[i] + g->ch)
			row = i;
	}
	return row < 0 || col < 0 ? -1 : row * SIDE + col;
}

/* The junction of a vertical and a horizontal line with the arms it has. */
static const char *junction(enum tc_sudoku_line v, enum tc_sudoku_line h, bool up, bool down,
                            bool left, bool right)
{
	if (!tc_term_unicode())
		return "+";
	/* [vertical double][horizontal double][shape] */
	static const char *const corner[2][2][4] = {
	        {{"┌", "┐", "└", "┘"}, {"╒", "╕", "╘", "╛"}},
	        {{"╓", "╖", "╙", "╜"}, {"╔", "╗", "╚", "╝"}},
	};
	static const char *const tee[2][2][5] = {
	        {{"├", "┤", "┬", "┴", "┼"}, {"╞", "╡", "╤", "╧", "╪"}},
	        {{"╟", "╢", "╥", "╨", "╫"}, {"╠", "╣", "╦", "╩", "╬"}},
	};
	int vi = v == THICK, hi = h == THICK;
	if (up && down && left && right)
		return tee[vi][hi][4];
	if (up && down)
		return tee[vi][hi][right ? 0 : 1];
	if (left && right)
		return tee[vi][hi][down ? 2 : 3];
	return corner[vi][hi][(up ? 2 : 0) + (left ? 1 : 0)];
}

/* Box lines as plain text, cell lines dimmed: the boxes stand out in any theme. */
static attr_t line_attr(enum tc_sudoku_line a, enum tc_sudoku_line b)
{
	return tc_theme_attr(a == THICK || b == THICK ? TC_ROLE_TEXT : TC_ROLE_DIM);
}

static int line_x(const struct tc_sudoku_grid *g, int c)
{
	return c < SIDE ? g->x[c] - 1 : g->x[SIDE];
}

static int line_y(const struct tc_sudoku_grid *g, int r)
{
	return r < SIDE ? g->y[r] - 1 : g->y[SIDE];
}

static void draw_lines(const struct tc_sudoku_grid *g)
{
	bool u = tc_term_unicode();
	const char *across[3] = {"", u ? "─" : "-", u ? "═" : "="};
	const char *upright[3] = {"", u ? "│" : ":", u ? "║" : "|"};
	for (int r = 0; r <= SIDE; r++) {
		if (g->hline[r] == NO_LINE)
			continue;
		int y = line_y(g, r);
		bool up = r > 0, down = r < SIDE;
		for (int c = 0; c < SIDE; c++)
			for (int x = g->x[c]; x < g->x[c] + g->cw; x++)
				tc_draw_text(x, y, 1, line_attr(g->hline[r], NO_LINE),
				             across[g->hline[r]]);
		for (int c = 0; c <= SIDE; c++) {
			if (g->vline[c] == NO_LINE)
				continue;
			bool left = c > 0, right = c < SIDE;
			tc_draw_text(line_x(g, c), y, 1, line_attr(g->vline[c], g->hline[r]),
			             junction(g->vline[c], g->hline[r], up, down, left, right));
		}
	}
	for (int c = 0; c <= SIDE; c++) {
		if (g->vline[c] == NO_LINE)
			continue;
		for (int r = 0; r < SIDE; r++)
			for (int y = g->y[r]; y < g->y[r] + g->ch; y++)
				tc_draw_text(line_x(g, c), y, 1, line_attr(g->vline[c], NO_LINE),
				             upright[g->vline[c]]);
	}
}

static void draw_labels(const struct tc_sudoku_grid *g)
{
	attr_t attr = tc_theme_attr(TC_ROLE_DIM);
	for (int i = 0; i < SIDE; i++) {
		char label[4];
		snprintf(label, sizeof label, "%c", 'A' + i);
		tc_draw_text(g->x[i] + g->cw / 2, g->top - 1, 1, attr, label);
		snprintf(label, sizeof label, "%d", i + 1);
		tc_draw_text(g->left - 2, g->y[i] + g->ch / 2, 1, attr, label);
	}
}

void tc_sudoku_grid_draw(const struct tc_sudoku_grid *g)
{
	draw_lines(g);
	draw_labels(g);
}
