/* test_brain_qwirkle.c: board-bot's Qwirkle brain (clients/bot/brain-qwirkle.c) against the
 * codec's rules: each level's turns are legal, greedy's lay scores the most that any lay of
 * the hand scores (found here by the codec's generator), a seat without a lay swaps or
 * passes as the rules say, and strong takes a Qwirkle and the end bonus; the hand a client
 * follows from the HAND line and the table's events (ipc/game/qwirkle-hand.c). */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "clients/bot/brain-qwirkle.h"
#include "ipc/game/qwirkle-hand.h"
#include "suites.h"

/* The state of seat 0 of two with table and hand in notation and bag tiles in the bag. */
static void bq_test_state(struct bq_state *s, const char *table, const char *hand, unsigned bag)
{
	memset(s, 0, sizeof *s);
	CU_ASSERT_PTR_NULL_FATAL(qw_pos_parse(table, &s->table));
	CU_ASSERT_PTR_NULL_FATAL(qw_hand_parse(hand, &s->hand));
	s->bag = bag;
	s->seats = 2;
	s->held[0] = s->held[1] = s->hand.n;
}

/* The most a lay scores (qw_moves's receiver). */
static int bq_test_max(void *arg, const struct qw_move *m, unsigned score)
{
	unsigned *best = arg;

	(void)m;
	*best = score > *best ? score : *best;
	return 0;
}

/* Whether turn t is one the rules allow seat 0 of s, and its points. */
static int bq_test_legal(const struct bq_state *s, const struct qw_turn *t, unsigned *points)
{
	*points = 0;
	if (t->kind == QW_LAY)
		return qw_lay_error(&s->table, &s->hand, 0, &t->lay, points) == NULL;
	if (t->kind == QW_SWAP)
		return qw_swap_error(&s->hand, t->swap.tile, t->swap.n, s->bag) == NULL;
	return s->bag == 0 && !qw_can_lay(&s->table, &s->hand);
}

/* Whole games of two, each level against itself, every turn checked by the rules; greedy's
 * lays the best there are. */
static void test_levels_legal(void)
{
	static const enum bot_level levels[] = {BOT_EASY, BOT_GREEDY, BOT_STRONG};
	unsigned short rng[3] = {1, 2, 3};
	struct bq_state *s = malloc(sizeof *s);

	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	for (unsigned l = 0; l < 3; l++) {
		uint8_t bag[QW_TILES];
		struct qw_hand hands[2] = {{0}, {0}};
		unsigned nbag = QW_TILES, seat = 0, passes = 0, said, points;
		for (unsigned i = 0; i < QW_TILES; i++)
			bag[i] = (uint8_t)(i % QW_KINDS);
		memset(s, 0, sizeof *s);
		s->seats = 2;
		for (unsigned turn = 0; turn < 400 && passes < 2; turn++, seat ^= 1) {
			struct qw_turn t;
			for (unsigned p = 0; p < 2; p++)
				while (hands[p].n < QW_HAND && nbag > 0) {
					unsigned k = (unsigned)nrand48(rng) % nbag;
					hands[p].tile[hands[p].n++] = bag[k];
					bag[k] = bag[--nbag];
				}
			if (s->table.n == 0 && qw_hand_best(&hands[seat]) < qw_hand_best(&hands[seat ^ 1]))
				continue; /* the other seat opens */
			s->hand = hands[seat];
			s->bag = nbag;
			s->me = seat;
			s->held[0] = hands[0].n, s->held[1] = hands[1].n;
			CU_ASSERT_EQUAL_FATAL(bq_choose(s, levels[l], rng, &t, &said), 0);
			CU_ASSERT_FATAL(bq_test_legal(s, &t, &points));
			if (t.kind == QW_LAY && levels[l] == BOT_GREEDY) {
				unsigned best = 0;
				qw_moves(&s->table, &s->hand, bq_test_max, &best);
				CU_ASSERT_EQUAL(points, best);
			}
			passes = t.kind == QW_PASS ? passes + 1 : 0;
			if (t.kind == QW_LAY) {
				for (unsigned i = 0; i < t.lay.n; i++)
					qw_hand_take(&hands[seat], &t.lay.p[i].tile, 1);
				qw_apply(&s->table, &t.lay);
				if (hands[seat].n == 0 && nbag == 0)
					break;
			} else if (t.kind == QW_SWAP) {
				qw_hand_take(&hands[seat], t.swap.tile, t.swap.n);
				memcpy(bag + nbag, t.swap.tile, t.swap.n);
				nbag += t.swap.n; /* drawn back before the next turn: the same count */
			}
		}
		CU_ASSERT(s->table.n > 40); /* a real game was played */
	}
	free(s);
}

