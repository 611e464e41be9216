/* panel.c: the side panel. The player list and the game state are rebuilt from each
 * snapshot, the state in the words of the table's game view while a game is on (a seat
 * that left mid-match counts down to its forfeit, from its away event); the
 * feedback line (a refused move, a pair found) fades after a few seconds; the result banner
 * stays until the next game is on, and never blocks it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/clock.h"

#define FADE_MS 4000
#define TICK_MS 500

static int panel_away_left(const struct app *a, unsigned id);

/* A row's swatch: the player's badge in their colour with their initial. */
static gboolean panel_swatch_draw(GtkWidget *w, cairo_t *cr, gpointer data)
{
	GtkWidget *row = data;
	unsigned colour = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(row), "colour"));
	int width = gtk_widget_get_allocated_width(w), height = gtk_widget_get_allocated_height(w);

	paint_badge(cr, width / 2.0, height / 2.0, MIN(width, height) / 2.0 - 1, colour,
		    g_object_get_data(G_OBJECT(row), "tag-text"));
	return FALSE;
}

/* A label packed into box, with an optional style class. */
static GtkWidget *panel_label(GtkWidget *box, GtkWidget *row, const char *key, const char *class, gboolean expand)
{
	GtkWidget *l = gtk_label_new(NULL);

	gtk_label_set_xalign(GTK_LABEL(l), 0);
	gtk_label_set_ellipsize(GTK_LABEL(l), PANGO_ELLIPSIZE_END);
	if (class != NULL)
		gtk_style_context_add_class(gtk_widget_get_style_context(l), class);
	gtk_box_pack_start(GTK_BOX(box), l, expand, expand, 0);
	g_object_set_data(G_OBJECT(row), key, l);
	return l;
}

/* Rows by score, best first; seats in order among equals. */
static gint panel_row_order(GtkListBoxRow *r1, GtkListBoxRow *r2, gpointer data)
{
	guint s1 = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(r1), "points"));
	guint s2 = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(r2), "points"));
	guint i1 = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(r1), "id"));
	guint i2 = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(r2), "id"));

	(void)data;
	return s1 != s2 ? (s1 < s2 ? 1 : -1) : (i1 < i2 ? -1 : i1 > i2);
}

/* A new row for seat id: badge, name, a tag (you, away, waiting) and the score. */
static GtkWidget *panel_row_new(struct app *a, unsigned id)
{
	GtkWidget *row = gtk_list_box_row_new(), *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
	GtkWidget *swatch = gtk_drawing_area_new();

	gtk_style_context_add_class(gtk_widget_get_style_context(row), "player-row");
	gtk_widget_set_size_request(swatch, 26, 26);
	g_signal_connect(swatch, "draw", G_CALLBACK(panel_swatch_draw), row);
	gtk_box_pack_start(GTK_BOX(box), swatch, FALSE, FALSE, 0);
	panel_label(box, row, "name", NULL, TRUE);
	gtk_label_set_max_width_chars(g_object_get_data(G_OBJECT(row), "name"), 10);
	panel_label(box, row, "tag", "dim-label", FALSE);
	panel_label(box, row, "score", "score", FALSE);
	g_object_set_data(G_OBJECT(row), "swatch", swatch);
	g_object_set_data(G_OBJECT(row), "id", GUINT_TO_POINTER(id));
	gtk_container_add(GTK_CONTAINER(row), box);
	gtk_list_box_set_sort_func(a->players, panel_row_order, NULL, NULL);
	gtk_list_box_insert(a->players, row, -1);
	gtk_widget_show_all(row);
	return row;
}

/* On hover, and as the row's accessible description: the user the seat belongs to, so that
 * two players who chose like names can be told apart. */
static void panel_row_tip(GtkWidget *row, const struct bd_pub_player *p)
{
	char tip[BD_NAME_MAX + BD_LOGIN_MAX + 32];
	const char *old = g_object_get_data(G_OBJECT(row), "tip");

	snprintf(tip, sizeof tip, "%s plays as user %s", p->name, p->login[0] ? p->login : "?");
	bd_printable(tip, sizeof tip, tip);
	if (old != NULL && strcmp(old, tip) == 0)
		return;
	gtk_widget_set_tooltip_text(row, tip);
	g_object_set_data_full(G_OBJECT(row), "tip", g_strdup(tip), g_free);
}

