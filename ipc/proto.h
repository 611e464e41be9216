/* proto.h: the socket protocol's codec, the only code that knows the line formats.
 * docs/PROTOCOL.md describes the same lines for people. */
#ifndef BD_PROTO_H
#define BD_PROTO_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"

#define BD_PROTO_VERSION 2
#define BD_LINE_MAX 512 /* bytes of one line, newline included */
#define BD_TOKENS_MAX 12 /* words of a move (and of a game event) */
#define BD_WORDS_MAX 24  /* words of one line (play's options, a GAME line), the first but one */

enum bd_req_type {
	BD_REQ_HELLO, BD_REQ_BOARDS, BD_REQ_JOIN, BD_REQ_PLAYERS, BD_REQ_CARDS,
	BD_REQ_PICK, BD_REQ_QUIT, BD_REQ_PING, BD_REQ_MOVE, BD_REQ_RESIGN, BD_REQ_REMATCH,
	BD_REQ_CLAIM, BD_REQ_SIDE,
	/* the lobby (docs/PROTOCOL.md, "Lobby") */
	BD_REQ_GAMES, BD_REQ_PLAY, BD_REQ_CANCEL, BD_REQ_LIST, BD_REQ_WATCH, BD_REQ_LEAVE,
	BD_REQ_DRAW, /* a turn table's draw offer (after the lobby's: added later) */
	BD_REQ_STATUS, /* the daemon, its settings and connections (docs/PROTOCOL.md, "Status") */
	BD_REQ_SNAPSHOT, /* the joined table's public segment as SNAP lines (docs/PROTOCOL.md, "Snapshot") */
};

#define BD_MOVE_TOKEN_MAX 32 /* bytes of one word of a move */
static_assert(BD_TOKENS_MAX * (BD_MOVE_TOKEN_MAX + 1) + 16 < BD_LINE_MAX, "a move's words fit in one reply line");

enum bd_role { BD_ROLE_PLAYER, BD_ROLE_BOT, BD_ROLE_SPECTATOR };

#define BD_GAME_NAME_MAX 15 /* bytes of a game's name (play, games) */
#define BD_OPT_KEY_MAX 23   /* bytes of an option's name (play KEY=VALUE) */
#define BD_OPTS_MAX 16      /* options of one play (the core's, the game's, side=) */
#define BD_OPT_VALUE_MAX BD_NAME_MAX /* bytes of an option's value (opponent=NAME is the longest) */

/* One KEY=VALUE of play: its name and value (a number or a word), checked by the lobby
 * against the game's. */
struct bd_opt {
	char key[BD_OPT_KEY_MAX + 1];
	char value[BD_OPT_VALUE_MAX + 1];
};

struct bd_req {
	enum bd_req_type type;
	enum bd_role role;                 /* hello */
	char name[BD_NAME_MAX + 1];        /* hello */
	char board[BD_BOARD_NAME_MAX + 1]; /* join */
	uint64_t token;                    /* join, 0 when absent */
	unsigned x, y;                     /* pick: column and row, checked against dim later */
	unsigned nmove;                    /* pick, move, side: the words, for the table's rules or turns */
	char move[BD_TOKENS_MAX][BD_MOVE_TOKEN_MAX + 1];
	char game[BD_GAME_NAME_MAX + 1];   /* play */
	unsigned nopt;                     /* play: its options but opponent, as written */
	struct bd_opt opt[BD_OPTS_MAX];
	char opponent[BD_NAME_MAX + 1];    /* play: the named opponent, empty for anyone */
};

/* An error to send back: ERR <code> <text>. */
struct bd_err {
	const char *code;
	const char *text;
};

/* A refusal's reason where it is written, unchanged: the daemon speaks English, and the mark
 * (like bd_err_set's own third argument) lets xgettext put every fixed reason into po/, for
 * board-gtk to show the daemon's and the rules' reasons in the user's language. */
#define BD_REASON(s) s

/* Fill *err and return -1: the one way a refusal is made. */
static inline int bd_err_set(struct bd_err *err, const char *code, const char *text)
{
	err->code = code;
	err->text = text;
	return -1;
}

/* Parse one request line (newline removed). 0 on success, else -1 with *err set. */
int bd_req_parse(const char *line, size_t len, struct bd_req *req, struct bd_err *err);

/* Nonzero if name is 1..BD_NAME_MAX printable ASCII characters without spaces. */
int bd_player_name_ok(const char *name);

/* Fold a player name for comparison (docs/PROTOCOL.md, "Names"): case, and characters that
 * look alike (0 o; 1 i l | !; 2 z; 5 s $; 8 b; rn m; vv w), so that two names that fold the
 * same cannot both sit at one board. Into out (len bytes, at least the name's); returns out. */
const char *bd_name_fold(char *out, size_t len, const char *name);
/* Copy s into out (len bytes) with every byte that is not printable ASCII as '?': text from
 * the daemon, another player or shared memory never reaches a terminal raw (no escapes, no
 * control bytes, no invalid UTF-8). out may be s. Returns out. */
const char *bd_printable(char *out, size_t len, const char *s);

const char *bd_role_name(enum bd_role role);
const char *bd_game_state_name(unsigned state);
const char *bd_player_state_name(unsigned state);
/* "none", "win", "lose" or "draw" (enum bd_result). */
const char *bd_result_name(unsigned result);

/* A line being written into buf: like snprintf, bytes past len are counted, not stored. */
struct bd_line {
	char *buf;
	size_t len, n;
};
/* Append k bytes of s; a string; v in decimal. */
void bd_line_mem(struct bd_line *o, const char *s, size_t k);
void bd_line_str(struct bd_line *o, const char *s);
void bd_line_uint(struct bd_line *o, uint64_t v);

