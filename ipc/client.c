/* client.c: the shared client library. */
#include "client.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "clock.h"
#include "game/game.h"
#include "grow.h"
#include "seqlock.h"
#include "shm.h"

/* The per-user socket path, or 0 if this is root or there is no $XDG_RUNTIME_DIR. */
static int user_socket(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_RUNTIME_DIR");

	if (geteuid() == 0 || xdg == NULL || *xdg == '\0')
		return 0;
	snprintf(buf, len, "%s/boardd/boardd.sock", xdg);
	return 1;
}

void bd_daemon_socket(char *buf, size_t len)
{
	const char *env = getenv("BOARDD_SOCKET");

	if (env != NULL && *env)
		snprintf(buf, len, "%s", env);
	else if (!user_socket(buf, len))
		snprintf(buf, len, "%s", BD_SYSTEM_SOCKET);
}

void bd_default_socket(char *buf, size_t len)
{
	struct stat st;

	bd_daemon_socket(buf, len);
	/* A user's own daemon if one runs, else the system service's socket. */
	if (getenv("BOARDD_SOCKET") == NULL && strcmp(buf, BD_SYSTEM_SOCKET) != 0 &&
	    (stat(buf, &st) < 0 || !S_ISSOCK(st.st_mode)))
		snprintf(buf, len, "%s", BD_SYSTEM_SOCKET);
}

const char *bd_default_prefix(void)
{
	const char *env = getenv("BOARDD_SHM_PREFIX");
	return env != NULL && *env ? env : "boardd";
}

/* Write an error message for the caller to show: made printable, as it may quote the
 * daemon (a daemon the user was pointed at may send terminal escapes). Returns -1. */
static int client_err(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int client_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	bd_printable(err, errlen, err);
	return -1;
}

static int wait_readable(int fd, int64_t deadline);

/* Learn the daemon's uid into c->daemon_uid. SO_PEERCRED names the process that called
 * listen(): under socket activation that is systemd (root), which hands the socket to a
 * daemon running as its own user. So the kernel-checked credentials of the greeting's
 * sender (SO_PASSCRED, set before connect; a peek with SCM_CREDENTIALS) win when they
 * came: they name the daemon's process that serves this connection. 0, or -1 with errno. */
static int client_daemon_uid(struct bd_client *c, int64_t deadline)
{
	struct ucred cred;
	socklen_t len = sizeof cred;
	union { struct cmsghdr h; char buf[CMSG_SPACE(sizeof(struct ucred))]; } ctl;
	char byte;
	struct iovec iov = {.iov_base = &byte, .iov_len = 1};
	struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = sizeof ctl.buf};
	int off = 0;

	if (getsockopt(c->fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0)
		return -1;
	c->daemon_uid = cred.uid;
	if (wait_readable(c->fd, deadline) <= 0)
		return 0; /* no greeting: reading it says so */
	if (recvmsg(c->fd, &msg, MSG_PEEK) < 0)
		return 0; /* reading the greeting says why */
	struct cmsghdr *h = CMSG_FIRSTHDR(&msg);
	if (h != NULL && h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_CREDENTIALS &&
	    h->cmsg_len == CMSG_LEN(sizeof cred)) {
		memcpy(&cred, CMSG_DATA(h), sizeof cred);
		c->daemon_uid = cred.uid;
	}
	return setsockopt(c->fd, SOL_SOCKET, SO_PASSCRED, &off, sizeof off);
}

/* Open the socket with SO_PASSCRED set (for client_daemon_uid) and connect: 0 or -1. */
static int client_socket(struct bd_client *c, const struct sockaddr_un *sa)
{
	int on = 1;

	c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->fd < 0 || setsockopt(c->fd, SOL_SOCKET, SO_PASSCRED, &on, sizeof on) < 0)
		return -1;
	return connect(c->fd, (const struct sockaddr *)sa, sizeof *sa);
}

