/* view-quantik.c: Quantik in board-gtk. The 4x4 board is drawn from the position in the
 * snapshot, its four 2x2 zones on tinted plates; pieces are shapes (a cylinder, a cube, a
 * sphere, a tetrahedron: A-D), light for white, dark for black; the last move is ringed; on
 * the window's turn the squares where the chosen shape may go are dotted. The side panel
 * holds the shape picker (also the keys A-D and 1-4), each player's pieces left, whose turn
 * with the clock counting down, the round and the match's points, and the last round's final
 * board with its winning line or zone marked (the next round's empty board follows at once);
 * Resign while a match is on; after it the panel's Play Again asks for a rematch. */
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/game/quantik.h"

#define QV_TICK_MS 200 /* the clock's refresh */

static const char *const qv_shape_names[QK_SHAPES] = {N_("cylinder"), N_("cube"), N_("sphere"), N_("tetrahedron")};
/* With the article, for "place a cylinder" (the article agrees with the shape's word). */
static const char *const qv_shape_a[QK_SHAPES] = {N_("a cylinder"), N_("a cube"), N_("a sphere"), N_("a tetrahedron")};
/* A piece: its colour and shape in one phrase (adjectives agree with the shape's word). */
static const char *const qv_pieces[2][QK_SHAPES] = {
	{N_("white cylinder"), N_("white cube"), N_("white sphere"), N_("white tetrahedron")},
	{N_("black cylinder"), N_("black cube"), N_("black sphere"), N_("black tetrahedron")},
};
static const char *const qv_colours[2] = {N_("white"), N_("black")};

/* The board's colours, from board-gtk.css. */
struct qv_look {
	GdkRGBA plate, zone[2], paper, hover, legal, last, light, light_edge, dark, dark_edge, win;
};

/* What the view shows, worked out from one snapshot. Colours: 0 white, 1 black. */
struct qv_model {
	struct qk_pos pos;
	unsigned first;        /* the colour that opened this round (QFEN's upper case) */
	int on;                /* a round is being played */
	int me;                /* this window's colour, -1 for a spectator */
	int turn;              /* the colour to move while on, else -1 */
	int last;              /* the cell of the last move, -1 if none */
	int winner;            /* once the round is over: the winning colour, else -1 */
	unsigned how;          /* how (QK_HOW_*: a line 0-11, stuck, time...), QK_HOW_NONE while on */
	struct qk_round before; /* the round before (how QK_HOW_NONE if none) */
	const char *name[2];   /* white's and black's player names, "" for an empty seat */
	unsigned points[2];    /* this match's points */
	int64_t deadline;      /* the turn's deadline (CLOCK_MONOTONIC ms), 0 if none */
};

/* The view's state in the side panel; widgets NULL once destroyed. */
static struct {
	GtkWidget *shape[QK_SHAPES], *left[2], *last_round, *last_label, *resign;
	unsigned chosen;       /* the shape chosen to place */
	guint tick;            /* the clock's refresh while a turn has a deadline */
	struct qk_round before; /* the last round before this one, as the area shows it */
} qv;

/* The colour of seat id, or -1 (an empty seat, a spectator's -1). */
static int qv_seat_colour(const struct bd_pub *snap, int id)
{
	if (id < 0 || id >= BD_PLAYERS_MAX || snap->players[id].state == BD_PLAYER_EMPTY || snap->players[id].side > 1)
		return -1;
	return (int)snap->players[id].side;
}

/* The colour of notation side s (0: the round's first mover) in m. */
static unsigned qv_colour(const struct qv_model *m, unsigned s)
{
	return (m->first + s) % 2;
}

