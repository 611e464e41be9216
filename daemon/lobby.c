/* lobby.c: the lobby. Worker side: play's options, the games lines. Supervisor side: the
 * queues, matching, the countdown, lobby tables and who is at which table, list. Both: the
 * ctl messages, checked for exact size and type. */
#include "lobby.h"

#include <errno.h>
#include <malloc.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "config.h"
#include "ipc/clock.h"
#include "ipc/game/game.h"
#include "ipc/grow.h"
#include "ipc/seqlock.h"
#include "log.h"
#include "objects.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define LIST_STRIDE (BD_PLAYERS_MAX + 1) /* list items of one table: its TABLE line, then its seats */
#define LOBBY_SEAT_TRIES 1000            /* reads of a seat being written before list leaves it out */
#define LOBBY_NAME_WRAP 1000000          /* lobby table numbers count up to this, then from 1 again */

/* The core's options of play, first in lobby_play.opt (a game's own follow, from
 * LOBBY_GAME_OPT): for games without turns (0), turn games (1), or games whose tables may have
 * more seats than their rules' least (2). */
static const struct lobby_option {
	const char *name;
	int turn;
} options[LOBBY_GAME_OPT] = {
	[LOBBY_DIM] = {"dim", 0}, [LOBBY_CLOCK] = {"clock-ms", 1}, [LOBBY_INCREMENT] = {"increment-ms", 1},
	[LOBBY_LIMIT] = {"move-limit-ms", 1}, [LOBBY_SEATS] = {"seats", 2},
};

/* The exact size of each message type; 0 for none. */
static size_t lobby_size(uint32_t type)
{
	static const size_t sizes[] = {
		[LOBBY_PLAY] = sizeof(struct lobby_play), [LOBBY_CANCEL] = sizeof(struct lobby_hdr),
		[LOBBY_LIST] = sizeof(struct lobby_list), [LOBBY_TABLE] = sizeof(struct lobby_table),
		[LOBBY_AT] = sizeof(struct lobby_at), [LOBBY_REPLY] = sizeof(struct lobby_reply),
		[LOBBY_EVENT] = sizeof(struct lobby_event), [LOBBY_LINES] = sizeof(struct lobby_lines),
		[LOBBY_GRANT] = sizeof(struct lobby_grant),
	};
	return type < NELEM(sizes) ? sizes[type] : 0;
}

int lobby_send(int ctl, const void *msg, int fd)
{
	const struct lobby_hdr *h = msg;
	struct iovec iov = {.iov_base = (void *)msg, .iov_len = lobby_size(h->type)};
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};

	if (fd >= 0) {
		memset(&u, 0, sizeof u);
		mh.msg_control = u.buf;
		mh.msg_controllen = sizeof u.buf;
		struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof fd);
	}
	ssize_t n = sendmsg(ctl, &mh, MSG_DONTWAIT | MSG_NOSIGNAL);
	return n == (ssize_t)iov.iov_len ? 0 : -1;
}