int bd_client_connect(struct bd_client *c, const char *path, char *err, size_t errlen)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	struct bd_msg m;

	memset(c, 0, sizeof *c);
	c->player = -1;
	if (strlen(path) >= sizeof sa.sun_path) {
		client_err(err, errlen, "socket path too long: %s", path);
		return c->fd = -1;
	}
	strcpy(sa.sun_path, path);
	if (client_socket(c, &sa) < 0) {
		client_err(err, errlen, "cannot connect to %s: %s (is boardd running?)", path, strerror(errno));
		bd_client_close(c);
		return -1;
	}
	if (client_daemon_uid(c, bd_now_ms() + 5000) < 0) {
		client_err(err, errlen, "cannot learn the uid of the daemon on %s: %s", path, strerror(errno));
		bd_client_close(c);
		return -1;
	}
	int rc = bd_client_read(c, &m, 5000);
	if (rc == 1 && m.kind == BD_MSG_ERR) {
		client_err(err, errlen, "boardd refused the connection: %s %s", m.word, m.text);
	} else if (rc != 1 || m.kind != BD_MSG_GREETING || m.ntok < 1 ||
		   bd_parse_uint(m.tok[0]) != BD_PROTO_VERSION) {
		client_err(err, errlen, "%s did not greet with protocol %d", path, BD_PROTO_VERSION);
	} else {
		c->server_proto = BD_PROTO_VERSION;
		return 0;
	}
	bd_client_close(c);
	return -1;
}

void bd_client_close(struct bd_client *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	free(c->queue);
	c->queue = NULL;
	c->qhead = c->qlen = c->qcap = 0;
	bd_pub_unmap(c->pub);
	c->pub = NULL;
}

int bd_client_send(struct bd_client *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int rc = bd_client_vsend(c, fmt, ap);
	va_end(ap);
	return rc;
}

int bd_client_vsend(struct bd_client *c, const char *fmt, va_list ap)
{
	char line[BD_LINE_MAX + 1];
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);

	if (n < 0 || n >= BD_LINE_MAX)
		return -1;
	line[n++] = '\n';
	for (int off = 0; off < n;) {
		ssize_t w = send(c->fd, line + off, (size_t)(n - off), MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += (int)w;
	}
	c->unanswered++;
	return 0;
}

int bd_client_fill(struct bd_client *c)
{
	if (c->rlen == sizeof c->rbuf)
		return 0; /* full of complete lines; bd_client_next drains it */
	ssize_t r = recv(c->fd, c->rbuf + c->rlen, sizeof c->rbuf - c->rlen, MSG_DONTWAIT);
	if (r > 0) {
		c->rlen += (size_t)r;
		return 0;
	}
	if (r < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	return -1;
}

/* Keep a line for the client's own reading, when a reply is awaited. */
static void queue_push(struct bd_client *c, const char *line)
{
	if (c->qlen == c->qcap) {
		size_t cap = c->qcap ? c->qcap * 2 : 16;
		char (*q)[BD_LINE_MAX + 1] = malloc(cap * sizeof *q);
		if (q == NULL)
			abort();
		for (size_t i = 0; i < c->qlen; i++)
			memcpy(q[i], c->queue[(c->qhead + i) % c->qcap], sizeof *q);
		free(c->queue);
		c->queue = q;
		c->qcap = cap;
		c->qhead = 0;
	}
	snprintf(c->queue[(c->qhead + c->qlen) % c->qcap], BD_LINE_MAX + 1, "%s", line);
	c->qlen++;
}

/* The next complete line straight from the read buffer (not the queue). */
static int next_raw(struct bd_client *c, struct bd_msg *m)
{
	for (;;) {
		char *nl = memchr(c->rbuf, '\n', c->rlen);
		if (nl == NULL)
			return 0;
		*nl = '\0';
		int bad = bd_msg_parse(c->rbuf, m);
		size_t used = (size_t)(nl - c->rbuf) + 1;
		memmove(c->rbuf, nl + 1, c->rlen - used);
		c->rlen -= used;
		if (!bad && (m->kind == BD_MSG_OK || m->kind == BD_MSG_ERR) && c->unanswered > 0)
			c->unanswered--;
		if (!bad)
			return 1; /* a line of another protocol is skipped, never guessed at */
	}
}

int bd_client_next(struct bd_client *c, struct bd_msg *m)
{
	if (c->qlen > 0) {
		bd_msg_parse(c->queue[c->qhead], m);
		c->qhead = (c->qhead + 1) % c->qcap;
		c->qlen--;
		return 1;
	}
	return next_raw(c, m);
}

/* Wait for the socket to be readable; 1 ready, 0 timeout, -1 error. */
static int wait_readable(int fd, int64_t deadline)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};
	int timeout = deadline < 0 ? -1 : (int)(deadline - bd_now_ms());
	if (deadline >= 0 && timeout <= 0)
		return 0;
	int rc = poll(&p, 1, timeout);
	return rc < 0 && errno == EINTR ? 0 : rc;
}

