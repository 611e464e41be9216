/* lock.c: a board's named semaphores, taken in order, holders and takers recorded. */
#include "lock.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "shm.h"

/* Open one semaphore; when creating, a new one (O_EXCL: errno EEXIST if the name is taken). */
static sem_t *lock_open_one(const char *name, int create)
{
	if (!create)
		return sem_open(name, 0);
	sem_t *s = sem_open(name, O_CREAT | O_EXCL, 0600, 1);
	if (s != SEM_FAILED) {
		/* The umask masks sem_open's mode too; make it exact. Made by us just now (O_EXCL)
		 * in sticky /dev/shm: nobody else can have put anything else at the path. */
		char path[BD_OBJ_NAME_MAX + 16];
		snprintf(path, sizeof path, BD_SHM_DIR "/sem.%s", name + 1);
		if (chmod(path, 0600) < 0) {
			int err = errno;
			sem_close(s);
			sem_unlink(name);
			errno = err;
			return SEM_FAILED;
		}
	}
	return s;
}

/* The name of semaphore i of a board (nregions: the state semaphore). */
static int lock_name(char *buf, size_t len, const char *prefix, const char *board, const char *inst,
		     unsigned i, unsigned nregions)
{
	return i < nregions ? bd_obj_region_sem(buf, len, prefix, board, inst, i)
			    : bd_obj_state_sem(buf, len, prefix, board, inst);
}

int bd_locks_open(struct bd_locks *l, const char *prefix, const char *board, const char *inst,
		  unsigned nregions, struct bd_lock_holder *holders, int create)
{
	char name[BD_OBJ_NAME_MAX];

	memset(l, 0, sizeof *l);
	l->nregions = nregions;
	l->holders = holders;
	for (unsigned i = 0; i <= nregions; i++) {
		int rc = lock_name(name, sizeof name, prefix, board, inst, i, nregions);
		if (rc < 0 || (l->sem[i] = lock_open_one(name, create)) == SEM_FAILED) {
			int err = rc < 0 ? EINVAL : errno;
			l->sem[i] = NULL;
			bd_locks_close(l);
			while (create && i-- > 0) /* what this call made, and only that */
				if (lock_name(name, sizeof name, prefix, board, inst, i, nregions) == 0)
					sem_unlink(name);
			errno = err;
			return -1;
		}
		if (create && holders != NULL)
			memset(&holders[i], 0, sizeof holders[i]);
	}
	return 0;
}

void bd_locks_close(struct bd_locks *l)
{
	for (unsigned i = 0; i <= l->nregions; i++) {
		if (l->sem[i] != NULL)
			sem_close(l->sem[i]);
		l->sem[i] = NULL;
	}
}

void bd_locks_unlink(const char *prefix, const char *board, const char *inst, unsigned nregions)
{
	char name[BD_OBJ_NAME_MAX];

	for (unsigned i = 0; i <= nregions; i++)
		if (lock_name(name, sizeof name, prefix, board, inst, i, nregions) == 0)
			sem_unlink(name);
}

/* A waiter wakes this often to say, by counting a nap, that it still has not got the lock:
 * the supervisor needs that to tell a waiter from a process that took the lock and has not
 * recorded it yet. Well under the supervisor's housekeeping period (250 ms). */
#define LOCK_NAP_MS 50

void bd_locks_track(struct bd_locks *l, struct bd_lockers *t, int reset)
{
	l->lockers = t;
	if (reset && t != NULL)
		memset(t, 0, sizeof *t);
}

static pid_t lock_pid; /* getpid() cached: it is a system call, and a pick takes 2-3 locks */

/* In a child after fork(): the cached pid is the parent's. */
static void lock_forget_pid(void)
{
	lock_pid = 0;
}

/* This process's pid for the records. The fork handler is registered before the first
 * caching, so no child ever keeps its parent's pid. */
static pid_t lock_self(void)
{
	static int registered;

	if (!registered)
		registered = pthread_atfork(NULL, NULL, lock_forget_pid) == 0;
	if (lock_pid == 0 || !registered)
		lock_pid = getpid();
	return lock_pid;
}

