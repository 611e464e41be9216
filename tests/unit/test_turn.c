/* test_turn.c: daemon/turn.c with a fake clock: sides at random and on request, whose turn,
 * the move clock (and one per move) and the per-move limit, claim, resign, rounds and the match result, rematch
 * with sides swapped, and a daemon outage that charges nobody. */
#include <CUnit/CUnit.h>
#include <string.h>

#include "daemon/turn.h"
#include "suites.h"
#include "tests/runner.h"

#define T0 1000000 /* the fake clock's start, ms */
static const int any2[2] = {TURN_SIDE_ANY, TURN_SIDE_ANY};

/* A two-seat table (no clock unless main_ms) with its first match started at T0; seat 0 plays
 * side 0 (moves first). */
static void turn_table(struct bd_turn *t, int64_t main_ms, int64_t inc_ms, unsigned rounds)
{
	struct bd_turn_settings s = {.nseats = 2, .rounds = rounds, .main_ms = main_ms, .increment_ms = inc_ms};
	static const int want[2] = {0, 1};

	turn_init(t, &s);
	turn_match_start(t, want, 7, T0);
	REQUIRE(t->state == BD_TURN_ON && t->side[0] == 0 && t->side[1] == 1, "match on, seat 0 first");
}

/* Sides drawn with no wishes: always one per seat, and each seat moves first about half the time. */
static void test_turn_sides_random(void)
{
	struct bd_turn_settings s = {.nseats = 2, .rounds = 1};
	struct bd_turn t;
	unsigned first[2] = {0, 0};

	turn_init(&t, &s);
	CHECK(t.state == BD_TURN_IDLE && t.set.limit_ms == TURN_LIMIT_DEFAULT_MS, "idle, default limit 10 min");
	for (uint32_t rnd = 0; rnd < 1000; rnd++) {
		turn_match_start(&t, any2, rnd * 2654435761u, T0);
		CHECK(t.side[0] + t.side[1] == 1, "rnd %u: sides %u %u", rnd, t.side[0], t.side[1]);
		first[turn_seat_to_move(&t)]++;
	}
	CHECK(first[0] > 400 && first[1] > 400, "seat 0 first %u times, seat 1 %u of 1000", first[0], first[1]);
	CHECK(t.match == 1000, "match number %u after 1000 starts", t.match);
	CHECK(turn_check(&t) == NULL, "a sound state passes the check");
}

/* A seat that asks for a side gets it; a clash is drawn between the two; three seats too. */
static void test_turn_sides_request(void)
{
	struct bd_turn_settings s2 = {.nseats = 2, .rounds = 1}, s3 = {.nseats = 3, .rounds = 1};
	struct bd_turn t;
	unsigned got0 = 0;

	turn_init(&t, &s2);
	for (uint32_t rnd = 0; rnd < 200; rnd++) {
		turn_match_start(&t, (const int[]){1, TURN_SIDE_ANY}, rnd, T0);
		CHECK(t.side[0] == 1 && t.side[1] == 0, "seat 0 asked for side 1");
		turn_match_start(&t, (const int[]){TURN_SIDE_ANY, 0}, rnd, T0);
		CHECK(t.side[1] == 0 && t.side[0] == 1, "seat 1 asked for side 0");
		turn_match_start(&t, (const int[]){0, 0}, rnd * 2654435761u, T0);
		CHECK(t.side[0] + t.side[1] == 1, "a clash still gives one side per seat");
		got0 += t.side[0] == 0;
	}
	CHECK(got0 > 50 && got0 < 150, "a clash is drawn: seat 0 won it %u of 200 times", got0);
	turn_init(&t, &s3);
	turn_match_start(&t, (const int[]){TURN_SIDE_ANY, 2, TURN_SIDE_ANY}, 12345, T0);
	CHECK(t.side[1] == 2 && t.side[0] + t.side[2] == 1, "three seats: %u %u %u", t.side[0], t.side[1], t.side[2]);
	CHECK(turn_seat_of(&t, 2) == 1 && turn_check(&t) == NULL, "seat of side 2");
}

