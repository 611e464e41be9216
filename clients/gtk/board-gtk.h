/* board-gtk.h: the GTK 3 client's shared state and the functions of its modules.
 *
 *   main.c   command line, then hands over to the GtkApplication
 *   app.c    GtkApplication: CSS, actions and their keys, the window from board-gtk.ui, its
 *            two pages (the lobby, a table), the header bar's New Game and menu, About, the
 *            shortcuts window, quit on exit
 *   prefs.c  preferences in GSettings (defaults when the schema is not installed), the
 *            Preferences dialog, the window's size remembered
 *   sound.c  the sounds of a pick, a match, a mismatch and the end of a game
 *   help.c   the Help window (F1): how to play each game, offline
 *   conn.c   the connection: hello, join or watch and leave a table, the socket in the
 *            main loop, events, reconnecting
 *   offline.c  the not-connected page: Retry, Start a local game (boardd and a bot of
 *            the user's own); command-line errors in a window
 *   lobby.c  the lobby page: the kinds of game, play a person or a bot, the countdown,
 *            the tables to join or watch and the players waiting
 *   bot.c    the person's own board-bots (run as the person's user), started for
 *            "Play a bot" or New Game and ended when the person leaves their table or quits
 *   newgame.c the New Game dialog (newgame.ui): a game, its options and opponents made
 *            into a table by Start (lobby_start), or a table of the list joined or watched
 *   hot.c    hot-seat: 2-4 seats of one table in the window, one connection each, the
 *            window passed to the seat whose turn it is ("Pass to NAME")
 *   view.c   BoardView, the board widget: a square grid of cells, clicks, the keyboard
 *            cursor; the table of games' views
 *   paint.c  cairo helpers: player colours and badges, text, the cursor
 *   a11y.c   the board as an ATK table of cells, for screen readers
 *   panel.c  the side panel: players, game state, countdown, feedback, result banner,
 *            the end of a game (winner, Play Again: every game's one rematch control,
 *            Leave, the session's tally)
 *   scores.c the games finished: this session's tally, statistics across sessions in
 *            the user's data folder, the Scores dialog
 *   i18n.c   gettext: the translations' folder (the build's, else the installed one); the
 *            daemon's reasons for a refusal translated
 *   callout.c  a word drawn on the board by the cell it is about (a refused move, a card
 *            that timed out), and the moves sent so that a refusal is known by its cell
 *   view-<game>.c  one game's view (struct game_view): view-memory.c, view-tictactoe.c,
 *            view-tafl.c, view-quantik.c
 */
#ifndef BOARD_GTK_H
#define BOARD_GTK_H

#include <glib/gi18n.h> /* _(): every string the window shows goes through gettext */
#include <gtk/gtk.h>

#include "ipc/client.h"

/* Where board-gtk.gresource.xml puts the .ui and .css files in the program. */
#define RES "/org/boardd/BoardGtk/"

struct app;

/* A game's view: how board-gtk shows and plays one kind of table. The board widget (view.c)
 * owns the grid's geometry, the keyboard cursor, hover, focus and the accessible table; the
 * side panel (panel.c) owns players, connection, feedback and the countdown. A view reads
 * a->snap and says what is drawn, said and sent. One per game in view-<game>.c, and one line
 * in view.c's table. */