/* Read the model from the app's snapshot; -1 if there is no Quantik table in it. */
static int qv_read(const struct app *a, struct qv_model *m)
{
	const struct qk_pub *area = a->have_snap ? qk_pub_area(a->snap) : NULL;

	memset(m, 0, sizeof *m);
	m->last = m->me = m->turn = m->winner = -1;
	m->name[0] = m->name[1] = "";
	if (area == NULL)
		return -1;
	qk_round_pos(&area->now, &m->pos);
	m->last = area->now.last < QK_CELLS ? (int)area->now.last : -1;
	m->first = area->now.first < 2 ? area->now.first : 0;
	m->before = area->before;
	for (int i = 0; i < BD_PLAYERS_MAX; i++) {
		int c = qv_seat_colour(a->snap, i);
		if (c >= 0) {
			m->name[c] = a->snap->players[i].name;
			m->points[c] = a->snap->players[i].score;
		}
	}
	m->me = qv_seat_colour(a->snap, a->me);
	m->how = area->now.how;
	m->winner = m->how < QK_HOWS && area->now.winner < 2 ? area->now.winner : -1;
	m->on = a->snap->game_state == BD_GAME_ON && m->winner < 0;
	m->turn = m->on ? (int)qv_colour(m, qk_to_move(&m->pos)) : -1;
	m->deadline = m->on ? a->snap->turn_deadline_ms : 0;
	return 0;
}

/* Nonzero if this window may place shape on cell now. */
static int qv_may(const struct app *a, const struct qv_model *m, unsigned shape, unsigned cell)
{
	return conn_can_play(a) && m->on && m->me >= 0 && m->turn == m->me && cell < QK_CELLS &&
	       (qk_legal_cells(&m->pos, shape) >> cell & 1u);
}

/* Nonzero if this window may play the chosen shape on cell now. */
static int qv_can_play(const struct app *a, unsigned cell)
{
	struct qv_model m;

	return qv_read(a, &m) == 0 && qv_may(a, &m, qv.chosen, cell);
}

/* Play the chosen shape on cell: "move A5"; a refusal is said by the cell (callout.c), as
 * is a move this window knows to be refused (not our turn, against a rule), without a round
 * trip. */
static void qv_play(struct app *a, unsigned cell)
{
	char move[QK_MOVE_LEN + 1];
	struct qv_model m;

	qk_move_format(QK_MOVE(qv.chosen, cell), move);
	if (qv_can_play(a, cell))
		callout_send(a, (int)cell, "move %s", move);
	else if (!conn_can_play(a) || qv_read(a, &m) < 0 || cell >= QK_CELLS)
		return;
	else if (!m.on || m.me < 0 || m.turn != m.me)
		callout_out_of_turn(a, (int)cell, m.on);
	else
		callout_illegal(a, (int)cell, qk_illegal(&m.pos, QK_MOVE(qv.chosen, cell)));
}

/* The grid's side: 4 once a Quantik snapshot is in. */
static unsigned qv_side(const struct app *a)
{
	struct qv_model m;

	return qv_read(a, &m) == 0 ? QK_SIDE : 0;
}

/* The colours from the stylesheet. */
static void qv_look(GtkStyleContext *ctx, struct qv_look *l)
{
	paint_lookup(ctx, "qk_plate", "#3d3846", &l->plate);
	paint_lookup(ctx, "qk_zone_a", "#c0bfbc", &l->zone[0]);
	paint_lookup(ctx, "qk_zone_b", "#9a9996", &l->zone[1]);
	paint_lookup(ctx, "qk_paper", "#f6f5f4", &l->paper);
	paint_lookup(ctx, "qk_hover", "#e4eefb", &l->hover);
	paint_lookup(ctx, "qk_legal", "#26a269", &l->legal);
	paint_lookup(ctx, "qk_last", "#e5a50a", &l->last);
	paint_lookup(ctx, "qk_light", "#fdfcfa", &l->light);
	paint_lookup(ctx, "qk_light_edge", "#241f31", &l->light_edge);
	paint_lookup(ctx, "qk_dark", "#241f31", &l->dark);
	paint_lookup(ctx, "qk_dark_edge", "#f6f5f4", &l->dark_edge);
	paint_lookup(ctx, "qk_win", "#c01c28", &l->win);
}

