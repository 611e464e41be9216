/* events.c: the events of a board, from the ring in its private segment, in the protocol's
 * own line format (docs/PROTOCOL.md) with the time each was emitted; with --follow, new ones
 * as they come (the ring polled every EVENTS_POLL_MS), like tail -f. Over events show
 * result "none", as a spectator would get them. In JSON each event's fields are parsed
 * through its game's codec (bd_event_fields), the one place that writes them. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ctl.h"
#include "ipc/clock.h"
#include "ipc/guard.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

#define EVENTS_POLL_MS 100

struct events {
	const struct ctl *c;
	struct json j;
	const struct bd_priv *priv;
	unsigned dim;
	unsigned missed;   /* events overwritten before they could be read */
	int bye;           /* a bye event was shown: the daemon is stopping */
};

static int events_shrunk; /* a guarded read of the private segment faulted */
static volatile sig_atomic_t events_stop;

/* SIGINT/SIGTERM while following: finish the batch and leave. */
static void events_signal(int sig)
{
	(void)sig;
	events_stop = 1;
}

/* bd_guard_load from the private segment (it may shrink); -1, and events_shrunk set, if
 * the mapping faulted. */
static int events_load(void *dst, const void *src, size_t n)
{
	if (bd_guard_load(dst, src, n) < 0) {
		events_shrunk = 1;
		return -1;
	}
	return 0;
}

/* Copy event s out of the ring; -1 if its slot holds another event (overwritten) or the
 * mapping faulted (events_shrunk). The slot's
 * seq is written last by the daemon and zeroed first, so re-reading it validates the copy. */
static int events_copy(const struct bd_priv *priv, uint64_t s, struct bd_event *ev)
{
	const struct bd_event *slot = &priv->ring[s % BD_RING_SIZE];
	uint64_t seq;

	if (events_load(&seq, &slot->seq, sizeof seq) < 0 || seq != s)
		return -1;
	if (events_load(ev, slot, sizeof *ev) < 0 || events_load(&seq, &slot->seq, sizeof seq) < 0 || seq != s)
		return -1;
	ev->seq = s;
	ev->name[sizeof ev->name - 1] = '\0';
	return 0;
}

const char *events_time(char *buf, size_t len, int64_t ms)
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;
	char day[32];

	if (ms <= 0 || gmtime_r(&t, &tm) == NULL || strftime(day, sizeof day, "%Y-%m-%dT%H:%M:%S", &tm) == 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%s.%03dZ", day, (int)(ms % 1000));
	return buf;
}

/* One field's value: a number, two tokens (a card's "x y": numbers where they are), a word. */
static void events_value(struct json *j, const char *key, const struct bd_field *f)
{
	char a[sizeof f->text], *b;
	long n;

	if (f->number) {
		json_uint(j, key, strtoull(f->text, NULL, 10));
		return;
	}
	if (!f->wide || (b = strchr(strcpy(a, f->text), ' ')) == NULL) {
		json_str(j, key, f->text);
		return;
	}
	*b++ = '\0';
	json_array(j, key);
	for (const char *t = a; t != NULL; t = t == a ? b : NULL) {
		if ((n = bd_parse_uint(t)) >= 0)
			json_uint(j, NULL, (uint64_t)n);
		else
			json_str(j, NULL, t);
	}
	json_close(j);
}

/* The event's fields as members named by its codec; a name its spec uses twice (Memory's
 * match: two cards) holds an array of the values in order. */
static void events_fields(struct json *j, const struct bd_field *f, unsigned n)
{
	json_object(j, "fields");
	for (unsigned i = 0; i < n; i++) {
		unsigned k = 0, first = i;
		for (unsigned e = 0; e < n; e++)
			if (strcmp(f[e].name, f[i].name) == 0 && k++ == 0)
				first = e;
		if (first != i)
			continue;
		if (k == 1) {
			events_value(j, f[i].name, &f[i]);
			continue;
		}
		json_array(j, f[i].name);
		for (unsigned e = i; e < n; e++)
			if (strcmp(f[e].name, f[i].name) == 0)
				events_value(j, NULL, &f[e]);
		json_close(j);
	}
	json_close(j);
}

