/* test_states.c: game states (waiting, on, frozen, over) as players come and go, joining
 * in each state, and leaving: quit, a killed client, a closed socket. */
#include <CUnit/CUnit.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "suites.h"

static struct bd_pub snap;

/* Wait for a state event and check it. */
static void want_state(const char *file, int line, struct h_client *cl, const char *state, long game)
{
	struct bd_msg m;

	h_wait(file, line, cl, &m, "state", 1);
	test_assert(strcmp(m.tok[0], state) == 0 && h_num(&m, 1) == game, 0, file, line,
		    "%s: '%s', wanted state %s %ld", cl->name, m.line, state, game);
}
#define WANT_STATE(cl, state, game) want_state(__FILE__, __LINE__, (cl), (state), (game))

/* One PLAYER line of a players reply, looked up by id. */
struct seat_look {
	long id;
	char state[16];
	long score;
};

/* Note the state and score of the PLAYER line of the seat looked for. */
static void seat_line(const struct bd_msg *m, void *arg)
{
	struct seat_look *s = arg;
	if (strcmp(m->word, "PLAYER") == 0 && m->ntok == 6 && h_num(m, 0) == s->id) {
		snprintf(s->state, sizeof s->state, "%s", m->tok[1]);
		s->score = h_num(m, 3);
	}
}

/* Check the players reply's state and score of one seat. */
static void want_seat(const char *file, int line, struct h_client *asker, const struct h_client *who,
		      const char *state, long score)
{
	struct seat_look s = {.id = who->id, .state = "absent", .score = -1};
	struct bd_msg r;

	h_send(asker, "players");
	test_assert(h_reply(asker, &r, seat_line, &s) == 0, 0, file, line, "players refused: %s", r.line);
	test_assert(strcmp(s.state, state) == 0 && s.score == score, 0, file, line,
		    "players lists %s as %s with %ld points, wanted %s with %ld", who->name, s.state, s.score, state,
		    score);
}
#define WANT_SEAT(asker, who, state, score) want_seat(__FILE__, __LINE__, (asker), (who), (state), (score))

/* Below min-players the game waits and picks get ERR state; the second player turns it on;
 * a quit mid-game freezes it with the board kept; a newcomer turns it back on and plays at
 * once, seeing the locked cards in the segment and through cards. */
