/* view-tafl.c: Hnefatafl in board-gtk. The 9x9 board is drawn from the position in the
 * snapshot: the throne (a square with a cross) and the four corners (a square with a
 * diagonal cross) marked; attackers are dark diamonds, defenders light discs, the king a
 * light disc with a cross on it (shape, not colour alone, tells them apart). The last move
 * is tinted from where it left to where it came, with a line between, the pieces it took
 * crossed out. Playing: a click (or Space, Enter) on one of the window's pieces selects it
 * and dots the cells it may go to; a click on one of them moves it; a piece may also be
 * dragged there. The side panel says whose turn it is, the end with its reason in a banner,
 * and offers Resign and Offer a draw while the match is on (an opponent's offer is said; the
 * match is drawn when both offered); once it is over the panel's Play Again asks for a
 * rematch (the sides swapped). */
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/game/tafl.h"

/* The board's colours, from board-gtk.css. */
struct fv_look {
	GdkRGBA plate, tile, throne, corner, mark, last, ring, hover, select, dot, att, att_edge, def, def_edge,
		took;
};

/* What the view shows, worked out from one snapshot. */
struct fv_model {
	struct tafl_pos pos;
	const struct tafl_pub *area;
	int on;                /* a match is being played */
	int me;                /* this window's side (TAFL_ATTACKERS, TAFL_DEFENDERS), -1 for none */
	int turn;              /* the side to move while on, else -1 */
	int winner;            /* once over: the side that won, 2 a draw, -1 none (yet) */
	const char *name[2];   /* the attackers' and defenders' player names, "" if empty */
};

/* The view's own state: the piece selected (-1: none) and the side panel's controls. */
static struct {
	int selected;
	GtkWidget *resign, *draw;
	int offered;           /* we offered a draw since the last move */
} fv = {-1, NULL, NULL, 0};

static const char *const fv_side_names[2] = {N_("attackers"), N_("defenders")};

/* The side of seat id, or -1 (an empty seat, a spectator). */
static int fv_seat_side(const struct bd_pub *snap, int id)
{
	if (id < 0 || id >= BD_PLAYERS_MAX || snap->players[id].state == BD_PLAYER_EMPTY || snap->players[id].side > 1)
		return -1;
	return (int)snap->players[id].side;
}

/* The winner of a match that ended off the board (resigned, out of time, forfeited), from the
 * seats' results (either seat's: the other may have left since): its side, 2 for a draw, -1
 * if no seat has a result. */
static int fv_seat_result(const struct bd_pub *snap)
{
	for (int i = 0; i < BD_PLAYERS_MAX; i++) {
		int side = fv_seat_side(snap, i);
		unsigned r = snap->players[i].result;
		if (side >= 0 && (r == BD_RESULT_WIN || r == BD_RESULT_LOSE))
			return r == BD_RESULT_WIN ? side : !side;
		if (side >= 0 && r == BD_RESULT_DRAW)
			return 2;
	}
	return -1;
}

/* Read the model from the app's snapshot; -1 if there is no tafl table in it. */
static int fv_read(const struct app *a, struct fv_model *m)
{
	memset(m, 0, sizeof *m);
	m->me = m->turn = m->winner = -1;
	m->name[0] = m->name[1] = "";
	if (!a->have_snap || (m->area = tafl_pub_area(a->snap)) == NULL)
		return -1;
	tafl_pub_pos(m->area, &m->pos);
	for (int i = 0; i < BD_PLAYERS_MAX; i++)
		if (fv_seat_side(a->snap, i) >= 0)
			m->name[fv_seat_side(a->snap, i)] = a->snap->players[i].name;
	m->me = fv_seat_side(a->snap, a->me);
	if (m->area->end != TAFL_END_ON) {
		int w = tafl_end_winner(m->area->end, m->pos.side);
		m->winner = w < 0 ? 2 : w;
	} else if (a->snap->game_state == BD_GAME_OVER || a->snap->game_state == BD_GAME_WAITING) {
		m->winner = fv_seat_result(a->snap);
	}
	m->on = a->snap->game_state == BD_GAME_ON && m->winner < 0;
	m->turn = m->on ? m->pos.side : -1;
	return 0;
}

