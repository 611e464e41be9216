/* qwirkle-eval: Qwirkle's brain levels (clients/bot/brain-qwirkle.c) played against each
 * other in-process, no daemon: `make eval-qwirkle-bot` (docs/PERFORMANCE.md). For 2, 3 and 4
 * seats it plays --games games of one strong seat against greedy seats (the strong seat
 * going round the table: game g puts it at seat g mod seats), and --games of strong seats
 * only; each line gives the mean score per game of each level, and for strong against
 * greedy the strong seat's lead over the greedy seats' mean with its 95% confidence
 * interval and the games it won. */
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
	unsigned short rng[3];
};

/* Draw from the bag into seat's hand until it holds six or the bag is empty. */
static void eval_draw(struct eval_game *e, unsigned seat)
{
	struct qw_hand *h = &e->hand[seat];

	while (h->n < QW_HAND && e->nbag > 0) {
		unsigned k = (unsigned)((unsigned long)nrand48(e->rng) % e->nbag);
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
		else if (g == best && (unsigned long)nrand48(e->rng) % ++ties == 0)
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

/* games games at seats seats: strong at one seat (round the table) against greedy, or
 * strong everywhere (selfplay); one line of results. */
static int eval_series(unsigned seats, int selfplay, unsigned games, unsigned short rng[3])
{
	static struct eval_game e;
	double strong = 0, greedy = 0, lead = 0, lead_sq = 0, mean, half;
	unsigned won = 0;

	memcpy(e.rng, rng, sizeof e.rng);
	for (unsigned g = 0; g < games; g++) {
		unsigned me = g % seats;
		double others = 0;
		int top = -1;
		for (unsigned p = 0; p < seats; p++)
			e.level[p] = selfplay || p == me ? BOT_STRONG : BOT_GREEDY;
		if (eval_game(&e, seats) < 0) {
			fprintf(stderr, "qwirkle-eval: game %u: a brain failed or cheated\n", g);
			return -1;
		}
		for (unsigned p = 0; p < seats; p++) {
			if (p != me)
				others += e.score[p];
			top = e.score[p] > top ? e.score[p] : top;
		}
		others /= seats - 1;
		strong += e.score[me];
		greedy += others;
		lead += e.score[me] - others;
		lead_sq += (e.score[me] - others) * (e.score[me] - others);
		won += e.score[me] == top;
	}
	eval_ci(lead, lead_sq, games, &mean, &half);
	if (selfplay)
		printf("%u seats, strong x%u: %u games, mean score per seat %.2f\n", seats, seats, games,
		       (strong + greedy * (seats - 1)) / games / seats);
	else
		printf("%u seats, strong vs %u greedy: %u games, strong %.2f, greedy %.2f, lead %.2f +- %.2f "
		       "(95%%: %.2f .. %.2f), strong top (ties too) in %.1f%%\n",
		       seats, seats - 1, games, strong / games, greedy / games, mean, half, mean - half, mean + half,
		       100.0 * won / games);
	memcpy(rng, e.rng, sizeof e.rng);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {{"games", required_argument, NULL, 'g'},
						 {"seed", required_argument, NULL, 's'},
						 {"seats", required_argument, NULL, 'n'},
						 {NULL, 0, NULL, 0}};
	long games = 1000, seed = 1, only = 0;
	int opt;

	while ((opt = getopt_long(argc, argv, "g:s:n:", longopts, NULL)) != -1) {
		long *v = opt == 'g' ? &games : opt == 's' ? &seed : opt == 'n' ? &only : NULL;
		if (v == NULL || (*v = bd_parse_uint(optarg)) < 0 || (opt == 'g' && *v < 2) ||
		    (opt == 'n' && (*v < 2 || *v > 4))) {
			fprintf(stderr, "usage: qwirkle-eval [--games N (at least 2)] [--seed N] [--seats 2-4]\n");
			return 2;
		}
	}
	unsigned short rng[3] = {0x330e, (unsigned short)seed, (unsigned short)(seed >> 16)};
	for (unsigned seats = 2; seats <= 4; seats++)
		for (int selfplay = 0; selfplay < 2; selfplay++)
			if ((only == 0 || only == seats) && eval_series(seats, selfplay, (unsigned)games, rng) < 0)
				return 1;
	return 0;
}