/* Only the seat to move may move, turns alternate, and spectators and idle tables are refused. */
static void test_turn_whose(void)
{
	struct bd_turn_settings s = {.nseats = 2, .rounds = 1};
	struct bd_turn t;
	struct bd_err err;

	turn_init(&t, &s);
	CHECK(turn_may_move(&t, 0, &err) < 0 && strcmp(err.code, "state") == 0, "no match yet: state");
	CHECK(turn_seat_to_move(&t) == -1 && turn_deadline(&t) == 0, "nobody to move, no deadline");
	turn_table(&t, 0, 0, 1);
	CHECK(turn_may_move(&t, -1, &err) < 0 && strcmp(err.code, "spectator") == 0 &&
		      strcmp(err.text, "a spectator cannot move") == 0, "spectator: %s", err.text);
	CHECK(turn_may_move(&t, 1, &err) < 0 && strcmp(err.code, "turn") == 0, "seat 1 out of turn");
	CHECK(turn_may_move(&t, 0, &err) == 0, "seat 0 to move");
	turn_moved(&t, T0 + 100);
	CHECK(turn_seat_to_move(&t) == 1 && turn_may_move(&t, 0, &err) < 0 && turn_may_move(&t, 1, &err) == 0,
	      "the turn passed to seat 1");
	turn_moved(&t, T0 + 200);
	CHECK(turn_seat_to_move(&t) == 0 && t.to_move == 0, "and back");
}

/* The clock: only the mover's time runs; a move charges it and adds the increment; the game
 * is told once the mover's time is gone, not before. */
static void test_turn_clock(void)
{
	struct bd_turn t;
	struct bd_err err;

	turn_table(&t, 60000, 2000, 1);
	CHECK(turn_deadline(&t) == T0 + 60000, "deadline %lld", (long long)turn_deadline(&t));
	CHECK(turn_clock_left(&t, 0, T0 + 10000) == 50000 && turn_clock_left(&t, 1, T0 + 10000) == 60000,
	      "the mover's time runs, the other's does not");
	turn_moved(&t, T0 + 10000);
	CHECK(t.left_ms[0] == 52000 && turn_clock_left(&t, 0, T0 + 40000) == 52000, "charged 10 s, +2 s");
	CHECK(turn_clock_left(&t, 1, T0 + 40000) == 30000, "seat 1's time runs now");
	CHECK(turn_deadline(&t) == T0 + 70000, "seat 1's deadline %lld", (long long)turn_deadline(&t));
	CHECK(turn_due(&t, T0 + 69999) == TURN_DUE_NOTHING, "not yet");
	CHECK(turn_due(&t, T0 + 70000) == TURN_DUE_FLAG, "seat 1 flagged at its deadline");
	CHECK(turn_clock_left(&t, 1, T0 + 80000) == 0, "never below 0");
	CHECK(turn_claim(&t, 0, T0 + 80000, &err) < 0 && strcmp(err.code, "clock") == 0,
	      "no claim on a clocked table: the game ends the round");
	/* Tic-tac-toe's choice: time out loses. */
	CHECK(turn_round_end(&t, (const enum bd_result[]){BD_RESULT_WIN, BD_RESULT_LOSE}, BD_WHY_TIME, T0 + 80000) == 1,
	      "the round was the match");
	CHECK(t.state == BD_TURN_OVER && t.result[0] == BD_RESULT_WIN && t.result[1] == BD_RESULT_LOSE && t.why == BD_WHY_TIME,
	      "seat 0 won on time");
	CHECK(turn_due(&t, T0 + 90000) == TURN_DUE_NOTHING && turn_deadline(&t) == 0, "nothing due once over");
}

/* A move clock (per_move, Quantik's): every move gets the whole clock afresh, whatever the
 * last one took; running out flags as a clock does. */
static void test_turn_move_clock(void)
{
	struct bd_turn t;

	turn_table(&t, 5000, 0, 2);
	t.set.per_move = 1;
	turn_moved(&t, T0 + 4000);
	CHECK(t.left_ms[0] == 5000 && turn_deadline(&t) == T0 + 4000 + 5000, "seat 1 has 5 s from its turn");
	turn_moved(&t, T0 + 8500);
	CHECK(t.left_ms[1] == 5000 && turn_deadline(&t) == T0 + 8500 + 5000, "seat 0 has its 5 s again");
	CHECK(turn_clock_left(&t, 0, T0 + 9500) == 4000, "its time runs");
	CHECK(turn_due(&t, T0 + 13500) == TURN_DUE_FLAG, "flagged 5 s after its turn began");
	t.set.per_move = 2;
	CHECK(turn_check(&t) != NULL, "per_move is 0 or 1");
}

