/* test_tafl.c: Hnefatafl (issue 12) played by real clients through a real boardd's lobby
 * (`play tafl`, then `join` of the table it made): a whole match won by the king's escape
 * with a spectator seeing every move and the end's reason, then a rematch with the sides
 * swapped ended by a draw agreed; a capture and illegal moves refused with the rule they break while the same
 * player moves again; a clock running out; a player's client killed mid-game (away, then
 * the forfeit); the daemon killed with kill -9 and resumed, its draws' memory kept: a
 * position seen twice before the crash and once after is a draw by repetition. */
#include <CUnit/CUnit.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "ipc/game/tafl.h"
#include "suites.h"

static struct bd_pub snap;

/* A match made by the lobby: two players, a spectator, the players by side. */
struct match {
	struct h_client *p[2], *spec;
	struct h_client *att, *def;
	char table[BD_BOARD_NAME_MAX + 1];
};

/* cl (hello'd) waits in tafl's queue with opts ("k=v ...", or NULL) until matched; the
 * table's name into table. */
static void queue(struct h_client *cl, const char *opts, char *table)
{
	struct bd_msg m;

	REQUIRE(bd_client_play(&cl->c, &m, "tafl", opts, NULL) == 0, "%s: play tafl: %s", cl->name, m.line);
	H_WAIT(cl, &m, "matched");
	REQUIRE(m.ntok == 2 && strcmp(m.tok[1], "tafl") == 0, "%s: '%s'", cl->name, m.line);
	snprintf(table, BD_BOARD_NAME_MAX + 1, "%s", m.tok[0]);
}

/* cl joins table (token 0: its reserved seat; a spectator: to watch) and maps it. */
static void sit(struct h_client *cl, const char *table, uint64_t token)
{
	char err[256];

	REQUIRE(bd_client_join(&cl->c, table, token, hd.prefix, err, sizeof err) == 0, "%s: join %s: %s", cl->name,
		table, err);
	cl->id = cl->c.player;
}

/* A hello'd client. */
static struct h_client *greeted(const char *name, enum bd_role role)
{
	struct h_client *cl = h_connect(name);
	char err[256];

	REQUIRE(bd_client_hello(&cl->c, name, role, err, sizeof err) == 0, "%s: hello: %s", name, err);
	return cl;
}

/* Who moves first (side 0) is the attackers; set att and def from the first turn event. */
static void sides_known(struct match *t)
{
	struct bd_msg m;

	H_WAIT(t->spec, &m, "turn");
	t->att = t->p[0]->id == h_num(&m, 0) ? t->p[0] : t->p[1];
	t->def = t->att == t->p[0] ? t->p[1] : t->p[0];
	h_snapshot(t->spec, &snap);
	CHECK(snap.players[t->att->id].side == TAFL_ATTACKERS && snap.players[t->def->id].side == TAFL_DEFENDERS &&
		      snap.turn == (uint32_t)t->att->id,
	      "attackers (side 0, seat %d) to move: sides %u %u, turn %u", t->att->id, snap.players[t->att->id].side,
	      snap.players[t->def->id].side, snap.turn);
}

/* Two players matched through the lobby with opts, seated, and a spectator watching. */
static void match_open(struct match *t, const char *opts)
{
	char other[BD_BOARD_NAME_MAX + 1];

	t->p[0] = greeted("ana", BD_ROLE_PLAYER);
	t->p[1] = greeted("bob", BD_ROLE_PLAYER);
	REQUIRE(bd_client_play(&t->p[0]->c, &(struct bd_msg){0}, "tafl", opts, NULL) == 0, "ana waits");
	queue(t->p[1], opts, t->table);
	struct bd_msg m;
	H_WAIT(t->p[0], &m, "matched");
	snprintf(other, sizeof other, "%s", m.tok[0]);
	CHECK(strcmp(other, t->table) == 0 && strncmp(t->table, "tafl-", 5) == 0, "one table: %s %s", other, t->table);
	t->spec = greeted("sam", BD_ROLE_SPECTATOR);
	sit(t->spec, t->table, 0); /* first: it sees the match start */
	sit(t->p[0], t->table, 0);
	sit(t->p[1], t->table, 0);
	sides_known(t);
}

