/* supervisor.h: the parent process. It owns the boards' shared memory, accepts connections,
 * forks one worker per connection, reaps workers and repairs what a dead one left. */
#ifndef BD_SUPERVISOR_H
#define BD_SUPERVISOR_H

#include <stddef.h>

#include "board.h"
#include "lobby.h"
#include "quota.h"
#include "worker.h"

struct supervisor_opts {
	const char *socket_path;
	const char *prefix;
	struct board_settings *boards;
	unsigned nboards;
	unsigned max_connections;
	struct lobby_opts lobby;
	struct worker_limits limits;
	struct quota_limits quota;
	const char *settings;  /* the SETTING lines status tells (status.h) */
	/* SIGHUP: read the settings again into *q and *level (the reloadable ones; the rest
	 * need a restart). 0, or -1 with err; NULL: SIGHUP is only logged. */
	int (*reload)(struct quota_limits *q, int *level, char *err, size_t errlen);
};

/* Run the daemon until SIGTERM/SIGINT; returns the exit status. */
int supervisor_run(const struct supervisor_opts *o);
/* boardd --stopped, systemd's ExecStopPost=: after a stop (SERVICE_RESULT=success) remove
 * what a daemon killed before it could stop cleanly left of the boards; after a failure keep
 * it for the restart to resume. Returns the exit status. */
int supervisor_stopped(const struct supervisor_opts *o);

#endif
