/* status.c: the table of connections the workers keep, and the status request's lines. */
#include "status.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "ipc/client.h"
#include "ipc/clock.h"
#include "ipc/proto.h"
#include "ipc/seqlock.h"

#define STATUS_READS 16 /* tries at a slot its worker keeps rewriting, before it is skipped */

struct status_table {
	int32_t daemon_pid;
	uint32_t nslots;
	uint32_t used;        /* slots [0, used) have ever been claimed */
	uint32_t reserved;
	int64_t started_ms;   /* CLOCK_MONOTONIC ms the daemon started */
	int64_t started_wall; /* and CLOCK_REALTIME ms */
	char settings[STATUS_SETTINGS_MAX];
	struct status_conn slot[];
};

static struct status_table *status_tab;

int status_init(unsigned max, const char *settings)
{
	size_t size = sizeof *status_tab + (size_t)max * sizeof status_tab->slot[0];
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return -1;
	status_tab = p;
	status_tab->daemon_pid = (int32_t)getpid();
	status_tab->nslots = max;
	status_tab->started_ms = bd_now_ms();
	status_tab->started_wall = bd_wall_ms();
	status_settings(settings);
	return 0;
}

void status_settings(const char *settings)
{
	if (status_tab != NULL)
		snprintf(status_tab->settings, sizeof status_tab->settings, "%s", settings);
}

void status_release(pid_t pid)
{
	for (uint32_t i = 0; status_tab != NULL && i < status_tab->used; i++)
		if (status_tab->slot[i].pid == pid)
			__atomic_store_n(&status_tab->slot[i].pid, 0, __ATOMIC_RELEASE);
}

struct status_conn *status_claim(uid_t uid, pid_t peer_pid)
{
	for (uint32_t i = 0; status_tab != NULL && i < status_tab->nslots; i++) {
		struct status_conn *c = &status_tab->slot[i];
		int32_t free_slot = 0;
		if (!__atomic_compare_exchange_n(&c->pid, &free_slot, (int32_t)getpid(), 0, __ATOMIC_ACQ_REL,
						 __ATOMIC_RELAXED))
			continue;
		uint32_t used = __atomic_load_n(&status_tab->used, __ATOMIC_RELAXED);
		while (used <= i && !__atomic_compare_exchange_n(&status_tab->used, &used, i + 1, 0, __ATOMIC_RELEASE,
								 __ATOMIC_RELAXED))
			;
		bd_seq_write_begin(&c->seq);
		c->uid = (uint32_t)uid;
		c->peer_pid = (int32_t)peer_pid;
		c->since_ms = c->active_ms = bd_now_ms();
		board_login(uid, c->login, sizeof c->login);
		bd_seq_write_end(&c->seq);
		status_update(c, -1, "", NULL, -1, 0, c->since_ms);
		return c;
	}
	return NULL;
}

void status_update(struct status_conn *c, int role, const char *name, const char *table, int seat, size_t queued,
		   int64_t active_ms)
{
	if (c == NULL)
		return;
	bd_seq_write_begin(&c->seq);
	c->role = (uint32_t)(role + 1);
	snprintf(c->name, sizeof c->name, "%s", name);
	snprintf(c->table, sizeof c->table, "%s", table != NULL ? table : "");
	c->seat = seat;
	c->queued = queued;
	c->active_ms = active_ms;
	bd_seq_write_end(&c->seq);
}

void status_leave(struct status_conn *c)
{
	if (c != NULL)
		__atomic_store_n(&c->pid, 0, __ATOMIC_RELEASE);
}

/* A consistent copy of slot i into out: 0, or -1 if it is free or never stayed still. */
static int status_read(uint32_t i, struct status_conn *out)
{
	const struct status_conn *c = &status_tab->slot[i];

	for (int t = 0; t < STATUS_READS; t++) {
		uint32_t start = __atomic_load_n(&c->seq, __ATOMIC_ACQUIRE);
		if (start & 1)
			continue;
		memcpy(out, c, sizeof *out);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (__atomic_load_n(&c->seq, __ATOMIC_RELAXED) == start)
			return out->pid != 0 ? 0 : -1;
	}
	return -1;
}

/* One CONN line of connection c (docs/PROTOCOL.md, "Status"). */
static void status_conn_line(const struct status_conn *c, int me, int64_t now, char *line, size_t len)
{
	char seat[16] = "-";

	if (c->seat >= 0)
		snprintf(seat, sizeof seat, "%d", c->seat);
	snprintf(line, len, "CONN %d %d %u %s %s %s %s %s %llu %lld %lld%s\n", (int)c->pid, (int)c->peer_pid,
		 (unsigned)c->uid, c->login[0] ? c->login : "?", c->role ? bd_role_name(c->role - 1) : "-",
		 c->name[0] ? c->name : "-", c->table[0] ? c->table : "-", seat, (unsigned long long)c->queued,
		 (long long)(now - c->active_ms), (long long)(now - c->since_ms), me ? " self" : "");
}

/* The SETTING lines; the seed's value only for the privileged (it foretells the deals). */
static void status_setting_lines(int privileged, status_put_fn *put, void *arg)
{
	char line[BD_LINE_MAX];
	const char *s = status_tab->settings;

	while (*s) {
		size_t n = strcspn(s, "\n");
		snprintf(line, sizeof line, "%.*s\n", (int)(n < sizeof line - 2 ? n : sizeof line - 2), s);
		if (!privileged && strncmp(line, "SETTING seed ", 13) == 0)
			snprintf(line + 13 + strcspn(line + 13, " \n"), 16, " hidden\n");
		put(arg, line);
		s += n + (s[n] == '\n');
	}
}

unsigned status_lines(const char *socket, const char *prefix, uid_t asker, const struct status_conn *me,
		      status_put_fn *put, void *arg, unsigned *hidden)
{
	char line[BD_LINE_MAX], login[BD_LOGIN_MAX + 1];
	int64_t now = bd_now_ms();
	int privileged = asker == 0 || asker == geteuid();
	unsigned shown = 0;
	struct status_conn c;

	*hidden = 0;
	board_login(geteuid(), login, sizeof login);
	snprintf(line, sizeof line, "DAEMON %d %u %s %lld %lld %s %d %u\n", (int)status_tab->daemon_pid,
		 (unsigned)geteuid(), login, (long long)(now - status_tab->started_ms),
		 (long long)status_tab->started_wall, BD_VERSION, BD_PROTO_VERSION, BD_LAYOUT_VERSION);
	put(arg, line);
	snprintf(line, sizeof line, "SOCKET %s\n", socket);
	put(arg, line);
	snprintf(line, sizeof line, "PREFIX %s\n", prefix);
	put(arg, line);
	status_setting_lines(privileged, put, arg);
	uint32_t used = __atomic_load_n(&status_tab->used, __ATOMIC_ACQUIRE);
	for (uint32_t i = 0; i < used && i < status_tab->nslots; i++) {
		if (status_read(i, &c) < 0)
			continue;
		if (!privileged && c.uid != (uint32_t)asker) {
			(*hidden)++;
			continue;
		}
		status_conn_line(&c, &status_tab->slot[i] == me, now, line, sizeof line);
		put(arg, line);
		shown++;
	}
	return shown;
}
