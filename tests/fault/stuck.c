/* stuck.c: `bd-fault stuck`. A picker flips one card up and down (pick X, then pick X again:
 * ERR filled and a `down ... repick` event), so that each pick makes exactly one event; an
 * observing spectator times each event from the pick's send to its arrival. First with no
 * one else, then while a player that never reads its socket is connected, until the daemon
 * drops that player. Then the stuck player's socket is read out: it must end, and what it
 * was never sent (from the observer's copy of every event) must exceed --backlog (the
 * daemon's --max-backlog, default 262144): dropped only once past the bound.
 * Options: --picks N (2000, for the first phase), --backlog BYTES. */
#include "fault.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define SAMPLES_MAX 400000
#define SEQ_MAX 2000000

struct timing {
	double *ms;
	unsigned n;
};

struct stuck {
	struct bd_client picker, observer, stuck;
	unsigned short *len;  /* length of each event line by seq, from the observer */
	uint64_t leave_seq;   /* the stuck player's leave, once the observer saw it */
	uint64_t first_seq;   /* the first event the stuck player was to get */
};

/* In the observer: read until the event about card (x, y) arrives; note every line. */
static void stuck_observe(struct stuck *s, unsigned x, unsigned y)
{
	struct bd_msg m;

	for (;;) {
		if (bd_client_read(&s->observer, &m, 10000) != 1)
			die("the observer got no event for card %u %u within 10 s", x, y);
		if (m.kind != BD_MSG_EVENT)
			continue;
		if (m.seq < SEQ_MAX)
			s->len[m.seq] = (unsigned short)(strlen(m.line) + 1);
		if (strcmp(m.word, "leave") == 0 && s->stuck.fd >= 0 && event_player(&m) == s->stuck.player)
			s->leave_seq = m.seq;
		if ((strcmp(m.word, "up") == 0 || strcmp(m.word, "down") == 0) && m.ntok >= 2 &&
		    bd_parse_uint(m.tok[0]) == x && bd_parse_uint(m.tok[1]) == y)
			return;
	}
}

/* One pick by the picker, timed until the observer has its event. */
static void stuck_pick(struct stuck *s, unsigned x, unsigned y, struct timing *t)
{
	struct bd_msg r;
	int64_t t0 = now_us();

	if (bd_client_send(&s->picker, "pick %u %u", x, y) < 0)
		die("the picker lost its connection");
	stuck_observe(s, x, y);
	if (t->n < SAMPLES_MAX)
		t->ms[t->n++] = (double)(now_us() - t0) / 1000.0;
	if (bd_client_read(&s->picker, &r, 10000) != 1)
		die("the picker's pick got no reply");
	while (r.kind == BD_MSG_EVENT)
		bd_client_read(&s->picker, &r, 10000);
}

/* qsort order of latencies. */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Print median, 99th percentile and worst of a set of latencies. */
static void stuck_report(const char *what, struct timing *t)
{
	qsort(t->ms, t->n, sizeof t->ms[0], cmp_double);
	if (t->n == 0)
		die("no latency samples %s", what);
	say("event latency %s: %u events, median %.3f ms, p99 %.3f ms, worst %.3f ms", what, t->n,
	    t->ms[t->n / 2], t->ms[t->n * 99 / 100], t->ms[t->n - 1]);
}

/* Flip card 0 0 up and down `cycles` times, or until the stuck player leaves (cycles 0). */
static void stuck_flip(struct stuck *s, unsigned cycles, struct timing *t)
{
	for (unsigned i = 0; cycles ? i < cycles : s->leave_seq == 0; i++) {
		if (i > SAMPLES_MAX / 2)
			die("the stuck player was not dropped after %u picks", i * 2);
		stuck_pick(s, 0, 0, t);
		stuck_pick(s, 0, 0, t);
	}
}

/* Account for one complete line the stuck player received. */
static void stuck_line(const char *line, uint64_t *last, int *err)
{
	if (strncmp(line, "EVENT ", 6) == 0) {
		uint64_t seq = strtoull(line + 6, NULL, 10);
		if (seq > *last)
			*last = seq;
	}
	*err |= strncmp(line, "ERR backlog", 11) == 0;
}

