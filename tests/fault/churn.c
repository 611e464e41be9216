/* churn.c: bd-fault churn: lobby tables made and retired many times over. Pairs of
 * connections (a process each) play through the lobby: play naming each other, matched,
 * both join, the seat to move moves, the other resigns, both leave, again. After the
 * first --first tables and after the last of --tables, once every table is retired (the
 * prefix's count in /dev/shm is back to what it was before the first), the supervisor's
 * (--pid) open descriptors, VmRSS and mappings, and its workers' descriptors and mappings,
 * are taken; the second must not exceed the first by more than the slack below.
 *
 *   bd-fault churn --pid DAEMON [--tables 10000] [--first 500] [--pairs 4] [--game tictactoe]
 *                  [--slack-maps 2] [--slack-rss-kb 512]
 */
#include "fault.h"

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* What may grow from the first measurement to the last: descriptors not at all; mappings
 * by 2 (malloc may map a large block of its own at any time; --slack-maps for a sanitizer
 * build, whose runtime maps memory of its own as a run goes on); the supervisor's resident
 * memory by 512 KiB (--slack-rss-kb for a sanitizer build, whose allocator keeps freed
 * blocks in quarantine: +664 KiB seen on a loaded machine): its heap follows the most tables alive at once (they are retired at
 * housekeeping, every 250 ms), which creeps up over a run (+52 to +200 KiB seen between
 * 500 and 10,000 tables). A table's worth of anything left behind, or 56 bytes a table,
 * is more: 9,500 tables lie between the two measurements. */

struct churn_state {
	long shm, fds, rss_kb, maps;  /* the supervisor's, and the prefix's count in /dev/shm */
	long wfds, wmaps;             /* summed over its workers */
	unsigned workers;
};

/* The prefix's objects in /dev/shm (segments and semaphores). */
static long churn_shm(void)
{
	char seg[64], sem[64];
	DIR *d = opendir("/dev/shm");
	struct dirent *e;
	long n = 0;

	if (d == NULL)
		die("cannot read /dev/shm: %s", strerror(errno));
	snprintf(seg, sizeof seg, "%s.", bd_default_prefix());
	snprintf(sem, sizeof sem, "sem.%s.", bd_default_prefix());
	while ((e = readdir(d)) != NULL)
		n += strncmp(e->d_name, seg, strlen(seg)) == 0 || strncmp(e->d_name, sem, strlen(sem)) == 0;
	closedir(d);
	return n;
}

/* Entries of /proc/PID/fd. */
static long churn_fds(pid_t pid)
{
	char path[64];
	struct dirent *e;
	long n = 0;

	snprintf(path, sizeof path, "/proc/%d/fd", (int)pid);
	DIR *d = opendir(path);
	if (d == NULL)
		die("cannot read %s: %s", path, strerror(errno));
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* Lines of /proc/PID/maps. */
static long churn_maps(pid_t pid)
{
	char path[64];
	long n = 0;
	int ch;

	snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		die("cannot read %s: %s", path, strerror(errno));
	while ((ch = getc(f)) != EOF)
		n += ch == '\n';
	fclose(f);
	return n;
}

/* VmRSS of pid in KiB, from /proc/PID/status; its anonymous, file and shared parts into
 * parts (for the message: which one grew). */
static long churn_rss(pid_t pid, char *parts, size_t len)
{
	char path[64], line[256];
	long kb = -1, anon = -1, file = -1, shmem = -1;

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		die("cannot read %s: %s", path, strerror(errno));
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "VmRSS: %ld", &kb) != 1 && sscanf(line, "RssAnon: %ld", &anon) != 1 &&
		    sscanf(line, "RssFile: %ld", &file) != 1)
			sscanf(line, "RssShmem: %ld", &shmem);
	fclose(f);
	snprintf(parts, len, "anon %ld, file %ld, shmem %ld", anon, file, shmem);
	return kb;
}

/* Wait until every table is retired (the prefix's count back to base; 30 s at most), then
 * take the figures of the supervisor pid and its workers. */
