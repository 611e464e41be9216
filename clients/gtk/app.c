/* app.c: the GtkApplication. Stylesheet and icon come from the GResource, the window from
 * board-gtk.ui: the lobby page and the table page; whichever way the program ends (window
 * closed, Ctrl+Q, SIGINT, SIGTERM) it runs "shutdown", which ends the person's bot and tells
 * the daemon we quit. */
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"

#define APP_ID "org.boardd.BoardGtk"

/* The app.quit action (Ctrl+Q). */
static void app_quit_activated(GSimpleAction *action, GVariant *param, gpointer data)
{
	struct app *a = data;

	(void)action;
	(void)param;
	g_application_quit(G_APPLICATION(a->gapp));
}

/* SIGINT or SIGTERM: leave as if the window was closed. */
static gboolean app_signal(gpointer data)
{
	struct app *a = data;

	g_application_quit(G_APPLICATION(a->gapp));
	return G_SOURCE_CONTINUE;
}

/* Leave the table (and end the bot played there); 0, or -1 with the refusal shown. */
static int app_leave(struct app *a)
{
	char err[BD_LINE_MAX];

	if (conn_leave(a, err, sizeof err) < 0) {
		panel_refused(a, "leave", err);
		return -1;
	}
	bot_stop(a);
	return 0;
}

/* The app.new-game action (Ctrl+N, the header's New Game): the New Game dialog (its Start
 * leaves the table the window is at, if any). */
static void app_new_game_activated(GSimpleAction *action, GVariant *param, gpointer data)
{
	struct app *a = data;

	(void)action;
	(void)param;
	if (a->window == NULL || a->lobby == NULL)
		return;
	newgame_open(a);
}

/* The app.preferences action (Ctrl+comma). */
static void app_preferences_activated(GSimpleAction *action, GVariant *param, gpointer data)
{
	struct app *a = data;

	(void)action;
	(void)param;
	if (a->window != NULL)
		prefs_show(a);
}

/* The app.help action (F1). */
static void app_help_activated(GSimpleAction *action, GVariant *param, gpointer data)
{
	struct app *a = data;

	(void)action;
	(void)param;
	if (a->window != NULL)
		help_show(a);
}

/* The app.scores action: this user's statistics across sessions (scores.c). */
static void app_scores_activated(GSimpleAction *action, GVariant *param, gpointer data)
{
	struct app *a = data;

	(void)action;
	(void)param;
	if (a->window != NULL)
		scores_open(a);
}

/* The app.about action: the About dialog. */
static void app_about_activated(GSimpleAction *action, GVariant *param, gpointer data)
{
	struct app *a = data;
	static const char *authors[] = {"boardd maintainers", NULL};

	(void)action;
	(void)param;
	if (a->window == NULL)
		return;
	gtk_show_about_dialog(a->window, "program-name", "board-gtk", "version", BD_VERSION,
			      "comments", _("Board games against people and bots of this machine: Memory, tic-tac-toe, Hnefatafl, Quantik and Qwirkle, played through boardd."),
			      "logo-icon-name", APP_ID, "authors", authors, "title", _("About board-gtk"), NULL);
}

/* The win.show-menu action (F10): open the header bar's primary menu. */
static void app_menu_activated(GSimpleAction *action, GVariant *param, gpointer data)
{
	struct app *a = data;

	(void)action;
	(void)param;
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(a->menu), TRUE);
}

/* Once per process: actions, accelerators, the stylesheet and the icon. */
static void app_startup(GApplication *g, gpointer data)
{
	static const GActionEntry actions[] = {
		{.name = "quit", .activate = app_quit_activated},
		{.name = "new-game", .activate = app_new_game_activated},
		{.name = "preferences", .activate = app_preferences_activated},
		{.name = "help", .activate = app_help_activated},
		{.name = "scores", .activate = app_scores_activated},
		{.name = "about", .activate = app_about_activated},
	};
	static const struct {
		const char *action, *accels[3];
	} keys[] = {
		{"app.quit", {"<Primary>q", NULL}},
		{"app.new-game", {"<Primary>n", NULL}},
		{"app.preferences", {"<Primary>comma", NULL}},
		{"app.help", {"F1", NULL}},
		{"win.show-help-overlay", {"<Primary>question", "<Primary>F1", NULL}},
		{"win.show-menu", {"F10", NULL}},
	};
	GtkCssProvider *css = gtk_css_provider_new();

	g_action_map_add_action_entries(G_ACTION_MAP(g), actions, G_N_ELEMENTS(actions), data);
	for (size_t i = 0; i < G_N_ELEMENTS(keys); i++)
		gtk_application_set_accels_for_action(GTK_APPLICATION(g), keys[i].action, keys[i].accels);
	gtk_css_provider_load_from_resource(css, RES "board-gtk.css");
	gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), GTK_STYLE_PROVIDER(css),
						  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
	g_object_unref(css);
	gtk_icon_theme_add_resource_path(gtk_icon_theme_get_default(), RES "icons");
	gtk_window_set_default_icon_name(APP_ID);
}

