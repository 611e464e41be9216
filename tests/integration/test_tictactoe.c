/* test_tictactoe.c: tic-tac-toe (issue 10 section 3) played whole by real clients on a real
 * boardd (--board main:tictactoe): X wins, O wins, a draw, every bad input refused with the
 * position unchanged, draw offers, resign, rematch with sides swapped, the per-move limit and claim, the
 * clock running out, a player leaving mid-match (away, then back in time or a forfeit), a
 * leave outside a match, and the daemon killed mid-match and resumed.
 * A spectator watches every match and must see every event the players see. */
#include <CUnit/CUnit.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "ipc/clock.h"
#include "ipc/game/tictactoe.h"
#include "suites.h"

static struct bd_pub snap;

/* A match of two players and a spectator; x and o are the players by side. */
struct table {
	struct h_client *a, *b, *spec;
	struct h_client *x, *o;
	char conf[64]; /* its configuration file, removed by table_close */
};

/* The clients by seat id. */
static struct h_client *by_id(struct table *t, long id)
{
	return t->a->id == id ? t->a : t->b;
}

/* Wait until every client has seen the match start (side 0 X, side 1 O, X to move); set x, o. */
static void match_started(struct table *t)
{
	struct h_client *all[3] = {t->a, t->b, t->spec};
	struct bd_msg m;
	long first = -1;

	for (unsigned i = 0; i < 3; i++) {
		H_WAIT(all[i], &m, "turn");
		CHECK(m.ntok == 2 && (first < 0 || h_num(&m, 0) == first), "%s: '%s'", all[i]->name, m.line);
		first = h_num(&m, 0);
	}
	t->x = by_id(t, first);
	t->o = t->x == t->a ? t->b : t->a;
	h_snapshot(t->a, &snap);
	CHECK(snap.players[t->x->id].side == 0 && snap.players[t->o->id].side == 1 && snap.turn == (uint32_t)t->x->id,
	      "X (side 0, seat %d) to move; sides %u %u, turn %u", t->x->id, snap.players[t->x->id].side,
	      snap.players[t->o->id].side, snap.turn);
}

/* A configuration file holding a tic-tac-toe table (and its per-move limit); its path in path. */
static void table_config(char path[64], const char *limit_ms)
{
	int fd;

	snprintf(path, 64, "/tmp/boardd-ttt.XXXXXX");
	REQUIRE((fd = mkstemp(path)) >= 0, "mkstemp");
	dprintf(fd, "board = main:tictactoe\nmove-limit-ms = %s\n", limit_ms);
	close(fd);
}

/* A fresh daemon with a tic-tac-toe table (from a configuration file, whole matches played
 * on it) and these options (each NULL or an option and its value), two players and a
 * spectator. */
static void table_open2(struct table *t, const char *opt1, const char *val1, const char *opt2, const char *val2)
{
	table_config(t->conf, "600000");
	h_start("--config", t->conf, opt1, val1, opt2, val2, NULL);
	t->spec = h_join("sam", BD_ROLE_SPECTATOR); /* first: it sees the match start */
	t->a = h_join("ana", BD_ROLE_PLAYER);
	t->b = h_join("bob", BD_ROLE_PLAYER);
	CHECK(t->a->id == 0 && t->b->id == 1 && t->spec->id == -1, "seats %d %d %d", t->a->id, t->b->id, t->spec->id);
	match_started(t);
}

/* table_open2 with at most one option. */
static void table_open(struct table *t, const char *opt1, const char *val1)
{
	table_open2(t, opt1, val1, NULL, NULL);
}

/* Stop the daemon (checks a clean exit) and remove the configuration file. */
static void table_close(struct table *t)
{
	h_stop();
	unlink(t->conf);
}

/* Every client sees the next move event (skipping turn events): `move SEAT MARK X Y`. */
static void saw_move(struct table *t, struct h_client *who, unsigned x, unsigned y, const char *mark)
{
	struct h_client *all[3] = {t->a, t->b, t->spec};
	struct bd_msg m;

	for (unsigned i = 0; i < 3; i++) {
		H_WAIT(all[i], &m, "move");
		CHECK(m.ntok == 4 && h_num(&m, 0) == who->id && strcmp(m.tok[1], mark) == 0 && h_num(&m, 2) == x &&
			      h_num(&m, 3) == y,
		      "%s saw '%s', wanted move %d %s %u %u", all[i]->name, m.line, who->id, mark, x, y);
	}
}

/* who plays x y (OK), and everyone sees it. */
static void play(struct table *t, struct h_client *who, unsigned x, unsigned y)
{
	const char *mark = who == t->x ? "X" : "O";

	H_OK(who, "move %u %u", x, y);
	saw_move(t, who, x, y, mark);
}

