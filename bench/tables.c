/* tables.c: tic-tac-toe's move round trip on many tables at once. Two players a table (one
 * process each) alternate moves, pausing before each as people do; as a game ends both ask
 * for a rematch and play on. The floor: the same players, each on a socketpair to one process
 * per table that keeps the position and writes boardd's lines (the reply and the events to
 * the mover, the events to the other). boardd and its floor take turns run by run. */
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "ipc/game/tictactoe.h"

#define TABLES_N 100       /* tables played at once */
#define TABLES_THINK_MS 20 /* a player's pause before each move */
#define TABLES_KEEP 1024   /* round trips kept per player and run */
#define TABLES_RUNS_MAX 9
#define TABLES_LIMIT_MS 600000 /* what boardd's turn events say: its per-move limit */

/* What the players of one run record: a shared mapping, they are processes. Only round
 * trips inside [from, to] (the rate's window, set before they start) are kept. */
struct tables_rec {
	int64_t from, to;
	struct {
		uint32_t n;
		float us[TABLES_KEEP];
	} m[2 * TABLES_N];
};

/* One run's players: boardd's tables (t) or the floor's socketpairs (fds: player i has
 * fds[i][0], its table process fds[i][1]). */
struct tables_arg {
	const struct target *t;
	int (*fds)[2];
	struct tables_rec *rec;
};

/* A player: its connection, the position from the move events, whether it is to move. */
struct seat {
	struct bd_client c;
	struct ttt_pos pos;
	int to_move;
	unsigned rng;
};

/* Connect player i: to boardd's table t<i/2>, or to its end of the floor's socketpair. */
static int tables_attach(struct seat *s, const struct tables_arg *a, unsigned i)
{
	char err[256], name[16], board[16];

	memset(s, 0, sizeof *s);
	ttt_pos_empty(&s->pos);
	s->rng = i + 1;
	if (a->t == NULL) {
		s->c.fd = a->fds[i][0];
		s->c.player = (int)(i % 2);
		return 0;
	}
	snprintf(name, sizeof name, "p%u", i);
	snprintf(board, sizeof board, "t%u", i / 2);
	if (bd_client_connect(&s->c, a->t->sock, err, sizeof err) < 0 ||
	    bd_client_enter(&s->c, name, BD_ROLE_PLAYER, board, 0, a->t->prefix, err, sizeof err) < 0) {
		fprintf(stderr, "boardd-bench: table %s: %s\n", board, err);
		return -1;
	}
	return 0;
}

/* Follow one event: whose turn, the position, a new game counted, and a rematch asked once
 * the match is over. 0, or -1 if the connection failed. */
static int tables_event(struct seat *s, const struct bd_msg *m, struct member *me)
{
	struct bd_event ev;
	struct bd_msg r;

	if (bd_msg_event(m, TTT_SIDE, &ev) < 0)
		return 0; /* an event the players need not follow */
	if (ev.type == BD_EV_TURN) {
		s->to_move = ev.player == s->c.player;
	} else if (ev.type == TTT_EV_MOVE && ttt_legal(&s->pos, ttt_ev(&ev)->cell)) {
		ttt_apply(&s->pos, ttt_ev(&ev)->cell);
	} else if (ev.type == BD_EV_STATE && ev.n == BD_GAME_ON) {
		ttt_pos_empty(&s->pos);
		__atomic_store_n(&me->events, me->events + 1, __ATOMIC_RELAXED); /* games begun */
	} else if (ev.type == BD_EV_STATE && ev.n == BD_GAME_OVER) {
		return bd_client_request(&s->c, &r, NULL, NULL, "rematch") < 0 ? -1 : 0;
	}
	return 0;
}

/* Think, make a random legal move and time it until its reply; 0, or -1 if the connection
 * failed. An ERR (none is expected) counts as a play that was not OK. */
