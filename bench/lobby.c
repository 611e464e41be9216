/* lobby.c: matchmaking latency. With N players already waiting in the tic-tac-toe queue,
 * each naming an opponent nobody is (so the matcher scans past every one of them and none is
 * ever matched), one player plays and waits, then a second sends `play tictactoe` and is
 * timed until its `EVENT 0 matched`: the supervisor scans the queue, makes the table and
 * tells both. The floor: a ping-pong on a socketpair answering `play` with the same bytes,
 * after the same pause. boardd and the floor take turns batch by batch. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define LOBBY_WAIT_MS "3600000" /* the waiting players' countdown: longer than the run */
#define LOBBY_ROUNDS 10         /* matches per batch */
#define LOBBY_ALONE "tictactoe opponent=nobody" /* a wish nobody waiting shares */

/* Connect as name and say hello as a player; 0, or -1 with a message. */
static int lobby_hello(struct bd_client *c, const struct target *t, const char *name)
{
	char err[256];
	struct bd_msg r;

	if (bd_client_connect(c, t->sock, err, sizeof err) < 0) {
		fprintf(stderr, "boardd-bench: lobby: %s\n", err);
		return -1;
	}
	if (bd_client_request(c, &r, NULL, NULL, "hello %s player", name) != 0) {
		fprintf(stderr, "boardd-bench: lobby: hello %s refused\n", name);
		return -1;
	}
	return 0;
}

/* Read events until one named word (its line into m), keeping every line read in keep
 * (when not NULL); 0, or -1 if the connection ended or 10 s passed. */
static int lobby_await(struct bd_client *c, const char *word, struct bd_msg *m, char *keep, size_t len)
{
	for (int64_t end = clock_ns() + 10000000000LL; clock_ns() < end;) {
		int rc = bd_client_read(c, m, 1000);
		if (rc < 0)
			return -1;
		if (rc == 1 && keep != NULL)
			snprintf(keep + strlen(keep), len - strlen(keep), "%s\n", m->line);
		if (rc == 1 && m->kind == BD_MSG_EVENT && strcmp(m->word, word) == 0)
			return 0;
	}
	return -1;
}

/* Send `play ...` and wait for its OK; 0, or -1. The OK line goes into keep. */
static int lobby_play(struct bd_client *c, const char *how, char *keep, size_t len)
{
	struct bd_msg r;

	if (bd_client_request(c, &r, NULL, NULL, "play %s", how) != 0) {
		fprintf(stderr, "boardd-bench: lobby: play %s: %s %s\n", how, r.word, r.text);
		return -1;
	}
	if (keep != NULL)
		snprintf(keep + strlen(keep), len - strlen(keep), "%s\n", r.line);
	return 0;
}

/* A waiting player (crew member i): it names an opponent nobody is and reads its countdown
 * until stopped; plays counts the wait events read, oks anything else (none is expected). */
static void lobby_waiter(struct crew_shm *sh, unsigned i, void *arg)
{
	const struct target *t = arg;
	struct bd_client c = {.fd = -1};
	struct bd_msg m;
	char name[32], how[64];

	snprintf(name, sizeof name, "w%u", i);
	snprintf(how, sizeof how, "tictactoe opponent=nobody-%u", i);
	int ok = lobby_hello(&c, t, name) == 0 && lobby_play(&c, how, NULL, 0) == 0 &&
		 lobby_await(&c, "wait", &m, NULL, 0) == 0;
	crew_ready(sh, ok);
	while (ok && bd_client_read(&c, &m, -1) == 1)
		if (m.kind == BD_MSG_EVENT && strcmp(m.word, "wait") == 0)
			__atomic_add_fetch(&sh->m[i].plays, 1, __ATOMIC_RELAXED);
		else
			__atomic_add_fetch(&sh->m[i].oks, 1, __ATOMIC_RELAXED);
	bd_client_close(&c);
}

