/* test_rules.c: the Memory rules of issue 2 section 3, played by real clients on a real
 * boardd: first picks and their timeout, refused picks, matches, mismatches, repicks,
 * game over with results, and the restart. */
#include <CUnit/CUnit.h>
#include <signal.h>
#include <string.h>

#include "harness.h"
#include "ipc/clock.h"
#include "suites.h"

static struct bd_pub snap;

/* Two players on a fresh daemon with these timings; returns when the game is on. */
static void two_players(struct h_client **a, struct h_client **b, const char *first_ms, const char *mismatch_ms,
			const char *restart_ms, const char *board)
{
	struct bd_msg m;

	h_start("--board", board, "--min-players", "2", "--first-pick-ms", first_ms, "--mismatch-ms", mismatch_ms,
		"--restart-ms", restart_ms, NULL);
	*a = h_join("ana", BD_ROLE_PLAYER);
	*b = h_join("bob", BD_ROLE_PLAYER);
	H_WAIT(*a, &m, "state");
	CHECK(m.ntok == 2 && strcmp(m.tok[0], "on") == 0 && h_num(&m, 1) == 1, "ana: '%s'", m.line);
	H_WAIT(*b, &m, "state");
	CHECK(strcmp(m.tok[0], "on") == 0, "bob: '%s'", m.line);
}

/* A first pick turns the card up in the player's colour, everyone is told, and without a
 * second pick it turns down again after first-pick-ms, everyone told. */
static void test_first_pick_timeout(void)
{
	struct h_client *a, *b;
	struct bd_msg m;
	char v[2];

	two_players(&a, &b, "300", "200", "300", "main:4");
	h_value(5, v);
	int64_t t0 = bd_now_ms();
	H_PICK(a, 5, NULL);
	H_NEXT(b, &m, "up");
	CHECK(m.ntok == 4 && h_is_card(&m, 0, 5, 4) && memcmp(m.tok[2], v, 2) == 0 && h_num(&m, 3) == a->id,
	      "bob saw '%s', wanted up 1 1 %.2s %d", m.line, v, a->id);
	H_NEXT(a, &m, "up");
	h_snapshot(a, &snap);
	CHECK(bd_memory_pub(&snap)->cards[5].state == BD_CARD_UP && memcmp(bd_memory_pub(&snap)->cards[5].value, v, 2) == 0 &&
	      bd_memory_pub(&snap)->cards[5].owner == a->id && bd_memory_pub(&snap)->cards[5].colour == snap.players[a->id].colour,
	      "the mapped card is not up in ana's colour");
	H_NEXT(b, &m, "down");
	int64_t took = bd_now_ms() - t0;
	CHECK(m.ntok == 3 && h_is_card(&m, 0, 5, 4) && strcmp(m.tok[2], "timeout") == 0, "bob saw '%s'", m.line);
	CHECK(took >= 300, "the card turned down after %lld ms, before first-pick-ms", (long long)took);
	H_NEXT(a, &m, "down");
	CHECK(strcmp(m.tok[2], "timeout") == 0, "ana saw '%s'", m.line);
	h_snapshot(b, &snap);
	CHECK(bd_memory_pub(&snap)->cards[5].state == BD_CARD_DOWN && bd_memory_pub(&snap)->cards[5].value[0] == 0, "the card is not down and blank");
	/* The timeout ended ana's turn: the next pick is a first pick again. */
	H_PICK(a, 6, NULL);
	H_NEXT(b, &m, "up");
	H_NEXT(b, &m, "down");
	h_stop();
}

/* A first pick of a card that is up or locked: ERR filled to that player only, nothing
 * changes, nobody else hears of it. */
