/* lobby.c: the lobby page, where board-gtk opens without --board. On the left a new game:
 * the kinds of game the daemon hosts (`games`), the chosen one's options with the daemon's
 * defaults, Play a person (`play`: the countdown of the wait events, Cancel; when nobody
 * came, Wait again or Play a bot) and Play a bot at a level (the person's own board-bot,
 * bot.c). On the right the tables (Join a seat of ours, Watch any) and the players waiting
 * (Play one of them by name), from `list`, read again every REFRESH_MS while the page shows.
 * A `matched` event joins the table and shows it (app.c). */
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/game/game.h"

#define REFRESH_MS 2000

/* How the lobby shows an option of `play`: in people's words and units. */
static const struct {
	const char *key, *label;
	long scale; /* the option's units in one of the shown units */
} option_words[] = {
	{"dim", N_("Board size (cards a side)"), 1},
	{"clock-ms", N_("Clock, seconds each (0: none)"), 1000},
	{"increment-ms", N_("Seconds added each move"), 1000},
	{"move-limit-ms", N_("Seconds at most for a move"), 1000},
	{"seats", N_("Players at the table"), 1},
};

enum lobby_state { LOBBY_IDLE, LOBBY_WAITING, LOBBY_NOMATCH };

/* A game's own widgets: its options and its bot's levels, made once when the games are
 * listed and shown while it is chosen (an entry or a radio button destroyed while a screen
 * reader knows it makes ATK complain). */
struct lobby_game {
	GtkWidget *options, *levels;      /* a grid and a box, in the page's "options", "levels" */
	GtkSpinButton *spin[BD_LIST_OPTS_MAX]; /* as its bd_game_info's options; NULL: not a number */
	char level[16];                   /* the bot's level chosen */
};

struct lobby {
	GtkListBox *games, *tables, *waiting;
	GtkBox *options, *levels;
	GtkWidget *person, *botplay, *waitbox, *cancel, *again, *againbot, *refresh;
	GtkLabel *waitlabel, *count, *playnote, *tablenote;
	GtkProgressBar *bar;
	struct bd_games games_info; /* from `games`; the rows of l->games in its order */
	struct lobby_game *game_ui; /* one per game of games_info */
	enum lobby_state state;
	char game[BD_GAME_NAME_MAX + 1]; /* the game played or waited for */
	char opts[BD_LINE_MAX];     /* its options asked for, "k=v k=v" */
	char opponent[BD_NAME_MAX + 1]; /* the opponent named, "" for anyone */
	unsigned bots;              /* our bots played against (the first is the opponent named), or 0 */
	unsigned others;            /* the opponents Play a bot instead starts as bots */
	char level[16];             /* their level */
	unsigned full;              /* the countdown's first count */
	guint timer;                /* refreshes the lists while the page shows */
	GString *shape;             /* the last listing without its seconds: rebuilt only on change */
	GPtrArray *seconds;         /* the waiting rows' "n s left" labels, in the listing's order */
};

static struct lobby lobby;

/* A game's name in people's words: its view's title, else the daemon's word. */
const char *lobby_title(const char *game)
{
	const struct bd_game *codec = bd_game_named(game);
	const struct game_view *v = codec != NULL ? view_of_kind(codec->kind) : NULL;

	return v != NULL ? _(v->title) : game;
}

/* The view board-gtk shows game with, NULL if it cannot show it. */
static const struct game_view *lobby_view(const char *game)
{
	const struct bd_game *codec = bd_game_named(game);

	return codec != NULL ? view_of_kind(codec->kind) : NULL;
}

/* The index of the game chosen in the list, -1 if none. */
static int lobby_chosen_index(void)
{
	GtkListBoxRow *row = gtk_list_box_get_selected_row(lobby.games);
	int i = row != NULL ? gtk_list_box_row_get_index(row) : -1;

	return i >= 0 && (size_t)i < lobby.games_info.n ? i : -1;
}

/* The game chosen in the list, NULL if none. */
static const struct bd_game_info *lobby_chosen(void)
{
	int i = lobby_chosen_index();

	return i >= 0 ? &lobby.games_info.game[i] : NULL;
}

/* The chosen game's widgets, NULL if none. */
static struct lobby_game *lobby_chosen_ui(void)
{
	int i = lobby_chosen_index();

	return i >= 0 ? &lobby.game_ui[i] : NULL;
}

/* A label with xalign 0, wrapped or ellipsized, and an optional style class. */
static GtkWidget *lobby_label(const char *text, const char *class, int wrap)
{
	GtkWidget *l = gtk_label_new(text);

	gtk_label_set_xalign(GTK_LABEL(l), 0);
	if (wrap)
		gtk_label_set_line_wrap(GTK_LABEL(l), TRUE);
	else
		gtk_label_set_ellipsize(GTK_LABEL(l), PANGO_ELLIPSIZE_END);
	if (class != NULL)
		gtk_style_context_add_class(gtk_widget_get_style_context(l), class);
	return l;
}

/* Show text on a note label (the play area's or the tables'); NULL hides it. */
static void lobby_say(GtkLabel *label, const char *text)
{
	gtk_label_set_text(label, text != NULL ? text : "");
	gtk_widget_set_visible(GTK_WIDGET(label), text != NULL);
}