/* Without a clock: the per-move limit is said once a turn, and only then may the other claim. */
static void test_turn_limit_claim(void)
{
	struct bd_turn t;
	struct bd_err err;
	int64_t lim = TURN_LIMIT_DEFAULT_MS;

	turn_table(&t, 0, 0, 1);
	CHECK(turn_deadline(&t) == T0 + lim, "10 minutes a move");
	CHECK(turn_claim(&t, 1, T0 + 1000, &err) < 0 && strcmp(err.code, "early") == 0 &&
		      strncmp(err.text, "599000 ms left", 14) == 0, "early: %s", err.text);
	CHECK(turn_claim(&t, 0, T0 + lim, &err) < 0 && strcmp(err.code, "turn") == 0, "the mover cannot claim");
	CHECK(turn_claim(&t, -1, T0 + lim, &err) < 0 && strcmp(err.code, "spectator") == 0, "nor a spectator");
	CHECK(turn_due(&t, T0 + lim - 1) == TURN_DUE_NOTHING, "not due before the limit");
	CHECK(turn_due(&t, T0 + lim) == TURN_DUE_CLAIM, "due at the limit");
	CHECK(turn_due(&t, T0 + lim + 5000) == TURN_DUE_NOTHING, "said once a turn");
	turn_moved(&t, T0 + lim + 5000); /* the late seat may still move until someone claims */
	CHECK(t.told == 0 && turn_deadline(&t) == T0 + 2 * lim + 5000, "a new turn, a new limit");
	CHECK(turn_claim(&t, 0, T0 + 2 * lim + 4999, &err) < 0 && strcmp(err.code, "early") == 0, "1 ms early");
	CHECK(turn_claim(&t, 0, T0 + 2 * lim + 5000, &err) == 0, "claimed");
	CHECK(t.state == BD_TURN_OVER && t.result[0] == BD_RESULT_WIN && t.result[1] == BD_RESULT_LOSE && t.why == BD_WHY_CLAIM,
	      "the late seat lost");
	CHECK(turn_claim(&t, 0, T0 + 3 * lim, &err) < 0 && strcmp(err.code, "over") == 0, "then the game is over");
}

/* Resign ends the match at once, whoever is to move; refused to spectators and when not on. */
static void test_turn_resign(void)
{
	struct bd_turn_settings s = {.nseats = 2, .rounds = 1};
	struct bd_turn t;
	struct bd_err err;

	turn_init(&t, &s);
	CHECK(turn_resign(&t, 0, T0, &err) < 0 && strcmp(err.code, "state") == 0, "nothing to resign yet");
	turn_table(&t, 0, 0, 3);
	CHECK(turn_resign(&t, -1, T0, &err) < 0 && strcmp(err.code, "spectator") == 0 &&
		      strcmp(err.text, "a spectator cannot resign") == 0, "spectator: %s", err.text);
	CHECK(turn_resign(&t, 1, T0 + 10, &err) == 0, "seat 1 resigns out of its turn");
	CHECK(t.state == BD_TURN_OVER && t.result[1] == BD_RESULT_LOSE && t.result[0] == BD_RESULT_WIN && t.why == BD_WHY_RESIGN,
	      "seat 1 lost the whole match (round %u of 3)", t.round);
	CHECK(turn_resign(&t, 0, T0 + 20, &err) < 0 && strcmp(err.code, "over") == 0, "game over: %s", err.text);
	CHECK(turn_may_move(&t, 0, &err) < 0 && strcmp(err.code, "over") == 0, "no move after the end");
}

/* Rounds: sides rotate and clocks reset each round; the match ends when decided or after the
 * last round; results from points (a shared top is a draw). */
static void test_turn_rounds(void)
{
	static const enum bd_result w0[2] = {BD_RESULT_WIN, BD_RESULT_LOSE}, w1[2] = {BD_RESULT_LOSE, BD_RESULT_WIN},
				      dd[2] = {BD_RESULT_DRAW, BD_RESULT_DRAW};
	struct bd_turn t;

	turn_table(&t, 30000, 0, 3);
	turn_moved(&t, T0 + 5000);
	CHECK(turn_round_end(&t, w0, BD_WHY_PLAY, T0 + 6000) == 0, "round 1 of 3 ends, match goes on");
	CHECK(t.state == BD_TURN_ON && t.round == 2 && t.side[0] == 1 && t.side[1] == 0, "round 2, sides swapped");
	CHECK(turn_seat_to_move(&t) == 1 && t.left_ms[0] == 30000 && t.since_ms == T0 + 6000,
	      "side 0 (now seat 1) first, clocks full");
	CHECK(t.round_result[0] == BD_RESULT_WIN && t.points[0] == 2 && t.points[1] == 0, "points 2-0");
	CHECK(turn_round_end(&t, w0, BD_WHY_PLAY, T0 + 7000) == 1, "2-0 of 3 is decided");
	CHECK(t.state == BD_TURN_OVER && t.round == 2 && t.result[0] == BD_RESULT_WIN && t.result[1] == BD_RESULT_LOSE,
	      "seat 0 won the match early");

	turn_table(&t, 0, 0, 3);
	CHECK(turn_round_end(&t, w0, BD_WHY_PLAY, T0) == 0 && turn_round_end(&t, w1, BD_WHY_PLAY, T0) == 0,
	      "1-1 after two rounds");
	CHECK(t.round == 3 && t.side[0] == 0, "round 3, seat 0 first again");
	CHECK(turn_round_end(&t, dd, BD_WHY_PLAY, T0) == 1 && t.result[0] == BD_RESULT_DRAW && t.result[1] == BD_RESULT_DRAW,
	      "a drawn last round: the match is drawn (%u-%u)", t.points[0], t.points[1]);
	turn_table(&t, 0, 0, 2);
	CHECK(turn_round_end(&t, dd, BD_WHY_PLAY, T0) == 0 && turn_round_end(&t, w1, BD_WHY_PLAY, T0) == 1 &&
		      t.result[1] == BD_RESULT_WIN && t.result[0] == BD_RESULT_LOSE, "draw then a win: 3-1");
}

