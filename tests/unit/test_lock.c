/* test_lock.c: lock sets keep the one documented order (regions ascending, no duplicates,
 * the state lock last), and taking one really takes those semaphores and records the holder;
 * takers are listed in the lockers table, and repair finds exactly the locks whose every
 * possible holder is dead (child processes killed or stopped at the worst moments). */
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ipc/lock.h"
#include "suites.h"
#include "tests/runner.h"

/* Nonzero if s->idx holds exactly the regions marked in want[], ascending. */
static int lockset_is(const struct bd_lockset *s, const unsigned char *want, unsigned n)
{
	unsigned k = 0;

	for (unsigned r = 0; r < n; r++)
		if (want[r] && (k >= s->n || s->idx[k++] != r))
			return 0;
	return k == s->n;
}

/* Regions added in any order, some twice, come out ascending and once each. */
static void test_lockset_order(void)
{
	struct bd_lockset s;
	static const unsigned adds[] = {5, 1, 3, 1, 5, 0, 3};

	bd_lockset_init(&s);
	CU_ASSERT_EQUAL(s.n, 0);
	for (unsigned i = 0; i < sizeof adds / sizeof adds[0]; i++)
		bd_lockset_add(&s, adds[i]);
	CU_ASSERT_EQUAL_FATAL(s.n, 4);
	CU_ASSERT(s.idx[0] == 0 && s.idx[1] == 1 && s.idx[2] == 3 && s.idx[3] == 5);
}

/* The same for random sets of every size up to BD_REGIONS_MAX. */
static void test_lockset_random(void)
{
	static unsigned char want[BD_REGIONS_MAX];
	struct bd_lockset s;

	srand(1234);
	for (int round = 0; round < 200; round++) {
		unsigned n = 1 + (unsigned)rand() % BD_REGIONS_MAX, adds = (unsigned)rand() % 64;
		memset(want, 0, sizeof want);
		bd_lockset_init(&s);
		for (unsigned i = 0; i < adds; i++) {
			unsigned r = (unsigned)rand() % n;
			want[r] = 1;
			bd_lockset_add(&s, r);
		}
		CHECK(lockset_is(&s, want, n), "round %d: %u adds below %u are not sorted and unique", round, adds, n);
	}
	/* Every region at once, added from the top down. */
	bd_lockset_init(&s);
	for (unsigned r = BD_REGIONS_MAX; r-- > 0;)
		bd_lockset_add(&s, r);
	memset(want, 1, sizeof want);
	CU_ASSERT(lockset_is(&s, want, BD_REGIONS_MAX));
}

/* The value of semaphore idx: 1 free, 0 taken. */
static int sem_value(struct bd_locks *l, unsigned idx)
{
	int v = -1;
	sem_getvalue(l->sem[idx], &v);
	return v;
}

/* Names in /dev/shm that start with "sem.<prefix>.". */
static int sems_left(const char *prefix)
{
	char start[64];
	int n = 0;
	DIR *d = opendir("/dev/shm");
	struct dirent *e;

	snprintf(start, sizeof start, "sem.%s.", prefix);
	while (d != NULL && (e = readdir(d)) != NULL)
		n += strncmp(e->d_name, start, strlen(start)) == 0;
	if (d != NULL)
		closedir(d);
	return n;
}

#define INST "0123456789abcdef"

/* Taking a set takes exactly its semaphores plus the state one, last, and records us. */
static void test_lockset_take(void)
{
	enum { NREG = 9 };
	static struct bd_lock_holder holders[NREG + 1];
	struct bd_locks l;
	struct bd_lockset s;
	char prefix[32];

	snprintf(prefix, sizeof prefix, "unit%d", (int)getpid());
	/* The state semaphore's name taken already: never opened, and the region semaphores
	 * that try made are gone again. */
	char name[64];
	snprintf(name, sizeof name, "/%s.lk.%s.state", prefix, INST);
	sem_t *taken = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	CU_ASSERT_FATAL(taken != SEM_FAILED);
	CU_ASSERT(bd_locks_open(&l, prefix, "lk", INST, NREG, holders, 1) == -1 && errno == EEXIST);
	CU_ASSERT_EQUAL(sems_left(prefix), 1);
	sem_close(taken);
	sem_unlink(name);
	CU_ASSERT_EQUAL_FATAL(bd_locks_open(&l, prefix, "lk", INST, NREG, holders, 1), 0);
	CU_ASSERT_EQUAL(sems_left(prefix), NREG + 1);
	bd_lockset_init(&s);
	bd_lockset_add(&s, 8);
	bd_lockset_add(&s, 2);
	bd_lockset_add(&s, 8);
	bd_lockset_take(&l, &s);
	CU_ASSERT_EQUAL(s.n, 3);
	CU_ASSERT(s.idx[0] == 2 && s.idx[1] == 8 && s.idx[2] == NREG); /* the state lock last */
	for (unsigned i = 0; i <= NREG; i++) {
		int taken = i == 2 || i == 8 || i == NREG;
		CHECK(sem_value(&l, i) == !taken, "semaphore %u has value %d", i, sem_value(&l, i));
		CHECK(holders[i].pid == (taken ? getpid() : 0), "holder of %u is %d", i, (int)holders[i].pid);
		if (taken)
			CHECK(holders[i].since_ms > 0, "holder of %u has no time", i);
	}
	bd_lockset_give(&l, &s);
	for (unsigned i = 0; i <= NREG; i++) {
		CHECK(sem_value(&l, i) == 1, "semaphore %u still taken (%d)", i, sem_value(&l, i));
		CHECK(holders[i].pid == 0, "holder of %u still recorded", i);
	}
	/* Only the state lock: a set with no region. */
	bd_lockset_init(&s);
	bd_lockset_take(&l, &s);
	CU_ASSERT(s.n == 1 && s.idx[0] == NREG && sem_value(&l, NREG) == 0);
	bd_lockset_give(&l, &s);
	bd_locks_close(&l);
	bd_locks_unlink(prefix, "lk", INST, NREG);
	CU_ASSERT_EQUAL(sems_left(prefix), 0);
}

