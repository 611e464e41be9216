/* lock.h: a board's named semaphores, taken in the one documented order.
 *
 * Order, always: region semaphores in ascending region number, then the state semaphore.
 * Each holder records its pid in the private segment for boardctl locks. A process also
 * lists itself in the board's lockers table before its first sem_wait and until after its
 * last sem_post, so the supervisor repairs a lock only when every process that could hold
 * it is dead (bd_locks_orphans; docs/ARCHITECTURE.md, "Exact lock repair"). */
#ifndef BD_LOCK_H
#define BD_LOCK_H

#include <semaphore.h>
#include <sys/types.h>

#include "layout.h"

/* Test builds: where a process stops itself (SIGSTOP) on the state lock, see bd_locks. */
enum bd_lock_stop { BD_LOCK_STOP_NONE = 0, BD_LOCK_STOP_TAKEN, BD_LOCK_STOP_GIVEN };

struct bd_locks {
	unsigned nregions;
	sem_t *sem[BD_REGIONS_MAX + 1]; /* [nregions] is the state semaphore */
	struct bd_lock_holder *holders; /* in the private segment; NULL for a read-only user */
	struct bd_lockers *lockers;     /* likewise; NULL: takers are not listed (unit tests) */
	struct bd_locker *me;           /* this process's slot in lockers, NULL when none */
	unsigned nheld;                 /* locks this process holds */
	/* Test hook: stop just after sem_wait returned (TAKEN) or sem_post (GIVEN) on the state
	 * lock, before the records say so: the worst moments for a repair to guess. */
	enum bd_lock_stop stop_at;
};

/* A set of locks to take together: regions ascending, state last. */
struct bd_lockset {
	unsigned n;
	unsigned idx[BD_REGIONS_MAX + 1];
};

/* Open every semaphore of board instance inst (names in shm.h). create=1: make them, value 1
 * and mode 0600, never taking an existing name (O_EXCL: -1 with errno EEXIST if one is
 * taken; what was made is removed again). */
int bd_locks_open(struct bd_locks *l, const char *prefix, const char *board, const char *inst,
		  unsigned nregions, struct bd_lock_holder *holders, int create);
void bd_locks_close(struct bd_locks *l);
/* Remove every semaphore name of the instance (the mappings stay valid until closed). */
void bd_locks_unlink(const char *prefix, const char *board, const char *inst, unsigned nregions);

/* Use the board's lockers table (in the private segment); reset empties it (the daemon, at
 * start: no process of an earlier run can still be using these new semaphores). */
void bd_locks_track(struct bd_locks *l, struct bd_lockers *t, int reset);

/* Build a set: add region numbers in any order (duplicates ignored), then take them all. */
void bd_lockset_init(struct bd_lockset *s);
void bd_lockset_add(struct bd_lockset *s, unsigned region);
void bd_lockset_take(struct bd_locks *l, struct bd_lockset *s); /* adds the state lock */
/* The same, but give up after ms (< 0: never): 0, or -1 with none of them held. For the
 * supervisor, which must never wait forever for a holder that may have died. */
int bd_lockset_take_within(struct bd_locks *l, struct bd_lockset *s, int ms);
void bd_lockset_give(struct bd_locks *l, const struct bd_lockset *s);

/* --- For the supervisor: exact repair ------------------------------------------------ */
/* What one pass saw, kept for the next (zero it before the first pass). */
struct bd_lock_watch {
	int valid;
	uint32_t posts[BD_LOCKS_MAX];
	int value[BD_LOCKS_MAX];
	unsigned char quiet[BD_LOCKS_MAX]; /* every live process listed was waiting for it */
	struct bd_lock_seen {
		int32_t pid;
		uint32_t serial, waiting, naps;
	} seen[BD_LOCKERS_MAX];
};
/* One pass: set orphan[i] for every lock i that is taken by a process known to be dead (and
 * so can be given back once); the number of them. Frees the slots of dead processes. */
unsigned bd_locks_orphans(struct bd_locks *l, struct bd_lock_watch *w, unsigned char *orphan);
/* Free the slot of pid, which the caller knows is dead (it reaped it). */
void bd_locks_forget(struct bd_locks *l, pid_t pid);
/* Give back lock idx for its dead holder (bd_locks_orphans said so): post, count, unrecord. */
void bd_lock_repair(struct bd_locks *l, unsigned idx);

#endif