/* Play moves in turn, X first unless o_first: "x y" pairs of digits, e.g. "00 11 20". */
static void play_moves(struct table *t, int o_first, const char *moves)
{
	int o = o_first;

	for (const char *m = moves; m[0] && m[1]; m += m[2] ? 3 : 2, o = !o)
		play(t, o ? t->o : t->x, (unsigned)(m[0] - '0'), (unsigned)(m[1] - '0'));
}

/* The tic-tac-toe area of the last snapshot (fatal if the table is another game's). */
static const struct ttt_pub *snap_area(void)
{
	static const struct ttt_pub none;
	const struct ttt_pub *a = ttt_pub_area(&snap);

	REQUIRE(a != NULL, "the table is not tic-tac-toe (kind %u)", snap.game_kind);
	return a != NULL ? a : &none;
}

/* The area as a 9-character position. */
static void position(struct h_client *cl, char out[TTT_POS_LEN + 1])
{
	h_snapshot(cl, &snap);
	memcpy(out, snap_area()->cell, TTT_CELLS);
	out[TTT_POS_LEN] = '\0';
}

/* The game ended with the last move x y (seen already): everyone sees right after it the
 * winning line (`line WHO LINE`; none for a draw), then the OVER event with its own result
 * (win, lose or draw: the seed's WIN, LOSE, UNRESOLVED), then the state; the area keeps the
 * last move. */
static void saw_end(struct table *t, const char *who, const char *line, unsigned x, unsigned y,
		    const char *xres, const char *ores)
{
	struct h_client *all[3] = {t->x, t->o, t->spec};
	const char *res[3] = {xres, ores, "none"};
	struct bd_msg m;

	for (unsigned i = 0; i < 3; i++) {
		if (strcmp(who, "draw") != 0) {
			H_NEXT(all[i], &m, "line");
			CHECK(m.ntok == 2 && strcmp(m.tok[0], who) == 0 && strcmp(m.tok[1], line) == 0,
			      "%s saw '%s', wanted line %s %s", all[i]->name, m.line, who, line);
		}
		H_NEXT(all[i], &m, "over");
		CHECK(m.ntok == 3 && strcmp(m.tok[1], res[i]) == 0, "%s: '%s', wanted %s", all[i]->name, m.line, res[i]);
		H_NEXT(all[i], &m, "state");
		CHECK(strcmp(m.tok[0], "over") == 0, "%s: '%s'", all[i]->name, m.line);
	}
	h_snapshot(t->spec, &snap);
	CHECK(snap_area()->last == y * TTT_SIDE + x, "last move %u, wanted %u %u", snap_area()->last, x, y);
}

/* X wins down the left column: everyone sees every move and the end with its line. */
static void test_ttt_x_wins(void)
{
	struct table t;
	char pos[TTT_POS_LEN + 1];

	table_open(&t, NULL, NULL);
	play_moves(&t, 0, "00 10 01 11 02");
	saw_end(&t, "X", "036", 0, 2, "win", "lose");
	position(t.spec, pos);
	CHECK(strcmp(pos, "XO.XO.X..") == 0, "position %s", pos);
	CHECK(snap.players[t.x->id].result == BD_RESULT_WIN && snap.players[t.o->id].result == BD_RESULT_LOSE &&
		      snap.game_state == BD_GAME_OVER && snap.turn == BD_NO_PLAYER,
	      "results %u %u, state %u", snap.players[t.x->id].result, snap.players[t.o->id].result, snap.game_state);
	table_close(&t);
}

/* O wins down the right column. */
static void test_ttt_o_wins(void)
{
	struct table t;

	table_open(&t, NULL, NULL);
	play_moves(&t, 0, "00 20 01 21 12 22");
	saw_end(&t, "O", "258", 2, 2, "lose", "win");
	h_snapshot(t.a, &snap);
	CHECK(snap.players[t.o->id].result == BD_RESULT_WIN, "O's result %u", snap.players[t.o->id].result);
	table_close(&t);
}

/* A full board without a line is a draw for both. */
static void test_ttt_draw(void)
{
	struct table t;
	char pos[TTT_POS_LEN + 1];

	table_open(&t, NULL, NULL);
	play_moves(&t, 0, "00 10 20 11 01 21 12 02 22");
	saw_end(&t, "draw", "-", 2, 2, "draw", "draw");
	position(t.a, pos);
	CHECK(strcmp(pos, "XOXXOOOXX") == 0 && snap.players[t.x->id].result == BD_RESULT_DRAW &&
		      snap.players[t.o->id].result == BD_RESULT_DRAW,
	      "position %s, results %u %u", pos, snap.players[t.x->id].result, snap.players[t.o->id].result);
	table_close(&t);
}

/* who sends a bad request: ERR code, and the position and turn stay as they were. */
#define BAD(t, who, code, ...)                                                          \
	do {                                                                            \
		char before_[TTT_POS_LEN + 1], after_[TTT_POS_LEN + 1];                 \
		position((t)->spec, before_);                                           \
		uint32_t turn_ = snap.turn;                                             \
		H_ERR((who), (code), __VA_ARGS__);                                      \
		position((t)->spec, after_);                                            \
		CHECK(strcmp(before_, after_) == 0 && snap.turn == turn_,               \
		      "the position changed from %s to %s", before_, after_);           \
	} while (0)

