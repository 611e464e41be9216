/* brain-tafl.h: the tafl brain's search engine, apart from the codec because a search plays
 * and takes back millions of moves a second: a padded 11x11 mailbox (a sliding piece stops
 * at the border without a bounds test), Zobrist hashing and an undo record per move. The
 * rules it plays are the codec's (ipc/game/tafl.h; unit-tested against the codec's perft).
 *   brain-tafl-board.c  the board: loading, moves, captures, the end of a game
 *   brain-tafl-eval.c   the evaluation: material, the king's routes to the corners, encirclement
 *   brain-tafl-search.c PVS over iterative deepening, transposition table, move ordering
 *   brain-tafl.c        the brain (brain.h): notation in, move out, levels and time budget */
#ifndef BOT_BRAIN_TAFL_H
#define BOT_BRAIN_TAFL_H

#include <stdint.h>

#include "brain.h"

#define TB_SIDE 9
#define TB_W 11                     /* a row of the mailbox, border included */
#define TB_CELLS (TB_W * TB_W)
#define TB_AT(file, rank) ((uint8_t)(((rank) + 1) * TB_W + (file) + 1)) /* rank 0 is rank 1 */
#define TB_FILE(sq) ((sq) % TB_W - 1)
#define TB_RANK(sq) ((sq) / TB_W - 1)
#define TB_THRONE TB_AT(4, 4)
#define TB_MOVES_MAX 256            /* moves of one position, at most (8+1 pieces x 16 is less) */
#define TB_PLY_MAX 64               /* deepest search */
#define TB_WIN 30000                /* a won game's score, less the plies to it */

/* The codec's pieces and sides, and the mailbox's border. */
enum tb_piece { TB_EMPTY = TAFL_EMPTY, TB_ATT = TAFL_ATT, TB_DEF = TAFL_DEF, TB_KING = TAFL_KING, TB_OFF };
enum tb_side { TB_ATTACKERS = TAFL_ATTACKERS, TB_DEFENDERS = TAFL_DEFENDERS };

/* A move: from and to squares of the mailbox. */
typedef uint16_t tb_move;
#define TB_MOVE(from, to) ((tb_move)((from) << 8 | (to)))
#define TB_FROM(m) ((uint8_t)((m) >> 8))
#define TB_TO(m) ((uint8_t)((m) & 0xff))

struct tb_board {
	uint8_t sq[TB_CELLS];
	uint8_t side;        /* to move */
	uint8_t king;        /* the king's square, 0 once captured */
	uint8_t count[2];    /* attackers, defenders (the king apart) */
	int winner;          /* -1 on, else the side that won by the last move */
	unsigned quiet;      /* plies since the last capture */
	uint64_t hash;
};

/* What a move changed, to take it back. */
struct tb_undo {
	tb_move move;
	uint8_t captured[4]; /* squares emptied (the king's among them if taken) */
	uint8_t ncaptured, king_taken;
	uint8_t king;        /* the king's square before */
	int winner;
	unsigned quiet;
	uint64_t hash;
};

/* brain-tafl-board.c */
/* Load a position: cells row by row from rank 9 down (81 of TB_EMPTY, TB_ATT, TB_DEF, TB_KING,
 * the codec's values), the side to move, plies since the last capture. 0, or -1 if it is not
 * one (no king or two, too many pieces, a piece off the board's values). */
int tb_load(struct tb_board *b, const uint8_t cells[81], unsigned side, unsigned quiet);
int tb_corner(unsigned sq);
unsigned tb_moves(const struct tb_board *b, tb_move moves[TB_MOVES_MAX]);
void tb_make(struct tb_board *b, tb_move m, struct tb_undo *u);
void tb_unmake(struct tb_board *b, const struct tb_undo *u);
/* Nonzero if m would capture (for move ordering; the king's capture included); b is as it was. */
int tb_captures(struct tb_board *b, tb_move m);
/* The move in notation, "e5-e8" (no captures), into out (8 bytes). */
void tb_move_text(tb_move m, char out[8]);
extern const int tb_dirs[4];

/* brain-tafl-eval.c: the position's worth to the side to move (centipieces); the king's
 * reach to the corners: the corners it reaches in one move (*now) */
int tb_eval(const struct tb_board *b);
/* How many corners the king reaches in one move. */
unsigned tb_king_routes(const struct tb_board *b);

/* brain-tafl-search.c */
struct tb_limits {
	unsigned depth;      /* deepest iteration */
	int64_t budget_ms;   /* thinking time, 0: none (depth alone stops it) */
	int noise;           /* +- this much at random on the root's moves (weaker levels) */
	unsigned draw_plies; /* plies without capture that draw */
};
struct tb_result {
	tb_move move;        /* 0: none (no legal move) */
	int score;
	unsigned depth;      /* last iteration completed */
	uint64_t nodes;
	int64_t ms;
};
/* The move to play in b within limits; rng for the noise and for ties. Returns 0, or -1 if
 * the table cannot be allocated. */
int tb_search(struct tb_board *b, const struct tb_limits *lim, unsigned short rng[3], struct tb_result *r);

/* brain-tafl.c: the search of the brain's move in position (notation) at level, within
 * budget_ms (the level may take less): 0, or -1 if position is not one, the game is over or
 * level is not one of tafl's. brain_tafl_think (brain.h) writes its move. */
int brain_tafl_search(const char *position, enum bot_level level, int64_t budget_ms, unsigned short rng[3],
		      struct tb_result *r);

#endif