static void churn_measure(pid_t pid, long base, unsigned tables, struct churn_state *s)
{
	pid_t kids[256];
	char parts[96];
	int64_t end = now_us() + 30000000;

	while ((s->shm = churn_shm()) != base && now_us() < end)
		sleep_us(50000);
	if (s->shm != base)
		die("after %u tables, %ld objects of the prefix in /dev/shm 30 s on, %ld before the first: "
		    "tables not retired", tables, s->shm, base);
	s->fds = churn_fds(pid);
	s->rss_kb = churn_rss(pid, parts, sizeof parts);
	s->maps = churn_maps(pid);
	s->workers = children_of(pid, kids, 256);
	s->wfds = s->wmaps = 0;
	for (unsigned i = 0; i < s->workers; i++) {
		s->wfds += churn_fds(kids[i]);
		s->wmaps += churn_maps(kids[i]);
	}
	say("after %u tables: /dev/shm %ld, supervisor fds %ld, VmRSS %ld KiB (%s), mappings %ld; "
	    "%u workers: fds %ld, mappings %ld", tables, s->shm, s->fds, s->rss_kb, parts, s->maps, s->workers,
	    s->wfds, s->wmaps);
}

/* Await an event named word on c for up to 10 s, or die naming who waited. */
static void churn_await(struct bd_client *c, const char *who, const char *word, struct bd_msg *m)
{
	if (!player_await(c, word, -1, 10000, m))
		die("%s: no %s event within 10 s", who, word);
	if (m->ntok < 1)
		die("%s: malformed %s event: %s", who, word, m->line);
}

/* Drop the events still queued on c: what a table said before its leave was answered. */
static void churn_drain(struct bd_client *c)
{
	struct bd_msg m;

	while (bd_client_read(c, &m, 0) == 1)
		;
}

/* One table for the pair (c[0], c[1]) named names: play, matched, join, move, resign,
 * leave. Dies if any step is refused. */
static void churn_table(struct bd_client *c, char names[2][16], const char *game)
{
	struct bd_msg m, r;
	char table[BD_BOARD_NAME_MAX + 1];
	long seat[2];

	for (int i = 0; i < 2; i++)
		if (player_request(&c[i], &r, "play %s opponent=%s", game, names[!i]) != 0)
			die("%s: play %s: %s %s", names[i], game, r.word, r.text);
	for (int i = 0; i < 2; i++) {
		churn_await(&c[i], names[i], "matched", &m);
		if (i == 0)
			snprintf(table, sizeof table, "%s", m.tok[0]);
		else if (strcmp(table, m.tok[0]) != 0)
			die("%s matched at %s, %s at %s", names[0], table, names[1], m.tok[0]);
	}
	for (int i = 0; i < 2; i++) {
		if (player_request(&c[i], &r, "join %s", table) != 0 || r.ntok < 2)
			die("%s: join %s: %s %s", names[i], table, r.word, r.text);
		seat[i] = bd_parse_uint(r.tok[1]);
	}
	churn_await(&c[0], names[0], "turn", &m);
	int mover = bd_parse_uint(m.tok[0]) == seat[1];
	if (player_request(&c[mover], &r, "move 1 1") != 0)
		die("%s: move 1 1 at %s: %s %s", names[mover], table, r.word, r.text);
	if (player_request(&c[!mover], &r, "resign") != 0)
		die("%s: resign at %s: %s %s", names[!mover], table, r.word, r.text);
	for (int i = 0; i < 2; i++) {
		if (player_request(&c[i], &r, "leave") != 0)
			die("%s: leave %s: %s %s", names[i], table, r.word, r.text);
		churn_drain(&c[i]);
	}
}

/* Pair k: n1 tables, a byte up, wait for a byte down, n2 tables, a byte up, wait for the
 * last byte down (its connections stay open while the figures are taken). */
static void __attribute__((noreturn)) churn_pair(unsigned k, unsigned n1, unsigned n2, int up, int down,
						  const char *game)
{
	struct bd_client c[2];
	struct bd_msg r;
	char names[2][16], byte = 0;

	for (int i = 0; i < 2; i++) {
		snprintf(names[i], sizeof names[i], "%c%u", "ax"[i], k);
		player_connect(&c[i]);
		if (player_request(&c[i], &r, "hello %s player", names[i]) != 0)
			die("hello %s: %s %s", names[i], r.word, r.text);
	}
	for (unsigned i = 0; i < n1; i++)
		churn_table(c, names, game);
	if (write(up, &byte, 1) != 1 || read(down, &byte, 1) != 1)
		die("pair %u lost its driver", k);
	for (unsigned i = 0; i < n2; i++)
		churn_table(c, names, game);
	if (write(up, &byte, 1) != 1 || read(down, &byte, 1) != 1)
		die("pair %u lost its driver", k);
	bd_client_close(&c[0]);
	bd_client_close(&c[1]);
	exit(0);
}

