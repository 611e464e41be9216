/* chaos.c: `bd-fault chaos`. While steady players play, victims connect and are killed with
 * SIGKILL at chosen moments: while joining, 0-2 ms after sending a first pick, or while a
 * mismatched pair of theirs is face up. Half of the seated victims lose their client, half
 * their session worker; every tenth kill takes the workers of every seated victim at once.
 * Then the board must settle with only the steady players and a fresh player must play.
 * Options: --kills N (100), --steady N (3), --victims N at a time (4), --seconds N (300). */
#include "fault.h"

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { PH_SEATED, PH_JOIN, PH_PICK, PH_MISMATCH, PH_MANY, PH_COUNT };
static const char *const phase_names[] = {"seated", "joining", "first pick", "mismatch", "64 picks"};
#define MANY_PICKS 64

#define VICTIMS_MAX 32
#define STEADY_MAX 16

struct note {
	int phase, seat;
};

struct victim {
	pid_t pid;  /* 0: free slot */
	int fd;     /* notes from the victim */
	int want;   /* the moment it is to be killed at */
	int seat;   /* -1 until it says */
};

struct tally {
	unsigned n[PH_COUNT][2]; /* [phase][0 client, 1 worker] */
	unsigned burst, bursts, total;
};

/* In a victim: tell the parent where we are. */
static void victim_note(int fd, int phase, int seat)
{
	struct note n = {phase, seat};

	if (write(fd, &n, sizeof n) != sizeof n)
		_exit(4);
}

/* In a victim: wait to be killed, or for the daemon to close after a worker kill. */
static void __attribute__((noreturn)) victim_idle(struct bd_client *c)
{
	struct bd_msg m;

	while (bd_client_read(c, &m, -1) >= 0)
		;
	_exit(0);
}

/* In a victim: a request; the connection may end at any time, its worker killed by the
 * parent, and then the victim ends quietly. Only a reply that never comes is a failure. */
static int victim_request(struct bd_client *c, struct bd_msg *r, const char *what, int x, int y)
{
	int64_t t0 = now_us();
	int rc = bd_client_request(c, r, NULL, NULL, "%s %d %d", what, x, y);

	if (rc < 0 && now_us() - t0 < 9000000)
		_exit(0);
	if (rc < 0)
		die("a victim got no reply to '%s %d %d' within 10 s: board stuck", what, x, y);
	return rc;
}

/* In a victim: a pick of a face-down card when the game is on; 0 if it was played. */
static int victim_pick(struct bd_client *c, int note_fd, int phase)
{
	static struct bd_pub snap;
	struct bd_msg r;

	pub_snapshot(&snap);
	int card = card_down(&snap);
	if (snap.game_state != BD_GAME_ON || card < 0) {
		sleep_us(10000);
		return -1;
	}
	if (note_fd >= 0)
		victim_note(note_fd, phase, c->player);
	return victim_request(c, &r, "pick", card % (int)bd_memory_pub(&snap)->dim, card / (int)bd_memory_pub(&snap)->dim);
}

/* In a victim: 1 if the pair just picked mismatched, 0 if it matched or nothing came. */
static int victim_outcome(struct bd_client *c)
{
	struct bd_msg m;

	while (bd_client_read(c, &m, 5000) == 1)
		if (m.kind == BD_MSG_EVENT && event_player(&m) == c->player &&
		    (strcmp(m.word, "mismatch") == 0 || strcmp(m.word, "match") == 0))
			return strcmp(m.word, "mismatch") == 0;
	return 0;
}

/* In a victim: first and second picks until a pair of ours mismatches. */
static void __attribute__((noreturn)) victim_mismatch(struct bd_client *c, int fd)
{
	for (;;)
		if (victim_pick(c, -1, 0) == 0 && victim_pick(c, -1, 0) == 0 && victim_outcome(c)) {
			victim_note(fd, PH_MISMATCH, c->player);
			victim_idle(c);
		}
}

/* In a victim: send MANY_PICKS picks in one write, so that its worker spends most of the
 * next moments inside the board's locks. */
static void __attribute__((noreturn)) victim_many(struct bd_client *c, int fd)
{
	char buf[MANY_PICKS * 16];
	size_t n = 0;

	for (int i = 0; i < MANY_PICKS; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "pick %u %u\n", rnd(c->dim), rnd(c->dim));
	if (write(c->fd, buf, n) != (ssize_t)n)
		_exit(0);
	victim_note(fd, PH_MANY, c->player);
	victim_idle(c);
}

