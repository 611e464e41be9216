/* view.c: BoardView, the board widget. It draws the cards straight from the app's snapshot
 * of the public segment, scales them with its size, and turns clicks and keys into picks.
 *
 * Layout (tests/test-gtk.sh computes click positions with the same rule): the board is the
 * largest square of whole cells that fits the widget less VIEW_MARGIN on each side,
 * centred; cell = floor((min(width, height) - 2 * VIEW_MARGIN) / dim). */
#include <math.h>
#include <stdio.h>

#include "board-gtk.h"

#define VIEW_MARGIN 12

struct _BoardView {
	GtkDrawingArea parent;
	struct app *app;
	int cursor; /* the keyboard cursor's card */
	int hover;  /* the card under the pointer, -1 if none */
};

G_DEFINE_TYPE(BoardView, board_view, GTK_TYPE_DRAWING_AREA)

/* The board's dimension, 0 before anything is known of it. */
static unsigned view_dim(BoardView *v)
{
	return v->app != NULL && v->app->have_snap ? bd_memory_pub(v->app->snap)->dim : 0;
}

/* The board's top-left corner and cell size in widget coordinates. */
static void view_layout(GtkWidget *w, unsigned dim, double *x0, double *y0, double *cell)
{
	int width = gtk_widget_get_allocated_width(w), height = gtk_widget_get_allocated_height(w);
	int side = MIN(width, height) - 2 * VIEW_MARGIN;

	*cell = floor(MAX(side, (int)dim) / (double)dim);
	*x0 = floor((width - *cell * dim) / 2);
	*y0 = floor((height - *cell * dim) / 2);
}

/* The rectangle of card number card, in widget coordinates, gaps between cards left out. */
void view_card_rect(GtkWidget *w, unsigned card, GdkRectangle *r)
{
	unsigned dim = view_dim(BOARD_VIEW(w));
	double x0, y0, cell;

	if (dim == 0) {
		*r = (GdkRectangle){0, 0, 0, 0};
		return;
	}
	view_layout(w, dim, &x0, &y0, &cell);
	int gap = (int)MAX(2, cell * 0.07);
	r->x = (int)(x0 + card % dim * cell) + gap / 2;
	r->y = (int)(y0 + card / dim * cell) + gap / 2;
	r->width = r->height = (int)cell - gap;
}

/* The card whose cell holds point (x, y), or -1. */
static int view_card_at(GtkWidget *w, double x, double y)
{
	unsigned dim = view_dim(BOARD_VIEW(w));
	double x0, y0, cell;

	if (dim == 0)
		return -1;
	view_layout(w, dim, &x0, &y0, &cell);
	double col = floor((x - x0) / cell), row = floor((y - y0) / cell);
	if (col < 0 || row < 0 || col >= dim || row >= dim)
		return -1;
	return (int)(row * dim + col);
}

/* The name of the player who owns a card, "" if the seat has been emptied since. */
static const char *view_owner(const struct bd_pub *snap, const struct bd_card *card)
{
	if (card->owner >= BD_PLAYERS_MAX || snap->players[card->owner].state == BD_PLAYER_EMPTY)
		return "";
	return snap->players[card->owner].name;
}

/* What a screen reader says for a card: "row 2, column 3, face down" and so on. */
void view_card_name(GtkWidget *w, unsigned card, char *buf, size_t len)
{
	BoardView *v = BOARD_VIEW(w);
	unsigned dim = view_dim(v);

	if (dim == 0 || card >= dim * dim) {
		snprintf(buf, len, "card");
		return;
	}
	const struct bd_card *c = &bd_memory_pub(v->app->snap)->cards[card];
	const char *owner = view_owner(v->app->snap, c);
	int n = snprintf(buf, len, "row %u, column %u, ", card / dim + 1, card % dim + 1);
	if (n < 0 || (size_t)n >= len)
		return;
	if (c->state == BD_CARD_DOWN)
		snprintf(buf + n, len - n, "face down");
	else
		snprintf(buf + n, len - n, "%s, %c%c, %s %s", c->state == BD_CARD_UP ? "face up" : "locked",
			 g_ascii_toupper(c->value[0]), g_ascii_toupper(c->value[1]),
			 c->state == BD_CARD_UP ? "turned by" : "pair of", owner[0] ? owner : "a player who left");
}

