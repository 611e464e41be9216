/* memory-match: Memory's beginner level (clients/bot/brain-memory.c) measured as issue 18
 * asks. Every game is played on a real board opened in this process (daemon/board.c under
 * daemon/rules/memory.c) with the daemon's default timing (a first pick stays up 5 s, a
 * mismatch 2 s, a card let go is refused to its user for 14 s unless to match it: each seat
 * is another user) on a simulated clock, so a hundred games take seconds. A bot takes the
 * ring's events into its mind as board-bot does and picks what its level says, after its
 * level's pause (board-bot's default --delay-ms). The test player reads only the public
 * segment, what a window draws, as a person at it would: it remembers every value it saw
 * face up, picks a pair it knows, else a card it has not seen, else any; one pick a second
 * (--tester-ms).
 * Pairings: tester against beginner and perfect against beginner, on the same deals; one
 * line each: the pairing, games, the first-named player's wins, ties and losses, and the
 * games' mean length in simulated seconds. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clients/bot/play.h"
#include "daemon/board.h"
#include "daemon/log.h"
#include "ipc/clock.h"
#include "ipc/proto.h"

#define SIM_STEP_MS 10
#define SIM_GAME_MAX_MS (30 * 60 * 1000) /* a game still on after this stalled: a loss for both */
#define BOT_DELAY_MS 250 /* board-bot's --delay-ms default */

enum who { TESTER, PERFECT, BEGINNER };
static const char *const who_names[] = {"tester", "perfect", "beginner"};

struct seat {
	enum who who;
	unsigned id;          /* its player id on the board */
	int64_t next_ms;      /* it may pick from then */
	unsigned short rng[3];
	struct mind mind;     /* a bot's */
	int plan;             /* a bot's planned second card */
	uint64_t seq;         /* a bot's newest event taken */
	char seen[BD_CARDS_MAX][2];       /* the tester's: values it saw face up */
	int64_t cool_until[BD_CARDS_MAX]; /* the tester's: refused to it until then */
};

static int64_t tester_pick_ms = 1000; /* --tester-ms */

struct sim {
	struct board b;
	const struct bd_memory_pub *m;
	unsigned ncards;
	int64_t now;
};

/* The milliseconds a cooldown refusal's text starts with. */
static int64_t sim_cooldown_left(const struct bd_err *err)
{
	return strcmp(err->code, "cooldown") == 0 ? strtoll(err->text, NULL, 10) : 0;
}

/* Seat p picks card c, as its pick request would: the rules' move at the simulated now. */
static int sim_pick(struct sim *s, const struct seat *p, unsigned c, struct bd_err *err)
{
	char x[12], y[12];
	const char *tok[2] = {x, y};

	snprintf(x, sizeof x, "%u", c % s->m->dim);
	snprintf(y, sizeof y, "%u", c / s->m->dim);
	return s->b.rules->move(&s->b, p->id, 2, tok, s->now, err);
}

/* A bot takes the events it has not seen yet (those for everyone or for it), as its
 * connection would bring them. */
static void robot_feed(struct sim *s, struct seat *p)
{
	for (uint64_t q = p->seq + 1; q <= s->b.priv->ring_head; q++) {
		const struct bd_event *ev = &s->b.priv->ring[q % BD_RING_SIZE];
		if (ev->to == BD_NO_PLAYER || ev->to == p->id)
			mind_apply(&p->mind, ev);
	}
	p->seq = s->b.priv->ring_head;
}

/* A bot's pick when its pause is over, and the reply taken as play-memory.c takes it. */
static void robot_act(struct sim *s, struct seat *p)
{
	enum bot_level level = p->who == BEGINNER ? BOT_BEGINNER : BOT_PERFECT;
	struct bd_err err;

	if (p->mind.game_state != BD_GAME_ON || s->now < p->next_ms)
		return;
	p->mind.now = s->now;
	int card = choose_pick(&p->mind, level, p->id, &p->plan, p->rng);
	if (card < 0)
		return;
	int rc = sim_pick(s, p, (unsigned)card, &err);
	robot_feed(s, p);
	p->next_ms = s->now + choose_pause(level, BOT_DELAY_MS, p->rng);
	if (rc == 0)
		return;
	if (sim_cooldown_left(&err) > 0)
		p->mind.cool_until[card] = s->now + sim_cooldown_left(&err);
	if (p->next_ms < s->now + ERR_BACKOFF_MS)
		p->next_ms = s->now + ERR_BACKOFF_MS;
	mind_load(&p->mind, s->b.pub);
}

/* The tester looks at the board: every card face up shows its value. */
static void tester_look(struct sim *s, struct seat *p)
{
	for (unsigned c = 0; c < s->ncards; c++)
		if (s->m->cards[c].state != BD_CARD_DOWN)
			memcpy(p->seen[c], s->m->cards[c].value, 2);
}

