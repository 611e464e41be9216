/* test_options.c: game options (ipc/game/game.c), play's options and side wish, board
 * options in the configuration, and the lobby's gathering of N players (daemon/lobby.c,
 * config.c), with a game declared here: no hosted game has options or more than two seats
 * yet, and the functions take the codec and rules they work for. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "daemon/config.h"
#include "daemon/lobby.h"
#include "ipc/game/game.h"
#include "suites.h"

static const char *const illegal_words[] = {"lose", "retry"};
static const struct bd_game_option opts[] = {
	{"illegal", 0, 0, 1, illegal_words, "what an illegal move costs"},
	{"validate", 1, 0, 1, NULL, "check moves"},
	{"draw-plies", 100, 1, 10000, NULL, "plies without a capture that draw"},
};
static const struct bd_game game = {
	.name = "optgame", .kind = 99, .side_names = {"red", "blue", "green", "white"}, .dim_default = 3,
	.options = opts, .noptions = 3,
};
static const struct rules rules = {.codec = &game, .seats = 2, .seats_max = 4};
static const struct lobby_opts lobby = {.wait_ms = 10000, .common = {.move_limit_ms = 600000}};

/* An option's value read: as a number or a word, in range; each refusal names the option. */
static void test_read(void)
{
	char why[160];
	int64_t v = -7;

	CU_ASSERT_PTR_NULL(bd_game_option_read(&opts[0], "retry", &v, why, sizeof why));
	CU_ASSERT_EQUAL(v, 1);
	CU_ASSERT_PTR_NULL(bd_game_option_read(&opts[0], "lose", &v, why, sizeof why));
	CU_ASSERT_EQUAL(v, 0);
	CU_ASSERT_PTR_NOT_NULL(bd_game_option_read(&opts[0], "1", &v, why, sizeof why)); /* words only */
	CU_ASSERT_STRING_EQUAL(bd_game_option_read(&opts[0], "maybe", &v, why, sizeof why), "illegal takes lose or retry");
	CU_ASSERT_PTR_NULL(bd_game_option_read(&opts[2], "10000", &v, why, sizeof why));
	CU_ASSERT_EQUAL(v, 10000);
	static const char *const bad[] = {"0", "10001", "-1", "+5", "5x", "", " 5", "0x10", "99999999999999999999"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CU_ASSERT_PTR_NOT_NULL(bd_game_option_read(&opts[2], bad[i], &v, why, sizeof why));
	CU_ASSERT_STRING_EQUAL(why, "draw-plies takes a whole number from 1 to 10000");
	CU_ASSERT_EQUAL(v, 10000); /* untouched by the refusals */
}

/* Defaults, names, and the values as words. */
static void test_text(void)
{
	int64_t opt[BD_GAME_OPTS_MAX];
	char buf[128] = "";

	memset(opt, 0x55, sizeof opt);
	bd_game_option_defaults(&game, opt);
	CU_ASSERT(opt[0] == 0 && opt[1] == 1 && opt[2] == 100 && opt[3] == 0 && opt[BD_GAME_OPTS_MAX - 1] == 0);
	CU_ASSERT_EQUAL(bd_game_option_find(&game, "validate"), 1);
	CU_ASSERT_EQUAL(bd_game_option_find(&game, "seats"), -1);
	bd_game_options_words(&game, opt, ' ', buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "illegal=lose validate=1 draw-plies=100");
	opt[0] = 1;
	snprintf(buf, sizeof buf, "x=1");
	bd_game_options_words(&game, opt, ',', buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "x=1,illegal=retry,validate=1,draw-plies=100");
}

/* play's request parsed and filled as the worker does: 0, or -1 with the ERR's code in err. */
static int play(const char *line, struct lobby_play *p, struct bd_err *err)
{
	struct bd_req req;

	if (bd_req_parse(line, strlen(line), &req, err) < 0)
		return -1;
	return lobby_play_options(&lobby, &game, &rules, &req, p, err);
}

/* play's options: defaults filled in, values read as the codec says, seats and side. */
static void test_play(void)
{
	struct lobby_play p;
	struct bd_err err;

	CU_ASSERT_EQUAL_FATAL(play("play optgame", &p, &err), 0);
	CU_ASSERT(p.opt[LOBBY_GAME_OPT] == 0 && p.opt[LOBBY_GAME_OPT + 1] == 1 && p.opt[LOBBY_GAME_OPT + 2] == 100);
	CU_ASSERT(p.opt[LOBBY_SEATS] == 2 && p.opt[LOBBY_LIMIT] == 600000 && p.opt[LOBBY_DIM] == 0 && p.want == 0);
	CU_ASSERT_EQUAL_FATAL(play("play optgame draw-plies=7 illegal=retry seats=4 side=green clock-ms=5000", &p, &err), 0);
	CU_ASSERT(p.opt[LOBBY_GAME_OPT] == 1 && p.opt[LOBBY_GAME_OPT + 2] == 7 && p.opt[LOBBY_SEATS] == 4);
	CU_ASSERT(p.opt[LOBBY_CLOCK] == 5000 && p.want == 3);
	CU_ASSERT_EQUAL(play("play optgame illegal=lose validate=1 draw-plies=5 seats=3 clock-ms=0 increment-ms=0 "
			     "move-limit-ms=1000 side=red opponent=ana", &p, &err), 0);
	CU_ASSERT(p.opt[LOBBY_LIMIT] == 1000 && p.want == 1 && strcmp(p.opponent, "ana") == 0);
	/* Only play may have more words than a move (a game's eight options, the core's, side=). */
	struct bd_req req;
	const char *many = "play optgame a=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1 k=1 l=1 m=1 n=1 o=1 p=1";
	CU_ASSERT_EQUAL(bd_req_parse(many, strlen(many), &req, &err), 0);
	CU_ASSERT_EQUAL(req.nopt, 16);
	CU_ASSERT_EQUAL(play("side a b c d e f g h i j k l", &p, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.text, "too many words");
	CU_ASSERT_EQUAL(play("play optgame a=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1 k=1 l=1 m=1 n=1 o=1 p=1 q=1", &p, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.code, "syntax");
	CU_ASSERT_EQUAL(play("play optgame side=any", &p, &err), 0);
	CU_ASSERT_EQUAL(p.want, 0);
	static const struct {
		const char *line, *code;
	} bad[] = {
		{"play optgame illegal=2", "option"}, {"play optgame draw-plies=0", "option"},
		{"play optgame seats=5", "option"}, {"play optgame seats=1", "option"},
		{"play optgame dim=4", "option"}, {"play optgame colour=red", "option"},
		{"play optgame side=purple", "side"}, {"play optgame side=red side=blue", "option"},
		{"play optgame illegal=LOSE", "option"}, {"play optgame side=green", "side"}, /* two seats: red, blue */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err.code = "none";
		CU_ASSERT_EQUAL(play(bad[i].line, &p, &err), -1);
		CU_ASSERT_STRING_EQUAL(err.code, bad[i].code);
	}
	CU_ASSERT_EQUAL(play("play optgame illegal=maybe", &p, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.text, "illegal takes lose or retry");
	CU_ASSERT_EQUAL(play("play optgame seats=9", &p, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.text, "seats takes a number of players from 2 to 4");
}

/* lobby_gather's may: every waiter but the one arg points at may sit. */
static int may_but(const void *arg, unsigned i)
{
	return arg == NULL || *(const unsigned *)arg != i;
}

/* A play of line by name (opponent: name or ""). */
static struct lobby_play waiter(const char *line, const char *name, const char *opponent)
{
	struct lobby_play p;
	struct bd_err err;
	char full[BD_LINE_MAX];

	snprintf(full, sizeof full, "%s%s%s", line, opponent[0] ? " opponent=" : "", opponent);
	CU_ASSERT_EQUAL_FATAL(play(full, &p, &err), 0);
	snprintf(p.name, sizeof p.name, "%s", name);
	return p;
}

/* Two seats: equal options with the defaults filled in match, others do not; a side wish
 * is not matched on. */
static void test_gather_two(void)
{
	struct lobby_play q[3] = {
		waiter("play optgame validate=0", "ana", ""),
		waiter("play optgame illegal=lose side=red", "bob", ""), /* the defaults, written */
		waiter("play optgame side=red", "cy", ""),
	};
	struct lobby_play w = waiter("play optgame side=red", "dan", "");
	unsigned pick[BD_TURN_SEATS_MAX];

	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 3, may_but, NULL, pick), 1);
	CU_ASSERT_EQUAL(pick[0], 1); /* bob: the oldest with equal options */
	unsigned not_bob = 1;
	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 3, may_but, &not_bob, pick), 1);
	CU_ASSERT_EQUAL(pick[0], 2);
	w = waiter("play optgame draw-plies=99", "dan", "");
	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 3, may_but, NULL, pick), 0);
	w = waiter("play optgame", "DAN", "cy"); /* a named opponent, passed the older bob */
	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 3, may_but, NULL, pick), 1);
	CU_ASSERT_EQUAL(pick[0], 2);
	w = waiter("play optgame", "B0b", ""); /* folds as bob: never with bob */
	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 3, may_but, NULL, pick), 1);
	CU_ASSERT_EQUAL(pick[0], 2);
}

