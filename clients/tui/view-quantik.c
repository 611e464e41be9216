/* view-quantik.c: Quantik in board-tui. White's pieces are their shapes' letters in upper
 * case (bold), black's in lower case, each in its seat's colour; the last move underlined.
 * The keys a-d (or 1-4) choose the shape to place; on our turn the squares where it may
 * go show ":"; Enter places it. Under the board: the pieces left, and how the round
 * before ended. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ipc/game/quantik.h"
#include "tui.h"

static const char *const qk_colours[2] = {"white", "black"};
static unsigned qk_chosen; /* the shape chosen to place, 0-3 */

/* Quantik's area of the snapshot, NULL if the table is another game's. */
static const struct qk_pub *qt_area(const struct tui *t)
{
	return qk_pub_area(t->snap);
}

/* 4 on a Quantik table. */
static unsigned qt_side(const struct tui *t)
{
	return qt_area(t) != NULL ? QK_SIDE : 0;
}

/* The round's position, and the colour to move (the notation's side to move, as a colour). */
static unsigned qt_pos(const struct tui *t, struct qk_pos *p)
{
	const struct qk_pub *a = qt_area(t);

	if (a == NULL) { /* the view is only asked about a Quantik table */
		qk_pos_empty(p);
		return 0;
	}
	qk_pos_from_cells(p, a->now.cell);
	return qk_to_move(p) ^ (a->now.first & 1u);
}

/* Nonzero if it is our turn in a round that is on. */
static int qt_our_turn(const struct tui *t)
{
	struct qk_pos p;

	return view_can_move(t) && qt_area(t)->now.how == QK_HOW_NONE && (int)qt_pos(t, &p) == view_my_side(t, 2);
}

/* A square: a piece as its shape in its colour's case, or where the chosen shape may go. */
static void qt_cell(const struct tui *t, unsigned cell, struct tui_cell *out)
{
	const struct qk_round *r = &qt_area(t)->now;
	char c = r->cell[cell];
	struct qk_pos p;

	if (c == '.') {
		qt_pos(t, &p);
		int legal = qt_our_turn(t) && (qk_legal_cells(&p, qk_chosen) >> cell & 1u);
		snprintf(out->text, sizeof out->text, " %c ", legal ? ':' : '.');
		out->attr = legal ? A_BOLD : A_DIM;
		return;
	}
	unsigned colour = (c >= 'A' && c <= 'D' ? 0u : 1u) ^ (r->first & 1u);
	char shape = (char)((c >= 'a' ? c - 'a' : c - 'A') + (colour == 0 ? 'A' : 'a'));
	int seat = view_seat_of(t, colour);
	snprintf(out->text, sizeof out->text, " %c ", shape);
	out->colour = seat >= 0 ? (int)t->snap->players[seat].colour : -1;
	out->attr = (colour == 0 ? A_BOLD : 0) | (r->last == cell ? A_UNDERLINE : 0);
}

/* A colour's pieces left to place ("A2 B1 C2 D2"). */
static void qt_left(const struct tui *t, unsigned colour, char *buf, size_t len)
{
	struct qk_pos p;
	unsigned side = colour ^ (qt_area(t)->now.first & 1u);

	qt_pos(t, &p);
	snprintf(buf, len, "A%u B%u C%u D%u", qk_left(&p, side, 0), qk_left(&p, side, 1), qk_left(&p, side, 2),
		 qk_left(&p, side, 3));
}

/* Whose move, the shape chosen, the pieces left; nonzero if ours. */
static int qt_status(const struct tui *t, char *buf, size_t len)
{
	struct qk_pos p;
	unsigned turn = qt_pos(t, &p);
	int me = view_my_side(t, 2), seat = view_seat_of(t, turn);
	char name[BD_NAME_MAX + 1] = "?", left[32];

	if (seat >= 0)
		bd_printable(name, sizeof name, t->snap->players[seat].name);
	qt_left(t, me >= 0 ? (unsigned)me : turn, left, sizeof left);
	if (me == (int)turn)
		snprintf(buf, len, "Round %u. Your turn (%s): place %c (a-d choose). Left: %s.", t->snap->round_number,
			 qk_colours[turn], "ABCD"[qk_chosen], left);
	else
		snprintf(buf, len, "Round %u. %s (%s) to move%s%s.", t->snap->round_number, name, qk_colours[turn],
			 me >= 0 ? ". Your pieces left: " : "", me >= 0 ? left : "");
	return me == (int)turn;
}

/* How a round ended: who won it and how ("zone3", "stuck", "time"...). */
static void qt_round_end(const struct tui *t, const struct qk_round *r, char *buf, size_t len)
{
	char how[QK_HOW_NAME], name[BD_NAME_MAX + 1] = "?";
	int seat = view_seat_of(t, r->winner & 1u);

	if (seat >= 0)
		bd_printable(name, sizeof name, t->snap->players[seat].name);
	qk_how_name(r->how, how);
	snprintf(buf, len, "%s (%s) won it by %s", name, qk_colours[r->winner & 1u], how);
}

/* The match's end: how its last round ended. */
static void qt_ending(const struct tui *t, char *buf, size_t len)
{
	const struct qk_round *r = &qt_area(t)->now;

	if (r->how == QK_HOW_NONE)
		snprintf(buf, len, "a player resigned or left");
	else
		qt_round_end(t, r, buf, len);
}

/* Place the chosen shape on cell ("move A5"); a square it may not go to is said at once. */
static void qt_play(struct tui *t, unsigned cell)
{
	struct qk_pos p;

	if (!view_can_move(t)) {
		draw_feedback(t, t->me < 0 ? "you are watching" : "the game is not on", 1);
		return;
	}
	qt_pos(t, &p);
	const char *why = qk_illegal(&p, QK_MOVE(qk_chosen, cell));
	if (!qt_our_turn(t))
		draw_feedback(t, "not your turn", 1);
	else if (why != NULL)
		draw_feedback(t, why, 1);
	else
		conn_send(t, "move %c%u", "ABCD"[qk_chosen], cell);
}

/* a-d or 1-4 choose the shape. */
static int qt_key(struct tui *t, int ch)
{
	const char *keys = "abcd1234", *k = ch > 0 && ch < 256 ? strchr(keys, ch) : NULL;

	(void)t;
	if (k == NULL || *k == 0)
		return 0;
	qk_chosen = (unsigned)(k - keys) % QK_SHAPES;
	return 1;
}

/* Under the board: how the round before ended, while the next one is played. */
static void qt_note(const struct tui *t, char *buf, size_t len)
{
	const struct qk_round *b = &qt_area(t)->before;
	char end[128];

	buf[0] = 0;
	if (b->how == QK_HOW_NONE || t->snap->game_state != BD_GAME_ON)
		return;
	qt_round_end(t, b, end, sizeof end);
	snprintf(buf, len, "The round before: %s.", end);
}

const struct tui_view tui_quantik = {
	.kind = BD_GAME_QUANTIK,
	.title = "Quantik",
	.levels = {"easy", "medium", "perfect", NULL},
	.keys = "a-d shape",
	.turns = 1,
	.cell_w = 3,
	.side = qt_side,
	.cell = qt_cell,
	.status = qt_status,
	.ending = qt_ending,
	.note = qt_note,
	.play = qt_play,
	.key = qt_key,
};