struct game_view {
	unsigned kind;            /* enum bd_game_kind of the tables it shows */
	const char *title;        /* the window's title */
	const char *board_name;   /* the board's accessible name */
	const char *keys;         /* how to play, at the foot of the side panel */
	const char *action;       /* what a cell's accessible "click" does */
	/* The grid's side in cells, 0 while the snapshot holds no table of this kind. */
	unsigned (*side)(const struct app *a);
	/* Draw every cell (view_cell_rect) and what crosses cells; hover is the cell under
	 * the pointer or -1. */
	void (*draw)(GtkWidget *view, cairo_t *cr, int hover);
	/* What a screen reader says for a cell. */
	void (*cell_name)(const struct app *a, unsigned cell, char *buf, size_t len);
	/* Nonzero if this window may play cell now; play it (a click, Space, the "click" action). */
	int (*can_play)(const struct app *a, unsigned cell);
	void (*play)(struct app *a, unsigned cell);
	/* The state line while the game is on (or over with no next game due), and the line
	 * under it; nonzero if this window is to move now (the panel highlights the line). */
	int (*status)(const struct app *a, char *state, size_t slen, char *info, size_t ilen);
	/* Optional (NULL: none). Events may have been missed (a resync, a new connection): work
	 * out again from the snapshot what they told. */
	void (*reread)(struct app *a);
	/* Optional: one event line of the table. */
	void (*event)(struct app *a, const struct bd_msg *m);
	/* Optional: what is drawn over the keyboard cursor (tic-tac-toe's winning line), under
	 * the callout (callout.c), which the board draws last for every game. */
	void (*draw_over)(GtkWidget *view, cairo_t *cr);
	/* Optional: the seats' sides by number, one letter each ("XO"), for the player list. */
	const char *sides;
	/* The levels board-bot plays this game at, easiest first, NULL after the last. */
	const char *levels[4];
	/* Optional: the view's own controls in the side panel's box, made once per window and
	 * kind; update shows the snapshot in them (and the result banner). */
	void (*build)(struct app *a, GtkBox *box);
	void (*update)(struct app *a);
	/* Optional: the pointer pressed on cell from was released on another cell, to (a drag;
	 * the press itself played from). */
	void (*drag)(struct app *a, unsigned from, unsigned to);
	/* Optional: one of the game's private lines for this seat (Qwirkle's HAND). */
	void (*line)(struct app *a, const struct bd_msg *m);
	/* Optional: a key the board does not use itself (tried first); TRUE if the view took it. */
	gboolean (*key)(struct app *a, guint keyval, GdkModifierType state);
	/* Optional: the wheel over the board (Qwirkle pans and zooms); TRUE if the view took it. */
	gboolean (*scroll)(struct app *a, GdkScrollDirection dir, GdkModifierType state);
};
extern const struct game_view view_memory, view_tictactoe, view_tafl, view_qwirkle, view_quantik;

#define HOT_SEATS_MAX 4 /* seats of a hot-seat window, at most */
#define BOT_MAX 7       /* the person's bots at one table, at most (Memory seats 8) */

struct options {
	char socket[108];
	const char *prefix;
	const char *board; /* NULL: open on the lobby */
	char name[BD_NAME_MAX + 1];
	int spectate;
	char hot[HOT_SEATS_MAX][BD_NAME_MAX + 1]; /* --hot-seat's names (the first is name) */
	unsigned nhot;     /* 0 without --hot-seat */
	int no_shm;        /* --no-shm: the board from snapshot requests, never mapped */
};

struct hot;

struct lobby;

struct app {
	struct options opt;
	GtkApplication *gapp;

	/* Widgets from board-gtk.ui. */
	GtkWindow *window;
	GtkHeaderBar *header;
	GtkStack *pages;   /* "lobby" and "table" */
	GtkWidget *back;   /* the header's Back to lobby */
	GtkWidget *menu;   /* the header's primary menu button */
	GtkWidget *view;
	GtkInfoBar *infobar;
	GtkLabel *infolabel, *state, *progress, *result, *feedback, *keys;
	GtkBox *controls;  /* the game view's own buttons */
	GtkListBox *players;
	GtkWidget *rows[BD_PLAYERS_MAX]; /* the player list's row of each seat, or NULL */

	/* Connection. */
	struct bd_client c;
	int online;        /* connected, hello said: lobby requests can be sent */
	int linked;        /* connected and joined: events arrive, picks can be sent */
	int upgrading;     /* the daemon said bye for an upgrade: said until connected again */
	char table[BD_BOARD_NAME_MAX + 1]; /* the table joined or being joined, "" in the lobby */
	int watching;      /* at the table as a spectator */
	char seat_table[BD_BOARD_NAME_MAX + 1]; /* the table the token is a seat of */
	uint64_t token;    /* the seat's token from the first join, kept to reclaim it */
	int me;            /* own player id, -1 for a spectator */
	int fresh;         /* joined since the last snapshot: the view rereads it */
	unsigned unanswered; /* conn_send's requests whose OK or ERR is still to come */
	guint watch;       /* the socket's GLib source */
	guint retry;       /* reconnect timer while the daemon is away */
	guint idle;        /* handles what a request read past its answer */
	char unreachable[256]; /* why the first connection failed */

	/* What is drawn: the last consistent copy of the public segment, through the view of
	 * its kind (NULL until a snapshot of a kind board-gtk knows). */
	struct bd_pub *snap;
	struct bd_pub *copy; /* where the next snapshot is taken, kept only if it is good */
	int have_snap;
	const struct game_view *game;

