/* test_proto.c: the protocol codec: every request and every malformed form of one, the
 * event lines both ways (bd_event_format, then bd_msg_parse and bd_msg_event), and the
 * client-side line splitter. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "ipc/colour.h"
#include "ipc/game/memory.h"
#include "ipc/proto.h"
#include "suites.h"
#include "tests/runner.h"

/* Parse len bytes of line; the request, or a failed check naming the line and the error. */
static int req_parse_at(const char *line, size_t len, struct bd_req *req, const char *want_code,
			const char *file, int at)
{
	struct bd_err err = {"-", "-"};
	int rc = bd_req_parse(line, len, req, &err);

	if (want_code == NULL)
		test_assert(rc == 0, 0, file, at, "'%.*s' should parse, got ERR %s %s", (int)len, line,
			    err.code, err.text);
	else
		test_assert(rc < 0 && strcmp(err.code, want_code) == 0, 0, file, at,
			    "'%.*s' (%zu bytes) should give ERR %s, got %s", (int)(len > 80 ? 80 : len), line, len,
			    want_code, rc == 0 ? "OK" : err.code);
	if (rc < 0)
		test_assert(err.text != NULL && *err.text, 0, file, at, "ERR %s has no text", err.code);
	return rc;
}
/* A literal line (NULs allowed) that must parse, or fail with code. */
#define REQ_OK(line, req) req_parse_at(line, sizeof(line) - 1, req, NULL, __FILE__, __LINE__)
#define REQ_ERR(line, code) req_parse_at(line, sizeof(line) - 1, &(struct bd_req){0}, code, __FILE__, __LINE__)

/* Every request in its valid forms, with the fields it fills in. */
static void test_req_valid(void)
{
	struct bd_req r;

	if (REQ_OK("hello ana player", &r) == 0) {
		CU_ASSERT_EQUAL(r.type, BD_REQ_HELLO);
		CU_ASSERT_STRING_EQUAL(r.name, "ana");
		CU_ASSERT_EQUAL(r.role, BD_ROLE_PLAYER);
	}
	if (REQ_OK("hello r2-d2_bot! bot", &r) == 0)
		CU_ASSERT_EQUAL(r.role, BD_ROLE_BOT);
	if (REQ_OK("hello watcher spectator", &r) == 0)
		CU_ASSERT_EQUAL(r.role, BD_ROLE_SPECTATOR);
	if (REQ_OK("hello abcdefghijklmnopqrstuvwxyz012345 player", &r) == 0) /* 32 bytes: the limit */
		CU_ASSERT_EQUAL(strlen(r.name), 32);
	if (REQ_OK("boards", &r) == 0)
		CU_ASSERT_EQUAL(r.type, BD_REQ_BOARDS);
	if (REQ_OK("join main", &r) == 0) {
		CU_ASSERT_EQUAL(r.type, BD_REQ_JOIN);
		CU_ASSERT_STRING_EQUAL(r.board, "main");
		CU_ASSERT_EQUAL(r.token, 0);
	}
	if (REQ_OK("join Board_2-x 9f1c2d3e4b5a6978", &r) == 0) {
		CU_ASSERT_STRING_EQUAL(r.board, "Board_2-x");
		CU_ASSERT_EQUAL(r.token, 0x9f1c2d3e4b5a6978ull);
	}
	if (REQ_OK("join main 9F1C2D3E4B5A6978", &r) == 0) /* hexadecimal digits in either case */
		CU_ASSERT_EQUAL(r.token, 0x9f1c2d3e4b5a6978ull);
	if (REQ_OK("join abcdefghijklmnopqrstuvwx", &r) == 0) /* 24 bytes: the limit */
		CU_ASSERT_EQUAL(strlen(r.board), 24);
	if (REQ_OK("players", &r) == 0)
		CU_ASSERT_EQUAL(r.type, BD_REQ_PLAYERS);
	if (REQ_OK("cards", &r) == 0)
		CU_ASSERT_EQUAL(r.type, BD_REQ_CARDS);
	if (REQ_OK("pick 3 1", &r) == 0) {
		CU_ASSERT_EQUAL(r.type, BD_REQ_PICK);
		CU_ASSERT_EQUAL(r.x, 3);
		CU_ASSERT_EQUAL(r.y, 1);
	}
	if (REQ_OK("pick 31 0", &r) == 0) /* the largest board's last column; dim is checked later */
		CU_ASSERT_EQUAL(r.x, 31);
	if (REQ_OK("pick 007 02", &r) == 0)
		CU_ASSERT(r.x == 7 && r.y == 2);
	if (REQ_OK("quit", &r) == 0)
		CU_ASSERT_EQUAL(r.type, BD_REQ_QUIT);
	if (REQ_OK("ping", &r) == 0)
		CU_ASSERT_EQUAL(r.type, BD_REQ_PING);
}

