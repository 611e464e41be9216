/* lock.c: a board's named semaphores, taken in order, holders recorded. */
#include "lock.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "shm.h"

/* Open one semaphore; when creating, a stale one of an earlier run is replaced. */
static sem_t *lock_open_one(const char *name, int create)
{
	if (!create)
		return sem_open(name, 0);
	sem_unlink(name);
	sem_t *s = sem_open(name, O_CREAT | O_EXCL, 0600, 1);
	if (s != SEM_FAILED) {
		/* The umask masks sem_open's mode too; make it exact. */
		char path[BD_OBJ_NAME_MAX + 16];
		snprintf(path, sizeof path, "/dev/shm/sem.%s", name + 1);
		chmod(path, 0600);
	}
	return s;
}

int bd_locks_open(struct bd_locks *l, const char *prefix, const char *board, unsigned nregions,
		  struct bd_lock_holder *holders, int create)
{
	char name[BD_OBJ_NAME_MAX];

	memset(l, 0, sizeof *l);
	l->nregions = nregions;
	l->holders = holders;
	for (unsigned i = 0; i <= nregions; i++) {
		int rc = i < nregions ? bd_obj_region_sem(name, sizeof name, prefix, board, i)
				      : bd_obj_state_sem(name, sizeof name, prefix, board);
		if (rc < 0 || (l->sem[i] = lock_open_one(name, create)) == SEM_FAILED) {
			l->sem[i] = NULL;
			bd_locks_close(l);
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

void bd_locks_unlink(const char *prefix, const char *board, unsigned nregions)
{
	char name[BD_OBJ_NAME_MAX];

	for (unsigned i = 0; i < nregions; i++)
		if (bd_obj_region_sem(name, sizeof name, prefix, board, i) == 0)
			sem_unlink(name);
	if (bd_obj_state_sem(name, sizeof name, prefix, board) == 0)
		sem_unlink(name);
}

static pid_t lock_pid; /* getpid() cached: it is a system call, and a pick takes 2-3 locks */

/* In a child after fork(): the cached pid is the parent's. */
static void lock_forget_pid(void)
{
	lock_pid = 0;
}

/* This process's pid for the holder records. The fork handler is registered before the
 * first caching, so no child ever keeps its parent's pid. */
static pid_t lock_self(void)
{
	static int registered;

	if (!registered)
		registered = pthread_atfork(NULL, NULL, lock_forget_pid) == 0;
	if (lock_pid == 0 || !registered)
		lock_pid = getpid();
	return lock_pid;
}

/* Record the caller as the holder of lock idx, just taken. */
static void lock_record(struct bd_locks *l, unsigned idx)
{
	if (l->holders != NULL) {
		l->holders[idx].since_ms = bd_now_ms();
		__atomic_store_n(&l->holders[idx].pid, lock_self(), __ATOMIC_RELEASE);
	}
}

void bd_lock_give(struct bd_locks *l, unsigned idx)
{
	if (l->holders != NULL)
		__atomic_store_n(&l->holders[idx].pid, 0, __ATOMIC_RELEASE);
	sem_post(l->sem[idx]);
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

/* Wait for one semaphore until end (CLOCK_MONOTONIC), or forever if end is NULL. */
static int lock_wait(sem_t *sem, const struct timespec *end)
{
	int rc;

	while ((rc = end != NULL ? sem_clockwait(sem, CLOCK_MONOTONIC, end) : sem_wait(sem)) < 0 &&
	       errno == EINTR)
		;
	return rc;
}

int bd_lockset_take_within(struct bd_locks *l, struct bd_lockset *s, int ms)
{
	struct timespec end;

	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += ms / 1000 + (end.tv_nsec + ms % 1000 * 1000000L) / 1000000000L;
	end.tv_nsec = (end.tv_nsec + ms % 1000 * 1000000L) % 1000000000L;
	bd_lockset_add(s, l->nregions); /* the state lock sorts after every region */
	for (unsigned i = 0; i < s->n; i++) {
		if (lock_wait(l->sem[s->idx[i]], ms < 0 ? NULL : &end) < 0) {
			while (i-- > 0)
				bd_lock_give(l, s->idx[i]);
			return -1;
		}
		lock_record(l, s->idx[i]);
	}
	return 0;
}

void bd_lockset_give(struct bd_locks *l, const struct bd_lockset *s)
{
	for (unsigned i = s->n; i-- > 0;)
		bd_lock_give(l, s->idx[i]);
}
