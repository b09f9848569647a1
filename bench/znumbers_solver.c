/* How fast the zNumbers solver is: on the original levels (solve, count solutions, rate), and
 * on generated levels, made and proved one after the other as a "new game" does. There is no
 * other program to compare with, so the ratio is against the goals: every original level solved
 * in under 100 ms, a 6x6 level generated and proved in under 1 ms. Prints tables; never fails
 * (a benchmark is not a test).
 *
 * usage: znumbers_solver [SEEDS]   (generated 6x6 levels to time; default 20000) */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tilecade/znumbers.h"

#define SOLVE_RUNS 21
#define COUNT_RUNS 3
#define COUNT_CAP 100000
#define ORIGINAL_GOAL_MS 100.0
#define GENERATED_GOAL_US 1000.0
#define DEFAULT_SEEDS 20000

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof v[0], compare_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The results are kept in a volatile sink so that the compiler cannot drop a call. */
static volatile uint64_t sink;

/* Returns the worst ratio to the goal over the pack. */
static double original_levels(void)
{
	printf("original levels (6x6): solve = median of %d runs; count = solutions up to %d, "
	       "median of %d runs\n\n",
	       SOLVE_RUNS, COUNT_CAP, COUNT_RUNS);
	printf("%-6s %6s %9s %8s %6s %10s %9s %6s %-9s %8s\n", "level", "tiles", "solve ms",
	       "nodes", "dead", "solutions", "count ms", "traps", "rating", "ratio");
	double worst = 0;
	for (int k = 1; k <= ZN_PACK_SIZE; k++) {
		struct zn_board b;
		zn_pack_level(k, &b);
		struct zn_search_stats stats = {0};
		struct zn_move moves[ZN_MAX_MOVES];
		int count = 0;
		enum zn_verdict verdict = ZN_GAVE_UP;
		double solve[SOLVE_RUNS], counting[COUNT_RUNS];
		for (int r = 0; r < SOLVE_RUNS; r++) {
			double t0 = now_us();
			verdict = zn_solve(&b, 0, moves, &count, &stats);
			solve[r] = (now_us() - t0) / 1e3;
			sink += (uint64_t)count;
		}
		uint64_t solutions = 0;
		for (int r = 0; r < COUNT_RUNS; r++) {
			double t0 = now_us();
			solutions = zn_count_solutions(&b, COUNT_CAP, NULL);
			counting[r] = (now_us() - t0) / 1e3;
		}
		int traps = zn_trap_permille(&b);
		double ms = median(solve, SOLVE_RUNS), ratio = ms / ORIGINAL_GOAL_MS;
		if (ratio > worst)
			worst = ratio;
		char sols[16];
		snprintf(sols, sizeof sols, "%s%llu", solutions >= COUNT_CAP ? ">=" : "",
		         (unsigned long long)solutions);
		printf("%-6d %6d %9.3f %8llu %6llu %10s %9.1f %5.1f%% %-9s %8.5f%s\n", k,
		       zn_tiles_left(&b), ms, (unsigned long long)stats.nodes,
		       (unsigned long long)stats.dead_ends, sols, median(counting, COUNT_RUNS),
		       traps / 10.0, zn_rating_name(zn_rate(&b)), ratio,
		       verdict == ZN_SOLVABLE ? "" : "  NOT SOLVED");
		if (verdict != ZN_SOLVABLE)
			worst = 1e9;
	}
	printf("\n");
	return worst;
}

struct generated {
	int size, seeds;
	double levels_per_s, mean_us, p99_us, max_us;
	uint64_t max_seed, max_nodes;
	int unsolved, over_goal;
};

/* Makes and proves levels of seeds 1..n, one at a time, timing each. */
static void generated_levels(struct generated *g)
{
	struct zn_params p = {g->size, g->size, ZN_DEFAULT_ATTEMPTS, 0};
	double *us = malloc((size_t)g->seeds * sizeof *us);
	if (!us) {
		g->seeds = 0;
		return;
	}
	double total = 0;
	for (int i = 0; i < g->seeds; i++) {
		uint64_t seed = (uint64_t)i + 1;
		struct zn_board b;
		struct zn_move solution[ZN_MAX_MOVES];
		struct zn_search_stats stats;
		double t0 = now_us();
		zn_new_level(&b, &p, seed, solution);
		enum zn_verdict v = zn_solve(&b, 0, solution, NULL, &stats);
		us[i] = now_us() - t0;
		total += us[i];
		g->unsolved += v != ZN_SOLVABLE;
		g->over_goal += us[i] >= GENERATED_GOAL_US;
		if (us[i] > g->max_us) {
			g->max_us = us[i];
			g->max_seed = seed;
			g->max_nodes = stats.nodes;
		}
	}
	qsort(us, (size_t)g->seeds, sizeof us[0], compare_double);
	g->levels_per_s = g->seeds / (total / 1e6);
	g->mean_us = total / g->seeds;
	g->p99_us = us[(size_t)((g->seeds - 1) * 0.99)];
	free(us);
}

static void print_generated(const struct generated *g, bool with_goal)
{
	char name[32];
	snprintf(name, sizeof name, "%dx%da%d", g->size, g->size, ZN_DEFAULT_ATTEMPTS);
	printf("%-10s %7d %10.0f %9.1f %9.1f %9.1f %7d %9d", name, g->seeds, g->levels_per_s,
	       g->mean_us, g->p99_us, g->max_us, g->over_goal, g->unsolved);
	if (with_goal)
		printf(" %8.3f %8.3f\n", g->mean_us / GENERATED_GOAL_US,
		       g->max_us / GENERATED_GOAL_US);
	else
		printf(" %8s %8s\n", "-", "-");
}

int main(int argc, char **argv)
{
	int seeds = argc > 1 ? atoi(argv[1]) : DEFAULT_SEEDS;
	if (seeds < 1)
		seeds = DEFAULT_SEEDS;
	double original = original_levels();

	struct generated six = {.size = 6, .seeds = seeds};
	struct generated ten = {.size = 10, .seeds = seeds / 4 > 0 ? seeds / 4 : 1};
	generated_levels(&six);
	generated_levels(&ten);
	printf("generated levels, seeds 1..N: zn_new_level then zn_solve, timed per level\n\n");
	printf("%-10s %7s %10s %9s %9s %9s %7s %9s %8s %8s\n", "level", "N", "levels/s", "mean us",
	       "p99 us", "max us", ">=1 ms", "unsolved", "ratio", "max/goal");
	print_generated(&six, true);
	print_generated(&ten, false);
	printf("\nslowest 6x6 seed %llu (%llu nodes), 10x10 seed %llu (%llu nodes)\n",
	       (unsigned long long)six.max_seed, (unsigned long long)six.max_nodes,
	       (unsigned long long)ten.max_seed, (unsigned long long)ten.max_nodes);

	printf("\ngoals: every original level solved in under %.0f ms; a 6x6 level generated and "
	       "proved in under %.0f ms\n",
	       ORIGINAL_GOAL_MS, GENERATED_GOAL_US / 1e3);
	printf("result: originals %s (worst ratio %.5f); 6x6 %s on average (ratio %.3f), %s at "
	       "worst (ratio %.3f)\n",
	       original < 1 ? "met" : "not met", original,
	       six.mean_us < GENERATED_GOAL_US ? "met" : "not met", six.mean_us / GENERATED_GOAL_US,
	       six.max_us < GENERATED_GOAL_US ? "met" : "not met", six.max_us / GENERATED_GOAL_US);
	return 0;
}