/* Nonzero if m.pos lets the piece on from go to to. */
static int fv_legal(const struct fv_model *m, unsigned from, unsigned to)
{
	return from < TAFL_CELLS && to < TAFL_CELLS && tafl_illegal(&m->pos, (struct tafl_move){(uint8_t)from, (uint8_t)to}) == NULL;
}

/* Nonzero if cell holds a piece of the side to move that has a move. */
static int fv_movable(const struct fv_model *m, unsigned cell)
{
	struct tafl_move moves[TAFL_MOVES_MAX];
	unsigned n = tafl_moves(&m->pos, moves);

	for (unsigned i = 0; i < n; i++)
		if (moves[i].from == cell)
			return 1;
	return 0;
}

/* Nonzero if it is this window's turn in m. */
static int fv_my_turn(const struct app *a, const struct fv_model *m)
{
	return conn_can_play(a) && m->me >= 0 && m->turn == m->me;
}

/* Nonzero if a click on cell does something now: select one of our pieces, or move the
 * selected one there. */
static int fv_can_play(const struct app *a, unsigned cell)
{
	struct fv_model m;

	if (fv_read(a, &m) < 0 || !fv_my_turn(a, &m) || cell >= TAFL_CELLS)
		return 0;
	return fv_movable(&m, cell) || (fv.selected >= 0 && fv_legal(&m, (unsigned)fv.selected, cell));
}

/* A click, Space or Enter on cell: select or unselect one of our pieces, or move the
 * selected piece there ("move e5-e8"); a move refused, by the daemon or already here (not
 * our turn, against a rule), is said by the cell (callout.c). */
static void fv_play(struct app *a, unsigned cell)
{
	struct fv_model m;
	char from[4], to[4];

	if (fv_read(a, &m) < 0 || cell >= TAFL_CELLS)
		return;
	if (!fv_my_turn(a, &m)) {
		callout_out_of_turn(a, (int)cell, m.on);
	} else if (fv.selected >= 0 && fv_legal(&m, (unsigned)fv.selected, cell)) {
		tafl_cell_name((unsigned)fv.selected, from);
		tafl_cell_name(cell, to);
		fv.selected = -1;
		callout_send(a, (int)cell, "move %s-%s", from, to);
	} else if (fv_movable(&m, cell)) {
		fv.selected = fv.selected == (int)cell ? -1 : (int)cell;
		callout_clear(a);
	} else if (fv.selected >= 0) {
		callout_illegal(a, (int)cell, tafl_illegal(&m.pos, (struct tafl_move){(uint8_t)fv.selected, (uint8_t)cell}));
		fv.selected = -1;
	} else {
		callout_refuse(a, (int)cell, _("Pick one of your pieces that can move first."));
	}
	view_update(a->view);
}

/* A piece dragged from one cell and dropped on another: the same as two clicks. */
static void fv_drag(struct app *a, unsigned from, unsigned to)
{
	if (fv.selected == (int)from)
		fv_play(a, to);
}

/* The grid's side: 9 once a tafl snapshot is in. */
static unsigned fv_side(const struct app *a)
{
	struct fv_model m;

	return fv_read(a, &m) == 0 ? TAFL_SIDE : 0;
}

/* The colours from the stylesheet. */
static void fv_look(GtkStyleContext *ctx, struct fv_look *l)
{
	paint_lookup(ctx, "tafl_plate", "#63452c", &l->plate);
	paint_lookup(ctx, "tafl_tile", "#e9d3a6", &l->tile);
	paint_lookup(ctx, "tafl_throne", "#c9a66b", &l->throne);
	paint_lookup(ctx, "tafl_corner", "#c9a66b", &l->corner);
	paint_lookup(ctx, "tafl_mark", "#63452c", &l->mark);
	paint_lookup(ctx, "tafl_last", "#f6e27a", &l->last);
	paint_lookup(ctx, "tafl_last_ring", "#a67c00", &l->ring);
	paint_lookup(ctx, "tafl_hover", "#f3e6c8", &l->hover);
	paint_lookup(ctx, "tafl_select", "#1c71d8", &l->select);
	paint_lookup(ctx, "tafl_dot", "#26a269", &l->dot);
	paint_lookup(ctx, "tafl_attacker", "#241f31", &l->att);
	paint_lookup(ctx, "tafl_attacker_edge", "#9a9996", &l->att_edge);
	paint_lookup(ctx, "tafl_defender", "#ffffff", &l->def);
	paint_lookup(ctx, "tafl_defender_edge", "#241f31", &l->def_edge);
	paint_lookup(ctx, "tafl_took", "#c01c28", &l->took);
}