/* Nonzero if a is not later than b. */
static int lock_not_after(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec <= b->tv_nsec);
}

/* Try to claim slot k; raises the used mark first, so the supervisor scans it before any
 * lock bit appears in it. */
static int lock_try_slot(struct bd_locks *l, unsigned k)
{
	struct bd_lockers *t = l->lockers;
	int32_t free_pid = 0;

	if (__atomic_load_n(&t->slot[k].pid, __ATOMIC_RELAXED) != 0 ||
	    !__atomic_compare_exchange_n(&t->slot[k].pid, &free_pid, lock_self(), 0, __ATOMIC_SEQ_CST,
					 __ATOMIC_RELAXED))
		return 0;
	uint32_t used = __atomic_load_n(&t->used, __ATOMIC_SEQ_CST);
	while (used <= k && !__atomic_compare_exchange_n(&t->used, &used, k + 1, 0, __ATOMIC_SEQ_CST,
							 __ATOMIC_SEQ_CST))
		;
	__atomic_add_fetch(&t->slot[k].serial, 1, __ATOMIC_SEQ_CST);
	l->me = &t->slot[k];
	return 1;
}

/* Before the first lock of a set: claim a slot, the one used last if it is free (it
 * usually is), else the lowest free one, so that the used part stays short. If every slot
 * is taken (thousands of processes in lock code at once), wait until end (NULL: forever). */
static int lock_claim(struct bd_locks *l, const struct timespec *end)
{
	static unsigned last;

	if (l->lockers == NULL || l->me != NULL)
		return 0;
	for (;;) {
		if (lock_try_slot(l, last))
			return 0;
		for (unsigned k = 0; k < BD_LOCKERS_MAX; k++)
			if (lock_try_slot(l, k)) {
				last = k;
				return 0;
			}
		struct timespec now, nap = {0, 1000000};
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (end != NULL && lock_not_after(end, &now))
			return -1;
		nanosleep(&nap, NULL);
	}
}

/* After the last lock is given back: free the slot (its lock bits are all clear). */
static void lock_unclaim(struct bd_locks *l)
{
	struct bd_locker *me = l->me;

	if (me == NULL || l->nheld > 0)
		return;
	__atomic_store_n(&me->waiting, BD_LOCK_NONE, __ATOMIC_SEQ_CST);
	__atomic_store_n(&me->pid, 0, __ATOMIC_SEQ_CST);
	l->me = NULL;
}

/* Test hook (bd_locks.stop_at): stop at this point if it is the one asked for. */
static void lock_stop(const struct bd_locks *l, unsigned idx, enum bd_lock_stop at)
{
	if (l->stop_at == at && idx == l->nregions)
		raise(SIGSTOP);
}

/* Wait for one semaphore until end (CLOCK_MONOTONIC; NULL: forever), in naps of at most
 * LOCK_NAP_MS; each nap that ends with the lock still taken is counted in me. 0 or -1. */
static int lock_wait(sem_t *sem, const struct timespec *end, struct bd_locker *me)
{
	if (sem_trywait(sem) == 0)
		return 0; /* the fast path: no clock, no system call */
	for (;;) {
		struct timespec nap;
		clock_gettime(CLOCK_MONOTONIC, &nap);
		nap.tv_nsec += LOCK_NAP_MS * 1000000L;
		nap.tv_sec += nap.tv_nsec / 1000000000L;
		nap.tv_nsec %= 1000000000L;
		int last = end != NULL && lock_not_after(end, &nap);
		if (sem_clockwait(sem, CLOCK_MONOTONIC, last ? end : &nap) == 0)
			return 0;
		if (errno == EINTR)
			continue;
		if (errno != ETIMEDOUT)
			return -1;
		if (sem_trywait(sem) == 0)
			return 0;
		if (me != NULL) /* timed out, and taken still: not the holder */
			__atomic_add_fetch(&me->naps, 1, __ATOMIC_SEQ_CST);
		if (last)
			return -1;
	}
}

