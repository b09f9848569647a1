/* Reading libvterm's screen back as text and cells. */
#include "harness.h"
#include "harness_internal.h"

#include <stdlib.h>
#include <string.h>

/* The right half of a wide character: libvterm stores this instead of a code point. */
#define E2E_WIDE_RIGHT ((uint32_t)-1)

bool e2e_screen_alloc(struct e2e_term *t)
{
	e2e_screen_release(t);
	t->stride = (size_t)t->cols * E2E_CELL_BYTES + 1;
	size_t size = t->stride * (size_t)t->rows;
	t->row_text = malloc(size);
	t->row_col = malloc(size * sizeof *t->row_col);
	t->text = malloc(size + 1);
	t->dirty = true;
	return t->row_text && t->row_col && t->text;
}

void e2e_screen_release(struct e2e_term *t)
{
	free(t->row_text);
	free(t->row_col);
	free(t->text);
	t->row_text = t->text = NULL;
	t->row_col = NULL;
}

static size_t e2e_utf8(uint32_t c, char *out)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | c >> 6);
		out[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | c >> 12);
		out[1] = (char)(0x80 | (c >> 6 & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (c >> 18 & 0x07));
	out[1] = (char)(0x80 | (c >> 12 & 0x3f));
	out[2] = (char)(0x80 | (c >> 6 & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/* A cell's characters as UTF-8 into out (E2E_CELL_BYTES long at least); returns the length. */
static size_t e2e_cell_utf8(const VTermScreenCell *cell, char *out)
{
	size_t len = 0;
	for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell->chars[i]; i++) {
		if (cell->chars[i] == E2E_WIDE_RIGHT)
			break;
		len += e2e_utf8(cell->chars[i], out + len);
	}
	return len;
}

static void e2e_build_row(struct e2e_term *t, int row)
{
	char *text = t->row_text + (size_t)row * t->stride;
	int *col = t->row_col + (size_t)row * t->stride;
	size_t len = 0, end = 0;
	for (int c = 0; c < t->cols; c++) {
		VTermScreenCell cell;
		vterm_screen_get_cell(t->vs, (VTermPos){.row = row, .col = c}, &cell);
		if (cell.chars[0] == E2E_WIDE_RIGHT)
			continue;
		size_t n = e2e_cell_utf8(&cell, text + len);
		if (n == 0) {
			text[len] = ' ';
			n = 1;
		}
		for (size_t k = 0; k < n; k++)
			col[len + k] = c;
		len += n;
		if (text[len - 1] != ' ')
			end = len;
	}
	text[end] = '\0';
}

static void e2e_snapshot(struct e2e_term *t)
{
	if (!t->dirty)
		return;
	char *out = t->text;
	for (int r = 0; r < t->rows; r++) {
		e2e_build_row(t, r);
		const char *row = t->row_text + (size_t)r * t->stride;
		size_t len = strlen(row);
		memcpy(out, row, len);
		out += len;
		if (r + 1 < t->rows)
			*out++ = '\n';
	}
	*out = '\0';
	t->dirty = false;
}

const char *e2e_screen(struct e2e_term *t)
{
	e2e_snapshot(t);
	return t->text;
}

const char *e2e_row(struct e2e_term *t, int row)
{
	if (row < 0 || row >= t->rows)
		return "";
	e2e_snapshot(t);
	return t->row_text + (size_t)row * t->stride;
}

bool e2e_find(struct e2e_term *t, const char *text, int *row, int *col)
{
	return e2e_find_from(t, text, 0, row, col);
}

bool e2e_find_from(struct e2e_term *t, const char *text, int from_row, int *row, int *col)
{
	e2e_snapshot(t);
	for (int r = from_row > 0 ? from_row : 0; r < t->rows; r++) {
		const char *line = t->row_text + (size_t)r * t->stride;
		const char *hit = strstr(line, text);
		if (hit) {
			*row = r;
			*col = t->row_col[(size_t)r * t->stride + (size_t)(hit - line)];
			return true;
		}
	}
	return false;
}

static struct e2e_color e2e_color(const VTermScreen *vs, VTermColor c, bool is_default)
{
	struct e2e_color out = {.kind = E2E_COLOR_RGB};
	if (is_default) {
		out.kind = E2E_COLOR_DEFAULT;
	} else if (VTERM_COLOR_IS_INDEXED(&c)) {
		out.kind = E2E_COLOR_INDEXED;
		out.index = c.indexed.idx;
	}
	vterm_screen_convert_color_to_rgb(vs, &c);
	out.r = c.rgb.red;
	out.g = c.rgb.green;
	out.b = c.rgb.blue;
	return out;
}

bool e2e_cell(const struct e2e_term *t, int row, int col, struct e2e_cell *out)
{
	if (row < 0 || row >= t->rows || col < 0 || col >= t->cols)
		return false;
	VTermScreenCell cell;
	vterm_screen_get_cell(t->vs, (VTermPos){.row = row, .col = col}, &cell);
	memset(out, 0, sizeof *out);
	out->text[e2e_cell_utf8(&cell, out->text)] = '\0';
	out->width = cell.width == 2 ? 2 : 1;
	out->fg = e2e_color(t->vs, cell.fg, VTERM_COLOR_IS_DEFAULT_FG(&cell.fg));
	out->bg = e2e_color(t->vs, cell.bg, VTERM_COLOR_IS_DEFAULT_BG(&cell.bg));
	out->bold = cell.attrs.bold;
	out->reverse = cell.attrs.reverse;
	out->underline = cell.attrs.underline != 0;
	return true;
}
