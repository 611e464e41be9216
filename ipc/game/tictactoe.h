/* tictactoe.h: tic-tac-toe's codec (its shared-memory areas, events and move, game.h) and
 * its rules and notation, pure (no I/O, no state), shared by the daemon's rules, board-gtk's
 * view, board-bot's brain, boardctl rules and the unit tests.
 * Notation (docs/PROTOCOL.md): a position is 9 characters row by row from the top left,
 * 'X', 'O' or '.', the side to move following from the counts (X moves first); a move is
 * "x y", column then row from 0 at the top left; a cell is y * 3 + x; a win names its three
 * cells in ascending order ("048"). */
#ifndef BD_GAME_TICTACTOE_H
#define BD_GAME_TICTACTOE_H

#include "game.h"
#include "notation.h"

#define TTT_SIDE 3
#define TTT_CELLS 9
#define TTT_POS_LEN 9   /* characters of a position, without its NUL */
#define TTT_MOVE_LEN 3  /* "x y" */
#define TTT_LINE_LEN 3  /* "048" */

struct ttt_pos {
	char cell[TTT_CELLS]; /* 'X', 'O' or '.' */
};

/* The empty board. */
void ttt_pos_empty(struct ttt_pos *p);
/* Read a position in notation: 0, or -1 if s is not one that a game can reach (wrong
 * length, a character other than X O ., O ahead of X or X two ahead, both sides with three
 * in a row, a game that went on after a win). */
int ttt_pos_parse(struct ttt_pos *p, const char *s);
/* The same check, saying why s is refused (NULL if it is a reachable position). */
const char *ttt_pos_error(const char *s);
void ttt_pos_format(const struct ttt_pos *p, char out[TTT_POS_LEN + 1]);

/* The side to move: 'X' or 'O' (also in a finished game: the side that would be next). */
char ttt_to_move(const struct ttt_pos *p);

/* Read a move from its two tokens x and y into *cell: 0, or -1 (ttt_move_error says why). */
int ttt_move_parse(const char *x, const char *y, unsigned *cell);
/* Why x y is not a move: "malformed" (not two whole numbers) or "off the board" (a number
 * outside 0-2); NULL if it is one. */
const char *ttt_move_error(const char *x, const char *y);
void ttt_move_format(unsigned cell, char out[TTT_MOVE_LEN + 1]);

/* Nonzero if the side to move may play cell: an empty cell of a game not over. */
int ttt_legal(const struct ttt_pos *p, unsigned cell);
/* Why cell may not be played ("the game is over", "the cell is taken", "off the board");
 * NULL if it may. */
const char *ttt_illegal(const struct ttt_pos *p, unsigned cell);
/* The legal moves, ascending, into cells; returns how many (0 once the game is over). */
unsigned ttt_moves(const struct ttt_pos *p, unsigned cells[TTT_CELLS]);
/* Play cell for the side to move; cell must be legal. */
void ttt_apply(struct ttt_pos *p, unsigned cell);

/* 'X' or 'O' won (line gets its three cells, ascending; the first of two lines in the
 * order rows, columns, diagonals), 'D' drawn (a full board without a line), 0 still on.
 * line may be NULL. */
char ttt_result(const struct ttt_pos *p, unsigned line[3]);
void ttt_line_format(const unsigned line[3], char out[TTT_LINE_LEN + 1]);

/* Perft (notation.h): rows[d - 1] for each depth d of 1..depth (at most TTT_PERFT_MAX):
 * the move sequences of d moves, and the games ending there won by X (won[0]), by O
 * (won[1]), drawn. */
#define TTT_PERFT_MAX TTT_CELLS
void ttt_perft(const struct ttt_pos *p, unsigned depth, struct game_perft rows[]);

/* Tic-tac-toe for boardctl rules. */
extern const struct game_notation ttt_notation;

/* --- The codec (game.c's table) ------------------------------------------------------ */
#define TTT_NO_CELL 0xff

/* Tic-tac-toe's public area: the shape (dim 3; the whole board is one lock region whatever
 * region side the table has), then the position and the last move, all under
 * region_seq[0]. A sound area holds a reachable position, and last is TTT_NO_CELL (no move
 * yet) or a cell that is not empty. */
struct ttt_pub {
	uint32_t dim;          /* shape: 3 */
	uint32_t region_side;  /* shape: as the table has it */
	char cell[TTT_CELLS];  /* the position, as struct ttt_pos: 'X', 'O', '.' */
	uint8_t last;          /* the cell of the last move, TTT_NO_CELL before the first */
	uint8_t reserved[6];
};
static_assert(sizeof(struct ttt_pub) == 24, "ttt_pub is 24 bytes");

/* Its private area: the shape alone (tic-tac-toe hides nothing). */
struct ttt_priv {
	uint32_t dim, region_side;
};

/* Its events (fields in order; letters of its own: S side X or O, M cell as x y, W line). */
enum {
	TTT_EV_MOVE = BD_EV_GAME_FIRST(BD_GAME_TICTACTOE), /* "move": player, side, cell */
	TTT_EV_LINE, /* "line": side, line: that side won with three in a row */
};

/* The payload of its events (struct bd_event's game bytes). */
struct ttt_ev {
	uint8_t cell;    /* move */
	char side;       /* 'X' or 'O' */
	uint8_t line[3]; /* line: ascending cells */
};

extern const struct bd_game bd_game_tictactoe;

/* The tic-tac-toe area of a public segment or snapshot; NULL if its table is another game's. */
static inline const struct ttt_pub *ttt_pub_area(const struct bd_pub *pub)
{
	return pub->game_kind == BD_GAME_TICTACTOE ? (const struct ttt_pub *)(const void *)pub->area : NULL;
}

/* Its payload of an event, to read and to write. */
static inline const struct ttt_ev *ttt_ev(const struct bd_event *ev)
{
	return (const struct ttt_ev *)(const void *)ev->game;
}

static inline struct ttt_ev *ttt_ev_w(struct bd_event *ev)
{
	return (struct ttt_ev *)(void *)ev->game;
}

/* The cell of a move's words (`move X Y`): 0, or -1 with *err ("syntax": not two words or
 * not numbers, with the usage; "range": off the board). */
int ttt_move_read(unsigned ntok, const char *const *tok, unsigned *cell, struct bd_err *err);

#endif