/* Take lock idx: listed as a possible holder before sem_wait, recorded after. 0 or -1. */
static int lock_take(struct bd_locks *l, unsigned idx, const struct timespec *end)
{
	struct bd_locker *me = l->me;
	uint64_t bit = 1ull << (idx % 64);

	if (me != NULL) {
		__atomic_or_fetch(&me->locks[idx / 64], bit, __ATOMIC_SEQ_CST);
		__atomic_store_n(&me->waiting, idx, __ATOMIC_SEQ_CST);
	}
	if (lock_wait(l->sem[idx], end, me) < 0) {
		if (me != NULL) {
			__atomic_store_n(&me->waiting, BD_LOCK_NONE, __ATOMIC_SEQ_CST);
			__atomic_and_fetch(&me->locks[idx / 64], ~bit, __ATOMIC_SEQ_CST);
		}
		return -1;
	}
	lock_stop(l, idx, BD_LOCK_STOP_TAKEN);
	if (l->holders != NULL) {
		l->holders[idx].since_ms = bd_now_ms();
		__atomic_store_n(&l->holders[idx].pid, lock_self(), __ATOMIC_RELEASE);
	}
	if (me != NULL)
		__atomic_store_n(&me->waiting, BD_LOCK_NONE, __ATOMIC_SEQ_CST);
	l->nheld++;
	return 0;
}

/* Give back lock idx: unrecorded, posted between two counts, then unlisted. */
static void lock_give(struct bd_locks *l, unsigned idx)
{
	struct bd_locker *me = l->me;

	if (l->holders != NULL) {
		__atomic_store_n(&l->holders[idx].pid, 0, __ATOMIC_RELEASE);
		__atomic_add_fetch(&l->holders[idx].posts, 1, __ATOMIC_SEQ_CST);
	}
	sem_post(l->sem[idx]);
	lock_stop(l, idx, BD_LOCK_STOP_GIVEN);
	if (l->holders != NULL)
		__atomic_add_fetch(&l->holders[idx].posts, 1, __ATOMIC_SEQ_CST);
	if (me != NULL)
		__atomic_and_fetch(&me->locks[idx / 64], ~(1ull << (idx % 64)), __ATOMIC_SEQ_CST);
	l->nheld--;
}

void bd_lockset_init(struct bd_lockset *s)
{
	s->n = 0;
}

void bd_lockset_add(struct bd_lockset *s, unsigned region)
{
	unsigned i = 0;

	while (i < s->n && s->idx[i] < region)
		i++;
	if (i < s->n && s->idx[i] == region)
		return;
	memmove(&s->idx[i + 1], &s->idx[i], (s->n - i) * sizeof s->idx[0]);
	s->idx[i] = region;
	s->n++;
}

void bd_lockset_take(struct bd_locks *l, struct bd_lockset *s)
{
	bd_lockset_take_within(l, s, -1);
}

int bd_lockset_take_within(struct bd_locks *l, struct bd_lockset *s, int ms)
{
	struct timespec end;

	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += ms / 1000 + (end.tv_nsec + ms % 1000 * 1000000L) / 1000000000L;
	end.tv_nsec = (end.tv_nsec + ms % 1000 * 1000000L) % 1000000000L;
	bd_lockset_add(s, l->nregions); /* the state lock sorts after every region */
	if (lock_claim(l, ms < 0 ? NULL : &end) < 0)
		return -1;
	for (unsigned i = 0; i < s->n; i++)
		if (lock_take(l, s->idx[i], ms < 0 ? NULL : &end) < 0) {
			while (i-- > 0)
				lock_give(l, s->idx[i]);
			lock_unclaim(l);
			return -1;
		}
	return 0;
}

void bd_lockset_give(struct bd_locks *l, const struct bd_lockset *s)
{
	for (unsigned i = s->n; i-- > 0;)
		lock_give(l, s->idx[i]);
	lock_unclaim(l);
}

/* --- The supervisor's side ----------------------------------------------------------- */