static int tables_move(struct seat *s, struct member *me, struct tables_rec *rec, unsigned i)
{
	unsigned cells[TTT_CELLS], n = ttt_moves(&s->pos, cells);
	struct bd_msg r;

	s->to_move = 0;
	if (n == 0)
		return 0;
	unsigned cell = cells[(unsigned)rand_r(&s->rng) % n];
	clock_sleep_ms(TABLES_THINK_MS);
	int64_t t0 = clock_ns();
	int rc = bd_client_request(&s->c, &r, NULL, NULL, "move %u %u", cell % TTT_SIDE, cell / TTT_SIDE);
	int64_t t1 = clock_ns();
	if (rc < 0)
		return -1;
	__atomic_store_n(&me->plays, me->plays + 1, __ATOMIC_RELAXED);
	__atomic_store_n(&me->oks, me->oks + (rc == 0), __ATOMIC_RELAXED);
	if (rc == 0 && t0 >= rec->from && t1 <= rec->to && rec->m[i].n < TABLES_KEEP)
		rec->m[i].us[rec->m[i].n++] = (float)((double)(t1 - t0) / 1e3);
	return 0;
}

/* A crew member: player i attaches, then (after go) plays its turns until stopped. */
static void tables_player(struct crew_shm *sh, unsigned i, void *arg)
{
	const struct tables_arg *a = arg;
	struct seat s;
	struct bd_msg m;
	int ok = tables_attach(&s, a, i) == 0;

	crew_ready(sh, ok);
	while (ok && sem_wait(&sh->go) < 0)
		;
	while (ok && !__atomic_load_n(&sh->stop, __ATOMIC_RELAXED)) {
		if (s.to_move) {
			ok = tables_move(&s, &sh->m[i], a->rec, i) == 0;
			continue;
		}
		int rc = bd_client_read(&s.c, &m, 100);
		ok = rc >= 0 && (rc == 0 || m.kind != BD_MSG_EVENT || tables_event(&s, &m, &sh->m[i]) == 0);
	}
}

/* --- the floor: one process per table ------------------------------------------------ */

/* A floor table: both seats' sockets, their unread input, the game, and what is to be sent
 * to each seat (out[seat]) after a request. */
struct ftable {
	int fd[2];
	char in[2][BD_LINE_MAX + 1];
	size_t inlen[2];
	struct ttt_pos pos;
	uint64_t seq;
	unsigned game, x_seat, rematch;
	char result; /* of the last game: 'X', 'O', 'D' */
	char out[2][8 * BD_LINE_MAX];
	size_t outlen[2];
};

/* Add a line for seat (0 or 1), or for both (2). */
static void __attribute__((format(printf, 3, 4))) ftable_put(struct ftable *t, unsigned seat, const char *fmt, ...)
{
	for (unsigned s = 0; s < 2; s++) {
		va_list ap;
		size_t room = sizeof t->out[s] - t->outlen[s];
		if (seat != 2 && seat != s)
			continue;
		va_start(ap, fmt);
		int n = vsnprintf(t->out[s] + t->outlen[s], room, fmt, ap);
		va_end(ap);
		if (n > 0 && (size_t)n < room)
			t->outlen[s] += (size_t)n;
	}
}

/* Add the next event for seat (0 or 1) or both (2), formatted as boardd formats it (the
 * codec's); over carries each seat's own result and points. */
static void ftable_event(struct ftable *t, unsigned seat, struct bd_event *ev)
{
	ev->seq = ++t->seq;
	for (unsigned s = 0; s < 2; s++) {
		int won = (t->result == 'X') == (s == t->x_seat);
		const char *r = t->result == 'D' ? "draw" : won ? "win" : "lose";
		size_t room = sizeof t->out[s] - t->outlen[s];
		if (seat != 2 && seat != s)
			continue;
		int n = bd_event_format(t->out[s] + t->outlen[s], room, ev, TTT_SIDE, r,
					t->result == 'D' ? 1u : won ? 2u : 0u);
		if (n > 0 && (size_t)n < room)
			t->outlen[s] += (size_t)n;
	}
}