/* No lay: the whole hand is swapped if the bag holds it, as much as it holds if not; with
 * the bag empty, a pass. */
static void test_no_lay(void)
{
	unsigned short rng[3] = {4, 5, 6};
	struct bq_state s;
	struct qw_turn t;
	unsigned said;

	/* the other two red diamonds: a tile may not lie next to its own copy */
	bq_test_state(&s, "a5@0,0", "a5 a5", 10);
	CU_ASSERT_EQUAL(bq_choose(&s, BOT_STRONG, rng, &t, &said), 0);
	CU_ASSERT_EQUAL(t.kind, QW_SWAP);
	CU_ASSERT_EQUAL(t.swap.n, 2);
	bq_test_state(&s, "a5@0,0", "a5 a5", 1);
	CU_ASSERT_EQUAL(bq_choose(&s, BOT_GREEDY, rng, &t, &said), 0);
	CU_ASSERT_EQUAL(t.kind, QW_SWAP);
	CU_ASSERT_EQUAL(t.swap.n, 1);
	bq_test_state(&s, "a5@0,0", "a5 a5", 0);
	CU_ASSERT_EQUAL(bq_choose(&s, BOT_EASY, rng, &t, &said), 0);
	CU_ASSERT_EQUAL(t.kind, QW_PASS);
	CU_ASSERT_EQUAL(bq_choose(&s, BOT_PERFECT, rng, &t, &said), -1); /* not a Qwirkle level */
}

/* A Qwirkle on offer is taken by greedy and strong (12 points); with the bag empty, strong
 * goes out when its last tiles make the better turn (the 6 for emptying the hand). */
static void test_qwirkle_and_out(void)
{
	unsigned short rng[3] = {7, 8, 9};
	enum bot_level levels[] = {BOT_GREEDY, BOT_STRONG};
	struct bq_state s;
	struct qw_turn t;
	unsigned said, points;

	for (unsigned l = 0; l < 2; l++) {
		bq_test_state(&s, "a1@0,0 a2@1,0 a3@2,0 a4@3,0 a5@4,0", "a6 b2 c3 d4 e5 f1", 50);
		CU_ASSERT_EQUAL(bq_choose(&s, levels[l], rng, &t, &said), 0);
		CU_ASSERT_EQUAL(t.kind, QW_LAY);
		CU_ASSERT(bq_test_legal(&s, &t, &points));
		CU_ASSERT_EQUAL(points, 12);
		CU_ASSERT_EQUAL(said, 12);
	}
	unsigned best = 0;
	bq_test_state(&s, "a1@0,0 a2@1,0 a3@2,0", "a4 a5", 0);
	s.held[1] = 3;
	qw_moves(&s.table, &s.hand, bq_test_max, &best); /* 6: a4 a5 along the row, under a1 a2 */
	CU_ASSERT_EQUAL(bq_choose(&s, BOT_STRONG, rng, &t, &said), 0);
	CU_ASSERT_EQUAL(t.kind, QW_LAY);
	CU_ASSERT_EQUAL(t.lay.n, 2);
	CU_ASSERT(bq_test_legal(&s, &t, &points));
	CU_ASSERT_EQUAL(said, best + QW_QWIRKLE);
}

