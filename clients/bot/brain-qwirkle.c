/* brain-qwirkle.c: Qwirkle's brain (brain-qwirkle.h). The codec's move generator (qw_moves)
 * gives every lay of the hand with its points; the levels choose among them. The strong
 * level weighs each lay by its points, the hand it keeps (duplicates are dead weight, tiles
 * that share a colour or a shape make lines later), and the Qwirkles it leaves open: a line
 * of five whose sixth tile fits at an end and is still unseen (in the bag or another hand)
 * may give the next seat 12 points. It swaps when the best hand it can keep is worth more
 * than any lay, and in the endgame of two (the bag empty: the unseen tiles are the other
 * hand) it takes off the other seat's best reply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain.h"
#include "brain-qwirkle.h"

/* The strong level's weights (tests/qwirkle-eval.c measured them against greedy). */
#define BQ_DUPLICATE 3.0  /* a tile kept twice: one copy is dead until the other is played */
#define BQ_KIN 0.6        /* two kept tiles that could share a line */
#define BQ_FRESH 1.0      /* a tile drawn from the bag, on average */
#define BQ_OPEN 1.0       /* times the points a Qwirkle left open may give the next seat */
#define BQ_REPLIES 8      /* lays whose reply the endgame of two looks at */

/* A lay and its points. */
struct bq_lay {
	struct qw_move m;
	unsigned score;
};

/* The lays found (qw_moves's receiver). */
struct bq_lays {
	struct bq_lay *lay;
	unsigned n;
};

/* Keep one lay (qw_move_fn); stop at BQ_LAYS_MAX. */
static int bq_keep(void *arg, const struct qw_move *m, unsigned score)
{
	struct bq_lays *l = arg;

	l->lay[l->n++] = (struct bq_lay){*m, score};
	return l->n == BQ_LAYS_MAX;
}

/* Every lay of hand on table into l (BQ_LAYS_MAX of room); how many. */
static unsigned bq_lays(const struct qw_pos *table, const struct qw_hand *hand, struct bq_lays *l)
{
	l->n = 0;
	qw_moves(table, hand, bq_keep, l);
	return l->n;
}

/* A lay's tiles. */
static void bq_tiles(const struct qw_move *m, uint8_t tiles[QW_HAND])
{
	for (unsigned i = 0; i < m->n; i++)
		tiles[i] = m->p[i].tile;
}

/* Points of a lay with the end bonus: when it empties the hand and the bag is empty. */
static unsigned bq_total(const struct bq_state *s, const struct bq_lay *l)
{
	unsigned left = s->hand.n - l->m.n, drawn = s->bag < QW_HAND - left ? s->bag : QW_HAND - left;

	return qw_lay_total(l->score, left + drawn, s->bag - drawn);
}

/* How many tiles of each kind this seat has not seen (in the bag or other hands): unseen[],
 * their total returned. */
static unsigned bq_unseen(const struct bq_state *s, int unseen[QW_KINDS])
{
	unsigned total = QW_TILES - s->table.n - s->hand.n;

	for (unsigned t = 0; t < QW_KINDS; t++)
		unseen[t] = QW_COPIES - (int)qw_pos_count(&s->table, (uint8_t)t);
	for (unsigned i = 0; i < s->hand.n; i++)
		unseen[s->hand.tile[i]]--;
	return total;
}

/* What a hand of the n tiles keep is worth for the turns to come, refilled from a bag of bag. */
static double bq_leave(const uint8_t *keep, unsigned n, unsigned bag)
{
	unsigned drawn = QW_HAND - n < bag ? QW_HAND - n : bag;
	double v = drawn * BQ_FRESH;

	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i + 1; j < n; j++) {
			if (keep[i] == keep[j])
				v -= BQ_DUPLICATE;
			else if (qw_colour(keep[i]) == qw_colour(keep[j]) || qw_shape(keep[i]) == qw_shape(keep[j]))
				v += BQ_KIN;
		}
	return v;
}

/* The chance that a hand of h tiles drawn from total unseen tiles holds one of k copies. */
static double bq_chance(unsigned k, unsigned total, unsigned h)
{
	double none = 1;

	for (unsigned i = 0; i < h && i < total; i++)
		none *= total - i > k ? (double)(total - k - i) / (double)(total - i) : 0;
	return 1 - none;
}

/* The tiles of the line through (x, y) along (dx, dy) into line; how many (at most 6). The
 * ends' empty cells into ends. */
