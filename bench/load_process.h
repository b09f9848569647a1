/* What the load benches (arcade_load, race_load) share: their processes' clock and CPU, memory
 * the forked processes write their results into, their reaping, and the latencies' percentiles. */
#ifndef BENCH_LOAD_PROCESS_H
#define BENCH_LOAD_PROCESS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* CLOCK_MONOTONIC in microseconds: one clock for every process of the machine. */
int64_t now_us(void);
/* len bytes of zeroed memory that processes forked afterwards share with the parent; NULL when
 * there is none. */
void *shared_memory(size_t len);
/* The CPU the process has used, user and system, in seconds. */
double cpu_seconds(void);
/* Waits for each of the n processes (those above 0). */
void reap(pid_t *pids, int n);
/* The p50, p99 and max of the n latencies (microseconds) in milliseconds, 0 for none; sorts
 * them. */
void latency_percentiles(uint32_t *us, size_t n, double *p50_ms, double *p99_ms, double *max_ms);

#endif
