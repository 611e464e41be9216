/* view-qwirkle.c: Qwirkle in board-tui. A tile is its shape's letter a-f and its colour's
 * digit 1-6 ("b4"), in that colour where the terminal has colours; the last lay is
 * underlined, the tiles being laid this turn starred ("*b4"). The grid shows the table
 * with a free row and column around it (at least x -5..5, y 5..-5, y up as the protocol
 * counts it), cut to the screen if it is larger, showing each new lay (qv_focus). Our
 * hand is under the board: 1-6 choose a tile, Enter puts it on the cell
 * under the cursor (or takes a tile being laid back), p plays the lay, u takes it all
 * back, x marks the chosen tile to give back and s swaps the marked ones, P passes. A
 * tile's name typed (b then 4, as the seed plays) chooses it in the hand; in a practice game
 * (marked PRACTICE) one the hand does not hold is chosen from the bag, laid as a hand tile
 * but leaving the hand as it is; only the hand's tiles are swapped. The hand comes from the
 * daemon's HAND line and our draws (ipc/game/qwirkle-hand.h). */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ipc/game/qwirkle-hand.h"
#include "tui.h"

#define QV_VIEW_MIN 11 /* the grid's side, at least */

static struct {
	struct qw_held held[QW_SEATS_MAX]; /* each seat's hand we follow (hot seat: several) */
	struct qw_held none;     /* a spectator's: no tile */
	int owner;               /* the seat the lay, choice and marks below are of */
	struct qw_move lay;      /* the tiles being laid, not sent yet */
	unsigned from[QW_HAND];  /* the hand index of each, QW_HAND for a tile from the bag */
	unsigned chosen;         /* the hand tile chosen */
	uint8_t pick;            /* practice: the tile chosen by name from the bag, else QW_NO_TILE */
	char letter;             /* a tile's shape letter typed, waiting for its digit; else 0 */
	unsigned marked;         /* bit per hand tile marked to give back */
} qv;

/* The hand of our seat (the one playing, in a hot seat), an empty one for a spectator. */
static struct qw_held *qv_held(const struct tui *t)
{
	int side = view_my_side(t, QW_SEATS_MAX);

	return side >= 0 ? &qv.held[side] : &qv.none;
}

/* Forget the lay being made and the marks. */
static void qv_clear(void)
{
	qv.lay.n = 0;
	qv.marked = 0;
}

/* The lay being made is the seat's that plays now: another seat's (a hot seat passed on)
 * is forgotten. */
static void qv_own(const struct tui *t)
{
	if (qv.owner == t->me)
		return;
	qv_clear();
	qv.chosen = 0;
	qv.pick = QW_NO_TILE;
	qv.owner = t->me;
}

/* Qwirkle's area of the snapshot, NULL if the table is another game's. */
static const struct qw_pub *qv_area(const struct tui *t)
{
	return qw_pub_area(t->snap);
}

/* The grid's corner (x0 the left column's x, y0 the top row's y) and its side: the table
 * and the tiles being laid, a cell around them, and at least QV_VIEW_MIN cells. */
static unsigned qv_frame(const struct tui *t, int *x0, int *y0)
{
	const struct qw_pub *a = qv_area(t);
	int half = QV_VIEW_MIN / 2, xmin = -half, xmax = half, ymin = -half, ymax = half;

	for (unsigned i = 0; a != NULL && i < a->ntiles && i < QW_TILES; i++) {
		xmin = a->tile[i].x - 1 < xmin ? a->tile[i].x - 1 : xmin;
		xmax = a->tile[i].x + 1 > xmax ? a->tile[i].x + 1 : xmax;
		ymin = a->tile[i].y - 1 < ymin ? a->tile[i].y - 1 : ymin;
		ymax = a->tile[i].y + 1 > ymax ? a->tile[i].y + 1 : ymax;
	}
	for (unsigned i = 0; qv.owner == t->me && i < qv.lay.n; i++) {
		xmin = qv.lay.p[i].x - 1 < xmin ? qv.lay.p[i].x - 1 : xmin;
		xmax = qv.lay.p[i].x + 1 > xmax ? qv.lay.p[i].x + 1 : xmax;
		ymin = qv.lay.p[i].y - 1 < ymin ? qv.lay.p[i].y - 1 : ymin;
		ymax = qv.lay.p[i].y + 1 > ymax ? qv.lay.p[i].y + 1 : ymax;
	}
	*x0 = xmin;
	*y0 = ymax;
	return (unsigned)(xmax - xmin > ymax - ymin ? xmax - xmin : ymax - ymin) + 1;
}

/* The grid's side on a Qwirkle table, else 0. */
static unsigned qv_side(const struct tui *t)
{
	int x0, y0;

	return qv_area(t) != NULL ? qv_frame(t, &x0, &y0) : 0;
}