/* The outline of shape centred at (cx, cy) in a square of side s. */
static void qv_shape_path(cairo_t *cr, unsigned shape, double cx, double cy, double s)
{
	double k = s * 0.32;

	cairo_new_path(cr);
	switch (shape) {
	case 0: /* a cylinder standing: its side, its top an ellipse */
		cairo_save(cr);
		cairo_translate(cr, cx, cy + k * 0.75);
		cairo_scale(cr, 1, 0.35);
		cairo_arc(cr, 0, 0, k * 0.8, 0, G_PI);
		cairo_restore(cr);
		cairo_line_to(cr, cx - k * 0.8, cy - k * 0.75);
		cairo_save(cr);
		cairo_translate(cr, cx, cy - k * 0.75);
		cairo_scale(cr, 1, 0.35);
		cairo_arc(cr, 0, 0, k * 0.8, G_PI, 2 * G_PI); /* its top's far half; the rim is stroked after */
		cairo_restore(cr);
		cairo_close_path(cr);
		break;
	case 1: /* a cube: a square */
		cairo_rectangle(cr, cx - k * 0.85, cy - k * 0.85, k * 1.7, k * 1.7);
		break;
	case 2: /* a sphere: a disc */
		cairo_arc(cr, cx, cy, k, 0, 2 * G_PI);
		break;
	default: /* a tetrahedron: a triangle standing on its base */
		cairo_move_to(cr, cx, cy - k * 1.05);
		cairo_line_to(cr, cx + k * 1.05, cy + k * 0.8);
		cairo_line_to(cr, cx - k * 1.05, cy + k * 0.8);
		cairo_close_path(cr);
	}
}

/* A piece: shape in colour (0 white, 1 black) in the square (x, y, s); alpha below 1 for
 * the hover preview. White is light with a dark edge, black dark with a light one. */
