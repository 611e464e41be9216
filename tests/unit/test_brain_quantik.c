/* test_brain_quantik.c: board-bot's Quantik brain (clients/bot/brain-quantik.c and its
 * search) against a plain negamax written here over 16 characters with this file's own
 * rules (no table, no symmetry, no ordering): the values of 10,000 random reachable
 * positions, the moves the perfect level picks, the solved game (the second player wins),
 * the perfect level playing second never losing to a random mover nor to the weaker
 * levels, and what each level does with a win at once or a threat. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/bot/brain-quantik.h"
#include "clients/bot/brain.h"
#include "suites.h"
#include "tests/runner.h"

#define PLAIN_POSITIONS 10000
#define PLAIN_GAMES 50 /* each pairing, in make check; bench/ plays 1,000 (docs/PERFORMANCE.md) */

/* A board as 16 characters, row by row: '.', 'A'-'D' the first mover's, 'a'-'d' the other's. */
struct plain {
	char cell[16];
	unsigned placed;
};

/* Nonzero if cells a and b share a row (kind 0), a column (1) or a 2x2 zone (2). */
static int plain_same(unsigned kind, unsigned a, unsigned b)
{
	return kind == 0 ? a / 4 == b / 4 : kind == 1 ? a % 4 == b % 4 : a / 8 == b / 8 && a % 4 / 2 == b % 4 / 2;
}

/* Nonzero if cells a and b share a row, a column or a zone. */
static int plain_near(unsigned a, unsigned b)
{
	return plain_same(0, a, b) || plain_same(1, a, b) || plain_same(2, a, b);
}

/* The letter the side to move places for shape s (0-3). */
static char plain_letter(const struct plain *p, unsigned s)
{
	return (char)((p->placed % 2 ? 'a' : 'A') + s);
}

/* Nonzero if the side to move may place shape s on cell c. */
static int plain_legal(const struct plain *p, unsigned s, unsigned c)
{
	char mine = plain_letter(p, s), theirs = (char)(mine ^ 32);
	unsigned have = 0;

	if (p->cell[c] != '.')
		return 0;
	for (unsigned i = 0; i < 16; i++) {
		have += p->cell[i] == mine;
		if (p->cell[i] == theirs && plain_near(i, c))
			return 0;
	}
	return have < 2;
}

/* Nonzero if the row, column or zone of cell c holds four pieces of four shapes. */
static int plain_line(const struct plain *p, unsigned c)
{
	for (unsigned kind = 0; kind < 3; kind++) {
		unsigned n = 0, shapes = 0;
		for (unsigned i = 0; i < 16; i++)
			if (plain_same(kind, i, c) && p->cell[i] != '.') {
				n++;
				shapes |= 1u << ((p->cell[i] | 32) - 'a');
			}
		if (n == 4 && shapes == 15)
			return 1;
	}
	return 0;
}

/* Place shape s on c for the side to move; nonzero if it wins the round. */
static int plain_place(struct plain *p, unsigned s, unsigned c)
{
	p->cell[c] = plain_letter(p, s);
	p->placed++;
	return plain_line(p, c);
}

static void plain_unplace(struct plain *p, unsigned c)
{
	p->cell[c] = '.';
	p->placed--;
}

/* The moves of the side to move as a mask of cells for each shape (what plain_legal says,
 * found in one pass over the board). */
static void plain_options(const struct plain *p, unsigned options[4])
{
	unsigned have[4] = {0}, forbid[4] = {0}, empty = 0;

	for (unsigned i = 0; i < 16; i++) {
		char x = p->cell[i];
		if (x == '.') {
			empty |= 1u << i;
			continue;
		}
		unsigned s = (unsigned)((x | 32) - 'a');
		if ((x >= 'a') == (p->placed % 2 == 1))
			have[s]++;
		else
			for (unsigned c = 0; c < 16; c++)
				forbid[s] |= plain_near(i, c) ? 1u << c : 0;
	}
	for (unsigned s = 0; s < 4; s++)
		options[s] = have[s] < 2 ? empty & ~forbid[s] : 0;
}

/* 1 if the side to move wins, 0 if it loses: plain negamax. */
static int plain_value(struct plain *p)
{
	unsigned options[4];

	plain_options(p, options);
	for (unsigned s = 0; s < 4; s++)
		for (unsigned c = 0; c < 16; c++) {
			if (!(options[s] >> c & 1u))
				continue;
			int won = plain_place(p, s, c);
			won = won || !plain_value(p);
			plain_unplace(p, c);
			if (won)
				return 1;
		}
	return 0;
}