/* N seats: as many as the seats asked, the oldest that fit, each named opponent among them. */
static void test_gather_seats(void)
{
	struct lobby_play q[6] = {
		waiter("play optgame seats=3", "ana", ""),
		waiter("play optgame seats=4", "bob", ""),
		waiter("play optgame seats=3", "cy", "zed"),   /* zed never comes */
		waiter("play optgame seats=3 illegal=retry", "dee", ""),
		waiter("play optgame seats=3", "eve", "ana"),
		waiter("play optgame seats=3", "fay", ""),
	};
	struct lobby_play w = waiter("play optgame seats=3", "gus", "");
	unsigned pick[BD_TURN_SEATS_MAX];

	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 6, may_but, NULL, pick), 2);
	CU_ASSERT(pick[0] == 0 && pick[1] == 4); /* ana, then eve who named ana */
	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 4, may_but, NULL, pick), 0); /* only ana fits */
	w = waiter("play optgame seats=3", "gus", "fay");
	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 6, may_but, NULL, pick), 2);
	CU_ASSERT(pick[0] == 0 && pick[1] == 5); /* fay first, then the oldest: ana; seats in queue order */
	unsigned not_ana = 0;
	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 6, may_but, &not_ana, pick), 0); /* eve wants ana */
	struct lobby_play later[2] = {waiter("play optgame seats=3", "eve", "fay"), q[5]};
	w = waiter("play optgame seats=3", "gus", "");
	CU_ASSERT_EQUAL(lobby_gather(&w, later, sizeof later[0], 2, may_but, NULL, pick), 2);
	CU_ASSERT(pick[0] == 0 && pick[1] == 1); /* eve named fay, who came after her */
	w = waiter("play optgame seats=4", "gus", "");
	CU_ASSERT_EQUAL(lobby_gather(&w, q, sizeof q[0], 6, may_but, NULL, pick), 0); /* bob alone asks 4 */
	struct lobby_play four[3] = {q[1], waiter("play optgame seats=4", "hal", ""), waiter("play optgame seats=4", "ivy", "")};
	CU_ASSERT_EQUAL(lobby_gather(&w, four, sizeof four[0], 3, may_but, NULL, pick), 3);
	CU_ASSERT(pick[0] == 0 && pick[1] == 1 && pick[2] == 2);
}