static void qv_piece(cairo_t *cr, unsigned shape, unsigned colour, double x, double y, double s,
		     const struct qv_look *l, double alpha)
{
	const GdkRGBA *fill = colour ? &l->dark : &l->light, *edge = colour ? &l->dark_edge : &l->light_edge;

	cairo_save(cr);
	qv_shape_path(cr, shape, x + s / 2, y + s / 2, s);
	cairo_set_source_rgba(cr, fill->red, fill->green, fill->blue, alpha);
	cairo_fill_preserve(cr);
	cairo_set_source_rgba(cr, edge->red, edge->green, edge->blue, alpha);
	cairo_set_line_width(cr, MAX(1.5, s * 0.05));
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
	if (shape == 0) { /* the cylinder's top rim, so that it reads as one */
		cairo_save(cr);
		cairo_translate(cr, x + s / 2, y + s / 2 - s * 0.24);
		cairo_scale(cr, 1, 0.35);
		cairo_arc(cr, 0, 0, s * 0.256, 0, G_PI);
		cairo_restore(cr);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
}

/* The piece on cell of pos, if any: its shape and colour; 0 if the cell is empty. */
static int qv_piece_at(const struct qk_pos *pos, unsigned first, unsigned cell, unsigned *shape, unsigned *colour)
{
	for (unsigned s = 0; s < 2; s++)
		for (unsigned k = 0; k < QK_SHAPES; k++)
			if (pos->piece[s][k] >> cell & 1u) {
				*shape = k;
				*colour = (first + s) % 2;
				return 1;
			}
	return 0;
}

/* The zones' plates under the tiles, with the whole board's: each zone its own tint. */
static void qv_plates(GtkWidget *view, cairo_t *cr, const struct qv_look *l)
{
	GdkRectangle r, a, b;

	view_board_rect(view, &r);
	paint_round_rect(cr, r.x - 4, r.y - 4, r.width + 8, r.height + 8, r.width * 0.03);
	gdk_cairo_set_source_rgba(cr, &l->plate);
	cairo_fill(cr);
	for (unsigned z = 0; z < 4; z++) {
		unsigned c0 = z / 2 * 8 + z % 2 * 2;
		view_cell_rect(view, c0, &a);
		view_cell_rect(view, c0 + 5, &b);
		paint_round_rect(cr, a.x - 3, a.y - 3, b.x + b.width - a.x + 6, b.y + b.height - a.y + 6, a.width * 0.1);
		gdk_cairo_set_source_rgba(cr, &l->zone[(z + z / 2) % 2]);
		cairo_fill(cr);
	}
}

/* One tile: paper (lighter under the pointer where a piece may go), ringed for the last
 * move, dotted where the chosen shape may go. */
static void qv_tile(cairo_t *cr, const GdkRectangle *r, int last, int hover, int legal, const struct qv_look *l)
{
	double s = r->width, line = MAX(2, s * 0.05);

	paint_round_rect(cr, r->x + 2, r->y + 2, s - 4, r->height - 4, s * 0.08);
	gdk_cairo_set_source_rgba(cr, hover ? &l->hover : &l->paper);
	cairo_fill(cr);
	if (legal) {
		cairo_arc(cr, r->x + s / 2, r->y + s / 2, s * 0.07, 0, 2 * G_PI);
		gdk_cairo_set_source_rgba(cr, &l->legal);
		cairo_fill(cr);
	}
	if (last) {
		paint_round_rect(cr, r->x + 2 + line, r->y + 2 + line, s - 4 - 2 * line, r->height - 4 - 2 * line, s * 0.07);
		gdk_cairo_set_source_rgba(cr, &l->last);
		cairo_set_line_width(cr, line);
		cairo_stroke(cr);
	}
}

/* Draw the board: plates, sixteen tiles with their pieces. */
static void qv_draw(GtkWidget *view, cairo_t *cr, int hover)
{
	struct app *a = view_app(view);
	struct qv_look l;
	struct qv_model m;
	GdkRectangle r;

	if (qv_read(a, &m) < 0)
		return;
	qv_look(gtk_widget_get_style_context(view), &l);
	qv_plates(view, cr, &l);
	for (unsigned i = 0; i < QK_CELLS; i++) {
		unsigned shape, colour;
		int legal = qv_may(a, &m, qv.chosen, i), preview = (int)i == hover && legal;
		view_cell_rect(view, i, &r);
		qv_tile(cr, &r, (int)i == m.last, preview, legal && !preview, &l);
		if (qv_piece_at(&m.pos, m.first, i, &shape, &colour))
			qv_piece(cr, shape, colour, r.x, r.y, r.width, &l, 1);
		else if (preview)
			qv_piece(cr, qv.chosen, (unsigned)m.me, r.x, r.y, r.width, &l, 0.35);
	}
}

/* The winning line or zone how (0-11) of a board drawn by cell_rect, ringed in the winner's
 * mark colour over everything. */
static void qv_ring_line(cairo_t *cr, unsigned how, void (*cell_rect)(void *, unsigned, GdkRectangle *), void *arg,
			 const struct qv_look *l)
{
	uint16_t cells = qk_line_cells[how];
	GdkRectangle a, b;

	cell_rect(arg, (unsigned)__builtin_ctz(cells), &a);
	cell_rect(arg, 15u - (unsigned)__builtin_clz((unsigned)cells << 16), &b);
	double w = MAX(3, a.width * 0.08);
	paint_round_rect(cr, a.x - w / 2, a.y - w / 2, b.x + b.width - a.x + w, b.y + b.height - a.y + w, a.width * 0.15);
	cairo_set_line_width(cr, w + 3);
	cairo_set_source_rgba(cr, 0, 0, 0, 0.5);
	cairo_stroke_preserve(cr);
	gdk_cairo_set_source_rgba(cr, &l->win);
	cairo_set_line_width(cr, w);
	cairo_stroke(cr);
}

/* view_cell_rect for qv_ring_line. */
static void qv_view_cell(void *view, unsigned cell, GdkRectangle *r)
{
	view_cell_rect(view, cell, r);
}

/* The winning line or zone of a round over on the board, over the cursor. */
static void qv_draw_over(GtkWidget *view, cairo_t *cr)
{
	struct qv_look l;
	struct qv_model m;

	if (qv_read(view_app(view), &m) < 0 || m.winner < 0 || m.how >= QK_LINES)
		return;
	qv_look(gtk_widget_get_style_context(view), &l);
	qv_ring_line(cr, m.how, qv_view_cell, view, &l);
}

/* How a round ended, in words: "row 2", "column 1", "zone 4" (from 1), "no move left",
 * "time", "an illegal move", "a claim", "a resignation". */
static void qv_how_words(unsigned how, char *buf, size_t len)
{
	static const char *const kinds[] = {N_("row %u"), N_("column %u"), N_("zone %u")};
	static const char *const others[] = {N_("no move left"), N_("time"), N_("an illegal move"), N_("a claim"),
					     N_("a resignation")};

	if (how < QK_LINES)
		snprintf(buf, len, _(kinds[how / 4]), how % 4 + 1);
	else
		snprintf(buf, len, "%s", how < QK_HOWS ? _(others[how - QK_LINES]) : "?");
}

/* What a screen reader says for a cell: "row 1, column 2, zone 1, black sphere (C), last
 * move, winning row" or "..., empty, a cylinder may go here". */
static void qv_cell_name(const struct app *a, unsigned cell, char *buf, size_t len)
{
	unsigned shape, colour, zone = cell / 8 * 2 + cell % 4 / 2;
	char what[64], line[32] = "";
	struct qv_model m;

	if (qv_read(a, &m) < 0 || cell >= QK_CELLS) {
		snprintf(buf, len, "%s", _("cell"));
		return;
	}
	if (qv_piece_at(&m.pos, m.first, cell, &shape, &colour))
		snprintf(what, sizeof what, "%s (%c)", _(qv_pieces[colour][shape]), 'A' + shape);
	else if (qv_may(a, &m, qv.chosen, cell))
		snprintf(what, sizeof what, _("empty, %s may go here"), _(qv_shape_a[qv.chosen]));
	else
		snprintf(what, sizeof what, "%s", _("empty"));
	if (m.winner >= 0 && m.how < QK_LINES && (qk_line_cells[m.how] >> cell & 1u)) {
		char words[16];
		qv_how_words(m.how, words, sizeof words);
		snprintf(line, sizeof line, _(", winning %s"), words);
	}
	/* TRANSLATORS: the fourth %s is what is on the cell; the last two are ", last move" and
	 * ", winning row 2" (and so on), or empty */
	snprintf(buf, len, _("row %u, column %u, zone %u, %s%s%s"), cell / 4 + 1, cell % 4 + 1, zone + 1, what,
		 (int)cell == m.last ? _(", last move") : "", line);
}

/* "ana (white)", or "white" alone if that seat is empty. */
static void qv_who(const struct qv_model *m, int colour, char *buf, size_t len)
{
	if (m->name[colour][0])
		snprintf(buf, len, "%s (%s)", m->name[colour], _(qv_colours[colour]));
	else
		snprintf(buf, len, "%s", _(qv_colours[colour]));
}

/* The state line (whose turn, with the clock), and the round and the match's points below
 * it; nonzero on our turn. */
static int qv_status(const struct app *a, char *state, size_t slen, char *progress, size_t plen)
{
	char who[BD_NAME_MAX + 16], other[BD_NAME_MAX + 16], clock[32] = "";
	struct qv_model m;

	if (qv_read(a, &m) < 0)
		return 0;
	if (m.deadline > 0)
		snprintf(clock, sizeof clock, _(" %.1f s left."), MAX(0, m.deadline - bd_client_now(&a->c)) / 1000.0);
	if (m.on && m.me >= 0 && m.turn == m.me)
		/* TRANSLATORS: the second %s is the clock (" 12.5 s left.") or empty */
		snprintf(state, slen, _("Your turn: place %s.%s"), _(qv_shape_a[qv.chosen]), clock);
	else if (m.on) {
		qv_who(&m, m.turn, who, sizeof who);
		snprintf(state, slen, _("%s to move.%s"), who, clock);
	} else
		snprintf(state, slen, _("Match %u is over."), a->snap->game_number);
	qv_who(&m, 0, who, sizeof who);
	qv_who(&m, 1, other, sizeof other);
	snprintf(progress, plen, _("Round %u of 2: %s %u, %s %u.%s"), a->snap->round_number, who, m.points[0], other,
		 m.points[1], m.me >= 0 ? (m.me ? _(" You play black.") : _(" You play white.")) : "");
	return m.on && m.me >= 0 && m.turn == m.me;
}

/* The pieces of colour left in m, shape by shape. */
static unsigned qv_left(const struct qv_model *m, unsigned colour, unsigned shape)
{
	return qk_left(&m->pos, (colour + 2 - m->first) % 2, shape);
}

/* The result banner: the round that ended (on the board once the match is over, else the
 * one before), and the match's result once over. */
static void qv_banner(struct app *a, const struct qv_model *m)
{
	char text[160], who[BD_NAME_MAX + 16], how[24];
	int over = a->snap->game_state == BD_GAME_OVER && m->winner >= 0;
	const struct qk_round *r = over ? NULL : &m->before;
	int winner = over ? m->winner : r->how < QK_HOWS && r->winner < 2 ? r->winner : -1;
	unsigned round = over ? a->snap->round_number : a->snap->round_number - 1;

	if (winner < 0 || round == 0) {
		panel_banner(a, NULL, NULL);
		return;
	}
	qv_who(m, winner, who, sizeof who);
	qv_how_words(over ? m->how : r->how, how, sizeof how);
	int n = m->me == winner ? snprintf(text, sizeof text, _("Round %u: you won (%s)."), round, how) :
				   snprintf(text, sizeof text, _("Round %u: %s won (%s)."), round, who, how);
	if (over && n > 0 && (size_t)n < sizeof text) {
		int mine = m->me < 0 ? 0 : m->me, diff = (int)m->points[mine] - (int)m->points[!mine];
		/* TRANSLATORS: a sentence after the round's; the match's points, ours first */
		snprintf(text + n, sizeof text - (size_t)n,
			 diff == 0 ? _(" Match drawn %u-%u.") :
			 m->me < 0 ? (diff > 0 ? _(" Match won by white %u-%u.") : _(" Match won by black %u-%u.")) :
			 diff > 0 ? _(" Match won %u-%u.") : _(" Match lost %u-%u."),
			 m->points[mine], m->points[!mine]);
	}
	panel_banner(a, m->me < 0 ? "none" : m->me == winner ? "win" : "lose", text);
}

/* A shape's button drawn: the shape in this window's colour (white for a spectator). */
static gboolean qv_icon_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct qv_look l;
	struct qv_model m;
	struct app *a = g_object_get_data(G_OBJECT(w), "app");
	double side = MIN(gtk_widget_get_allocated_width(w), gtk_widget_get_allocated_height(w));

	qv_read(a, &m);
	qv_look(gtk_widget_get_style_context(a->view), &l);
	qv_piece(cr, GPOINTER_TO_UINT(data), m.me > 0, 0, 0, side, &l, 1);
	return FALSE;
}