/* Something the person should read about the lobby (a refusal, an abort, the bot stopped):
 * on the lobby page, or on the table's side panel while the window is at a table. */
void lobby_note(struct app *a, const char *text)
{
	if (a->window == NULL)
		return;
	if (a->table[0])
		panel_note(a, text);
	else
		lobby_say(lobby.playnote, text);
}

/* Make the new-game area say the state: the play buttons, or the wait and its buttons. */
static void lobby_state_show(struct app *a)
{
	const struct bd_game_info *g = lobby_chosen();
	const struct lobby_game *ui = lobby_chosen_ui();
	int idle = lobby.state != LOBBY_WAITING, can = a->online && g != NULL && lobby_view(g->game) != NULL;

	gtk_widget_set_sensitive(lobby.person, idle && can);
	gtk_widget_set_sensitive(lobby.botplay, idle && can && ui->level[0]);
	gtk_widget_set_sensitive(GTK_WIDGET(lobby.games), idle);
	gtk_widget_set_sensitive(GTK_WIDGET(lobby.options), idle);
	gtk_widget_set_visible(lobby.waitbox, lobby.state != LOBBY_IDLE);
	gtk_widget_set_visible(lobby.cancel, lobby.state == LOBBY_WAITING);
	gtk_widget_set_visible(lobby.again, lobby.state == LOBBY_NOMATCH);
	gtk_widget_set_visible(lobby.againbot, lobby.state == LOBBY_NOMATCH && !lobby.bots);
	gtk_widget_set_visible(GTK_WIDGET(lobby.count), lobby.state == LOBBY_WAITING);
	gtk_widget_set_visible(GTK_WIDGET(lobby.bar), lobby.state == LOBBY_WAITING);
}

/* Back to choosing a game; the bot of a wait that ended is ended too. */
static void lobby_idle(struct app *a)
{
	if (lobby.state != LOBBY_IDLE && lobby.bots)
		bot_stop(a);
	lobby.state = LOBBY_IDLE;
	lobby_state_show(a);
}

/* The chosen game's options: each one's value in the daemon's units, as "k=v" words after
 * a space, only those that differ from the default (both spellings match the same players). */
static void lobby_options_words(const struct bd_game_info *g, const struct lobby_game *ui, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < g->opts.n; i++) {
		if (ui->spin[i] == NULL)
			continue; /* not a number: the default */
		long scale = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(ui->spin[i]), "scale"));
		long v = (long)gtk_spin_button_get_value_as_int(ui->spin[i]) * scale;
		char word[BD_OPT_KEY_MAX + 24];
		snprintf(word, sizeof word, "%s=%ld", g->opts.opt[i].key, v);
		if (strcmp(word + strlen(g->opts.opt[i].key) + 1, g->opts.opt[i].value) != 0 && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "", word);
	}
}

/* Ask to play lobby.game with lobby.opts against lobby.opponent (anyone if ""): the wait
 * begins, or the refusal is said. */
static void lobby_play(struct app *a)
{
	struct bd_msg r;
	char text[BD_LINE_MAX + 64];
	int rc = bd_client_play(&a->c, &r, lobby.game, lobby.opts[0] ? lobby.opts : NULL,
				lobby.opponent[0] ? lobby.opponent : NULL);

	conn_after(a);
	lobby_say(lobby.playnote, NULL);
	if (rc != 0) {
		snprintf(text, sizeof text, _("Cannot play %s: %s."), lobby_title(lobby.game),
			 rc < 0 ? _("boardd does not answer") : i18n_reason(r.text));
		lobby_say(lobby.playnote, text);
		if (lobby.bots)
			bot_stop(a);
		lobby.state = LOBBY_IDLE;
		lobby_state_show(a);
		return;
	}
	lobby.state = LOBBY_WAITING;
	lobby.full = 0;
	if (lobby.bots > 1)
		snprintf(text, sizeof text, _("Waiting for your %u bots to come…"), lobby.bots);
	else if (lobby.bots)
		snprintf(text, sizeof text, _("Waiting for your bot %s to come…"), lobby.opponent);
	else if (lobby.opponent[0])
		snprintf(text, sizeof text, _("Waiting for %s…"), lobby.opponent);
	else
		snprintf(text, sizeof text, _("Waiting for another player of %s…"), lobby_title(lobby.game));
	gtk_label_set_text(lobby.waitlabel, text);
	gtk_label_set_text(lobby.count, "");
	gtk_progress_bar_set_fraction(lobby.bar, 1);
	lobby_state_show(a);
	gtk_widget_grab_focus(lobby.cancel);
}

/* Start the person's bots (lobby.others at lobby.level) for lobby.game with its options,
 * then play against them: each bot names us as its opponent; we name a lone bot, not one of
 * several (the daemon gathers a group only if every named opponent is already in it as it
 * grows: with us waiting for the first bot, the second would find us not fitting yet). */
