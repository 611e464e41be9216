/* test_match.c: the core's turns on a real tic-tac-toe board opened in this process
 * (daemon/board.c over daemon/match.c), with the optional parts of struct rules that no game
 * had yet: an opener (sides kept across rounds), a refused move that ends the round, a pass
 * (board_turn_pass), draw offers and a game without them (no_draw_offer), a rematch asked
 * for too early; and on a Hnefatafl table, a move whose turn a dead worker did not pass. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "daemon/board.h"
#include "daemon/match.h"
#include "daemon/turn.h"
#include "ipc/clock.h"
#include "ipc/game/tafl.h"
#include "suites.h"
#include "tests/runner.h"

static unsigned opened;      /* calls of the opener */
static int open_side;        /* the side it returns */

/* The opener: counts its calls, returns open_side. */
static int test_opener(struct board *b)
{
	(void)b;
	opened++;
	return open_side;
}

/* tic-tac-toe's move, but `lose` is refused and loses the round for the mover (as Quantik's
 * illegal=lose). */
static int test_move(struct board *b, unsigned seat, unsigned ntok, const char *const *tok, int64_t now,
		     struct bd_err *err)
{
	uint8_t result[BD_PLAYERS_MAX] = {0};

	if (ntok != 1 || strcmp(tok[0], "lose") != 0)
		return rules_tictactoe.move(b, seat, ntok, tok, now, err);
	for (unsigned i = 0; i < 2; i++)
		result[i] = i == seat ? BD_RESULT_LOSE : BD_RESULT_WIN;
	board_end(b, BOARD_END_ROUND, result, now);
	return bd_err_set(err, "illegal", "an illegal move loses the round");
}

/* The newest event of the table's ring. */
static const struct bd_event *test_last_event(const struct board *b)
{
	return &b->priv->ring[b->priv->ring_head % BD_RING_SIZE];
}

/* A tic-tac-toe table whose rules are r, a match of two rounds, ana and bob seated. */
static void test_table(struct board *b, const struct rules *r, const char *prefix)
{
	struct board_settings s = {.name = "main", .game_kind = BD_GAME_TICTACTOE, .dim = 3, .region_side = 3,
				   .restart_ms = 1000, .away_ms = 1000};
	struct quota_peer peer = {.uid = getuid(), .pid = getpid(), .exempt = 1};
	struct bd_err err;
	int resumed;

	REQUIRE(board_open(b, prefix, &s, &resumed) == 0 && !resumed, "a new board");
	b->rules = r;
	match_init(b); /* as board_open would for these rules */
	b->priv->turn.set.rounds = 2;
	REQUIRE(board_seat(b, "ana", &peer, 0, 0, &err) == 0 && board_seat(b, "bob", &peer, 0, 0, &err) == 1, "two seats");
	REQUIRE(b->priv->turn.state == BD_TURN_ON, "the match is on");
}

/* The opener picks who starts each round, sides are kept, a refused move ends the round
 * without passing the turn, and a pass moves the turn on. */
static void test_match_opener(void)
{
	static struct board b;
	static struct rules r;
	const struct bd_turn *t;
	const char *lose[] = {"lose"};
	char prefix[32];
	struct bd_err err;

	r = rules_tictactoe;
	r.opener = test_opener;
	r.move = test_move;
	opened = 0;
	open_side = 1;
	snprintf(prefix, sizeof prefix, "bdmatch%d", (int)getpid());
	test_table(&b, &r, prefix);
	t = &b.priv->turn;
	CHECK(t->set.keep_sides == 1 && opened == 1, "an opener: sides kept, called once (%u)", opened);
	int second = turn_seat_of(t, 1), first = 1 - second;
	CHECK(b.pub->turn == (uint32_t)second && t->to_move == 1, "side 1 (seat %d) opens round 1", second);
	CHECK(board_move(&b, (unsigned)first, 2, (const char *[]){"0", "0"}, &err) < 0 && strcmp(err.code, "turn") == 0,
	      "the other seat may not move");
	open_side = 0;
	CHECK(board_move(&b, (unsigned)second, 1, lose, &err) < 0 && strcmp(err.code, "illegal") == 0,
	      "the refused move's error: %s", err.code);
	CHECK(t->round == 2 && t->points[first] == 2 && t->round_result[second] == BD_RESULT_LOSE,
	      "it lost the round: round %u, points %u", t->round, t->points[first]);
	CHECK(opened == 2 && turn_seat_of(t, 1) == second && b.pub->turn == (uint32_t)first,
	      "round 2: the same sides, the opener's side 0 (seat %d) to move", first);
	board_turn_pass(&b, bd_now_ms());
	const struct bd_event *ev = test_last_event(&b);
	CHECK(b.pub->turn == (uint32_t)second && ev->type == BD_EV_TURN && ev->player == second,
	      "a pass: seat %d to move, told (event %u)", second, ev->type);
	CHECK(board_move(&b, (unsigned)second, 1, lose, &err) < 0 && t->state == BD_TURN_OVER &&
		      b.pub->game_state == BD_GAME_OVER && t->result[first] == BD_RESULT_WIN,
	      "a refused move that ends the last round ends the match");
	board_close(&b, 1);
}