	struct lobby *lobby; /* NULL with --board */
	struct hot *hot;   /* the seats of a hot-seat window (hot.c), else NULL */
	GPid bot[BOT_MAX]; /* the person's board-bots while they run, else 0 */

	/* Side panel timers. */
	guint tick;        /* countdown to the next game while it is over */
	guint away_tick;   /* countdown to an away seat's forfeit */
	int64_t away_until[BD_PLAYERS_MAX]; /* when each away seat forfeits (bd_now_ms), 0: unknown */
	guint fade;        /* clears the feedback line */

	/* Preferences and sounds (prefs.c, sound.c). */
	GSettings *settings; /* NULL if the schema is nowhere: every preference its default */
	int settings_kept; /* the settings are saved (else they are in memory only) */
	GObject *sound;    /* the GSoundContext, made at the first sound; NULL before */
	int mute;          /* no audio output, or it failed: sounds are not tried again */
	int width, height, maximized; /* the window's size, saved when the program ends */
	GtkWidget *prefs;  /* the Preferences dialog once shown (hidden when closed), else NULL */
	GtkWidget *help;   /* the Help window likewise */
	GtkStack *help_pages; /* its pages: one for each game */
};

/* conn.c */
int conn_open(struct app *a, char *err, size_t len);
void conn_online(struct app *a);
void conn_drain(struct app *a);
int conn_send(struct app *a, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
void conn_after(struct app *a);
int conn_request(struct app *a, struct bd_msg *reply, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
enum conn_how { CONN_SEAT, CONN_REJOIN, CONN_WATCH };
int conn_join(struct app *a, const char *table, enum conn_how how, char *err, size_t len);
int conn_leave(struct app *a, char *err, size_t len);
void conn_left(struct app *a);
void conn_quit(struct app *a);
void conn_goodbye(struct bd_client *c);
int conn_can_play(const struct app *a);
int conn_owed(const struct app *a);

/* offline.c: the not-connected page (Retry, Start a local game: boardd and a bot, stopped
 * by offline_stop when board-gtk ends), a command-line error in a window, and where a
 * program of boardd's is (beside board-gtk, in ../sbin, else PATH; g_free it). */
void offline_show(struct app *a, const char *err);
void offline_stop(void);
void offline_error(const char *text);
char *offline_program(const char *name);

/* app.c */
int app_run(struct app *a, const char *unreachable);
int app_snapshot(struct app *a);
void app_show(struct app *a);
gpointer app_object(GtkBuilder *b, const char *id);
void app_at_table(struct app *a);
void app_in_lobby(struct app *a);

/* prefs.c: GSettings of the schema org.boardd.BoardGtk, or NULL (prefs_open); a preference
 * by its key (the schema's), the schema's default if not set, fallback if there is no schema;
 * prefs_string's result is freed with g_free. prefs_name: the name the person chose in
 * Preferences if it is a valid player name, else "" (for main.c before the window). */
GSettings *prefs_open(int *kept);
int prefs_int(const struct app *a, const char *key, int fallback);
int prefs_bool(const struct app *a, const char *key, int fallback);
char *prefs_string(const struct app *a, const char *key, const char *fallback);
void prefs_set_int(struct app *a, const char *key, int value);
void prefs_name(const struct app *a, char *buf, size_t len);
void prefs_window(struct app *a);
void prefs_window_save(struct app *a);
void prefs_show(struct app *a);

/* sound.c: play a game's sound, unless the "sounds" preference is off or there is no audio
 * output (then nothing: never a message). The views call it for what happens at their table. */
enum sound { SOUND_PICK, SOUND_MATCH, SOUND_MISMATCH, SOUND_END };
void sound_play(struct app *a, enum sound what);
void sound_close(struct app *a);

/* help.c: the Help window: how to play each game and the keys. */
void help_show(struct app *a);

/* lobby.c */
void lobby_build(struct app *a, GtkBuilder *b);
void lobby_show(struct app *a);
void lobby_hide(struct app *a);
void lobby_event(struct app *a, const struct bd_msg *m);
void lobby_online(struct app *a);
void lobby_offline(struct app *a, const char *why);
void lobby_note(struct app *a, const char *text);
const char *lobby_title(const char *game);
void lobby_start(struct app *a, const char *game, const char *opts, unsigned others, int bots, const char *level);
void lobby_enter(struct app *a, const char *table, int watch);
void lobby_tables(struct app *a, GtkListBox *list, const struct bd_lobby *l);

/* newgame.c: the New Game dialog (Ctrl+N, the header's New Game); closed if open. */
void newgame_open(struct app *a);
void newgame_close(struct app *a);

/* hot.c: join the seats after the first (0, or -1 with why in err); show the cover and
 * read every seat's connection; leave them; read the seat whose connection is in the app
 * again from the main loop (conn_drain: a newer snapshot is due); ask for the next game for
 * every seat (Play Again: 0, or -1 if an ask was not sent). */
int hot_open(struct app *a, char *err, size_t len);
void hot_start(struct app *a);
void hot_quit(struct app *a);
void hot_again(struct app *a);
int hot_rematch(struct app *a);

/* bot.c */
int bot_start(struct app *a, unsigned n, const char *game, const char *level, const char *opts, char *err, size_t len);
void bot_name(const struct app *a, unsigned i, char *buf, size_t len);
void bot_stop(struct app *a);

/* view.c */
#define BOARD_TYPE_VIEW (board_view_get_type())
G_DECLARE_FINAL_TYPE(BoardView, board_view, BOARD, VIEW, GtkDrawingArea)
void view_attach(GtkWidget *view, struct app *a);
struct app *view_app(GtkWidget *view);
void view_update(GtkWidget *view);
const struct game_view *view_of_kind(unsigned kind);
unsigned view_side(GtkWidget *view);
int view_cursor(GtkWidget *view);
void view_set_cursor(GtkWidget *view, int cell);
void view_board_rect(GtkWidget *view, GdkRectangle *r);
void view_cell_rect(GtkWidget *view, unsigned cell, GdkRectangle *r);
void view_cell_name(GtkWidget *view, unsigned cell, char *buf, size_t len);
int view_can_play(GtkWidget *view, unsigned cell);
void view_play(GtkWidget *view, unsigned cell);

/* paint.c */
#define PAINT_BADGE_MIN 18 /* px across, the smallest badge whose letters read */
void paint_lookup(GtkStyleContext *ctx, const char *name, const char *fallback, GdkRGBA *out);
void paint_follow_theme(GtkWidget *w);
void paint_player_rgba(unsigned colour, GdkRGBA *out);
void paint_on(const GdkRGBA *bg, GdkRGBA *out);
void paint_readable(GdkRGBA *c, const GdkRGBA *face);
void paint_round_rect(cairo_t *cr, double x, double y, double w, double h, double r);
void paint_text(cairo_t *cr, double cx, double cy, double px, const char *text, const GdkRGBA *colour);
void paint_ring(cairo_t *cr, const GdkRectangle *r, const GdkRGBA *colour, const GdkRGBA *halo);
void paint_cursor(cairo_t *cr, const GdkRectangle *r, const GdkRGBA *colour);
void paint_badge(cairo_t *cr, double cx, double cy, double radius, unsigned colour, const char *tag);
void paint_tag(const struct bd_pub *snap, unsigned id, char *buf, size_t len);

/* a11y.c */
GType board_view_accessible_get_type(void);
void a11y_update(GtkWidget *view);
void a11y_focus(GtkWidget *view, int old, int cell);

/* i18n.c */
void i18n_init(void);
const char *i18n_reason(const char *english);

/* panel.c */
void panel_update(struct app *a);
void panel_link(struct app *a, const char *message);
void panel_refused(struct app *a, const char *code, const char *text);
void panel_note(struct app *a, const char *text);
void panel_banner(struct app *a, const char *class, const char *text);
GtkWidget *panel_button(GtkBox *box, const char *label, GCallback clicked, struct app *a, GtkWidget **slot);
void panel_resign_clicked(GtkButton *b, gpointer app);
void panel_away(struct app *a, unsigned type, unsigned player, unsigned ms);

/* scores.c: record a game this window's seat finished (result: enum bd_result); this
 * session's tally of a kind of game as a line ("" if none); the Scores dialog. */
void scores_record(unsigned kind, int result, unsigned points);
void scores_tally(unsigned kind, char *buf, size_t len);
void scores_open(struct app *a);

/* callout.c */
void callout_show(struct app *a, int cell, int refused, const char *text);
void callout_refuse(struct app *a, int cell, const char *text);
void callout_out_of_turn(struct app *a, int cell, int on);
void callout_illegal(struct app *a, int cell, const char *why);
void callout_clear(struct app *a);
int callout_cell(void);
int callout_send(struct app *a, int cell, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
void callout_box(GtkWidget *view, cairo_t *cr, const GdkRectangle *r, const char *text, int refused);
void callout_draw(GtkWidget *view, cairo_t *cr);

#endif
