/* test_fairness.c: what one user cannot do to another's game (issue 9): take a name that
 * looks like a seated player's, or keep a card it let go from everybody else (the
 * anti-hoarding cooldown). Players connect as root and as nobody (and as a uid with no
 * passwd entry); the harness runs as root. */
#include <CUnit/CUnit.h>
#include <pwd.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "ipc/clock.h"
#include "suites.h"

#define NOBODY 65534
#define NOPASSWD 4242 /* a uid no passwd entry names, if getpwuid agrees */

static struct bd_pub snap;

/* A player of board main connected as uid. */
static struct h_client *join_as(const char *name, uid_t uid)
{
	struct h_client *cl = h_connect_as(name, uid);

	h_enter(cl, BD_ROLE_PLAYER);
	return cl;
}

/* The login PLAYER line of seat id shows, in the players reply asker gets. */
struct login_look {
	long id;
	char login[BD_LOGIN_MAX + 1];
};

/* players reply callback: note the login of the seat looked for. */
static void login_line(const struct bd_msg *m, void *arg)
{
	struct login_look *l = arg;

	if (strcmp(m->word, "PLAYER") == 0 && m->ntok == 6 && h_num(m, 0) == l->id)
		snprintf(l->login, sizeof l->login, "%s", m->tok[5]);
}

/* Check the login the players reply and the join event give seat who. */
static void want_login(const char *file, int line, struct h_client *asker, const struct h_client *who,
		       const char *login)
{
	struct login_look l = {.id = who->id, .login = "absent"};
	struct bd_msg r;

	h_send(asker, "players");
	test_assert(h_reply(asker, &r, login_line, &l) == 0, 0, file, line, "players refused: %s", r.line);
	test_assert(strcmp(l.login, login) == 0, 0, file, line, "PLAYER line of %s shows login %s, wanted %s",
		    who->name, l.login, login);
	do
		h_wait(file, line, asker, &r, "join", 1);
	while (h_num(&r, 0) != who->id);
	test_assert(r.ntok == 4 && strcmp(r.tok[2], who->name) == 0 && strcmp(r.tok[3], login) == 0, 0, file, line,
		    "join event of %s: '%s', wanted login %s", who->name, r.line, login);
}
#define WANT_LOGIN(asker, who, login) want_login(__FILE__, __LINE__, (asker), (who), (login))

/* Names are unique per board, case and lookalikes folded, whoever asks; another board, or a
 * spectator, may use them. PLAYER lines and join events carry each seat's login. */
static void test_names(void)
{
	static const char *const alike[] = {"alice", "aIice", "ALICE", "a1ice", "AL|CE"};

	REQUIRE(geteuid() == 0, "this suite needs root (players as root and as nobody)");
	h_start("--board", "main:4", "--board", "side:4", "--min-players", "2", NULL);
	struct h_client *alice = join_as("alice", 0), *bob = join_as("bob", NOBODY);
	WANT_LOGIN(alice, alice, "root");
	WANT_LOGIN(alice, bob, "nobody");
	for (unsigned i = 0; i < sizeof alike / sizeof alike[0]; i++) {
		struct h_client *cl = h_connect_as(alike[i], i % 2 ? 0 : NOBODY);
		H_OK(cl, "hello %s player", alike[i]);
		H_ERR(cl, "samename", "join main");
		if (i == 0)
			H_OK(cl, "join side"); /* the same name on another board */
		h_close(cl);
	}
	struct h_client *bub = h_connect_as("B0B", 0);
	H_OK(bub, "hello B0B player");
	H_ERR(bub, "samename", "join main");
	h_close(bub);
	struct h_client *watcher = h_connect_as("alice", NOBODY); /* a spectator takes no seat */
	h_enter(watcher, BD_ROLE_SPECTATOR);
	/* A freed name can be taken again. */
	H_OK(bob, "quit");
	h_close(bob);
	bob = join_as("b0b", NOBODY);
	WANT_LOGIN(alice, bob, "nobody");
	if (getpwuid(NOPASSWD) == NULL) {
		struct h_client *anon = join_as("carl", NOPASSWD);
		WANT_LOGIN(alice, anon, "4242");
	}
	h_snapshot(alice, &snap);
	CHECK(strcmp(snap.players[alice->id].login, "root") == 0 && strcmp(snap.players[bob->id].login, "nobody") == 0,
	      "the segment shows logins %s and %s", snap.players[alice->id].login, snap.players[bob->id].login);
	h_stop();
}