/* Rematch: only once over; every seat must ask (the second ask accepts); sides swapped. */
static void test_turn_rematch(void)
{
	struct bd_turn t;
	struct bd_err err;

	turn_table(&t, 0, 0, 1);
	CHECK(turn_rematch(&t, 0, T0, &err) < 0 && strcmp(err.code, "state") == 0, "still on: %s", err.text);
	turn_resign(&t, 0, T0 + 10, &err);
	CHECK(turn_rematch(&t, -1, T0 + 20, &err) < 0 && strcmp(err.code, "spectator") == 0, "spectator");
	CHECK(turn_rematch(&t, 1, T0 + 20, &err) == 0 && t.rematch == 2 && t.state == BD_TURN_OVER, "seat 1 asks");
	CHECK(turn_rematch(&t, 1, T0 + 30, &err) < 0 && strcmp(err.code, "again") == 0, "asking twice: again");
	turn_leave(&t, 1);
	CHECK(t.rematch == 0, "a seat that leaves takes its request with it");
	CHECK(turn_rematch(&t, 1, T0 + 40, &err) == 0, "asks again");
	CHECK(turn_rematch(&t, 0, T0 + 50, &err) == 1, "seat 0 accepts");
	CHECK(t.state == BD_TURN_ON && t.match == 2 && t.round == 1 && t.side[0] == 1 && t.side[1] == 0,
	      "match 2, sides swapped");
	CHECK(turn_seat_to_move(&t) == 1 && t.points[0] == 0 && t.result[0] == BD_RESULT_NONE && t.rematch == 0,
	      "seat 1 opens, a clean match");
	/* A match that ended in round 2 (sides already swapped): the rematch swaps its first round's. */
	turn_table(&t, 0, 0, 3);
	turn_round_end(&t, (const enum bd_result[]){BD_RESULT_WIN, BD_RESULT_LOSE}, BD_WHY_PLAY, T0);
	turn_resign(&t, 1, T0, &err);
	turn_rematch(&t, 0, T0, &err);
	CHECK(turn_rematch(&t, 1, T0, &err) == 1 && t.side[0] == 1 && t.side[1] == 0, "swapped from round 1's");
}

/* kill -9 and a restart: the outage (from the last sign of life to the resume) is charged to
 * nobody; what was used before it still counts. Clock and per-move limit alike. */
static void test_turn_outage(void)
{
	struct bd_turn t, saved;

	turn_table(&t, 60000, 0, 1);
	turn_moved(&t, T0 + 4000);      /* seat 1 to move from T0+4 s */
	saved = t;                      /* what shared memory holds */
	/* The daemon's last housekeeping before kill -9 was at T0+9 s (5 s used); restarted 30 s later. */
	turn_resume(&saved, T0 + 9000, T0 + 39000);
	CHECK(turn_clock_left(&saved, 1, T0 + 39000) == 55000, "5 s charged, the 30 s outage not: %lld",
	      (long long)turn_clock_left(&saved, 1, T0 + 39000));
	CHECK(turn_deadline(&saved) == turn_deadline(&t) + 30000, "the deadline moved by the outage");
	CHECK(turn_clock_left(&saved, 0, T0 + 39000) == 56000 && turn_check(&saved) == NULL, "seat 0's clock kept");
	turn_moved(&saved, T0 + 41000);
	CHECK(saved.left_ms[1] == 53000, "after the restart time runs again: %lld", (long long)saved.left_ms[1]);

	turn_table(&t, 0, 0, 1);
	turn_resume(&t, T0 + 60000, T0 + 3660000); /* an hour without a daemon */
	CHECK(turn_deadline(&t) == T0 + TURN_LIMIT_DEFAULT_MS + 3600000, "the per-move limit moved too");
	turn_resume(&t, T0 + 60000, T0 + 3660000);
	CHECK(turn_deadline(&t) == T0 + TURN_LIMIT_DEFAULT_MS + 3600000, "a second resume moves nothing");
	/* A move after the last housekeeping: the outage starts at the move, not before it. */
	turn_moved(&t, T0 + 3670000);
	turn_resume(&t, T0 + 3660000, T0 + 3680000);
	CHECK(turn_deadline(&t) == T0 + 3680000 + TURN_LIMIT_DEFAULT_MS, "the new turn starts at the resume: %lld",
	      (long long)(turn_deadline(&t) - T0));
}