/* Spaces, a trailing \r, empty and over-full lines. */
static void test_req_spacing(void)
{
	struct bd_req r;

	if (REQ_OK("  pick   1    2  ", &r) == 0) /* one or more spaces between words */
		CU_ASSERT(r.x == 1 && r.y == 2);
	if (REQ_OK("ping\r", &r) == 0) /* a \r before the newline is tolerated */
		CU_ASSERT_EQUAL(r.type, BD_REQ_PING);
	REQ_ERR("pi\rng", "syntax");    /* but nowhere else */
	REQ_ERR("ping\r\r", "syntax");
	REQ_ERR("", "syntax");
	REQ_ERR("   ", "syntax");
	REQ_ERR("\r", "syntax");
	REQ_ERR("pick 1 2 3 4 5 6 7 8 9 10 11 12 13", "syntax"); /* more words than any line has */
}

/* The length limit: 511 bytes before the newline. */
static void test_req_length(void)
{
	char line[4096];
	struct bd_req r;

	/* 511 bytes before the newline is the most a line may hold; 512 is too long. */
	memset(line, ' ', sizeof line);
	memcpy(line, "ping", 4);
	CHECK(req_parse_at(line, BD_LINE_MAX - 1, &r, NULL, __FILE__, __LINE__) == 0, "511 bytes parse");
	req_parse_at(line, BD_LINE_MAX, &r, "toolong", __FILE__, __LINE__);
	req_parse_at(line, sizeof line, &r, "toolong", __FILE__, __LINE__);
	memset(line, 'x', sizeof line);
	req_parse_at(line, BD_LINE_MAX, &r, "toolong", __FILE__, __LINE__);
}

/* NUL, control and non-ASCII bytes anywhere in the line. */
static void test_req_bytes(void)
{
	REQ_ERR("pi\0ng", "syntax");
	REQ_ERR("ping\0", "syntax");
	REQ_ERR("\0", "syntax");
	REQ_ERR("ping\x01", "syntax");
	REQ_ERR("pick 1\x1b[2J 2", "syntax");
	REQ_ERR("ping\x7f", "syntax");
	REQ_ERR("hello jos\xc3\xa9 player", "syntax");
	REQ_ERR("\xff", "syntax");
	REQ_ERR("ping\n", "syntax"); /* the newline is not part of the line */
	REQ_ERR("ping\v", "syntax");
}

/* Words that are no request (case matters). */
static void test_req_unknown(void)
{
	REQ_ERR("PING", "unknown"); /* case-sensitive */
	REQ_ERR("Hello ana player", "unknown");
	REQ_ERR("pong", "unknown");
	REQ_ERR("picks 1 2", "unknown");
	REQ_ERR("EVENT 1 up 0 0 ab 0", "unknown");
	REQ_ERR("OK", "unknown");
}

/* Each request with too few or too many words. */
static void test_req_arg_counts(void)
{
	REQ_ERR("hello", "syntax");
	REQ_ERR("hello ana", "syntax");
	REQ_ERR("hello ana player extra", "syntax");
	REQ_ERR("boards main", "syntax");
	REQ_ERR("join", "syntax");
	REQ_ERR("join main 9f1c2d3e4b5a6978 extra", "syntax");
	REQ_ERR("players all", "syntax");
	REQ_ERR("cards 1", "syntax");
	REQ_ERR("pick", "syntax");
	REQ_ERR("pick 1", "syntax");
	REQ_ERR("pick 1 2 3", "syntax");
	REQ_ERR("quit now", "syntax");
	REQ_ERR("ping pong", "syntax");
}