int lobby_recv(int ctl, union lobby_msg *m, int *fd)
{
	struct iovec iov = {.iov_base = m, .iov_len = sizeof *m};
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof u.buf};
	int got = -1;

	ssize_t n = recvmsg(ctl, &mh, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
	if (n == 0)
		return 1;
	if (n < 0)
		return -1;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c != NULL; c = CMSG_NXTHDR(&mh, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len == CMSG_LEN(sizeof(int)))
			memcpy(&got, CMSG_DATA(c), sizeof got);
	int bad = (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || (size_t)n < sizeof m->h || lobby_size(m->h.type) != (size_t)n;
	if (got >= 0 && (fd == NULL || bad)) { /* closed here, once: the caller never sees it */
		close(got);
		got = -1;
	}
	if (fd != NULL)
		*fd = got;
	if (bad) {
		errno = EPROTO;
		return -1;
	}
	return 0;
}

/* --- Worker side ------------------------------------------------------------------------ */

/* How many players a match of the game gathers at least: a turn game's seats, else two. */
static unsigned lobby_seats(const struct rules *r)
{
	return r->seats > 0 ? r->seats : 2;
}

/* Option i's default for game g (rules r). */
static int64_t lobby_default(const struct lobby_opts *o, const struct bd_game *g, const struct rules *r, unsigned i)
{
	switch (i) {
	case LOBBY_DIM: return g->dim_default;
	case LOBBY_CLOCK: return o->common.clock_ms;
	case LOBBY_INCREMENT: return o->common.increment_ms;
	case LOBBY_LIMIT: return o->common.move_limit_ms;
	case LOBBY_SEATS: return lobby_seats(r);
	default: return i - LOBBY_GAME_OPT < g->noptions ? g->options[i - LOBBY_GAME_OPT].def : 0;
	}
}

/* Nonzero if option i is one game g (rules r) takes. */
static int lobby_takes(const struct bd_game *g, const struct rules *r, unsigned i)
{
	if (i >= LOBBY_GAME_OPT)
		return i - LOBBY_GAME_OPT < g->noptions;
	if (options[i].turn == 2)
		return r->seats_max > r->seats;
	return options[i].turn == (r->seats > 0);
}

/* Option i's name. */
static const char *lobby_opt_name(const struct bd_game *g, unsigned i)
{
	return i < LOBBY_GAME_OPT ? options[i].name : g->options[i - LOBBY_GAME_OPT].name;
}

/* Value text of option i of game g (rules r) into *v: NULL, or why not. */
static const char *lobby_check(const struct bd_game *g, const struct rules *r, unsigned i, const char *text,
			       int64_t *v)
{
	static char why[160]; /* one request at a time: the message lives until the next */
	long long lo, hi;

	if (i >= LOBBY_GAME_OPT)
		return bd_game_option_read(&g->options[i - LOBBY_GAME_OPT], text, v, why, sizeof why);
	if ((*v = bd_parse_uint(text)) < 0)
		return BD_REASON("a value is out of the option's range (see boardd --help)");
	if (i == LOBBY_DIM) {
		struct bd_game_shape shape = {.dim = (uint32_t)*v, .region_side = 1};
		return g->shape_check(&shape) != NULL ? BD_REASON("dim is not a size this game's board can have") : NULL;
	}
	if (i == LOBBY_SEATS) {
		snprintf(why, sizeof why, "seats takes a number of players from %u to %u", lobby_seats(r), r->seats_max);
		return *v < lobby_seats(r) || *v > r->seats_max ? why : NULL;
	}
	if (config_range(options[i].name, &lo, &hi) < 0 || *v < lo || *v > hi)
		return BD_REASON("a value is out of the option's range (see boardd --help)");
	return NULL;
}

int lobby_option(const struct bd_game *g, const struct rules *r, int64_t opt[LOBBY_OPTS], const char *key,
		 const char *value, struct bd_err *err)
{
	unsigned i = 0;

	while (i < LOBBY_OPTS && !(lobby_takes(g, r, i) && strcmp(lobby_opt_name(g, i), key) == 0))
		i++;
	if (i == LOBBY_OPTS)
		return bd_err_set(err, "option", "this game takes no such option (see games)");
	const char *why = lobby_check(g, r, i, value, &opt[i]);
	return why != NULL ? bd_err_set(err, "option", why) : 0;
}

/* The side wish side=NAME at a table of game g with seats seats: side + 1, 0 for any; -1 if
 * no such side. */
static int lobby_side(const struct bd_game *g, unsigned seats, const char *name)
{
	for (unsigned s = 0; s < seats && s < sizeof g->side_names / sizeof g->side_names[0] && g->side_names[s] != NULL;
	     s++)
		if (strcmp(g->side_names[s], name) == 0)
			return (int)s + 1;
	return strcmp(name, "any") == 0 ? 0 : -1;
}

int lobby_play_options(const struct lobby_opts *o, const struct bd_game *g, const struct rules *r,
		       const struct bd_req *req, struct lobby_play *p, struct bd_err *err)
{
	const char *side = "any";

	memset(p, 0, sizeof *p);
	p->h.type = LOBBY_PLAY;
	p->game_kind = g->kind;
	for (unsigned i = 0; i < LOBBY_OPTS; i++)
		p->opt[i] = lobby_takes(g, r, i) || i == LOBBY_SEATS ? lobby_default(o, g, r, i) : 0;
	for (unsigned k = 0; k < req->nopt; k++)
		if (strcmp(req->opt[k].key, "side") == 0)
			side = req->opt[k].value;
		else if (lobby_option(g, r, p->opt, req->opt[k].key, req->opt[k].value, err) < 0)
			return -1;
	int want = lobby_side(g, r->seats > 0 ? (unsigned)p->opt[LOBBY_SEATS] : 0, side);
	if (want < 0)
		return bd_err_set(err, "side", "side= takes one of the game's sides (see PROTOCOL.md), or any");
	p->want = (uint32_t)want;
	snprintf(p->opponent, sizeof p->opponent, "%s", req->opponent);
	return 0;
}

int lobby_play_fill(const struct lobby_opts *o, const struct bd_req *req, struct lobby_play *p,
		    struct bd_err *err)
{
	const struct bd_game *g = bd_game_named(req->game);

	if (g == NULL || rules_find(g->kind) == NULL)
		return bd_err_set(err, "game", "this daemon hosts no such game (see games)");
	return lobby_play_options(o, g, rules_find(g->kind), req, p, err);
}

/* Options (those game g, rules r, takes) as k=v, each after sep but the first, with the
 * opponent if named, into buf; "-" if none. seats=0 is left out: a static Memory board
 * gathers its players by min-players. */
static void lobby_opts_text(const struct bd_game *g, const struct rules *r, const int64_t opt[LOBBY_OPTS],
			    const char *opponent, char *buf, size_t len, char sep)
{
	size_t n = 0;
	char value[BD_OPT_VALUE_MAX + 1];

	buf[0] = '\0';
	for (unsigned i = 0; i < LOBBY_OPTS && n < len; i++) {
		if (!lobby_takes(g, r, i) || (i == LOBBY_SEATS && opt[i] == 0))
			continue;
		if (i >= LOBBY_GAME_OPT)
			bd_game_option_text(&g->options[i - LOBBY_GAME_OPT], opt[i], value, sizeof value);
		else
			snprintf(value, sizeof value, "%lld", (long long)opt[i]);
		n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n ? (char[]){sep, 0} : "", lobby_opt_name(g, i), value);
	}
	if (opponent != NULL && opponent[0] && n < len)
		n += (size_t)snprintf(buf + n, len - n, "%sopponent=%s", n ? (char[]){sep, 0} : "", opponent);
	if (n == 0)
		snprintf(buf, len, "-");
}

void lobby_games(const struct lobby_opts *o, void (*put)(void *arg, const char *line), void *arg)
{
	char line[BD_LINE_MAX], opts[BD_LINE_MAX - 64];
	int64_t def[LOBBY_OPTS];
	unsigned n = 0;

	for (unsigned k = 0; bd_game_at(k) != NULL; k++) {
		const struct bd_game *g = bd_game_at(k);
		const struct rules *r = rules_find(g->kind);
		if (r == NULL)
			continue;
		for (unsigned i = 0; i < LOBBY_OPTS; i++)
			def[i] = lobby_default(o, g, r, i);
		lobby_opts_text(g, r, def, NULL, opts, sizeof opts, ' ');
		snprintf(line, sizeof line, "GAME %s %u%s%s\n", g->name, lobby_seats(r), opts[0] == '-' ? "" : " ",
			 opts[0] == '-' ? "" : opts);
		put(arg, line);
		n++;
	}
	snprintf(line, sizeof line, "OK games %u\n", n);
	put(arg, line);
}

void lobby_board_line(const struct board *b, char *buf, size_t len)
{
	const struct bd_pub *pub = b->pub;

	snprintf(buf, len, "BOARD %s %s %u %s %u %s\n", b->set.name, b->rules->codec->name, b->shape.dim,
		 bd_game_state_name(__atomic_load_n(&pub->game_state, __ATOMIC_RELAXED)),
		 __atomic_load_n(&pub->nplaying, __ATOMIC_RELAXED), b->pubname);
}

int lobby_name_reserved(const char *name)
{
	const char *dash = strrchr(name, '-');
	char game[BD_GAME_NAME_MAX + 1];

	if (dash == NULL || dash == name || (size_t)(dash - name) > BD_GAME_NAME_MAX || bd_parse_uint(dash + 1) <= 0 ||
	    dash[1] == '0')
		return 0;
	snprintf(game, sizeof game, "%.*s", (int)(dash - name), name);
	return bd_game_named(game) != NULL;
}

/* --- Supervisor side ---------------------------------------------------------------------- */

/* A player waiting in a game's queue. */
struct waiter {
	pid_t pid;
	uid_t uid;
	int ctl;
	int exempt;         /* exempt from per-uid limits */
	struct lobby_play play;
	int64_t since_ms;
	unsigned left;      /* the count last sent */
};

/* A lobby table: the board, and the connections it was made for until each sat (or the
 * match was called off): their seats are reserved for them until reserve_until. Until every
 * one of them sits, any of them leaving calls the match off for the others. */
