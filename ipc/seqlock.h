/* seqlock.h: sequence counters that let readers copy shared memory without any lock.
 * A writer (already holding the semaphore) makes the counter odd, writes, makes it even.
 * A reader copies between two reads of the counter and retries if it changed or was odd. */
#ifndef BD_SEQLOCK_H
#define BD_SEQLOCK_H

#include <stdint.h>

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

/* Reader: the counter to compare against later; odd means a write is under way. */
static inline uint32_t bd_seq_read_begin(const uint32_t *seq)
{
	return __atomic_load_n(seq, __ATOMIC_ACQUIRE);
}

/* Reader: nonzero if the copy taken since bd_seq_read_begin is consistent. */
static inline int bd_seq_read_ok(const uint32_t *seq, uint32_t start)
{
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return (start & 1) == 0 && __atomic_load_n(seq, __ATOMIC_RELAXED) == start;
}

#endif
