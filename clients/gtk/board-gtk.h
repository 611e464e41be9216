/* board-gtk.h: the GTK 3 client's shared state and the functions of its modules.
 *
 *   main.c   command line, then hands over to the GtkApplication
 *   app.c    GtkApplication: CSS, actions, the window from board-gtk.ui, quit on exit
 *   conn.c   the connection: join, the socket in the main loop, events, reconnecting
 *   view.c   BoardView, the board widget: layout, clicks, the keyboard cursor
 *   paint.c  cairo drawing of cards and player badges
 *   a11y.c   the board as an ATK table of cards, for screen readers
 *   panel.c  the side panel: players, game state, countdown, feedback, result
 */
#ifndef BOARD_GTK_H
#define BOARD_GTK_H

#include <gtk/gtk.h>

#include "ipc/client.h"
#include "ipc/game/memory.h"

struct options {
	char socket[108];
	const char *prefix;
	const char *board;
	char name[BD_NAME_MAX + 1];
	int spectate;
};

struct app {
	struct options opt;
	GtkApplication *gapp;

	/* Widgets from board-gtk.ui. */
	GtkWindow *window;
	GtkHeaderBar *header;
	GtkWidget *view;
	GtkInfoBar *infobar;
	GtkLabel *infolabel, *state, *progress, *result, *feedback, *keys;
	GtkListBox *players;
	GtkWidget *rows[BD_PLAYERS_MAX]; /* the player list's row of each seat, or NULL */

	/* Connection. */
	struct bd_client c;
	int linked;        /* connected and joined: events arrive, picks can be sent */
	uint64_t token;    /* the seat's token from the first join, kept to reclaim it */
	int me;            /* own player id, -1 for a spectator */
	int my_first;      /* card of the own pending first pick, -1 if none */
	guint watch;       /* the socket's GLib source */
	guint retry;       /* reconnect timer while the daemon is away */
	char unreachable[256]; /* why the first connection failed */

	/* What is drawn: the last consistent copy of the public segment. */
	struct bd_pub *snap;
	int have_snap;

	/* Side panel timers. */
	guint tick;        /* countdown to the next game while it is over */
	guint fade;        /* clears the feedback line */
};

/* conn.c */
int conn_open(struct app *a, char *err, size_t len);
void conn_start_retry(struct app *a, const char *why);
void conn_drain(struct app *a);
void conn_pick(struct app *a, unsigned card);
void conn_quit(struct app *a);
int conn_can_pick(const struct app *a);

/* app.c */
int app_run(struct app *a, const char *unreachable);
int app_snapshot(struct app *a);
void app_show(struct app *a);

/* view.c */
#define BOARD_TYPE_VIEW (board_view_get_type())
G_DECLARE_FINAL_TYPE(BoardView, board_view, BOARD, VIEW, GtkDrawingArea)
void view_attach(GtkWidget *view, struct app *a);
struct app *view_app(GtkWidget *view);
void view_update(GtkWidget *view);
int view_cursor(GtkWidget *view);
void view_set_cursor(GtkWidget *view, int card);
void view_card_rect(GtkWidget *view, unsigned card, GdkRectangle *r);
void view_card_name(GtkWidget *view, unsigned card, char *buf, size_t len);

/* paint.c */
struct card_look {
	GdkRGBA back, hatch, face, ink, cursor;
};
void paint_look(GtkStyleContext *ctx, struct card_look *look);
void paint_card(cairo_t *cr, const GdkRectangle *r, const struct bd_card *card, const char *tag,
		const struct card_look *look, int hover);
void paint_cursor(cairo_t *cr, const GdkRectangle *r, const struct card_look *look);
void paint_badge(cairo_t *cr, double cx, double cy, double radius, unsigned colour, const char *tag);
void paint_tag(const struct bd_pub *snap, unsigned id, char *buf, size_t len);

/* a11y.c */
GType board_view_accessible_get_type(void);
void a11y_update(GtkWidget *view);
void a11y_focus(GtkWidget *view, int old, int card);

/* panel.c */
void panel_update(struct app *a);
void panel_link(struct app *a, const char *message);
void panel_refused(struct app *a, const char *code, const char *text);
void panel_note(struct app *a, const char *text);
void panel_result(struct app *a, const char *result, unsigned points, unsigned top);

#endif