static unsigned bq_line(const struct qw_pos *p, int x, int y, int dx, int dy, uint8_t line[QW_LINE_MAX],
			int ends[2][2])
{
	unsigned n = 0;

	while (qw_at(p, x - dx, y - dy) != QW_NO_TILE)
		x -= dx, y -= dy;
	ends[0][0] = x - dx, ends[0][1] = y - dy;
	for (uint8_t t; (t = qw_at(p, x, y)) != QW_NO_TILE; x += dx, y += dy)
		if (n < QW_LINE_MAX)
			line[n++] = t;
	ends[1][0] = x, ends[1][1] = y;
	return n;
}

/* The tile that makes a line of five (line[]) a Qwirkle: one colour wants its missing shape,
 * one shape its missing colour. */
static uint8_t bq_sixth(const uint8_t line[5])
{
	unsigned shapes = 0, colours = 0;

	for (unsigned i = 0; i < 5; i++)
		shapes |= 1u << qw_shape(line[i]), colours |= 1u << qw_colour(line[i]);
	if (qw_colour(line[0]) == qw_colour(line[1]))
		return (uint8_t)(__builtin_ctz(~shapes & 0x3f) * QW_COLOURS + qw_colour(line[0]));
	return (uint8_t)(qw_shape(line[0]) * QW_COLOURS + __builtin_ctz(~colours & 0x3f));
}

/* What the line of five through (x, y) along (dx, dy) of table p may give the next seat:
 * 12 points times the chance it holds an unseen sixth tile that the rules let it lay at an
 * end; 0 if the line is not five long. */
static double bq_open_line(const struct qw_pos *p, int x, int y, int dx, int dy, const int unseen[QW_KINDS],
			   unsigned total, unsigned h)
{
	uint8_t line[QW_LINE_MAX];
	int ends[2][2];
	unsigned score;

	if (bq_line(p, x, y, dx, dy, line, ends) != 5)
		return 0;
	uint8_t six = bq_sixth(line);
	if (unseen[six] <= 0)
		return 0;
	for (unsigned e = 0; e < 2; e++) {
		struct qw_move m = {1, {{(int8_t)ends[e][0], (int8_t)ends[e][1], six}}};
		if (ends[e][0] >= -QW_COORD_MAX && ends[e][0] <= QW_COORD_MAX && ends[e][1] >= -QW_COORD_MAX &&
		    ends[e][1] <= QW_COORD_MAX && qw_check(p, &m, &score) == NULL)
			return 12 * bq_chance((unsigned)unseen[six], total, h);
	}
	return 0;
}

/* What the Qwirkles lay m leaves open on after (the table with m laid) may give the next seat. */
static double bq_open(const struct bq_state *s, const struct qw_pos *after, const struct qw_move *m,
		      const int unseen[QW_KINDS], unsigned total)
{
	unsigned next = (s->me + 1) % s->seats, h = s->held[next] ? s->held[next] : QW_HAND;
	int row = m->n > 1 && m->p[0].y == m->p[1].y;
	double risk = 0;

	for (unsigned i = 0; i < m->n; i++)
		for (int axis = 0; axis < 2; axis++) {
			int dx = axis == 0, dy = axis == 1;
			if (i > 0 && m->n > 1 && dx == row)
				continue; /* the lay's own line: once, with its first tile */
			risk += bq_open_line(after, m->p[i].x, m->p[i].y, dx, dy, unseen, total, h);
		}
	return risk * BQ_OPEN;
}

/* The hand the other seat holds in the endgame of two: every unseen tile. */
static void bq_other_hand(const int unseen[QW_KINDS], struct qw_hand *h)
{
	h->n = 0;
	for (unsigned t = 0; t < QW_KINDS; t++)
		for (int k = 0; k < unseen[t] && h->n < QW_HAND; k++)
			h->tile[h->n++] = (uint8_t)t;
}

/* The best the other seat can score on after with hand h (going out included). */
static unsigned bq_reply(const struct qw_pos *after, const struct qw_hand *h, struct bq_lays *scratch)
{
	unsigned best = 0;

	for (unsigned i = 0, n = bq_lays(after, h, scratch); i < n; i++) {
		unsigned v = qw_lay_total(scratch->lay[i].score, h->n - scratch->lay[i].m.n, 0);
		best = v > best ? v : best;
	}
	return best;
}

/* The tiles of s's hand that lay m leaves, into keep; how many. */
static unsigned bq_kept(const struct bq_state *s, const struct qw_move *m, uint8_t keep[QW_HAND])
{
	struct qw_hand h = s->hand;
	uint8_t tiles[QW_HAND];

	bq_tiles(m, tiles);
	qw_hand_take(&h, tiles, m->n);
	memcpy(keep, h.tile, h.n);
	return h.n;
}

/* Take lay m back off after, which was table before m was laid (copying the whole table,
 * grid and all, for each lay weighed would be most of the brain's time). */
