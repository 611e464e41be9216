/* status.h: what the `status` request tells (docs/PROTOCOL.md, "Status"): the daemon, the
 * settings in effect and where each came from, and its connections.
 *
 * No process sees every connection's state: each worker knows its own (role, table, seat,
 * bytes queued, last request). So each worker keeps its connection's slot in a table the
 * supervisor maps shared before any fork (anonymous memory: nothing in /dev/shm, nothing a
 * client can map); the worker that answers `status` reads the whole table. A slot is
 * written by its worker only, under its own sequence counter; the supervisor frees the slot
 * of a worker it reaps (one that died could not). */
#ifndef BD_STATUS_H
#define BD_STATUS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ipc/layout.h"

#define STATUS_SETTINGS_MAX 32768 /* bytes of the SETTING lines */

/* One connection, as its worker last wrote it. */
struct status_conn {
	uint32_t seq;        /* odd while its worker writes it (ipc/seqlock.h) */
	int32_t pid;         /* the worker's; 0: a free slot */
	uint32_t uid;        /* the peer's */
	int32_t peer_pid;
	uint32_t role;       /* enum bd_role + 1; 0 before hello */
	int32_t seat;        /* -1: none (not joined, or a spectator) */
	uint64_t queued;     /* bytes of output waiting for the client */
	int64_t since_ms;    /* CLOCK_MONOTONIC ms the connection was accepted */
	int64_t active_ms;   /* ... and of its last bytes read */
	char name[BD_NAME_MAX + 1];
	char table[BD_BOARD_NAME_MAX + 1];
	char login[BD_LOGIN_MAX + 1];
};

/* Supervisor, before the first fork: map the table for max connections and keep the
 * settings' SETTING lines (status_settings). 0, or -1 (errno). */
int status_init(unsigned max, const char *settings);
/* Supervisor: the settings changed (SIGHUP); connections made from now on tell these. */
void status_settings(const char *settings);
/* Supervisor: a worker was reaped; free its slot. */
void status_release(pid_t pid);

/* Worker: take a slot for this connection (peer uid and pid): NULL if none is free. */
struct status_conn *status_claim(uid_t uid, pid_t peer_pid);
/* Worker: write its connection's state into its slot (NULL: nothing). role -1 before
 * hello, table NULL when at none. */
void status_update(struct status_conn *c, int role, const char *name, const char *table, int seat, size_t queued,
		   int64_t active_ms);

/* Worker: its connection ends; free its slot (NULL: nothing). */
void status_leave(struct status_conn *c);
/* Worker: the reply's data lines (each with its newline) to put: DAEMON, SOCKET, PREFIX,
 * the SETTING lines, a CONN line per connection the asker may see (every one for the
 * daemon's user and root, else its own uid's; me: the asker's own slot, marked). Returns
 * how many CONN lines were put; *hidden gets how many were not shown. */
typedef void status_put_fn(void *arg, const char *line);
unsigned status_lines(const char *socket, const char *prefix, uid_t asker, const struct status_conn *me,
		      status_put_fn *put, void *arg, unsigned *hidden);

#endif
