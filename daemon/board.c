/* board.c: a board's objects, seats, events and game state: the game-neutral core. A game's
 * rules (rules/<game>.c) are called through struct rules and call back only through the
 * handle of rules.h, implemented here. */
#include "board.h"

#include <errno.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <unistd.h>

#include "ipc/clock.h"
#include "ipc/seqlock.h"
#include "ipc/shm.h"
#include "log.h"
#include "match.h"
#include "objects.h"

/* The longest the supervisor waits for a lock before it goes back to reaping and repairing. */
#define SUPERVISOR_WAIT_MS 50
/* New instances drawn before giving up when every one's names are taken (each try has a
 * chance of 2^-64 to meet a name by accident: more than one failure means an attack). */
#define BOARD_INST_TRIES 8

const struct board_settings *board_settings(const struct board *b)
{
	return &b->set;
}

const struct bd_pub *board_public(const struct board *b)
{
	return b->pub;
}

void *board_area(struct board *b)
{
	return b->pub->area;
}

void *board_private(struct board *b)
{
	return b->priv->area;
}

/* The seqlock counter of region (or BOARD_HEADER). */
static uint32_t *board_seq(struct board *b, unsigned region)
{
	return region == BOARD_HEADER ? &b->pub->seq : &b->pub->region_seq[region];
}

void board_write_begin(struct board *b, unsigned region)
{
	bd_seq_write_begin(board_seq(b, region));
}

void board_write_end(struct board *b, unsigned region)
{
	bd_seq_write_end(board_seq(b, region));
}

void board_set_score(struct board *b, unsigned seat, uint32_t score)
{
	b->pub->players[seat].score = score;
}

void board_set_deadline(struct board *b, unsigned seat, int64_t ms)
{
	__atomic_store_n(&b->priv->players[seat].deadline_ms, ms, __ATOMIC_RELAXED);
}

int64_t board_deadline(const struct board *b, unsigned seat)
{
	return __atomic_load_n(&b->priv->players[seat].deadline_ms, __ATOMIC_RELAXED);
}

unsigned board_random(struct board *b, unsigned n)
{
	uint64_t *s = &b->priv->rng;

	/* xorshift64*: small, good enough for shuffles, reproducible from --seed. */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return (unsigned)(*s * 2685821657736338717ull % n);
}

void board_emit(struct board *b, unsigned to, struct bd_event *ev)
{
	uint64_t seq = b->priv->ring_head + 1;
	struct bd_event *slot = &b->priv->ring[seq % BD_RING_SIZE];

	/* Invalidate the slot first, so a reader copying it sees the change (seqlock style). */
	__atomic_store_n(&slot->seq, 0, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	ev->seq = 0;
	ev->to = (uint16_t)to;
	ev->time_ms = bd_wall_ms();
	memcpy((char *)slot + sizeof slot->seq, (char *)ev + sizeof ev->seq, sizeof *ev - sizeof ev->seq);
	__atomic_store_n(&slot->seq, seq, __ATOMIC_RELEASE);
	__atomic_store_n(&b->priv->ring_head, seq, __ATOMIC_RELEASE);
	__atomic_store_n(&b->pub->event_seq, seq, __ATOMIC_RELEASE);
	ev->seq = seq;
	b->dirty = 1;
}

void board_turn_pass(struct board *b, int64_t now)
{
	if (b->rules->seats > 0)
		match_pass(b, now);
}

void board_log(struct board *b, int prio, const char *fmt, ...)
{
	char line[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	log_msg(prio, "board %s: %s", b->set.name, line);
}

/* Emit a STATE event for the current state. */
static void emit_state(struct board *b)
{
	struct bd_event ev = {.type = BD_EV_STATE, .n = b->pub->game_state, .m = b->pub->game_number};
	board_emit(b, BD_NO_PLAYER, &ev);
}

/* State lock held: the game's state becomes want (a change): shown, told; the turns follow. */
static void board_set_state(struct board *b, unsigned want)
{
	struct bd_pub *pub = b->pub;
	int unfrozen = pub->game_state == BD_GAME_FROZEN;

	board_write_begin(b, BOARD_HEADER);
	pub->game_state = want;
	if (want == BD_GAME_ON)
		for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
			if (pub->players[i].state == BD_PLAYER_WAITING)
				pub->players[i].state = BD_PLAYER_PLAYING;
	board_write_end(b, BOARD_HEADER);
	emit_state(b);
	if (want == BD_GAME_ON && b->rules->seats > 0)
		match_on(b, bd_now_ms(), unfrozen);
	else if (want == BD_GAME_FROZEN && b->rules->seats > 0)
		match_pause(b, bd_now_ms());
}

/* State lock held: move between waiting/on/frozen as the seated count demands. A turn table
 * freezes only at a restart (board_resume): a seat whose player leaves mid-match is away with
 * its clock running (board_away). */
static void board_update_state(struct board *b)
{
	struct bd_pub *pub = b->pub;
	unsigned want = pub->game_state;

	if ((pub->game_state == BD_GAME_WAITING || pub->game_state == BD_GAME_FROZEN) &&
	    pub->nplaying >= pub->min_players)
		want = BD_GAME_ON;
	else if (pub->game_state == BD_GAME_ON && pub->nplaying < pub->min_players && b->rules->seats == 0)
		want = BD_GAME_FROZEN;
	if (want != pub->game_state)
		board_set_state(b, want);
}


void board_end(struct board *b, enum board_end what, const uint8_t result[BD_PLAYERS_MAX], int64_t now)
{
	struct bd_pub *pub = b->pub;
	unsigned top = 0;
	uint8_t match[BD_PLAYERS_MAX];

	/* A turn table's round may end its match (match.c): then the match's results count. */
	if (b->rules->seats > 0 && what == BOARD_END_ROUND) {
		if (match_round_end(b, result, now, match) == 0)
			return;
		what = BOARD_END_MATCH;
		result = match;
	}
	board_write_begin(b, BOARD_HEADER);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		struct bd_pub_player *p = &pub->players[i];
		if (p->state != BD_PLAYER_EMPTY && p->score > top)
			top = p->score;
		/* Each worker reports them, however late it reads the event. */
		p->last_score = p->score;
		p->result = p->state != BD_PLAYER_EMPTY ? result[i] : BD_RESULT_NONE;
	}
	if (what == BOARD_END_ROUND) {
		pub->round_number++;
		board_write_end(b, BOARD_HEADER);
		return;
	}
	pub->game_state = BD_GAME_OVER;
	/* Turn tables and a lobby's Memory tables (restart-ms 0) wait for every seat's rematch. */
	pub->deadline_ms = b->rules->seats > 0 || b->set.restart_ms == 0 ? 0 : now + b->set.restart_ms;
	pub->turn = BD_NO_PLAYER;
	pub->turn_deadline_ms = 0;
	board_write_end(b, BOARD_HEADER);
	struct bd_event ev = {.type = BD_EV_OVER, .n = top};
	board_emit(b, BD_NO_PLAYER, &ev);
	emit_state(b);
}

void board_wake(struct board *b)
{
	uint64_t one = 1;

	if (!b->dirty)
		return;
	b->dirty = 0;
	if (write(b->wake_fd, &one, sizeof one) < 0 && errno != EAGAIN)
		log_msg(LOG_WARNING, "board %s: wake: %s", b->set.name, strerror(errno));
}

static void board_unlock(struct board *b, const struct bd_lockset *ls)
{
	bd_lockset_give(&b->locks, ls);
	if (!b->defer_wake)
		board_wake(b);
}

/* Lock the regions the rules say a move of player (its ntok words; none: only what it
 * holds; player -1: no regions) must lock, then state. They are asked before locking, so
 * they are asked again after. wait_ms < 0 waits as long as it takes; else 0, or -1 with
 * nothing held after wait_ms. */
static int board_lock_player(struct board *b, int player, unsigned ntok, const char *const *tok,
			     struct bd_lockset *ls, int wait_ms)
{
	for (;;) {
		unsigned want[RULES_REGIONS_MAX], again[RULES_REGIONS_MAX];
		unsigned n = player >= 0 ? b->rules->locks(b, (unsigned)player, ntok, tok, want) : 0;
		bd_lockset_init(ls);
		for (unsigned i = 0; i < n; i++)
			bd_lockset_add(ls, want[i]);
		if (bd_lockset_take_within(&b->locks, ls, wait_ms) < 0)
			return -1;
		unsigned m = player >= 0 ? b->rules->locks(b, (unsigned)player, ntok, tok, again) : 0;
		if (m == n && memcmp(want, again, n * sizeof want[0]) == 0)
			return 0;
		bd_lockset_give(&b->locks, ls);
	}
}

/* Every region, then state: for a new deal or a repair sweep. wait_ms as above. */
static int board_lock_all(struct board *b, struct bd_lockset *ls, int wait_ms)
{
	bd_lockset_init(ls);
	for (unsigned r = 0; r < b->pub->nregions; r++)
		ls->idx[ls->n++] = r;
	return bd_lockset_take_within(&b->locks, ls, wait_ms);
}

/* All locks held: a new shuffled game, scores reset; on if enough players are seated. */
static void board_new_game(struct board *b)
{
	struct bd_pub *pub = b->pub;

	b->rules->deal(b);
	board_write_begin(b, BOARD_HEADER);
	pub->game_number++;
	pub->round_number = 0;
	pub->deadline_ms = 0;
	pub->game_state = pub->nplaying >= pub->min_players ? BD_GAME_ON : BD_GAME_WAITING;
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		struct bd_pub_player *p = &pub->players[i];
		p->score = 0;
		if (p->state == BD_PLAYER_WAITING || p->state == BD_PLAYER_PLAYING)
			p->state = pub->game_state == BD_GAME_ON ? BD_PLAYER_PLAYING : BD_PLAYER_WAITING;
		b->priv->players[i].deadline_ms = 0;
		b->priv->players[i].rematch = 0;
	}
	board_write_end(b, BOARD_HEADER);
	emit_state(b);
	if (pub->game_state == BD_GAME_ON && b->rules->seats > 0)
		match_on(b, bd_now_ms(), 0);
}