/* Nonzero if the tester may pick card c: face down, and not refused to it by a cooldown
 * unless match (it holds the partner); not one it has seen, if unseen. */
static int tester_fits(const struct sim *s, const struct seat *p, unsigned c, int unseen, int match)
{
	return s->m->cards[c].state == BD_CARD_DOWN && (match || p->cool_until[c] <= s->now) &&
	       !(unseen && p->seen[c][0] != 0);
}

/* A random card the tester may pick, unseen ones first; -1 if none. */
static int tester_random(const struct sim *s, struct seat *p)
{
	for (int unseen = 1; unseen >= 0; unseen--) {
		unsigned n = 0, c;
		for (c = 0; c < s->ncards; c++)
			n += tester_fits(s, p, c, unseen, 0) != 0;
		if (n == 0)
			continue;
		unsigned k = (unsigned)(nrand48(p->rng) % n);
		for (c = 0; c < s->ncards; c++)
			if (tester_fits(s, p, c, unseen, 0) && k-- == 0)
				return (int)c;
	}
	return -1;
}

/* The face-down card the tester saw with card c's value (c itself not), or -1. */
static int tester_partner(const struct sim *s, const struct seat *p, unsigned c)
{
	for (unsigned d = 0; d < s->ncards; d++)
		if (d != c && p->seen[c][0] != 0 && s->m->cards[d].state == BD_CARD_DOWN &&
		    memcmp(p->seen[d], p->seen[c], 2) == 0)
			return (int)d;
	return -1;
}

/* The tester's next card: holding one, its partner if seen, else a random card; holding
 * none, a card of a face-down pair it has seen (one not refused to it), else a random card. */
static int tester_choose(const struct sim *s, struct seat *p, int held)
{
	int d;

	if (held >= 0)
		return (d = tester_partner(s, p, (unsigned)held)) >= 0 ? d : tester_random(s, p);
	for (unsigned c = 0; c < s->ncards; c++)
		if (s->m->cards[c].state == BD_CARD_DOWN && (d = tester_partner(s, p, c)) >= 0 &&
		    (tester_fits(s, p, c, 0, 0) || tester_fits(s, p, (unsigned)d, 0, 0)))
			return tester_fits(s, p, c, 0, 0) ? (int)c : d;
	return tester_random(s, p);
}

/* The tester's pick, once every tester_pick_ms, unless its mismatch is on show. */
static void tester_act(struct sim *s, struct seat *p)
{
	unsigned held = 0;
	int first = -1;
	struct bd_err err;

	if (s->b.pub->game_state != BD_GAME_ON || s->now < p->next_ms)
		return;
	for (unsigned c = 0; c < s->ncards; c++)
		if (s->m->cards[c].state == BD_CARD_UP && s->m->cards[c].owner == p->id)
			held++, first = (int)c;
	int card = held < 2 ? tester_choose(s, p, first) : -1;
	if (card < 0)
		return;
	p->next_ms = s->now + tester_pick_ms;
	if (sim_pick(s, p, (unsigned)card, &err) < 0 && sim_cooldown_left(&err) > 0)
		p->cool_until[card] = s->now + sim_cooldown_left(&err);
}

/* Seat p at the board as user uid, and ready it for a game. */
static void sim_seat(struct sim *s, struct seat *p, uid_t uid, unsigned short seed[3])
{
	struct quota_peer peer = {.uid = uid, .pid = getpid(), .exempt = 1};
	struct bd_err err;
	int id = board_seat(&s->b, who_names[p->who], &peer, 0, 0, &err);

	if (id < 0) {
		fprintf(stderr, "memory-match: cannot seat %s: %s\n", who_names[p->who], err.text);
		exit(1);
	}
	p->id = (unsigned)id;
	memcpy(p->rng, seed, sizeof p->rng);
	p->next_ms = s->now + (p->who == TESTER ? tester_pick_ms : 0);
	p->plan = -1;
	memset(p->seen, 0, sizeof p->seen);
	memset(p->cool_until, 0, sizeof p->cool_until);
}

/* A bot takes the board in, as board-bot does on joining, and the game starts: its first
 * pick waits for its level's pause (none but the beginner's). */
static void robot_enter(struct sim *s, struct seat *p)
{
	enum bot_level level = p->who == BEGINNER ? BOT_BEGINNER : BOT_PERFECT;

	memset(&p->mind, 0, sizeof p->mind);
	choose_style(&p->mind, level, p->rng);
	mind_reset(&p->mind, s->m->dim, level == BOT_BEGINNER ? BOT_BEGINNER_MEMORY : BD_CARDS_MAX,
		   s->b.pub->game_number);
	mind_load(&p->mind, s->b.pub);
	p->seq = s->b.priv->ring_head;
	p->next_ms = s->now + choose_pause(level, 0, p->rng);
}

/* One step of the clock: deadlines, then each seat looks and may pick (the first to act
 * alternating, so that neither wins every tie). */
