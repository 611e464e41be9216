/* conn.c: board-tui's connection to boardd. The main loop calls conn_drain when the socket
 * is readable: it takes a fresh snapshot of the table's public segment (the daemon writes
 * the board before it sends the events, so the copy is at least as new), then handles every
 * buffered line: the lobby's events, the table's, a refused move. A lost connection is
 * said on the screen; q still quits. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/clock.h"
#include "tui.h"

#define QUIT_WAIT_MS 1000

/* Connect and say hello: 0, or -1 with why in err. */
int conn_open(struct tui *t, char *err, size_t len)
{
	if (bd_client_connect(&t->c, t->opt.socket, err, len) < 0)
		return -1;
	if (bd_client_hello(&t->c, t->opt.name, BD_ROLE_PLAYER, err, len) < 0) {
		bd_client_close(&t->c);
		return -1;
	}
	t->online = 1;
	return 0;
}

/* Take a seat at table (a new one, or the one a match kept for us): 0, or -1 with why. */
int conn_join(struct tui *t, const char *table, char *err, size_t len)
{
	int rc = bd_client_join(&t->c, table, 0, t->opt.prefix, err, len);

	if (rc != 0) {
		if (t->c.pub != NULL) /* joined, but the reply or its segment was bad */
			conn_leave(t);
		return -1;
	}
	snprintf(t->table, sizeof t->table, "%s", table);
	t->me = t->c.player;
	t->linked = 1;
	t->have_snap = t->sent = 0;
	t->view = NULL;
	t->cursor = 0;
	t->moved = -1;
	t->feedback[0] = 0;
	return 0;
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

/* A fresh snapshot of the table, and its view. */
static void conn_snapshot(struct tui *t)
{
	if (!t->linked || t->c.pub == NULL)
		return;
	int rc = bd_snapshot(t->c.pub, t->snap);
	if (rc == BD_SNAPSHOT_SHRUNK) {
		snprintf(t->gone, sizeof t->gone, "the table's shared memory shrank (the table is gone or damaged)");
		bd_client_unjoin(&t->c);
		t->linked = t->have_snap = 0;
		return;
	}
	if (rc < 0)
		return; /* still changing: the next line or tick reads it again */
	t->have_snap = 1;
	if (t->sent && t->snap->event_seq != t->sent_seq)
		t->sent = 0; /* the table has moved on since: what it shows includes the move */
	const struct tui_view *was = t->view;
	t->view = view_of_kind(t->snap->game_kind);
	if (t->view != was && t->view != NULL && t->view->reset != NULL)
		t->view->reset(t);
}

/* One line from the daemon that is not a reply. */
static void conn_line(struct tui *t, const struct bd_msg *m)
{
	char text[BD_LINE_MAX + 16];

	if (t->linked && t->view == NULL)
		conn_snapshot(t); /* a line right after the join: the view must follow it */
	if (m->kind == BD_MSG_EVENT && m->seq == 0) {
		lobby_event(t, m); /* seq 0: the lobby's, not a table's */
	} else if (m->kind == BD_MSG_EVENT && strcmp(m->word, "bye") == 0) {
		snprintf(t->gone, sizeof t->gone, "boardd stopped");
	} else if (m->kind == BD_MSG_EVENT && t->view != NULL && t->view->event != NULL) {
		t->view->event(t, m);
	} else if (m->kind == BD_MSG_DATA && t->linked && t->view != NULL && t->view->line != NULL) {
		t->view->line(t, m); /* a private line of our seat */
	} else if (m->kind == BD_MSG_ERR) {
		t->sent = 0;
		snprintf(text, sizeof text, "refused (%s): %s", m->word, m->text);
		draw_feedback(t, text, 1);
	}
}

/* Read what the socket has, snapshot the table, handle every complete line. */
void conn_drain(struct tui *t)
{
	struct bd_msg m;

	if (!t->online)
		return;
	int closed = bd_client_fill(&t->c) < 0;
	conn_snapshot(t);
	while (t->online && bd_client_next(&t->c, &m))
		conn_line(t, &m);
	if (closed || t->gone[0]) {
		if (!t->gone[0])
			snprintf(t->gone, sizeof t->gone, "boardd went away");
		bd_client_close(&t->c);
		t->online = t->linked = 0;
	}
}

/* Send one of the game's requests: 0, or -1 if there is no seat or connection. */
int conn_send(struct tui *t, const char *fmt, ...)
{
	va_list ap;

	if (!t->linked || t->me < 0)
		return -1;
	va_start(ap, fmt);
	int rc = bd_client_vsend(&t->c, fmt, ap);
	va_end(ap);
	if (rc < 0) {
		snprintf(t->gone, sizeof t->gone, "boardd went away");
		return rc;
	}
	t->sent = t->have_snap;
	t->sent_seq = t->have_snap ? t->snap->event_seq : 0;
	return 0;
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
