/* The match-3 field as text (DESIGN.md): one row per line, 'a' = type 1, 'b' = type 2, ...
 * Lines starting with "# " are comments; blank lines around the field are skipped. */
#include <stdio.h>
#include <string.h>

#include "tilecade/match3.h"

static int fail(char *err, size_t errlen, int line, int col, const char *why)
{
	snprintf(err, errlen, "line %d, column %d: %s", line, col, why);
	return -1;
}

int m3_parse(const char *text, struct m3_field *f, char *err, size_t errlen)
{
	memset(f, 0, sizeof *f);
	int rows = 0, width = 0, line = 1, highest = 0, first_line = 0, blank_after = 0;
	char why[96];
	for (const char *p = text; *p; line++) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if (len >= 1 && p[0] == '#' && (len == 1 || p[1] == ' ')) {
			/* a comment */
		} else if (len == 0) {
			if (rows > 0 && !blank_after)
				blank_after = line;
		} else {
			if (blank_after)
				return fail(err, errlen, line, 1,
				            "a second field; --swaps reads one field");
			if (rows == 0) {
				width = (int)len;
				first_line = line;
				if (width < M3_MIN_SIZE || width > M3_MAX_SIZE) {
					snprintf(
					        why, sizeof why,
					        "a row of %d tiles; a field is %d to %d tiles wide",
					        width, M3_MIN_SIZE, M3_MAX_SIZE);
					return fail(err, errlen, line, 1, why);
				}
			}
			for (size_t c = 0; c < len; c++) {
				unsigned char ch = (unsigned char)p[c];
				if (ch < 'a' || ch >= 'a' + M3_MAX_TYPES) {
					snprintf(why, sizeof why,
					         ch >= 0x20 && ch < 0x7f
					                 ? "'%c' is not a tile (a to h)"
					                 : "byte 0x%02x is not a tile (a to h)",
					         ch);
					return fail(err, errlen, line, (int)c + 1, why);
				}
				if ((int)c >= width) {
					snprintf(why, sizeof why,
					         "the row is longer than the first row (%d tiles)",
					         width);
					return fail(err, errlen, line, (int)c + 1, why);
				}
			}
			if ((int)len < width) {
				snprintf(why, sizeof why,
				         "the row ends after %zu tiles; the first row has %d", len,
				         width);
				return fail(err, errlen, line, (int)len + 1, why);
			}
			if (rows == width) {
				snprintf(why, sizeof why,
				         "a row too many: the field is square, %dx%d", width,
				         width);
				return fail(err, errlen, line, 1, why);
			}
			for (int c = 0; c < width; c++) {
				int t = p[c] - 'a' + 1;
				f->type[rows * width + c] = (uint8_t)t;
				highest = t > highest ? t : highest;
			}
			rows++;
		}
		p = end ? end + 1 : p + strlen(p);
	}
	if (rows == 0)
		return fail(err, errlen, line, 1, "no field (rows of 'a' to 'h')");
	if (rows < width) {
		snprintf(why, sizeof why, "the field has %d rows; it is square, %d rows of %d",
		         rows, width, width);
		return fail(err, errlen, blank_after ? blank_after : line, 1, why);
	}
	(void)first_line;
	f->size = (uint8_t)width;
	f->types = (uint8_t)(highest < M3_MIN_TYPES ? M3_MIN_TYPES : highest);
	return 0;
}

int m3_print(const struct m3_field *f, char *buf, size_t len)
{
	char text[M3_MAX_SIZE * (M3_MAX_SIZE + 1) + 1];
	int n = f->size, k = 0;
	for (int r = 0; r < n && n <= M3_MAX_SIZE; r++) {
		for (int c = 0; c < n; c++) {
			uint8_t t = f->type[r * n + c];
			text[k++] = t ? (char)('a' + t - 1) : '.';
		}
		text[k++] = '\n';
	}
	text[k] = '\0';
	return snprintf(buf, len, "%s", text);
}
