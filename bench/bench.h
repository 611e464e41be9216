/* bench.h: boardd-bench, the benchmark behind `make bench` and docs/PERFORMANCE.md.
 *
 * Every figure is measured twice in one run on one machine: once through a real boardd
 * (started here, with its own socket and shm prefix) and once through the floor, the least
 * the kernel needs for the same work (plain UNIX sockets between processes). The report is
 * the ratio. Timings are never judged pass or fail here: the machine is shared and noisy. */
#ifndef BENCH_H
#define BENCH_H

#include <semaphore.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ipc/client.h"
#include "ipc/game/memory.h"

/* --- samples.c: the clock and sample sets ------------------------------------------- */
int64_t clock_ns(void);
void clock_sleep_ms(int ms);

struct samples {
	double *v;
	size_t n, cap;
};
void samples_add(struct samples *s, double v);
/* The p-th percentile (0..100), nearest rank; NAN when empty. Sorts the set. */
double samples_pct(struct samples *s, double p);
double samples_median(const double *v, size_t n);
void samples_free(struct samples *s);

/* --- report.c: the results table and results.json ----------------------------------- */
/* One figure: p50/p99 (a latency) or one value (p99 NAN), its floor, and their ratio. */
struct result {
	char section[16];
	char name[72];
	char unit[8];
	double p50, p99;
	double base50, base99;   /* NAN when the figure has no floor */
	char base[72];           /* what the floor is */
	char note[120];
};
void report_latency(const char *section, const char *name, struct samples *got, struct samples *floor,
		    const char *base);
void report_value(const char *section, const char *name, const char *unit, double value, double base,
		  const char *basename, const char *note);
void report_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void report_print(void);
int report_json(const char *path, const char *machine_json);

/* --- proc.c: what /proc says about a process ----------------------------------------- */
struct mem {
	double rss_kb, pss_kb;
};
int64_t proc_cpu_ns(pid_t pid);
int proc_mem(pid_t pid, struct mem *m);
/* The children of pid (from /proc/PID/task/PID/children); how many were stored. */
unsigned proc_children(pid_t pid, pid_t *out, unsigned max);
/* Keep pid (0: this process) on one CPU, or on every CPU when cpu < 0. */
int proc_pin(pid_t pid, int cpu);
/* Mean memory of pid's children (workers), *n of them. */
int proc_children_mem(pid_t pid, struct mem *mean, unsigned *n);

/* --- target.c: the boardd under test ------------------------------------------------- */
struct target {
	pid_t pid;
	char sock[108];
	char prefix[32];
	char log[160];
};
void target_setup(const char *boardd, const char *workdir);
/* Start boardd with the common options plus extra (NULL-terminated); waits until it answers. */
int target_start(struct target *t, const char *const *extra);
/* SIGTERM, wait, and check that /dev/shm holds nothing of its prefix. */
void target_stop(struct target *t);
/* CPU time of the supervisor and every worker alive now. */
int64_t target_cpu_ns(const struct target *t);

/* --- crew.c: many client processes, one per connection ------------------------------- */

struct member {
	int64_t ts;              /* when it last read a marked event */
	uint64_t plays, oks, events;
};
struct crew_shm {
	sem_t ready, done, go;
	uint64_t count, target;  /* marked events read so far; done is posted at target */
	int stop, failed;
	struct member m[];
};
typedef void crew_fn(struct crew_shm *sh, unsigned i, void *arg);
struct crew {
	pid_t *pids;
	unsigned n;
	struct crew_shm *sh;
	size_t len;
};
/* Fork n members running fn; wait until each has said ready. 0, or -1 if any failed. */
int crew_start(struct crew *c, unsigned n, crew_fn *fn, void *arg);
void crew_stop(struct crew *c);
/* In a member: attached (ok) or not. A member that plays then waits on sh->go. */
void crew_ready(struct crew_shm *sh, int ok);
/* In a member: it has read the event being timed. */
void crew_mark(struct crew_shm *sh, unsigned i);
/* Before an event is sent: k more members are to read it. */
void crew_expect(struct crew *c, unsigned k);
/* Wait until they all have; 0, or -1 after timeout_ms. */
int crew_wait(struct crew *c, int timeout_ms);
/* The pause before a timed round to k readers, boardd's and the floor's alike: the
 * processes the last round woke are back asleep, so a round times one event, not a backlog.
 * It also paces picks as players do: the CPUs go idle between them, on both sides. */
int crew_settle_ms(unsigned k);
/* The latest ts of members [from, from + n). */
int64_t crew_latest(const struct crew *c, unsigned from, unsigned n);
/* Sum the counters of every member. */
void crew_sum(const struct crew *c, struct member *sum);
/* Let playing members go, measure a window of ms after warm_ms, then stop them.
 * cpu(arg) is the CPU time of the server side, in ns. */
struct rate {
	double plays_s, oks_s, events_s, cpu_us_per_play;
};
void crew_rate(struct crew *c, int warm_ms, int ms, int64_t (*cpu)(const void *), const void *arg,
	       struct rate *r);

/* --- player.c: a client that plays perfectly (it reads the private segment) ---------- */
struct player {
	struct bd_client c;
	const struct bd_priv *priv;
	uint64_t rng;
	uint64_t events;               /* EVENT lines read so far */
	size_t req_bytes;              /* bytes of the last OK pick */
	char reply[2 * BD_LINE_MAX];   /* its reply as the daemon sent it: OK line, then event */
	const char *event_line;        /* the event inside reply, for the fan-out floor */
	int64_t replied_ns;            /* when the reply line of the last pick was read */
};
int player_attach(struct player *p, const struct target *t, const char *board, enum bd_role role,
		  unsigned seed);