static void test_waiting_on_frozen(void)
{
	struct h_client *a, *b, *c;
	unsigned locked;

	h_start("--min-players", "2", "--first-pick-ms", "5000", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	h_snapshot(a, &snap);
	CHECK(snap.game_state == BD_GAME_WAITING, "one player: state %u, wanted waiting", snap.game_state);
	WANT_SEAT(a, a, "waiting", 0);
	H_PICK(a, 0, "state");
	b = h_join("bob", BD_ROLE_PLAYER);
	WANT_STATE(a, "on", 1);
	WANT_SEAT(b, a, "playing", 0);
	CHECK(h_match(a, &locked) == 2, "first match is not 2 points");
	H_OK(b, "quit");
	WANT_STATE(a, "frozen", 1);
	h_snapshot(a, &snap);
	CHECK(snap.game_state == BD_GAME_FROZEN && bd_memory_pub(&snap)->nlocked == 2 && bd_memory_pub(&snap)->cards[locked].state == BD_CARD_LOCKED,
	      "frozen board not kept: state %u, %u locked", snap.game_state, bd_memory_pub(&snap)->nlocked);
	WANT_SEAT(a, a, "playing", 2);
	H_PICK(a, 1 + locked % 15, "state");
	c = h_join("cid", BD_ROLE_PLAYER);
	WANT_STATE(a, "on", 1);
	WANT_STATE(c, "on", 1);
	h_snapshot(c, &snap);
	CHECK(snap.game_number == 1 && bd_memory_pub(&snap)->nlocked == 2 && bd_memory_pub(&snap)->cards[locked].state == BD_CARD_LOCKED &&
	      bd_memory_pub(&snap)->cards[locked].owner == a->id, "the newcomer's segment lost the locked pair");
	WANT_SEAT(c, a, "playing", 2);
	WANT_SEAT(c, c, "playing", 0);
	CHECK(h_match(c, NULL) == 2, "the newcomer cannot play at once");
	h_stop();
}

/* cards reply lines, with the card we look for. */
struct card_look {
	unsigned dim, card;
	char state[8], value[4];
	long owner;
	unsigned lines;
};

/* Count CARD lines and note the one of the card looked for. */
static void card_line(const struct bd_msg *m, void *arg)
{
	struct card_look *l = arg;
	if (strcmp(m->word, "CARD") != 0 || m->ntok != 5)
		return;
	l->lines++;
	if (h_num(m, 0) == (long)(l->card % l->dim) && h_num(m, 1) == (long)(l->card / l->dim)) {
		snprintf(l->state, sizeof l->state, "%s", m->tok[2]);
		snprintf(l->value, sizeof l->value, "%s", m->tok[3]);
		l->owner = h_num(m, 4);
	}
}

/* Check what the cards request says of one card. */
static void want_card(const char *file, int line, struct h_client *cl, unsigned card, const char *state, long owner,
		      unsigned count)
{
	struct card_look l = {.dim = cl->c.dim, .card = card, .state = "none", .owner = -1};
	struct bd_msg r;
	char v[3] = "";

	h_value(card, v);
	h_send(cl, "cards");
	test_assert(h_reply(cl, &r, card_line, &l) == 0, 0, file, line, "cards refused: %s", r.line);
	test_assert(strcmp(l.state, state) == 0 && strcmp(l.value, v) == 0 && l.owner == owner, 0, file, line,
		    "cards says %s %s owner %ld of card %u, wanted %s %s %ld", l.state, l.value, l.owner, card, state, v,
		    owner);
	test_assert(l.lines == count && h_num(&r, 0) == count && h_num(&r, 1) == cl->c.dim, 0, file, line,
		    "cards gave %u lines and '%s', wanted %u", l.lines, r.line, count);
}
#define WANT_CARD(cl, card, state, owner, n) want_card(__FILE__, __LINE__, (cl), (card), (state), (owner), (n))

/* A player joining while the game is on plays at once and sees the up and locked cards. */
static void test_join_midgame(void)
{
	struct h_client *a, *b, *d;
	unsigned locked, up, other;
	struct bd_msg m;

	h_start("--min-players", "2", "--first-pick-ms", "5000", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	b = h_join("bob", BD_ROLE_PLAYER);
	h_match(a, &locked);
	h_find_pair(b, 0, &up, &other);
	H_PICK(b, up, NULL);
	d = h_join("dan", BD_ROLE_PLAYER);
	h_snapshot(d, &snap);
	CHECK(bd_memory_pub(&snap)->cards[locked].state == BD_CARD_LOCKED && bd_memory_pub(&snap)->cards[locked].owner == a->id &&
	      bd_memory_pub(&snap)->cards[up].state == BD_CARD_UP && bd_memory_pub(&snap)->cards[up].owner == b->id, "the newcomer's segment is wrong");
	WANT_CARD(d, locked, "locked", a->id, 3);
	WANT_CARD(d, up, "up", b->id, 3);
	WANT_SEAT(d, d, "playing", 0);
	H_PICK(d, other, NULL);
	H_WAIT(a, &m, "up");
	CHECK(h_num(&m, 3) == b->id, "ana saw '%s' first", m.line);
	H_WAIT(a, &m, "up");
	CHECK(h_num(&m, 3) == d->id && h_is_card(&m, 0, other, 4), "ana saw '%s'", m.line);
	h_stop();
}

/* Frozen with too few players: a newcomer waits (ERR state) until enough are back. */
static void test_join_frozen(void)
{
	struct h_client *a, *b, *c, *d, *e;

	h_start("--min-players", "3", "--first-pick-ms", "5000", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	b = h_join("bob", BD_ROLE_PLAYER);
	H_PICK(a, 0, "state");
	c = h_join("cid", BD_ROLE_PLAYER);
	WANT_STATE(a, "on", 1);
	h_match(a, NULL);
	H_OK(b, "quit");
	WANT_STATE(a, "frozen", 1);
	H_OK(c, "quit");
	d = h_join("dan", BD_ROLE_PLAYER);
	WANT_SEAT(a, d, "waiting", 0);
	H_PICK(d, 0, "state");
	H_PICK(a, 0, "state");
	e = h_join("eve", BD_ROLE_PLAYER);
	WANT_STATE(d, "on", 1);
	WANT_SEAT(e, d, "playing", 0);
	CHECK(h_match(d, NULL) == 2, "dan cannot play once the game is on");
	CHECK(h_match(a, NULL) == 4, "ana's score was not kept through the freeze");
	h_stop();
}

/* Play every pair as one player: the game ends. */
static void finish_game(struct h_client *cl)
{
	h_snapshot(cl, &snap);
	for (unsigned left = (bd_memory_pub(&snap)->dim * bd_memory_pub(&snap)->dim - bd_memory_pub(&snap)->nlocked) / 2; left > 0; left--)
		h_match(cl, NULL);
}

/* Joining while the game is over: wait for the next game. A new game with too few players
 * waits; it starts when one more joins. */
static void test_join_over(void)
{
	struct h_client *a, *b, *e, *f;
	struct bd_msg m;

	h_start("--board", "main:2", "--min-players", "2", "--first-pick-ms", "5000", "--restart-ms", "1500", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	b = h_join("bob", BD_ROLE_PLAYER);
	finish_game(a);
	WANT_STATE(a, "over", 1);
	e = h_join("eve", BD_ROLE_PLAYER);
	H_PICK(e, 0, "state");
	WANT_SEAT(e, e, "waiting", 0);
	H_OK(b, "quit");
	WANT_STATE(e, "on", 2);
	WANT_SEAT(e, e, "playing", 0);
	H_PICK(e, 0, NULL);
	H_WAIT(a, &m, "up");
	CHECK(h_num(&m, 3) == e->id, "ana saw '%s'", m.line);
	/* Game 2 ends; only ana stays: game 3 waits for a second player. */
	H_PICK(e, 0, "filled"); /* repick: eve's card turns down */
	finish_game(a);
	WANT_STATE(a, "over", 2);
	H_OK(e, "quit");
	WANT_STATE(a, "waiting", 3);
	H_PICK(a, 0, "state");
	f = h_join("fay", BD_ROLE_PLAYER);
	WANT_STATE(a, "on", 3);
	CHECK(h_match(f, NULL) == 2, "fay cannot play game 3");
	h_stop();
}

/* Check that watcher sees cards turn down with reason quit, then the player leave. */
static void want_quit_events(const char *file, int line, struct h_client *watcher, int id, const unsigned *cards,
			     unsigned n)
{
	struct bd_msg m;

	for (unsigned i = 0; i < n; i++) {
		h_wait(file, line, watcher, &m, "down", 1);
		test_assert(h_is_card(&m, 0, cards[i], watcher->c.dim) && strcmp(m.tok[2], "quit") == 0, 0, file, line,
			    "%s: '%s', wanted card %u down quit", watcher->name, m.line, cards[i]);
	}
	h_wait(file, line, watcher, &m, "leave", 0);
	test_assert(h_num(&m, 0) == id, 0, file, line, "%s: '%s', wanted leave %d", watcher->name, m.line, id);
	h_snapshot(watcher, &snap);
	test_assert(snap.players[id].state == BD_PLAYER_EMPTY, 0, file, line, "seat %d still taken", id);
	for (unsigned i = 0; i < n; i++)
		test_assert(bd_memory_pub(&snap)->cards[cards[i]].state == BD_CARD_DOWN, 0, file, line, "card %u still up", cards[i]);
}
#define WANT_QUIT(w, id, cards, n) want_quit_events(__FILE__, __LINE__, (w), (id), (cards), (n))

/* In a child: join, make the picks, report the player id on fd, then wait to be killed. */
static void __attribute__((noreturn)) child_picks(int fd, const unsigned *cards, unsigned n)
{
	struct bd_client c;
	struct bd_msg r;
	char err[256];

	if (bd_client_connect(&c, hd.sock, err, sizeof err) < 0 ||
	    bd_client_enter(&c, "kid", BD_ROLE_PLAYER, "main", 0, hd.prefix, err, sizeof err) < 0)
		_exit(1);
	for (unsigned i = 0; i < n; i++)
		if (bd_client_request(&c, &r, NULL, NULL, "pick %u %u", cards[i] % c.dim, cards[i] / c.dim) != 0)
			_exit(1);
	if (write(fd, &c.player, sizeof c.player) != sizeof c.player)
		_exit(1);
	pause();
	_exit(0);
}

/* Fork a player that makes these picks and SIGKILL it once they are made. */
static void kill_mid_pick(struct h_client *watcher, const unsigned *cards, unsigned n)
{
	int fds[2], id = -1;

	REQUIRE(pipe(fds) == 0, "pipe");
	pid_t pid = fork();
	REQUIRE(pid >= 0, "fork");
	if (pid == 0)
		child_picks(fds[1], cards, n);
	h_child(pid);
	close(fds[1]);
	ssize_t got = read(fds[0], &id, sizeof id);
	close(fds[0]);
	REQUIRE(got == sizeof id && id >= 0, "the child could not join and pick");
	kill(pid, SIGKILL);
	int status;
	waitpid(pid, &status, 0);
	WANT_QUIT(watcher, id, cards, n);
}

/* quit: OK bye, its up cards turn down, leave; a killed client or a closed socket the same;
 * below min-players the game freezes. */
static void test_quit(void)
{
	struct h_client *a, *b, *c, *d;
	struct bd_msg m;
	unsigned u, v;

	h_start("--min-players", "2", "--first-pick-ms", "5000", "--mismatch-ms", "5000", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	b = h_join("bob", BD_ROLE_PLAYER);
	c = h_join("cid", BD_ROLE_PLAYER);
	h_find_pair(a, 0, &u, &v);
	h_drain(a);

	H_PICK(c, u, NULL);
	h_send(c, "quit");
	CHECK(h_reply(c, &m, NULL, NULL) == 0 && strcmp(m.line, "OK bye") == 0, "quit answered '%s'", m.line);
	while (h_event(c, &m, H_TIMEOUT_MS))
		;
	CHECK(bd_client_read(&c->c, &m, 100) == -1, "the connection stayed open after OK bye");
	WANT_QUIT(a, c->id, &u, 1);

	kill_mid_pick(a, &u, 1);                    /* one card up */
	kill_mid_pick(a, (unsigned[]){u, v}, 2);    /* a mismatch on show */

	d = h_join("dan", BD_ROLE_PLAYER);
	int did = d->id;
	H_PICK(d, v, NULL);
	h_close(d); /* no quit: the socket just closes */
	WANT_QUIT(a, did, &v, 1);

	struct h_client *n = h_connect("nil"); /* quit is allowed before hello */
	h_send(n, "quit");
	CHECK(h_reply(n, &m, NULL, NULL) == 0 && strcmp(m.line, "OK bye") == 0, "quit before hello: '%s'", m.line);
	CHECK(bd_client_read(&n->c, &m, H_TIMEOUT_MS) == -1, "the connection stayed open after OK bye");

	H_OK(b, "quit");
	WANT_STATE(a, "frozen", 1);
	h_snapshot(a, &snap);
	CHECK(snap.nplaying == 1, "%u seats taken after everyone but ana left", snap.nplaying);
	h_stop();
}

/* Register this file's tests, with the harness's setup and teardown. */
void suite_states(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("states", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "waiting_on_frozen", test_waiting_on_frozen);
	CU_add_test(s, "join_midgame", test_join_midgame);
	CU_add_test(s, "join_frozen", test_join_frozen);
	CU_add_test(s, "join_over", test_join_over);
	CU_add_test(s, "quit", test_quit);
}
