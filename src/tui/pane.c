/* The solution pane. Steps flow in columns of STEP_W, so the same list reads top to bottom in a
 * tall pane beside the board and left to right in a wide pane below it. */
#include "pane.h"

#include <stdio.h>

#include "grid.h"
#include "term.h"
#include "text_wrap.h"
#include "theme.h"

#define STEP_W 13
#define BELOW_MIN_H 4 /* frame, title, one line of steps */

bool tc_pane_place(struct tc_rect area, int board_w, int board_h, struct tc_rect *board,
                   struct tc_rect *pane)
{
	if (area.w - TC_PANE_SIDE_W - 1 >= board_w && area.h >= board_h) {
		*board = (struct tc_rect){area.x, area.y, area.w - TC_PANE_SIDE_W - 1, area.h};
		*pane = (struct tc_rect){area.x + board->w + 1, area.y, TC_PANE_SIDE_W, area.h};
		return true;
	}
	if (area.h - BELOW_MIN_H >= board_h && area.w >= STEP_W + 2) {
		*board = (struct tc_rect){area.x, area.y, area.w, board_h};
		*pane = (struct tc_rect){area.x, area.y + board_h, area.w, area.h - board_h};
		return true;
	}
	*board = area;
	return false;
}

/* Word-wraps text to width; returns the number of lines, writing at most max of them. */
static int wrap(const char *text, int width, char out[][64], int max)
{
	int n = 0;
	while (*text && n < max) {
		size_t cut = tc_text_line(text, width < 63 ? width : 63); /* a line of out */
		snprintf(out[n++], sizeof out[0], "%.*s", (int)cut, text);
		text += cut;
		while (*text == ' ')
			text++;
	}
	return n;
}

/* Which rows of steps show in `lines` lines: whole rows scroll so that the next step stays in
 * view with a row of context above it. When not all fit, a line above says how many steps are
 * out of view there and one below how many more follow, each only when there are some. */
static void steps_in_view(int rows, int lines, int next_row, int *first, int *shown)
{
	int want = next_row - 1 > 0 ? next_row - 1 : 0;
	*first = 0;
	*shown = rows < lines ? rows : lines;
	if (rows <= lines)
		return;
	if (lines < 3) { /* no room for the markers */
		*first = want < rows - lines ? want : rows - lines;
		return;
	}
	if (want == 0) {
		*shown = lines - 1; /* the steps, and "more" below */
		return;
	}
	if (want + lines - 1 >= rows) { /* the last steps, under "above" */
		*shown = lines - 1;
		*first = rows - *shown;
		return;
	}
	*shown = lines - 2;
	*first = next_row < want + *shown ? want : next_row; /* the context, if it fits */
}

void tc_pane_draw(struct tc_rect r, const char *title, const char *const *steps, int count,
                  int next, const char *note)
{
	attr_t frame = tc_theme_attr(TC_ROLE_OVERLAY);
	tc_fill_rect(r, frame);
	tc_draw_text(r.x + 1, r.y, r.w - 2, frame | A_BOLD, title);
	int inner_w = r.w - 2;
	char note_lines[6][64];
	int notes = note ? wrap(note, inner_w, note_lines, 6) : 0;
	int lines = r.h - 1 - notes;
	if (notes > 0 && lines > 1)
		lines--; /* a blank line between steps and note */
	int columns = inner_w / STEP_W > 0 ? inner_w / STEP_W : 1;
	int next_row = next / columns, rows = (count + columns - 1) / columns;
	int first_row, shown;
	steps_in_view(rows, lines, next_row, &first_row, &shown);
	int top = r.y + 1;
	bool unicode = tc_term_unicode();
	char more[48];
	if (first_row > 0) {
		snprintf(more, sizeof more, "%s %d above", unicode ? "▲" : "^",
		         first_row * columns);
		tc_draw_text(r.x + 1, top++, inner_w, frame | A_DIM, more);
	}
	int after = count - (first_row + shown) * columns;
	if (after > 0) {
		snprintf(more, sizeof more, "%s %d more", unicode ? "▼" : "v", after);
		tc_draw_text(r.x + 1, top + shown, inner_w, frame | A_BOLD, more);
	}
	const char *done = unicode ? "✓" : "+", *mark = unicode ? "▸" : ">";
	for (int line = 0; line < shown; line++)
		for (int col = 0; col < columns; col++) {
			int i = (first_row + line) * columns + col;
			if (i >= count)
				break;
			char text[48];
			snprintf(text, sizeof text, "%s %2d %s",
			         i < next    ? done
			         : i == next ? mark
			                     : " ",
			         i + 1, steps[i]);
			attr_t attr = i == next  ? tc_theme_attr(TC_ROLE_SELECTED)
			              : i < next ? frame | A_DIM
			                         : frame;
			int x = r.x + 1 + col * STEP_W;
			if (i == next)
				tc_fill_rect((struct tc_rect){x, top + line, STEP_W - 1, 1}, attr);
			tc_draw_text(x, top + line, STEP_W - 1, attr, text);
		}
	for (int i = 0; i < notes; i++)
		tc_draw_text(r.x + 1, r.y + r.h - notes + i, inner_w, frame, note_lines[i]);
}
