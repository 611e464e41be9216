/* qwirkle-hand.h: a Qwirkle seat's hand as its client follows it (board-bot, board-gtk).
 * The daemon says the whole hand in a private line (`HAND <event> <n> <tile>...`) after a
 * join and a resync: the hand once the table's events up to number <event> happened. Later
 * events change it: the seat's own turns (`lay`: its tiles leave; `swap`: the tiles it asked
 * to give back leave), its draws (`drew`, to that seat alone) and a new game (`state on`
 * with another game number: the hands are dealt again by drew events). */
#ifndef BD_GAME_QWIRKLE_HAND_H
#define BD_GAME_QWIRKLE_HAND_H

#include <stdint.h>

#include "ipc/game/qwirkle.h"
#include "ipc/proto.h"

/* What a client knows of its seat's hand. */
struct qw_held {
	struct qw_hand hand;
	int known;               /* a HAND line or a game's start was read since the join */
	uint64_t upto;           /* the events up to this number are in hand already */
	unsigned game;           /* the table's game number the hand is of */
	struct qw_hand swapped;  /* the tiles of the last swap the seat asked for */
};

/* Forget the hand (a new connection or table, a resync) of the table's game number game. */
void qw_held_reset(struct qw_held *h, unsigned game);
/* A swap the seat sends: its tiles leave the hand when the table says it swapped. */
void qw_held_sent(struct qw_held *h, const struct qw_turn *t);
/* Follow a line of the table: a private line (HAND), or an event (ev parsed from m) about
 * seat me or the game. Returns 1 if the hand changed, 0 if not, -1 if the line is a
 * malformed HAND. */
int qw_held_follow(struct qw_held *h, int me, const struct bd_msg *m, const struct bd_event *ev);

#endif
