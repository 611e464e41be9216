/* newgame.c: the New Game dialog (newgame.ui), opened by Ctrl+N and the header's New Game.
 * Its first page makes a table: the kind of game (the daemon's `games`), that game's options
 * in people's words (Memory's size, a turn game's clock, Qwirkle's practice), and who plays: bots of ours, as many
 * as the game seats and at a level, or people found by matchmaking. Start hands it to the
 * lobby (lobby_start), which starts the bots and waits for the match; the table shows once
 * every seat is taken. Its second page lists the tables to join or watch (lobby_tables). */
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"

/* The levels board-bot plays each game at, in people's words, the default first. */
static const struct {
	const char *game, *level, *label;
} newgame_levels[] = {
	{"memory", "beginner", N_("Beginner")},  {"memory", "easy", N_("Easy")},
	{"memory", "seed", N_("Quick")},         {"memory", "perfect", N_("Perfect memory")},
	{"tictactoe", "easy", N_("Easy")},       {"tictactoe", "perfect", N_("Perfect")},
	{"tafl", "easy", N_("Easy")},            {"tafl", "medium", N_("Medium")},
	{"tafl", "perfect", N_("Strong")},       {"quantik", "easy", N_("Easy")},
	{"quantik", "medium", N_("Medium")},     {"quantik", "perfect", N_("Perfect")},
	{"qwirkle", "easy", N_("Easy")},         {"qwirkle", "greedy", N_("Medium")},
	{"qwirkle", "strong", N_("Strong")},
};

/* Memory's board sizes offered (cards a side), and the clocks (seconds each). */
static const unsigned newgame_sizes[] = {4, 6, 8, 10};
static const unsigned newgame_clocks[] = {60, 180, 300, 600};

#define NEWGAME_SEATS_MAX 4 /* the most players a game with a `seats` option seats */

static struct newgame {
	struct app *a;
	GtkDialog *dialog;
	GtkComboBoxText *game, *size, *clock, *level;
	GtkWidget *size_label, *clock_label, *level_label, *bots, *people, *note, *practice;
	GtkSpinButton *count;
	GtkListBox *tables;
	GtkStack *pages;
	struct bd_games games; /* from `games`: the rows of the game box in its order */
} ng;

/* The game chosen, NULL if none. */
static const struct bd_game_info *newgame_game(void)
{
	int i = gtk_combo_box_get_active(GTK_COMBO_BOX(ng.game));

	return i >= 0 && (size_t)i < ng.games.n ? &ng.games.game[i] : NULL;
}

/* Show a note under the options (a refusal), or hide it (NULL). */
static void newgame_say(const char *text)
{
	gtk_label_set_text(GTK_LABEL(ng.note), text != NULL ? text : "");
	gtk_widget_set_visible(ng.note, text != NULL);
}

/* Show a row of the grid (its label and its widget) or hide it. */
static void newgame_row(GtkWidget *label, GtkWidget *widget, int shown)
{
	gtk_widget_set_visible(label, shown);
	gtk_widget_set_visible(widget, shown);
}

/* The board sizes, the default (the daemon's dim) chosen. */
static void newgame_fill_sizes(const char *def)
{
	char id[16], text[64];

	gtk_combo_box_text_remove_all(ng.size);
	for (size_t i = 0; i < G_N_ELEMENTS(newgame_sizes); i++) {
		snprintf(id, sizeof id, "%u", newgame_sizes[i]);
		snprintf(text, sizeof text, _("%u × %u cards"), newgame_sizes[i], newgame_sizes[i]);
		gtk_combo_box_text_append(ng.size, id, text);
	}
	if (def == NULL || !gtk_combo_box_set_active_id(GTK_COMBO_BOX(ng.size), def))
		gtk_combo_box_set_active(GTK_COMBO_BOX(ng.size), 0);
}