/* Player names, roles and board names out of bounds. */
static void test_req_names(void)
{
	REQ_ERR("hello abcdefghijklmnopqrstuvwxyz0123456 player", "name"); /* 33 bytes */
	REQ_ERR("hello ana robot", "role");
	REQ_ERR("hello ana Player", "role");
	REQ_ERR("hello ana -", "role");
	REQ_ERR("join abcdefghijklmnopqrstuvwxy", "board"); /* 25 bytes */
	REQ_ERR("join ma.in", "board");
	REQ_ERR("join ../main", "board");
	REQ_ERR("join m@in", "board");
	REQ_ERR("join main!", "board");
	CU_ASSERT_TRUE(bd_player_name_ok("a"));
	CU_ASSERT_TRUE(bd_player_name_ok("!~{}"));
	CU_ASSERT_FALSE(bd_player_name_ok(""));
	CU_ASSERT_FALSE(bd_player_name_ok("a b"));
	CU_ASSERT_FALSE(bd_player_name_ok("a\tb"));
	CU_ASSERT_FALSE(bd_player_name_ok("a\x7f"));
	CU_ASSERT_FALSE(bd_player_name_ok("\xc3\xa9"));
}

/* Coordinates that are no number or off the largest board. */
static void test_req_numbers(void)
{
	REQ_ERR("pick 32 0", "range");
	REQ_ERR("pick 0 32", "range");
	REQ_ERR("pick -1 0", "range");
	REQ_ERR("pick 0 -1", "range");
	REQ_ERR("pick +1 0", "range");
	REQ_ERR("pick x 0", "range");
	REQ_ERR("pick 0 1e1", "range");
	REQ_ERR("pick 0x1 0", "range");
	REQ_ERR("pick 1000000000 0", "range");
	REQ_ERR("pick 99999999999999999999 0", "range");
	CU_ASSERT_EQUAL(bd_parse_uint("0"), 0);
	CU_ASSERT_EQUAL(bd_parse_uint("999999999"), 999999999);
	CU_ASSERT_EQUAL(bd_parse_uint("1000000000"), -1);
	CU_ASSERT_EQUAL(bd_parse_uint(""), -1);
	CU_ASSERT_EQUAL(bd_parse_uint("-0"), -1);
	CU_ASSERT_EQUAL(bd_parse_uint("1 "), -1);
}

/* Tokens that are not exactly 16 hexadecimal digits, or zero. */
static void test_req_tokens(void)
{
	REQ_ERR("join main 9f1c2d3e4b5a697", "token");   /* 15 digits */
	REQ_ERR("join main 9f1c2d3e4b5a69780", "token"); /* 17 digits */
	REQ_ERR("join main 9f1c2d3e4b5a697g", "token");
	REQ_ERR("join main 0000000000000000", "token");  /* 0 means no token */
	REQ_ERR("join main -000000000000001", "token");  /* strtoull would take these */
	REQ_ERR("join main +000000000000001", "token");
	REQ_ERR("join main 0x00000000000001", "token");
	REQ_ERR("join main 0X0000000000000f", "token");
	REQ_ERR("join main -", "token");
}

/* One event of each type and flavour, as the daemon would emit it on a 6x6 board, with
 * Memory's payload (cards and values) for its events. */
