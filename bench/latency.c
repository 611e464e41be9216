/* latency.c: pick round trip, fan-out and join, each against its floor. boardd and the
 * floor take turns batch by batch, so drift in the machine's load hits both alike. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

static struct mem sup_mem, worker_mem;   /* boardd with 64 spectators, from the fan-out run */
static unsigned worker_n;

/* Pick round trips of one player on a board of dim, batches taking turns with the floor.
 * The bench is kept on CPU 0 and the server (boardd's worker, the floor's answering
 * process) on CPU cpu: where they run decides the cost of every wake-up (on a VM, waking
 * an idle CPU is dear), and unpinned processes would land differently in each batch. */
static void latency_pick_dim(const struct plan *pl, unsigned dim, int cpu)
{
	char board[16], name[80];
	const char *extra[] = {"--board", board, NULL};
	struct samples got = {0}, base = {0};
	struct target t;
	struct player p = {.c.fd = -1};

	snprintf(board, sizeof board, "main:%u", dim);
	if (target_start(&t, extra) < 0)
		return;
	proc_pin(0, 0);
	if (player_attach(&p, &t, "main", BD_ROLE_PLAYER, 1) == 0 &&
	    proc_pin(p.priv->players[p.c.player].worker_pid, cpu) == 0 &&
	    player_rounds(&p, 100, NULL, NULL, 0, NULL) == 0)
		for (unsigned b = 0; b < pl->batches; b++) {
			if (player_rounds(&p, pl->rounds, &got, NULL, 0, NULL) < 0)
				break;
			floor_pingpong(&base, pl->rounds, p.reply, dim, 0, cpu);
		}
	proc_pin(0, -1);
	snprintf(name, sizeof name, "pick round trip (1 player, %ux%u), %s", dim, dim,
		 cpu == 0 ? "one CPU" : "two CPUs");
	report_latency("pick", name, &got, &base, "socket ping-pong, same bytes");
	if (cpu == 0)
		report_note("pick on %ux%u: %zu-byte request, %zu-byte reply (OK line and its event), as measured",
			    dim, dim, p.req_bytes, strlen(p.reply));
	player_detach(&p);
	target_stop(&t);
	samples_free(&got);
	samples_free(&base);
}

void latency_pick(const struct plan *pl)
{
	for (int cpu = 0; cpu < 2 && cpu < sysconf(_SC_NPROCESSORS_ONLN); cpu++) {
		latency_pick_dim(pl, 4, cpu);
		latency_pick_dim(pl, 32, cpu);
	}
}

/* One fan-out measurement: boardd's rounds, the plain floor's and the design floor's. */
struct fanout_run {
	struct samples got, base, design;
	int64_t dcpu, fcpu; /* boardd's server CPU, the floor writer's */
	unsigned picks;
};

/* The batches, taking turns: boardd (p picking, crew c reading), floor f, design floor r. */
static void latency_fanout_batches(const struct plan *pl, const struct target *t, struct player *p,
				   struct crew *c, struct fanout *f, struct fanout *r, struct fanout_run *fr)
{
	unsigned k = c->n, rounds = pl->rounds / (2 + k / 16) + 1;

	for (unsigned b = 0; b < pl->batches; b++, fr->picks += rounds) {
		int64_t d0 = target_cpu_ns(t);
		if (player_rounds(p, rounds, NULL, c, k, &fr->got) < 0)
			break;
		fr->dcpu += target_cpu_ns(t) - d0;
		int64_t f0 = proc_cpu_ns(getpid());
		floor_fanout_rounds(f, &fr->base, rounds);
		fr->fcpu += proc_cpu_ns(getpid()) - f0;
		floor_fanout_rounds(r, &fr->design, rounds);
	}
}

/* The three rows of a fan-out to k. */
static void latency_fanout_report(unsigned k, struct fanout_run *fr)
{
	char name[64];

	snprintf(name, sizeof name, "fan-out to %u spectators, all read", k);
	report_latency("fanout", name, &fr->got, &fr->base, "1 writer to K sockets, K readers");
	snprintf(name, sizeof name, "design floor: eventfd wakes %u relays, all read", k);
	report_latency("fanout", name, &fr->design, &fr->base, "1 writer to K sockets, K readers");
	snprintf(name, sizeof name, "server CPU per event, %u spectators", k);
	report_value("fanout", name, "us", fr->picks ? (double)fr->dcpu / 1e3 / fr->picks : NAN,
		     fr->picks ? (double)fr->fcpu / 1e3 / fr->picks : NAN, "the floor's writer process",
		     "boardd: supervisor + every worker");
	samples_free(&fr->got);
	samples_free(&fr->base);
	samples_free(&fr->design);
}