/* Every client sees the next tmove (skipping turns): `tmove SEAT SIDE MOVE`. */
static void saw_move(struct match *t, struct h_client *who, const char *move)
{
	struct h_client *all[3] = {t->p[0], t->p[1], t->spec};
	struct bd_msg m;

	for (unsigned i = 0; i < 3; i++) {
		H_WAIT(all[i], &m, "tmove");
		CHECK(m.ntok == 3 && h_num(&m, 0) == who->id &&
			      strcmp(m.tok[1], who == t->att ? "attackers" : "defenders") == 0 && strcmp(m.tok[2], move) == 0,
		      "%s saw '%s', wanted tmove %d %s", all[i]->name, m.line, who->id, move);
	}
}

/* Play n moves in turn, attackers first unless def_first; the events show each as written,
 * or as shown[i] (with its captures) if shown is not NULL. */
static void play(struct match *t, int def_first, const char *const *moves, const char *const *shown, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct h_client *who = (i % 2 == 0) != (def_first != 0) ? t->att : t->def;
		H_OK(who, "move %s", moves[i]);
		saw_move(t, who, shown != NULL ? shown[i] : moves[i]);
	}
}

/* Everyone sees the end: `tend WHY WINNER`, then the over with its own result, then the state. */
static void saw_end(struct match *t, const char *why, const char *winner, const char *att_res, const char *def_res)
{
	struct h_client *all[3] = {t->att, t->def, t->spec};
	const char *res[3] = {att_res, def_res, "none"};
	struct bd_msg m;

	for (unsigned i = 0; i < 3; i++) {
		H_WAIT(all[i], &m, "tend");
		CHECK(m.ntok == 2 && strcmp(m.tok[0], why) == 0 && strcmp(m.tok[1], winner) == 0,
		      "%s saw '%s', wanted tend %s %s", all[i]->name, m.line, why, winner);
		H_NEXT(all[i], &m, "over");
		CHECK(m.ntok == 3 && strcmp(m.tok[1], res[i]) == 0, "%s: '%s', wanted %s", all[i]->name, m.line, res[i]);
		H_NEXT(all[i], &m, "state");
		CHECK(strcmp(m.tok[0], "over") == 0, "%s: '%s'", all[i]->name, m.line);
	}
}

/* The position the table shows, in notation. */
static void position(struct h_client *cl, char out[TAFL_POS_LEN])
{
	struct tafl_pos p;
	const struct tafl_pub *a;

	h_snapshot(cl, &snap);
	a = tafl_pub_area(&snap);
	REQUIRE(a != NULL, "the table is not tafl (kind %u)", snap.game_kind);
	tafl_pub_pos(a, &p);
	tafl_pos_format(&p, out);
}

static void match_close(struct match *t)
{
	h_close(t->p[0]), h_close(t->p[1]), h_close(t->spec);
	h_stop();
}

/* The king's quickest way out: f5 steps aside, the king goes f5, f7, i7 and escapes to i9. */
static const char *const escape[] = {"a4-a3", "f5-f8", "a3-a4", "Ke5-f5", "a4-a3", "Kf5-f7", "a3-a4", "Kf7-i7",
				     "a4-a3", "Ki7-i9"};

/* A whole match through the lobby: the defenders win by the king's escape; the spectator
 * sees every move and the end; a rematch swaps the sides, and a draw offered and accepted
 * ends it. */