/* The letter of a seat's side in its game ("X"), "" if the game has none or the seat no side. */
static const char *panel_side(const struct app *a, const struct bd_pub_player *p, char buf[2])
{
	const char *sides = a->game != NULL ? a->game->sides : NULL;

	buf[0] = sides != NULL && p->side < strlen(sides) ? sides[p->side] : 0;
	buf[1] = 0;
	return buf;
}

/* Show one seat's colour, name, tag and score in its row. */
static void panel_row_set(struct app *a, GtkWidget *row, unsigned id, const struct bd_pub_player *p)
{
	static const char *const tags[] = {[BD_PLAYER_WAITING] = "waiting", [BD_PLAYER_AWAY] = "away"};
	char score[16], tag[48], name[BD_NAME_MAX + 96], badge[8], side[2], away[24];
	const char *state_tag = p->state < G_N_ELEMENTS(tags) ? tags[p->state] : NULL;
	int me = (int)id == a->me, left = panel_away_left(a, id);

	if (p->state == BD_PLAYER_AWAY && left >= 0) {
		snprintf(away, sizeof away, "away, %d s", left);
		state_tag = away;
	}

	snprintf(score, sizeof score, "%u", p->score);
	panel_side(a, p, side);
	snprintf(tag, sizeof tag, "%s%s%s%s%s", side, side[0] && (me || state_tag) ? ", " : "", me ? "you" : "",
		 me && state_tag ? ", " : "", state_tag ? state_tag : "");
	GtkWidget *name_label = g_object_get_data(G_OBJECT(row), "name");
	gtk_label_set_text(GTK_LABEL(name_label), p->name);
	if (me) /* bold; the seat can change if a restarted daemon forgot ours */
		gtk_style_context_add_class(gtk_widget_get_style_context(name_label), "me");
	else
		gtk_style_context_remove_class(gtk_widget_get_style_context(name_label), "me");
	gtk_label_set_text(g_object_get_data(G_OBJECT(row), "tag"), tag);
	gtk_label_set_text(g_object_get_data(G_OBJECT(row), "score"), score);
	snprintf(name, sizeof name, "%s%s%s%s, %u points", p->name, tag[0] ? " (" : "", tag, tag[0] ? ")" : "", p->score);
	atk_object_set_name(gtk_widget_get_accessible(row), name);
	panel_row_tip(row, p);
	g_object_set_data(G_OBJECT(row), "colour", GUINT_TO_POINTER(p->colour));
	paint_tag(a->snap, id, badge, sizeof badge);
	g_object_set_data_full(G_OBJECT(row), "tag-text", g_strdup(badge), g_free);
	g_object_set_data(G_OBJECT(row), "points", GUINT_TO_POINTER(p->score));
	gtk_widget_queue_draw(g_object_get_data(G_OBJECT(row), "swatch"));
}

/* Make the player list match the snapshot's seats. */
static void panel_players(struct app *a)
{
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		const struct bd_pub_player *p = &a->snap->players[i];
		if (p->state == BD_PLAYER_EMPTY) {
			if (a->rows[i] != NULL)
				gtk_widget_destroy(a->rows[i]);
			a->rows[i] = NULL;
			continue;
		}
		if (a->rows[i] == NULL)
			a->rows[i] = panel_row_new(a, i);
		panel_row_set(a, a->rows[i], i, p);
	}
	gtk_list_box_invalidate_sort(a->players);
}

static gboolean panel_tick(gpointer data);

/* Seconds until away seat id forfeits, -1 if it is not counting down (or unknown: the away
 * event was not seen, after a resync or a new connection). */
static int panel_away_left(const struct app *a, unsigned id)
{
	int64_t left = a->away_until[id] - bd_now_ms();

	return a->away_until[id] != 0 && a->snap->players[id].state == BD_PLAYER_AWAY ? (int)MAX(0, ceil(left / 1000.0))
										  : -1;
}

