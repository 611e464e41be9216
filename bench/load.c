/* load.c: throughput, region size and scale: many clients at once on one daemon. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

#define RUNS_MAX 9

static struct rate floor16 = {NAN, NAN, NAN, NAN}; /* the floor for 16 clients, for the region rows */

/* A crew member that attaches as a player and plays until stopped. */
static void load_bot(struct crew_shm *sh, unsigned i, void *arg)
{
	struct player p;
	int ok = player_attach(&p, arg, "main", BD_ROLE_PLAYER, i + 7) == 0;

	crew_ready(sh, ok);
	if (ok)
		player_play(&p, sh, i);
}

/* CPU time of the daemon under test (arg: its target), for crew_rate. */
static int64_t load_cpu(const void *arg)
{
	return target_cpu_ns(arg);
}

/* One throughput run: n bots on a 32x32 board with regions of side region; first, if
 * join is not NULL, 20 joins on the fresh daemon. */
static int load_run(unsigned n, const char *region, int ms, struct rate *r, struct samples *join)
{
	const char *extra[] = {"--board", "main:32", "--region-size", region, NULL};
	struct crew c = {0};
	struct target t;
	int rc = -1;

	if (target_start(&t, extra) < 0)
		return -1;
	if (join != NULL)
		latency_joins(&t, 20, join);
	if (crew_start(&c, n, load_bot, &t) == 0) {
		crew_rate(&c, ms / 5, ms, load_cpu, &t, r);
		rc = 0;
	}
	crew_stop(&c);
	target_stop(&t);
	return rc;
}

void load_median(const struct rate *r, unsigned runs, struct rate *med)
{
	double plays[RUNS_MAX], oks[RUNS_MAX], events[RUNS_MAX], cpu[RUNS_MAX];

	for (unsigned i = 0; i < runs; i++) {
		plays[i] = r[i].plays_s;
		oks[i] = r[i].oks_s;
		events[i] = r[i].events_s;
		cpu[i] = r[i].cpu_us_per_play;
	}
	med->plays_s = samples_median(plays, runs);
	med->oks_s = samples_median(oks, runs);
	med->events_s = samples_median(events, runs);
	med->cpu_us_per_play = samples_median(cpu, runs);
}

/* Repeated runs of boardd (region) and, unless fl is NULL, of the floor, taking turns. */
static void load_series(const struct plan *pl, unsigned n, const char *region, struct rate *d, struct rate *fl)
{
	struct rate dr[RUNS_MAX], fr[RUNS_MAX];
	unsigned runs = pl->runs < RUNS_MAX ? pl->runs : RUNS_MAX, nd = 0, nf = 0;

	for (unsigned i = 0; i < runs; i++) {
		nd += load_run(n, region, pl->run_ms, &dr[nd], NULL) == 0;
		if (fl != NULL)
			nf += floor_serve(&fr[nf], n, pl->run_ms) == 0;
	}
	*d = (struct rate){NAN, NAN, NAN, NAN};
	if (nd)
		load_median(dr, nd, d);
	if (fl != NULL && (*fl = (struct rate){NAN, NAN, NAN, NAN}, nf))
		load_median(fr, nf, fl);
}

/* The three throughput rows of one configuration. */
static void load_report(const char *section, const char *what, const struct rate *d, const struct rate *f)
{
	char name[72], note[64];

	snprintf(name, sizeof name, "plays/s, %s", what);
	snprintf(note, sizeof note, "%.0f of them OK/s; median of runs", d->oks_s);
	report_value(section, name, "/s", d->plays_s, f->plays_s, "1-process server, same sockets", note);
	snprintf(name, sizeof name, "events delivered/s, %s", what);
	report_value(section, name, "/s", d->events_s, f->events_s, "1-process server, same sockets", NULL);
	snprintf(name, sizeof name, "daemon CPU per play, %s", what);
	report_value(section, name, "us", d->cpu_us_per_play, f->cpu_us_per_play, "1-process server, same sockets",
		     "supervisor + every worker");
}

void load_throughput(const struct plan *pl)
{
	static const unsigned ns[] = {1, 4, 16, 64};
	struct rate d, f;
	char what[48];

	for (unsigned i = 0; i < 4; i++) {
		if (pl->quick && ns[i] != 1 && ns[i] != 16)
			continue;
		load_series(pl, ns[i], "2", &d, &f);
		snprintf(what, sizeof what, "%u bot%s, 32x32", ns[i], ns[i] == 1 ? "" : "s");
		load_report("throughput", what, &d, &f);
		if (ns[i] == 16)
			floor16 = f;
	}
}

/* Region sizes take turns run by run, so that load from elsewhere hits them alike. */
void load_regions(const struct plan *pl)
{
	static const char *const sides[] = {"1", "2", "4", "8", "32"};
	struct rate r[5][RUNS_MAX], d;
	struct samples join[5] = {{0}};
	unsigned runs = pl->runs < RUNS_MAX ? pl->runs : RUNS_MAX, n[5] = {0};
	char what[48];

	for (unsigned k = 0; k < runs; k++)
		for (unsigned i = 0; i < 5; i++)
			n[i] += load_run(16, sides[i], pl->run_ms, &r[i][n[i]], &join[i]) == 0;
	for (unsigned i = 0; i < 5; i++) {
		d = (struct rate){NAN, NAN, NAN, NAN};
		if (n[i])
			load_median(r[i], n[i], &d);
		snprintf(what, sizeof what, "16 bots, region %sx%s", sides[i], sides[i]);
		load_report("region", what, &d, &floor16);
		snprintf(what, sizeof what, "join 32x32, region %sx%s", sides[i], sides[i]);
		report_latency("region", what, &join[i], NULL, NULL);
		samples_free(&join[i]);
	}
}