/* One event: its time and protocol line as text, or an object in JSON (docs/boardctl.1). */
static void events_print_one(struct events *e, const struct bd_event *ev)
{
	char line[BD_LINE_MAX + 1], safe[BD_LINE_MAX + 1], when[40];
	struct bd_field f[BD_FIELDS_MAX];
	const char *word;

	bd_event_format(line, sizeof line, ev, e->dim, "none", 0);
	line[strcspn(line, "\n")] = '\0';
	events_time(when, sizeof when, ev->time_ms);
	e->bye |= ev->type == BD_EV_BYE;
	if (!e->c->json) {
		if (e->c->times)
			printf("%s ", when);
		puts(bd_printable(safe, sizeof safe, line));
		return;
	}
	unsigned n = bd_event_fields(ev, e->dim, "none", &word, f);
	json_object(&e->j, NULL);
	json_uint(&e->j, "seq", ev->seq);
	json_str(&e->j, "time", ev->time_ms > 0 ? when : NULL);
	json_int(&e->j, "time_ms", ev->time_ms);
	json_str(&e->j, "type", word != NULL ? word : "unknown");
	if (ev->to == BD_NO_PLAYER)
		json_null(&e->j, "to");
	else
		json_uint(&e->j, "to", ev->to);
	json_str(&e->j, "line", line);
	events_fields(&e->j, f, n);
	json_close(&e->j);
}

/* The first event to show of those up to head: the oldest still in the ring, then none
 * older than --since, then only the newest --count. */
static uint64_t events_first(struct events *e, uint64_t head)
{
	uint64_t first = head >= BD_RING_SIZE ? head - BD_RING_SIZE + 1 : 1;
	struct bd_event ev;

	while (e->c->since_ms != 0 && first <= head && !events_shrunk &&
	       (events_copy(e->priv, first, &ev) < 0 || ev.time_ms < e->c->since_ms))
		first++;
	if (e->c->count != CTL_ALL && head >= e->c->count && first < head - e->c->count + 1)
		first = head - e->c->count + 1;
	return first;
}

/* Show events from..head, oldest first (one JSON document each when following). */
static void events_print(struct events *e, uint64_t from, uint64_t head)
{
	struct bd_event ev;

	if (head >= BD_RING_SIZE && from <= head - BD_RING_SIZE) {
		e->missed += (unsigned)(head - BD_RING_SIZE + 1 - from);
		from = head - BD_RING_SIZE + 1;
	}
	for (uint64_t s = from; s <= head && !events_shrunk; s++) {
		if (events_copy(e->priv, s, &ev) < 0) {
			e->missed++;
			continue;
		}
		if (e->c->follow && e->c->json)
			json_start(&e->j, stdout);
		events_print_one(e, &ev);
		if (e->c->follow && e->c->json)
			json_finish(&e->j);
	}
	fflush(stdout);
}

/* Why following must end now (NULL: go on): the segment that was mapped is no longer the
 * board's (retired, or replaced by a restarted daemon), or its daemon died (*failed set). */
static const char *events_gone(const char *path, ino_t ino, pid_t daemon, int *failed)
{
	struct stat st;

	if (stat(path, &st) < 0 || st.st_ino != ino)
		return "the board was retired: its segments were removed";
	*failed = !bd_pid_is_boardd(daemon);
	return *failed ? "its daemon died without a bye (killed or crashed)" : NULL;
}

/* --follow: show new events as they come until a signal, the daemon's bye, the board's
 * retirement or its daemon's death; returns the exit status. The ring is read after each
 * look at the segment and the daemon, so a bye said before they went is always shown. */
