/* view-qwirkle.c: Qwirkle in board-gtk. The table has no bounds: the board widget's square
 * grid is a window onto it, a few cells wider than the tiles laid and centred on them
 * (qv_frame); + and - (or Ctrl and the wheel) zoom it, Shift and the arrows (or the wheel)
 * pan it, C centres it again. Tiles are black squares with a coloured shape: the six shapes
 * differ in outline, so that they read without colour. The seat's hand is a row of buttons
 * in the side panel: pick a tile (a click, or keys 1-6), then a square (a click, or the
 * cursor and Space); several tiles may be placed before Play sends them, and while they lie
 * there the lines they make are framed and the points they score are said. Swap marks
 * tiles to give back; Pass is offered when nothing can be laid and the bag is empty. The
 * hand comes from the daemon's HAND line and the seat's draws (ipc/game/qwirkle-hand.h):
 * each seat's apart, as a hot-seat window (hot.c) follows several, each from its own lines.
 * A practice game (the table's practice=on) says so in the window's title and the panel,
 * and its players pick from all 36 kinds of tile as well as from the hand (the picker); the
 * daemon takes such a tile from the bag and leaves the hand as it was. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/game/qwirkle-hand.h"

#define QV_MARGIN 2      /* empty cells shown around the tiles */
#define QV_SIDE_MIN 5
#define QV_SIDE_MAX 41
#define QV_TILE_PX 40    /* a hand tile's button */
#define QV_ANY_PX 26     /* a practice picker tile's button */
#define QV_FROM_ANY QW_HAND /* qv.from of a tile placed from the picker: no index of the hand */

/* A tile's colour and shape in one phrase (adjectives agree with the shape's word). */
static const char *const qv_tile_names[QW_COLOURS][QW_SHAPES] = {
	{N_("blue diamond"), N_("blue square"), N_("blue circle"), N_("blue clover"), N_("blue criss-cross"), N_("blue starburst")},
	{N_("yellow diamond"), N_("yellow square"), N_("yellow circle"), N_("yellow clover"), N_("yellow criss-cross"), N_("yellow starburst")},
	{N_("orange diamond"), N_("orange square"), N_("orange circle"), N_("orange clover"), N_("orange criss-cross"), N_("orange starburst")},
	{N_("purple diamond"), N_("purple square"), N_("purple circle"), N_("purple clover"), N_("purple criss-cross"), N_("purple starburst")},
	{N_("red diamond"), N_("red square"), N_("red circle"), N_("red clover"), N_("red criss-cross"), N_("red starburst")},
	{N_("green diamond"), N_("green square"), N_("green circle"), N_("green clover"), N_("green criss-cross"), N_("green starburst")},
};
/* The colours, as the stylesheet may override them (qw_blue ...). */
static const char *const qv_colour_keys[QW_COLOURS] = {"qw_blue", "qw_yellow", "qw_orange", "qw_purple", "qw_red",
							 "qw_green"};
static const char *const qv_colour_defaults[QW_COLOURS] = {"#3584e4", "#f6d32d", "#ff7800", "#c061cb", "#e01b24",
							     "#33d17a"};

/* The window's own state: the hand, what is being placed, the frame. */
static struct {
	GtkWidget *hand[QW_HAND], *play, *undo, *swap, *give, *pass, *points;
	struct qw_held held[QW_SEATS_MAX]; /* each seat's hand the window follows (hot.c: several) */
	struct qw_held none;        /* a spectator's: no tile */
	const struct app *app;
	int selected;               /* the hand's tile picked to place, -1 */
	struct qw_move lay;         /* tiles placed, not yet played */
	unsigned from[QW_HAND];     /* the hand index of each */
	int swapping;               /* marking tiles to give back */
	unsigned marked;            /* hand indices marked */
	int zoom, panx, pany;       /* cells added to the frame's side; its centre moved */
	unsigned game;              /* the game number these belong to */
	GtkWidget *badge, *picker, *any[QW_KINDS]; /* practice: the mark, the picker, its tiles */
	int chosen;                 /* practice: the picker's tile picked to place, -1 */
} qv = {.selected = -1, .chosen = -1};

/* The hand of the seat the window plays for: none for a spectator (or a hot seat not yet
 * passed the window). */
static struct qw_held *qv_held(void)
{
	int me = qv.app != NULL ? qv.app->me : -1;

	qv.none.hand.n = 0;
	return me >= 0 && me < QW_SEATS_MAX ? &qv.held[me] : &qv.none;
}

/* What the view shows, from one snapshot. */
struct qv_model {
	const struct qw_pub *area;
	struct qw_pos table;
	int on;                     /* a game is being played */
	int mine;                   /* this window's turn */
	int side;                   /* the frame's side in cells */
	int x0, ytop;               /* the cell at the frame's top left */
};

/* The model of the app's snapshot; -1 if it holds no sound Qwirkle table. */
static int qv_read(const struct app *a, struct qv_model *m)
{
	int xmin = 0, xmax = 0, ymin = 0, ymax = 0;

	memset(m, 0, sizeof *m);
	m->area = a->have_snap ? qw_pub_area(a->snap) : NULL;
	if (m->area == NULL || qw_pub_table(m->area, &m->table) != NULL)
		return -1;
	m->on = a->snap->game_state == BD_GAME_ON;
	m->mine = m->on && a->me >= 0 && a->snap->turn == (unsigned)a->me && conn_can_play(a);
	if (m->table.n > 0)
		xmin = m->table.xmin, xmax = m->table.xmax, ymin = m->table.ymin, ymax = m->table.ymax;
	for (unsigned i = 0; i < qv.lay.n; i++) {
		xmin = MIN(xmin, qv.lay.p[i].x), xmax = MAX(xmax, qv.lay.p[i].x);
		ymin = MIN(ymin, qv.lay.p[i].y), ymax = MAX(ymax, qv.lay.p[i].y);
	}
	m->side = CLAMP(MAX(xmax - xmin, ymax - ymin) + 1 + 2 * QV_MARGIN + qv.zoom, QV_SIDE_MIN, QV_SIDE_MAX);
	m->x0 = (int)floor((xmin + xmax) / 2.0) + qv.panx - m->side / 2;
	m->ytop = (int)ceil((ymin + ymax) / 2.0) + qv.pany + m->side / 2;
	return 0;
}

