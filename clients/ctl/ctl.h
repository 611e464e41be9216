/* ctl.h: boardctl, the debug tool: its commands and the helpers they share.
 * Every command but games (and list's lobby part) reads the board's shared memory directly,
 * never through the daemon, so it keeps working when the daemon is dead or stuck; with
 * --no-shm, dump, players and watch read it through the socket as a spectator instead. */
#ifndef CTL_CTL_H
#define CTL_CTL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "ipc/client.h"
#include "ipc/game/memory.h"
#include "ipc/layout.h"
#include "ipc/shm.h"
#include "json.h"

/* Exit statuses. */
#define CTL_OK 0
#define CTL_ERROR 1
#define CTL_USAGE 2
#define CTL_DEAD 3  /* list: every board was read, and the daemon of one or more is dead */

#define CTL_ALL 0xffffffffu /* events: no --count limit */

struct ctl {
	const char *prefix;
	const char *socket;
	const char *owner_arg; /* --owner USER, or NULL */
	uid_t owner;        /* who must own a board's objects (BD_ANY_OWNER: unknown), see ctl_trust */
	const char *owner_from; /* how owner was learned, for messages */
	int answers;        /* a daemon answered on the socket */
	const char *board;  /* the BOARD argument, "main" when none */
	int json;           /* --json */
	int hands;          /* --hands: dump and watch show the secret hands (private segment) */
	int colour;         /* ANSI colours in text output (a terminal, NO_COLOR unset) */
	unsigned count;     /* events: how many (CTL_ALL: every one kept) */
	int follow;         /* events --follow */
	int times;          /* events: each event's time before its line (--time, or a terminal) */
	int64_t since_ms;   /* events --since: none older than this (CLOCK_REALTIME ms), 0: any */
	struct bd_client *conn; /* --no-shm: the connection watching the board (closed: fd -1), else NULL */
	char **args;        /* rules: its arguments after the command word */
	int nargs;
};

/* Objects found in /dev/shm. */
struct founds {
	struct bd_found *f;
	size_t n, cap;
};
/* list.c: every object of the prefix into *objs (sorted by board, then name; free objs->f):
 * 0, or -1 with a message printed. */
int list_scan(const struct ctl *c, struct founds *objs);
/* list.c: an object's owner (login and uid), mode and whether it is foreign, as JSON members. */
void list_json_owner(struct json *j, const struct ctl *c, const struct bd_found *f);

/* The commands; each returns an exit status. */
int list_run(const struct ctl *c);
int dump_run(const struct ctl *c);
int players_run(const struct ctl *c);
int locks_run(const struct ctl *c);
int events_run(const struct ctl *c);
int watch_run(const struct ctl *c);
/* status.c: the daemon (asked on its socket), its connections and its objects. */
int status_run(const struct ctl *c);
/* events.c: --since's TIME (Ns, Nm, Nh, Nd ago, or an ISO 8601 date and time, UTC with a
 * final Z, else local) as CLOCK_REALTIME ms into *ms, the time now being now_ms; 0 or -1. */
int events_since(const char *s, int64_t now_ms, int64_t *ms);
/* events.c: ms since the epoch as ISO 8601 UTC with milliseconds into buf ("-" if 0). */
const char *events_time(char *buf, size_t len, int64_t ms);
/* lobby.c: the kinds of game the daemon on the socket hosts (the one command that asks it). */
int games_run(const struct ctl *c);
/* lobby.c: list's lobby part: the daemon's tables and queues (as JSON member "lobby", null
 * when no daemon answers); CTL_ERROR if a daemon answers but its list could not be read. */
int lobby_list(const struct ctl *c, struct json *j);
/* rules.c: a game's rules on positions in its notation; reads no board. */
int rules_run(const struct ctl *c);
/* rules.c: print "boardctl: rules[ GAME]: message" on stderr (and the pointer to --help for
 * CTL_USAGE); returns status. */
int rules_vfail(int status, const char *game, const char *fmt, va_list ap);
/* rules-qwirkle.c: `rules qwirkle ACTION ARG...` (moves and apply with scores, no perft). */
int rules_qwirkle(const char *action, char **arg, int n);

/* dump.c: one frame of the dump (text or JSON) of snapshot p, for dump and watch. */
void dump_frame(FILE *f, const struct ctl *c, const struct bd_pub *p);

