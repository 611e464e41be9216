/* target.c: the boardd under test: started with its own socket and shm prefix, stopped and
 * checked for leftovers in /dev/shm. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

static const char *boardd_path;
static const char *work;
static unsigned started;

void target_setup(const char *boardd, const char *workdir)
{
	boardd_path = boardd;
	work = workdir;
}

/* In the child: the daemon's argv, output to its log, then exec. */
static void __attribute__((noreturn)) target_exec(const struct target *t, const char *const *extra)
{
	const char *argv[512] = {boardd_path, "--socket", t->sock, "--shm-prefix", t->prefix,
				 "--min-players", "1", "--max-rate", "0", "--mismatch-ms", "1",
				 "--restart-ms", "1", "--log-level", "warning",
				 /* it measures the daemon, not the limits: as any user, hundreds of clients */
				 "--max-connections-per-uid", "0", "--max-seats-per-uid", "0"};
	unsigned n = 19;
	int fd = open(t->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

	while (extra != NULL && *extra != NULL && n < 510)
		argv[n++] = *extra++;
	argv[n] = NULL;
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	execv(boardd_path, (char *const *)argv);
	fprintf(stderr, "boardd-bench: cannot run %s: %s\n", boardd_path, strerror(errno));
	_exit(127);
}

/* Wait until the daemon greets a client; -1 if it exited or stayed silent for 10 s. */
static int target_wait(const struct target *t)
{
	struct bd_client c;
	char err[256];

	for (int64_t end = clock_ns() + 10000000000LL; clock_ns() < end; clock_sleep_ms(20)) {
		if (waitpid(t->pid, NULL, WNOHANG) == t->pid)
			return -1;
		if (access(t->sock, F_OK) == 0 && bd_client_connect(&c, t->sock, err, sizeof err) == 0) {
			bd_client_close(&c);
			return 0;
		}
	}
	return -1;
}

int target_start(struct target *t, const char *const *extra)
{
	started++;
	snprintf(t->prefix, sizeof t->prefix, "bench%dn%u", (int)getpid(), started);
	snprintf(t->sock, sizeof t->sock, "%s/%u.sock", work, started);
	snprintf(t->log, sizeof t->log, "%s/boardd-%u.log", work, started);
	if ((t->pid = fork()) < 0)
		return -1;
	if (t->pid == 0)
		target_exec(t, extra);
	if (target_wait(t) == 0)
		return 0;
	fprintf(stderr, "boardd-bench: boardd did not start (log: %s)\n", t->log);
	kill(t->pid, SIGKILL);
	waitpid(t->pid, NULL, 0);
	t->pid = 0;
	return -1;
}

/* Remove (and say so) whatever the daemon left in /dev/shm under its prefix. */
static void target_sweep(const struct target *t)
{
	char name[80], sem[80], path[400];
	struct dirent *e;
	DIR *d = opendir("/dev/shm");
	int left = 0;

	if (d == NULL)
		return;
	snprintf(name, sizeof name, "%s.", t->prefix);
	snprintf(sem, sizeof sem, "sem.%s.", t->prefix);
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, name, strlen(name)) == 0 || strncmp(e->d_name, sem, strlen(sem)) == 0) {
			snprintf(path, sizeof path, "/dev/shm/%s", e->d_name);
			unlink(path);
			left++;
		}
	closedir(d);
	if (left)
		report_note("boardd (prefix %s) left %d objects in /dev/shm; removed", t->prefix, left);
}

/* Say what the daemon logged (warnings and errors only): the first line and the count;
 * then remove the log. */
static void target_log(const struct target *t)
{
	char line[200], first[200] = "";
	unsigned n = 0;
	FILE *f = fopen(t->log, "r");

	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL)
		if (n++ == 0)
			snprintf(first, sizeof first, "%s", line);
	fclose(f);
	unlink(t->log);
	first[strcspn(first, "\n")] = '\0';
	if (n)
		report_note("boardd (prefix %s) logged %u warning lines, first: %.120s", t->prefix, n, first);
}

void target_stop(struct target *t)
{
	int status = 0;

	if (t->pid <= 0)
		return;
	kill(t->pid, SIGTERM);
	waitpid(t->pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		report_note("boardd (prefix %s) did not exit cleanly on SIGTERM (status %d)", t->prefix, status);
	t->pid = 0;
	unlink(t->sock);
	target_sweep(t);
	target_log(t);
}

int64_t target_cpu_ns(const struct target *t)
{
	static pid_t kids[8192];
	unsigned n = proc_children(t->pid, kids, 8192);
	int64_t sum = proc_cpu_ns(t->pid);

	for (unsigned i = 0; i < n; i++)
		sum += proc_cpu_ns(kids[i]);
	return sum;
}
