/* help.c: the Help window (F1, the primary menu): how to play board-gtk and each game, from
 * help.ui, so that it works offline and without a help browser. The page of the game at the
 * table is shown first. */
#include "board-gtk.h"

/* The help page of the game at the table, or the page on playing board-gtk. */
static const char *help_page(const struct app *a)
{
	static const char *pages[] = {"memory", "tictactoe", "tafl", "quantik", "qwirkle"};
	const struct game_view *views[] = {&view_memory, &view_tictactoe, &view_tafl, &view_quantik, &view_qwirkle};

	for (size_t i = 0; a->table[0] && i < G_N_ELEMENTS(views); i++)
		if (a->game == views[i])
			return pages[i];
	return "playing";
}

/* Escape closes the Help window, as it closes a dialog. */
static gboolean help_key(GtkWidget *help, GdkEventKey *ev, gpointer data)
{
	(void)data;
	if (ev->keyval != GDK_KEY_Escape)
		return FALSE;
	gtk_widget_hide(help);
	return TRUE;
}

/* Show the Help window on the page that fits; made once, hidden when closed. */
void help_show(struct app *a)
{
	if (a->help == NULL) {
		GtkBuilder *b = gtk_builder_new_from_resource(RES "help.ui");

		a->help = app_object(b, "help");
		a->help_pages = app_object(b, "pages");
		gtk_window_set_transient_for(GTK_WINDOW(a->help), a->window);
		g_signal_connect(a->help, "key-press-event", G_CALLBACK(help_key), NULL);
		g_signal_connect(a->help, "delete-event", G_CALLBACK(gtk_widget_hide_on_delete), NULL);
		g_object_unref(b);
	}
	gtk_stack_set_visible_child_name(a->help_pages, help_page(a));
	gtk_window_present(GTK_WINDOW(a->help));
}