/* The table cell of grid cell c. */
static void qv_cell_xy(const struct qv_model *m, unsigned c, int *x, int *y)
{
	*x = m->x0 + (int)(c % (unsigned)m->side);
	*y = m->ytop - (int)(c / (unsigned)m->side);
}

/* The tile placed but not played at x, y: its index in qv.lay, or -1. */
static int qv_placed_at(int x, int y)
{
	for (unsigned i = 0; i < qv.lay.n; i++)
		if (qv.lay.p[i].x == x && qv.lay.p[i].y == y)
			return (int)i;
	return -1;
}

/* Nonzero if hand index i lies on the table, placed but not played. */
static int qv_hand_placed(unsigned i)
{
	for (unsigned k = 0; k < qv.lay.n; k++)
		if (qv.from[k] == i)
			return 1;
	return 0;
}

/* Forget what was being placed, picked and marked. */
static void qv_clear(void)
{
	qv.lay.n = 0;
	qv.selected = -1;
	qv.chosen = -1;
	qv.swapping = 0;
	qv.marked = 0;
}

/* "red circle". */
static void qv_tile_name(uint8_t t, char *buf, size_t len)
{
	snprintf(buf, len, "%s", _(qv_tile_names[qw_colour(t)][qw_shape(t)]));
}

/* The path of shape s centred at cx, cy within radius r. */
static void qv_shape_path(cairo_t *cr, unsigned s, double cx, double cy, double r)
{
	unsigned points = s == 4 ? 4 : 8;
	double inner = s == 4 ? 0.38 : 0.5;

	cairo_new_path(cr);
	switch (s) {
	case 0: /* diamond */
		cairo_move_to(cr, cx, cy - r);
		cairo_line_to(cr, cx + r * 0.75, cy);
		cairo_line_to(cr, cx, cy + r);
		cairo_line_to(cr, cx - r * 0.75, cy);
		cairo_close_path(cr);
		return;
	case 1: /* square */
		cairo_rectangle(cr, cx - r * 0.78, cy - r * 0.78, r * 1.56, r * 1.56);
		return;
	case 2: /* circle */
		cairo_arc(cr, cx, cy, r * 0.88, 0, 2 * G_PI);
		return;
	case 3: /* clover: four round leaves */
		for (unsigned k = 0; k < 4; k++) {
			double a = k * G_PI / 2;
			cairo_new_sub_path(cr);
			cairo_arc(cr, cx + cos(a) * r * 0.45, cy + sin(a) * r * 0.45, r * 0.45, 0, 2 * G_PI);
		}
		return;
	}
	for (unsigned k = 0; k < 2 * points; k++) { /* the stars: 4 or 8 points */
		double a = -G_PI / 2 + k * G_PI / points + (s == 4 ? G_PI / 4 : 0), d = k % 2 ? r * inner : r;
		if (k == 0)
			cairo_move_to(cr, cx + cos(a) * d, cy + sin(a) * d);
		else
			cairo_line_to(cr, cx + cos(a) * d, cy + sin(a) * d);
	}
	cairo_close_path(cr);
}

/* One tile in the square x, y, size s: a black tile, its shape in its colour. */
static void qv_tile_draw(GtkWidget *w, cairo_t *cr, uint8_t t, double x, double y, double s)
{
	GdkRGBA ink;

	paint_lookup(gtk_widget_get_style_context(w), qv_colour_keys[qw_colour(t)], qv_colour_defaults[qw_colour(t)],
		     &ink);
	paint_round_rect(cr, x, y, s, s, s * 0.12);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	cairo_fill(cr);
	qv_shape_path(cr, qw_shape(t), x + s / 2, y + s / 2, s * 0.36);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
	gdk_cairo_set_source_rgba(cr, &ink);
	cairo_fill(cr);
}

/* A ring around the rectangle r in colour c. */
static void qv_ring(cairo_t *cr, const GdkRectangle *r, double red, double green, double blue, double width)
{
	paint_round_rect(cr, r->x - width / 2, r->y - width / 2, r->width + width, r->height + width, r->width * 0.14);
	cairo_set_source_rgb(cr, red, green, blue);
	cairo_set_line_width(cr, width);
	cairo_stroke(cr);
}

/* The tile at x, y: on the table, else placed by this window, else QW_NO_TILE. */
static uint8_t qv_tile_at(const struct qv_model *m, int x, int y)
{
	uint8_t t = qw_at(&m->table, x, y);
	int k = qv_placed_at(x, y);

	return t != QW_NO_TILE ? t : k >= 0 ? qv.lay.p[k].tile : QW_NO_TILE;
}

/* Nonzero if x, y holds one of the last lay's tiles. */
static int qv_last_at(const struct qv_model *m, int x, int y)
{
	const struct qw_pub *p = m->area;

	if (p->last != QW_LAST_LAY)
		return 0;
	for (unsigned i = p->ntiles - p->last_n; i < p->ntiles; i++)
		if (p->tile[i].x == x && p->tile[i].y == y)
			return 1;
	return 0;
}

