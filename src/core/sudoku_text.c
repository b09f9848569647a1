/* Sudoku's text form: the usual 81-character line, row by row, '.' or '0' for a blank. */
#include <stdio.h>
#include <string.h>

#include "tilecade/sudoku.h"

const char *sdk_stage_name(enum sdk_stage s)
{
	return s == SDK_LATIN ? "latin" : s == SDK_CLASSIC ? "classic" : "?";
}

int sdk_parse(const char *line, struct sdk_grid *g, char *err, size_t errlen)
{
	size_t len = strlen(line);
	/* A line as fgets or a Windows editor leaves it; nothing else around the digits. */
	if (len > 0 && line[len - 1] == '\n')
		len--;
	if (len > 0 && line[len - 1] == '\r')
		len--;
	/* Characters first, so that a line with a typo and a missing digit names the typo. */
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)line[i];
		if (ch == '.' || (ch >= '0' && ch <= '9'))
			continue;
		if (ch >= 0x20 && ch < 0x7f)
			snprintf(err, errlen, "bad character '%c' at column %zu", ch, i + 1);
		else
			snprintf(err, errlen, "bad byte 0x%02x at column %zu", ch, i + 1);
		return -1;
	}
	if (len != SDK_CELLS) {
		snprintf(err, errlen, "line is %zu characters, not %d", len, SDK_CELLS);
		return -1;
	}
	for (int i = 0; i < SDK_CELLS; i++)
		g->cell[i] = line[i] == '.' ? 0 : (uint8_t)(line[i] - '0');
	return 0;
}

void sdk_print(const struct sdk_grid *g, char out[SDK_CELLS + 1])
{
	for (int i = 0; i < SDK_CELLS; i++)
		out[i] = g->cell[i] >= 1 && g->cell[i] <= 9 ? (char)('0' + g->cell[i]) : '.';
	out[SDK_CELLS] = '\0';
}

const char *sdk_box_name(int box)
{
	static const char *const names[9] = {
	        "top-left",     "top-middle",  "top-right",     "middle-left", "centre",
	        "middle-right", "bottom-left", "bottom-middle", "bottom-right"};
	return box >= 0 && box < 9 ? names[box] : "unknown";
}

bool sdk_explain_conflict(enum sdk_stage stage, const struct sdk_grid *g, char *why, size_t len)
{
	/* For each cell, the earlier cells it could repeat: its row, then column, then box. */
	for (int c = 0; c < SDK_CELLS; c++) {
		int d = g->cell[c], r = c / 9, k = c % 9, b = r / 3 * 3 + k / 3;
		if (d == 0)
			continue;
		for (int e = 0; e < c; e++) {
			if (g->cell[e] != d)
				continue;
			int re = e / 9, ke = e % 9, be = re / 3 * 3 + ke / 3;
			if (re == r || ke == k)
				snprintf(why, len, "digit %d twice in %s %d", d,
				         re == r ? "row" : "column", (re == r ? r : k) + 1);
			else if (stage == SDK_CLASSIC && be == b)
				snprintf(why, len, "digit %d twice in the %s box", d, sdk_box_name(b));
			else
				continue;
			return true;
		}
	}
	return false;
}
