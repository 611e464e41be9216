/* game.h: what a kind of game must provide. board.c owns segments, locks, seats, events
 * and state changes; a game file owns only its rules. Adding a game = one new game_*.c
 * and its line in game.c's table. */
#ifndef BD_GAME_H
#define BD_GAME_H

#include <stdint.h>

#include "ipc/proto.h"

struct board;

struct game_ops {
	const char *name;
	uint32_t kind; /* enum bd_game_kind */
	/* Every lock held: lay out a new shuffled board, every card down. */
	void (*deal)(struct board *b);
	/* Region locks of card and of held_cards, and the state lock, held: play a pick.
	 * 0 if it was played, -1 with *err if refused (the reply is that error). */
	int (*pick)(struct board *b, unsigned player, unsigned card, int64_t now, struct bd_err *err);
	/* Same locks held: the player's deadline has passed; undo what it times out. */
	void (*expire)(struct board *b, unsigned player, int64_t now);
	/* Same locks held: the player is leaving; turn down whatever it holds. */
	void (*release)(struct board *b, unsigned player, unsigned reason);
	/* Without locks: the cards whose regions a pick or release by this player must lock. */
	unsigned (*held_cards)(const struct board *b, unsigned player, int cards[2]);
	/* Deep check of a found board before it is resumed; NULL if sound, else why not. */
	const char *(*check)(const struct board *b);
	/* Every lock held, after a holder died mid-change: make the cards consistent again. */
	void (*sweep)(struct board *b);
};

extern const struct game_ops game_memory;

/* The game of a kind, NULL if unknown. */
const struct game_ops *game_find(uint32_t kind);

#endif
