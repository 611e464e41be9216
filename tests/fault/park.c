/* park.c: `bd-fault park`, against boardd-testhooks. A player named park-in-pick (or
 * park-in-join: --hook) parks its worker inside its first pick holding that card's region
 * and the state lock (inside join, holding the state lock). Then, each round:
 *   - a bystander's pick must wait (its worker takes its region, then waits for state);
 *   - an idle player's worker is killed: the supervisor must not hang on the parked lock
 *     while it cleans up (a new connection must still be greeted);
 *   - the parked worker is killed (with --together 1 the bystander's worker too, at once):
 *     every lock they held must be repaired, each repair counted, within --within ms
 *     (1000), and the bystander served; the board settles and a fresh player plays.
 * With --ctl PATH, `PATH locks BOARD` must name the parked pid, and no longer after.
 * Options: --hook NAME, --rounds N (3), --together 0|1, --within MS, --ctl PATH. */
#include "fault.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/clock.h"

struct parked {
	pid_t pid;
	unsigned n;
	unsigned idx[BD_REGIONS_MAX + 1];
	uint64_t repairs[BD_REGIONS_MAX + 1];
};

/* The lock region of a card. */
static unsigned card_region(const struct bd_pub *p, int card)
{
	unsigned x = (unsigned)card % bd_memory_pub(p)->dim, y = (unsigned)card / bd_memory_pub(p)->dim;
	return y / bd_memory_pub(p)->region_side * bd_memory_pub(p)->regions_across + x / bd_memory_pub(p)->region_side;
}

/* Poll up to 5 s until lock idx is held by someone; its holder pid. */
static pid_t park_holder(unsigned idx)
{
	const struct bd_priv *priv = priv_map();

	for (int64_t end = bd_now_ms() + 5000; bd_now_ms() < end; sleep_us(2000)) {
		pid_t pid = __atomic_load_n(&priv->holders[idx].pid, __ATOMIC_ACQUIRE);
		if (pid != 0)
			return pid;
	}
	die("lock %u was not taken within 5 s: is this boardd-testhooks?", idx);
}

/* Add the locks pid holds now to what must be repaired. */
static void park_note(struct parked *p, pid_t pid)
{
	const struct bd_priv *priv = priv_map();

	for (unsigned i = 0; i <= pub_map()->nregions; i++)
		if (priv->holders[i].pid == pid) {
			p->idx[p->n] = i;
			p->repairs[p->n++] = priv->holders[i].repairs;
		}
}

/* Poll until every noted lock has had one more repair; how long it took (ms). */
static double park_repaired(const struct parked *p, int64_t t0, long within)
{
	const struct bd_priv *priv = priv_map();

	for (unsigned k = 0; k < p->n; k++) {
		const struct bd_lock_holder *h = &priv->holders[p->idx[k]];
		while (__atomic_load_n(&h->repairs, __ATOMIC_ACQUIRE) != p->repairs[k] + 1)
			if (now_us() - t0 > within * 1000)
				die("lock %u not repaired within %ld ms (holder pid %d, repairs %llu)", p->idx[k],
				    within, h->pid, (unsigned long long)h->repairs);
			else
				sleep_us(200);
	}
	return (double)(now_us() - t0) / 1000.0;
}

/* Put a player in the hook: it parks holding locks; returns the parked worker's pid. */
static pid_t park_enter(struct bd_client *c, const char *hook, int *card)
{
	static struct bd_pub snap;
	struct bd_msg r;

	if (strcmp(hook, "park-in-join") == 0) {
		player_connect(c);
		if (player_request(c, &r, "hello %s player", hook) != 0)
			die("hello refused: %s", r.word);
		bd_client_send(c, "join %s", board_name());
		*card = -1;
		return park_holder(pub_map()->nregions);
	}
	player_enter(c, hook, BD_ROLE_PLAYER);
	do
		pub_snapshot(&snap);
	while ((*card = card_down(&snap)) < 0 || snap.game_state != BD_GAME_ON);
	bd_client_send(c, "pick %d %d", *card % (int)bd_memory_pub(&snap)->dim, *card / (int)bd_memory_pub(&snap)->dim);
	return park_holder(card_region(pub_map(), *card));
}

/* The bystander picks a face-down card outside region avoid; its reply must not come. */
static void park_bystander(struct bd_client *b, int avoid)
{
	static struct bd_pub snap;
	struct bd_msg m;
	int card;

	do
		pub_snapshot(&snap);
	while ((card = card_down(&snap)) < 0 || (avoid >= 0 && card_region(&snap, card) == (unsigned)avoid));
	bd_client_send(b, "pick %d %d", card % (int)bd_memory_pub(&snap)->dim, card / (int)bd_memory_pub(&snap)->dim);
	while (bd_client_read(b, &m, 300) == 1)
		if (m.kind == BD_MSG_OK || m.kind == BD_MSG_ERR)
			die("the bystander's pick was answered (%s) while the state lock was parked", m.word);
	park_holder(card_region(&snap, card)); /* its worker holds that region, waiting for state */
}