/* The grid cell of table cell x, y, or -1 outside the frame. */
static int qv_cell_of(const struct qv_model *m, int x, int y)
{
	int col = x - m->x0, row = m->ytop - y;

	return col < 0 || row < 0 || col >= m->side || row >= m->side ? -1 : row * m->side + col;
}

/* Frame the line through placed tile k along (dx, dy), if it is 2 or more long. */
static void qv_frame_line(GtkWidget *view, cairo_t *cr, const struct qv_model *m, unsigned k, int dx, int dy)
{
	int x = qv.lay.p[k].x, y = qv.lay.p[k].y, ex, ey, a, b;
	GdkRectangle ra, rb;

	while (qv_tile_at(m, x - dx, y - dy) != QW_NO_TILE)
		x -= dx, y -= dy;
	for (ex = x, ey = y; qv_tile_at(m, ex + dx, ey + dy) != QW_NO_TILE;)
		ex += dx, ey += dy;
	if ((ex == x && ey == y) || (a = qv_cell_of(m, x, y)) < 0 || (b = qv_cell_of(m, ex, ey)) < 0)
		return;
	view_cell_rect(view, (unsigned)a, &ra);
	view_cell_rect(view, (unsigned)b, &rb);
	double pad = MAX(4, ra.width * 0.1);
	paint_round_rect(cr, ra.x - pad, ra.y - pad, rb.x + rb.width - ra.x + 2 * pad, rb.y + rb.height - ra.y + 2 * pad,
			 pad * 2);
	cairo_set_source_rgba(cr, 0.15, 0.63, 0.41, 0.95);
	cairo_set_line_width(cr, MAX(3, ra.width * 0.06));
	cairo_stroke(cr);
}

/* The lines the tiles placed would make or extend, framed, when they are a lay. */
static void qv_draw_lines(GtkWidget *view, cairo_t *cr, const struct qv_model *m)
{
	unsigned score;

	if (qv.lay.n == 0 || qw_check(&m->table, &qv.lay, &score) != NULL)
		return;
	for (unsigned k = 0; k < qv.lay.n; k++) {
		int row = qv.lay.n == 1 || qv.lay.p[0].y == qv.lay.p[1].y;
		if (k == 0 || qv.lay.n == 1)
			qv_frame_line(view, cr, m, k, row, !row); /* the lay's own line, once */
		qv_frame_line(view, cr, m, k, !row, row);
		if (qv.lay.n == 1)
			qv_frame_line(view, cr, m, k, 1, 0);
	}
}

/* Draw the frame: empty squares, the tiles, the last lay ringed in amber, the tiles placed
 * in blue with the lines they make; the tile picked shown faintly under the pointer. */
static void qv_draw(GtkWidget *view, cairo_t *cr, int hover)
{
	struct app *a = view_app(view);
	struct qv_model m;
	GdkRectangle r;
	int x, y;

	if (qv_read(a, &m) < 0)
		return;
	view_board_rect(view, &r);
	cairo_rectangle(cr, r.x, r.y, r.width, r.height);
	cairo_set_source_rgb(cr, 0.87, 0.86, 0.83);
	cairo_fill(cr);
	for (unsigned c = 0; c < (unsigned)(m.side * m.side); c++) {
		qv_cell_xy(&m, c, &x, &y);
		view_cell_rect(view, c, &r);
		uint8_t t = qv_tile_at(&m, x, y);
		if (t != QW_NO_TILE) {
			qv_tile_draw(view, cr, t, r.x, r.y, r.width);
		} else {
			paint_round_rect(cr, r.x, r.y, r.width, r.height, r.width * 0.12);
			cairo_set_source_rgb(cr, x == 0 && y == 0 ? 0.8 : 0.93, 0.92, 0.9);
			cairo_fill(cr);
			if ((int)c == hover && qv.selected >= 0 && m.mine) {
				cairo_push_group(cr);
				qv_tile_draw(view, cr, qv_held()->hand.tile[qv.selected], r.x, r.y, r.width);
				cairo_pop_group_to_source(cr);
				cairo_paint_with_alpha(cr, 0.35);
			}
		}
		if (qv_placed_at(x, y) >= 0)
			qv_ring(cr, &r, 0.11, 0.44, 0.85, MAX(2, r.width * 0.08));
		else if (qv_last_at(&m, x, y))
			qv_ring(cr, &r, 0.9, 0.65, 0.0, MAX(2, r.width * 0.06));
	}
	qv_draw_lines(view, cr, &m);
}

/* What a screen reader says for a cell: "x 1, y 0, red circle, last lay". */
static void qv_cell_name(const struct app *a, unsigned cell, char *buf, size_t len)
{
	struct qv_model m;
	char tile[64];
	int x, y;

	snprintf(tile, sizeof tile, "%s", _("empty"));
	if (qv_read(a, &m) < 0 || cell >= (unsigned)(m.side * m.side)) {
		snprintf(buf, len, "%s", _("cell"));
		return;
	}
	qv_cell_xy(&m, cell, &x, &y);
	uint8_t t = qv_tile_at(&m, x, y);
	if (t != QW_NO_TILE)
		qv_tile_name(t, tile, sizeof tile);
	/* TRANSLATORS: the last %s is ", placed, not played yet", ", last lay" or empty */
	snprintf(buf, len, _("x %d, y %d, %s%s"), x, y, tile, qv_placed_at(x, y) >= 0 ? _(", placed, not played yet") :
		 qv_last_at(&m, x, y) ? _(", last lay") : "");
}

/* Nonzero if this window may act on cell now: its turn, not marking tiles to swap, and
 * the cell empty with a tile picked, or holding a tile placed (to take it back). */
