#include "mean_median.h"

#include <stdlib.h>

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

void mean_median(uint64_t *counts, int n, double *mean, double *median)
{
	uint64_t total = 0;
	for (int i = 0; i < n; i++)
		total += counts[i];
	qsort(counts, (size_t)n, sizeof counts[0], compare_u64);
	*mean = (double)total / n;
	*median = n % 2 ? (double)counts[n / 2] : (counts[n / 2 - 1] + counts[n / 2]) / 2.0;
}