/* The board in QFEN. */
static void plain_qfen(const struct plain *p, char out[20])
{
	for (unsigned r = 0, o = 0; r < 4; r++) {
		memcpy(out + o, p->cell + 4 * r, 4);
		o += 4;
		out[o++] = r < 3 ? '/' : '\0';
	}
}

/* A random position of pieces placed (a round still on), by random legal moves; 0, or -1
 * if the round ended before. */
static int plain_random(struct plain *p, unsigned pieces, unsigned short rng[3])
{
	memset(p->cell, '.', 16);
	p->placed = 0;
	while (p->placed < pieces) {
		unsigned moves[64], n = 0;
		for (unsigned s = 0; s < 4; s++)
			for (unsigned c = 0; c < 16; c++)
				if (plain_legal(p, s, c))
					moves[n++] = s * 16 + c;
		if (n == 0)
			return -1;
		unsigned m = moves[(unsigned long)nrand48(rng) % n];
		if (plain_place(p, m / 16, m % 16))
			return -1;
	}
	for (unsigned s = 0; s < 4; s++) /* the side to move must have a move */
		for (unsigned c = 0; c < 16; c++)
			if (plain_legal(p, s, c))
				return 0;
	return -1;
}

/* 10,000 random reachable positions (7 to 15 pieces, where plain negamax is quick) and 30
 * of 6: the brain's value is plain negamax's. */
static void test_qk_brain_values(void)
{
	unsigned short rng[3] = {0x1234, 0x5678, 0x9abc};
	unsigned tried = 0, wrong = 0, won = 0;
	struct plain p;
	char qfen[20];

	while (tried < PLAIN_POSITIONS + 30) {
		unsigned pieces = tried < PLAIN_POSITIONS ? 7 + (unsigned)nrand48(rng) % 9 : 6;
		if (plain_random(&p, pieces, rng) < 0)
			continue;
		plain_qfen(&p, qfen);
		int want = plain_value(&p), got = brain_qk_value(qfen);
		tried++;
		won += want;
		if (got != want && wrong++ < 5)
			CHECK(0, "%s: the brain says %d, plain negamax %d", qfen, got, want);
	}
	CHECK(wrong == 0, "%u positions, %u won for the side to move, %u wrong", tried, won, wrong);
	CHECK(won > tried / 10 && won < tried - tried / 10, "both values are common: %u of %u won", won, tried);
}

/* The move the brain plays at level in p, applied to p by this file's rules; 1 if it won
 * the round, 0 if not, -1 if the brain gave no move or an illegal one. */
static int plain_brain_move(struct plain *p, enum bot_level level, unsigned short rng[3])
{
	char qfen[20], move[GAME_MOVE_MAX];
	unsigned s, c;

	plain_qfen(p, qfen);
	if (brain_qk_play(qfen, level, rng, move) < 0 || sscanf(move, "%*[A-D]%u", &c) != 1 || c > 15)
		return -1;
	s = (unsigned)(move[0] - 'A');
	if (!plain_legal(p, s, c))
		return -1;
	return plain_place(p, s, c);
}

/* From 2,000 random positions, perfect's move keeps the value plain negamax gives: a won
 * position stays won, and a lost one is answered by a legal move. */
static void test_qk_brain_moves(void)
{
	unsigned short rng[3] = {7, 8, 9};
	unsigned tried = 0, wrong = 0;
	struct plain p;

	while (tried < 2000) {
		if (plain_random(&p, 7 + (unsigned)nrand48(rng) % 9, rng) < 0)
			continue;
		tried++;
		int value = plain_value(&p), r = plain_brain_move(&p, BOT_PERFECT, rng);
		int kept = r < 0 ? -1 : r == 1 ? 1 : !plain_value(&p);
		if ((r < 0 || kept < value) && wrong++ < 5)
			CHECK(0, "value %d: the move played is worth %d (%d)", value, kept, r);
	}
	CHECK(wrong == 0, "%u positions, %u moves wrong", tried, wrong);
}

/* Quantik is solved: the first player loses the empty board, and after any first move
 * (all 64 are alike under the board's symmetries and the shapes' names) the second wins. */
static void test_qk_brain_solved(void)
{
	char qfen[20];

	CHECK(brain_qk_value("..../..../..../....") == 0, "the empty board is lost for the first player");
	for (unsigned m = 0; m < 64; m++) {
		struct plain p = {.placed = 0};
		memset(p.cell, '.', 16);
		plain_place(&p, m / 16, m % 16);
		plain_qfen(&p, qfen);
		CHECK(brain_qk_value(qfen) == 1, "%s is won for the second player", qfen);
	}
}

