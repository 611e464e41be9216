/* lag.c: `bd-fault lag` and `bd-fault stall`: players that fall behind a flood of events
 * made by others (e.g. `bd-fault picks` as another user, in its own process group --flood).
 *
 * lag: a player stops reading until the events it was not sent must exceed --backlog (the
 * daemon's --max-backlog): at least LINE_MIN bytes an event since it stopped, less what its
 * socket holds; or, sooner, until the daemon's log (--log FILE) says this connection fell
 * behind (real event lines are longer than LINE_MIN: the bound alone waits for about twice
 * the events, which a loaded machine's flood may not make in time). The flood is then stopped (SIGSTOP to its group) and the board settles; the
 * player reads all there is: one resync event, whose seq and count join the events before
 * it without a gap; then `cards` and `players` equal the public segment, the seat is still
 * its own, and its pick of a face-down card is accepted. The flood is continued (SIGCONT).
 *
 * stall: with the flood running, one player reads nothing and another reads slowly (4 KiB
 * every 100 ms) for --seconds; the daemon (--stall-ms shorter than that) must close the
 * first and not the second, which then reads out and gets its `OK pong`.
 * A lagging player named whisper (--name; boardd-testhooks gives it a private line) must get
 * its private line right after its resync.
 * Options: --flood PGID (required), --backlog BYTES (262144), --log FILE (none), --seconds N
 * (6, stall), --name NAME (lagger, lag). */
#include "fault.h"

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ipc/clock.h"

#define LINE_MIN 16      /* the shortest event line: "EVENT 1 leave 0\n" */
#define BOUND_WAIT_MS 120000
#define QUIET_MS 1000    /* the board is settled when no event came for this long */

/* Signal the flood's process group. */
static void lag_flood(pid_t pgid, int sig)
{
	if (kill(-pgid, sig) < 0)
		die("cannot signal the flood's process group %d: %s", (int)pgid, strerror(errno));
}

/* Bytes the client's socket holds, unread (the kernel's buffer) plus what the library read. */
static long lag_held(const struct bd_client *c)
{
	int n = 0;

	if (ioctl(c->fd, FIONREAD, &n) < 0)
		die("FIONREAD: %s", strerror(errno));
	return n + (long)c->rlen;
}

/* Nonzero if the daemon's log (NULL: none) says our connection fell behind. */
static int lag_logged(const char *log)
{
	char line[512], want[64];
	int found = 0;
	FILE *f;

	if (log == NULL || (f = fopen(log, "r")) == NULL)
		return 0;
	snprintf(want, sizeof want, "connection of pid %d uid %u fell behind", (int)getpid(), (unsigned)getuid());
	while (!found && fgets(line, sizeof line, f) != NULL)
		found = strstr(line, want) != NULL;
	fclose(f);
	return found;
}

/* A file's first line into buf ("" if it cannot be read). */
static void lag_first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (f == NULL || fgets(buf, (int)len, f) == NULL)
		buf[0] = 0;
	buf[strcspn(buf, "\n")] = 0;
	if (f != NULL)
		fclose(f);
}

/* Say each process of process group pgid, or each child of parent: its stat line's start
 * (pid, name, run state, parent) and the kernel function it sleeps in. */
static void lag_processes(const char *what, pid_t pgid, pid_t parent)
{
	char path[64], stat[512], wchan[64];
	DIR *proc = opendir("/proc");
	struct dirent *e;
	int ppid;

	while (proc != NULL && (e = readdir(proc)) != NULL) {
		pid_t pid = (pid_t)atoi(e->d_name);
		if (pid <= 0)
			continue;
		snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
		lag_first_line(path, stat, sizeof stat);
		const char *after = strrchr(stat, ')');
		if (after == NULL || sscanf(after, ") %*c %d", &ppid) != 1 ||
		    (pgid > 0 ? getpgid(pid) != pgid : ppid != parent))
			continue;
		snprintf(path, sizeof path, "/proc/%d/wchan", (int)pid);
		lag_first_line(path, wchan, sizeof wchan);
		say("%s %.100s (sleeping in %s)", what, stat, wchan[0] ? wchan : "-");
	}
	if (proc != NULL)
		closedir(proc);
}