/* A board's options in the configuration: the hosted games take none yet (tic-tac-toe has
 * no options and two seats only), and say so. */
static void test_config(void)
{
	struct config c;
	char err[256];

	config_init(&c);
	CU_ASSERT_EQUAL(config_set(&c, "board", "t:tictactoe,clock-ms=60000", err, sizeof err), 0);
	CU_ASSERT_EQUAL(c.boards[0].seats, 2);
	CU_ASSERT_EQUAL(config_set(&c, "board", "u:tictactoe,seats=3", err, sizeof err), -1);
	CU_ASSERT_STRING_EQUAL(err, "table u: 'seats' is not move-limit-ms=MS, clock-ms=MS or increment-ms=MS");
	CU_ASSERT_EQUAL(config_set(&c, "board", "u:tictactoe,illegal=lose", err, sizeof err), -1);
	CU_ASSERT_EQUAL(config_set(&c, "board", "u:memory:4,dim=4", err, sizeof err), -1);
	CU_ASSERT_STRING_EQUAL(err, "table u: 'dim' is not move-limit-ms=MS, clock-ms=MS or increment-ms=MS");
	CU_ASSERT_EQUAL(config_set(&c, "board", "u:memory:4,validate", err, sizeof err), -1);
	CU_ASSERT_EQUAL(c.nboards, 1);
}

/* Every hosted game's option table and seats are sound: at most BD_GAME_OPTS_MAX options,
 * each default in its range, a word for every value of a word option, no name of the core's
 * (nor twice); seats_max, if any, above seats and within BD_TURN_SEATS_MAX. */
static void test_codecs(void)
{
	static const char *const core[] = {"dim", "clock-ms", "increment-ms", "move-limit-ms", "seats", "side", "opponent"};

	for (unsigned k = 0; bd_game_at(k) != NULL; k++) {
		const struct bd_game *g = bd_game_at(k);
		const struct rules *r = rules_find(g->kind);
		CU_ASSERT(g->noptions <= BD_GAME_OPTS_MAX && (g->noptions == 0 || g->options != NULL));
		for (unsigned i = 0; i < g->noptions; i++) {
			const struct bd_game_option *o = &g->options[i];
			CU_ASSERT(o->min <= o->def && o->def <= o->max && o->help != NULL);
			CU_ASSERT_EQUAL(bd_game_option_find(g, o->name), (int)i);
			for (int64_t v = o->min; o->words != NULL && v <= o->max; v++)
				CU_ASSERT_PTR_NOT_NULL(o->words[v - o->min]);
			for (size_t c = 0; c < sizeof core / sizeof core[0]; c++)
				CU_ASSERT_STRING_NOT_EQUAL(o->name, core[c]);
		}
		if (r != NULL && r->seats_max != 0)
			CU_ASSERT(r->seats_max > r->seats && r->seats_max <= BD_TURN_SEATS_MAX);
	}
}

void suite_options(void)
{
	CU_pSuite s = CU_add_suite("options", NULL, NULL);
	CU_add_test(s, "read", test_read);
	CU_add_test(s, "text", test_text);
	CU_add_test(s, "play", test_play);
	CU_add_test(s, "gather two", test_gather_two);
	CU_add_test(s, "gather seats", test_gather_seats);
	CU_add_test(s, "config", test_config);
	CU_add_test(s, "hosted games' options", test_codecs);
}
