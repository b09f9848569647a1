/* 2048 boards as text: rows of space-separated numbers, 0 for an empty cell. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tilecade/g2048.h"

int g2048_print(const struct g2048 *g, char *buf, size_t len)
{
	size_t used = 0;
	int total = 0;
	for (int r = 0; r < g->size; r++)
		for (int c = 0; c < g->size; c++) {
			int n = snprintf(buf + used, used < len ? len - used : 0, "%" PRIu64 "%s",
			                 g2048_tile_value(g->cell[r * g->size + c]),
			                 c + 1 < g->size ? " " : "\n");
			if (n < 0)
				return n;
			total += n;
			used = used + (size_t)n < len ? used + (size_t)n : len;
		}
	return total;
}

static int fail(char *err, size_t errlen, int line, int col, const char *what)
{
	snprintf(err, errlen, "line %d, column %d: %s", line, col, what);
	return -1;
}

/* Reads one number at *p: 0 or a power of two from 2 to 2^63, as an exponent. */
static int read_tile(const char **p, uint8_t *exponent)
{
	uint64_t value = 0;
	const char *s = *p;
	while (*s >= '0' && *s <= '9') {
		int digit = *s - '0';
		if (value > (UINT64_MAX - (uint64_t)digit) / 10)
			return -1;
		value = value * 10 + (uint64_t)digit;
		s++;
	}
	*p = s;
	if (value == 1 || (value & (value - 1)) != 0)
		return -1;
	uint8_t e = 0;
	while (value > 1) {
		value >>= 1;
		e++;
	}
	*exponent = e;
	return 0;
}

int g2048_parse(const char *text, struct g2048 *g, char *err, size_t errlen)
{
	memset(g, 0, sizeof *g);
	int row = 0, width = -1, line = 1;
	const char *p = text;
	while (*p) {
		const char *line_start = p;
		int count = 0;
		while (*p && *p != '\n') {
			if (*p == ' ' || *p == '\t' || *p == '\r') {
				p++;
				continue;
			}
			int col = (int)(p - line_start) + 1;
			if (*p < '0' || *p > '9')
				return fail(err, errlen, line, col, "expected a number");
			if (count >= G2048_MAX_SIZE || row >= G2048_MAX_SIZE)
				return fail(err, errlen, line, col, "board larger than 8x8");
			uint8_t e;
			if (read_tile(&p, &e) != 0)
				return fail(err, errlen, line, col,
				            "a tile must be 0 or a power of two from 2 to 2^63");
			if (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
				return fail(err, errlen, line, (int)(p - line_start) + 1,
				            "expected a space between numbers");
			g->cell[row * G2048_MAX_SIZE + count++] = e;
		}
		if (count > 0) {
			if (width < 0)
				width = count;
			else if (count != width)
				return fail(err, errlen, line, 1, "rows have different lengths");
			row++;
		}
		if (*p == '\n') {
			p++;
			line++;
		}
	}
	if (row < G2048_MIN_SIZE || row > G2048_MAX_SIZE || width != row)
		return fail(err, errlen, line, 1, "a board must be square, 3x3 to 8x8");
	/* Cells were read with a stride of the largest size; pack them to this size. */
	for (int r = 0; r < row; r++)
		memmove(g->cell + r * row, g->cell + r * G2048_MAX_SIZE, (size_t)row);
	memset(g->cell + row * row, 0, sizeof g->cell - (size_t)(row * row));
	g->size = (uint8_t)row;
	return 0;
}
