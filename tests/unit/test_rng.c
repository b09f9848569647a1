/* PCG32: reproducible sequences (game IDs depend on them) and unbiased bounded draws. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tilecade/rng.h"

#define RNG_DRAWS 100000

/* True when the first n outputs of a and b are all equal. */
static bool rng_same_prefix(struct tc_rng a, struct tc_rng b, int n)
{
	for (int i = 0; i < n; i++)
		if (tc_rng_next(&a) != tc_rng_next(&b))
			return false;
	return true;
}

static struct tc_rng rng_make(uint64_t seed, uint64_t stream)
{
	struct tc_rng r;
	tc_rng_seed(&r, seed, stream);
	return r;
}

static void rng_same_seed_and_stream_repeat(void **unused)
{
	assert_true(rng_same_prefix(rng_make(12345, 7), rng_make(12345, 7), 1000));
	assert_true(rng_same_prefix(rng_make(0, 0), rng_make(0, 0), 1000));
	assert_true(rng_same_prefix(rng_make(UINT64_MAX, UINT64_MAX),
	                            rng_make(UINT64_MAX, UINT64_MAX), 1000));
}

static void rng_different_seeds_differ(void **unused)
{
	assert_false(rng_same_prefix(rng_make(1, 7), rng_make(2, 7), 8));
	assert_false(rng_same_prefix(rng_make(0, 7), rng_make(UINT64_MAX, 7), 8));
}

static void rng_different_streams_differ(void **unused)
{
	assert_false(rng_same_prefix(rng_make(42, 1), rng_make(42, 2), 8));
	assert_false(rng_same_prefix(rng_make(42, 0), rng_make(42, 2048), 8));
}

/* The reference values of pcg32_srandom_r(42, 54) from the PCG C library's demo. */
static void rng_matches_pcg32_reference(void **unused)
{
	static const uint32_t expected[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
	                                    0x83d2f293, 0xbfa4784b, 0xcbed606e};
	struct tc_rng r = rng_make(42, 54);
	for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
		assert_int_equal(tc_rng_next(&r), expected[i]);
}

static void rng_below_one_is_always_zero(void **unused)
{
	struct tc_rng r = rng_make(9, 9);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(tc_rng_below(&r, 1), 0);
}

/* Draws RNG_DRAWS values below bound, asserts each is in range and counts them into `buckets`
 * equal slices of the range; returns the chi-square statistic against a uniform spread. */
static double rng_chi_square(uint32_t bound, int buckets)
{
	long count[16] = {0};
	struct tc_rng r = rng_make(2024, (uint64_t)bound);
	for (int i = 0; i < RNG_DRAWS; i++) {
		uint32_t v = tc_rng_below(&r, bound);
		assert_true(v < bound);
		count[(uint64_t)v * (uint64_t)buckets / bound]++;
	}
	double expected = (double)RNG_DRAWS / buckets, chi = 0;
	for (int b = 0; b < buckets; b++)
		chi += (count[b] - expected) * (count[b] - expected) / expected;
	return chi;
}

/* Loose bounds, far beyond the 99.99th percentile, so only a real bias fails:
 * about 21 for 1 degree of freedom, 33 for 9, 38 for 15. */
static void rng_below_2_is_uniform(void **unused)
{
	assert_true(rng_chi_square(2, 2) < 25);
}

static void rng_below_3_is_uniform(void **unused)
{
	assert_true(rng_chi_square(3, 3) < 30);
}

static void rng_below_10_is_uniform(void **unused)
{
	assert_true(rng_chi_square(10, 10) < 45);
}

/* Just above 2^31 about half of all 32-bit values are rejected: the range must still be met. */
static void rng_below_2_pow_31_plus_1_is_uniform(void **unused)
{
	assert_true(rng_chi_square(0x80000001u, 16) < 50);
}

/* Plain modulo would make the lower third of this range twice as likely as the rest. */
static void rng_below_3_times_2_pow_30_has_no_modulo_bias(void **unused)
{
	assert_true(rng_chi_square(0xc0000000u, 3) < 30);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(rng_same_seed_and_stream_repeat),
	        cmocka_unit_test(rng_different_seeds_differ),
	        cmocka_unit_test(rng_different_streams_differ),
	        cmocka_unit_test(rng_matches_pcg32_reference),
	        cmocka_unit_test(rng_below_one_is_always_zero),
	        cmocka_unit_test(rng_below_2_is_uniform),
	        cmocka_unit_test(rng_below_3_is_uniform),
	        cmocka_unit_test(rng_below_10_is_uniform),
	        cmocka_unit_test(rng_below_2_pow_31_plus_1_is_uniform),
	        cmocka_unit_test(rng_below_3_times_2_pow_30_has_no_modulo_bias),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
