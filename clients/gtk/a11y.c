/* a11y.c: the board for assistive technologies. The view's accessible is an ATK table whose
 * cells are the board's, each named by the game's view ("row 2, column 3, face down",
 * "row 1, column 2, X"), placed on screen where the cell is drawn, focused with the keyboard
 * cursor and with a "click" action that plays it. Cells are made when a screen reader first
 * asks for them. */
#include <gtk/gtk-a11y.h>

#include "board-gtk.h"

typedef struct {
	GtkWidgetAccessible parent;
	GPtrArray *cells; /* CellAccessible of each cell, NULL until asked for */
} BoardViewAccessible;
typedef GtkWidgetAccessibleClass BoardViewAccessibleClass;

typedef struct {
	AtkObject parent;
	GtkWidget *view; /* weak */
	unsigned index;
} CellAccessible;
typedef AtkObjectClass CellAccessibleClass;

static void board_view_accessible_table_init(AtkTableIface *iface);
static void cell_accessible_component_init(AtkComponentIface *iface);
static void cell_accessible_action_init(AtkActionIface *iface);

G_DEFINE_TYPE_WITH_CODE(BoardViewAccessible, board_view_accessible, GTK_TYPE_WIDGET_ACCESSIBLE,
			G_IMPLEMENT_INTERFACE(ATK_TYPE_TABLE, board_view_accessible_table_init))
G_DEFINE_TYPE_WITH_CODE(CellAccessible, cell_accessible, ATK_TYPE_OBJECT,
			G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, cell_accessible_component_init)
			G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, cell_accessible_action_init))

#define BOARD_ACC(o) ((BoardViewAccessible *)(o))
#define CELL_ACC(o) ((CellAccessible *)(o))

/* The board's widget, NULL once it is gone. */
static GtkWidget *a11y_widget(gpointer acc)
{
	return gtk_accessible_get_widget(GTK_ACCESSIBLE(acc));
}

/* The board's side in cells, 0 before the first snapshot. */
static int a11y_dim(gpointer acc)
{
	GtkWidget *w = a11y_widget(acc);

	return w != NULL ? (int)view_side(w) : 0;
}

/* Set a cell's name from what its game's view says of it. */
static void a11y_name(CellAccessible *cell)
{
	char name[160];

	view_cell_name(cell->view, cell->index, name, sizeof name);
	if (g_strcmp0(atk_object_get_name(ATK_OBJECT(cell)), name) != 0)
		atk_object_set_name(ATK_OBJECT(cell), name);
}

/* Cell i, made on first use; NULL if i is not on the board. Not a new reference. */
static AtkObject *a11y_cell(BoardViewAccessible *acc, int i)
{
	int dim = a11y_dim(acc);

	if (i < 0 || i >= dim * dim)
		return NULL;
	if (acc->cells->len != (guint)(dim * dim))
		g_ptr_array_set_size(acc->cells, dim * dim);
	CellAccessible *cell = g_ptr_array_index(acc->cells, i);
	if (cell == NULL) {
		cell = g_object_new(cell_accessible_get_type(), NULL);
		cell->view = a11y_widget(acc);
		g_object_add_weak_pointer(G_OBJECT(cell->view), (gpointer *)&cell->view);
		cell->index = (unsigned)i;
		atk_object_set_parent(ATK_OBJECT(cell), ATK_OBJECT(acc));
		atk_object_set_role(ATK_OBJECT(cell), ATK_ROLE_TABLE_CELL);
		a11y_name(cell);
		g_ptr_array_index(acc->cells, i) = cell;
	}
	return ATK_OBJECT(cell);
}

/* One child per cell. */
static gint board_view_accessible_get_n_children(AtkObject *obj)
{
	int dim = a11y_dim(obj);

	return dim * dim;
}

/* Cell i, in reading order. */
static AtkObject *board_view_accessible_ref_child(AtkObject *obj, gint i)
{
	AtkObject *cell = a11y_cell(BOARD_ACC(obj), i);

	return cell != NULL ? g_object_ref(cell) : NULL;
}

/* Cells are too many to announce one by one: clients ask for the ones they need. */
static AtkStateSet *board_view_accessible_ref_state_set(AtkObject *obj)
{
	AtkStateSet *set = ATK_OBJECT_CLASS(board_view_accessible_parent_class)->ref_state_set(obj);

	atk_state_set_add_state(set, ATK_STATE_MANAGES_DESCENDANTS);
	return set;
}

/* The board is a table (a11y_update names it for its game). */
static void board_view_accessible_initialize(AtkObject *obj, gpointer data)
{
	ATK_OBJECT_CLASS(board_view_accessible_parent_class)->initialize(obj, data);
	atk_object_set_role(obj, ATK_ROLE_TABLE);
	atk_object_set_name(obj, _("Board"));
}

