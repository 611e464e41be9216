/* seqlock.h: sequence counters that let readers copy shared memory without any lock.
 * A writer (already holding the semaphore) makes the counter odd, writes, makes it even.
 * A reader copies between two reads of the counter and retries if it changed or was odd;
 * readers copy only through bd_guard_copy (guard.h). */
#ifndef BD_SEQLOCK_H
#define BD_SEQLOCK_H

#include <stdint.h>

#include "guard.h"

/* Writer: mark the protected data as being changed. */
static inline void bd_seq_write_begin(uint32_t *seq)
{
	__atomic_store_n(seq, *seq + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
}

/* Writer: publish the change. */
static inline void bd_seq_write_end(uint32_t *seq)
{
	__atomic_store_n(seq, *seq + 1, __ATOMIC_RELEASE);
}

/* Reader: copy the counter (through the guard: the mapping may shrink) into *start, to
 * compare against later; odd means a write is under way. 0, or -1 if the mapping faulted. */
static inline int bd_seq_read_begin(const uint32_t *seq, uint32_t *start)
{
	return bd_guard_load(start, seq, sizeof *start);
}

/* Reader: 1 if the copy taken since bd_seq_read_begin is consistent, 0 if not, -1 if the
 * mapping faulted. */
static inline int bd_seq_read_ok(const uint32_t *seq, uint32_t start)
{
	uint32_t now;

	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	if (bd_guard_copy(&now, seq, sizeof now) < 0)
		return -1;
	return (start & 1) == 0 && now == start;
}

#endif