enum { TNREG = 4 };
/* The records, shared with the child processes as the private segment is. */
static struct tracked {
	struct bd_lock_holder holders[TNREG + 1];
	struct bd_lockers lockers;
} *t;
static struct bd_lock_watch t_watch;
static char t_prefix[32];

/* Fresh semaphores with holders and a lockers table, as the daemon has them. */
static void tracked_open(struct bd_locks *l)
{
	t = mmap(NULL, sizeof *t, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	CU_ASSERT_FATAL(t != MAP_FAILED);
	snprintf(t_prefix, sizeof t_prefix, "unit%dt", (int)getpid());
	memset(&t_watch, 0, sizeof t_watch);
	CU_ASSERT_EQUAL_FATAL(bd_locks_open(l, t_prefix, "lk", INST, TNREG, t->holders, 1), 0);
	bd_locks_track(l, &t->lockers, 1);
}

static void tracked_close(struct bd_locks *l)
{
	bd_locks_close(l);
	bd_locks_unlink(t_prefix, "lk", INST, TNREG);
	munmap(t, sizeof *t);
}

/* One repair pass; which locks it found orphaned, as a bit mask. */
static unsigned orphans(struct bd_locks *l)
{
	unsigned char o[BD_LOCKS_MAX];
	unsigned mask = 0;

	bd_locks_orphans(l, &t_watch, o);
	for (unsigned i = 0; i <= TNREG; i++)
		mask |= (unsigned)o[i] << i;
	return mask;
}

/* The slot listing pid, or NULL. */
static const struct bd_locker *slot_of(pid_t pid)
{
	for (unsigned k = 0; k < t->lockers.used; k++)
		if (t->lockers.slot[k].pid == pid)
			return &t->lockers.slot[k];
	return NULL;
}

/* A child that takes region r (and state) with the hook at, then gives them back and exits
 * 0 (if it gets that far); its pid. */
static pid_t child_taking(struct bd_locks *l, unsigned r, enum bd_lock_stop at)
{
	pid_t pid = fork();
	if (pid == 0) {
		struct bd_lockset s;
		l->stop_at = at;
		bd_lockset_init(&s);
		bd_lockset_add(&s, r);
		bd_lockset_take(l, &s);
		bd_lockset_give(l, &s);
		_exit(0);
	}
	CU_ASSERT_FATAL(pid > 0);
	return pid;
}

/* Wait until pid has stopped itself (its hook). */
static void await_stopped(pid_t pid)
{
	int status;
	CU_ASSERT_FATAL(waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status));
}

/* Nonzero once pid is listed waiting for lock and has napped there; polls for up to 10 s
 * (a child forked on a loaded machine may take long to get that far). */
static int await_waiting(pid_t pid, unsigned lock)
{
	for (int i = 0; i < 200; i++) {
		const struct bd_locker *k = slot_of(pid);
		if (k != NULL && k->waiting == lock && k->naps > 0)
			return 1;
		usleep(50000);
	}
	return 0;
}

/* Taking lists the taker for each lock, marks it not waiting, and giving unlists it. */
static void test_lockers_listing(void)
{
	struct bd_locks l;
	struct bd_lockset s;

	tracked_open(&l);
	bd_lockset_init(&s);
	bd_lockset_add(&s, 1);
	bd_lockset_take(&l, &s);
	const struct bd_locker *me = slot_of(getpid());
	CU_ASSERT_FATAL(me != NULL);
	CU_ASSERT(me->waiting == BD_LOCK_NONE);
	CU_ASSERT(me->locks[0] == ((1u << 1) | (1u << TNREG)));
	CU_ASSERT(orphans(&l) == 0); /* taken, by a live lister */
	bd_lockset_give(&l, &s);
	CU_ASSERT(slot_of(getpid()) == NULL && me->locks[0] == 0);
	CU_ASSERT(t->holders[1].posts == 2 && t->holders[TNREG].posts == 2 && t->holders[0].posts == 0);
	tracked_close(&l);
}