static void lobby_play_bot(struct app *a)
{
	char err[256];

	if (bot_start(a, lobby.others, lobby.game, lobby.level, lobby.opts, err, sizeof err) < 0) {
		lobby_say(lobby.playnote, err);
		return;
	}
	lobby.opponent[0] = 0;
	if (lobby.others == 1)
		bot_name(a, 0, lobby.opponent, sizeof lobby.opponent);
	lobby.bots = lobby.others;
	lobby_play(a);
}

/* Play a person, or Play a bot: the chosen game with the options as set. */
static void lobby_new_clicked(GtkButton *button, gpointer data)
{
	struct app *a = data;
	const struct bd_game_info *g = lobby_chosen();

	if (g == NULL)
		return;
	snprintf(lobby.game, sizeof lobby.game, "%s", g->game);
	lobby_options_words(g, lobby_chosen_ui(), lobby.opts, sizeof lobby.opts);
	snprintf(lobby.level, sizeof lobby.level, "%s", lobby_chosen_ui()->level);
	lobby.others = 1;
	lobby.opponent[0] = 0;
	lobby.bots = 0;
	if (GTK_WIDGET(button) == lobby.botplay)
		lobby_play_bot(a);
	else
		lobby_play(a);
}

/* Wait again (the same request), or Play a bot instead (the same game and options). */
static void lobby_again_clicked(GtkButton *button, gpointer data)
{
	struct app *a = data;

	if (GTK_WIDGET(button) == lobby.againbot || lobby.bots)
		lobby_play_bot(a); /* new bots: the last ones were ended with the wait */
	else
		lobby_play(a);
}

/* Cancel: leave the queue. */
static void lobby_cancel_clicked(GtkButton *button, gpointer data)
{
	struct app *a = data;
	struct bd_msg r;

	(void)button;
	if (conn_request(a, &r, "cancel") == 1 && strcmp(r.word, "notwaiting") != 0)
		lobby_say(lobby.playnote, i18n_reason(r.text));
	lobby_idle(a);
	gtk_widget_grab_focus(lobby.person);
}

/* A level chosen for the bot of the game whose widgets ui are. */
static void lobby_level_toggled(GtkToggleButton *button, gpointer data)
{
	struct lobby_game *ui = g_object_get_data(G_OBJECT(button), "ui");

	if (gtk_toggle_button_get_active(button))
		snprintf(ui->level, sizeof ui->level, "%s", (const char *)g_object_get_data(G_OBJECT(button), "level"));
	lobby_state_show(data);
}

/* A bot level's name for people (board-bot's --level words). */
static const char *lobby_level_name(const char *level)
{
	static const struct { const char *level, *name; } names[] = {
		{"beginner", N_("Beginner")}, {"easy", N_("Easy")}, {"seed", N_("Seed")}, {"medium", N_("Medium")},
		{"perfect", N_("Perfect")}, {"greedy", N_("Greedy")}, {"strong", N_("Strong")},
	};

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
		if (strcmp(names[i].level, level) == 0)
			return _(names[i].name);
	return level;
}

/* A game's level buttons for its bot (its view says which), the first chosen. */
static void lobby_levels(struct app *a, struct lobby_game *ui, const struct game_view *v)
{
	GtkWidget *first = NULL;

	ui->levels = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
	for (unsigned i = 0; v != NULL && i < G_N_ELEMENTS(v->levels) && v->levels[i] != NULL; i++) {
		GtkWidget *b = gtk_radio_button_new_with_label_from_widget(GTK_RADIO_BUTTON(first),
									     lobby_level_name(v->levels[i]));
		g_object_set_data(G_OBJECT(b), "level", (gpointer)v->levels[i]);
		g_object_set_data(G_OBJECT(b), "ui", ui);
		g_signal_connect(b, "toggled", G_CALLBACK(lobby_level_toggled), a);
		gtk_box_pack_start(GTK_BOX(ui->levels), b, FALSE, FALSE, 0);
		if (first == NULL) {
			first = b;
			snprintf(ui->level, sizeof ui->level, "%s", v->levels[i]);
		}
	}
	gtk_box_pack_start(lobby.levels, ui->levels, FALSE, FALSE, 0);
}

/* A game's options: a labelled number for each, set to the daemon's default. */
static void lobby_options(struct lobby_game *ui, const struct bd_game_info *g)
{
	GtkGrid *grid = GTK_GRID(gtk_grid_new());

	gtk_grid_set_row_spacing(grid, 6);
	gtk_grid_set_column_spacing(grid, 12);
	for (unsigned i = 0; i < g->opts.n; i++) {
		const char *label = g->opts.opt[i].key;
		long scale = 1, def = bd_parse_uint(g->opts.opt[i].value);
		if (def < 0)
			continue; /* a setting that is not a number is left at its default */
		for (size_t k = 0; k < G_N_ELEMENTS(option_words); k++)
			if (strcmp(option_words[k].key, label) == 0 && def % option_words[k].scale == 0) {
				label = _(option_words[k].label);
				scale = option_words[k].scale;
			}
		GtkWidget *name = lobby_label(label, NULL, 0);
		GtkWidget *spin = gtk_spin_button_new_with_range(0, 999999999.0 / (double)scale, 1);
		gtk_spin_button_set_value(GTK_SPIN_BUTTON(spin), (double)(def / scale));
		gtk_entry_set_activates_default(GTK_ENTRY(spin), TRUE);
		g_object_set_data(G_OBJECT(spin), "scale", GINT_TO_POINTER((int)scale));
		gtk_label_set_mnemonic_widget(GTK_LABEL(name), spin);
		atk_object_set_name(gtk_widget_get_accessible(spin), label);
		gtk_widget_set_hexpand(name, TRUE);
		gtk_grid_attach(grid, name, 0, (int)i, 1, 1);
		gtk_grid_attach(grid, spin, 1, (int)i, 1, 1);
		ui->spin[i] = GTK_SPIN_BUTTON(spin);
	}
	ui->options = GTK_WIDGET(grid);
	gtk_box_pack_start(lobby.options, ui->options, FALSE, FALSE, 0);
}

