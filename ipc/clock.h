/* clock.h: the one clock every process agrees on (CLOCK_MONOTONIC, milliseconds). */
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

#endif