/* Every bad input: a clear error, nothing changed, nobody else told anything. */
static void test_ttt_bad_input(void)
{
	struct table t;
	struct bd_msg m;

	table_open(&t, NULL, NULL);
	BAD(&t, t.o, "turn", "move 1 1");       /* out of turn */
	BAD(&t, t.x, "range", "move 3 0");      /* off the board */
	BAD(&t, t.x, "range", "move 0 9");
	BAD(&t, t.x, "syntax", "move a b");     /* malformed */
	BAD(&t, t.x, "syntax", "move 1");
	BAD(&t, t.x, "syntax", "move 1 1 1");
	BAD(&t, t.x, "range", "move -1 0");
	BAD(&t, t.x, "syntax", "move 1 x");
	BAD(&t, t.spec, "spectator", "move 1 1"); /* a spectator moving, resigning, claiming */
	BAD(&t, t.spec, "spectator", "resign");
	BAD(&t, t.spec, "spectator", "claim");
	BAD(&t, t.x, "turn", "claim");           /* the mover claims: nothing to claim */
	BAD(&t, t.o, "early", "claim");          /* 10 minutes are not over */
	BAD(&t, t.x, "state", "rematch");        /* the match is on */
	struct h_client *third = h_connect("cy"); /* a third player: two seats only */
	H_OK(third, "hello cy player");
	BAD(&t, third, "full", "join main");
	H_QUIET(t.spec, 200);
	play(&t, t.x, 1, 1);
	BAD(&t, t.o, "filled", "move 1 1");      /* an occupied cell */
	BAD(&t, t.x, "turn", "move 0 0");        /* twice in a row */
	play_moves(&t, 1, "00 20 02 01 22 21");
	saw_end(&t, "X", "345", 2, 1, "win", "lose");
	BAD(&t, t.o, "over", "move 1 2");        /* a move after the end */
	BAD(&t, t.x, "over", "move 1 2");
	BAD(&t, t.x, "over", "resign");
	BAD(&t, t.o, "over", "claim");
	H_QUIET(t.spec, 200);
	(void)m;
	table_close(&t);
}

/* who says draw: the reply is `OK draw <word>`, and everyone sees `offer <who's seat>`. */
static void offer(struct table *t, struct h_client *who, const char *word)
{
	struct h_client *all[3] = {t->x, t->o, t->spec};
	char want[32];
	struct bd_msg m;

	h_send(who, "draw");
	snprintf(want, sizeof want, "OK draw %s", word);
	CHECK(h_reply(who, &m, NULL, NULL) == 0 && strcmp(m.line, want) == 0, "%s: '%s', wanted '%s'", who->name,
	      m.line, want);
	for (unsigned i = 0; i < 3; i++) {
		H_WAIT(all[i], &m, "offer");
		CHECK(m.ntok == 1 && h_num(&m, 0) == who->id, "%s saw '%s'", all[i]->name, m.line);
	}
}

/* Draw offers: a spectator cannot; an offer is told to all; a move clears it; when both
 * seats have offered since the last move the match is drawn (why agreed). */
static void test_ttt_draw_offer(void)
{
	struct table t;
	struct bd_msg m;
	struct h_client *all[3];

	table_open(&t, NULL, NULL);
	all[0] = t.x, all[1] = t.o, all[2] = t.spec;
	BAD(&t, t.spec, "spectator", "draw");
	offer(&t, t.x, "offered");
	BAD(&t, t.x, "again", "draw");
	play(&t, t.x, 1, 1);          /* X's move clears its own offer */
	offer(&t, t.o, "offered");    /* so O's is only an offer */
	play(&t, t.o, 0, 0);          /* and O's move clears O's */
	offer(&t, t.x, "offered");
	offer(&t, t.o, "agreed");
	for (unsigned i = 0; i < 3; i++) {
		H_NEXT(all[i], &m, "over");
		CHECK(m.ntok == 3 && strcmp(m.tok[1], i < 2 ? "draw" : "none") == 0, "%s: '%s'", all[i]->name, m.line);
		H_NEXT(all[i], &m, "state");
		CHECK(strcmp(m.tok[0], "over") == 0, "%s: '%s'", all[i]->name, m.line);
	}
	h_snapshot(t.spec, &snap);
	CHECK(snap.players[t.x->id].result == BD_RESULT_DRAW && snap.players[t.o->id].result == BD_RESULT_DRAW &&
		      snap.game_state == BD_GAME_OVER && h_priv()->turn.why == BD_WHY_AGREED,
	      "results %u %u, state %u, why %u", snap.players[t.x->id].result, snap.players[t.o->id].result,
	      snap.game_state, h_priv()->turn.why);
	BAD(&t, t.x, "over", "draw");
	table_close(&t);
}