/* Draw the board; while disconnected, the last known board faded. */
static gboolean board_view_draw(GtkWidget *w, cairo_t *cr)
{
	BoardView *v = BOARD_VIEW(w);
	GtkStyleContext *ctx = gtk_widget_get_style_context(w);
	unsigned dim = view_dim(v);
	struct card_look look;
	GdkRectangle r, clip;
	char tag[8];

	gtk_render_background(ctx, cr, 0, 0, gtk_widget_get_allocated_width(w), gtk_widget_get_allocated_height(w));
	if (dim == 0)
		return FALSE;
	paint_look(ctx, &look);
	if (!v->app->linked)
		cairo_push_group(cr);
	gdk_cairo_get_clip_rectangle(cr, &clip);
	for (unsigned i = 0; i < dim * dim; i++) {
		const struct bd_card *c = &bd_memory_pub(v->app->snap)->cards[i];
		view_card_rect(w, i, &r);
		if (!gdk_rectangle_intersect(&r, &clip, NULL))
			continue; /* a hover or cursor change redraws a card or two, not the board */
		paint_tag(v->app->snap, c->owner, tag, sizeof tag);
		paint_card(cr, &r, c, tag, &look, (int)i == v->hover && conn_can_pick(v->app));
	}
	if (gtk_widget_has_focus(w) && (unsigned)v->cursor < dim * dim) {
		view_card_rect(w, (unsigned)v->cursor, &r);
		paint_cursor(cr, &r, &look);
	}
	if (!v->app->linked) {
		cairo_pop_group_to_source(cr);
		cairo_paint_with_alpha(cr, 0.4);
	}
	return FALSE;
}

/* Redraw one card and the cursor ring around it. */
static void view_queue_card(GtkWidget *w, int card)
{
	GdkRectangle r;

	if (card < 0)
		return;
	view_card_rect(w, (unsigned)card, &r);
	int pad = r.width / 8 + 4;
	gtk_widget_queue_draw_area(w, r.x - pad, r.y - pad, r.width + 2 * pad, r.height + 2 * pad);
}

/* Move the keyboard cursor to card, telling assistive technologies. */
void view_set_cursor(GtkWidget *w, int card)
{
	BoardView *v = BOARD_VIEW(w);
	int old = v->cursor;

	v->cursor = card;
	if (old != card)
		a11y_focus(w, old, card);
	view_queue_card(w, old);
	view_queue_card(w, card);
}

/* The card under the keyboard cursor. */
int view_cursor(GtkWidget *w)
{
	return BOARD_VIEW(w)->cursor;
}

/* A click picks the card under the pointer and moves the cursor there. */
static gboolean board_view_button_press(GtkWidget *w, GdkEventButton *ev)
{
	BoardView *v = BOARD_VIEW(w);
	int card = view_card_at(w, ev->x, ev->y);

	if (ev->type != GDK_BUTTON_PRESS || ev->button != GDK_BUTTON_PRIMARY || v->app == NULL ||
	    !conn_can_pick(v->app))
		return FALSE;
	gtk_widget_grab_focus(w);
	if (card < 0)
		return TRUE;
	view_set_cursor(w, card);
	conn_pick(v->app, (unsigned)card);
	return TRUE;
}