/* Fill the current path with fill and stroke it with edge, w wide. */
static void fv_fill_edge(cairo_t *cr, const GdkRGBA *fill, const GdkRGBA *edge, double w)
{
	gdk_cairo_set_source_rgba(cr, fill);
	cairo_fill_preserve(cr);
	gdk_cairo_set_source_rgba(cr, edge);
	cairo_set_line_width(cr, w);
	cairo_stroke(cr);
}

/* A piece in rectangle r: an attacker a dark diamond, a defender a light disc, the king a
 * light disc with a dark cross; alpha below 1 for a piece being dragged away. */
static void fv_piece(cairo_t *cr, const GdkRectangle *r, unsigned piece, const struct fv_look *l)
{
	double s = r->width, cx = r->x + s / 2, cy = r->y + r->height / 2.0, k = s * 0.36, w = MAX(1.5, s * 0.05);

	cairo_save(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	if (piece == TAFL_ATT) {
		cairo_move_to(cr, cx, cy - k);
		cairo_line_to(cr, cx + k, cy);
		cairo_line_to(cr, cx, cy + k);
		cairo_line_to(cr, cx - k, cy);
		cairo_close_path(cr);
		fv_fill_edge(cr, &l->att, &l->att_edge, w);
	} else {
		cairo_new_sub_path(cr);
		cairo_arc(cr, cx, cy, k * (piece == TAFL_KING ? 0.95 : 0.8), 0, 2 * G_PI);
		fv_fill_edge(cr, &l->def, &l->def_edge, w);
	}
	if (piece == TAFL_KING) {
		double c = k * 0.55;
		gdk_cairo_set_source_rgba(cr, &l->def_edge);
		cairo_set_line_width(cr, MAX(2, s * 0.09));
		cairo_move_to(cr, cx - c, cy);
		cairo_line_to(cr, cx + c, cy);
		cairo_move_to(cr, cx, cy - c);
		cairo_line_to(cr, cx, cy + c);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
}

/* The throne's and the corners' marks: a plain cross on the throne, a diagonal one on a corner. */
static void fv_square_mark(cairo_t *cr, const GdkRectangle *r, int corner, const struct fv_look *l)
{
	double s = r->width, x = r->x, y = r->y, in = s * 0.18;

	cairo_save(cr);
	gdk_cairo_set_source_rgba(cr, &l->mark);
	cairo_set_line_width(cr, MAX(1.5, s * 0.04));
	if (corner) {
		cairo_move_to(cr, x + in, y + in);
		cairo_line_to(cr, x + s - in, y + s - in);
		cairo_move_to(cr, x + s - in, y + in);
		cairo_line_to(cr, x + in, y + s - in);
	} else {
		cairo_move_to(cr, x + s / 2, y + in);
		cairo_line_to(cr, x + s / 2, y + s - in);
		cairo_move_to(cr, x + in, y + s / 2);
		cairo_line_to(cr, x + s - in, y + s / 2);
	}
	cairo_stroke(cr);
	paint_round_rect(cr, x + in / 2, y + in / 2, s - in, s - in, s * 0.05);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The coordinates, small in the tiles' corners: the files along rank 1, the ranks along file a. */
static void fv_coords(cairo_t *cr, unsigned cell, const GdkRectangle *r, const struct fv_look *l)
{
	char name[4], text[2] = "";
	double s = r->width;

	tafl_cell_name(cell, name);
	if (cell / TAFL_SIDE == TAFL_SIDE - 1) {
		text[0] = name[0];
		paint_text(cr, r->x + s * 0.84, r->y + s * 0.84, s * 0.2, text, &l->mark);
	}
	if (cell % TAFL_SIDE == 0) {
		text[0] = name[1];
		paint_text(cr, r->x + s * 0.16, r->y + s * 0.16, s * 0.2, text, &l->mark);
	}
}

/* One tile with its marks: the throne, a corner, the last move's tint and ring, the hover. */
static void fv_tile(cairo_t *cr, unsigned cell, const GdkRectangle *r, const struct fv_model *m, int hover,
		    const struct fv_look *l)
{
	int last = m->area->last_from == cell || m->area->last_to == cell;
	int special = cell == TAFL_THRONE || tafl_corner(cell);
	double s = r->width, line = MAX(2, s * 0.05);

	paint_round_rect(cr, r->x, r->y, s, r->height, s * 0.06);
	gdk_cairo_set_source_rgba(cr, last ? &l->last : hover ? &l->hover : special ? &l->throne : &l->tile);
	cairo_fill(cr);
	if (special)
		fv_square_mark(cr, r, tafl_corner(cell), l);
	fv_coords(cr, cell, r, l);
	if (m->area->last_to != cell)
		return;
	paint_round_rect(cr, r->x + line, r->y + line, s - 2 * line, r->height - 2 * line, s * 0.05);
	gdk_cairo_set_source_rgba(cr, &l->ring);
	cairo_set_line_width(cr, line);
	cairo_stroke(cr);
}

/* A captured piece's cell crossed out in red. */
static void fv_took(cairo_t *cr, const GdkRectangle *r, const struct fv_look *l)
{
	double s = r->width, in = s * 0.28;

	cairo_save(cr);
	gdk_cairo_set_source_rgba(cr, &l->took);
	cairo_set_line_width(cr, MAX(2, s * 0.09));
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_move_to(cr, r->x + in, r->y + in);
	cairo_line_to(cr, r->x + s - in, r->y + s - in);
	cairo_move_to(cr, r->x + s - in, r->y + in);
	cairo_line_to(cr, r->x + in, r->y + s - in);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The selected piece's ring and a dot on each cell it may go to. */
static void fv_selection(GtkWidget *view, cairo_t *cr, const struct fv_model *m, const struct fv_look *l)
{
	GdkRectangle r;

	if (fv.selected < 0)
		return;
	view_cell_rect(view, (unsigned)fv.selected, &r);
	paint_cursor(cr, &r, &l->select);
	for (unsigned c = 0; c < TAFL_CELLS; c++) {
		if (!fv_legal(m, (unsigned)fv.selected, c))
			continue;
		view_cell_rect(view, c, &r);
		cairo_new_sub_path(cr);
		cairo_arc(cr, r.x + r.width / 2.0, r.y + r.height / 2.0, r.width * 0.14, 0, 2 * G_PI);
		fv_fill_edge(cr, &l->dot, &l->def_edge, 1);
	}
}

/* A line from the last move's start to its end, under the pieces. */
static void fv_last_line(GtkWidget *view, cairo_t *cr, const struct fv_model *m, const struct fv_look *l)
{
	GdkRectangle a, b;

	if (m->area->last_from >= TAFL_CELLS || m->area->last_to >= TAFL_CELLS)
		return;
	view_cell_rect(view, m->area->last_from, &a);
	view_cell_rect(view, m->area->last_to, &b);
	cairo_save(cr);
	gdk_cairo_set_source_rgba(cr, &l->ring);
	cairo_set_line_width(cr, MAX(2, a.width * 0.08));
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_move_to(cr, a.x + a.width / 2.0, a.y + a.height / 2.0);
	cairo_line_to(cr, b.x + b.width / 2.0, b.y + b.height / 2.0);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* Draw the board: the plate, 81 tiles with their marks, the last move, the pieces, what it
 * took, the selection and where the selected piece may go. */
static void fv_draw(GtkWidget *view, cairo_t *cr, int hover)
{
	struct app *a = view_app(view);
	struct fv_look l;
	struct fv_model m;
	GdkRectangle r;

	if (fv_read(a, &m) < 0)
		return;
	fv_look(gtk_widget_get_style_context(view), &l);
	view_board_rect(view, &r);
	paint_round_rect(cr, r.x - 4, r.y - 4, r.width + 8, r.height + 8, r.width * 0.02);
	gdk_cairo_set_source_rgba(cr, &l.plate);
	cairo_fill(cr);
	for (unsigned i = 0; i < TAFL_CELLS; i++) {
		view_cell_rect(view, i, &r);
		fv_tile(cr, i, &r, &m, (int)i == hover && fv_can_play(a, i), &l);
	}
	fv_last_line(view, cr, &m, &l);
	for (unsigned i = 0; i < TAFL_CELLS; i++) {
		view_cell_rect(view, i, &r);
		if (m.pos.cell[i] != TAFL_EMPTY)
			fv_piece(cr, &r, m.pos.cell[i], &l);
	}
	for (unsigned k = 0; k < m.area->ncap && k < TAFL_CAPS_MAX; k++) {
		view_cell_rect(view, m.area->cap[k], &r);
		fv_took(cr, &r, &l);
	}
	fv_selection(view, cr, &m, &l);
}

/* What a screen reader says for a cell: "e5, king, throne, last move, selected". */
static void fv_cell_name(const struct app *a, unsigned cell, char *buf, size_t len)
{
	static const char *const pieces[] = {N_("empty"), N_("attacker"), N_("defender"), N_("king")};
	struct fv_model m;
	char name[4];
	int took = 0;

	if (fv_read(a, &m) < 0 || cell >= TAFL_CELLS) {
		snprintf(buf, len, "%s", _("cell"));
		return;
	}
	for (unsigned k = 0; k < m.area->ncap && k < TAFL_CAPS_MAX; k++)
		took |= m.area->cap[k] == cell;
	tafl_cell_name(cell, name);
	snprintf(buf, len, "%s, %s%s%s%s%s%s", name, _(pieces[m.pos.cell[cell] & 3]),
		 cell == TAFL_THRONE ? _(", throne") : tafl_corner(cell) ? _(", corner") : "",
		 m.area->last_to == cell ? _(", last move") : m.area->last_from == cell ? _(", last move from here") : "",
		 took ? _(", captured") : "", fv.selected == (int)cell ? _(", selected") : "",
		 fv.selected >= 0 && fv_legal(&m, (unsigned)fv.selected, cell) ? _(", can move here") : "");
}

/* "ana (attackers)", or "the attackers" if that seat is empty. */
static void fv_who(const struct fv_model *m, int side, char *buf, size_t len)
{
	const char *name = m->name[side];

	if (name[0])
		snprintf(buf, len, "%s (%s)", name, _(fv_side_names[side]));
	else
		snprintf(buf, len, "%s", side == TAFL_ATTACKERS ? _("the attackers") : _("the defenders"));
}

/* The state line while the table is on or over, and who plays whom below it; nonzero on
 * our turn. */
static int fv_status(const struct app *a, char *state, size_t slen, char *progress, size_t plen)
{
	char who[BD_NAME_MAX + 16], other[BD_NAME_MAX + 16];
	struct fv_model m;

	if (fv_read(a, &m) < 0)
		return 0;
	fv_who(&m, m.turn >= 0 ? m.turn : 0, who, sizeof who);
	if (fv_my_turn(a, &m))
		snprintf(state, slen, "%s", fv.selected >= 0 ? _("Your turn: choose where the piece goes.") :
							       _("Your turn: choose one of your pieces."));
	else if (m.on)
		snprintf(state, slen, _("%s to move."), who);
	else
		snprintf(state, slen, _("Game %u is over."), a->snap->game_number);
	fv_who(&m, 0, who, sizeof who);
	fv_who(&m, 1, other, sizeof other);
	if (m.me >= 0)
		snprintf(progress, plen, m.me == TAFL_ATTACKERS ?
			 ngettext("You play the attackers (dark diamonds) against %s. %u of %u ply without a capture.",
				  "You play the attackers (dark diamonds) against %s. %u of %u plies without a capture.",
				  m.area->draw_plies) :
			 ngettext("You play the defenders (white discs and the king) against %s. %u of %u ply without a capture.",
				  "You play the defenders (white discs and the king) against %s. %u of %u plies without a capture.",
				  m.area->draw_plies),
			 m.name[!m.me][0] ? m.name[!m.me] : _("nobody yet"), m.area->quiet, m.area->draw_plies);
	else
		snprintf(progress, plen, _("%s against %s."), who, other);
	return fv_my_turn(a, &m);
}

/* Why the game ended, as the banner says it. */
static const char *fv_reason(const struct fv_model *m)
{
	switch (m->area->end) {
	case TAFL_END_ESCAPED: return _("the king escaped to a corner");
	case TAFL_END_CAPTURED: return _("the king was captured");
	case TAFL_END_NOMOVES: return _("the side to move had no move");
	case TAFL_END_REPETITION: return _("the same position came three times");
	case TAFL_END_QUIET: return _("no capture in the plies the table allows");
	default: return m->winner == 2 ? _("agreed") : _("decided off the board (a resignation, a clock, a player gone)");
	}
}

/* The result banner: for a player won, lost or drawn; for a spectator who won; with why. */
static void fv_banner(struct app *a, const struct fv_model *m)
{
	char text[192], who[BD_NAME_MAX + 16];

	if (m->winner < 0) {
		panel_banner(a, NULL, NULL);
		return;
	}
	if (m->winner == 2) {
		snprintf(text, sizeof text, _("A draw: %s."), fv_reason(m));
		panel_banner(a, "none", text);
		return;
	}
	fv_who(m, m->winner, who, sizeof who);
	if (m->me == m->winner)
		snprintf(text, sizeof text, _("You won: %s."), fv_reason(m));
	else if (m->me >= 0)
		snprintf(text, sizeof text, _("You lost: %s."), fv_reason(m));
	else
		snprintf(text, sizeof text, _("%s won: %s."), who, fv_reason(m));
	panel_banner(a, m->me < 0 ? "none" : m->me == m->winner ? "win" : "lose", text);
}

/* Offer a draw pressed: offer one, or agree to the opponent's (the daemon decides which);
 * once sent the button waits for the opponent. */
static void fv_draw_clicked(GtkButton *b, gpointer data)
{
	(void)b;
	if (conn_send(data, "draw") < 0)
		return;
	fv.offered = 1;
	app_show(data);
}

/* An event: a draw offered by the opponent is said; a move withdraws every offer. */
static void fv_event(struct app *a, const struct bd_msg *msg)
{
	struct bd_event ev;
	char text[BD_NAME_MAX + 64];

	if (bd_msg_event(msg, a->c.dim, &ev) < 0)
		return;
	if (ev.type == TAFL_EV_MOVE) {
		fv.offered = 0;
	} else if (ev.type == BD_EV_OFFER && (int)ev.player != a->me && ev.player < BD_PLAYERS_MAX) {
		snprintf(text, sizeof text, _("%s offers a draw: Offer a draw agrees."), a->snap->players[ev.player].name);
		panel_note(a, text);
	}
}

/* The view's controls in the side panel: Resign and Offer a draw, shown while the match is
 * on (the rematch is the panel's Play Again). */
static void fv_build(struct app *a, GtkBox *box)
{
	panel_button(box, _("_Resign"), G_CALLBACK(panel_resign_clicked), a, &fv.resign);
	panel_button(box, _("Offer a _draw"), G_CALLBACK(fv_draw_clicked), a, &fv.draw);
	fv.offered = 0;
	fv.selected = -1;
}

/* Show the snapshot in the banner and the buttons; a selection that no longer applies (the
 * turn passed, the piece is gone) is dropped. */
static void fv_update(struct app *a)
{
	struct fv_model m;
	int seated = conn_can_play(a);

	if (fv_read(a, &m) < 0)
		return;
	if (fv.selected >= 0 && (!fv_my_turn(a, &m) || !fv_movable(&m, (unsigned)fv.selected)))
		fv.selected = -1;
	fv_banner(a, &m);
	if (fv.resign != NULL)
		gtk_widget_set_visible(fv.resign, seated && m.me >= 0 && m.on);
	if (!m.on)
		fv.offered = 0;
	if (fv.draw != NULL) {
		gtk_widget_set_visible(fv.draw, seated && m.me >= 0 && m.on);
		gtk_widget_set_sensitive(fv.draw, !fv.offered);
		gtk_button_set_label(GTK_BUTTON(fv.draw), fv.offered ? _("Draw offered") : _("Offer a _draw"));
	}
}

const struct game_view view_tafl = {
	.kind = BD_GAME_TAFL,
	.title = N_("Hnefatafl"),
	.levels = {"easy", "medium", "perfect", NULL},
	.board_name = N_("Hnefatafl board"),
	.keys = N_("Click one of your pieces, then where it goes (or drag it there); or move with the arrow "
		   "keys and press Space or Enter on the piece, then on where it goes. Ctrl+Q quits."),
	.action = N_("Select this piece, or move the selected piece here"),
	.side = fv_side,
	.build = fv_build,
	.draw = fv_draw,
	.sides = "AD",
	.cell_name = fv_cell_name,
	.can_play = fv_can_play,
	.play = fv_play,
	.drag = fv_drag,
	.status = fv_status,
	.update = fv_update,
	.event = fv_event,
};