struct table {
	struct board b;
	pid_t matched[BD_TURN_SEATS_MAX]; /* 0: none (anymore: all sat, or called off) */
	uid_t uid[BD_TURN_SEATS_MAX];
	int ctl[BD_TURN_SEATS_MAX];
	uint8_t sat[BD_TURN_SEATS_MAX];   /* its worker took its seat (LOBBY_AT LOBBY_JOIN) */
	uint8_t want[BD_TURN_SEATS_MAX];  /* its side wish (side=), sent with its grant */
	int64_t reserve_until;
};

/* A worker at a table (static or lobby), as a player or a spectator. */
struct presence {
	pid_t pid;
	struct board *b;
	int watching;
};

struct lobby {
	const struct lobby_opts *o;
	const char *prefix;
	struct board *statics;
	unsigned nstatics;
	struct waiter *queue;      /* oldest first */
	unsigned nqueue;
	size_t capqueue;
	struct table **tables;
	unsigned ntables;
	size_t captables;
	struct presence *at;
	unsigned nat;
	size_t capat;
	int timerfd;
	int64_t armed_ms;
	unsigned last_n;           /* the number of the last lobby table named */
};

struct lobby *lobby_new(const struct lobby_opts *o, const char *prefix, struct board *statics, unsigned nstatics)
{
	struct lobby *l = calloc(1, sizeof *l);

	if (l == NULL)
		return NULL;
	*l = (struct lobby){.o = o, .prefix = prefix, .statics = statics, .nstatics = nstatics};
	l->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (l->timerfd < 0) {
		free(l);
		return NULL;
	}
	return l;
}

int lobby_timer_fd(const struct lobby *l)
{
	return l->timerfd;
}

/* Send one lobby event to a worker; a worker that cannot take it (gone, or its ctl buffer
 * full: it is stopped) misses it. */
static void lobby_event(int ctl, enum bd_lobby_ev type, const char *game, const char *table, unsigned seconds,
			const char *reason)
{
	struct lobby_event e = {.h.type = LOBBY_EVENT, .ev = {.type = type, .seconds = seconds}};

	snprintf(e.ev.game, sizeof e.ev.game, "%s", game != NULL ? game : "");
	snprintf(e.ev.table, sizeof e.ev.table, "%s", table != NULL ? table : "");
	snprintf(e.ev.reason, sizeof e.ev.reason, "%s", reason != NULL ? reason : "");
	if (lobby_send(ctl, &e, -1) < 0 && errno != EPIPE && errno != ECONNRESET)
		log_msg(LOG_WARNING, "lobby: a %s event was not delivered: %s", game != NULL ? game : "", strerror(errno));
}

/* Reply to request id of a worker: OK (code NULL) or ERR code text. 0 (for the handlers to
 * return). */
static int lobby_reply(int ctl, uint32_t id, const char *code, const char *text)
{
	struct lobby_reply r = {.h = {.type = LOBBY_REPLY, .id = id}, .ok = code == NULL};

	snprintf(r.code, sizeof r.code, "%s", code != NULL ? code : "");
	snprintf(r.text, sizeof r.text, "%s", text != NULL ? text : "");
	lobby_send(ctl, &r, -1);
	return 0;
}

/* The game's name of a waiter or table. */
static const char *lobby_game_name(uint32_t kind)
{
	return bd_game_of_kind(kind)->name;
}

/* Seconds of the full count. */
static unsigned lobby_count(const struct lobby *l)
{
	return (unsigned)(l->o->wait_ms / 1000);
}

/* When waiter w's next countdown step is due: the next tick, or the end of its wait. */
static int64_t lobby_due(const struct lobby *l, const struct waiter *w)
{
	if (w->left == 0)
		return w->since_ms + l->o->wait_ms;
	return w->since_ms + (int64_t)(lobby_count(l) - w->left + 1) * 1000;
}

/* Arm the countdown's timer for the soonest step due (none: disarmed). */
static void lobby_arm(struct lobby *l)
{
	int64_t next = 0;
	struct itimerspec its = {0};

	for (unsigned i = 0; i < l->nqueue; i++)
		if (next == 0 || lobby_due(l, &l->queue[i]) < next)
			next = lobby_due(l, &l->queue[i]);
	if (next == l->armed_ms)
		return;
	its.it_value.tv_sec = next / 1000;
	its.it_value.tv_nsec = (next % 1000) * 1000000;
	if (timerfd_settime(l->timerfd, TFD_TIMER_ABSTIME, &its, NULL) < 0)
		log_msg(LOG_ERR, "lobby: cannot arm the countdown: %s", strerror(errno));
	else
		l->armed_ms = next;
}

/* Take waiter i out of the queue (the order of the others kept). */
static void lobby_dequeue(struct lobby *l, unsigned i)
{
	memmove(&l->queue[i], &l->queue[i + 1], (l->nqueue - i - 1) * sizeof *l->queue);
	l->nqueue--;
}

/* The waiter of worker pid, -1 if it waits for nothing. */
static int lobby_waiting(const struct lobby *l, pid_t pid)
{
	for (unsigned i = 0; i < l->nqueue; i++)
		if (l->queue[i].pid == pid)
			return (int)i;
	return -1;
}

void lobby_timer(struct lobby *l)
{
	uint64_t ticks;
	int64_t now = bd_now_ms();

	if (read(l->timerfd, &ticks, sizeof ticks) < 0 && errno != EAGAIN)
		log_msg(LOG_ERR, "lobby: cannot read the countdown's timer: %s", strerror(errno));
	l->armed_ms = 0;
	for (unsigned i = 0; i < l->nqueue;) {
		struct waiter *w = &l->queue[i];
		const char *game = lobby_game_name(w->play.game_kind);
		if (lobby_due(l, w) > now) {
			i++;
		} else if (w->left > 0) {
			lobby_event(w->ctl, BD_LOBBY_WAIT, game, NULL, --w->left, NULL);
		} else {
			lobby_event(w->ctl, BD_LOBBY_NOMATCH, game, NULL, 0, NULL);
			lobby_dequeue(l, i);
		}
	}
	lobby_arm(l);
}

/* Play number i of a queue of plays every stride bytes. */
static const struct lobby_play *lobby_nth_play(const void *queue, size_t stride, unsigned i)
{
	return (const struct lobby_play *)((const char *)queue + (size_t)i * stride);
}

/* Nonzero if waiter q may join the group of w and the picked waiters of queue (docs/
 * PROTOCOL.md, "Lobby"): same game and options, names that do not fold equal, and q's
 * opponent, if it named one, in the group. */
