/* help.c: the Help window (F1, the primary menu): how to play board-gtk and each game, from
 * help.ui, so that it works offline and without a help browser. The page of the game at the
 * table is shown first. */
#include "board-gtk.h"

#define RES "/org/boardd/BoardGtk/"

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

/* Show the Help window on the page that fits. */
void help_show(struct app *a)
{
	GtkBuilder *b = gtk_builder_new_from_resource(RES "help.ui");
	GtkWindow *help = app_object(b, "help");

	gtk_stack_set_visible_child_name(app_object(b, "pages"), help_page(a));
	gtk_window_set_transient_for(help, a->window);
	g_object_unref(b);
	gtk_window_present(help);
}
