/* supervisor.h: the parent process. It owns the boards' shared memory, accepts connections,
 * forks one worker per connection, reaps workers and repairs what a dead one left. */
#ifndef BD_SUPERVISOR_H
#define BD_SUPERVISOR_H

#include "board.h"
#include "worker.h"

struct supervisor_opts {
	const char *socket_path;
	const char *prefix;
	struct board_settings *boards;
	unsigned nboards;
	unsigned max_connections;
	struct worker_limits limits;
};

/* Run the daemon until SIGTERM/SIGINT; returns the exit status. */
int supervisor_run(const struct supervisor_opts *o);

#endif