/* The window's own actions: the menu (F10) and the shortcuts window (Ctrl+?); New Game only
 * where there is a lobby to choose a game in (not with --board). */
static void app_window_actions(struct app *a)
{
	static const GActionEntry actions[] = {{.name = "show-menu", .activate = app_menu_activated}};
	GtkBuilder *b = gtk_builder_new_from_resource(RES "shortcuts.ui");

	g_action_map_add_action_entries(G_ACTION_MAP(a->window), actions, G_N_ELEMENTS(actions), a);
	gtk_application_window_set_help_overlay(GTK_APPLICATION_WINDOW(a->window), app_object(b, "shortcuts"));
	g_object_unref(b);
	g_simple_action_set_enabled(G_SIMPLE_ACTION(g_action_map_lookup_action(G_ACTION_MAP(a->gapp), "new-game")),
				    a->lobby != NULL);
}

/* A widget of board-gtk.ui by its id. */
gpointer app_object(GtkBuilder *b, const char *id)
{
	GObject *o = gtk_builder_get_object(b, id);

	if (o == NULL)
		g_error("board-gtk.ui has no object '%s'", id);
	return o;
}

/* The window is gone (the program ends next): no timer may touch its widgets now. */
static void app_window_destroyed(GtkWidget *window, gpointer data)
{
	struct app *a = data;

	(void)window;
	if (a->fade)
		g_source_remove(a->fade);
	if (a->tick)
		g_source_remove(a->tick);
	if (a->away_tick)
		g_source_remove(a->away_tick);
	a->fade = a->tick = a->away_tick = 0;
	if (a->lobby != NULL)
		lobby_hide(a);
	a->window = NULL;
}

/* Show the table through view game: the window's title, how to play, the view's controls
 * (another game's are dropped: a daemon restarted with another game on this board). */
static void app_set_game(struct app *a, const struct game_view *game)
{
	const char *title = game != NULL ? _(game->title) : "board-gtk";
	GList *old = gtk_container_get_children(GTK_CONTAINER(a->controls));

	a->game = game;
	for (GList *l = old; l != NULL; l = l->next)
		gtk_widget_destroy(l->data);
	g_list_free(old);
	gtk_window_set_title(a->window, title);
	gtk_header_bar_set_title(a->header, title);
	gtk_label_set_text(a->keys, game != NULL ? _(game->keys) : "");
	if (game != NULL && game->build != NULL) {
		game->build(a, a->controls);
		gtk_widget_show_all(GTK_WIDGET(a->controls));
	}
}

/* Back to lobby: leave the table (and end the bot played there). */
static void app_back_clicked(GtkButton *button, gpointer data)
{
	struct app *a = data;

	(void)button;
	if (app_leave(a) == 0)
		app_in_lobby(a);
}

/* Show the table page for the table joined: title and subtitle, how to play, the board. */
void app_at_table(struct app *a)
{
	char subtitle[128];

	if (a->window == NULL)
		return;
	if (a->watching)
		snprintf(subtitle, sizeof subtitle, _("table %s, watching"), a->table);
	else
		snprintf(subtitle, sizeof subtitle, _("table %s, playing as %s"), a->table, a->opt.name);
	gtk_header_bar_set_subtitle(a->header, subtitle);
	gtk_widget_set_visible(GTK_WIDGET(a->keys), !a->watching);
	gtk_widget_set_visible(a->back, a->lobby != NULL);
	panel_banner(a, NULL, NULL);
	if (a->lobby != NULL)
		lobby_hide(a);
	gtk_stack_set_visible_child_name(a->pages, "table");
	gtk_widget_grab_focus(a->view);
	app_snapshot(a);
	app_show(a);
}

/* Show the lobby page (the window is at no table). */
void app_in_lobby(struct app *a)
{
	char subtitle[128];

	if (a->window == NULL)
		return;
	app_set_game(a, NULL);
	gtk_window_set_title(a->window, _("boardd lobby"));
	gtk_header_bar_set_title(a->header, _("boardd lobby"));
	snprintf(subtitle, sizeof subtitle, _("playing as %s"), a->opt.name);
	gtk_header_bar_set_subtitle(a->header, subtitle);
	gtk_widget_hide(a->back);
	gtk_stack_set_visible_child_name(a->pages, "lobby");
	lobby_show(a);
}

