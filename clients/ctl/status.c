/* status.c: `boardctl status`, what an administrator asks first: the daemon (asked on its
 * socket with the status request: pid, user, uptime, version, socket, prefix, each setting
 * and where it came from, the connections this user may see), then every object of the
 * prefix in /dev/shm with its size, mode, owner and how many processes map it (from
 * /proc/PID/maps: only the processes this user may read), foreign ones flagged. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ctl.h"
#include "ipc/client.h"
#include "ipc/proto.h"

#define STATUS_SETTINGS_MAX 64
#define STATUS_CONNS_MAX 4096 /* connections shown; the rest are counted */

struct status_setting {
	char name[32], from[16], value[BD_LINE_MAX];
};

struct status_conn {
	long pid, peer_pid, uid, queued, idle_ms, age_ms;
	char login[BD_LOGIN_MAX + 1], role[16], name[BD_NAME_MAX + 1], table[BD_BOARD_NAME_MAX + 1], seat[8];
	int self;
};

struct status {
	int answered;                  /* the daemon answered status */
	long pid, uid, uptime_ms, started_ms, protocol, layout;
	char login[BD_LOGIN_MAX + 1], version[16], socket[256], prefix[64];
	struct status_setting set[STATUS_SETTINGS_MAX];
	unsigned nset;
	struct status_conn *conn;
	unsigned nconn, cap, shown, hidden, dropped; /* dropped: CONN lines past what memory took */
	struct founds objs;
	unsigned *maps;                /* processes mapping each object */
	unsigned unreadable;           /* processes whose maps could not be read */
};

/* The tokens of m from i on, joined by spaces, into buf (a setting's value, a path). */
static void status_rest(const struct bd_msg *m, int i, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (; i < m->ntok && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "", m->tok[i]);
}

/* A number token, -1 if it is none. */
static long status_num(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	return *s != '\0' && *end == '\0' ? v : -1;
}

/* One CONN line into s->conn (docs/PROTOCOL.md, "Status"). */
static void status_conn_line(struct status *s, const struct bd_msg *m)
{
	if (m->ntok < 11)
		return;
	if (s->nconn == s->cap) {
		void *p = s->cap < STATUS_CONNS_MAX ? realloc(s->conn, (s->cap + 64) * sizeof *s->conn) : NULL;
		if (p == NULL) {
			s->dropped++;
			return;
		}
		s->conn = p;
		s->cap += 64;
	}
	struct status_conn *c = &s->conn[s->nconn++];
	c->pid = status_num(m->tok[0]);
	c->peer_pid = status_num(m->tok[1]);
	c->uid = status_num(m->tok[2]);
	bd_printable(c->login, sizeof c->login, m->tok[3]);
	bd_printable(c->role, sizeof c->role, m->tok[4]);
	bd_printable(c->name, sizeof c->name, m->tok[5]);
	bd_printable(c->table, sizeof c->table, m->tok[6]);
	bd_printable(c->seat, sizeof c->seat, m->tok[7]);
	c->queued = status_num(m->tok[8]);
	c->idle_ms = status_num(m->tok[9]);
	c->age_ms = status_num(m->tok[10]);
	c->self = m->ntok > 11 && strcmp(m->tok[11], "self") == 0;
}