/* Another game chosen: its options and its bot's levels show, the others' not. */
static void lobby_game_selected(GtkListBox *box, GtkListBoxRow *row, gpointer data)
{
	int chosen = lobby_chosen_index();

	(void)box;
	(void)row;
	for (size_t i = 0; i < lobby.games_info.n; i++) {
		gtk_widget_set_visible(lobby.game_ui[i].options, (int)i == chosen);
		gtk_widget_set_visible(lobby.game_ui[i].levels, (int)i == chosen);
	}
	lobby_state_show(data);
}

/* Remove every row of a list box. */
static void lobby_clear(GtkListBox *box)
{
	GList *old = gtk_container_get_children(GTK_CONTAINER(box));

	for (GList *l = old; l != NULL; l = l->next)
		gtk_widget_destroy(l->data);
	g_list_free(old);
}

/* Ask the daemon for its games and list them, the first chosen. */
static void lobby_games(struct app *a)
{
	char err[256], text[320], seats[96];

	for (size_t i = 0; i < lobby.games_info.n; i++) {
		gtk_widget_destroy(lobby.game_ui[i].options);
		gtk_widget_destroy(lobby.game_ui[i].levels);
	}
	g_free(lobby.game_ui);
	bd_games_free(&lobby.games_info);
	lobby_clear(lobby.games);
	int rc = bd_client_games(&a->c, &lobby.games_info, err, sizeof err);
	conn_after(a);
	if (rc < 0) {
		bd_games_free(&lobby.games_info);
		snprintf(text, sizeof text, _("boardd did not list its games: %s."), err);
		lobby_say(lobby.playnote, text);
	}
	for (size_t i = 0; i < lobby.games_info.n; i++) {
		const struct bd_game_info *g = &lobby.games_info.game[i];
		GtkWidget *row = gtk_list_box_row_new(), *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
		snprintf(seats, sizeof seats, lobby_view(g->game) != NULL ? ngettext("%u player", "%u players", g->seats) :
			 ngettext("%u player; board-gtk cannot show it", "%u players; board-gtk cannot show it", g->seats),
			 g->seats);
		gtk_box_pack_start(GTK_BOX(box), lobby_label(lobby_title(g->game), "game-name", 0), TRUE, TRUE, 0);
		gtk_box_pack_start(GTK_BOX(box), lobby_label(seats, "dim-label", 0), FALSE, FALSE, 0);
		gtk_style_context_add_class(gtk_widget_get_style_context(row), "game-row");
		gtk_container_add(GTK_CONTAINER(row), box);
		gtk_list_box_insert(lobby.games, row, -1);
	}
	lobby.game_ui = g_new0(struct lobby_game, lobby.games_info.n);
	for (size_t i = 0; i < lobby.games_info.n; i++) {
		lobby_options(&lobby.game_ui[i], &lobby.games_info.game[i]);
		lobby_levels(a, &lobby.game_ui[i], lobby_view(lobby.games_info.game[i].game));
	}
	gtk_widget_show_all(GTK_WIDGET(lobby.options));
	gtk_widget_show_all(GTK_WIDGET(lobby.levels));
	gtk_widget_show_all(GTK_WIDGET(lobby.games));
	gtk_list_box_select_row(lobby.games, gtk_list_box_get_row_at_index(lobby.games, 0));
	lobby_game_selected(lobby.games, NULL, a);
}

/* Leave the table the window is at (ending our bots) or the queue it waits in, for another
 * game or table chosen in the New Game dialog. 0, or -1 (said) if the daemon refused. */
static int lobby_leave_current(struct app *a)
{
	struct bd_msg r;
	char err[BD_LINE_MAX], text[BD_LINE_MAX + 64];

	if (a->table[0]) {
		if (conn_leave(a, err, sizeof err) < 0) {
			snprintf(text, sizeof text, _("Cannot leave table %s: %s."), a->table, err);
			panel_note(a, text);
			return -1;
		}
		bot_stop(a);
		app_in_lobby(a);
	}
	if (lobby.state == LOBBY_WAITING && conn_request(a, &r, "cancel") == 1 && strcmp(r.word, "notwaiting") != 0) {
		lobby_say(lobby.playnote, i18n_reason(r.text));
		return -1;
	}
	lobby_idle(a);
	return 0;
}

/* Play game with opts ("k=v k=v", "" for the defaults) against others: bots of ours at
 * level, or people found by matchmaking (level kept for Play a bot instead). What the window
 * was at is left first. The New Game dialog's Start. */
