/* sd.c: sd_notify and LISTEN_FDS, done by hand (a datagram and two environment variables). */
#include "sd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

#define SD_LISTEN_FD 3 /* SD_LISTEN_FDS_START: systemd passes sockets from fd 3 on */
#include <unistd.h>

void sd_notifyf(const char *fmt, ...)
{
	const char *path = getenv("NOTIFY_SOCKET");
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	char msg[512];
	va_list ap;

	if (path == NULL || (path[0] != '/' && path[0] != '@') || strlen(path) >= sizeof sa.sun_path)
		return;
	va_start(ap, fmt);
	int n = vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	memcpy(sa.sun_path, path, strlen(path));
	if (sa.sun_path[0] == '@')
		sa.sun_path[0] = '\0'; /* abstract namespace */
	socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + strlen(path));
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return;
	sendto(fd, msg, (size_t)n > sizeof msg - 1 ? sizeof msg - 1 : (size_t)n, MSG_NOSIGNAL,
	       (struct sockaddr *)&sa, len);
	close(fd);
}

/* A whole decimal number in [lo, hi], or -1. */
static long sd_number(const char *s, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	return errno || end == s || *end || v < lo || v > hi ? -1 : v;
}

/* Is fd a listening UNIX stream socket? 0, or -1 with err saying what it is not. */
static int sd_check_socket(int fd, char *err, size_t errlen)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof sa, ilen = sizeof(int);
	int type, listening;

	if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &ilen) < 0) {
		snprintf(err, errlen, "fd %d from systemd (LISTEN_FDS) is not a socket: %s", fd, strerror(errno));
		return -1;
	}
	ilen = sizeof(int);
	if (getsockname(fd, (struct sockaddr *)&sa, &len) < 0 || sa.ss_family != AF_UNIX || type != SOCK_STREAM) {
		snprintf(err, errlen, "fd %d from systemd (LISTEN_FDS) is not a UNIX stream socket "
			 "(ListenStream= with a path in boardd.socket)", fd);
		return -1;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &ilen) < 0 || !listening) {
		snprintf(err, errlen, "fd %d from systemd (LISTEN_FDS) is a socket that is not listening "
			 "(boardd.socket must have Accept=no)", fd);
		return -1;
	}
	return 0;
}

int sd_listen_fd(char *err, size_t errlen)
{
	const char *pid = getenv("LISTEN_PID"), *fds = getenv("LISTEN_FDS");
	long p, n;
	int flags;

	if (pid == NULL || fds == NULL)
		return -1;
	if ((p = sd_number(pid, 1, 0x7fffffffL)) < 0 || (n = sd_number(fds, 0, 0x7fffffffL)) < 0) {
		snprintf(err, errlen, "LISTEN_PID='%s' LISTEN_FDS='%s' from systemd: not numbers", pid, fds);
		return -2;
	}
	if (p != (long)getpid())
		return -1; /* meant for another process, left in the environment we inherited */
	unsetenv("LISTEN_PID");
	unsetenv("LISTEN_FDS");
	unsetenv("LISTEN_FDNAMES");
	if (n != 1) {
		snprintf(err, errlen, "LISTEN_FDS=%ld from systemd: boardd takes exactly one socket", n);
		return -2;
	}
	if (sd_check_socket(SD_LISTEN_FD, err, errlen) < 0)
		return -2;
	/* Close it on exec; never block in accept(), which the event loop calls when woken. */
	if (fcntl(SD_LISTEN_FD, F_SETFD, FD_CLOEXEC) < 0 || (flags = fcntl(SD_LISTEN_FD, F_GETFL)) < 0 ||
	    fcntl(SD_LISTEN_FD, F_SETFL, flags | O_NONBLOCK) < 0) {
		snprintf(err, errlen, "fcntl on the socket from systemd: %s", strerror(errno));
		return -2;
	}
	return SD_LISTEN_FD;
}

int64_t sd_watchdog_ms(void)
{
	const char *usec = getenv("WATCHDOG_USEC"), *pid = getenv("WATCHDOG_PID");

	if (usec == NULL || (pid != NULL && atol(pid) != (long)getpid()))
		return 0;
	return atoll(usec) / 1000;
}
