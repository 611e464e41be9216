/* test_brain_tafl.c: board-bot's Hnefatafl brain (clients/bot/brain-tafl*.c). Its own board
 * against the codec (ipc/game/tafl.h), position by position along random games: the same
 * legal moves, the same captures and ends, every move taken back exactly. Then the brain's
 * choices in positions built for them: it escapes with the king when it can, blocks the
 * king's one open route, captures the king, plays only legal moves at every level, and
 * refuses what is not a position it can play. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "clients/bot/brain-tafl.h"
#include "suites.h"
#include "tests/runner.h"

/* The search board's square of a codec cell, and back. */
static unsigned sq_of(unsigned cell)
{
	return TB_AT(cell % 9, 8 - cell / 9);
}

static unsigned cell_of(unsigned sq)
{
	return (unsigned)((8 - TB_RANK(sq)) * 9 + TB_FILE(sq));
}

/* Nonzero if the search board b holds what the codec's p does. */
static int same_board(const struct tb_board *b, const struct tafl_pos *p)
{
	for (unsigned c = 0; c < TAFL_CELLS; c++)
		if (b->sq[sq_of(c)] != p->cell[c])
			return 0;
	return b->side == p->side && b->count[0] == p->natt && b->count[1] == p->ndef;
}

/* Nonzero if both generators give the same moves (the search's are its squares). */
static int same_moves(const struct tb_board *b, const struct tafl_pos *p)
{
	struct tafl_move moves[TAFL_MOVES_MAX];
	tb_move mine[TB_MOVES_MAX];
	unsigned n = tafl_moves(p, moves), k = tb_moves(b, mine), found = 0;

	for (unsigned i = 0; i < k; i++)
		for (unsigned j = 0; j < n; j++)
			found += cell_of(TB_FROM(mine[i])) == moves[j].from && cell_of(TB_TO(mine[i])) == moves[j].to;
	return n == k && found == n;
}

/* 300 random games from the start: at each position the same moves, after each move the same
 * board and the same end (escape, king captured); unmake restores the board, hash included. */
static void test_board_matches_codec(void)
{
	unsigned short rng[3] = {11, 22, 33};
	unsigned positions = 0, captures = 0, ends = 0;

	for (unsigned game = 0; game < 300; game++) {
		struct tafl_pos p;
		struct tb_board b;
		tafl_pos_start(&p);
		REQUIRE(tb_load(&b, p.cell, p.side, 0) == 0, "the start does not load");
		for (unsigned ply = 0; ply < 200 && tafl_status(&p) == TAFL_END_ON; ply++, positions++) {
			tb_move mine[TB_MOVES_MAX];
			REQUIRE(same_moves(&b, &p), "game %u ply %u: the moves differ from the codec's", game, ply);
			unsigned n = tb_moves(&b, mine);
			tb_move m = mine[nrand48(rng) % n];
			struct tb_board before = b;
			struct tb_undo u;
			struct tafl_caps caps;
			tb_make(&b, m, &u);
			tafl_apply(&p, (struct tafl_move){(uint8_t)cell_of(TB_FROM(m)), (uint8_t)cell_of(TB_TO(m))}, &caps);
			REQUIRE(same_board(&b, &p), "game %u ply %u: the boards differ after the move", game, ply);
			REQUIRE(u.ncaptured == caps.n, "game %u ply %u: %u captures, the codec %u", game, ply, u.ncaptured, caps.n);
			unsigned end = tafl_status(&p);
			int winner = end == TAFL_END_ESCAPED ? TB_DEFENDERS : end == TAFL_END_CAPTURED ? TB_ATTACKERS : -1;
			REQUIRE(b.winner == winner, "game %u ply %u: winner %d, the codec's end %u", game, ply, b.winner, end);
			tb_unmake(&b, &u);
			REQUIRE(memcmp(&b, &before, sizeof b) == 0, "game %u ply %u: unmake left another board", game, ply);
			tb_make(&b, m, &u);
			captures += caps.n, ends += b.winner >= 0;
		}
	}
	CHECK(captures > 1000 && ends > 100, "too few captures (%u) or ends (%u) to mean much", captures, ends);
	CHECK(positions > 10000, "only %u positions", positions);
}

/* The brain's move at level in position, as text ("" if it found none). */
static const char *brain_move(const char *position, enum bot_level level, int64_t budget_ms)
{
	static char move[GAME_MOVE_MAX];
	unsigned short rng[3] = {1, 2, 3};

	if (brain_tafl_think(position, level, budget_ms, rng, move) < 0)
		move[0] = '\0';
	return move;
}