/* A cell's coordinates. */
static void qv_xy(const struct tui *t, unsigned cell, int *x, int *y)
{
	int x0, y0;
	unsigned side = qv_frame(t, &x0, &y0);

	*x = x0 + (int)(cell % side);
	*y = y0 - (int)(cell / side);
}

/* For a grid cut to the screen: the newest tile's cell, to show it; a number that changes
 * with each lay (the game's and its tiles'), 0 if the table is empty. */
static unsigned qv_focus(const struct tui *t, unsigned *cell)
{
	const struct qw_pub *a = qv_area(t);
	int x0, y0;

	if (a == NULL || a->ntiles == 0 || a->ntiles > QW_TILES)
		return 0;
	unsigned side = qv_frame(t, &x0, &y0);
	*cell = (unsigned)(y0 - a->tile[a->ntiles - 1].y) * side + (unsigned)(a->tile[a->ntiles - 1].x - x0);
	return t->snap->game_number * (QW_TILES + 1) + a->ntiles;
}

/* Columns by x, rows by y. */
static void qv_label(const struct tui *t, int row, unsigned i, char out[4])
{
	int x0, y0;

	qv_frame(t, &x0, &y0);
	snprintf(out, 4, "%d", row ? y0 - (int)i : x0 + (int)i);
}

/* The tile being laid at x, y: its index in qv.lay, -1 if none. */
static int qv_laying(int x, int y)
{
	for (unsigned i = 0; i < qv.lay.n; i++)
		if (qv.lay.p[i].x == x && qv.lay.p[i].y == y)
			return (int)i;
	return -1;
}

/* A cell: the table's tile (the last lay's underlined), one being laid (starred), or none. */
static void qv_cell(const struct tui *t, unsigned cell, struct tui_cell *out)
{
	const struct qw_pub *a = qv_area(t);
	int x, y, k = -1, mine;
	char tile[QW_TILE_LEN + 1];

	qv_xy(t, cell, &x, &y);
	for (unsigned i = 0; i < a->ntiles && i < QW_TILES && k < 0; i++)
		if (a->tile[i].x == x && a->tile[i].y == y)
			k = (int)i;
	mine = k < 0 && qv.owner == t->me ? qv_laying(x, y) : -1;
	if (k < 0 && mine < 0) {
		snprintf(out->text, sizeof out->text, " %c ", x == 0 && y == 0 ? '+' : '.');
		out->attr = A_DIM;
		return;
	}
	uint8_t piece = k >= 0 ? a->tile[k].tile : qv.lay.p[mine].tile;
	qw_tile_format(piece, tile);
	snprintf(out->text, sizeof out->text, "%c%s", mine >= 0 ? '*' : ' ', tile);
	out->colour = (int)qw_colour(piece);
	out->attr = mine >= 0 ? A_BOLD : k >= (int)(a->ntiles - a->last_n) && a->last == QW_LAST_LAY ? A_UNDERLINE : 0;
}

/* Nonzero if hand tile i is being laid. */
static int qv_placed(unsigned i)
{
	for (unsigned k = 0; k < qv.lay.n; k++)
		if (qv.from[k] == i)
			return 1;
	return 0;
}

/* Nonzero if it is our turn. */
static int qv_mine(const struct tui *t)
{
	return view_can_move(t) && t->snap->turn == (unsigned)t->me;
}

/* Every seat's points: " ana 12, bob 7". */
static void qv_points(const struct tui *t, char *buf, size_t len)
{
	const struct qw_pub *a = qv_area(t);
	char name[BD_NAME_MAX + 1];
	size_t n = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < BD_PLAYERS_MAX && n < len; i++)
		if (t->snap->players[i].state != BD_PLAYER_EMPTY && t->snap->players[i].side < QW_SEATS_MAX)
			n += (size_t)snprintf(buf + n, len - n, "%s %s %u", n ? "," : "",
					      bd_printable(name, sizeof name, t->snap->players[i].name),
					      a->score[t->snap->players[i].side]);
}

/* Whose turn, the bag, the points (after PRACTICE in a practice game); nonzero if ours. */
static int qv_status(const struct tui *t, char *buf, size_t len)
{
	char name[BD_NAME_MAX + 1] = "?", points[160];

	if (t->snap->turn < BD_PLAYERS_MAX)
		bd_printable(name, sizeof name, t->snap->players[t->snap->turn].name);
	const char *mark = qv_area(t)->practice ? "PRACTICE: " : ""; /* words: no colour needed */

	qv_points(t, points, sizeof points);
	if (qv_mine(t))
		snprintf(buf, len, "%sYour turn: lay (p), swap (x marks, s) or pass (P). Bag %u. Points:%s.", mark,
			 qv_area(t)->bag, points);
	else
		snprintf(buf, len, "%s%s to move. Bag %u. Points:%s.", mark, name, qv_area(t)->bag, points);
	return qv_mine(t);
}