static int lobby_fits(const struct lobby_play *q, const struct lobby_play *w, const void *queue, size_t stride,
		      const unsigned *pick, unsigned npick)
{
	char fq[BD_NAME_MAX + 1], fm[BD_NAME_MAX + 1];
	int named = q->opponent[0] == '\0';

	bd_name_fold(fq, sizeof fq, q->name);
	for (unsigned k = 0; k <= npick; k++) {
		const struct lobby_play *m = k < npick ? lobby_nth_play(queue, stride, pick[k]) : w;
		if (m->game_kind != q->game_kind || memcmp(m->opt, q->opt, sizeof q->opt) != 0 ||
		    strcmp(bd_name_fold(fm, sizeof fm, m->name), fq) == 0)
			return 0;
		named |= strcmp(q->opponent, m->name) == 0;
	}
	return named;
}

unsigned lobby_gather(const struct lobby_play *w, const void *queue, size_t stride, unsigned n,
		      int (*may)(const void *arg, unsigned i), const void *arg, unsigned pick[BD_TURN_SEATS_MAX])
{
	unsigned want = w->opt[LOBBY_SEATS] >= 2 && w->opt[LOBBY_SEATS] <= BD_TURN_SEATS_MAX ?
			(unsigned)w->opt[LOBBY_SEATS] - 1 : 1, k = 0;

	/* w's named opponent first (it must be among them), then the oldest that fit; again while
	 * a pass picks someone, since a waiter who named one picked later fits only then. */
	for (int named = w->opponent[0] != '\0'; named >= 0; named--) {
		unsigned before;
		do {
			before = k;
			for (unsigned i = 0; i < n && k < want; i++) {
				const struct lobby_play *q = lobby_nth_play(queue, stride, i);
				int picked = 0;
				for (unsigned j = 0; j < k; j++)
					picked |= pick[j] == i;
				if (picked || (named && strcmp(q->name, w->opponent) != 0) ||
				    !lobby_fits(q, w, queue, stride, pick, k) || !may(arg, i))
					continue;
				pick[k++] = i;
				if (named)
					break;
			}
		} while (!named && k > before && k < want);
		if (named && k == 0)
			return 0;
	}
	if (k < want)
		return 0;
	for (unsigned i = 1; i < k; i++) /* ascending: the table's seats in the order they came */
		for (unsigned j = i; j > 0 && pick[j - 1] > pick[j]; j--) {
			unsigned t = pick[j];
			pick[j] = pick[j - 1];
			pick[j - 1] = t;
		}
	return k;
}

/* The lobby table called name, NULL if none. */
static struct table *lobby_table(const struct lobby *l, const char *name)
{
	for (unsigned i = 0; i < l->ntables; i++)
		if (strcmp(l->tables[i]->b.set.name, name) == 0)
			return l->tables[i];
	return NULL;
}

/* A free lobby table name for a game: <game>-<n>, n the number after the last one given (all
 * games count together), names in use skipped: a name is not given again soon, so a stale
 * `watch` or `join` of an old table cannot land in a newer match. Past LOBBY_NAME_WRAP n
 * starts from 1 again. */
static void lobby_table_name(struct lobby *l, const char *game, char *out, size_t len)
{
	do {
		l->last_n = l->last_n % LOBBY_NAME_WRAP + 1;
		snprintf(out, len, "%s-%u", game, l->last_n);
	} while (lobby_table(l, out) != NULL);
}

/* The settings of a table for a match of play p. */
static struct board_settings lobby_settings(const struct lobby *l, const struct lobby_play *p, const char *name)
{
	const struct bd_game *g = bd_game_of_kind(p->game_kind);
	const struct rules *r = rules_find(p->game_kind);
	struct board_settings s = l->o->common;

	snprintf(s.name, sizeof s.name, "%s", name);
	s.game_kind = p->game_kind;
	s.dim = lobby_takes(g, r, LOBBY_DIM) ? (unsigned)p->opt[LOBBY_DIM] : g->dim_default;
	s.min_players = (unsigned)p->opt[LOBBY_SEATS];
	s.seats = r->seats > 0 ? (unsigned)p->opt[LOBBY_SEATS] : 0;
	s.clock_ms = p->opt[LOBBY_CLOCK];
	s.increment_ms = p->opt[LOBBY_INCREMENT];
	s.move_limit_ms = lobby_takes(g, r, LOBBY_LIMIT) ? p->opt[LOBBY_LIMIT] : s.move_limit_ms;
	s.restart_ms = r->seats > 0 ? s.restart_ms : 0; /* Memory: the next game on every seat's rematch */
	memcpy(s.opt, p->opt + LOBBY_GAME_OPT, sizeof s.opt);
	return s;
}

/* Open a lobby table of settings s (resuming what an earlier run left of it, *resumed says
 * so) and add it to the tables. NULL if it cannot be made. */
static struct table *lobby_open(struct lobby *l, const struct board_settings *s, int *resumed)
{
	struct table *t;

	if (bd_grow(&l->tables, l->ntables, &l->captables, sizeof *l->tables) == NULL || (t = calloc(1, sizeof *t)) == NULL)
		return NULL;
	if (board_open(&t->b, l->prefix, s, resumed) < 0) {
		free(t);
		return NULL;
	}
	l->tables[l->ntables++] = t;
	return t;
}

/* Make a table for the n matched waiters w[] (in their seats' order). NULL if it cannot be made. */
static struct table *lobby_make(struct lobby *l, const struct waiter *const *w, unsigned n)
{
	char name[BD_BOARD_NAME_MAX + 1];
	struct table *t;
	int resumed;

	if (l->ntables >= l->o->max_tables)
		return NULL;
	lobby_table_name(l, lobby_game_name(w[0]->play.game_kind), name, sizeof name);
	struct board_settings s = lobby_settings(l, &w[0]->play, name);
	if ((t = lobby_open(l, &s, &resumed)) == NULL)
		return NULL;
	board_commit(&t->b);
	for (unsigned k = 0; k < n; k++) {
		t->matched[k] = w[k]->pid;
		t->uid[k] = w[k]->uid;
		t->ctl[k] = w[k]->ctl;
		t->want[k] = (uint8_t)w[k]->play.want;
		log_msg(LOG_INFO, "lobby: table %s made for %s", name, w[k]->play.name);
	}
	t->reserve_until = bd_now_ms() + l->o->wait_ms;
	return t;
}

/* Places in the queues held by uid. */
static unsigned lobby_waiting_of(const struct lobby *l, uid_t uid)
{
	unsigned n = 0;

	for (unsigned i = 0; i < l->nqueue; i++)
		n += l->queue[i].uid == uid;
	return n;
}

/* Nonzero if a matched player of table t has yet to sit. */
static int lobby_pending(const struct table *t)
{
	for (unsigned k = 0; k < BD_TURN_SEATS_MAX; k++)
		if (t->matched[k] != 0 && !t->sat[k])
			return 1;
	return 0;
}

/* Mark the matched players of table t that sit at its board now (a seat whose worker is
 * theirs): the board is the truth; two workers' LOBBY_AT messages may be read in either
 * order, so one's leave may come before the other's join although it sat first. */
