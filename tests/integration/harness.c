/* harness.c: a real boardd per test, real clients, and checks that name the caller's line. */
#include "harness.h"

#include <CUnit/CUnit.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ipc/clock.h"
#include "ipc/shm.h"

#define H_CLIENTS 64
#define H_CHILDREN 16
#define H_OPTS 40

struct h_daemon hd;
static struct h_client clients[H_CLIENTS];
static pid_t children[H_CHILDREN];
static unsigned tests_run, fails_before;

void h_sleep(int ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* Wait up to ms for pid to exit; its wait status, or -1 if it is still running. */
static int h_waitpid(pid_t pid, int ms)
{
	int status;

	for (int64_t end = bd_now_ms() + ms;;) {
		pid_t r = waitpid(pid, &status, WNOHANG);
		if (r == pid)
			return status;
		if (r < 0 || bd_now_ms() >= end)
			return -1;
		h_sleep(5);
	}
}

/* Nonzero if the daemon greets on its socket (the socket listens before the boards exist):
 * the client library's connect, which reads the greeting. */
static int h_socket_answers(void)
{
	struct bd_client c;
	char err[256];

	if (bd_client_connect(&c, hd.sock, err, sizeof err) < 0)
		return 0;
	bd_client_close(&c);
	return 1;
}

/* In the forked child: become boardd with the harness's options. */
static void __attribute__((noreturn)) h_exec(const char **opts, unsigned n)
{
	const char *build = getenv("BUILD");
	char path[512];
	const char *argv[H_OPTS + 12] = {"boardd", "--socket", hd.sock, "--shm-prefix", hd.prefix,
					 "--log-level", "info"};
	unsigned argc = 7;

	prctl(PR_SET_PDEATHSIG, SIGTERM); /* a crashed test run still cleans up */
	int fd = open(hd.log, O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	for (unsigned i = 0; i < n; i++)
		argv[argc++] = opts[i];
	argv[argc] = NULL;
	snprintf(path, sizeof path, "%s/boardd", build != NULL && *build ? build : "build");
	execv(path, (char **)argv);
	fprintf(stderr, "cannot run %s: %s\n", path, strerror(errno));
	_exit(127);
}

/* The options of the running daemon, for h_crash_restart. */
static const char *h_opts[H_OPTS];
static unsigned h_nopts;

/* Fork boardd with the harness's socket, prefix, log and h_opts; return once it answers. */
static void h_spawn(void)
{
	hd.pid = fork();
	REQUIRE(hd.pid >= 0, "fork: %s", strerror(errno));
	if (hd.pid == 0)
		h_exec(h_opts, h_nopts);
	for (int64_t end = bd_now_ms() + 10000; !h_socket_answers();) {
		int status = h_waitpid(hd.pid, 0);
		if (status != -1)
			hd.pid = 0;
		REQUIRE(status == -1, "boardd exited at start (status %d); see its log", status);
		REQUIRE(bd_now_ms() < end, "boardd did not answer on %s within 10 s", hd.sock);
		h_sleep(10);
	}
}

void h_start(const char *opt, ...)
{
	va_list ap;

	h_nopts = 0;
	va_start(ap, opt);
	for (const char *o = opt; o != NULL && h_nopts < H_OPTS; o = va_arg(ap, const char *))
		h_opts[h_nopts++] = o;
	va_end(ap);
	if (hd.dir[0]) { /* a test's second daemon: the first one's folder goes (h_teardown removes the last) */
		unlink(hd.log);
		rmdir(hd.dir);
	}
	snprintf(hd.dir, sizeof hd.dir, "/tmp/boardd-it.XXXXXX");
	REQUIRE(mkdtemp(hd.dir) != NULL, "mkdtemp: %s", strerror(errno));
	snprintf(hd.sock, sizeof hd.sock, "%s/boardd.sock", hd.dir);
	snprintf(hd.log, sizeof hd.log, "%s/daemon.log", hd.dir);
	snprintf(hd.prefix, sizeof hd.prefix, "it%dn%u", (int)getpid(), tests_run);
	h_spawn();
}

int h_leftovers(void)
{
	char a[48], b[48];
	int n = 0;
	DIR *d = opendir("/dev/shm");
	struct dirent *e;

	snprintf(a, sizeof a, "%s.", hd.prefix);
	snprintf(b, sizeof b, "sem.%s.", hd.prefix);
	while (d != NULL && (e = readdir(d)) != NULL)
		n += strncmp(e->d_name, a, strlen(a)) == 0 || strncmp(e->d_name, b, strlen(b)) == 0;
	if (d != NULL)
		closedir(d);
	return n;
}

/* Remove every /dev/shm name of the current prefix (after a failed test). */
static void h_remove_leftovers(void)
{
	char a[48], b[48], path[320];
	DIR *d = opendir("/dev/shm");
	struct dirent *e;

	snprintf(a, sizeof a, "%s.", hd.prefix);
	snprintf(b, sizeof b, "sem.%s.", hd.prefix);
	while (d != NULL && (e = readdir(d)) != NULL)
		if (strncmp(e->d_name, a, strlen(a)) == 0 || strncmp(e->d_name, b, strlen(b)) == 0) {
			snprintf(path, sizeof path, "/dev/shm/%s", e->d_name);
			unlink(path);
		}
	if (d != NULL)
		closedir(d);
}

/* Forget the private mapping of a daemon that is gone. */
static void h_unmap_priv(void)
{
	bd_priv_unmap(hd.priv);
	hd.priv = NULL;
}

void h_crash_restart(void)
{
	REQUIRE(hd.pid > 0, "no daemon to kill");
	h_unmap_priv();
	kill(hd.pid, SIGKILL);
	REQUIRE(h_waitpid(hd.pid, 10000) != -1, "boardd did not die of SIGKILL within 10 s");
	hd.pid = 0;
	h_spawn();
}

void h_stop_with(int sig)
{
	if (hd.pid == 0)
		return;
	h_unmap_priv();
	kill(hd.pid, sig);
	int status = h_waitpid(hd.pid, 10000);
	CHECK(status != -1, "boardd did not exit within 10 s of signal %d", sig);
	if (status == -1) {
		kill(hd.pid, SIGKILL);
		waitpid(hd.pid, NULL, 0);
	} else
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "boardd ended with status %#x on signal %d",
		      status, sig);
	hd.pid = 0;
	int left = h_leftovers();
	CHECK(left == 0, "%d objects of prefix %s left in /dev/shm", left, hd.prefix);
	CHECK(access(hd.sock, F_OK) != 0, "socket %s left behind", hd.sock);
}

void h_setup(void)
{
	memset(&hd, 0, sizeof hd);
	tests_run++;
	fails_before = CU_get_number_of_failures();
}

/* Show the end of the daemon's log, after a failure. */
static void h_show_log(void)
{
	char line[600];
	long lines = 0;
	FILE *f = fopen(hd.log, "r");

	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL)
		lines++;
	rewind(f);
	fprintf(stderr, "\n--- end of boardd log (%s) ---\n", hd.prefix);
	for (long i = 0; fgets(line, sizeof line, f) != NULL; i++)
		if (i >= lines - 25)
			fputs(line, stderr);
	fclose(f);
}

