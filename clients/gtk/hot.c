/* hot.c: hot-seat (--hot-seat NAME,NAME...): one window holds 2 to 4 seats of the --board
 * table, one connection each, like a board game passed round a table. The first name is the
 * window's own connection (conn.c's join); hot_open joins the others. Whichever connection
 * has lines, its seat (connection and player id) is put in the app while they are handled,
 * so that each seat follows its own hand from its own lines (the daemon tells a hand to its
 * seat alone). The window plays for the seat whose turn it is, but only once a cover,
 * "Pass to NAME", is confirmed: until then a->me is -1 and the window shows what a spectator
 * sees, no hand; so too once the game is over, when the end is every seat's, and Play Again
 * asks for the next game for all of them. A hot-seat window does not reconnect: if boardd
 * goes away it says so. */
#include <glib-unix.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"

/* One seat of the window. */
struct hot_seat {
	struct app *a;
	struct bd_client c;    /* its connection, while another seat's is in a->c */
	unsigned unanswered;   /* its requests' replies still to come, while not in a->c */
	int me;                /* its player id */
	guint watch;
	guint again;           /* drains it again from the main loop (hot_again) */
};

struct hot {
	unsigned n;
	struct hot_seat seat[HOT_SEATS_MAX];
	unsigned in_app;       /* the seat whose connection is in a->c */
	unsigned shown;        /* the seat the window plays for */
	int covered;           /* its hand stays hidden until "Pass to" is confirmed */
	unsigned game;         /* the game last seen on: a new one starts covered */
	GtkWidget *cover, *cover_label, *cover_button;
};

/* Put seat k's connection in the app (the one there back in its seat), and its player id. */
static void hot_use(struct app *a, unsigned k)
{
	struct hot *h = a->hot;

	if (h->in_app != k) {
		h->seat[h->in_app].c = a->c;
		h->seat[h->in_app].unanswered = a->unanswered;
		a->c = h->seat[k].c;
		a->unanswered = h->seat[k].unanswered;
		h->in_app = k;
	}
	a->me = h->seat[k].me;
}

/* Nonzero once the game is over: the window is then every seat's alike. */
static int hot_over(const struct app *a)
{
	return a->have_snap && a->snap->game_state == BD_GAME_OVER;
}

/* At rest: the shown seat's connection in the app, and its player id unless covered, or the
 * game over (the end is told to all the seats at the window: the winner by name, no "you"). */
static void hot_rest(struct app *a)
{
	hot_use(a, a->hot->shown);
	if (a->hot->covered || hot_over(a))
		a->me = -1;
}

/* The window's seat whose player id is id, or -1. */
static int hot_seat_of(const struct hot *h, unsigned id)
{
	for (unsigned k = 0; k < h->n; k++)
		if (h->seat[k].me >= 0 && (unsigned)h->seat[k].me == id)
			return (int)k;
	return -1;
}

/* The cover's words and the header's, for the seat shown. */
static void hot_show(struct app *a)
{
	struct hot *h = a->hot;
	const char *name = a->opt.hot[h->shown];
	char text[160], label[64], subtitle[128];

	snprintf(text, sizeof text, _("%s's turn. Pass the window to %s, who then shows their tiles."), name, name);
	snprintf(label, sizeof label, _("Pass to %s"), name);
	if (hot_over(a))
		snprintf(subtitle, sizeof subtitle, _("table %s, hot seat"), a->table);
	else
		snprintf(subtitle, sizeof subtitle, h->covered ? _("table %s, hot seat: %s next") : _("table %s, hot seat: %s plays"),
			 a->table, name);
	gtk_label_set_text(GTK_LABEL(h->cover_label), text);
	gtk_button_set_label(GTK_BUTTON(h->cover_button), label);
	gtk_widget_set_visible(h->cover, h->covered);
	gtk_header_bar_set_subtitle(a->header, subtitle);
	app_show(a);
}

/* The turn went to another of the window's seats, or a new game began (Play Again): cover
 * the window until it is passed. */
static void hot_follow_turn(struct app *a)
{
	struct hot *h = a->hot;
	int on = a->have_snap && a->snap->game_state == BD_GAME_ON;
	int k = on ? hot_seat_of(h, a->snap->turn) : -1;

	if (on && a->snap->game_number != h->game) {
		h->game = a->snap->game_number;
		h->covered = 1;
	}
	if (k >= 0 && (unsigned)k != h->shown) {
		h->shown = (unsigned)k;
		h->covered = 1;
	}
}

/* Stop reading seat k's connection. */
static void hot_unwatch(struct hot_seat *s)
{
	if (s->watch)
		g_source_remove(s->watch);
	if (s->again)
		g_source_remove(s->again);
	s->watch = s->again = 0;
}

/* boardd went away (conn_drain dropped the connection in the app): close the others and
 * stay, saying so (the panel does). */
static void hot_lost(struct app *a)
{
	struct hot *h = a->hot;

	if (a->retry)
		g_source_remove(a->retry);
	a->retry = 0;
	for (unsigned k = 0; k < h->n; k++) {
		hot_unwatch(&h->seat[k]);
		if (k != h->in_app)
			bd_client_close(&h->seat[k].c);
	}
}

