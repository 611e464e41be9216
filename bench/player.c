/* player.c: a client of the real daemon, through ipc/client.h, that plays Memory without
 * mistakes: it maps the private segment (the bench runs as the daemon's user), so every
 * second pick is the partner of the first and nobody waits out a mismatch. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "ipc/shm.h"

int player_attach(struct player *p, const struct target *t, const char *board, enum bd_role role,
		  unsigned seed)
{
	char err[256], name[32];
	char why[256];

	memset(p, 0, sizeof *p);
	snprintf(name, sizeof name, "bench%d", (int)getpid());
	p->rng = 0x9e3779b97f4a7c15ull * (seed + 1);
	if (bd_client_connect(&p->c, t->sock, err, sizeof err) < 0 ||
	    bd_client_enter(&p->c, name, role, board, 0, t->prefix, err, sizeof err) < 0) {
		fprintf(stderr, "boardd-bench: %s\n", err);
		return -1;
	}
	if (role != BD_ROLE_SPECTATOR && (p->priv = bd_priv_map_ro(p->c.segment, p->c.daemon_uid, why, sizeof why)) == NULL) {
		fprintf(stderr, "boardd-bench: private segment of %s: %s\n", board, why);
		return -1;
	}
	return 0;
}

void player_adopt(struct player *p, int fd, unsigned dim, unsigned seed)
{
	memset(p, 0, sizeof *p);
	p->c.fd = fd;
	p->c.player = -1;
	p->c.dim = dim;
	p->rng = seed + 1;
}

void player_detach(struct player *p)
{
	bd_priv_unmap(p->priv);
	p->priv = NULL;
	bd_client_close(&p->c);
}

/* Consume every message already read, counting events; 0, or -1 if the connection is gone. */
static int player_drain(struct player *p, int wait_ms)
{
	struct bd_msg m;
	int rc = bd_client_read(&p->c, &m, wait_ms);

	for (; rc == 1; rc = bd_client_next(&p->c, &m))
		p->events += m.kind == BD_MSG_EVENT;
	return rc < 0 ? -1 : 0;
}

/* xorshift64: a cheap spread of the bots over the board. */
static unsigned player_rand(struct player *p, unsigned n)
{
	p->rng ^= p->rng << 13;
	p->rng ^= p->rng >> 7;
	p->rng ^= p->rng << 17;
	return (unsigned)(p->rng % n);
}

int player_choose(struct player *p)
{
	const struct bd_pub *pub = p->c.pub;
	unsigned me = (unsigned)p->c.player, n = p->c.dim * p->c.dim;

	if (p->priv == NULL)
		return (int)player_rand(p, n);
	while (__atomic_load_n(&pub->game_state, __ATOMIC_ACQUIRE) != BD_GAME_ON ||
	       pub->players[me].state != BD_PLAYER_PLAYING)
		if (player_drain(p, 20) < 0)
			return -1;
	int first = __atomic_load_n(&bd_memory_priv(p->priv)->seats[me].first, __ATOMIC_ACQUIRE);
	if (first >= 0 && (unsigned)first < n) {
		for (unsigned d = 0; d < n; d++)
			if (d != (unsigned)first && memcmp(bd_memory_priv(p->priv)->cards[d].value, bd_memory_priv(p->priv)->cards[first].value, 2) == 0)
				return (int)d;
	}
	unsigned start = player_rand(p, n);
	for (unsigned j = 0; j < n; j++)
		if (bd_memory_pub(pub)->cards[(start + j) % n].state == BD_CARD_DOWN)
			return (int)((start + j) % n);
	return (int)start;
}

/* Keep the reply to a pick as the daemon sent it: the OK line, and the event line rebuilt
 * from the parsed message. */
static void player_keep_reply(struct player *p, unsigned x, unsigned y, const struct bd_msg *m)
{
	struct bd_event ev;
	int n = snprintf(p->reply, sizeof p->reply, "OK pick %u %u\n", x, y);

	p->event_line = p->reply + n;
	p->reply[n] = '\0';
	if (bd_msg_event(m, p->c.dim, &ev) == 0)
		bd_event_format(p->reply + n, sizeof p->reply - (size_t)n, &ev, p->c.dim, "none", 0);
}

int player_pick(struct player *p, int card)
{
	struct bd_msg r;
	unsigned x = (unsigned)card % p->c.dim, y = (unsigned)card / p->c.dim;

	int rc = bd_client_request(&p->c, &r, NULL, NULL, "pick %u %u", x, y);
	p->replied_ns = clock_ns();
	if (rc < 0)
		return -1;
	for (size_t queued = p->c.qlen; queued > 0; queued--) /* events that came before the reply */
		p->events += bd_client_next(&p->c, &r) == 1;
	if (rc == 0 && bd_client_next(&p->c, &r) == 1 && r.kind == BD_MSG_EVENT) {
		char line[32];
		p->req_bytes = (size_t)snprintf(line, sizeof line, "pick %u %u\n", x, y);
		player_keep_reply(p, x, y, &r);
		p->events++;
	}
	return player_drain(p, 0) < 0 ? -1 : rc;
}

void player_listen(struct player *p, struct crew_shm *sh, unsigned i)
{
	struct bd_msg m;

	while (bd_client_read(&p->c, &m, -1) == 1) {
		if (m.kind != BD_MSG_EVENT)
			continue;
		sh->m[i].events++;
		if (strcmp(m.word, "up") == 0 || strcmp(m.word, "match") == 0)
			crew_mark(sh, i);
	}
}

void player_play(struct player *p, struct crew_shm *sh, unsigned i)
{
	struct member *m = &sh->m[i];

	while (sem_wait(&sh->go) < 0)
		;
	while (!__atomic_load_n(&sh->stop, __ATOMIC_RELAXED)) {
		int card = player_choose(p), rc = card < 0 ? -1 : player_pick(p, card);
		if (rc < 0)
			return;
		__atomic_store_n(&m->plays, m->plays + 1, __ATOMIC_RELAXED);
		__atomic_store_n(&m->oks, m->oks + (rc == 0), __ATOMIC_RELAXED);
		__atomic_store_n(&m->events, p->events, __ATOMIC_RELAXED);
	}
}

void player_listener(struct crew_shm *sh, unsigned i, void *arg)
{
	const struct listen_arg *la = arg;
	struct player p;
	char board[16] = "main";

	if (la->per_board)
		snprintf(board, sizeof board, "b%u", (i + 1) / la->per_board);
	int ok = player_attach(&p, la->t, board, la->role, i) == 0;
	crew_ready(sh, ok);
	if (ok)
		player_listen(&p, sh, i);
}

int player_rounds(struct player *p, unsigned rounds, struct samples *rtt, struct crew *crew, unsigned k,
		  struct samples *fan)
{
	for (unsigned r = 0; r < rounds; r++) {
		int card = player_choose(p);
		if (card < 0)
			return -1;
		if (crew != NULL) {
			clock_sleep_ms(crew_settle_ms(k));
			crew_expect(crew, k);
		}
		int64_t t0 = clock_ns();
		if (player_pick(p, card) != 0)
			return -1; /* a perfect player alone on its cards never hears ERR */
		if (rtt != NULL)
			samples_add(rtt, (double)(p->replied_ns - t0) / 1e3);
		if (crew != NULL && crew_wait(crew, 10000) < 0)
			return -1;
		if (crew != NULL)
			samples_add(fan, (double)(crew_latest(crew, 0, crew->n) - t0) / 1e3);
	}
	return 0;
}
