/* The store's two clocks, in milliseconds: the monotonic one for waits and deadlines, the wall
 * one for times other programs and hosts read (a race's start, a live game's last news). */
#ifndef TILECADE_STORE_CLOCK_H
#define TILECADE_STORE_CLOCK_H

#include <stdint.h>

int64_t tc_clock_ms(void);
int64_t tc_clock_wall_ms(void);

#endif
