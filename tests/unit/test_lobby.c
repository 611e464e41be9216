/* test_lobby.c: the client library's lobby parsing (ipc/client.c): GAME, TABLE, SEAT and
 * WAITING lines, in their valid forms and every malformed one (the lobby's events are
 * proto.c's). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "ipc/client.h"
#include "suites.h"
#include "tests/runner.h"

/* line split as a client reads it. */
static const struct bd_msg *msg(const char *line)
{
	static struct bd_msg m;

	CU_ASSERT_EQUAL_FATAL(bd_msg_parse(line, &m), 0);
	return &m;
}

/* GAME lines: seats and the options with their defaults, in order. */
static void test_games_valid(void)
{
	struct bd_games g = {0};

	CU_ASSERT_EQUAL(bd_games_line(&g, msg("GAME memory 2 dim=4")), 0);
	CU_ASSERT_EQUAL(bd_games_line(&g, msg("GAME tictactoe 2 clock-ms=0 increment-ms=0 move-limit-ms=600000")), 0);
	CU_ASSERT_EQUAL(bd_games_line(&g, msg("GAME solo 1")), 0);
	CU_ASSERT_EQUAL_FATAL(g.n, 3);
	CU_ASSERT_STRING_EQUAL(g.game[0].game, "memory");
	CU_ASSERT_EQUAL(g.game[0].seats, 2);
	CU_ASSERT_EQUAL(g.game[0].opts.n, 1);
	CU_ASSERT_STRING_EQUAL(bd_option_get(&g.game[0].opts, "dim"), "4");
	CU_ASSERT_EQUAL(g.game[1].opts.n, 3);
	CU_ASSERT_STRING_EQUAL(g.game[1].opts.opt[0].key, "clock-ms");
	CU_ASSERT_STRING_EQUAL(g.game[1].opts.opt[2].key, "move-limit-ms");
	CU_ASSERT_STRING_EQUAL(bd_option_get(&g.game[1].opts, "move-limit-ms"), "600000");
	CU_ASSERT_PTR_NULL(bd_option_get(&g.game[1].opts, "dim"));
	CU_ASSERT_EQUAL(g.game[2].opts.n, 0);
	bd_games_free(&g);
	CU_ASSERT_EQUAL(g.n, 0);
	CU_ASSERT_PTR_NULL(g.game);
}

/* A game's own options: words and numbers, after the core's; a TABLE line's too. */
static void test_game_options(void)
{
	struct bd_games g = {0};
	struct bd_lobby l = {0};

	CU_ASSERT_EQUAL_FATAL(bd_games_line(&g, msg("GAME quantik 2 clock-ms=0 increment-ms=0 move-limit-ms=600000 "
						    "illegal=lose validate=1 show-board=0 debug=0 seats=2")), 0);
	CU_ASSERT_EQUAL(g.game[0].opts.n, 8);
	CU_ASSERT_STRING_EQUAL(bd_option_get(&g.game[0].opts, "illegal"), "lose");
	CU_ASSERT_STRING_EQUAL(bd_option_get(&g.game[0].opts, "seats"), "2");
	bd_games_free(&g);
	CU_ASSERT_EQUAL_FATAL(bd_lobby_line(&l, msg("TABLE quantik-1 quantik on 2 0 clock-ms=0,illegal=retry,validate=1")), 0);
	CU_ASSERT_EQUAL(l.table[0].opts.n, 3);
	CU_ASSERT_STRING_EQUAL(bd_option_get(&l.table[0].opts, "illegal"), "retry");
	bd_lobby_free(&l);
}