static void test_first_pick_filled(void)
{
	struct h_client *a, *b;
	struct bd_msg m;
	unsigned locked, up, other;

	two_players(&a, &b, "5000", "200", "300", "main:4");
	h_match(a, &locked);
	h_drain(b);
	h_find_pair(a, 0, &up, &other);
	H_PICK(a, up, NULL);
	H_NEXT(b, &m, "up");
	h_drain(a);
	h_snapshot(a, &snap);
	uint64_t seq = snap.event_seq;
	struct bd_card before_up = bd_memory_pub(&snap)->cards[up], before_locked = bd_memory_pub(&snap)->cards[locked];
	H_PICK(b, up, "filled");
	H_PICK(b, locked, "filled");
	H_QUIET(a, 200);
	H_QUIET(b, 50);
	h_snapshot(a, &snap);
	CHECK(snap.event_seq == seq, "refused picks emitted %llu events", (unsigned long long)(snap.event_seq - seq));
	CHECK(memcmp(&bd_memory_pub(&snap)->cards[up], &before_up, sizeof before_up) == 0, "the up card changed");
	CHECK(memcmp(&bd_memory_pub(&snap)->cards[locked], &before_locked, sizeof before_locked) == 0, "the locked card changed");
	CHECK(snap.players[b->id].score == 0 && snap.players[a->id].score == 2, "scores changed");
	/* bob's refused picks were no first pick: his next pick is one. */
	H_PICK(b, other, NULL);
	H_NEXT(a, &m, "up");
	CHECK(h_num(&m, 3) == b->id && h_is_card(&m, 0, other, 4), "ana saw '%s'", m.line);
	h_stop();
}

/* Check an over event: top score, this connection's result and points. */
static void check_over(struct h_client *cl, long top, const char *result, long points)
{
	struct bd_msg m;

	H_WAIT(cl, &m, "over");
	CHECK(m.ntok == 3 && h_num(&m, 0) == top && strcmp(m.tok[1], result) == 0 && h_num(&m, 2) == points,
	      "%s: '%s', wanted over %ld %s %ld", cl->name, m.line, top, result, points);
	H_NEXT(cl, &m, "state");
	CHECK(strcmp(m.tok[0], "over") == 0, "%s: '%s' after over", cl->name, m.line);
}

/* Wait for the next game: state on N+1, scores 0, every card down. */
static void check_restart(struct h_client *cl, long game)
{
	struct bd_msg m;

	H_NEXT(cl, &m, "state");
	CHECK(strcmp(m.tok[0], "on") == 0 && h_num(&m, 1) == game, "%s: '%s', wanted state on %ld", cl->name, m.line, game);
	h_snapshot(cl, &snap);
	CHECK(snap.game_number == (uint32_t)game && snap.game_state == BD_GAME_ON && bd_memory_pub(&snap)->nlocked == 0,
	      "segment says game %u state %u locked %u", snap.game_number, snap.game_state, bd_memory_pub(&snap)->nlocked);
	for (unsigned c = 0; c < bd_memory_pub(&snap)->dim * bd_memory_pub(&snap)->dim; c++)
		CHECK(bd_memory_pub(&snap)->cards[c].state == BD_CARD_DOWN, "card %u not down in the new game", c);
	for (unsigned p = 0; p < BD_PLAYERS_MAX; p++)
		CHECK(snap.players[p].score == 0, "player %u kept %u points", p, snap.players[p].score);
}

/* The deal of the current game (private values): each of 8 values twice, two letters. */
static void deal_of(char values[16][2])
{
	for (unsigned c = 0; c < 16; c++)
		h_value(c, values[c]);
	for (unsigned c = 0; c < 16; c++) {
		unsigned same = 0;
		for (unsigned d = 0; d < 16; d++)
			same += memcmp(values[c], values[d], 2) == 0;
		CHECK(same == 2 && values[c][0] >= 'a' && values[c][0] <= 'z' && values[c][1] >= 'a' &&
		      values[c][1] <= 'z', "card %u has value %.2s, %u times on the board", c, values[c], same);
	}
}

/* Matches lock both cards for +2 and tell everyone; the last one ends the game with each
 * connection's own result; restart-ms later a new game starts. Then a tie: both win. */