void lobby_start(struct app *a, const char *game, const char *opts, unsigned others, int bots, const char *level)
{
	if (lobby_leave_current(a) < 0)
		return;
	snprintf(lobby.game, sizeof lobby.game, "%s", game);
	snprintf(lobby.opts, sizeof lobby.opts, "%s", opts);
	snprintf(lobby.level, sizeof lobby.level, "%s", level);
	lobby.others = others;
	lobby.opponent[0] = 0;
	lobby.bots = 0;
	if (bots)
		lobby_play_bot(a);
	else
		lobby_play(a);
}

/* Join a seat of table (ours to take again), or watch it; what the window was at is left
 * first. A refusal is said on the lobby page. */
void lobby_enter(struct app *a, const char *table, int watch)
{
	char err[256], text[384];

	lobby_say(lobby.tablenote, NULL);
	if (lobby_leave_current(a) < 0)
		return;
	if (conn_join(a, table, watch ? CONN_WATCH : CONN_REJOIN, err, sizeof err) < 0) {
		snprintf(text, sizeof text, watch ? _("Cannot watch %s: %s.") : _("Cannot join %s: %s."), table, err);
		lobby_say(lobby.tablenote, text);
		return;
	}
	app_at_table(a);
}

/* Join or Watch of a table's row (the lobby's, the New Game dialog's); Play of a waiting
 * player's row. */
static void lobby_row_clicked(GtkButton *button, gpointer data)
{
	struct app *a = data;
	const char *what = g_object_get_data(G_OBJECT(button), "what");
	const char *target = g_object_get_data(G_OBJECT(button), "target");

	lobby_say(lobby.tablenote, NULL);
	if (strcmp(what, "play") == 0) {
		snprintf(lobby.game, sizeof lobby.game, "%s", (const char *)g_object_get_data(G_OBJECT(button), "game"));
		snprintf(lobby.opts, sizeof lobby.opts, "%s", (const char *)g_object_get_data(G_OBJECT(button), "opts"));
		snprintf(lobby.opponent, sizeof lobby.opponent, "%s", target);
		lobby.bots = 0;
		lobby_play(a);
		return;
	}
	char *table = g_strdup(target); /* the button goes with the dialog */
	newgame_close(a);
	lobby_enter(a, table, strcmp(what, "watch") == 0);
	g_free(table);
}

/* A button of a list's row, with what it does to whom, its accessible name saying both. */
static GtkWidget *lobby_row_button(struct app *a, GtkWidget *box, const char *label, const char *what,
				   const char *target)
{
	GtkWidget *b = gtk_button_new_with_label(label);
	/* TRANSLATORS: a button's label (Watch, Join, Play), then the table or player it acts on */
	char *name = g_strdup_printf(_("%s %s"), label, target);

	g_object_set_data_full(G_OBJECT(b), "what", g_strdup(what), g_free);
	g_object_set_data_full(G_OBJECT(b), "target", g_strdup(target), g_free);
	atk_object_set_name(gtk_widget_get_accessible(b), name);
	gtk_widget_set_tooltip_text(b, name);
	g_free(name);
	gtk_widget_set_valign(b, GTK_ALIGN_CENTER);
	g_signal_connect(b, "clicked", G_CALLBACK(lobby_row_clicked), a);
	gtk_box_pack_end(GTK_BOX(box), b, FALSE, FALSE, 0);
	return b;
}

/* A row of two lines of text in list box, and the box buttons go in. */
static GtkWidget *lobby_row(GtkListBox *list, const char *title, const char *detail, GtkWidget **second)
{
	GtkWidget *row = gtk_list_box_row_new(), *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
	GtkWidget *text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2), *line2 = lobby_label(detail, "dim-label", 1);
	char *name = g_strdup_printf("%s. %s", title, detail);

	gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(row), FALSE);
	gtk_box_pack_start(GTK_BOX(text), lobby_label(title, "game-name", 1), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(text), line2, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(box), text, TRUE, TRUE, 0);
	gtk_style_context_add_class(gtk_widget_get_style_context(row), "lobby-row");
	gtk_container_add(GTK_CONTAINER(row), box);
	atk_object_set_name(gtk_widget_get_accessible(row), name);
	g_free(name);
	gtk_list_box_insert(list, row, -1);
	if (second != NULL)
		*second = line2;
	return box;
}

/* Nonzero if table is one the lobby made (`<game>-<n>`, a game of the daemon's): its seats
 * are for its matched players only. A static board (boardd --board) seats anyone. */
static int lobby_made(const char *table, const char *game)
{
	size_t n = strlen(game);

	return strncmp(table, game, n) == 0 && table[n] == '-' && table[n + 1] != 0 &&
	       strspn(table + n + 1, "0123456789") == strlen(table + n + 1);
}

/* A table's state (the protocol's word) for people. */
static const char *lobby_state_name(const char *state)
{
	static const struct { const char *state, *name; } names[] = {
		{"waiting", NC_("table state", "waiting")}, {"on", NC_("table state", "on")},
		{"frozen", NC_("table state", "frozen")}, {"over", NC_("table state", "over")},
	};

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
		if (strcmp(names[i].state, state) == 0)
			return g_dpgettext2(NULL, "table state", names[i].name);
	return state;
}

