/* test_clients.c: what every connection gets: spectators see every event and pick nothing,
 * every player has a colour of its own, the client library keeps events that arrive during
 * a request, and a stopping daemon says goodbye to everyone and leaves nothing behind. */
#include <CUnit/CUnit.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "ipc/clock.h"
#include "ipc/shm.h"
#include "suites.h"

static struct bd_pub snap;

/* Every event line a client has, from seq `from` on, into lines[]; returns how many. */
static unsigned collect(struct h_client *cl, char (*lines)[BD_LINE_MAX + 1], unsigned max, uint64_t from)
{
	struct bd_msg m;
	unsigned n = 0;

	while (n < max && h_event(cl, &m, 200))
		if (m.seq >= from)
			snprintf(lines[n++], BD_LINE_MAX + 1, "%s", m.line);
	return n;
}

/* A spectator gets every event of the board (the same lines as a player, but its own over
 * result), appears in no seat, and cannot pick. */
static void test_spectator(void)
{
	static char seen_s[256][BD_LINE_MAX + 1], seen_b[256][BD_LINE_MAX + 1];
	struct h_client *s, *a, *b;
	struct bd_msg r;
	unsigned c1, c2;

	h_start("--board", "main:4", "--min-players", "2", "--first-pick-ms", "300", "--mismatch-ms", "100", NULL);
	s = h_connect("sam");
	CHECK(H_OK(s, "hello sam spectator"), "hello as spectator refused");
	h_send(s, "join main");
	CHECK(h_reply(s, &r, NULL, NULL) == 0 && strncmp(r.line, "OK join main - - 4 - ", 21) == 0 && r.ntok == 6 &&
	      bd_obj_split(r.tok[5], NULL, NULL, NULL) == 0, "spectator join: '%s'", r.line);
	char segment[BD_OBJ_NAME_MAX];
	snprintf(segment, sizeof segment, "%s", r.ntok == 6 ? r.tok[5] : "");
	H_ERR(s, "again", "join main");
	char why[256];
	s->c.pub = bd_pub_map_ro(segment, geteuid(), why, sizeof why);
	s->c.dim = 4;
	a = h_join("ana", BD_ROLE_PLAYER);
	b = h_join("bob", BD_ROLE_BOT);
	H_PICK(s, 0, "spectator");
	h_find_pair(a, 0, &c1, &c2);
	H_PICK(a, c1, NULL);
	H_PICK(b, c1, "filled");
	H_PICK(a, c2, NULL); /* mismatch, then both down */
	struct bd_msg m;
	H_WAIT(a, &m, "down");
	H_NEXT(a, &m, "down");
	H_PICK(b, c1, NULL); /* up, then a timeout */
	H_PICK(s, c2, "spectator");
	H_WAIT(a, &m, "down");
	h_match(a, NULL);
	H_OK(s, "players");
	H_OK(s, "cards");
	h_snapshot(s, &snap);
	CHECK(snap.nplaying == 2, "the spectator took a seat (%u seats)", snap.nplaying);
	H_OK(a, "quit");
	/* Compare from bob's join on (bob only made requests, so every event he got is still
	 * unread): the spectator must have every line bob has. */
	unsigned nb = collect(b, seen_b, 256, 0);
	REQUIRE(nb > 8, "bob saw only %u events", nb);
	struct bd_msg first;
	bd_msg_parse(seen_b[0], &first);
	unsigned ns = collect(s, seen_s, 256, first.seq);
	CHECK(ns == nb, "the spectator saw %u events, bob %u", ns, nb);
	for (unsigned i = 0; i < nb && i < ns; i++)
		CHECK(strcmp(seen_s[i], seen_b[i]) == 0, "event %u: spectator '%s', bob '%s'", i, seen_s[i], seen_b[i]);
	h_stop();
}

/* One PLAYER line's colour. */
static void colour_line(const struct bd_msg *m, void *arg)
{
	char (*colours)[8] = arg;
	long id = h_num(m, 0);
	if (strcmp(m->word, "PLAYER") == 0 && m->ntok == 6 && id >= 0 && id < 64)
		snprintf(colours[id], 8, "%s", m->tok[2]);
}

/* Every seated player has a colour no other has, in the players reply and the segment, and
 * the one its join event announced (watcher has seen every join). */
