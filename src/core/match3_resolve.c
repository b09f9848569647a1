/* Resolving a swap: lines clear, specials are made and fire, tiles fall, new ones drop in from
 * the top, and cascades repeat until the field is stable.
 *
 * Points: every line of length L scores 10 * L * (L - 2) * depth, where depth is 1 for the
 * swap's own matches and grows by one per cascade; every tile a special or a rainbow removes
 * beyond its lines scores 10 * depth. Specials made: 5+ in a line a rainbow, a horizontal and
 * a vertical line sharing a cell (L or T) a bomb at that cell, 4 in a line a line special
 * (row for a horizontal line, column for a vertical one). A special is made at the swapped cell
 * when the line holds it, else at the line's second cell. */
#include <string.h>

#include "tilecade/match3.h"

#define MAX_RUNS (2 * M3_CELLS / 3 + 2)
#define MAX_CASCADES 1000 /* refills are random; this only bounds a pathological rng */

struct run {
	int start, len, step; /* step 1: horizontal, size: vertical */
	bool used;            /* has made a special already */
};

static int find_runs(const struct m3_field *f, struct run *runs)
{
	int n = f->size, count = 0;
	for (int dir = 0; dir < 2; dir++)
		for (int line = 0; line < n; line++)
			for (int k = 0; k < n;) {
				int i = dir ? k * n + line : line * n + k, step = dir ? n : 1;
				int len = 1;
				while (k + len < n && f->type[i] &&
				       f->type[i + len * step] == f->type[i])
					len++;
				if (f->type[i] && len >= 3)
					runs[count++] = (struct run){i, len, step, false};
				k += len;
			}
	return count;
}

static bool run_holds(const struct run *r, int cell)
{
	for (int k = 0; k < r->len; k++)
		if (r->start + k * r->step == cell)
			return true;
	return false;
}

/* Where a special made from this line goes: a swapped cell it holds, else its second cell. */
static int special_cell(const struct run *r, int a, int b)
{
	if (a >= 0 && run_holds(r, a))
		return a;
	if (b >= 0 && run_holds(r, b))
		return b;
	return r->start + r->step;
}

/* Marks cell i cleared, queueing it to fire when it carries a special. */
static void clear_cell(const struct m3_field *f, int i, bool *cleared, const bool *keep, int *queue,
                       int *queued, int *extra)
{
	if (cleared[i] || keep[i] || !f->type[i])
		return;
	cleared[i] = true;
	(*extra)++;
	if (f->special[i] != M3_PLAIN)
		queue[(*queued)++] = i;
}

/* Fires the queued specials (and those they reach); returns how many tiles they added. */
static int fire(const struct m3_field *f, bool *cleared, const bool *keep, int *queue, int queued)
{
	int n = f->size, extra = 0;
	for (int q = 0; q < queued; q++) {
		int i = queue[q], r = i / n, c = i % n;
		switch (f->special[i]) {
		case M3_LINE_ROW:
			for (int k = 0; k < n; k++)
				clear_cell(f, r * n + k, cleared, keep, queue, &queued, &extra);
			break;
		case M3_LINE_COLUMN:
			for (int k = 0; k < n; k++)
				clear_cell(f, k * n + c, cleared, keep, queue, &queued, &extra);
			break;
		case M3_BOMB:
			for (int dr = -1; dr <= 1; dr++)
				for (int dc = -1; dc <= 1; dc++)
					if (r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n)
						clear_cell(f, (r + dr) * n + c + dc, cleared, keep,
						           queue, &queued, &extra);
			break;
		case M3_RAINBOW: /* matched in a line: removes every tile of its own type */
			for (int k = 0; k < n * n; k++)
				if (f->type[k] == f->type[i])
					clear_cell(f, k, cleared, keep, queue, &queued, &extra);
			break;
		default:
			break;
		}
	}
	return extra;
}

/* Tiles fall into the cleared cells; new plain tiles drop in from the top. */
static void fall_and_refill(struct m3_field *f, const bool *cleared, struct tc_rng *rng)
{
	int n = f->size;
	for (int c = 0; c < n; c++) {
		int to = n - 1;
		for (int r = n - 1; r >= 0; r--) {
			int i = r * n + c;
			if (cleared[i])
				continue;
			f->type[to * n + c] = f->type[i];
			f->special[to * n + c] = f->special[i];
			to--;
		}
		for (; to >= 0; to--) {
			f->type[to * n + c] = (uint8_t)(tc_rng_below(rng, f->types) + 1);
			f->special[to * n + c] = M3_PLAIN;
		}
	}
}

static void count_cleared(const struct m3_field *f, const bool *cleared, uint16_t *by_type)
{
	if (!by_type)
		return;
	for (int i = 0; i < f->size * f->size; i++)
		if (cleared[i] && f->type[i] <= f->types && by_type[f->type[i]] < UINT16_MAX)
			by_type[f->type[i]]++;
}

