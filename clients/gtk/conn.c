/* conn.c: the connection to boardd. The socket is a source of the GLib main loop; each time
 * it is readable every buffered line is handled and the window is redrawn once from a fresh
 * snapshot of the public segment (without shared memory: of the snapshot request's reply,
 * so only then, never on a timer's tick). The lobby's requests are answered at once
 * (conn_request); events that came meanwhile are handled right after, from the main loop.
 * When the daemon goes away the window says so and a timer reconnects every RETRY_MS,
 * reclaiming the seat with the token of the first join (or back in the lobby, if it was
 * there). A daemon missing from the start is the not-connected page's (offline.c). */
#include <glib-unix.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/clock.h"

#define RETRY_MS 500
#define QUIT_WAIT_MS 1000
#define CONN_UPGRADE 2 /* conn_lines' closed: the daemon said bye for an upgrade */

static gboolean conn_readable(gint fd, GIOCondition cond, gpointer data);

/* The seat's token, if it is a seat of table (to claim it back), else 0. */
static uint64_t conn_token(const struct app *a, const char *table)
{
	return strcmp(a->seat_table, table) == 0 ? a->token : 0;
}

/* Say hello, and join the table if the window is at one (with the kept token;
 * bd_client_enter takes a new seat if the daemon forgot it). */
static int conn_enter(struct app *a, char *err, size_t len)
{
	enum bd_role role = a->watching ? BD_ROLE_SPECTATOR : BD_ROLE_PLAYER;

	if (a->table[0])
		return bd_client_enter(&a->c, a->opt.name, role, a->table, conn_token(a, a->table), a->opt.prefix,
				       err, len);
	return bd_client_hello(&a->c, a->opt.name, role, err, len);
}

/* Joined a table (the reply is in a->c): remember the seat and draw it afresh. */
static void conn_seated(struct app *a)
{
	if (a->c.token != 0) {
		a->token = a->c.token;
		snprintf(a->seat_table, sizeof a->seat_table, "%s", a->table);
	}
	a->me = a->c.player;
	a->fresh = 1;
	a->linked = 1;
}

/* Connect, say hello and join the table if at one: 0 done, -1 daemon unreachable, -2 it
 * refused us (err says why). */
int conn_open(struct app *a, char *err, size_t len)
{
	if (bd_client_connect(&a->c, a->opt.socket, err, len) < 0)
		return -1;
	a->c.no_shm = a->opt.no_shm; /* else set by the join if the board is on another host */
	a->unanswered = 0;
	if (conn_enter(a, err, len) < 0) {
		bd_client_close(&a->c);
		return -2;
	}
	a->online = 1;
	if (a->table[0])
		conn_seated(a);
	a->watch = g_unix_fd_add(a->c.fd, G_IO_IN | G_IO_HUP | G_IO_ERR, conn_readable, a);
	return 0;
}

/* What the window says while the daemon is being upgraded (its goodbye said so). */
static const char *conn_upgrade_note(void)
{
	return _("boardd stopped for an upgrade; the window connects to the new version once it is up.");
}

/* Retry timer: try again until the daemon answers. A table the daemon no longer has sends
 * a window that came from the lobby back there. */
static gboolean conn_retry(gpointer data)
{
	struct app *a = data;
	char err[256], note[384];
	int rc = conn_open(a, err, sizeof err);

	if (rc == -2 && a->lobby != NULL && a->table[0]) {
		snprintf(note, sizeof note, _("Table %s is gone: %s."), a->table, err);
		conn_left(a);
		app_in_lobby(a);
		lobby_note(a, note);
		rc = conn_open(a, err, sizeof err);
	}
	if (rc < 0) {
		panel_link(a, a->upgrading ? conn_upgrade_note() : err); /* its socket is expected gone a while */
		return G_SOURCE_CONTINUE;
	}
	a->retry = 0;
	conn_online(a);
	return G_SOURCE_REMOVE;
}

/* Connected again (conn_open succeeded): the window shows the lobby or the table afresh. */
void conn_online(struct app *a)
{
	a->upgrading = 0;
	panel_link(a, NULL);
	if (a->lobby != NULL && !a->table[0])
		lobby_online(a);
	conn_drain(a);
}

/* Drop the connection, tell the user, and start reconnecting. */
static void conn_lost(struct app *a, const char *why)
{
	if (a->watch)
		g_source_remove(a->watch);
	a->watch = 0;
	bd_client_close(&a->c);
	a->linked = a->online = 0;
	panel_link(a, why);
	if (a->lobby != NULL)
		lobby_offline(a, why);
	if (a->retry == 0)
		a->retry = g_timeout_add(RETRY_MS, conn_retry, a);
	app_show(a);
}

