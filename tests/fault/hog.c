/* hog.c: one user trying to take everything, run as an unprivileged user against a daemon
 * with per-uid limits.
 * `bd-fault hog --limit L`: a spectator joins and stays quiet; then connections are opened
 * one a millisecond and left silent, at least --attempts of them and until --until FILE
 * exists (--ready FILE is made once L are open). Checks: never more than L open at once,
 * every other attempt refused with the exact ERR limit line; with --idle-ms I, each silent
 * connection gets `ERR idle` no sooner than I ms after it was greeted, then is closed, and
 * --idles of them at least are seen; the quiet spectator is still served at the end.
 * --limit 0 only counts (for measuring a daemon without limits): it holds every greeted
 * connection for --hold-ms and reports what the others got.
 * `bd-fault grab --conns N --limit S`: N connections join as players; exactly S get a seat,
 * the others the exact ERR limit line; the public segment shows S seats of this uid; they
 * are held, silent, until --until FILE exists (--ready FILE once seated), and then still
 * answer. --limit 0 only counts. */
#include "fault.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HOG_MAX 4096

struct hog {
	struct bd_client c[HOG_MAX];
	int64_t since_us[HOG_MAX]; /* when each was opened */
	unsigned n, most;          /* open now, most open at once */
	long limit, idle_ms;
	long attempts, greeted, refused, busy, idles;
	char want[160];            /* the refusal a connection past the limit must get */
};

static struct hog hog;

/* Make an empty file (the test's signal that a stage is reached). */
static void hog_touch(const char *path)
{
	FILE *f = path ? fopen(path, "w") : NULL;

	if (path != NULL && (f == NULL || fclose(f) != 0))
		die("cannot create %s", path);
}

/* One more connection, kept if greeted; a refusal is checked against the limit's line. */
static void hog_open(void)
{
	char path[108], err[256];
	struct bd_client *c = &hog.c[hog.n];

	int64_t t = now_us(); /* before the daemon can have started the connection's deadline */

	bd_default_socket(path, sizeof path);
	hog.attempts++;
	if (bd_client_connect(c, path, err, sizeof err) == 0) {
		hog.since_us[hog.n++] = t;
		hog.greeted++;
	} else if (strstr(err, "refused the connection: busy") != NULL)
		hog.busy++;
	else if (hog.limit == 0 || strstr(err, hog.want) != NULL)
		hog.refused++;
	else
		die("connection %ld: not the limit's refusal '%s' but: %s", hog.attempts, hog.want, err);
}

/* Read what each open connection got: an ERR idle then the close, or nothing yet. */
static void hog_poll(void)
{
	struct bd_msg m;

	for (unsigned i = 0; i < hog.n; i++) {
		int closed = bd_client_fill(&hog.c[i]) < 0, idle = 0;
		while (bd_client_next(&hog.c[i], &m))
			if (m.kind == BD_MSG_ERR && strcmp(m.word, "idle") == 0)
				idle = 1;
			else
				die("a silent connection got '%s %s'", m.word, m.text);
		if (idle) {
			long ms = (long)((now_us() - hog.since_us[i]) / 1000);
			if (hog.idle_ms == 0 || ms < hog.idle_ms)
				die("ERR idle after %ld ms, before the deadline of %ld ms", ms, hog.idle_ms);
			hog.idles++;
			closed = 1; /* the daemon closes it; so do we */
		} else if (closed)
			die("a silent connection was closed without ERR idle");
		if (closed) {
			bd_client_close(&hog.c[i]);
			hog.c[i] = hog.c[--hog.n];
			hog.since_us[i] = hog.since_us[hog.n];
			i--;
		}
	}
}

/* Close every connection held. */
static void hog_close_all(void)
{
	for (unsigned i = 0; i < hog.n; i++)
		bd_client_close(&hog.c[i]);
	hog.n = 0;
}