/* Read the next message of any kind from the socket, ignoring the event queue. */
static int read_raw(struct bd_client *c, struct bd_msg *m, int64_t deadline)
{
	for (;;) {
		if (next_raw(c, m))
			return 1;
		if (c->rlen == sizeof c->rbuf)
			return -1; /* a line longer than the protocol allows */
		int rc = wait_readable(c->fd, deadline);
		if (rc <= 0)
			return rc;
		if (bd_client_fill(c) < 0)
			return -1;
	}
}

int bd_client_read(struct bd_client *c, struct bd_msg *m, int timeout_ms)
{
	if (bd_client_next(c, m))
		return 1;
	return read_raw(c, m, timeout_ms < 0 ? -1 : bd_now_ms() + timeout_ms);
}

int bd_client_request(struct bd_client *c, struct bd_msg *reply, bd_data_fn *on_data, void *arg,
		      const char *fmt, ...)
{
	char line[BD_LINE_MAX + 1];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= BD_LINE_MAX || bd_client_send(c, "%s", line) < 0)
		return -1;
	return bd_client_await(c, reply, on_data, arg);
}

int bd_client_await(struct bd_client *c, struct bd_msg *reply, bd_data_fn *on_data, void *arg)
{
	/* Replies come in the order of the requests: those of requests sent before this one
	 * (a move sent without waiting) come first, and are kept for the client, whole. */
	unsigned earlier = c->unanswered > 0 ? c->unanswered - 1 : 0;
	int64_t deadline = bd_now_ms() + 10000;

	for (;;) {
		int rc = read_raw(c, reply, deadline);
		if (rc <= 0)
			return -1;
		int ends = reply->kind == BD_MSG_OK || reply->kind == BD_MSG_ERR;
		if (earlier == 0 && ends)
			return reply->kind == BD_MSG_OK ? 0 : 1;
		if (earlier == 0 && reply->kind == BD_MSG_DATA && on_data != NULL)
			on_data(reply, arg);
		else
			queue_push(c, reply->line); /* an event, an earlier reply, a seat's private line */
		earlier -= ends;
	}
}

int bd_client_hello(struct bd_client *c, const char *name, enum bd_role role, char *err, size_t errlen)
{
	struct bd_msg r = {.word = "", .text = ""};
	int rc = bd_client_request(c, &r, NULL, NULL, "hello %s %s", name, bd_role_name(role));

	if (rc != 0)
		return client_err(err, errlen, rc < 0 ? "connection lost" : "%s: %s", r.word, r.text);
	return 0;
}

/* Take the join reply r (OK join BOARD ID|- COLOUR|- DIM TOKEN|- SEGMENT) into c and map
 * the segment it names, only if the daemon's uid owns it: 0, or -1 with why in err. */
static int client_joined(struct bd_client *c, const struct bd_msg *r, const char *board, const char *prefix,
			 char *err, size_t errlen)
{
	long dim = r->ntok >= 6 ? bd_parse_uint(r->tok[3]) : -1;
	char why[200];

	if (dim < 1 || dim > BD_REGIONS_MAX || bd_obj_split(r->tok[5], NULL, NULL, NULL) < 0)
		return client_err(err, errlen, "malformed join reply");
	bd_printable(c->board, sizeof c->board, r->tok[0]);
	c->player = strcmp(r->tok[1], "-") == 0 ? -1 : (int)bd_parse_uint(r->tok[1]);
	c->dim = (unsigned)dim;
	c->token = strcmp(r->tok[4], "-") == 0 ? 0 : strtoull(r->tok[4], NULL, 16);
	snprintf(c->segment, sizeof c->segment, "%s", r->tok[5]);
	if (c->no_shm)
		return 0;
	c->pub = bd_pub_map_ro(c->segment, c->daemon_uid, why, sizeof why);
	if (c->pub == NULL && bd_seg_missing(c->segment)) {
		c->no_shm = 1; /* the daemon is on another host: the protocol alone */
		return 0;
	}
	if (c->pub == NULL)
		return client_err(err, errlen, "cannot map board %s (%s, prefix %s): %s", board, c->segment, prefix, why);
	return 0;
}

