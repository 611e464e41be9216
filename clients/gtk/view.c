/* view.c: BoardView, the board widget: a square grid of cells drawn by the view of the
 * table's kind (struct game_view) straight from the app's snapshot of the public segment,
 * scaled with the widget; clicks and keys play cells through that view. Also the table of
 * views, one line per game.
 *
 * Layout (tests/test-gtk.sh computes click positions with the same rule): the board is the
 * largest square of whole cells that fits the widget less VIEW_MARGIN on each side,
 * centred; cell = floor((min(width, height) - 2 * VIEW_MARGIN) / side). The widget asks for
 * room for cells of VIEW_MIN_CELL px at least and sits in a scrolled window (board-gtk.ui):
 * a large board (Memory 32x32) scrolls rather than shrink its cards past reading. A view
 * that zooms and pans itself (Qwirkle) fits the window instead. */
#include <math.h>
#include <stdio.h>

#include "board-gtk.h"

#define VIEW_MARGIN 12
#define VIEW_MIN_CELL 48 /* px: a card's value 15 px high, its badge PAINT_BADGE_MIN */
#define VIEW_MIN_SIZE 200 /* px: the smallest board, whatever its side */

/* Every game board-gtk can show: one line per game. */
static const struct game_view *const views[] = {
	&view_memory,
	&view_tictactoe,
	&view_tafl,
	&view_qwirkle,
	&view_quantik,
};

struct _BoardView {
	GtkDrawingArea parent;
	struct app *app;
	int cursor; /* the keyboard cursor's cell */
	int hover;  /* the cell under the pointer, -1 if none */
	int pressed; /* the cell the primary button went down on, -1 if none (a drag's start) */
};

G_DEFINE_TYPE(BoardView, board_view, GTK_TYPE_DRAWING_AREA)

/* The view of tables of kind, NULL for a kind board-gtk does not know. */
const struct game_view *view_of_kind(unsigned kind)
{
	for (size_t i = 0; i < G_N_ELEMENTS(views); i++)
		if (views[i]->kind == kind)
			return views[i];
	return NULL;
}

/* The grid's side in cells, 0 before anything is known of the table. */
unsigned view_side(GtkWidget *w)
{
	struct app *a = BOARD_VIEW(w)->app;

	return a != NULL && a->have_snap && a->game != NULL ? a->game->side(a) : 0;
}

/* The board's top-left corner and cell size in widget coordinates. */
static void view_layout(GtkWidget *w, unsigned side, double *x0, double *y0, double *cell)
{
	int width = gtk_widget_get_allocated_width(w), height = gtk_widget_get_allocated_height(w);
	int room = MIN(width, height) - 2 * VIEW_MARGIN;

	*cell = floor(MAX(room, (int)side) / (double)side);
	*x0 = floor((width - *cell * side) / 2);
	*y0 = floor((height - *cell * side) / 2);
}

/* The rectangle of the whole grid, in widget coordinates. */
void view_board_rect(GtkWidget *w, GdkRectangle *r)
{
	unsigned side = view_side(w);
	double x0, y0, cell;

	if (side == 0) {
		*r = (GdkRectangle){0, 0, 0, 0};
		return;
	}
	view_layout(w, side, &x0, &y0, &cell);
	*r = (GdkRectangle){(int)x0, (int)y0, (int)(cell * side), (int)(cell * side)};
}

/* The rectangle of cell number cell, in widget coordinates, gaps between cells left out. */
void view_cell_rect(GtkWidget *w, unsigned cell, GdkRectangle *r)
{
	unsigned side = view_side(w);
	double x0, y0, size;

	if (side == 0) {
		*r = (GdkRectangle){0, 0, 0, 0};
		return;
	}
	view_layout(w, side, &x0, &y0, &size);
	int gap = (int)MAX(2, size * 0.07);
	r->x = (int)(x0 + cell % side * size) + gap / 2;
	r->y = (int)(y0 + cell / side * size) + gap / 2;
	r->width = r->height = (int)size - gap;
}

/* The cell whose square holds point (x, y), or -1. */
static int view_cell_at(GtkWidget *w, double x, double y)
{
	unsigned side = view_side(w);
	double x0, y0, size;

	if (side == 0)
		return -1;
	view_layout(w, side, &x0, &y0, &size);
	double col = floor((x - x0) / size), row = floor((y - y0) / size);
	if (col < 0 || row < 0 || col >= side || row >= side)
		return -1;
	return (int)(row * side + col);
}

/* What a screen reader says for a cell, in the words of the table's game. */
void view_cell_name(GtkWidget *w, unsigned cell, char *buf, size_t len)
{
	struct app *a = BOARD_VIEW(w)->app;

	if (cell >= view_side(w) * view_side(w))
		snprintf(buf, len, "%s", _("cell"));
	else
		a->game->cell_name(a, cell, buf, len);
}

