/* proc.c: CPU time, memory and children of a process, from the kernel. */
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

/* CPU time used so far by a whole process (every thread), in ns; 0 if it is gone.
 * A process CPU clock of another pid has ns precision, unlike /proc/PID/stat's ticks. */
int64_t proc_cpu_ns(pid_t pid)
{
	clockid_t clk;
	struct timespec ts;

	if (clock_getcpuclockid(pid, &clk) != 0 || clock_gettime(clk, &ts) != 0)
		return 0;
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Rss and Pss of pid from smaps_rollup; Pss shares each page among the processes mapping it,
 * so forked workers are not charged for what they share with the supervisor. */
int proc_mem(pid_t pid, struct mem *m)
{
	char path[64], line[128];
	FILE *f;
	double v;

	snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	m->rss_kb = m->pss_kb = 0;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "Rss: %lf", &v) == 1)
			m->rss_kb = v;
		else if (sscanf(line, "Pss: %lf", &v) == 1)
			m->pss_kb = v;
	}
	fclose(f);
	return 0;
}

unsigned proc_children(pid_t pid, pid_t *out, unsigned max)
{
	char path[64];
	unsigned n = 0;
	int child;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	while (n < max && fscanf(f, "%d", &child) == 1)
		out[n++] = child;
	fclose(f);
	return n;
}

int proc_pin(pid_t pid, int cpu)
{
	cpu_set_t set;
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	CPU_ZERO(&set);
	for (long i = 0; i < n; i++)
		if (cpu < 0 || i == cpu)
			CPU_SET(i, &set);
	return sched_setaffinity(pid, sizeof set, &set);
}

int proc_children_mem(pid_t pid, struct mem *mean, unsigned *n)
{
	static pid_t kids[8192];
	unsigned k = proc_children(pid, kids, 8192);
	struct mem m;

	mean->rss_kb = mean->pss_kb = 0;
	*n = 0;
	for (unsigned i = 0; i < k; i++)
		if (proc_mem(kids[i], &m) == 0) {
			mean->rss_kb += m.rss_kb;
			mean->pss_kb += m.pss_kb;
			(*n)++;
		}
	if (*n == 0)
		return -1;
	mean->rss_kb /= *n;
	mean->pss_kb /= *n;
	return 0;
}