/* Handle seat k's lines as that seat, then show the window at rest. 0, or -1 if boardd went
 * away. */
static int hot_drain(struct app *a, unsigned k)
{
	hot_use(a, k);
	conn_drain(a);
	if (!a->online) {
		hot_lost(a);
		return -1;
	}
	hot_follow_turn(a);
	hot_rest(a);
	hot_show(a);
	return 0;
}

/* A seat's connection is readable. */
static gboolean hot_readable(gint fd, GIOCondition cond, gpointer data)
{
	struct hot_seat *s = data;
	struct app *a = s->a;

	(void)fd;
	(void)cond;
	return hot_drain(a, (unsigned)(s - a->hot->seat)) == 0 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Idle callback of hot_again: the seat's lines again, with a newer snapshot. */
static gboolean hot_idle(gpointer data)
{
	struct hot_seat *s = data;

	s->again = 0;
	hot_drain(s->a, (unsigned)(s - s->a->hot->seat));
	return G_SOURCE_REMOVE;
}

void hot_again(struct app *a)
{
	struct hot_seat *s = &a->hot->seat[a->hot->in_app];

	if (s->again == 0)
		s->again = g_idle_add(hot_idle, s);
}

/* "Pass to NAME" pressed: the window is that seat's now, its hand shown. */
static void hot_passed(GtkButton *b, gpointer data)
{
	struct app *a = data;

	(void)b;
	a->hot->covered = 0;
	hot_rest(a);
	hot_show(a);
	gtk_widget_grab_focus(a->view);
}

int hot_open(struct app *a, char *err, size_t len)
{
	struct hot *h = g_new0(struct hot, 1);

	a->hot = h;
	h->n = a->opt.nhot;
	h->covered = 1;
	for (unsigned k = 0; k < h->n; k++) {
		struct hot_seat *s = &h->seat[k];
		s->a = a;
		s->me = k == 0 ? a->me : -1;
		s->c.fd = -1;
		if (k == 0)
			continue;
		if (bd_client_connect(&s->c, a->opt.socket, err, len) < 0)
			return -1;
		s->c.no_shm = a->opt.no_shm;
		if (bd_client_enter(&s->c, a->opt.hot[k], BD_ROLE_PLAYER, a->table, 0, a->opt.prefix, err, len) < 0)
			return -1;
		s->me = s->c.player;
	}
	return 0;
}

/* The cover over the side panel: what to do, and the button that passes the window. */
static void hot_cover(struct app *a)
{
	struct hot *h = a->hot;
	GtkWidget *panel = gtk_widget_get_parent(GTK_WIDGET(a->controls));

	h->cover = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
	h->cover_label = gtk_label_new(NULL);
	gtk_label_set_line_wrap(GTK_LABEL(h->cover_label), TRUE);
	gtk_label_set_max_width_chars(GTK_LABEL(h->cover_label), 30);
	h->cover_button = gtk_button_new();
	gtk_style_context_add_class(gtk_widget_get_style_context(h->cover_button), "suggested-action");
	g_signal_connect(h->cover_button, "clicked", G_CALLBACK(hot_passed), a);
	gtk_box_pack_start(GTK_BOX(h->cover), h->cover_label, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(h->cover), h->cover_button, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(panel), h->cover, FALSE, FALSE, 0);
	gtk_box_reorder_child(GTK_BOX(panel), h->cover, 0);
	gtk_widget_show_all(h->cover);
}

void hot_start(struct app *a)
{
	struct hot *h = a->hot;

	hot_cover(a);
	if (a->watch)
		g_source_remove(a->watch); /* the window's own connection is seat 0's, read here */
	a->watch = 0;
	for (unsigned k = 0; k < h->n; k++)
		if (k == h->in_app ? a->c.fd >= 0 : h->seat[k].c.fd >= 0)
			h->seat[k].watch = g_unix_fd_add(k == h->in_app ? a->c.fd : h->seat[k].c.fd,
							 G_IO_IN | G_IO_HUP | G_IO_ERR, hot_readable, &h->seat[k]);
	for (unsigned k = 0; k < h->n; k++) /* what their joins read past the replies */
		if (h->seat[k].watch && hot_drain(a, k) < 0)
			return;
	hot_rest(a);
	hot_show(a);
}

/* Play Again in the window: every seat asks for the next game on its own connection (they are
 * all at the window; it starts covered, hot_follow_turn). 0 if every ask was sent. */
int hot_rematch(struct app *a)
{
	struct hot *h = a->hot;
	int rc = 0;

	for (unsigned k = 0; k < h->n; k++) {
		hot_use(a, k);
		rc |= conn_send(a, "rematch");
	}
	hot_rest(a);
	return rc;
}

void hot_quit(struct app *a)
{
	struct hot *h = a->hot;

	if (h == NULL)
		return;
	for (unsigned k = 0; k < h->n; k++)
		hot_unwatch(&h->seat[k]);
	hot_use(a, 0); /* conn_quit ends the window's own */
	for (unsigned k = 1; k < h->n; k++) {
		if (h->seat[k].c.fd >= 0)
			conn_goodbye(&h->seat[k].c);
		bd_client_close(&h->seat[k].c);
	}
	g_free(h);
	a->hot = NULL;
}