/* Lowest colour index no seat uses. */
static unsigned board_free_colour(const struct board *b)
{
	static unsigned char used[BD_PLAYERS_MAX + 1];

	memset(used, 0, sizeof used);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (b->pub->players[i].state != BD_PLAYER_EMPTY && b->pub->players[i].colour <= BD_PLAYERS_MAX)
			used[b->pub->players[i].colour] = 1;
	unsigned c = 0;
	while (used[c])
		c++;
	return c;
}

/* State lock held: the seat whose token this is, -1 if none. */
static int board_find_token(const struct board *b, uint64_t token)
{
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (b->pub->players[i].state != BD_PLAYER_EMPTY && b->priv->players[i].token == token)
			return (int)i;
	return -1;
}

/* State lock held: an empty seat, or -1 (a turn table has only its game's seats). */
static int board_find_empty(const struct board *b)
{
	for (unsigned i = 0; i < (b->set.seats > 0 ? b->set.seats : BD_PLAYERS_MAX); i++)
		if (b->pub->players[i].state == BD_PLAYER_EMPTY)
			return (int)i;
	return -1;
}

/* State lock held: the seats uid holds on this board (away ones too). */
static unsigned board_seats_of(const struct board *b, uid_t uid)
{
	unsigned n = 0;

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		n += b->pub->players[i].state != BD_PLAYER_EMPTY && b->pub->players[i].uid == uid;
	return n;
}

/* The login of uid as players are shown it: its passwd name, else its number; any byte that
 * is not printable ASCII (or a space) as '?', at most BD_LOGIN_MAX bytes. */
void board_login(uid_t uid, char *out, size_t len)
{
	struct passwd pw, *found = NULL;
	char buf[1024];

	if (getpwuid_r(uid, &pw, buf, sizeof buf, &found) != 0 || found == NULL)
		snprintf(out, len, "%u", (unsigned)uid);
	else
		snprintf(out, len, "%.*s", BD_LOGIN_MAX, found->pw_name);
	for (char *c = out; *c != '\0'; c++)
		if (*c <= ' ' || *c > '~')
			*c = '?';
}

/* State lock held: nonzero if a seated player's name folds as name does (bd_name_fold). */
static int board_name_taken(const struct board *b, const char *name)
{
	char want[BD_NAME_MAX + 1], have[BD_NAME_MAX + 1];

	bd_name_fold(want, sizeof want, name);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (b->pub->players[i].state != BD_PLAYER_EMPTY &&
		    strcmp(bd_name_fold(have, sizeof have, b->pub->players[i].name), want) == 0)
			return 1;
	return 0;
}