void player_detach(struct player *p);
/* A floor client: the same client code over one end of a socketpair, no board. */
void player_adopt(struct player *p, int fd, unsigned dim, unsigned seed);
/* The card to pick next: the partner of a face-up first pick, else a random face-down card;
 * waits for a game to be on first. -1 if the connection failed. Without a board (a floor
 * client, priv NULL): any card. */
int player_choose(struct player *p);
/* Pick card; 0 OK, 1 ERR, -1 connection lost. Reads the events that came with it. */
int player_pick(struct player *p, int card);
/* A crew member that attaches and reads events until stopped, marking "up" and "match". */
struct listen_arg {
	const struct target *t;
	enum bd_role role;
	unsigned per_board; /* 0: all on "main"; else member i is on board b<(i+1)/per_board> */
};
crew_fn player_listener;
/* Read events until the connection ends, marking "up" and "match" ones. */
void player_listen(struct player *p, struct crew_shm *sh, unsigned i);
/* Pick rounds times (waiting as needed for a game to be on), each timed from the send:
 * its reply into rtt (if not NULL), and until k crew members read its event into fan
 * (if crew is not NULL). -1 if the connection or the crew failed. */
int player_rounds(struct player *p, unsigned rounds, struct samples *rtt, struct crew *crew, unsigned k,
		  struct samples *fan);
/* In a crew member: wait for go, then pick as fast as replies come until stop. */
void player_play(struct player *p, struct crew_shm *sh, unsigned i);

/* --- floor.c: the same work through plain UNIX sockets ------------------------------- */
/* Pick round trips of the bench's own client code against a process that answers every
 * line with reply, the bytes boardd sent (dim: the board the pick is for); pause_ms before
 * each, as boardd's picks had; the answering process on CPU cpu (-1: anywhere). */
void floor_pingpong(struct samples *out, unsigned rounds, const char *reply, unsigned dim, int pause_ms,
		    int cpu);
struct fanout {
	struct crew c;       /* the readers */
	struct crew relays;  /* the design floor's relays, one per reader */
	int efd;             /* the design floor's eventfd, -1 for the plain floor */
	int (*fds)[2];
	unsigned k, made;
	char line[BD_LINE_MAX]; /* a copy: the picker's own buffer changes with every pick */
};
/* k reader processes, each on its own socketpair and reading with the same client code as
 * boardd's spectators. The plain floor: one round writes the event line to each socket.
 * The design floor (relay): one round is one eventfd write that wakes k relay processes
 * (boardd's architecture with nothing else), each writing the line to its reader. */
int floor_fanout_start(struct fanout *f, unsigned k, const char *line, int relay);
void floor_fanout_rounds(struct fanout *f, struct samples *out, unsigned rounds);
void floor_fanout_stop(struct fanout *f);
/* Round trips of request (a line) against a process that answers it with reply, the bytes
 * boardd sent, each until the event named word is read; pause_ms before each. */
void floor_lines(struct samples *out, unsigned rounds, const char *request, const char *reply, const char *word,
		 int pause_ms);
/* Write all of buf; 0 or -1. */
int floor_write(int fd, const void *buf, size_t n);
int floor_join(struct samples *out, unsigned rounds, struct mem *parent, struct mem *child);
/* N clients of one single-process server: each request answered and sent to all N. */
int floor_serve(struct rate *r, unsigned n, int ms);

/* --- latency.c and load.c: the measurements ------------------------------------------ */
struct plan {
	int quick;
	unsigned rounds;         /* picks per batch */
	unsigned batches;        /* floor and boardd alternate, batch by batch */
	int run_ms;              /* throughput window */
	unsigned runs;           /* throughput repetitions */
	unsigned scale_clients;  /* 1000 */
	unsigned scale_boards;   /* 100 */
};
void latency_pick(const struct plan *pl);
void latency_fanout(const struct plan *pl);
void latency_join(const struct plan *pl);
/* Connect, hello, join (a player) and a consistent snapshot, rounds times; samples in us. */
void latency_joins(const struct target *t, unsigned rounds, struct samples *out);
void load_throughput(const struct plan *pl);
/* quantik.c: board-bot's Quantik brain, in this process: time to move, rounds won. */
void quantik_brain(const struct plan *pl);
void load_regions(const struct plan *pl);
void load_scale(const struct plan *pl);
void load_boards(const struct plan *pl);
/* tafl.c: the Hnefatafl brain's depth and nodes per second (no daemon). */
void bench_tafl(const struct plan *pl);
/* The median, field by field, of runs rates. */
void load_median(const struct rate *r, unsigned runs, struct rate *med);

/* --- tables.c: tic-tac-toe on many tables at once ------------------------------------- */
/* The move round trip on 100 tables, each with two players alternating moves, against a
 * floor of one process a table writing the same lines. */
void tables_ttt(const struct plan *pl);

/* --- lobby.c: matchmaking -------------------------------------------------------------- */
/* From `play tictactoe` to `EVENT 0 matched` for the second of two players, with 2, 100 and
 * scale_clients players waiting in the queue who never match them, against a ping-pong
 * floor with the same bytes and pauses. */
void lobby_matching(const struct plan *pl);

#endif