void h_teardown(void)
{
	for (unsigned i = 0; i < H_CLIENTS; i++)
		if (clients[i].used)
			h_close(&clients[i]);
	for (unsigned i = 0; i < H_CHILDREN; i++)
		if (children[i] > 0) {
			kill(children[i], SIGKILL);
			waitpid(children[i], NULL, 0);
			children[i] = 0;
		}
	if (hd.pid != 0) { /* the test ended early */
		h_unmap_priv();
		kill(hd.pid, SIGKILL);
		waitpid(hd.pid, NULL, 0);
		hd.pid = 0;
	}
	if (CU_get_number_of_failures() != fails_before)
		h_show_log();
	h_remove_leftovers();
	if (hd.dir[0]) {
		unlink(hd.sock);
		unlink(hd.log);
		rmdir(hd.dir);
	}
}

void h_child(pid_t pid)
{
	for (unsigned i = 0; i < H_CHILDREN; i++)
		if (children[i] <= 0) {
			children[i] = pid;
			return;
		}
	REQUIRE(0, "more than %d children", H_CHILDREN);
}

struct h_client *h_connect(const char *name)
{
	return h_connect_as(name, geteuid());
}

struct h_client *h_connect_as(const char *name, uid_t uid)
{
	char err[256];
	struct h_client *cl = NULL;
	uid_t me = geteuid();