#ifdef BD_TEST_HOOKS
/* Test builds only: a player named like the hook parks its worker here, locks held, so
 * the tests can kill a worker while it holds them. */
static void board_test_park(const char *name, const char *hook)
{
	if (strcmp(name, hook) == 0)
		for (;;)
			pause();
}

void board_test_park_seat(const struct board *b, unsigned seat, const char *hook)
{
	board_test_park(b->pub->players[seat].name, hook);
}
#else
#define board_test_park(name, hook) ((void)0)
#endif

/* State lock held: fill seat i for a new or returning player. */
static void board_fill_seat(struct board *b, unsigned i, const char *name, uid_t uid, pid_t pid, int fresh,
			    const char *login)
{
	struct bd_pub_player *p = &b->pub->players[i];
	struct bd_priv_player *q = &b->priv->players[i];

	board_write_begin(b, BOARD_HEADER);
	if (fresh) {
		uint32_t serial = p->serial;
		memset(p, 0, sizeof *p);
		p->serial = serial + 1;
		p->colour = board_free_colour(b);
		p->side = BD_NO_SIDE;
		snprintf(p->name, sizeof p->name, "%s", name);
		memset(q, 0, sizeof *q);
		while (q->token == 0)
			if (getrandom(&q->token, sizeof q->token, 0) < 0)
				q->token = (uint64_t)bd_now_ms() * 6364136223846793005ull + i;
	}
	p->state = b->pub->game_state == BD_GAME_ON ? BD_PLAYER_PLAYING : BD_PLAYER_WAITING;
	p->uid = (uint32_t)uid;
	p->pid = (int32_t)pid;
	snprintf(p->login, sizeof p->login, "%s", login);
	board_test_park(name, "park-in-write"); /* holds the state lock, the header's seqlock odd */
	q->worker_pid = getpid();
	q->away_since_ms = 0;
	b->pub->nplaying++;
	board_write_end(b, BOARD_HEADER);
}

#ifdef BD_TEST_HOOKS
/* Test builds only: a player named stop-taken (stop-given) stops its worker with SIGSTOP
 * in its moves, just after sem_wait returned on the state lock (just after sem_post),
 * before the records say so (bd_locks.stop_at), so the tests can show no repair happens. */
static void board_test_stop(struct board *b, const char *name)
{
	b->locks.stop_at = strcmp(name, "stop-taken") == 0 ? BD_LOCK_STOP_TAKEN :
			   strcmp(name, "stop-given") == 0 ? BD_LOCK_STOP_GIVEN : BD_LOCK_STOP_NONE;
}

/* Test builds only: a seat named whisper is sent, as it joins, the state event again for it
 * alone, and a private line of its own (WHISPER <seat>) when its game has none, so that the
 * tests see both reach that seat's connection and no other (bd-fault whisper). */
static void board_test_whisper(struct board *b, unsigned seat)
{
	struct bd_event ev = {.type = BD_EV_STATE, .n = b->pub->game_state, .m = b->pub->game_number};

	if (strcmp(b->pub->players[seat].name, "whisper") == 0)
		board_emit(b, seat, &ev);
}

static size_t board_test_lines(const struct board *b, unsigned seat, char *buf, size_t len)
{
	int n = strcmp(b->pub->players[seat].name, "whisper") == 0 ? snprintf(buf, len, "WHISPER %u\n", seat) : 0;

	return n > 0 && (size_t)n < len ? (size_t)n : 0;
}
#else
#define board_test_stop(b, name) ((void)0)
#define board_test_whisper(b, seat) ((void)0)
#define board_test_lines(b, seat, buf, len) ((size_t)0)
#endif

int board_seat(struct board *b, const char *name, const struct quota_peer *peer, uint64_t token, unsigned want,
	       struct bd_err *err)
{
	struct bd_lockset ls;
	char login[BD_LOGIN_MAX + 1];
	int i;

	board_login(peer->uid, login, sizeof login); /* before locking: it may read /etc/passwd */
	board_lock_player(b, -1, 0, NULL, &ls, -1);
	board_test_park(name, "park-in-join"); /* holds the state lock */
	if (token != 0) {
		i = board_find_token(b, token);
		const char *why = i < 0 ? BD_REASON("no seat on this board has that token")
			 : b->pub->players[i].state != BD_PLAYER_AWAY ? BD_REASON("that seat is in use")
			 : b->pub->players[i].uid != peer->uid ? BD_REASON("that seat belongs to another user")
			 : NULL; /* a token handed to another user takes no seat past its limits */
		if (why != NULL) {
			board_unlock(b, &ls);
			return bd_err_set(err, "token", why);
		}
	} else if (quota_check(QUOTA_SEATS, peer, board_seats_of(b, peer->uid), err) < 0) {
		board_unlock(b, &ls);
		return -1;
	} else if (board_name_taken(b, name)) {
		board_unlock(b, &ls);
		return bd_err_set(err, "samename", "a player on this board has that name, or one that looks the "
				  "same (case and lookalikes such as I l 1 and O 0 are folded); choose another");
	} else if ((i = board_find_empty(b)) < 0) {
		board_unlock(b, &ls);
		return bd_err_set(err, "full", "every seat of this board is taken");
	}
	board_fill_seat(b, (unsigned)i, name, peer->uid, peer->pid, token == 0, login);
	if (token == 0 && b->set.seats > 0 && want <= b->set.seats)
		b->priv->turn.want[i] = (uint8_t)want; /* before the match can start (as `side`) */
	if (token != 0 && b->rules->seats > 0) {
		match_back(b, (unsigned)i); /* a turn table's away seat is back: its match goes on */
	} else {
		struct bd_event ev = {.type = BD_EV_JOIN, .player = (uint16_t)i, .colour = b->pub->players[i].colour};
		snprintf(ev.name, sizeof ev.name, "%.*s", BD_NAME_MAX, b->pub->players[i].name);
		snprintf(ev.login, sizeof ev.login, "%.*s", BD_LOGIN_MAX, b->pub->players[i].login);
		board_emit(b, BD_NO_PLAYER, &ev);
	}
	board_test_whisper(b, (unsigned)i);
	board_update_state(b);
	board_unlock(b, &ls);
	return i;
}