/* Say, before giving up on a flood that stopped, what the board, the flood's processes and
 * the daemon's workers were doing (a flood that stalls has not been explained yet: this
 * tells whether its pickers were blocked, spinning or refused, and where the workers wait). */
static void lag_flood_stalled(pid_t pgid)
{
	const struct bd_pub *p = pub_map();
	unsigned n = bd_memory_pub(p)->dim * bd_memory_pub(p)->dim, by[4] = {0};

	for (unsigned c = 0; c < n && c < BD_CARDS_MAX; c++)
		by[bd_memory_pub(p)->cards[c].state & 3]++;
	say("the board: game %u %s, cards down %u, up %u, locked %u", (unsigned)p->game_number,
	    bd_game_state_name(p->game_state), by[BD_CARD_DOWN], by[BD_CARD_UP], by[BD_CARD_LOCKED]);
	lag_processes("flood process", pgid, 0);
	lag_processes("daemon worker", 0, (pid_t)p->daemon_pid);
}

/* Wait, not reading, until the daemon must have more than backlog bytes of events unsent
 * for c: LINE_MIN bytes an event since seq0, less what c's socket holds; or until its log
 * says so. */
static void lag_wait_bound(const struct bd_client *c, uint64_t seq0, long backlog, const char *log, pid_t flood)
{
	int64_t start = bd_now_ms();

	for (;;) {
		if (lag_logged(log)) {
			say("lagging player: not read for %.1f s: the daemon logged that it fell behind",
			    (double)(bd_now_ms() - start) / 1000.0);
			return;
		}
		uint64_t events = __atomic_load_n(&pub_map()->event_seq, __ATOMIC_ACQUIRE) - seq0;
		long held = lag_held(c), unsent = (long)events * LINE_MIN - held;
		if (unsent > backlog) {
			say("lagging player: not read for %.1f s: %lu events, its socket holds %ld bytes, so at "
			    "least %ld bytes were not sent (bound %ld)", (double)(bd_now_ms() - start) / 1000.0,
			    (unsigned long)events, held, unsent, backlog);
			return;
		}
		if (bd_now_ms() - start > BOUND_WAIT_MS) {
			lag_flood_stalled(flood);
			die("in %d s the flood made only %lu events", BOUND_WAIT_MS / 1000, (unsigned long)events);
		}
		sleep_us(50000);
	}
}

/* Wait until no event came for QUIET_MS. */
static void lag_settle(void)
{
	uint64_t seq = __atomic_load_n(&pub_map()->event_seq, __ATOMIC_ACQUIRE);
	int64_t since = bd_now_ms(), start = since;

	while (bd_now_ms() - since < QUIET_MS) {
		if (bd_now_ms() - start > 30000)
			die("the board did not settle in 30 s after the flood stopped");
		sleep_us(50000);
		uint64_t now = __atomic_load_n(&pub_map()->event_seq, __ATOMIC_ACQUIRE);
		if (now != seq)
			seq = now, since = bd_now_ms();
	}
}