	for (unsigned i = 0; i < H_CLIENTS && cl == NULL; i++)
		if (!clients[i].used)
			cl = &clients[i];
	REQUIRE(cl != NULL, "more than %d clients", H_CLIENTS);
	memset(cl, 0, sizeof *cl);
	if (uid != me) /* the folder is the harness's: let uid reach the socket in it */
		REQUIRE(chmod(hd.dir, 0755) == 0 && seteuid(uid) == 0, "cannot act as uid %u: %s", (unsigned)uid,
			strerror(errno));
	int rc = bd_client_connect(&cl->c, hd.sock, err, sizeof err);
	REQUIRE(seteuid(me) == 0, "cannot be uid %u again: %s", (unsigned)me, strerror(errno));
	REQUIRE(rc == 0, "%s: %s", name, err);
	cl->used = 1;
	cl->id = -1;
	snprintf(cl->name, sizeof cl->name, "%s", name);
	return cl;
}

void h_enter(struct h_client *cl, enum bd_role role)
{
	char err[256];

	REQUIRE(bd_client_enter(&cl->c, cl->name, role, "main", 0, hd.prefix, err, sizeof err) == 0,
		"%s cannot enter: %s", cl->name, err);
	cl->id = cl->c.player;
}

struct h_client *h_join(const char *name, enum bd_role role)
{
	struct h_client *cl = h_connect(name);
	h_enter(cl, role);
	return cl;
}

void h_close(struct h_client *cl)
{
	bd_client_close(&cl->c);
	free(cl->stash);
	memset(cl, 0, sizeof *cl);
}

void h_send(struct h_client *cl, const char *fmt, ...)
{
	char line[BD_LINE_MAX + 1];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	REQUIRE(bd_client_send(&cl->c, "%s", line) == 0, "%s: cannot send '%s'", cl->name, line);
}

/* Keep an event read while waiting for a reply. */
static void h_stash_push(struct h_client *cl, const struct bd_msg *m)
{
	if (cl->slen == cl->scap) {
		size_t cap = cl->scap ? 2 * cl->scap : 64;
		char (*s)[BD_LINE_MAX + 1] = malloc(cap * sizeof *s);
		REQUIRE(s != NULL, "out of memory");
		for (size_t i = 0; i < cl->slen; i++)
			memcpy(s[i], cl->stash[(cl->shead + i) % cl->scap], sizeof *s);
		free(cl->stash);
		cl->stash = s;
		cl->scap = cap;
		cl->shead = 0;
	}
	snprintf(cl->stash[(cl->shead + cl->slen) % cl->scap], BD_LINE_MAX + 1, "%s", m->line);
	cl->slen++;
}