static void record(struct m3_resolution *res, const bool *cleared, const struct m3_field *after)
{
	if (!res || res->steps >= M3_MAX_STEPS)
		return;
	struct m3_step *s = &res->step[res->steps++];
	memcpy(s->cleared, cleared, sizeof s->cleared);
	s->after = *after;
}

/* One step of matched lines at this depth; a and b are the swapped cells (-1 in cascades). */
static int64_t clear_lines(struct m3_field *f, int a, int b, int depth, bool *cleared)
{
	struct run runs[MAX_RUNS];
	int count = find_runs(f, runs), n = f->size;
	bool keep[M3_CELLS] = {false};
	uint8_t made[M3_CELLS] = {0};
	int64_t points = 0;
	for (int k = 0; k < count; k++)
		points += 10 * (int64_t)runs[k].len * (runs[k].len - 2) * depth;
	/* Specials, biggest first: rainbows, then bombs where lines cross, then line specials. */
	for (int k = 0; k < count; k++)
		if (runs[k].len >= 5) {
			int at = special_cell(&runs[k], a, b);
			made[at] = M3_RAINBOW;
			keep[at] = true;
			runs[k].used = true;
			for (int j = 0; j < count; j++)
				if (runs[j].step != runs[k].step && run_holds(&runs[j], at))
					runs[j].used = true;
		}
	for (int h = 0; h < count; h++)
		for (int v = 0; v < count && runs[h].step == 1 && !runs[h].used; v++) {
			if (runs[v].step != n || runs[v].used)
				continue;
			for (int k = 0; k < runs[h].len; k++) {
				int at = runs[h].start + k;
				if (run_holds(&runs[v], at)) {
					made[at] = M3_BOMB;
					keep[at] = true;
					runs[h].used = runs[v].used = true;
					break;
				}
			}
		}
	for (int k = 0; k < count; k++)
		if (runs[k].len == 4 && !runs[k].used) {
			int at = special_cell(&runs[k], a, b);
			made[at] = runs[k].step == 1 ? M3_LINE_ROW : M3_LINE_COLUMN;
			keep[at] = true;
			runs[k].used = true;
		}
	int queue[M3_CELLS], queued = 0;
	for (int k = 0; k < count; k++)
		for (int j = 0; j < runs[k].len; j++) {
			int i = runs[k].start + j * runs[k].step;
			if (cleared[i])
				continue;
			/* A special matched where a new one is made still fires. */
			if (f->special[i] != M3_PLAIN)
				queue[queued++] = i;
			if (!keep[i])
				cleared[i] = true;
		}
	int extra = fire(f, cleared, keep, queue, queued);
	points += 10 * (int64_t)extra * depth;
	for (int i = 0; i < n * n; i++)
		if (keep[i])
			f->special[i] = made[i];
	return points;
}

/* A rainbow swapped with a tile removes every tile of that tile's type (two rainbows: all). */
static int64_t rainbow_swap(const struct m3_field *f, int a, int b, bool *cleared)
{
	int n = f->size, rainbow = f->special[a] == M3_RAINBOW ? a : b,
	    other = rainbow == a ? b : a;
	bool both = f->special[other] == M3_RAINBOW, keep[M3_CELLS] = {false};
	int queue[M3_CELLS], queued = 0, extra = 0;
	cleared[rainbow] = true;
	extra++;
	for (int i = 0; i < n * n; i++)
		if (both || f->type[i] == f->type[other])
			if (!cleared[i] && i != rainbow) {
				cleared[i] = true;
				extra++;
				if (f->special[i] != M3_PLAIN && f->special[i] != M3_RAINBOW)
					queue[queued++] = i;
			}
	extra += fire(f, cleared, keep, queue, queued);
	return 10 * (int64_t)extra;
}

bool m3_play_swap(struct m3_field *f, int a, int b, struct tc_rng *rng, struct m3_resolution *res,
                  int64_t *points, uint16_t *cleared_by_type)
{
	if (res)
		memset(res, 0, sizeof *res);
	if (!m3_swap_matches(f, a, b))
		return false;
	int64_t total = 0;
	bool cleared[M3_CELLS] = {false};
	if (f->special[a] == M3_RAINBOW || f->special[b] == M3_RAINBOW) {
		total += rainbow_swap(f, a, b, cleared);
	} else {
		uint8_t t = f->type[a], s = f->special[a];
		f->type[a] = f->type[b];
		f->special[a] = f->special[b];
		f->type[b] = t;
		f->special[b] = s;
		total += clear_lines(f, a, b, 1, cleared);
	}
	for (int depth = 2;; depth++) {
		count_cleared(f, cleared, cleared_by_type);
		fall_and_refill(f, cleared, rng);
		record(res, cleared, f);
		if (!m3_has_match(f) || depth > MAX_CASCADES)
			break;
		memset(cleared, 0, sizeof cleared);
		total += clear_lines(f, -1, -1, depth, cleared);
	}
	if (res)
		res->points = total;
	if (points)
		*points = total;
	return true;
}