/* The clocks: none, or minutes each; none chosen. */
static void newgame_fill_clocks(void)
{
	char id[16], text[64];

	gtk_combo_box_text_remove_all(ng.clock);
	gtk_combo_box_text_append(ng.clock, "0", _("No clock"));
	for (size_t i = 0; i < G_N_ELEMENTS(newgame_clocks); i++) {
		unsigned min = newgame_clocks[i] / 60;
		snprintf(id, sizeof id, "%u", newgame_clocks[i] * 1000);
		snprintf(text, sizeof text, ngettext("%u minute each", "%u minutes each", min), min);
		gtk_combo_box_text_append(ng.clock, id, text);
	}
	gtk_combo_box_set_active(GTK_COMBO_BOX(ng.clock), 0);
}

/* The levels of game's bot, the default chosen; none if board-bot does not play it. */
static void newgame_fill_levels(const char *game)
{
	gtk_combo_box_text_remove_all(ng.level);
	for (size_t i = 0; i < G_N_ELEMENTS(newgame_levels); i++)
		if (strcmp(newgame_levels[i].game, game) == 0)
			gtk_combo_box_text_append(ng.level, newgame_levels[i].level, _(newgame_levels[i].label));
	gtk_combo_box_set_active(GTK_COMBO_BOX(ng.level), 0);
}

/* The level of the game's bot nearest to Preferences' (beginner, easy, medium, perfect):
 * the same name, else the one at the nearest place in the game's list, weakest first. */
static void newgame_prefer_level(void)
{
	static const char *const levels[] = {"beginner", "easy", "medium", "perfect"};
	GtkComboBox *box = GTK_COMBO_BOX(ng.level);
	int n = gtk_tree_model_iter_n_children(gtk_combo_box_get_model(box), NULL), want = 0;
	char *level = prefs_string(ng.a, "level", levels[0]);

	for (int i = 0; i < (int)G_N_ELEMENTS(levels); i++)
		if (strcmp(level, levels[i]) == 0)
			want = i;
	if (n > 1 && !gtk_combo_box_set_active_id(box, level)) /* want/3 of the way along the list */
		gtk_combo_box_set_active(box, (want * (n - 1) + 1) / 3);
	g_free(level);
}

/* Preferences' defaults for the game just chosen: Memory's size and number of bots, the
 * bots' level, and for the other games a bot or a person. */
static void newgame_prefer(const struct bd_game_info *g, int has_bot)
{
	char size[16], *opponent = prefs_string(ng.a, "opponent", "bot");

	snprintf(size, sizeof size, "%d", prefs_int(ng.a, "size", 4));
	if (strcmp(g->game, "memory") == 0) {
		gtk_combo_box_set_active_id(GTK_COMBO_BOX(ng.size), size); /* unless not offered */
		gtk_spin_button_set_value(ng.count, prefs_int(ng.a, "bots", 1));
	} else if (has_bot) {
		gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(strcmp(opponent, "person") == 0 ? ng.people : ng.bots), TRUE);
	}
	newgame_prefer_level();
	g_free(opponent);
}

/* Bots or people: the level is for bots; a game with no bot has people only. */
static void newgame_who_toggled(GtkToggleButton *button, gpointer data)
{
	int bots = gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(ng.bots));

	(void)button;
	(void)data;
	gtk_widget_set_sensitive(ng.level_label, bots);
	gtk_widget_set_sensitive(GTK_WIDGET(ng.level), bots);
}

/* Another game chosen: its options, its levels, how many it seats. */
static void newgame_game_changed(GtkComboBox *box, gpointer data)
{
	const struct bd_game_info *g = newgame_game();
	const char *dim = g != NULL ? bd_option_get(&g->opts, "dim") : NULL;
	int clock = g != NULL && bd_option_get(&g->opts, "clock-ms") != NULL;
	int seats = g != NULL && bd_option_get(&g->opts, "seats") != NULL;
	int practice = g != NULL && bd_option_get(&g->opts, "practice") != NULL;

	(void)box;
	(void)data;
	if (g == NULL)
		return;
	newgame_fill_sizes(dim);
	newgame_row(ng.size_label, GTK_WIDGET(ng.size), dim != NULL);
	newgame_row(ng.clock_label, GTK_WIDGET(ng.clock), clock);
	gtk_widget_set_visible(ng.practice, practice);
	newgame_fill_levels(g->game);
	int has_bot = gtk_combo_box_get_active(GTK_COMBO_BOX(ng.level)) >= 0;
	gtk_widget_set_sensitive(ng.bots, has_bot);
	if (!has_bot)
		gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(ng.people), TRUE);
	gtk_spin_button_set_range(ng.count, 1, seats ? NEWGAME_SEATS_MAX - 1 : g->seats - 1);
	gtk_spin_button_set_value(ng.count, g->seats - 1);
	gtk_widget_set_sensitive(GTK_WIDGET(ng.count), seats);
	newgame_prefer(g, has_bot);
	newgame_who_toggled(NULL, NULL);
	newgame_say(NULL);
}

