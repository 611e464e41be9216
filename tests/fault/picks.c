/* picks.c: `bd-fault picks`: --clients N players (4) make --picks P picks in all (100000)
 * as fast as the daemon answers, playing to finish games (a known pair is picked when it
 * can be). Each keeps a model of the board from its events and checks every event
 * against it: no gap in seqs; a value shows only in up, mismatch and match, and only for
 * cards that event turns face up or locks (never for a card the model has face down
 * otherwise); a card shows the same value all game; pairs match exactly when their values
 * are equal. Every 32 picks each takes a snapshot of the public segment: it must be
 * consistent (a face-down card with a value makes bd_snapshot fail) and its face-up values
 * must agree with the events. Meanwhile a watcher snapshots the segment every 50 us.
 * Options: --picks, --clients, --over N (each client stops after N game overs; for a
 * valgrind run of whole games), --watch 0|1 (1). Each client quits at the end. */
#include "fault.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define CLIENTS_MAX 16

/* What a picking client counts. */
enum { T_PICKS, T_OK, T_EVENTS, T_UP, T_MISMATCH, T_MATCH, T_DOWN, T_GAMES, T_OVERS, T_SNAPSHOTS,
       T_COMPARED, T_COUNT };

struct model {
	uint32_t game;       /* 0 until a game is seen from its start */
	uint64_t seq;
	unsigned dim, n;
	int me, first;       /* our seat; our face-up first pick, -1 if none */
	int off;             /* the game is not on (over, waiting, frozen): wait for it */
	unsigned char state[BD_CARDS_MAX];
	char value[BD_CARDS_MAX][2]; /* known values this game, "\0\0" if not yet seen */
	unsigned long t[T_COUNT];
};

/* Die with what an event got wrong. */
static void __attribute__((noreturn)) model_fail(const struct bd_msg *m, const char *why)
{
	die("a picker's event check: %s: %s", why, m->line);
}