/* Header's seqlock held: record the player of seat i, which leaves, in the ring of departed
 * seats (the oldest record overwritten). */
static void board_depart(struct board *b, unsigned i)
{
	const struct bd_pub_player *p = &b->pub->players[i];
	struct bd_departed *d = &b->pub->departed[b->pub->ndeparted % BD_DEPARTED_MAX];

	memset(d, 0, sizeof *d);
	d->seat = (uint16_t)i;
	d->serial = p->serial;
	d->colour = p->colour;
	d->uid = p->uid;
	d->game_number = b->pub->game_number;
	d->score = p->score;
	d->left_ms = bd_wall_ms();
	memcpy(d->name, p->name, sizeof d->name);
	memcpy(d->login, p->login, sizeof d->login);
	b->pub->ndeparted++;
}

/* Locks held: empty seat i (what it held already released by the rules), keeping its serial
 * and a record of who left it. */
static void board_clear_seat(struct board *b, unsigned i)
{
	struct bd_pub_player *p = &b->pub->players[i];
	uint32_t serial = p->serial;

	board_write_begin(b, BOARD_HEADER);
	if (p->state != BD_PLAYER_AWAY)
		b->pub->nplaying--;
	board_depart(b, i);
	memset(p, 0, sizeof *p);
	p->serial = serial;
	board_write_end(b, BOARD_HEADER);
	memset(&b->priv->players[i], 0, sizeof b->priv->players[i]);
	struct bd_event ev = {.type = BD_EV_LEAVE, .player = (uint16_t)i};
	board_emit(b, BD_NO_PLAYER, &ev);
	board_update_state(b);
}

/* Locks held: the player of seat i left its turn table mid-match: the seat is kept away for
 * away-ms (its clock running; board_leave clears it then), and everyone is told at once. */
static void board_away(struct board *b, unsigned i, int64_t now)
{
	b->priv->players[i].worker_pid = 0;
	b->priv->players[i].away_since_ms = now;
	board_write_begin(b, BOARD_HEADER);
	b->pub->players[i].state = BD_PLAYER_AWAY;
	b->pub->nplaying--;
	board_write_end(b, BOARD_HEADER);
	match_away(b, i, b->set.away_ms);
}

/* The player leaves, if its seat still belongs to worker owner (0: an away seat, which
 * must also have expired by now); checked under the locks, because a returning client may
 * take an away seat back meanwhile, and workers and the supervisor may all see it expire.
 * A turn table's seat left mid-match goes away instead (board_away).
 * wait_ms as for board_lock_player. 0, or -1 if busy. */
static int board_leave(struct board *b, unsigned player, int wait_ms, pid_t owner, int64_t now)
{
	struct bd_lockset ls;
	const struct bd_pub_player *p = &b->pub->players[player];
	const struct bd_priv_player *q = &b->priv->players[player];

	if ((b->rules->seats > 0 ? board_lock_all(b, &ls, wait_ms) :
	     board_lock_player(b, (int)player, 0, NULL, &ls, wait_ms)) < 0)
		return -1; /* a turn table's leave may deal a new game: every lock */
	int expired = owner != 0 || (p->state == BD_PLAYER_AWAY && q->away_since_ms + b->set.away_ms <= now);
	int mine = p->state != BD_PLAYER_EMPTY && q->worker_pid == owner && expired;
	if (mine && owner != 0 && b->rules->seats > 0 && match_running(b, player))
		board_away(b, player, bd_now_ms());
	else if (mine) {
		if (b->rules->seats > 0)
			match_leave(b, player, bd_now_ms());
		b->rules->release(b, player);
		board_clear_seat(b, player);
		if (b->rules->seats > 0 && b->pub->game_state == BD_GAME_OVER)
			board_new_game(b); /* the next match is with whoever sits down */
	}
	board_unlock(b, &ls);
	return 0;
}

void board_unseat(struct board *b, unsigned player)
{
	board_leave(b, player, -1, getpid(), 0);
}

int board_move(struct board *b, unsigned player, unsigned ntok, const char *const *tok, struct bd_err *err)
{
	struct bd_lockset ls;

	board_test_stop(b, b->pub->players[player].name);
	if (b->rules->seats > 0)
		board_lock_all(b, &ls, -1); /* a move may end a round: deal needs every lock */
	else
		board_lock_player(b, (int)player, ntok, tok, &ls, -1);
	board_test_park(b->pub->players[player].name, "park-in-pick"); /* a region and state */
	int rc = b->priv->players[player].worker_pid != getpid() ?
		 bd_err_set(err, "notjoined", "your seat was given up (the connection was away too long); join again") :
		 b->rules->seats > 0 ? match_move(b, player, ntok, tok, bd_now_ms(), err) :
		 b->rules->move(b, player, ntok, tok, bd_now_ms(), err);
	board_unlock(b, &ls);
	board_test_stop(b, "");
	return rc;
}

/* All locks held: player of a table without turns asks for the next game (a lobby's Memory
 * table, which does not restart by itself); 1 once every seated player has, and they are
 * enough for a game (one left alone waits: its opponents left, nobody else may sit). */
static int board_rematch(struct board *b, unsigned player, struct bd_err *err)
{
	struct bd_event ev = {.type = BD_EV_REMATCH, .player = (uint16_t)player};
	unsigned asked = 0, seated = 0;

	if (b->set.restart_ms != 0)
		return bd_err_set(err, "notsupported", "this table starts its next game by itself after the end");
	if (b->pub->game_state != BD_GAME_OVER)
		return bd_err_set(err, "state", "the game is still on: rematch once it is over");
	if (b->priv->players[player].rematch)
		return bd_err_set(err, "again", "you already asked for a rematch: waiting for the other players");
	b->priv->players[player].rematch = 1;
	board_emit(b, BD_NO_PLAYER, &ev);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (b->pub->players[i].state == BD_PLAYER_PLAYING || b->pub->players[i].state == BD_PLAYER_WAITING) {
			seated++;
			asked += b->priv->players[i].rematch;
		}
	return asked == seated && seated >= b->pub->min_players ? 1 : 0;
}

int board_turn_request(struct board *b, unsigned player, enum bd_req_type type, const char *arg,
		       struct bd_err *err)
{
	struct bd_lockset ls;
	int rc;

