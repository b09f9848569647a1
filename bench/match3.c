/* How fast match-3 is: fields generated per second (the seed's fill plus the check that a swap
 * exists), and the time of a full resolution of a swap (clears, specials, falls, refills and
 * cascades until stable), averaged over many swaps of many games. There is no other program to
 * compare with, so the ratio is against a goal: both well inside one 16 ms frame (a field in
 * under 0.1 ms, a resolution in under 1 ms). Prints a table; never fails (a benchmark is not a
 * test).
 *
 * usage: match3 [FIELDS]   (fields to generate; default 200000) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tilecade/match3.h"

#define DEFAULT_FIELDS 200000
#define GAMES 2000
#define SWAPS_PER_GAME 20
#define FIELD_GOAL_US 100.0
#define RESOLVE_GOAL_US 1000.0

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static volatile uint64_t sink;

int main(int argc, char **argv)
{
	long fields = argc > 1 ? strtol(argv[1], NULL, 10) : DEFAULT_FIELDS;
	if (fields < 1)
		fields = DEFAULT_FIELDS;
	printf("%-34s %12s %12s %10s %8s\n", "what (8x8, 8 types)", "count", "us each", "goal us",
	       "ratio");

	struct tc_rng rng;
	struct m3_field f;
	tc_rng_seed(&rng, 1, 1);
	double t0 = now_us();
	for (long i = 0; i < fields; i++) {
		m3_fill(&f, 8, 8, &rng);
		sink += f.type[i % 64];
	}
	double each = (now_us() - t0) / (double)fields;
	printf("%-34s %12ld %12.3f %10.1f %8.3f\n", "field generated", fields, each, FIELD_GOAL_US,
	       each / FIELD_GOAL_US);
	printf("%-34s %12.0f\n", "  fields per second", 1e6 / each);

	/* Resolutions: valid swaps of real games, timed one by one (the choice is not). */
	static struct m3_resolution res;
	double total = 0;
	long swaps = 0, steps = 0;
	for (int g = 0; g < GAMES; g++) {
		tc_rng_seed(&rng, (uint64_t)g, 2);
		m3_fill(&f, 8, 8, &rng);
		for (int k = 0; k < SWAPS_PER_GAME; k++) {
			int list[2 * M3_CELLS][2];
			int n = m3_valid_swaps(&f, list, 2 * M3_CELLS);
			if (n == 0 && !m3_reshuffle(&f, &rng))
				break;
			if (n == 0)
				continue;
			int pick = (int)tc_rng_below(&rng, (uint32_t)n);
			int64_t points = 0;
			double t = now_us();
			m3_play_swap(&f, list[pick][0], list[pick][1], &rng, &res, &points, NULL);
			total += now_us() - t;
			swaps++;
			steps += res.steps;
			sink += (uint64_t)points;
		}
	}
	each = total / (double)swaps;
	printf("%-34s %12ld %12.3f %10.1f %8.3f\n", "swap resolved (with recording)", swaps, each,
	       RESOLVE_GOAL_US, each / RESOLVE_GOAL_US);
	printf("%-34s %12.2f\n", "  steps per resolution", (double)steps / (double)swaps);
	return 0;
}