/* The options of the table to make for players as `play` takes them: "k=v k=v". */
static void newgame_options(const struct bd_game_info *g, unsigned players, char *buf, size_t len)
{
	const char *size = gtk_combo_box_get_active_id(GTK_COMBO_BOX(ng.size));
	const char *clock = gtk_combo_box_get_active_id(GTK_COMBO_BOX(ng.clock));
	size_t n = 0;

	buf[0] = 0;
	if (bd_option_get(&g->opts, "dim") != NULL && size != NULL)
		n += (size_t)snprintf(buf + n, len - n, "dim=%s ", size);
	if (bd_option_get(&g->opts, "clock-ms") != NULL && clock != NULL && n < len)
		n += (size_t)snprintf(buf + n, len - n, "clock-ms=%s ", clock);
	if (bd_option_get(&g->opts, "seats") != NULL && n < len)
		n += (size_t)snprintf(buf + n, len - n, "seats=%u ", players);
	if (bd_option_get(&g->opts, "practice") != NULL && gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(ng.practice)) &&
	    n < len)
		n += (size_t)snprintf(buf + n, len - n, "practice=on ");
	if (n > 0 && n <= len)
		buf[n - 1] = 0; /* the last space */
}

/* Start: the table asked for (the lobby leaves what the window was at first). */
static void newgame_start(void)
{
	const struct bd_game_info *g = newgame_game();
	const char *level = gtk_combo_box_get_active_id(GTK_COMBO_BOX(ng.level));
	int bots = gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(ng.bots)) && level != NULL;
	unsigned others;
	char opts[BD_LINE_MAX];

	if (g == NULL) {
		newgame_say(_("boardd hosts no game to play."));
		return;
	}
	gtk_spin_button_update(ng.count); /* a number typed in, not yet taken */
	others = (unsigned)gtk_spin_button_get_value_as_int(ng.count);
	newgame_options(g, others + 1, opts, sizeof opts);
	newgame_close(ng.a);
	lobby_start(ng.a, g->game, opts, others, bots, level != NULL ? level : "");
}

/* A button of the dialog: Start, Cancel, or the window closed. */
static void newgame_response(GtkDialog *dialog, gint response, gpointer data)
{
	(void)dialog;
	(void)data;
	if (response == GTK_RESPONSE_OK)
		newgame_start();
	else
		newgame_close(ng.a);
}

/* The games of the daemon in the game box, the one chosen before (else Preferences' game,
 * else the first) chosen; FALSE (said) if none came. */
static gboolean newgame_list_games(struct app *a)
{
	const char *before = gtk_combo_box_get_active_id(GTK_COMBO_BOX(ng.game));
	char err[256], text[320], *last = before != NULL ? g_strdup(before) : prefs_string(a, "game", NULL);

	bd_games_free(&ng.games);
	gtk_combo_box_text_remove_all(ng.game);
	int rc = bd_client_games(&a->c, &ng.games, err, sizeof err);
	conn_after(a);
	if (rc < 0) {
		snprintf(text, sizeof text, _("boardd did not list its games: %s."), err);
		newgame_say(text);
		g_free(last);
		return FALSE;
	}
	for (size_t i = 0; i < ng.games.n; i++)
		gtk_combo_box_text_append(ng.game, ng.games.game[i].game, lobby_title(ng.games.game[i].game));
	if (last == NULL || !gtk_combo_box_set_active_id(GTK_COMBO_BOX(ng.game), last))
		gtk_combo_box_set_active(GTK_COMBO_BOX(ng.game), 0);
	g_free(last);
	return ng.games.n > 0;
}