/* The king on d9 with the ninth rank open both ways: every level escapes to a9 or i9. */
static void test_escapes(void)
{
	static const char pos[] = "/3K5/9/9/9/9/9/4t4/9/1ttt5/ defenders";
	static const enum bot_level levels[] = {BOT_EASY, BOT_MEDIUM, BOT_PERFECT};

	for (unsigned i = 0; i < 3; i++) {
		const char *m = brain_move(pos, levels[i], 200);
		CHECK(strcmp(m, "d9-a9") == 0 || strcmp(m, "d9-i9") == 0, "level %s played '%s'",
		      brain_level_name(levels[i]), m);
	}
}

/* The king on e9 with d9, c9, b9 open to the corner a9 (f9 is an attacker's): the attackers
 * must shut that route, with a move onto b9 or c9 (d9 nobody reaches). */
static void test_blocks(void)
{
	static const char pos[] = "/4Kt3/9/3T5/9/9/1t3t3/9/2t1t4/9/ attackers";
	static const enum bot_level levels[] = {BOT_MEDIUM, BOT_PERFECT};

	for (unsigned i = 0; i < 2; i++) {
		const char *m = brain_move(pos, levels[i], 300);
		size_t n = strlen(m);
		CHECK(n >= 5 && m[n - 1] == '9' && (m[n - 2] == 'b' || m[n - 2] == 'c'),
		      "level %s played '%s', leaving the king's route to a9", brain_level_name(levels[i]), m);
	}
}

/* The king on c6 between an attacker on b6 and an empty d6 an attacker reaches: the attackers
 * take it (and win) at every level. */
static void test_captures_king(void)
{
	static const char pos[] = "/9/9/9/1tK6/9/3t5/9/9/9/ attackers";
	static const enum bot_level levels[] = {BOT_EASY, BOT_MEDIUM, BOT_PERFECT};

	for (unsigned i = 0; i < 3; i++) {
		const char *m = brain_move(pos, levels[i], 200);
		CHECK(strcmp(m, "d4-d6") == 0, "level %s played '%s', not d4-d6", brain_level_name(levels[i]), m);
	}
}

/* Along random games, every level's move is legal in the codec's eyes. */
static void test_moves_legal(void)
{
	static const enum bot_level levels[] = {BOT_EASY, BOT_MEDIUM, BOT_PERFECT};
	unsigned short rng[3] = {5, 6, 7};

	for (unsigned game = 0; game < 6; game++) {
		struct tafl_pos p;
		tafl_pos_start(&p);
		for (unsigned ply = 0; ply < 40 && tafl_status(&p) == TAFL_END_ON; ply++) {
			char position[TAFL_POS_LEN], move[GAME_MOVE_MAX];
			struct tafl_move m, all[TAFL_MOVES_MAX];
			const char *why = NULL;
			tafl_pos_format(&p, position);
			REQUIRE(brain_tafl_think(position, levels[ply % 3], 20, rng, move) == 0, "no move in %s", position);
			REQUIRE(tafl_move_parse(&p, move, &m, &why) == 0 && tafl_illegal(&p, m) == NULL,
				"%s in %s: %s", move, position, why ? why : "illegal");
			/* A random move onwards, so that the games go everywhere. */
			unsigned n = tafl_moves(&p, all);
			tafl_apply(&p, all[nrand48(rng) % n], NULL);
		}
	}
}

/* No move for what is not a position, a finished game, or a level tafl does not play. */
static void test_refusals(void)
{
	CHECK(brain_move("/9/9/ attackers", BOT_PERFECT, 10)[0] == '\0', "a move in a malformed position");
	CHECK(brain_move("/K8/9/9/9/9/9/4t4/9/1ttt5/ attackers", BOT_PERFECT, 10)[0] == '\0', "a move after the escape");
	CHECK(brain_move(TAFL_START, BOT_SEED, 10)[0] == '\0', "a move at level seed");
	CHECK(brain_move(TAFL_START, BOT_EASY, 10)[0] != '\0', "no move from the start");
}

/* Register this file's tests. */
void suite_brain_tafl(void)
{
	CU_pSuite s = CU_add_suite("brain_tafl", NULL, NULL);
	CU_add_test(s, "board_matches_codec", test_board_matches_codec);
	CU_add_test(s, "escapes", test_escapes);
	CU_add_test(s, "blocks", test_blocks);
	CU_add_test(s, "captures_king", test_captures_king);
	CU_add_test(s, "moves_legal", test_moves_legal);
	CU_add_test(s, "refusals", test_refusals);
}
