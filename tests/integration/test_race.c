/* test_race.c: two players pick the same face-down card at the same moment, 1000 times:
 * exactly one gets it, and the up event everyone sees names that one. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "ipc/clock.h"
#include "suites.h"

#define ROUNDS 1000

/* One round on card: both picks sent before either reply is read. 0 if ana won, 1 if bob,
 * -1 if the round went wrong (already reported). */
static int race_round(struct h_client *p[2], unsigned card, unsigned round)
{
	static struct bd_pub snap;
	struct bd_msg r[2], m;
	int rc[2];

	h_pick(p[round % 2], card); /* who sends first alternates */
	h_pick(p[1 - round % 2], card);
	rc[0] = h_reply(p[0], &r[0], NULL, NULL);
	rc[1] = h_reply(p[1], &r[1], NULL, NULL);
	int w = rc[0] == 0 ? 0 : 1;
	int one = rc[0] + rc[1] == 1 && strcmp(r[1 - w].word, "filled") == 0;
	CHECK(one, "round %u card %u: ana got '%s', bob '%s'; wanted one OK and one ERR filled", round, card,
	      r[0].line, r[1].line);
	if (!one)
		return -1;
	h_snapshot(p[0], &snap);
	CHECK(bd_memory_pub(&snap)->cards[card].state == BD_CARD_UP && bd_memory_pub(&snap)->cards[card].owner == p[w]->id,
	      "round %u: card %u is state %u owner %u, winner %d", round, card, bd_memory_pub(&snap)->cards[card].state,
	      bd_memory_pub(&snap)->cards[card].owner, p[w]->id);
	for (int i = 0; i < 2; i++) {
		H_NEXT(p[i], &m, "up");
		CHECK(h_is_card(&m, 0, card, 4) && h_num(&m, 3) == p[w]->id, "round %u: %s saw '%s', winner %d", round,
		      p[i]->name, m.line, p[w]->id);
	}
	/* The winner picks it again: a repick turns it down for the next round. */
	H_PICK(p[w], card, "filled");
	for (int i = 0; i < 2; i++) {
		H_NEXT(p[i], &m, "down");
		CHECK(h_is_card(&m, 0, card, 4) && strcmp(m.tok[2], "repick") == 0, "round %u: %s saw '%s'", round,
		      p[i]->name, m.line);
	}
	return w;
}

/* ROUNDS rounds over every card of a 4x4 board. */
static void test_same_card(void)
{
	struct h_client *p[2];
	struct bd_msg m;
	unsigned wins[2] = {0, 0}, bad = 0;

	/* No rate limit: two requests per round per player, as fast as the machine goes. */
	h_start("--board", "main:4", "--min-players", "2", "--first-pick-ms", "10000", "--max-rate", "0", NULL);
	p[0] = h_join("ana", BD_ROLE_PLAYER);
	p[1] = h_join("bob", BD_ROLE_PLAYER);
	H_WAIT(p[0], &m, "state");
	H_WAIT(p[1], &m, "state");
	int64_t t0 = bd_now_ms();
	for (unsigned round = 0; round < ROUNDS && bad < 5; round++) {
		int w = race_round(p, round % 16, round);
		if (w < 0)
			bad++;
		else
			wins[w]++;
	}
	CHECK(wins[0] + wins[1] == ROUNDS, "%u of %d rounds went wrong", ROUNDS - wins[0] - wins[1], ROUNDS);
	printf("(ana won %u, bob %u, in %lld ms) ", wins[0], wins[1], (long long)(bd_now_ms() - t0));
	h_stop();
}

/* Register this file's tests, with the harness's setup and teardown. */
void suite_race(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("race", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "same_card_1000", test_same_card);
}