static void lobby_seated(struct table *t)
{
	for (unsigned k = 0; k < BD_TURN_SEATS_MAX; k++)
		for (unsigned s = 0; s < BD_PLAYERS_MAX && t->matched[k] != 0 && !t->sat[k]; s++)
			t->sat[k] = __atomic_load_n(&t->b.pub->players[s].state, __ATOMIC_RELAXED) != BD_PLAYER_EMPTY &&
				    __atomic_load_n(&t->b.priv->players[s].worker_pid, __ATOMIC_RELAXED) == t->matched[k];
}

/* Worker pid's place among table t's matched players, -1 if none. */
static int lobby_matched(const struct table *t, pid_t pid)
{
	for (unsigned k = 0; k < BD_TURN_SEATS_MAX; k++)
		if (t->matched[k] == pid)
			return (int)k;
	return -1;
}

/* The table whose match worker pid is in (not all sat yet), NULL if none. */
static struct table *lobby_match_of(const struct lobby *l, pid_t pid)
{
	for (unsigned i = 0; i < l->ntables; i++)
		if (lobby_matched(l->tables[i], pid) >= 0)
			return l->tables[i];
	return NULL;
}

/* Lobby tables where uid has a seat, or a seat reserved. */
static unsigned lobby_tables_of(const struct lobby *l, uid_t uid)
{
	unsigned n = 0;

	for (unsigned i = 0; i < l->ntables; i++) {
		const struct table *t = l->tables[i];
		int at = 0;
		for (unsigned k = 0; k < BD_TURN_SEATS_MAX; k++)
			at |= t->matched[k] != 0 && !t->sat[k] && t->uid[k] == uid;
		for (unsigned s = 0; s < BD_PLAYERS_MAX && !at; s++)
			at = __atomic_load_n(&t->b.pub->players[s].state, __ATOMIC_RELAXED) != BD_PLAYER_EMPTY &&
			     __atomic_load_n(&t->b.pub->players[s].uid, __ATOMIC_RELAXED) == uid;
		n += at;
	}
	return n;
}

/* Nonzero if waiter w's uid may be matched for one more table (max-tables-per-uid, checked
 * at play and again here: it may have sat at other tables since). One that may not stays
 * in the queue, passed over, until a table of its uid ends or its wait runs out. */
static int lobby_may_sit(const struct lobby *l, const struct waiter *w)
{
	struct quota_peer q = {.uid = w->uid, .pid = w->pid, .exempt = w->exempt};
	struct bd_err err;

	return quota_check(QUOTA_TABLES, &q, lobby_tables_of(l, w->uid), &err) == 0;
}

/* lobby_gather's may: the queue's waiter i may sit at one more table. */
static int lobby_may(const void *arg, unsigned i)
{
	const struct lobby *l = arg;

	return lobby_may_sit(l, &l->queue[i]);
}

/* Match waiter w (not queued) with the oldest compatible waiters, as many as its game's
 * seats want; 1 if it was. */
static int lobby_match(struct lobby *l, const struct waiter *w)
{
	const char *game = lobby_game_name(w->play.game_kind);
	unsigned pick[BD_TURN_SEATS_MAX];
	struct waiter got[BD_TURN_SEATS_MAX];
	const struct waiter *seat[BD_TURN_SEATS_MAX];
	unsigned n = lobby_gather(&w->play, &l->queue[0].play, sizeof *l->queue, l->nqueue, lobby_may, l, pick);

	if (n == 0)
		return 0;
	for (unsigned k = n; k-- > 0;) { /* from the last: the indexes before stay right */
		got[k] = l->queue[pick[k]];
		lobby_dequeue(l, pick[k]);
	}
	for (unsigned k = 0; k < n; k++)
		seat[k] = &got[k];
	seat[n] = w;
	struct table *t = lobby_make(l, seat, n + 1);
	if (t == NULL)
		log_msg(LOG_WARNING, "lobby: no table for %s and %u others", w->play.name, n);
	for (unsigned k = 0; k <= n; k++)
		lobby_event(seat[k]->ctl, t != NULL ? BD_LOBBY_MATCHED : BD_LOBBY_ABORTED, game,
			    t != NULL ? t->b.set.name : "-", 0, "no-table");
	return 1;
}

/* play: queue the worker, tell it the count, match it if someone compatible waits. */
static int lobby_play(struct lobby *l, const struct lobby_peer *p, const struct lobby_play *m)
{
	struct waiter w = {.pid = p->pid, .uid = p->uid, .ctl = p->ctl, .exempt = p->exempt, .play = *m,
			   .since_ms = bd_now_ms(), .left = lobby_count(l)};

	w.play.name[BD_NAME_MAX] = w.play.login[BD_LOGIN_MAX] = w.play.opponent[BD_NAME_MAX] = '\0';
	if (bd_game_of_kind(m->game_kind) == NULL || rules_find(m->game_kind) == NULL || !bd_player_name_ok(w.play.name))
		return lobby_reply(p->ctl, m->h.id, "game", "this daemon hosts no such game (see games)");
	if (lobby_waiting(l, p->pid) >= 0)
		return lobby_reply(p->ctl, m->h.id, "again", "already waiting for a game; cancel first");
	if (lobby_match_of(l, p->pid) != NULL)
		return lobby_reply(p->ctl, m->h.id, "again", "already matched: join the table (or join and leave it) first");
	struct quota_peer q = {.uid = p->uid, .pid = p->pid, .exempt = p->exempt};
	struct bd_err err;
	if (quota_check(QUOTA_WAITING, &q, lobby_waiting_of(l, p->uid), &err) < 0 ||
	    quota_check(QUOTA_TABLES, &q, lobby_tables_of(l, p->uid), &err) < 0)
		return lobby_reply(p->ctl, m->h.id, err.code, err.text);
	if (bd_grow(&l->queue, l->nqueue, &l->capqueue, sizeof *l->queue) == NULL)
		return lobby_reply(p->ctl, m->h.id, "busy", "out of memory; try again later");
	lobby_reply(p->ctl, m->h.id, NULL, NULL);
	lobby_event(p->ctl, BD_LOBBY_WAIT, lobby_game_name(m->game_kind), NULL, w.left, NULL);
	if (!lobby_match(l, &w))
		l->queue[l->nqueue++] = w;
	lobby_arm(l);
	return 0;
}

/* cancel: out of the queue. */
static int lobby_cancel(struct lobby *l, const struct lobby_peer *p, const union lobby_msg *m)
{
	int i = lobby_waiting(l, p->pid);

	if (i < 0)
		return lobby_reply(p->ctl, m->h.id, "notwaiting", "not waiting for a game (see play)");
	lobby_dequeue(l, (unsigned)i);
	lobby_arm(l);
	return lobby_reply(p->ctl, m->h.id, NULL, NULL);
}