/* In a victim: play up to the wanted moment, say so, then wait for the kill. */
static void __attribute__((noreturn)) victim_run(int fd, int want)
{
	struct bd_client c;
	struct bd_msg r;
	char name[24];

	snprintf(name, sizeof name, "victim%d", (int)getpid()); /* names are unique per board */
	if (want == PH_JOIN) {
		player_connect(&c);
		if (player_request(&c, &r, "hello %s player", name) != 0)
			die("hello refused: %s %s", r.word, r.text);
		victim_note(fd, PH_JOIN, -1);
		player_request(&c, &r, "join %s", board_name());
		victim_idle(&c);
	}
	player_enter(&c, name, BD_ROLE_PLAYER);
	victim_note(fd, PH_SEATED, c.player);
	if (want == PH_MISMATCH)
		victim_mismatch(&c, fd);
	if (want == PH_MANY)
		victim_many(&c, fd);
	while (victim_pick(&c, fd, PH_PICK) < 0)
		;
	victim_idle(&c);
}

/* Start a victim that is to be killed at moment want. */
static void victim_spawn(struct victim *v, int want)
{
	int p[2];

	if (pipe(p) < 0)
		die("pipe failed");
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		die("fork failed");
	if (pid == 0) {
		close(p[0]);
		rnd_reseed((uint64_t)getpid());
		victim_run(p[1], want);
	}
	close(p[1]);
	*v = (struct victim){.pid = pid, .fd = p[0], .want = want, .seat = -1};
}

/* Kill a victim's client, and reap it; die if it had failed by itself. */
static void victim_end(struct victim *v)
{
	int status;

	kill(v->pid, SIGKILL);
	waitpid(v->pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		die("a victim failed by itself (exit %d); see its message above", WEXITSTATUS(status));
	close(v->fd);
	v->pid = 0;
}

/* SIGKILL the victim's session worker; 0 if it has none we can tell. */
static int victim_kill_worker(const struct victim *v)
{
	pid_t w = v->seat >= 0 ? priv_map()->players[v->seat].worker_pid : 0;

	if (!child_of(w, pub_map()->daemon_pid))
		return 0;
	kill(w, SIGKILL);
	return 1;
}

/* Every seated victim loses its worker at the same moment. */
static void chaos_burst(struct victim *vs, unsigned nv, struct tally *t)
{
	unsigned n = 0;

	for (unsigned i = 0; i < nv; i++)
		if (vs[i].pid != 0)
			n += victim_kill_worker(&vs[i]);
	for (unsigned i = 0; i < nv; i++)
		if (vs[i].pid != 0)
			victim_end(&vs[i]);
	t->burst += n;
	t->bursts++;
}

/* Wait us microseconds, spinning: a sleep this short would oversleep by the timer slack. */
static void spin_us(long us)
{
	for (int64_t end = now_us() + us; now_us() < end;)
		;
}

/* The victim reached its moment: wait 0-300 us or 0-2 ms (half each: the first lands inside
 * the worker's handling of the request more often), then kill its client or its worker. */
static void chaos_strike(struct victim *vs, unsigned nv, struct victim *v, struct tally *t)
{
	if (++t->total % 10 == 0) {
		chaos_burst(vs, nv, t);
		return;
	}
	spin_us(rnd(2) ? rnd(300) : rnd(2000));
	int worker = rnd(2) && victim_kill_worker(v);
	t->n[v->want][worker]++;
	victim_end(v);
}

/* A note from victim v: remember its seat, or strike if it is at its moment. */
static void chaos_note(struct victim *vs, unsigned nv, struct victim *v, struct tally *t)
{
	struct note n;

	if (read(v->fd, &n, sizeof n) != sizeof n) {
		victim_end(v); /* ended by itself: only a failure if its status says so */
		return;
	}
	if (n.phase == PH_SEATED)
		v->seat = n.seat;
	else if (n.phase == v->want)
		chaos_strike(vs, nv, v, t);
}

/* A steady player's pick of a face-down card; every pick must be answered. */
static void steady_pick(struct bd_client *c, unsigned *ok, int64_t *worst)
{
	static struct bd_pub snap;
	struct bd_msg r;

	pub_snapshot(&snap);
	int card = card_down(&snap);
	if (card < 0)
		card = (int)rnd(bd_memory_pub(&snap)->dim * bd_memory_pub(&snap)->dim);
	int64_t t0 = now_us();
	*ok += player_request(c, &r, "pick %d %d", card % (int)bd_memory_pub(&snap)->dim, card / (int)bd_memory_pub(&snap)->dim) == 0;
	if (now_us() - t0 > *worst)
		*worst = now_us() - t0;
}

/* Check that every event read so far follows the one before it. */
static unsigned steady_events(struct bd_client *c, uint64_t *last)
{
	struct bd_msg m;
	unsigned n = 0;

	if (bd_client_fill(c) < 0)
		die("a steady player lost its connection");
	while (bd_client_next(c, &m))
		if (m.kind == BD_MSG_EVENT) {
			if (*last != 0 && m.seq != *last + 1)
				die("a steady player saw event %llu after %llu", (unsigned long long)m.seq,
				    (unsigned long long)*last);
			*last = m.seq;
			n++;
		}
	return n;
}

/* A steady player: picks every 2-5 ms until its stop pipe closes, then prints its tally. */
static void __attribute__((noreturn)) steady_run(int stop, unsigned i)
{
	struct bd_client c;
	struct pollfd p = {.fd = stop, .events = POLLIN};
	char name[16];
	unsigned picks = 0, ok = 0, events = 0;
	uint64_t last = 0;
	int64_t worst = 0;

	snprintf(name, sizeof name, "steady%u", i);
	player_enter(&c, name, BD_ROLE_PLAYER);
	while (poll(&p, 1, 0) == 0) {
		steady_pick(&c, &ok, &worst);
		picks++;
		events += steady_events(&c, &last);
		sleep_us(2000 + rnd(3000));
	}
	say("%s: %u picks answered (%u OK), %u events without a gap, slowest reply %.1f ms", name, picks, ok,
	    events, worst / 1000.0);
	bd_client_close(&c);
	exit(0);
}

/* Start n steady players; stop[i] is the write end that stops player i when closed. */
static void steady_start(pid_t *pids, int *stop, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		int p[2];
		if (pipe(p) < 0)
			die("pipe failed");
		fflush(stdout);
		if ((pids[i] = fork()) == 0) {
			close(p[1]);
			rnd_reseed(i + 1);
			steady_run(p[0], i);
		}
		close(p[0]);
		stop[i] = p[1];
	}
}

