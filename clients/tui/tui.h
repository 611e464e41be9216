/* tui.h: board-tui, the terminal client (ncurses): its shared state and its modules.
 *
 *   main.c   command line, the terminal set up and given back, the main loop (poll on
 *            the keyboard and the socket, a tick for countdowns)
 *   conn.c   the connection: hello, join, watch and leave a table, snapshots (from the
 *            mapping or the protocol), events, moves, reconnecting, quit
 *   lobby.c  the lobby screen: the games and their options, play a person or a bot, the
 *            countdown, the tables to join or watch
 *   bot.c    the player's own board-bot for "play a bot", ended when the table is left
 *   hot.c    hot seat: 2-4 seats of one table in one terminal, "Pass to NAME" between
 *   draw.c   what every screen shares: colours and attributes, the title, the players,
 *            the state line with its countdown, the feedback line, the grid and its cursor
 *   view.c   the table screen: the table of games' views, the cursor keys
 *   view-<game>.c  one game's view (struct tui_view)
 */
#ifndef BOARD_TUI_H
#define BOARD_TUI_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ipc/client.h"

struct tui;

/* How a cell is shown: up to 7 ASCII characters, a player colour (-1: none) and curses
 * attributes (A_BOLD, A_UNDERLINE ...), so that colour is never the only cue. */
struct tui_cell {
	char text[8];
	int colour;
	int attr;
};

/* A game's view: how board-tui shows and plays one kind of table from the snapshot. The
 * table screen (view.c) draws the grid (draw.c) with the cursor, the players, the state and
 * the feedback; a view says what each cell shows and what a key does. */
struct tui_view {
	unsigned kind;            /* enum bd_game_kind */
	const char *title;        /* "Tic-tac-toe" */
	const char *levels[4];    /* board-bot's levels for this game, easiest first */
	const char *keys;         /* the game's own keys, for the help line */
	unsigned cell_w;          /* characters of a cell */
	/* The grid's side in cells, 0 if the snapshot holds no table of this kind. */
	unsigned (*side)(const struct tui *t);
	void (*cell)(const struct tui *t, unsigned cell, struct tui_cell *out);
	/* The state line while the game is on; nonzero if it is our move. */
	int (*status)(const struct tui *t, char *buf, size_t len);
	/* Optional: how a finished game ended, in the game's words ("three in a row"). */
	void (*ending)(const struct tui *t, char *buf, size_t len);
	/* Optional: a line under the state ("" for none): Quantik's round before. */
	void (*note)(const struct tui *t, char *buf, size_t len);
	/* Play cell (Enter or space on it). */
	void (*play)(struct tui *t, unsigned cell);
	/* Optional: the name of column i (row 0) or row i (row 1) in the game's notation
	 * ("e", "9"), else numbers from 0 as the protocol counts them. */
	void (*label)(const struct tui *t, int row, unsigned i, char out[4]);
	/* A turn game: R resigns, m asks for a rematch (view.c). */
	int turns;
	/* Optional: a key the table screen does not use; nonzero if taken. */
	int (*key)(struct tui *t, int ch);
	/* Optional: one event line of the table; one private line of our seat (HAND). */
	void (*event)(struct tui *t, const struct bd_msg *m);
	void (*line)(struct tui *t, const struct bd_msg *m);
	/* Optional: a table of this game is shown afresh (joined): forget the last one's. */
	void (*reset)(struct tui *t);
	/* Optional: the cell a grid larger than the screen scrolls to when it changes (the last
	 * lay) into *cell; returned, a number that changes with it (0: none). */
	unsigned (*focus)(const struct tui *t, unsigned *cell);
};
extern const struct tui_view tui_memory, tui_tictactoe, tui_tafl, tui_quantik, tui_qwirkle;

#define HOT_SEATS_MAX 4 /* seats of a hot-seat terminal, at most */

struct tui_options {
	char socket[108];
	const char *prefix;
	const char *board;        /* NULL: open on the lobby */
	char name[BD_NAME_MAX + 1];
	char hot[HOT_SEATS_MAX][BD_NAME_MAX + 1]; /* --hot-seat's names (the first is name) */
	unsigned nhot;            /* 0 without --hot-seat */
	int no_shm;               /* --no-shm: the protocol alone, no shared memory */
};