/* The tables to join or watch, from `list`. */
static void newgame_list_tables(struct app *a)
{
	struct bd_lobby l = {0};
	char err[256], text[320];
	int rc = bd_client_list(&a->c, &l, err, sizeof err);

	conn_after(a);
	if (rc < 0) {
		snprintf(text, sizeof text, _("boardd did not list its tables: %s."), err);
		newgame_say(text);
	} else {
		lobby_tables(a, ng.tables, &l);
	}
	bd_lobby_free(&l);
}

/* The dialog is gone with the window: nothing of it is kept. */
static void newgame_destroyed(GtkWidget *dialog, gpointer data)
{
	(void)dialog;
	(void)data;
	bd_games_free(&ng.games);
	memset(&ng, 0, sizeof ng);
}

/* The dialog's widgets from newgame.ui, and their signals. */
static void newgame_build(struct app *a)
{
	GtkBuilder *b = gtk_builder_new_from_resource(RES "newgame.ui");

	ng.a = a;
	ng.dialog = app_object(b, "ng-dialog");
	ng.game = app_object(b, "ng-game");
	ng.size = app_object(b, "ng-size");
	ng.clock = app_object(b, "ng-clock");
	ng.level = app_object(b, "ng-level");
	ng.size_label = app_object(b, "ng-size-label");
	ng.clock_label = app_object(b, "ng-clock-label");
	ng.level_label = app_object(b, "ng-level-label");
	ng.bots = app_object(b, "ng-bots");
	ng.people = app_object(b, "ng-people");
	ng.note = app_object(b, "ng-note");
	ng.practice = app_object(b, "ng-practice");
	ng.count = app_object(b, "ng-count");
	ng.tables = app_object(b, "ng-tables");
	ng.pages = app_object(b, "ng-pages");
	g_object_unref(b);
	GtkWidget *none = gtk_label_new(_("No tables yet."));
	gtk_widget_show(none);
	gtk_list_box_set_placeholder(ng.tables, none);
	gtk_window_set_transient_for(GTK_WINDOW(ng.dialog), a->window);
	g_signal_connect(ng.game, "changed", G_CALLBACK(newgame_game_changed), NULL);
	g_signal_connect(ng.bots, "toggled", G_CALLBACK(newgame_who_toggled), NULL);
	g_signal_connect(ng.dialog, "response", G_CALLBACK(newgame_response), NULL);
	g_signal_connect(ng.dialog, "destroy", G_CALLBACK(newgame_destroyed), NULL);
	newgame_fill_clocks();
}

/* Open the dialog (an open one is raised): the games and the tables as the daemon has them
 * now. Without the lobby (--board) or a connection it says why on the window. It is made
 * once and hidden when closed (a radio button or an entry destroyed while a screen reader
 * knows it makes ATK complain). */
void newgame_open(struct app *a)
{
	if (ng.dialog != NULL && gtk_widget_get_visible(GTK_WIDGET(ng.dialog))) {
		gtk_window_present(GTK_WINDOW(ng.dialog));
		return;
	}
	if (a->lobby == NULL || !a->online) {
		const char *why = a->lobby == NULL ? _("New Game plays through the lobby: start board-gtk without --board.")
						   : _("New Game needs boardd: the window is not connected.");
		lobby_note(a, why);
		return;
	}
	if (ng.dialog == NULL)
		newgame_build(a);
	newgame_say(NULL);
	gboolean any = newgame_list_games(a);
	gtk_widget_set_sensitive(gtk_dialog_get_widget_for_response(ng.dialog, GTK_RESPONSE_OK), any);
	newgame_list_tables(a);
	gtk_stack_set_visible_child_name(ng.pages, "new");
	gtk_widget_show(GTK_WIDGET(ng.dialog));
	gtk_widget_grab_focus(GTK_WIDGET(ng.game));
}

/* Close the dialog if it is open. */
void newgame_close(struct app *a)
{
	(void)a;
	if (ng.dialog != NULL)
		gtk_widget_hide(GTK_WIDGET(ng.dialog));
}
