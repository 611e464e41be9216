/* test_guard.c: reads of a mapping whose object shrinks under it. bd_guard_copy reports
 * the fault instead of dying of SIGBUS, again and again, in several threads at once;
 * bd_snapshot says BD_SNAPSHOT_SHRUNK; bd_pub_map_ro checks type, owner and size with
 * fstat before it maps. Uses real POSIX shm objects of its own name. */
#include <CUnit/CUnit.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ipc/client.h"
#include "ipc/guard.h"
#include "ipc/shm.h"
#include "suites.h"
#include "tests/runner.h"

#define GUARD_PAGES 4

/* A shm object of `size` bytes (its name in name, already unlinked from /dev/shm after
 * the fd is kept), mapped read-only over GUARD_PAGES pages; the fd to truncate it with. */
static int guard_object(char *name, size_t len, size_t size, const void **map)
{
	snprintf(name, len, "/bdunit-guard-%d", (int)getpid());
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	REQUIRE(fd >= 0, "shm_open %s", name);
	shm_unlink(name); /* the fd is enough: nothing is left in /dev/shm, even if a check fails */
	REQUIRE(ftruncate(fd, (off_t)size) == 0, "ftruncate");
	*map = mmap(NULL, GUARD_PAGES * 4096, PROT_READ, MAP_SHARED, fd, 0);
	REQUIRE(*map != MAP_FAILED, "mmap");
	return fd;
}

/* A copy faults after the object shrank, every time, and the process lives on. */
static void test_guard_shrink(void)
{
	char name[64], buf[GUARD_PAGES * 4096];
	const void *map;
	int fd = guard_object(name, sizeof name, sizeof buf, &map);

	CU_ASSERT_EQUAL(bd_guard_copy(buf, map, sizeof buf), 0);
	CU_ASSERT_EQUAL(ftruncate(fd, 4096), 0);
	CU_ASSERT_EQUAL(bd_guard_copy(buf, map, 4096), 0); /* the first page is still there */
	for (int i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(bd_guard_copy(buf, (const char *)map + 4096, 16), -1);
	CU_ASSERT_EQUAL(ftruncate(fd, 0), 0);
	CU_ASSERT_EQUAL(bd_guard_copy(buf, map, 1), -1);
	CU_ASSERT_EQUAL(bd_guard_copy(buf, "fine", 5), 0); /* other memory still copies */
	CU_ASSERT_STRING_EQUAL(buf, "fine");
	munmap((void *)map, GUARD_PAGES * 4096);
	close(fd);
}

/* Thread body: copy from the shrunk mapping arg many times; count faults. */
static void *guard_thread(void *arg)
{
	static _Thread_local char buf[64];
	long faults = 0;

	for (int i = 0; i < 1000; i++)
		faults += bd_guard_copy(buf, arg, sizeof buf) < 0;
	return (void *)faults;
}

/* Threads faulting at once each get their own -1 (the jump buffer is per thread). */
static void test_guard_threads(void)
{
	char name[64];
	const void *map;
	pthread_t t[4];
	int fd = guard_object(name, sizeof name, 4096, &map);

	CU_ASSERT_EQUAL(ftruncate(fd, 0), 0);
	for (int i = 0; i < 4; i++)
		REQUIRE(pthread_create(&t[i], NULL, guard_thread, (void *)map) == 0, "pthread_create");
	for (int i = 0; i < 4; i++) {
		void *faults;
		pthread_join(t[i], &faults);
		CHECK((long)faults == 1000, "thread %d: %ld of 1000 copies faulted", i, (long)faults);
	}
	munmap((void *)map, GUARD_PAGES * 4096);
	close(fd);
}

/* A sound board in a real segment: mapped and snapshot; shrunk: BD_SNAPSHOT_SHRUNK, and
 * mapping it again is refused by its size, before any mmap. */
static void test_guard_board(void)
{
	static struct bd_pub board, copy;
	char name[BD_OBJ_NAME_MAX], prefix[32], why[200];
	snprintf(prefix, sizeof prefix, "bdunit%d", (int)getpid());
	REQUIRE(bd_obj_public(name, sizeof name, prefix, "main", "0123456789abcdef") == 0, "a name");
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0644);
	REQUIRE(fd >= 0, "shm_open %s", name);

	test_board_sound(&board);
	REQUIRE(write(fd, &board, board.size) == (ssize_t)board.size, "write the board");
	const struct bd_pub *pub = bd_pub_map_ro(name, getuid(), why, sizeof why);
	REQUIRE(pub != NULL, "bd_pub_map_name: %s", why);
	CU_ASSERT_EQUAL(bd_snapshot(pub, &copy), 0);
	CU_ASSERT_PTR_NULL(bd_pub_map_ro(name, getuid() + 1, why, sizeof why));
	CHECK(strstr(why, "is owned by uid") != NULL, "foreign owner: %s", why);
	CU_ASSERT_EQUAL(ftruncate(fd, 4096), 0);
	CU_ASSERT_EQUAL(bd_snapshot(pub, &copy), BD_SNAPSHOT_SHRUNK);
	CU_ASSERT_PTR_NULL(bd_pub_map_ro(name, getuid(), why, sizeof why));
	CHECK(strstr(why, "too small") != NULL, "shrunk: %s", why);
	bd_pub_unmap(pub);
	shm_unlink(name);
	close(fd);
}

/* Register this file's tests. */
void suite_guard(void)
{
	CU_pSuite s = CU_add_suite("guard", NULL, NULL);
	CU_add_test(s, "shrink", test_guard_shrink);
	CU_add_test(s, "threads", test_guard_threads);
	CU_add_test(s, "board", test_guard_board);
}