static void test_tafl_lobby_match(void)
{
	struct match t;
	struct bd_msg m;
	char pos[TAFL_POS_LEN];

	h_start("--away-ms", "60000", NULL);
	match_open(&t, NULL);
	play(&t, 0, escape, NULL, 10);
	saw_end(&t, "escaped", "defenders", "lose", "win");
	position(t.spec, pos);
	CHECK(strcmp(pos, "/3ttt2K/4tT3/4T4/t3T3t/ttTT2Ttt/4T3t/t3T4/4t4/3ttt3/ attackers") == 0, "position %s", pos);
	CHECK(tafl_pub_area(&snap)->end == TAFL_END_ESCAPED && tafl_pub_area(&snap)->plies == 10 &&
		      snap.players[t.def->id].result == BD_RESULT_WIN && snap.players[t.att->id].result == BD_RESULT_LOSE,
	      "end %u, plies %u", tafl_pub_area(&snap)->end, tafl_pub_area(&snap)->plies);
	H_ERR(t.att, "over", "move a3-a4");
	struct h_client *old_def = t.def;
	H_OK(t.att, "rematch");
	H_OK(t.def, "rematch");
	H_WAIT(t.spec, &m, "state");
	CHECK(strcmp(m.tok[0], "on") == 0, "on again: '%s'", m.line);
	sides_known(&t);
	CHECK(t.att == old_def, "the sides swapped: the defender now attacks");
	position(t.spec, pos);
	CHECK(strcmp(pos, TAFL_START " attackers") == 0 && tafl_pub_area(&snap)->last_to == TAFL_NO_CELL,
	      "a new start: %s", pos);
	play(&t, 0, escape, NULL, 1);
	h_send(t.def, "draw");
	REQUIRE(h_reply(t.def, &m, NULL, NULL) == 0 && strcmp(m.line, "OK draw offered") == 0, "offer: '%s'", m.line);
	H_WAIT(t.spec, &m, "offer");
	CHECK(h_num(&m, 0) == t.def->id, "the defenders offer: '%s'", m.line);
	h_send(t.att, "draw");
	REQUIRE(h_reply(t.att, &m, NULL, NULL) == 0 && strcmp(m.line, "OK draw agreed") == 0, "agreed: '%s'", m.line);
	H_WAIT(t.att, &m, "over");
	CHECK(strcmp(m.tok[1], "draw") == 0, "drawn by agreement: '%s'", m.line);
	H_WAIT(t.spec, &m, "over");
	match_close(&t);
}

/* A capture as the events write it; illegal moves refused with the rule they break, the
 * position and the turn unchanged, and the same player then moves; a malformed move. */
static void test_tafl_illegal_retried(void)
{
	static const char *const moves[] = {"d9-d6", "e7-d7"}, *const shown[] = {"d9-d6", "e7-d7xd6"};
	static const struct { const char *move, *why; } bad[] = {
		{"d9-e9", "the destination is taken"},     {"e5-e6", "that piece is the other side's"},
		{"a4-b3", "a piece moves along its row or its column only"}, {"d9-d1", "a piece may not jump over another"},
		{"b2-b3", "there is no piece to move there"},
		{"a6-a9", "only the king may stop on a corner"}, {"a4-a4", "a move must go somewhere: no passing"},
	};
	struct match t;
	struct bd_msg m;
	char before[TAFL_POS_LEN], after[TAFL_POS_LEN];

	h_start("--away-ms", "60000", NULL);
	match_open(&t, NULL);
	position(t.spec, before);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		h_send(t.att, "move %s", bad[i].move);
		REQUIRE(h_reply(t.att, &m, NULL, NULL) == 1, "move %s taken", bad[i].move);
		CHECK(strcmp(m.word, "illegal") == 0 && strcmp(m.text, bad[i].why) == 0, "move %s: '%s', wanted %s",
		      bad[i].move, m.line, bad[i].why);
	}
	H_ERR(t.att, "syntax", "move e4");
	H_ERR(t.att, "syntax", "move a4-a3 a3-a4");
	H_ERR(t.def, "turn", "move e3-d3");
	position(t.spec, after);
	CHECK(strcmp(before, after) == 0 && snap.turn == (uint32_t)t.att->id, "unchanged: %s, turn %u", after, snap.turn);
	H_QUIET(t.spec, 200); /* no event for a refused move */
	play(&t, 0, moves, shown, 2);
	position(t.spec, after);
	CHECK(strcmp(after, "/4tt3/4t4/3T5/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ attackers") == 0 &&
		      tafl_pub_area(&snap)->ncap == 1 && tafl_pub_area(&snap)->cap[0] == tafl_cell_parse("d6"),
	      "after the capture: %s", after);
	match_close(&t);
}