/* bd_data_fn: one data line of the status reply. */
static void status_line(const struct bd_msg *m, void *arg)
{
	struct status *s = arg;
	char safe[BD_LINE_MAX];

	if (strcmp(m->word, "DAEMON") == 0 && m->ntok >= 8) {
		s->pid = status_num(m->tok[0]);
		s->uid = status_num(m->tok[1]);
		bd_printable(s->login, sizeof s->login, m->tok[2]);
		s->uptime_ms = status_num(m->tok[3]);
		s->started_ms = status_num(m->tok[4]);
		bd_printable(s->version, sizeof s->version, m->tok[5]);
		s->protocol = status_num(m->tok[6]);
		s->layout = status_num(m->tok[7]);
	} else if (strcmp(m->word, "SOCKET") == 0 || strcmp(m->word, "PREFIX") == 0) {
		int sock = m->word[0] == 'S';
		status_rest(m, 0, safe, sizeof safe);
		bd_printable(sock ? s->socket : s->prefix, sock ? sizeof s->socket : sizeof s->prefix, safe);
	} else if (strcmp(m->word, "SETTING") == 0 && m->ntok >= 3 && s->nset < STATUS_SETTINGS_MAX) {
		struct status_setting *t = &s->set[s->nset++];
		bd_printable(t->name, sizeof t->name, m->tok[0]);
		bd_printable(t->from, sizeof t->from, m->tok[1]);
		status_rest(m, 2, safe, sizeof safe);
		bd_printable(t->value, sizeof t->value, safe);
	} else if (strcmp(m->word, "CONN") == 0)
		status_conn_line(s, m);
}

/* Ask the daemon on the socket; 0, or -1 with why printed. */
static int status_ask(const struct ctl *c, struct status *s)
{
	struct bd_client cl;
	struct bd_msg r = {.word = "", .text = ""};
	char err[256];

	if (bd_client_connect(&cl, c->socket, err, sizeof err) < 0) {
		fprintf(stderr, "boardctl: status: no daemon answers on %s: %s\n", c->socket, err);
		return -1;
	}
	int rc = bd_client_request(&cl, &r, status_line, s, "status");
	bd_client_close(&cl);
	if (rc != 0 || r.ntok < 2) {
		fprintf(stderr, "boardctl: status: the daemon on %s %s\n", c->socket,
			rc < 0 ? "closed the connection or did not answer" : "refused status (an older boardd?)");
		return -1;
	}
	s->shown = (unsigned)status_num(r.tok[0]);
	s->hidden = (unsigned)status_num(r.tok[1]);
	s->answered = 1;
	return 0;
}

/* The inode of each object (0 if it went), to find it in maps: a semaphore is mapped under
 * the temporary name glibc made it with, since unlinked. */
static ino_t *status_inodes(const struct status *s)
{
	ino_t *ino = calloc(s->objs.n + 1, sizeof *ino);
	char path[BD_OBJ_NAME_MAX + 32];
	struct stat st;

	for (size_t i = 0; ino != NULL && i < s->objs.n; i++) {
		snprintf(path, sizeof path, "%s/%s", BD_SHM_DIR, s->objs.f[i].entry);
		ino[i] = lstat(path, &st) == 0 ? st.st_ino : 0;
	}
	return ino;
}

/* Add to s->maps the objects process dir maps (each once), from its maps file f. */
static void status_maps_of(struct status *s, FILE *f, const ino_t *ino, unsigned char *seen)
{
	char line[4096];
	unsigned long long n;

	memset(seen, 0, s->objs.n + 1);
	while (fgets(line, sizeof line, f) != NULL) {
		if (strstr(line, " " BD_SHM_DIR "/") == NULL || sscanf(line, "%*s %*s %*s %*s %llu", &n) != 1)
			continue;
		for (size_t i = 0; i < s->objs.n; i++)
			if (!seen[i] && ino[i] != 0 && ino[i] == (ino_t)n)
				seen[i] = 1, s->maps[i]++;
	}
}

/* Count, for each object, the processes whose /proc/PID/maps map it (by inode, on
 * /dev/shm); the processes whose maps cannot be read (another user's, unless root) are
 * counted apart. */
static void status_maps(struct status *s)
{
	char path[300];
	DIR *d = opendir("/proc");
	struct dirent *e;
	ino_t *ino = status_inodes(s);
	unsigned char *seen = calloc(s->objs.n + 1, 1);

	s->maps = calloc(s->objs.n + 1, sizeof *s->maps);
	while (d != NULL && s->maps != NULL && seen != NULL && ino != NULL && (e = readdir(d)) != NULL) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(path, sizeof path, "/proc/%s/maps", e->d_name);
		FILE *f = fopen(path, "r");
		if (f == NULL) {
			s->unreadable += errno == EACCES || errno == EPERM;
			continue;
		}
		status_maps_of(s, f, ino, seen);
		fclose(f);
	}
	free(seen);
	free(ino);
	if (d != NULL)
		closedir(d);
}