/* Arrows move the cursor (stopping at the edges), Space or Enter picks under it. */
static gboolean board_view_key_press(GtkWidget *w, GdkEventKey *ev)
{
	BoardView *v = BOARD_VIEW(w);
	int dim = (int)view_dim(v), dx = 0, dy = 0;

	if (dim == 0 || (ev->state & (GDK_CONTROL_MASK | GDK_MOD1_MASK)))
		return FALSE;
	switch (ev->keyval) {
	case GDK_KEY_Left: case GDK_KEY_KP_Left: dx = -1; break;
	case GDK_KEY_Right: case GDK_KEY_KP_Right: dx = 1; break;
	case GDK_KEY_Up: case GDK_KEY_KP_Up: dy = -1; break;
	case GDK_KEY_Down: case GDK_KEY_KP_Down: dy = 1; break;
	case GDK_KEY_space: case GDK_KEY_KP_Space: case GDK_KEY_Return: case GDK_KEY_KP_Enter:
		conn_pick(v->app, (unsigned)v->cursor);
		return TRUE;
	default:
		return FALSE;
	}
	int col = CLAMP(v->cursor % dim + dx, 0, dim - 1), row = CLAMP(v->cursor / dim + dy, 0, dim - 1);
	view_set_cursor(w, row * dim + col);
	return TRUE;
}

/* Track the card under the pointer for its hover highlight. */
static gboolean board_view_motion(GtkWidget *w, GdkEventMotion *ev)
{
	BoardView *v = BOARD_VIEW(w);
	int card = view_card_at(w, ev->x, ev->y);

	if (card != v->hover) {
		view_queue_card(w, v->hover);
		view_queue_card(w, card);
		v->hover = card;
	}
	return FALSE;
}

/* The pointer left: no hover highlight. */
static gboolean board_view_leave(GtkWidget *w, GdkEventCrossing *ev)
{
	(void)ev;
	view_queue_card(w, BOARD_VIEW(w)->hover);
	BOARD_VIEW(w)->hover = -1;
	return FALSE;
}

/* Focus shows or hides the cursor. */
static gboolean board_view_focus_change(GtkWidget *w, GdkEventFocus *ev)
{
	(void)ev;
	gtk_widget_queue_draw(w);
	return FALSE;
}

/* The widget methods, CSS name and accessible type of the board. */
static void board_view_class_init(BoardViewClass *klass)
{
	GtkWidgetClass *wc = GTK_WIDGET_CLASS(klass);

	wc->draw = board_view_draw;
	wc->button_press_event = board_view_button_press;
	wc->key_press_event = board_view_key_press;
	wc->motion_notify_event = board_view_motion;
	wc->leave_notify_event = board_view_leave;
	wc->focus_in_event = board_view_focus_change;
	wc->focus_out_event = board_view_focus_change;
	gtk_widget_class_set_css_name(wc, "boardview");
	gtk_widget_class_set_accessible_type(wc, board_view_accessible_get_type());
}

/* A focusable widget that hears clicks, pointer motion and keys. */
static void board_view_init(BoardView *v)
{
	v->hover = -1;
	gtk_widget_add_events(GTK_WIDGET(v), GDK_BUTTON_PRESS_MASK | GDK_POINTER_MOTION_MASK |
				      GDK_LEAVE_NOTIFY_MASK | GDK_KEY_PRESS_MASK | GDK_FOCUS_CHANGE_MASK);
	gtk_widget_set_can_focus(GTK_WIDGET(v), TRUE);
}

/* Give the view the app whose snapshot it draws. */
void view_attach(GtkWidget *w, struct app *a)
{
	BOARD_VIEW(w)->app = a;
}

/* The app whose board the view shows. */
struct app *view_app(GtkWidget *w)
{
	return BOARD_VIEW(w)->app;
}

/* A new snapshot: keep the cursor on the board, refresh names, redraw. */
void view_update(GtkWidget *w)
{
	BoardView *v = BOARD_VIEW(w);
	unsigned dim = view_dim(v);

	if (dim > 0 && (unsigned)v->cursor >= dim * dim)
		v->cursor = 0;
	a11y_update(w);
	gtk_widget_queue_draw(w);
}