/* Drop the cells made so far. */
static void board_view_accessible_finalize(GObject *obj)
{
	g_ptr_array_unref(BOARD_ACC(obj)->cells);
	G_OBJECT_CLASS(board_view_accessible_parent_class)->finalize(obj);
}

/* The AtkObject methods the board overrides. */
static void board_view_accessible_class_init(BoardViewAccessibleClass *klass)
{
	AtkObjectClass *ac = ATK_OBJECT_CLASS(klass);

	ac->initialize = board_view_accessible_initialize;
	ac->get_n_children = board_view_accessible_get_n_children;
	ac->ref_child = board_view_accessible_ref_child;
	ac->ref_state_set = board_view_accessible_ref_state_set;
	G_OBJECT_CLASS(klass)->finalize = board_view_accessible_finalize;
}

/* Drop a cell of the array (NULL: never asked for). */
static void a11y_cell_free(gpointer cell)
{
	if (cell != NULL)
		g_object_unref(cell);
}

/* No cells until a client asks. */
static void board_view_accessible_init(BoardViewAccessible *acc)
{
	acc->cells = g_ptr_array_new_with_free_func(a11y_cell_free);
}

/* AtkTable: the cell at row, col. */
static AtkObject *board_view_accessible_ref_at(AtkTable *t, gint row, gint col)
{
	int dim = a11y_dim(t);

	if (row < 0 || col < 0 || row >= dim || col >= dim)
		return NULL;
	return board_view_accessible_ref_child(ATK_OBJECT(t), row * dim + col);
}

/* AtkTable: the child index of row, col. */
static gint board_view_accessible_get_index_at(AtkTable *t, gint row, gint col)
{
	return row * a11y_dim(t) + col;
}

/* AtkTable: the row of child i. */
static gint board_view_accessible_get_row_at_index(AtkTable *t, gint i)
{
	int dim = a11y_dim(t);

	return dim ? i / dim : -1;
}

/* AtkTable: the column of child i. */
static gint board_view_accessible_get_column_at_index(AtkTable *t, gint i)
{
	int dim = a11y_dim(t);

	return dim ? i % dim : -1;
}

/* Rows and columns are both the board's side. */
static gint board_view_accessible_get_n_rows(AtkTable *t)
{
	return a11y_dim(t);
}

/* The AtkTable methods: enough to move by row and column. */
static void board_view_accessible_table_init(AtkTableIface *iface)
{
	iface->ref_at = board_view_accessible_ref_at;
	iface->get_index_at = board_view_accessible_get_index_at;
	iface->get_row_at_index = board_view_accessible_get_row_at_index;
	iface->get_column_at_index = board_view_accessible_get_column_at_index;
	iface->get_n_rows = board_view_accessible_get_n_rows;
	iface->get_n_columns = board_view_accessible_get_n_rows;
}

/* A cell's index is its number on the board. */
static gint cell_accessible_get_index_in_parent(AtkObject *obj)
{
	return (gint)CELL_ACC(obj)->index;
}

/* Showing while the board is; enabled while it can be played; focused under the cursor. */
static AtkStateSet *cell_accessible_ref_state_set(AtkObject *obj)
{
	CellAccessible *cell = CELL_ACC(obj);
	AtkStateSet *set = atk_state_set_new();

	if (cell->view == NULL) {
		atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
		return set;
	}
	atk_state_set_add_state(set, ATK_STATE_VISIBLE);
	atk_state_set_add_state(set, ATK_STATE_FOCUSABLE);
	if (gtk_widget_get_mapped(cell->view))
		atk_state_set_add_state(set, ATK_STATE_SHOWING);
	if (view_can_play(cell->view, cell->index)) {
		atk_state_set_add_state(set, ATK_STATE_ENABLED);
		atk_state_set_add_state(set, ATK_STATE_SENSITIVE);
	}
	if (view_cursor(cell->view) == (int)cell->index && gtk_widget_has_focus(cell->view))
		atk_state_set_add_state(set, ATK_STATE_FOCUSED);
	return set;
}

/* Stop watching the view. */
static void cell_accessible_finalize(GObject *obj)
{
	CellAccessible *cell = CELL_ACC(obj);

	if (cell->view != NULL)
		g_object_remove_weak_pointer(G_OBJECT(cell->view), (gpointer *)&cell->view);
	G_OBJECT_CLASS(cell_accessible_parent_class)->finalize(obj);
}

/* The AtkObject methods a cell overrides. */
static void cell_accessible_class_init(CellAccessibleClass *klass)
{
	G_OBJECT_CLASS(klass)->finalize = cell_accessible_finalize;
	klass->get_index_in_parent = cell_accessible_get_index_in_parent;
	klass->ref_state_set = cell_accessible_ref_state_set;
}

/* Cells are filled in by a11y_cell. */
static void cell_accessible_init(CellAccessible *cell)
{
	(void)cell;
}