static const struct sample_event {
	struct bd_event ev;
	struct bd_memory_ev mem;
} sample_events[] = {
	{{.seq = 1, .type = BD_EV_JOIN, .player = 0, .colour = 0, .name = "ana", .login = "root"}, {0}},
	{{.seq = 2, .type = BD_EV_JOIN, .player = 1023, .colour = 1023, .name = "abcdefghijklmnopqrstuvwxyz012345",
	  .login = "65534"}, {0}},
	{{.seq = 3, .type = BD_EV_LEAVE, .player = 7}, {0}},
	{{.seq = 4, .type = BD_EV_UP, .player = 2}, {.card1 = 13, .card2 = -1, .value1 = {'k', 'q'}}},
	{{.seq = 5, .type = BD_EV_DOWN, .n = BD_DOWN_TIMEOUT}, {.card1 = 35, .card2 = -1}},
	{{.seq = 6, .type = BD_EV_DOWN, .n = BD_DOWN_MISMATCH}, {.card1 = 0, .card2 = -1}},
	{{.seq = 7, .type = BD_EV_DOWN, .n = BD_DOWN_RESTART}, {.card1 = 5, .card2 = -1}},
	{{.seq = 8, .type = BD_EV_DOWN, .n = BD_DOWN_QUIT}, {.card1 = 30, .card2 = -1}},
	{{.seq = 9, .type = BD_EV_DOWN, .n = BD_DOWN_REPICK}, {.card1 = 6, .card2 = -1}},
	{{.seq = 10, .type = BD_EV_MATCH, .player = 3, .n = 14}, {.card1 = 1, .card2 = 34, .value1 = {'z', 'z'}, .value2 = {'z', 'z'}}},
	{{.seq = 11, .type = BD_EV_MISMATCH, .player = 4}, {.card1 = 7, .card2 = 8, .value1 = {'a', 'b'}, .value2 = {'b', 'a'}}},
	{{.seq = 12, .type = BD_EV_STATE, .n = BD_GAME_WAITING, .m = 1}, {0}},
	{{.seq = 13, .type = BD_EV_STATE, .n = BD_GAME_ON, .m = 2}, {0}},
	{{.seq = 14, .type = BD_EV_STATE, .n = BD_GAME_FROZEN, .m = 3}, {0}},
	{{.seq = 15, .type = BD_EV_STATE, .n = BD_GAME_OVER, .m = 999}, {0}},
	{{.seq = 16, .type = BD_EV_OVER, .n = 20}, {0}},
	{{.seq = 4017, .type = BD_EV_RESYNC, .n = 4000}, {0}},
	{{.seq = 18, .type = BD_EV_AWAY, .player = 1, .n = 30000}, {0}},
	{{.seq = 19, .type = BD_EV_BACK, .player = 1}, {0}},
	{{.seq = 20, .type = BD_EV_FORFEIT, .player = 3}, {0}},
	{{.seq = 18446744073709551615ull, .type = BD_EV_BYE}, {0}},
};

/* Nonzero for Memory's events, which carry cards (its payload). */
static int memory_event(unsigned type)
{
	return type == BD_EV_UP || type == BD_EV_DOWN || type == BD_EV_MATCH || type == BD_EV_MISMATCH;
}

/* The fields of ev that the line carries; everything else must come back zero. */
static void event_compare(const struct bd_event *want, const struct bd_event *got, const char *line)
{
	CHECK(got->seq == want->seq, "%s: seq", line);
	CHECK(got->type == want->type, "%s: type %u", line, got->type);
	int player = want->type == BD_EV_JOIN || want->type == BD_EV_LEAVE || want->type == BD_EV_UP ||
		     want->type == BD_EV_MATCH || want->type == BD_EV_MISMATCH || want->type == BD_EV_AWAY ||
		     want->type == BD_EV_BACK || want->type == BD_EV_FORFEIT;
	CHECK(got->player == (player ? want->player : 0), "%s: player %u", line, got->player);
	int cards = want->type == BD_EV_UP || want->type == BD_EV_DOWN || want->type == BD_EV_MATCH ||
		    want->type == BD_EV_MISMATCH;
	const struct bd_memory_ev *g = bd_memory_ev(got), *w = bd_memory_ev(want);
	if (cards) {
		CHECK(g->card1 == w->card1, "%s: card1 %d", line, g->card1);
		int two = want->type == BD_EV_MATCH || want->type == BD_EV_MISMATCH;
		CHECK(g->card2 == (two ? w->card2 : -1), "%s: card2 %d", line, g->card2);
		CHECK(memcmp(g->value1, w->value1, 2) == 0, "%s: value1 %.2s", line, g->value1);
		CHECK(memcmp(g->value2, w->value2, 2) == 0, "%s: value2 %.2s", line, g->value2);
	} else {
		CHECK(strcmp(got->name, want->name) == 0, "%s: name %s", line, got->name);
		CHECK(strcmp(got->login, want->login) == 0, "%s: login %s", line, got->login);
	}
	int n = want->type == BD_EV_DOWN || want->type == BD_EV_MATCH || want->type == BD_EV_STATE ||
		want->type == BD_EV_OVER || want->type == BD_EV_RESYNC || want->type == BD_EV_AWAY;
	CHECK(got->n == (n ? want->n : 0), "%s: n %u", line, got->n);
}

