/* Sudoku's rules: which cells see each other, and which digits a cell may still take. */
#include "tilecade/sudoku.h"

static int box_of(int cell)
{
	return cell / 27 * 3 + cell % 9 / 3;
}

static bool sees(enum sdk_stage stage, int a, int b)
{
	if (a == b)
		return false;
	return a / 9 == b / 9 || a % 9 == b % 9 || (stage == SDK_CLASSIC && box_of(a) == box_of(b));
}

int sdk_peers(enum sdk_stage stage, int cell, uint8_t peers[20])
{
	int n = 0;
	if (cell < 0 || cell >= SDK_CELLS)
		return 0;
	for (int c = 0; c < SDK_CELLS; c++)
		if (sees(stage, cell, c))
			peers[n++] = (uint8_t)c;
	return n;
}

void sdk_conflicts(enum sdk_stage stage, const struct sdk_grid *g, bool conflict[SDK_CELLS])
{
	for (int a = 0; a < SDK_CELLS; a++) {
		conflict[a] = false;
		if (g->cell[a] == 0)
			continue;
		for (int b = 0; b < SDK_CELLS && !conflict[a]; b++)
			conflict[a] = g->cell[b] == g->cell[a] && sees(stage, a, b);
	}
}

bool sdk_consistent(enum sdk_stage stage, const struct sdk_grid *g)
{
	/* Masks per unit rather than sdk_conflicts' pairs: the generator and solver call this. */
	uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
	for (int c = 0; c < SDK_CELLS; c++) {
		int d = g->cell[c];
		if (d == 0)
			continue;
		if (d > 9)
			return false;
		uint16_t bit = (uint16_t)(1u << (d - 1));
		int r = c / 9, k = c % 9, b = box_of(c);
		if ((row[r] | col[k] | (stage == SDK_CLASSIC ? box[b] : 0)) & bit)
			return false;
		row[r] |= bit;
		col[k] |= bit;
		box[b] |= bit;
	}
	return true;
}

uint16_t sdk_candidates(enum sdk_stage stage, const struct sdk_grid *g, int cell)
{
	if (cell < 0 || cell >= SDK_CELLS || g->cell[cell] != 0)
		return 0;
	uint16_t used = 0;
	for (int c = 0; c < SDK_CELLS; c++)
		if (g->cell[c] >= 1 && g->cell[c] <= 9 && sees(stage, cell, c))
			used |= (uint16_t)(1u << (g->cell[c] - 1));
	return (uint16_t)(SDK_ALL & ~used);
}
