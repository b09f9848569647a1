/* Autoplay's clock (autoplay.h). */
#include "autoplay.h"

static const int intervals[] = {1000, 500, 250, 100, 50, 20, 0};
#define SPEEDS ((int)(sizeof intervals / sizeof intervals[0]))
#define DEFAULT_SPEED 3 /* 100 ms: fast enough to watch a game go by, slow enough to follow it */

void tc_autoplay_init(struct tc_autoplay *a)
{
	a->on = false;
	a->waiting = false;
	a->speed = DEFAULT_SPEED;
	a->last = 0;
}

void tc_autoplay_start(struct tc_autoplay *a, uint64_t now)
{
	a->on = true;
	a->waiting = true;
	a->last = now;
}

void tc_autoplay_stop(struct tc_autoplay *a)
{
	a->on = false;
}

int tc_autoplay_interval(const struct tc_autoplay *a)
{
	return intervals[a->speed];
}

bool tc_autoplay_fastest(const struct tc_autoplay *a)
{
	return a->speed == SPEEDS - 1;
}

bool tc_autoplay_slowest(const struct tc_autoplay *a)
{
	return a->speed == 0;
}

bool tc_autoplay_faster(struct tc_autoplay *a)
{
	if (tc_autoplay_fastest(a))
		return false;
	a->speed++;
	return true;
}

bool tc_autoplay_slower(struct tc_autoplay *a)
{
	if (tc_autoplay_slowest(a))
		return false;
	a->speed--;
	return true;
}

bool tc_autoplay_due(const struct tc_autoplay *a, uint64_t now)
{
	return a->on && (a->waiting || now >= a->last + (uint64_t)tc_autoplay_interval(a));
}

void tc_autoplay_moved(struct tc_autoplay *a, uint64_t now)
{
	a->waiting = false;
	a->last = now;
}

int tc_autoplay_wait(const struct tc_autoplay *a, uint64_t now)
{
	if (!a->on)
		return -1;
	uint64_t due = a->last + (uint64_t)tc_autoplay_interval(a);
	return a->waiting || now + 1 >= due ? 1 : (int)(due - now);
}