/* The milliseconds an ERR cooldown says are left, -1 if the reply is not one. */
static long cooldown_left(const struct bd_msg *r)
{
	char word[16] = "";

	if (r->kind != BD_MSG_ERR || strcmp(r->word, "cooldown") != 0 || sscanf(r->text, "%15s", word) != 1)
		return -1;
	return bd_parse_uint(word);
}

/* pick card; the reply in *r: 0 OK, 1 ERR. */
static int pick(struct h_client *cl, unsigned card, struct bd_msg *r)
{
	h_pick(cl, card);
	return h_reply(cl, r, NULL, NULL);
}

/* Wait for card to turn down with this reason (as seen by cl). */
static void wait_down(const char *file, int line, struct h_client *cl, unsigned card, const char *reason)
{
	struct bd_msg m;

	do
		h_wait(file, line, cl, &m, "down", 1);
	while (!h_is_card(&m, 0, card, cl->c.dim));
	test_assert(strcmp(m.tok[2], reason) == 0, 0, file, line, "%s: '%s', wanted reason %s", cl->name, m.line,
		    reason);
}
#define WAIT_DOWN(cl, card, reason) wait_down(__FILE__, __LINE__, (cl), (card), (reason))

/* A card its user let go is refused to every seat of that user (ERR cooldown, with the time
 * left) until the cooldown passes, except as the matching second pick; a refused second pick
 * keeps the first card up. Other users, and root, are not held back. */
static void test_cooldown(void)
{
	struct bd_msg r;
	unsigned c1, c2, d1, d2;

	REQUIRE(geteuid() == 0, "this suite needs root (players as root and as nobody)");
	/* cooldown: 2 x (1000 + 100) = 2200 ms. A first pick stays up 1 s: the pairs of requests
	 * below that must fall within it (and the checks within a cooldown) do so on a loaded
	 * machine too. */
	h_start("--board", "main:4", "--min-players", "2", "--first-pick-ms", "1000", "--mismatch-ms", "100", NULL);
	struct h_client *nina = join_as("nina", NOBODY), *nora = join_as("nora", NOBODY);
	struct h_client *rob = join_as("rob", 0), *otto = join_as("otto", NOPASSWD);
	h_find_pair(nina, 1, &c1, &c2);

	H_PICK(nina, c1, NULL);
	WAIT_DOWN(nina, c1, "timeout");
	CHECK(pick(nina, c1, &r) == 1 && cooldown_left(&r) > 0 && cooldown_left(&r) <= 2200,
	      "nina's pick of the card she let go: '%s'", r.line);
	CHECK(pick(nora, c1, &r) == 1 && cooldown_left(&r) > 0, "another seat of the same user: '%s'", r.line);
	H_PICK(nina, c2, NULL);
	H_PICK(nina, c1, NULL); /* the match is allowed */
	H_WAIT(nina, &r, "match");
	CHECK(h_num(&r, 5) == nina->id && h_is_card(&r, 2, c1, 4), "nina's match: '%s'", r.line);

	h_find_pair(nina, 0, &d1, &d2);
	H_PICK(nina, d1, NULL);
	WAIT_DOWN(nina, d1, "timeout");
	H_PICK(nina, d2, NULL);
	CHECK(pick(nina, d1, &r) == 1 && cooldown_left(&r) > 0, "a mismatching second pick: '%s'", r.line);
	h_snapshot(nina, &snap);
	CHECK(bd_memory_pub(&snap)->cards[d2].state == BD_CARD_UP && bd_memory_pub(&snap)->cards[d2].owner == nina->id && bd_memory_pub(&snap)->cards[d1].state == BD_CARD_DOWN,
	      "the refused second pick changed the cards");
	H_PICK(otto, d1, NULL); /* another user may pick it */
	for (int seen = 0; seen != 3;) { /* both time out, in either order */
		H_WAIT(nina, &r, "down");
		seen |= h_is_card(&r, 0, d1, 4) | h_is_card(&r, 0, d2, 4) << 1;
	}

	h_drain(rob);
	H_PICK(rob, d1, NULL); /* root is not held back */
	WAIT_DOWN(rob, d1, "timeout");
	H_PICK(rob, d1, NULL);
	WAIT_DOWN(rob, d1, "timeout");

	/* Once the cooldown has passed, the card is nina's to pick again. */
	int64_t end = bd_now_ms() + H_TIMEOUT_MS;
	int rc;
	while ((rc = pick(nina, d2, &r)) == 1 && cooldown_left(&r) > 0 && bd_now_ms() < end)
		h_sleep(50);
	CHECK(rc == 0, "nina's pick after the cooldown: '%s'", r.line);
	h_stop();
}