/* A holder that died (even unrecorded: killed while stopped just after sem_wait) is repaired
 * once; a live one stopped there never is, though others wait; after SIGCONT all is well. */
static void test_orphans_exact(void)
{
	struct bd_locks l;

	tracked_open(&l);
	pid_t a = child_taking(&l, 2, BD_LOCK_STOP_TAKEN);
	await_stopped(a); /* holds region 2 (recorded) and state (not yet) */
	pid_t b = child_taking(&l, 3, BD_LOCK_STOP_NONE); /* gets region 3, waits for state */
	CHECK(await_waiting(b, TNREG), "the second child does not wait for the state lock");
	for (int pass = 0; pass < 4; pass++) {
		usleep(150000); /* longer than a nap */
		CHECK(orphans(&l) == 0, "pass %d repaired a lock held by a live, stopped process", pass);
	}
	CU_ASSERT(slot_of(b) != NULL && slot_of(b)->waiting == TNREG && slot_of(b)->naps > 0);
	kill(a, SIGKILL);
	CU_ASSERT(waitpid(a, NULL, 0) == a);
	bd_locks_forget(&l, a);
	unsigned found = orphans(&l); /* region 2 at once: nobody else is listed for it */
	for (int pass = 0; pass < 10 && !(found & 1u << TNREG); pass++) {
		usleep(150000); /* b naps: it is waiting, so not the holder */
		found |= orphans(&l);
	}
	CHECK(found == (1u << 2 | 1u << TNREG), "found orphans %#x, want region 2 and state", found);
	bd_lock_repair(&l, 2);
	bd_lock_repair(&l, TNREG);
	int status;
	CU_ASSERT(waitpid(b, &status, 0) == b && WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CU_ASSERT(orphans(&l) == 0);
	for (unsigned i = 0; i <= TNREG; i++)
		CHECK(sem_value(&l, i) == 1, "lock %u has value %d after the repairs", i, sem_value(&l, i));
	tracked_close(&l);
}

/* A process stopped just after sem_post, before it unlists itself: nothing to repair while
 * it is stopped or after it is killed there (it gave the lock back: no second post). */
static void test_orphans_after_post(void)
{
	struct bd_locks l;

	tracked_open(&l);
	pid_t a = child_taking(&l, 0, BD_LOCK_STOP_GIVEN);
	await_stopped(a); /* posted state, holds region 0 */
	CU_ASSERT(sem_value(&l, TNREG) == 1);
	usleep(150000);
	CU_ASSERT(orphans(&l) == 0);
	kill(a, SIGKILL);
	CU_ASSERT(waitpid(a, NULL, 0) == a);
	bd_locks_forget(&l, a);
	CU_ASSERT(orphans(&l) == 1u << 0); /* only its region */
	bd_lock_repair(&l, 0);
	for (unsigned i = 0; i <= TNREG; i++)
		CHECK(sem_value(&l, i) == 1, "lock %u has value %d", i, sem_value(&l, i));
	tracked_close(&l);
}

/* With every slot taken (thousands of processes in lock code), a taker waits for a free
 * slot, within its time limit, and takes nothing meanwhile; a freed slot lets it in. */
static void test_lockers_full(void)
{
	struct bd_locks l;
	struct bd_lockset s;

	tracked_open(&l);
	for (unsigned k = 0; k < BD_LOCKERS_MAX; k++)
		t->lockers.slot[k].pid = getppid(); /* alive, not us */
	t->lockers.used = BD_LOCKERS_MAX;
	bd_lockset_init(&s);
	CU_ASSERT(bd_lockset_take_within(&l, &s, 100) == -1);
	CU_ASSERT(sem_value(&l, TNREG) == 1 && l.me == NULL && l.nheld == 0);
	t->lockers.slot[7].pid = 0;
	bd_lockset_init(&s);
	CU_ASSERT(bd_lockset_take_within(&l, &s, 100) == 0);
	CU_ASSERT(l.me == &t->lockers.slot[7] && t->lockers.slot[7].pid == getpid() && sem_value(&l, TNREG) == 0);
	bd_lockset_give(&l, &s);
	CU_ASSERT(t->lockers.slot[7].pid == 0 && sem_value(&l, TNREG) == 1);
	tracked_close(&l);
}

/* Register this file's tests. */
void suite_lock(void)
{
	CU_pSuite s = CU_add_suite("lock", NULL, NULL);
	CU_add_test(s, "lockset_order", test_lockset_order);
	CU_add_test(s, "lockset_random", test_lockset_random);
	CU_add_test(s, "lockset_take", test_lockset_take);
	CU_add_test(s, "lockers_listing", test_lockers_listing);
	CU_add_test(s, "orphans_exact", test_orphans_exact);
	CU_add_test(s, "orphans_after_post", test_orphans_after_post);
	CU_add_test(s, "lockers_full", test_lockers_full);
}