/* A frozen table's time is charged to nobody: 5 s used, 20 s frozen, then the clock runs on. */
static void test_turn_pause(void)
{
	struct bd_turn t;

	turn_table(&t, 60000, 0, 1);
	turn_pause(&t, T0 + 5000);
	turn_pause(&t, T0 + 9000); /* frozen again while frozen: the first time counts */
	turn_unpause(&t, T0 + 25000);
	CHECK(turn_clock_left(&t, 0, T0 + 25000) == 55000, "the frozen 20 s not charged: %lld",
	      (long long)turn_clock_left(&t, 0, T0 + 25000));
	turn_unpause(&t, T0 + 30000); /* not frozen: nothing moves */
	CHECK(turn_deadline(&t) == T0 + 80000 && turn_check(&t) == NULL, "deadline %lld",
	      (long long)(turn_deadline(&t) - T0));
	turn_init(&t, &(struct bd_turn_settings){.nseats = 2, .rounds = 1});
	turn_pause(&t, T0);
	CHECK(t.paused_ms == 0, "no match on: nothing to pause");
}

/* A match that ends while frozen (an away seat forfeits it after a restart) charges its pause
 * to nobody later: the next match's first turn has its whole limit from its start. */
static void test_turn_pause_ended(void)
{
	struct bd_turn t;
	struct bd_err err;

	turn_table(&t, 0, 0, 1);
	turn_pause(&t, T0 + 5000);
	CHECK(turn_resign(&t, 1, T0 + 40000, &err) == 0 && t.state == BD_TURN_OVER, "forfeited while frozen");
	turn_match_start(&t, any2, 3, T0 + 90000);
	turn_unpause(&t, T0 + 90000);
	CHECK(t.paused_ms == 0 && turn_deadline(&t) == T0 + 90000 + TURN_LIMIT_DEFAULT_MS,
	      "the new match's deadline %lld, paused %lld", (long long)(turn_deadline(&t) - T0), (long long)t.paused_ms);
}

/* A damaged state found in shared memory is refused with a reason. */
static void test_turn_check(void)
{
	struct bd_turn t;

	turn_table(&t, 0, 0, 1);
	CHECK(turn_check(&t) == NULL, "sound");
	t.side[1] = 0;
	CHECK(turn_check(&t) != NULL, "two seats on one side");
	turn_table(&t, 0, 0, 1);
	t.set.nseats = 9;
	CHECK(turn_check(&t) != NULL, "nine seats");
	turn_table(&t, 0, 0, 1);
	t.round = 2;
	CHECK(turn_check(&t) != NULL, "round past the rounds");
	turn_table(&t, 0, 0, 1);
	t.set.limit_ms = 0;
	CHECK(turn_check(&t) != NULL, "no per-move limit");
	turn_table(&t, 60000, 0, 1);
	t.left_ms[1] = INT64_MAX;
	CHECK(turn_check(&t) != NULL, "a clock whose deadline would overflow");
	turn_table(&t, 0, 0, 1);
	t.set.limit_ms = INT64_MAX;
	CHECK(turn_check(&t) != NULL, "a per-move limit whose deadline would overflow");
	turn_table(&t, 60000, 0, 1);
	t.set.increment_ms = INT64_MAX;
	CHECK(turn_check(&t) != NULL, "an increment that would overflow the clock");
	turn_table(&t, 60000, 0, 1);
	t.set.main_ms = INT64_MAX;
	CHECK(turn_check(&t) != NULL, "a main time that would overflow the next round's clock");
	turn_table(&t, 60000, 0, 1);
	t.since_ms = -5;
	CHECK(turn_check(&t) != NULL, "a turn that began before the clock's start");
	CHECK(strcmp(turn_why_name(BD_WHY_CLAIM), "claim") == 0 && strcmp(turn_why_name(99), "-") == 0, "names");
	turn_table(&t, 0, 0, 1);
	t.offers = 4;
	CHECK(turn_check(&t) != NULL, "a draw offer from seat 2 of 2");
	turn_table(&t, 0, 0, 1);
	t.out = 1;
	CHECK(turn_check(&t) != NULL, "a match on with one seat in");
}

/* A table of n seats (no clock unless main_ms; keep: the game has an opener), its first
 * match started at T0 with seat i on side i. */