/* A user alone on the board (its own seats only) is never held back: there is nobody to
 * keep the card from. */
static void test_cooldown_alone(void)
{
	struct bd_msg r;
	unsigned c1, c2;

	REQUIRE(geteuid() == 0, "this suite needs root (players as root and as nobody)");
	/* cooldown 2200 ms, as in test_cooldown */
	h_start("--board", "main:4", "--min-players", "1", "--first-pick-ms", "1000", "--mismatch-ms", "100", NULL);
	struct h_client *nina = join_as("nina", NOBODY), *nora = join_as("nora", NOBODY);
	h_find_pair(nina, 0, &c1, &c2);
	H_PICK(nina, c1, NULL);
	WAIT_DOWN(nina, c1, "timeout");
	H_PICK(nora, c1, NULL);
	WAIT_DOWN(nina, c1, "timeout");
	H_PICK(nina, c1, NULL);
	struct h_client *otto = join_as("otto", NOPASSWD); /* now somebody else is here */
	WAIT_DOWN(nina, c1, "timeout");
	CHECK(pick(nina, c1, &r) == 1 && cooldown_left(&r) > 0, "with another user seated: '%s'", r.line);
	H_OK(otto, "quit");
	h_close(otto);
	H_PICK(nina, c1, NULL);
	h_stop();
}

/* Two seats of one user each hold one card of a pair (the endgame's last pair): the one that
 * lets its card go (here by a repick: no timing to race) may not take it back while the
 * other holds the partner up (ERR cooldown, although no other user is seated), and the
 * other matches the pair with it. */
static void test_cooldown_last_pair(void)
{
	struct bd_msg r;
	unsigned c1, c2;

	REQUIRE(geteuid() == 0, "this suite needs root (players as nobody)");
	h_start("--board", "main:4", "--min-players", "2", "--first-pick-ms", "20000", "--mismatch-ms", "100", NULL);
	struct h_client *nina = join_as("nina", NOBODY), *nora = join_as("nora", NOBODY);
	h_find_pair(nina, 1, &c1, &c2);
	H_PICK(nora, c2, NULL);
	H_PICK(nina, c1, NULL);
	CHECK(pick(nina, c1, &r) == 1 && strcmp(r.word, "filled") == 0, "nina's repick: '%s'", r.line);
	WAIT_DOWN(nina, c1, "repick");
	CHECK(pick(nina, c1, &r) == 1 && cooldown_left(&r) > 0, "nina took back her card while nora holds its partner: '%s'",
	      r.line);
	H_PICK(nora, c1, NULL);
	H_WAIT(nina, &r, "match");
	CHECK(h_num(&r, 5) == nora->id, "nora's match of the pair: '%s'", r.line);
	h_stop();
}

/* Register this file's tests, with the harness's setup and teardown. */
void suite_fairness(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("fairness", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "names", test_names);
	CU_add_test(s, "cooldown", test_cooldown);
	CU_add_test(s, "cooldown_alone", test_cooldown_alone);
	CU_add_test(s, "cooldown_last_pair", test_cooldown_last_pair);
}
