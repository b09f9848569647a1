/* Parsing and comparing the batch mode's 2048 boards. */
#include "board.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool e2e_tile_value(uint64_t v)
{
	return v == 0 || (v >= 2 && (v & (v - 1)) == 0);
}

/* One row of numbers into b's row `row`; false unless it is numbers only, at most the maximum
 * width and, after the first row, exactly as wide as the first. */
static bool e2e_parse_row(const char *line, size_t len, struct e2e_board *b, int row)
{
	char copy[E2E_BOARD_MAX * 24];
	if (len >= sizeof copy || row >= E2E_BOARD_MAX)
		return false;
	memcpy(copy, line, len);
	copy[len] = '\0';
	int width = 0;
	for (char *p = copy; *p;) {
		if (*p == ' ') {
			p++;
			continue;
		}
		if (*p < '0' || *p > '9' || width == E2E_BOARD_MAX)
			return false;
		char *end;
		errno = 0;
		uint64_t v = strtoull(p, &end, 10);
		if (errno || (*end && *end != ' ') || !e2e_tile_value(v))
			return false;
		b->cell[row * E2E_BOARD_MAX + width++] = v;
		p = end;
	}
	if (row == 0)
		b->size = width;
	return width > 0 && width == b->size;
}

/* Cells are stored E2E_BOARD_MAX apart while parsing; this packs them to size apart. */
static void e2e_pack(struct e2e_board *b)
{
	for (int r = 1; r < b->size; r++)
		memmove(&b->cell[r * b->size], &b->cell[r * E2E_BOARD_MAX],
		        (size_t)b->size * sizeof b->cell[0]);
	for (int i = b->size * b->size; i < E2E_BOARD_MAX * E2E_BOARD_MAX; i++)
		b->cell[i] = 0;
}

int e2e_boards_parse(const char *text, struct e2e_board *boards, int max, uint64_t *score)
{
	int count = 0, rows = 0;
	bool scored = false;
	struct e2e_board cur = {0};
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		if (scored)
			return -1; /* the score must come last */
		bool board_ends = len == 0 || strncmp(line, "score ", 6) == 0;
		if (board_ends && rows > 0) {
			if (rows != cur.size || count == max)
				return -1;
			e2e_pack(&cur);
			boards[count++] = cur;
			rows = 0;
		}
		if (len > 6 && strncmp(line, "score ", 6) == 0) {
			char *end;
			*score = strtoull(line + 6, &end, 10);
			scored = end == line + len;
			if (!scored)
				return -1;
		} else if (len > 0 && !e2e_parse_row(line, len, &cur, rows++)) {
			return -1;
		}
		line = nl ? nl + 1 : line + len;
	}
	return scored && count > 0 ? count : -1;
}

bool e2e_board_equal(const struct e2e_board *a, const struct e2e_board *b)
{
	return a->size == b->size &&
	       memcmp(a->cell, b->cell, (size_t)(a->size * a->size) * sizeof a->cell[0]) == 0;
}

int e2e_board_tiles(const struct e2e_board *b)
{
	int n = 0;
	for (int i = 0; i < b->size * b->size; i++)
		n += b->cell[i] != 0;
	return n;
}

void e2e_board_format(const struct e2e_board *b, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < b->size * b->size && used < len; i++) {
		bool last = i % b->size == b->size - 1;
		int n = snprintf(buf + used, len - used, "%" PRIu64 "%c", b->cell[i],
		                 last ? '\n' : ' ');
		used += n > 0 ? (size_t)n : 0;
	}
}