/* Wait for a byte from each of n pairs; die if one of them ended first (a pair ends only
 * after the last byte down: any earlier end is a failure it has reported). */
static void churn_gather(int up, unsigned n, pid_t *pids)
{
	struct pollfd p = {.fd = up, .events = POLLIN};
	char byte;

	for (unsigned got = 0; got < n;) {
		if (poll(&p, 1, 200) == 1 && read(up, &byte, 1) == 1) {
			got++;
			continue;
		}
		if (waitpid(-1, NULL, WNOHANG) > 0) {
			for (unsigned j = 0; j < n; j++)
				kill(pids[j], SIGTERM);
			die("a pair failed (see above)");
		}
	}
}

/* Let n pairs go on (a byte each). */
static void churn_release(int down, unsigned n)
{
	char bytes[64] = {0};

	if (write(down, bytes, n) != (ssize_t)n)
		die("cannot signal the pairs: %s", strerror(errno));
}

/* Die naming the figure if last exceeds first by more than slack. */
static void churn_flat(const char *what, long first, long last, long slack)
{
	if (last > first + slack)
		die("%s grew from %ld to %ld (slack %ld)", what, first, last, slack);
}

int cmd_churn(void)
{
	pid_t pid = (pid_t)opt_num("pid", 0), pids[64];
	unsigned tables = (unsigned)opt_num("tables", 10000), first = (unsigned)opt_num("first", 500);
	unsigned pairs = (unsigned)opt_num("pairs", 4);
	long slack_maps = opt_num("slack-maps", 2), slack_rss = opt_num("slack-rss-kb", 512);
	const char *game = opt_str("game", "tictactoe");
	int up[2], down[2], status;
	struct churn_state a, b;

	opts_done();
	if (pid <= 0 || pairs < 1 || pairs > 64 || first % pairs || tables % pairs || first < pairs || first >= tables)
		die("usage: churn --pid DAEMON, --pairs 1..64 dividing --first and --tables, --first < --tables");
	long base = churn_shm();
	if (pipe(up) < 0 || pipe(down) < 0)
		die("pipe: %s", strerror(errno));
	int64_t t0 = now_us();
	fflush(stdout);
	for (unsigned k = 0; k < pairs; k++)
		if ((pids[k] = fork()) == 0) {
			close(up[0]); /* so a pair sees EOF on down when the driver dies */
			close(down[1]);
			churn_pair(k, first / pairs, (tables - first) / pairs, up[1], down[0], game);
		} else if (pids[k] < 0)
			die("fork: %s", strerror(errno));
	close(up[1]);
	close(down[0]);
	churn_gather(up[0], pairs, pids);
	double s1 = (double)(now_us() - t0) / 1e6;
	churn_measure(pid, base, first, &a);
	int64_t t1 = now_us();
	churn_release(down[1], pairs);
	churn_gather(up[0], pairs, pids);
	double s2 = (double)(now_us() - t1) / 1e6;
	churn_measure(pid, base, tables, &b);
	churn_release(down[1], pairs);
	for (unsigned k = 0; k < pairs; k++)
		if (waitpid(pids[k], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
			die("pair %u failed", k);
	say("%u tables by %u pairs in %.1f s (the first %u in %.1f s, the other %u in %.1f s: %.0f tables/s)",
	    tables, pairs, s1 + s2, first, s1, tables - first, s2, (tables - first) / s2);
	churn_flat("the supervisor's open descriptors", a.fds, b.fds, 0);
	churn_flat("the supervisor's mappings", a.maps, b.maps, slack_maps);
	churn_flat("the supervisor's VmRSS (KiB)", a.rss_kb, b.rss_kb, slack_rss);
	if (a.workers != b.workers)
		die("%u workers after the first tables, %u after the last", a.workers, b.workers);
	churn_flat("the workers' open descriptors", a.wfds, b.wfds, 0);
	churn_flat("the workers' mappings", a.wmaps, b.wmaps, slack_maps);
	say("flat: descriptors %+ld, mappings %+ld (slack %ld), VmRSS %+ld KiB (slack %ld); workers: descriptors "
	    "%+ld, mappings %+ld; /dev/shm back to %ld", b.fds - a.fds, b.maps - a.maps, slack_maps,
	    b.rss_kb - a.rss_kb, slack_rss, b.wfds - a.wfds, b.wmaps - a.wmaps, base);
	return 0;
}