/* The state event of game t->game (on or over). */
static void ftable_state(struct ftable *t, unsigned state)
{
	struct bd_event ev = {.type = BD_EV_STATE, .n = state, .m = t->game, .to = BD_NO_PLAYER};

	ftable_event(t, 2, &ev);
}

/* The core's event type about seat, with n, for both seats. */
static void ftable_seat_event(struct ftable *t, unsigned type, unsigned seat, unsigned n)
{
	struct bd_event ev = {.type = (uint16_t)type, .player = (uint16_t)seat, .n = n, .to = BD_NO_PLAYER};

	ftable_event(t, 2, &ev);
}

/* A match begins: sides swapped from the last one, X to move (boardd's events). */
static void ftable_start(struct ftable *t)
{
	ttt_pos_empty(&t->pos);
	t->game++;
	t->x_seat ^= 1;
	t->rematch = 0;
	ftable_state(t, BD_GAME_ON);
	for (unsigned s = 0; s < 2; s++)
		ftable_seat_event(t, BD_EV_SIDE, s, s != t->x_seat);
	ftable_seat_event(t, BD_EV_TURN, t->x_seat, TABLES_LIMIT_MS);
}

/* seat asks for move x y: OK and the move's events (at the end: the line, over, state
 * over), or ERR. */
static void ftable_move(struct ftable *t, unsigned seat, unsigned x, unsigned y)
{
	struct bd_event ev = {.type = TTT_EV_MOVE, .player = (uint16_t)seat, .to = BD_NO_PLAYER};
	unsigned cell = y * TTT_SIDE + x, line[3];

	ttt_ev_w(&ev)->side = ttt_to_move(&t->pos);
	ttt_ev_w(&ev)->cell = (uint8_t)cell;
	if (x >= TTT_SIDE || y >= TTT_SIDE || (ttt_ev(&ev)->side == 'X') != (seat == t->x_seat) ||
	    !ttt_legal(&t->pos, cell)) {
		ftable_put(t, seat, "ERR turn not your turn, or not a legal move\n");
		return;
	}
	ftable_put(t, seat, "OK move %u %u\n", x, y);
	ttt_apply(&t->pos, cell);
	ftable_event(t, 2, &ev);
	if ((t->result = ttt_result(&t->pos, line)) == 0) {
		ftable_seat_event(t, BD_EV_TURN, seat ^ 1, TABLES_LIMIT_MS);
		return;
	}
	if (t->result != 'D') {
		ev = (struct bd_event){.type = TTT_EV_LINE, .to = BD_NO_PLAYER};
		ttt_ev_w(&ev)->side = t->result;
		memcpy(ttt_ev_w(&ev)->line, (uint8_t[3]){(uint8_t)line[0], (uint8_t)line[1], (uint8_t)line[2]}, 3);
		ftable_event(t, 2, &ev);
	}
	ev = (struct bd_event){.type = BD_EV_OVER, .n = 2, .to = BD_NO_PLAYER};
	ftable_event(t, 2, &ev);
	ftable_state(t, BD_GAME_OVER);
}

/* One request line from seat: a move or a rematch (the second starts the next match). */
static void ftable_request(struct ftable *t, unsigned seat, const char *line)
{
	unsigned x, y;

	if (sscanf(line, "move %u %u", &x, &y) == 2) {
		ftable_move(t, seat, x, y);
	} else if (strcmp(line, "rematch") == 0) {
		ftable_put(t, seat, "OK rematch\n");
		ftable_seat_event(t, BD_EV_REMATCH, seat, 0);
		if ((t->rematch |= 1u << seat) == 3)
			ftable_start(t);
	} else {
		ftable_put(t, seat, "ERR syntax unknown request\n");
	}
}

