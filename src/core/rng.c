/* PCG32 (XSH RR 64/32), M. E. O'Neill: small state, good statistics, exact on every platform. */
#include "tilecade/rng.h"

#define PCG_MULTIPLIER 6364136223846793005ULL

void tc_rng_seed(struct tc_rng *rng, uint64_t seed, uint64_t stream)
{
	rng->state = 0;
	rng->inc = (stream << 1) | 1u;
	tc_rng_next(rng);
	rng->state += seed;
	tc_rng_next(rng);
}

uint32_t tc_rng_next(struct tc_rng *rng)
{
	uint64_t old = rng->state;
	rng->state = old * PCG_MULTIPLIER + rng->inc;
	uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	uint32_t rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

uint32_t tc_rng_below(struct tc_rng *rng, uint32_t bound)
{
	/* Reject the few values that would make the low end of the range more likely. */
	uint32_t threshold = (uint32_t)(-bound) % bound;
	for (;;) {
		uint32_t r = tc_rng_next(rng);
		if (r >= threshold)
			return r % bound;
	}
}
