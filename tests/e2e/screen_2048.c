/* Reading the 2048 screen: status, game ID and tile numbers. */
#include "screen_2048.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define E2E_2048_MAX_TILES (E2E_BOARD_MAX * E2E_BOARD_MAX)

/* The row of the game ID, with the ID copied to id, or -1. */
/* The game ID is on the bottom line; other lines may show IDs too (the menu's Continue row), and
 * while a screen is replaced some of the old one may still be there. */
static int e2e_2048_find_id(struct e2e_term *t, char *id, size_t len)
{
	for (int r = e2e_rows(t) - 1; r == e2e_rows(t) - 1; r++) {
		const char *p = strstr(e2e_row(t, r), "2048:");
		if (!p)
			continue;
		size_t n = strspn(p, "0123456789abcdefghijklmnopqrstuvwxyz:");
		if (n >= len)
			continue;
		memcpy(id, p, n);
		id[n] = '\0';
		int w, h;
		uint64_t seed;
		char extra;
		if (sscanf(id, "2048:%dx%d:s%" SCNu64 "%c", &w, &h, &seed, &extra) == 3)
			return r;
	}
	return -1;
}

static int e2e_2048_status_row(struct e2e_term *t)
{
	int row, col;
	return e2e_find(t, "Score: ", &row, &col) ? row : -1;
}

/* "Time: m:ss" exactly: minutes, a colon, two digits. */
static bool e2e_2048_time(const char *p, int *minutes, int *seconds)
{
	int end = 0;
	if (!p || sscanf(p, "Time: %d:%n", minutes, &end) != 1 || end == 0)
		return false;
	p += end;
	if (!isdigit((unsigned char)p[0]) || !isdigit((unsigned char)p[1]) ||
	    isdigit((unsigned char)p[2]))
		return false;
	*seconds = (p[0] - '0') * 10 + (p[1] - '0');
	return *seconds < 60;
}

bool e2e_2048_status(struct e2e_term *t, struct e2e_2048_status *out)
{
	int row = e2e_2048_status_row(t);
	if (row < 0 || e2e_2048_find_id(t, out->id, sizeof out->id) < 0)
		return false;
	const char *line = e2e_row(t, row);
	const char *best = strstr(line, "Best: ");
	const char *moves = strstr(line, "Moves: ");
	return best && moves &&
	       sscanf(strstr(line, "Score: "), "Score: %" SCNd64, &out->score) == 1 &&
	       sscanf(best, "Best: %" SCNd64, &out->best) == 1 &&
	       sscanf(moves, "Moves: %d", &out->moves) == 1 &&
	       e2e_2048_time(strstr(line, "Time: "), &out->minutes, &out->seconds);
}

static bool e2e_digit_cell(const struct e2e_cell *c)
{
	return c->text[0] >= '0' && c->text[0] <= '9' && c->text[1] == '\0';
}

static bool e2e_on_box(const struct e2e_cell *c)
{
	return c->bg.kind != E2E_COLOR_DEFAULT || c->reverse;
}

/* A cell's background as a player sees it, for telling a box from what is around it. */
static bool e2e_same_box(const struct e2e_term *t, int row, int col, const struct e2e_cell *box)
{
	struct e2e_cell c;
	return e2e_cell(t, row, col, &c) && c.reverse == box->reverse &&
	       c.bg.kind == box->bg.kind && c.bg.index == box->bg.index && c.bg.r == box->bg.r &&
	       c.bg.g == box->bg.g && c.bg.b == box->bg.b;
}

/* Whether the number in cells [first, last] of row has no words beside it on its background: a
 * line of text drawn on a background of its own (a race pane's highlighted line, "1 ann  4
 * pts") is no tile. (Numbers only may share it: tiles of one colour side by side.) */
static bool e2e_alone_in_box(const struct e2e_term *t, int row, int first, int last)
{
	struct e2e_cell box, c;
	e2e_cell(t, row, first, &box);
	for (int step = -1; step <= 1; step += 2)
		for (int col = step < 0 ? first - 1 : last + 1;
		     e2e_same_box(t, row, col, &box) && e2e_cell(t, row, col, &c); col += step)
			if (c.text[0] != '\0' && c.text[0] != ' ' && !e2e_digit_cell(&c))
				return false;
	return true;
}