static void sim_step(struct sim *s, struct seat seats[2], unsigned step)
{
	for (unsigned i = 0; i < 2; i++)
		board_tick(&s->b, (int)seats[i].id, s->now);
	for (unsigned k = 0; k < 2; k++) {
		struct seat *p = &seats[(k + step) % 2];
		for (unsigned i = 0; i < 2; i++)
			if (seats[i].who == TESTER)
				tester_look(s, &seats[i]);
			else
				robot_feed(s, &seats[i]);
		if (p->who == TESTER)
			tester_act(s, p);
		else
			robot_act(s, p);
	}
}

/* One game of seats[0] against seats[1] on a deal of seed; 1 if seats[0] won (more pairs),
 * 0 a tie, -1 a loss (or a stall); its length in simulated ms into *ms. */
static int sim_game(struct seat seats[2], const char *prefix, uint64_t seed, int64_t *ms)
{
	static struct sim s;
	struct board_settings set = {.name = "mm", .game_kind = BD_GAME_MEMORY, .dim = 4, .region_side = 4,
				     .min_players = 2, .first_pick_ms = 5000, .mismatch_ms = 2000,
				     .restart_ms = 10000, .away_ms = 10000, .seed = seed};
	unsigned short rng[3] = {(unsigned short)seed, (unsigned short)(seed >> 16), 0};
	int resumed;

	memset(&s, 0, sizeof s);
	if (board_open(&s.b, prefix, &set, &resumed) < 0)
		exit(1);
	s.m = bd_memory_pub(s.b.pub);
	s.ncards = s.m->dim * s.m->dim;
	s.now = bd_now_ms();
	int64_t start = s.now;
	for (unsigned i = 0; i < 2; i++) {
		rng[2] = (unsigned short)(i + 1);
		sim_seat(&s, &seats[i], 60000 + i, rng);
	}
	for (unsigned i = 0; i < 2; i++)
		if (seats[i].who != TESTER)
			robot_enter(&s, &seats[i]);
	for (unsigned step = 0; s.b.pub->game_state == BD_GAME_ON && s.now - start < SIM_GAME_MAX_MS; step++) {
		sim_step(&s, seats, step);
		s.now += SIM_STEP_MS;
	}
	*ms = s.now - start;
	uint32_t a = s.b.pub->players[seats[0].id].score, b = s.b.pub->players[seats[1].id].score;
	int over = s.b.pub->game_state == BD_GAME_OVER;
	board_close(&s.b, 1);
	return !over ? -1 : a > b ? 1 : a == b ? 0 : -1;
}

/* games games of a against b, deal g's seed base + g; prints a's wins, ties, losses. */
static void sim_pair(enum who a, enum who b, unsigned games, uint64_t base, const char *prefix)
{
	unsigned won = 0, tied = 0, lost = 0;
	int64_t total = 0, ms;

	for (unsigned g = 0; g < games; g++) {
		struct seat seats[2] = {{.who = a}, {.who = b}};
		int r = sim_game(seats, prefix, base + g, &ms);
		won += r > 0;
		tied += r == 0;
		lost += r < 0;
		total += ms;
	}
	printf("%s-%s\t%u\t%u\t%u\t%u\t%.1f\n", who_names[a], who_names[b], games, won, tied, lost,
	       games > 0 ? (double)total / games / 1000 : 0.0);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"games", required_argument, NULL, 'g'}, {"seed", required_argument, NULL, 's'},
		{"tester-ms", required_argument, NULL, 't'}, {NULL, 0, NULL, 0}};
	long games = 50, seed = 1, tester = 1000;
	char prefix[32];
	int opt;

	while ((opt = getopt_long(argc, argv, "g:s:t:", longopts, NULL)) != -1) {
		long *v = opt == 'g' ? &games : opt == 's' ? &seed : opt == 't' ? &tester : NULL;
		if (v == NULL || (*v = bd_parse_uint(optarg)) < 0) {
			fprintf(stderr, "usage: memory-match [--games N] [--seed S] [--tester-ms MS]\n");
			return 2;
		}
	}
	tester_pick_ms = tester;
	log_init(LOG_WARNING);
	if (getenv("BOARDD_SHM_PREFIX") != NULL) /* a test's own (tests/lib.sh) */
		snprintf(prefix, sizeof prefix, "%s", getenv("BOARDD_SHM_PREFIX"));
	else
		snprintf(prefix, sizeof prefix, "bdmm%d", (int)getpid());
	uint64_t base = (uint64_t)seed * 1000003u;
	printf("# pairing\tgames\twins\tties\tlosses\tmean-s (seed %ld: deals %llu..)\n", seed,
	       (unsigned long long)base);
	sim_pair(TESTER, BEGINNER, (unsigned)games, base, prefix);
	sim_pair(PERFECT, BEGINNER, (unsigned)games, base, prefix);
	return 0;
}