/* The hand under the board: "Hand (1-6 choose): 1[a1] 2:b4 3:c2x 4:--" (chosen bracketed,
 * marked x, laid --); then a tile's letter typed ("Typed: b_") or the bag's tile chosen
 * ("Any: [b4]"): 72 characters at most, for an 80-column screen. */
static void qv_note(const struct tui *t, char *buf, size_t len)
{
	size_t n = 0;
	char tile[QW_TILE_LEN + 1];
	int own = qv.owner == t->me;

	if (t->me < 0 || !qv_held(t)->known) {
		snprintf(buf, len, "%s", t->me < 0 ? "" : "Hand: not known yet.");
		return;
	}
	n = (size_t)snprintf(buf, len, "Hand (1-%u choose%s):", qv_held(t)->hand.n,
			     qv_area(t)->practice ? "; any tile: b4" : "");
	for (unsigned i = 0; i < qv_held(t)->hand.n && n < len; i++) {
		qw_tile_format(qv_held(t)->hand.tile[i], tile);
		int chosen = own && i == qv.chosen && qv.pick == QW_NO_TILE;
		n += (size_t)snprintf(buf + n, len - n, " %u%s%s%s%s", i + 1, chosen ? "[" : ":",
				      own && qv_placed(i) ? "--" : tile, chosen ? "]" : "", own && qv.marked >> i & 1u ? "x" : "");
	}
	if (own && qv.pick != QW_NO_TILE && n < len) {
		qw_tile_format(qv.pick, tile);
		snprintf(buf + n, len - n, "  Any: [%s]", tile);
	} else if (own && qv.letter && n < len) {
		snprintf(buf + n, len - n, "  Typed: %c_", qv.letter);
	}
}

/* The end: every seat's points, a practice game's said so. */
static void qv_ending(const struct tui *t, char *buf, size_t len)
{
	char points[160];

	qv_points(t, points, sizeof points);
	snprintf(buf, len, "%spoints%s", qv_area(t)->practice ? "a PRACTICE game, " : "", points);
}

/* Put the chosen tile (the bag's, in practice, else the hand's) at x, y; then choose the
 * next hand tile not laid yet. */
static void qv_put(struct tui *t, int x, int y)
{
	const struct qw_hand *h = &qv_held(t)->hand;
	int bag = qv.pick != QW_NO_TILE;

	qv.from[qv.lay.n] = bag ? QW_HAND : qv.chosen;
	qv.lay.p[qv.lay.n++] = (struct qw_place){(int8_t)x, (int8_t)y, bag ? qv.pick : h->tile[qv.chosen]};
	qv.pick = QW_NO_TILE;
	for (unsigned i = 0; i < h->n; i++)
		if (!qv_placed((qv.chosen + i) % h->n)) {
			qv.chosen = (qv.chosen + i) % h->n;
			break;
		}
}

/* A tile typed by name: the hand's copy not being laid yet, else in a practice game the
 * bag's (the daemon says if the bag has none left). */
static void qv_pick(struct tui *t, uint8_t tile)
{
	const struct qw_hand *h = &qv_held(t)->hand;
	char name[QW_TILE_LEN + 1], why[64];

	for (unsigned i = 0; i < h->n; i++)
		if (h->tile[i] == tile && !qv_placed(i)) {
			qv.chosen = i;
			qv.pick = QW_NO_TILE;
			return;
		}
	if (qv_area(t)->practice) {
		qv.pick = tile;
		return;
	}
	qw_tile_format(tile, name);
	snprintf(why, sizeof why, "no %s in your hand (any tile is for practice games)", name);
	draw_feedback(t, why, 1);
}

/* Enter: put the chosen tile on an empty cell, or take a tile being laid back. */
static void qv_play(struct tui *t, unsigned cell)
{
	int x, y;

	qv_own(t);
	qv_xy(t, cell, &x, &y);
	int k = qv_laying(x, y);
	if (!qv_mine(t)) {
		draw_feedback(t, t->me < 0 ? "you are watching" : "not your turn", 1);
	} else if (k >= 0) {
		qv.lay.p[k] = qv.lay.p[--qv.lay.n];
		qv.from[k] = qv.from[qv.lay.n];
	} else if (qv.pick == QW_NO_TILE && (qv.chosen >= qv_held(t)->hand.n || qv_placed(qv.chosen))) {
		draw_feedback(t, "choose a tile of your hand with 1-6 first", 1);
	} else if (x < -QW_COORD_MAX || x > QW_COORD_MAX || y < -QW_COORD_MAX || y > QW_COORD_MAX) {
		draw_feedback(t, "off the table", 1);
	} else {
		qv_put(t, x, y);
	}
}