unsigned lag_readout(struct bd_client *c, const char *who, unsigned *private_after)
{
	struct bd_msg m;
	uint64_t last = 0;
	unsigned resyncs = 0, events = 0;
	int rc, after_resync = 0;

	while ((rc = bd_client_read(c, &m, QUIET_MS)) == 1) {
		if (m.kind == BD_MSG_ERR)
			die("%s got ERR %s %s", who, m.word, m.text);
		if (private_after != NULL && after_resync && m.kind == BD_MSG_DATA && strcmp(m.word, "WHISPER") == 0)
			(*private_after)++; /* the seat's private line, right after its resync */
		after_resync = 0;
		if (m.kind != BD_MSG_EVENT)
			continue;
		events++;
		long n = strcmp(m.word, "resync") == 0 && m.ntok == 1 ? bd_parse_uint(m.tok[0]) : 1;
		if (strcmp(m.word, "resync") == 0 && n < 1)
			die("%s: a malformed resync: %s", who, m.line);
		if (last != 0 && m.seq - (uint64_t)n != last)
			die("%s: event %lu after %lu leaves a gap: %s", who, (unsigned long)m.seq, (unsigned long)last, m.line);
		if (strcmp(m.word, "resync") == 0) {
			resyncs++;
			after_resync = 1;
			say("%s: %s (events %lu to %lu were dropped)", who, m.line, (unsigned long)(m.seq - (uint64_t)n + 1),
			    (unsigned long)m.seq);
		}
		last = m.seq;
	}
	if (rc < 0)
		die("%s: the daemon closed the connection", who);
	say("%s read %u events, %u of them resync", who, events, resyncs);
	return resyncs;
}

/* What a reply's data lines are checked against: the board, and what disagreed. */
struct view {
	const struct bd_pub *snap;
	unsigned lines;
	int me, me_seen;
	char bad[BD_LINE_MAX + 64];
};

/* One PLAYER line: its state and score as the segment has them. */
static void view_player(const struct bd_msg *m, void *arg)
{
	struct view *v = arg;
	long id = m->ntok >= 5 ? bd_parse_uint(m->tok[0]) : -1, score = m->ntok >= 5 ? bd_parse_uint(m->tok[3]) : -1;

	v->lines++;
	if (id < 0 || id >= BD_PLAYERS_MAX || strcmp(m->tok[1], bd_player_state_name(v->snap->players[id].state)) != 0 ||
	    score != (long)v->snap->players[id].score)
		snprintf(v->bad, sizeof v->bad, "'%s' is not what the segment shows", m->line);
	else if (id == v->me)
		v->me_seen = strcmp(m->tok[1], "playing") == 0;
}

/* One CARD line: its state, value and owner as the segment has them. */
static void view_card(const struct bd_msg *m, void *arg)
{
	struct view *v = arg;
	unsigned dim = bd_memory_pub(v->snap)->dim;
	long x = m->ntok == 5 ? bd_parse_uint(m->tok[0]) : -1, y = m->ntok == 5 ? bd_parse_uint(m->tok[1]) : -1;

	v->lines++;
	if (x < 0 || y < 0 || x >= (long)dim || y >= (long)dim) {
		snprintf(v->bad, sizeof v->bad, "'%s' is off the board", m->line);
		return;
	}
	const struct bd_card *card = &bd_memory_pub(v->snap)->cards[y * dim + x];
	if (strcmp(m->tok[2], bd_card_state_name(card->state)) != 0 || strncmp(m->tok[3], card->value, 2) != 0 ||
	    bd_parse_uint(m->tok[4]) != card->owner)
		snprintf(v->bad, sizeof v->bad, "'%s' is not what the segment shows", m->line);
}

/* Re-read the settled board with players and cards: both must equal the segment, with c
 * still seated and playing. */
static void lag_compare(struct bd_client *c, const struct bd_pub *snap)
{
	struct view v = {.snap = snap, .me = c->player};
	struct bd_msg r;
	unsigned seated = 0, shown = 0;

	if (bd_client_request(c, &r, view_player, &v, "players") != 0)
		die("players was not answered OK");
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		seated += snap->players[i].state != BD_PLAYER_EMPTY;
	if (v.bad[0] || v.lines != seated || !v.me_seen)
		die("players after the resync: %s", v.bad[0] ? v.bad : !v.me_seen ? "the lagging player lost its seat" :
			"not one line per seat");
	v.lines = 0;
	if (bd_client_request(c, &r, view_card, &v, "cards") != 0)
		die("cards was not answered OK");
	for (unsigned i = 0; i < bd_memory_pub(snap)->dim * bd_memory_pub(snap)->dim; i++)
		shown += bd_memory_pub(snap)->cards[i].state != BD_CARD_DOWN;
	if (v.bad[0] || v.lines != shown)
		die("cards after the resync: %s", v.bad[0] ? v.bad : "not one line per card face up or locked");
	say("after the resync: players (%u seats) and cards (%u face up or locked) equal the segment", seated, shown);
}