/* A shape's button toggled on: it is the one to place. */
static void qv_shape_toggled(GtkToggleButton *b, gpointer data)
{
	struct app *a = g_object_get_data(G_OBJECT(b), "app");

	if (!gtk_toggle_button_get_active(b))
		return;
	qv.chosen = GPOINTER_TO_UINT(data);
	app_show(a);
}

/* Choose shape (the keys A-D, 1-4) if any is left: its button goes down, which makes it
 * chosen. */
static void qv_choose(unsigned shape)
{
	if (qv.shape[shape] != NULL && gtk_widget_get_sensitive(qv.shape[shape]))
		gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(qv.shape[shape]), TRUE);
}

/* The view's keys (the board passes none with Ctrl or Alt): A-D or 1-4 choose a shape. */
static gboolean qv_key(struct app *a, guint keyval, GdkModifierType state)
{
	guint k = gdk_keyval_to_lower(keyval);

	(void)a, (void)state;
	if (k >= GDK_KEY_a && k <= GDK_KEY_d)
		qv_choose(k - GDK_KEY_a);
	else if (k >= GDK_KEY_1 && k <= GDK_KEY_4)
		qv_choose(k - GDK_KEY_1);
	else
		return FALSE;
	return TRUE;
}

/* The last round's final board, small, with its winning line or zone ringed. */
static void qv_mini_cell(void *data, unsigned cell, GdkRectangle *r)
{
	double s = *(const double *)data / QK_SIDE;

	*r = (GdkRectangle){(int)(cell % 4 * s + 1), (int)(cell / 4 * s + 1), (int)s - 2, (int)s - 2};
}