/* Stop the steady players; die unless every one ended well. */
static void steady_stop(const pid_t *pids, const int *stop, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		close(stop[i]);
	for (unsigned i = 0; i < n; i++) {
		int status;
		waitpid(pids[i], &status, 0);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			die("steady player %u failed; see its message above", i);
	}
}

/* Die if a steady player has already ended: the game did not go on for it. */
static void steady_alive(const pid_t *pids, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (waitpid(pids[i], NULL, WNOHANG) == pids[i])
			die("steady player %u ended during the kills; see its message above", i);
}

/* Keep nv victims alive and strike each at its moment until `kills` kills are done. */
static void chaos_loop(struct victim *vs, unsigned nv, unsigned kills, struct tally *t,
		       const pid_t *steady, unsigned ns, long seconds)
{
	int64_t end = now_us() + seconds * 1000000;

	while (t->total < kills) {
		struct pollfd p[VICTIMS_MAX];
		for (unsigned i = 0; i < nv; i++) {
			if (vs[i].pid == 0)
				victim_spawn(&vs[i], PH_JOIN + (int)rnd(PH_COUNT - PH_JOIN));
			p[i] = (struct pollfd){.fd = vs[i].fd, .events = POLLIN};
		}
		if (poll(p, nv, 200) < 0)
			die("poll failed");
		for (unsigned i = 0; i < nv; i++)
			if (vs[i].pid != 0 && (p[i].revents & (POLLIN | POLLHUP)))
				chaos_note(vs, nv, &vs[i], t);
		steady_alive(steady, ns);
		if (now_us() > end)
			die("only %u of %u kills in %ld s: victims stopped reaching their moments", t->total,
			    kills, seconds);
	}
	for (unsigned i = 0; i < nv; i++)
		if (vs[i].pid != 0)
			victim_end(&vs[i]);
}

/* The command: steady players, then victims and kills, then the checks. */
int cmd_chaos(void)
{
	unsigned kills = (unsigned)opt_num("kills", 100), ns = (unsigned)opt_num("steady", 3);
	unsigned nv = (unsigned)opt_num("victims", 4);
	long seconds = opt_num("seconds", 300);
	struct victim vs[VICTIMS_MAX] = {0};
	struct tally t = {0};
	pid_t steady[STEADY_MAX];
	int stop[STEADY_MAX];

	opts_done();
	if (nv < 1 || nv > VICTIMS_MAX || ns > STEADY_MAX)
		die("--victims wants 1-%d, --steady 0-%d", VICTIMS_MAX, STEADY_MAX);
	pub_map();
	priv_map(); /* mapped once here, shared by every child */
	steady_start(steady, stop, ns);
	int64_t t0 = now_us();
	chaos_loop(vs, nv, kills, &t, steady, ns, seconds);
	double secs = (double)(now_us() - t0) / 1e6;
	for (int ph = PH_JOIN; ph < PH_COUNT; ph++)
		say("killed at %-10s: %u clients, %u workers", phase_names[ph], t.n[ph][0], t.n[ph][1]);
	say("burst kills: %u workers in %u bursts; %u strikes in %.1f s", t.burst, t.bursts, t.total, secs);
	board_settled(ns, ns);
	board_playable();
	board_settled(ns, ns);
	steady_stop(steady, stop, ns);
	say("chaos: ok");
	return 0;
}