/* While the lock is parked, kill the idle player's worker; the supervisor must still greet. */
static void park_idle_death(struct bd_client *idle)
{
	struct bd_client late;
	pid_t w = priv_map()->players[idle->player].worker_pid;

	if (!child_of(w, pub_map()->daemon_pid))
		die("the idle player's worker %d is not the daemon's child", w);
	kill(w, SIGKILL);
	sleep_us(100000); /* the supervisor reaps it and tries to unseat the player */
	player_connect(&late); /* dies unless greeted within 5 s */
	bd_client_close(&late);
	bd_client_close(idle);
}

/* Nonzero if `ctl locks BOARD` names pid. */
static int park_ctl_names(const char *ctl, pid_t pid)
{
	char word[16];
	const char *words[] = {word};

	snprintf(word, sizeof word, "%d", (int)pid);
	return ctl_shows(ctl, "locks", words, 1);
}

/* Wait for the bystander's answer after the repair (ms), or for its connection to end. */
static double park_served(struct bd_client *b, int64_t t0)
{
	struct bd_msg m;
	int rc;

	while ((rc = bd_client_read(b, &m, 10000)) == 1)
		if (m.kind == BD_MSG_OK || m.kind == BD_MSG_ERR)
			return (double)(now_us() - t0) / 1000.0;
	if (rc == 0)
		die("the bystander's pick was not answered within 10 s of the repair");
	return -1; /* its worker was killed too */
}

/* Say which locks a round repaired, e.g. "region 4, state". */
static void park_names(const struct parked *k, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < k->n && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s %u", i ? ", " : "",
				      k->idx[i] < pub_map()->nregions ? "region" : "state", k->idx[i]);
}

/* One round: park, block the bystander, kill an idle worker, kill the parked worker(s).
 * The bystander is new each round, so that it holds no card: its pick's region is then
 * the only one its worker takes before it waits for the state lock. */
static void park_round(int round, const char *hook, int together, long within, const char *ctl)
{
	struct bd_client p, idle, bystander, *b = &bystander;
	struct parked k = {0};
	char names[128];
	int card;

	player_enter(b, "bystander", BD_ROLE_PLAYER);
	player_enter(&idle, "idle", BD_ROLE_PLAYER);
	k.pid = park_enter(&p, hook, &card);
	if (!child_of(k.pid, pub_map()->daemon_pid))
		die("lock holder %d is not a worker of the daemon", k.pid);
	park_note(&k, k.pid);
	park_bystander(b, card < 0 ? -1 : (int)card_region(pub_map(), card));
	pid_t bw = priv_map()->players[b->player].worker_pid;
	park_idle_death(&idle);
	if (ctl != NULL && !park_ctl_names(ctl, k.pid))
		die("%s locks does not show the parked holder %d", ctl, k.pid);
	if (together)
		park_note(&k, bw);
	int64_t t0 = now_us();
	/* The bystander first: it cannot move while the parked worker holds the state lock, so
	 * it surely dies holding its region. Killed second, it could get the state lock from
	 * the repair and finish its pick before the signal lands. */
	if (together)
		kill(bw, SIGKILL);
	kill(k.pid, SIGKILL);
	double repaired = park_repaired(&k, t0, within), served = park_served(b, t0);
	if (ctl != NULL && park_ctl_names(ctl, k.pid))
		die("%s locks still shows the dead holder %d after the repair", ctl, k.pid);
	bd_client_close(&p);
	bd_client_close(b);
	park_names(&k, names, sizeof names);
	say("round %d: %s worker %d held %s%s; killed; repaired (+1 each) after %.1f ms; bystander %s",
	    round, hook, k.pid, names, together ? " (with the bystander's worker)" : "", repaired,
	    served < 0 ? "lost with its worker" : "served");
	if (served >= 0)
		say("round %d: the bystander's pick was answered %.1f ms after the kill", round, served);
	board_settled(0, 0);
	board_playable();
}

/* The command: the rounds. */
int cmd_park(void)
{
	const char *hook = opt_str("hook", "park-in-pick"), *ctl = opt_str("ctl", NULL);
	long rounds = opt_num("rounds", 3), together = opt_num("together", 0), within = opt_num("within", 1000);

	opts_done();
	if (strcmp(hook, "park-in-pick") != 0 && strcmp(hook, "park-in-join") != 0)
		die("--hook is park-in-pick or park-in-join");
	priv_map();
	for (int r = 1; r <= rounds; r++)
		park_round(r, hook, (int)together, within, ctl);
	say("park: ok");
	return 0;
}