/* One round, first playing first (level, or a random mover for -1) against second; 1 if
 * second won it, 0 if first did, -1 if a brain failed. */
static int plain_round(int first, int second, unsigned short rng[3])
{
	struct plain p = {.placed = 0};

	memset(p.cell, '.', 16);
	for (;;) {
		int level = p.placed % 2 ? second : first, r;
		unsigned moves[64], n = 0;
		for (unsigned s = 0; s < 4; s++)
			for (unsigned c = 0; c < 16; c++)
				if (plain_legal(&p, s, c))
					moves[n++] = s * 16 + c;
		if (n == 0)
			return p.placed % 2 == 0; /* the side to move cannot place: it lost */
		if (level < 0) {
			unsigned m = moves[(unsigned long)nrand48(rng) % n];
			r = plain_place(&p, m / 16, m % 16);
		} else if ((r = plain_brain_move(&p, (enum bot_level)level, rng)) < 0) {
			return -1;
		}
		if (r == 1)
			return p.placed % 2 == 0; /* the side that just moved won */
	}
}

/* Perfect playing second never loses: against a random mover, easy, medium, and itself. */
static void test_qk_brain_second_wins(void)
{
	static const int opponents[] = {-1, BOT_EASY, BOT_MEDIUM, BOT_PERFECT};
	unsigned short rng[3] = {3, 1, 4};

	for (unsigned o = 0; o < sizeof opponents / sizeof opponents[0]; o++) {
		unsigned won = 0;
		for (unsigned g = 0; g < PLAIN_GAMES; g++)
			won += plain_round(opponents[o], BOT_PERFECT, rng) == 1;
		CHECK(won == PLAIN_GAMES, "perfect second against opponent %d: won %u of %u", opponents[o], won, PLAIN_GAMES);
	}
}

/* The levels' own choices: each takes a win at once; medium and perfect see the threat easy
 * does not; the seed level is not played; a malformed or finished position has no move. */
static void test_qk_brain_levels(void)
{
	unsigned short rng[3] = {5, 5, 5};
	char move[GAME_MOVE_MAX];
	unsigned easy_gives = 0;

	/* Row 0 holds A b . C: D on cell 2 wins (the second player's d on 15 is not in its way). */
	for (int level = BOT_EASY; level <= BOT_MEDIUM; level++) {
		if (level == BOT_SEED)
			continue;
		CHECK(brain_qk_play("Ab.C/..../..../...d", (enum bot_level)level, rng, move) == 0 && strcmp(move, "D2") == 0,
		      "level %d wins at once: %s", level, move);
	}
	/* The second player to move, and the first threatens D3 (row 0: A B c .): the second
	 * may not place d there (the D on 15 is in column 3), and must block with C3 or D6. */
	for (unsigned i = 0; i < 200; i++) {
		const char *qfen = "ABc./..../..a./...D";
		REQUIRE(brain_qk_play(qfen, BOT_MEDIUM, rng, move) == 0, "medium moves in %s", qfen);
		CHECK(strcmp(move, "C3") == 0 || strcmp(move, "D6") == 0, "medium blocks the threat: %s", move);
		REQUIRE(brain_qk_play(qfen, BOT_EASY, rng, move) == 0, "easy moves");
		easy_gives += strcmp(move, "C3") != 0 && strcmp(move, "D6") != 0;
	}
	CHECK(easy_gives > 100, "easy leaves the threat most times: %u of 200", easy_gives);
	CHECK(brain_qk_play("..../..../..../....", BOT_SEED, rng, move) == -1, "the seed level is not Quantik's");
	CHECK(brain_qk_play("ABCD/..../..../...a", BOT_PERFECT, rng, move) == -1, "a finished round");
	CHECK(brain_qk_play("A.../..../....", BOT_PERFECT, rng, move) == -1, "a malformed position");
	CHECK(brain_qk_value("AA../a.a./..../....") == -1, "three of a shape is no position");
}

/* Register this file's tests. */
void suite_brain_quantik(void)
{
	CU_pSuite s = CU_add_suite("brain_quantik", NULL, NULL);
	CU_add_test(s, "values", test_qk_brain_values);
	CU_add_test(s, "moves", test_qk_brain_moves);
	CU_add_test(s, "solved", test_qk_brain_solved);
	CU_add_test(s, "second_wins", test_qk_brain_second_wins);
	CU_add_test(s, "levels", test_qk_brain_levels);
}