/* The lagging player's pick of a face-down card is accepted: its seat still plays. */
void lag_pick(struct bd_client *c, const struct bd_pub *snap, const char *who)
{
	struct bd_msg r;
	int card = card_down(snap);

	if (card < 0)
		die("no face-down card left to pick");
	if (player_request(c, &r, "pick %u %u", (unsigned)card % bd_memory_pub(snap)->dim, (unsigned)card / bd_memory_pub(snap)->dim) != 0)
		die("%s's pick was refused: ERR %s %s", who, r.word, r.text);
	say("%s's pick after the resync: %s", who, r.line);
}

int cmd_lag(void)
{
	static struct bd_pub snap;
	struct bd_client c;
	pid_t flood = (pid_t)opt_num("flood", 0);
	long backlog = opt_num("backlog", 262144);
	const char *name = opt_str("name", "lagger"), *log = opt_str("log", NULL);
	unsigned lines = 0;

	opts_done();
	if (flood <= 1)
		die("--flood PGID is required");
	player_enter(&c, name, BD_ROLE_PLAYER);
	lag_wait_bound(&c, __atomic_load_n(&pub_map()->event_seq, __ATOMIC_ACQUIRE), backlog, log, flood);
	lag_flood(flood, SIGSTOP);
	lag_settle();
	unsigned resyncs = lag_readout(&c, "lagging player", &lines);
	pub_snapshot(&snap);
	lag_compare(&c, &snap);
	lag_pick(&c, &snap, "lagging player");
	lag_flood(flood, SIGCONT);
	if (resyncs != 1)
		die("the lagging player got %u resync events, not one", resyncs);
	if (strcmp(name, "whisper") == 0 && lines != 1) /* boardd-testhooks gives it a private line */
		die("the lagging player's private line came %u times right after its resync, not once", lines);
	bd_client_close(&c);
	say("lag: ok");
	return 0;
}

/* Read out a socket the daemon should have closed: 1 if it ends within 10 s. */
static int stall_closed(int fd)
{
	char buf[65536];
	struct pollfd p = {.fd = fd, .events = POLLIN};

	while (poll(&p, 1, 10000) == 1) {
		ssize_t n = recv(fd, buf, sizeof buf, 0);
		if (n <= 0)
			return 1;
	}
	return 0;
}

int cmd_stall(void)
{
	struct bd_client mute, slow;
	struct bd_msg m;
	char buf[4096];
	pid_t flood = (pid_t)opt_num("flood", 0);
	long seconds = opt_num("seconds", 6), got = 0;

	opts_done();
	if (flood <= 1)
		die("--flood PGID is required");
	player_enter(&mute, "mute", BD_ROLE_PLAYER);
	player_enter(&slow, "slow", BD_ROLE_PLAYER);
	for (int64_t end = bd_now_ms() + seconds * 1000; bd_now_ms() < end; sleep_us(100000)) {
		ssize_t n = recv(slow.fd, buf, sizeof buf, MSG_DONTWAIT);
		if (n == 0 || (n < 0 && errno != EAGAIN))
			die("the slow reader was closed after reading %ld bytes", got);
		got += n > 0 ? n : 0;
	}
	say("slow reader: %ld bytes in %ld s, still connected", got, seconds);
	if (!stall_closed(mute.fd))
		die("the player that read nothing for %ld s was not closed", seconds);
	say("the player that read nothing was closed");
	lag_flood(flood, SIGSTOP);
	if (bd_client_send(&slow, "ping") < 0)
		die("the slow reader's connection is gone");
	int rc;
	while ((rc = bd_client_read(&slow, &m, 20000)) == 1 && !(m.kind == BD_MSG_OK && strcmp(m.word, "pong") == 0))
		continue;
	lag_flood(flood, SIGCONT);
	if (rc != 1)
		die("the slow reader got no OK pong: %s", rc < 0 ? "its connection was closed" : "none in 20 s");
	say("slow reader: OK pong after reading out");
	say("stall: ok");
	return 0;
}