static gboolean qv_last_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	struct app *a = data;
	struct qv_look l;
	struct qk_pos pos;
	GdkRectangle r;
	unsigned shape, colour;
	double side = MIN(gtk_widget_get_allocated_width(w), gtk_widget_get_allocated_height(w));

	if (qv.before.how >= QK_HOWS)
		return FALSE;
	qk_round_pos(&qv.before, &pos);
	qv_look(gtk_widget_get_style_context(a->view), &l);
	for (unsigned i = 0; i < QK_CELLS; i++) {
		qv_mini_cell(&side, i, &r);
		cairo_rectangle(cr, r.x, r.y, r.width, r.height);
		gdk_cairo_set_source_rgba(cr, &l.zone[(i / 8 + i % 4 / 2) % 2]);
		cairo_fill(cr);
		if (qv_piece_at(&pos, qv.before.first, i, &shape, &colour))
			qv_piece(cr, shape, colour, r.x, r.y, r.width, &l, 1);
	}
	if (qv.before.how < QK_LINES)
		qv_ring_line(cr, qv.before.how, qv_mini_cell, &side, &l);
	return FALSE;
}

/* A widget packed in box that forgets itself (*slot = NULL) when destroyed. */
static GtkWidget *qv_keep(GtkBox *box, GtkWidget *w, GtkWidget **slot)
{
	gtk_box_pack_start(box, w, FALSE, FALSE, 0);
	g_signal_connect(w, "destroy", G_CALLBACK(gtk_widget_destroyed), slot);
	*slot = w;
	return w;
}