/* The presence of worker pid, -1 if it is at no table. */
static int lobby_presence(const struct lobby *l, pid_t pid)
{
	for (unsigned i = 0; i < l->nat; i++)
		if (l->at[i].pid == pid)
			return (int)i;
	return -1;
}

/* Record worker pid at board b (NULL: at none). */
static void lobby_place(struct lobby *l, pid_t pid, struct board *b, int watching)
{
	int i = lobby_presence(l, pid);

	if (i >= 0 && b == NULL)
		l->at[i] = l->at[--l->nat];
	else if (i >= 0)
		l->at[i] = (struct presence){pid, b, watching};
	else if (b != NULL && bd_grow(&l->at, l->nat, &l->capat, sizeof *l->at) != NULL)
		l->at[l->nat++] = (struct presence){pid, b, watching};
}

/* The board (static or lobby) called name, NULL if none. */
static struct board *lobby_board(const struct lobby *l, const char *name)
{
	struct table *t = lobby_table(l, name);

	for (unsigned i = 0; t == NULL && i < l->nstatics; i++)
		if (strcmp(l->statics[i].set.name, name) == 0)
			return &l->statics[i];
	return t != NULL ? &t->b : NULL;
}

/* join or watch a lobby table: the grant (with its wake eventfd), or an ERR. A seat there is
 * for the matched workers (or a seat's token). */
static int lobby_join(struct lobby *l, const struct lobby_peer *p, const struct lobby_table *m)
{
	char name[BD_BOARD_NAME_MAX + 1];
	struct lobby_grant g = {.h = {.type = LOBBY_GRANT, .id = m->h.id}};

	snprintf(name, sizeof name, "%s", m->table);
	if (m->op != LOBBY_JOIN && m->op != LOBBY_WATCH)
		return lobby_reply(p->ctl, m->h.id, "syntax", "a table request is join or watch");
	if (lobby_waiting(l, p->pid) >= 0)
		return lobby_reply(p->ctl, m->h.id, "waiting", "you are waiting for a game; cancel first");
	struct table *t = lobby_table(l, name);
	if (t == NULL)
		return lobby_reply(p->ctl, m->h.id, "board", "no such board (see boards and list)");
	int k = lobby_matched(t, p->pid);
	if (m->op == LOBBY_JOIN && !m->token && (k < 0 || t->sat[k]))
		return lobby_reply(p->ctl, m->h.id, "reserved", "this table's seats are for its matched players; watch it");
	g.set = t->b.set;
	g.want = m->op == LOBBY_JOIN && !m->token && k >= 0 ? t->want[k] : 0;
	memcpy(g.inst, t->b.inst, sizeof g.inst);
	if (lobby_send(p->ctl, &g, t->b.wake_fd) < 0) {
		log_msg(LOG_WARNING, "lobby: cannot send table %s to worker %d: %s", name, (int)p->pid, strerror(errno));
		return 0;
	}
	lobby_place(l, p->pid, &t->b, m->op == LOBBY_WATCH);
	return 0;
}

/* Spectators at board b. */
static unsigned lobby_watchers(const struct lobby *l, const struct board *b)
{
	unsigned n = 0;

	for (unsigned i = 0; i < l->nat; i++)
		n += l->at[i].b == b && l->at[i].watching;
	return n;
}

/* A consistent copy of seat i of board b (the header's seqlock, as clients read). A bounded
 * number of tries: a worker stopped or killed in the middle of a write leaves the seqlock odd
 * until the lock repair, which this same process runs, so waiting for it would never end.
 * 0, or -1 if no consistent copy was had (the seat is left out of list, and logged). */
static int lobby_seat(const struct board *b, unsigned i, struct bd_pub_player *out)
{
	uint32_t start;

	for (unsigned tries = 0; tries < LOBBY_SEAT_TRIES; tries++) {
		if (tries > 0)
			sched_yield();
		bd_seq_read_begin(&b->pub->seq, &start);
		memcpy(out, &b->pub->players[i], sizeof *out);
		if (bd_seq_read_ok(&b->pub->seq, start) == 1) {
			out->name[BD_NAME_MAX] = out->login[BD_LOGIN_MAX] = '\0';
			return 0;
		}
	}
	log_msg(LOG_WARNING, "lobby: board %s: seat %u is being written (or its writer stopped): left out of list",
		b->set.name, i);
	return -1;
}

/* Seats taken at board b. */
static unsigned lobby_taken(const struct board *b)
{
	unsigned n = 0;

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		n += __atomic_load_n(&b->pub->players[i].state, __ATOMIC_RELAXED) != BD_PLAYER_EMPTY;
	return n;
}

/* Board number i of list (static boards first), NULL past the last. */
static struct board *lobby_nth(const struct lobby *l, unsigned i)
{
	return i < l->nstatics ? &l->statics[i] : i - l->nstatics < l->ntables ? &l->tables[i - l->nstatics]->b : NULL;
}

/* List item `item` as a line into buf (empty if the item is an empty seat); -1 past the last. */
static int lobby_item(const struct lobby *l, unsigned item, char *buf, size_t len, struct lobby_lines *r)
{
	char opts[BD_LINE_MAX / 2]; /* options and an opponent's name: under 200 bytes */
	unsigned ntab = l->nstatics + l->ntables;
	struct board *b = lobby_nth(l, item / LIST_STRIDE);

	buf[0] = '\0';
	if (b != NULL && item % LIST_STRIDE == 0) {
		const struct bd_game *g = bd_game_of_kind(b->set.game_kind);
		int64_t opt[LOBBY_OPTS] = {[LOBBY_DIM] = b->set.dim, [LOBBY_CLOCK] = b->set.clock_ms,
					   [LOBBY_INCREMENT] = b->set.increment_ms, [LOBBY_LIMIT] = b->set.move_limit_ms,
					   [LOBBY_SEATS] = b->rules->seats > 0 ? b->set.seats :
							   item / LIST_STRIDE >= l->nstatics ? b->set.min_players : 0};
		memcpy(opt + LOBBY_GAME_OPT, b->set.opt, sizeof b->set.opt);
		lobby_opts_text(g, b->rules, opt, NULL, opts, sizeof opts, ',');
		snprintf(buf, len, "TABLE %s %s %s %u %u %s\n", b->set.name, g->name,
			 bd_game_state_name(__atomic_load_n(&b->pub->game_state, __ATOMIC_RELAXED)), lobby_taken(b),
			 lobby_watchers(l, b), opts);
		r->tables++;
	} else if (b != NULL && __atomic_load_n(&b->pub->players[item % LIST_STRIDE - 1].state, __ATOMIC_RELAXED) !=
		   BD_PLAYER_EMPTY) {
		struct bd_pub_player p;
		if (lobby_seat(b, item % LIST_STRIDE - 1, &p) == 0 && p.state != BD_PLAYER_EMPTY)
			snprintf(buf, len, "SEAT %s %u %s %s %s\n", b->set.name, item % LIST_STRIDE - 1,
				 bd_player_state_name(p.state), p.name, p.login[0] ? p.login : "?");
	} else if (b != NULL) {
		return 0; /* an empty seat */
	} else if (item - ntab * LIST_STRIDE < l->nqueue) {
		const struct waiter *w = &l->queue[item - ntab * LIST_STRIDE];
		const struct bd_game *g = bd_game_of_kind(w->play.game_kind);
		int64_t left = w->since_ms + l->o->wait_ms - bd_now_ms();
		lobby_opts_text(g, rules_find(g->kind), w->play.opt, w->play.opponent, opts, sizeof opts, ',');
		snprintf(buf, len, "WAITING %s %s %s %lld %s\n", g->name, w->play.name,
			 w->play.login[0] ? w->play.login : "?", (long long)(left > 0 ? (left + 999) / 1000 : 0), opts);
		r->waiting++;
	} else
		return -1;
	return 0;
}

