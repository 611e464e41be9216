/* brain.h: board-bot's brains, one per game (brain-<game>.c), each a pure function: a
 * position in the game's notation (ipc/game/notation.h), a level and an rng state in, the
 * move to play out. board-bot picks the brain by the game of the table it joins. */
#ifndef BOT_BRAIN_H
#define BOT_BRAIN_H

#include <stddef.h>

#include "bot.h"
#include "ipc/game/tictactoe.h"

struct brain {
	const char *game; /* the game's name, as in ipc/game/ */
	unsigned levels;  /* the levels it plays: bit 1u << enum bot_level */
	/* The move to play in position at level, as text (the game's move words, separated by
	 * spaces) into move (GAME_MOVE_MAX bytes); 0, or -1 if position is not one, the game
	 * is over or level is not one it plays. */
	int (*play)(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX]);
};

/* The brain of game, or NULL if it has none. */
const struct brain *brain_find(const char *game);

/* brain-tictactoe.c: the cell to play in p, or -1 if the game is over. perfect: uniformly
 * at random among the moves that keep the position's minimax value (a win the quickest,
 * a loss the slowest, any draw: a draw is the value of most positions); easy: a winning move
 * if it has one, else any empty cell at random (it never blocks: a beginner beats it with
 * a threat it fails to see). It does not play BOT_SEED (-1). */
int brain_ttt_cell(const struct ttt_pos *p, enum bot_level level, unsigned short rng[3]);
int brain_ttt_play(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX]);

#endif
