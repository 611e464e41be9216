/* worker.h: a session worker, one process per connection: parses the client's requests,
 * plays them under the board's locks, runs its player's timers, forwards events. */
#ifndef BD_WORKER_H
#define BD_WORKER_H

#include "board.h"
#include "lobby.h"
#include "quota.h"

struct worker_limits {
	unsigned max_rate;  /* requests per second per connection, 0 = unlimited */
	size_t max_backlog; /* bytes of unsent output past which events are dropped (a resync
			     * follows) and, past half of it, requests wait */
	int stall_ms;       /* a client whose socket takes no byte of waiting output this long is closed */
};

/* What a worker is given at fork. */
struct worker_setup {
	int fd;                         /* the client's connection */
	int ctl;                        /* its end of the ctl socketpair with the supervisor (lobby.h) */
	struct board *boards;           /* the static boards */
	unsigned nboards;
	const struct worker_limits *lim;
	const struct lobby_opts *lobby;
	const char *prefix;             /* of every object's name: lobby tables are mapped by name */
	const char *socket;             /* the daemon's socket path (status tells it) */
	struct quota_peer peer;         /* who is at the other end */
};

/* Serve one connection until it ends; never returns. */
void worker_run(const struct worker_setup *ws) __attribute__((noreturn));

#endif
