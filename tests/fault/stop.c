/* stop.c: `bd-fault stop`, against boardd-testhooks: exact lock repair. A player named
 * stop-taken (stop-given: --at given) stops its worker with SIGSTOP in its pick, just after
 * sem_wait returned on the state lock (just after sem_post), before the lock records say
 * so: the moments a repair that guesses gets wrong. Then, for --hold ms (default 2000,
 * many housekeeping passes of 250 ms):
 *   - no lock is repaired and no semaphore's value ever exceeds 1 (sampled all along);
 *   - taken: a bystander's pick in another region waits (the stopped worker holds state);
 *     given: it is answered (state was given back; the stopped worker holds only regions).
 * Then with --kill 0 the worker continues (SIGCONT): both picks are answered, nothing was
 * repaired; with --kill 1 it is killed: exactly the locks it held are repaired, once each
 * (taken: its region and state; given: its region only), and the bystander is served.
 * With --ctl PATH, `PATH locks BOARD` must list the stopped worker under the state lock
 * (taken: as waiting or taken unrecorded; given: as also listed) while it is stopped.
 * Last, the board settles (every value back to 1) and a fresh player plays. */
#include "fault.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"

/* What the test watches: the semaphores, each lock's repairs at the start, the top value. */
struct watch {
	struct bd_locks l;
	uint64_t repairs[BD_LOCKS_MAX];
	int top;
};

/* Sample every semaphore once; die if one's value exceeds 1 (two holders could enter). */
static void stop_sample(struct watch *w)
{
	for (unsigned i = 0; i <= pub_map()->nregions; i++) {
		int v = -1;
		if (sem_getvalue(w->l.sem[i], &v) < 0)
			die("sem_getvalue of lock %u failed", i);
		if (v > 1)
			die("lock %u has value %d: it no longer excludes anyone (a live holder was 'repaired')", i, v);
		if (v > w->top)
			w->top = v;
	}
}

/* How many repairs lock i has had since the start. */
static uint64_t stop_repairs(const struct watch *w, unsigned i)
{
	return __atomic_load_n(&priv_map()->holders[i].repairs, __ATOMIC_ACQUIRE) - w->repairs[i];
}

/* Die if any lock has been repaired since the start. */
static void stop_no_repair(const struct watch *w, const char *when)
{
	for (unsigned i = 0; i <= pub_map()->nregions; i++)
		if (stop_repairs(w, i) != 0)
			die("lock %u was repaired %s (holder alive and stopped)", i, when);
}

/* The lock region of a card. */
static unsigned stop_region(int card)
{
	const struct bd_pub *p = pub_map();
	unsigned x = (unsigned)card % bd_memory_pub(p)->dim, y = (unsigned)card / bd_memory_pub(p)->dim;
	return y / bd_memory_pub(p)->region_side * bd_memory_pub(p)->regions_across + x / bd_memory_pub(p)->region_side;
}

/* A face-down card, outside region avoid (-1: anywhere), once the game is on. */
static int stop_card(int avoid)
{
	static struct bd_pub snap;
	int card;

	for (int64_t end = bd_now_ms() + 10000;; sleep_us(10000)) {
		if (bd_now_ms() > end)
			die("no face-down card to pick within 10 s");
		pub_snapshot(&snap);
		if (snap.game_state == BD_GAME_ON && (card = card_down(&snap)) >= 0 &&
		    (avoid < 0 || stop_region(card) != (unsigned)avoid))
			return card;
	}
}

/* Send a pick of card without waiting for the reply. */
static void stop_pick(struct bd_client *c, int card)
{
	unsigned dim = bd_memory_pub(pub_map())->dim;
	bd_client_send(c, "pick %u %u", (unsigned)card % dim, (unsigned)card / dim);
}

/* Wait up to ms for c's reply (sampling the semaphores meanwhile); 1 if it came. */
static int stop_reply(struct watch *w, struct bd_client *c, int ms)
{
	struct bd_msg m;

	for (int64_t end = bd_now_ms() + ms; bd_now_ms() < end;) {
		stop_sample(w);
		int rc = bd_client_read(c, &m, 2);
		if (rc < 0)
			die("connection closed while waiting for a reply");
		if (rc == 1 && (m.kind == BD_MSG_OK || m.kind == BD_MSG_ERR))
			return 1;
	}
	return 0;
}