	if (b->rules->seats == 0 && type == BD_REQ_REMATCH) {
		board_lock_all(b, &ls, -1);
		rc = board_rematch(b, player, err);
		if (rc == 1)
			board_new_game(b);
		board_unlock(b, &ls);
		return rc;
	}
	if (b->rules->seats == 0)
		return bd_err_set(err, "notsupported", "this table's game has no turns to resign, rematch, claim, draw or choose a side of");
	board_lock_all(b, &ls, -1);
	rc = b->priv->players[player].worker_pid != getpid() ?
	     bd_err_set(err, "notjoined", "your seat was given up (the connection was away too long); join again") :
	     type == BD_REQ_SIDE ? match_side(b, player, arg, err) : match_request(b, player, type, bd_now_ms(), err);
	if (rc == 1 && type == BD_REQ_REMATCH)
		board_new_game(b); /* every seat asked for the rematch */
	board_unlock(b, &ls);
	return rc;
}

size_t board_private_lines(struct board *b, unsigned player, char *buf, size_t len)
{
	struct bd_lockset ls;

	if (b->rules->private_lines == NULL)
		return board_test_lines(b, player, buf, len);
	board_lock_player(b, -1, 0, NULL, &ls, -1);
	size_t n = b->priv->players[player].worker_pid == getpid() ? b->rules->private_lines(b, player, buf, len) : 0;
	board_unlock(b, &ls);
	return n;
}

/* The sooner of two deadlines (0: none). */
static int64_t board_sooner(int64_t a, int64_t b)
{
	return a == 0 || (b > 0 && b < a) ? b : a;
}

/* When seat i expires if it is away (ms), else 0. Read without the locks: board_leave
 * checks again under them. */
static int64_t board_away_until(const struct board *b, unsigned i)
{
	return __atomic_load_n(&b->pub->players[i].state, __ATOMIC_RELAXED) != BD_PLAYER_AWAY ? 0 :
	       __atomic_load_n(&b->priv->players[i].away_since_ms, __ATOMIC_RELAXED) + b->set.away_ms;
}

int64_t board_next_deadline(const struct board *b, int player)
{
	int64_t next = 0;

	if (player >= 0)
		next = board_deadline(b, (unsigned)player);
	next = board_sooner(next, __atomic_load_n(&b->pub->deadline_ms, __ATOMIC_RELAXED));
	if (b->rules->seats > 0)
		next = board_sooner(next, match_next_deadline(b));
	for (unsigned i = 0; player >= 0 && i < b->set.seats; i++)
		next = board_sooner(next, board_away_until(b, i)); /* its players end it: board_tick */
	return next;
}

/* board_tick, waiting at most wait_ms for the locks (< 0: as long as it takes); what could
 * not be locked in time waits for the next call (the supervisor's next housekeeping). */
static void board_tick_within(struct board *b, int player, int64_t now, int wait_ms)
{
	struct bd_lockset ls;

	if (player >= 0) {
		int64_t d = board_deadline(b, (unsigned)player);
		if (d > 0 && d <= now && board_lock_player(b, player, 0, NULL, &ls, wait_ms) == 0) {
			b->rules->expire(b, (unsigned)player, now);
			board_unlock(b, &ls);
		}
	}
	int64_t turn = b->rules->seats > 0 ? match_next_deadline(b) : 0;
	if (turn > 0 && turn <= now && board_lock_all(b, &ls, wait_ms) == 0) {
		match_tick(b, now); /* it checks again: another worker may have played meanwhile */
		board_unlock(b, &ls);
	}
	int64_t restart = __atomic_load_n(&b->pub->deadline_ms, __ATOMIC_RELAXED);
	if (b->pub->game_state == BD_GAME_OVER && restart > 0 && restart <= now &&
	    board_lock_all(b, &ls, wait_ms) == 0) {
		/* Another worker may have restarted it while we waited for the locks. */
		if (b->pub->game_state == BD_GAME_OVER && b->pub->deadline_ms > 0 && b->pub->deadline_ms <= now)
			board_new_game(b);
		board_unlock(b, &ls);
	}
}

void board_tick(struct board *b, int player, int64_t now)
{
	board_tick_within(b, player, now, -1);
	/* A turn table's away seat expired: the first of its players' workers (or the
	 * supervisor's housekeeping) to get the locks ends its match; the others find it done. */
	for (unsigned i = 0; player >= 0 && i < b->set.seats; i++) {
		int64_t until = board_away_until(b, i);
		if (until > 0 && until <= now)
			board_leave(b, i, -1, 0, now);
	}
}

/* The shape of the game's areas for a table's settings: its side, and a lock region's
 * side (region-size, at most the board's). */
static struct bd_game_shape board_shape(const struct board_settings *s)
{
	return (struct bd_game_shape){.dim = s->dim, .region_side = s->region_side < s->dim ? s->region_side : s->dim};
}

/* Fill a new board's headers and deal its first game. */
static void board_init_fresh(struct board *b)
{
	struct bd_pub *pub = b->pub;
	struct bd_priv *priv = b->priv;

	/* The segments are new (O_EXCL), so all zeroes: no memset, which would touch every page
	 * (1.2 MB a table, most of it the lockers table, which is meant to stay untouched). */
	pub->version = BD_LAYOUT_VERSION;
	pub->size = (uint32_t)b->pub_size;
	pub->area_size = (uint32_t)(b->pub_size - offsetof(struct bd_pub, area));
	pub->game_kind = b->rules->codec->kind;
	pub->nregions = b->rules->codec->nregions(&b->shape);
	pub->turn = BD_NO_PLAYER;
	pub->min_players = b->set.min_players;
	memcpy(pub->options, b->set.opt, sizeof pub->options);
	pub->daemon_pid = getpid();
	snprintf(pub->name, sizeof pub->name, "%s", b->set.name);
	memcpy(pub->area, &b->shape, sizeof b->shape);
	priv->version = BD_LAYOUT_VERSION;
	priv->size = (uint32_t)b->priv_size;
	priv->area_size = (uint32_t)(b->priv_size - offsetof(struct bd_priv, area));
	priv->game_kind = pub->game_kind;
	memcpy(priv->area, &b->shape, sizeof b->shape);
	snprintf(priv->instance, sizeof priv->instance, "%s", b->inst);
	priv->rng = b->set.seed;
	while (priv->rng == 0)
		if (getrandom(&priv->rng, sizeof priv->rng, 0) < 0)
			priv->rng = (uint64_t)bd_now_ms() | 1;
	if (b->rules->seats > 0)
		match_init(b);
	board_new_game(b); /* game 1; waiting until enough players */
	b->dirty = 0;
	/* Magic last: a reader never trusts a half-made segment. */
	__atomic_store_n(&priv->magic, BD_PRIV_MAGIC, __ATOMIC_RELEASE);
	__atomic_store_n(&pub->magic, BD_PUB_MAGIC, __ATOMIC_RELEASE);
}

