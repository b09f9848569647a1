#include "frame.h"

#include <string.h>

bool e2e_find_frame(struct e2e_term *t, struct e2e_frame *f)
{
	int row, col;
	if (!e2e_find(t, "┌", &f->top, &f->left) ||
	    !e2e_find_from(t, "┘", f->top, &f->bottom, &f->right))
		return false;
	return e2e_find_from(t, "└", f->top, &row, &col) && row == f->bottom && col == f->left &&
	       f->bottom > f->top && f->right > f->left;
}

static bool cell_is(struct e2e_term *t, int row, int col, const char *text)
{
	struct e2e_cell cell;
	return e2e_cell(t, row, col, &cell) && strcmp(cell.text, text) == 0;
}

bool e2e_frame_whole(struct e2e_term *t, const struct e2e_frame *f)
{
	for (int c = f->left + 1; c < f->right; c++)
		if (!cell_is(t, f->top, c, "─") || !cell_is(t, f->bottom, c, "─"))
			return false;
	for (int r = f->top + 1; r < f->bottom; r++)
		if (!cell_is(t, r, f->left, "│") || !cell_is(t, r, f->right, "│"))
			return false;
	return cell_is(t, f->top, f->right, "┐") && cell_is(t, f->bottom, f->left, "└");
}

bool e2e_inside_frame(struct e2e_term *t, const struct e2e_frame *f, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col) && row > f->top && row < f->bottom && col > f->left &&
	       col + (int)strlen(text) <= f->right;
}

bool e2e_box_in_frame(struct e2e_term *t, void *lines)
{
	struct e2e_frame f;
	if (!e2e_find_frame(t, &f) || !e2e_frame_whole(t, &f))
		return false;
	for (const char *const *line = lines; *line; line++)
		if (!e2e_inside_frame(t, &f, *line))
			return false;
	return true;
}