/* Send join board (with token unless it is 0) and wait for its reply: as bd_client_request. */
static int client_join_request(struct bd_client *c, struct bd_msg *r, const char *board, uint64_t token)
{
	if (token == 0)
		return bd_client_request(c, r, NULL, NULL, "join %s", board);
	return bd_client_request(c, r, NULL, NULL, "join %s %016llx", board, (unsigned long long)token);
}

int bd_client_join(struct bd_client *c, const char *board, uint64_t token, const char *prefix, char *err,
		   size_t errlen)
{
	struct bd_msg r = {.word = "", .text = ""};
	int rc = client_join_request(c, &r, board, token);

	if (rc != 0) {
		client_err(err, errlen, rc < 0 ? "connection lost" : "%s: %s", r.word, r.text);
		return rc;
	}
	return client_joined(c, &r, board, prefix, err, errlen);
}

int bd_client_watch(struct bd_client *c, const char *board, const char *prefix, char *err, size_t errlen)
{
	struct bd_msg r = {.word = "", .text = ""};
	int rc = bd_client_request(c, &r, NULL, NULL, "watch %s", board);

	if (rc != 0) {
		client_err(err, errlen, rc < 0 ? "connection lost" : "%s: %s", r.word, r.text);
		return rc;
	}
	return client_joined(c, &r, board, prefix, err, errlen);
}

void bd_client_unjoin(struct bd_client *c)
{
	bd_pub_unmap(c->pub);
	c->pub = NULL;
	c->board[0] = '\0';
	c->player = -1;
	c->token = 0;
}

int bd_client_leave(struct bd_client *c, struct bd_msg *reply)
{
	int rc = bd_client_request(c, reply, NULL, NULL, "leave");

	if (rc == 0)
		bd_client_unjoin(c);
	return rc;
}

int bd_client_enter(struct bd_client *c, const char *name, enum bd_role role, const char *board,
		    uint64_t token, const char *prefix, char *err, size_t errlen)
{
	struct bd_msg r = {.word = "", .text = ""};

	if (bd_client_hello(c, name, role, err, errlen) < 0)
		return -1;
	int rc = client_join_request(c, &r, board, token);
	/* A seat the daemon no longer knows (a clean restart, or it expired): take a new one. */
	if (rc == 1 && token != 0 && strcmp(r.word, "token") == 0)
		rc = client_join_request(c, &r, board, 0);
	if (rc != 0)
		return client_err(err, errlen, rc < 0 ? "connection lost" : "%s: %s", r.word, r.text);
	return client_joined(c, &r, board, prefix, err, errlen);
}

/* Copy word into out (size bytes) if it is 1..size-1 printable ASCII bytes without spaces
 * and, when board_like, only A-Z a-z 0-9 _ - (a table's or a game's name): 0, else -1. */
static int lobby_word(char *out, size_t size, const char *word, int board_like)
{
	size_t n = strlen(word);

	if (n == 0 || n >= size || (board_like && !bd_name_ok(word, size - 1)))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (word[i] <= ' ' || word[i] > '~')
			return -1;
	memcpy(out, word, n + 1);
	return 0;
}

/* A count in a lobby line, 0..999999999, into *out: 0, else -1. */
static int lobby_count(unsigned *out, const char *word)
{
	long v = bd_parse_uint(word);

	if (v < 0)
		return -1;
	*out = (unsigned)v;
	return 0;
}

int bd_option_add(struct bd_options *o, const char *word)
{
	const char *eq = strchr(word, '=');
	char key[BD_OPT_KEY_MAX + 1];
	size_t klen = eq != NULL ? (size_t)(eq - word) : 0;

	if (eq == NULL || o->n == BD_LIST_OPTS_MAX || klen >= sizeof key || strchr(word, ',') != NULL)
		return -1;
	memcpy(key, word, klen);
	key[klen] = '\0';
	struct bd_option *opt = &o->opt[o->n];
	if (lobby_word(opt->key, sizeof opt->key, key, 0) < 0 || lobby_word(opt->value, sizeof opt->value, eq + 1, 0) < 0)
		return -1;
	o->n++;
	return 0;
}

const char *bd_option_get(const struct bd_options *o, const char *key)
{
	for (unsigned i = 0; i < o->n; i++)
		if (strcmp(o->opt[i].key, key) == 0)
			return o->opt[i].value;
	return NULL;
}