/* Picks on a loaded daemon: round trip, fan-out to k of the crew, daemon CPU per pick;
 * batches take turns with a fan-out floor of k readers and a ping-pong floor, both paced
 * like the picks (crew_settle_ms). */
static void load_picks(const struct plan *pl, const struct target *t, struct crew *c, const char *board,
		       unsigned k, const char *what)
{
	struct samples rtt = {0}, fan = {0}, base = {0}, pong = {0};
	struct player p = {.c.fd = -1};
	struct fanout f = {0};
	unsigned rounds = pl->rounds / 20 + 1, picks = 0;
	int64_t cpu = 0;
	char name[72];

	if (player_attach(&p, t, board, BD_ROLE_PLAYER, 3) == 0 && player_rounds(&p, 5, NULL, c, k, &fan) == 0 &&
	    floor_fanout_start(&f, k, p.event_line, 0) == 0) {
		fan.n = 0;
		for (unsigned b = 0; b < pl->batches; b++, picks += rounds) {
			int64_t cpu0 = target_cpu_ns(t);
			if (player_rounds(&p, rounds, &rtt, c, k, &fan) < 0)
				break;
			cpu += target_cpu_ns(t) - cpu0;
			floor_fanout_rounds(&f, &base, rounds);
			floor_pingpong(&pong, rounds, p.reply, p.c.dim, crew_settle_ms(k), -1);
		}
	}
	snprintf(name, sizeof name, "pick round trip, %s", what);
	report_latency("scale", name, &rtt, &pong, "socket ping-pong, same bytes and pauses");
	snprintf(name, sizeof name, "fan-out to the %u others on the board, %s", k, what);
	report_latency("scale", name, &fan, &base, "1 writer to K sockets, K readers");
	snprintf(name, sizeof name, "daemon CPU per pick, %s", what);
	report_value("scale", name, "us", picks ? (double)cpu / 1e3 / picks : NAN, NAN, NULL, "supervisor + every worker");
	floor_fanout_stop(&f);
	player_detach(&p);
	samples_free(&rtt);
	samples_free(&fan);
	samples_free(&base);
	samples_free(&pong);
}

/* Attach n listeners (la) to a running daemon and report the time and memory it took. */
static int load_attach(struct crew *c, unsigned n, struct listen_arg *la, const char *what)
{
	char name[72], note[64];
	struct mem sup, w;
	unsigned nw;
	int64_t t0 = clock_ns();

	if (crew_start(c, n, player_listener, la) < 0) {
		report_note("%s: could not attach %u clients (see the daemon log)", what, n);
		return -1;
	}
	snprintf(name, sizeof name, "attach %u of the players, %s", n, what);
	report_value("scale", name, "s", (double)(clock_ns() - t0) / 1e9, NAN, NULL, "connect+hello+join, 32 clients at a time");
	if (proc_mem(la->t->pid, &sup) == 0 && proc_children_mem(la->t->pid, &w, &nw) == 0) {
		snprintf(name, sizeof name, "worker RSS / PSS, %s", what);
		snprintf(note, sizeof note, "PSS %.0f KiB; mean of %u; supervisor RSS %.0f KiB", w.pss_kb, nw, sup.rss_kb);
		report_value("scale", name, "KiB", w.rss_kb, NAN, NULL, note);
	}
	return 0;
}

void load_scale(const struct plan *pl)
{
	const char *extra[] = {"--board", "main:32", NULL};
	struct listen_arg la = {.role = BD_ROLE_PLAYER};
	struct crew c = {0};
	struct target t;
	char what[48];

	snprintf(what, sizeof what, "%u players on one board", pl->scale_clients);
	if (target_start(&t, extra) < 0)
		return;
	la.t = &t;
	if (load_attach(&c, pl->scale_clients - 1, &la, what) == 0)
		load_picks(pl, &t, &c, "main", pl->scale_clients - 1, what);
	crew_stop(&c);
	target_stop(&t);
}

void load_boards(const struct plan *pl)
{
	static char names[256][16];
	const char *extra[2 * 256 + 1];
	struct listen_arg la = {.role = BD_ROLE_PLAYER, .per_board = 10};
	unsigned nb = pl->scale_boards < 256 ? pl->scale_boards : 256;
	struct crew c = {0};
	struct target t;
	char what[48];

	for (unsigned i = 0; i < nb; i++) {
		snprintf(names[i], sizeof names[i], "b%u:8", i);
		extra[2 * i] = "--board";
		extra[2 * i + 1] = names[i];
	}
	extra[2 * nb] = NULL;
	snprintf(what, sizeof what, "%u boards of 10 players", nb);
	if (target_start(&t, extra) < 0)
		return;
	la.t = &t;
	if (load_attach(&c, 10 * nb - 1, &la, what) == 0)
		load_picks(pl, &t, &c, "b0", 9, what);
	crew_stop(&c);
	target_stop(&t);
}