/* Draw offers through the board: an offer, a move clears it, both agree: the match is drawn;
 * a game without them refuses. */
static void test_match_draw(void)
{
	static struct board b;
	static struct rules r;
	const struct bd_turn *t;
	char prefix[32];
	struct bd_err err;

	r = rules_tictactoe;
	snprintf(prefix, sizeof prefix, "bdmatchd%d", (int)getpid());
	test_table(&b, &r, prefix);
	t = &b.priv->turn;
	unsigned x = (unsigned)turn_seat_of(t, 0), o = 1 - x;
	CHECK(t->set.keep_sides == 0, "no opener: sides rotate");
	CHECK(board_turn_request(&b, o, BD_REQ_DRAW, "", &err) == 0 && test_last_event(&b)->type == BD_EV_OFFER,
	      "O offers");
	CHECK(board_move(&b, x, 2, (const char *[]){"1", "1"}, &err) == 0 && t->offers == 0, "X's move clears it");
	CHECK(board_turn_request(&b, x, BD_REQ_DRAW, "", &err) == 0, "X offers");
	r.no_draw_offer = 1;
	CHECK(board_turn_request(&b, o, BD_REQ_DRAW, "", &err) < 0 && strcmp(err.code, "nodraw") == 0,
	      "a game without draws: nodraw");
	r.no_draw_offer = 0;
	CHECK(board_turn_request(&b, o, BD_REQ_DRAW, "", &err) == 1 && t->why == BD_WHY_AGREED, "O agrees");
	CHECK(b.pub->game_state == BD_GAME_OVER && b.pub->players[x].result == BD_RESULT_DRAW &&
		      b.pub->players[o].result == BD_RESULT_DRAW, "the match is drawn");
	board_close(&b, 1);
}

/* A rematch asked for while the match is on is refused and changes nothing: not the clock
 * of the match on, even if the table's settings changed since it began (a daemon restarted
 * with another clock-ms resumes the match with its old clock; the next match takes the new). */
static void test_match_rematch_early(void)
{
	static struct board b;
	static struct rules r;
	const struct bd_turn *t;
	char prefix[32];
	struct bd_err err;

	r = rules_tictactoe;
	snprintf(prefix, sizeof prefix, "bdmatchr%d", (int)getpid());
	test_table(&b, &r, prefix);
	t = &b.priv->turn;
	int64_t deadline = turn_deadline(t);
	b.set.clock_ms = 60000; /* as a restart with clock-ms = 60000 would set it */
	CHECK(board_turn_request(&b, 0, BD_REQ_REMATCH, "", &err) < 0 && strcmp(err.code, "state") == 0,
	      "a rematch while the match is on: %s", err.code);
	CHECK(t->set.main_ms == 0 && turn_deadline(t) == deadline, "the match keeps its settings (clock %lld ms)",
	      (long long)t->set.main_ms);
	match_tick(&b, t->since_ms + 1);
	CHECK(t->state == BD_TURN_ON && t->round == 1 && b.pub->game_state == BD_GAME_ON,
	      "no flag fell a millisecond into the turn");
	board_close(&b, 1);
}

/* A worker killed after the rules took a move but before the core passed its turn, on a
 * Hnefatafl table: the position has the other side to move, the core's turn does not agree.
 * The sweep keeps the game the board shows, with its memory of repetitions, and match_mend
 * passes the turn: the game goes on, and the start position coming a third time draws it. */