static void turn_table_n(struct bd_turn *t, unsigned n, int64_t main_ms, unsigned rounds, int keep)
{
	struct bd_turn_settings s = {.nseats = n, .rounds = rounds, .main_ms = main_ms, .keep_sides = (uint32_t)keep};
	static const int want[4] = {0, 1, 2, 3};

	turn_init(t, &s);
	turn_match_start(t, want, 7, T0);
	REQUIRE(t->state == BD_TURN_ON && t->side[n - 1] == n - 1, "match on, seat i on side i");
}

/* An opener: sides are kept between rounds, the opener's side starts each round, a rematch
 * still swaps; without one, side 0 opens and sides rotate (as before). */
static void test_turn_opener(void)
{
	static const enum bd_result w0[2] = {BD_RESULT_WIN, BD_RESULT_LOSE};
	struct bd_turn t;
	struct bd_err err;

	turn_table_n(&t, 2, 0, 3, 1);
	CHECK(turn_seat_to_move(&t) == 0, "before the opener, side 0");
	turn_open(&t, 1);
	CHECK(turn_seat_to_move(&t) == 1 && t.to_move == 1, "round 1: the opener picked side 1 (seat 1)");
	turn_moved(&t, T0 + 10);
	CHECK(turn_seat_to_move(&t) == 0, "then seat 0");
	CHECK(turn_round_end(&t, w0, BD_WHY_PLAY, T0 + 20) == 0 && t.round == 2, "round 2");
	CHECK(t.side[0] == 0 && t.side[1] == 1, "sides kept: %u %u", t.side[0], t.side[1]);
	turn_open(&t, 0);
	CHECK(turn_seat_to_move(&t) == 0, "round 2: side 0 (seat 0) opens");
	turn_open(&t, 7);
	CHECK(turn_seat_to_move(&t) == 0 && turn_check(&t) == NULL, "a side out of range changes nothing");
	turn_resign(&t, 1, T0 + 30, &err);
	turn_rematch(&t, 0, T0 + 40, &err);
	CHECK(turn_rematch(&t, 1, T0 + 40, &err) == 1 && t.side[0] == 1 && t.side[1] == 0,
	      "a rematch after round 2 still swaps the sides: %u %u", t.side[0], t.side[1]);
	/* Three seats with an opener: kept between rounds; a rematch moves each one on. */
	turn_table_n(&t, 3, 0, 2, 1);
	turn_open(&t, 2);
	CHECK(turn_seat_to_move(&t) == 2, "the opener picked seat 2");
	turn_moved(&t, T0);
	CHECK(turn_seat_to_move(&t) == 0, "then round the table: seat 0");
	turn_round_end(&t, (const enum bd_result[]){BD_RESULT_DRAW, BD_RESULT_DRAW, BD_RESULT_DRAW}, BD_WHY_PLAY, T0);
	CHECK(t.round == 2 && t.side[0] == 0 && t.side[1] == 1 && t.side[2] == 2 && turn_seat_to_move(&t) == 0,
	      "round 2: sides kept, side 0 until the opener speaks");
	/* No opener: rotation as before. */
	turn_table_n(&t, 3, 0, 2, 0);
	turn_round_end(&t, (const enum bd_result[]){BD_RESULT_DRAW, BD_RESULT_DRAW, BD_RESULT_DRAW}, BD_WHY_PLAY, T0);
	CHECK(t.side[0] == 1 && t.side[1] == 2 && t.side[2] == 0 && turn_seat_to_move(&t) == 2, "rotated");
}

/* A pass ends the turn as a move does: the clock charged, the increment added, the turn on;
 * a clock at 0 then gives each later turn the increment only. */
static void test_turn_pass(void)
{
	struct bd_turn t;

	turn_table_n(&t, 3, 10000, 1, 1);
	t.set.increment_ms = 2000;
	CHECK(turn_due(&t, T0 + 10000) == TURN_DUE_FLAG, "seat 0's clock ran out");
	turn_moved(&t, T0 + 10500); /* the rules' timeout passed (board_turn_pass) */
	CHECK(t.left_ms[0] == 2000 && turn_seat_to_move(&t) == 1 && t.since_ms == T0 + 10500,
	      "seat 0 passed at 0 (+2 s increment), seat 1 to move: left %lld", (long long)t.left_ms[0]);
	turn_moved(&t, T0 + 11000);
	turn_moved(&t, T0 + 11500);
	CHECK(turn_seat_to_move(&t) == 0 && turn_deadline(&t) == T0 + 11500 + 2000, "seat 0's next turn lasts the increment");
	CHECK(turn_due(&t, T0 + 13499) == TURN_DUE_NOTHING && turn_due(&t, T0 + 13500) == TURN_DUE_FLAG, "then flags again");
}

