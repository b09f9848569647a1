/* Reading the zNumbers screen: board by its labels, cursor, status, ID and solution pane. */
#include "screen_znumbers.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define E2E_ZN_PANE_TITLE "Solution (s hides)"

/* A cell's text, " " for a blank one. */
static void e2e_zn_text(const struct e2e_term *t, int row, int col, char out[32])
{
	struct e2e_cell cell;
	if (!e2e_cell(t, row, col, &cell) || !cell.text[0])
		strcpy(out, " ");
	else
		snprintf(out, 32, "%s", cell.text);
}

static bool e2e_zn_is(const struct e2e_term *t, int row, int col, const char *text)
{
	char have[32];
	e2e_zn_text(t, row, col, have);
	return strcmp(have, text) == 0;
}

/* The row whose first texts are the column letters A.. (cols of them, each alone between
 * blanks), their columns in x. What follows them on the row (a pane beside) does not matter. */
static int e2e_zn_letters(const struct e2e_term *t, int cols, int x[E2E_ZN_MAX])
{
	for (int r = 1; r < e2e_rows(t) - 1; r++) {
		int n = 0;
		for (int c = 0; c < e2e_cols(t) && n < cols; c++) {
			char text[32];
			e2e_zn_text(t, r, c, text);
			if (strcmp(text, " ") == 0)
				continue;
			if (text[0] != 'A' + n || text[1] || !e2e_zn_is(t, r, c + 1, " "))
				break;
			x[n++] = c;
		}
		if (n == cols)
			return r;
	}
	return -1;
}

/* The screen row, below from, whose first text is the number n followed by the frame. */
static int e2e_zn_number_row(const struct e2e_term *t, int from, int n, int max_col)
{
	for (int r = from; r < e2e_rows(t) - 1; r++) {
		int c = 0;
		while (c < max_col && e2e_zn_is(t, r, c, " "))
			c++;
		int value = 0, digits = 0;
		char text[32];
		for (; c < max_col; c++, digits++) {
			e2e_zn_text(t, r, c, text);
			if (!isdigit((unsigned char)text[0]) || text[1])
				break;
			value = value * 10 + (text[0] - '0');
		}
		while (c < max_col && e2e_zn_is(t, r, c, " "))
			c++;
		if (digits > 0 && value == n && c < max_col &&
		    (e2e_zn_is(t, r, c, "│") || e2e_zn_is(t, r, c, "|")))
			return r;
	}
	return -1;
}

bool e2e_zn_board(struct e2e_term *t, int rows, int cols, struct e2e_zn_board *out)
{
	memset(out, 0, sizeof *out);
	if (rows < 1 || rows > E2E_ZN_MAX || cols < 1 || cols > E2E_ZN_MAX)
		return false;
	out->rows = rows;
	out->cols = cols;
	e2e_screen(t); /* the cells as of now */
	int letters = e2e_zn_letters(t, cols, out->x);
	if (letters < 0)
		return false;
	for (int r = 0; r < rows; r++) {
		out->y[r] =
		        e2e_zn_number_row(t, r ? out->y[r - 1] + 1 : letters + 1, r + 1, out->x[0]);
		if (out->y[r] < 0)
			return false;
	}
	/* Brackets stand within half a cell's pitch of its middle, in the gaps: never beside the
	 * label, on the tile's own cells (a tile is at least a digit with a blank either side). */
	int reach = cols > 1 ? (out->x[1] - out->x[0] + 1) / 2 : 2;
	if (reach < 1)
		reach = 1;
	out->cursor = -1;
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			int i = r * cols + c;
			e2e_zn_text(t, out->y[r], out->x[c], out->cell[i]);
			bool open = false, close = false;
			for (int d = 2; d <= reach; d++) {
				open = open || e2e_zn_is(t, out->y[r], out->x[c] - d, "[");
				close = close || e2e_zn_is(t, out->y[r], out->x[c] + d, "]");
			}
			if (open && close)
				out->cursor = out->cursor == -1 ? i : -2;
		}
	return true;
}

bool e2e_zn_status(struct e2e_term *t, struct e2e_zn_status *out)
{
	memset(out, 0, sizeof *out);
	const char *top = e2e_row(t, 0);
	const char *moves = strstr(top, "Moves: ");
	const char *left = strstr(top, "Left: ");
	if (!left)
		left = strstr(top, "left: ");
	if (!moves || !left || sscanf(moves, "Moves: %d", &out->moves) != 1 ||
	    sscanf(left + 6, "%d", &out->left) != 1)
		return false;
	const char *level = strstr(top, "Level ");
	const char *generated = strstr(top, "Generated, ");
	if (level && sscanf(level, "Level %d", &out->level) != 1)
		return false;
	if (generated && sscanf(generated, "Generated, %15[a-z]", out->rating) != 1)
		return false;
	const char *id = strstr(e2e_row(t, e2e_rows(t) - 1), "znumbers:");
	if (!id)
		return false;
	size_t n = strcspn(id, " ");
	if (n >= sizeof out->id)
		return false;
	memcpy(out->id, id, n);
	out->id[n] = '\0';
	return true;
}

void e2e_zn_squeeze(const char *in, char *out, size_t len)
{
	size_t n = 0;
	for (const char *p = in; *p && n + 1 < len; p++) {
		bool blank = isspace((unsigned char)*p);
		if (!blank || (n > 0 && out[n - 1] != ' '))
			out[n++] = blank ? ' ' : *p;
	}
	while (n > 0 && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

bool e2e_zn_has_words(const char *words, const char *phrase)
{
	char want[256];
	e2e_zn_squeeze(phrase, want, sizeof want);
	size_t len = strlen(want);
	for (const char *p = strstr(words, want); p; p = strstr(p + 1, want))
		if ((p == words || p[-1] == ' ') && (p[len] == '\0' || p[len] == ' '))
			return true;
	return false;
}

bool e2e_zn_pane(struct e2e_term *t, char *out, size_t len, int *row, int *col)
{
	int title_row, title_col;
	if (!e2e_find(t, E2E_ZN_PANE_TITLE, &title_row, &title_col))
		return false;
	if (row)
		*row = title_row;
	if (col)
		*col = title_col;
	size_t cap = 16384, n = 0;
	char *text = malloc(cap);
	if (!text)
		return false;
	for (int r = title_row; r < e2e_rows(t) - 1; r++) {
		for (int c = title_col > 0 ? title_col - 1 : 0; c < e2e_cols(t); c++) {
			char cell[32];
			e2e_zn_text(t, r, c, cell);
			size_t l = strlen(cell);
			if (n + l + 2 < cap) {
				memcpy(text + n, cell, l);
				n += l;
			}
		}
		text[n++] = ' ';
	}
	text[n] = '\0';
	e2e_zn_squeeze(text, out, len);
	free(text);
	return true;
}
