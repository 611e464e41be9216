/* conn.c: the connection to boardd. The socket is a source of the GLib main loop; each time
 * it is readable every buffered line is handled and the window is redrawn once from a fresh
 * snapshot of the public segment. When the daemon goes away the window says so and a timer
 * reconnects every RETRY_MS, reclaiming the seat with the token of the first join. */
#include <glib-unix.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/clock.h"

#define RETRY_MS 500
#define QUIT_WAIT_MS 1000

static gboolean conn_readable(gint fd, GIOCondition cond, gpointer data);

/* Join with the kept token; bd_client_enter takes a new seat if the daemon forgot it. */
static int conn_enter(struct app *a, char *err, size_t len)
{
	enum bd_role role = a->opt.spectate ? BD_ROLE_SPECTATOR : BD_ROLE_PLAYER;

	return bd_client_enter(&a->c, a->opt.name, role, a->opt.board, a->token, a->opt.prefix, err, len);
}

/* Connect and join once: 0 joined, -1 daemon unreachable, -2 it refused us (err says why). */
int conn_open(struct app *a, char *err, size_t len)
{
	if (bd_client_connect(&a->c, a->opt.socket, err, len) < 0)
		return -1;
	if (conn_enter(a, err, len) < 0) {
		bd_client_close(&a->c);
		return -2;
	}
	a->token = a->c.token;
	a->me = a->c.player;
	a->fresh = 1;
	a->linked = 1;
	a->watch = g_unix_fd_add(a->c.fd, G_IO_IN | G_IO_HUP | G_IO_ERR, conn_readable, a);
	return 0;
}

/* Retry timer: try again until the daemon answers. */
static gboolean conn_retry(gpointer data)
{
	struct app *a = data;
	char err[256];

	if (conn_open(a, err, sizeof err) < 0) {
		panel_link(a, err);
		return G_SOURCE_CONTINUE;
	}
	a->retry = 0;
	panel_link(a, NULL);
	conn_drain(a);
	return G_SOURCE_REMOVE;
}

/* Drop the connection, tell the user, and start reconnecting. */
static void conn_lost(struct app *a, const char *why)
{
	if (a->watch)
		g_source_remove(a->watch);
	a->watch = 0;
	bd_client_close(&a->c);
	a->linked = 0;
	panel_link(a, why);
	if (a->retry == 0)
		a->retry = g_timeout_add(RETRY_MS, conn_retry, a);
	app_show(a);
}

/* The board's segment shrank under our mapping (its owner truncated it): the board is gone
 * or damaged. Say so and reconnect, which maps the board anew or explains why it cannot. */
static void conn_shrunk(struct app *a)
{
	g_printerr("board-gtk: board %s: its shared memory shrank while mapped (truncated by its "
		   "owner?): reconnecting\n", a->opt.board);
	conn_lost(a, "The board's shared memory shrank (the board is gone or damaged).");
}

/* Start reconnecting if the first attempt (in main) found no daemon. */
void conn_start_retry(struct app *a, const char *why)
{
	if (!a->linked)
		conn_lost(a, why);
}

/* One event line. The board itself is redrawn from shared memory, not from events. */
static void conn_event(struct app *a, const struct bd_msg *m)
{
	struct bd_event ev;

	if (a->game == NULL)
		return;
	if (bd_msg_event(m, a->c.dim, &ev) < 0)
		ev.type = BD_EV_NONE; /* a game's event the core does not parse */
	if (ev.type == BD_EV_RESYNC) {
		/* The daemon dropped events this window was too slow to read (it was stalled):
		 * the board is drawn from the snapshot anyway; the view works out the rest. */
		if (a->game->reread != NULL)
			a->game->reread(a);
		panel_note(a, "This window fell behind the game; the board was read again.");
		return;
	}
	if (ev.type == BD_EV_STATE && ev.n == BD_GAME_ON)
		panel_banner(a, NULL, NULL);
	if (a->game->event != NULL)
		a->game->event(a, m);
}

/* Handle every complete line the socket has, then redraw once; start reconnecting if it
 * was closed. Also used right after joining, for the events queued while joining. */
void conn_drain(struct app *a)
{
	struct bd_msg m;
	int closed = bd_client_fill(&a->c) < 0;

	/* The daemon writes the board before it sends the events: this copy is at least as new. */
	if (app_snapshot(a) == BD_SNAPSHOT_SHRUNK) {
		conn_shrunk(a);
		return;
	}
	if (a->fresh && a->have_snap && a->game != NULL) {
		if (a->game->reread != NULL)
			a->game->reread(a); /* a new connection: what events told before is unknown */
		a->fresh = 0;
	}
	while (bd_client_next(&a->c, &m)) {
		if (m.kind == BD_MSG_EVENT && strcmp(m.word, "bye") == 0)
			closed = 1;
		else if (m.kind == BD_MSG_EVENT)
			conn_event(a, &m);
		else if (m.kind == BD_MSG_ERR)
			panel_refused(a, m.word, m.text);
	}
	if (closed)
		conn_lost(a, "boardd went away.");
	else
		app_show(a);
}

/* The socket is readable or closed (conn_lost removes this source then). */
static gboolean conn_readable(gint fd, GIOCondition cond, gpointer data)
{
	(void)fd;
	(void)cond;
	conn_drain(data);
	return G_SOURCE_CONTINUE;
}

/* Nonzero if a move may be sent now: a seated player with a live connection. */
int conn_can_play(const struct app *a)
{
	return a->linked && a->me >= 0;
}

/* Send one of the game's requests (a pick, a move, resign); its answer comes back as
 * events or an ERR line. 0, or -1 if it was not sent (no seat, or the connection is lost:
 * then reconnecting starts). */
int conn_send(struct app *a, const char *fmt, ...)
{
	char line[BD_LINE_MAX + 1];
	va_list ap;

	if (!conn_can_play(a))
		return -1;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof line)
		return -1;
	if (bd_client_send(&a->c, "%s", line) < 0) {
		conn_lost(a, "boardd went away.");
		return -1;
	}
	return 0;
}

/* Leave the board before exiting, so the seat is freed at once: say quit and wait (briefly,
 * in case the daemon hangs) for its goodbye. */
void conn_quit(struct app *a)
{
	struct bd_msg m;

	if (a->retry)
		g_source_remove(a->retry);
	a->retry = 0;
	if (a->watch)
		g_source_remove(a->watch);
	a->watch = 0;
	if (a->linked && bd_client_send(&a->c, "quit") == 0) {
		int64_t end = bd_now_ms() + QUIT_WAIT_MS;
		while (bd_client_read(&a->c, &m, (int)MAX(0, end - bd_now_ms())) == 1 && m.kind != BD_MSG_OK)
			continue;
	}
	bd_client_close(&a->c);
	a->linked = 0;
}