/* Nonzero if pid is gone. Every locker is the supervisor or its child, and a dead child's
 * slot is freed when it is reaped (bd_locks_forget), before its pid can be reused. */
static int lock_dead(pid_t pid)
{
	return kill(pid, 0) < 0 && errno == ESRCH;
}

/* Empty slot k of a dead process: unlisted from every lock, then free. */
static void lock_free_slot(struct bd_lockers *t, unsigned k)
{
	struct bd_locker *s = &t->slot[k];

	for (unsigned w = 0; w < BD_LOCK_WORDS; w++)
		__atomic_store_n(&s->locks[w], 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&s->waiting, BD_LOCK_NONE, __ATOMIC_SEQ_CST);
	__atomic_store_n(&s->pid, 0, __ATOMIC_SEQ_CST);
}

void bd_locks_forget(struct bd_locks *l, pid_t pid)
{
	if (l->lockers == NULL || pid <= 0)
		return;
	unsigned used = __atomic_load_n(&l->lockers->used, __ATOMIC_SEQ_CST);
	for (unsigned k = 0; k < used && k < BD_LOCKERS_MAX; k++)
		if (__atomic_load_n(&l->lockers->slot[k].pid, __ATOMIC_SEQ_CST) == pid)
			lock_free_slot(l->lockers, k);
}

/* Every lock's post count and semaphore value; the value first at the end of a pass, so
 * that both reads of the value fall between the two reads of the count. */
static void lock_sample(struct bd_locks *l, uint32_t *posts, int *value, int value_first)
{
	for (unsigned i = 0; i <= l->nregions; i++) {
		if (!value_first)
			posts[i] = __atomic_load_n(&l->holders[i].posts, __ATOMIC_SEQ_CST);
		if (sem_getvalue(l->sem[i], &value[i]) < 0)
			value[i] = -1;
		if (value_first)
			posts[i] = __atomic_load_n(&l->holders[i].posts, __ATOMIC_SEQ_CST);
	}
}

/* Read live slot k whole into *now and bits (its serial before and after: a torn copy has
 * now->pid -1). Frees it and returns 0 if its process is dead; 1 if it is alive. */
static int lock_read_slot(struct bd_lockers *t, unsigned k, struct bd_lock_seen *now, uint64_t *bits)
{
	struct bd_locker *s = &t->slot[k];

	now->serial = __atomic_load_n(&s->serial, __ATOMIC_SEQ_CST);
	now->pid = __atomic_load_n(&s->pid, __ATOMIC_SEQ_CST);
	if (now->pid == 0)
		return 0;
	if (lock_dead(now->pid)) {
		lock_free_slot(t, k);
		now->pid = 0;
		return 0;
	}
	now->waiting = __atomic_load_n(&s->waiting, __ATOMIC_SEQ_CST);
	now->naps = __atomic_load_n(&s->naps, __ATOMIC_SEQ_CST);
	for (unsigned w = 0; w < BD_LOCK_WORDS; w++)
		bits[w] = __atomic_load_n(&s->locks[w], __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&s->serial, __ATOMIC_SEQ_CST) != now->serial ||
	    __atomic_load_n(&s->pid, __ATOMIC_SEQ_CST) != now->pid)
		now->pid = -1;
	return 1;
}

/* Live slot now (as was at the last pass), listed for lock i: could it hold i? Not if it
 * came to i after the last pass (nothing was posted since, so nobody got i since), nor if
 * it was waiting for i then and has napped since (a nap proves it did not hold i, and
 * nobody can have posted i since). Anything else could (a torn copy too). */
static int lock_may_hold(const struct bd_lock_seen *now, const struct bd_lock_seen *was, unsigned i)
{
	if (now->pid < 0 || now->waiting != i)
		return 1;
	if (was->pid != now->pid || was->serial != now->serial)
		return 0; /* a new lock set since the last pass */
	if (was->waiting == i)
		return was->naps == now->naps;
	return was->waiting > i; /* past i then, so it held i; below i: came to i since */
}

