/* tictactoe.h: tic-tac-toe's rules and notation, pure (no I/O, no state), shared by the
 * daemon's rules, board-gtk's view, board-bot's brain, boardctl rules and the unit tests.
 * Notation (docs/PROTOCOL.md): a position is 9 characters row by row from the top left,
 * 'X', 'O' or '.', the side to move following from the counts (X moves first); a move is
 * "x y", column then row from 0 at the top left; a cell is y * 3 + x; a win names its three
 * cells in ascending order ("048"). */
#ifndef BD_GAME_TICTACTOE_H
#define BD_GAME_TICTACTOE_H

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

#endif