/* Fan-out to k spectators on its own daemon, batches alternating with both floors. */
static void latency_fanout_k(const struct plan *pl, unsigned k)
{
	const char *extra[] = {"--board", "main:32", NULL};
	struct listen_arg la = {.role = BD_ROLE_SPECTATOR};
	struct fanout_run fr = {0};
	struct crew c = {0};
	struct fanout f = {0}, r = {0};
	struct target t;
	struct player p = {.c.fd = -1};

	if (target_start(&t, extra) < 0)
		return;
	la.t = &t;
	if (crew_start(&c, k, player_listener, &la) == 0 && player_attach(&p, &t, "main", BD_ROLE_PLAYER, 0) == 0 &&
	    player_rounds(&p, 20, NULL, &c, k, &fr.got) == 0 && floor_fanout_start(&f, k, p.event_line, 0) == 0 &&
	    floor_fanout_start(&r, k, p.event_line, 1) == 0) {
		fr.got.n = 0; /* the first rounds only warm up */
		if (k == 64) {
			proc_mem(t.pid, &sup_mem);
			proc_children_mem(t.pid, &worker_mem, &worker_n);
		}
		latency_fanout_batches(pl, &t, &p, &c, &f, &r, &fr);
	}
	latency_fanout_report(k, &fr);
	floor_fanout_stop(&r);
	floor_fanout_stop(&f);
	player_detach(&p);
	crew_stop(&c);
	target_stop(&t);
}

void latency_fanout(const struct plan *pl)
{
	static const unsigned ks[] = {1, 8, 64, 256};

	for (unsigned i = 0; i < (pl->quick ? 3u : 4u); i++)
		latency_fanout_k(pl, ks[i]);
}

void latency_joins(const struct target *t, unsigned rounds, struct samples *out)
{
	static struct bd_pub snap;
	struct bd_client c;
	char err[256];

	for (unsigned i = 0; i < rounds; i++) {
		int64_t t0 = clock_ns();
		if (bd_client_connect(&c, t->sock, err, sizeof err) < 0 ||
		    bd_client_enter(&c, "joiner", BD_ROLE_PLAYER, "main", 0, t->prefix, err, sizeof err) < 0 ||
		    bd_snapshot(c.pub, &snap) < 0) {
			report_note("join failed: %s", err);
			bd_client_close(&c);
			return;
		}
		samples_add(out, (double)(clock_ns() - t0) / 1e3);
		bd_client_close(&c);
	}
}

/* Join on a board of dim; with the floor's memory for the memory figures. */
static void latency_join_dim(const struct plan *pl, unsigned dim, struct mem *fparent, struct mem *fchild)
{
	char board[16], name[64];
	const char *extra[] = {"--board", board, NULL};
	struct samples got = {0}, base = {0};
	struct target t;
	unsigned rounds = pl->rounds / 4;

	snprintf(board, sizeof board, "main:%u", dim);
	if (target_start(&t, extra) < 0)
		return;
	latency_joins(&t, 10, &got);
	got.n = 0;
	for (unsigned b = 0; b < pl->batches; b++) {
		latency_joins(&t, rounds, &got);
		floor_join(&base, rounds, fparent, fchild);
	}
	snprintf(name, sizeof name, "join: connect+hello+join+snapshot, %ux%u", dim, dim);
	report_latency("join", name, &got, &base, "forking server, same lines, mmap+copy");
	target_stop(&t);
	samples_free(&got);
	samples_free(&base);
}

void latency_join(const struct plan *pl)
{
	struct mem fparent = {0}, fchild = {0};

	latency_join_dim(pl, 4, &fparent, &fchild);
	latency_join_dim(pl, 32, &fparent, &fchild);
	report_value("memory", "supervisor RSS (1 board 32x32, 65 conns)", "KiB", sup_mem.rss_kb, fparent.rss_kb,
		     "forking floor server", NULL);
	report_value("memory", "supervisor PSS", "KiB", sup_mem.pss_kb, fparent.pss_kb, "forking floor server", NULL);
	char note[64];
	snprintf(note, sizeof note, "mean of %u workers", worker_n);
	report_value("memory", "per-connection worker RSS", "KiB", worker_mem.rss_kb, fchild.rss_kb,
		     "floor server's child", note);
	report_value("memory", "per-connection worker PSS", "KiB", worker_mem.pss_kb, fchild.pss_kb,
		     "floor server's child", note);
}
