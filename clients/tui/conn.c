/* conn.c: board-tui's connection to boardd. The main loop calls conn_drain after every
 * poll. With the table's segment mapped it takes a fresh snapshot each time (the daemon
 * writes the board before it sends the events, so the copy is at least as new), then
 * handles every buffered line: the lobby's events, the table's, a refused move. Without
 * it (--no-shm, or a daemon on another host) a snapshot is a round trip: one is asked only
 * before an event newer than the last copy, or after the player acted. A lost connection
 * is said on the screen; q still quits. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/clock.h"
#include "tui.h"

#define QUIT_WAIT_MS 1000
#define RETRY_MS 500

/* Connect and say hello: 0, or -1 with why in err. */
int conn_open(struct tui *t, char *err, size_t len)
{
	if (bd_client_connect(&t->c, t->opt.socket, err, len) < 0)
		return -1;
	t->c.no_shm = t->opt.no_shm;
	if (bd_client_hello(&t->c, t->opt.name, BD_ROLE_PLAYER, err, len) < 0) {
		bd_client_close(&t->c);
		return -1;
	}
	t->online = 1;
	return 0;
}

/* Take a seat at table (CONN_SEAT: a new one, or the one a match kept for us; CONN_BACK:
 * ours again, with its token, else a new one) or watch it (CONN_WATCH): 0, or -1 with why. */
int conn_join(struct tui *t, const char *table, enum conn_how how, char *err, size_t len)
{
	char name[BD_BOARD_NAME_MAX + 1];
	int rc;

	snprintf(name, sizeof name, "%s", table); /* table may be t->table, set afresh below */
	if (how == CONN_WATCH)
		rc = bd_client_watch(&t->c, name, t->opt.prefix, err, len);
	else
		rc = bd_client_join(&t->c, name, how == CONN_BACK ? t->token : 0, t->opt.prefix, err, len);
	if (rc == 1 && how == CONN_BACK && strncmp(err, "token:", 6) == 0)
		rc = bd_client_join(&t->c, name, 0, t->opt.prefix, err, len); /* the seat is gone */
	if (rc != 0) {
		if (bd_client_joined(&t->c)) /* joined, but the reply or its segment was bad */
			conn_leave(t);
		return -1;
	}
	snprintf(t->table, sizeof t->table, "%s", name);
	t->watching = how == CONN_WATCH;
	t->token = t->c.token;
	t->me = t->c.player;
	t->linked = 1;
	t->have_snap = t->sent = 0;
	t->stale = 1;
	t->view = NULL;
	t->cursor = t->top = t->left = 0;
	t->focus = 0;
	t->moved = -1;
	t->feedback[0] = 0;
	memset(t->away_until, 0, sizeof t->away_until);
	return 0;
}

/* Every RETRY_MS once the connection was lost: connect and say hello again, then take the
 * table back (our seat with its token, or watch it again), or show the lobby. */
void conn_retry(struct tui *t)
{
	char err[256];
	uint64_t token = t->token;

	if (t->online || t->retry_at == 0 || bd_now_ms() < t->retry_at)
		return;
	t->retry_at = bd_now_ms() + RETRY_MS;
	if (conn_open(t, err, sizeof err) < 0) {
		snprintf(t->gone, sizeof t->gone, "%.200s", err);
		return;
	}
	t->retry_at = 0;
	t->gone[0] = 0;
	if (!t->table[0]) {
		lobby_enter(t);
	} else if (conn_join(t, t->table, t->watching ? CONN_WATCH : CONN_BACK, err, sizeof err) < 0) {
		snprintf(t->gone, sizeof t->gone, "table %s cannot be taken back: %.200s", t->table, err);
		bd_client_close(&t->c); /* q quits; nothing else to try */
		t->online = 0;
	} else {
		draw_feedback(t, t->watching ? "back, watching the table" : t->token == token ?
			      "back at the table, in your seat" : "back at the table, in a new seat (the old one was gone)", 0);
	}
}

/* A fresh snapshot of the table, and its view. */
static void conn_snapshot(struct tui *t)
{
	if (!t->linked)
		return;
	int rc = bd_client_snapshot(&t->c, t->snap);
	if (rc == BD_SNAPSHOT_SHRUNK) {
		snprintf(t->gone, sizeof t->gone, "the table's shared memory shrank (the table is gone or damaged)");
		bd_client_unjoin(&t->c);
		t->linked = t->have_snap = 0;
		return;
	}
	if (rc < 0 && t->c.pub == NULL)
		snprintf(t->gone, sizeof t->gone, "no snapshot of the table: %.200s", t->c.why);
	if (rc < 0)
		return; /* still changing: the next line or tick reads it again */
	t->have_snap = 1;
	t->stale = 0;
	if (t->sent && t->snap->event_seq != t->sent_seq)
		t->sent = 0; /* the table has moved on since: what it shows includes the move */
	const struct tui_view *was = t->view;
	t->view = view_of_kind(t->snap->game_kind);
	if (t->view != was && t->view != NULL && t->view->reset != NULL)
		t->view->reset(t);
}

/* Whether m must be handled with a newer snapshot than the last: without a mapping, a
 * table's event past the copy's newest (the mapping is read before every batch). */