/* Nonzero if this window may play cell now. */
int view_can_play(GtkWidget *w, unsigned cell)
{
	struct app *a = BOARD_VIEW(w)->app;

	return cell < view_side(w) * view_side(w) && a->game->can_play(a, cell);
}

/* Play cell (the view says no with the bell if it may not be played). */
void view_play(GtkWidget *w, unsigned cell)
{
	struct app *a = BOARD_VIEW(w)->app;

	if (cell < view_side(w) * view_side(w) && conn_can_play(a))
		a->game->play(a, cell);
}

/* Draw the board; while disconnected, the last known board faded. */
static gboolean board_view_draw(GtkWidget *w, cairo_t *cr)
{
	BoardView *v = BOARD_VIEW(w);
	GtkStyleContext *ctx = gtk_widget_get_style_context(w);
	unsigned side = view_side(w);
	GdkRectangle r;
	GdkRGBA cursor, halo;

	gtk_render_background(ctx, cr, 0, 0, gtk_widget_get_allocated_width(w), gtk_widget_get_allocated_height(w));
	if (side == 0)
		return FALSE;
	if (!v->app->linked)
		cairo_push_group(cr);
	v->app->game->draw(w, cr, v->hover);
	if (gtk_widget_has_focus(w) && (unsigned)v->cursor < side * side && !v->app->watching) {
		/* a spectator plays nothing: no cursor to invite it */
		paint_lookup(ctx, "board_cursor", "#0b3c7a", &cursor);
		paint_lookup(ctx, "board_cursor_halo", "#ffffff", &halo);
		view_cell_rect(w, (unsigned)v->cursor, &r);
		paint_ring(cr, &r, &cursor, &halo);
	}
	if (v->app->game->draw_over != NULL)
		v->app->game->draw_over(w, cr);
	callout_draw(w, cr); /* a word by the cell it is about, over everything, in every game */
	if (!v->app->linked) {
		cairo_pop_group_to_source(cr);
		cairo_paint_with_alpha(cr, 0.4);
	}
	return FALSE;
}

/* Redraw one cell and the cursor ring around it. */
static void view_queue_cell(GtkWidget *w, int cell)
{
	GdkRectangle r;

	if (cell < 0)
		return;
	view_cell_rect(w, (unsigned)cell, &r);
	int pad = r.width / 8 + 4;
	gtk_widget_queue_draw_area(w, r.x - pad, r.y - pad, r.width + 2 * pad, r.height + 2 * pad);
}

/* Scroll the board's scrolled window, if it scrolls, to show cell and its cursor ring. */
static void view_show_cell(GtkWidget *w, int cell)
{
	GtkWidget *sw = gtk_widget_get_ancestor(w, GTK_TYPE_SCROLLED_WINDOW);
	GdkRectangle r;

	if (sw == NULL || cell < 0)
		return;
	view_cell_rect(w, (unsigned)cell, &r);
	int pad = r.width / 8 + 4;
	gtk_adjustment_clamp_page(gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(sw)), r.x - pad,
				  r.x + r.width + pad);
	gtk_adjustment_clamp_page(gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(sw)), r.y - pad,
				  r.y + r.height + pad);
}

/* Move the keyboard cursor to cell, telling assistive technologies. */
void view_set_cursor(GtkWidget *w, int cell)
{
	BoardView *v = BOARD_VIEW(w);
	int old = v->cursor;

	v->cursor = cell;
	if (old != cell)
		a11y_focus(w, old, cell);
	view_queue_cell(w, old);
	view_queue_cell(w, cell);
	view_show_cell(w, cell);
}

/* The cell under the keyboard cursor. */
int view_cursor(GtkWidget *w)
{
	return BOARD_VIEW(w)->cursor;
}

/* A click plays the cell under the pointer and moves the cursor there. */
static gboolean board_view_button_press(GtkWidget *w, GdkEventButton *ev)
{
	BoardView *v = BOARD_VIEW(w);
	int cell = view_cell_at(w, ev->x, ev->y);

	if (ev->type != GDK_BUTTON_PRESS || ev->button != GDK_BUTTON_PRIMARY || v->app == NULL ||
	    !conn_can_play(v->app))
		return FALSE;
	gtk_widget_grab_focus(w);
	v->pressed = cell;
	if (cell < 0)
		return TRUE;
	view_set_cursor(w, cell);
	view_play(w, (unsigned)cell);
	return TRUE;
}

/* The primary button released over another cell than it went down on: a drag, for a view
 * that takes one. */
static gboolean board_view_button_release(GtkWidget *w, GdkEventButton *ev)
{
	BoardView *v = BOARD_VIEW(w);
	int from = v->pressed, to = view_cell_at(w, ev->x, ev->y);

	v->pressed = -1;
	if (ev->button != GDK_BUTTON_PRIMARY || v->app == NULL || v->app->game == NULL || v->app->game->drag == NULL ||
	    from < 0 || to < 0 || to == from || !conn_can_play(v->app))
		return FALSE;
	view_set_cursor(w, to);
	v->app->game->drag(v->app, (unsigned)from, (unsigned)to);
	return TRUE;
}