/* Build the window once and show it. */
static void app_activate(GApplication *g, gpointer data)
{
	struct app *a = data;

	if (a->window != NULL) {
		gtk_window_present(a->window);
		return;
	}
	g_type_ensure(BOARD_TYPE_VIEW);
	GtkBuilder *b = gtk_builder_new_from_resource(RES "board-gtk.ui");
	a->window = app_object(b, "window");
	a->header = app_object(b, "header");
	a->pages = app_object(b, "pages");
	a->back = app_object(b, "back");
	a->view = app_object(b, "board");
	a->infobar = app_object(b, "infobar");
	a->infolabel = app_object(b, "infolabel");
	a->players = app_object(b, "players");
	a->state = app_object(b, "state");
	a->progress = app_object(b, "progress");
	a->result = app_object(b, "result");
	a->feedback = app_object(b, "feedback");
	a->keys = app_object(b, "keys");
	a->controls = app_object(b, "controls");
	a->menu = app_object(b, "menu-button");
	if (a->opt.board == NULL)
		lobby_build(a, b);
	g_object_unref(b);
	gtk_window_set_application(a->window, GTK_APPLICATION(g));
	app_window_actions(a);
	prefs_window(a);
	g_signal_connect(a->window, "destroy", G_CALLBACK(app_window_destroyed), a);
	g_signal_connect(a->back, "clicked", G_CALLBACK(app_back_clicked), a);
	view_attach(a->view, a);
	if (a->table[0])
		app_at_table(a);
	else
		app_in_lobby(a);
	if (a->online)
		conn_drain(a);
	else /* the first attempt (in main) found no daemon: the not-connected page says so */
		offline_show(a, a->unreachable);
	if (a->hot != NULL)
		hot_start(a);
	gtk_window_present(a->window);
}

/* The main loop has ended: keep the window's size, end the person's bot, leave the board. */
static void app_shutdown(GApplication *g, gpointer data)
{
	(void)g;
	prefs_window_save(data);
	bot_stop(data);
	hot_quit(data);
	conn_quit(data);
}

/* Copy the board if at a table: from its shared memory, or without one (--no-shm, a daemon
 * on another host) by a snapshot request, put off while a reply of ours is on its way (it
 * would be taken for the snapshot's). A copy that fails keeps the last good one. The copy's
 * kind of game chooses the view. BD_SNAPSHOT_SHRUNK if the segment shrank under the
 * mapping, else 0. */
int app_snapshot(struct app *a)
{
	int rc = -1;

	if (a->linked && bd_client_joined(&a->c) && !conn_owed(a)) {
		rc = bd_client_snapshot(&a->c, a->copy);
		/* A lost connection is said in the window; a refused or bad copy only here. */
		if (rc == -1 && a->c.pub == NULL && bd_client_fill(&a->c) == 0)
			g_printerr(_("board-gtk: table %s: no snapshot: %s\n"), a->table, a->c.why);
	}
	if (rc == 0) {
		memcpy(a->snap, a->copy, sizeof *a->snap);
		a->have_snap = 1;
	}
	if (rc == 0 && a->window != NULL && (a->game == NULL || a->game->kind != a->snap->game_kind))
		app_set_game(a, view_of_kind(a->snap->game_kind));
	return rc == BD_SNAPSHOT_SHRUNK ? rc : 0;
}

/* Show the current snapshot: board and side panel. */
void app_show(struct app *a)
{
	if (a->window == NULL)
		return;
	view_update(a->view);
	panel_update(a);
}

/* Run the application; unreachable is why the first connection failed, or NULL. */
int app_run(struct app *a, const char *unreachable)
{
	char *argv0[] = {"board-gtk", NULL};

	a->snap = g_malloc0(sizeof *a->snap);
	a->copy = g_malloc0(sizeof *a->copy);
	g_set_application_name("board-gtk");
	a->gapp = gtk_application_new(APP_ID, G_APPLICATION_NON_UNIQUE);
	g_signal_connect(a->gapp, "startup", G_CALLBACK(app_startup), a);
	g_signal_connect(a->gapp, "activate", G_CALLBACK(app_activate), a);
	g_signal_connect(a->gapp, "shutdown", G_CALLBACK(app_shutdown), a);
	g_unix_signal_add(SIGINT, app_signal, a);
	g_unix_signal_add(SIGTERM, app_signal, a);
	snprintf(a->unreachable, sizeof a->unreachable, "%s", unreachable != NULL ? unreachable : "");
	int rc = g_application_run(G_APPLICATION(a->gapp), 1, argv0);
	g_object_unref(a->gapp);
	sound_close(a);
	if (a->settings != NULL)
		g_settings_sync();
	g_clear_object(&a->settings);
	g_free(a->snap);
	g_free(a->copy);
	return rc;
}
