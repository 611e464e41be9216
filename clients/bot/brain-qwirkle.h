/* brain-qwirkle.h: Qwirkle's brain (brain-qwirkle.c), a game of hidden hands: it decides
 * from what one seat knows (the table, its own hand, the public counts), written out in
 * struct bq_state, so that board-bot (from a snapshot and its hand), the evaluation
 * (tests/qwirkle-eval.c, in-process games) and the unit tests all ask it the same way.
 * Tiles, tables, lays and turns are the codec's (ipc/game/qwirkle.h), and so are the
 * rules: the brain only chooses among the lays qw_moves finds. */
#ifndef BOT_BRAIN_QWIRKLE_H
#define BOT_BRAIN_QWIRKLE_H

#include "bot.h"
#include "ipc/game/qwirkle.h"

#define BQ_SEATS 4
#define BQ_LAYS_MAX 4096 /* lays of one hand it weighs, at most */

/* What the seat to move knows. */
struct bq_state {
	struct qw_pos table;
	struct qw_hand hand;
	unsigned bag;              /* tiles in the bag */
	unsigned seats, me;        /* seats in the game; the one to move */
	unsigned held[BQ_SEATS];   /* tiles in each seat's hand */
};

/* The turn to play at level into *t, and what a lay scores into *score (the bonus for
 * emptying the hand included): easy (any lay at random), greedy (the best-scoring lay),
 * strong (the points, the hand kept, Qwirkles left open to the unseen tiles, swapping a poor
 * hand, the other hand's reply in the endgame of two). A seat with no lay swaps its whole
 * hand (as much of it as the bag takes), or passes if the bag is empty. 0, or -1 if level
 * is not one of these or memory ran out. */
int bq_choose(const struct bq_state *s, enum bot_level level, unsigned short rng[3], struct qw_turn *t,
	      unsigned *score);

#endif