/* One reply's data lines and its OK, read in order. */
struct reply {
	unsigned lines, count;
	size_t bytes;
};

/* Read one reply of request word: its data lines (events may come between replies, never
 * inside one) and the OK that ends it; die on anything else. */
static void pipe_reply(struct bd_client *c, const char *word, const char *data, struct reply *r)
{
	struct bd_msg m;

	memset(r, 0, sizeof *r);
	for (;;) {
		int rc = bd_client_read(c, &m, 20000);
		if (rc != 1)
			die("a reply to %s did not come: %s", word, rc < 0 ? "the connection was closed" : "none in 20 s");
		if (m.kind == BD_MSG_EVENT && r->lines == 0)
			continue;
		r->bytes += strlen(m.line) + 1;
		if (m.kind == BD_MSG_DATA && strcmp(m.word, data) == 0) {
			r->lines++;
			continue;
		}
		if (m.kind != BD_MSG_OK || strcmp(m.word, word) != 0 || m.ntok < 1)
			die("inside or instead of the reply to %s: %s", word, m.line);
		r->count = (unsigned)bd_parse_uint(m.tok[0]);
		return;
	}
}

/* `bd-fault pipeline`: --seats N players take seats, then a client (--role, spectator)
 * says hello, joins (players only) and asks --request once, then writes that request
 * --times times in one write: every reply must come, whole and in order, each with as
 * many data lines as the first. Options: --request boards|players, --times N (4),
 * --seats N (0), --role spectator|player. */
int cmd_pipeline(void)
{
	static struct bd_client seats[BD_PLAYERS_MAX];
	struct bd_client c;
	struct bd_msg r;
	struct reply first, next;
	const char *req = opt_str("request", "players"), *role = opt_str("role", "spectator");
	const char *data = strcmp(req, "boards") == 0 ? "BOARD" : "PLAYER";
	long times = opt_num("times", 4), nseats = opt_num("seats", 0);
	char buf[BD_LINE_MAX];
	size_t len = 0;

	opts_done();
	if (nseats < 0 || nseats >= BD_PLAYERS_MAX || times < 1 || (size_t)times * (strlen(req) + 1) > sizeof buf)
		die("bad --seats or --times");
	for (long i = 0; i < nseats; i++) {
		char name[16];
		snprintf(name, sizeof name, "seat%ld", i);
		player_enter(&seats[i], name, BD_ROLE_PLAYER);
	}
	player_connect(&c);
	if (player_request(&c, &r, "hello piper %s", role) != 0 ||
	    (strcmp(req, "players") == 0 && player_request(&c, &r, "join %s", board_name()) != 0))
		die("hello or join refused: ERR %s %s", r.word, r.text);
	if (bd_client_send(&c, "%s", req) < 0)
		die("cannot send %s", req);
	pipe_reply(&c, req, data, &first);
	for (long i = 0; i < times; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s\n", req);
	if (send(c.fd, buf, len, MSG_NOSIGNAL) != (ssize_t)len)
		die("the pipelined requests did not go out in one write");
	for (long i = 0; i < times; i++) {
		pipe_reply(&c, req, data, &next);
		if (next.lines != first.lines || next.count != first.count || next.lines != next.count)
			die("reply %ld of %ld to %s: %u %s lines, OK %u; the first had %u", i + 1, times, req,
			    next.lines, data, next.count, first.lines);
	}
	say("%ld %s requests in one write: every reply came whole and in order, %u %s lines (%zu bytes) each",
	    times, req, first.lines, data, first.bytes);
	bd_client_close(&c);
	for (long i = 0; i < nseats; i++)
		bd_client_close(&seats[i]);
	say("pipeline: ok");
	return 0;
}
