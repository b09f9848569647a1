/* The mean and median of byte counts, for the benchmarks' tables. */
#ifndef BENCH_MEAN_MEDIAN_H
#define BENCH_MEAN_MEDIAN_H

#include <stdint.h>

/* The mean and median of the n (> 0) counts; sorts them. */
void mean_median(uint64_t *counts, int n, double *mean, double *median);

#endif