/* One table's row: game, state, who sits there, spectators; Join when a seat is ours to
 * take (a lobby table's seat of our name, kept for us: we left it or lost the connection;
 * any seat of a static board), Watch always. */
static void lobby_table_row(struct app *a, GtkListBox *list, const struct bd_lobby *l, size_t t)
{
	const struct bd_table_info *ti = &l->table[t];
	GString *who = g_string_new(NULL);
	int ours = !lobby_made(ti->table, ti->game);
	char title[160];

	for (size_t s = 0; s < l->nseats; s++)
		if (l->seat[s].table == t && strcmp(l->seat[s].name, a->opt.name) == 0)
			ours = 1;
	for (size_t s = 0; s < l->nseats; s++)
		if (l->seat[s].table == t)
			g_string_append_printf(who, "%s%s%s%s", who->len ? ", " : "", l->seat[s].name,
					       strcmp(l->seat[s].state, "away") == 0 ? _(" (away)") : "",
					       strcmp(l->seat[s].name, a->opt.name) == 0 ? _(" (you)") : "");
	if (who->len == 0)
		g_string_append_printf(who, ngettext("nobody seated; %u watching", "nobody seated; %u watching",
						     ti->spectators), ti->spectators);
	else
		g_string_append_printf(who, ngettext("; %u watching", "; %u watching", ti->spectators), ti->spectators);
	/* TRANSLATORS: a table's name, its game and its state ("waiting", "on", "frozen", "over") */
	snprintf(title, sizeof title, _("%s: %s, %s"), ti->table, lobby_title(ti->game), lobby_state_name(ti->state));
	GtkWidget *box = lobby_row(list, title, who->str, NULL);
	g_string_free(who, TRUE);
	lobby_row_button(a, box, _("Watch"), "watch", ti->table);
	if (ours)
		lobby_row_button(a, box, _("Join"), "join", ti->table);
}

/* One waiting player's row, its seconds left kept to be updated in place; Play them, when
 * they would play us (not ourselves, no other opponent named, a game board-gtk shows). */
static void lobby_waiting_row(struct app *a, const struct bd_waiting_info *w)
{
	const char *wants = bd_option_get(&w->opts, "opponent");
	char title[160], left[32], opts[BD_LINE_MAX] = "";
	GtkWidget *seconds;
	size_t n = 0;

	if (wants != NULL)
		snprintf(title, sizeof title, _("%s (user %s) waits for %s against %s"), w->name, w->login,
			 lobby_title(w->game), wants);
	else
		snprintf(title, sizeof title, _("%s (user %s) waits for %s"), w->name, w->login, lobby_title(w->game));
	snprintf(left, sizeof left, _("%u s left"), w->seconds);
	GtkWidget *box = lobby_row(lobby.waiting, title, left, &seconds);
	g_ptr_array_add(lobby.seconds, seconds);
	if (strcmp(w->name, a->opt.name) == 0 || (wants != NULL && strcmp(wants, a->opt.name) != 0) ||
	    lobby_view(w->game) == NULL)
		return;
	for (unsigned i = 0; i < w->opts.n; i++)
		if (strcmp(w->opts.opt[i].key, "opponent") != 0 && n < sizeof opts)
			n += (size_t)snprintf(opts + n, sizeof opts - n, "%s%s=%s", n ? " " : "", w->opts.opt[i].key,
					      w->opts.opt[i].value);
	GtkWidget *b = lobby_row_button(a, box, _("Play"), "play", w->name);
	g_object_set_data_full(G_OBJECT(b), "game", g_strdup(w->game), g_free);
	g_object_set_data_full(G_OBJECT(b), "opts", g_strdup(opts), g_free);
	gtk_widget_set_sensitive(b, lobby.state != LOBBY_WAITING);
}

/* The listing without the waiting players' seconds: what the rows are made of. */
static GString *lobby_shape(const struct bd_lobby *l)
{
	GString *s = g_string_new(NULL);

	g_string_append_printf(s, "%d\n", lobby.state);
	for (size_t i = 0; i < l->ntables; i++)
		g_string_append_printf(s, "T %s %s %s %u\n", l->table[i].table, l->table[i].game, l->table[i].state,
				       l->table[i].spectators);
	for (size_t i = 0; i < l->nseats; i++)
		g_string_append_printf(s, "S %zu %s %s\n", l->seat[i].table, l->seat[i].name, l->seat[i].state);
	for (size_t i = 0; i < l->nwaiting; i++) {
		g_string_append_printf(s, "W %s %s %s", l->waiting[i].game, l->waiting[i].name, l->waiting[i].login);
		for (unsigned k = 0; k < l->waiting[i].opts.n; k++)
			g_string_append_printf(s, " %s=%s", l->waiting[i].opts.opt[k].key, l->waiting[i].opts.opt[k].value);
		g_string_append_c(s, '\n');
	}
	return s;
}

/* Show a listing: the rows rebuilt if what they show changed (keyboard focus in them is
 * kept otherwise), the seconds left updated in place. */