/* A duration in ms for people: 3d 4h, 2h 5m, 4m 10s, 12.3s. */
static const char *status_span(char *buf, size_t len, long ms)
{
	long s = ms / 1000;

	if (ms < 0)
		snprintf(buf, len, "?");
	else if (s >= 86400)
		snprintf(buf, len, "%ldd %ldh", s / 86400, s % 86400 / 3600);
	else if (s >= 3600)
		snprintf(buf, len, "%ldh %ldm", s / 3600, s % 3600 / 60);
	else if (s >= 60)
		snprintf(buf, len, "%ldm %lds", s / 60, s % 60);
	else
		snprintf(buf, len, "%ld.%lds", s, ms % 1000 / 100);
	return buf;
}

/* The daemon's part as text. */
static void status_daemon_text(const struct ctl *c, const struct status *s)
{
	char up[32], since[40];

	printf("daemon       pid %ld, user %s (uid %ld), up %s (since %s), boardd %s, protocol %ld, layout %ld\n",
	       s->pid, s->login, s->uid, status_span(up, sizeof up, s->uptime_ms),
	       events_time(since, sizeof since, s->started_ms), s->version, s->protocol, s->layout);
	printf("socket       %s\nshm prefix   %s\n", s->socket, s->prefix);
	printf("\n%-24s  %-12s  %s\n", "setting", "from", "value");
	for (unsigned i = 0; i < s->nset; i++) {
		int from_default = strcmp(s->set[i].from, "default") == 0;
		if (!from_default)
			ctl_colour_on(stdout, c, 1, 1);
		printf("%-24s  %-12s  %s", s->set[i].name, s->set[i].from, s->set[i].value);
		if (!from_default)
			ctl_colour_off(stdout, c);
		putchar('\n');
	}
}

/* The connections as text. */
static void status_conns_text(const struct status *s)
{
	char idle[32], age[32];

	printf("\nconnections: %u shown", s->shown);
	if (s->hidden > 0)
		printf(", %u of other users not shown (only the daemon's user and root see every one)", s->hidden);
	printf("\n%7s  %7s  %-12s  %-9s  %-16s  %-14s  %4s  %8s  %9s  %s\n", "worker", "pid", "user", "role", "name",
	       "table", "seat", "queued", "idle", "connected");
	for (unsigned i = 0; i < s->nconn; i++) {
		const struct status_conn *n = &s->conn[i];
		printf("%7ld  %7ld  %-12s  %-9s  %-16s  %-14s  %4s  %8ld  %9s  %s%s\n", n->pid, n->peer_pid, n->login,
		       n->role, n->name, n->table, n->seat, n->queued, status_span(idle, sizeof idle, n->idle_ms),
		       status_span(age, sizeof age, n->age_ms), n->self ? "  (this boardctl)" : "");
	}
}

/* The objects as text. */
static void status_objects_text(const struct ctl *c, const struct status *s)
{
	char login[64];

	printf("\nobjects of prefix %s in %s: %zu\n", c->prefix, BD_SHM_DIR, s->objs.n);
	if (s->objs.n > 0)
		printf("%-48s  %9s  %4s  %-12s  %s\n", "name", "bytes", "mode", "owner", "mapped by");
	for (size_t i = 0; i < s->objs.n; i++) {
		const struct bd_found *f = &s->objs.f[i];
		printf("%-48s  %9lld  %04o  %-12s  %u%s\n", f->entry, (long long)f->size, (unsigned)(f->mode & 07777),
		       ctl_login(login, sizeof login, f->uid), s->maps != NULL ? s->maps[i] : 0,
		       ctl_foreign(c, f->uid) ? "  FOREIGN: not the daemon's" : "");
	}
	if (s->unreadable > 0)
		printf("(%u processes' maps could not be read (no permission): not counted)\n",
		       s->unreadable);
}

