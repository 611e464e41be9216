/* view-compare: a table as a client on another host sees it (the "remote" socket, e.g. one
 * forwarded by ssh, read without shared memory) held against the view through the mapping on
 * the daemon's own socket (the "local" one), after every event, for tests/test-ssh.sh. Both
 * watch the table as spectators. After each event (a burst read at once counts as one), both
 * snapshots are taken, the local one before and after the remote one; when all three are of
 * the same event and the two local ones are alike (the table held still meanwhile), the
 * remote copy must equal the local one in every byte of [0, size) except the seqlock
 * counters (seq, region_seq: how the copy was read, not the state). Otherwise the table
 * moved on: it tries again a few times, and an event it never caught still is uncompared.
 * It prints "watching TABLE at SEQ", then "event SEQ compared|uncompared" per event, and
 * on SIGTERM or SIGINT "events N compared N comparisons N matched N mismatched N first SEQ
 * last SEQ" (comparisons: the views held against each other, the first at the start);
 * exit 0 only if nothing mismatched and at least --least percent of the events were
 * compared, 1 otherwise, 2 on bad usage. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ipc/client.h"

#define COMPARE_TRIES 20   /* reads of both views before an event counts as uncompared */
#define READ_WAIT_MS 200   /* how often a quiet loop looks at the stop flag */

struct views {
	struct bd_client local, remote;
	unsigned long events, compared;  /* events seen, and those a comparison covered */
	unsigned long matched, mismatched; /* comparisons made, by outcome */
	uint64_t first, last, upto; /* first and last event seen; every event to upto compared */
};

/* Three copies of the table: big, so not on the stack. */
static struct bd_pub local1, local2, remote1;
static volatile sig_atomic_t stop;

static void compare_stop(int sig)
{
	(void)sig;
	stop = 1;
}

/* Fail with a message (setup, a lost connection, a refused snapshot). */
static void __attribute__((noreturn)) compare_die(const char *fmt, const char *what)
{
	fprintf(stderr, "view-compare: ");
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	exit(1);
}

/* A snapshot of c into out with the seqlock counters cleared; dies if it fails. */
static void compare_snap(struct bd_client *c, struct bd_pub *out, const char *which)
{
	memset(out, 0, sizeof *out);
	if (bd_client_snapshot(c, out) != 0)
		compare_die("%s snapshot failed", which);
	out->seq = 0;
	memset(out->region_seq, 0, sizeof out->region_seq);
}

/* The first byte where a and b differ in [0, size) (a's size, both checked), or -1. */
static long compare_diff(const struct bd_pub *a, const struct bd_pub *b)
{
	const unsigned char *x = (const void *)a, *y = (const void *)b;

	if (a->size != b->size)
		return (long)offsetof(struct bd_pub, size);
	for (size_t i = 0; i < a->size; i++)
		if (x[i] != y[i])
			return (long)i;
	return -1;
}

/* Say where the remote copy differs from the local one. */
static void compare_report(const struct bd_pub *l, const struct bd_pub *r, long off)
{
	const char *part = off < (long)offsetof(struct bd_pub, departed) ? "header"
			   : off < (long)offsetof(struct bd_pub, players) ? "departed seats"
			   : off < (long)offsetof(struct bd_pub, area) ? "seats" : "game area";

	printf("MISMATCH at event %llu: byte %ld (%s): local %02x, remote %02x\n",
	       (unsigned long long)l->event_seq, off, part, ((const unsigned char *)l)[off],
	       ((const unsigned char *)r)[off]);
}

/* Both views at one event of the table: local, remote, local again, until the three are of
 * one event and the local ones alike, then the remote one held against them. 1 compared (at
 * *at), 0 the table kept moving. */
static int compare_once(struct views *v, uint64_t *at)
{
	for (int tries = 0; tries < COMPARE_TRIES && !stop; tries++) {
		compare_snap(&v->local, &local1, "local");
		compare_snap(&v->remote, &remote1, "remote");
		compare_snap(&v->local, &local2, "local");
		if (local1.event_seq == remote1.event_seq && local2.event_seq == local1.event_seq &&
		    compare_diff(&local1, &local2) < 0) {
			long off = compare_diff(&local1, &remote1);
			if (off >= 0)
				compare_report(&local1, &remote1, off);
			v->matched += off < 0;
			v->mismatched += off >= 0;
			*at = local1.event_seq;
			return 1;
		}
		struct timespec pause = {0, 10000000L * (tries + 1)};
		nanosleep(&pause, NULL);
	}
	return 0;
}