static void lobby_listing(struct app *a, const struct bd_lobby *l)
{
	GString *shape = lobby_shape(l);

	if (lobby.shape != NULL && strcmp(shape->str, lobby.shape->str) == 0) {
		g_string_free(shape, TRUE);
		for (size_t i = 0; i < l->nwaiting && i < lobby.seconds->len; i++) {
			char left[32];
			snprintf(left, sizeof left, _("%u s left"), l->waiting[i].seconds);
			gtk_label_set_text(g_ptr_array_index(lobby.seconds, i), left);
		}
		return;
	}
	if (lobby.shape != NULL)
		g_string_free(lobby.shape, TRUE);
	lobby.shape = shape;
	lobby_tables(a, lobby.tables, l);
	lobby_clear(lobby.waiting);
	g_ptr_array_set_size(lobby.seconds, 0);
	for (size_t i = 0; i < l->nwaiting; i++)
		lobby_waiting_row(a, &l->waiting[i]);
	gtk_widget_show_all(GTK_WIDGET(lobby.waiting));
}

/* The tables of a listing as the rows of list, with Join and Watch (the New Game dialog's). */
void lobby_tables(struct app *a, GtkListBox *list, const struct bd_lobby *l)
{
	lobby_clear(list);
	for (size_t t = 0; t < l->ntables; t++)
		lobby_table_row(a, list, l, t);
	gtk_widget_show_all(GTK_WIDGET(list));
}

/* Read the tables and the waiting players again. */
static void lobby_refresh(struct app *a)
{
	struct bd_lobby l = {0};
	char err[256], text[320];

	if (!a->online || a->table[0])
		return;
	int rc = bd_client_list(&a->c, &l, err, sizeof err);
	conn_after(a);
	if (rc < 0) {
		snprintf(text, sizeof text, _("boardd did not list its tables: %s."), err);
		lobby_say(lobby.tablenote, text);
	} else {
		lobby_listing(a, &l);
	}
	bd_lobby_free(&l);
}

/* Timer while the page shows. */
static gboolean lobby_tick(gpointer data)
{
	lobby_refresh(data);
	return G_SOURCE_CONTINUE;
}

/* Refresh, the button. */
static void lobby_refresh_clicked(GtkButton *button, gpointer data)
{
	(void)button;
	lobby_say(lobby.tablenote, NULL);
	lobby_refresh(data);
}

/* The wait's countdown: the number, the bar, and the words. */
static void lobby_count(const struct bd_lobby_event *ev)
{
	char text[BD_LINE_MAX + 64], n[16];

	if (ev->seconds > lobby.full)
		lobby.full = ev->seconds;
	snprintf(n, sizeof n, "%u", ev->seconds);
	gtk_label_set_text(lobby.count, n);
	gtk_progress_bar_set_fraction(lobby.bar, lobby.full ? (double)ev->seconds / lobby.full : 0);
	if (lobby.bots > 1)
		snprintf(text, sizeof text, _("Waiting for your %u bots to come: %u s left."), lobby.bots, ev->seconds);
	else if (lobby.bots)
		snprintf(text, sizeof text, _("Waiting for your bot %s to come: %u s left."), lobby.opponent, ev->seconds);
	else if (lobby.opponent[0])
		snprintf(text, sizeof text, _("Waiting for %s: %u s left."), lobby.opponent, ev->seconds);
	else
		snprintf(text, sizeof text, _("Waiting for another player of %s: %u s left."), lobby_title(ev->game),
			 ev->seconds);
	gtk_label_set_text(lobby.waitlabel, text);
}

/* Matched: join the table made for us, and show it. */
static void lobby_matched(struct app *a, const struct bd_lobby_event *ev)
{
	char err[256], text[384];

	lobby.state = LOBBY_IDLE;
	lobby_state_show(a);
	if (conn_join(a, ev->table, CONN_SEAT, err, sizeof err) < 0) {
		snprintf(text, sizeof text, _("A table (%s) was made for you, but joining it failed: %s."), ev->table, err);
		lobby_say(lobby.playnote, text);
		if (lobby.bots)
			bot_stop(a);
		return;
	}
	app_at_table(a);
}

/* Aborted: the match will not happen (or the table was left under us): back to the lobby. */
static void lobby_aborted(struct app *a, const struct bd_lobby_event *ev)
{
	char text[256];

	if (a->table[0] && strcmp(a->table, ev->table) == 0) {
		conn_left(a); /* the daemon has left the table for us */
		app_in_lobby(a);
	}
	bot_stop(a);
	lobby.state = LOBBY_IDLE;
	lobby_state_show(a);
	snprintf(text, sizeof text, _("The match at %s was called off: %s."), ev->table,
		 strcmp(ev->reason, "opponent-left") == 0 ? _("your opponent left or did not come") :
		 strcmp(ev->reason, "no-table") == 0 ? _("boardd could not make the table") : ev->reason);
	lobby_say(lobby.playnote, text);
}

