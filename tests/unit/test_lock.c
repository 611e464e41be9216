/* test_lock.c: lock sets keep the one documented order (regions ascending, no duplicates,
 * the state lock last), and taking one really takes those semaphores and records the holder. */
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Taking a set takes exactly its semaphores plus the state one, last, and records us. */
static void test_lockset_take(void)
{
	enum { NREG = 9 };
	static struct bd_lock_holder holders[NREG + 1];
	struct bd_locks l;
	struct bd_lockset s;
	char prefix[32];

	snprintf(prefix, sizeof prefix, "unit%d", (int)getpid());
	CU_ASSERT_EQUAL_FATAL(bd_locks_open(&l, prefix, "lk", NREG, holders, 1), 0);
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
	bd_locks_unlink(prefix, "lk", NREG);
	CU_ASSERT_EQUAL(sems_left(prefix), 0);
}

/* Register this file's tests. */
void suite_lock(void)
{
	CU_pSuite s = CU_add_suite("lock", NULL, NULL);
	CU_add_test(s, "lockset_order", test_lockset_order);
	CU_add_test(s, "lockset_random", test_lockset_random);
	CU_add_test(s, "lockset_take", test_lockset_take);
}
