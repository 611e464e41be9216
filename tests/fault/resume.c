/* resume.c: bd-fault resume: lobby tables and the queue across a daemon killed with -9 and
 * started again (by the test) on the same socket and prefix.
 * Before: --tables pairs each matched through the lobby, seated, one move each (X 0 0, O 1 0);
 * two players waiting in the tic-tac-toe queue with options that keep them apart; then the
 * file --ready is made. Then: every connection must end (the daemon is gone). Once the new
 * daemon answers: each table's players take their seats back with their tokens and finish
 * the game (X 1 1, O 2 0, X 2 2: X wins on the diagonal, each told its result); the two
 * waiting players connect again, play, and are matched together at a new table.
 *
 *   bd-fault resume --ready FILE [--tables 2]
 */
#include "fault.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define RESUME_TABLES_MAX 8

struct seat {
	struct bd_client c;
	char name[16];
	char table[BD_BOARD_NAME_MAX + 1];
	char token[24];
	long seat;
};

/* Connect as name and say hello; die if refused. */
static void resume_hello(struct seat *s)
{
	struct bd_msg r;

	player_connect(&s->c);
	if (player_request(&s->c, &r, "hello %s player", s->name) != 0)
		die("hello %s: %s %s", s->name, r.word, r.text);
}

/* s plays how; die if refused. */
static void resume_play(struct seat *s, const char *how)
{
	struct bd_msg r;

	if (player_request(&s->c, &r, "play %s", how) != 0)
		die("%s: play %s: %s %s", s->name, how, r.word, r.text);
}

/* Await s's matched event (15 s), its table into s->table. */
static void resume_matched(struct seat *s)
{
	struct bd_msg m;

	if (!player_await(&s->c, "matched", -1, 15000, &m) || m.ntok < 2)
		die("%s: no matched event within 15 s", s->name);
	snprintf(s->table, sizeof s->table, "%s", m.tok[0]);
}

/* Two seats play naming each other; both must be matched at the same table. */
static void resume_pair(struct seat *a, struct seat *b, const char *how)
{
	char line[64];

	snprintf(line, sizeof line, "%s opponent=%s", how, b->name);
	resume_play(a, line);
	snprintf(line, sizeof line, "%s opponent=%s", how, a->name);
	resume_play(b, line);
	resume_matched(a);
	resume_matched(b);
	if (strcmp(a->table, b->table) != 0)
		die("%s matched at %s, %s at %s", a->name, a->table, b->name, b->table);
}

/* s joins its table, with its token if it has one: OK, the seat it had (if any), and the
 * token it holds now. */
static void resume_join(struct seat *s)
{
	struct bd_msg r;

	if (player_request(&s->c, &r, "join %s%s%s", s->table, s->token[0] ? " " : "", s->token) != 0 ||
	    r.ntok < 6)
		die("%s: join %s %s: %s %s", s->name, s->table, s->token, r.word, r.text);
	long seat = bd_parse_uint(r.tok[1]);
	if (s->token[0] && seat != s->seat)
		die("%s: took seat %ld back at %s, had %ld", s->name, seat, s->table, s->seat);
	s->seat = seat;
	snprintf(s->token, sizeof s->token, "%s", r.tok[4]);
}

/* s moves at x y; a resumed table may refuse it until both seats are back and it runs
 * again: retry for 10 s, then die. */
static void resume_move(struct seat *s, unsigned x, unsigned y)
{
	struct bd_msg r;

	for (int64_t end = now_us() + 10000000; player_request(&s->c, &r, "move %u %u", x, y) != 0;) {
		if (now_us() > end)
			die("%s: move %u %u at %s: %s %s", s->name, x, y, s->table, r.word, r.text);
		sleep_us(100000);
	}
}

/* Wait up to 15 s for s's connection to end; die if it does not. */
static void resume_ended(struct seat *s)
{
	struct bd_msg m;

	for (int64_t end = now_us() + 15000000; now_us() < end;)
		if (bd_client_read(&s->c, &m, 500) < 0) {
			bd_client_close(&s->c);
			return;
		}
	die("%s: its connection did not end after the daemon was killed", s->name);
}