/* A list line's options word into o: "-" for none, else k=v joined by single commas. 0 or -1. */
static int lobby_opts(struct bd_options *o, const char *word)
{
	char kv[BD_LINE_MAX + 1];

	o->n = 0;
	if (strcmp(word, "-") == 0)
		return 0;
	for (const char *p = word;; p++) {
		size_t n = strcspn(p, ",");
		if (n >= sizeof kv)
			return -1;
		memcpy(kv, p, n);
		kv[n] = '\0';
		if (bd_option_add(o, kv) < 0)
			return -1;
		if ((p += n)[0] == '\0')
			return 0;
	}
}

/* bd_msg_parse keeps BD_WORDS_MAX words after the first: a GAME line with more options
 * than a list holds is cut there, still with one too many, so it is refused, never half read. */
static_assert(BD_LIST_OPTS_MAX + 2 < BD_WORDS_MAX, "a GAME line cut short has too many options");

int bd_games_line(struct bd_games *g, const struct bd_msg *m)
{
	struct bd_game_info *gi;

	if (m->kind != BD_MSG_DATA || strcmp(m->word, "GAME") != 0 || m->ntok < 2 ||
	    (gi = bd_grow(&g->game, g->n, &g->cap, sizeof *g->game)) == NULL)
		return -1;
	if (lobby_word(gi->game, sizeof gi->game, m->tok[0], 1) < 0 || lobby_count(&gi->seats, m->tok[1]) < 0 ||
	    gi->seats == 0)
		return -1;
	for (int i = 2; i < m->ntok; i++)
		if (bd_option_add(&gi->opts, m->tok[i]) < 0)
			return -1;
	g->n++;
	return 0;
}

/* TABLE <table> <game> <state> <players> <spectators> <options|-> into l: 0 or -1. */
static int lobby_table(struct bd_lobby *l, const struct bd_msg *m)
{
	struct bd_table_info *t;

	if (m->ntok != 6 || (t = bd_grow(&l->table, l->ntables, &l->tcap, sizeof *l->table)) == NULL)
		return -1;
	if (lobby_word(t->table, sizeof t->table, m->tok[0], 1) < 0 || lobby_word(t->game, sizeof t->game, m->tok[1], 1) < 0 ||
	    lobby_word(t->state, sizeof t->state, m->tok[2], 0) < 0 || lobby_count(&t->players, m->tok[3]) < 0 ||
	    lobby_count(&t->spectators, m->tok[4]) < 0 || lobby_opts(&t->opts, m->tok[5]) < 0)
		return -1;
	l->ntables++;
	return 0;
}

/* SEAT <table> <seat> <state> <name> <login> into l, of a TABLE listed before it: 0 or -1. */
static int lobby_seat(struct bd_lobby *l, const struct bd_msg *m)
{
	struct bd_seat_info *s;
	size_t t = 0;

	if (m->ntok != 5)
		return -1;
	while (t < l->ntables && strcmp(l->table[t].table, m->tok[0]) != 0)
		t++;
	if (t == l->ntables || (s = bd_grow(&l->seat, l->nseats, &l->scap, sizeof *l->seat)) == NULL)
		return -1;
	s->table = t;
	if (lobby_count(&s->seat, m->tok[1]) < 0 || lobby_word(s->state, sizeof s->state, m->tok[2], 0) < 0 ||
	    lobby_word(s->name, sizeof s->name, m->tok[3], 0) < 0 || lobby_word(s->login, sizeof s->login, m->tok[4], 0) < 0)
		return -1;
	l->nseats++;
	return 0;
}

/* WAITING <game> <name> <login> <seconds-left> <options|-> into l: 0 or -1. */
static int lobby_waiting(struct bd_lobby *l, const struct bd_msg *m)
{
	struct bd_waiting_info *w;

	if (m->ntok != 5 || (w = bd_grow(&l->waiting, l->nwaiting, &l->wcap, sizeof *l->waiting)) == NULL)
		return -1;
	if (lobby_word(w->game, sizeof w->game, m->tok[0], 1) < 0 || lobby_word(w->name, sizeof w->name, m->tok[1], 0) < 0 ||
	    lobby_word(w->login, sizeof w->login, m->tok[2], 0) < 0 || lobby_count(&w->seconds, m->tok[3]) < 0 ||
	    lobby_opts(&w->opts, m->tok[4]) < 0)
		return -1;
	l->nwaiting++;
	return 0;
}