static int qv_can_play(const struct app *a, unsigned cell)
{
	struct qv_model m;
	int x, y;

	if (qv_read(a, &m) < 0 || !m.mine || qv.swapping || cell >= (unsigned)(m.side * m.side))
		return 0;
	qv_cell_xy(&m, cell, &x, &y);
	if (qv_placed_at(x, y) >= 0)
		return 1;
	return (qv.selected >= 0 || qv.chosen >= 0) && qv_tile_at(&m, x, y) == QW_NO_TILE && x >= -QW_COORD_MAX && x <= QW_COORD_MAX &&
	       y >= -QW_COORD_MAX && y <= QW_COORD_MAX && qv.lay.n < QW_HAND;
}

/* Why cell cannot be acted on now, said by it (callout.c). */
static void qv_refuse(struct app *a, const struct qv_model *m, unsigned cell)
{
	int x, y;

	if (cell >= (unsigned)(m->side * m->side))
		return;
	qv_cell_xy(m, cell, &x, &y);
	if (!m->mine)
		callout_out_of_turn(a, (int)cell, m->on);
	else if (qv.swapping)
		callout_refuse(a, (int)cell, _("Marking tiles to swap: press Swap again to place tiles instead."));
	else if (qv_tile_at(m, x, y) != QW_NO_TILE)
		callout_refuse(a, (int)cell, _("Taken: a tile is already there."));
	else if (qv.selected < 0 && qv.chosen < 0)
		callout_refuse(a, (int)cell, m->area->practice ? _("Pick a tile first: from your hand or any tile.")
							 : _("Pick a tile from your hand first."));
	else
		callout_refuse(a, (int)cell, _("Not allowed: no room for more tiles in this lay."));
}

/* A cell clicked (or Space): place the tile picked there, or take a placed tile back. */
static void qv_play(struct app *a, unsigned cell)
{
	struct qv_model m;
	int x, y, k;

	if (qv_read(a, &m) < 0)
		return;
	if (!qv_can_play(a, cell)) {
		qv_refuse(a, &m, cell);
		return;
	}
	qv_cell_xy(&m, cell, &x, &y);
	if ((k = qv_placed_at(x, y)) >= 0) { /* picked again where it came from */
		qv.selected = qv.from[k] == QV_FROM_ANY ? -1 : (int)qv.from[k];
		qv.chosen = qv.from[k] == QV_FROM_ANY ? qv.lay.p[k].tile : -1;
		qv.lay.p[k] = qv.lay.p[qv.lay.n - 1];
		qv.from[k] = qv.from[qv.lay.n - 1];
		qv.lay.n--;
	} else {
		uint8_t t = qv.selected >= 0 ? qv_held()->hand.tile[qv.selected] : (uint8_t)qv.chosen;
		qv.lay.p[qv.lay.n] = (struct qw_place){(int8_t)x, (int8_t)y, t};
		qv.from[qv.lay.n++] = qv.selected >= 0 ? (unsigned)qv.selected : QV_FROM_ANY;
		qv.selected = qv.chosen = -1;
	}
	app_show(a);
	if (qv_read(a, &m) == 0 && (k = qv_cell_of(&m, x, y)) >= 0)
		view_set_cursor(a->view, k); /* the frame may have moved: the cursor stays on the square */
}

/* The name of player id, "?" if the seat is empty. */
static const char *qv_name(const struct app *a, unsigned id)
{
	return id < BD_PLAYERS_MAX && a->snap->players[id].state != BD_PLAYER_EMPTY ? a->snap->players[id].name : "?";
}

/* The state line (whose turn) and under it the bag and every seat's points; nonzero on
 * this window's turn. */
static int qv_status(const struct app *a, char *state, size_t slen, char *info, size_t ilen)
{
	struct qv_model m;
	size_t n;

	if (qv_read(a, &m) < 0)
		return 0;
	if (m.mine)
		snprintf(state, slen, "%s", _("Your turn: lay tiles, swap or pass."));
	else if (m.on)
		snprintf(state, slen, _("%s to play."), qv_name(a, a->snap->turn));
	else
		snprintf(state, slen, _("Game %u is over."), a->snap->game_number);
	n = (size_t)snprintf(info, ilen, ngettext("Bag: %u tile.", "Bag: %u tiles.", m.area->bag), m.area->bag);
	for (unsigned i = 0; i < m.area->nseats && n < ilen; i++)
		/* TRANSLATORS: a seat's name, points and tiles in hand, then "," or "." */
		n += (size_t)snprintf(info + n, ilen - n, _(" %s %u (%u in hand)%s"), (int)i == a->me ? _("You") : qv_name(a, i),
				      m.area->score[i], m.area->hand[i], i + 1 < m.area->nseats ? "," : ".");
	return m.mine;
}

/* The winner's seat of a game over (the first with a win), or -1. */
static int qv_winner(const struct app *a, const struct qv_model *m)
{
	for (unsigned i = 0; i < m->area->nseats && i < BD_PLAYERS_MAX; i++)
		if (a->snap->players[i].result == BD_RESULT_WIN || a->snap->players[i].result == BD_RESULT_DRAW)
			return (int)i;
	return -1;
}

/* "ana and bob share the win with N points.": the seats tied at the top (a draw each); lost
 * says so first, for a player of the table. */
static void qv_sharers(const struct app *a, const struct qv_model *m, char *text, size_t len, int lost)
{
	unsigned tied[BD_PLAYERS_MAX], n = 0, points = 0;
	GString *names = g_string_new(NULL);

	for (unsigned i = 0; i < m->area->nseats && i < BD_PLAYERS_MAX; i++)
		if (a->snap->players[i].result == BD_RESULT_DRAW)
			tied[n++] = i, points = m->area->score[i];
	for (unsigned j = 0; j < n; j++)
		/* TRANSLATORS: between the names of players who share a win: ", " and the last " and " */
		g_string_append_printf(names, "%s%s", j == 0 ? "" : j + 1 < n ? _(", ") : _(" and "), qv_name(a, tied[j]));
	snprintf(text, len, lost ? ngettext("You lost: %s share the win with %u point.",
					    "You lost: %s share the win with %u points.", points) :
		 ngettext("%s share the win with %u point.", "%s share the win with %u points.", points), names->str, points);
	g_string_free(names, TRUE);
}

