/* view-tictactoe.c: tic-tac-toe in board-tui. X and O are their letters (X bold, O plain,
 * each in its seat's colour), the last move underlined, the winning line starred. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ipc/game/tictactoe.h"
#include "tui.h"

/* The seat playing side ('X' or 'O'), -1 if none. */
static int tt_seat(const struct tui *t, char side)
{
	return view_seat_of(t, side == 'O');
}

/* Our side, 0 for a spectator. */
static char tt_me(const struct tui *t)
{
	int side = view_my_side(t, 2);

	return side < 0 ? 0 : "XO"[side];
}

/* The position in the snapshot. */
static const struct ttt_pos *tt_pos(const struct tui *t)
{
	return (const struct ttt_pos *)(const void *)ttt_pub_area(t->snap)->cell;
}

/* 3 on a tic-tac-toe table. */
static unsigned tt_side(const struct tui *t)
{
	return ttt_pub_area(t->snap) != NULL ? TTT_SIDE : 0;
}

/* A cell: its mark in its seat's colour, the last move underlined, a winning line starred. */
static void tt_cell(const struct tui *t, unsigned cell, struct tui_cell *out)
{
	const struct ttt_pub *area = ttt_pub_area(t->snap);
	unsigned line[3];
	char mark = area->cell[cell], won = ttt_result(tt_pos(t), line);
	int in_line = (won == 'X' || won == 'O') && (line[0] == cell || line[1] == cell || line[2] == cell);
	int seat = mark == 'X' || mark == 'O' ? tt_seat(t, mark) : -1;

	snprintf(out->text, sizeof out->text, in_line ? "*%c*" : " %c ", mark == '.' ? '.' : mark);
	out->colour = seat >= 0 ? (int)t->snap->players[seat].colour : -1;
	out->attr = (mark == 'X' || in_line ? A_BOLD : 0) | (area->last == cell ? A_UNDERLINE : 0);
}

/* Whose move it is; nonzero if ours. */
static int tt_status(const struct tui *t, char *buf, size_t len)
{
	char side = ttt_to_move(tt_pos(t)), me = tt_me(t), name[BD_NAME_MAX + 1] = "?";
	int seat = tt_seat(t, side);

	if (seat >= 0)
		bd_printable(name, sizeof name, t->snap->players[seat].name);
	if (me && me == side)
		snprintf(buf, len, "Your turn: place an %c.", me);
	else
		snprintf(buf, len, "%s (%c) to move%s%c.", name, side, me ? "; you play " : "", me ? me : ' ');
	return me && me == side;
}

/* How the match ended: the line, a full board, or no line (a resignation, a claim). */
static void tt_ending(const struct tui *t, char *buf, size_t len)
{
	unsigned line[3];
	char won = ttt_result(tt_pos(t), line);

	if (won == 'X' || won == 'O')
		snprintf(buf, len, "%c has three in a row (cells %u %u %u)", won, line[0], line[1], line[2]);
	else if (won == 'D')
		snprintf(buf, len, "the board is full");
	else
		snprintf(buf, len, "no line: a player resigned or ran out of time");
}

/* Place our mark on cell (move x y); a cell we may not take is said without a round trip. */
static void tt_play(struct tui *t, unsigned cell)
{
	const char *why = ttt_illegal(tt_pos(t), cell);

	if (!view_can_move(t))
		draw_feedback(t, t->me < 0 ? "you are watching" : "the game is not on", 1);
	else if (tt_me(t) != ttt_to_move(tt_pos(t)))
		draw_feedback(t, "not your turn", 1);
	else if (why != NULL)
		draw_feedback(t, why, 1);
	else
		conn_send(t, "move %u %u", cell % TTT_SIDE, cell / TTT_SIDE);
}

const struct tui_view tui_tictactoe = {
	.kind = BD_GAME_TICTACTOE,
	.title = "Tic-tac-toe",
	.levels = {"easy", "perfect", NULL},
	.keys = "",
	.turns = 1,
	.cell_w = 3,
	.side = tt_side,
	.cell = tt_cell,
	.status = tt_status,
	.ending = tt_ending,
	.play = tt_play,
};
