/* view-tafl.c: Hnefatafl in board-tui, with the board in OpenTafl's names (files a-i,
 * ranks 9-1). Attackers are "t", defenders "T", the king "K" (bold), each in its seat's
 * colour; the empty corners "+" and throne "#". A move takes two presses: Enter on one of
 * our pieces chooses it (">t<", its squares to go to "o"), Enter on one of those moves it;
 * Enter on the piece again lets it go. The last move's squares and captures are
 * underlined, a capture shown as "x". */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ipc/game/tafl.h"
#include "tui.h"

static int tafl_chosen = -1; /* the cell of the piece chosen to move, -1 if none */

/* The position the snapshot shows. */
static void tf_pos(const struct tui *t, struct tafl_pos *p)
{
	tafl_pub_pos(tafl_pub_area(t->snap), p);
}

/* 9 on a tafl table. */
static unsigned tf_side(const struct tui *t)
{
	return tafl_pub_area(t->snap) != NULL ? TAFL_SIDE : 0;
}

/* Files a-i, ranks 9 down to 1. */
static void tf_label(const struct tui *t, int row, unsigned i, char out[4])
{
	(void)t;
	snprintf(out, 4, "%c", row ? (char)('9' - i) : (char)('a' + i));
}

/* Nonzero if piece (a cell's content) is side's. */
static int tf_ours(unsigned piece, int side)
{
	return piece != TAFL_EMPTY && side >= 0 && (piece == TAFL_ATT) == (side == TAFL_ATTACKERS);
}

/* Nonzero if the chosen piece may go to cell. */
static int tf_target(const struct tui *t, const struct tafl_pos *p, unsigned cell)
{
	struct tafl_move m = {(uint8_t)tafl_chosen, (uint8_t)cell};

	return tafl_chosen >= 0 && p->cell[cell] == TAFL_EMPTY && tafl_illegal(p, m) == NULL &&
	       t->snap->game_state == BD_GAME_ON;
}

/* Nonzero if cell was part of the last move (its squares, its captures). */
static int tf_last(const struct tafl_pub *a, unsigned cell)
{
	int in = a->last_from == cell || a->last_to == cell;

	for (unsigned i = 0; i < a->ncap && i < TAFL_CAPS_MAX; i++)
		in |= a->cap[i] == cell;
	return in;
}

/* A square: its piece, the chosen piece bracketed, the chosen piece's targets, the last move. */
static void tf_cell(const struct tui *t, unsigned cell, struct tui_cell *out)
{
	static const char pieces[] = {'.', 't', 'T', 'K'};
	const struct tafl_pub *a = tafl_pub_area(t->snap);
	struct tafl_pos p;
	unsigned piece = a->cell[cell] < 4 ? a->cell[cell] : 0;
	char c = pieces[piece];

	tf_pos(t, &p);
	if (piece == TAFL_EMPTY)
		c = tf_target(t, &p, cell) ? 'o' : tf_last(a, cell) && a->last_from != cell ? 'x' :
		    tafl_corner(cell) ? '+' : cell == TAFL_THRONE ? '#' : '.';
	snprintf(out->text, sizeof out->text, (int)cell == tafl_chosen ? ">%c<" : " %c ", c);
	int seat = piece != TAFL_EMPTY ? view_seat_of(t, piece == TAFL_ATT ? TAFL_ATTACKERS : TAFL_DEFENDERS) : -1;
	out->colour = seat >= 0 ? (int)t->snap->players[seat].colour : -1;
	out->attr = (piece == TAFL_KING || c == 'o' ? A_BOLD : 0) | (tf_last(a, cell) ? A_UNDERLINE : 0) |
		    (piece == TAFL_EMPTY && c != 'o' ? A_DIM : 0);
}