/* Read what seat sent, answer each whole line, and write out what is due: the mover's part
 * first, as boardd's mover's worker sends before the other's wakes. 0, or -1 at EOF. */
static int ftable_serve(struct ftable *t, unsigned seat)
{
	ssize_t r = read(t->fd[seat], t->in[seat] + t->inlen[seat], BD_LINE_MAX - t->inlen[seat]);
	char *nl;

	if (r <= 0)
		return -1;
	t->inlen[seat] += (size_t)r;
	t->in[seat][t->inlen[seat]] = '\0';
	while ((nl = strchr(t->in[seat], '\n')) != NULL) {
		*nl = '\0';
		ftable_request(t, seat, t->in[seat]);
		t->inlen[seat] -= (size_t)(nl + 1 - t->in[seat]);
		memmove(t->in[seat], nl + 1, t->inlen[seat] + 1);
	}
	for (unsigned k = 0; k < 2; k++) {
		unsigned s = seat ^ k;
		if (t->outlen[s] && floor_write(t->fd[s], t->out[s], t->outlen[s]) < 0)
			return -1;
		t->outlen[s] = 0;
	}
	return t->inlen[seat] == BD_LINE_MAX ? -1 : 0;
}

/* A crew member of the floor: table j's process, serving players 2j and 2j+1. */
static void tables_floor_table(struct crew_shm *sh, unsigned j, void *arg)
{
	const struct tables_arg *a = arg;
	struct ftable t = {0};
	struct pollfd p[2];

	t.fd[0] = a->fds[2 * j][1];
	t.fd[1] = a->fds[2 * j + 1][1];
	t.x_seat = 1; /* ftable_start swaps it: seat 0 plays X first */
	ftable_start(&t);
	crew_ready(sh, floor_write(t.fd[0], t.out[0], t.outlen[0]) == 0 &&
			       floor_write(t.fd[1], t.out[1], t.outlen[1]) == 0);
	t.outlen[0] = t.outlen[1] = 0;
	for (unsigned s = 0; s < 2; s++)
		p[s] = (struct pollfd){.fd = t.fd[s], .events = POLLIN};
	for (;;) {
		if (poll(p, 2, -1) < 0)
			continue;
		for (unsigned s = 0; s < 2; s++)
			if (p[s].revents && ftable_serve(&t, s) < 0)
				return;
	}
}

/* --- runs and the report ------------------------------------------------------------- */

/* CPU time of the server side (arg: the floor's table crew), for crew_rate. */
static int64_t tables_floor_cpu(const void *arg)
{
	const struct crew *c = arg;
	int64_t sum = 0;

	for (unsigned i = 0; i < c->n; i++)
		sum += proc_cpu_ns(c->pids[i]);
	return sum;
}

/* CPU time of the daemon (arg: its target), for crew_rate. */
static int64_t tables_daemon_cpu(const void *arg)
{
	return target_cpu_ns(arg);
}

/* The players of a->t's tables (or of the floor's, fds) play for ms after a warm-up of
 * ms / 5; their round trips in that window go to rtt, the rates to r. 0 or -1. */
static int tables_play(struct tables_arg *a, struct crew *tables, int ms, struct samples *rtt, struct rate *r)
{
	struct crew c = {0};
	int rc = -1;

	memset(a->rec, 0, sizeof *a->rec);
	a->rec->from = a->rec->to = INT64_MAX;
	if (crew_start(&c, 2 * TABLES_N, tables_player, a) == 0) {
		a->rec->from = clock_ns() + (int64_t)ms / 5 * 1000000;
		a->rec->to = a->rec->from + (int64_t)ms * 1000000;
		if (a->t != NULL)
			crew_rate(&c, ms / 5, ms, tables_daemon_cpu, a->t, r);
		else
			crew_rate(&c, ms / 5, ms, tables_floor_cpu, tables, r);
		for (unsigned i = 0; i < 2 * TABLES_N; i++)
			for (uint32_t k = 0; k < a->rec->m[i].n; k++)
				samples_add(rtt, a->rec->m[i].us[k]);
		rc = 0;
	}
	crew_stop(&c);
	return rc;
}

