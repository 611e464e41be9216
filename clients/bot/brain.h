/* brain.h: board-bot's brains, one per game (a line in brain.c's table), of two kinds.
 * A turn game's brain (brain-<game>.c) is a pure function: a position in the game's notation
 * (ipc/game/notation.h), a level and an rng state in, the move to play out; play-turns.c
 * plays it. Memory, where everyone picks at once, plays from what the bot saw of the board:
 * its brain is mind-memory.c (what it knows) and brain-memory.c (the card to pick); play-memory.c plays it.
 * board-bot picks the brain by the game of the table it joins (or --game). */
#ifndef BOT_BRAIN_H
#define BOT_BRAIN_H

#include <stddef.h>

#include "bot.h"
#include "ipc/game/quantik.h"
#include "ipc/game/tafl.h"
#include "ipc/game/qwirkle-hand.h"
#include "ipc/game/tictactoe.h"

struct brain {
	const char *game; /* the game's name, as in ipc/game/ */
	unsigned levels;  /* the levels it plays: bit 1u << enum bot_level */
	/* Memory: the card to pick (choose.h's choose_pick); NULL for a turn game. */
	int (*pick)(const struct mind *m, enum bot_level level, unsigned player, int *plan, unsigned short rng[3]);
	/* A turn game: the move to play in position at level, as text (the game's move words,
	 * separated by spaces) into move (GAME_MOVE_MAX bytes); 0, or -1 if position is not
	 * one, the game is over or level is not one it plays. */
	int (*play)(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX]);
	/* A turn game: the position a snapshot of its table shows, in its notation. */
	void (*position)(const struct bd_pub *snap, char position[GAME_POS_MAX]);
	/* A turn game: its notation (the side to move, the sides' names). */
	const struct game_notation *notation;
	/* A turn game: 1 if ev is a move, with its mover's side and its words as a move request
	 * has them (what an engine is told, docs/ENGINE.md), else 0. */
	int (*moved)(const struct bd_event *ev, unsigned *side, char words[GAME_MOVE_MAX]);
	/* Optional (NULL: side 0): the table's side that moved first in the round snap shows,
	 * the one its notation's first side stands for (Quantik: white opens round 1, black 2). */
	unsigned (*opener)(const struct bd_pub *snap);
	/* Optional, a brain that searches (NULL: play): as play, thinking at most budget_ms. */
	int (*think)(const char *position, enum bot_level level, int64_t budget_ms, unsigned short rng[3],
		     char move[GAME_MOVE_MAX]);
	/* A turn game of hidden hands (Qwirkle; then play, position and notation are NULL): the
	 * turn for seat (its player id) from a snapshot and the hand it holds (a swap is told to
	 * held), as the move's words into move (len bytes); 0, or -1 if it has none. */
	int (*play_hand)(const struct bd_pub *snap, unsigned seat, struct qw_held *held, enum bot_level level,
			 unsigned short rng[3], char *move, size_t len);
	/* The level it plays when --level is not given and perfect is not one of its levels. */
	enum bot_level best;
};

/* The brain of game, or NULL if it has none. */
const struct brain *brain_find(const char *game);
/* The games that have a brain, as "memory or tictactoe", into buf. */
const char *brain_games(char *buf, size_t len);
/* The level named name, or -1; a level's name. */
int brain_level(const char *name);
const char *brain_level_name(enum bot_level level);
/* The levels brain plays, as "easy, perfect", into buf. */
const char *brain_levels(const struct brain *b, char *buf, size_t len);

/* brain-tictactoe.c: the cell to play in p, or -1 if the game is over. perfect: uniformly
 * at random among the moves that keep the position's minimax value (a win the quickest,
 * a loss the slowest, any draw: a draw is the value of most positions); easy: a winning move
 * if it has one, else any empty cell at random (it never blocks: a beginner beats it with
 * a threat it fails to see). It does not play BOT_SEED (-1). */
int brain_ttt_cell(const struct ttt_pos *p, enum bot_level level, unsigned short rng[3]);
int brain_ttt_play(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX]);
void brain_ttt_position(const struct bd_pub *snap, char position[GAME_POS_MAX]);
int brain_ttt_moved(const struct bd_event *ev, unsigned *side, char words[GAME_MOVE_MAX]);

/* brain-quantik.c: the move to play in the position b (brain-quantik.h) at level, as
 * QK_MOVE(shape, cell), or -1 if the round is over or level is not one it plays (easy,
 * medium, perfect). perfect: a winning move at random when the position is won (one that
 * wins at once first), else (from 4 pieces placed on; before, any) the move that leaves the
 * opponent the smallest share of winning replies; medium: a move that wins at once, else one that does not let the opponent win at
 * once (if there is one), played perfectly once at most 6 cells are empty; easy: a move
 * that wins at once, else any (it never sees a threat: a beginner beats it). */
struct qks_board;
int brain_qk_move(const struct qks_board *b, enum bot_level level, unsigned short rng[3]);
/* The value of a QFEN position for its side to move: 1 won, 0 lost with perfect play; -1
 * if it is not a position a round reaches, or the round is over. */
int brain_qk_value(const char *position);
int brain_qk_play(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX]);
/* The position of the round a Quantik table shows; the colour that opened it (1: black);
 * a place event's mover's colour and move. */
void brain_qk_position(const struct bd_pub *snap, char position[GAME_POS_MAX]);
unsigned brain_qk_opener(const struct bd_pub *snap);
int brain_qk_moved(const struct bd_event *ev, unsigned *side, char words[GAME_MOVE_MAX]);
/* brain-tafl.c: Hnefatafl's (brain-tafl.h: its search). Levels easy, medium and perfect (its
 * strongest: iterative deepening until budget_ms is used, BRAIN_TAFL_BUDGET_MS for play). */
#define BRAIN_TAFL_BUDGET_MS 1000
int brain_tafl_play(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX]);
int brain_tafl_think(const char *position, enum bot_level level, int64_t budget_ms, unsigned short rng[3],
		     char move[GAME_MOVE_MAX]);
void brain_tafl_position(const struct bd_pub *snap, char position[GAME_POS_MAX]);
int brain_tafl_moved(const struct bd_event *ev, unsigned *side, char words[GAME_MOVE_MAX]);

/* brain-qwirkle.c: play_hand for Qwirkle (brain-qwirkle.h has the levels). */
int brain_qwirkle_play(const struct bd_pub *snap, unsigned seat, struct qw_held *held, enum bot_level level,
		       unsigned short rng[3], char *move, size_t len);

#endif