static void bq_take_back(struct qw_pos *after, const struct qw_pos *table, const struct qw_move *m)
{
	for (unsigned i = 0; i < m->n; i++)
		after->grid[m->p[i].y & (QW_GRID - 1)][m->p[i].x & (QW_GRID - 1)] = 0;
	after->n = table->n;
	after->xmin = table->xmin, after->xmax = table->xmax;
	after->ymin = table->ymin, after->ymax = table->ymax;
}

/* Nonzero in the endgame of two: the bag is empty, the unseen tiles are the other hand. */
static int bq_endgame(const struct bq_state *s, unsigned unseen)
{
	return s->bag == 0 && s->seats == 2 && unseen <= QW_HAND;
}

/* What lay l is worth to the strong level: its points (the end bonus too), the hand it
 * keeps (but in the endgame of two, bq_endgame looks at the reply instead), less what it
 * leaves open to the next seat. after is the table, lent to lay l on. */
static double bq_value(const struct bq_state *s, const struct bq_lay *l, const int unseen[QW_KINDS],
		       unsigned total, struct qw_pos *after)
{
	uint8_t keep[QW_HAND];
	unsigned n = bq_kept(s, &l->m, keep);
	double v = bq_total(s, l);

	if (n == 0 && s->bag == 0)
		return v; /* the game ends */
	qw_apply(after, &l->m);
	v -= bq_open(s, after, &l->m, unseen, total);
	bq_take_back(after, &s->table, &l->m);
	return bq_endgame(s, total) ? v : v + bq_leave(keep, n, s->bag);
}

/* The endgame of two: less the other seat's best reply (it holds every unseen tile) for the
 * BQ_REPLIES lays of greatest value v[] (the rest are left below them: a reply costs a
 * search of its own). */
static void bq_replies(const struct bq_state *s, const struct bq_lays *l, const int unseen[QW_KINDS],
		       struct qw_pos *after, struct bq_lays *scratch, double *v)
{
	unsigned char *looked = calloc(l->n, 1);
	struct qw_hand other;

	if (looked == NULL)
		return;
	bq_other_hand(unseen, &other);
	for (unsigned k = 0; k < BQ_REPLIES && k < l->n; k++) {
		unsigned best = l->n;
		for (unsigned i = 0; i < l->n; i++)
			if (!looked[i] && (best == l->n || v[i] > v[best]))
				best = i;
		looked[best] = 1;
		if (l->lay[best].m.n == s->hand.n)
			continue; /* it goes out: no reply */
		qw_apply(after, &l->lay[best].m);
		v[best] -= bq_reply(after, &other, scratch);
		bq_take_back(after, &s->table, &l->lay[best].m);
	}
	for (unsigned i = 0; i < l->n; i++)
		v[i] -= looked[i] ? 0 : 1000;
	free(looked);
}

/* The strong level's swap into *t: the tiles worth keeping kept, the others given back;
 * what the hand kept is worth, or -1e9 if the bag cannot take a swap. */
static double bq_swap(const struct bq_state *s, struct qw_turn *t)
{
	double best = -1e9;

	memset(t, 0, sizeof *t);
	t->kind = QW_SWAP;
	for (unsigned keepmask = 0; keepmask + 1 < 1u << s->hand.n; keepmask++) {
		uint8_t keep[QW_HAND], out[QW_HAND];
		unsigned nk = 0, no = 0;
		for (unsigned i = 0; i < s->hand.n; i++)
			if (keepmask & 1u << i)
				keep[nk++] = s->hand.tile[i];
			else
				out[no++] = s->hand.tile[i];
		double v = bq_leave(keep, nk, s->bag);
		if (no <= s->bag && v > best) {
			best = v;
			t->swap.n = no;
			memcpy(t->swap.tile, out, no);
		}
	}
	return best;
}

/* One of n values v[] that is the greatest (ties at random). */
static unsigned bq_best(const double *v, unsigned n, unsigned short rng[3])
{
	unsigned best = 0, ties = 1;

	for (unsigned i = 1; i < n; i++) {
		if (v[i] > v[best] + 1e-9)
			best = i, ties = 1;
		else if (v[i] > v[best] - 1e-9 && (unsigned long)nrand48(rng) % ++ties == 0)
			best = i;
	}
	return best;
}

