/* quota.h: what one local user (uid) may hold at once, and who is exempt. Every kind of
 * thing a uid can hold is one line of quota.c's table; a later feature (tables, places in a
 * matchmaking queue) adds its line there and calls quota_check where it hands one out.
 * The limits live in a shared mapping made before the first fork, so a reload (SIGHUP) in
 * the supervisor reaches every worker at once; so does the refusal log's rate bound. */
#ifndef BD_QUOTA_H
#define BD_QUOTA_H

#include <stdint.h>
#include <sys/types.h>

#include "ipc/proto.h"

enum quota_kind {
	QUOTA_CONNECTIONS, /* connections open at once (counted by the supervisor) */
	QUOTA_SEATS,       /* seats on one board (counted under the board's state lock) */
	QUOTA_WAITING,     /* places in the lobby's queues (counted by the supervisor) */
	QUOTA_TABLES,      /* lobby tables seated at or matched for (counted by the supervisor) */
	QUOTA_COUNT
};

struct quota_limits {
	unsigned max[QUOTA_COUNT]; /* per uid; 0: no limit */
	int64_t idle_ms;           /* an unjoined connection silent this long is closed; 0: never */
	int exempt_root;           /* uid 0 has no per-uid limits */
	int64_t exempt_gid;        /* members of this group (primary or supplementary) neither; -1: none */
};

/* Who is at the other end of a connection, as the kernel says (SO_PEERCRED, SO_PEERGROUPS). */
struct quota_peer {
	uid_t uid;
	pid_t pid;
	int exempt; /* decided once, when the connection is made */
};

/* Make the shared state with these limits; before any fork. 0, or -1 (logged). */
int quota_init(const struct quota_limits *l);
/* Replace the limits (SIGHUP); workers see them at their next check. */
void quota_set(const struct quota_limits *l);
/* The limits now in force. */
const struct quota_limits *quota_get(void);
/* Fill *p from the connected socket fd. 0, or -1 if the kernel would not say. */
int quota_peer(int fd, struct quota_peer *p);
/* May p hold one more of kind k, holding `held` now? 0, or -1 with *err (code "limit",
 * a text naming the limit, valid until the next call). The refusal is logged (bounded). */
int quota_check(enum quota_kind k, const struct quota_peer *p, unsigned held, struct bd_err *err);
/* Log a refusal at warning level, at most QUOTA_LOG_BURST lines per QUOTA_LOG_WINDOW_MS
 * across the supervisor and every worker; the rest are counted and summed up in one line. */
void quota_log_refusal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Periodic (supervisor): sum up a finished window's suppressed refusals, even if no refusal follows. */
void quota_tick(void);

#define QUOTA_LOG_BURST 10
#define QUOTA_LOG_WINDOW_MS 10000

#endif