int bd_lobby_line(struct bd_lobby *l, const struct bd_msg *m)
{
	if (m->kind != BD_MSG_DATA)
		return -1;
	if (strcmp(m->word, "TABLE") == 0)
		return lobby_table(l, m);
	if (strcmp(m->word, "SEAT") == 0)
		return lobby_seat(l, m);
	if (strcmp(m->word, "WAITING") == 0)
		return lobby_waiting(l, m);
	return -1;
}

void bd_games_free(struct bd_games *g)
{
	free(g->game);
	memset(g, 0, sizeof *g);
}

void bd_lobby_free(struct bd_lobby *l)
{
	free(l->table);
	free(l->seat);
	free(l->waiting);
	memset(l, 0, sizeof *l);
}

/* How a lobby reply's data lines are read: by line into into; the first bad one kept. */
struct lobby_reader {
	int (*line)(void *into, const struct bd_msg *m);
	void *into;
	char bad[BD_LINE_MAX + 1]; /* "" while every line parsed */
};

/* bd_data_fn: one data line of a lobby reply. */
static void lobby_read_line(const struct bd_msg *m, void *arg)
{
	struct lobby_reader *r = arg;

	if (r->bad[0] == '\0' && r->line(r->into, m) < 0)
		snprintf(r->bad, sizeof r->bad, "%s", m->line);
}

/* Send request (games or list) and read its data lines through r; its OK is left in *ok.
 * 0, or -1 with why in err. */
static int lobby_ask(struct bd_client *c, const char *request, struct lobby_reader *r, struct bd_msg *ok,
		     char *err, size_t errlen)
{
	int rc = bd_client_request(c, ok, lobby_read_line, r, "%s", request);

	if (rc < 0)
		return client_err(err, errlen, "connection lost before the %s reply", request);
	if (rc == 1)
		return client_err(err, errlen, "%s refused: %s %s", request, ok->word, ok->text);
	if (r->bad[0] != '\0')
		return client_err(err, errlen, "malformed line in the %s reply: %s", request, r->bad);
	return 0;
}

/* lobby_ask's parsers, typed for struct lobby_reader. */
static int games_line(void *g, const struct bd_msg *m) { return bd_games_line(g, m); }
static int list_line(void *l, const struct bd_msg *m) { return bd_lobby_line(l, m); }

int bd_client_games(struct bd_client *c, struct bd_games *g, char *err, size_t errlen)
{
	struct lobby_reader r = {.line = games_line, .into = g};
	struct bd_msg ok;

	memset(g, 0, sizeof *g);
	if (lobby_ask(c, "games", &r, &ok, err, errlen) < 0)
		return -1;
	if (strcmp(ok.word, "games") != 0 || ok.ntok != 1 || bd_parse_uint(ok.tok[0]) != (long)g->n)
		return client_err(err, errlen, "the games reply does not count its %zu lines: %s", g->n, ok.line);
	return 0;
}

int bd_client_list(struct bd_client *c, struct bd_lobby *l, char *err, size_t errlen)
{
	struct lobby_reader r = {.line = list_line, .into = l};
	struct bd_msg ok;

	memset(l, 0, sizeof *l);
	if (lobby_ask(c, "list", &r, &ok, err, errlen) < 0)
		return -1;
	if (strcmp(ok.word, "list") != 0 || ok.ntok != 2 || bd_parse_uint(ok.tok[0]) != (long)l->ntables ||
	    bd_parse_uint(ok.tok[1]) != (long)l->nwaiting)
		return client_err(err, errlen, "the list reply does not count its %zu tables and %zu waiting: %s",
				  l->ntables, l->nwaiting, ok.line);
	return 0;
}

int bd_client_play(struct bd_client *c, struct bd_msg *reply, const char *game, const char *opts,
		   const char *opponent)
{
	return bd_client_request(c, reply, NULL, NULL, "play %s%s%s%s%s", game, opts != NULL && *opts ? " " : "",
				 opts != NULL ? opts : "", opponent != NULL ? " opponent=" : "",
				 opponent != NULL ? opponent : "");
}

/* Whether to copy again after `tries` inconsistent copies: spin a little, then sleep
 * between tries (a writer preempted mid-write needs a CPU to finish; on a busy host a
 * spinning reader took it), and give up after a second (a writer that died mid-write is
 * repaired by the supervisor well before). */
static int snapshot_again(int tries, int64_t *start)
{
	struct timespec pause = {0, 50000};

	if (tries < 100)
		return 1;
	if (tries == 100)
		*start = bd_now_ms();
	nanosleep(&pause, NULL);
	return bd_now_ms() - *start < 1000;
}

