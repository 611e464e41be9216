/* probe.c: `bd-fault probe`: raw bytes to the daemon from a script on stdin, one command
 * a line, so that a test can say exactly what is sent and what must come back:
 *   conn NAME       use connection NAME, opening it if new (its greeting is checked)
 *   send TEXT       write TEXT in one write; C escapes: \n \r \t \0 \\ \xHH
 *   drip TEXT       write TEXT one byte at a time, 1 ms apart
 *   fill N CHAR     write N copies of CHAR in one write
 *   expect PREFIX   the next reply line (OK or ERR; events and data lines are skipped)
 *                   starts with PREFIX, within 5 s
 *   quiet           no reply line comes within 300 ms
 *   eof             the daemon closes the connection within 5 s
 *   mark / same     remember the board / it must be exactly as remembered: cards,
 *                   players, game state and event count (nothing happened)
 *   # ...           a comment
 * Every expect prints the line it got; the first failure ends the run with its line. */
#include "fault.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CONNS_MAX 16

struct probe {
	struct {
		char name[32];
		struct bd_client c;
	} conns[CONNS_MAX];
	unsigned nconns;
	struct bd_client *cur;
	struct bd_pub mark;
	unsigned lineno;
};

static struct probe *P;

/* Die naming the script line that failed. */
static void __attribute__((noreturn)) probe_fail(const char *what, const char *detail)
{
	die("script line %u: %s%s%s", P->lineno, what, detail ? ": " : "", detail ? detail : "");
}

/* Decode C escapes of s into out; returns the length. */
static size_t probe_unescape(const char *s, char *out)
{
	size_t n = 0;
	static const char from[] = "nrt0\\", to[] = "\n\r\t\0\\";

	while (*s) {
		if (*s != '\\') {
			out[n++] = *s++;
			continue;
		}
		const char *k = s[1] ? strchr(from, s[1]) : NULL;
		unsigned hex;
		if (k != NULL) {
			out[n++] = to[k - from];
			s += 2;
		} else if (s[1] == 'x' && sscanf(s + 2, "%2x", &hex) == 1) {
			out[n++] = (char)hex;
			s += 4;
		} else
			probe_fail("bad escape", s);
	}
	return n;
}

/* Write bytes to the current connection, all at once or one at a time. */
static void probe_write(const char *buf, size_t n, int drip)
{
	for (size_t off = 0; off < n;) {
		size_t k = drip ? 1 : n - off;
		ssize_t w = write(P->cur->fd, buf + off, k);
		if (w <= 0)
			probe_fail("write failed", NULL);
		off += (size_t)w;
		if (drip)
			sleep_us(1000);
	}
}

/* Switch to connection name, opening it if it is new. */
static void probe_conn(const char *name)
{
	for (unsigned i = 0; i < P->nconns; i++)
		if (strcmp(P->conns[i].name, name) == 0) {
			P->cur = &P->conns[i].c;
			return;
		}
	if (P->nconns == CONNS_MAX)
		probe_fail("too many connections", NULL);
	snprintf(P->conns[P->nconns].name, sizeof P->conns[0].name, "%s", name);
	P->cur = &P->conns[P->nconns++].c;
	player_connect(P->cur);
}

/* The next OK or ERR line within ms, or NULL; dies if the connection ends. */
static const char *probe_reply(int ms, struct bd_msg *m)
{
	int rc;

	while ((rc = bd_client_read(P->cur, m, ms)) == 1)
		if (m->kind == BD_MSG_OK || m->kind == BD_MSG_ERR)
			return m->line;
	if (rc < 0)
		probe_fail("the daemon closed the connection", NULL);
	return NULL;
}

/* Compare what a client can see of the board with the mark: nothing may have changed. */
static void probe_same(void)
{
	static struct bd_pub now;
	const struct bd_pub *m = &P->mark;

	pub_snapshot(&now);
	if (now.event_seq != m->event_seq)
		probe_fail("events happened since mark", NULL);
	if (now.game_state != m->game_state || now.nplaying != m->nplaying || bd_memory_pub(&now)->nlocked != bd_memory_pub(m)->nlocked)
		probe_fail("the game state or seat count changed since mark", NULL);
	if (memcmp(now.area, m->area, sizeof now.area) != 0)
		probe_fail("a card changed since mark", NULL);
	if (memcmp(now.players, m->players, sizeof now.players) != 0)
		probe_fail("the player table changed since mark", NULL);
}

/* Wait for the daemon to close the connection. */
static void probe_eof(void)
{
	struct bd_msg m;
	int rc;

	while ((rc = bd_client_read(P->cur, &m, 5000)) == 1)
		;
	if (rc == 0)
		probe_fail("the connection stayed open", NULL);
	printf("  eof\n");
}

/* Run one script command. */
static void probe_command(const char *cmd, const char *arg)
{
	static char buf[1 << 16];
	struct bd_msg m;
	const char *line;
	unsigned n;
	char ch;

	if (strcmp(cmd, "conn") == 0)
		probe_conn(arg);
	else if (strcmp(cmd, "send") == 0 || strcmp(cmd, "drip") == 0)
		probe_write(buf, probe_unescape(arg, buf), cmd[0] == 'd');
	else if (strcmp(cmd, "fill") == 0 && sscanf(arg, "%u %c", &n, &ch) == 2 && n <= sizeof buf) {
		memset(buf, ch, n);
		probe_write(buf, n, 0);
	} else if (strcmp(cmd, "expect") == 0) {
		if ((line = probe_reply(5000, &m)) == NULL)
			probe_fail("no reply within 5 s; wanted", arg);
		printf("  %-40s <- %s\n", line, arg);
		if (strncmp(line, arg, strlen(arg)) != 0)
			probe_fail("unexpected reply", line);
	} else if (strcmp(cmd, "quiet") == 0) {
		if ((line = probe_reply(300, &m)) != NULL)
			probe_fail("a reply came where none should", line);
	} else if (strcmp(cmd, "eof") == 0)
		probe_eof();
	else if (strcmp(cmd, "mark") == 0)
		pub_snapshot(&P->mark);
	else if (strcmp(cmd, "same") == 0)
		probe_same();
	else
		probe_fail("unknown command", cmd);
}

/* The command: run the script on stdin, line by line. */
int cmd_probe(void)
{
	char line[4096];
	unsigned expects = 0;

	opts_done();
	if ((P = calloc(1, sizeof *P)) == NULL)
		die("out of memory");
	while (fgets(line, sizeof line, stdin) != NULL) {
		P->lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *sp = strchr(line, ' ');
		if (sp != NULL)
			*sp = '\0';
		if (strcmp(line, "conn") != 0 && P->cur == NULL)
			probe_fail("no connection yet (conn NAME first)", NULL);
		probe_command(line, sp ? sp + 1 : "");
		expects += strcmp(line, "expect") == 0;
	}
	say("probe: %u script lines, %u replies as expected", P->lineno, expects);
	for (unsigned i = 0; i < P->nconns; i++)
		bd_client_close(&P->conns[i].c);
	free(P);
	return 0;
}