/* The result banner once a game is over. */
static void qv_banner(struct app *a, const struct qv_model *m)
{
	char text[160];
	int w = qv_winner(a, m);

	if (m->on || a->snap->game_state != BD_GAME_OVER || w < 0) {
		panel_banner(a, NULL, NULL);
		return;
	}
	if (a->me >= 0 && a->snap->players[a->me].result == BD_RESULT_WIN) {
		snprintf(text, sizeof text, ngettext("You won with %u point.", "You won with %u points.", m->area->score[a->me]),
			 m->area->score[a->me]);
		panel_banner(a, "win", text);
	} else if (a->me >= 0 && a->snap->players[a->me].result == BD_RESULT_DRAW) {
		snprintf(text, sizeof text, ngettext("You share the win with %u point.", "You share the win with %u points.",
						     m->area->score[a->me]), m->area->score[a->me]);
		panel_banner(a, "win", text);
	} else if (a->snap->players[w].result == BD_RESULT_DRAW) {
		qv_sharers(a, m, text, sizeof text, a->me >= 0);
		panel_banner(a, a->me >= 0 ? "lose" : "none", text);
	} else {
		snprintf(text, sizeof text, a->me >= 0 ? ngettext("You lost: %s won with %u point.",
								  "You lost: %s won with %u points.", m->area->score[w]) :
			 ngettext("%s won with %u point.", "%s won with %u points.", m->area->score[w]), qv_name(a, (unsigned)w),
			 m->area->score[w]);
		panel_banner(a, a->me >= 0 ? "lose" : "none", text);
	}
}

/* The points the tiles placed would score, or why they are not a lay, into buf. */
static void qv_points(const struct app *a, const struct qv_model *m, char *buf, size_t len)
{
	unsigned lines;
	const char *why;

	buf[0] = '\0';
	if (!m->mine || qv.lay.n == 0)
		return;
	if ((why = qw_lay_error(&m->table, &qv_held()->hand, (int)m->area->practice, &qv.lay, &lines)) != NULL) {
		snprintf(buf, len, _("Not a lay: %s."), why);
		return;
	}
	/* The daemon takes a tile from the hand if it holds one, else (practice) from the bag. */
	struct qw_hand left = qv_held()->hand;
	for (unsigned k = 0; k < qv.lay.n; k++)
		qw_hand_take(&left, &qv.lay.p[k].tile, 1);
	unsigned bag = m->area->bag - MIN(m->area->bag, qv.lay.n - (qv_held()->hand.n - left.n));
	unsigned drawn = MIN(bag, QW_HAND - left.n), points = qw_lay_total(lines, left.n + drawn, bag - drawn);
	snprintf(buf, len, ngettext("This lay scores %u point.", "This lay scores %u points.", points), points);
	(void)a;
}

/* Play pressed: send the tiles placed as one lay. */
static void qv_play_clicked(GtkButton *b, gpointer data)
{
	struct app *a = data;
	char text[QW_MOVE_TEXT_MAX];
	struct qv_model m;

	(void)b;
	qw_move_format(&qv.lay, text);
	/* A refused lay stays on the board, said by its first tile, to be mended. */
	if (qv_read(a, &m) == 0 && callout_send(a, qv.lay.n > 0 ? qv_cell_of(&m, qv.lay.p[0].x, qv.lay.p[0].y) : -1,
						"move %s", text) == 0)
		qv_clear();
	app_show(a);
}

/* Take back pressed: every tile placed goes back to the hand. */
static void qv_undo_clicked(GtkButton *b, gpointer data)
{
	(void)b;
	qv.lay.n = 0;
	qv.selected = qv.chosen = -1;
	app_show(data);
}

/* Swap pressed: mark tiles to give back (the tiles placed go back first), or stop marking. */
static void qv_swap_clicked(GtkButton *b, gpointer data)
{
	(void)b;
	qv.swapping = !qv.swapping;
	qv.marked = 0;
	qv.lay.n = 0;
	qv.selected = qv.chosen = -1;
	app_show(data);
}

/* Give back pressed: swap the tiles marked. */
static void qv_give_clicked(GtkButton *b, gpointer data)
{
	struct app *a = data;
	struct qw_turn t = {.kind = QW_SWAP};
	char text[QW_MOVE_TEXT_MAX];

	(void)b;
	for (unsigned i = 0; i < qv_held()->hand.n; i++)
		if (qv.marked & 1u << i)
			t.swap.tile[t.swap.n++] = qv_held()->hand.tile[i];
	qw_turn_format(&t, text);
	if (t.swap.n > 0 && callout_send(a, -1, "move %s", text) == 0) {
		qw_held_sent(qv_held(), &t);
		qv_clear();
	}
	app_show(a);
}

/* Pass pressed (nothing can be laid and the bag is empty). */
static void qv_pass_clicked(GtkButton *b, gpointer data)
{
	(void)b;
	conn_send(data, "move pass");
}

/* Hand tile i picked (a click or a key): to place, or marked to swap. */
static void qv_pick(struct app *a, unsigned i)
{
	if (i >= qv_held()->hand.n || qv_hand_placed(i)) {
		gtk_widget_error_bell(a->view);
		return;
	}
	if (qv.swapping)
		qv.marked ^= 1u << i;
	else
		qv.selected = qv.selected == (int)i ? -1 : (int)i;
	qv.chosen = -1;
	app_show(a);
}

