/* notation.h: a game's rules seen through its notation, the same shape for every game, so
 * that `boardctl rules <game>` is one table line per game. Each game's codec (ipc/game/<game>.c)
 * defines one struct game_notation; every function is pure (no I/O, no state). */
#ifndef BD_GAME_NOTATION_H
#define BD_GAME_NOTATION_H

#include <stddef.h>
#include <stdint.h>

#define GAME_POS_MAX 128 /* bytes of a position's text, NUL included, in any game */
#define GAME_MOVE_MAX 32 /* bytes of a move's text, NUL included */
#define GAME_MOVES_MAX 400 /* legal moves of one position, at most (tafl: 25 pieces, 16 cells each) */

/* One depth of perft: move sequences of that many moves (a finished game is never
 * expanded further) and how many games end there: won by each side, drawn. */
struct game_perft {
	uint64_t sequences;
	uint64_t won[2]; /* by the side moving first, second */
	uint64_t drawn;
};

struct game_notation {
	const char *game;     /* its name, as everywhere: "tictactoe" */
	const char *start;    /* the starting position */
	const char *sides[2]; /* the sides' names, first mover first: "X", "O" */
	unsigned move_words;  /* words of one move */
	unsigned depth_max;   /* the deepest perft it computes */
	/* NULL if position is one a game can reach, else why not. */
	const char *(*check)(const char *position);
	/* The side to move in a sound position: 0 or 1. */
	unsigned (*to_move)(const char *position);
	/* The legal moves of a sound position into moves (text, move_words words); how many. */
	unsigned (*moves)(const char *position, char moves[][GAME_MOVE_MAX]);
	/* Play the move of words[0 .. move_words - 1] in a sound position, rewritten in place;
	 * NULL, or why the move is refused (position untouched). */
	const char *(*play)(char *position, char *const words[]);
	/* Optional (NULL: a move is shown as typed): the move of words, which play accepts in
	 * the sound position (before it), as the game writes it (tafl: with its captures) into
	 * out. */
	void (*written)(const char *position, char *const words[], char out[GAME_MOVE_MAX]);
	/* Over a sound position: -1 still on, 2 drawn, else the winning side, with how it won
	 * (tic-tac-toe: its line, "048") into how (GAME_MOVE_MAX bytes). */
	int (*result)(const char *position, char how[GAME_MOVE_MAX]);
	/* rows[0 .. depth - 1] from a sound position; depth is 1 .. depth_max. */
	void (*perft)(const char *position, unsigned depth, struct game_perft rows[]);
};

#endif
