/* zNumbers levels as text: rows of '.', '1'-'9' and '#', comments, blank lines between levels. */
#include <stdio.h>
#include <string.h>

#include "tilecade/znumbers.h"

static int fail(char *err, size_t errlen, int line, int col, const char *what)
{
	snprintf(err, errlen, "line %d, column %d: %s", line, col, what);
	return -1;
}

static size_t line_length(const char *p)
{
	size_t n = strcspn(p, "\n");
	if (n > 0 && p[n - 1] == '\r')
		n--;
	return n;
}

static bool is_comment(const char *p, size_t n)
{
	return n >= 1 && p[0] == '#' && (n == 1 || p[1] == ' ');
}

static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');
	return nl ? nl + 1 : p + strlen(p);
}

/* Reads one row into the board; returns 0 or -1 with the column at fault. */
static int read_row(const char *p, size_t n, struct zn_board *b, int line, char *err, size_t errlen)
{
	if (b->rows == 0) {
		if (n < ZN_MIN_SIZE || n > ZN_MAX_SIZE)
			return fail(err, errlen, line, 1,
			            "a row must be 4 to 10 cells long ('.', '1'-'9' or '#')");
		b->cols = (uint8_t)n;
	} else if (n != b->cols) {
		char why[80];
		snprintf(why, sizeof why, "this row has %zu cells, the first one %d", n, b->cols);
		return fail(err, errlen, line, (int)(n < b->cols ? n + 1 : b->cols + 1u), why);
	}
	if (b->rows == ZN_MAX_SIZE)
		return fail(err, errlen, line, 1, "a level has at most 10 rows");
	for (size_t i = 0; i < n; i++) {
		char ch = p[i];
		uint8_t cell;
		if (ch == '.')
			cell = 0;
		else if (ch >= '1' && ch <= '9')
			cell = (uint8_t)(ch - '0');
		else if (ch == '#')
			cell = ZN_USED; /* a used cell's value does not matter to the rules */
		else
			return fail(err, errlen, line, (int)i + 1,
			            "expected '.', a digit 1-9 or '#'");
		b->cell[b->rows * b->cols + (int)i] = cell;
	}
	b->rows++;
	return 0;
}

int zn_parse_next(const char **text, int *line, struct zn_board *b, char *err, size_t errlen)
{
	memset(b, 0, sizeof *b);
	const char *p = *text;
	while (*p) {
		size_t n = line_length(p);
		if (n == 0 && b->rows > 0)
			break; /* the blank line after a level */
		if (n > 0 && !is_comment(p, n) && read_row(p, n, b, *line, err, errlen) != 0)
			return -1;
		p = next_line(p);
		++*line;
	}
	*text = p;
	if (b->rows == 0)
		return 0;
	if (b->rows < ZN_MIN_SIZE)
		return fail(err, errlen, *line, 1, "a level needs 4 to 10 rows");
	return 1;
}

int zn_parse(const char *text, int first_line, struct zn_board *b, char *err, size_t errlen)
{
	int line = first_line;
	int got = zn_parse_next(&text, &line, b, err, errlen);
	if (got < 0)
		return -1;
	if (got == 0)
		return fail(err, errlen, line, 1, "no level here");
	/* Name the extra level's first row, past the blank lines and comments before it. */
	int first_extra = line;
	for (const char *p = text; *p; p = next_line(p), first_extra++) {
		size_t n = line_length(p);
		if (n > 0 && !is_comment(p, n))
			break;
	}
	struct zn_board more;
	if (zn_parse_next(&text, &line, &more, err, errlen) != 0)
		return fail(err, errlen, first_extra, 1, "only one level expected");
	return 0;
}

int zn_print(const struct zn_board *b, char *buf, size_t len)
{
	size_t need = (size_t)b->rows * (b->cols + 1u);
	for (size_t i = 0, r = 0; r < b->rows; r++) {
		for (int c = 0; c < b->cols; c++, i++) {
			uint8_t cell = b->cell[r * b->cols + (size_t)c];
			char ch = cell == 0 ? '.' : zn_is_tile(cell) ? (char)('0' + cell) : '#';
			if (i + 1 < len)
				buf[i] = ch;
		}
		if (i + 1 < len)
			buf[i] = '\n';
		i++;
	}
	if (len > 0)
		buf[need < len ? need : len - 1] = '\0';
	return (int)need;
}

void zn_cell_name(const struct zn_board *b, int cell, char buf[4])
{
	int row = cell / b->cols + 1; /* 1 to 10 */
	buf[0] = (char)('A' + cell % b->cols);
	buf[1] = (char)(row == 10 ? '1' : '0' + row);
	buf[2] = row == 10 ? '0' : '\0';
	buf[3] = '\0';
}