/* After a match: both join the table, ann resigns, both close, so that the table is left
 * with no seat and no connection and can be retired. 0, or -1 if a join was refused. */
static int lobby_leave(struct bd_client *a, struct bd_client *b, const char *table)
{
	struct bd_msg r;

	if (bd_client_request(a, &r, NULL, NULL, "join %s", table) != 0 ||
	    bd_client_request(b, &r, NULL, NULL, "join %s", table) != 0) {
		report_note("lobby: a matched player could not join %s: %s %s", table, r.word, r.text);
		return -1;
	}
	bd_client_request(a, &r, NULL, NULL, "resign"); /* the match may not be on yet: no matter */
	return 0;
}

/* One match: ann plays and is in the queue (her wait event), then after pause_ms bob plays
 * and is timed until his matched event; the lines bob read go to reply. Both join, ann
 * resigns, both close. 0 or -1. */
static int lobby_match(const struct target *t, int pause_ms, struct samples *got, char *reply, size_t len)
{
	struct bd_client a = {.fd = -1}, b = {.fd = -1};
	struct bd_msg m, ma;
	int rc = -1;

	reply[0] = '\0';
	if (lobby_hello(&a, t, "ann") == 0 && lobby_hello(&b, t, "bob") == 0 &&
	    lobby_play(&a, "tictactoe", NULL, 0) == 0 && lobby_await(&a, "wait", &m, NULL, 0) == 0) {
		clock_sleep_ms(pause_ms);
		int64_t t0 = clock_ns();
		if (lobby_play(&b, "tictactoe", reply, len) == 0 && lobby_await(&b, "matched", &m, reply, len) == 0) {
			samples_add(got, (double)(clock_ns() - t0) / 1e3);
			/* both at the same table, or the queue matched someone else */
			if (lobby_await(&a, "matched", &ma, NULL, 0) == 0 && m.ntok >= 1 && ma.ntok >= 1 &&
			    strcmp(m.tok[0], ma.tok[0]) == 0)
				rc = lobby_leave(&a, &b, m.tok[0]);
			else
				report_note("lobby: bob matched at %s, ann not at the same table", m.ntok ? m.tok[0] : "?");
		}
	}
	bd_client_close(&a);
	bd_client_close(&b);
	return rc;
}

/* One player whose wish nobody shares (an opponent nobody is), timed from its play until
 * its first wait event: the queue scanned to its end, nothing matched, the player queued.
 * The lines it read go to reply; then it cancels and closes. 0 or -1. */
static int lobby_queued(const struct target *t, int pause_ms, struct samples *got, char *reply, size_t len)
{
	struct bd_client c = {.fd = -1};
	struct bd_msg m;
	int rc = -1;

	reply[0] = '\0';
	if (lobby_hello(&c, t, "cy") == 0) {
		clock_sleep_ms(pause_ms);
		int64_t t0 = clock_ns();
		if (lobby_play(&c, LOBBY_ALONE, reply, len) == 0 && lobby_await(&c, "wait", &m, reply, len) == 0) {
			samples_add(got, (double)(clock_ns() - t0) / 1e3);
			rc = bd_client_request(&c, &m, NULL, NULL, "cancel") == 0 ? 0 : -1;
		}
	}
	bd_client_close(&c);
	return rc;
}

/* Ask the daemon for `list` and return the number of waiting players it says; -1 if not. */
static long lobby_waiting(const struct target *t)
{
	struct bd_client c = {.fd = -1};
	struct bd_msg r;
	long n = -1;

	if (lobby_hello(&c, t, "probe") == 0 && bd_client_request(&c, &r, NULL, NULL, "list") == 0 && r.ntok >= 2)
		n = bd_parse_uint(r.tok[1]);
	bd_client_close(&c);
	return n;
}

/* The daemon's options for n waiting players and rounds matches: room for every
 * connection, no per-uid limit on queue places or tables, a countdown longer than the run,
 * no idle close of a quiet waiting connection, and a table for every match even if none
 * were retired before the run ends. */