int e2e_2048_tiles(struct e2e_term *t, struct e2e_2048_tile *tiles, int max)
{
	int status_row = e2e_2048_status_row(t);
	int n = 0;
	/* The bottom row is the status bar's, whatever it holds (the game ID, or a replay's line
	 * with numbers of its own where the ID did not fit). */
	for (int r = 0; r < e2e_rows(t) - 1; r++) {
		if (r == status_row)
			continue;
		for (int c = 0; c < e2e_cols(t) && n < max; c++) {
			struct e2e_cell cell;
			e2e_cell(t, r, c, &cell);
			if (!e2e_digit_cell(&cell) || !e2e_on_box(&cell))
				continue;
			struct e2e_2048_tile *tile = &tiles[n++];
			*tile = (struct e2e_2048_tile){.row = r, .first = c};
			for (; e2e_cell(t, r, c, &cell) && e2e_digit_cell(&cell); c++)
				tile->value = tile->value * 10 + (uint64_t)(cell.text[0] - '0');
			tile->last = c - 1;
			tile->col = (tile->first + tile->last) / 2;
			if (!e2e_alone_in_box(t, r, tile->first, tile->last))
				n--; /* text on a background, not a tile */
		}
	}
	return n;
}

/* How two tiles' places on the board and on the screen must agree: same board row, same screen
 * row; same board column, middles at most a cell apart (numbers of odd and even length);
 * further right or down on the board, further right or down on the screen. */
static bool e2e_2048_placed(const struct e2e_2048_tile *a, int ar, int ac,
                            const struct e2e_2048_tile *b, int br, int bc)
{
	bool rows_ok = ar == br ? a->row == b->row : (ar < br) == (a->row < b->row);
	bool near = abs(a->col - b->col) <= 1;
	bool cols_ok = ac == bc ? near : !near && (ac < bc) == (a->col < b->col);
	return rows_ok && cols_ok;
}

bool e2e_2048_shows(struct e2e_term *t, const struct e2e_board *b, char *why, size_t len)
{
	struct e2e_2048_tile tiles[E2E_2048_MAX_TILES];
	int n = e2e_2048_tiles(t, tiles, E2E_2048_MAX_TILES);
	int at[E2E_2048_MAX_TILES]; /* board cell of each non-empty cell, in row order */
	int want = 0;
	for (int i = 0; i < b->size * b->size; i++)
		if (b->cell[i])
			at[want++] = i;
	if (n != want) {
		snprintf(why, len, "the screen shows %d tile numbers, the board has %d tiles", n,
		         want);
		return false;
	}
	for (int i = 0; i < n; i++) {
		if (tiles[i].value != b->cell[at[i]]) {
			snprintf(why, len, "tile %d reads %" PRIu64 ", the board has %" PRIu64,
			         i + 1, tiles[i].value, b->cell[at[i]]);
			return false;
		}
		for (int j = 0; j < i; j++) {
			int s = b->size;
			if (!e2e_2048_placed(&tiles[j], at[j] / s, at[j] % s, &tiles[i], at[i] / s,
			                     at[i] % s)) {
				snprintf(why, len, "tiles %d and %d are drawn out of place", j + 1,
				         i + 1);
				return false;
			}
		}
	}
	return true;
}

/* How many cells from (row, col) on, stepping by (dr, dc), are of the box. */
static int e2e_extent(const struct e2e_term *t, int row, int col, int dr, int dc,
                      const struct e2e_cell *box)
{
	int n = 0;
	while (e2e_same_box(t, row + dr * (n + 1), col + dc * (n + 1), box))
		n++;
	return n;
}

bool e2e_2048_centred(const struct e2e_term *t, const struct e2e_2048_tile *tile)
{
	struct e2e_cell box;
	if (!e2e_cell(t, tile->row, tile->first, &box))
		return false;
	int left = e2e_extent(t, tile->row, tile->first, 0, -1, &box);
	int right = e2e_extent(t, tile->row, tile->last, 0, 1, &box);
	int up = e2e_extent(t, tile->row, tile->col, -1, 0, &box);
	int down = e2e_extent(t, tile->row, tile->col, 1, 0, &box);
	return left > 0 && right > 0 && abs(left - right) <= 1 && abs(up - down) <= 1;
}