/* Every event formatted, then parsed back to the same fields. */
static void test_event_roundtrip(void)
{
	static const char *const expect[] = {
		"EVENT 1 join 0 #e69f00 ana root\n",
		NULL, /* colour 1023 is whatever colour.c makes of it */
		"EVENT 3 leave 7\n",
		"EVENT 4 up 1 2 kq 2\n",
		"EVENT 5 down 5 5 timeout\n",
		"EVENT 6 down 0 0 mismatch\n",
		"EVENT 7 down 5 0 restart\n",
		"EVENT 8 down 0 5 quit\n",
		"EVENT 9 down 0 1 repick\n",
		"EVENT 10 match 1 0 4 5 zz 3 14\n",
		"EVENT 11 mismatch 1 1 ab 2 1 ba 4\n",
		"EVENT 12 state waiting 1\n",
		"EVENT 13 state on 2\n",
		"EVENT 14 state frozen 3\n",
		"EVENT 15 state over 999\n",
		"EVENT 16 over 20 lose 12\n",
		"EVENT 4017 resync 4000\n",
		"EVENT 18 away 1 30000\n",
		"EVENT 19 back 1\n",
		"EVENT 20 forfeit 3\n",
		"EVENT 18446744073709551615 bye shutdown\n",
	};
	for (size_t i = 0; i < sizeof sample_events / sizeof sample_events[0]; i++) {
		struct bd_event sample = sample_events[i].ev, *ev = &sample;
		if (memory_event(ev->type))
			*bd_memory_ev_w(ev) = sample_events[i].mem;
		char line[BD_LINE_MAX];
		struct bd_msg m;
		struct bd_event back;
		int n = bd_event_format(line, sizeof line, ev, 6, "lose", 12);

		CHECK(n > 0 && (size_t)n == strlen(line) && line[n - 1] == '\n', "event %zu formats to one line", i);
		if (expect[i] != NULL)
			CHECK(strcmp(line, expect[i]) == 0, "event %zu: got '%s' want '%s'", i, line, expect[i]);
		line[n - 1] = '\0';
		if (bd_msg_parse(line, &m) != 0 || m.kind != BD_MSG_EVENT) {
			CHECK(0, "'%s' does not parse back as an event", line);
			continue;
		}
		CHECK(m.seq == ev->seq, "'%s': seq", line);
		if (bd_msg_event(&m, 6, &back) != 0) {
			CHECK(0, "bd_msg_event refused '%s'", line);
			continue;
		}
		event_compare(ev, &back, line);
		if (ev->type == BD_EV_JOIN) {
			char hex[8];
			bd_colour_hex(ev->colour, hex);
			CHECK(m.ntok == 4 && strcmp(m.tok[1], hex) == 0, "'%s': colour %s", line, hex);
		}
		if (ev->type == BD_EV_OVER)
			CHECK(m.ntok == 3 && strcmp(m.tok[1], "lose") == 0 && back.m == 12, "'%s': result", line);
	}
}

/* Event lines a client must refuse (on a 4x4 board). */
static void test_event_malformed(void)
{
	static const char *const bad[] = {
		"EVENT 1 up 4 0 ab 0",          /* x off the board */
		"EVENT 1 up 0 4 ab 0",
		"EVENT 1 up 0 0 abc 0",         /* value of three letters */
		"EVENT 1 up 0 0 ab",            /* too few words */
		"EVENT 1 up 0 0 ab 0 1",        /* too many */
		"EVENT 1 up 0 0 ab 1024",       /* player id out of range */
		"EVENT 1 down 0 0 sleepy",      /* unknown reason */
		"EVENT 1 down 0 0",
		"EVENT 1 match 0 0 1 4 ab 0 2", /* second card off the board */
		"EVENT 1 match 0 0 1 1 ab 0 x", /* score not a number */
		"EVENT 1 mismatch 0 0 ab 1 1 b 0",
		"EVENT 1 state playing 1",
		"EVENT 1 state on x",           /* game number not a number */
		"EVENT 1 state on -1",
		"EVENT 1 over x win 4",
		"EVENT 1 over 4 win x",         /* points not a number */
		"EVENT 1 over 4 win",
		"EVENT 1 join 0 #e69f00",
		"EVENT 1 join x #e69f00 ana root",
		"EVENT 1 join 0 #e69f00 ana",   /* no login */
		"EVENT 1 join 0 #e69f00 \x1b[2J root", /* a name with a control byte */
		"EVENT 1 join 0 #e69f00 ana r\x07ot",
		"EVENT 1 leave",
		"EVENT 1 leave -1",
		"EVENT 1 away 0",               /* no time left given */
		"EVENT 1 away 0 -5",
		"EVENT 1 back 0 1",
		"EVENT 1 forfeit 1024",
		"EVENT 1 dance",
		"EVENT 1 bye",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct bd_msg m;
		struct bd_event ev;
		int rc = bd_msg_parse(bad[i], &m);
		CHECK(rc != 0 || bd_msg_event(&m, 4, &ev) != 0, "'%s' should be refused as an event", bad[i]);
	}
}