/* The line under the state while another seat is away: who left and when they forfeit. */
static void panel_away_line(const struct app *a, char *info, size_t len)
{
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		int left = panel_away_left(a, i);
		if ((int)i != a->me && left >= 0) {
			snprintf(info, len, "%s left: they lose by forfeit in %d s unless they come back.",
				 a->snap->players[i].name, left);
			return;
		}
	}
}

/* The game state line and the line under it; while the game is over with a next game due,
 * it counts down to it. */
static void panel_state(struct app *a)
{
	const struct bd_pub *s = a->snap;
	int due = a->linked && s->game_state == BD_GAME_OVER && s->deadline_ms > 0;
	GtkStyleContext *ctx = gtk_widget_get_style_context(GTK_WIDGET(a->state));
	char text[192], info[128] = "";
	int to_move = 0;

	if (a->game != NULL)
		to_move = a->game->status(a, text, sizeof text, info, sizeof info);
	panel_away_line(a, info, sizeof info);
	if (a->game == NULL)
		snprintf(text, sizeof text, "board-gtk cannot show this table: its game (kind %u) is unknown to it.",
			 s->game_kind);
	else if (!a->linked)
		snprintf(text, sizeof text, "Not connected to boardd.");
	else if (s->game_state == BD_GAME_WAITING)
		snprintf(text, sizeof text, "Waiting for players: %u of %u here.", s->nplaying, s->min_players);
	else if (s->game_state == BD_GAME_FROZEN)
		snprintf(text, sizeof text, "Game %u is frozen until players come back (%u of %u here).",
			 s->game_number, s->nplaying, s->min_players);
	else if (due)
		snprintf(text, sizeof text, "Game %u is over. The next game starts in %d s.", s->game_number,
			 (int)MAX(0, ceil((s->deadline_ms - bd_client_now(&a->c)) / 1000.0)));
	gtk_label_set_text(a->state, text);
	gtk_label_set_text(a->progress, info);
	if (to_move && a->linked)
		gtk_style_context_add_class(ctx, "to-move");
	else
		gtk_style_context_remove_class(ctx, "to-move");
	if (due && a->tick == 0)
		a->tick = g_timeout_add(TICK_MS, panel_tick, a);
}

/* Countdown timer while the game is over; it stops itself afterwards. */
static gboolean panel_tick(gpointer data)
{
	struct app *a = data;

	if (!a->linked || a->snap->game_state != BD_GAME_OVER || a->snap->deadline_ms <= 0) {
		a->tick = 0;
		return G_SOURCE_REMOVE;
	}
	panel_state(a);
	return G_SOURCE_CONTINUE;
}

/* Timer while a seat is away: its countdown; it stops itself when none is left. */
static gboolean panel_away_tick(gpointer data)
{
	struct app *a = data;
	int any = 0;

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		any |= panel_away_left(a, i) >= 0;
	if (!any || !a->linked) {
		a->away_tick = 0;
		return G_SOURCE_REMOVE;
	}
	panel_players(a);
	panel_state(a);
	return G_SOURCE_CONTINUE;
}

/* A seat went away (its forfeit countdown starts) or its absence ended (back, forfeit,
 * leave). */
void panel_away(struct app *a, unsigned type, unsigned player, unsigned ms)
{
	if (player >= BD_PLAYERS_MAX)
		return;
	a->away_until[player] = type == BD_EV_AWAY ? bd_now_ms() + ms : 0;
	if (type == BD_EV_AWAY && a->away_tick == 0 && a->window != NULL)
		a->away_tick = g_timeout_add(TICK_MS, panel_away_tick, a);
}

/* Everything the panel shows of a new snapshot, the game view's controls too. */
void panel_update(struct app *a)
{
	if (!a->have_snap) {
		gtk_label_set_text(a->state, "Connecting to boardd…");
		return;
	}
	panel_players(a);
	panel_state(a);
	if (a->game != NULL && a->game->update != NULL)
		a->game->update(a);
}

