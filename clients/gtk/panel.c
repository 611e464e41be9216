/* panel.c: the side panel. The player list and the game state are rebuilt from each
 * snapshot, the state in the words of the table's game view while a game is on (a seat
 * that left mid-match counts down to its forfeit, from its away event); the
 * feedback line (a refused move, a pair found) fades after a few seconds, or as soon as the
 * game's state changes under it; the result banner stays until the next game is on, and
 * never blocks it. At the end of a game the ending box (ending.ui) names the winner (the
 * player list above it holds the final scores, best first), has Play Again (a `rematch`
 * where the table waits for one, every game's only one: asked once, then it waits; a
 * hot-seat window asks for all its seats; a table that restarts by itself says when on the
 * state line), Leave, Scores and this session's tally; a game this window played from its start
 * to its end counts in the statistics (scores.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/clock.h"

#define FADE_MS 4000
#define TICK_MS 500

static int panel_away_left(const struct app *a, unsigned id);

/* The ending box and what it knows of the table's games (one window per process). */
static struct {
	GtkWidget *box, *winner, *again, *leave, *tally;
	char table[BD_BOARD_NAME_MAX + 1];
	unsigned game;     /* the game seen on at table, 0: none yet */
	int counted;       /* its end is in the statistics */
	int asked;         /* Play Again pressed since it ended */
	unsigned fb_state, fb_game; /* the game's state and number when the feedback was shown */
} end;

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

	snprintf(tip, sizeof tip, _("%s plays as user %s"), p->name, p->login[0] ? p->login : "?");
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
	static const char *const tags[] = {[BD_PLAYER_WAITING] = N_("waiting"), [BD_PLAYER_AWAY] = N_("away")};
	char score[16], tag[48], name[BD_NAME_MAX + 96], badge[8], side[2], away[24];
	const char *state_tag = p->state < G_N_ELEMENTS(tags) && tags[p->state] ? _(tags[p->state]) : NULL;
	int me = (int)id == a->me, left = panel_away_left(a, id);

	if (p->state == BD_PLAYER_AWAY && left >= 0) {
		snprintf(away, sizeof away, _("away, %d s"), left);
		state_tag = away;
	}

	snprintf(score, sizeof score, "%u", p->score);
	panel_side(a, p, side);
	snprintf(tag, sizeof tag, "%s%s%s%s%s", side, side[0] && (me || state_tag) ? ", " : "", me ? _("you") : "",
		 me && state_tag ? ", " : "", state_tag ? state_tag : "");
	GtkWidget *name_label = g_object_get_data(G_OBJECT(row), "name");
	gtk_label_set_text(GTK_LABEL(name_label), p->name);
	if (me) /* bold; the seat can change if a restarted daemon forgot ours */
		gtk_style_context_add_class(gtk_widget_get_style_context(name_label), "me");
	else
		gtk_style_context_remove_class(gtk_widget_get_style_context(name_label), "me");
	gtk_label_set_text(g_object_get_data(G_OBJECT(row), "tag"), tag);
	gtk_label_set_text(g_object_get_data(G_OBJECT(row), "score"), score);
	if (tag[0])
		snprintf(name, sizeof name, ngettext("%s (%s), %u point", "%s (%s), %u points", p->score), p->name, tag,
			 p->score);
	else
		snprintf(name, sizeof name, ngettext("%s, %u point", "%s, %u points", p->score), p->name, p->score);
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
			snprintf(info, len, _("%s left: they lose by forfeit in %d s unless they come back."),
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
		snprintf(text, sizeof text, _("board-gtk cannot show this table: its game (kind %u) is unknown to it."),
			 s->game_kind);
	else if (!a->linked)
		snprintf(text, sizeof text, "%s", _("Not connected to boardd."));
	else if (s->game_state == BD_GAME_WAITING)
		snprintf(text, sizeof text, _("Waiting for players: %u of %u here."), s->nplaying, s->min_players);
	else if (s->game_state == BD_GAME_FROZEN)
		snprintf(text, sizeof text, _("Game %u is frozen until players come back (%u of %u here)."),
			 s->game_number, s->nplaying, s->min_players);
	else if (due)
		snprintf(text, sizeof text, _("Game %u is over. The next game starts in %d s."), s->game_number,
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

/* Play Again pressed: ask for the next game (for every seat of a hot-seat window); it starts
 * when every seat has. Asked, the button waits insensitive: a second ask would be refused. */
static void panel_again_clicked(GtkButton *b, gpointer data)
{
	struct app *a = data;

	(void)b;
	if ((a->hot != NULL ? hot_rematch(a) : conn_send(a, "rematch")) == 0)
		end.asked = 1;
	panel_update(a);
}

/* Leave pressed: back to the lobby, as the header's Back button does. */
static void panel_leave_clicked(GtkButton *b, gpointer data)
{
	struct app *a = data;

	(void)b;
	gtk_button_clicked(GTK_BUTTON(a->back));
}

/* Scores pressed. */
static void panel_scores_clicked(GtkButton *b, gpointer data)
{
	(void)b;
	scores_open(data);
}

/* Make the ending box (once per window), under the result banner. */
static void panel_ending_build(struct app *a)
{
	GtkBuilder *b = gtk_builder_new_from_resource(RES "ending.ui");
	GtkWidget *result = GTK_WIDGET(a->result), *parent = gtk_widget_get_parent(result);
	gint pos = 0;

	end.box = app_object(b, "ending");
	end.winner = app_object(b, "ending-winner");
	end.again = app_object(b, "ending-again");
	end.leave = app_object(b, "ending-leave");
	end.tally = app_object(b, "ending-tally");
	g_signal_connect(end.again, "clicked", G_CALLBACK(panel_again_clicked), a);
	g_signal_connect(end.leave, "clicked", G_CALLBACK(panel_leave_clicked), a);
	g_signal_connect(app_object(b, "ending-scores-button"), "clicked", G_CALLBACK(panel_scores_clicked), a);
	g_signal_connect(end.box, "destroy", G_CALLBACK(gtk_widget_destroyed), &end.box);
	gtk_container_child_get(GTK_CONTAINER(parent), result, "position", &pos, NULL);
	gtk_box_pack_start(GTK_BOX(parent), end.box, FALSE, FALSE, 0);
	gtk_box_reorder_child(GTK_BOX(parent), end.box, pos + 1);
	g_object_unref(b);
}

/* Who won the game that is over, in words; you is this window's seat or -1. Nonzero if you
 * alone won (the view's result banner says so already). */
static int panel_winner(const struct app *a, int you, char *buf, size_t len)
{
	const struct bd_pub *s = a->snap;
	unsigned nwin = 0, ndraw = 0, first = 0, second = 0;

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		if (s->players[i].state == BD_PLAYER_EMPTY)
			continue;
		ndraw += s->players[i].result == BD_RESULT_DRAW;
		if (s->players[i].result != BD_RESULT_WIN)
			continue;
		if (nwin++ == 0 || (int)i == you) /* yours named first */
			second = first, first = i;
		else if (nwin == 2)
			second = i;
	}
	if (nwin == 0)
		snprintf(buf, len, "%s", ndraw > 0 ? _("A draw.") : _("The game is over."));
	else if (nwin == 1 && (int)first == you)
		snprintf(buf, len, "%s", _("You won!"));
	else if (nwin == 1)
		snprintf(buf, len, _("%s won."), s->players[first].name);
	else if (nwin == 2)
		snprintf(buf, len, _("%s and %s share the win."), s->players[first].name, s->players[second].name);
	else
		snprintf(buf, len, ngettext("%s and %u other player share the win.", "%s and %u other players share the win.",
					    nwin - 1),
			 s->players[first].name, nwin - 1);
	return nwin == 1 && (int)first == you;
}

/* Play Again: for a seat of this window (all of a hot-seat window's) where the table waits
 * for every seat's rematch; its hover text says a game with sides swaps them (the daemon's
 * rematch does); once asked, insensitive and saying so. */
static void panel_again(const struct app *a, int you)
{
	int mine = (you >= 0 || (a->hot != NULL && !a->watching)) && a->snap->deadline_ms == 0;
	const char *tip = end.asked ? _("The next game starts when every player asked for it")
		: a->game->sides != NULL ? _("Another match, with the sides swapped") : NULL;

	gtk_widget_set_visible(end.again, mine);
	gtk_widget_set_sensitive(end.again, !end.asked);
	gtk_button_set_label(GTK_BUTTON(end.again), end.asked ? _("Asked…") : _("_Play Again"));
	gtk_widget_set_tooltip_text(end.again, tip);
}

/* The ending box: shown while the game is over; a game this window's seat played from
 * its start to its end is counted once. */
static void panel_ending(struct app *a)
{
	const struct bd_pub *s = a->snap;
	int you = a->me >= 0 && !a->watching && a->hot == NULL ? a->me : -1;
	GtkWidget *result = GTK_WIDGET(a->result);
	char text[256];

	if (strcmp(end.table, a->table) != 0) {
		snprintf(end.table, sizeof end.table, "%s", a->table);
		end.game = 0;
	}
	if (s->game_state == BD_GAME_ON && end.game != s->game_number) {
		end.game = s->game_number;
		end.counted = end.asked = 0;
	}
	if (end.box == NULL)
		panel_ending_build(a);
	if (!a->linked || a->game == NULL || s->game_state != BD_GAME_OVER) {
		gtk_widget_hide(end.box);
		return;
	}
	if (you >= 0 && end.game == s->game_number && !end.counted) {
		scores_record(s->game_kind, s->players[you].result, s->players[you].last_score);
		sound_play(a, SOUND_END);
		end.counted = 1;
	}
	int alone = panel_winner(a, you, text, sizeof text);
	gtk_label_set_text(GTK_LABEL(end.winner), text);
	gtk_widget_set_visible(end.winner, !alone || !gtk_widget_get_visible(result));
	panel_again(a, you);
	gtk_widget_set_visible(end.leave, a->lobby != NULL);
	scores_tally(s->game_kind, text, sizeof text);
	gtk_label_set_text(GTK_LABEL(end.tally), text);
	gtk_widget_set_visible(end.tally, text[0] != 0);
	gtk_widget_show(end.box);
}

/* The feedback line no longer holds once the game's state or number changed under it:
 * cleared, where a fade only hides it. */
static void panel_stale(struct app *a)
{
	if (a->snap->game_state == end.fb_state && a->snap->game_number == end.fb_game)
		return;
	if (a->fade)
		g_source_remove(a->fade);
	a->fade = 0;
	gtk_label_set_text(a->feedback, "");
	gtk_widget_hide(GTK_WIDGET(a->feedback));
	end.fb_state = a->snap->game_state;
	end.fb_game = a->snap->game_number;
}

/* Everything the panel shows of a new snapshot, the game view's controls too. */
void panel_update(struct app *a)
{
	if (!a->have_snap) {
		gtk_label_set_text(a->state, _("Connecting to boardd…"));
		return;
	}
	panel_players(a);
	panel_state(a);
	panel_stale(a);
	if (a->game != NULL && a->game->update != NULL)
		a->game->update(a);
	panel_ending(a); /* after the view's update: it sets the result banner */
}

/* The connection banner: message says what went wrong, NULL hides it. */
void panel_link(struct app *a, const char *message)
{
	char text[384];

	if (a->window == NULL)
		return;
	if (message != NULL)
		snprintf(text, sizeof text,
			 a->token ? _("Not connected: %s Trying again every half second; your seat is taken back if "
				      "boardd kept the board.")
				  : _("Not connected: %s Trying again every half second."),
			 message);
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
	end.fb_state = a->snap->game_state;
	end.fb_game = a->snap->game_number;
	if (a->fade)
		g_source_remove(a->fade);
	a->fade = g_timeout_add(FADE_MS, panel_fade, a);
}

/* A pick or move was refused: say why, in words, with the error bell. */
void panel_refused(struct app *a, const char *code, const char *text)
{
	static const struct { const char *code, *title; } titles[] = {
		{"filled", N_("Taken")}, {"wait", N_("Wait")}, {"state", N_("Not now")},
		{"rate", N_("Too fast")}, {"turn", N_("Not your turn")}, {"over", N_("Game over")},
	};
	const char *title = N_("Refused");
	char line[BD_LINE_MAX + 32];

	for (size_t i = 0; i < G_N_ELEMENTS(titles); i++)
		if (g_strcmp0(code, titles[i].code) == 0)
			title = titles[i].title;
	/* TRANSLATORS: a refusal's title, then the daemon's reason (translated from po/) */
	snprintf(line, sizeof line, _("%s: %s."), _(title), i18n_reason(text));
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

/* A turn game's Resign pressed: give up what the game says (the match; Quantik: the round on). */
void panel_resign_clicked(GtkButton *b, gpointer app)
{
	(void)b;
	conn_send(app, "resign");
}