/* A clock that runs out loses: the attackers only send illegal moves, each refused and asked
 * again while their clock runs on (a refusal neither stops nor restarts it). */
static void test_tafl_clock(void)
{
	struct match t;
	struct bd_msg m, r;
	int tries = 0;

	h_start("--away-ms", "60000", NULL);
	match_open(&t, "clock-ms=1500");
	for (int got = 0; !got; tries++) {
		REQUIRE(tries < 300, "no flag within 300 refused moves (30 s or more) of a 1.5 s clock");
		h_send(t.att, "move d9-e9");
		REQUIRE(h_reply(t.att, &r, NULL, NULL) == 1, "an illegal move taken: '%s'", r.line);
		while (!got && h_event(t.spec, &m, 100))
			got = strcmp(m.word, "flag") == 0;
	}
	CHECK(tries > 1, "the flag fell after %d refused moves", tries);
	CHECK(h_num(&m, 0) == t.att->id, "the attackers' flag fell: '%s'", m.line);
	H_NEXT(t.spec, &m, "over");
	H_WAIT(t.att, &m, "over");
	CHECK(strcmp(m.tok[1], "lose") == 0, "attackers: '%s'", m.line);
	H_WAIT(t.def, &m, "over");
	CHECK(strcmp(m.tok[1], "win") == 0, "defenders: '%s'", m.line);
	H_ERR(t.def, "over", "move e3-d3");
	match_close(&t);
}

/* A player in another process, queued for tafl and seated at the table it is matched to,
 * so that it can be killed; its pid. */
static pid_t player_process(const char *name)
{
	char err[256], table[BD_BOARD_NAME_MAX + 1];
	pid_t pid = fork();

	REQUIRE(pid >= 0, "fork");
	if (pid == 0) {
		struct bd_client cl;
		struct bd_msg m;
		if (bd_client_connect(&cl, hd.sock, err, sizeof err) < 0 ||
		    bd_client_hello(&cl, name, BD_ROLE_PLAYER, err, sizeof err) < 0 ||
		    bd_client_play(&cl, &m, "tafl", NULL, NULL) != 0)
			_exit(1);
		do
			if (bd_client_read(&cl, &m, 30000) <= 0)
				_exit(1);
		while (m.kind != BD_MSG_EVENT || strcmp(m.word, "matched") != 0);
		snprintf(table, sizeof table, "%s", m.tok[0]);
		if (bd_client_join(&cl, table, 0, hd.prefix, err, sizeof err) != 0)
			_exit(1);
		for (;;)
			pause();
	}
	h_child(pid);
	return pid;
}

/* A player's client killed with kill -9 mid-game: the other and a spectator see `away`,
 * then the forfeit and the stayer's win. */
static void test_tafl_client_killed(void)
{
	struct h_client *a, *spec;
	struct bd_msg m;
	char table[BD_BOARD_NAME_MAX + 1];

	h_start("--away-ms", "1500", NULL);
	pid_t pid = player_process("kim");
	a = greeted("ana", BD_ROLE_PLAYER);
	queue(a, NULL, table);
	sit(a, table, 0);
	spec = greeted("sam", BD_ROLE_SPECTATOR);
	sit(spec, table, 0);
	H_WAIT(a, &m, "turn");
	long other = a->id == 0 ? 1 : 0;
	if (h_num(&m, 0) == a->id) { /* a move first, so that it is mid-game */
		H_OK(a, "move a4-a3");
		H_WAIT(a, &m, "tmove");
	}
	h_snapshot(spec, &snap);
	CHECK(snap.game_state == BD_GAME_ON && snap.players[other].state == BD_PLAYER_PLAYING, "kim seated, on");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	struct h_client *both[2] = {a, spec};
	for (unsigned i = 0; i < 2; i++) {
		H_WAIT(both[i], &m, "away");
		CHECK(h_num(&m, 0) == other, "%s: '%s'", both[i]->name, m.line);
		for (int got = 0; !got;) {
			REQUIRE(h_event(both[i], &m, 30000), "%s: no forfeit within 30 s", both[i]->name);
			got = strcmp(m.word, "forfeit") == 0;
		}
		H_WAIT(both[i], &m, "over");
		CHECK(strcmp(m.tok[1], i == 0 ? "win" : "none") == 0, "%s: '%s'", both[i]->name, m.line);
	}
	h_close(a), h_close(spec);
	h_stop();
}