/* The command: flood within the limit while the test lets another user play. */
int cmd_hog(void)
{
	struct bd_client watcher;
	struct bd_msg r;
	long min = opt_num("attempts", 1000), min_idles = opt_num("idles", 1), max_s = opt_num("seconds", 90);
	long hold_ms = opt_num("hold-ms", 0);
	const char *until = opt_str("until", NULL), *ready = opt_str("ready", NULL);

	hog.limit = opt_num("limit", 16);
	hog.idle_ms = opt_num("idle-ms", 0);
	opts_done();
	snprintf(hog.want, sizeof hog.want, "refused the connection: limit too many connections for uid %u (limit %ld)",
		 (unsigned)getuid(), hog.limit);
	player_enter(&watcher, "watcher", BD_ROLE_SPECTATOR);
	int64_t t0 = now_us(), end = t0 + max_s * 1000000;
	for (int at_limit = 0;; sleep_us(1000)) {
		if (hog.n < HOG_MAX - 1)
			hog_open();
		if (hog.limit > 0)
			hog_poll(); /* after the open: a close the daemon saw before it is read by now */
		hog.most = hog.n > hog.most ? hog.n : hog.most;
		if (hog.limit > 0 && hog.n + 1 > (unsigned)hog.limit) /* + 1: the quiet spectator */
			die("%u connections of uid %u open at once, beyond the limit %ld", hog.n + 1, (unsigned)getuid(), hog.limit);
		if (!at_limit && (hog.limit == 0 ? hog.attempts >= min : hog.n + 1 == (unsigned)hog.limit)) {
			hog_touch(ready);
			at_limit = 1;
		}
		/* Until the limit was reached once: workers of an earlier run may still be ending. */
		int done = hog.attempts >= min && (until == NULL || access(until, F_OK) == 0) &&
			   (hog.idle_ms == 0 || hog.idles >= min_idles) && (hog.limit == 0 || at_limit);
		if (done)
			break;
		if (now_us() > end)
			die("not done in %ld s: %ld attempts, %ld idle closes seen", max_s, hog.attempts, hog.idles);
	}
	say("hog: %ld connections tried in %.1f s by uid %u: %ld greeted (at most %u open besides a quiet spectator), "
	    "%ld refused with ERR limit, %ld with ERR busy; %ld closed with ERR idle",
	    hog.attempts, (double)(now_us() - t0) / 1e6, (unsigned)getuid(), hog.greeted, hog.most, hog.refused, hog.busy,
	    hog.idles);
	if (hold_ms > 0) {
		sleep_us(hold_ms * 1000);
		unsigned before = hog.n;
		for (unsigned i = 0; i < hog.n; i++)
			if (bd_client_fill(&hog.c[i]) < 0 || bd_client_next(&hog.c[i], &r))
				before--;
		say("hog: after %ld ms more, %u of %u silent connections still open", hold_ms, before, hog.n);
	}
	if (player_request(&watcher, &r, "ping") != 0)
		die("the quiet spectator was not answered: %s %s", r.word, r.text);
	if (hog.limit > 0 && hog.refused == 0)
		die("nothing was refused at the limit %ld", hog.limit);
	say("hog: the quiet spectator is still served; ok");
	hog_close_all();
	bd_client_close(&watcher);
	return 0;
}

/* Connect, waiting out (10 s at most) connections of an earlier run still ending. */
static void grab_connect(struct bd_client *c)
{
	char path[108], err[256];

	bd_default_socket(path, sizeof path);
	for (int64_t end = now_us() + 10000000; bd_client_connect(c, path, err, sizeof err) < 0; sleep_us(20000))
		if (strstr(err, "limit too many connections") == NULL || now_us() > end)
			die("%s", err);
}

/* One connection joins as a player: 1 seated, 0 refused (with the limit's line if limited). */
static int grab_join(struct bd_client *c, long i, long limit, const char *want)
{
	struct bd_msg r;

	grab_connect(c);
	if (player_request(c, &r, "hello grab%ld player", i) != 0)
		die("hello refused: %s %s", r.word, r.text);
	if (player_request(c, &r, "join %s", board_name()) == 0)
		return 1;
	if (limit > 0 && (strcmp(r.word, "limit") != 0 || strcmp(r.text, want) != 0))
		die("join %ld: not 'ERR limit %s' but 'ERR %s %s'", i, want, r.word, r.text);
	say("grab: join %ld refused: ERR %s %s", i, r.word, r.text);
	return 0;
}

/* The command: one uid tries to take every seat of the board. */
int cmd_grab(void)
{
	long n = opt_num("conns", 12), limit = opt_num("limit", 8), seated = 0, mine = 0;
	const char *until = opt_str("until", NULL), *ready = opt_str("ready", NULL);
	char want[128];

	opts_done();
	if (n < 1 || n > HOG_MAX)
		die("--conns wants 1 to %d", HOG_MAX);
	snprintf(want, sizeof want, "too many seats on this board for uid %u (limit %ld)", (unsigned)getuid(), limit);
	static char joined[HOG_MAX];
	const struct bd_pub *pub = pub_map(); /* before the joins: it connects to learn the name */
	for (long i = 0; i < n; i++)
		seated += joined[i] = (char)grab_join(&hog.c[i], i, limit, want);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		mine += pub->players[i].state != BD_PLAYER_EMPTY && pub->players[i].uid == getuid();
	say("grab: %ld of %ld joins by uid %u seated; the board shows %ld seats of this uid", seated, n,
	    (unsigned)getuid(), mine);
	if (limit > 0 && (seated != limit || mine != limit))
		die("want exactly %ld seats of this uid", limit);
	hog_touch(ready);
	for (int64_t end = now_us() + 90000000; until != NULL && access(until, F_OK) != 0; sleep_us(20000))
		if (now_us() > end)
			die("%s did not appear in 90 s", until);
	/* However long they were silent, joined players are never closed for it. */
	struct bd_msg r;
	for (long i = 0; i < n; i++)
		if (joined[i] && player_request(&hog.c[i], &r, "ping") != 0)
			die("seated connection %ld was not answered: %s %s", i, r.word, r.text);
	hog.n = (unsigned)n;
	hog_close_all();
	say("grab: every seated connection still served; ok");
	return 0;
}