/* A hand button clicked. */
static void qv_hand_clicked(GtkButton *b, gpointer data)
{
	qv_pick(data, GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(b), "index")));
}

/* Draw a hand button's tile: ringed when picked, crossed out when marked to swap, faint
 * when placed on the table. */
static gboolean qv_hand_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	unsigned i = GPOINTER_TO_UINT(data);
	double s = MIN(gtk_widget_get_allocated_width(w), gtk_widget_get_allocated_height(w)) - 6;
	GdkRectangle r = {3, 3, (int)s, (int)s};

	if (i >= qv_held()->hand.n)
		return FALSE;
	if (qv_hand_placed(i))
		cairo_push_group(cr);
	qv_tile_draw(w, cr, qv_held()->hand.tile[i], 3, 3, s);
	if (qv_hand_placed(i)) {
		cairo_pop_group_to_source(cr);
		cairo_paint_with_alpha(cr, 0.25);
	}
	if ((int)i == qv.selected)
		qv_ring(cr, &r, 0.11, 0.44, 0.85, 3);
	if (qv.marked & 1u << i) {
		cairo_move_to(cr, 3, 3);
		cairo_line_to(cr, 3 + s, 3 + s);
		cairo_set_source_rgb(cr, 0.9, 0.1, 0.1);
		cairo_set_line_width(cr, 3);
		cairo_stroke(cr);
	}
	return FALSE;
}

/* A button showing a tile drawn by draw (given index), px square, that calls clicked and
 * forgets itself (*slot = NULL) when destroyed: a tile of the hand or of the picker. */
static GtkWidget *qv_tile_button(struct app *a, int px, GCallback draw, GCallback clicked, unsigned index,
				 GtkWidget **slot)
{
	GtkWidget *b = gtk_button_new(), *tile = gtk_drawing_area_new();

	gtk_widget_set_size_request(tile, px, px);
	g_signal_connect(tile, "draw", draw, GUINT_TO_POINTER(index));
	gtk_container_add(GTK_CONTAINER(b), tile);
	g_object_set_data(G_OBJECT(b), "index", GUINT_TO_POINTER(index));
	g_signal_connect(b, "clicked", clicked, a);
	g_signal_connect(b, "destroy", G_CALLBACK(gtk_widget_destroyed), slot);
	*slot = b;
	return b;
}

/* A picker tile clicked (practice): that kind of tile picked to place, or unpicked. */
static void qv_any_clicked(GtkButton *b, gpointer data)
{
	int t = (int)GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(b), "index"));

	qv.chosen = qv.chosen == t ? -1 : t;
	qv.selected = -1;
	app_show(data);
}

/* Draw a picker button's tile, ringed when picked. */
static gboolean qv_any_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	int t = (int)GPOINTER_TO_UINT(data);
	double s = MIN(gtk_widget_get_allocated_width(w), gtk_widget_get_allocated_height(w)) - 4;
	GdkRectangle r = {2, 2, (int)s, (int)s};

	qv_tile_draw(w, cr, (uint8_t)t, 2, 2, s);
	if (t == qv.chosen)
		qv_ring(cr, &r, 0.11, 0.44, 0.85, 3);
	return FALSE;
}

/* The practice controls at the top of box: the mark, and the picker of any tile (a row a
 * colour, a column a shape), hidden until a practice game shows. */
static void qv_practice_build(struct app *a, GtkBox *box)
{
	GtkWidget *grid = gtk_grid_new();

	qv.badge = gtk_label_new(_("Practice game: any tile may be laid, your hand is kept."));
	gtk_label_set_line_wrap(GTK_LABEL(qv.badge), TRUE);
	gtk_label_set_max_width_chars(GTK_LABEL(qv.badge), 30);
	gtk_label_set_xalign(GTK_LABEL(qv.badge), 0);
	gtk_style_context_add_class(gtk_widget_get_style_context(qv.badge), "feedback"); /* a framed note */
	g_signal_connect(qv.badge, "destroy", G_CALLBACK(gtk_widget_destroyed), &qv.badge);
	gtk_box_pack_start(box, qv.badge, FALSE, FALSE, 0);
	gtk_grid_set_row_spacing(GTK_GRID(grid), 2);
	gtk_grid_set_column_spacing(GTK_GRID(grid), 2);
	for (unsigned t = 0; t < QW_KINDS; t++)
		gtk_grid_attach(GTK_GRID(grid), qv_tile_button(a, QV_ANY_PX, G_CALLBACK(qv_any_draw), G_CALLBACK(qv_any_clicked), t,
							       &qv.any[t]), (int)qw_shape((uint8_t)t), (int)qw_colour((uint8_t)t), 1, 1);
	qv.picker = grid;
	g_signal_connect(grid, "destroy", G_CALLBACK(gtk_widget_destroyed), &qv.picker);
	gtk_box_pack_start(box, grid, FALSE, FALSE, 0);
}

/* Show picker tile t: its name says the tile ("Any tile: red circle, picked"); it can be
 * picked on the window's turn while copies of it may be left (3 of each in a game). */
static void qv_any_show(const struct qv_model *m, int t)
{
	char name[96], tile[32];
	unsigned copies = qw_pos_count(&m->table, (uint8_t)t);
	AtkObject *acc = gtk_widget_get_accessible(qv.any[t]);

	for (unsigned k = 0; k < qv.lay.n; k++)
		copies += qv.lay.p[k].tile == t;
	qv_tile_name((uint8_t)t, tile, sizeof tile);
	/* TRANSLATORS: a practice game's picker of any tile; the last %s is ", picked" or empty */
	snprintf(name, sizeof name, _("Any tile: %s%s"), tile, t == qv.chosen ? _(", picked") : "");
	if (g_strcmp0(atk_object_get_name(acc), name) != 0) { /* 36 buttons: a screen reader told changes only */
		atk_object_set_name(acc, name);
		gtk_widget_set_tooltip_text(qv.any[t], name);
	}
	gtk_widget_set_sensitive(qv.any[t], m->mine && !qv.swapping && copies < QW_COPIES);
	gtk_widget_queue_draw(qv.any[t]);
}