static void test_match_over_restart(void)
{
	struct h_client *a, *b, *s;
	struct bd_msg m;
	unsigned first;

	two_players(&a, &b, "5000", "200", "300", "main:4");
	s = h_join("sam", BD_ROLE_SPECTATOR);
	char deal1[16][2], deal2[16][2];
	deal_of(deal1);
	long want[2] = {0, 0};
	for (int pair = 0; pair < 8; pair++) {
		struct h_client *p = pair % 2 && pair != 3 ? b : a; /* ana 5 pairs, bob 3 */
		long score = h_match(p, &first);
		want[p == b] += 2;
		CHECK(score == want[p == b], "%s has %ld points, wanted %ld", p->name, score, want[p == b]);
		struct h_client *other = p == a ? b : a;
		H_WAIT(other, &m, "match");
		CHECK(h_num(&m, 5) == p->id && h_num(&m, 6) == score, "%s saw '%s'", other->name, m.line);
		h_snapshot(a, &snap);
		CHECK(bd_memory_pub(&snap)->cards[first].state == BD_CARD_LOCKED && bd_memory_pub(&snap)->cards[first].owner == p->id &&
		      snap.players[p->id].score == (uint32_t)score, "locked card or score not in the segment");
	}
	check_over(a, 10, "win", 10);
	check_over(b, 10, "lose", 6);
	check_over(s, 10, "none", 0);
	check_restart(a, 2);
	check_restart(b, 2);
	check_restart(s, 2);
	deal_of(deal2);
	CHECK(memcmp(deal1, deal2, sizeof deal1) != 0, "game 2 has the same deal as game 1");
	for (int pair = 0; pair < 8; pair++)
		h_match(pair % 2 ? b : a, NULL);
	check_over(a, 8, "win", 8);
	check_over(b, 8, "win", 8);
	check_restart(b, 3);
	h_stop();
}

/* Each player's over result is its own points at the end of that game, even when its
 * worker forwards the event only after the next game has started (a loaded machine can
 * deschedule a worker that long; SIGSTOP makes it certain here). */
static void test_over_late_reader(void)
{
	struct h_client *a, *b;
	struct bd_msg m;

	two_players(&a, &b, "5000", "200", "1", "main:2");
	h_match(a, NULL);
	pid_t worker = h_priv()->players[a->id].worker_pid;
	REQUIRE(worker > 0 && kill(worker, SIGSTOP) == 0, "cannot stop ana's worker %d", (int)worker);
	h_match(b, NULL);
	check_over(b, 2, "win", 2);
	H_NEXT(b, &m, "state"); /* game 2 has started: scores are reset */
	CHECK(strcmp(m.tok[0], "on") == 0 && h_num(&m, 1) == 2, "bob: '%s'", m.line);
	kill(worker, SIGCONT);
	check_over(a, 2, "win", 2);
	h_stop();
}

/* A second pick of another value: both up, everyone told both values; the player's picks
 * are refused (wait) until mismatch-ms has passed, then both turn down. */
static void test_mismatch(void)
{
	struct h_client *a, *b;
	struct bd_msg m;
	unsigned c1, c2, c3;
	char v1[2], v2[2];

	two_players(&a, &b, "5000", "1000", "300", "main:4");
	h_find_pair(a, 0, &c1, &c2);
	h_value(c1, v1);
	h_value(c2, v2);
	H_PICK(a, c1, NULL);
	H_PICK(a, c2, NULL);
	H_NEXT(b, &m, "up");
	H_NEXT(b, &m, "mismatch");
	CHECK(m.ntok == 7 && h_is_card(&m, 0, c1, 4) && memcmp(m.tok[2], v1, 2) == 0 && h_is_card(&m, 3, c2, 4) &&
	      memcmp(m.tok[5], v2, 2) == 0 && h_num(&m, 6) == a->id, "bob saw '%s'", m.line);
	h_snapshot(b, &snap);
	CHECK(bd_memory_pub(&snap)->cards[c1].state == BD_CARD_UP && bd_memory_pub(&snap)->cards[c2].state == BD_CARD_UP &&
	      memcmp(bd_memory_pub(&snap)->cards[c2].value, v2, 2) == 0, "the mismatched cards are not both up");
	c3 = c1 == 0 || c2 == 0 ? (c1 == 1 || c2 == 1 ? 2 : 1) : 0;
	H_PICK(a, c3, "wait");
	H_PICK(a, c1, "wait");
	H_PICK(b, c2, "filled"); /* the other player cannot take them either */
	H_NEXT(b, &m, "down");
	CHECK(h_is_card(&m, 0, c1, 4) && strcmp(m.tok[2], "mismatch") == 0, "bob saw '%s'", m.line);
	H_NEXT(b, &m, "down");
	CHECK(h_is_card(&m, 0, c2, 4) && strcmp(m.tok[2], "mismatch") == 0, "bob saw '%s'", m.line);
	h_snapshot(b, &snap);
	CHECK(bd_memory_pub(&snap)->cards[c1].state == BD_CARD_DOWN && bd_memory_pub(&snap)->cards[c2].state == BD_CARD_DOWN &&
	      bd_memory_pub(&snap)->cards[c1].value[0] == 0 && bd_memory_pub(&snap)->cards[c2].value[0] == 0, "the mismatched cards are not down");
	H_WAIT(a, &m, "down");
	H_NEXT(a, &m, "down");
	H_PICK(a, c3, NULL); /* a first pick again */
	H_NEXT(a, &m, "up");
	h_stop();
}

