/* qwirkle-eval: Qwirkle's brain levels (clients/bot/brain-qwirkle.c) played against each
 * other in-process, no daemon: `make eval-qwirkle-bot` (docs/PERFORMANCE.md). For 2, 3 and 4
 * seats it plays --games games of one strong seat against greedy seats, and (unless
 * --no-self) --games of strong seats only. Strong against greedy is played by deals: each
 * deal is played once with the strong seat at each seat of the table, every time with the
 * same hands, opener and bag (the bag's draws come from a generator of their own, started
 * alike for each of the deal's games), so that neither a good deal nor a good seat favours
 * a level. Each line gives the mean score per game of each level, and for strong against
 * greedy the strong seat's lead over the greedy seats' mean in the same game, averaged over
 * a deal's games, with its 95% confidence interval over the deals, and the games it won. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/bot/brain-qwirkle.h"
#include "ipc/proto.h"

#define EVAL_TURNS_MAX 2000 /* a game where every seat only swaps ends there */

/* One game being played: the bag, the hands, the scores, and what the seat to move knows. */
struct eval_game {
	struct bq_state s;            /* the table and counts; hand and me set per turn */
	uint8_t bag[QW_TILES];
	unsigned nbag;
	struct qw_hand hand[BQ_SEATS];
	int score[BQ_SEATS];
	enum bot_level level[BQ_SEATS];
	unsigned short rng[3];        /* the brains' choices */
	unsigned short bag_rng[3];    /* the draws and the opener's tie: alike for a deal's games */
};

/* Draw from the bag into seat's hand until it holds six or the bag is empty. */
static void eval_draw(struct eval_game *e, unsigned seat)
{
	struct qw_hand *h = &e->hand[seat];

	while (h->n < QW_HAND && e->nbag > 0) {
		unsigned k = (unsigned)((unsigned long)nrand48(e->bag_rng) % e->nbag);
		h->tile[h->n++] = e->bag[k];
		e->bag[k] = e->bag[--e->nbag];
	}
	e->s.held[seat] = h->n;
	e->s.bag = e->nbag;
}

/* Deal: a fresh bag, six tiles a seat; the seat with the most tiles sharing a colour or a
 * shape opens (ties at random). Returns that seat. */
static unsigned eval_deal(struct eval_game *e, unsigned seats)
{
	unsigned first = 0, best = 0, ties = 0;

	memset(&e->s, 0, sizeof e->s);
	qw_pos_empty(&e->s.table);
	e->s.seats = seats;
	for (unsigned i = 0; i < QW_TILES; i++)
		e->bag[i] = (uint8_t)(i % QW_KINDS);
	e->nbag = QW_TILES;
	for (unsigned p = 0; p < seats; p++) {
		e->hand[p].n = 0;
		e->score[p] = 0;
		eval_draw(e, p);
		unsigned g = qw_hand_best(&e->hand[p]);
		if (g > best)
			best = g, first = p, ties = 1;
		else if (g == best && (unsigned long)nrand48(e->bag_rng) % ++ties == 0)
			first = p;
	}
	return first;
}

/* Play seat's turn t through the codec's rules: a lay (checked and scored by qw_lay_error,
 * the hand refilled), a swap (qw_swap_error) or a pass. Its points, or -1 if the rules
 * refuse the turn or the brain's score is not the rules'. */
static int eval_apply(struct eval_game *e, unsigned seat, const struct qw_turn *t, unsigned said)
{
	struct qw_hand *h = &e->hand[seat];
	uint8_t tiles[QW_HAND];
	unsigned lines;

	if (t->kind == QW_PASS)
		return qw_can_lay(&e->s.table, h) || e->nbag > 0 ? -1 : 0;
	if (t->kind == QW_SWAP) {
		if (qw_swap_error(h, t->swap.tile, t->swap.n, e->nbag) != NULL)
			return -1;
		qw_hand_take(h, t->swap.tile, t->swap.n);
		eval_draw(e, seat);
		memcpy(e->bag + e->nbag, t->swap.tile, t->swap.n);
		e->s.bag = e->nbag += t->swap.n;
		return said == 0 ? 0 : -1;
	}
	if (qw_lay_error(&e->s.table, h, 0, &t->lay, &lines) != NULL)
		return -1;
	for (unsigned i = 0; i < t->lay.n; i++)
		tiles[i] = t->lay.p[i].tile;
	qw_hand_take(h, tiles, t->lay.n);
	qw_apply(&e->s.table, &t->lay);
	eval_draw(e, seat);
	unsigned total = qw_lay_total(lines, h->n, e->nbag);
	return total == said ? (int)total : -1;
}

/* One game at seats seats with levels e->level[]; scores in e->score. -1 if a brain failed
 * or played a turn the rules refuse. */
static int eval_game(struct eval_game *e, unsigned seats)
{
	unsigned seat = eval_deal(e, seats), passes = 0, said;
	struct qw_turn t;
	int points;

	for (unsigned turn = 0; passes < seats && turn < EVAL_TURNS_MAX; turn++) {
		e->s.me = seat;
		e->s.hand = e->hand[seat];
		if (bq_choose(&e->s, e->level[seat], e->rng, &t, &said) < 0 ||
		    (points = eval_apply(e, seat, &t, said)) < 0)
			return -1;
		e->score[seat] += points;
		passes = t.kind == QW_PASS ? passes + 1 : 0;
		if (t.kind == QW_LAY && e->hand[seat].n == 0)
			break; /* emptied the hand with the bag empty: the end */
		seat = (seat + 1) % seats;
	}
	return 0;
}