/* The shape picker: four radio buttons drawn as the shapes, named for screen readers. */
static void qv_build_shapes(struct app *a, GtkBox *box)
{
	GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
	GSList *group = NULL;

	for (unsigned k = 0; k < QK_SHAPES; k++) {
		GtkWidget *b = gtk_radio_button_new(group), *icon = gtk_drawing_area_new();
		group = gtk_radio_button_get_group(GTK_RADIO_BUTTON(b));
		gtk_toggle_button_set_mode(GTK_TOGGLE_BUTTON(b), FALSE);
		gtk_widget_set_size_request(icon, 32, 32);
		g_object_set_data(G_OBJECT(icon), "app", a);
		g_object_set_data(G_OBJECT(b), "app", a);
		g_signal_connect(icon, "draw", G_CALLBACK(qv_icon_draw), GUINT_TO_POINTER(k));
		gtk_container_add(GTK_CONTAINER(b), icon);
		g_signal_connect(b, "toggled", G_CALLBACK(qv_shape_toggled), GUINT_TO_POINTER(k));
		qv_keep(GTK_BOX(row), b, &qv.shape[k]);
	}
	gtk_box_pack_start(box, row, FALSE, FALSE, 0);
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(qv.shape[qv.chosen]), TRUE);
}

/* The view's controls in the side panel: the shape picker, each player's pieces left, the
 * last round's board, Resign (the rematch is the panel's Play Again). */
static void qv_build(struct app *a, GtkBox *box)
{
	qv_build_shapes(a, box);
	for (unsigned c = 0; c < 2; c++) {
		GtkWidget *l = qv_keep(box, gtk_label_new(""), &qv.left[c]);
		gtk_label_set_xalign(GTK_LABEL(l), 0);
		gtk_label_set_line_wrap(GTK_LABEL(l), TRUE);
	}
	gtk_label_set_xalign(GTK_LABEL(qv_keep(box, gtk_label_new(""), &qv.last_label)), 0);
	qv_keep(box, gtk_drawing_area_new(), &qv.last_round);
	gtk_widget_set_size_request(qv.last_round, 96, 96);
	gtk_widget_set_halign(qv.last_round, GTK_ALIGN_START);
	g_signal_connect(qv.last_round, "draw", G_CALLBACK(qv_last_draw), a);
	panel_button(box, _("_Resign the round"), G_CALLBACK(panel_resign_clicked), a, &qv.resign);
}

/* "2 cylinders, 1 cube, 0 spheres, 2 tetrahedra": the pieces of colour left in m. */
static void qv_left_words(const struct qv_model *m, unsigned colour, char *buf, size_t len)
{
	unsigned l[QK_SHAPES];

	for (unsigned k = 0; k < QK_SHAPES; k++)
		l[k] = qv_left(m, colour, k);
	/* TRANSLATORS: how many of each shape are left, "2 cylinders, 1 cube, 0 spheres, 2 tetrahedra" */
	char *cyl = g_strdup_printf(ngettext("%u cylinder", "%u cylinders", l[0]), l[0]);
	char *cube = g_strdup_printf(ngettext("%u cube", "%u cubes", l[1]), l[1]);
	char *sph = g_strdup_printf(ngettext("%u sphere", "%u spheres", l[2]), l[2]);
	char *tet = g_strdup_printf(ngettext("%u tetrahedron", "%u tetrahedra", l[3]), l[3]);
	snprintf(buf, len, _("%s, %s, %s, %s"), cyl, cube, sph, tet);
	g_free(cyl);
	g_free(cube);
	g_free(sph);
	g_free(tet);
}