int h_reply(struct h_client *cl, struct bd_msg *reply, h_data_fn *on_data, void *arg)
{
	int64_t end = bd_now_ms() + 2 * H_TIMEOUT_MS;

	for (;;) {
		int left = (int)(end - bd_now_ms());
		int rc = bd_client_read(&cl->c, reply, left > 0 ? left : 0);
		REQUIRE(rc == 1, "%s: %s while waiting for a reply", cl->name, rc == 0 ? "timeout" : "connection closed");
		if (reply->kind == BD_MSG_OK)
			return 0;
		if (reply->kind == BD_MSG_ERR)
			return 1;
		if (reply->kind == BD_MSG_EVENT)
			h_stash_push(cl, reply);
		else if (reply->kind == BD_MSG_DATA && on_data != NULL)
			on_data(reply, arg);
		else if (reply->kind != BD_MSG_DATA)
			CHECK(0, "%s: unexpected line '%s' while waiting for a reply", cl->name, reply->line);
	}
}

int h_expect(const char *file, int line, struct h_client *cl, const char *code, const char *fmt, ...)
{
	char req[BD_LINE_MAX + 1];
	struct bd_msg r;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(req, sizeof req, fmt, ap);
	va_end(ap);
	h_send(cl, "%s", req);
	int rc = h_reply(cl, &r, NULL, NULL);
	int ok = code == NULL ? rc == 0 : rc == 1 && strcmp(r.word, code) == 0;
	test_assert(ok, 0, file, line, "%s: '%s' got '%s', wanted %s%s", cl->name, req, r.line,
		    code ? "ERR " : "OK", code ? code : "");
	return ok;
}

/* Account for one event taken: its number must follow the previous one. */
static void h_seq(struct h_client *cl, const struct bd_msg *m)
{
	CHECK(cl->last_seq == 0 || m->seq == cl->last_seq + 1 || (cl->skips && m->seq > cl->last_seq),
	      "%s: event %llu after %llu (gap or repeat): %s", cl->name, (unsigned long long)m->seq,
	      (unsigned long long)cl->last_seq, m->line);
	for (uint64_t s = cl->last_seq + 1; cl->skips && cl->last_seq > 0 && s < m->seq; s++) {
		const struct bd_event *r = &h_priv()->ring[s % BD_RING_SIZE];
		CHECK(r->seq == s && r->to != BD_NO_PLAYER && r->to != (uint16_t)cl->id,
		      "%s (seat %d) was not sent event %llu, for seat %u", cl->name, cl->id, (unsigned long long)s, r->to);
	}
	cl->last_seq = m->seq;
}

int h_event(struct h_client *cl, struct bd_msg *m, int timeout_ms)
{
	if (cl->slen > 0) {
		bd_msg_parse(cl->stash[cl->shead], m);
		cl->shead = (cl->shead + 1) % cl->scap;
		cl->slen--;
		h_seq(cl, m);
		return 1;
	}
	for (int64_t end = bd_now_ms() + timeout_ms;;) {
		int left = (int)(end - bd_now_ms());
		if (left <= 0)
			bd_client_fill(&cl->c); /* what has arrived by now, without waiting */
		if (bd_client_read(&cl->c, m, left > 0 ? left : 0) != 1)
			return 0;
		if (m->kind == BD_MSG_EVENT) {
			h_seq(cl, m);
			return 1;
		}
		if (m->kind == BD_MSG_DATA && cl->data)
			return 1;
		CHECK(0, "%s: a line that answers no request: '%s'", cl->name, m->line);
	}
}

void h_wait(const char *file, int line, struct h_client *cl, struct bd_msg *m, const char *word, int skip)
{
	char skipped[BD_LINE_MAX + 1] = "";

	for (;;) {
		int got = h_event(cl, m, H_TIMEOUT_MS);
		test_assert(got, 1, file, line, "%s: no '%s' event within %d ms (last: %s)", cl->name, word,
			    H_TIMEOUT_MS, skipped[0] ? skipped : "none");
		if (strcmp(m->word, word) == 0)
			return;
		test_assert(skip, 1, file, line, "%s: wanted a '%s' event next, got '%s'", cl->name, word, m->line);
		snprintf(skipped, sizeof skipped, "%s", m->line);
	}
}

