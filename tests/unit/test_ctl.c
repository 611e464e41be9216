/* test_ctl.c: the supervisor-worker messages (daemon/lobby.c, lobby_send and lobby_recv) over
 * a real SOCK_SEQPACKET socketpair: a well-formed message and its descriptor arrive; a
 * malformed one is dropped with EPROTO and the descriptor that came with it is closed there,
 * once, the caller getting -1 (nothing for it to close again). */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "daemon/lobby.h"
#include "suites.h"
#include "tests/runner.h"

/* Send n bytes of msg over ctl with descriptor fd (SCM_RIGHTS): a message of any size. */
static void ctl_send_raw(int ctl, const void *msg, size_t n, int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov = {.iov_base = (void *)msg, .iov_len = n};
	struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof u.buf};

	memset(&u, 0, sizeof u);
	struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof fd);
	REQUIRE(sendmsg(ctl, &mh, 0) == (ssize_t)n, "sendmsg");
}

/* Nonzero if every copy of pipe p's write end is closed (its read end sees the end). */
static int ctl_write_end_closed(int rd)
{
	char c;

	return read(rd, &c, 1) == 0;
}

/* A grant with a descriptor: the message and a working copy of the descriptor arrive. */
static void test_ctl_grant(void)
{
	int sv[2], p[2], fd = -1;
	union lobby_msg m;
	struct lobby_grant g = {.h = {.type = LOBBY_GRANT, .id = 7}};

	REQUIRE(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) == 0 && pipe(p) == 0, "socketpair, pipe");
	CU_ASSERT_EQUAL(lobby_send(sv[0], &g, p[1]), 0);
	CU_ASSERT_EQUAL(lobby_recv(sv[1], &m, &fd), 0);
	CU_ASSERT_EQUAL(m.h.type, LOBBY_GRANT);
	CU_ASSERT_EQUAL(m.h.id, 7);
	CU_ASSERT(fd >= 0 && fd != p[1]);
	CU_ASSERT_EQUAL(write(fd, "x", 1), 1);
	close(fd);
	close(p[1]);
	close(p[0]);
	close(sv[0]);
	close(sv[1]);
}

/* A message of the wrong size for its type, with a descriptor: EPROTO, the descriptor
 * closed by lobby_recv and *fd -1, with or without a place for one. */
static void test_ctl_malformed(void)
{
	int sv[2], p[2], fd = 1234;
	union lobby_msg m;
	struct lobby_grant g = {.h = {.type = LOBBY_GRANT}};

	for (int want = 0; want < 2; want++) {
		REQUIRE(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) == 0 && pipe(p) == 0, "socketpair, pipe");
		ctl_send_raw(sv[0], &g, sizeof g - 1, p[1]);
		close(p[1]); /* now only the copy in flight, then in this process, holds the write end */
		errno = 0;
		CU_ASSERT_EQUAL(lobby_recv(sv[1], &m, want ? &fd : NULL), -1);
		CU_ASSERT_EQUAL(errno, EPROTO);
		if (want)
			CU_ASSERT_EQUAL(fd, -1);
		CU_ASSERT(ctl_write_end_closed(p[0]));
		close(p[0]);
		close(sv[0]);
		close(sv[1]);
	}
}

/* Register this file's tests. */
void suite_ctl(void)
{
	CU_pSuite s = CU_add_suite("ctl", NULL, NULL);
	CU_add_test(s, "grant", test_ctl_grant);
	CU_add_test(s, "malformed", test_ctl_malformed);
}
