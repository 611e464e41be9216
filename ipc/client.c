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
	char line[BD_LINE_MAX + 1];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
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

/* Keep an event line for later, when a reply is awaited. */
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
	int64_t deadline = bd_now_ms() + 10000;
	for (;;) {
		int rc = read_raw(c, reply, deadline);
		if (rc <= 0)
			return -1;
		if (reply->kind == BD_MSG_OK)
			return 0;
		if (reply->kind == BD_MSG_ERR)
			return 1;
		if (reply->kind == BD_MSG_EVENT)
			queue_push(c, reply->line);
		else if (reply->kind == BD_MSG_DATA && on_data != NULL)
			on_data(reply, arg);
	}
}

int bd_client_enter(struct bd_client *c, const char *name, enum bd_role role, const char *board,
		    uint64_t token, const char *prefix, char *err, size_t errlen)
{
	struct bd_msg r = {.word = "", .text = ""};
	int rc = bd_client_request(c, &r, NULL, NULL, "hello %s %s", name, bd_role_name(role));
	if (rc == 0 && token != 0)
		rc = bd_client_request(c, &r, NULL, NULL, "join %s %016llx", board, (unsigned long long)token);
	/* A seat the daemon no longer knows (a clean restart, or it expired): take a new one. */
	if ((rc == 0 && token == 0) || (rc == 1 && strcmp(r.word, "token") == 0))
		rc = bd_client_request(c, &r, NULL, NULL, "join %s", board);
	if (rc != 0) {
		client_err(err, errlen, rc < 0 ? "connection lost" : "%s: %s", r.word, r.text);
		return -1;
	}
	/* OK join BOARD ID|- COLOUR|- DIM TOKEN|- SEGMENT */
	long dim = r.ntok >= 6 ? bd_parse_uint(r.tok[3]) : -1;
	if (dim < 1 || dim > BD_REGIONS_MAX || bd_obj_split(r.tok[5], NULL, NULL, NULL) < 0) {
		client_err(err, errlen, "malformed join reply");
		return -1;
	}
	bd_printable(c->board, sizeof c->board, r.tok[0]);
	c->player = strcmp(r.tok[1], "-") == 0 ? -1 : (int)bd_parse_uint(r.tok[1]);
	c->dim = (unsigned)dim;
	c->token = strcmp(r.tok[4], "-") == 0 ? 0 : strtoull(r.tok[4], NULL, 16);
	snprintf(c->segment, sizeof c->segment, "%s", r.tok[5]);
	char why[200];
	c->pub = bd_pub_map_ro(c->segment, c->daemon_uid, why, sizeof why);
	if (c->pub == NULL) {
		client_err(err, errlen, "cannot map board %s (%s, prefix %s): %s", board, c->segment, prefix, why);
		return -1;
	}
	return 0;
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
	if (g->area_check(out->area) != NULL)
		return -1;
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		struct bd_pub_player *p = &out->players[i];
		if (p->state > BD_PLAYER_AWAY || memchr(p->name, 0, sizeof p->name) == NULL ||
		    memchr(p->login, 0, sizeof p->login) == NULL)
			return -1;
	}
	return 0;
}