/* Malformed GAME lines are refused and add nothing. */
static void test_games_malformed(void)
{
	static const char *const bad[] = {
		"GAME", "GAME memory", "GAME memory two", "GAME memory 0", "GAME memory -1", "GAME me/mory 2",
		"GAME memory 2 dim", "GAME memory 2 =4", "GAME memory 2 dim=", "GAME memory 2 dim=4,5",
		"GAME memory 2 a-key-longer-than-twenty-four=1",
		"GAME memory 2 k=a-value-longer-than-thirty-two-bytes-x",
		"GAME memory 2 a=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1 k=1 l=1 m=1 n=1 o=1 p=1 q=1 r=1", /* 18: one too many */
		"GAME memory 2 a=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1 k=1 l=1 m=1 n=1 o=1 p=1 q=1 r=1 s=1 t=1 u=1 v=1 "
		"w=1 x=1", /* bd_msg_parse keeps 22 of them */
		"TABLE memory 2 dim=4", "GAMES memory 2",
	};
	struct bd_games g = {0};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		CU_ASSERT_EQUAL(bd_games_line(&g, msg(bad[i])), -1);
		if (g.n != 0)
			CU_FAIL(bad[i]);
	}
	CU_ASSERT_EQUAL(bd_games_line(&g, msg("OK games 0")), -1);
	/* As many options as a list keeps, and one more. */
	char line[BD_LINE_MAX] = "GAME many 2";
	for (unsigned i = 0; i < BD_LIST_OPTS_MAX; i++)
		snprintf(line + strlen(line), sizeof line - strlen(line), " k%u=%u", i, i);
	CU_ASSERT_EQUAL(bd_games_line(&g, msg(line)), 0);
	CU_ASSERT_EQUAL(g.n, 1);
	strcat(line, " one=more");
	CU_ASSERT_EQUAL(bd_games_line(&g, msg(line)), -1);
	CU_ASSERT_EQUAL(g.n, 1);
	bd_games_free(&g);
}

/* A list reply: tables with their seats, waiting players with their options. */
static void test_list_valid(void)
{
	struct bd_lobby l = {0};

	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("TABLE main memory waiting 0 0 dim=4")), 0);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("TABLE tictactoe-17 tictactoe on 2 3 clock-ms=0,increment-ms=0,move-limit-ms=600000")), 0);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("SEAT tictactoe-17 0 playing ana root")), 0);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("SEAT tictactoe-17 1 away r2-d2! uid:1234")), 0);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("TABLE spare tictactoe waiting 0 0 -")), 0);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("WAITING tictactoe alice alice 7 -")), 0);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("WAITING tictactoe bob nobody 0 move-limit-ms=5000,opponent=alice")), 0);
	CU_ASSERT_EQUAL_FATAL(l.ntables, 3);
	CU_ASSERT_EQUAL_FATAL(l.nseats, 2);
	CU_ASSERT_EQUAL_FATAL(l.nwaiting, 2);
	CU_ASSERT_STRING_EQUAL(l.table[0].table, "main");
	CU_ASSERT_STRING_EQUAL(bd_option_get(&l.table[0].opts, "dim"), "4");
	CU_ASSERT_STRING_EQUAL(l.table[1].game, "tictactoe");
	CU_ASSERT_STRING_EQUAL(l.table[1].state, "on");
	CU_ASSERT_EQUAL(l.table[1].players, 2);
	CU_ASSERT_EQUAL(l.table[1].spectators, 3);
	CU_ASSERT_EQUAL(l.table[1].opts.n, 3);
	CU_ASSERT_STRING_EQUAL(l.table[1].opts.opt[1].key, "increment-ms");
	CU_ASSERT_EQUAL(l.table[2].opts.n, 0);
	CU_ASSERT_EQUAL(l.seat[0].table, 1);
	CU_ASSERT_EQUAL(l.seat[1].seat, 1);
	CU_ASSERT_STRING_EQUAL(l.seat[1].state, "away");
	CU_ASSERT_STRING_EQUAL(l.seat[1].name, "r2-d2!");
	CU_ASSERT_STRING_EQUAL(l.seat[1].login, "uid:1234");
	CU_ASSERT_STRING_EQUAL(l.waiting[0].name, "alice");
	CU_ASSERT_EQUAL(l.waiting[0].seconds, 7);
	CU_ASSERT_EQUAL(l.waiting[0].opts.n, 0);
	CU_ASSERT_STRING_EQUAL(l.waiting[1].login, "nobody");
	CU_ASSERT_STRING_EQUAL(bd_option_get(&l.waiting[1].opts, "opponent"), "alice");
	CU_ASSERT_STRING_EQUAL(bd_option_get(&l.waiting[1].opts, "move-limit-ms"), "5000");
	bd_lobby_free(&l);
	CU_ASSERT_EQUAL(l.ntables + l.nseats + l.nwaiting, 0);
}

