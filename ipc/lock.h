/* lock.h: a board's named semaphores, taken in the one documented order.
 *
 * Order, always: region semaphores in ascending region number, then the state semaphore.
 * Each holder records its pid in the private segment so that a dead holder can be found
 * (boardctl locks) and its lock repaired by the supervisor. */
#ifndef BD_LOCK_H
#define BD_LOCK_H

#include <semaphore.h>

#include "layout.h"

struct bd_locks {
	unsigned nregions;
	sem_t *sem[BD_REGIONS_MAX + 1]; /* [nregions] is the state semaphore */
	struct bd_lock_holder *holders; /* in the private segment; NULL for a read-only user */
};

/* A set of locks to take together: regions ascending, state last. */
struct bd_lockset {
	unsigned n;
	unsigned idx[BD_REGIONS_MAX + 1];
};

/* Open (create=1: create with value 1 and mode 0600, replacing stale ones) every semaphore. */
int bd_locks_open(struct bd_locks *l, const char *prefix, const char *board, unsigned nregions,
		  struct bd_lock_holder *holders, int create);
void bd_locks_close(struct bd_locks *l);
/* Remove every semaphore name of the board (the mappings stay valid until closed). */
void bd_locks_unlink(const char *prefix, const char *board, unsigned nregions);

/* Give back one lock by index (nregions = the state lock), clearing the holder record. */
void bd_lock_give(struct bd_locks *l, unsigned idx);

/* Build a set: add region numbers in any order (duplicates ignored), then take them all. */
void bd_lockset_init(struct bd_lockset *s);
void bd_lockset_add(struct bd_lockset *s, unsigned region);
void bd_lockset_take(struct bd_locks *l, struct bd_lockset *s); /* adds the state lock */
/* The same, but give up after ms (< 0: never): 0, or -1 with none of them held. For the
 * supervisor, which must never wait forever for a holder that may have died. */
int bd_lockset_take_within(struct bd_locks *l, struct bd_lockset *s, int ms);
void bd_lockset_give(struct bd_locks *l, const struct bd_lockset *s);

#endif
