/* client.h: the small library every client uses (board-bot, boardctl, board-gtk):
 * connect and handshake, join, map the board, read consistent snapshots, read events. */
#ifndef BD_CLIENT_H
#define BD_CLIENT_H

#include <stdarg.h>
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
	const struct bd_pub *pub;       /* read-only mapping, or NULL (not joined, or no_shm) */
	/* Set after bd_client_connect, before joining, to use the protocol alone (--no-shm); set
	 * by the join itself when the board's segment is not on this host (a daemon over ssh). */
	int no_shm;
	int64_t clock_skew;             /* the daemon's CLOCK_MONOTONIC minus ours, from the last
					 * snapshot over the socket (0 with a mapping: one host) */
	char why[200];                  /* why bd_client_snapshot failed */
	unsigned unanswered;            /* requests sent whose OK or ERR is still to be read */
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
/* The same with the arguments as a va_list (a client's own sending function). */
int bd_client_vsend(struct bd_client *c, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* The next message: 1 got one, 0 timed out (timeout_ms < 0 waits forever), -1 closed or error. */
int bd_client_read(struct bd_client *c, struct bd_msg *m, int timeout_ms);
/* Read whatever the socket has now without blocking: 0 ok, -1 closed or error. */
int bd_client_fill(struct bd_client *c);
/* The next complete message already buffered: 1 got one, 0 none. */
int bd_client_next(struct bd_client *c, struct bd_msg *m);

/* Send a request and wait for its OK/ERR (events meanwhile are queued for bd_client_read;
 * data lines go to on_data, or are queued too if it is NULL; the replies, whole, of requests
 * sent earlier without waiting come first and are queued as well). 0 for OK, 1 for ERR (in
 * *reply), -1 closed or timed out. */
typedef void bd_data_fn(const struct bd_msg *m, void *arg);
int bd_client_request(struct bd_client *c, struct bd_msg *reply, bd_data_fn *on_data, void *arg,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Wait for the OK/ERR of the last request sent with bd_client_send, as bd_client_request
 * does. */
int bd_client_await(struct bd_client *c, struct bd_msg *reply, bd_data_fn *on_data, void *arg);

/* hello: 0, or -1 with a message in err (the daemon's refusal, or a lost connection). */
int bd_client_hello(struct bd_client *c, const char *name, enum bd_role role, char *err, size_t errlen);
/* join board (token 0: a new seat) after hello, and map its public segment as
 * bd_client_enter does: 0; 1 if the daemon refused ("CODE: text" in err); -1 if the
 * connection was lost or the reply or the segment was bad (why in err). */
int bd_client_join(struct bd_client *c, const char *board, uint64_t token, const char *prefix, char *err,
		   size_t errlen);
/* watch board (any table, as a spectator) after hello, and map it as bd_client_join does:
 * 0, 1 if the daemon refused, -1 (why in err, as bd_client_join). */
int bd_client_watch(struct bd_client *c, const char *board, const char *prefix, char *err, size_t errlen);
/* leave the table joined (unmapping it) and stay in the lobby: as bd_client_request. */
int bd_client_leave(struct bd_client *c, struct bd_msg *reply);
/* Forget the table joined (unmap it): the daemon took the connection off it (EVENT 0 aborted). */
void bd_client_unjoin(struct bd_client *c);

/* hello + join (token 0 for a new seat) + map the public segment the daemon names in its
 * reply (prefix is only for messages), only if the daemon's uid owns it. 0 or -1 with err.
 * A token the daemon refuses with ERR token (its seat is gone) falls back to a new seat:
 * c->token differs from the token given when that happened. */
int bd_client_enter(struct bd_client *c, const char *name, enum bd_role role, const char *board,
		    uint64_t token, const char *prefix, char *err, size_t errlen);

/* The lobby (docs/PROTOCOL.md, "Lobby"): its replies parsed into structs, with nothing
 * printed (board-bot, boardctl and board-gtk share them; its events are proto.h's). Every name in them
 * was checked (a table's as a board name, a player's as bd_player_name_ok, a login as
 * printable without spaces): safe to print and to send back. */
#define BD_LIST_OPTS_MAX (BD_OPTS_MAX + 1) /* options of a game, table or waiting player (opponent too) */

struct bd_option {
	char key[BD_OPT_KEY_MAX + 1];
	char value[BD_OPT_VALUE_MAX + 1];
};
struct bd_options {
	unsigned n;
	struct bd_option opt[BD_LIST_OPTS_MAX];
};

/* GAME <game> <seats> [<option>=<default>...] */
struct bd_game_info {
	char game[BD_GAME_NAME_MAX + 1];
	unsigned seats;
	struct bd_options opts;
};
struct bd_games {
	struct bd_game_info *game;
	size_t n, cap;
};

/* TABLE <table> <game> <state> <players> <spectators> <options|-> */
struct bd_table_info {
	char table[BD_BOARD_NAME_MAX + 1];
	char game[BD_GAME_NAME_MAX + 1];
	char state[16];
	unsigned players, spectators;
	struct bd_options opts;
};
/* SEAT <table> <seat> <state> <name> <login> */
struct bd_seat_info {
	size_t table;         /* its TABLE's index in bd_lobby.table */
	unsigned seat;
	char state[16];
	char name[BD_NAME_MAX + 1];
	char login[BD_LOGIN_MAX + 1];
};
/* WAITING <game> <name> <login> <seconds-left> <options|-> */
struct bd_waiting_info {
	char game[BD_GAME_NAME_MAX + 1];
	char name[BD_NAME_MAX + 1];
	char login[BD_LOGIN_MAX + 1];
	unsigned seconds;
	struct bd_options opts;  /* opponent=NAME among them when it named one */
};
/* The list reply, in the order of its lines. */
struct bd_lobby {
	struct bd_table_info *table;
	size_t ntables, tcap;
	struct bd_seat_info *seat;
	size_t nseats, scap;
	struct bd_waiting_info *waiting;
	size_t nwaiting, wcap;
};

/* One option word k=v into o: 0, -1 if malformed or one too many. */
int bd_option_add(struct bd_options *o, const char *word);
/* The value of option key in o, NULL if it has none. */
const char *bd_option_get(const struct bd_options *o, const char *key);
/* One GAME line into g: 0, -1 if malformed (or out of memory). */
int bd_games_line(struct bd_games *g, const struct bd_msg *m);
/* One TABLE, SEAT or WAITING line into l: 0, -1 if malformed (a SEAT of no TABLE before it too). */
int bd_lobby_line(struct bd_lobby *l, const struct bd_msg *m);
void bd_games_free(struct bd_games *g);
void bd_lobby_free(struct bd_lobby *l);

/* games and list: the whole reply into *g or *l (freed by the caller, also after a failure),
 * its count checked. 0, or -1 with why in err. */
int bd_client_games(struct bd_client *c, struct bd_games *g, char *err, size_t errlen);
int bd_client_list(struct bd_client *c, struct bd_lobby *l, char *err, size_t errlen);
/* play game [opts] [opponent=NAME]: opts is NULL or "k=v k=v", opponent NULL or a name.
 * As bd_client_request (1: refused, in *reply). */
int bd_client_play(struct bd_client *c, struct bd_msg *reply, const char *game, const char *opts,
		   const char *opponent);

/* A consistent copy of the public segment, taken without locks and through the guard
 * (guard.h); -1 if it stayed inconsistent or holds values no sound board has (damaged
 * segment), BD_SNAPSHOT_SHRUNK if the segment shrank under the mapping: the board is gone
 * or damaged, unmap it. */
#define BD_SNAPSHOT_SHRUNK (-2)
int bd_snapshot(const struct bd_pub *pub, struct bd_pub *out);
/* The joined table's public state into out: from the mapping as bd_snapshot does, or, without
 * one (no_shm), from the daemon's snapshot reply, checked the same way (the replies of
 * requests still outstanding are queued for the client, as bd_client_request says). 0, -1
 * (why in c->why; over the socket: refused, lost or bad), or BD_SNAPSHOT_SHRUNK as
 * bd_snapshot. */
int bd_client_snapshot(struct bd_client *c, struct bd_pub *out);
/* Now on the daemon's clock, to compare with a snapshot's deadlines (ms, CLOCK_MONOTONIC). */
int64_t bd_client_now(const struct bd_client *c);
/* Whether the connection is at a table (joined or watching). */
int bd_client_joined(const struct bd_client *c);

/* Who had seat `seat` of snapshot p when something was marked with its serial then, of which
 * mask (0xff: a Memory card's 8 bits) says which bits were kept: the seated player's record
 * in *seated, or the departed one's in *left (the newest that matches), or neither (the
 * record of that departure was overwritten, or never was). Returns its name, NULL if none. */
const char *bd_seat_holder(const struct bd_pub *p, unsigned seat, uint32_t serial, uint32_t mask,
			   const struct bd_pub_player **seated, const struct bd_departed **left);

/* A client's --hot-seat list, "ana,bob[,...]": 2 to max player names, each given once, into
 * names. Their number, or -1: twice holds a name given twice, or "" if the list is otherwise
 * not one (too long, too few or too many names, a name a player may not have). */
int bd_hot_seat_names(const char *arg, char (*names)[BD_NAME_MAX + 1], unsigned max, char twice[BD_NAME_MAX + 1]);

#endif