static int conn_behind(const struct tui *t, const struct bd_msg *m)
{
	if (t->c.pub != NULL || !t->linked)
		return 0;
	return t->stale || !t->have_snap ||
	       (m->kind == BD_MSG_EVENT && m->seq != 0 && m->seq > t->snap->event_seq);
}

/* A private line of our seat (a hand). */
static void conn_private(const struct bd_msg *m, void *arg)
{
	struct tui *t = arg;

	if (t->linked && t->view != NULL && t->view->line != NULL)
		t->view->line(t, m);
}

/* A seat went away (its forfeit counts down) or its absence ended (back, forfeit, leave). */
static void conn_away(struct tui *t, const struct bd_msg *m)
{
	struct bd_event ev;

	if (bd_msg_event(m, t->c.dim, &ev) < 0 || ev.player >= BD_PLAYERS_MAX)
		return;
	if (ev.type == BD_EV_AWAY)
		t->away_until[ev.player] = bd_now_ms() + ev.n;
	else if (ev.type == BD_EV_BACK || ev.type == BD_EV_FORFEIT || ev.type == BD_EV_LEAVE)
		t->away_until[ev.player] = 0;
}

/* One line from the daemon that is not a reply. */
static void conn_line(struct tui *t, const struct bd_msg *m)
{
	char text[BD_LINE_MAX + 16];
	int bye = bd_msg_bye(m);

	if ((t->linked && t->view == NULL) || conn_behind(t, m))
		conn_snapshot(t); /* the view must follow the line */
	if (m->kind == BD_MSG_EVENT && m->seq == 0) {
		lobby_event(t, m); /* seq 0: the lobby's, not a table's */
	} else if (bye >= 0) {
		snprintf(t->gone, sizeof t->gone, "%s", bye == BD_BYE_UPGRADE ? "boardd stopped for an upgrade" : "boardd stopped");
	} else if (m->kind == BD_MSG_EVENT && t->view != NULL) {
		conn_away(t, m);
		if (t->view->event != NULL)
			t->view->event(t, m);
	} else if (m->kind == BD_MSG_DATA) {
		conn_private(m, t);
	} else if (m->kind == BD_MSG_ERR) {
		t->sent = 0;
		snprintf(text, sizeof text, "refused (%s): %s", m->word, m->text);
		draw_feedback(t, text, 1);
	}
}

/* Leave the table for the lobby; the player's bot goes with it. */
void conn_leave(struct tui *t)
{
	struct bd_msg r;

	if (t->online && bd_client_leave(&t->c, &r) < 0)
		snprintf(t->gone, sizeof t->gone, "boardd went away");
	bd_client_unjoin(&t->c);
	t->linked = t->have_snap = 0;
	t->table[0] = 0;
	t->me = -1;
	t->view = NULL;
	bot_stop(t);
}

/* Read what the socket has, snapshot the table, handle every complete line. Without a
 * mapping a snapshot is a round trip: one is asked only before a line newer than the last
 * copy, or after the player acted (the lines that arrive meanwhile are older than it). */
void conn_drain(struct tui *t)
{
	struct bd_msg m;

	if (!t->online)
		return;
	int closed = bd_client_fill(&t->c) < 0;
	if (t->c.pub != NULL)
		conn_snapshot(t);
	while (t->online && !t->gone[0] && bd_client_next(&t->c, &m))
		conn_line(t, &m);
	if (t->stale && !closed && !t->gone[0])
		conn_snapshot(t);
	if (closed || t->gone[0]) {
		if (!t->gone[0])
			snprintf(t->gone, sizeof t->gone, "boardd went away");
		bd_client_close(&t->c);
		t->online = t->linked = 0;
		if (t->opt.nhot == 0) /* a hot seat's other connections are not reconnected */
			t->retry_at = bd_now_ms() + RETRY_MS;
	}
}

/* Send one of the game's requests and wait for its reply (so that no reply is due when a
 * snapshot is asked, which would take it for its own): 0 done, 1 refused (said under the
 * board), -1 if there is no seat or connection. Its events are handled by the drain. */
int conn_send(struct tui *t, const char *fmt, ...)
{
	char line[BD_LINE_MAX + 1];
	struct bd_msg r;
	va_list ap;

	if (!t->linked || t->me < 0)
		return -1;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	t->sent = t->have_snap;
	t->sent_seq = t->have_snap ? t->snap->event_seq : 0;
	t->stale = 1; /* the player acted: the next copy shows it */
	int rc = bd_client_request(&t->c, &r, conn_private, t, "%s", line);
	if (rc < 0)
		snprintf(t->gone, sizeof t->gone, "boardd went away");
	else if (rc == 1)
		conn_line(t, &r);
	return rc;
}

/* Say quit, so the seat is freed at once, and wait briefly for the daemon's answer. */
void conn_quit(struct tui *t)
{
	struct bd_msg m;

	if (t->online && bd_client_send(&t->c, "quit") == 0) {
		int64_t end = bd_now_ms() + QUIT_WAIT_MS;
		while (bd_client_read(&t->c, &m, (int)(end > bd_now_ms() ? end - bd_now_ms() : 0)) == 1 &&
		       m.kind != BD_MSG_OK)
			continue;
	}
	bd_client_close(&t->c);
	t->online = t->linked = 0;
	bot_stop(t);
	bot_end(t);
}
