/* worker.c: one session worker. A single epoll loop over the client socket, a timerfd for
 * its player's deadlines and the boards' wake eventfds, only its own board's once joined
 * (edge-triggered: one write by any worker wakes all of that board's, nobody drains it). */
#include "worker.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sockios.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "ipc/client.h"
#include "ipc/clock.h"
#include "ipc/colour.h"
#include "log.h"
#include "status.h"

/* Most bytes one send() takes: the kernel frees a socket's buffer one send's worth at a
 * time, as the client reads it, so this is how finely a slow reader is seen reading. */
#define SEND_CHUNK 16384
/* How long a worker waits for the lobby's answer (the supervisor answers at once). */
#define LOBBY_ASK_MS 5000
/* A request's number to the lobby: a count, then its type in the low bits, so that an answer
 * that comes after the worker gave up says what it answers (worker_late). */
#define LOBBY_ID_TYPE_BITS 4

struct worker {
	int fd, ctl, epfd, timerfd;
	struct board *boards;
	unsigned nboards;
	const struct worker_limits *lim;
	const struct lobby_opts *lobby;
	const char *prefix;
	const char *socket;    /* the daemon's socket path, for status */
	struct status_conn *conn; /* this connection's slot in status's table, NULL if none */
	int64_t read_ms;       /* the client's last bytes read (status's idle time) */
	struct board *board;   /* joined board (a static one, or &table), or NULL */
	struct board table;    /* a lobby table joined or watched, mapped by name (board_attach) */
	int player;            /* seat, -1 for none or a spectator */
	int hello;
	enum bd_role role;
	char name[BD_NAME_MAX + 1];
	struct quota_peer peer; /* who is at the other end (uid, pid, exempt from per-uid limits) */
	int64_t active_ms;     /* the last request; an unjoined connection idle past idle-ms is closed */
	uint64_t last_seq;     /* newest event forwarded */
	uint32_t asked;        /* the number of the last request to the lobby waited for */
	uint32_t nasked;       /* requests sent to the lobby */
	int waiting;           /* in a game's queue (OK play, until nomatch, matched, aborted or cancel) */
	uint64_t *seen;        /* before joining: each board's newest event looked at */
	char in[2 * BD_LINE_MAX];
	size_t inlen;
	int discarding;        /* inside an over-long line, until its newline */
	char *out;
	size_t outlen, outcap;
	uint32_t interest;     /* the client socket's events in the epoll set */
	int closing;           /* flush what is queued, then end */
	int midline;           /* the last byte sent ended in the middle of a line */
	uint64_t drop_from;    /* fell behind: events from this seq on are dropped; 0 if not */
	int64_t stall_ms;      /* output waits (or a resync) and the client took none since; 0 if not */
	int stall_unread;      /* bytes the client had not read from the socket then, -1 unknown */
	int bye;               /* the daemon said goodbye: forward nothing more */
	double tokens;         /* request rate bucket */
	int64_t tokens_ms;
	int64_t armed_ms;
};

/* Leave the board (if seated) and end the process. */
static void __attribute__((noreturn)) worker_exit(struct worker *w, const char *why)
{
	if (w->board != NULL && w->player >= 0)
		board_unseat(w->board, (unsigned)w->player);
	if (w->board != NULL)
		board_wake(w->board);
	status_leave(w->conn);
	log_msg(LOG_INFO, "connection of pid %d uid %u closed: %s", (int)w->peer.pid, (unsigned)w->peer.uid, why);
	_exit(0);
}

/* The supervisor is gone (killed: PR_SET_PDEATHSIG ends us too): end without leaving the
 * table, whose seat stays for the clients to take back after the restart. */
static void __attribute__((noreturn)) worker_orphan(void)
{
	_exit(0);
}

/* Queue bytes for the client, whatever the bound: replies are never dropped (requests wait
 * instead, worker_may_serve) and events are kept within it by worker_forward. */
static void worker_put(struct worker *w, const char *s, size_t n)
{
	if (w->outlen + n > w->outcap) {
		size_t cap = w->outcap ? w->outcap : 4096;
		while (cap < w->outlen + n)
			cap *= 2;
		char *p = realloc(w->out, cap);
		if (p == NULL)
			worker_exit(w, "out of memory");
		w->out = p;
		w->outcap = cap;
	}
	memcpy(w->out + w->outlen, s, n);
	w->outlen += n;
}