/* The shape picker shows what this window has left: each button's name and sensitivity;
 * a shape used up is not kept chosen. */
static void qv_update_shapes(const struct qv_model *m)
{
	char name[64];

	for (unsigned k = 0; k < QK_SHAPES; k++) {
		unsigned left = m->me >= 0 ? qv_left(m, (unsigned)m->me, k) : 0;
		if (qv.shape[k] == NULL)
			continue;
		snprintf(name, sizeof name, _("%c %s, %u left"), 'A' + k, _(qv_shape_names[k]), left);
		atk_object_set_name(gtk_widget_get_accessible(qv.shape[k]), name);
		gtk_widget_set_tooltip_text(qv.shape[k], name);
		gtk_widget_set_sensitive(qv.shape[k], left > 0);
		gtk_widget_queue_draw(qv.shape[k]);
	}
	for (unsigned k = 0; m->me >= 0 && qv_left(m, (unsigned)m->me, qv.chosen) == 0 && k < QK_SHAPES; k++)
		if (qv_left(m, (unsigned)m->me, k) > 0)
			qv_choose(k);
}

/* Refresh the clock while a turn has a deadline. */
static gboolean qv_tick(gpointer data)
{
	struct app *a = data;
	struct qv_model m;

	if (qv_read(a, &m) < 0 || m.deadline == 0) {
		qv.tick = 0;
		return G_SOURCE_REMOVE;
	}
	panel_update(a);
	return G_SOURCE_CONTINUE;
}

/* Show the snapshot in the panel: pieces left, the shape picker, the last round, the
 * banner, the buttons; the clock ticks while a turn has a deadline. */
static void qv_update(struct app *a)
{
	char words[96], text[BD_NAME_MAX + 160], who[BD_NAME_MAX + 16];
	struct qv_model m;
	int seated = conn_can_play(a);

	if (qv_read(a, &m) < 0)
		return;
	qv.before = m.before;
	qv_update_shapes(&m);
	for (unsigned c = 0; c < 2; c++)
		if (qv.left[c] != NULL) {
			qv_who(&m, (int)c, who, sizeof who);
			qv_left_words(&m, c, words, sizeof words);
			snprintf(text, sizeof text, _("%s has %s left."), who, words);
			gtk_label_set_text(GTK_LABEL(qv.left[c]), text);
		}
	if (qv.last_label != NULL) {
		int shown = m.before.how < QK_HOWS && m.on && a->snap->round_number > 1;
		snprintf(text, sizeof text, _("Round %u's final board:"), a->snap->round_number - 1);
		gtk_label_set_text(GTK_LABEL(qv.last_label), text);
		gtk_widget_set_visible(qv.last_label, shown);
		gtk_widget_set_visible(qv.last_round, shown);
		gtk_widget_queue_draw(qv.last_round);
	}
	qv_banner(a, &m);
	if (qv.resign != NULL)
		gtk_widget_set_visible(qv.resign, seated && m.me >= 0 && a->snap->game_state == BD_GAME_ON);
	if (m.deadline > 0 && qv.tick == 0)
		qv.tick = g_timeout_add(QV_TICK_MS, qv_tick, a);
}

const struct game_view view_quantik = {
	.kind = BD_GAME_QUANTIK,
	.title = N_("Quantik"),
	.levels = {"easy", "medium", "perfect", NULL},
	.board_name = N_("Quantik board"),
	.keys = N_("Choose a shape with A-D or 1-4 (or its button), then click a square, or move with the arrow keys "
		   "and place it with Space or Enter. Ctrl+Q quits."),
	.action = N_("Place the chosen shape here"),
	.side = qv_side,
	.build = qv_build,
	.draw = qv_draw,
	.draw_over = qv_draw_over,
	.sides = "WB",
	.cell_name = qv_cell_name,
	.can_play = qv_can_play,
	.play = qv_play,
	.status = qv_status,
	.update = qv_update,
	.key = qv_key,
};
