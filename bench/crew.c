/* crew.c: many client processes at once, one per connection, coordinated through a
 * shared mapping: each member stamps the time it read the event being timed. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define CREW_WAVE 32 /* members started at once */

/* Wait on a semaphore until an absolute CLOCK_REALTIME deadline; 0 or -1. */
static int crew_sem_wait(sem_t *s, int timeout_ms)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += timeout_ms / 1000;
	ts.tv_nsec += (long)(timeout_ms % 1000) * 1000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	while (sem_timedwait(s, &ts) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

int crew_start(struct crew *c, unsigned n, crew_fn *fn, void *arg)
{
	unsigned ready = 0;

	memset(c, 0, sizeof *c);
	c->len = sizeof *c->sh + n * sizeof c->sh->m[0];
	c->sh = mmap(NULL, c->len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	c->pids = calloc(n, sizeof *c->pids);
	if (c->sh == MAP_FAILED || c->pids == NULL)
		return -1;
	sem_init(&c->sh->ready, 1, 0);
	sem_init(&c->sh->done, 1, 0);
	sem_init(&c->sh->go, 1, 0);
	fflush(NULL);
	for (unsigned i = 0; i < n; i++) {
		pid_t pid = fork();
		if (pid == 0) {
			fn(c->sh, i, arg);
			_exit(0);
		}
		if (pid < 0)
			return -1;
		c->pids[c->n++] = pid;
		/* In waves: a thousand connects at once would measure the client library's 5-s
		 * greeting timeout under a fork storm, not the daemon. */
		if (c->n % CREW_WAVE == 0 || c->n == n)
			for (; ready < c->n; ready++)
				if (crew_sem_wait(&c->sh->ready, 60000) < 0)
					return -1;
	}
	return __atomic_load_n(&c->sh->failed, __ATOMIC_ACQUIRE) ? -1 : 0;
}

void crew_stop(struct crew *c)
{
	for (unsigned i = 0; i < c->n; i++)
		kill(c->pids[i], SIGTERM);
	for (unsigned i = 0; i < c->n; i++)
		waitpid(c->pids[i], NULL, 0);
	if (c->sh != NULL && c->sh != MAP_FAILED)
		munmap(c->sh, c->len);
	free(c->pids);
	memset(c, 0, sizeof *c);
}

void crew_ready(struct crew_shm *sh, int ok)
{
	if (!ok)
		__atomic_add_fetch(&sh->failed, 1, __ATOMIC_RELEASE);
	sem_post(&sh->ready);
}

void crew_mark(struct crew_shm *sh, unsigned i)
{
	__atomic_store_n(&sh->m[i].ts, clock_ns(), __ATOMIC_RELAXED);
	uint64_t n = __atomic_add_fetch(&sh->count, 1, __ATOMIC_ACQ_REL);
	if (n == __atomic_load_n(&sh->target, __ATOMIC_ACQUIRE))
		sem_post(&sh->done);
}

void crew_expect(struct crew *c, unsigned k)
{
	__atomic_add_fetch(&c->sh->target, k, __ATOMIC_ACQ_REL);
}

int crew_wait(struct crew *c, int timeout_ms)
{
	return crew_sem_wait(&c->sh->done, timeout_ms);
}

int crew_settle_ms(unsigned k)
{
	return 1 + (int)(k / 100);
}

int64_t crew_latest(const struct crew *c, unsigned from, unsigned n)
{
	int64_t latest = 0;

	for (unsigned i = from; i < from + n; i++) {
		int64_t ts = __atomic_load_n(&c->sh->m[i].ts, __ATOMIC_ACQUIRE);
		if (ts > latest)
			latest = ts;
	}
	return latest;
}

void crew_sum(const struct crew *c, struct member *sum)
{
	memset(sum, 0, sizeof *sum);
	for (unsigned i = 0; i < c->n; i++) {
		sum->plays += __atomic_load_n(&c->sh->m[i].plays, __ATOMIC_RELAXED);
		sum->oks += __atomic_load_n(&c->sh->m[i].oks, __ATOMIC_RELAXED);
		sum->events += __atomic_load_n(&c->sh->m[i].events, __ATOMIC_RELAXED);
	}
}

void crew_rate(struct crew *c, int warm_ms, int ms, int64_t (*cpu)(const void *), const void *arg,
	       struct rate *r)
{
	struct member a, b;

	for (unsigned i = 0; i < c->n; i++)
		sem_post(&c->sh->go);
	clock_sleep_ms(warm_ms);
	crew_sum(c, &a);
	int64_t t0 = clock_ns(), cpu0 = cpu(arg);
	clock_sleep_ms(ms);
	crew_sum(c, &b);
	int64_t t1 = clock_ns(), cpu1 = cpu(arg);
	__atomic_store_n(&c->sh->stop, 1, __ATOMIC_RELAXED);
	double s = (double)(t1 - t0) / 1e9;
	r->plays_s = (double)(b.plays - a.plays) / s;
	r->oks_s = (double)(b.oks - a.oks) / s;
	r->events_s = (double)(b.events - a.events) / s;
	r->cpu_us_per_play = b.plays > a.plays ? (double)(cpu1 - cpu0) / 1e3 / (double)(b.plays - a.plays) : 0;
}
