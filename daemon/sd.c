/* sd.c: sd_notify and LISTEN_FDS, done by hand (a datagram and two environment variables). */
#include "sd.h"

#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
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

int sd_listen_fd(void)
{
	const char *pid = getenv("LISTEN_PID"), *fds = getenv("LISTEN_FDS");

	if (pid == NULL || fds == NULL || atol(pid) != (long)getpid() || atoi(fds) < 1)
		return -1;
	unsetenv("LISTEN_PID");
	unsetenv("LISTEN_FDS");
	unsetenv("LISTEN_FDNAMES");
	fcntl(3, F_SETFD, FD_CLOEXEC);
	fcntl(3, F_SETFL, fcntl(3, F_GETFL) | O_NONBLOCK); /* accept() must never block the loop */
	return 3;
}

int64_t sd_watchdog_ms(void)
{
	const char *usec = getenv("WATCHDOG_USEC"), *pid = getenv("WATCHDOG_PID");

	if (usec == NULL || (pid != NULL && atol(pid) != (long)getpid()))
		return 0;
	return atoll(usec) / 1000;
}