/* The daemon killed with kill -9 mid-game and started again: the players take their seats
 * back with their tokens, the position and the turn are back, and so is the memory of the
 * draws: the start, seen twice before the crash, comes a third time after it: a draw. */
static void test_tafl_daemon_killed(void)
{
	static const char *const shuffle[] = {"a4-a3", "e3-d3", "a3-a4", "d3-e3"};
	struct match t;
	char before[TAFL_POS_LEN], after[TAFL_POS_LEN], err[256];

	h_start("--away-ms", "60000", NULL);
	match_open(&t, NULL);
	play(&t, 0, shuffle, NULL, 4);
	position(t.spec, before);
	CHECK(tafl_pub_area(&snap)->repeats == 2, "the start twice: %u", tafl_pub_area(&snap)->repeats);
	uint64_t tok[2] = {t.att->c.token, t.def->c.token};
	int aid = t.att->id, did = t.def->id;
	h_crash_restart();
	h_close(t.p[0]), h_close(t.p[1]), h_close(t.spec);
	t.att = t.p[0] = greeted("ana", BD_ROLE_PLAYER);
	t.def = t.p[1] = greeted("bob", BD_ROLE_PLAYER);
	REQUIRE(bd_client_join(&t.att->c, t.table, tok[0], hd.prefix, err, sizeof err) == 0 &&
			bd_client_join(&t.def->c, t.table, tok[1], hd.prefix, err, sizeof err) == 0,
		"seats back at %s: %s", t.table, err);
	t.att->id = t.att->c.player, t.def->id = t.def->c.player;
	CHECK(t.att->id == aid && t.def->id == did, "the same seats: %d %d", t.att->id, t.def->id);
	t.spec = greeted("sam", BD_ROLE_SPECTATOR);
	sit(t.spec, t.table, 0);
	position(t.spec, after);
	CHECK(strcmp(before, after) == 0 && snap.turn == (uint32_t)aid && snap.players[aid].side == TAFL_ATTACKERS,
	      "position %s (was %s), turn %u", after, before, snap.turn);
	play(&t, 0, shuffle, NULL, 4);
	saw_end(&t, "repetition", "none", "draw", "draw");
	match_close(&t);
}

/* The table's option draw-plies (play tafl draw-plies=3): three plies without a capture
 * end the game drawn (`tend quiet none`). */
static void test_tafl_draw_plies(void)
{
	static const char *const quiet[] = {"a4-a3", "e3-d3", "a3-a4"};
	struct match t;

	h_start("--away-ms", "60000", NULL);
	match_open(&t, "draw-plies=3");
	h_snapshot(t.spec, &snap);
	CHECK(tafl_pub_area(&snap)->draw_plies == 3, "draw-plies %u", tafl_pub_area(&snap)->draw_plies);
	play(&t, 0, quiet, NULL, 3);
	saw_end(&t, "quiet", "none", "draw", "draw");
	match_close(&t);
}

void suite_tafl(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("tafl", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "lobby_match", test_tafl_lobby_match);
	CU_add_test(s, "illegal_retried", test_tafl_illegal_retried);
	CU_add_test(s, "clock", test_tafl_clock);
	CU_add_test(s, "client_killed", test_tafl_client_killed);
	CU_add_test(s, "daemon_killed", test_tafl_daemon_killed);
	CU_add_test(s, "draw_plies", test_tafl_draw_plies);
}
