/* test_brain-memory.c: board-bot's choice of a card (clients/bot/brain-memory.c) around the anti-hoarding
 * cooldown: a card the daemon said is ours only to match (ERR cooldown) is never a first pick
 * nor a non-matching second pick, so the bot does not spin on refusals. */
#include <CUnit/CUnit.h>
#include <string.h>

#include "clients/bot/bot.h"
#include "suites.h"
#include "tests/runner.h"

static struct mind m;

/* A fresh 4x4 game, every card face down and unknown, at time 1000 ms. */
static void fresh(void)
{
	mind_reset(&m, 4, 0, 1);
	m.game_state = BD_GAME_ON;
	m.now = 1000;
}

/* Card c is known to hold value v. */
static void know(unsigned c, const char *v)
{
	memcpy(m.value[c], v, 2);
}

/* A known pair with one cooling card: the other is picked first, the cooling one planned
 * as the (matching, so allowed) second pick. */
static void test_pair_cooling_second(void)
{
	unsigned short rng[3] = {1, 2, 3};
	int plan = -1;

	fresh();
	know(0, "aa");
	know(5, "aa");
	m.cool_until[0] = 5000;
	int c = choose_pick(&m, BOT_PERFECT, 0, &plan, rng);
	CHECK(c == 5 && plan == 0, "picked %d, plan %d; wanted 5 then 0", c, plan);
	m.now = 6000; /* the cooldown is over: reading order again */
	c = choose_pick(&m, BOT_PERFECT, 0, &plan, rng);
	CHECK(c == 0 && plan == 5, "after the cooldown: picked %d, plan %d", c, plan);
}

/* A pair of two cooling cards waits; cooling cards are no random pick either, first or second. */
static void test_cooling_never_picked(void)
{
	for (unsigned seed = 0; seed < 200; seed++) {
		unsigned short rng[3] = {(unsigned short)seed, 7, 9};
		int plan = -1;

		fresh();
		know(0, "aa");
		know(5, "aa");
		m.cool_until[0] = m.cool_until[5] = 5000;
		for (unsigned c = 8; c < 16; c++)
			m.cool_until[c] = 5000;
		int c = choose_pick(&m, seed % 2 ? BOT_EASY : BOT_PERFECT, 0, &plan, rng);
		CHECK(c >= 1 && c < 8 && c != 5, "seed %u: first pick %d is a cooling card", seed, c);
		m.state[1] = BD_CARD_UP; /* our first card, of a value nobody has seen twice */
		m.owner[1] = 0;
		know(1, "zz");
		c = choose_pick(&m, seed % 2 ? BOT_EASY : BOT_PERFECT, 0, &plan, rng);
		CHECK(c >= 2 && c < 8 && c != 5, "seed %u: second pick %d is a cooling card", seed, c);
	}
}

/* Nothing but cooling cards face down: no pick at all (the bot waits, not spins). */
static void test_only_cooling(void)
{
	unsigned short rng[3] = {4, 5, 6};
	int plan = -1;

	fresh();
	for (unsigned c = 0; c < 16; c++) {
		m.state[c] = c < 14 ? BD_CARD_LOCKED : BD_CARD_DOWN;
		m.cool_until[c] = 5000;
	}
	CHECK(choose_pick(&m, BOT_PERFECT, 0, &plan, rng) == -1, "a cooling card was picked");
}

/* Register this file's tests. */
void suite_choose(void)
{
	CU_pSuite s = CU_add_suite("choose", NULL, NULL);
	CU_add_test(s, "pair_cooling_second", test_pair_cooling_second);
	CU_add_test(s, "cooling_never_picked", test_cooling_never_picked);
	CU_add_test(s, "only_cooling", test_only_cooling);
}