/* Why a found board's segments do not fit this table (their headers, kind, shape, sizes,
 * options), NULL if they do. */
static const char *board_check_header(const struct board *b)
{
	const struct bd_game_shape *found = bd_game_shape_of(b->pub->area);
	const char *why = bd_pub_check(b->pub, b->pub_size);
	if (why == NULL)
		why = bd_priv_check(b->priv, b->priv_size);
	if (why == NULL && b->pub->game_kind != b->rules->codec->kind)
		why = "game kind differs";
	if (why == NULL && found->dim != b->shape.dim)
		why = "board dimension differs from the configured one";
	if (why == NULL && found->region_side != b->shape.region_side)
		why = "region size differs from the configured one";
	if (why == NULL && (b->pub->size != b->pub_size || b->priv->size != b->priv_size ||
			    memcmp(b->priv->area, found, sizeof *found) != 0))
		why = "its segments' sizes differ from this table's";
	if (why == NULL && memcmp(b->pub->options, b->set.opt, sizeof b->set.opt) != 0)
		why = "its game options differ from the configured ones";
	return why;
}

/* Whether a found board can be resumed: NULL, or why not. A turn table whose last move's
 * turn was never passed (the daemon stopped between the two) has it passed first. */
static const char *board_check_found(struct board *b)
{
	const char *why = board_check_header(b);

	if (why == NULL && b->rules->seats > 0 && (why = match_check(b)) == NULL)
		match_mend_found(b);
	return why != NULL ? why : b->rules->check(b);
}

/* Take over a sound board of a dead daemon: every seat is kept, away, for away_ms, with its
 * game state as it was; the rules' sweep undoes what the crash cut short. */
static void board_resume(struct board *b)
{
	struct bd_pub *pub = b->pub;
	int64_t now = bd_now_ms();

	if (pub->seq & 1)
		pub->seq++;
	for (unsigned r = 0; r < pub->nregions; r++)
		if (pub->region_seq[r] & 1)
			pub->region_seq[r]++;
	pub->daemon_pid = getpid();
	pub->min_players = b->set.min_players;
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		if (pub->players[i].state == BD_PLAYER_EMPTY)
			continue;
		board_write_begin(b, BOARD_HEADER);
		if (pub->players[i].state != BD_PLAYER_AWAY) {
			pub->players[i].state = BD_PLAYER_AWAY;
			b->priv->players[i].away_since_ms = now;
		}
		b->priv->players[i].worker_pid = 0;
		board_write_end(b, BOARD_HEADER);
	}
	board_write_begin(b, BOARD_HEADER);
	pub->nplaying = 0;
	board_write_end(b, BOARD_HEADER);
	b->rules->sweep(b);
	if (b->rules->seats > 0)
		match_resume(b, now);
	if (b->rules->seats > 0 && pub->game_state == BD_GAME_ON)
		board_set_state(b, BD_GAME_FROZEN); /* until every seat is back (board_update_state) */
	board_update_state(b);
	b->dirty = 0;
}

/* Make the objects of a new instance: segments (zero-filled) and semaphores, each created
 * anew (O_EXCL); a taken name means another instance is drawn. 0, or -1 logged. */
static int board_make(struct board *b)
{
	char pubname[BD_OBJ_NAME_MAX], privname[BD_OBJ_NAME_MAX];

	for (int tries = 0; tries < BOARD_INST_TRIES; tries++) {
		if (bd_inst_new(b->inst) < 0 ||
		    bd_obj_public(pubname, sizeof pubname, b->prefix, b->set.name, b->inst) < 0 ||
		    bd_obj_private(privname, sizeof privname, b->prefix, b->set.name, b->inst) < 0) {
			log_msg(LOG_ERR, "board %s: cannot name its objects: %s", b->set.name,
				errno == EINVAL ? "invalid board or prefix name" : strerror(errno));
			return -1;
		}
		if ((b->pub = bd_seg_create(pubname, b->pub_size, sizeof *b->pub, 0644)) != NULL &&
		    (b->priv = bd_seg_create(privname, b->priv_size, sizeof *b->priv, 0600)) != NULL &&
		    bd_locks_open(&b->locks, b->prefix, b->set.name, b->inst, b->rules->codec->nregions(&b->shape),
				  b->priv->holders, 1) == 0) {
			snprintf(b->pubname, sizeof b->pubname, "%s", pubname);
			return 0;
		}
		int err = errno;
		board_close(b, 1);
		if (err != EEXIST) {
			log_msg(LOG_ERR, "board %s: cannot create %s or its semaphores: %s", b->set.name, pubname,
				strerror(err));
			return -1;
		}
		log_msg(LOG_WARNING, "board %s: a name of new instance %s is taken already; drawing another",
			b->set.name, b->inst);
	}
	log_msg(LOG_ERR, "board %s: the names of %d new instances were all taken; giving up", b->set.name,
		BOARD_INST_TRIES);
	return -1;
}

/* Copy our board of an earlier run called pubname into the new objects (magic left 0: not
 * trusted by readers until resumed). Why it cannot be resumed, or NULL if it can. */