/* Copy the header, seat table and the area's head (its shape first, then as much as its
 * codec says, at most BD_PUB_AREA_MAX) consistently: 0, -1 if it stayed inconsistent,
 * BD_SNAPSHOT_SHRUNK if the mapping faulted. */
static int snapshot_header(const struct bd_pub *pub, struct bd_pub *out)
{
	int64_t start = 0;
	uint32_t s;
	int ok;

	for (int tries = 0; snapshot_again(tries, &start); tries++) {
		if (bd_seq_read_begin(&pub->seq, &s) < 0 ||
		    bd_guard_copy(out, pub, offsetof(struct bd_pub, region_seq)) < 0 ||
		    bd_guard_copy(out->players, pub->players, sizeof out->players) < 0)
			return BD_SNAPSHOT_SHRUNK;
		const struct bd_game *g = bd_game_of_kind(out->game_kind);
		size_t head = g != NULL ? g->pub_head : sizeof(struct bd_game_shape);
		if (bd_guard_copy(out->area, pub->area, head) < 0 || (ok = bd_seq_read_ok(&pub->seq, s)) < 0)
			return BD_SNAPSHOT_SHRUNK;
		if (ok)
			return 0;
	}
	return -1;
}

/* Copy the part of the area region r covers consistently: 0, -1 or BD_SNAPSHOT_SHRUNK. */
static int snapshot_region(const struct bd_pub *pub, struct bd_pub *out, const struct bd_game *g, unsigned r)
{
	struct bd_span spans[BD_SPANS_MAX];
	unsigned n = g->region_spans(bd_game_shape_of(out->area), r, spans);
	int64_t start = 0;
	uint32_t s;
	int ok = 1;

	for (int tries = 0; snapshot_again(tries, &start); tries++) {
		if (bd_seq_read_begin(&pub->region_seq[r], &s) < 0)
			return BD_SNAPSHOT_SHRUNK;
		for (unsigned i = 0; i < n && ok >= 0; i++)
			ok = bd_guard_copy(out->area + spans[i].off, pub->area + spans[i].off, spans[i].len);
		if (ok < 0 || (ok = bd_seq_read_ok(&pub->region_seq[r], s)) < 0)
			return BD_SNAPSHOT_SHRUNK;
		if (ok)
			return 0;
	}
	return -1;
}

/* Whether a whole copy holds only values a sound board has: 0, else -1. */
static int snapshot_check(const struct bd_pub *out)
{
	const struct bd_game *g = bd_game_of_kind(out->game_kind); /* known: bd_pub_check */

	if (g->area_check(out->area) != NULL)
		return -1;
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		const struct bd_pub_player *p = &out->players[i];
		if (p->state > BD_PLAYER_AWAY || memchr(p->name, 0, sizeof p->name) == NULL ||
		    memchr(p->login, 0, sizeof p->login) == NULL)
			return -1;
	}
	for (unsigned i = 0; i < BD_DEPARTED_MAX; i++) {
		const struct bd_departed *d = &out->departed[i];
		if (d->seat >= BD_PLAYERS_MAX || memchr(d->name, 0, sizeof d->name) == NULL ||
		    memchr(d->login, 0, sizeof d->login) == NULL)
			return -1;
	}
	return 0;
}

int bd_snapshot(const struct bd_pub *pub, struct bd_pub *out)
{
	int rc = snapshot_header(pub, out);

	if (rc < 0)
		return rc;
	if (bd_pub_check(out, sizeof *out) != NULL)
		return -1;
	const struct bd_game *g = bd_game_of_kind(out->game_kind); /* known: checked */
	memset(out->area + g->pub_head, 0, sizeof out->area - g->pub_head);
	for (unsigned r = 0; r < out->nregions; r++)
		if ((rc = snapshot_region(pub, out, g, r)) < 0)
			return rc;
	return snapshot_check(out);
}

/* Where the snapshot reply's lines go. */
struct snapshot_to {
	struct bd_client *c;
	struct bd_pub *out;
};

/* A SNAP line of the snapshot reply into the copy; a bad one marks the copy bad. Another
 * data line is not the reply's (a seat's private line, as Qwirkle's HAND after OK join or
 * a resync): it is kept for bd_client_read, in order with the events. */
