/* Match-3 field rules: the seed's fill, match detection and the swaps that make a match. */
#include <string.h>

#include "tilecade/match3.h"

/* Whether cell i (already drawn) completes three with the two to its left or the two above:
 * the seed's isHorizontalMatch / isVerticalMatch. */
static bool completes_three(const struct m3_field *f, int i)
{
	int n = f->size, r = i / n, c = i % n;
	uint8_t t = f->type[i];
	return (c >= 2 && f->type[i - 1] == t && f->type[i - 2] == t) ||
	       (r >= 2 && f->type[i - n] == t && f->type[i - 2 * n] == t);
}

void m3_fill(struct m3_field *f, int size, int types, struct tc_rng *rng)
{
	memset(f, 0, sizeof *f);
	f->size = (uint8_t)size;
	f->types = (uint8_t)types;
	do {
		for (int i = 0; i < size * size; i++)
			do
				f->type[i] = (uint8_t)(tc_rng_below(rng, (uint32_t)types) + 1);
			while (completes_three(f, i));
	} while (m3_valid_swaps(f, NULL, 0) == 0);
}

/* The length of the horizontal and vertical runs of equal tiles through cell i. */
static int run_h(const struct m3_field *f, int i)
{
	int n = f->size, r = i / n, c = i % n, len = 1;
	uint8_t t = f->type[i];
	if (!t)
		return 0;
	for (int k = c - 1; k >= 0 && f->type[r * n + k] == t; k--)
		len++;
	for (int k = c + 1; k < n && f->type[r * n + k] == t; k++)
		len++;
	return len;
}

static int run_v(const struct m3_field *f, int i)
{
	int n = f->size, r = i / n, c = i % n, len = 1;
	uint8_t t = f->type[i];
	if (!t)
		return 0;
	for (int k = r - 1; k >= 0 && f->type[k * n + c] == t; k--)
		len++;
	for (int k = r + 1; k < n && f->type[k * n + c] == t; k++)
		len++;
	return len;
}

bool m3_has_match(const struct m3_field *f)
{
	int n = f->size;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int i = r * n + c;
			uint8_t t = f->type[i];
			if (!t)
				continue;
			if (c + 2 < n && f->type[i + 1] == t && f->type[i + 2] == t)
				return true;
			if (r + 2 < n && f->type[i + n] == t && f->type[i + 2 * n] == t)
				return true;
		}
	return false;
}

static bool neighbours(const struct m3_field *f, int a, int b)
{
	int n = f->size, cells = n * n;
	if (a < 0 || b < 0 || a >= cells || b >= cells)
		return false;
	if (a > b) {
		int t = a;
		a = b;
		b = t;
	}
	return (b == a + 1 && a / n == b / n) || b == a + n;
}

bool m3_swap_matches(const struct m3_field *f, int a, int b)
{
	if (!neighbours(f, a, b) || !f->type[a] || !f->type[b])
		return false;
	if (f->special[a] == M3_RAINBOW || f->special[b] == M3_RAINBOW)
		return true;
	if (f->type[a] == f->type[b])
		return false;
	struct m3_field g = *f;
	g.type[a] = f->type[b];
	g.type[b] = f->type[a];
	return run_h(&g, a) >= 3 || run_v(&g, a) >= 3 || run_h(&g, b) >= 3 || run_v(&g, b) >= 3;
}

int m3_valid_swaps(const struct m3_field *f, int (*swaps)[2], int max)
{
	int n = f->size, count = 0;
	/* Cell order, then right before down: i + 1 < i + n, so the list comes out sorted. */
	for (int i = 0; i < n * n; i++) {
		int other[2] = {i % n + 1 < n ? i + 1 : -1, i + n < n * n ? i + n : -1};
		for (int k = 0; k < 2; k++) {
			if (other[k] < 0 || !m3_swap_matches(f, i, other[k]))
				continue;
			if (swaps && count < max) {
				swaps[count][0] = i;
				swaps[count][1] = other[k];
			}
			count++;
			if (!swaps)
				return count; /* only whether there is one */
		}
	}
	return swaps && count > max ? max : count;
}

bool m3_reshuffle(struct m3_field *f, struct tc_rng *rng)
{
	int cells = f->size * f->size;
	struct m3_field g = *f;
	for (int attempt = 0; attempt < M3_RESHUFFLE_TRIES; attempt++) {
		for (int i = cells - 1; i > 0;
		     i--) { /* Fisher-Yates: types and specials together */
			int j = (int)tc_rng_below(rng, (uint32_t)i + 1);
			uint8_t t = g.type[i], s = g.special[i];
			g.type[i] = g.type[j];
			g.special[i] = g.special[j];
			g.type[j] = t;
			g.special[j] = s;
		}
		if (!m3_has_match(&g) && m3_valid_swaps(&g, NULL, 0) > 0) {
			*f = g;
			return true;
		}
	}
	return false;
}
