/* view-tictactoe.c: tic-tac-toe in board-gtk. The 3x3 grid is drawn from the position in the
 * snapshot: X as a cross, O as a ring (shape, not colour, tells them apart), the last move on
 * a tinted tile with a ring, the winning line struck across its three cells. The side panel
 * says whose turn it is, the result in a banner, and offers Resign while the match is on; once
 * it is over the panel's Play Again asks for a rematch (the sides swapped, its tooltip says).
 * Spectators see the same and have nothing to press. */
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/game/tictactoe.h"

/* The board's colours, from board-gtk.css. */
struct tv_look {
	GdkRGBA plate, paper, last, ring, hover, x, o, win;
};

/* What the view shows, worked out from one snapshot. */
struct tv_model {
	struct ttt_pos pos;
	int on;                /* a match is being played */
	char me;               /* this window's side; 0 for a spectator */
	char turn;             /* the side to move while on, else 0 */
	int last;              /* the cell of the last move, -1 if none */
	char result;           /* once over: 'X' or 'O' won, 'D' drawn; 0 while on */
	int lined;             /* the win is three in a row on the board (not a resignation) */
	unsigned line[3];
	const char *name[2];   /* X's and O's player names, "" for an empty seat */
};

/* The control this view adds to the side panel; NULL once destroyed. */
static struct {
	GtkWidget *resign;
} tv;

/* 0 for X, 1 for O. */
static unsigned tv_side_index(char side)
{
	return side == 'O';
}

/* The other side. */
static char tv_other(char side)
{
	return side == 'X' ? 'O' : 'X';
}

/* The side of seat id: 'X', 'O', or 0 for none (an empty seat, a spectator's -1). */
static char tv_seat_side(const struct bd_pub *snap, int id)
{
	if (id < 0 || id >= BD_PLAYERS_MAX || snap->players[id].state == BD_PLAYER_EMPTY)
		return 0;
	return snap->players[id].side == 0 ? 'X' : snap->players[id].side == 1 ? 'O' : 0;
}

/* The winner's side of a finished match with no line on the board (a resignation or a
 * claim), from the seats' results; 'D' if it was drawn, 0 if no seat has a result. */
static char tv_seat_result(const struct bd_pub *snap)
{
	for (int i = 0; i < BD_PLAYERS_MAX; i++) {
		char side = tv_seat_side(snap, i);
		if (side && snap->players[i].result == BD_RESULT_WIN)
			return side;
		if (side && snap->players[i].result == BD_RESULT_DRAW)
			return 'D';
	}
	return 0;
}

/* Read the model from the app's snapshot; -1 if there is no tic-tac-toe table in it. */
static int tv_read(const struct app *a, struct tv_model *m)
{
	const struct ttt_pub *area = a->have_snap ? ttt_pub_area(a->snap) : NULL;

	memset(m, 0, sizeof *m);
	m->last = -1;
	m->name[0] = m->name[1] = "";
	if (area == NULL)
		return -1;
	memcpy(m->pos.cell, area->cell, sizeof m->pos.cell);
	m->last = area->last < TTT_CELLS ? (int)area->last : -1;
	for (int i = 0; i < BD_PLAYERS_MAX; i++)
		if (tv_seat_side(a->snap, i))
			m->name[tv_side_index(tv_seat_side(a->snap, i))] = a->snap->players[i].name;
	m->me = tv_seat_side(a->snap, a->me);
	m->result = ttt_result(&m->pos, m->line);
	m->lined = m->result == 'X' || m->result == 'O';
	/* A resignation, a claim or a forfeit: no line. After a forfeit the loser's seat is
	 * cleared and the table waits for players, the winner's result still there. */
	if (!m->result && (a->snap->game_state == BD_GAME_OVER || a->snap->game_state == BD_GAME_WAITING))
		m->result = tv_seat_result(a->snap);
	m->on = a->snap->game_state == BD_GAME_ON && !m->result;
	m->turn = m->on ? ttt_to_move(&m->pos) : 0;
	return 0;
}

/* Nonzero if this window may play cell now: its side's turn and an empty cell. */
static int tv_can_play(const struct app *a, unsigned cell)
{
	struct tv_model m;

	return conn_can_play(a) && tv_read(a, &m) == 0 && m.me && m.turn == m.me && cell < TTT_CELLS &&
	       ttt_legal(&m.pos, cell);
}

/* Play cell: "move x y"; a refusal is said by the cell (callout.c), as is a move this
 * window knows to be refused (not our turn, or taken), without a round trip. */
static void tv_play(struct app *a, unsigned cell)
{
	struct tv_model m;

	if (tv_can_play(a, cell))
		callout_send(a, (int)cell, "move %u %u", cell % TTT_SIDE, cell / TTT_SIDE);
	else if (!conn_can_play(a) || tv_read(a, &m) < 0 || cell >= TTT_CELLS)
		return;
	else if (!m.on || m.turn != m.me)
		callout_out_of_turn(a, (int)cell, m.on);
	else
		callout_illegal(a, (int)cell, ttt_illegal(&m.pos, cell));
}