struct tui {
	struct tui_options opt;
	struct bd_client c;
	int online;               /* connected, hello said */
	int linked;               /* at a table: its events arrive */
	int me;                   /* own seat, -1 for none */
	int watching;             /* at the table as a spectator (watch) */
	uint64_t token;           /* the seat's, to take it back after a lost connection; 0 none */
	int64_t retry_at;         /* bd_now_ms of the next reconnection, 0 if none is due */
	char table[BD_BOARD_NAME_MAX + 1]; /* the table joined, "" in the lobby */
	struct bd_pub *snap;      /* the last consistent copy of the table's public segment */
	int have_snap;
	const struct tui_view *view; /* the snapshot's game's, NULL if none or unknown */
	int cursor;               /* the cell under the cursor */
	int top, left;            /* the first row and column of a grid larger than the screen shown */
	unsigned focus;           /* the view's focus number the grid last scrolled to */
	int moved;                /* the cell of the last move sent, -1 if none */
	char feedback[256];       /* the last word on a move (a refusal), "" if none */
	int feedback_bad;         /* it is a refusal */
	int64_t feedback_until;   /* bd_now_ms it fades */
	int sent;                 /* a move is on its way: no events since it was sent */
	uint64_t sent_seq;        /* the table's newest event when it was sent */
	int stale;                /* the snapshot is older than a line handled or a move sent */
	/* When each away seat forfeits (bd_now_ms, from its away event: the deadline is the
	 * daemon's secret), 0 if it is not away or that event was not seen. */
	int64_t away_until[BD_PLAYERS_MAX];
	char gone[256];           /* why the connection ended, "" while it lives */
	pid_t bot;                /* the player's board-bot while it runs, else 0 */
	pid_t bot_ending;         /* a bot told to end, not reaped yet, else 0 */
	int colours;              /* the terminal shows colours (and NO_COLOR is unset) */
	int quit;
};

/* conn.c */
enum conn_how { CONN_SEAT, CONN_BACK, CONN_WATCH };
int conn_open(struct tui *t, char *err, size_t len);
int conn_join(struct tui *t, const char *table, enum conn_how how, char *err, size_t len);
void conn_retry(struct tui *t);
void conn_leave(struct tui *t);
void conn_drain(struct tui *t);
int conn_send(struct tui *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void conn_quit(struct tui *t);

/* lobby.c */
void lobby_enter(struct tui *t);
void lobby_draw(struct tui *t);
void lobby_key(struct tui *t, int ch);
void lobby_event(struct tui *t, const struct bd_msg *m);
void lobby_tick(struct tui *t);
void lobby_free(void);

/* bot.c */
int bot_start(struct tui *t, const char *game, const char *level, const char *opts, char *err, size_t len);
void bot_name(const struct tui *t, char *buf, size_t len);
void bot_reap(struct tui *t);
void bot_stop(struct tui *t);
void bot_end(struct tui *t);

/* hot.c */
struct pollfd;
int hot_open(struct tui *t, char err[], size_t len);
unsigned hot_fds(struct pollfd *p);
void hot_drain(struct tui *t);
void hot_cover(const struct tui *t, char *buf, size_t len);
int hot_key(struct tui *t, int ch);
void hot_quit(struct tui *t);

/* draw.c */
void draw_init(struct tui *t);
int draw_attr(const struct tui *t, int colour, int attr);
void draw_title(const struct tui *t, const char *what);
int draw_keys(const char *keys);
int draw_players(const struct tui *t, int y, int x);
int draw_away_shown(const struct tui *t, unsigned i);
int draw_grid(const struct tui *t, int y, int x, unsigned rows, unsigned cols);
void draw_label(const struct tui *t, int row, unsigned i, char out[4]);
int draw_state(struct tui *t, int y);
void draw_feedback(struct tui *t, const char *text, int bad);
void draw_tag(const struct bd_pub *snap, unsigned id, char *buf, size_t len);

/* view.c */
const struct tui_view *view_of_kind(unsigned kind);
const struct tui_view *view_of_game(const char *game);
void view_draw(struct tui *t);
void view_key(struct tui *t, int ch);
int view_can_move(const struct tui *t);
int view_my_side(const struct tui *t, unsigned nsides);
int view_seat_of(const struct tui *t, unsigned side);

#endif