/* Draw offers: each seat in must offer since the last move; a move clears them; refused to
 * spectators, twice, before and after the match; the agreed draw ends the match drawn. */
static void test_turn_draw(void)
{
	struct bd_turn t;
	struct bd_err err;

	turn_table(&t, 0, 0, 3);
	CHECK(turn_offer(&t, -1, T0, &err) < 0 && strcmp(err.code, "spectator") == 0, "spectator: %s", err.text);
	CHECK(turn_offer(&t, 1, T0, &err) == 0 && t.offers == 2 && t.state == BD_TURN_ON, "seat 1 offers (not to move)");
	CHECK(turn_offer(&t, 1, T0, &err) < 0 && strcmp(err.code, "again") == 0, "twice: again");
	turn_moved(&t, T0 + 10);
	CHECK(t.offers == 0, "seat 0's move cleared the offer");
	CHECK(turn_offer(&t, 0, T0 + 20, &err) == 0, "seat 0 offers");
	turn_round_end(&t, (const enum bd_result[]){BD_RESULT_WIN, BD_RESULT_LOSE}, BD_WHY_PLAY, T0 + 30);
	CHECK(t.offers == 0 && t.round == 2, "a new round clears offers");
	CHECK(turn_offer(&t, 0, T0 + 40, &err) == 0 && turn_offer(&t, 1, T0 + 50, &err) == 1, "both offered: agreed");
	CHECK(t.state == BD_TURN_OVER && t.why == BD_WHY_AGREED && t.result[0] == BD_RESULT_DRAW &&
		      t.result[1] == BD_RESULT_DRAW && t.offers == 0, "the match is drawn, why agreed");
	CHECK(strcmp(turn_why_name(BD_WHY_AGREED), "agreed") == 0, "why's name");
	CHECK(turn_offer(&t, 0, T0 + 60, &err) < 0 && strcmp(err.code, "over") == 0, "no offer once over");
	struct bd_turn_settings set = t.set;
	turn_init(&t, &set);
	CHECK(turn_offer(&t, 0, T0, &err) < 0 && strcmp(err.code, "state") == 0, "no offer before a match");
}

/* Three seats: a resign puts the seat out (it loses), its turns are skipped, the match goes
 * on; a draw needs only the seats in; the last seat in wins. */
static void test_turn_out3(void)
{
	struct bd_turn t;
	struct bd_err err;

	turn_table_n(&t, 3, 0, 1, 0);
	turn_moved(&t, T0 + 10);
	CHECK(turn_seat_to_move(&t) == 1, "seat 1 to move");
	CHECK(turn_resign(&t, 1, T0 + 20, &err) == 1 && t.state == BD_TURN_ON && t.out == 2, "seat 1 out, match on");
	CHECK(turn_seat_to_move(&t) == 2 && t.since_ms == T0 + 20, "its turn passed to seat 2");
	CHECK(turn_resign(&t, 1, T0 + 25, &err) < 0 && strcmp(err.code, "out") == 0, "out already");
	CHECK(turn_offer(&t, 1, T0 + 25, &err) < 0 && strcmp(err.code, "out") == 0, "an out seat offers nothing");
	turn_moved(&t, T0 + 30);
	CHECK(turn_seat_to_move(&t) == 0, "seat 2 moved: seat 0 (seat 1 skipped)");
	turn_moved(&t, T0 + 40);
	CHECK(turn_seat_to_move(&t) == 2 && turn_check(&t) == NULL, "seat 0 moved: seat 2 again");
	CHECK(turn_offer(&t, 0, T0 + 50, &err) == 0 && turn_offer(&t, 2, T0 + 60, &err) == 1, "the two in agree");
	CHECK(t.result[0] == BD_RESULT_DRAW && t.result[2] == BD_RESULT_DRAW && t.result[1] == BD_RESULT_LOSE,
	      "drawn for seats 0 and 2, seat 1 lost");
	turn_table_n(&t, 3, 0, 1, 0);
	CHECK(turn_resign(&t, 2, T0, &err) == 1 && turn_seat_to_move(&t) == 0, "seat 2 out (not to move): seat 0 still");
	CHECK(turn_resign(&t, 0, T0 + 10, &err) == 0 && t.state == BD_TURN_OVER, "seat 0 too: one left, over");
	CHECK(t.result[1] == BD_RESULT_WIN && t.result[0] == BD_RESULT_LOSE && t.result[2] == BD_RESULT_LOSE &&
		      t.why == BD_WHY_RESIGN, "the last seat in wins");
	turn_rematch(&t, 0, T0, &err);
	turn_rematch(&t, 1, T0, &err);
	CHECK(turn_rematch(&t, 2, T0, &err) == 1 && t.out == 0 && t.state == BD_TURN_ON, "a rematch has every seat in");
}