/* How a client splits each kind of line. */
static void test_msg_parse(void)
{
	struct bd_msg m;

	CU_ASSERT_EQUAL_FATAL(bd_msg_parse("BOARDD 1 0.1.0", &m), 0);
	CU_ASSERT_EQUAL(m.kind, BD_MSG_GREETING);
	CU_ASSERT(m.ntok == 2 && strcmp(m.tok[0], "1") == 0);
	CU_ASSERT_EQUAL_FATAL(bd_msg_parse("OK pick 1 2\r\n", &m), 0);
	CU_ASSERT_EQUAL(m.kind, BD_MSG_OK);
	CU_ASSERT_STRING_EQUAL(m.word, "pick");
	CU_ASSERT(m.ntok == 2 && strcmp(m.tok[1], "2") == 0);
	CU_ASSERT_EQUAL_FATAL(bd_msg_parse("ERR filled that card is  face up", &m), 0);
	CU_ASSERT_EQUAL(m.kind, BD_MSG_ERR);
	CU_ASSERT_STRING_EQUAL(m.word, "filled");
	CU_ASSERT_STRING_EQUAL(m.text, "that card is  face up");
	CU_ASSERT_EQUAL_FATAL(bd_msg_parse("EVENT 42 leave 3", &m), 0);
	CU_ASSERT(m.kind == BD_MSG_EVENT && m.seq == 42 && strcmp(m.word, "leave") == 0 && m.ntok == 1);
	CU_ASSERT_EQUAL_FATAL(bd_msg_parse("CARD 0 1 locked ab 2", &m), 0);
	CU_ASSERT(m.kind == BD_MSG_DATA && strcmp(m.word, "CARD") == 0 && m.ntok == 5);
	CU_ASSERT_NOT_EQUAL(bd_msg_parse("", &m), 0);
	CU_ASSERT_NOT_EQUAL(bd_msg_parse("hello there", &m), 0);
	CU_ASSERT_NOT_EQUAL(bd_msg_parse("EVENT x up 0 0 ab 0", &m), 0);
	CU_ASSERT(bd_msg_parse("EVENT 1", &m) != 0 || m.kind != BD_MSG_EVENT);
}

/* Names that fold alike (bd_name_fold) and names that do not. */
static void test_name_fold(void)
{
	static const char *const same[][2] = {
		{"alice", "alice"}, {"alice", "ALICE"}, {"alice", "aIice"}, {"alice", "a1ice"}, {"alice", "a|ice"},
		{"alice", "AL!CE"}, {"bob", "B0B"}, {"bob", "8ob"}, {"sam", "5AM"}, {"sam", "$am"}, {"zoe", "2oe"},
		{"mary", "rnary"}, {"wendy", "vvendy"}, {"ilo", "l10"},
	};
	static const char *const other[][2] = {
		{"alice", "alicee"}, {"alice", "alise"}, {"bob", "bo"}, {"ana", "anna"}, {"a-b", "a_b"},
	};
	char a[BD_NAME_MAX + 1], b[BD_NAME_MAX + 1];

	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
		CHECK(strcmp(bd_name_fold(a, sizeof a, same[i][0]), bd_name_fold(b, sizeof b, same[i][1])) == 0,
		      "'%s' and '%s' should fold alike ('%s', '%s')", same[i][0], same[i][1], a, b);
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
		CHECK(strcmp(bd_name_fold(a, sizeof a, other[i][0]), bd_name_fold(b, sizeof b, other[i][1])) != 0,
		      "'%s' and '%s' should not fold alike", other[i][0], other[i][1]);
	CHECK(strcmp(bd_name_fold(a, 4, "abcdef"), "abc") == 0, "the fold is cut to its buffer");
}