static const char *board_copy_found(struct board *b, const char *pubname)
{
	char privname[BD_OBJ_NAME_MAX], inst[BD_INST_LEN + 1];
	const char *why = NULL;
	const struct bd_pub *pub = NULL;
	const struct bd_priv *priv = NULL;

	snprintf(privname, sizeof privname, "%s.private", pubname);
	if (bd_obj_split(pubname, NULL, NULL, inst) < 0 ||
	    (pub = bd_seg_map_own(pubname, b->pub_size, sizeof *pub, &why)) == NULL ||
	    (priv = bd_seg_map_own(privname, b->priv_size, sizeof *priv, &why)) == NULL)
		why = why != NULL ? why : "not a board's name";
	else if ((why = bd_priv_check(priv, b->priv_size)) == NULL &&
		 strncmp(priv->instance, inst, sizeof priv->instance) != 0)
		why = "its private segment records another instance";
	if (why == NULL) {
		/* Everything but magic, which comes first in both: as many bytes as this table's
		 * segments have (a found one of other sizes fails the check). */
		memcpy(&b->pub->magic + 1, &pub->magic + 1, b->pub_size - sizeof pub->magic);
		memcpy(&b->priv->magic + 1, &priv->magic + 1, b->priv_size - sizeof priv->magic);
		snprintf(b->priv->instance, sizeof b->priv->instance, "%s", b->inst);
		/* No process that held a lock of that run is alive. */
		memset(b->priv->holders, 0, sizeof b->priv->holders);
		b->pub->magic = BD_PUB_MAGIC;
		b->priv->magic = BD_PRIV_MAGIC;
		why = board_check_found(b);
		b->pub->magic = 0;
		if (why != NULL) { /* back to the zeroes of a new segment, for board_init_fresh */
			memset(b->pub, 0, b->pub_size);
			memset(b->priv, 0, b->priv_size);
		}
	}
	bd_pub_unmap(pub);
	bd_priv_unmap(priv);
	return why;
}

/* Take over the first sound board of ours that an earlier run left; 1 if one was. */
static int board_take_over(struct board *b, const struct objects_seen *seen)
{
	for (unsigned i = 0; i < seen->nown; i++) {
		const char *why = board_copy_found(b, seen->own[i]);
		if (why == NULL) {
			log_msg(LOG_INFO, "board %s: resuming %s of an earlier run as %s", b->set.name, seen->own[i],
				b->pubname);
			return 1;
		}
		log_msg(LOG_WARNING, "board %s: found %s of an earlier run that cannot be trusted (%s); "
			"it will be removed", b->set.name, seen->own[i], why);
	}
	return 0;
}

/* Fill b's settings, rules, shape and sizes for settings s (nothing opened yet). 0, or -1
 * logged if the game cannot have a table of that shape. */
static int board_prepare(struct board *b, const char *prefix, const struct board_settings *s)
{
	memset(b, 0, sizeof *b);
	b->set = *s;
	b->shape = board_shape(s);
	b->prefix = prefix;
	b->rules = rules_find(s->game_kind);
	b->wake_fd = -1;
	const char *why = b->rules == NULL ? "unknown game kind" : b->rules->codec->shape_check(&b->shape);
	if (why != NULL) {
		log_msg(LOG_ERR, "board %s: cannot host game kind %u: %s", s->name, s->game_kind, why);
		return -1;
	}
	/* A turn game's seats: its rules', or as many as the table was made for (seats=N). */
	b->set.seats = b->rules->seats == 0 ? 0 : b->set.seats > 0 ? b->set.seats : b->rules->seats;
	unsigned most = b->rules->seats_max > b->rules->seats ? b->rules->seats_max : b->rules->seats;
	if (b->set.seats < b->rules->seats || b->set.seats > most || b->set.seats > BD_TURN_SEATS_MAX) {
		log_msg(LOG_ERR, "board %s: %u seats: its game has %u to %u", s->name, b->set.seats, b->rules->seats, most);
		return -1;
	}
	if (b->set.seats > 0)
		b->set.min_players = b->set.seats; /* a turn game is on when every seat is taken */
	b->pub_size = offsetof(struct bd_pub, area) + b->rules->codec->pub_size(&b->shape);
	b->priv_size = offsetof(struct bd_priv, area) + b->rules->codec->priv_size(&b->shape);
	return 0;
}

int board_attach(struct board *b, const char *prefix, const struct board_settings *s, const char *inst, int wake_fd)
{
	char privname[BD_OBJ_NAME_MAX];
	const char *why = "cannot name its objects";

	if (board_prepare(b, prefix, s) < 0) {
		close(wake_fd);
		return -1;
	}
	b->wake_fd = wake_fd;
	snprintf(b->inst, sizeof b->inst, "%s", inst);
	if (bd_obj_public(b->pubname, sizeof b->pubname, prefix, s->name, inst) == 0 &&
	    bd_obj_private(privname, sizeof privname, prefix, s->name, inst) == 0 &&
	    (b->pub = bd_seg_map_rw(b->pubname, b->pub_size, sizeof *b->pub, &why)) != NULL &&
	    (b->priv = bd_seg_map_rw(privname, b->priv_size, sizeof *b->priv, &why)) != NULL &&
	    (why = bd_pub_check(b->pub, b->pub_size)) == NULL && (why = bd_priv_check(b->priv, b->priv_size)) == NULL &&
	    (why = bd_locks_open(&b->locks, prefix, s->name, inst, b->pub->nregions, b->priv->holders, 0) < 0 ?
		   "cannot open its semaphores" : NULL) == NULL) {
		bd_locks_track(&b->locks, &b->priv->lockers, 0);
		return 0;
	}
	log_msg(LOG_ERR, "board %s: cannot attach to it: %s", s->name, why);
	board_close(b, 0);
	return -1;
}

int board_open(struct board *b, const char *prefix, const struct board_settings *s, int *resumed)
{
	struct objects_seen seen;

	if (board_prepare(b, prefix, s) < 0)
		return -1;
	if (objects_look(prefix, s->name, &seen) < 0 || objects_live_owner(prefix, s->name, &seen) ||
	    board_make(b) < 0)
		return -1;
	*resumed = board_take_over(b, &seen);
	if (!*resumed)
		board_init_fresh(b);
	if ((b->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) < 0) {
		log_msg(LOG_ERR, "board %s: cannot make its eventfd: %s", s->name, strerror(errno));
		board_close(b, 1);
		return -1;
	}
	/* No earlier process uses these new semaphores: a resumed copy's lockers are emptied; a
	 * new table's are zeroes already (and stay untouched, 608 KiB of them, until used). */
	bd_locks_track(&b->locks, &b->priv->lockers, *resumed);
	if (*resumed) {
		board_resume(b);
		__atomic_store_n(&b->priv->magic, BD_PRIV_MAGIC, __ATOMIC_RELEASE);
		__atomic_store_n(&b->pub->magic, BD_PUB_MAGIC, __ATOMIC_RELEASE);
		log_msg(LOG_NOTICE, "board %s: resumed game %u of an earlier run (%s)", s->name, b->pub->game_number,
			b->rules->codec->name);
	}
	return 0;
}