/* Feed one line to h as seat 1 follows it: what qw_held_follow returns. */
static int bq_test_follow(struct qw_held *h, const char *line)
{
	struct bd_msg m;
	struct bd_event ev;

	CU_ASSERT_EQUAL_FATAL(bd_msg_parse(line, &m), 0);
	if (m.kind != BD_MSG_EVENT)
		return qw_held_follow(h, 1, &m, NULL);
	CU_ASSERT_EQUAL_FATAL(bd_msg_event(&m, 0, &ev), 0);
	return qw_held_follow(h, 1, &m, &ev);
}

/* Nonzero if h holds the hand written in notation, in that order. */
static int bq_test_holds(const struct qw_held *h, const char *hand)
{
	char text[QW_HAND_TEXT_MAX];

	qw_hand_format(&h->hand, text);
	return strcmp(text, hand) == 0;
}

/* The hand as a client follows it: the HAND line's event number puts the events up to it
 * in the hand already; the seat's lays, swaps and draws change it, another seat's do not;
 * a new game empties it, the same game on again (after a freeze) keeps it. */
static void test_hand_followed(void)
{
	struct qw_held h;
	struct qw_turn t = {.kind = QW_SWAP};

	qw_held_reset(&h, 1);
	CU_ASSERT(!h.known);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "HAND 9 6 b4 c1 a2 c4 e4 e6"), 1);
	CU_ASSERT(h.known && h.upto == 9 && bq_test_holds(&h, "b4 c1 a2 c4 e4 e6"));
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 6 drew 1 b4+c1+a2+c4+e4+e6"), 0); /* in the HAND */
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 9 turn 1 600000"), 0);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 10 lay 1 2 b4@0,0+c4@1,0"), 1);
	CU_ASSERT(bq_test_holds(&h, "c1 a2 e4 e6"));
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 11 drew 1 a1+a3"), 1);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 12 lay 0 2 d4@2,0"), 0);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 13 drew 0 f1"), 0); /* never sent to seat 1 */
	CU_ASSERT(bq_test_holds(&h, "c1 a2 e4 e6 a1 a3"));
	CU_ASSERT_PTR_NULL_FATAL(qw_hand_parse("e6 a1", &t.swap));
	qw_held_sent(&h, &t);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 14 swap 1 2"), 1);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 15 drew 1 f6+f5"), 1);
	CU_ASSERT(bq_test_holds(&h, "c1 a2 e4 a3 f6 f5"));
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 16 state on 1"), 0); /* unfrozen */
	CU_ASSERT(bq_test_holds(&h, "c1 a2 e4 a3 f6 f5"));
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 17 state on 2"), 1); /* a rematch */
	CU_ASSERT(h.known && h.hand.n == 0);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 18 drew 1 a1+a2+a3+a4+a5+a6"), 1);
	CU_ASSERT(bq_test_holds(&h, "a1 a2 a3 a4 a5 a6"));
	CU_ASSERT_EQUAL(bq_test_follow(&h, "HAND 20 7 a1"), -1);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "HAND 20 1 z9"), -1);

	qw_held_reset(&h, 0); /* joined before the deal: no HAND line, the game's start */
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 4 state on 1"), 1);
	CU_ASSERT_EQUAL(bq_test_follow(&h, "EVENT 6 drew 1 b4+c1+a2+c4+e4+e6"), 1);
	CU_ASSERT(h.known && bq_test_holds(&h, "b4 c1 a2 c4 e4 e6"));
}

void suite_brain_qwirkle(void)
{
	CU_pSuite s = CU_add_suite("brain-qwirkle", NULL, NULL);

	CU_add_test(s, "every level's turns are legal; greedy lays the most", test_levels_legal);
	CU_add_test(s, "no lay: swap what the bag takes, else pass", test_no_lay);
	CU_add_test(s, "a Qwirkle taken; going out with the bag empty", test_qwirkle_and_out);
	CU_add_test(s, "the hand followed from HAND and the events", test_hand_followed);
}