/* Whose move; nonzero if ours. */
static int tf_status(const struct tui *t, char *buf, size_t len)
{
	const struct tafl_pub *a = tafl_pub_area(t->snap);
	int me = view_my_side(t, 2), seat = view_seat_of(t, a->side);
	char name[BD_NAME_MAX + 1] = "?", from[4];
	const char *side = a->side == TAFL_ATTACKERS ? "the attackers (t)" : "the defenders (T, K)";

	if (seat >= 0)
		bd_printable(name, sizeof name, t->snap->players[seat].name);
	if (me == (int)a->side && tafl_chosen >= 0) {
		tafl_cell_name((unsigned)tafl_chosen, from);
		snprintf(buf, len, "Your turn, %s: %s chosen; Enter on an o moves it.", side, from);
	} else if (me == (int)a->side) {
		snprintf(buf, len, "Your turn, %s: Enter on a piece of yours chooses it.", side);
	} else {
		snprintf(buf, len, "%s plays %s, to move. Ply %u; %u without a capture (a draw at %u).", name, side,
			 a->plies + 1, a->quiet, a->draw_plies);
	}
	return me == (int)a->side;
}

/* How the round ended, in the rules' words. */
static void tf_ending(const struct tui *t, char *buf, size_t len)
{
	const struct tafl_pub *a = tafl_pub_area(t->snap);

	switch (a->end) {
	case TAFL_END_ESCAPED: snprintf(buf, len, "the king reached a corner"); break;
	case TAFL_END_CAPTURED: snprintf(buf, len, "the king was captured"); break;
	case TAFL_END_NOMOVES: snprintf(buf, len, "the side to move could not move"); break;
	case TAFL_END_REPETITION: snprintf(buf, len, "a position came a third time"); break;
	case TAFL_END_QUIET: snprintf(buf, len, "%u plies without a capture", a->draw_plies); break;
	default: snprintf(buf, len, "a player resigned or ran out of time"); break;
	}
}

/* Enter: choose one of our pieces, let it go, or move the chosen one there. */
static void tf_play(struct tui *t, unsigned cell)
{
	struct tafl_pos p;
	char from[4], to[4];

	tf_pos(t, &p);
	if (!view_can_move(t)) {
		draw_feedback(t, t->me < 0 ? "you are watching" : "the game is not on", 1);
	} else if (view_my_side(t, 2) != (int)p.side) {
		draw_feedback(t, "not your turn", 1);
	} else if ((int)cell == tafl_chosen) {
		tafl_chosen = -1;
	} else if (tf_ours(p.cell[cell], view_my_side(t, 2))) {
		tafl_chosen = (int)cell;
	} else if (tafl_chosen < 0) {
		draw_feedback(t, "choose one of your pieces first", 1);
	} else {
		struct tafl_move m = {(uint8_t)tafl_chosen, (uint8_t)cell};
		const char *why = tafl_illegal(&p, m);
		if (why != NULL) {
			draw_feedback(t, why, 1);
			return;
		}
		tafl_cell_name(m.from, from);
		tafl_cell_name(m.to, to);
		if (conn_send(t, "move %s-%s", from, to) == 0)
			tafl_chosen = -1;
	}
}

/* Any move on the board lets a chosen piece go if it is not ours to move any more. */
static void tf_event(struct tui *t, const struct bd_msg *m)
{
	(void)m;
	if (t->have_snap && tafl_pub_area(t->snap) != NULL && tafl_chosen >= 0 &&
	    !tf_ours(tafl_pub_area(t->snap)->cell[tafl_chosen], view_my_side(t, 2)))
		tafl_chosen = -1;
}

const struct tui_view tui_tafl = {
	.kind = BD_GAME_TAFL,
	.title = "Hnefatafl",
	.levels = {"easy", "medium", "perfect", NULL},
	.keys = "",
	.turns = 1,
	.cell_w = 3,
	.side = tf_side,
	.label = tf_label,
	.cell = tf_cell,
	.status = tf_status,
	.ending = tf_ending,
	.play = tf_play,
	.event = tf_event,
};
