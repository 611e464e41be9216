/* client.h: the small library every client uses (board-bot, boardctl, board-gtk):
 * connect and handshake, join, map the board, read consistent snapshots, read events. */
#ifndef BD_CLIENT_H
#define BD_CLIENT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "layout.h"
#include "proto.h"
#include "shm.h"

#define BD_VERSION "0.1.0"

struct bd_client {
	int fd;
	char rbuf[4 * BD_LINE_MAX];
	size_t rlen;
	char (*queue)[BD_LINE_MAX + 1]; /* events read while waiting for a reply */
	size_t qhead, qlen, qcap;
	unsigned server_proto;
	uid_t daemon_uid;               /* the daemon's, by SO_PEERCRED: it must own the segments */
	/* After join: */
	char board[BD_BOARD_NAME_MAX + 1];
	int player;                     /* -1 for a spectator */
	unsigned dim;
	uint64_t token;
	char segment[BD_OBJ_NAME_MAX];  /* the public segment's name, from the join reply */
	const struct bd_pub *pub;       /* read-only mapping, or NULL */
};

#define BD_SYSTEM_SOCKET "/run/boardd/boardd.sock"

/* Where a daemon listens when no --socket is given: $BOARDD_SOCKET, else
 * $XDG_RUNTIME_DIR/boardd/boardd.sock for a non-root user, else BD_SYSTEM_SOCKET. */
void bd_daemon_socket(char *buf, size_t len);
/* Where a client connects when no --socket is given: as bd_daemon_socket, but without
 * $BOARDD_SOCKET a user's socket is used only if it exists, else the system service's. */
void bd_default_socket(char *buf, size_t len);
/* The shm prefix when none is given: $BOARDD_SHM_PREFIX, else "boardd". */
const char *bd_default_prefix(void);

/* Connect, learn the daemon's uid (SO_PEERCRED) and read the greeting. 0, or -1 with a
 * message in err. */
int bd_client_connect(struct bd_client *c, const char *path, char *err, size_t errlen);
void bd_client_close(struct bd_client *c);

/* Send one request line (newline added). 0 or -1. */
int bd_client_send(struct bd_client *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The next message: 1 got one, 0 timed out (timeout_ms < 0 waits forever), -1 closed or error. */
int bd_client_read(struct bd_client *c, struct bd_msg *m, int timeout_ms);
/* Read whatever the socket has now without blocking: 0 ok, -1 closed or error. */
int bd_client_fill(struct bd_client *c);
/* The next complete message already buffered: 1 got one, 0 none. */
int bd_client_next(struct bd_client *c, struct bd_msg *m);

/* Send a request and wait for its OK/ERR (events meanwhile are queued for bd_client_read;
 * data lines go to on_data). 0 for OK, 1 for ERR (in *reply), -1 closed or timed out. */
typedef void bd_data_fn(const struct bd_msg *m, void *arg);
int bd_client_request(struct bd_client *c, struct bd_msg *reply, bd_data_fn *on_data, void *arg,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* hello + join (token 0 for a new seat) + map the public segment the daemon names in its
 * reply (prefix is only for messages), only if the daemon's uid owns it. 0 or -1 with err.
 * A token the daemon refuses with ERR token (its seat is gone) falls back to a new seat:
 * c->token differs from the token given when that happened. */
int bd_client_enter(struct bd_client *c, const char *name, enum bd_role role, const char *board,
		    uint64_t token, const char *prefix, char *err, size_t errlen);

/* A consistent copy of the public segment, taken without locks and through the guard
 * (guard.h); -1 if it stayed inconsistent or holds values no sound board has (damaged
 * segment), BD_SNAPSHOT_SHRUNK if the segment shrank under the mapping: the board is gone
 * or damaged, unmap it. */
#define BD_SNAPSHOT_SHRUNK (-2)
int bd_snapshot(const struct bd_pub *pub, struct bd_pub *out);

#endif