/* Resign: the resigner loses at once, whoever is to move; everyone is told. */
static void test_ttt_resign(void)
{
	struct table t;
	struct bd_msg m;
	struct h_client *all[3];

	table_open(&t, NULL, NULL);
	play(&t, t.x, 1, 1);
	H_OK(t.x, "resign"); /* out of its turn: allowed */
	all[0] = t.x, all[1] = t.o, all[2] = t.spec;
	for (unsigned i = 0; i < 3; i++) {
		H_WAIT(all[i], &m, "resign");
		CHECK(h_num(&m, 0) == t.x->id, "%s: '%s'", all[i]->name, m.line);
		H_NEXT(all[i], &m, "over");
		CHECK(strcmp(m.tok[1], i == 0 ? "lose" : i == 1 ? "win" : "none") == 0, "%s: '%s'", all[i]->name, m.line);
	}
	h_snapshot(t.o, &snap);
	CHECK(snap.players[t.o->id].result == BD_RESULT_WIN && snap.players[t.x->id].result == BD_RESULT_LOSE,
	      "results");
	H_ERR(t.o, "over", "resign");
	table_close(&t);
}

/* Rematch: both must ask; the next match has the sides swapped and is played to its end. */
static void test_ttt_rematch(void)
{
	struct table t;
	struct bd_msg m;
	int old_x;

	table_open(&t, NULL, NULL);
	H_OK(t.o, "resign");
	H_WAIT(t.spec, &m, "over");
	old_x = t.x->id;
	H_OK(t.x, "rematch");
	H_WAIT(t.o, &m, "rematch");
	CHECK(h_num(&m, 0) == t.x->id, "o saw '%s'", m.line);
	H_ERR(t.x, "again", "rematch");
	H_WAIT(t.spec, &m, "rematch");
	H_QUIET(t.spec, 200); /* nothing starts on one request */
	H_OK(t.o, "rematch");
	H_WAIT(t.spec, &m, "state");
	CHECK(strcmp(m.tok[0], "on") == 0 && h_num(&m, 1) == 2, "game 2 on: '%s'", m.line);
	match_started(&t);
	CHECK(t.x->id != old_x, "sides swapped: X is seat %d again", t.x->id);
	position(t.spec, (char[TTT_POS_LEN + 1]){0});
	CHECK(memcmp(snap_area()->cell, ".........", 9) == 0 && snap_area()->last == TTT_NO_CELL,
	      "a new empty board");
	play_moves(&t, 0, "20 00 11 01 02");
	saw_end(&t, "X", "246", 0, 2, "win", "lose");
	table_close(&t);
}

/* The per-move limit: nothing to claim before it passes; then everyone is told, and the
 * other seat's claim wins the match. */
static void test_ttt_claim(void)
{
	struct table t;
	struct bd_msg m;
	int got = 0;

	table_open(&t, "--move-limit-ms", "4000");
	H_ERR(t.o, "early", "claim");
	for (int64_t end = bd_now_ms() + 30000; !got && bd_now_ms() < end;)
		got = h_event(t.o, &m, 1000) && strcmp(m.word, "claimable") == 0;
	REQUIRE(got, "no claimable event within 30 s of a 4 s limit");
	CHECK(h_num(&m, 0) == t.x->id, "claimable '%s'", m.line);
	H_ERR(t.x, "turn", "claim");
	H_OK(t.o, "claim");
	H_WAIT(t.spec, &m, "claim");
	CHECK(h_num(&m, 0) == t.o->id, "spectator saw '%s'", m.line);
	H_NEXT(t.x, &m, "claimable");
	H_NEXT(t.x, &m, "claim");
	H_NEXT(t.x, &m, "over");
	CHECK(strcmp(m.tok[1], "lose") == 0, "the late seat: '%s'", m.line);
	H_WAIT(t.o, &m, "over");
	CHECK(strcmp(m.tok[1], "win") == 0, "the claimer: '%s'", m.line);
	table_close(&t);
}

/* A clock that runs out loses the game for its seat: X never moves. */
static void test_ttt_clock(void)
{
	struct table t;
	struct bd_msg m;

	table_open(&t, "--clock-ms", "1500");
	CHECK(snap.players[t.x->id].clock_ms > 0 && snap.players[t.x->id].clock_ms <= 1500 &&
		      snap.players[t.o->id].clock_ms == 1500,
	      "clocks %lld %lld", (long long)snap.players[t.x->id].clock_ms, (long long)snap.players[t.o->id].clock_ms);
	for (int got = 0; !got;) {
		REQUIRE(h_event(t.spec, &m, 30000), "no flag within 30 s of a 1.5 s clock");
		got = strcmp(m.word, "flag") == 0;
	}
	CHECK(h_num(&m, 0) == t.x->id, "X's flag fell: '%s'", m.line);
	H_NEXT(t.spec, &m, "over");
	H_WAIT(t.x, &m, "over");
	CHECK(strcmp(m.tok[1], "lose") == 0, "X: '%s'", m.line);
	H_WAIT(t.o, &m, "over");
	CHECK(strcmp(m.tok[1], "win") == 0, "O: '%s'", m.line);
	H_ERR(t.o, "over", "move 1 1");
	table_close(&t);
}

