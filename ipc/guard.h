/* guard.h: reading a shared mapping that its owner may shrink at any moment.
 * A read of a MAP_SHARED page past the end of a truncated object raises SIGBUS, and the
 * owner of a segment can truncate it whenever it likes. Clients therefore read their
 * mappings only through bd_guard_copy: a SIGBUS inside it jumps back out of the copy
 * (a per-thread jump buffer, so threads may copy at once) and the copy reports -1. */
#ifndef BD_GUARD_H
#define BD_GUARD_H

#include <stddef.h>

/* Copy n bytes from a mapping: 0, or -1 if the mapping faulted (the object shrank under
 * it; the mapping stays bad, so drop it). A SIGBUS anywhere else keeps the disposition it
 * had before the first call (default: the process dies). */
int bd_guard_copy(void *dst, const void *src, size_t n);

/* bd_guard_copy, then an acquire fence: for a counter whose value orders the reads after it
 * (a seqlock, the newest event's seq). 0, or -1 if the mapping faulted. */
static inline int bd_guard_load(void *dst, const void *src, size_t n)
{
	if (bd_guard_copy(dst, src, n) < 0)
		return -1;
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return 0;
}

#endif