/* Mean and half-width of the 95% confidence interval of n values of sum and sum of squares. */
static void eval_ci(double sum, double sq, unsigned n, double *mean, double *half)
{
	*mean = sum / n;
	double var = n > 1 ? (sq - sum * sum / n) / (n - 1) : 0;
	*half = 1.96 * sqrt(var / n);
}

/* What a series adds up: scores per level, the lead per deal (sum and sum of squares). */
struct eval_sum {
	double strong, greedy, lead, lead_sq;
	unsigned games, deals, won;
};

/* Play the deal (its bag generator's start) with the strong seat at me, or strong at every
 * seat (selfplay); add the scores to sum, the strong seat's lead to *lead. -1 if a brain
 * failed or cheated. */
static int eval_play(struct eval_game *e, unsigned seats, unsigned me, int selfplay, const unsigned short deal[3],
		     struct eval_sum *sum, double *lead)
{
	double others = 0;
	int top = -1;

	memcpy(e->bag_rng, deal, sizeof e->bag_rng);
	for (unsigned p = 0; p < seats; p++)
		e->level[p] = selfplay || p == me ? BOT_STRONG : BOT_GREEDY;
	if (eval_game(e, seats) < 0) {
		fprintf(stderr, "qwirkle-eval: game %u: a brain failed or cheated\n", sum->games);
		return -1;
	}
	for (unsigned p = 0; p < seats; p++) {
		if (p != me)
			others += e->score[p];
		top = e->score[p] > top ? e->score[p] : top;
	}
	others /= seats - 1;
	sum->strong += e->score[me];
	sum->greedy += others;
	sum->won += e->score[me] == top;
	sum->games++;
	*lead += e->score[me] - others;
	return 0;
}

/* games games at seats seats: strong against greedy, each deal played once with strong at
 * each seat (games rounded down to whole deals), or strong everywhere (selfplay, a deal a
 * game); one line of results. */
static int eval_series(unsigned seats, int selfplay, unsigned games, unsigned short rng[3])
{
	static struct eval_game e;
	struct eval_sum sum = {0};
	unsigned turns = selfplay ? 1 : seats;
	double mean, half;

	memcpy(e.rng, rng, sizeof e.rng);
	for (unsigned d = 0; d < games / turns; d++) {
		unsigned short deal[3];
		double lead = 0;
		for (unsigned i = 0; i < 3; i++)
			deal[i] = (unsigned short)nrand48(e.rng);
		for (unsigned me = 0; me < turns; me++)
			if (eval_play(&e, seats, me, selfplay, deal, &sum, &lead) < 0)
				return -1;
		sum.lead += lead / turns;
		sum.lead_sq += lead / turns * (lead / turns);
		sum.deals++;
	}
	eval_ci(sum.lead, sum.lead_sq, sum.deals, &mean, &half);
	if (selfplay)
		printf("%u seats, strong x%u: %u games, mean score per seat %.2f\n", seats, seats, sum.games,
		       (sum.strong + sum.greedy * (seats - 1)) / sum.games / seats);
	else
		printf("%u seats, strong vs %u greedy: %u games (%u deals x %u seats), strong %.2f, greedy %.2f, "
		       "lead %.2f +- %.2f (95%%: %.2f .. %.2f), strong top (ties too) in %.1f%%\n",
		       seats, seats - 1, sum.games, sum.deals, seats, sum.strong / sum.games, sum.greedy / sum.games, mean,
		       half, mean - half, mean + half, 100.0 * sum.won / sum.games);
	memcpy(rng, e.rng, sizeof e.rng);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {{"games", required_argument, NULL, 'g'},
						 {"seed", required_argument, NULL, 's'},
						 {"seats", required_argument, NULL, 'n'},
						 {"no-self", no_argument, NULL, 'x'},
						 {NULL, 0, NULL, 0}};
	long games = 1000, seed = 1, only = 0;
	int opt, self = 1;

	while ((opt = getopt_long(argc, argv, "g:s:n:x", longopts, NULL)) != -1) {
		long *v = opt == 'g' ? &games : opt == 's' ? &seed : opt == 'n' ? &only : NULL;
		if (opt == 'x') {
			self = 0;
			continue;
		}
		if (v == NULL || (*v = bd_parse_uint(optarg)) < 0 || (opt == 'g' && *v < 8) ||
		    (opt == 'n' && (*v < 2 || *v > 4))) {
			fprintf(stderr, "usage: qwirkle-eval [--games N (at least 8)] [--seed N] [--seats 2-4] [--no-self]\n");
			return 2;
		}
	}
	unsigned short rng[3] = {0x330e, (unsigned short)seed, (unsigned short)(seed >> 16)};
	for (unsigned seats = 2; seats <= 4; seats++)
		for (int selfplay = 0; selfplay < 1 + self; selfplay++)
			if ((only == 0 || only == seats) && eval_series(seats, selfplay, (unsigned)games, rng) < 0)
				return 1;
	return 0;
}