/* The table's events read so far (the remote connection's), the burst counted as one
 * comparison; the local connection's own copies of them are dropped. -1 if a connection
 * was lost. */
static int compare_events(struct views *v, const struct bd_msg *m)
{
	struct bd_msg next;
	uint64_t newest = m->seq, at;
	unsigned long n = 1;

	while (bd_client_next(&v->remote, &next))
		if (next.kind == BD_MSG_EVENT && next.seq > 0)
			newest = next.seq, n++;
	if (bd_client_fill(&v->local) < 0)
		return -1;
	while (bd_client_next(&v->local, &next))
		;
	if (v->first == 0)
		v->first = m->seq;
	v->last = newest;
	v->events += n;
	int done = newest <= v->upto || compare_once(v, &at);
	if (done && newest > v->upto)
		v->upto = at;
	v->compared += done ? n : 0;
	printf("event %llu %s\n", (unsigned long long)newest, done ? "compared" : "uncompared");
	fflush(stdout);
	return 0;
}

/* Connect to path and watch board as a spectator, with or without the mapping. */
static void compare_join(struct bd_client *c, const char *path, const char *board, const char *name, int no_shm)
{
	char err[256];

	if (bd_client_connect(c, path, err, sizeof err) < 0)
		compare_die("%s", err);
	c->no_shm = no_shm;
	if (bd_client_enter(c, name, BD_ROLE_SPECTATOR, board, 0, bd_default_prefix(), err, sizeof err) != 0)
		compare_die("%s", err);
	if ((c->pub == NULL) != no_shm)
		compare_die("the %s view has the wrong kind of copy", no_shm ? "remote" : "local");
}

/* Parse the command line into the sockets, the table and the least share compared. */
static void compare_usage(int argc, char **argv, const char **remote, const char **local, const char **board,
			  long *least)
{
	static const struct option longopts[] = {{"remote", required_argument, NULL, 'r'},
		{"local", required_argument, NULL, 'l'}, {"board", required_argument, NULL, 'b'},
		{"least", required_argument, NULL, 'p'}, {NULL, 0, NULL, 0}};
	int opt;

	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (opt == 'r')
			*remote = optarg;
		else if (opt == 'l')
			*local = optarg;
		else if (opt == 'b')
			*board = optarg;
		else if (opt != 'p' || (*least = bd_parse_uint(optarg)) < 0 || *least > 100)
			break;
	}
	if (opt != -1 || optind != argc || *remote == NULL || *local == NULL || *board == NULL) {
		fputs("usage: view-compare --remote PATH --local PATH --board TABLE [--least PERCENT]\n", stderr);
		exit(2);
	}
}

int main(int argc, char **argv)
{
	const char *remote = NULL, *local = NULL, *board = NULL;
	long least = 90;
	static struct views v;
	struct sigaction sa = {.sa_handler = compare_stop};
	struct bd_msg m;
	uint64_t at = 0;

	compare_usage(argc, argv, &remote, &local, &board, &least);
	if (sigaction(SIGTERM, &sa, NULL) < 0 || sigaction(SIGINT, &sa, NULL) < 0)
		compare_die("sigaction: %s", strerror(errno));
	compare_join(&v.local, local, board, "view-local", 0);
	compare_join(&v.remote, remote, board, "view-remote", 1);
	/* The view at the start, before any event. */
	if (!compare_once(&v, &at))
		compare_die("%s never held still", board);
	v.upto = at;
	printf("watching %s at %llu\n", board, (unsigned long long)at);
	fflush(stdout);
	while (!stop) {
		int rc = bd_client_read(&v.remote, &m, READ_WAIT_MS);
		if (rc < 0 || (rc > 0 && m.kind == BD_MSG_EVENT && m.seq > 0 && compare_events(&v, &m) < 0))
			compare_die("%s", "a connection was lost");
	}
	printf("events %lu compared %lu comparisons %lu matched %lu mismatched %lu first %llu last %llu\n", v.events,
	       v.compared, v.matched + v.mismatched, v.matched, v.mismatched, (unsigned long long)v.first, (unsigned long long)v.last);
	bd_client_close(&v.local);
	bd_client_close(&v.remote);
	return v.mismatched == 0 && v.compared * 100 >= v.events * (unsigned long)least ? 0 : 1;
}