/* boards: the BOARD line of lobby table number item, -1 past the last. */
static int lobby_board_item(const struct lobby *l, unsigned item, char *buf, size_t len, struct lobby_lines *r)
{
	if (item >= l->ntables)
		return -1;
	lobby_board_line(&l->tables[item]->b, buf, len);
	r->tables++;
	return 0;
}

/* list (or boards): the lines of the items from m->from on that fit in one message. */
static void lobby_list(struct lobby *l, const struct lobby_peer *p, const struct lobby_list *m)
{
	static struct lobby_lines r;
	char line[BD_LINE_MAX];
	unsigned item = m->from;

	memset(&r, 0, sizeof r);
	r.h.type = LOBBY_LINES;
	r.h.id = m->h.id;
	for (;; item++) {
		struct lobby_lines before = r;
		if ((m->boards ? lobby_board_item(l, item, line, sizeof line, &r) : lobby_item(l, item, line, sizeof line, &r)) < 0)
			break;
		size_t n = strlen(line);
		if (r.len + n > sizeof r.text) {
			r.tables = before.tables;
			r.waiting = before.waiting;
			r.more = 1;
			break;
		}
		memcpy(r.text + r.len, line, n);
		r.len += (uint32_t)n;
	}
	r.next = item;
	lobby_send(p->ctl, &r, -1);
}

/* The match of table t is called off (reason opponent-left): every matched worker but
 * gone (0: none) is told (one that sat leaves the table: worker_lobby_event); nobody's seat
 * is reserved any more. */
static void lobby_abort(struct table *t, pid_t gone)
{
	log_msg(LOG_INFO, "lobby: table %s: a matched player %s; the match is called off", t->b.set.name,
		gone != 0 ? "left before everyone sat" : "did not join in time");
	for (unsigned k = 0; k < BD_TURN_SEATS_MAX; k++)
		if (t->matched[k] != 0 && t->matched[k] != gone)
			lobby_event(t->ctl[k], BD_LOBBY_ABORTED, NULL, t->b.set.name, 0, "opponent-left");
	memset(t->matched, 0, sizeof t->matched);
	memset(t->sat, 0, sizeof t->sat);
}

/* A worker sits at, watches or left (m->op) a table. A matched player sitting does its part
 * of the match (once all sat, the match is made: nothing reserved any more); one that sat
 * and leaves before the others sat calls it off. One that never sat (its seat refused, or a
 * grant it gave up waiting for) keeps its reservation until it lapses. */
static void lobby_at(struct lobby *l, const struct lobby_peer *p, const struct lobby_at *m)
{
	char name[BD_BOARD_NAME_MAX + 1];

	if (m->op > LOBBY_LEFT)
		return;
	snprintf(name, sizeof name, "%s", m->table);
	struct table *t = lobby_table(l, name);
	int k = t != NULL ? lobby_matched(t, p->pid) : -1;
	if (k >= 0 && m->op == LOBBY_JOIN)
		t->sat[k] = 1;
	if (k >= 0)
		lobby_seated(t);
	if (k >= 0 && !lobby_pending(t))
		memset(t->matched, 0, sizeof t->matched);
	else if (k >= 0 && m->op == LOBBY_LEFT && t->sat[k])
		lobby_abort(t, p->pid);
	lobby_place(l, p->pid, m->op == LOBBY_LEFT ? NULL : lobby_board(l, name), m->op == LOBBY_WATCH);
}

void lobby_message(struct lobby *l, const struct lobby_peer *w, const union lobby_msg *m)
{
	switch (m->h.type) {
	case LOBBY_PLAY:
		lobby_play(l, w, &m->play);
		break;
	case LOBBY_CANCEL:
		lobby_cancel(l, w, m);
		break;
	case LOBBY_LIST:
		lobby_list(l, w, &m->list);
		break;
	case LOBBY_TABLE:
		lobby_join(l, w, &m->table);
		break;
	case LOBBY_AT:
		lobby_at(l, w, &m->at);
		break;
	default:
		log_msg(LOG_WARNING, "lobby: worker %d sent a message of type %u, which only the supervisor sends",
			(int)w->pid, m->h.type);
	}
}

/* Worker pid left its place (or it is gone: its ctl descriptor is closed, never written
 * again): the match it is in, if not everyone sat yet, is called off (lobby_abort). */
static void lobby_unmatch(struct lobby *l, pid_t pid)
{
	struct table *t = lobby_match_of(l, pid);

	if (t != NULL)
		lobby_seated(t);
	if (t != NULL && lobby_pending(t))
		lobby_abort(t, pid);
	else if (t != NULL)
		memset(t->matched, 0, sizeof t->matched);
}

struct board *lobby_gone(struct lobby *l, pid_t pid)
{
	int i = lobby_waiting(l, pid), k = lobby_presence(l, pid);
	struct board *b = k >= 0 ? l->at[k].b : NULL;

	if (i >= 0) {
		lobby_dequeue(l, (unsigned)i);
		lobby_arm(l);
	}
	lobby_unmatch(l, pid);
	lobby_place(l, pid, NULL, 0);
	return b != NULL && b >= l->statics && b < l->statics + l->nstatics ? NULL : b;
}

/* Nonzero if nobody is at table t, no seat is left and no matched player may still come. */
static int lobby_unused(const struct lobby *l, const struct table *t)
{
	for (unsigned i = 0; i < l->nat; i++)
		if (l->at[i].b == &t->b)
			return 0;
	return !lobby_pending(t) && lobby_taken(&t->b) == 0;
}