/* Mark a practice game (the window's title, the panel's note) and show the picker to its
 * players; a game not practice has neither. */
static void qv_practice_show(struct app *a, const struct qv_model *m)
{
	int practice = m->area->practice != 0;
	const char *title = practice ? _("Qwirkle (practice game)") : _(view_qwirkle.title);

	if (g_strcmp0(gtk_window_get_title(a->window), title) != 0) {
		gtk_window_set_title(a->window, title);
		gtk_header_bar_set_title(a->header, title);
	}
	if (qv.badge != NULL)
		gtk_widget_set_visible(qv.badge, practice);
	if (qv.picker == NULL)
		return;
	gtk_widget_set_visible(qv.picker, practice && a->me >= 0);
	if (!practice)
		qv.chosen = -1;
	for (int t = 0; t < QW_KINDS && practice; t++)
		if (qv.any[t] != NULL)
			qv_any_show(m, t);
}

/* The view's controls: the hand (six tile buttons), the points of the tiles placed, and
 * Play, Take back, Swap (then Give back), Pass (another game is the panel's Play Again). */
static void qv_build(struct app *a, GtkBox *box)
{
	GtkWidget *hand = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4), *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);

	qv_practice_build(a, box);
	gtk_box_pack_start(box, hand, FALSE, FALSE, 0);
	for (unsigned i = 0; i < QW_HAND; i++)
		gtk_box_pack_start(GTK_BOX(hand), qv_tile_button(a, QV_TILE_PX, G_CALLBACK(qv_hand_draw), G_CALLBACK(qv_hand_clicked),
								 i, &qv.hand[i]), FALSE, FALSE, 0);
	qv.points = gtk_label_new(NULL);
	gtk_label_set_xalign(GTK_LABEL(qv.points), 0);
	gtk_label_set_line_wrap(GTK_LABEL(qv.points), TRUE);
	gtk_label_set_max_width_chars(GTK_LABEL(qv.points), 30); /* wraps rather than widening the panel */
	g_signal_connect(qv.points, "destroy", G_CALLBACK(gtk_widget_destroyed), &qv.points);
	gtk_box_pack_start(box, qv.points, FALSE, FALSE, 0);
	gtk_box_pack_start(box, row, FALSE, FALSE, 0);
	panel_button(GTK_BOX(row), _("_Play"), G_CALLBACK(qv_play_clicked), a, &qv.play);
	gtk_style_context_add_class(gtk_widget_get_style_context(qv.play), "suggested-action");
	panel_button(GTK_BOX(row), _("_Take back"), G_CALLBACK(qv_undo_clicked), a, &qv.undo);
	panel_button(GTK_BOX(row), _("_Swap"), G_CALLBACK(qv_swap_clicked), a, &qv.swap);
	panel_button(GTK_BOX(row), _("_Give back"), G_CALLBACK(qv_give_clicked), a, &qv.give);
	panel_button(GTK_BOX(row), _("P_ass"), G_CALLBACK(qv_pass_clicked), a, &qv.pass);
	qv.game = 0;
	qv.app = a;
	for (unsigned k = 0; k < QW_SEATS_MAX; k++)
		qw_held_reset(&qv.held[k], a->have_snap ? a->snap->game_number : 0);
	qv_clear();
}

/* Show hand tile button i: its accessible name says the tile and what is done with it. */
static void qv_hand_show(unsigned i, int mine)
{
	char name[96], tile[32];
	GtkWidget *b = qv.hand[i];

	if (b == NULL)
		return;
	gtk_widget_set_visible(b, i < qv_held()->hand.n);
	if (i >= qv_held()->hand.n) { /* a hidden button says nothing of a tile it held */
		snprintf(name, sizeof name, _("Tile %u"), i + 1);
		atk_object_set_name(gtk_widget_get_accessible(b), name);
		gtk_widget_set_tooltip_text(b, NULL);
		return;
	}
	qv_tile_name(qv_held()->hand.tile[i], tile, sizeof tile);
	/* TRANSLATORS: the last three %s are ", picked", ", to swap" and ", placed", or empty */
	snprintf(name, sizeof name, _("Tile %u: %s%s%s%s"), i + 1, tile, (int)i == qv.selected ? _(", picked") : "",
		 qv.marked & 1u << i ? _(", to swap") : "", qv_hand_placed(i) ? _(", placed") : "");
	atk_object_set_name(gtk_widget_get_accessible(b), name);
	gtk_widget_set_tooltip_text(b, name);
	gtk_widget_set_sensitive(b, mine && !qv_hand_placed(i));
	gtk_widget_queue_draw(b);
}