/* A lobby event (EVENT 0 ...). */
void lobby_event(struct app *a, const struct bd_msg *m)
{
	struct bd_lobby_event ev;
	char text[BD_LINE_MAX + 64];

	if (bd_msg_lobby_event(m, &ev) < 0)
		return; /* one this window does not know */
	if (ev.type == BD_LOBBY_WAIT && lobby.state == LOBBY_WAITING) {
		lobby_count(&ev);
	} else if (ev.type == BD_LOBBY_NOMATCH && lobby.state == LOBBY_WAITING) {
		if (lobby.bots)
			bot_stop(a);
		lobby.state = LOBBY_NOMATCH;
		if (lobby.bots)
			snprintf(text, sizeof text, "%s", ngettext("Your bot did not come in time.",
								   "Your bots did not come in time.", lobby.bots));
		else if (lobby.opponent[0])
			snprintf(text, sizeof text, _("%s did not come."), lobby.opponent);
		else
			snprintf(text, sizeof text, _("Nobody came to play %s."), lobby_title(ev.game));
		gtk_label_set_text(lobby.waitlabel, text);
		lobby_state_show(a);
		gtk_widget_grab_focus(lobby.again);
	} else if (ev.type == BD_LOBBY_MATCHED) {
		lobby_matched(a, &ev);
	} else if (ev.type == BD_LOBBY_ABORTED) {
		lobby_aborted(a, &ev);
	}
}

/* Connected (again): the games, the lists, nothing waited for. */
void lobby_online(struct app *a)
{
	lobby.state = LOBBY_IDLE;
	lobby_say(lobby.playnote, NULL);
	lobby_games(a);
	lobby_refresh(a);
}

/* The connection is gone: a wait went with it (queues are not kept), and its bot. */
void lobby_offline(struct app *a, const char *why)
{
	(void)why; /* the banner above says it */
	if (lobby.state == LOBBY_WAITING)
		lobby_say(lobby.playnote, _("The wait ended with the connection: play again once boardd is back."));
	lobby_idle(a);
}

/* The page shows: read the lists now and every REFRESH_MS; Play a person is the default. */
void lobby_show(struct app *a)
{
	if (lobby.shape != NULL) /* what a Join row offers may have changed at the table */
		g_string_free(lobby.shape, TRUE);
	lobby.shape = NULL;
	if (lobby.games_info.n == 0 && a->online)
		lobby_games(a);
	if (lobby.timer == 0)
		lobby.timer = g_timeout_add(REFRESH_MS, lobby_tick, a);
	lobby_state_show(a);
	lobby_refresh(a);
	gtk_widget_grab_default(lobby.person);
	gtk_widget_grab_focus(lobby.state == LOBBY_WAITING ? lobby.cancel : lobby.person);
}

/* The page is left (a table shows, or the window closes). */
void lobby_hide(struct app *a)
{
	(void)a;
	if (lobby.timer)
		g_source_remove(lobby.timer);
	lobby.timer = 0;
}

/* The lobby's widgets from board-gtk.ui, and their signals. */
void lobby_build(struct app *a, GtkBuilder *b)
{
	a->lobby = &lobby;
	lobby.games = app_object(b, "games");
	lobby.tables = app_object(b, "tables");
	lobby.waiting = app_object(b, "waiting");
	lobby.options = app_object(b, "options");
	lobby.levels = app_object(b, "levels");
	lobby.person = app_object(b, "person");
	lobby.botplay = app_object(b, "botplay");
	lobby.waitbox = app_object(b, "waitbox");
	lobby.cancel = app_object(b, "cancel");
	lobby.again = app_object(b, "again");
	lobby.againbot = app_object(b, "againbot");
	lobby.refresh = app_object(b, "refresh");
	lobby.waitlabel = app_object(b, "waitlabel");
	lobby.count = app_object(b, "count");
	lobby.bar = app_object(b, "waitbar");
	lobby.playnote = app_object(b, "playnote");
	lobby.tablenote = app_object(b, "tablenote");
	lobby.seconds = g_ptr_array_new();
	GtkWidget *none = lobby_label(_("No tables yet."), "dim-label", 0), *nobody = lobby_label(_("Nobody."), "dim-label", 0);
	gtk_style_context_add_class(gtk_widget_get_style_context(none), "lobby-row");
	gtk_style_context_add_class(gtk_widget_get_style_context(nobody), "lobby-row");
	gtk_widget_show(none);
	gtk_widget_show(nobody);
	gtk_list_box_set_placeholder(lobby.tables, none);
	gtk_list_box_set_placeholder(lobby.waiting, nobody);
	g_signal_connect(lobby.games, "row-selected", G_CALLBACK(lobby_game_selected), a);
	g_signal_connect(lobby.person, "clicked", G_CALLBACK(lobby_new_clicked), a);
	g_signal_connect(lobby.botplay, "clicked", G_CALLBACK(lobby_new_clicked), a);
	g_signal_connect(lobby.cancel, "clicked", G_CALLBACK(lobby_cancel_clicked), a);
	g_signal_connect(lobby.again, "clicked", G_CALLBACK(lobby_again_clicked), a);
	g_signal_connect(lobby.againbot, "clicked", G_CALLBACK(lobby_again_clicked), a);
	g_signal_connect(lobby.refresh, "clicked", G_CALLBACK(lobby_refresh_clicked), a);
	g_signal_connect_swapped(app_object(b, "opennew"), "clicked", G_CALLBACK(newgame_open), a);
}
