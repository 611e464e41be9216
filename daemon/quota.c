/* quota.c: per-uid limits, exemptions, and the rate bound on refusal lines in the log. */
#include "quota.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>

#include "ipc/clock.h"
#include "log.h"

/* What a uid can hold, one line each: "too many <what> for uid N (limit M)". */
static const char *const quota_what[QUOTA_COUNT] = {
	[QUOTA_CONNECTIONS] = "connections",
	[QUOTA_SEATS] = "seats on this board",
	[QUOTA_WAITING] = "places in the lobby's queues",
	[QUOTA_TABLES] = "lobby tables",
};

/* Shared by the supervisor and every worker (MAP_SHARED, inherited at fork). */
struct quota_shared {
	struct quota_limits lim;
	int64_t window_ms;   /* start of the refusal log's current window */
	uint32_t logged;     /* refusal lines logged in it */
	uint32_t suppressed; /* refusals counted but not logged in it */
};

/* Until quota_init, a private copy: the daemon works the same, only not across a fork. */
static struct quota_shared quota_local;
static struct quota_shared *quota_sh = &quota_local;

int quota_init(const struct quota_limits *l)
{
	void *p = mmap(NULL, sizeof *quota_sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		log_msg(LOG_ERR, "cannot map the limits' shared state: %s", strerror(errno));
		return -1;
	}
	quota_sh = p;
	quota_sh->lim = *l;
	quota_sh->window_ms = bd_now_ms();
	return 0;
}

void quota_set(const struct quota_limits *l)
{
	quota_sh->lim = *l;
}

const struct quota_limits *quota_get(void)
{
	return &quota_sh->lim;
}

/* Nonzero if gid is the peer's primary group or one of its supplementary groups. */
static int quota_in_group(int fd, gid_t primary, gid_t gid)
{
	gid_t few[64], *g = few;
	socklen_t len = sizeof few;
	int in = primary == gid;

	if (!in && getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, g, &len) < 0) {
		/* ERANGE: len now says how much the kernel needs. */
		if (errno != ERANGE || (g = malloc(len)) == NULL || getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, g, &len) < 0)
			len = 0;
	}
	for (size_t i = 0; !in && i < len / sizeof *g; i++)
		in = g[i] == gid;
	if (g != few)
		free(g);
	return in;
}

int quota_peer(int fd, struct quota_peer *p)
{
	struct ucred cred;
	socklen_t len = sizeof cred;
	const struct quota_limits *l = quota_get();

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0)
		return -1;
	p->uid = cred.uid;
	p->pid = cred.pid;
	p->exempt = (l->exempt_root && cred.uid == 0) ||
		    (l->exempt_gid >= 0 && quota_in_group(fd, cred.gid, (gid_t)l->exempt_gid));
	return 0;
}

int quota_check(enum quota_kind k, const struct quota_peer *p, unsigned held, struct bd_err *err)
{
	static char text[128];
	unsigned max = quota_get()->max[k];

	if (p->exempt || max == 0 || held < max)
		return 0;
	snprintf(text, sizeof text, "too many %s for uid %u (limit %u)", quota_what[k], (unsigned)p->uid, max);
	quota_log_refusal("refused pid %d: %s", (int)p->pid, text);
	return bd_err_set(err, "limit", text);
}

/* Start a new window if the current one is over, and sum up what the last one left out. */
static void quota_log_window(int64_t now)
{
	int64_t start = __atomic_load_n(&quota_sh->window_ms, __ATOMIC_ACQUIRE);

	if (now - start < QUOTA_LOG_WINDOW_MS ||
	    !__atomic_compare_exchange_n(&quota_sh->window_ms, &start, now, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return; /* not over, or another process just started the next one */
	uint32_t k = __atomic_exchange_n(&quota_sh->suppressed, 0, __ATOMIC_ACQ_REL);
	__atomic_store_n(&quota_sh->logged, 0, __ATOMIC_RELEASE);
	if (k > 0)
		log_msg(LOG_WARNING, "suppressed %u refusal%s in the last %lld s", k, k == 1 ? "" : "s",
			(long long)(now - start) / 1000);
}

void quota_log_refusal(const char *fmt, ...)
{
	char line[512];
	va_list ap;

	quota_log_window(bd_now_ms());
	if (__atomic_fetch_add(&quota_sh->logged, 1, __ATOMIC_ACQ_REL) >= QUOTA_LOG_BURST) {
		__atomic_fetch_add(&quota_sh->suppressed, 1, __ATOMIC_ACQ_REL);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	log_msg(LOG_WARNING, "%s", line);
}

void quota_tick(void)
{
	quota_log_window(bd_now_ms());
}