/* Card c shows value v: it must be two letters and the value it showed before. */
static void model_value(struct model *md, const struct bd_msg *m, int c, const char *v)
{
	if (strlen(v) != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z')
		model_fail(m, "not a card value");
	if (md->value[c][0] && memcmp(md->value[c], v, 2) != 0)
		model_fail(m, "a card showed another value than before in the same game");
	memcpy(md->value[c], v, 2);
}

/* The card x y of tokens i, i+1. */
static int model_card(const struct model *md, const struct bd_msg *m, int i)
{
	long x = bd_parse_uint(m->tok[i]), y = bd_parse_uint(m->tok[i + 1]);

	if (x < 0 || y < 0 || x >= (long)md->dim || y >= (long)md->dim)
		model_fail(m, "a card off the board");
	return (int)(y * md->dim + x);
}

/* Card c must be in state want before this event (when the model knows the game). */
static void model_was(const struct model *md, const struct bd_msg *m, int c, int want)
{
	if (md->game != 0 && md->state[c] != want)
		model_fail(m, want == BD_CARD_DOWN ? "shows a card that was not face down" :
						      "turns down or pairs a card that was not face up");
}

/* A new game (state on with a new number): every card face down, no value known. */
static void model_reset(struct model *md, uint32_t game)
{
	md->game = game;
	md->first = -1;
	memset(md->state, BD_CARD_DOWN, sizeof md->state);
	memset(md->value, 0, sizeof md->value);
	md->t[T_GAMES]++;
}

/* up X Y V ID and mismatch X1 Y1 V1 X2 Y2 V2 ID: values of cards turned face up. */
static void model_shown(struct model *md, const struct bd_msg *m)
{
	int up = strcmp(m->word, "up") == 0, c1 = model_card(md, m, 0);
	long id = event_player(m);

	if (up) {
		model_was(md, m, c1, BD_CARD_DOWN);
		model_value(md, m, c1, m->tok[2]);
		md->state[c1] = BD_CARD_UP;
		md->first = id == md->me ? c1 : md->first;
		md->t[T_UP]++;
		return;
	}
	int c2 = model_card(md, m, 3);
	model_was(md, m, c1, BD_CARD_UP);
	model_was(md, m, c2, BD_CARD_DOWN);
	model_value(md, m, c1, m->tok[2]);
	model_value(md, m, c2, m->tok[5]);
	if (strcmp(m->tok[2], m->tok[5]) == 0)
		model_fail(m, "a mismatch of equal values");
	md->state[c2] = BD_CARD_UP;
	md->first = id == md->me ? -1 : md->first;
	md->t[T_MISMATCH]++;
}

/* match X1 Y1 X2 Y2 V ID SCORE: both cards locked. */
static void model_match(struct model *md, const struct bd_msg *m)
{
	int c1 = model_card(md, m, 0), c2 = model_card(md, m, 2);

	model_was(md, m, c1, BD_CARD_UP);
	model_was(md, m, c2, BD_CARD_DOWN);
	model_value(md, m, c1, m->tok[4]);
	model_value(md, m, c2, m->tok[4]);
	md->state[c1] = md->state[c2] = BD_CARD_LOCKED;
	md->first = event_player(m) == md->me ? -1 : md->first;
	md->t[T_MATCH]++;
}

/* Check one event against the model and apply it. A resync (this client fell behind and
 * the daemon dropped events) leaves the model unknown until the next game starts, and the
 * game's state too: the state event that would end a wait may be among those dropped, so
 * the picker tries again (a pick's ERR state sets it waiting anew). */
static void model_event(struct model *md, const struct bd_msg *m)
{
	if (strcmp(m->word, "resync") == 0) {
		if (m->seq <= md->seq)
			model_fail(m, "a resync that goes back");
		md->seq = m->seq;
		md->game = 0;
		md->first = -1;
		md->off = 0;
		return;
	}
	if (md->seq != 0 && m->seq != md->seq + 1)
		model_fail(m, "a gap in event seqs");
	md->seq = m->seq;
	md->t[T_EVENTS]++;
	/* boardd-testhooks sends a seat named whisper, in the same locked step as its join, an
	 * event for it alone (board_test_whisper): every other seat's sequence skips that one. */
	if (strcmp(m->word, "join") == 0 && m->ntok >= 3 && strcmp(m->tok[2], "whisper") == 0)
		md->seq++;
	if (strcmp(m->word, "up") == 0 || strcmp(m->word, "mismatch") == 0)
		model_shown(md, m);
	else if (strcmp(m->word, "match") == 0)
		model_match(md, m);
	else if (strcmp(m->word, "down") == 0) {
		int c = model_card(md, m, 0);
		if (m->ntok != 3)
			model_fail(m, "a down event with more than a place and a reason");
		model_was(md, m, c, BD_CARD_UP);
		md->state[c] = BD_CARD_DOWN;
		md->first = c == md->first ? -1 : md->first;
		md->t[T_DOWN]++;
	} else if (strcmp(m->word, "over") == 0)
		md->t[T_OVERS]++;
	else if (strcmp(m->word, "state") == 0 && m->ntok == 2) {
		md->off = strcmp(m->tok[0], "on") != 0;
		if (!md->off && (uint32_t)bd_parse_uint(m->tok[1]) != md->game)
			model_reset(md, (uint32_t)bd_parse_uint(m->tok[1]));
	}
}

/* A face-down card whose value pairs with card c, -1 if none is known. */
static int model_partner(const struct model *md, unsigned c)
{
	for (unsigned d = 0; d < md->n; d++)
		if (d != c && md->state[d] == BD_CARD_DOWN && md->value[d][0] &&
		    memcmp(md->value[d], md->value[c], 2) == 0)
			return (int)d;
	return -1;
}

/* The next card: the partner of our first card if known, else one of a known face-down
 * pair, else a face-down card not seen yet, else any. */
static int picks_choose(const struct model *md)
{
	unsigned start = rnd(md->n);
	int unseen = -1;

	if (md->game == 0)
		return (int)start;
	if (md->first >= 0 && model_partner(md, (unsigned)md->first) >= 0)
		return model_partner(md, (unsigned)md->first);
	for (unsigned k = 0; k < md->n; k++) {
		unsigned c = (start + k) % md->n;
		if (md->state[c] != BD_CARD_DOWN)
			continue;
		if (md->first < 0 && md->value[c][0] && model_partner(md, c) >= 0)
			return (int)c;
		if (unseen < 0 && !md->value[c][0])
			unseen = (int)c;
	}
	return unseen >= 0 ? unseen : (int)start;
}

/* Face-up values of a snapshot that disagree with the events of the same game. */
static unsigned picks_disagree(struct model *md, const struct bd_pub *snap)
{
	unsigned bad = 0;

	for (unsigned c = 0; c < md->n; c++)
		if (bd_memory_pub(snap)->cards[c].state != BD_CARD_DOWN && md->value[c][0]) {
			bad += memcmp(bd_memory_pub(snap)->cards[c].value, md->value[c], 2) != 0;
			md->t[T_COMPARED]++;
		}
	return bad;
}

/* A snapshot must be consistent and agree with the events; a new deal between the copy of
 * the header and of the cards can make it disagree once, so a disagreement is re-read. */
static void picks_snapshot(struct model *md)
{
	static struct bd_pub snap;

	for (int tries = 0;; tries++) {
		if (bd_snapshot(pub_map(), &snap) < 0)
			die("a picker's snapshot of the public segment failed (inconsistent or a face-down value)");
		md->t[T_SNAPSHOTS]++;
		if (md->game == 0 || snap.game_number != md->game || picks_disagree(md, &snap) == 0)
			return;
		if (tries == 3)
			die("the public segment shows card values the events did not, game %u", md->game);
	}
}

/* Read every event that has arrived and check it; with wait_ms, first wait that long for
 * one (a pick now would only be refused). */
static void picks_events(struct bd_client *c, struct model *md, int wait_ms)
{
	struct bd_msg m;

	if (wait_ms > 0 && bd_client_read(c, &m, wait_ms) == 1 && m.kind == BD_MSG_EVENT)
		model_event(md, &m);
	if (bd_client_fill(c) < 0)
		die("a picker lost its connection");
	while (bd_client_next(c, &m))
		if (m.kind == BD_MSG_EVENT)
			model_event(md, &m);
}

/* One picking client: picks (until `overs` games are over, if not 0), checks, quits, and
 * writes its tally to out. */
static void __attribute__((noreturn)) picks_client(int out, unsigned i, unsigned long picks, unsigned long overs)
{
	struct bd_client c;
	struct bd_msg r;
	struct model *md = calloc(1, sizeof *md);
	char name[16];

	if (md == NULL)
		die("out of memory");
	snprintf(name, sizeof name, "picker%u", i);
	player_enter(&c, name, BD_ROLE_PLAYER);
	*md = (struct model){.dim = c.dim, .n = c.dim * c.dim, .me = c.player, .first = -1};
	for (md->t[T_PICKS] = 0; md->t[T_PICKS] < picks && (overs == 0 || md->t[T_OVERS] < overs); md->t[T_PICKS]++) {
		while (md->off)
			picks_events(&c, md, 1000);
		int card = picks_choose(md);
		int rc = player_request(&c, &r, "pick %d %d", card % (int)c.dim, card / (int)c.dim);
		md->t[T_OK] += rc == 0;
		md->off |= rc == 1 && strcmp(r.word, "state") == 0; /* until the next state event */
		picks_events(&c, md, rc == 1 && strcmp(r.word, "wait") == 0 ? 20 : 0);
		if (md->t[T_PICKS] % 32 == 0)
			picks_snapshot(md);
	}
	if (overs != 0 && md->t[T_OVERS] < overs)
		die("%lu picks and still no game over", picks);
	if (player_request(&c, &r, "quit") != 0)
		die("quit refused: %s", r.line);
	if (write(out, md->t, sizeof md->t) != sizeof md->t)
		die("cannot report a tally");
	bd_client_close(&c);
	free(md);
	exit(0);
}

/* The watcher: snapshots until stop closes; writes how many to out. */
static void __attribute__((noreturn)) picks_watch(int stop, int out)
{
	static struct bd_pub snap;
	struct pollfd p = {.fd = stop, .events = POLLIN};
	unsigned long n = 0;

	while (poll(&p, 1, 0) == 0) {
		if (bd_snapshot(pub_map(), &snap) < 0)
			die("the watcher's snapshot of the public segment failed");
		n++;
		sleep_us(50); /* leave the daemon some of the CPU */
	}
	if (write(out, &n, sizeof n) != sizeof n)
		die("cannot report a tally");
	exit(0);
}

/* Fork a picking client (stop < 0) or the watcher (stop: its pipe), with a pipe for its
 * tally; the read end in *fd. */
static pid_t picks_fork(int *fd, const int *stop, unsigned i, unsigned long picks, unsigned long overs)
{
	int p[2];

	if (pipe(p) < 0)
		die("pipe failed");
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		rnd_reseed(i + 11);
		if (stop != NULL) {
			close(stop[1]);
			picks_watch(stop[0], p[1]);
		}
		picks_client(p[1], i, picks, overs);
	}
	close(p[1]);
	*fd = p[0];
	return pid;
}