static void test_match_mend(void)
{
	static struct board b;
	struct board_settings s = {.name = "main", .game_kind = BD_GAME_TAFL, .dim = 9, .region_side = 9,
				   .restart_ms = 1000, .away_ms = 1000, .opt = {TAFL_DRAW_PLIES}};
	struct quota_peer peer = {.uid = getuid(), .pid = getpid(), .exempt = 1};
	const struct tafl_priv *v;
	const struct bd_turn *t;
	char prefix[32];
	struct bd_err err = {"", ""};
	int resumed;

	snprintf(prefix, sizeof prefix, "bdmatchm%d", (int)getpid());
	REQUIRE(board_open(&b, prefix, &s, &resumed) == 0 && !resumed, "a new tafl board");
	REQUIRE(board_seat(&b, "ana", &peer, 0, 0, &err) == 0 && board_seat(&b, "bob", &peer, 0, 0, &err) == 1, "two seats");
	t = &b.priv->turn;
	v = board_private(&b);
	unsigned att = (unsigned)turn_seat_of(t, TAFL_ATTACKERS), def = 1 - att;
	const char *moves[] = {"a4-b4", "e3-d3", "b4-a4", "d3-e3"};
	for (unsigned i = 0; i < 4; i++)
		REQUIRE(board_move(&b, i % 2 ? def : att, 1, &moves[i], &err) == 0, "move %s: %s", moves[i], err.text);
	REQUIRE(tafl_game_repeats(&v->game) == 2, "the start position came twice");
	REQUIRE(b.rules->move(&b, att, 1, &moves[0], bd_now_ms(), &err) == 0, "the rules take a4-b4 (no turn passed)");
	unsigned nhist = v->game.nhist;
	CHECK(b.rules->check(&b) != NULL && b.pub->turn == att, "the core's turn and the position disagree");
	b.rules->sweep(&b);
	CHECK(v->game.nhist == nhist && v->game.pos.side == TAFL_DEFENDERS, "the sweep kept the game and its memory (%u of %u)",
	      v->game.nhist, nhist);
	match_mend(&b, bd_now_ms());
	CHECK(b.pub->turn == def && b.rules->check(&b) == NULL && test_last_event(&b)->type == BD_EV_TURN,
	      "match_mend passed the turn to the defenders (seat %u), told", def);
	CHECK(board_move(&b, def, 1, &moves[1], &err) == 0 && board_move(&b, att, 1, &moves[2], &err) == 0 &&
		      board_move(&b, def, 1, &moves[3], &err) == 0, "the game goes on: %s", err.text);
	CHECK(b.pub->game_state == BD_GAME_OVER && tafl_pub_area(b.pub)->end == TAFL_END_REPETITION,
	      "the start position a third time: drawn by repetition");
	match_mend(&b, bd_now_ms());
	CHECK(b.pub->game_state == BD_GAME_OVER, "nothing to mend once over");
	board_close(&b, 1);
}

/* The whole daemon stopped after the rules took a move but before the core passed its
 * turn (test_match_mend's window, no process left to repair it): the next run finds the
 * table, passes the turn as of the earlier run's last sign of life and resumes the game,
 * instead of refusing the table and starting it clean. */
static void test_match_mend_found(void)
{
	static struct board b, again;
	struct board_settings s = {.name = "main", .game_kind = BD_GAME_TAFL, .dim = 9, .region_side = 9,
				   .restart_ms = 1000, .away_ms = 1000, .opt = {TAFL_DRAW_PLIES}};
	struct quota_peer peer = {.uid = getuid(), .pid = getpid(), .exempt = 1};
	const char *move = "a4-b4";
	char prefix[32];
	struct bd_err err = {"", ""};
	int resumed;

	snprintf(prefix, sizeof prefix, "bdmatchf%d", (int)getpid());
	REQUIRE(board_open(&b, prefix, &s, &resumed) == 0 && !resumed, "a new tafl board");
	REQUIRE(board_seat(&b, "ana", &peer, 0, 0, &err) == 0 && board_seat(&b, "bob", &peer, 0, 0, &err) == 1, "two seats");
	unsigned att = (unsigned)turn_seat_of(&b.priv->turn, TAFL_ATTACKERS), def = 1 - att;
	REQUIRE(b.rules->move(&b, att, 1, &move, bd_now_ms(), &err) == 0, "the rules take a4-b4 (no turn passed)");
	REQUIRE(b.rules->check(&b) != NULL, "the core's turn and the position disagree");
	board_close(&b, 0); /* the daemon stops there: its objects stay */
	REQUIRE(board_open(&again, prefix, &s, &resumed) == 0, "the next run opens the table");
	CHECK(resumed, "it resumed the found table (not a clean one)");
	CHECK(again.pub->turn == def && again.rules->check(&again) == NULL, "the defenders (seat %u) to move", def);
	CHECK(tafl_pub_area(again.pub)->side == TAFL_DEFENDERS && again.pub->players[att].state == BD_PLAYER_AWAY,
	      "the move kept, the seats away until their players come back");
	board_commit(&again);
	board_close(&again, 1);
}

/* Register this file's tests. */
void suite_match(void)
{
	CU_pSuite s = CU_add_suite("match", NULL, NULL);
	CU_add_test(s, "opener", test_match_opener);
	CU_add_test(s, "draw", test_match_draw);
	CU_add_test(s, "rematch_early", test_match_rematch_early);
	CU_add_test(s, "mend", test_match_mend);
	CU_add_test(s, "mend_found", test_match_mend_found);
}