/* Scan every live slot: which locks anyone alive is listed for (live), for which one of
 * them was not simply waiting (unquiet), and which one of them could hold (holdable). Only
 * the slots ever used are read (the count only grows; a watch starts zeroed, so a slot not
 * used at the last pass reads as empty then): an idle table costs a pass next to nothing.
 * Returns that count. */
static unsigned lock_scan(struct bd_locks *l, const struct bd_lock_watch *w, struct bd_lock_seen *now,
			  unsigned char *live, unsigned char *unquiet, unsigned char *holdable)
{
	unsigned n = l->nregions + 1, used = __atomic_load_n(&l->lockers->used, __ATOMIC_SEQ_CST);

	memset(live, 0, n);
	memset(unquiet, 0, n);
	memset(holdable, 0, n);
	if (used > BD_LOCKERS_MAX)
		used = BD_LOCKERS_MAX; /* a damaged count: never read past the table */
	for (unsigned k = 0; k < used; k++) {
		uint64_t bits[BD_LOCK_WORDS];
		now[k].pid = 0;
		if (!lock_read_slot(l->lockers, k, &now[k], bits))
			continue;
		for (unsigned wd = 0; wd < BD_LOCK_WORDS; wd++)
			for (uint64_t b = bits[wd]; b != 0; b &= b - 1) {
				unsigned i = wd * 64 + (unsigned)__builtin_ctzll(b);
				if (i >= n)
					break;
				live[i] = 1;
				unquiet[i] |= now[k].pid < 0 || now[k].waiting != i;
				holdable[i] |= !w->valid || lock_may_hold(&now[k], &w->seen[k], i);
			}
	}
	return used;
}

unsigned bd_locks_orphans(struct bd_locks *l, struct bd_lock_watch *w, unsigned char *orphan)
{
	static uint32_t posts0[BD_LOCKS_MAX], posts1[BD_LOCKS_MAX];
	static int value0[BD_LOCKS_MAX], value1[BD_LOCKS_MAX];
	static unsigned char live[BD_LOCKS_MAX], unquiet[BD_LOCKS_MAX], holdable[BD_LOCKS_MAX];
	static struct bd_lock_seen now[BD_LOCKERS_MAX];
	unsigned n = l->nregions + 1, found = 0;

	memset(orphan, 0, n);
	if (l->lockers == NULL || l->holders == NULL)
		return 0;
	lock_sample(l, posts0, value0, 0);
	unsigned used = lock_scan(l, w, now, live, unquiet, holdable);
	lock_sample(l, posts1, value1, 1);
	for (unsigned i = 0; i < n; i++) {
		int taken = value0[i] == 0 && value1[i] == 0, still = posts0[i] == posts1[i];
		/* Nobody alive is listed, and nothing was posted during this pass. */
		int alone = !live[i] && still;
		/* Nothing posted since the last pass, when every live lister was waiting, and each
		 * live lister now is proven not to hold it. */
		int proven = w->valid && w->quiet[i] && w->value[i] == 0 && w->posts[i] == posts1[i] && !holdable[i];
		if (taken && (alone || proven)) {
			orphan[i] = 1;
			found++;
		}
		w->quiet[i] = !unquiet[i];
	}
	memcpy(w->posts, posts0, n * sizeof posts0[0]);
	memcpy(w->value, value0, n * sizeof value0[0]);
	memcpy(w->seen, now, used * sizeof now[0]);
	w->valid = 1;
	return found;
}

void bd_lock_repair(struct bd_locks *l, unsigned idx)
{
	if (l->holders != NULL) {
		__atomic_store_n(&l->holders[idx].pid, 0, __ATOMIC_RELEASE);
		__atomic_add_fetch(&l->holders[idx].repairs, 1, __ATOMIC_SEQ_CST);
		__atomic_add_fetch(&l->holders[idx].posts, 1, __ATOMIC_SEQ_CST);
	}
	sem_post(l->sem[idx]);
	if (l->holders != NULL)
		__atomic_add_fetch(&l->holders[idx].posts, 1, __ATOMIC_SEQ_CST);
}