/* Three seats: a seat going out clears the pending draw offers, as a move does (the match
 * it was offered in changed), so the two left can still agree by offering again. */
static void test_turn_out_offers(void)
{
	struct bd_turn t;
	struct bd_err err;

	turn_table_n(&t, 3, 0, 1, 0);
	CHECK(turn_seat_to_move(&t) == 0, "seat 0 to move");
	CHECK(turn_offer(&t, 0, T0 + 10, &err) == 0 && turn_offer(&t, 1, T0 + 20, &err) == 0, "seats 0 and 1 offer");
	CHECK(turn_resign(&t, 2, T0 + 30, &err) == 1 && t.state == BD_TURN_ON, "seat 2 (not to move) out, match on");
	CHECK(t.offers == 0, "its going out cleared the offers (%u)", t.offers);
	CHECK(turn_offer(&t, 0, T0 + 40, &err) == 0, "seat 0 may offer again");
	CHECK(turn_offer(&t, 1, T0 + 50, &err) == 1 && t.result[0] == BD_RESULT_DRAW && t.result[2] == BD_RESULT_LOSE,
	      "seat 1 too: the two in agree, the out seat lost");
}

/* Four seats over rounds: an out seat loses each round and the match whatever its points, the
 * round's first side skips it, a claim puts the late seat out. */
static void test_turn_out4(void)
{
	static const enum bd_result w0[4] = {BD_RESULT_WIN, BD_RESULT_LOSE, BD_RESULT_LOSE, BD_RESULT_LOSE},
				      w3[4] = {BD_RESULT_LOSE, BD_RESULT_LOSE, BD_RESULT_LOSE, BD_RESULT_WIN};
	const int64_t lim = TURN_LIMIT_DEFAULT_MS;
	struct bd_turn t;
	struct bd_err err;

	turn_table_n(&t, 4, 0, 3, 1);
	CHECK(turn_round_end(&t, w0, BD_WHY_PLAY, T0) == 0 && t.points[0] == 2, "seat 0 won round 1");
	CHECK(turn_resign(&t, 0, T0 + 10, &err) == 1 && turn_seat_to_move(&t) == 1, "seat 0 out; seat 1 to move");
	CHECK(turn_claim(&t, 2, T0 + 10 + lim, &err) == 1 && t.out == 3 && turn_seat_to_move(&t) == 2,
	      "seat 2 claimed from late seat 1: out, seat 2 to move");
	CHECK(turn_round_end(&t, w0, BD_WHY_PLAY, T0 + lim + 20) == 0 && t.round == 3, "round 2 ended (decided? no)");
	CHECK(t.round_result[0] == BD_RESULT_LOSE && t.points[0] == 2, "an out seat loses the round, no points");
	CHECK(turn_seat_to_move(&t) == 2, "round 3: side 0 and 1 out, side 2 opens");
	turn_open(&t, 0);
	CHECK(turn_seat_to_move(&t) == 2, "an opener's side that is out: the next one in");
	CHECK(turn_round_end(&t, w3, BD_WHY_PLAY, T0 + lim + 30) == 1, "the last round");
	CHECK(t.result[3] == BD_RESULT_WIN && t.result[0] == BD_RESULT_LOSE && t.result[2] == BD_RESULT_LOSE,
	      "seat 3 (2 points) wins; seat 0 (2 points, out) loses");
}

/* Register this file's tests. */
void suite_turn(void)
{
	CU_pSuite s = CU_add_suite("turn", NULL, NULL);
	CU_add_test(s, "sides_random", test_turn_sides_random);
	CU_add_test(s, "sides_request", test_turn_sides_request);
	CU_add_test(s, "whose", test_turn_whose);
	CU_add_test(s, "clock", test_turn_clock);
	CU_add_test(s, "move_clock", test_turn_move_clock);
	CU_add_test(s, "limit_claim", test_turn_limit_claim);
	CU_add_test(s, "resign", test_turn_resign);
	CU_add_test(s, "rounds", test_turn_rounds);
	CU_add_test(s, "rematch", test_turn_rematch);
	CU_add_test(s, "outage", test_turn_outage);
	CU_add_test(s, "pause", test_turn_pause);
	CU_add_test(s, "pause_ended", test_turn_pause_ended);
	CU_add_test(s, "check", test_turn_check);
	CU_add_test(s, "opener", test_turn_opener);
	CU_add_test(s, "pass", test_turn_pass);
	CU_add_test(s, "draw", test_turn_draw);
	CU_add_test(s, "out3", test_turn_out3);
	CU_add_test(s, "out_offers", test_turn_out_offers);
	CU_add_test(s, "out4", test_turn_out4);
}
