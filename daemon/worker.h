/* worker.h: a session worker, one process per connection: parses the client's requests,
 * plays them under the board's locks, runs its player's timers, forwards events. */
#ifndef BD_WORKER_H
#define BD_WORKER_H

#include "board.h"
#include "quota.h"

struct worker_limits {
	unsigned max_rate;  /* requests per second per connection, 0 = unlimited */
	size_t max_backlog; /* bytes of unsent output past which events are dropped (a resync
			     * follows) and, past half of it, requests wait */
	int stall_ms;       /* a client whose socket takes no byte of waiting output this long is closed */
};

/* Serve one connection (whose peer is *peer) until it ends; never returns. */
void worker_run(int fd, struct board *boards, unsigned nboards, const struct worker_limits *lim,
		const struct quota_peer *peer) __attribute__((noreturn));

#endif
