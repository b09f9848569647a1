#define _POSIX_C_SOURCE 200809L
#include "clock.h"

#include <time.h>

static int64_t read_ms(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t tc_clock_ms(void)
{
	return read_ms(CLOCK_MONOTONIC);
}

int64_t tc_clock_wall_ms(void)
{
	return read_ms(CLOCK_REALTIME);
}
