/* Seeded pseudo-random numbers shared by every generator (PCG32, XSH RR).
 *
 * Only integer arithmetic of fixed width is used, so the same seed gives the same
 * sequence on every machine and build: that is what makes a game ID reproducible. */
#ifndef TILECADE_RNG_H
#define TILECADE_RNG_H

#include <stdint.h>

struct tc_rng {
	uint64_t state;
	uint64_t inc; /* stream selector, always odd */
};

/* Seeds the generator; different streams give independent sequences for one seed. */
void tc_rng_seed(struct tc_rng *rng, uint64_t seed, uint64_t stream);

/* The next 32 uniformly distributed bits. */
uint32_t tc_rng_next(struct tc_rng *rng);

/* A uniform integer in [0, bound), without modulo bias; bound must be at least 1. */
uint32_t tc_rng_below(struct tc_rng *rng, uint32_t bound);

#endif