/* One run on a fresh boardd of TABLES_N tic-tac-toe tables. */
static int tables_daemon(struct tables_rec *rec, int ms, struct samples *rtt, struct rate *r)
{
	static char names[TABLES_N][24];
	const char *extra[2 * TABLES_N + 1];
	struct target t;

	for (unsigned j = 0; j < TABLES_N; j++) {
		snprintf(names[j], sizeof names[j], "t%u:tictactoe", j);
		extra[2 * j] = "--board";
		extra[2 * j + 1] = names[j];
	}
	extra[2 * TABLES_N] = NULL;
	if (target_start(&t, extra) < 0)
		return -1;
	struct tables_arg a = {.t = &t, .rec = rec};
	int rc = tables_play(&a, NULL, ms, rtt, r);
	target_stop(&t);
	return rc;
}

/* One run of the floor: TABLES_N table processes, each with two socketpairs. */
static int tables_floor(struct tables_rec *rec, int ms, struct samples *rtt, struct rate *r)
{
	static int fds[2 * TABLES_N][2];
	struct tables_arg a = {.fds = fds, .rec = rec};
	struct crew tables = {0};
	unsigned made = 0;
	int rc = -1;

	while (made < 2 * TABLES_N && socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds[made]) == 0)
		made++;
	if (made == 2 * TABLES_N && crew_start(&tables, TABLES_N, tables_floor_table, &a) == 0)
		rc = tables_play(&a, &tables, ms, rtt, r);
	crew_stop(&tables);
	for (unsigned i = 0; i < made; i++)
		close(fds[i][0]), close(fds[i][1]);
	return rc;
}

void tables_ttt(const struct plan *pl)
{
	struct tables_rec *rec = mmap(NULL, sizeof *rec, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct rate dr[TABLES_RUNS_MAX], fr[TABLES_RUNS_MAX], d = {NAN, NAN, NAN, NAN}, f = d;
	struct samples got = {0}, base = {0};
	unsigned runs = pl->quick ? 2 : pl->runs < TABLES_RUNS_MAX ? pl->runs : TABLES_RUNS_MAX, nd = 0, nf = 0;
	char name[72], note[120];

	for (unsigned i = 0; rec != MAP_FAILED && i < runs; i++) {
		nd += tables_daemon(rec, pl->run_ms, &got, &dr[nd]) == 0;
		nf += tables_floor(rec, pl->run_ms, &base, &fr[nf]) == 0;
	}
	if (nd)
		load_median(dr, nd, &d);
	if (nf)
		load_median(fr, nf, &f);
	snprintf(name, sizeof name, "move round trip, %u tic-tac-toe tables", TABLES_N);
	report_latency("tables", name, &got, &base, "1 process a table, same lines and pauses");
	snprintf(name, sizeof name, "moves/s, %u tic-tac-toe tables", TABLES_N);
	snprintf(note, sizeof note, "%d ms pause before each move; games/s %.0f (floor %.0f); ERR/s %.1f (floor %.1f)",
		 TABLES_THINK_MS, d.events_s / 2, f.events_s / 2, d.plays_s - d.oks_s, f.plays_s - f.oks_s);
	report_value("tables", name, "/s", d.oks_s, f.oks_s, "1 process a table, same lines and pauses", note);
	snprintf(name, sizeof name, "daemon CPU per move, %u tic-tac-toe tables", TABLES_N);
	report_value("tables", name, "us", d.cpu_us_per_play, f.cpu_us_per_play, "the floor's table processes",
		     "supervisor + every worker");
	samples_free(&got);
	samples_free(&base);
	if (rec != MAP_FAILED)
		munmap(rec, sizeof *rec);
}