/* A word of a CONN line as JSON: null for "-". */
static void status_json_word(struct json *j, const char *key, const char *w)
{
	if (strcmp(w, "-") == 0)
		json_null(j, key);
	else
		json_str(j, key, w);
}

/* The daemon's part as JSON members (null when it did not answer). */
static void status_daemon_json(struct json *j, const struct status *s)
{
	char since[40];

	if (!s->answered) {
		json_null(j, "daemon");
		return;
	}
	json_object(j, "daemon");
	json_int(j, "pid", s->pid);
	json_int(j, "uid", s->uid);
	json_str(j, "user", s->login);
	json_int(j, "uptime_ms", s->uptime_ms);
	json_str(j, "started", events_time(since, sizeof since, s->started_ms));
	json_str(j, "version", s->version);
	json_int(j, "protocol", s->protocol);
	json_int(j, "layout", s->layout);
	json_str(j, "socket", s->socket);
	json_str(j, "shm_prefix", s->prefix);
	json_close(j);
	json_array(j, "settings");
	for (unsigned i = 0; i < s->nset; i++) {
		json_object(j, NULL);
		json_str(j, "name", s->set[i].name);
		json_str(j, "from", s->set[i].from);
		json_str(j, "value", s->set[i].value);
		json_close(j);
	}
	json_close(j);
}

/* The connections as a JSON array, and how many were not shown. */
static void status_conns_json(struct json *j, const struct status *s)
{
	json_array(j, "connections");
	for (unsigned i = 0; i < s->nconn; i++) {
		const struct status_conn *n = &s->conn[i];
		json_object(j, NULL);
		json_int(j, "worker_pid", n->pid);
		json_int(j, "pid", n->peer_pid);
		json_int(j, "uid", n->uid);
		json_str(j, "user", n->login);
		status_json_word(j, "role", n->role);
		status_json_word(j, "name", n->name);
		status_json_word(j, "table", n->table);
		if (strcmp(n->seat, "-") == 0)
			json_null(j, "seat");
		else
			json_int(j, "seat", status_num(n->seat));
		json_int(j, "queued", n->queued);
		json_int(j, "idle_ms", n->idle_ms);
		json_int(j, "connected_ms", n->age_ms);
		json_bool(j, "self", n->self);
		json_close(j);
	}
	json_close(j);
	json_uint(j, "hidden_connections", s->hidden);
}

/* The objects as a JSON array, and how many processes' maps could not be read. */
static void status_objects_json(struct json *j, const struct ctl *c, const struct status *s)
{
	json_array(j, "objects");
	for (size_t i = 0; i < s->objs.n; i++) {
		json_object(j, NULL);
		json_str(j, "name", s->objs.f[i].entry);
		json_int(j, "size", (int64_t)s->objs.f[i].size);
		list_json_owner(j, c, &s->objs.f[i]);
		json_uint(j, "mapped_by", s->maps != NULL ? s->maps[i] : 0);
		json_close(j);
	}
	json_close(j);
	json_uint(j, "maps_unreadable", s->unreadable);
}

int status_run(const struct ctl *c)
{
	static struct status s;
	struct json j;

	int asked = status_ask(c, &s);
	if (list_scan(c, &s.objs) < 0)
		return CTL_ERROR;
	status_maps(&s);
	if (c->json) {
		json_start(&j, stdout);
		json_object(&j, NULL);
		json_str(&j, "socket", c->socket);
		json_str(&j, "prefix", c->prefix);
		status_daemon_json(&j, &s);
		if (s.answered)
			status_conns_json(&j, &s);
		status_objects_json(&j, c, &s);
		json_close(&j);
		json_finish(&j);
	} else {
		if (s.answered) {
			status_daemon_text(c, &s);
			status_conns_text(&s);
		}
		status_objects_text(c, &s);
	}
	if (s.dropped > 0)
		fprintf(stderr, "boardctl: status: %u connections not shown (out of memory)\n", s.dropped);
	free(s.conn);
	free(s.objs.f);
	free(s.maps);
	return asked < 0 ? CTL_ERROR : CTL_OK;
}