static void snapshot_data(const struct bd_msg *m, void *arg)
{
	struct snapshot_to *to = arg;

	if (strcmp(m->word, "SNAP") != 0)
		queue_push(to->c, m->line);
	else if (bd_snap_line(to->out, sizeof *to->out, m) < 0)
		to->out->magic = 0; /* fails bd_pub_check */
}

/* The snapshot request: its reply into out, checked as a mapped segment's copy is, and the
 * daemon's clock noted. 0, -1 if the reply was refused, bad or lost (why in c->why). */
static int snapshot_remote(struct bd_client *c, struct bd_pub *out)
{
	struct bd_msg r;
	int64_t asked = bd_now_ms();

	struct snapshot_to to = {c, out};

	memset(out, 0, sizeof *out);
	int rc = bd_client_request(c, &r, snapshot_data, &to, "snapshot");
	if (rc != 0)
		return client_err(c->why, sizeof c->why, rc < 0 ? "connection lost" : "%s: %s", r.word, r.text);
	long layout = r.ntok == 4 ? bd_parse_uint(r.tok[0]) : -1, size = r.ntok == 4 ? bd_parse_uint(r.tok[1]) : -1;
	char *end;
	long long now = r.ntok == 4 ? strtoll(r.tok[3], &end, 10) : 0;
	if (layout < 0 || size < 0 || now <= 0 || *end != '\0')
		return client_err(c->why, sizeof c->why, "malformed snapshot reply");
	if (layout != BD_LAYOUT_VERSION)
		return client_err(c->why, sizeof c->why, "the daemon's boards have layout %ld, this client reads %u: "
				  "use a client of the daemon's version", layout, BD_LAYOUT_VERSION);
	if ((size_t)size != out->size || bd_pub_check(out, sizeof *out) != NULL || snapshot_check(out) < 0)
		return client_err(c->why, sizeof c->why, "the daemon sent a snapshot no sound board has");
	/* The deadlines in it are on the daemon's clock; assume the reply came halfway. */
	c->clock_skew = (int64_t)now - (asked + bd_now_ms()) / 2;
	return 0;
}

int bd_client_snapshot(struct bd_client *c, struct bd_pub *out)
{
	if (c->pub != NULL)
		return bd_snapshot(c->pub, out);
	if (!bd_client_joined(c))
		return client_err(c->why, sizeof c->why, "not at a table");
	return snapshot_remote(c, out);
}

int64_t bd_client_now(const struct bd_client *c)
{
	return bd_now_ms() + c->clock_skew;
}

int bd_client_joined(const struct bd_client *c)
{
	return c->board[0] != '\0';
}

const char *bd_seat_holder(const struct bd_pub *p, unsigned seat, uint32_t serial, uint32_t mask,
			   const struct bd_pub_player **seated, const struct bd_departed **left)
{
	const struct bd_pub_player *pl = seat < BD_PLAYERS_MAX ? &p->players[seat] : NULL;

	*seated = NULL;
	*left = NULL;
	if (pl != NULL && pl->state != BD_PLAYER_EMPTY && (pl->serial & mask) == (serial & mask)) {
		*seated = pl;
		return pl->name;
	}
	for (uint32_t k = 0; k < BD_DEPARTED_MAX && k < p->ndeparted; k++) {
		const struct bd_departed *d = &p->departed[(p->ndeparted - 1 - k) % BD_DEPARTED_MAX];
		if (d->seat == seat && (d->serial & mask) == (serial & mask)) {
			*left = d;
			return d->name;
		}
	}
	return NULL;
}

int bd_hot_seat_names(const char *arg, char (*names)[BD_NAME_MAX + 1], unsigned max, char twice[BD_NAME_MAX + 1])
{
	char list[BD_TURN_SEATS_MAX * (BD_NAME_MAX + 1) + 1], *save = NULL;
	unsigned n = 0;

	twice[0] = '\0';
	if (strlen(arg) >= sizeof list)
		return -1;
	snprintf(list, sizeof list, "%s", arg);
	for (char *name = strtok_r(list, ",", &save); name != NULL; name = strtok_r(NULL, ",", &save)) {
		if (n == max || !bd_player_name_ok(name))
			return -1;
		for (unsigned k = 0; k < n; k++)
			if (strcmp(names[k], name) == 0) {
				snprintf(twice, BD_NAME_MAX + 1, "%s", name);
				return -1;
			}
		snprintf(names[n++], BD_NAME_MAX + 1, "%s", name);
	}
	return n >= 2 ? (int)n : -1;
}