/* Event lines: EVENT <seq> <word> <fields>, each field given by a letter of the event's
 * spec: the core's are p player, n and m numbers, s game state (in n), N name, L login,
 * c colour, R the recipient's result, B the bye reason; a game's codec adds its own
 * (game.h; Memory: C card, v value, r down reason). A game's events are formatted and
 * parsed through its codec, found by the event's type (or word).
 * Format one event for one recipient into buf, with its newline; returns the length.
 * dim is the table's (the join reply's DIM); result/points are used by OVER only: the
 * recipient's own outcome ("win", "lose", "none"). */
int bd_event_format(char *buf, size_t len, const struct bd_event *ev, unsigned dim,
		    const char *result, unsigned points);
/* One field of an event as bd_event_format writes it: its name (docs/boardctl.1), its text,
 * and whether it is a number (the core's seat, n and m) or two tokens (a game's wide
 * letter, such as Memory's card "x y"). */
struct bd_field {
	const char *name;
	char text[BD_LINE_MAX / 4];
	int number, wide;
};
#define BD_FIELDS_MAX BD_TOKENS_MAX
/* The word of event ev (NULL if its type is nobody's) and its fields into f[] (at most
 * BD_FIELDS_MAX, as its spec says); returns how many. result as for bd_event_format. */
unsigned bd_event_fields(const struct bd_event *ev, unsigned dim, const char *result, const char **word,
			 struct bd_field f[BD_FIELDS_MAX]);
/* Nonzero if the connection of seat (-1: a spectator) is to get event ev: an event for one
 * seat goes to that seat's connection only. */
int bd_event_for(const struct bd_event *ev, int seat);

/* A line as a client reads it. */
enum bd_msg_kind { BD_MSG_GREETING, BD_MSG_OK, BD_MSG_ERR, BD_MSG_EVENT, BD_MSG_DATA };

struct bd_msg {
	enum bd_msg_kind kind;
	const char *word;  /* OK: the request word; ERR: the code; EVENT: the event; DATA: BOARD... */
	uint64_t seq;      /* EVENT only */
	int ntok;          /* tokens after word */
	const char *tok[BD_WORDS_MAX];
	const char *text;  /* ERR: the human-readable rest of the line */
	char buf[BD_LINE_MAX + 1];  /* the line split in place: the tokens point here */
	char line[BD_LINE_MAX + 1]; /* the line whole, as received without its newline */
};

/* Lobby events (seq 0: no table's): `EVENT 0 wait <game> <seconds>`, `nomatch <game>`,
 * `matched <table> <game>`, `aborted <table> <reason>` (docs/PROTOCOL.md, "Lobby"). */
enum bd_lobby_ev { BD_LOBBY_WAIT, BD_LOBBY_NOMATCH, BD_LOBBY_MATCHED, BD_LOBBY_ABORTED };
/* Why the daemon says goodbye (a bye event's n): a stop, or an upgrade to a daemon that
 * cannot resume the games (boardd.8, SIGUSR1). */
enum bd_bye_reason { BD_BYE_SHUTDOWN = 0, BD_BYE_UPGRADE = 1 };

#define BD_REASON_MAX 15 /* bytes of an aborted event's reason */

struct bd_lobby_event {
	enum bd_lobby_ev type;
	unsigned seconds;                   /* wait */
	char game[BD_GAME_NAME_MAX + 1];    /* wait, nomatch, matched */
	char table[BD_BOARD_NAME_MAX + 1];  /* matched, aborted */
	char reason[BD_REASON_MAX + 1];     /* aborted: opponent-left, no-table */
};
/* Format a lobby event into buf with its newline; returns the length (as snprintf). */
int bd_lobby_event_format(char *buf, size_t len, const struct bd_lobby_event *ev);
/* Turn an EVENT message of seq 0 back into a lobby event: 0, or -1 if it is not one. */
int bd_msg_lobby_event(const struct bd_msg *m, struct bd_lobby_event *ev);

/* Split a received line. -1 if it is not a line of this protocol. */
int bd_msg_parse(const char *line, struct bd_msg *m);

/* Turn an EVENT message back into a struct bd_event (card numbers from x y on a dim board;
 * a join's colour stays 0: read it from the player table).
 * -1 if it is malformed or names cards outside the board. */
int bd_msg_event(const struct bd_msg *m, unsigned dim, struct bd_event *ev);

/* A bye event's reason (enum bd_bye_reason), or -1 if m is not a bye event. */
int bd_msg_bye(const struct bd_msg *m);

/* Parse a decimal number of at most 9 digits; -1 if s is not one. */
long bd_parse_uint(const char *s);

/* The snapshot reply (docs/PROTOCOL.md, "Snapshot"): a copy of the public segment sent as
 * `SNAP <offset> <hex>` lines, one per BD_SNAP_CHUNK bytes that are not all zero (a board's
 * empty seats and departed ring are zeros, so a reply is a few lines, not 140 KB). */
#define BD_SNAP_CHUNK 200
/* Put the SNAP lines of the first size bytes of snap (each with its newline). */
void bd_snap_lines(const struct bd_pub *snap, size_t size, void (*put)(void *arg, const char *line), void *arg);
/* Copy one SNAP line's bytes into out, which holds size bytes: 0, -1 if the line is not one
 * (bad hex, odd length, a chunk past size or longer than BD_SNAP_CHUNK). */
int bd_snap_line(struct bd_pub *out, size_t size, const struct bd_msg *m);

#endif