/* The grid's side: 3 once a tic-tac-toe snapshot is in. */
static unsigned tv_side(const struct app *a)
{
	struct tv_model m;

	return tv_read(a, &m) == 0 ? TTT_SIDE : 0;
}

/* The colours from the stylesheet. */
static void tv_look(GtkStyleContext *ctx, struct tv_look *l)
{
	paint_lookup(ctx, "ttt_plate", "#5e5c64", &l->plate);
	paint_lookup(ctx, "ttt_paper", "#fbfaf7", &l->paper);
	paint_lookup(ctx, "ttt_last", "#f8e5a0", &l->last);
	paint_lookup(ctx, "ttt_last_ring", "#a67c00", &l->ring);
	paint_lookup(ctx, "ttt_hover", "#e4eefb", &l->hover);
	paint_lookup(ctx, "ttt_x", "#1a5fb4", &l->x);
	paint_lookup(ctx, "ttt_o", "#b54a00", &l->o);
	paint_lookup(ctx, "ttt_win", "#26a269", &l->win);
}

/* A mark in rectangle r: X a cross, O a ring; alpha below 1 for the hover preview. */
static void tv_mark(cairo_t *cr, const GdkRectangle *r, char side, const struct tv_look *l, double alpha)
{
	const GdkRGBA *ink = side == 'X' ? &l->x : &l->o;
	double s = r->width, cx = r->x + s / 2, cy = r->y + r->height / 2.0, k = s * 0.28;

	cairo_save(cr);
	cairo_set_source_rgba(cr, ink->red, ink->green, ink->blue, alpha);
	cairo_set_line_width(cr, MAX(2, s * 0.11));
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	if (side == 'X') {
		cairo_move_to(cr, cx - k, cy - k);
		cairo_line_to(cr, cx + k, cy + k);
		cairo_move_to(cr, cx + k, cy - k);
		cairo_line_to(cr, cx - k, cy + k);
	} else {
		cairo_new_sub_path(cr);
		cairo_arc(cr, cx, cy, k * 1.05, 0, 2 * G_PI);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* One tile: paper, tinted with a ring for the last move, lighter where a move may go. */
static void tv_tile(cairo_t *cr, const GdkRectangle *r, int last, int hover, const struct tv_look *l)
{
	double s = r->width, line = MAX(2, s * 0.05);

	paint_round_rect(cr, r->x, r->y, s, r->height, s * 0.06);
	gdk_cairo_set_source_rgba(cr, last ? &l->last : hover ? &l->hover : &l->paper);
	cairo_fill(cr);
	if (!last)
		return;
	paint_round_rect(cr, r->x + line, r->y + line, s - 2 * line, r->height - 2 * line, s * 0.05);
	gdk_cairo_set_source_rgba(cr, &l->ring);
	cairo_set_line_width(cr, line);
	cairo_stroke(cr);
}

/* The winning line from the centre of its first cell past the centre of its last: a dark
 * edge under the colour, so it reads on the tiles and across the marks. */
static void tv_win_line(GtkWidget *view, cairo_t *cr, const unsigned line[3], const struct tv_look *l)
{
	GdkRectangle a, b;

	view_cell_rect(view, line[0], &a);
	view_cell_rect(view, line[2], &b);
	double ax = a.x + a.width / 2.0, ay = a.y + a.height / 2.0, bx = b.x + b.width / 2.0, by = b.y + b.height / 2.0;
	double dx = (bx - ax) * 0.15, dy = (by - ay) * 0.15, w = MAX(4, a.width * 0.14);
	cairo_save(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_move_to(cr, ax - dx, ay - dy);
	cairo_line_to(cr, bx + dx, by + dy);
	cairo_set_source_rgba(cr, 0, 0, 0, 0.6);
	cairo_set_line_width(cr, w + 4);
	cairo_stroke_preserve(cr);
	gdk_cairo_set_source_rgba(cr, &l->win);
	cairo_set_line_width(cr, w);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Draw the board: the plate, nine tiles with their marks (the winning line goes over the
 * keyboard cursor, tv_draw_over). */
static void tv_draw(GtkWidget *view, cairo_t *cr, int hover)
{
	struct app *a = view_app(view);
	struct tv_look l;
	struct tv_model m;
	GdkRectangle r;

	if (tv_read(a, &m) < 0)
		return;
	tv_look(gtk_widget_get_style_context(view), &l);
	view_board_rect(view, &r);
	paint_round_rect(cr, r.x, r.y, r.width, r.height, r.width * 0.03);
	gdk_cairo_set_source_rgba(cr, &l.plate);
	cairo_fill(cr);
	for (unsigned i = 0; i < TTT_CELLS; i++) {
		int preview = (int)i == hover && tv_can_play(a, i);
		view_cell_rect(view, i, &r);
		tv_tile(cr, &r, (int)i == m.last, preview, &l);
		if (m.pos.cell[i] == 'X' || m.pos.cell[i] == 'O')
			tv_mark(cr, &r, m.pos.cell[i], &l, 1);
		else if (preview)
			tv_mark(cr, &r, m.me, &l, 0.3);
	}
}

/* The winning line over everything else. */
static void tv_draw_over(GtkWidget *view, cairo_t *cr)
{
	struct tv_look l;
	struct tv_model m;

	if (tv_read(view_app(view), &m) < 0 || !m.lined)
		return;
	tv_look(gtk_widget_get_style_context(view), &l);
	tv_win_line(view, cr, m.line, &l);
}

/* What a screen reader says for a cell: "row 1, column 2, X, last move, winning line". */
static void tv_cell_name(const struct app *a, unsigned cell, char *buf, size_t len)
{
	struct tv_model m;
	int in_line = 0;

	if (tv_read(a, &m) < 0 || cell >= TTT_CELLS) {
		snprintf(buf, len, "%s", _("cell"));
		return;
	}
	for (unsigned k = 0; m.lined && k < 3; k++)
		in_line |= m.line[k] == cell;
	/* TRANSLATORS: the last two %s are ", last move" and ", winning line", or empty */
	snprintf(buf, len, _("row %u, column %u, %s%s%s"), cell / TTT_SIDE + 1, cell % TTT_SIDE + 1,
		 m.pos.cell[cell] == 'X' ? "X" : m.pos.cell[cell] == 'O' ? "O" : _("empty"),
		 (int)cell == m.last ? _(", last move") : "", in_line ? _(", winning line") : "");
}

/* "ana (X)", or "X" alone if that seat is empty. */
static void tv_who(const struct tv_model *m, char side, char *buf, size_t len)
{
	const char *name = m->name[tv_side_index(side)];

	if (name[0])
		snprintf(buf, len, "%s (%c)", name, side);
	else
		snprintf(buf, len, "%c", side);
}

/* The state line while the table is on or over, and who plays whom below it; nonzero on
 * our turn. */
static int tv_status(const struct app *a, char *state, size_t slen, char *progress, size_t plen)
{
	char who[BD_NAME_MAX + 8], other[BD_NAME_MAX + 8];
	struct tv_model m;

	if (tv_read(a, &m) < 0)
		return 0;
	tv_who(&m, m.turn ? m.turn : 'X', who, sizeof who);
	if (m.on && m.me && m.turn == m.me)
		snprintf(state, slen, _("Your turn: place an %c."), m.me);
	else if (m.on)
		snprintf(state, slen, _("%s to move."), who);
	else
		snprintf(state, slen, _("Game %u is over."), a->snap->game_number);
	tv_who(&m, 'X', who, sizeof who);
	tv_who(&m, 'O', other, sizeof other);
	if (m.me)
		snprintf(progress, plen, _("You play %c against %s."), m.me,
			 m.name[tv_side_index(tv_other(m.me))][0] ? m.name[tv_side_index(tv_other(m.me))] : _("nobody yet"));
	else
		snprintf(progress, plen, _("%s against %s."), who, other);
	return m.on && m.me && m.turn == m.me;
}

/* The result banner: for a player won, lost or drawn; for a spectator who won. */
static void tv_banner(struct app *a, const struct tv_model *m)
{
	char text[128], who[BD_NAME_MAX + 8];

	if (!m->result) {
		panel_banner(a, NULL, NULL);
		return;
	}
	tv_who(m, m->result == 'D' ? 'X' : m->result, who, sizeof who);
	if (m->result == 'D')
		panel_banner(a, "none", _("A draw: the board is full."));
	else if (m->me == m->result)
		panel_banner(a, "win", m->lined ? _("You won: three in a row!") : _("You won: your opponent gave up."));
	else if (m->me) {
		snprintf(text, sizeof text, m->lined ? _("You lost: %s has three in a row.") : _("You lost."), who);
		panel_banner(a, "lose", text);
	} else {
		snprintf(text, sizeof text, _("%s won."), who);
		panel_banner(a, "none", text);
	}
}

/* The view's control in the side panel: Resign, shown while the match is on (the rematch is
 * the panel's Play Again). */
static void tv_build(struct app *a, GtkBox *box)
{
	panel_button(box, _("_Resign"), G_CALLBACK(panel_resign_clicked), a, &tv.resign);
}

/* Show the snapshot in the banner and the button. */
static void tv_update(struct app *a)
{
	struct tv_model m;

	if (tv_read(a, &m) < 0)
		return;
	tv_banner(a, &m);
	if (tv.resign != NULL)
		gtk_widget_set_visible(tv.resign, conn_can_play(a) && m.me && m.on);
}

const struct game_view view_tictactoe = {
	.kind = BD_GAME_TICTACTOE,
	.title = N_("Tic-tac-toe"),
	.levels = {"easy", "perfect", NULL},
	.board_name = N_("Tic-tac-toe board"),
	.keys = N_("Click a square, or move with the arrow keys and place your mark with Space or Enter. Ctrl+Q quits."),
	.action = N_("Place your mark here"),
	.side = tv_side,
	.build = tv_build,
	.draw = tv_draw,
	.draw_over = tv_draw_over,
	.sides = "XO",
	.cell_name = tv_cell_name,
	.can_play = tv_can_play,
	.play = tv_play,
	.status = tv_status,
	.update = tv_update,
};