static void worker_printf(struct worker *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Queue one formatted line for the client. */
static void worker_printf(struct worker *w, const char *fmt, ...)
{
	char line[BD_LINE_MAX + 1];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n > 0)
		worker_put(w, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* Queue an ERR line; -1, for a request handler to return. */
static int worker_err(struct worker *w, const char *code, const char *text)
{
	worker_printf(w, "ERR %s %s\n", code, text);
	return -1;
}

/* Whether requests may run: not while the queue is over half the bound, so that a client
 * that sends many requests at once gets every reply at the pace it reads them. */
static int worker_may_serve(const struct worker *w)
{
	return !w->closing && w->outlen <= w->lim->max_backlog / 2;
}

/* Keep the client socket's epoll events in step: EPOLLOUT while output or a resync waits,
 * EPOLLIN while requests may run (else they wait in the kernel's buffer). Only on a change:
 * one system call less per event. */
static void worker_interest(struct worker *w)
{
	uint32_t want = (worker_may_serve(w) ? EPOLLIN : 0) | (w->outlen > 0 || w->drop_from ? EPOLLOUT : 0);
	struct epoll_event ev = {.events = want, .data.fd = w->fd};

	if (want == w->interest)
		return;
	if (epoll_ctl(w->epfd, EPOLL_CTL_MOD, w->fd, &ev) < 0)
		worker_exit(w, "cannot change the client socket's epoll events");
	w->interest = want;
}

/* Bytes sent that the client has not read from the socket yet, -1 if unknown. */
static int worker_unread(const struct worker *w)
{
	int n;

	return ioctl(w->fd, SIOCOUTQ, &n) == 0 ? n : -1;
}

/* Start the stall clock again: the client made progress (or output began to wait). */
static void worker_stall_restart(struct worker *w)
{
	w->stall_ms = bd_now_ms();
	w->stall_unread = worker_unread(w);
}

/* Send what is queued without blocking; wait for EPOLLOUT if the socket is full. The stall
 * clock runs while output (or a resync) waits, from the last time the socket took a byte. */
static void worker_flush(struct worker *w)
{
	size_t off = 0;

	while (off < w->outlen) {
		size_t len = w->outlen - off < SEND_CHUNK ? w->outlen - off : SEND_CHUNK;
		ssize_t n = send(w->fd, w->out + off, len, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			break;
		if (n <= 0)
			worker_exit(w, "client gone while writing");
		off += (size_t)n;
	}
	if (off > 0)
		w->midline = w->out[off - 1] != '\n';
	memmove(w->out, w->out + off, w->outlen - off);
	w->outlen -= off;
	if (w->outlen == 0 && w->drop_from == 0)
		w->stall_ms = 0;
	else if (off > 0 || w->stall_ms == 0)
		worker_stall_restart(w);
	worker_interest(w);
}

/* Bytes of the queued line at offset at, with its newline. */
static size_t worker_line_len(const struct worker *w, size_t at)
{
	const char *nl = memchr(w->out + at, '\n', w->outlen - at);

	return nl != NULL ? (size_t)(nl - (w->out + at)) + 1 : w->outlen - at;
}

/* The first event a queued EVENT line stands for: its own seq, or for a resync line the
 * first of the events it replaced. */
static uint64_t worker_line_first(const struct worker *w, const char *line)
{
	struct bd_msg m;
	struct bd_event ev;

	if (bd_msg_parse(line, &m) < 0 || m.kind != BD_MSG_EVENT)
		return 0;
	if (bd_msg_event(&m, w->board->shape.dim, &ev) == 0 && ev.type == BD_EV_RESYNC && ev.n > 0)
		return m.seq - ev.n + 1;
	return m.seq;
}

/* The client fell behind: from event seq on, no event is queued until it has read all that
 * waits, replies included, and the socket has room (EPOLLOUT): then one resync event. The
 * queued events not yet begun are dropped too, the replies among them kept. */
static void worker_fall_behind(struct worker *w, uint64_t seq)
{
	size_t keep = 0, at = 0;

	if (w->drop_from != 0)
		return;
	w->drop_from = seq;
	if (w->midline) /* the line half sent is finished first */
		keep = at = worker_line_len(w, 0);
	while (at < w->outlen) {
		char *line = w->out + at;
		size_t len = worker_line_len(w, at);
		uint64_t first = strncmp(line, "EVENT ", 6) == 0 ? worker_line_first(w, line) : 0;
		if (first != 0 && first < w->drop_from)
			w->drop_from = first;
		if (first == 0) {
			memmove(w->out + keep, line, len);
			keep += len;
		}
		at += len;
	}
	log_msg(LOG_INFO, "connection of pid %d uid %u fell behind: %zu bytes unsent, events dropped from %" PRIu64,
		(int)w->peer.pid, (unsigned)w->peer.uid, w->outlen, w->drop_from);
	w->outlen = keep;
}

/* Format one event for this connection and queue it, if it is for this connection and
 * fits. */
static void worker_forward(struct worker *w, const struct bd_event *ev)
{
	char line[BD_LINE_MAX];
	const char *result = "none";
	unsigned points = 0;

	if (!bd_event_for(ev, w->player))
		return; /* another seat's: this connection's seq numbers skip it */
	if (ev->type == BD_EV_OVER && w->player >= 0) {
		/* The next game may have reset the score already: last_score and result are the
		 * finished one's. */
		points = w->board->pub->players[w->player].last_score;
		result = bd_result_name(w->board->pub->players[w->player].result);
	}
	int n = bd_event_format(line, sizeof line, ev, w->board->shape.dim, result, points);
	if (n <= 0 || (size_t)n >= sizeof line)
		return;
	/* The goodbye and the resync always go out; any other event only within the bound. */
	if (ev->type != BD_EV_BYE && ev->type != BD_EV_RESYNC && w->outlen + (size_t)n > w->lim->max_backlog)
		worker_fall_behind(w, ev->seq);
	else
		worker_put(w, line, (size_t)n);
	if (ev->type == BD_EV_BYE) {
		w->closing = w->bye = 1;
		w->player = -1; /* the daemon is stopping: the seat stays for a restart */
	}
}

/* Not joined: only the daemon's goodbye, which goes to every board, concerns us. Each
 * board's events since the last look are scanned, as other events may follow the goodbye. */
static void worker_pump_unjoined(struct worker *w)
{
	for (unsigned i = 0; i < w->nboards && !w->bye; i++) {
		const struct bd_priv *priv = w->boards[i].priv;
		uint64_t head = __atomic_load_n(&priv->ring_head, __ATOMIC_ACQUIRE);
		if (head - w->seen[i] > BD_RING_SIZE)
			w->seen[i] = head - BD_RING_SIZE;
		for (; w->seen[i] < head && !w->bye; w->seen[i]++) {
			struct bd_event ev = priv->ring[(w->seen[i] + 1) % BD_RING_SIZE];
			if (ev.seq == w->seen[i] + 1 && ev.type == BD_EV_BYE) {
				w->board = &w->boards[i];
				worker_forward(w, &ev);
				w->board = NULL;
			}
		}
	}
}

/* Queue the seat's private state (the game's lines for its owner alone), if it has one. */
static void worker_private(struct worker *w)
{
	static char lines[4 * BD_LINE_MAX];

	if (w->board != NULL && w->player >= 0)
		worker_put(w, lines, board_private_lines(w->board, (unsigned)w->player, lines, sizeof lines));
}

/* Tell a client that fell behind which events it missed; it re-reads the board, and its
 * seat's private state follows. */
static void worker_resync(struct worker *w)
{
	uint64_t missed = w->last_seq - w->drop_from + 1;
	struct bd_event ev = {.seq = w->last_seq, .type = BD_EV_RESYNC, .to = BD_NO_PLAYER,
			      .n = missed > UINT32_MAX ? UINT32_MAX : (uint32_t)missed};

	w->drop_from = 0;
	worker_forward(w, &ev);
	worker_private(w);
}

/* Copy every event newer than last_seq from the ring to the output, in order. A client
 * that fell behind (its queue past the bound, or the ring overwrote what it had not read
 * yet) gets none but the goodbye until its resync (worker_socket). */
static void worker_pump(struct worker *w)
{
	if (w->board == NULL) {
		worker_pump_unjoined(w);
		return;
	}
	const struct bd_priv *priv = w->board->priv;
	uint64_t head = __atomic_load_n(&priv->ring_head, __ATOMIC_ACQUIRE);
	if (head - w->last_seq > BD_RING_SIZE) {
		worker_fall_behind(w, w->last_seq + 1);
		w->last_seq = head - BD_RING_SIZE;
	}
	for (uint64_t s = w->last_seq + 1; s <= head && !w->bye; s++) {
		const struct bd_event *slot = &priv->ring[s % BD_RING_SIZE];
		struct bd_event ev;
		uint64_t before = __atomic_load_n(&slot->seq, __ATOMIC_ACQUIRE);
		memcpy(&ev, slot, sizeof ev);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		ev.seq = s;
		if (before != s || __atomic_load_n(&slot->seq, __ATOMIC_RELAXED) != s)
			worker_fall_behind(w, s); /* overwritten before it was read */
		else if (w->drop_from == 0 || ev.type == BD_EV_BYE) {
			if (ev.type == BD_EV_BYE && w->drop_from != 0)
				worker_resync(w);
			worker_forward(w, &ev);
		}
		w->last_seq = s;
	}
}

/* Rate limit: a token bucket of max_rate per second, bursts of twice that. */
static int worker_rate_ok(struct worker *w)
{
	if (w->lim->max_rate == 0)
		return 1;
	int64_t now = bd_now_ms();
	w->tokens += (double)(now - w->tokens_ms) * w->lim->max_rate / 1000.0;
	w->tokens_ms = now;
	if (w->tokens > 2.0 * w->lim->max_rate)
		w->tokens = 2.0 * w->lim->max_rate;
	if (w->tokens < 1.0)
		return 0;
	w->tokens -= 1.0;
	return 1;
}

/* The board of that name, or NULL. */
static struct board *worker_find_board(struct worker *w, const char *name)
{
	for (unsigned i = 0; i < w->nboards; i++)
		if (strcmp(w->boards[i].set.name, name) == 0)
			return &w->boards[i];
	return NULL;
}

/* Queue the daemon's goodbye, seq 0, for an unjoined client that no static board told
 * (a daemon may have none): the session then ends. */
static void worker_goodbye(struct worker *w, unsigned why)
{
	char line[BD_LINE_MAX];
	struct bd_event ev = {.type = BD_EV_BYE, .to = BD_NO_PLAYER, .n = why};

	worker_pump_unjoined(w); /* a static board's goodbye, with its seq, if it came first */
	if (w->bye)
		return;
	int n = bd_event_format(line, sizeof line, &ev, 0, "none", 0);
	if (n > 0 && (size_t)n < sizeof line)
		worker_put(w, line, (size_t)n);
	w->closing = w->bye = 1;
}

static void worker_part(struct worker *w);

/* A lobby event from the supervisor, for the client. The goodbye concerns only an unjoined
 * session: a joined one gets its table's. */
static void worker_lobby_event(struct worker *w, const struct lobby_event *e)
{
	char line[BD_LINE_MAX];
	struct bd_lobby_event ev = e->ev;

	if (w->bye || (e->bye && w->board != NULL) || ev.type > BD_LOBBY_ABORTED)
		return;
	if (e->bye) {
		worker_goodbye(w, e->why);
		return;
	}
	ev.game[BD_GAME_NAME_MAX] = ev.table[BD_BOARD_NAME_MAX] = ev.reason[BD_REASON_MAX] = '\0';
	if (ev.type != BD_LOBBY_WAIT)
		w->waiting = 0;
	if (ev.type == BD_LOBBY_ABORTED && w->board == &w->table && strcmp(w->table.set.name, ev.table) == 0)
		worker_part(w); /* the match is off: back to the lobby before the client hears of it */
	int n = bd_lobby_event_format(line, sizeof line, &ev);
	if (n > 0 && (size_t)n < sizeof line)
		worker_put(w, line, (size_t)n);
}

static void worker_at(struct worker *w, uint32_t op, const struct board *b);

/* Send request msg to the lobby, numbered (its type in the number's low bits). 0, or -1. */
static int worker_send(struct worker *w, void *msg)
{
	struct lobby_hdr *h = msg;

	h->id = ++w->nasked << LOBBY_ID_TYPE_BITS | h->type;
	return lobby_send(w->ctl, msg, -1);
}

/* An answer that came after the worker gave up waiting for it (its client was told busy):
 * undone, so that the supervisor's record and the client's view agree. A grant is given
 * back (LOBBY_AT LOBBY_LEFT; its descriptor closed here), a play taken is cancelled. */
static void worker_late(struct worker *w, union lobby_msg *m, int fd)
{
	uint32_t asked = m->h.id & ((1u << LOBBY_ID_TYPE_BITS) - 1);
	struct lobby_hdr cancel = {.type = LOBBY_CANCEL};

	if (fd >= 0)
		close(fd);
	if (m->h.type == LOBBY_GRANT) {
		m->grant.set.name[BD_BOARD_NAME_MAX] = '\0';
		worker_at(w, LOBBY_LEFT, &(struct board){.set = m->grant.set});
	} else if (m->h.type == LOBBY_REPLY && m->reply.ok && asked == LOBBY_PLAY && worker_send(w, &cancel) < 0) {
		log_msg(LOG_WARNING, "worker %d: could not cancel a play answered late: %s", (int)getpid(), strerror(errno));
	}
}

/* A ctl message that is not the answer waited for: a lobby event (for the client) or a late
 * answer (worker_late); fd: the descriptor that came with it, -1 if none. */
static void worker_other(struct worker *w, union lobby_msg *m, int fd)
{
	if (m->h.type != LOBBY_EVENT) {
		worker_late(w, m, fd);
		return;
	}
	if (fd >= 0)
		close(fd);
	worker_lobby_event(w, &m->event);
}

/* The ctl socket is readable: lobby events, late answers (answers come to worker_ask). */
static void worker_ctl(struct worker *w)
{
	union lobby_msg m;
	int rc, fd;

	while ((rc = lobby_recv(w->ctl, &m, &fd)) == 0 || (rc < 0 && errno == EPROTO))
		if (rc == 0)
			worker_other(w, &m, fd);
		else
			log_msg(LOG_WARNING, "worker %d: dropped a malformed ctl message", (int)getpid());
	if (rc == 1)
		worker_orphan();
}

/* Send a request to the lobby and wait for its answer (a message of type want, or a
 * LOBBY_REPLY) into *m, with the descriptor passed along in *fd (-1: none); the lobby events
 * that come first are queued for the client. 0, or -1 with an ERR queued. */
static int worker_ask(struct worker *w, void *msg, uint32_t want, union lobby_msg *m, int *fd)
{
	int64_t end = bd_now_ms() + LOBBY_ASK_MS;

	*fd = -1;
	if (worker_send(w, msg) < 0)
		return worker_err(w, "busy", "the lobby cannot take a request now; try again");
	w->asked = ((struct lobby_hdr *)msg)->id;
	for (;;) {
		struct pollfd p = {.fd = w->ctl, .events = POLLIN};
		int64_t left = end - bd_now_ms();
		if (left <= 0 || (poll(&p, 1, (int)left) < 0 && errno != EINTR))
			return worker_err(w, "busy", "the lobby did not answer; try again");
		int rc = lobby_recv(w->ctl, m, fd);
		if (rc == 1)
			worker_orphan();
		if (rc != 0) /* none yet, or a malformed one (dropped, its descriptor closed) */
			continue;
		if ((m->h.type == want || m->h.type == LOBBY_REPLY) && m->h.id == w->asked)
			return 0;
		worker_other(w, m, *fd);
		*fd = -1;
	}
}

/* The lobby's answer was an ERR: queue it; -1. */
static int worker_lobby_err(struct worker *w, struct lobby_reply *r)
{
	r->code[sizeof r->code - 1] = r->text[sizeof r->text - 1] = '\0';
	return worker_err(w, r->code, r->text);
}

/* Ask the lobby for a listing (list, or the lobby tables' BOARD lines) and queue its lines;
 * the TABLE or BOARD lines and the WAITING lines are counted. 0, or -1 with an ERR queued. */
static int worker_listing(struct worker *w, int boards, unsigned *tables, unsigned *waiting)
{
	struct lobby_list q = {.h.type = LOBBY_LIST, .boards = (uint32_t)boards};
	union lobby_msg m;
	int fd;

	do {
		if (worker_ask(w, &q, LOBBY_LINES, &m, &fd) < 0)
			return -1;
		if (m.h.type != LOBBY_LINES)
			return worker_lobby_err(w, &m.reply);
		worker_put(w, m.lines.text, m.lines.len < sizeof m.lines.text ? m.lines.len : sizeof m.lines.text);
		*tables += m.lines.tables;
		*waiting += m.lines.waiting;
		q.from = m.lines.next;
	} while (m.lines.more);
	return 0;
}

/* boards: one BOARD line per board, static boards first, then the lobby's tables. */
static int worker_boards(struct worker *w)
{
	char line[BD_LINE_MAX];
	unsigned tables = 0, waiting = 0;

	for (unsigned i = 0; i < w->nboards; i++) {
		lobby_board_line(&w->boards[i], line, sizeof line);
		worker_put(w, line, strlen(line));
	}
	if (worker_listing(w, 1, &tables, &waiting) < 0)
		return -1;
	worker_printf(w, "OK boards %u\n", w->nboards + tables);
	return 0;
}

/* list: every table with its seats, then every waiting player. */
static int worker_list(struct worker *w)
{
	unsigned tables = 0, waiting = 0;

	if (worker_listing(w, 0, &tables, &waiting) < 0)
		return -1;
	worker_printf(w, "OK list %u %u\n", tables, waiting);
	return 0;
}

/* Tell the supervisor (without waiting) that this worker is at, watches or left (op) the
 * table: it counts spectators and knows whom a lobby table still has. */
static void worker_at(struct worker *w, uint32_t op, const struct board *b)
{
	struct lobby_at m = {.h.type = LOBBY_AT, .op = op};

	snprintf(m.table, sizeof m.table, "%s", b->set.name);
	if (lobby_send(w->ctl, &m, -1) < 0)
		log_msg(LOG_WARNING, "worker %d: could not tell the supervisor it is at %s: %s", (int)getpid(),
			b->set.name, strerror(errno));
}

/* play: into the game's queue (the lobby answers; its events follow). */
static int worker_play(struct worker *w, const struct bd_req *req)
{
	struct lobby_play p;
	struct bd_err err;
	union lobby_msg m;
	int fd;

	if (w->board != NULL)
		return worker_err(w, "joined", "leave the table first");
	if (w->role == BD_ROLE_SPECTATOR)
		return worker_err(w, "spectator", "spectators cannot play; say hello NAME player");
	if (lobby_play_fill(w->lobby, req, &p, &err) < 0)
		return worker_err(w, err.code, err.text);
	snprintf(p.name, sizeof p.name, "%s", w->name);
	board_login(w->peer.uid, p.login, sizeof p.login);
	if (worker_ask(w, &p, LOBBY_REPLY, &m, &fd) < 0)
		return -1;
	if (!m.reply.ok)
		return worker_lobby_err(w, &m.reply);
	w->waiting = 1;
	worker_printf(w, "OK play %s\n", req->game);
	return 0;
}

/* cancel: out of the queue. */
static int worker_cancel(struct worker *w)
{
	struct lobby_hdr q = {.type = LOBBY_CANCEL};
	union lobby_msg m;
	int fd;

	if (worker_ask(w, &q, LOBBY_REPLY, &m, &fd) < 0)
		return -1;
	if (!m.reply.ok)
		return worker_lobby_err(w, &m.reply);
	w->waiting = 0;
	worker_printf(w, "OK cancel\n");
	return 0;
}

/* Add or remove (op) the wake eventfd of every board but keep (NULL: none). An unjoined
 * worker listens to every board, for the daemon's goodbye; a joined one only to its own, so
 * that an event wakes the workers of its board, not every worker of the daemon. */
static void worker_listen(struct worker *w, int op, const struct board *keep)
{
	for (unsigned i = 0; i < w->nboards; i++) {
		struct epoll_event wake = {.events = EPOLLIN | EPOLLET, .data.fd = w->boards[i].wake_fd};
		if (&w->boards[i] != keep && epoll_ctl(w->epfd, op, w->boards[i].wake_fd, &wake) < 0)
			worker_exit(w, "epoll_ctl on a board's wake eventfd failed");
	}
}

/* Map the lobby table called name into w->table, as the supervisor grants it for op
 * (LOBBY_JOIN: with a token if token), its wake eventfd in the epoll set; *want gets the
 * side wish of a matched player's play. 0, or -1 with an ERR queued. */
static int worker_attach(struct worker *w, const char *name, uint32_t op, int token, unsigned *want)
{
	struct lobby_table q = {.h.type = LOBBY_TABLE, .op = op, .token = (uint32_t)token};
	union lobby_msg m;
	int fd;

	snprintf(q.table, sizeof q.table, "%s", name);
	if (worker_ask(w, &q, LOBBY_GRANT, &m, &fd) < 0)
		return -1;
	if (m.h.type != LOBBY_GRANT) {
		if (fd >= 0)
			close(fd);
		return worker_lobby_err(w, &m.reply);
	}
	m.grant.set.name[BD_BOARD_NAME_MAX] = m.grant.inst[BD_INST_LEN] = '\0';
	*want = m.grant.want;
	struct epoll_event wake = {.events = EPOLLIN | EPOLLET, .data.fd = fd};
	int ok = fd >= 0 && strcmp(m.grant.set.name, name) == 0 && bd_inst_ok(m.grant.inst);
	if (!ok && fd >= 0)
		close(fd);
	/* board_attach owns fd from here: it closes it when it fails, board_close after */
	if (ok && (ok = board_attach(&w->table, w->prefix, &m.grant.set, m.grant.inst, fd) == 0) &&
	    !(ok = epoll_ctl(w->epfd, EPOLL_CTL_ADD, w->table.wake_fd, &wake) == 0))
		board_close(&w->table, 0);
	if (!ok) {
		worker_at(w, LOBBY_LEFT, &(struct board){.set = m.grant.set});
		return worker_err(w, "board", "the table could not be opened; try again");
	}
	return 0;
}

/* join (watch: watch): take a seat (or a spectator's place) and start forwarding the
 * board's events. A lobby table is asked for and mapped first. 0, or -1 if refused (the
 * ERR is queued). */
static int worker_join(struct worker *w, const struct bd_req *req)
{
	struct bd_err err;
	struct board *b = worker_find_board(w, req->board);
	int watch = req->type == BD_REQ_WATCH || w->role == BD_ROLE_SPECTATOR;
	unsigned want = 0;

	if (w->board != NULL)
		return worker_err(w, "again", "already joined a board");
	if (b == NULL && worker_attach(w, req->board, watch ? LOBBY_WATCH : LOBBY_JOIN, req->token != 0, &want) < 0)
		return -1;
	if (b == NULL)
		b = &w->table;
	w->board = b;
	b->defer_wake = 1; /* this process wakes the others in worker_run, after its reply */
	w->last_seq = __atomic_load_n(&b->priv->ring_head, __ATOMIC_ACQUIRE);
	if (watch) {
		worker_listen(w, EPOLL_CTL_DEL, b);
		worker_printf(w, "OK join %s - - %u - %s\n", b->set.name, b->shape.dim, b->pubname);
		worker_at(w, LOBBY_WATCH, b); /* the supervisor counts spectators */
		return 0;
	}
	int id = board_seat(b, w->name, &w->peer, req->token, want, &err);
	if (id < 0) {
		w->board = NULL;
		if (b == &w->table) {
			worker_at(w, LOBBY_LEFT, b);
			board_close(b, 0);
		}
		return worker_err(w, err.code, err.text);
	}
	worker_listen(w, EPOLL_CTL_DEL, b);
	w->player = id;
	if (b == &w->table) /* a matched player's part of its match is done */
		worker_at(w, LOBBY_JOIN, b);
	char colour[8];
	bd_colour_hex(b->pub->players[id].colour, colour);
	worker_printf(w, "OK join %s %d %s %u %016" PRIx64 " %s\n", b->set.name, id, colour, b->shape.dim,
		      b->priv->players[id].token, b->pubname);
	worker_private(w);
	log_msg(LOG_INFO, "board %s: %s joined as player %d (pid %d uid %u)", b->set.name, w->name, id,
		(int)w->peer.pid, (unsigned)w->peer.uid);
	return 0;
}

/* Leave the joined table (the seat, or watching), back to the lobby; the events up to the
 * player's own leave go to the client. */
static void worker_part(struct worker *w)
{
	struct board *b = w->board;
	int watching = w->player < 0;

	if (w->player >= 0)
		board_unseat(b, (unsigned)w->player);
	w->player = -1;
	worker_pump(w); /* events up to the player's own leave */
	board_wake(b);
	if (b == &w->table || watching) /* what the supervisor knows of (worker_join) */
		worker_at(w, LOBBY_LEFT, b);
	worker_listen(w, EPOLL_CTL_ADD, b == &w->table ? NULL : b);
	if (b == &w->table)
		board_close(b, 0);
	w->board = NULL;
	w->drop_from = 0;
	w->active_ms = bd_now_ms();
	for (unsigned i = 0; i < w->nboards; i++)
		w->seen[i] = __atomic_load_n(&w->boards[i].priv->ring_head, __ATOMIC_ACQUIRE);
}

/* leave: give up the seat or the spectator's place and stay in the lobby. */
static int worker_leave(struct worker *w)
{
	if (w->board == NULL)
		return worker_err(w, "notjoined", "not at a table (see join and watch)");
	worker_printf(w, "OK leave\n");
	worker_part(w);
	return 0;
}

/* A consistent copy of the joined board's public segment (the seqlocks, as clients read). */
static const struct bd_pub *worker_snapshot(struct worker *w)
{
	static struct bd_pub snap;

	if (bd_snapshot(w->board->pub, &snap) < 0)
		worker_exit(w, "the board's public segment stayed inconsistent");
	return &snap;
}

/* players: one PLAYER line per seat taken. */
static void worker_players(struct worker *w)
{
	const struct bd_pub *pub = worker_snapshot(w);
	unsigned n = 0;
	char colour[8];

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		const struct bd_pub_player *p = &pub->players[i];
		if (p->state == BD_PLAYER_EMPTY)
			continue;
		bd_colour_hex(p->colour, colour);
		worker_printf(w, "PLAYER %u %s %s %u %s %s\n", i, bd_player_state_name(p->state), colour, p->score,
			      p->name, p->login[0] ? p->login : "?");
		n++;
	}
	worker_printf(w, "OK players %u\n", n);
}

/* Queue one line of a listing (bd_lines_fn). */
static void worker_line(void *arg, const char *line)
{
	worker_put(arg, line, strlen(line));
}

/* status: the daemon, its settings and the connections this client may see (status.h). */
static void worker_status(struct worker *w)
{
	unsigned hidden, shown = status_lines(w->socket, w->prefix, w->peer.uid, w->conn, worker_line, w, &hidden);

	worker_printf(w, "OK status %u %u\n", shown, hidden);
}

/* This connection's state into its status slot. */
static void worker_publish(struct worker *w)
{
	status_update(w->conn, w->hello ? (int)w->role : -1, w->name, w->board != NULL ? w->board->set.name : NULL,
		      w->player, w->outlen, w->read_ms);
}

/* cards: the game's listing of its state (Memory's CARD lines), then its OK line. */
static int worker_cards(struct worker *w)
{
	const struct bd_game *g = w->board->rules->codec;

	if (g->listing == NULL)
		return worker_err(w, "notsupported", "this table's game has no cards (see PROTOCOL.md)");
	g->listing(worker_snapshot(w), worker_line, w);
	return 0;
}

/* snapshot: the table's public segment, for a client that cannot map it (another host over
 * ssh, or --no-shm), with the daemon's clock so that it can read the deadlines in it. */
static void worker_snapshot_reply(struct worker *w)
{
	const struct bd_pub *snap = worker_snapshot(w);

	bd_snap_lines(snap, snap->size, worker_line, w);
	worker_printf(w, "OK snapshot %u %u %" PRIu64 " %" PRId64 "\n", BD_LAYOUT_VERSION, snap->size,
		      snap->event_seq, bd_now_ms());
}

/* pick, move: play the move's words on the table; reply with them (pick: as numbers). */
static int worker_move(struct worker *w, const struct bd_req *req)
{
	const char *tok[BD_TOKENS_MAX];
	struct bd_err err;
	char reply[BD_LINE_MAX] = ""; /* the words fit: proto.h */
	size_t n = 0;

	for (unsigned i = 0; i < req->nmove; i++)
		tok[i] = req->move[i];
	if (board_move(w->board, (unsigned)w->player, req->nmove, tok, &err) < 0)
		return worker_err(w, err.code, err.text);
	if (req->type == BD_REQ_PICK) {
		worker_printf(w, "OK pick %u %u\n", req->x, req->y);
		return 0;
	}
	for (unsigned i = 0; i < req->nmove; i++)
		n += (size_t)snprintf(reply + n, sizeof reply - n, " %s", req->move[i]);
	worker_printf(w, "OK move%s\n", reply);
	return 0;
}

/* What a request needs before it may run; NULL if it may. */
static const char *worker_not_ready(const struct worker *w, enum bd_req_type t, const char **code)
{
	*code = "hello";
	if (!w->hello && t != BD_REQ_HELLO && t != BD_REQ_BOARDS && t != BD_REQ_PING && t != BD_REQ_QUIT &&
	    t != BD_REQ_STATUS)
		return BD_REASON("say hello NAME ROLE first");
	*code = "joined";
	if (w->board != NULL && (t == BD_REQ_PLAY || t == BD_REQ_CANCEL))
		return BD_REASON("leave the table first");
	*code = "waiting";
	if (w->waiting && (t == BD_REQ_JOIN || t == BD_REQ_WATCH))
		return BD_REASON("you are waiting for a game; cancel first");
	int plays = t == BD_REQ_PICK || t == BD_REQ_MOVE || t == BD_REQ_RESIGN || t == BD_REQ_REMATCH ||
		    t == BD_REQ_CLAIM || t == BD_REQ_SIDE || t == BD_REQ_DRAW;
	*code = "notjoined";
	if (w->board == NULL && (t == BD_REQ_PLAYERS || t == BD_REQ_CARDS || t == BD_REQ_SNAPSHOT || plays))
		return BD_REASON("join a board first");
	*code = "spectator";
	if (plays && w->player < 0)
		return t == BD_REQ_PICK ? BD_REASON("spectators cannot pick") : BD_REASON("spectators cannot play");
	return NULL;
}

/* hello: the connection's name and role, once. */
static int worker_hello(struct worker *w, const struct bd_req *req)
{
	if (w->hello)
		return worker_err(w, "again", "hello was already said");
	w->hello = 1;
	w->role = req->role;
	strcpy(w->name, req->name);
	worker_printf(w, "OK hello %s %s\n", req->name, bd_role_name(req->role));
	return 0;
}

/* A turn table's request of the seat (resign, rematch, claim, draw, side). */
static int worker_turn(struct worker *w, const struct bd_req *req)
{
	struct bd_err err;
	int rc = board_turn_request(w->board, (unsigned)w->player, req->type, req->move[0], &err);

	if (rc < 0)
		return worker_err(w, err.code, err.text);
	if (req->type == BD_REQ_DRAW)
		worker_printf(w, "OK draw %s\n", rc == 1 ? "agreed" : "offered");
	else if (req->type == BD_REQ_SIDE)
		worker_printf(w, "OK side %s\n", req->move[0]);
	else
		worker_printf(w, "OK %s\n", req->type == BD_REQ_RESIGN ? "resign" : req->type == BD_REQ_CLAIM ? "claim" : "rematch");
	return 0;
}

/* quit: goodbye; the seat given up, the events up to its leave sent, then the end. */
static void worker_quit(struct worker *w)
{
	worker_printf(w, "OK bye\n");
	if (w->board != NULL && w->player >= 0)
		board_unseat(w->board, (unsigned)w->player);
	w->player = -1;
	worker_pump(w); /* events up to the player's own leave, then nothing more */
	w->closing = w->bye = 1;
}

/* Run a parsed request that may run now (worker_not_ready): 0 answered OK, -1 refused. */
static int worker_dispatch(struct worker *w, const struct bd_req *req)
{
	switch (req->type) {
	case BD_REQ_HELLO:
		return worker_hello(w, req);
	case BD_REQ_BOARDS:
		return worker_boards(w);
	case BD_REQ_JOIN:
	case BD_REQ_WATCH:
		return worker_join(w, req);
	case BD_REQ_GAMES:
		lobby_games(w->lobby, worker_line, w);
		break;
	case BD_REQ_PLAY:
		return worker_play(w, req);
	case BD_REQ_CANCEL:
		return worker_cancel(w);
	case BD_REQ_LIST:
		return worker_list(w);
	case BD_REQ_LEAVE:
		return worker_leave(w);
	case BD_REQ_PLAYERS:
		worker_players(w);
		break;
	case BD_REQ_CARDS:
		return worker_cards(w);
	case BD_REQ_PICK:
	case BD_REQ_MOVE:
		return worker_move(w, req);
	case BD_REQ_RESIGN:
	case BD_REQ_REMATCH:
	case BD_REQ_CLAIM:
	case BD_REQ_SIDE:
	case BD_REQ_DRAW:
		return worker_turn(w, req);
	case BD_REQ_QUIT:
		worker_quit(w);
		break;
	case BD_REQ_PING:
		worker_printf(w, "OK pong\n");
		break;
	case BD_REQ_STATUS:
		worker_status(w);
		break;
	case BD_REQ_SNAPSHOT:
		worker_snapshot_reply(w);
		break;
	}
	return 0;
}

/* Run one request line and queue its reply: 0 answered OK, -1 refused with ERR. */
static int worker_request(struct worker *w, const char *line, size_t len)
{
	struct bd_req req;
	struct bd_err err;
	const char *code, *why;

	if (!worker_rate_ok(w))
		return worker_err(w, "rate", "too many requests per second; this one was ignored");
	if (bd_req_parse(line, len, &req, &err) < 0)
		return worker_err(w, err.code, err.text);
	if (w->board == NULL) /* only the unjoined can be idle: no clock read per pick */
		w->active_ms = bd_now_ms();
	if ((why = worker_not_ready(w, req.type, &code)) != NULL)
		return worker_err(w, code, why);
	return worker_dispatch(w, &req);
}

/* Run the complete request lines read, while replies may be queued (worker_may_serve);
 * an over-long line gets one ERR. Returns the number of lines taken. */
static unsigned worker_serve(struct worker *w)
{
	char *start = w->in, *nl;
	unsigned ran = 0;

	while (worker_may_serve(w) && (nl = memchr(start, '\n', w->inlen - (size_t)(start - w->in))) != NULL) {
		size_t len = (size_t)(nl - start);
		if (w->discarding)
			w->discarding = 0;
		else
			worker_request(w, start, len);
		worker_pump(w);
		start = nl + 1;
		ran++;
	}
	w->inlen -= (size_t)(start - w->in);
	memmove(w->in, start, w->inlen);
	if (w->inlen >= BD_LINE_MAX && memchr(w->in, '\n', w->inlen) == NULL) {
		if (!w->discarding)
			worker_err(w, "toolong", "line longer than 511 bytes; discarded up to its newline");
		w->discarding = 1;
		w->inlen = 0;
	}
	return ran;
}

/* Read from the client and run what it asked. At its end of file, the replies still
 * queued go out before the connection closes. */
static void worker_read(struct worker *w)
{
	if (!worker_may_serve(w))
		return;
	ssize_t n = recv(w->fd, w->in + w->inlen, sizeof w->in - w->inlen, MSG_DONTWAIT);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n == 0 && w->outlen > 0) {
		w->closing = w->bye = 1; /* replies go out, events no more */
		return;
	}
	if (n <= 0)
		worker_exit(w, n == 0 ? "client closed the connection" : "client connection failed");
	w->inlen += (size_t)n;
	w->read_ms = bd_now_ms();
	worker_serve(w);
}

/* The client socket is ready: read it, or queue the resync of a client that fell behind
 * once all it was sent is read and the socket has room again. */
static void worker_socket(struct worker *w, uint32_t events)
{
	if ((events & (EPOLLHUP | EPOLLERR)) && !(w->interest & EPOLLIN))
		worker_exit(w, "client closed the connection"); /* it can read no more replies */
	if (events & (EPOLLIN | EPOLLHUP | EPOLLERR))
		worker_read(w);
	if ((events & EPOLLOUT) && w->drop_from != 0 && w->outlen == 0)
		worker_resync(w);
}

/* The sooner of two epoll timeouts (-1: none). */
static int worker_sooner(int a, int b)
{
	return a < 0 ? b : b < 0 || a < b ? a : b;
}

/* Close the connection of a client that read nothing for stall-ms while output waited for
 * it: the socket took none of the queue and what the socket held did not shrink. Otherwise
 * the milliseconds epoll may wait before this must be checked again (-1: no limit). */
static int worker_stall_check(struct worker *w)
{
	if (w->stall_ms == 0)
		return -1;
	int64_t left = w->stall_ms + w->lim->stall_ms - bd_now_ms();
	int unread = left <= 0 ? worker_unread(w) : -1;
	if (unread >= 0 && unread < w->stall_unread) { /* it read some: a slow reader */
		worker_stall_restart(w);
		left = w->lim->stall_ms;
	}
	if (left <= 0) {
		char why[96];
		snprintf(why, sizeof why, "client read nothing of its waiting output for %d ms (stall-ms)", w->lim->stall_ms);
		worker_exit(w, why);
	}
	return left > INT_MAX ? INT_MAX : (int)left;
}

/* Arm the timer for the player's next deadline or the board's restart. */
static void worker_arm(struct worker *w)
{
	int64_t next = w->board != NULL ? board_next_deadline(w->board, w->player) : 0;
	if (next == w->armed_ms)
		return;
	struct itimerspec its = {0};
	if (next > 0) {
		its.it_value.tv_sec = next / 1000;
		its.it_value.tv_nsec = (next % 1000) * 1000000;
	}
	if (timerfd_settime(w->timerfd, TFD_TIMER_ABSTIME, &its, NULL) < 0)
		worker_exit(w, "cannot arm the timer");
	w->armed_ms = next;
}

/* ms until an unjoined connection's idle deadline, -1 if it has none. Past the deadline it
 * is told why and closed: it holds a process and a connection of its uid's for nothing. A
 * joined player or spectator is never idle in this sense, however quiet. */
static int worker_idle(struct worker *w)
{
	int64_t idle = quota_get()->idle_ms;

	if (w->board != NULL || idle == 0)
		return -1; /* before the clock: a joined worker passes here on every wake */
	int64_t left = w->active_ms + idle - bd_now_ms();
	if (left > 0)
		return left > INT_MAX ? INT_MAX : (int)left;
	worker_printf(w, "ERR idle no join and no request for %lld ms; disconnected\n", (long long)idle);
	worker_flush(w);
	worker_exit(w, "idle: no join and no request in time");
}

/* Set up the epoll set. */
static void worker_init(struct worker *w, int fd)
{
	w->fd = fd;
	w->table.wake_fd = -1;
	w->player = -1;
	w->seen = calloc(w->nboards, sizeof *w->seen);
	if (w->seen == NULL)
		worker_exit(w, "out of memory");
	for (unsigned i = 0; i < w->nboards; i++)
		w->seen[i] = __atomic_load_n(&w->boards[i].priv->ring_head, __ATOMIC_ACQUIRE);
	w->tokens = 2.0 * w->lim->max_rate;
	w->conn = status_claim(w->peer.uid, w->peer.pid); /* first: idle never longer than connected */
	w->tokens_ms = w->active_ms = w->read_ms = bd_now_ms();
	w->epfd = epoll_create1(EPOLL_CLOEXEC);
	w->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (w->epfd < 0 || w->timerfd < 0)
		worker_exit(w, "cannot create epoll or timer");
	struct epoll_event ev = {.events = EPOLLIN, .data.fd = fd}, tev = {.events = EPOLLIN, .data.fd = w->timerfd},
			   cev = {.events = EPOLLIN, .data.fd = w->ctl};
	if (epoll_ctl(w->epfd, EPOLL_CTL_ADD, fd, &ev) < 0 || epoll_ctl(w->epfd, EPOLL_CTL_ADD, w->timerfd, &tev) < 0 ||
	    epoll_ctl(w->epfd, EPOLL_CTL_ADD, w->ctl, &cev) < 0)
		worker_exit(w, "cannot add the socket, timer or ctl to epoll");
	w->interest = EPOLLIN;
	worker_listen(w, EPOLL_CTL_ADD, NULL);
	log_msg(LOG_INFO, "connection from pid %d uid %u%s", (int)w->peer.pid, (unsigned)w->peer.uid,
		w->peer.exempt ? " (exempt from per-uid limits)" : "");
	worker_printf(w, "BOARDD %d %s\n", BD_PROTO_VERSION, BD_VERSION);
}

void worker_run(const struct worker_setup *ws)
{
	struct worker w = {.ctl = ws->ctl, .boards = ws->boards, .nboards = ws->nboards, .lim = ws->lim,
			   .lobby = ws->lobby, .prefix = ws->prefix, .socket = ws->socket, .peer = ws->peer};
	struct epoll_event evs[8];
	int fd = ws->fd;

	worker_init(&w, fd);
	for (;;) {
		do
			worker_flush(&w);
		while (worker_serve(&w) > 0); /* requests read but held back may run now */
		if (w.board != NULL)
			board_wake(w.board); /* after the reply: the client that acted is served first */
		if (w.closing && w.outlen == 0)
			worker_exit(&w, "session ended");
		worker_publish(&w);
		worker_arm(&w);
		int n = epoll_wait(w.epfd, evs, 8, worker_sooner(w.closing ? 2000 : worker_idle(&w), worker_stall_check(&w)));
		if (n == 0 && w.closing)
			worker_exit(&w, "client did not read its last lines");
		for (int i = 0; i < n; i++) {
			if (evs[i].data.fd == fd)
				worker_socket(&w, evs[i].events);
			else if (evs[i].data.fd == w.ctl)
				worker_ctl(&w);
			else if (evs[i].data.fd == w.timerfd) {
				uint64_t ticks;
				if (read(w.timerfd, &ticks, sizeof ticks) > 0)
					w.armed_ms = 0;
				if (w.board != NULL)
					board_tick(w.board, w.player, bd_now_ms());
			}
		}
		worker_pump(&w);
	}
}