/* p: send the lay (the rules checked first, so a refusal names the rule at once). */
static void qv_send_lay(struct tui *t)
{
	struct qw_pos pos;
	char text[QW_MOVE_TEXT_MAX];
	unsigned score;

	if (qv.lay.n == 0) {
		draw_feedback(t, "put tiles on the table with Enter first", 1);
		return;
	}
	const char *why = qw_pub_table(qv_area(t), &pos);
	if (why == NULL)
		why = qw_lay_error(&pos, &qv_held(t)->hand, (int)qv_area(t)->practice, &qv.lay, &score);
	if (why != NULL) {
		draw_feedback(t, why, 1);
		return;
	}
	qw_move_format(&qv.lay, text);
	if (conn_send(t, "move %s", text) == 0)
		qv_clear();
}

/* s: give the marked tiles back. */
static void qv_send_swap(struct tui *t)
{
	struct qw_turn turn = {.kind = QW_SWAP};
	char text[QW_MOVE_TEXT_MAX];

	for (unsigned i = 0; i < qv_held(t)->hand.n; i++)
		if (qv.marked >> i & 1u)
			turn.swap.tile[turn.swap.n++] = qv_held(t)->hand.tile[i];
	const char *why = turn.swap.n == 0 ? "mark the tiles to give back with x first" :
			  qw_swap_error(&qv_held(t)->hand, turn.swap.tile, turn.swap.n, qv_area(t)->bag);
	if (why != NULL) {
		draw_feedback(t, why, 1);
		return;
	}
	qw_turn_format(&turn, text);
	if (conn_send(t, "move %s", text) == 0) {
		qw_held_sent(qv_held(t), &turn);
		qv_clear();
	}
}

/* The keys of a turn: 1-6, a tile's name (a-f then 1-6), p, u, x, s, P. */
static int qv_key(struct tui *t, int ch)
{
	char name[3] = {qv.letter, (char)ch, 0};
	uint8_t tile;

	qv_own(t);
	qv.letter = 0; /* a letter waits for the very next key */
	if (name[0] && qw_tile_parse(name, &tile) == 0) {
		qv_pick(t, tile);
	} else if (ch >= 'a' && ch <= 'f' && t->me >= 0) {
		qv.letter = (char)ch;
	} else if (ch >= '1' && ch <= '6') {
		qv.chosen = (unsigned)(ch - '1');
		qv.pick = QW_NO_TILE;
	} else if (ch == 'u') {
		qv_clear();
	} else if (ch == 'x' && qv.pick != QW_NO_TILE) {
		draw_feedback(t, "only your hand's tiles are given back: choose one with 1-6", 1);
	} else if (ch == 'x' && qv.chosen < qv_held(t)->hand.n) {
		qv.marked ^= 1u << qv.chosen;
	} else if ((ch == 'p' || ch == 's' || ch == 'P') && !qv_mine(t)) {
		draw_feedback(t, "not your turn", 1);
	} else if (ch == 'p') {
		qv_send_lay(t);
	} else if (ch == 's') {
		qv_send_swap(t);
	} else if (ch == 'P') {
		if (conn_send(t, "move pass") == 0)
			qv_clear();
	} else {
		return 0;
	}
	return 1;
}

/* Our hand follows the table's events and HAND lines; a new game forgets the lay. */
static void qv_line(struct tui *t, const struct bd_msg *m)
{
	struct bd_event ev;
	int parsed = m->kind == BD_MSG_EVENT && bd_msg_event(m, t->c.dim, &ev) == 0;

	if (t->me < 0)
		return;
	if (qw_held_follow(qv_held(t), t->me, m, parsed ? &ev : NULL) == 1 && qv.owner == t->me) {
		qv_clear(); /* the hand being laid from changed */
		if (qv.chosen >= qv_held(t)->hand.n)
			qv.chosen = 0;
	}
}

/* A new table: nothing known of the hand until its HAND line or the deal. */
static void qv_reset(struct tui *t)
{
	memset(&qv, 0, sizeof qv);
	qv.pick = QW_NO_TILE;
	for (unsigned k = 0; k < QW_SEATS_MAX; k++)
		qw_held_reset(&qv.held[k], t->have_snap ? t->snap->game_number : 0);
	qv.owner = t->me;
}

const struct tui_view tui_qwirkle = {
	.kind = BD_GAME_QWIRKLE,
	.title = "Qwirkle",
	.levels = {"easy", "greedy", "strong", NULL},
	.keys = "1-6/b4 tile  p play  u undo  x mark  s swap  P pass",
	.turns = 1,
	.cell_w = 3,
	.side = qv_side,
	.label = qv_label,
	.cell = qv_cell,
	.status = qv_status,
	.ending = qv_ending,
	.note = qv_note,
	.play = qv_play,
	.key = qv_key,
	.event = qv_line,
	.line = qv_line,
	.reset = qv_reset,
	.focus = qv_focus,
};