void board_commit(struct board *b)
{
	objects_remove(b->prefix, b->set.name, b->inst);
}

/* Remove the objects this run made, by name (no scan of /dev/shm, which may be what failed):
 * a mapped segment is one we made (we map no other read-write), and the semaphores are all
 * ours once they are open (a failed bd_locks_open removed what it made). */
static void board_unlink(const struct board *b)
{
	char name[BD_OBJ_NAME_MAX];

	if (b->pub != NULL && bd_obj_public(name, sizeof name, b->prefix, b->set.name, b->inst) == 0)
		shm_unlink(name);
	if (b->priv != NULL && bd_obj_private(name, sizeof name, b->prefix, b->set.name, b->inst) == 0)
		shm_unlink(name);
	if (b->locks.sem[0] != NULL)
		bd_locks_unlink(b->prefix, b->set.name, b->inst, b->locks.nregions);
}

void board_close(struct board *b, int remove)
{
	if (remove)
		board_unlink(b);
	bd_locks_close(&b->locks);
	free(b->watch);
	b->watch = NULL;
	if (b->wake_fd >= 0)
		close(b->wake_fd);
	b->wake_fd = -1;
	if (b->pub != NULL)
		munmap(b->pub, sizeof *b->pub);
	if (b->priv != NULL)
		munmap(b->priv, sizeof *b->priv);
	b->pub = NULL;
	b->priv = NULL;
}

/* Give back a lock whose holder is dead, making its seqlock even again. */
static void board_repair_lock(struct board *b, unsigned idx)
{
	uint32_t *seq = idx < b->pub->nregions ? &b->pub->region_seq[idx] : &b->pub->seq;
	pid_t recorded = __atomic_load_n(&b->priv->holders[idx].pid, __ATOMIC_ACQUIRE);

	if (*seq & 1)
		__atomic_store_n(seq, *seq + 1, __ATOMIC_RELEASE);
	log_msg(LOG_WARNING, "board %s: repaired %s lock %u (every process that could hold it is dead; "
		"recorded holder pid %d)", b->set.name, idx < b->pub->nregions ? "region" : "state", idx,
		(int)recorded);
	bd_lock_repair(&b->locks, idx);
}

/* After a repair: make the game area consistent again under every lock. Only the supervisor
 * sweeps, and it waits at most SUPERVISOR_WAIT_MS: another holder may be dead and not yet
 * repaired, which only the supervisor can do. Housekeeping tries again until it is done. */
static void board_sweep(struct board *b)
{
	struct bd_lockset ls;

	b->sweep_pending = 1;
	if (board_lock_all(b, &ls, SUPERVISOR_WAIT_MS) < 0)
		return;
	b->rules->sweep(b);
	if (b->rules->seats > 0)
		match_mend(b, bd_now_ms());
	board_unlock(b, &ls);
	b->sweep_pending = 0;
}

/* Repair every lock whose holder is known to be dead (bd_locks_orphans says which, and
 * why that is exact), then sweep if anything was repaired or a sweep is still due. */
static void board_repair(struct board *b)
{
	static unsigned char orphan[BD_LOCKS_MAX];

	if (b->watch == NULL && (b->watch = calloc(1, sizeof *b->watch)) == NULL) {
		log_msg(LOG_ERR, "board %s: no memory to watch the locks", b->set.name);
		return;
	}
	if (bd_locks_orphans(&b->locks, b->watch, orphan) > 0) {
		for (unsigned idx = 0; idx <= b->pub->nregions; idx++)
			if (orphan[idx])
				board_repair_lock(b, idx);
		b->sweep_pending = 1;
	}
	if (b->sweep_pending)
		board_sweep(b);
}

/* Nonzero if pid is gone. */
static int pid_dead(pid_t pid)
{
	return pid > 0 && kill(pid, 0) < 0 && errno == ESRCH;
}

void board_reap(struct board *b, pid_t pid)
{
	bd_locks_forget(&b->locks, pid);
	board_repair(b);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (b->priv->players[i].worker_pid == pid && b->pub->players[i].state != BD_PLAYER_EMPTY &&
		    b->pub->players[i].state != BD_PLAYER_AWAY) {
			log_msg(LOG_INFO, "board %s: player %u (%s) lost with its worker %d", b->set.name, i,
				b->pub->players[i].name, (int)pid);
			board_leave(b, i, SUPERVISOR_WAIT_MS, pid, 0); /* else housekeeping does it */
		}
}

void board_housekeep(struct board *b, int64_t now)
{
	/* A later start charges the time from here to it to no turn table's clock (turn.c). */
	__atomic_store_n(&b->priv->alive_ms, now, __ATOMIC_RELAXED);
	board_repair(b);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		const struct bd_pub_player *p = &b->pub->players[i];
		const struct bd_priv_player *q = &b->priv->players[i];
		if (p->state == BD_PLAYER_AWAY && q->away_since_ms + b->set.away_ms <= now)
			board_leave(b, i, SUPERVISOR_WAIT_MS, 0, now);
		else if (p->state != BD_PLAYER_EMPTY && p->state != BD_PLAYER_AWAY && pid_dead(q->worker_pid))
			board_leave(b, i, SUPERVISOR_WAIT_MS, q->worker_pid, now);
		else if (p->state == BD_PLAYER_AWAY) /* no worker runs an away seat's timers */
			board_tick_within(b, (int)i, now, SUPERVISOR_WAIT_MS);
	}
}

void board_shutdown(struct board *b, unsigned why)
{
	struct bd_lockset ls;
	struct bd_event ev = {.type = BD_EV_BYE, .n = why};

	if (board_lock_player(b, -1, 0, NULL, &ls, 10 * SUPERVISOR_WAIT_MS) < 0) {
		log_msg(LOG_WARNING, "board %s: its state lock stays taken; no goodbye event", b->set.name);
		return;
	}
	board_emit(b, BD_NO_PLAYER, &ev);
	board_unlock(b, &ls);
}
