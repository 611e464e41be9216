/* hot.c: hot seat (--hot-seat NAME,NAME...): one terminal holds 2 to 4 seats of the --board
 * table, one connection each, as the seed plays Qwirkle: the keyboard passed round. The
 * first name's connection is the one conn.c opened; hot_open joins the others. While a
 * seat's lines are handled, its connection and player id are the ones in struct tui, so
 * that each seat follows its own hand from its own lines (the daemon tells a hand to its
 * seat alone). The screen plays for the seat whose turn it is, once its player has
 * pressed Enter on "Pass to NAME": until then it shows what a spectator sees, no hand. */
#include <curses.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include "tui.h"

struct hot_seat {
	struct bd_client c;    /* its connection, while another seat's is in t->c */
	int me;                /* its player id */
};

static struct {
	unsigned n;            /* seats, 0 without --hot-seat */
	struct hot_seat seat[HOT_SEATS_MAX];
	unsigned in;           /* the seat whose connection is in t->c */
	unsigned shown;        /* the seat the screen plays for */
	int covered;           /* its hand stays hidden until Enter */
} hot;

/* Seat k's connection into t (the one there back to its seat), with its player id. */
static void hot_use(struct tui *t, unsigned k)
{
	if (hot.in != k) {
		hot.seat[hot.in].c = t->c;
		t->c = hot.seat[k].c;
		hot.in = k;
	}
	t->me = hot.seat[k].me;
}

/* At rest: the shown seat's connection in t, its player id unless covered. */
static void hot_rest(struct tui *t)
{
	hot_use(t, hot.shown);
	if (hot.covered)
		t->me = -1;
}

/* Join the table as the names after the first (the first is t's own, joined already):
 * 0, or -1 with why in err. */
int hot_open(struct tui *t, char err[], size_t len)
{
	char why[256];

	hot.n = t->opt.nhot;
	hot.seat[0].me = t->me;
	for (unsigned k = 1; k < hot.n; k++) {
		struct bd_client *c = &hot.seat[k].c;
		c->fd = -1;
		int rc = bd_client_connect(c, t->opt.socket, why, sizeof why);
		c->no_shm = t->opt.no_shm; /* after the connect, which clears c */
		if (rc < 0 ||
		    bd_client_enter(c, t->opt.hot[k], BD_ROLE_PLAYER, t->opt.board, 0, t->opt.prefix, why, sizeof why) < 0) {
			snprintf(err, len, "%s cannot take a seat at %s: %s", t->opt.hot[k], t->opt.board, why);
			return -1;
		}
		hot.seat[k].me = c->player;
	}
	hot.covered = 1;
	hot_rest(t);
	return 0;
}

/* The seats' sockets to poll, after the first (t's at rest): how many went into p. */
unsigned hot_fds(struct pollfd *p)
{
	unsigned n = 0;

	for (unsigned k = 0; k < hot.n; k++)
		if (k != hot.in && hot.seat[k].c.fd >= 0)
			p[n++] = (struct pollfd){.fd = hot.seat[k].c.fd, .events = POLLIN};
	return n;
}

/* Every seat's lines, each with its own connection; then the seat to move is the one
 * shown, covered if it changed. */
void hot_drain(struct tui *t)
{
	for (unsigned k = 0; k < hot.n && t->online; k++) {
		hot_use(t, k);
		conn_drain(t);
	}
	for (unsigned k = 0; t->have_snap && k < hot.n; k++)
		if (hot.seat[k].me >= 0 && t->snap->turn == (unsigned)hot.seat[k].me && k != hot.shown) {
			hot.shown = k;
			hot.covered = 1;
		}
	hot_rest(t);
}

/* The cover's line, "" when nothing is covered: who is to take the keyboard. */
void hot_cover(const struct tui *t, char *buf, size_t len)
{
	buf[0] = 0;
	if (hot.n > 0 && hot.covered)
		snprintf(buf, len, "Pass to %s: press Enter when %s has the keyboard (the hand stays hidden until then).",
			 t->opt.hot[hot.shown], t->opt.hot[hot.shown]);
}

/* Enter on the cover shows the hand; nonzero if the key was the cover's. */
int hot_key(struct tui *t, int ch)
{
	if (hot.n == 0 || !hot.covered)
		return 0;
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
		hot.covered = 0;
	hot_rest(t);
	return 1; /* nothing else while covered */
}

/* Every seat says quit. */
void hot_quit(struct tui *t)
{
	for (unsigned k = 0; k < hot.n; k++) {
		hot_use(t, k);
		t->online = t->c.fd >= 0;
		conn_quit(t);
	}
}