/* The board's segment shrank under our mapping (its owner truncated it): the board is gone
 * or damaged. Say so and reconnect, which maps the board anew or explains why it cannot. */
static void conn_shrunk(struct app *a)
{
	g_printerr(_("board-gtk: board %s: its shared memory shrank while mapped (truncated by its "
		     "owner?): reconnecting\n"), a->table);
	conn_lost(a, _("The board's shared memory shrank (the board is gone or damaged)."));
}

/* One event line. The board itself is redrawn from the snapshot, not from events. */
static void conn_event(struct app *a, const struct bd_msg *m)
{
	struct bd_event ev;

	if (a->game == NULL || !a->linked)
		return; /* none yet, or a table just left */
	if (bd_msg_event(m, a->c.dim, &ev) < 0)
		ev.type = BD_EV_NONE; /* a game's event the core does not parse */
	if (ev.type == BD_EV_RESYNC) {
		/* The daemon dropped events this window was too slow to read (it was stalled):
		 * the board is drawn from the snapshot anyway; the view works out the rest. */
		if (a->game->reread != NULL)
			a->game->reread(a);
		panel_note(a, _("This window fell behind the game; the board was read again."));
		return;
	}
	if (ev.type == BD_EV_STATE && ev.n == BD_GAME_ON)
		panel_banner(a, NULL, NULL);
	if (ev.type == BD_EV_AWAY || ev.type == BD_EV_BACK || ev.type == BD_EV_FORFEIT || ev.type == BD_EV_LEAVE)
		panel_away(a, ev.type, ev.player, ev.n);
	if (a->game->event != NULL)
		a->game->event(a, m);
}

/* Handle every line buffered (queued while a request waited, then read): events, the
 * seat's private lines, and the answers to conn_send's requests. */
static void conn_lines(struct app *a, int *closed)
{
	struct bd_msg m;
	int fresh = a->fresh;

	while (a->online && bd_client_next(&a->c, &m)) {
		int bye = bd_msg_bye(&m);

		if ((m.kind == BD_MSG_OK || m.kind == BD_MSG_ERR) && a->unanswered > 0)
			a->unanswered--;
		if (bye >= 0) {
			*closed = bye == BD_BYE_UPGRADE ? CONN_UPGRADE : 1;
		} else if (m.kind == BD_MSG_EVENT && m.seq == 0 && a->lobby != NULL) {
			lobby_event(a, &m); /* seq 0: the lobby's, not a table's */
			/* It joined a table: the lines after it (a Qwirkle HAND dealt as we sat) are
			 * for after the view forgot the table before (the join's own drain). */
			if (a->fresh && !fresh)
				return;
		} else if (m.kind == BD_MSG_EVENT) {
			conn_event(a, &m);
		} else if (m.kind == BD_MSG_DATA && a->game != NULL && a->linked && a->game->line != NULL) {
			a->game->line(a, &m); /* a private line of the seat */
		} else if (m.kind == BD_MSG_ERR) {
			panel_refused(a, m.word, m.text);
		}
	}
}

/* Handle every complete line the socket has, then redraw once; start reconnecting if it
 * was closed. Also used right after joining, for the events queued while joining. Without
 * shared memory the copy may be older than some lines handled (read past its reply, or
 * put off until our replies came): drain again from the main loop for a newer one. */
void conn_drain(struct app *a)
{
	int closed = bd_client_fill(&a->c) < 0, owed = conn_owed(a);

	/* The daemon writes the board before it sends the events: this copy is at least as new
	 * (a snapshot request's reply comes after every line the daemon sent before it). */
	if (app_snapshot(a) == BD_SNAPSHOT_SHRUNK) {
		conn_shrunk(a);
		return;
	}
	int past = a->c.no_shm && !owed && a->c.rlen > 0;
	if (a->fresh && a->have_snap && a->game != NULL) {
		if (a->game->reread != NULL)
			a->game->reread(a); /* a new connection: what events told before is unknown */
		a->fresh = 0;
	}
	conn_lines(a, &closed);
	if (closed && a->online) {
		a->upgrading = closed == CONN_UPGRADE;
		conn_lost(a, a->upgrading ? conn_upgrade_note() : _("boardd went away."));
		return;
	}
	if (a->online && a->linked && (past || (owed && !conn_owed(a))))
		a->hot != NULL ? hot_again(a) : conn_after(a);
	if (a->online && a->hot == NULL)
		app_show(a); /* a hot-seat window shows itself once at rest (hot.c) */
}

/* The socket is readable or closed (conn_lost removes this source then). */
static gboolean conn_readable(gint fd, GIOCondition cond, gpointer data)
{
	(void)fd;
	(void)cond;
	conn_drain(data);
	return G_SOURCE_CONTINUE;
}