/* The connection banner: message says what went wrong, NULL hides it. */
void panel_link(struct app *a, const char *message)
{
	char text[384];

	if (a->window == NULL)
		return;
	if (message != NULL)
		snprintf(text, sizeof text, "Not connected: %s Trying again every half second%s", message,
			 a->token ? "; your seat is taken back if boardd kept the board." : ".");
	gtk_label_set_text(a->infolabel, message != NULL ? text : "");
	gtk_info_bar_set_revealed(a->infobar, message != NULL);
}

/* Timer: the feedback line has been read. */
static gboolean panel_fade(gpointer data)
{
	struct app *a = data;

	gtk_widget_hide(GTK_WIDGET(a->feedback));
	a->fade = 0;
	return G_SOURCE_REMOVE;
}

/* Show text on the feedback line for a while; refused says it was a refusal. */
static void panel_feedback(struct app *a, const char *text, int refused)
{
	GtkStyleContext *ctx = gtk_widget_get_style_context(GTK_WIDGET(a->feedback));

	if (a->window == NULL)
		return;
	gtk_label_set_text(a->feedback, text);
	if (refused)
		gtk_style_context_add_class(ctx, "refused");
	else
		gtk_style_context_remove_class(ctx, "refused");
	gtk_widget_show(GTK_WIDGET(a->feedback));
	if (a->fade)
		g_source_remove(a->fade);
	a->fade = g_timeout_add(FADE_MS, panel_fade, a);
}

/* A pick or move was refused: say why, in words, with the error bell. */
void panel_refused(struct app *a, const char *code, const char *text)
{
	static const struct { const char *code, *title; } titles[] = {
		{"filled", "Taken"}, {"wait", "Wait"}, {"state", "Not now"},
		{"rate", "Too fast"}, {"turn", "Not your turn"}, {"over", "Game over"},
	};
	const char *title = "Refused";
	char line[BD_LINE_MAX + 32];

	for (size_t i = 0; i < G_N_ELEMENTS(titles); i++)
		if (g_strcmp0(code, titles[i].code) == 0)
			title = titles[i].title;
	snprintf(line, sizeof line, "%s: %s.", title, text);
	panel_feedback(a, line, 1);
	if (a->window != NULL)
		gtk_widget_error_bell(GTK_WIDGET(a->window));
}

/* Something about our own moves worth a word (a pair found, a card timed out). */
void panel_note(struct app *a, const char *text)
{
	panel_feedback(a, text, 0);
}

/* The result banner: text in style class "win", "lose" or "none"; a NULL text hides it. */
void panel_banner(struct app *a, const char *class, const char *text)
{
	static const char *const classes[] = {"win", "lose", "none"};
	GtkStyleContext *ctx;

	if (a->window == NULL)
		return;
	ctx = gtk_widget_get_style_context(GTK_WIDGET(a->result));
	for (size_t i = 0; i < G_N_ELEMENTS(classes); i++)
		if (g_strcmp0(class, classes[i]) == 0)
			gtk_style_context_add_class(ctx, classes[i]);
		else
			gtk_style_context_remove_class(ctx, classes[i]);
	if (text == NULL) {
		gtk_widget_hide(GTK_WIDGET(a->result));
		return;
	}
	gtk_label_set_text(a->result, text);
	gtk_widget_show(GTK_WIDGET(a->result));
}

/* A button of a game view's controls in box, that forgets itself (*slot = NULL) when destroyed. */
GtkWidget *panel_button(GtkBox *box, const char *label, GCallback clicked, struct app *a, GtkWidget **slot)
{
	GtkWidget *b = gtk_button_new_with_mnemonic(label);

	gtk_box_pack_start(box, b, FALSE, FALSE, 0);
	g_signal_connect(b, "clicked", clicked, a);
	g_signal_connect(b, "destroy", G_CALLBACK(gtk_widget_destroyed), slot);
	*slot = b;
	return b;
}

/* A turn game's Resign pressed: give the match up. */
void panel_resign_clicked(GtkButton *b, gpointer app)
{
	(void)b;
	conn_send(app, "resign");
}