/* A second pick of an up or locked card, the first card included: ERR filled, the first
 * card turns down (repick), everyone told; the player starts over. */
static void test_second_pick_filled(void)
{
	struct h_client *a, *b;
	struct bd_msg m;
	unsigned locked, c1, c2;

	two_players(&a, &b, "5000", "200", "300", "main:4");
	h_match(a, &locked);
	h_drain(b);
	h_find_pair(a, 0, &c1, &c2);

	/* On the first card itself. */
	H_PICK(a, c1, NULL);
	H_PICK(a, c1, "filled");
	H_NEXT(b, &m, "up");
	H_NEXT(b, &m, "down");
	CHECK(h_is_card(&m, 0, c1, 4) && strcmp(m.tok[2], "repick") == 0, "bob saw '%s'", m.line);
	H_PICK(a, c2, NULL); /* a first pick again: up, no mismatch */
	H_NEXT(b, &m, "up");
	CHECK(h_is_card(&m, 0, c2, 4), "bob saw '%s'", m.line);

	/* On a locked card. */
	H_PICK(a, locked, "filled");
	H_NEXT(b, &m, "down");
	CHECK(h_is_card(&m, 0, c2, 4) && strcmp(m.tok[2], "repick") == 0, "bob saw '%s'", m.line);
	h_snapshot(b, &snap);
	CHECK(bd_memory_pub(&snap)->cards[locked].state == BD_CARD_LOCKED && bd_memory_pub(&snap)->cards[c2].state == BD_CARD_DOWN,
	      "repick on a locked card changed the wrong cards");

	/* On another player's up card: that one stays up. */
	H_PICK(b, c2, NULL);
	H_PICK(a, c1, NULL);
	H_PICK(a, c2, "filled");
	H_WAIT(b, &m, "down");
	CHECK(h_is_card(&m, 0, c1, 4) && strcmp(m.tok[2], "repick") == 0, "bob saw '%s'", m.line);
	h_snapshot(b, &snap);
	CHECK(bd_memory_pub(&snap)->cards[c2].state == BD_CARD_UP && bd_memory_pub(&snap)->cards[c2].owner == b->id && bd_memory_pub(&snap)->cards[c1].state == BD_CARD_DOWN,
	      "bob's card did not stay up, or ana's did not turn down");
	H_QUIET(b, 100);
	h_stop();
}

/* Register this file's tests, with the harness's setup and teardown. */
void suite_rules(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("rules", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "first_pick_timeout", test_first_pick_timeout);
	CU_add_test(s, "first_pick_filled", test_first_pick_filled);
	CU_add_test(s, "match_over_restart", test_match_over_restart);
	CU_add_test(s, "over_late_reader", test_over_late_reader);
	CU_add_test(s, "mismatch", test_mismatch);
	CU_add_test(s, "second_pick_filled", test_second_pick_filled);
}
