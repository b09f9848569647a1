/* N: how fast the physics runs (steps a second, against the 40 a second of real time), what the
 * search behind nl_check costs on the seed's levels, and how many playable levels
 * nl_generate_playable makes a second. Only the core; no peer program to compare with. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tilecade/ninja.h"

#define RANDOM_STEPS 2000000L /* physics steps of random play */
#define REPLAYS 2000          /* plays of one winning route */
#define CHECK_LEVELS 100      /* seed levels checked */
#define COVERAGE_LEVELS 5     /* of which searched again with 20 times the budget */
#define PLAYABLE_LEVELS 20

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int tiles(const struct nl_reach *r)
{
	int n = 0;
	for (int c = 0; c < NL_TILES; c++)
		n += r->reachable[c];
	return n;
}

static void seed_level(uint64_t seed, bool playable, struct nl_level *l)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, NL_RNG_STREAM);
	if (playable)
		nl_generate_playable(&rng, l);
	else
		nl_generate(&rng, l);
}

static void print_rate(const char *what, double steps, double seconds)
{
	double rate = steps / seconds;
	printf("%-34s %12.0f steps/s  %8.0fx real time\n", what, rate, rate / NJ_STEPS_PER_SECOND);
}

/* Random play on seed levels: an input held 1 to 16 steps, a new run (and level) at each end. */
static void random_play(struct nl_level *l, struct nj_world *w)
{
	char err[128];
	uint32_t x = 2463534242u;
	long steps = 0;
	uint64_t seed = 1;
	double t0 = now();
	while (steps < RANDOM_STEPS) {
		seed_level(seed++, false, l);
		if (nj_world_from_level(l, w, err, sizeof err) != 0)
			continue;
		struct nj_run r;
		nj_run_start(w, &r);
		while (r.outcome == NJ_RUNNING && steps < RANDOM_STEPS) {
			x ^= x << 13, x ^= x >> 17, x ^= x << 5;
			unsigned input = x & NJ_INPUT_BITS;
			for (unsigned k = 0; k <= (x >> 8 & 15) && r.outcome == NJ_RUNNING; k++) {
				nj_step(w, &r, input);
				steps++;
			}
		}
	}
	print_rate("physics, random play", (double)steps, now() - t0);
}

/* The search's route to a win on the playable level of seed 3 (the demo's), replayed. */
static void replayed_route(struct nj_replay *rp, struct nj_world *w, struct nj_search_result *res)
{
	char err[128];
	seed_level(3, true, &rp->level);
	if (nj_world_from_level(&rp->level, w, err, sizeof err) != 0 ||
	    nj_search(w, NJ_SEARCH_BUDGET, res) != 0 || !res->won) {
		printf("%-34s no route found\n", "physics, a replayed win");
		return;
	}
	rp->steps = res->route_steps;
	memcpy(rp->input, res->route, (size_t)rp->steps);
	double t0 = now(), steps = 0;
	for (int i = 0; i < REPLAYS; i++) {
		struct nj_run end;
		nj_replay_run(rp, &end, err, sizeof err);
		steps += end.steps;
	}
	char what[64];
	snprintf(what, sizeof what, "physics, replayed win (%d steps)", (int)rp->steps);
	print_rate(what, steps, now() - t0);
}

static void checks(struct nl_level *l, struct nj_world *w, struct nj_search_result *res)
{
	static double ms[CHECK_LEVELS];
	char err[128];
	long nodes = 0;
	int complete = 0, boxed = 0;
	for (int i = 0; i < CHECK_LEVELS; i++) {
		seed_level(1000 + (uint64_t)i, false, l);
		double t0 = now();
		/* What nl_check does, keeping the search's own numbers. */
		nj_world_from_level(l, w, err, sizeof err);
		nj_search(w, NJ_SEARCH_BUDGET, res);
		ms[i] = (now() - t0) * 1e3;
		nodes += res->nodes;
		complete += res->complete;
		boxed += res->reach.boxed;
	}
	double sum = 0;
	for (int i = 0; i < CHECK_LEVELS; i++)
		sum += ms[i];
	qsort(ms, CHECK_LEVELS, sizeof ms[0], by_value);
	printf("\nnl_check on %d seed levels (budget %ld states):\n", CHECK_LEVELS,
	       (long)NJ_SEARCH_BUDGET);
	printf("  ms per level       mean %6.1f  p50 %6.1f  p99 %6.1f  max %6.1f\n",
	       sum / CHECK_LEVELS, ms[CHECK_LEVELS / 2], ms[(CHECK_LEVELS * 99 + 99) / 100 - 1],
	       ms[CHECK_LEVELS - 1]);
	printf("  states per level   mean %6.0f   searched to the end %d, boxed in %d\n",
	       (double)nodes / CHECK_LEVELS, complete, boxed);

	/* Coverage: the tiles reached against a search with 20 times the budget. */
	double share = 0;
	for (int i = 0; i < COVERAGE_LEVELS; i++) {
		seed_level(1000 + (uint64_t)i, false, l);
		nj_world_from_level(l, w, err, sizeof err);
		nj_search(w, 20 * NJ_SEARCH_BUDGET, res);
		int most = tiles(&res->reach);
		nj_search(w, NJ_SEARCH_BUDGET, res);
		share += most ? (double)tiles(&res->reach) / most : 1;
	}
	printf("  tiles reached      %5.1f%% of a search with 20x the budget (%d levels)\n",
	       100 * share / COVERAGE_LEVELS, COVERAGE_LEVELS);
}

static void playable(struct nl_level *l)
{
	static double ms[PLAYABLE_LEVELS];
	double t0 = now(), sum = 0;
	for (int i = 0; i < PLAYABLE_LEVELS; i++) {
		double t = now();
		seed_level(1 + (uint64_t)i, true, l);
		ms[i] = (now() - t) * 1e3;
		sum += ms[i];
	}
	double total = now() - t0;
	qsort(ms, PLAYABLE_LEVELS, sizeof ms[0], by_value);
	printf("\nnl_generate_playable, %d levels:\n", PLAYABLE_LEVELS);
	printf("  %.1f levels/s      ms per level mean %6.1f  max %6.1f\n", PLAYABLE_LEVELS / total,
	       sum / PLAYABLE_LEVELS, ms[PLAYABLE_LEVELS - 1]);
}

int main(void)
{
	struct nl_level *l = malloc(sizeof *l);
	struct nj_world *w = malloc(sizeof *w);
	struct nj_replay *rp = malloc(sizeof *rp);
	struct nj_search_result *res = malloc(sizeof *res);
	if (!l || !w || !rp || !res) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}
	printf("N physics at %d steps a second of play\n", NJ_STEPS_PER_SECOND);
	random_play(l, w);
	replayed_route(rp, w, res);
	checks(l, w, res);
	playable(l);
	free(l);
	free(w);
	free(rp);
	free(res);
	return 0;
}