static int events_follow(struct events *e, const struct bd_found *f, uint64_t head, pid_t daemon)
{
	struct sigaction sa = {.sa_handler = events_signal};
	char path[BD_OBJ_NAME_MAX + 32];
	struct stat st;
	int failed = 0;
	const char *why = NULL;

	snprintf(path, sizeof path, "%s/%s.private", BD_SHM_DIR, f->entry);
	if (stat(path, &st) < 0)
		return ctl_fail(e->c, "the board was retired: its segments were removed");
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	while (!events_stop && !events_shrunk && !e->bye && why == NULL) {
		struct timespec ts = {0, EVENTS_POLL_MS * 1000000L};
		nanosleep(&ts, NULL);
		why = events_gone(path, st.st_ino, daemon, &failed);
		uint64_t now = head;
		events_load(&now, &e->priv->ring_head, sizeof now);
		if (now > head)
			events_print(e, head + 1, now);
		head = now;
	}
	if (e->bye) {
		why = "the daemon stopped (bye)";
		failed = 0;
	}
	if (why != NULL && !events_shrunk)
		fprintf(stderr, "boardctl: board %s (prefix %s): %s\n", e->c->board, e->c->prefix, why);
	return failed ? CTL_ERROR : CTL_OK;
}

int events_run(const struct ctl *c)
{
	static struct bd_pub snap;
	struct events e = {.c = c};
	struct bd_found f;

	if ((e.priv = ctl_private(c, &snap, &f)) == NULL)
		return CTL_ERROR;
	e.dim = bd_game_shape_of(snap.area)->dim;
	uint64_t head = 0;
	events_load(&head, &e.priv->ring_head, sizeof head);
	if (c->json && !c->follow) {
		json_start(&e.j, stdout);
		json_object(&e.j, NULL);
		json_str(&e.j, "board", snap.name);
		json_uint(&e.j, "head", head);
		json_array(&e.j, "events");
	}
	events_print(&e, events_first(&e, head), head);
	int rc = c->follow ? events_follow(&e, &f, head, snap.daemon_pid) : CTL_OK;
	if (c->json && !c->follow) {
		json_close(&e.j);
		json_uint(&e.j, "missed", e.missed);
		json_close(&e.j);
		json_finish(&e.j);
	} else if (e.missed > 0 && !events_shrunk)
		fprintf(stderr, "boardctl: %u events were overwritten before they could be read\n", e.missed);
	bd_priv_unmap(e.priv);
	return events_shrunk ? ctl_fail(c, "the private segment shrank while mapped (truncated by its owner)") : rc;
}

/* Seconds of one unit of --since's "ago" form (s, m, h, d), 0 if u is none. */
static int64_t events_unit(char u)
{
	return u == 's' ? 1 : u == 'm' ? 60 : u == 'h' ? 3600 : u == 'd' ? 86400 : 0;
}

int events_since(const char *s, int64_t now_ms, int64_t *ms)
{
	static const char *const forms[] = {"%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S",
					    "%Y-%m-%d %H:%M", "%Y-%m-%d"};
	char *end;
	long long n = strtoll(s, &end, 10);
	struct tm tm;

	if (end != s && *s >= '0' && *s <= '9' && events_unit(end[0]) > 0 && end[1] == '\0' && n < 100000000) {
		*ms = now_ms - n * events_unit(end[0]) * 1000;
		return 0;
	}
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		memset(&tm, 0, sizeof tm);
		const char *rest = strptime(s, forms[i], &tm);
		if (rest == NULL || (rest[0] != '\0' && strcmp(rest, "Z") != 0))
			continue;
		tm.tm_isdst = -1;
		time_t t = *rest == 'Z' ? timegm(&tm) : mktime(&tm);
		if (t == (time_t)-1)
			return -1;
		*ms = (int64_t)t * 1000;
		return 0;
	}
	return -1;
}