/* Nonzero while a snapshot request must wait: without shared memory, a reply to one of
 * conn_send's requests is still to come and would be taken for the snapshot's. */
int conn_owed(const struct app *a)
{
	return a->c.no_shm && a->unanswered > 0;
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
		conn_lost(a, _("boardd went away."));
		return -1;
	}
	a->unanswered++;
	return 0;
}

/* Idle callback: the lines a request read past its answer. */
static gboolean conn_idle(gpointer data)
{
	struct app *a = data;

	a->idle = 0;
	if (a->online)
		conn_drain(a);
	return G_SOURCE_REMOVE;
}

/* After a lobby request (answered at once, through the client library): the events read
 * meanwhile, and a connection that closed, are handled from the main loop right after. */
void conn_after(struct app *a)
{
	if (a->idle == 0 && a->online)
		a->idle = g_idle_add(conn_idle, a);
}

/* A lobby request the client library has no function for: as bd_client_request (0 OK,
 * 1 ERR in *reply, -1 no answer). */
int conn_request(struct app *a, struct bd_msg *reply, const char *fmt, ...)
{
	char line[BD_LINE_MAX + 1];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (!a->online || n < 0 || (size_t)n >= sizeof line)
		return -1;
	int rc = bd_client_request(&a->c, reply, NULL, NULL, "%s", line);
	conn_after(a);
	return rc;
}

/* From the lobby: take a seat at table (CONN_SEAT: a new one, the one a match reserved for
 * us; CONN_REJOIN: ours there again, with the kept token, else a new one) or watch it
 * (CONN_WATCH). 0 joined, or -1 with the reason in err. */
int conn_join(struct app *a, const char *table, enum conn_how how, char *err, size_t len)
{
	uint64_t token = how == CONN_REJOIN ? conn_token(a, table) : 0;
	int rc;

	if (!a->online) {
		snprintf(err, len, "%s", _("not connected to boardd"));
		return -1;
	}
	if (how == CONN_WATCH) {
		rc = bd_client_watch(&a->c, table, a->opt.prefix, err, len);
	} else {
		rc = bd_client_join(&a->c, table, token, a->opt.prefix, err, len);
		if (rc == 1 && token != 0 && strncmp(err, "token:", 6) == 0)
			rc = bd_client_join(&a->c, table, 0, a->opt.prefix, err, len);
	}
	conn_after(a);
	if (rc != 0) {
		if (bd_client_joined(&a->c)) /* joined, but the reply or its segment was bad */
			conn_leave(a, NULL, 0);
		return -1;
	}
	snprintf(a->table, sizeof a->table, "%s", table);
	a->watching = how == CONN_WATCH;
	conn_seated(a);
	return 0;
}

/* Leave the table for the lobby (`leave`). 0, or -1 with the reason in err (if not NULL). */
int conn_leave(struct app *a, char *err, size_t len)
{
	struct bd_msg r;
	int rc = a->online ? bd_client_leave(&a->c, &r) : 0;

	conn_after(a);
	if (rc == 1 && strcmp(r.word, "notjoined") != 0) {
		if (err != NULL)
			snprintf(err, len, "%s", r.text);
		return -1;
	}
	conn_left(a);
	return 0;
}

/* The window is no longer at its table (it left, or the daemon says the table is gone). */
void conn_left(struct app *a)
{
	bd_client_unjoin(&a->c);
	memset(a->away_until, 0, sizeof a->away_until);
	a->linked = a->have_snap = a->watching = 0;
	a->table[0] = 0;
	a->me = -1;
}

/* Leave the board before exiting, so the seat is freed at once: say quit and wait (briefly,
 * in case the daemon hangs) for its goodbye. */
void conn_quit(struct app *a)
{
	if (a->retry)
		g_source_remove(a->retry);
	if (a->idle)
		g_source_remove(a->idle);
	a->retry = a->idle = 0;
	if (a->watch)
		g_source_remove(a->watch);
	a->watch = 0;
	if (a->online)
		conn_goodbye(&a->c);
	bd_client_close(&a->c);
	a->linked = a->online = 0;
}

/* Say quit on c and wait (briefly, in case the daemon hangs) for its answer. */
void conn_goodbye(struct bd_client *c)
{
	struct bd_msg m;

	if (bd_client_send(c, "quit") == 0) {
		int64_t end = bd_now_ms() + QUIT_WAIT_MS;
		while (bd_client_read(c, &m, (int)MAX(0, end - bd_now_ms())) == 1 && m.kind != BD_MSG_OK)
			continue;
	}
}