/* The next event of cl is word, however long it takes (up to 30 s: an away seat's expiry
 * is not the harness's usual wait); the rest is the caller's to check. */
static void next_slow(struct h_client *cl, struct bd_msg *m, const char *word)
{
	REQUIRE(h_event(cl, m, 30000), "%s: no event within 30 s, wanted '%s'", cl->name, word);
	CHECK(strcmp(m->word, word) == 0, "%s: wanted '%s' next, got '%s'", cl->name, word, m->line);
}

/* Skip cl's events up to one with this word, however long it takes (up to 30 s). */
static void wait_slow(struct h_client *cl, struct bd_msg *m, const char *word)
{
	int got = 0;

	for (int64_t end = bd_now_ms() + 30000; !got && bd_now_ms() < end;)
		got = h_event(cl, m, 1000) && strcmp(m->word, word) == 0;
	REQUIRE(got, "%s: no '%s' event within 30 s", cl->name, word);
}

/* The player of seat id, whose client old was closed, takes its seat back on a new connection
 * with its token; it replaces old at the table. The new client. */
static struct h_client *seat_back(struct table *t, struct h_client *old, uint64_t tok, int id)
{
	char err[256];
	struct h_client *cl = h_connect("back-again");

	REQUIRE(bd_client_enter(&cl->c, "back", BD_ROLE_PLAYER, "main", tok, hd.prefix, err, sizeof err) == 0,
		"seat %d back: %s", id, err);
	cl->id = cl->c.player;
	CHECK(cl->id == id, "the same seat: %d, was %d", cl->id, id);
	if (t->a == old)
		t->a = cl;
	else
		t->b = cl;
	return cl;
}

/* The seat `seat` left mid-match with `ms` of away time: cl (a player that stays, or a
 * spectator) sees at once `away SEAT MS`, then `forfeit SEAT`, the end with its own result
 * (the stayer wins), then `leave SEAT` and the table waiting for a player: nothing else. */
static void saw_forfeit(struct h_client *cl, long seat, long ms, const char *result)
{
	struct bd_msg m;

	H_NEXT(cl, &m, "away");
	CHECK(m.ntok == 2 && h_num(&m, 0) == seat && h_num(&m, 1) == ms, "%s: '%s', wanted away %ld %ld", cl->name,
	      m.line, seat, ms);
	next_slow(cl, &m, "forfeit");
	CHECK(m.ntok == 1 && h_num(&m, 0) == seat, "%s: '%s', wanted forfeit %ld", cl->name, m.line, seat);
	H_NEXT(cl, &m, "over");
	CHECK(strcmp(m.tok[1], result) == 0, "%s: '%s', wanted %s", cl->name, m.line, result);
	H_NEXT(cl, &m, "state");
	CHECK(strcmp(m.tok[0], "over") == 0, "%s: '%s'", cl->name, m.line);
	H_NEXT(cl, &m, "leave");
	CHECK(h_num(&m, 0) == seat, "%s: '%s', wanted leave %ld", cl->name, m.line, seat);
	H_NEXT(cl, &m, "state");
	CHECK(strcmp(m.tok[0], "waiting") == 0, "%s: a new game waits for a player: '%s'", cl->name, m.line);
}

/* A player in another process (so it can be killed), seated at main; its pid. */
static pid_t player_process(const char *name)
{
	char err[256];
	pid_t pid = fork();

	REQUIRE(pid >= 0, "fork");
	if (pid == 0) {
		struct bd_client cl;
		if (bd_client_connect(&cl, hd.sock, err, sizeof err) < 0 ||
		    bd_client_enter(&cl, name, BD_ROLE_PLAYER, "main", 0, hd.prefix, err, sizeof err) < 0)
			_exit(1);
		for (;;)
			pause();
	}
	h_child(pid);
	return pid;
}

/* A player who leaves mid-match (its client killed with kill -9, its connection closed, or
 * `quit`) keeps its seat away for away-ms: the player who stayed and a spectator see `away`
 * at once, then the forfeit and the stayer's win, then the seat cleared; each time the
 * next player to sit down starts a new match with the one who stayed. */
