#define _GNU_SOURCE /* MAP_ANONYMOUS, clock_gettime under -std=c17 */
#include "load_process.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

int64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void *shared_memory(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

double cpu_seconds(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
	       ru.ru_stime.tv_usec / 1e6;
}

void reap(pid_t *pids, int n)
{
	for (int i = 0; i < n; i++)
		if (pids[i] > 0)
			waitpid(pids[i], NULL, 0);
}

static int by_value(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

void latency_percentiles(uint32_t *us, size_t n, double *p50_ms, double *p99_ms, double *max_ms)
{
	*p50_ms = *p99_ms = *max_ms = 0;
	if (n == 0)
		return;
	qsort(us, n, sizeof *us, by_value);
	*p50_ms = us[n / 2] / 1000.0;
	*p99_ms = us[n * 99 / 100] / 1000.0;
	*max_ms = us[n - 1] / 1000.0;
}