/* The value of each of the n lays for level (greedy: points; strong: bq_value) into v. */
static int bq_weigh(const struct bq_state *s, enum bot_level level, const struct bq_lays *l, double *v)
{
	struct qw_pos *after = malloc(sizeof *after);
	struct bq_lays scratch = {malloc(BQ_LAYS_MAX * sizeof *scratch.lay), 0};
	int unseen[QW_KINDS], rc = after != NULL && scratch.lay != NULL ? 0 : -1;
	unsigned total = bq_unseen(s, unseen);

	if (after != NULL)
		*after = s->table;
	for (unsigned i = 0; i < l->n && rc == 0; i++)
		v[i] = level == BOT_GREEDY ? bq_total(s, &l->lay[i]) : bq_value(s, &l->lay[i], unseen, total, after);
	if (rc == 0 && level == BOT_STRONG && bq_endgame(s, total))
		bq_replies(s, l, unseen, after, &scratch, v);
	free(after);
	free(scratch.lay);
	return rc;
}

/* A seat with no lay: swap the whole hand (as much as the bag takes) or pass. */
static void bq_no_lay(const struct bq_state *s, struct qw_turn *t)
{
	memset(t, 0, sizeof *t);
	t->kind = s->bag > 0 && s->hand.n > 0 ? QW_SWAP : QW_PASS;
	if (t->kind == QW_SWAP) {
		t->swap.n = s->hand.n < s->bag ? s->hand.n : s->bag;
		memcpy(t->swap.tile, s->hand.tile, t->swap.n);
	}
}

/* Choose among the lays l (at least one) at level into *t and *score. */
static int bq_pick(const struct bq_state *s, enum bot_level level, const struct bq_lays *l, unsigned short rng[3],
		   struct qw_turn *t, unsigned *score)
{
	double *v = malloc(l->n * sizeof *v);
	unsigned b;
	struct qw_turn swap;

	if (v == NULL)
		return -1;
	if (level == BOT_EASY)
		b = (unsigned)((unsigned long)nrand48(rng) % l->n);
	else if (bq_weigh(s, level, l, v) == 0)
		b = bq_best(v, l->n, rng);
	else {
		free(v);
		return -1;
	}
	memset(t, 0, sizeof *t);
	t->kind = QW_LAY;
	t->lay = l->lay[b].m;
	*score = bq_total(s, &l->lay[b]);
	if (level == BOT_STRONG && s->bag > 0 && s->table.n > 0 && bq_swap(s, &swap) > v[b]) {
		*t = swap;
		*score = 0;
	}
	free(v);
	return 0;
}

int bq_choose(const struct bq_state *s, enum bot_level level, unsigned short rng[3], struct qw_turn *t,
	      unsigned *score)
{
	struct bq_lays l = {NULL, 0};
	int rc = 0;

	if (level != BOT_EASY && level != BOT_GREEDY && level != BOT_STRONG)
		return -1;
	if ((l.lay = malloc(BQ_LAYS_MAX * sizeof *l.lay)) == NULL)
		return -1;
	*score = 0;
	if (bq_lays(&s->table, &s->hand, &l) == 0)
		bq_no_lay(s, t);
	else
		rc = bq_pick(s, level, &l, rng, t, score);
	free(l.lay);
	return rc;
}

/* What seat (a player id: the area counts hands by seat) knows of the game a snapshot
 * shows, its hand from hand, into *s; 0, or -1 if the snapshot holds no sound Qwirkle game
 * with that seat dealt in. */
static int bq_state_read(const struct bd_pub *snap, unsigned seat, const struct qw_hand *hand, struct bq_state *s)
{
	const struct qw_pub *a = qw_pub_area(snap);

	if (a == NULL || a->nseats < 2 || a->nseats > BQ_SEATS || seat >= a->nseats || qw_pub_table(a, &s->table) != NULL)
		return -1;
	s->hand = *hand;
	s->bag = a->bag;
	s->seats = a->nseats;
	s->me = seat;
	for (unsigned i = 0; i < BQ_SEATS; i++)
		s->held[i] = a->hand[i];
	return 0;
}

/* brain.h's play_hand; no move ("") while the hand followed is not yet the one the table
 * counts (its drew line is still on the way). */
int brain_qwirkle_play(const struct bd_pub *snap, unsigned seat, struct qw_held *held, enum bot_level level,
		       unsigned short rng[3], char *move, size_t len)
{
	struct bq_state *s = malloc(sizeof *s);
	char text[QW_MOVE_TEXT_MAX];
	struct qw_turn t;
	unsigned score;
	int rc = -1;

	move[0] = '\0';
	if (s != NULL && bq_state_read(snap, seat, &held->hand, s) == 0) {
		if (!held->known || held->hand.n != s->held[seat])
			rc = 0;
		else if (bq_choose(s, level, rng, &t, &score) == 0) {
			qw_turn_format(&t, text);
			qw_held_sent(held, &t);
			rc = snprintf(move, len, "%s", text) < (int)len ? 0 : -1;
		}
	}
	free(s);
	return rc;
}
