/* clock.h: the one clock every process agrees on (CLOCK_MONOTONIC, milliseconds), and the
 * wall clock for times shown to people. */
#ifndef BD_CLOCK_H
#define BD_CLOCK_H

#include <stdint.h>
#include <time.h>

/* Milliseconds of CLOCK_MONOTONIC: comparable across processes of one host. */
static inline int64_t bd_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Milliseconds since the epoch (CLOCK_REALTIME): for people (an event's time), never for
 * deadlines, which a clock step would move. */
static inline int64_t bd_wall_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

#endif
