/* brain-tictactoe.c: tic-tac-toe's brain (brain.h), plain minimax over the rules of
 * ipc/game/tictactoe.h. A move solves at most the 5,478 reachable positions, in a table on
 * the stack (20 KiB), so the function stays pure. */
#include <stdlib.h>
#include <string.h>

#include "brain.h"

#define BRAIN_TTT_BOARDS 19683 /* 3^9 ways to fill the cells */
#define BRAIN_TTT_KNOWN 64     /* beyond any value (at most 10 either way) */

/* How many cells of p are empty. */
static int brain_ttt_empty(const struct ttt_pos *p)
{
	int n = 0;

	for (unsigned i = 0; i < TTT_CELLS; i++)
		n += p->cell[i] == '.';
	return n;
}

/* p's index among the 3^9 boards ('.' 0, 'X' 1, 'O' 2), for the table of known values. */
static unsigned brain_ttt_index(const struct ttt_pos *p)
{
	unsigned v = 0;

	for (unsigned i = 0; i < TTT_CELLS; i++)
		v = v * 3 + (p->cell[i] == 'X' ? 1 : p->cell[i] == 'O' ? 2 : 0);
	return v;
}

/* The minimax value of p for the side to move: 0 a draw, else as many points as cells stay
 * empty at the end plus one, won (positive) or lost (negative), so that a quicker win and
 * a slower loss are worth more. known[] holds values found (+ BRAIN_TTT_KNOWN; 0 unknown):
 * the 5,478 positions are each solved once, not once per way of reaching them. */
static int brain_ttt_value(struct ttt_pos *p, signed char known[BRAIN_TTT_BOARDS])
{
	unsigned cells[TTT_CELLS], n, idx = brain_ttt_index(p);
	int best = -BRAIN_TTT_KNOWN;
	char r;

	if (known[idx] != 0)
		return known[idx] - BRAIN_TTT_KNOWN;
	n = ttt_moves(p, cells);
	if ((r = ttt_result(p, NULL)) != 0) /* a won game was won by the side that moved last */
		best = r == 'D' ? 0 : -(1 + brain_ttt_empty(p));
	for (unsigned i = 0; i < n; i++) {
		ttt_apply(p, cells[i]);
		int v = -brain_ttt_value(p, known);
		p->cell[cells[i]] = '.';
		if (v > best)
			best = v;
	}
	known[idx] = (signed char)(best + BRAIN_TTT_KNOWN);
	return best;
}

/* One of cells[0 .. n - 1], uniformly at random. */
static unsigned brain_ttt_any(const unsigned *cells, unsigned n, unsigned short rng[3])
{
	return cells[(unsigned long)nrand48(rng) % n];
}

/* perfect: uniformly among the moves of cells[0 .. n - 1] whose value is the best. */
static unsigned brain_ttt_perfect(const struct ttt_pos *p, const unsigned *cells, unsigned n, unsigned short rng[3])
{
	signed char known[BRAIN_TTT_BOARDS] = {0};
	unsigned best[TTT_CELLS], nbest = 0;
	int top = -BRAIN_TTT_KNOWN;

	for (unsigned i = 0; i < n; i++) {
		struct ttt_pos next = *p;
		ttt_apply(&next, cells[i]);
		int v = -brain_ttt_value(&next, known);
		if (v > top) {
			top = v;
			nbest = 0;
		}
		if (v == top)
			best[nbest++] = cells[i];
	}
	return brain_ttt_any(best, nbest, rng);
}

/* easy: a move that wins at once if there is one, else any move at random. */
static unsigned brain_ttt_easy(const struct ttt_pos *p, const unsigned *cells, unsigned n, unsigned short rng[3])
{
	char me = ttt_to_move(p);

	for (unsigned i = 0; i < n; i++) {
		struct ttt_pos next = *p;
		ttt_apply(&next, cells[i]);
		if (ttt_result(&next, NULL) == me)
			return cells[i];
	}
	return brain_ttt_any(cells, n, rng);
}

int brain_ttt_cell(const struct ttt_pos *p, enum bot_level level, unsigned short rng[3])
{
	unsigned cells[TTT_CELLS], n = ttt_moves(p, cells);

	if (n == 0 || (level != BOT_EASY && level != BOT_PERFECT))
		return -1;
	return (int)(level == BOT_PERFECT ? brain_ttt_perfect(p, cells, n, rng) : brain_ttt_easy(p, cells, n, rng));
}

int brain_ttt_play(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX])
{
	struct ttt_pos p;
	int cell;

	if (ttt_pos_parse(&p, position) < 0 || (cell = brain_ttt_cell(&p, level, rng)) < 0)
		return -1;
	ttt_move_format((unsigned)cell, move);
	return 0;
}

void brain_ttt_position(const struct bd_pub *snap, char position[GAME_POS_MAX])
{
	memcpy(position, ttt_pub_area(snap)->cell, TTT_CELLS);
	position[TTT_POS_LEN] = '\0';
}

int brain_ttt_moved(const struct bd_event *ev, unsigned *side, char words[GAME_MOVE_MAX])
{
	if (ev->type != TTT_EV_MOVE)
		return 0;
	*side = ttt_ev(ev)->side == 'X' ? 0 : 1;
	ttt_move_format(ttt_ev(ev)->cell, words);
	return 1;
}
