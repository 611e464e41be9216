/* lobby.h: the lobby (docs/PROTOCOL.md, "Lobby"; docs/ARCHITECTURE.md, "The lobby").
 *
 * The supervisor holds the queues of players waiting for a game, matches them, runs their
 * countdown, makes lobby tables on demand and knows which worker is at which table. A worker
 * talks to it over "ctl", one SOCK_SEQPACKET socketpair per worker made at accept: fixed-size
 * binary messages, each checked for its exact size and type before use (lobby_recv). The
 * worker parses the client's text; the supervisor never sees any. */
#ifndef BD_LOBBY_H
#define BD_LOBBY_H

#include <stdint.h>
#include <sys/types.h>

#include "board.h"

/* play's options in lobby_play.opt: the core's (lobby.c's table), then the game's own. */
enum { LOBBY_DIM, LOBBY_CLOCK, LOBBY_INCREMENT, LOBBY_LIMIT, LOBBY_SEATS, LOBBY_GAME_OPT };
#define LOBBY_OPTS (LOBBY_GAME_OPT + BD_GAME_OPTS_MAX)
#define LOBBY_TEXT_MAX 3584 /* bytes of list lines in one LOBBY_LINES message */

/* Settings of the lobby (config.c). */
struct lobby_opts {
	int wait_ms;                  /* a waiting player's countdown (lobby-wait-ms) */
	unsigned max_tables;          /* lobby tables at once */
	struct board_settings common; /* timings of a new table; the defaults of play's options */
};

/* Message types, with the struct each one is. */
enum lobby_type {
	/* worker -> supervisor */
	LOBBY_PLAY = 1,   /* struct lobby_play; reply LOBBY_REPLY */
	LOBBY_CANCEL,     /* struct lobby_hdr; reply LOBBY_REPLY */
	LOBBY_LIST,       /* struct lobby_list; reply LOBBY_LINES */
	LOBBY_TABLE,      /* struct lobby_table: join or watch a lobby table; reply LOBBY_GRANT or LOBBY_REPLY */
	LOBBY_AT,         /* struct lobby_at: this worker now sits at, watches or left a table; no reply */
	/* supervisor -> worker */
	LOBBY_REPLY,      /* struct lobby_reply: OK, or an ERR's code and text */
	LOBBY_EVENT,      /* struct lobby_event: a lobby event for the client, or the daemon's goodbye */
	LOBBY_LINES,      /* struct lobby_lines: list lines */
	LOBBY_GRANT,      /* struct lobby_grant, with the table's wake eventfd (SCM_RIGHTS) */
};

/* Every message starts with its type and, for a request and its answer, the worker's
 * number for it (an answer that comes after the worker gave up waiting is not taken for the
 * next request's). */
struct lobby_hdr {
	uint32_t type; /* enum lobby_type */
	uint32_t id;
};

/* play: the game and every option (given or default, in LOBBY_OPTS order; seats always:
 * the players a match gathers), the side wished for (not matched on). */
struct lobby_play {
	struct lobby_hdr h;
	uint32_t game_kind;
	uint32_t want;  /* side=: the side + 1, 0 for any */
	int64_t opt[LOBBY_OPTS];
	char name[BD_NAME_MAX + 1];
	char login[BD_LOGIN_MAX + 1];
	char opponent[BD_NAME_MAX + 1]; /* empty: anyone */
};

/* list: the lines from item number `from` on (tables with their seats, then waiting
 * players); boards: the lobby tables' BOARD lines instead. */
struct lobby_list {
	struct lobby_hdr h;
	uint32_t from;
	uint32_t boards;
};

enum lobby_table_op { LOBBY_JOIN, LOBBY_WATCH, LOBBY_LEFT };

/* Join (as a player; token: the client gave its seat's token) or watch a table. */
struct lobby_table {
	struct lobby_hdr h;
	uint32_t op;     /* LOBBY_JOIN or LOBBY_WATCH */
	uint32_t token;  /* nonzero: the join has a token */
	char table[BD_BOARD_NAME_MAX + 1];
};

/* The worker sits at (LOBBY_JOIN), watches (LOBBY_WATCH) or left (LOBBY_LEFT) a table. */
struct lobby_at {
	struct lobby_hdr h;
	uint32_t op;
	uint32_t pad;
	char table[BD_BOARD_NAME_MAX + 1];
};

struct lobby_reply {
	struct lobby_hdr h;
	int32_t ok;      /* 1: OK; 0: ERR code text */
	uint32_t pad;
	char code[16];
	char text[160];
};

/* A lobby event for the client; bye: the daemon stops (say goodbye, end), why: its reason. */
struct lobby_event {
	struct lobby_hdr h;
	uint32_t bye;
	uint32_t why;
	struct bd_lobby_event ev;
};

struct lobby_lines {
	struct lobby_hdr h;
	uint32_t next;      /* item to ask for next; */
	uint32_t more;      /* nonzero: ask again from next */
	uint32_t tables, waiting; /* TABLE and WAITING lines in this message */
	uint32_t len;
	uint32_t pad;
	char text[LOBBY_TEXT_MAX]; /* len bytes of whole lines */
};

/* A lobby table the worker may join or watch: what it needs to map it (board_attach). */
struct lobby_grant {
	struct lobby_hdr h;
	struct board_settings set;
	char inst[BD_INST_LEN + 1];
	char pad[3];
	uint32_t want;  /* a matched player's side wish for its seat's first match (side + 1), 0: any */
};

