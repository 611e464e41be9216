/* stuck.c: `bd-fault stuck`. A picker flips one card up and down (pick X, then pick X again:
 * ERR filled and a `down ... repick` event), so that each pick makes exactly one event; an
 * observing spectator times each event from the pick's send to its arrival. First with no
 * one else, then while a player that does not read its socket is connected, until what it
 * was not sent (the observer's copy of every event since it joined, less what its socket
 * holds) exceeds --backlog (the daemon's --max-backlog, default 262144). Then the stuck
 * player reads: it was not dropped, it gets exactly one resync event and no gap in seqs,
 * and its pick is accepted.
 * Options: --picks N (2000, for the first phase), --backlog BYTES. */
#include "fault.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#define SAMPLES_MAX 400000

struct timing {
	double *ms;
	unsigned n;
};

struct stuck {
	struct bd_client picker, observer, stuck;
	uint64_t first_seq;   /* the stuck player was to get every event after this one */
	uint64_t bytes;       /* of the events since first_seq, as the observer got them */
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
		if (s->stuck.fd >= 0 && m.seq > s->first_seq)
			s->bytes += strlen(m.line) + 1;
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

/* Bytes the daemon must still hold for the stuck player, or must have dropped: what the
 * observer got since it joined, less what its socket holds. */
static long stuck_unsent(const struct stuck *s)
{
	int held = 0;

	if (s->stuck.fd < 0)
		return 0;
	if (ioctl(s->stuck.fd, FIONREAD, &held) < 0)
		die("FIONREAD on the stuck player's socket failed");
	return (long)s->bytes - held - (long)s->stuck.rlen;
}

/* Flip card 0 0 up and down `cycles` times, or (cycles 0) until the stuck player's unsent
 * events pass backlog. */
static void stuck_flip(struct stuck *s, unsigned cycles, long backlog, struct timing *t)
{
	for (unsigned i = 0; cycles ? i < cycles : stuck_unsent(s) <= backlog; i++) {
		if (i > SAMPLES_MAX / 2)
			die("the stuck player's events did not pass the bound after %u picks", i * 2);
		stuck_pick(s, 0, 0, t);
		stuck_pick(s, 0, 0, t);
	}
}

/* The command: latency alone, latency with a stuck player, then its resync. */
int cmd_stuck(void)
{
	static struct stuck s;
	static struct bd_pub snap;
	struct timing alone = {0}, stuck = {0};
	long picks = opt_num("picks", 2000), backlog = opt_num("backlog", 262144);

	opts_done();
	alone.ms = malloc(SAMPLES_MAX * sizeof(double));
	stuck.ms = malloc(SAMPLES_MAX * sizeof(double));
	if (alone.ms == NULL || stuck.ms == NULL)
		die("out of memory");
	s.stuck.fd = -1;
	player_enter(&s.observer, "observer", BD_ROLE_SPECTATOR);
	player_enter(&s.picker, "picker", BD_ROLE_PLAYER);
	stuck_flip(&s, (unsigned)picks / 2, backlog, &alone);
	stuck_report("with every client reading", &alone);
	player_enter(&s.stuck, "stuck", BD_ROLE_PLAYER);
	s.first_seq = __atomic_load_n(&pub_map()->event_seq, __ATOMIC_ACQUIRE);
	int64_t t0 = now_us();
	stuck_flip(&s, 0, backlog, &stuck);
	stuck_report("while a player does not read", &stuck);
	say("after %.1f s and %u events, at least %ld bytes of events were not sent to the stuck player "
	    "(bound %ld)", (double)(now_us() - t0) / 1e6, stuck.n, stuck_unsent(&s), backlog);
	if (lag_readout(&s.stuck, "stuck player", NULL) != 1)
		die("the stuck player did not get exactly one resync event");
	pub_snapshot(&snap);
	lag_pick(&s.stuck, &snap, "stuck player");
	board_settled(2, 3);
	bd_client_close(&s.stuck);
	bd_client_close(&s.picker);
	bd_client_close(&s.observer);
	free(alone.ms);
	free(stuck.ms);
	say("stuck: ok");
	return 0;
}