void h_quiet(const char *file, int line, struct h_client *cl, int ms)
{
	struct bd_msg m;
	int got = h_event(cl, &m, ms);

	test_assert(!got, 0, file, line, "%s: unexpected event '%s'", cl->name, got ? m.line : "");
}

unsigned h_drain(struct h_client *cl)
{
	uint64_t target = cl->c.pub != NULL ? __atomic_load_n(&cl->c.pub->event_seq, __ATOMIC_ACQUIRE) : 0;
	struct bd_msg m;
	unsigned n = 0;

	while (h_event(cl, &m, 0))
		n++;
	while (cl->last_seq != 0 && cl->last_seq < target) {
		REQUIRE(h_event(cl, &m, H_TIMEOUT_MS), "%s: events stop at %llu of %llu", cl->name,
			(unsigned long long)cl->last_seq, (unsigned long long)target);
		n++;
	}
	return n;
}

long h_num(const struct bd_msg *m, int i)
{
	return i < m->ntok ? bd_parse_uint(m->tok[i]) : -1;
}

int h_is_card(const struct bd_msg *m, int k, unsigned card, unsigned dim)
{
	return h_num(m, k) == (long)(card % dim) && h_num(m, k + 1) == (long)(card / dim);
}

void h_snapshot(struct h_client *cl, struct bd_pub *out)
{
	REQUIRE(cl->c.pub != NULL && bd_snapshot(cl->c.pub, out) == 0, "%s: no consistent snapshot", cl->name);
}

const struct bd_priv *h_priv(void)
{
	char why[256] = "";

	struct bd_found f;
	if (hd.priv == NULL && bd_board_find(hd.prefix, "main", geteuid(), &f) == 1)
		hd.priv = bd_priv_map_ro(f.name, geteuid(), why, sizeof why);
	REQUIRE(hd.priv != NULL, "cannot map the private segment: %s", why);
	return hd.priv;
}

void h_value(unsigned card, char out[2])
{
	memcpy(out, bd_memory_priv(h_priv())->cards[card].value, 2);
}

void h_find_pair(struct h_client *cl, int want_match, unsigned *a, unsigned *b)
{
	static struct bd_pub snap;
	char va[2], vb[2];

	h_snapshot(cl, &snap);
	unsigned n = bd_memory_pub(&snap)->dim * bd_memory_pub(&snap)->dim;
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i + 1; j < n; j++) {
			if (bd_memory_pub(&snap)->cards[i].state != BD_CARD_DOWN || bd_memory_pub(&snap)->cards[j].state != BD_CARD_DOWN)
				continue;
			h_value(i, va);
			h_value(j, vb);
			if ((memcmp(va, vb, 2) == 0) == want_match) {
				*a = i;
				*b = j;
				return;
			}
		}
	REQUIRE(0, "no face-down %s pair left", want_match ? "matching" : "mismatching");
}

void h_pick(struct h_client *cl, unsigned card)
{
	h_send(cl, "pick %u %u", card % cl->c.dim, card / cl->c.dim);
}

long h_match(struct h_client *cl, unsigned *first)
{
	unsigned a, b;
	struct bd_msg m;
	char v[2];

	h_find_pair(cl, 1, &a, &b);
	h_value(a, v);
	REQUIRE(H_PICK(cl, a, NULL) && H_PICK(cl, b, NULL), "%s: the picks of a matching pair were refused", cl->name);
	do /* skip matches of others that came before */
		H_WAIT(cl, &m, "match");
	while (m.ntok == 7 && !(h_is_card(&m, 0, a, cl->c.dim) && h_is_card(&m, 2, b, cl->c.dim)));
	CHECK(m.ntok == 7 && memcmp(m.tok[4], v, 2) == 0 && h_num(&m, 5) == cl->id, "%s: match event '%s'",
	      cl->name, m.line);
	if (first != NULL)
		*first = a;
	return h_num(&m, 6);
}