/* Arrows move the cursor (stopping at the edges), Space or Enter plays the cell under it. */
static gboolean board_view_key_press(GtkWidget *w, GdkEventKey *ev)
{
	BoardView *v = BOARD_VIEW(w);
	int dim = (int)view_side(w), dx = 0, dy = 0;

	if (dim == 0 || (ev->state & (GDK_CONTROL_MASK | GDK_MOD1_MASK)))
		return FALSE;
	if (v->app->game->key != NULL && v->app->game->key(v->app, ev->keyval, ev->state))
		return TRUE;
	switch (ev->keyval) {
	case GDK_KEY_Left: case GDK_KEY_KP_Left: dx = -1; break;
	case GDK_KEY_Right: case GDK_KEY_KP_Right: dx = 1; break;
	case GDK_KEY_Up: case GDK_KEY_KP_Up: dy = -1; break;
	case GDK_KEY_Down: case GDK_KEY_KP_Down: dy = 1; break;
	case GDK_KEY_space: case GDK_KEY_KP_Space: case GDK_KEY_Return: case GDK_KEY_KP_Enter:
		view_play(w, (unsigned)v->cursor);
		return TRUE;
	default:
		return FALSE;
	}
	int col = CLAMP(v->cursor % dim + dx, 0, dim - 1), row = CLAMP(v->cursor / dim + dy, 0, dim - 1);
	view_set_cursor(w, row * dim + col);
	return TRUE;
}

/* The wheel: the view's, if it takes it (a board larger than the window). */
static gboolean board_view_scroll(GtkWidget *w, GdkEventScroll *ev)
{
	struct app *a = BOARD_VIEW(w)->app;

	return view_side(w) > 0 && a->game->scroll != NULL && a->game->scroll(a, ev->direction, ev->state);
}

/* Track the cell under the pointer for its hover highlight. */
static gboolean board_view_motion(GtkWidget *w, GdkEventMotion *ev)
{
	BoardView *v = BOARD_VIEW(w);
	int cell = view_cell_at(w, ev->x, ev->y);

	if (cell != v->hover) {
		view_queue_cell(w, v->hover);
		view_queue_cell(w, cell);
		v->hover = cell;
	}
	return FALSE;
}

/* The pointer left: no hover highlight. */
static gboolean board_view_leave(GtkWidget *w, GdkEventCrossing *ev)
{
	(void)ev;
	view_queue_cell(w, BOARD_VIEW(w)->hover);
	BOARD_VIEW(w)->hover = -1;
	return FALSE;
}

/* The theme changed: the stylesheet's variant and the player colours follow it. */
static void board_view_style_updated(GtkWidget *w)
{
	GTK_WIDGET_CLASS(board_view_parent_class)->style_updated(w);
	paint_follow_theme(w);
	gtk_widget_queue_draw(w);
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
	wc->button_release_event = board_view_button_release;
	wc->key_press_event = board_view_key_press;
	wc->motion_notify_event = board_view_motion;
	wc->scroll_event = board_view_scroll;
	wc->leave_notify_event = board_view_leave;
	wc->focus_in_event = board_view_focus_change;
	wc->focus_out_event = board_view_focus_change;
	wc->style_updated = board_view_style_updated;
	gtk_widget_class_set_css_name(wc, "boardview");
	gtk_widget_class_set_accessible_type(wc, board_view_accessible_get_type());
}

/* A focusable widget that hears clicks, pointer motion and keys. */
static void board_view_init(BoardView *v)
{
	v->hover = v->pressed = -1;
	gtk_widget_add_events(GTK_WIDGET(v), GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK |
				      GDK_LEAVE_NOTIFY_MASK | GDK_KEY_PRESS_MASK | GDK_FOCUS_CHANGE_MASK |
				      GDK_SCROLL_MASK);
	gtk_widget_set_can_focus(GTK_WIDGET(v), TRUE);
}

/* Give the view the app whose snapshot it draws; its colours follow the theme from now. */
void view_attach(GtkWidget *w, struct app *a)
{
	BOARD_VIEW(w)->app = a;
	paint_follow_theme(w);
}

/* Ask for room for cells of VIEW_MIN_CELL px: the scrolled window around scrolls the rest. */
static void view_request(GtkWidget *w, unsigned side)
{
	struct app *a = BOARD_VIEW(w)->app;
	int size = VIEW_MIN_SIZE;

	if (side > 0 && a->game->scroll == NULL)
		size = MAX(size, (int)side * VIEW_MIN_CELL + 2 * VIEW_MARGIN);
	gtk_widget_set_size_request(w, size, size);
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
	unsigned dim = view_side(w);

	if (dim > 0 && (unsigned)v->cursor >= dim * dim)
		v->cursor = 0;
	view_request(w, dim);
	a11y_update(w);
	gtk_widget_queue_draw(w);
}