static void check_colours(struct h_client *watcher, struct h_client **players, unsigned n)
{
	static char joined[64][8];
	char colours[64][8];
	struct bd_msg m;

	/* Every event the board has emitted by now (its number in the segment), however slowly
	 * a loaded machine forwards them. */
	uint64_t target = __atomic_load_n(&watcher->c.pub->event_seq, __ATOMIC_ACQUIRE);
	while (watcher->last_seq < target && h_event(watcher, &m, H_TIMEOUT_MS))
		if (strcmp(m.word, "join") == 0 && m.ntok == 4 && h_num(&m, 0) >= 0 && h_num(&m, 0) < 64)
			snprintf(joined[h_num(&m, 0)], 8, "%s", m.tok[1]);
	memset(colours, 0, sizeof colours);
	h_send(watcher, "players");
	REQUIRE(h_reply(watcher, &m, colour_line, colours) == 0 && h_num(&m, 0) == n, "players: '%s'", m.line);
	h_snapshot(watcher, &snap);
	for (unsigned i = 0; i < n; i++) {
		int p = players[i]->id;
		CHECK(strcmp(colours[p], joined[p]) == 0, "player %d has colour %s, its join said %s", p, colours[p],
		      joined[p]);
		for (unsigned j = i + 1; j < n; j++) {
			int q = players[j]->id;
			CHECK(strcmp(colours[p], colours[q]) != 0, "players %d and %d both have colour %s", p, q, colours[p]);
			CHECK(snap.players[p].colour != snap.players[q].colour, "seats %d and %d share colour index %u", p,
			      q, snap.players[p].colour);
		}
	}
}

/* 12 players, then 4 seats given back and taken again: colours stay distinct. */
static void test_colours(void)
{
	struct h_client *p[12];
	char name[16];

	h_start("--min-players", "2", NULL);
	for (unsigned i = 0; i < 12; i++) {
		snprintf(name, sizeof name, "p%u", i);
		p[i] = h_join(name, i % 2 ? BD_ROLE_BOT : BD_ROLE_PLAYER);
	}
	check_colours(p[0], p, 12);
	for (unsigned i = 2; i < 12; i += 3) { /* give back seats in the middle, take new ones */
		H_OK(p[i], "quit");
		h_close(p[i]);
		snprintf(name, sizeof name, "q%u", i);
		p[i] = h_join(name, BD_ROLE_PLAYER);
	}
	check_colours(p[0], p, 12);
	h_stop();
}

/* An event that arrives while bd_client_request waits for its reply is kept, whole, for the
 * next bd_client_read. */