static void lobby_options(const char **extra, char *conns, char *tables, unsigned n, unsigned rounds)
{
	snprintf(conns, 16, "%u", 2 * n + 64);
	snprintf(tables, 16, "%u", rounds + 64);
	const char *o[] = {"--max-connections", conns, "--max-waiting-per-uid", "0", "--max-tables-per-uid", "0",
			   "--max-tables", tables, "--lobby-wait-ms", LOBBY_WAIT_MS, "--idle-ms", "0", NULL};
	memcpy(extra, o, sizeof o);
}

/* Both measurements with n players waiting: got and base for `play` until matched, then
 * for `play` until queued (alone in its wish); the bytes boardd sent, for the floors. */
struct lobby_run {
	struct samples got[2], base[2];
	char reply[2][4 * BD_LINE_MAX];
};

/* The batches, each a round of matches, its floor, a round of players queued, its floor. */
static void lobby_batches(const struct plan *pl, const struct target *t, int pause, struct lobby_run *r)
{
	static const char *const request[2] = {"play tictactoe", "play " LOBBY_ALONE}, *const word[2] = {"matched", "wait"};
	int ok = 1;

	for (unsigned b = 0; b < pl->batches && ok; b++)
		for (unsigned k = 0; k < 2 && ok; k++) {
			for (unsigned i = 0; i < LOBBY_ROUNDS && ok; i++)
				ok = (k == 0 ? lobby_match : lobby_queued)(t, pause, &r->got[k], r->reply[k], sizeof r->reply[k]) == 0;
			if (ok)
				floor_lines(&r->base[k], LOBBY_ROUNDS, request[k], r->reply[k], word[k], pause);
		}
}

/* Matchmaking latency with n players waiting, batches taking turns with the floor. */
static void lobby_n(const struct plan *pl, unsigned n)
{
	char conns[16], tables[16], name[72];
	const char *extra[13];
	static struct lobby_run r;
	struct samples warm = {0};
	struct member sum;
	struct crew c = {0};
	struct target t;
	int pause = crew_settle_ms(n);

	memset(&r, 0, sizeof r);
	lobby_options(extra, conns, tables, n, pl->batches * LOBBY_ROUNDS + 2);
	if (target_start(&t, extra) < 0)
		return;
	int64_t t0 = clock_ns();
	if (crew_start(&c, n, lobby_waiter, &t) < 0 || lobby_waiting(&t) != (long)n)
		report_note("lobby: %u players did not all get into the queue (list says %ld waiting)", n,
			    lobby_waiting(&t));
	else if (lobby_match(&t, pause, &warm, r.reply[0], sizeof r.reply[0]) == 0) /* a warm-up */
		lobby_batches(pl, &t, pause, &r);
	double attach_s = (double)(clock_ns() - t0) / 1e9;
	long still = lobby_waiting(&t);
	crew_sum(&c, &sum);
	crew_stop(&c);
	target_stop(&t);
	snprintf(name, sizeof name, "play until matched, %u waiting", n);
	report_latency("lobby", name, &r.got[0], &r.base[0], "ping-pong, same bytes and pauses");
	snprintf(name, sizeof name, "play until queued (no match), %u waiting", n);
	report_latency("lobby", name, &r.got[1], &r.base[1], "ping-pong, same bytes and pauses");
	report_note("lobby, %u waiting: %.1f s from the first connection to the end; %ld still waiting then; they "
		    "read %llu countdown events and %llu others (0 expected)", n, attach_s, still,
		    (unsigned long long)sum.plays, (unsigned long long)sum.oks);
	for (unsigned k = 0; k < 2; k++)
		samples_free(&r.got[k]), samples_free(&r.base[k]);
	samples_free(&warm);
}

void lobby_matching(const struct plan *pl)
{
	const unsigned ns[] = {2, 100, pl->scale_clients};

	for (unsigned i = 0; i < 3; i++)
		lobby_n(pl, ns[i]);
}