/* Show the snapshot in the controls and the banner. */
static void qv_update(struct app *a)
{
	struct qv_model m;
	char points[160];
	unsigned lines, nmarked = (unsigned)__builtin_popcount(qv.marked);

	if (qv_read(a, &m) < 0 || qv.play == NULL)
		return;
	if (a->snap->game_number != qv.game) {
		qv.game = a->snap->game_number;
		qv_clear();
	}
	if (!m.mine)
		qv_clear();
	qv_banner(a, &m);
	qv_practice_show(a, &m);
	for (unsigned i = 0; i < QW_HAND; i++)
		qv_hand_show(i, m.mine);
	qv_points(a, &m, points, sizeof points);
	gtk_label_set_text(GTK_LABEL(qv.points), points);
	gtk_widget_set_visible(qv.play, m.mine && !qv.swapping);
	gtk_widget_set_sensitive(qv.play, qv.lay.n > 0 && qw_lay_error(&m.table, &qv_held()->hand, (int)m.area->practice,
								      &qv.lay, &lines) == NULL);
	gtk_widget_set_visible(qv.undo, m.mine && !qv.swapping && qv.lay.n > 0);
	gtk_widget_set_visible(qv.swap, m.mine && m.area->bag > 0);
	gtk_button_set_label(GTK_BUTTON(qv.swap), qv.swapping ? _("Cancel _swap") : _("_Swap"));
	if (qv.give != NULL) {
		gtk_widget_set_visible(qv.give, m.mine && qv.swapping);
		gtk_widget_set_sensitive(qv.give, nmarked > 0 && nmarked <= m.area->bag);
	}
	gtk_widget_set_visible(qv.pass, m.mine && m.area->bag == 0 && !qw_can_lay(&m.table, &qv_held()->hand));
}

/* One event of the table: the hand follows the seat's lays, swaps and draws. */
static void qv_event(struct app *a, const struct bd_msg *msg)
{
	struct bd_event ev;

	if (bd_msg_event(msg, a->c.dim, &ev) < 0)
		return;
	if (ev.type == BD_EV_STATE && ev.n == BD_GAME_ON)
		qv_clear();
	qw_held_follow(qv_held(), a->me, msg, &ev);
	if (ev.type == QW_EV_LAY)
		qv.lay.n = 0; /* the table changed under the tiles placed */
}

/* One private line of the seat: its hand. */
static void qv_line(struct app *a, const struct bd_msg *msg)
{
	if (qw_held_follow(qv_held(), a->me, msg, NULL) > 0)
		qv_clear();
}

/* A new connection or a resync: what was being placed may no longer fit; the hand is said
 * again (its HAND line follows). */
static void qv_reread(struct app *a)
{
	qw_held_reset(qv_held(), a->snap->game_number);
	qv_clear();
}

/* Keys of the game: 1-6 pick a tile of the hand, P plays the tiles placed, Backspace
 * takes them back, S swaps, + and - zoom, C centres, Shift and the arrows pan. */
static gboolean qv_key(struct app *a, guint key, GdkModifierType state)
{
	int pan = (state & GDK_SHIFT_MASK) != 0;

	if (key >= GDK_KEY_1 && key <= GDK_KEY_6)
		qv_pick(a, key - GDK_KEY_1);
	else if (key == GDK_KEY_p && qv.play != NULL && gtk_widget_is_sensitive(qv.play) && gtk_widget_get_visible(qv.play))
		qv_play_clicked(NULL, a);
	else if (key == GDK_KEY_BackSpace)
		qv_undo_clicked(NULL, a);
	else if (key == GDK_KEY_s && qv.swap != NULL && gtk_widget_get_visible(qv.swap))
		qv_swap_clicked(NULL, a);
	else if (key == GDK_KEY_plus || key == GDK_KEY_equal || key == GDK_KEY_KP_Add)
		qv.zoom = MAX(qv.zoom - 2, -QV_SIDE_MAX);
	else if (key == GDK_KEY_minus || key == GDK_KEY_KP_Subtract)
		qv.zoom = MIN(qv.zoom + 2, QV_SIDE_MAX);
	else if (key == GDK_KEY_c)
		qv.zoom = qv.panx = qv.pany = 0;
	else if (pan && (key == GDK_KEY_Left || key == GDK_KEY_Right || key == GDK_KEY_Up || key == GDK_KEY_Down)) {
		qv.panx += key == GDK_KEY_Left ? -1 : key == GDK_KEY_Right ? 1 : 0;
		qv.pany += key == GDK_KEY_Up ? 1 : key == GDK_KEY_Down ? -1 : 0;
	} else
		return FALSE;
	app_show(a);
	return TRUE;
}

/* The wheel pans (with Shift across), with Ctrl zooms. */
static gboolean qv_scroll(struct app *a, GdkScrollDirection dir, GdkModifierType state)
{
	int up = dir == GDK_SCROLL_UP, down = dir == GDK_SCROLL_DOWN;

	if (!up && !down)
		return FALSE;
	if (state & GDK_CONTROL_MASK)
		qv.zoom = CLAMP(qv.zoom + (up ? -2 : 2), -QV_SIDE_MAX, QV_SIDE_MAX);
	else if (state & GDK_SHIFT_MASK)
		qv.panx += up ? -1 : 1;
	else
		qv.pany += up ? 1 : -1;
	app_show(a);
	return TRUE;
}

/* The frame's side in cells once a Qwirkle snapshot is in. */
static unsigned qv_side(const struct app *a)
{
	struct qv_model m;

	return qv_read(a, &m) == 0 ? (unsigned)m.side : 0;
}

const struct game_view view_qwirkle = {
	.kind = BD_GAME_QWIRKLE,
	.title = N_("Qwirkle"),
	.levels = {"easy", "greedy", "strong", NULL},
	.board_name = N_("Qwirkle table"),
	.keys = N_("Pick a tile of your hand (a click, or 1-6), then a square (a click, or the arrows and Space); "
		   "P plays the tiles placed, Backspace takes them back, S swaps. + and - zoom, Shift+arrows pan, "
		   "C centres. Ctrl+Q quits."),
	.action = N_("Place the tile picked here, or take a placed tile back"),
	.side = qv_side,
	.build = qv_build,
	.draw = qv_draw,
	.cell_name = qv_cell_name,
	.can_play = qv_can_play,
	.play = qv_play,
	.status = qv_status,
	.update = qv_update,
	.event = qv_event,
	.line = qv_line,
	.reread = qv_reread,
	.key = qv_key,
	.scroll = qv_scroll,
};