/* Wait until pid is stopped (state T), sampling; die after 5 s. */
static void stop_await_stopped(struct watch *w, pid_t pid)
{
	for (int64_t end = bd_now_ms() + 5000; proc_state(pid) != 'T'; sleep_us(1000)) {
		stop_sample(w);
		if (bd_now_ms() > end)
			die("worker %d did not stop within 5 s: is this boardd-testhooks?", pid);
	}
}

/* Wait until every lock in want has had exactly one repair, sampling; die after ms. */
static void stop_await_repairs(struct watch *w, const unsigned char *want, int ms)
{
	for (int64_t end = bd_now_ms() + ms;; sleep_us(1000)) {
		int done = 1;
		stop_sample(w);
		for (unsigned i = 0; i <= pub_map()->nregions; i++) {
			uint64_t r = stop_repairs(w, i);
			if (r > (uint64_t)want[i])
				die("lock %u repaired %llu times; want %u", i, (unsigned long long)r, want[i]);
			done &= r == want[i];
		}
		if (done)
			return;
		if (bd_now_ms() > end)
			die("the dead worker's locks were not repaired within %d ms", ms);
	}
}

/* Nonzero if `ctl locks BOARD` lists pid as waiting (taken) or also listed (given). */
static int stop_ctl_lists(const char *ctl, pid_t pid, int taken)
{
	char word[16];
	const char *words[] = {taken ? "waiting" : "listed", word};

	snprintf(word, sizeof word, "%d", (int)pid);
	return ctl_shows(ctl, "locks", words, 2);
}

int cmd_stop(void)
{
	const char *at = opt_str("at", "taken"), *ctl = opt_str("ctl", NULL);
	long hold = opt_num("hold", 2000), kill_it = opt_num("kill", 0);
	struct bd_client s, b;
	struct watch w = {.top = 0};
	unsigned char want[BD_LOCKS_MAX] = {0};

	opts_done();
	int taken = strcmp(at, "taken") == 0;
	if (!taken && strcmp(at, "given") != 0)
		die("--at is taken or given");
	board_locks(&w.l);
	unsigned state = pub_map()->nregions;
	for (unsigned i = 0; i <= state; i++)
		w.repairs[i] = priv_map()->holders[i].repairs;
	player_enter(&b, "bystander", BD_ROLE_PLAYER);
	player_enter(&s, taken ? "stop-taken" : "stop-given", BD_ROLE_PLAYER);
	pid_t pid = priv_map()->players[s.player].worker_pid;
	if (!child_of(pid, pub_map()->daemon_pid))
		die("the stopper's worker %d is not the daemon's child", pid);
	int card = stop_card(-1);
	stop_pick(&s, card);
	stop_await_stopped(&w, pid);
	say("worker %d stopped just after %s the state lock (its card's region %u held)", pid,
	    taken ? "sem_wait returned on" : "sem_post of", stop_region(card));
	stop_pick(&b, stop_card((int)stop_region(card)));
	int answered = stop_reply(&w, &b, (int)hold);
	if (taken && answered)
		die("the bystander's pick was answered while the state lock's holder was stopped");
	if (!taken && !answered)
		die("the bystander's pick was not answered within %ld ms although state was given back", hold);
	if (proc_state(pid) != 'T')
		die("worker %d is no longer stopped", pid);
	stop_no_repair(&w, "while its holder was stopped");
	if (ctl != NULL && !stop_ctl_lists(ctl, pid, taken))
		die("%s locks does not list the stopped worker %d under the state lock", ctl, pid);
	say("%ld ms stopped: no repair, every value stayed at most 1, the bystander %s", hold,
	    taken ? "waited" : "was served");
	if (kill_it) {
		kill(pid, SIGKILL);
		want[stop_region(card)] = 1;
		want[state] = (unsigned char)taken;
		stop_await_repairs(&w, want, 10000);
		say("killed: its region %u%s repaired once, nothing else", stop_region(card), taken ? " and state" : "");
	} else {
		kill(pid, SIGCONT);
		if (!stop_reply(&w, &s, 10000))
			die("the stopped worker's pick was not answered within 10 s of SIGCONT");
		stop_no_repair(&w, "after SIGCONT");
	}
	if (taken && !stop_reply(&w, &b, 10000))
		die("the bystander's pick was not answered within 10 s");
	bd_client_close(&s);
	bd_client_close(&b);
	for (int64_t end = bd_now_ms() + 1000; bd_now_ms() < end; sleep_us(1000))
		stop_sample(&w);
	bd_locks_close(&w.l);
	board_settled(0, 0);
	board_playable();
	say("stop: ok (highest semaphore value seen: %d)", w.top);
	return 0;
}