/* Connect again once the new daemon answers (30 s at most). */
static void resume_reconnect(struct seat *s)
{
	char path[108], err[256];
	struct bd_msg r;

	bd_default_socket(path, sizeof path);
	for (int64_t end = now_us() + 30000000; bd_client_connect(&s->c, path, err, sizeof err) < 0; sleep_us(100000))
		if (now_us() > end)
			die("%s: the daemon did not come back: %s", s->name, err);
	if (player_request(&s->c, &r, "hello %s player", s->name) != 0)
		die("hello %s: %s %s", s->name, r.word, r.text);
}

/* Await s's over event and check its result word. */
static void resume_result(struct seat *s, const char *want)
{
	struct bd_msg m;

	if (!player_await(&s->c, "over", -1, 10000, &m) || m.ntok < 2)
		die("%s: no over event at %s", s->name, s->table);
	if (strcmp(m.tok[1], want) != 0)
		die("%s at %s: %s, want %s (%s)", s->name, s->table, m.tok[1], want, m.line);
}

/* Table t's pair (p[0], p[1]) before the kill: matched, seated, X then O moved; p[x] is X. */
static void resume_before(struct seat *p, int *x)
{
	struct bd_msg m;

	resume_pair(&p[0], &p[1], "tictactoe");
	resume_join(&p[0]);
	resume_join(&p[1]);
	if (!player_await(&p[0].c, "turn", -1, 10000, &m) || m.ntok < 1)
		die("%s: no turn event at %s", p[0].name, p[0].table);
	*x = bd_parse_uint(m.tok[0]) == p[1].seat;
	resume_move(&p[*x], 0, 0);
	resume_move(&p[!*x], 1, 0);
}

int cmd_resume(void)
{
	const char *ready = opt_str("ready", NULL);
	unsigned n = (unsigned)opt_num("tables", 2);
	struct seat p[RESUME_TABLES_MAX][2], w[2];
	int x[RESUME_TABLES_MAX];

	opts_done();
	if (ready == NULL || n < 1 || n > RESUME_TABLES_MAX)
		die("usage: resume --ready FILE [--tables 1..%d]", RESUME_TABLES_MAX);
	memset(p, 0, sizeof p);
	memset(w, 0, sizeof w);
	for (unsigned t = 0; t < n; t++) {
		for (int i = 0; i < 2; i++) {
			snprintf(p[t][i].name, sizeof p[t][i].name, "%c%u", "px"[i], t);
			resume_hello(&p[t][i]);
		}
		resume_before(p[t], &x[t]);
		say("table %s: %s (X) and %s (O) seated, one move each", p[t][0].table, p[t][x[t]].name, p[t][!x[t]].name);
	}
	for (int i = 0; i < 2; i++) {
		snprintf(w[i].name, sizeof w[i].name, "wait%d", i);
		resume_hello(&w[i]);
		resume_play(&w[i], i ? "tictactoe move-limit-ms=60000" : "tictactoe move-limit-ms=120000");
		struct bd_msg m;
		if (!player_await(&w[i].c, "wait", -1, 10000, &m))
			die("%s: no wait event", w[i].name);
	}
	say("2 players waiting; ready");
	FILE *f = fopen(ready, "w");
	if (f == NULL || fclose(f) != 0)
		die("cannot make %s: %s", ready, strerror(errno));

	for (unsigned t = 0; t < n; t++)
		resume_ended(&p[t][0]), resume_ended(&p[t][1]);
	resume_ended(&w[0]);
	resume_ended(&w[1]);
	say("every connection ended with the daemon");

	for (unsigned t = 0; t < n; t++) {
		for (int i = 0; i < 2; i++) {
			resume_reconnect(&p[t][i]);
			resume_join(&p[t][i]);
		}
		struct seat *X = &p[t][x[t]], *O = &p[t][!x[t]];
		resume_move(X, 1, 1);
		resume_move(O, 2, 0);
		resume_move(X, 2, 2);
		resume_result(X, "win");
		resume_result(O, "lose");
		say("table %s resumed: both seats taken back with their tokens, X won", X->table);
	}
	resume_reconnect(&w[0]);
	resume_reconnect(&w[1]);
	resume_pair(&w[0], &w[1], "tictactoe");
	for (unsigned t = 0; t < n; t++)
		if (strcmp(w[0].table, p[t][0].table) == 0)
			die("the waiting players were matched at %s, a resumed table", w[0].table);
	say("the waiting players played again and were matched at %s", w[0].table);
	for (unsigned t = 0; t < n; t++)
		bd_client_close(&p[t][0].c), bd_client_close(&p[t][1].c);
	bd_client_close(&w[0].c);
	bd_client_close(&w[1].c);
	return 0;
}