/* Wait for a child and read its tally; die unless it ended well. */
static void picks_collect(pid_t pid, int fd, void *tally, size_t len)
{
	int status;
	ssize_t n = read(fd, tally, len);

	waitpid(pid, &status, 0);
	close(fd);
	if (n != (ssize_t)len || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die("a picking client or the watcher failed; see its message above");
}

/* The command: the watcher, the clients, then the summed tallies. */
int cmd_picks(void)
{
	unsigned long picks = (unsigned long)opt_num("picks", 100000), watched = 0;
	unsigned long overs = (unsigned long)opt_num("over", 0);
	unsigned n = (unsigned)opt_num("clients", 4);
	int watch = opt_num("watch", 1) != 0;
	pid_t pids[CLIENTS_MAX], watcher;
	int fds[CLIENTS_MAX], wfd, stop[2];
	unsigned long sum[T_COUNT] = {0}, t[T_COUNT];

	opts_done();
	if (n < 1 || n > CLIENTS_MAX)
		die("--clients wants 1-%d", CLIENTS_MAX);
	pub_map();
	if (pipe(stop) < 0)
		die("pipe failed");
	watcher = watch ? picks_fork(&wfd, stop, 0, 0, 0) : 0;
	close(stop[0]);
	int64_t t0 = now_us();
	for (unsigned i = 0; i < n; i++)
		pids[i] = picks_fork(&fds[i], NULL, i, (picks + n - 1 - i) / n, overs);
	for (unsigned i = 0; i < n; i++) {
		picks_collect(pids[i], fds[i], t, sizeof t);
		for (unsigned k = 0; k < T_COUNT; k++)
			sum[k] += t[k];
	}
	double secs = (double)(now_us() - t0) / 1e6;
	close(stop[1]);
	if (watch)
		picks_collect(watcher, wfd, &watched, sizeof watched);
	say("picks: %lu picks by %u clients in %.1f s (%.0f a second), %lu played (OK), %lu games from their"
	    " start, %lu game overs", sum[T_PICKS], n, secs, (double)sum[T_PICKS] / secs, sum[T_OK], sum[T_GAMES], sum[T_OVERS]);
	say("picks: %lu events checked: %lu up, %lu mismatch, %lu match, %lu down; no gap, no value of a"
	    " face-down card", sum[T_EVENTS], sum[T_UP], sum[T_MISMATCH], sum[T_MATCH], sum[T_DOWN]);
	say("picks: %lu snapshots by the players (%lu face-up values compared with the events) and %lu by"
	    " the watcher: all consistent, no face-down card with a value", sum[T_SNAPSHOTS], sum[T_COMPARED], watched);
	return 0;
}