/* One message of any type, as received. */
union lobby_msg {
	struct lobby_hdr h;
	struct lobby_play play;
	struct lobby_list list;
	struct lobby_table table;
	struct lobby_at at;
	struct lobby_reply reply;
	struct lobby_event event;
	struct lobby_lines lines;
	struct lobby_grant grant;
};

/* --- Both sides --------------------------------------------------------------------- */
/* Send one message of its type's size (fd: a descriptor to pass along, -1 for none),
 * never blocking. 0, or -1 (errno). */
int lobby_send(int ctl, const void *msg, int fd);
/* Receive one message, checked for a known type and exactly that type's size; *fd gets a
 * descriptor passed with it (-1 if none; one that came with a malformed message, or when fd
 * is NULL because none is expected, is closed here, so the caller closes only what it gets).
 * 0; -1 with errno (EAGAIN: none waits; EPROTO: a malformed message, dropped); 1 at end. */
int lobby_recv(int ctl, union lobby_msg *m, int *fd);

/* --- Worker side -------------------------------------------------------------------- */
/* Fill *p for play request req (but name and login); the options checked against the
 * game's, the missing ones their defaults. 0, or -1 with *err. */
int lobby_play_fill(const struct lobby_opts *o, const struct bd_req *req, struct lobby_play *p,
		    struct bd_err *err);
/* The same for game g with rules r (lobby_play_fill's work, any codec's option table). */
int lobby_play_options(const struct lobby_opts *o, const struct bd_game *g, const struct rules *r,
		       const struct bd_req *req, struct lobby_play *p, struct bd_err *err);
/* Option key of game g (rules r: seats= if it has seats_max) set to value (a number, or a
 * word of the codec's) in opt[] (LOBBY_OPTS order), checked: 0, or -1 with *err (its text
 * valid until the next call). config.c's board options go through here too. */
int lobby_option(const struct bd_game *g, const struct rules *r, int64_t opt[LOBBY_OPTS], const char *key,
		 const char *value, struct bd_err *err);
/* The games lines (GAME ...) and the OK line, each to put. */
void lobby_games(const struct lobby_opts *o, void (*put)(void *arg, const char *line), void *arg);
/* The BOARD line of a board (boards), with its newline, into buf. */
void lobby_board_line(const struct board *b, char *buf, size_t len);
/* Nonzero if a table's name is of the lobby's form <game>-<n> (reserved for lobby tables). */
int lobby_name_reserved(const char *name);

/* --- Supervisor side ---------------------------------------------------------------- */
/* The waiters a match of play w (not queued) gathers from queue[0..n) (struct lobby_play at
 * every stride bytes, oldest first): those of the same game and options with names that do
 * not fold equal, the oldest first, each named opponent among them (w's first), and only
 * those may(arg, i) lets sit. Their indexes, ascending, in pick[]: w's seats - 1 of them,
 * or 0 if too few wait. */
unsigned lobby_gather(const struct lobby_play *w, const void *queue, size_t stride, unsigned n,
		      int (*may)(const void *arg, unsigned i), const void *arg, unsigned pick[BD_TURN_SEATS_MAX]);

struct lobby;
/* A connection as the lobby sees it. */
struct lobby_peer {
	pid_t pid;
	uid_t uid;
	int ctl;    /* the supervisor's end of its ctl socketpair */
	int exempt; /* exempt from per-uid limits */
};

/* The lobby, with the static boards (for list) and a timerfd for the countdown. NULL if
 * out of memory or no timer. */
struct lobby *lobby_new(const struct lobby_opts *o, const char *prefix, struct board *statics,
			unsigned nstatics);
/* At start: resume the lobby tables an earlier run of ours left in /dev/shm (each one's
 * settings from its segments; seats away until their players come back with their tokens).
 * A table that cannot be resumed is logged and left out. 0. */
int lobby_resume(struct lobby *l);
/* The names of the lobby tables of ours found in /dev/shm under prefix, each once, in an
 * array to free (NULL if none); how many. */
unsigned lobby_found(const char *prefix, char (**names)[BD_BOARD_NAME_MAX + 1]);
/* Once the whole start succeeded: remove what earlier runs left of the resumed tables. */
void lobby_commit(struct lobby *l);
/* The countdown's timerfd, for the supervisor's epoll. */
int lobby_timer_fd(const struct lobby *l);
/* The countdown's timer fired: send the wait ticks due, nomatch where the wait ran out. */
void lobby_timer(struct lobby *l);
/* One message from worker w. */
void lobby_message(struct lobby *l, const struct lobby_peer *w, const union lobby_msg *m);
/* Worker pid is gone: out of the queue and its table; the lobby table it was at (to reap),
 * or NULL. */
struct board *lobby_gone(struct lobby *l, pid_t pid);
/* Periodic: the lobby tables' housekeeping (board_housekeep). Counts for STATUS=. */
void lobby_housekeep(struct lobby *l, int64_t now, unsigned *tables, unsigned *waiting, unsigned *players);
/* Stop: goodbye to every lobby table and to every worker (over ctl: a daemon with no static
 * board says goodbye too); why: enum bd_bye_reason. */
void lobby_stop(struct lobby *l, const struct lobby_peer *w, unsigned nw, unsigned why);
/* In a new worker: let go of the lobby's tables and timer (nothing removed) and free it. */
void lobby_forget(struct lobby *l);
/* Close every table (removing its objects) and free the lobby. */
void lobby_free(struct lobby *l);

#endif
