/* test_input.c: every malformed, oversized or out-of-place line gets exactly one ERR line
 * naming what was wrong, and the connection and the board carry on; the request rate and
 * connection count limits answer as documented. */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "ipc/clock.h"
#include "ipc/shm.h"
#include "suites.h"

static struct bd_pub snap;

/* Write raw bytes to the daemon, whatever they are. */
static void raw_send(struct h_client *cl, const char *bytes, size_t len)
{
	for (size_t off = 0; off < len;) {
		ssize_t n = send(cl->c.fd, bytes + off, len - off, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		REQUIRE(n > 0, "%s: send failed: %s", cl->name, strerror(errno));
		off += (size_t)n;
	}
}

/* Send bytes (a whole line, or several writes of one), then ping: the bytes must get
 * exactly one ERR with this code (or one OK when code is NULL), and the ping its pong. */
static void bad_at(const char *file, int line, struct h_client *cl, const char *bytes, size_t len,
		   const char *code)
{
	struct bd_msg r;

	raw_send(cl, bytes, len);
	raw_send(cl, "ping\n", 5);
	int rc = h_reply(cl, &r, NULL, NULL);
	if (code != NULL)
		test_assert(rc == 1 && strcmp(r.word, code) == 0 && r.text[0] != '\0', 0, file, line,
			    "%zu bytes '%.40s': got '%s', wanted ERR %s and a text", len, bytes, r.line, code);
	else
		test_assert(rc == 0, 0, file, line, "%zu bytes '%.40s': got '%s', wanted OK", len, bytes, r.line);
	rc = h_reply(cl, &r, NULL, NULL);
	test_assert(rc == 0 && strcmp(r.line, "OK pong") == 0, 0, file, line,
		    "%zu bytes '%.40s': then got '%s', wanted only OK pong", len, bytes, r.line);
}
/* A literal line (NULs allowed; the newline is added). */
#define BAD(cl, lit, code) bad_at(__FILE__, __LINE__, (cl), lit "\n", sizeof(lit "\n") - 1, (code))

/* Oversized lines, whole or in pieces: one ERR toolong each; 511 bytes is still a line. */
static void long_lines(struct h_client *cl)
{
	static char buf[6000];

	memset(buf, 'x', sizeof buf);
	buf[BD_LINE_MAX] = '\n';
	bad_at(__FILE__, __LINE__, cl, buf, BD_LINE_MAX + 1, "toolong");     /* 512 bytes + newline */
	buf[BD_LINE_MAX - 1] = '\n';
	bad_at(__FILE__, __LINE__, cl, buf, BD_LINE_MAX, "unknown");         /* 511: a line, no request */
	memset(buf, ' ', BD_LINE_MAX - 1);                                  /* 511 with spaces: a ping */
	memcpy(buf, "ping", 4);
	bad_at(__FILE__, __LINE__, cl, buf, BD_LINE_MAX, NULL);
	memset(buf, 'x', sizeof buf);
	buf[sizeof buf - 1] = '\n';
	bad_at(__FILE__, __LINE__, cl, buf, sizeof buf, "toolong");           /* far beyond any buffer */
	/* In pieces, the newline last: still one error. */
	struct timespec pause = {0, 20 * 1000000L};
	for (int piece = 0; piece < 4; piece++) {
		raw_send(cl, buf, 300);
		nanosleep(&pause, NULL);
	}
	bad_at(__FILE__, __LINE__, cl, "\n", 1, "toolong");
	raw_send(cl, buf, 300);
	nanosleep(&pause, NULL);
	raw_send(cl, buf, 211);
	nanosleep(&pause, NULL);
	bad_at(__FILE__, __LINE__, cl, "\n", 1, "unknown"); /* 511 bytes in two pieces */
}

/* Bytes and words that make no request: syntax, unknown, range. */
static void malformed_lines(struct h_client *cl)
{
	BAD(cl, "", "syntax");
	BAD(cl, "   ", "syntax");
	BAD(cl, "pi\0ng", "syntax");
	BAD(cl, "\0", "syntax");
	BAD(cl, "ping\x01", "syntax");
	BAD(cl, "\x1b[2Jping", "syntax");
	BAD(cl, "ping\x7f", "syntax");
	BAD(cl, "p\xc3\xa9ng", "syntax");
	BAD(cl, "\xff\xfe", "syntax");
	BAD(cl, "pi\rng", "syntax");
	BAD(cl, "ping\r", NULL); /* \r\n is tolerated */
	BAD(cl, "PING", "unknown");
	BAD(cl, "dance", "unknown");
	BAD(cl, "OK pick 0 0", "unknown");
	BAD(cl, "pick", "syntax");
	BAD(cl, "pick 0", "syntax");
	BAD(cl, "pick 0 0 0", "syntax");
	BAD(cl, "ping now", "syntax");
	BAD(cl, "boards all", "syntax");
	BAD(cl, "cards 0", "syntax");
	BAD(cl, "players 0", "syntax");
	BAD(cl, "quit now", "syntax");
	BAD(cl, "join main 0123456789abcdef extra", "syntax");
	BAD(cl, "pick 0 0 1 2 3 4 5 6 7 8 9 10 11", "syntax");
	BAD(cl, "pick 4 0", "range"); /* the board is 4x4 */
	BAD(cl, "pick 0 4", "range");
	BAD(cl, "pick 31 31", "range");
	BAD(cl, "pick 32 0", "range");
	BAD(cl, "pick -1 0", "range");
	BAD(cl, "pick a b", "range");
	BAD(cl, "pick 99999999999 0", "range");
}

/* The join reply's fields into the client, as bd_client_enter would set them. */
static void joined(struct h_client *cl, const struct bd_msg *r)
{
	cl->id = (int)h_num(r, 1);
	cl->c.dim = (unsigned)h_num(r, 3);
	char why[256];
	cl->c.pub = r->ntok >= 6 ? bd_pub_map_ro(r->tok[5], geteuid(), why, sizeof why) : NULL;
	REQUIRE(cl->c.pub != NULL && cl->c.dim == 4, "join reply '%s'", r->line);
}

/* Lines out of place before a board is joined: one ERR each, then hello. */
static void before_join(struct h_client *m)
{
	BAD(m, "join main", "hello");
	BAD(m, "players", "hello");
	BAD(m, "cards", "hello");
	BAD(m, "pick 0 0", "hello");
	H_OK(m, "boards");
	BAD(m, "hello", "syntax");
	BAD(m, "hello mal", "syntax");
	BAD(m, "hello mal robot", "role");
	BAD(m, "hello m\x01l player", "syntax");
	BAD(m, "hello abcdefghijklmnopqrstuvwxyz0123456 player", "name");
	H_OK(m, "hello mal player");
	BAD(m, "hello mal player", "again");
	BAD(m, "players", "notjoined");
	BAD(m, "cards", "notjoined");
	BAD(m, "pick 0 0", "notjoined");
	BAD(m, "join nosuch", "board");
	BAD(m, "join ma.in", "board");
	BAD(m, "join main 123", "token");
	BAD(m, "join main 00000000000000ff", "token");
	BAD(m, "join main 0x000000000000ff", "token");
}

/* Every error code a line can earn, before hello, before join and in a game; the board
 * is unchanged by all of them. */
static void test_malformed(void)
{
	struct h_client *m, *b, *s;
	struct bd_msg r;

	h_start("--min-players", "2", "--first-pick-ms", "5000", NULL);
	m = h_connect("mal");
	before_join(m);
	h_send(m, "join main");
	REQUIRE(h_reply(m, &r, NULL, NULL) == 0, "join: '%s'", r.line);
	joined(m, &r);
	BAD(m, "join main", "again");
	BAD(m, "pick 0 0", "state"); /* alone: the game waits */
	b = h_join("bob", BD_ROLE_PLAYER);
	s = h_join("sam", BD_ROLE_SPECTATOR);
	BAD(s, "pick 0 0", "spectator");
	struct h_client *t = h_connect("tom"); /* bob's token while bob holds the seat */
	H_OK(t, "hello tom player");
	H_ERR(t, "token", "join main %016llx", (unsigned long long)b->c.token);
	H_OK(t, "ping");
	h_drain(m);
	h_drain(b);
	h_snapshot(m, &snap);
	uint64_t seq = snap.event_seq;
	REQUIRE(snap.game_state == BD_GAME_ON, "the game is not on");

	malformed_lines(m);
	long_lines(m);
	BAD(b, "pick 0 0\x80", "syntax");

	H_QUIET(b, 50);
	h_snapshot(m, &snap);
	CHECK(snap.event_seq == seq, "bad lines caused %llu events", (unsigned long long)(snap.event_seq - seq));
	CHECK(bd_memory_pub(&snap)->nlocked == 0 && snap.nplaying == 2 && snap.players[m->id].score == 0, "bad lines changed the board");
	for (unsigned c = 0; c < 16; c++)
		CHECK(bd_memory_pub(&snap)->cards[c].state == BD_CARD_DOWN, "card %u is not down", c);
	H_PICK(m, 0, NULL); /* and the board carries on */
	H_NEXT(b, &r, "up");
	CHECK(h_num(&r, 3) == m->id, "bob saw '%s'", r.line);
	h_stop();
}

/* More requests per second than --max-rate: each still gets exactly one reply, OK or
 * ERR rate; a moment later requests are served again. */
static void test_rate_limit(void)
{
	static char burst[200 * 5];
	struct h_client *a;
	struct bd_msg r;
	unsigned ok = 0, rate = 0;

	h_start("--max-rate", "20", NULL);
	a = h_connect("ana");
	for (unsigned i = 0; i < 200; i++)
		memcpy(burst + 5 * i, "ping\n", 5);
	raw_send(a, burst, sizeof burst);
	for (unsigned i = 0; i < 200; i++) {
		int rc = h_reply(a, &r, NULL, NULL);
		ok += rc == 0 && strcmp(r.line, "OK pong") == 0;
		rate += rc == 1 && strcmp(r.word, "rate") == 0;
	}
	CHECK(ok + rate == 200, "%u pongs and %u rate errors for 200 pings", ok, rate);
	CHECK(ok >= 40 && rate > 0, "%u pongs and %u rate errors: no burst of 40, or no limit", ok, rate);
	H_QUIET(a, 50); /* nothing more than one reply each */
	int served = 0;
	for (int64_t end = bd_now_ms() + H_TIMEOUT_MS; !served && bd_now_ms() < end;) {
		struct timespec pause = {0, 100 * 1000000L};
		nanosleep(&pause, NULL);
		h_send(a, "ping");
		served = h_reply(a, &r, NULL, NULL) == 0;
	}
	CHECK(served, "requests were still refused after the burst");
	h_stop();
}

/* Connect, retrying while the daemon is busy (until earlier connections are reaped);
 * 0, or -1 with the last error in err. */
static int connect_retry(struct bd_client *c, char *err, size_t errlen)
{
	for (int64_t end = bd_now_ms() + H_TIMEOUT_MS; bd_now_ms() < end;) {
		if (bd_client_connect(c, hd.sock, err, errlen) == 0)
			return 0;
		struct timespec pause = {0, 20 * 1000000L};
		nanosleep(&pause, NULL);
	}
	return -1;
}

/* Past --max-connections a connection gets ERR busy instead of the greeting; once one
 * closes, a new one is served. */
static void test_busy(void)
{
	struct bd_client a, b, c;
	char err[256] = "";

	h_start("--max-connections", "2", NULL);
	/* h_start's own probe connection counts until the supervisor has reaped its worker. */
	REQUIRE(connect_retry(&a, err, sizeof err) == 0, "first connection: %s", err);
	REQUIRE(connect_retry(&b, err, sizeof err) == 0, "second connection: %s", err);
	CHECK(bd_client_connect(&c, hd.sock, err, sizeof err) < 0 && strstr(err, "busy") != NULL,
	      "a third connection was not refused as busy: '%s'", err);
	bd_client_close(&a);
	CHECK(connect_retry(&c, err, sizeof err) == 0, "no connection served after one closed: '%s'", err);
	bd_client_close(&c);
	bd_client_close(&b);
	h_stop();
}

/* The generic requests of protocol 2 on a Memory board: `move X Y` plays as `pick X Y`
 * does (its reply names the move), a malformed move gets one ERR, spectators cannot play,
 * and resign, rematch and claim (turn games only) get ERR notsupported; the board is
 * unchanged by every refused line. */
static void test_move(void)
{
	struct h_client *m, *b, *s;
	struct bd_msg r;

	h_start("--min-players", "2", "--first-pick-ms", "5000", NULL);
	m = h_connect("mal");
	BAD(m, "move 0 0", "hello");
	H_OK(m, "hello mal player");
	BAD(m, "move 0 0", "notjoined");
	BAD(m, "resign", "notjoined");
	h_send(m, "join main");
	REQUIRE(h_reply(m, &r, NULL, NULL) == 0, "join: '%s'", r.line);
	joined(m, &r);
	b = h_join("bob", BD_ROLE_PLAYER);
	s = h_join("sam", BD_ROLE_SPECTATOR);
	BAD(s, "move 0 0", "spectator");
	BAD(s, "resign", "spectator");
	h_drain(m);
	h_drain(b);
	h_snapshot(b, &snap);
	uint64_t seq = snap.event_seq;
	BAD(m, "move", "syntax");
	BAD(m, "move 0", "syntax");
	BAD(m, "move 0 0 0", "syntax");
	BAD(m, "move 4 0", "range");
	BAD(m, "move a b", "range");
	BAD(m, "move 0 abcdefghijklmnopqrstuvwxyz0123456", "syntax"); /* a word of 33 bytes */
	BAD(m, "resign", "notsupported");
	BAD(m, "rematch", "notsupported");
	BAD(m, "claim", "notsupported");
	BAD(m, "resign now", "syntax");
	h_snapshot(b, &snap);
	CHECK(snap.event_seq == seq, "refused moves caused %llu events", (unsigned long long)(snap.event_seq - seq));
	h_send(m, "move 1 02");
	CHECK(h_reply(m, &r, NULL, NULL) == 0 && strcmp(r.line, "OK move 1 02") == 0, "move: '%s'", r.line);
	H_NEXT(b, &r, "up");
	CHECK(h_is_card(&r, 0, 9, 4) && h_num(&r, 3) == m->id, "bob saw '%s'", r.line);
	h_snapshot(b, &snap);
	CHECK(bd_memory_pub(&snap)->cards[9].state == BD_CARD_UP && bd_memory_pub(&snap)->cards[9].owner == m->id,
	      "card 1 2 is not up for mal");
	h_stop();
}

/* Register this file's tests, with the harness's setup and teardown. */
void suite_input(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("input", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "malformed", test_malformed);
	CU_add_test(s, "rate_limit", test_rate_limit);
	CU_add_test(s, "busy", test_busy);
	CU_add_test(s, "move", test_move);
}