/* Close table i and remove its objects. */
static void lobby_retire(struct lobby *l, unsigned i)
{
	struct table *t = l->tables[i];

	log_msg(LOG_INFO, "lobby: table %s retired (nobody at it)", t->b.set.name);
	board_close(&t->b, 1);
	free(t);
	memmove(&l->tables[i], &l->tables[i + 1], (l->ntables - i - 1) * sizeof *l->tables);
	l->ntables--;
}

/* Names of lobby tables found in /dev/shm (bd_board_scan's callback): our own regular
 * public segments of the lobby's name form, each name once. */
struct lobby_found {
	char (*name)[BD_BOARD_NAME_MAX + 1];
	unsigned n;
	size_t cap;
};

static void lobby_found_one(const struct bd_found *f, void *arg)
{
	struct lobby_found *found = arg;

	if (f->uid != geteuid() || !S_ISREG(f->mode) || !lobby_name_reserved(f->board))
		return;
	for (unsigned i = 0; i < found->n; i++)
		if (strcmp(found->name[i], f->board) == 0)
			return;
	if (bd_grow(&found->name, found->n, &found->cap, sizeof *found->name) != NULL)
		memcpy(found->name[found->n++], f->board, sizeof *found->name);
}

/* A found table's clock option from its turns: a game with a move clock (Quantik) keeps that
 * clock there, not the table's clock-ms, which it ignores; such a table lists 0. */
static int64_t lobby_found_clock(const struct bd_priv *priv, int64_t ms)
{
	return priv->turn.set.per_move ? 0 : ms;
}

/* The settings of a lobby table called name from a segment of it an earlier run left (its
 * game, its board's side, a turn table's clock, limits and seats, its game's options). 0, or
 * -1 if none is readable. */
static int lobby_found_settings(const struct lobby *l, const char *name, struct board_settings *s)
{
	struct objects_seen seen;
	const char *why;
	char privname[BD_OBJ_NAME_MAX + 16];

	if (objects_look(l->prefix, name, &seen) < 0)
		return -1;
	for (unsigned i = 0; i < seen.nown; i++) {
		const struct bd_pub *pub = bd_seg_map_own(seen.own[i], BD_PUB_MIN, sizeof *pub, &why);
		snprintf(privname, sizeof privname, "%s.private", seen.own[i]);
		const struct bd_priv *priv = bd_seg_map_own(privname, BD_PRIV_MIN, sizeof *priv, &why);
		/* Only the headers (the bytes every segment has): board_open checks the rest. */
		int ok = pub != NULL && priv != NULL && pub->magic == BD_PUB_MAGIC && pub->version == BD_LAYOUT_VERSION &&
			 bd_game_of_kind(pub->game_kind) != NULL && rules_find(pub->game_kind) != NULL;
		if (ok) {
			struct lobby_play p = {.game_kind = pub->game_kind,
					       .opt = {[LOBBY_DIM] = bd_game_shape_of(pub->area)->dim,
						       [LOBBY_CLOCK] = lobby_found_clock(priv, priv->turn.set.main_ms),
						       [LOBBY_INCREMENT] = lobby_found_clock(priv, priv->turn.set.increment_ms),
						       [LOBBY_LIMIT] = priv->turn.set.limit_ms, [LOBBY_SEATS] = pub->min_players}};
			memcpy(p.opt + LOBBY_GAME_OPT, pub->options, sizeof pub->options);
			*s = lobby_settings(l, &p, name);
		}
		bd_pub_unmap(pub);
		bd_priv_unmap(priv);
		if (ok)
			return 0;
	}
	return -1;
}

unsigned lobby_found(const char *prefix, char (**names)[BD_BOARD_NAME_MAX + 1])
{
	struct lobby_found found = {0};

	if (bd_board_scan(prefix, lobby_found_one, &found) < 0)
		log_msg(LOG_WARNING, "lobby: cannot read %s for tables of an earlier run", BD_SHM_DIR);
	*names = found.name;
	return found.n;
}

int lobby_resume(struct lobby *l)
{
	struct lobby_found found = {0};
	struct board_settings s;
	int resumed;

	found.n = lobby_found(l->prefix, &found.name);
	for (unsigned i = 0; i < found.n; i++) {
		struct table *t = NULL;
		if (lobby_found_settings(l, found.name[i], &s) < 0 || (t = lobby_open(l, &s, &resumed)) == NULL)
			log_msg(LOG_WARNING, "lobby: table %s of an earlier run cannot be resumed", found.name[i]);
		else if (!resumed) { /* unsound: logged by board_open; nothing of it is kept */
			board_commit(&t->b);
			lobby_retire(l, l->ntables - 1);
		}
	}
	free(found.name);
	return 0;
}

void lobby_commit(struct lobby *l)
{
	for (unsigned i = 0; i < l->ntables; i++)
		board_commit(&l->tables[i]->b);
}


void lobby_housekeep(struct lobby *l, int64_t now, unsigned *tables, unsigned *waiting, unsigned *players)
{
	unsigned retired = 0;

	for (unsigned i = 0; i < l->ntables;) {
		struct table *t = l->tables[i];
		board_housekeep(&t->b, now);
		if (lobby_pending(t) && now >= t->reserve_until)
			lobby_seated(t);
		if (lobby_pending(t) && now >= t->reserve_until)
			lobby_abort(t, 0);
		if (lobby_unused(l, t)) {
			lobby_retire(l, i);
			retired++;
			continue;
		}
		*players += t->b.pub->nplaying;
		i++;
	}
	if (retired > 0) /* a table's lock watch (150 KiB) freed amid the heap: give the pages back */
		malloc_trim(0);
	*tables = l->ntables;
	*waiting = l->nqueue;
}

void lobby_stop(struct lobby *l, const struct lobby_peer *w, unsigned nw, unsigned why)
{
	struct lobby_event bye = {.h.type = LOBBY_EVENT, .bye = 1, .why = why};

	for (unsigned i = 0; i < l->ntables; i++)
		board_shutdown(&l->tables[i]->b, why);
	for (unsigned i = 0; i < nw; i++)
		lobby_send(w[i].ctl, &bye, -1);
}

/* Close every table (remove: its objects too) and free the lobby. */
static void lobby_close(struct lobby *l, int remove)
{
	if (l == NULL)
		return;
	for (unsigned i = 0; i < l->ntables; i++) {
		board_close(&l->tables[i]->b, remove);
		free(l->tables[i]);
	}
	close(l->timerfd);
	free(l->tables);
	free(l->queue);
	free(l->at);
	free(l);
}

void lobby_forget(struct lobby *l)
{
	lobby_close(l, 0);
}

void lobby_free(struct lobby *l)
{
	lobby_close(l, 1);
}