/* How dump, watch and players show a game's table: one per game (dump-<game>.c), one line
 * each in dump.c's table. Text: the table's shape after "board B (prefix P): ", the game's
 * progress after "game N STATE: ", the grid with its legend. JSON: the members of the
 * shape (after "prefix"), of the progress (after "playing") and of the area (after
 * "daemon_alive"). */
struct ctl_view {
	uint32_t kind;                   /* enum bd_game_kind */
	void (*shape)(FILE *f, const struct bd_pub *p);
	void (*progress)(FILE *f, const struct bd_pub *p);
	void (*grid)(FILE *f, const struct ctl *c, const struct bd_pub *p);
	void (*json_shape)(struct json *j, const struct bd_pub *p);
	void (*json_progress)(struct json *j, const struct bd_pub *p);
	void (*json_area)(struct json *j, const struct bd_pub *p);
	const char *const *sides;        /* the sides' names, NULL if its seats have none: then
					  * the players table has no side nor result */
};
extern const struct ctl_view ctl_view_memory, ctl_view_tictactoe, ctl_view_qwirkle,
	ctl_view_tafl, ctl_view_quantik;
/* dump.c: nonzero unless --hands was asked and the private segment cannot be read (the
 * reason printed). */
int dump_hands_allowed(const struct ctl *c);
/* dump.c: the seat playing side (BD_NO_PLAYER if none) of snapshot p. */
unsigned dump_side_seat(const struct bd_pub *p, unsigned side);

/* ctl.c: learn who must own the boards' objects: the uid of the daemon answering on the
 * socket, else --owner, else the socket file's owner, else nobody knows (BD_ANY_OWNER).
 * -1 with a message printed if --owner names no user. */
int ctl_trust(struct ctl *c);
/* The login of uid into buf ("uid N" if it has none). */
const char *ctl_login(char *buf, size_t len, uid_t uid);
/* Nonzero if an object owned by uid is not the trusted owner's (never when that is unknown). */
int ctl_foreign(const struct ctl *c, uid_t uid);
/* Why a board's segment was not read: it shrank under the mapping (a guarded read faulted). */
#define CTL_SHRUNK "its segment shrank while mapped (truncated by its owner): the board is gone or damaged"
/* ctl.c: print "boardctl: board B (prefix P): why" on stderr; returns CTL_ERROR. */
int ctl_fail(const struct ctl *c, const char *why);
/* A consistent snapshot of a mapped board into out; NULL, or why it failed. */
const char *ctl_copy(const struct bd_pub *pub, struct bd_pub *out);
/* The trusted owner's public segment of board (found in /dev/shm) into *f; NULL, or why
 * there is none (none at all, only foreign ones, or several). */
const char *ctl_find(const struct ctl *c, const char *board, struct bd_found *f);
/* Map the public segment f found read-only if the trusted owner owns it; NULL with why. */
const struct bd_pub *ctl_map(const struct ctl *c, const struct bd_found *f, const char **why);
/* Map the segment f found (ctl_map) and take a consistent snapshot into out; NULL, or why it failed. */
const char *ctl_read(const struct ctl *c, const struct bd_found *f, struct bd_pub *out);
/* Map c->board read-only and take a consistent snapshot into out (--no-shm: the snapshot
 * request on c->conn); prints why not. */
int ctl_snapshot(const struct ctl *c, struct bd_pub *out);
/* --no-shm: connect c->conn to the daemon, say hello as a spectator and watch c->board:
 * 0, or -1 with why in err. */
int ctl_connect(const struct ctl *c, char *err, size_t len);
/* Whether the daemon of snapshot p is alive: its pid is a boardd's, or with --no-shm, the
 * connection to it is up (a daemon elsewhere has a pid of another host). */
int ctl_alive(const struct ctl *c, const struct bd_pub *p);
/* Now on the daemon's clock, to compare with a snapshot's deadlines. */
int64_t ctl_now(const struct ctl *c);
/* Snapshot c->board into snap and map its private segment (explaining, if it cannot, that
 * this needs the daemon's user); NULL on failure, with the reason printed. *f gets what
 * was found of the board. */
const struct bd_priv *ctl_private(const struct ctl *c, struct bd_pub *snap, struct bd_found *f);
/* Start and end a colour for colour index i (nothing when colours are off). */
void ctl_colour_on(FILE *f, const struct ctl *c, unsigned i, int bold);
void ctl_colour_off(FILE *f, const struct ctl *c);

#endif