/* Where the cell is drawn: on screen, in the toplevel window, or in the board. */
static void cell_accessible_get_extents(AtkComponent *comp, gint *x, gint *y, gint *w, gint *h, AtkCoordType type)
{
	CellAccessible *cell = CELL_ACC(comp);
	GdkRectangle r;
	GdkWindow *win;
	int ox = 0, oy = 0, tx, ty;

	*x = *y = *w = *h = -1;
	if (cell->view == NULL || (win = gtk_widget_get_window(cell->view)) == NULL)
		return;
	view_cell_rect(cell->view, cell->index, &r);
	if (type != ATK_XY_PARENT)
		gdk_window_get_origin(win, &ox, &oy);
	if (type == ATK_XY_WINDOW) {
		gdk_window_get_origin(gdk_window_get_toplevel(win), &tx, &ty);
		ox -= tx;
		oy -= ty;
	}
	*x = ox + r.x;
	*y = oy + r.y;
	*w = r.width;
	*h = r.height;
}

/* Focusing a cell moves the keyboard cursor to it. */
static gboolean cell_accessible_grab_focus(AtkComponent *comp)
{
	CellAccessible *cell = CELL_ACC(comp);

	if (cell->view == NULL)
		return FALSE;
	gtk_widget_grab_focus(cell->view);
	view_set_cursor(cell->view, (int)cell->index);
	return TRUE;
}

/* AtkComponent: where a cell is, and focusing it. */
static void cell_accessible_component_init(AtkComponentIface *iface)
{
	iface->get_extents = cell_accessible_get_extents;
	iface->grab_focus = cell_accessible_grab_focus;
}

/* One action, "click", while the cell can be played. */
static gint cell_accessible_get_n_actions(AtkAction *action)
{
	CellAccessible *cell = CELL_ACC(action);

	return cell->view != NULL && view_can_play(cell->view, cell->index) ? 1 : 0;
}

/* "click": move the cursor to the cell and play it. */
static gboolean cell_accessible_do_action(AtkAction *action, gint i)
{
	CellAccessible *cell = CELL_ACC(action);

	if (i != 0 || cell_accessible_get_n_actions(action) == 0)
		return FALSE;
	view_set_cursor(cell->view, (int)cell->index);
	view_play(cell->view, cell->index);
	return TRUE;
}

/* The name of the one action. */
static const gchar *cell_accessible_get_action_name(AtkAction *action, gint i)
{
	(void)action;
	return i == 0 ? "click" : NULL;
}

/* What the one action does, for people, in the game's words. */
static const gchar *cell_accessible_get_action_description(AtkAction *action, gint i)
{
	CellAccessible *cell = CELL_ACC(action);
	struct app *a = cell->view != NULL ? view_app(cell->view) : NULL;

	return i == 0 && a != NULL && a->game != NULL ? _(a->game->action) : NULL;
}

/* AtkAction: the "click" action. */
static void cell_accessible_action_init(AtkActionIface *iface)
{
	iface->get_n_actions = cell_accessible_get_n_actions;
	iface->do_action = cell_accessible_do_action;
	iface->get_name = cell_accessible_get_action_name;
	iface->get_description = cell_accessible_get_action_description;
}

/* A new snapshot: name the board for its game and rename the cells whose content changed
 * (this notifies screen readers). */
void a11y_update(GtkWidget *view)
{
	BoardViewAccessible *acc = BOARD_ACC(gtk_widget_get_accessible(view));
	const struct game_view *game = view_app(view)->game;
	int dim = a11y_dim(acc);

	/* the views' names are marked N_() and translated here */
	if (game != NULL && g_strcmp0(atk_object_get_name(ATK_OBJECT(acc)), _(game->board_name)) != 0)
		atk_object_set_name(ATK_OBJECT(acc), _(game->board_name));
	if (acc->cells->len != 0 && acc->cells->len != (guint)(dim * dim)) {
		/* Another board size or game (a daemon restarted differently): the old cells are void. */
		g_ptr_array_set_size(acc->cells, 0);
		g_signal_emit_by_name(acc, "visible-data-changed");
	}
	for (guint i = 0; i < acc->cells->len; i++)
		if (g_ptr_array_index(acc->cells, i) != NULL)
			a11y_name(g_ptr_array_index(acc->cells, i));
}

/* The keyboard cursor moved from cell old to cell: move the focused state with it. */
void a11y_focus(GtkWidget *view, int old, int cell)
{
	BoardViewAccessible *acc = BOARD_ACC(gtk_widget_get_accessible(view));
	AtkObject *from = old >= 0 && (guint)old < acc->cells->len ? g_ptr_array_index(acc->cells, old) : NULL;
	AtkObject *to = a11y_cell(acc, cell);

	if (from != NULL)
		atk_object_notify_state_change(from, ATK_STATE_FOCUSED, FALSE);
	if (to != NULL && gtk_widget_has_focus(view)) {
		atk_object_notify_state_change(to, ATK_STATE_FOCUSED, TRUE);
		g_signal_emit_by_name(acc, "active-descendant-changed", to);
	}
}