/* Feed received bytes through the line being assembled (line, *n). */
static void stuck_bytes(const char *buf, size_t len, char *line, size_t *n, uint64_t *last, int *err)
{
	for (size_t i = 0; i < len; i++) {
		if (buf[i] != '\n') {
			if (*n < BD_LINE_MAX)
				line[(*n)++] = buf[i];
			continue;
		}
		line[*n] = '\0';
		stuck_line(line, last, err);
		*n = 0;
	}
}

/* Read out the stuck player's socket to its end: the newest complete event it got, the
 * bytes of a trailing partial line, the bytes read, and whether ERR backlog came. */
static void stuck_drain(struct bd_client *c, uint64_t *last, size_t *partial, size_t *total, int *err)
{
	struct bd_msg m;
	char line[BD_LINE_MAX + 1], buf[65536];
	size_t n = 0;
	ssize_t r;

	while (bd_client_next(c, &m)) /* what the library read while joining */
		stuck_line(m.line, last, err);
	stuck_bytes(c->rbuf, c->rlen, line, &n, last, err);
	while ((r = recv(c->fd, buf, sizeof buf, 0)) > 0) {
		*total += (size_t)r;
		stuck_bytes(buf, (size_t)r, line, &n, last, err);
	}
	if (r < 0)
		die("reading the stuck player's socket failed");
	*partial = n;
}

/* The stuck player was dropped; check it was only once past the bound. */
static void stuck_check(struct stuck *s, long backlog)
{
	uint64_t last = 0;
	size_t partial = 0, total = 0, unsent = 0;
	int err = 0;

	stuck_drain(&s->stuck, &last, &partial, &total, &err);
	for (uint64_t q = last + 1; q < s->leave_seq && q < SEQ_MAX; q++)
		unsent += s->len[q];
	unsent -= partial;
	say("stuck player: its socket still held %zu bytes (the kernel's buffer), then end of file; %s",
	    total, err ? "ERR backlog came last" : "no room was left for ERR backlog");
	say("stuck player: %zu bytes of events were never sent to it, bound %ld (over by %ld)", unsent,
	    backlog, (long)unsent - backlog);
	if ((long)unsent <= backlog)
		die("the stuck player was dropped with only %zu bytes unsent, within the bound %ld", unsent, backlog);
}

/* The command: latency alone, latency with a stuck player, then its drop. */
int cmd_stuck(void)
{
	static struct stuck s;
	struct timing alone = {0}, stuck = {0};
	long picks = opt_num("picks", 2000), backlog = opt_num("backlog", 262144);

	opts_done();
	s.len = calloc(SEQ_MAX, sizeof s.len[0]);
	alone.ms = malloc(SAMPLES_MAX * sizeof(double));
	stuck.ms = malloc(SAMPLES_MAX * sizeof(double));
	if (s.len == NULL || alone.ms == NULL || stuck.ms == NULL)
		die("out of memory");
	s.stuck.fd = -1;
	player_enter(&s.observer, "observer", BD_ROLE_SPECTATOR);
	player_enter(&s.picker, "picker", BD_ROLE_PLAYER);
	stuck_flip(&s, (unsigned)picks / 2, &alone);
	stuck_report("with every client reading", &alone);
	player_enter(&s.stuck, "stuck", BD_ROLE_PLAYER);
	int64_t t0 = now_us();
	stuck_flip(&s, 0, &stuck);
	stuck_report("while a player does not read", &stuck);
	say("the stuck player was dropped after %.1f s and %u events", (double)(now_us() - t0) / 1e6, stuck.n);
	stuck_check(&s, backlog);
	board_settled(1, 2);
	bd_client_close(&s.stuck);
	bd_client_close(&s.picker);
	bd_client_close(&s.observer);
	free(s.len);
	free(alone.ms);
	free(stuck.ms);
	say("stuck: ok");
	return 0;
}