/* Malformed list lines are refused and add nothing; a SEAT needs its TABLE first. */
static void test_list_malformed(void)
{
	static const char *const bad[] = {
		"SEAT t 0 playing ana root", /* no TABLE t before it */
		"TABLE t tictactoe on 2 0", "TABLE t tictactoe on 2 0 - extra", "TABLE t/x tictactoe on 2 0 -",
		"TABLE t tictactoe on two 0 -", "TABLE t tictactoe on 2 -1 -", "TABLE t tictactoe on 2 0 ,",
		"TABLE t tictactoe on 2 0 a=1,", "TABLE t tictactoe on 2 0 ,a=1", "TABLE t tictactoe on 2 0 a=1,,b=2",
		"TABLE t tictactoe on 2 0 a=1,b", "TABLE a-table-name-longer-than-24 tictactoe on 2 0 -",
		"TABLE t tictactoe a-state-word-too-long 2 0 -",
		"WAITING tictactoe alice alice 7", "WAITING tictactoe alice alice x -",
		"WAITING tic.tac alice alice 7 -", "WAITING tictactoe alice alice 7 opponent",
		"WAITING tictactoe a-name-longer-than-32-bytes-of-it! alice 7 -",
		"PLAYER 0 playing #ff0000 0 ana root", "WAITING tictactoe alice alice 7 - x y z w v u t",
	};
	struct bd_lobby l = {0};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		CU_ASSERT_EQUAL(bd_lobby_line(&l, msg(bad[i])), -1);
		if (l.ntables + l.nseats + l.nwaiting != 0)
			CU_FAIL(bad[i]);
	}
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("TABLE t tictactoe on 2 0 -")), 0);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("SEAT t 0 playing ana")), -1);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("SEAT t x playing ana root")), -1);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("SEAT u 0 playing ana root")), -1);
	CU_ASSERT_EQUAL(l.nseats, 0);
	CU_ASSERT_EQUAL(bd_lobby_line(&l, msg("SEAT t 0 playing ana root")), 0);
	CU_ASSERT_EQUAL(l.nseats, 1);
	bd_lobby_free(&l);
}

/* bd_option_add: k=v words, at most BD_LIST_OPTS_MAX of them. */
static void test_opts(void)
{
	struct bd_options o = {0};
	char word[16];

	CU_ASSERT_EQUAL(bd_option_add(&o, "opponent=r2-d2!"), 0);
	CU_ASSERT_STRING_EQUAL(bd_option_get(&o, "opponent"), "r2-d2!");
	CU_ASSERT_EQUAL(bd_option_add(&o, "a=b=c"), 0); /* the value is everything after the first = */
	CU_ASSERT_STRING_EQUAL(bd_option_get(&o, "a"), "b=c");
	for (unsigned i = 2; i < BD_LIST_OPTS_MAX; i++) {
		snprintf(word, sizeof word, "k%u=%u", i, i);
		CU_ASSERT_EQUAL(bd_option_add(&o, word), 0);
	}
	CU_ASSERT_EQUAL(bd_option_add(&o, "one=toomany"), -1);
	CU_ASSERT_EQUAL(o.n, BD_LIST_OPTS_MAX);
}

void suite_lobby(void)
{
	CU_pSuite s = CU_add_suite("lobby", NULL, NULL);
	CU_add_test(s, "games valid", test_games_valid);
	CU_add_test(s, "games malformed", test_games_malformed);
	CU_add_test(s, "game options", test_game_options);
	CU_add_test(s, "list valid", test_list_valid);
	CU_add_test(s, "list malformed", test_list_malformed);
	CU_add_test(s, "options", test_opts);
}
