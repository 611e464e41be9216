/* util.c: what every bd-fault command shares: options, messages, time, randomness,
 * mapping the board, scripted players, the daemon's workers. */
#include "fault.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ipc/clock.h"

#define OPTS_MAX 32

static struct { const char *name, *value; int used; } opts[OPTS_MAX];
static unsigned nopts;
static uint64_t rnd_state;

void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "bd-fault: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	exit(1);
}

void say(const char *fmt, ...)
{
	va_list ap;

	printf("bd-fault: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

void opts_parse(int argc, char **argv)
{
	for (int i = 0; i < argc; i += 2) {
		if (strncmp(argv[i], "--", 2) != 0 || i + 1 >= argc || nopts == OPTS_MAX) {
			fprintf(stderr, "bd-fault: options are --NAME VALUE pairs; '%s' is not\n", argv[i]);
			exit(2);
		}
		opts[nopts].name = argv[i] + 2;
		opts[nopts++].value = argv[i + 1];
	}
	rnd_state = (uint64_t)opt_num("seed", (long)getpid()) * 2654435761u + 1;
}

const char *opt_str(const char *name, const char *def)
{
	for (unsigned i = 0; i < nopts; i++)
		if (strcmp(opts[i].name, name) == 0) {
			opts[i].used = 1;
			return opts[i].value;
		}
	return def;
}

long opt_num(const char *name, long def)
{
	const char *s = opt_str(name, NULL);
	char *end;

	if (s == NULL)
		return def;
	long v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < 0) {
		fprintf(stderr, "bd-fault: --%s wants a whole number, not '%s'\n", name, s);
		exit(2);
	}
	return v;
}

void opts_done(void)
{
	for (unsigned i = 0; i < nopts; i++)
		if (!opts[i].used) {
			fprintf(stderr, "bd-fault: this command has no option --%s\n", opts[i].name);
			exit(2);
		}
}

int64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void sleep_us(long us)
{
	struct timespec ts = {us / 1000000, us % 1000000 * 1000};

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

unsigned rnd(unsigned n)
{
	rnd_state ^= rnd_state >> 12;
	rnd_state ^= rnd_state << 25;
	rnd_state ^= rnd_state >> 27;
	return n ? (unsigned)((rnd_state * 2685821657736338717ull >> 32) % n) : 0;
}

void rnd_reseed(uint64_t salt)
{
	rnd_state ^= salt * 0x9e3779b97f4a7c15ull;
	if (rnd_state == 0)
		rnd_state = 1;
}

const char *board_name(void)
{
	return opt_str("board", "main");
}

/* The public segment's name from the first join reply (player_enter). */
static char segment_name[BD_OBJ_NAME_MAX];

const char *board_segment(void)
{
	struct bd_client c;

	if (segment_name[0] == '\0') {
		/* As every client does: the daemon names the segment in its join reply. */
		player_enter(&c, "probe", BD_ROLE_SPECTATOR);
		bd_client_close(&c);
	}
	return segment_name;
}

const char *board_inst(void)
{
	static char inst[BD_INST_LEN + 1];

	if (inst[0] == '\0' && bd_obj_split(board_segment(), NULL, NULL, inst) < 0)
		die("the daemon named no sound segment for board %s: '%s'", board_name(), board_segment());
	return inst;
}

const struct bd_pub *pub_map(void)
{
	static const struct bd_pub *pub;
	char why[256];

	if (pub == NULL && (pub = bd_pub_map_ro(board_segment(), BD_ANY_OWNER, why, sizeof why)) == NULL)
		die("cannot map board %s (%s): %s", board_name(), board_segment(), why);
	return pub;
}

const struct bd_priv *priv_map(void)
{
	static const struct bd_priv *priv;
	char why[256];

	if (priv == NULL && (priv = bd_priv_map_ro(board_segment(), BD_ANY_OWNER, why, sizeof why)) == NULL)
		die("cannot map the private segment of %s: %s", board_name(), why);
	return priv;
}

void pub_snapshot(struct bd_pub *out)
{
	for (int tries = 0; bd_snapshot(pub_map(), out) < 0; tries++)
		if (tries == 100)
			die("no consistent snapshot of board %s in 100 tries", board_name());
}

void player_connect(struct bd_client *c)
{
	char path[108], err[256];

	bd_default_socket(path, sizeof path);
	if (bd_client_connect(c, path, err, sizeof err) < 0)
		die("%s", err);
}

void player_enter(struct bd_client *c, const char *name, enum bd_role role)
{
	char err[256];

	player_connect(c);
	if (bd_client_enter(c, name, role, board_name(), 0, bd_default_prefix(), err, sizeof err) < 0)
		die("%s cannot enter board %s: %s", name, board_name(), err);
	if (segment_name[0] == '\0')
		snprintf(segment_name, sizeof segment_name, "%s", c->segment);
}

int player_request(struct bd_client *c, struct bd_msg *r, const char *fmt, ...)
{
	char line[BD_LINE_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	int rc = bd_client_request(c, r, NULL, NULL, "%s", line);
	if (rc < 0)
		die("no reply to '%s' within 10 s (connection lost or board stuck)", line);
	return rc;
}

int card_down(const struct bd_pub *snap)
{
	unsigned n = bd_memory_pub(snap)->dim * bd_memory_pub(snap)->dim, start = rnd(n);

	for (unsigned i = 0; i < n; i++)
		if (bd_memory_pub(snap)->cards[(start + i) % n].state == BD_CARD_DOWN)
			return (int)((start + i) % n);
	return -1;
}

long event_player(const struct bd_msg *m)
{
	static const struct { const char *word; int tok; } at[] = {
		{"join", 0}, {"leave", 0}, {"up", 3}, {"mismatch", 6}, {"match", 5},
	};

	for (unsigned i = 0; i < sizeof at / sizeof at[0]; i++)
		if (strcmp(m->word, at[i].word) == 0 && m->ntok > at[i].tok)
			return bd_parse_uint(m->tok[at[i].tok]);
	return -1;
}

int player_await(struct bd_client *c, const char *word, int player, int ms, struct bd_msg *m)
{
	int64_t end = bd_now_ms() + ms;

	for (int64_t left = ms; left >= 0; left = end - bd_now_ms()) {
		int rc = bd_client_read(c, m, (int)left);
		if (rc < 0)
			die("connection closed while waiting for a %s event", word);
		if (rc == 0)
			return 0;
		if (m->kind == BD_MSG_EVENT && strcmp(m->word, word) == 0 &&
		    (player < 0 || event_player(m) == player))
			return 1;
	}
	return 0;
}

/* The fields of /proc/PID/stat after the command name (which may hold spaces and
 * parentheses) into buf; NULL if the process is gone. */
static const char *proc_stat(pid_t pid, char *buf, size_t len)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return NULL;
	size_t n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	char *close = strrchr(buf, ')');
	return close != NULL ? close + 1 : NULL;
}

/* The parent pid of pid, -1 if it is gone. */
static pid_t parent_of(pid_t pid)
{
	char buf[1024];
	const char *f = proc_stat(pid, buf, sizeof buf);
	int ppid;

	return f != NULL && sscanf(f, " %*c %d", &ppid) == 1 ? ppid : -1;
}

double proc_cpu_ms(pid_t pid)
{
	char buf[1024];
	const char *f = proc_stat(pid, buf, sizeof buf);
	unsigned long ut, st;

	if (f == NULL || sscanf(f, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
		return 0;
	return (double)(ut + st) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
}

unsigned children_of(pid_t pid, pid_t *out, unsigned max)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	unsigned n = 0;

	if (d == NULL)
		die("cannot read /proc: %s", strerror(errno));
	while ((e = readdir(d)) != NULL) {
		long p = bd_parse_uint(e->d_name);
		if (p > 0 && parent_of((pid_t)p) == pid && n < max)
			out[n++] = (pid_t)p;
	}
	closedir(d);
	return n;
}

int ctl_shows(const char *ctl, const char *what, const char *const *words, unsigned n)
{
	char cmd[512], line[512];
	int found = 0;

	snprintf(cmd, sizeof cmd, "%s %s %s", ctl, what, board_name());
	FILE *f = popen(cmd, "r");
	if (f == NULL)
		die("cannot run %s", cmd);
	while (fgets(line, sizeof line, f) != NULL) {
		unsigned seen = 0;
		printf("  | %s", line);
		for (char *t = strtok(line, " \t\n"); t != NULL; t = strtok(NULL, " \t\n"))
			for (unsigned i = 0; i < n; i++)
				seen |= (strcmp(t, words[i]) == 0) << i;
		found |= seen == (1u << n) - 1;
	}
	if (pclose(f) != 0)
		die("%s failed", cmd);
	return found;
}

int child_of(pid_t pid, pid_t parent)
{
	return pid > 0 && parent_of(pid) == parent;
}

char proc_state(pid_t pid)
{
	char buf[1024], state;
	const char *f = proc_stat(pid, buf, sizeof buf);

	return f != NULL && sscanf(f, " %c", &state) == 1 ? state : '\0';
}
