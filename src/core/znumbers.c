/* zNumbers rules: where a tile may land, playing a move, and when a level is over. */
#include "tilecade/znumbers.h"

/* Row and column steps of the eight directions, in the seed's order. */
static const int8_t dir_row[8] = {0, 0, 1, -1, 1, -1, 1, -1};
static const int8_t dir_col[8] = {1, -1, 0, 0, 1, -1, -1, 1};

int zn_destinations(const struct zn_board *b, int from, uint8_t to[8])
{
	if (from < 0 || from >= b->rows * b->cols || !zn_is_tile(b->cell[from]))
		return 0;
	int v = zn_value(b->cell[from]);
	int r0 = from / b->cols, c0 = from % b->cols, n = 0;
	for (int d = 0; d < 8; d++) {
		int r = r0 + v * dir_row[d], c = c0 + v * dir_col[d];
		if (r >= 0 && r < b->rows && c >= 0 && c < b->cols && b->cell[r * b->cols + c] == 0)
			to[n++] = (uint8_t)(r * b->cols + c);
	}
	return n;
}

bool zn_move(struct zn_board *b, struct zn_move m)
{
	uint8_t to[8];
	int n = zn_destinations(b, m.from, to);
	for (int i = 0; i < n; i++)
		if (to[i] == m.to) {
			b->cell[m.to] = b->cell[m.from] | ZN_USED;
			b->cell[m.from] = 0;
			return true;
		}
	return false;
}

int zn_tiles_left(const struct zn_board *b)
{
	int n = 0;
	for (int i = 0; i < b->rows * b->cols; i++)
		n += zn_is_tile(b->cell[i]);
	return n;
}

bool zn_can_move(const struct zn_board *b)
{
	uint8_t to[8];
	for (int i = 0; i < b->rows * b->cols; i++)
		if (zn_destinations(b, i, to) > 0)
			return true;
	return false;
}

enum tc_status zn_status(const struct zn_board *b)
{
	if (zn_tiles_left(b) == 0)
		return TC_WON;
	return zn_can_move(b) ? TC_PLAYING : TC_LOST;
}

int zn_generate(struct zn_board *b, int rows, int cols, int attempts, struct tc_rng *rng,
                struct zn_move *solution)
{
	b->rows = (uint8_t)rows;
	b->cols = (uint8_t)cols;
	for (int i = 0; i < ZN_CELLS; i++)
		b->cell[i] = 0;
	int row = (int)tc_rng_below(rng, (uint32_t)rows);
	int col = (int)tc_rng_below(rng, (uint32_t)cols);
	struct zn_move placed[ZN_MAX_MOVES];
	int count = 0;
	for (int round = 0; round <= rows * cols; round++) {
		int tries = 0, value, r, c;
		bool legal;
		do {
			value = 1 + (int)tc_rng_below(rng, 4);
			int d = (int)tc_rng_below(rng, 8);
			r = row + value * dir_row[d];
			c = col + value * dir_col[d];
			legal = r >= 0 && r < rows && c >= 0 && c < cols &&
			        b->cell[r * cols + c] == 0;
			tries++;
		} while (!legal && tries < attempts);
		/* As in the seed, a legal landing found on the last try does not count. */
		if (tries < attempts) {
			b->cell[row * cols + col] = (uint8_t)value;
			placed[count++] = (struct zn_move){(uint8_t)(row * cols + col),
			                                   (uint8_t)(r * cols + c)};
			row = r;
			col = c;
		}
	}
	/* The last tile placed moves first. */
	for (int i = 0; i < count; i++)
		solution[i] = placed[count - 1 - i];
	return count;
}
