/* brain-quantik.h: Quantik's exact search (brain-quantik-search.c) over the codec's rules
 * (ipc/game/quantik.h), on a board seen from the side to move, so that a move swaps the
 * sides and a position's value is always the mover's. The brain (brain-quantik.c) plays
 * what it says. */
#ifndef BOT_BRAIN_QUANTIK_H
#define BOT_BRAIN_QUANTIK_H

#include <stdint.h>

#include "ipc/game/quantik.h"

/* A position from the side to move: its pieces (mine) and the other side's (theirs), one
 * mask of cells per shape. Moves are the codec's (QK_MOVE(shape, cell)). */
struct qks_board {
	uint16_t mine[QK_SHAPES], theirs[QK_SHAPES];
};

/* The board of a codec position, seen from its side to move. */
void qks_board_of(const struct qk_pos *p, struct qks_board *b);
/* The legal moves (shape by shape, cells ascending) into moves; how many. A side with none
 * has lost. */
unsigned qks_moves(const struct qks_board *b, uint8_t moves[QK_MOVES_MAX]);
/* Nonzero if the legal move m completes a row, column or zone of four different shapes. */
int qks_wins(const struct qks_board *b, unsigned m);
/* Play the legal move m: b becomes the position seen from the other side. */
void qks_play(struct qks_board *b, unsigned m);

/* The canonical key of b: equivalent positions (under the board's 128 symmetries and the
 * 24 ways to rename the shapes), and only they, have the same key. */
uint64_t qks_key(const struct qks_board *b);
/* 1 if the side to move wins b with perfect play, 0 if it loses (a round has no draws), -1
 * if the table of solved positions cannot be had (out of memory). The first call allocates
 * it (QKS_TABLE_BYTES), kept for the process: later calls reuse what it learnt. */
#define QKS_TABLE_BITS 20
#define QKS_TABLE_BYTES ((1u << QKS_TABLE_BITS) * 9u)
int qks_solve(const struct qks_board *b);
/* Positions searched since the process started (for the benchmark). */
uint64_t qks_nodes(void);

#endif