static void test_ttt_left_mid_match(void)
{
	static const char *const names[] = {"kim", "lee", "max"};
	struct h_client *a, *spec, *c;
	struct bd_msg m;

	h_start("--board", "main:tictactoe", "--away-ms", "1500", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	spec = h_join("sam", BD_ROLE_SPECTATOR);
	for (unsigned how = 0; how < 3; how++) {
		pid_t pid = how == 0 ? player_process(names[how]) : 0;
		c = how == 0 ? NULL : h_join(names[how], BD_ROLE_PLAYER);
		H_WAIT(a, &m, "turn");
		H_WAIT(spec, &m, "turn");
		long seat = a->id == 0 ? 1 : 0;
		h_snapshot(spec, &snap);
		CHECK(snap.game_state == BD_GAME_ON && snap.players[seat].state == BD_PLAYER_PLAYING, "%s seated, on",
		      names[how]);
		if (how == 0) {
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
		} else if (how == 1) {
			h_close(c);
		} else {
			H_OK(c, "quit");
			h_close(c);
		}
		saw_forfeit(a, seat, 1500, "win");
		saw_forfeit(spec, seat, 1500, "none");
		H_ERR(a, "state", "move 0 0");
		H_ERR(a, "state", "rematch");
	}
	H_QUIET(spec, 300); /* the expiry ended each match once, whoever saw it first */
	c = h_join("cid", BD_ROLE_PLAYER);
	H_WAIT(spec, &m, "state");
	CHECK(strcmp(m.tok[0], "on") == 0, "on again with cid: '%s'", m.line);
	H_WAIT(c, &m, "turn");
	struct h_client *x = h_num(&m, 0) == c->id ? c : a;
	H_OK(x, "move 0 0");
	H_WAIT(spec, &m, "move");
	h_stop();
}

/* A player who left mid-match and comes back in time with its token (`join main TOKEN`)
 * gets its seat back: everyone sees `back`; meanwhile the match went on (the one who
 * stayed moved), and it is played to its end. */
static void test_ttt_back_in_time(void)
{
	struct table t;
	struct bd_msg m;

	table_open2(&t, "--away-ms", "60000", NULL, NULL);
	play_moves(&t, 0, "11 00");
	uint64_t tok = t.o->c.token;
	int oid = t.o->id;
	struct h_client *old = t.o;
	t.o = NULL;
	h_close(old);
	H_WAIT(t.x, &m, "away");
	CHECK(h_num(&m, 0) == oid && h_num(&m, 1) == 60000, "X saw '%s'", m.line);
	H_WAIT(t.spec, &m, "away");
	h_snapshot(t.spec, &snap);
	CHECK(snap.game_state == BD_GAME_ON && snap.players[oid].state == BD_PLAYER_AWAY && snap.turn == (uint32_t)t.x->id,
	      "O away, the game on (%u), X to move", snap.game_state);
	H_OK(t.x, "move 2 0"); /* the match goes on */
	H_WAIT(t.spec, &m, "move");
	t.o = seat_back(&t, old, tok, oid);
	H_WAIT(t.x, &m, "back");
	CHECK(m.ntok == 1 && h_num(&m, 0) == oid, "X saw '%s'", m.line);
	H_WAIT(t.spec, &m, "back");
	CHECK(h_num(&m, 0) == oid, "the spectator saw '%s'", m.line);
	h_snapshot(t.spec, &snap);
	CHECK(snap.game_state == BD_GAME_ON && snap.players[oid].state == BD_PLAYER_PLAYING && snap.turn == (uint32_t)oid,
	      "O playing again and to move: state %u turn %u", snap.players[oid].state, snap.turn);
	play_moves(&t, 1, "02 01 21 10 12 22");
	saw_end(&t, "draw", "-", 2, 2, "draw", "draw");
	table_close(&t);
}

/* An away seat's clock keeps running: X leaves on its turn with an 8 s clock and 60 s of away
 * time, and its flag falls while it is away; back with its token, it has lost, and both
 * seats can ask for a rematch. */
static void test_ttt_away_clock(void)
{
	struct table t;
	struct bd_msg m;

	table_open2(&t, "--away-ms", "60000", "--clock-ms", "8000");
	uint64_t tok = t.x->c.token;
	int xid = t.x->id;
	struct h_client *old = t.x;
	h_close(old);
	H_NEXT(t.spec, &m, "away"); /* left with time on its clock */
	CHECK(h_num(&m, 0) == xid, "X away: '%s'", m.line);
	wait_slow(t.spec, &m, "flag"); /* the 8 s clock runs out while the seat is away */
	CHECK(h_num(&m, 0) == xid, "X's flag fell: '%s'", m.line);
	H_WAIT(t.o, &m, "over");
	CHECK(strcmp(m.tok[1], "win") == 0, "O: '%s'", m.line);
	t.x = seat_back(&t, old, tok, xid);
	H_WAIT(t.o, &m, "back");
	H_WAIT(t.spec, &m, "back");
	CHECK(h_num(&m, 0) == xid, "X back: '%s'", m.line);
	h_snapshot(t.x, &snap);
	CHECK(snap.game_state == BD_GAME_OVER && snap.players[xid].result == BD_RESULT_LOSE, "X lost on time");
	H_OK(t.x, "rematch");
	H_OK(t.o, "rematch");
	H_WAIT(t.spec, &m, "state");
	CHECK(strcmp(m.tok[0], "on") == 0 && h_num(&m, 1) == 2, "game 2 on: '%s'", m.line);
	table_close(&t);
}

/* Outside a match a player who leaves is gone at once (no away): while the table waits for
 * its second player, and after the match is over. */
static void test_ttt_leave_outside(void)
{
	struct table t;
	struct h_client *a, *spec;
	struct bd_msg m;

	h_start("--board", "main:tictactoe", "--away-ms", "60000", NULL);
	spec = h_join("sam", BD_ROLE_SPECTATOR);
	a = h_join("ana", BD_ROLE_PLAYER);
	H_WAIT(spec, &m, "join");
	h_close(a);
	H_NEXT(spec, &m, "leave");
	CHECK(h_num(&m, 0) == 0, "ana's seat cleared at once: '%s'", m.line);
	h_snapshot(spec, &snap);
	CHECK(snap.players[0].state == BD_PLAYER_EMPTY && snap.game_state == BD_GAME_WAITING, "seat empty, waiting");
	h_close(spec);
	h_stop();

	table_open2(&t, "--away-ms", "60000", NULL, NULL);
	H_OK(t.o, "resign");
	H_WAIT(t.spec, &m, "state");
	CHECK(strcmp(m.tok[0], "over") == 0, "over: '%s'", m.line);
	int oid = t.o->id;
	h_close(t.o);
	H_NEXT(t.spec, &m, "leave");
	CHECK(h_num(&m, 0) == oid, "O's seat cleared at once: '%s'", m.line);
	H_NEXT(t.spec, &m, "state");
	CHECK(strcmp(m.tok[0], "waiting") == 0, "waiting: '%s'", m.line);
	table_close(&t);
}

/* The daemon killed with SIGKILL mid-match and started again: the position, seats, sides
 * and whose turn are back, the turn's deadline moved by the outage, the players take their
 * seats back with their tokens and play the game to its end. */
static void test_ttt_daemon_killed(void)
{
	struct table t;
	struct bd_msg m;
	char pos[TTT_POS_LEN + 1], err[256];
	uint64_t tok[2];
	int64_t deadline;

	table_open(&t, NULL, NULL);
	play_moves(&t, 0, "11 00 20");
	position(t.spec, pos);
	deadline = snap.turn_deadline_ms;
	CHECK(snap.turn == (uint32_t)t.o->id && deadline > 0, "O to move, deadline %lld", (long long)deadline);
	tok[0] = t.x->c.token, tok[1] = t.o->c.token;
	int xid = t.x->id, oid = t.o->id;
	h_crash_restart();
	h_close(t.a), h_close(t.b), h_close(t.spec);
	t.x = h_connect("ana-again"), t.o = h_connect("bob-again");
	REQUIRE(bd_client_enter(&t.x->c, "x", BD_ROLE_PLAYER, "main", tok[0], hd.prefix, err, sizeof err) == 0 &&
		bd_client_enter(&t.o->c, "o", BD_ROLE_PLAYER, "main", tok[1], hd.prefix, err, sizeof err) == 0,
		"seats back: %s", err);
	t.x->id = t.x->c.player, t.o->id = t.o->c.player;
	CHECK(t.x->id == xid && t.o->id == oid && t.x->c.token == tok[0] && t.o->c.token == tok[1],
	      "the same seats with their tokens: %d %d", t.x->id, t.o->id);
	t.spec = h_join("sam", BD_ROLE_SPECTATOR);
	t.a = t.x, t.b = t.o;
	H_WAIT(t.o, &m, "turn");
	CHECK(h_num(&m, 0) == oid, "still O's turn: '%s'", m.line);
	char now[TTT_POS_LEN + 1];
	position(t.spec, now);
	CHECK(strcmp(now, pos) == 0 && snap.players[xid].side == 0 && snap.players[oid].side == 1 &&
		      snap.turn == (uint32_t)oid,
	      "position %s (was %s), sides %u %u, turn %u", now, pos, snap.players[xid].side, snap.players[oid].side,
	      snap.turn);
	CHECK(snap.turn_deadline_ms > deadline, "the deadline moved by the outage: %lld then %lld", (long long)deadline,
	      (long long)snap.turn_deadline_ms);
	play_moves(&t, 1, "02 01 21 10 12 22");
	saw_end(&t, "draw", "-", 2, 2, "draw", "draw");
	table_close(&t);
}

/* A seat away because its player left stays away through a daemon restart, and still
 * expires to a forfeit: X, back with its token after the restart, wins. */
static void test_ttt_away_restart(void)
{
	struct table t;
	struct bd_msg m;

	table_open2(&t, "--away-ms", "6000", NULL, NULL);
	uint64_t tok = t.x->c.token;
	int xid = t.x->id, oid = t.o->id;
	h_close(t.o);
	H_WAIT(t.x, &m, "away");
	CHECK(h_num(&m, 0) == oid, "O away: '%s'", m.line);
	h_crash_restart();
	struct h_client *old = t.x;
	h_close(t.x), h_close(t.spec);
	t.x = seat_back(&t, old, tok, xid);
	wait_slow(t.x, &m, "forfeit");
	CHECK(h_num(&m, 0) == oid, "O forfeited: '%s'", m.line);
	H_NEXT(t.x, &m, "over");
	CHECK(strcmp(m.tok[1], "win") == 0, "X won: '%s'", m.line);
	H_NEXT(t.x, &m, "state");
	H_NEXT(t.x, &m, "leave");
	CHECK(h_num(&m, 0) == oid, "O's seat cleared: '%s'", m.line);
	table_close(&t);
}

/* Take both seats back after h_crash_restart (new connections, the old tokens). */
static void seats_back(struct table *t, const uint64_t tok[2], int xid, int oid)
{
	char err[256];

	h_close(t->a), h_close(t->b), h_close(t->spec);
	t->x = h_connect("ana-again"), t->o = h_connect("bob-again");
	REQUIRE(bd_client_enter(&t->x->c, "x", BD_ROLE_PLAYER, "main", tok[0], hd.prefix, err, sizeof err) == 0 &&
		bd_client_enter(&t->o->c, "o", BD_ROLE_PLAYER, "main", tok[1], hd.prefix, err, sizeof err) == 0,
		"seats back: %s", err);
	t->x->id = t->x->c.player, t->o->id = t->o->c.player;
	REQUIRE(t->x->id == xid && t->o->id == oid, "the same seats: %d %d", t->x->id, t->o->id);
	t->spec = h_join("sam", BD_ROLE_SPECTATOR);
	t->a = t->x, t->b = t->o;
}

/* A clock does not run while the table is frozen after a restart: X's 4 s clock, the daemon
 * killed on X's turn, the seats back only 6 s later; X still has time and moves. */
static void test_ttt_frozen_clock(void)
{
	struct table t;
	struct bd_msg m;
	uint64_t tok[2];

	table_open(&t, "--clock-ms", "4000");
	tok[0] = t.x->c.token, tok[1] = t.o->c.token;
	int xid = t.x->id, oid = t.o->id;
	h_crash_restart();
	sleep(6);
	seats_back(&t, tok, xid, oid);
	H_WAIT(t.x, &m, "turn");
	CHECK(h_num(&m, 0) == xid && h_num(&m, 1) > 0, "X's turn with time left: '%s'", m.line);
	play(&t, t.x, 1, 1);
	table_close(&t);
}

/* A rematch needs every seat: after a restart, the seat back alone cannot start the next
 * match (its rival would come back to a clock already running). */
static void test_ttt_rematch_away(void)
{
	struct table t;
	char err[256];
	uint64_t tok;

	table_open(&t, NULL, NULL);
	play_moves(&t, 0, "00 10 01 11 02");
	saw_end(&t, "X", "036", 0, 2, "win", "lose");
	tok = t.o->c.token;
	int oid = t.o->id;
	h_crash_restart();
	h_close(t.a), h_close(t.b), h_close(t.spec);
	t.o = h_connect("bob-again");
	REQUIRE(bd_client_enter(&t.o->c, "o", BD_ROLE_PLAYER, "main", tok, hd.prefix, err, sizeof err) == 0 &&
		t.o->c.player == oid, "O back: %s", err);
	H_ERR(t.o, "state", "rematch");
	h_close(t.o);
	table_close(&t);
}

/* Register this file's tests. */
void suite_tictactoe(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("tictactoe", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "x_wins", test_ttt_x_wins);
	CU_add_test(s, "o_wins", test_ttt_o_wins);
	CU_add_test(s, "draw", test_ttt_draw);
	CU_add_test(s, "bad_input", test_ttt_bad_input);
	CU_add_test(s, "resign", test_ttt_resign);
	CU_add_test(s, "draw_offer", test_ttt_draw_offer);
	CU_add_test(s, "rematch", test_ttt_rematch);
	CU_add_test(s, "claim", test_ttt_claim);
	CU_add_test(s, "clock", test_ttt_clock);
	CU_add_test(s, "left_mid_match", test_ttt_left_mid_match);
	CU_add_test(s, "back_in_time", test_ttt_back_in_time);
	CU_add_test(s, "away_clock", test_ttt_away_clock);
	CU_add_test(s, "leave_outside", test_ttt_leave_outside);
	CU_add_test(s, "daemon_killed", test_ttt_daemon_killed);
	CU_add_test(s, "frozen_clock", test_ttt_frozen_clock);
	CU_add_test(s, "rematch_away", test_ttt_rematch_away);
	CU_add_test(s, "away_restart", test_ttt_away_restart);
}