/* Text made printable: every byte outside space..~ becomes '?', in place too. */
static void test_printable(void)
{
	char out[64], in[] = "ok \x1b]0;title\x07 \r\n\t\x7f\xc3\xa9\xff end";

	CHECK(strcmp(bd_printable(out, sizeof out, in), "ok ?]0;title? ??????? end") == 0, "got '%s'", out);
	CHECK(strcmp(bd_printable(in, sizeof in, in), "ok ?]0;title? ??????? end") == 0, "in place: '%s'", in);
	CHECK(strcmp(bd_printable(out, 3, "abc"), "ab") == 0, "cut to its buffer: '%s'", out);
}

/* Register this file's tests. */
/* The SNAP lines' sink for test_snap: every line parsed and applied to the copy. */
struct snap_sink {
	struct bd_pub *copy;
	unsigned lines, bad;
};
static void snap_put(void *arg, const char *line)
{
	struct snap_sink *k = arg;
	struct bd_msg m;

	k->lines++;
	CU_ASSERT(strlen(line) < BD_LINE_MAX && line[strlen(line) - 1] == '\n');
	bd_msg_parse(line, &m);
	if (bd_snap_line(k->copy, sizeof *k->copy, &m) < 0)
		k->bad++;
}

/* A segment sent as SNAP lines comes back byte for byte; zero chunks are not sent; a line
 * that is not a sound chunk is refused. */
static void test_snap(void)
{
	static struct bd_pub pub, copy;
	struct snap_sink k = {&copy, 0, 0};
	struct bd_msg m;

	memset(&pub, 0, sizeof pub);
	memset(&copy, 0, sizeof copy);
	pub.magic = 0x12345678;
	pub.size = (uint32_t)sizeof pub;
	snprintf(pub.players[3].name, sizeof pub.players[3].name, "ana");
	pub.area[BD_PUB_AREA_MAX - 1] = 0xff; /* the very last byte */
	bd_snap_lines(&pub, sizeof pub, snap_put, &k);
	CU_ASSERT_EQUAL(k.bad, 0);
	CU_ASSERT(k.lines >= 3 && k.lines <= 4); /* header, the seat, the area's end: no zero chunks */
	CU_ASSERT(memcmp(&pub, &copy, sizeof pub) == 0);
	static const char *const bad[] = {
		"SNAP 0 0", "SNAP 0 zz", "SNAP 0 AB", "SNAP 0", "SNAP x 00", "SNAP 0 00 00", "SNAP -1 00",
		"CARD 0 00", "OK snapshot", "SNAP 999999999 00",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		bd_msg_parse(bad[i], &m);
		CU_ASSERT_EQUAL(bd_snap_line(&copy, sizeof copy, &m), -1);
	}
	char line[BD_LINE_MAX];
	snprintf(line, sizeof line, "SNAP %zu 0000", sizeof copy - 1); /* one byte past the end */
	bd_msg_parse(line, &m);
	CU_ASSERT_EQUAL(bd_snap_line(&copy, sizeof copy, &m), -1);
	int n = snprintf(line, sizeof line, "SNAP 0 ");
	for (int i = 0; i <= BD_SNAP_CHUNK; i++) /* one byte longer than a chunk */
		n += snprintf(line + n, sizeof line - (size_t)n, "00");
	bd_msg_parse(line, &m);
	CU_ASSERT_EQUAL(bd_snap_line(&copy, sizeof copy, &m), -1);
	CU_ASSERT(memcmp(&pub, &copy, sizeof pub) == 0); /* nothing written by a refused line */
}

void suite_proto(void)
{
	CU_pSuite s = CU_add_suite("proto", NULL, NULL);
	CU_add_test(s, "request_valid", test_req_valid);
	CU_add_test(s, "request_spacing", test_req_spacing);
	CU_add_test(s, "request_length", test_req_length);
	CU_add_test(s, "request_bytes", test_req_bytes);
	CU_add_test(s, "request_unknown", test_req_unknown);
	CU_add_test(s, "request_arg_counts", test_req_arg_counts);
	CU_add_test(s, "request_names", test_req_names);
	CU_add_test(s, "request_numbers", test_req_numbers);
	CU_add_test(s, "request_tokens", test_req_tokens);
	CU_add_test(s, "event_roundtrip", test_event_roundtrip);
	CU_add_test(s, "event_malformed", test_event_malformed);
	CU_add_test(s, "msg_parse", test_msg_parse);
	CU_add_test(s, "name_fold", test_name_fold);
	CU_add_test(s, "printable", test_printable);
	CU_add_test(s, "snap", test_snap);
}