static void test_library_queue(void)
{
	struct h_client *a, *b;
	struct bd_msg r;

	h_start("--min-players", "1", "--first-pick-ms", "5000", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	b = h_join("bob", BD_ROLE_PLAYER);
	h_drain(a);
	H_PICK(b, 3, NULL);
	struct pollfd pfd = {.fd = a->c.fd, .events = POLLIN}; /* the event is there before we ask */
	CHECK(poll(&pfd, 1, H_TIMEOUT_MS) == 1, "ana got no event");
	CHECK(bd_client_request(&a->c, &r, NULL, NULL, "ping") == 0, "ping: '%s'", r.line);
	int rc;
	while ((rc = bd_client_read(&a->c, &r, H_TIMEOUT_MS)) == 1 && r.kind == BD_MSG_EVENT && strcmp(r.word, "up"))
		;
	CHECK(rc == 1 && r.kind == BD_MSG_EVENT && strcmp(r.word, "up") == 0 && r.ntok == 4 && h_num(&r, 0) == 3,
	      "an event read during the request came back as kind %d '%s' ('%s')", r.kind, r.word ? r.word : "",
	      r.line);
	h_stop();
}

/* Replies come in the order of the requests: a request made while an earlier one's reply is
 * still to come (a pick sent without waiting, then a snapshot) gets its own reply, and the
 * earlier reply is kept, whole, for the next bd_client_read, after the events before it. */
static void test_library_order(void)
{
	struct h_client *a;
	struct bd_msg r;
	struct bd_pub copy;

	h_start("--min-players", "1", "--first-pick-ms", "5000", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	h_drain(a);
	CHECK(bd_client_send(&a->c, "pick 9 9") == 0, "pick sent"); /* off the board: ERR */
	CHECK(bd_client_send(&a->c, "pick 0 0") == 0, "pick sent");
	a->c.no_shm = 1;
	const struct bd_pub *pub = a->c.pub;
	a->c.pub = NULL; /* the snapshot over the socket, with both replies still to come */
	CHECK(bd_client_snapshot(&a->c, &copy) == 0, "the snapshot: %s", a->c.why);
	a->c.pub = pub;
	CHECK(copy.event_seq > 0 && a->c.unanswered == 0, "a copy of event %llu, %u unanswered",
	      (unsigned long long)copy.event_seq, a->c.unanswered);
	CHECK(bd_client_read(&a->c, &r, H_TIMEOUT_MS) == 1 && r.kind == BD_MSG_ERR, "first the pick's ERR: '%s'", r.line);
	CHECK(bd_client_read(&a->c, &r, H_TIMEOUT_MS) == 1 && r.kind == BD_MSG_OK && strcmp(r.word, "pick") == 0,
	      "then the second pick's OK: '%s'", r.line);
	CHECK(bd_client_read(&a->c, &r, H_TIMEOUT_MS) == 1 && r.kind == BD_MSG_EVENT && strcmp(r.word, "up") == 0,
	      "then its event: '%s'", r.line);
	h_stop();
}

/* Every attached client reads the goodbye event, then the connection closes; the daemon
 * exits 0 and removes every object of its prefix and its socket. */
static void stop_with_clients(int sig)
{
	struct h_client *cl[4];
	struct bd_msg m;

	h_start("--min-players", "2", "--first-pick-ms", "5000", NULL);
	cl[0] = h_join("ana", BD_ROLE_PLAYER);
	cl[1] = h_join("bob", BD_ROLE_BOT);
	cl[2] = h_join("sam", BD_ROLE_SPECTATOR);
	cl[3] = h_join("cid", BD_ROLE_PLAYER);
	H_PICK(cl[0], 1, NULL); /* a card up while it stops */
	for (unsigned i = 0; i < 4; i++)
		h_drain(cl[i]);
	h_snapshot(cl[0], &snap);
	int64_t t0 = bd_now_ms();
	kill(hd.pid, sig);
	for (unsigned i = 0; i < 4; i++) {
		H_WAIT(cl[i], &m, "bye");
		CHECK(m.ntok == 1 && strcmp(m.tok[0], "shutdown") == 0, "%s: '%s'", cl[i]->name, m.line);
		CHECK(m.seq == snap.event_seq + 1, "%s: bye is event %llu, wanted %llu", cl[i]->name,
		      (unsigned long long)m.seq, (unsigned long long)snap.event_seq + 1);
		CHECK(bd_client_read(&cl[i]->c, &m, H_TIMEOUT_MS) == -1, "%s: connection open after bye", cl[i]->name);
	}
	h_stop_with(sig);
	printf("(stopped in %lld ms) ", (long long)(bd_now_ms() - t0));
}

/* The goodbye on SIGTERM. */
static void test_sigterm(void)
{
	stop_with_clients(SIGTERM);
}

/* The goodbye on SIGINT (Ctrl+C in a terminal). */
static void test_sigint(void)
{
	stop_with_clients(SIGINT);
}

/* A client that said hello but joined no board also gets the goodbye, then the connection
 * closes, and the daemon still exits 0. */
static void test_stop_unjoined(void)
{
	struct h_client *a, *n;
	struct bd_msg m;

	h_start("--min-players", "2", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	n = h_connect("nil");
	H_OK(n, "hello nil player");
	kill(hd.pid, SIGTERM);
	H_WAIT(a, &m, "bye");
	int rc = bd_client_read(&n->c, &m, 10000);
	CHECK(rc == 1 && m.kind == BD_MSG_EVENT && strcmp(m.word, "bye") == 0,
	      "the unjoined client got %s", rc == 1 ? m.line : "no goodbye");
	rc = bd_client_read(&n->c, &m, 10000);
	CHECK(rc == -1, "the connection stayed open after the goodbye (%s)", rc == 1 ? m.line : "timeout");
	h_stop();
}

/* A second daemon on the same socket and prefix refuses to start, saying why; the first
 * carries on. */
static void test_second_daemon(void)
{
	struct h_client *a;
	char path[512], why[512] = "", errfile[160];
	const char *build = getenv("BUILD");

	h_start("--min-players", "2", NULL);
	a = h_join("ana", BD_ROLE_PLAYER);
	snprintf(path, sizeof path, "%s/boardd", build != NULL && *build ? build : "build");
	snprintf(errfile, sizeof errfile, "%s/second.err", hd.dir);
	pid_t pid = fork();
	REQUIRE(pid >= 0, "fork");
	if (pid == 0) {
		int fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		dup2(fd, 2);
		execl(path, "boardd", "--socket", hd.sock, "--shm-prefix", hd.prefix, (char *)NULL);
		_exit(127);
	}
	h_child(pid);
	int status = -1;
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 127,
	      "a second boardd on the same socket and prefix ended with status %#x", status);
	FILE *f = fopen(errfile, "r");
	if (f != NULL) {
		size_t n = fread(why, 1, sizeof why - 1, f);
		why[n] = '\0';
		fclose(f);
	}
	unlink(errfile);
	CHECK(strstr(why, "running boardd") != NULL || strstr(why, "already") != NULL,
	      "the second boardd did not say why it refused: '%s'", why);
	H_OK(a, "ping");
	h_snapshot(a, &snap);
	CHECK(snap.daemon_pid == hd.pid, "the segment names pid %d, not the first daemon", snap.daemon_pid);
	h_stop();
}

/* Register this file's tests, with the harness's setup and teardown. */
void suite_clients(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("clients", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "spectator", test_spectator);
	CU_add_test(s, "colours", test_colours);
	CU_add_test(s, "library_queue", test_library_queue);
	CU_add_test(s, "library_order", test_library_order);
	CU_add_test(s, "sigterm", test_sigterm);
	CU_add_test(s, "sigint", test_sigint);
	CU_add_test(s, "stop_unjoined", test_stop_unjoined);
	CU_add_test(s, "second_daemon", test_second_daemon);
}
