/* play.c: one bot's session: enter the board, follow its events, pick when it may, report
 * finished games, and come back by itself when the daemon goes away and returns. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bot.h"
#include "ipc/clock.h"
#include "ipc/guard.h"

#define RECONNECT_MS 60000  /* how long to try to come back after losing the daemon */
#define RETRY_MS 200        /* between two attempts */
#define ERR_BACKOFF_MS 50   /* least pause after a refused pick, so a refusal never spins */
#define RATE_BACKOFF_MS 1000
#define IDLE_WAIT_MS 200    /* longest wait for a message, so a signal is noticed soon */

volatile sig_atomic_t play_stop;

enum play_end { PLAY_ON = -1, PLAY_DONE, PLAY_LOST, PLAY_BYE };

struct play {
	const struct bot_opts *o;
	struct bd_client c;
	struct mind mind;
	unsigned short rng[3];
	int plan;             /* the second card of a known pair being played, -1 */
	int pending;          /* a pick awaits its reply */
	int pending_card;     /* the card of that pick */
	uint64_t barrier;     /* event seq the mind must reach before the next pick */
	int64_t next_pick_ms; /* no pick before this (--delay-ms, back-off) */
	unsigned moves;       /* second picks this game (own match and mismatch events) */
	unsigned games;       /* games finished */
};

/* A consistent copy of the public segment, kept out of the stack (it is large). */
static const struct bd_pub *play_snapshot(struct play *p)
{
	static struct bd_pub snap;

	return bd_snapshot(p->c.pub, &snap) == 0 && bd_memory_pub(&snap)->dim == p->c.dim ? &snap : NULL;
}

/* Take the board from a snapshot. What the bot knew of values survives only if it kept
 * its seat in the same game; card states always come from the snapshot. */
static void play_load(struct play *p, const struct bd_pub *snap, int same_seat)
{
	if (!same_seat || p->mind.dim != p->c.dim || snap->game_number != p->mind.game) {
		mind_reset(&p->mind, p->c.dim, p->o->memory, snap->game_number);
		p->moves = 0;
	}
	mind_load(&p->mind, snap);
}

/* Connect, join (in the seat of token if the daemon still has it) and read the board.
 * What the bot knew survives only if it got its seat back in the same game. 0, or -1
 * with the reason in err. */
static int play_enter(struct play *p, uint64_t token, char *err, size_t len)
{
	const struct bd_pub *snap = NULL;
	char why[200];

	if (bd_client_connect(&p->c, p->o->socket_path, err, len) < 0)
		return -1;
	if (bd_client_enter(&p->c, p->o->name, BD_ROLE_BOT, p->o->board, token, p->o->prefix, why, sizeof why) < 0 ||
	    (snap = play_snapshot(p)) == NULL) {
		snprintf(err, len, "cannot play on board %s of %s: %s", p->o->board, p->o->socket_path,
			 snap == NULL && p->c.pub != NULL ? "its shared memory is inconsistent or damaged" : why);
		bd_client_close(&p->c);
		return -1;
	}
	play_load(p, snap, token != 0 && p->c.token == token);
	p->mind.seq = 0;
	p->pending = 0;
	p->barrier = 0;
	p->plan = -1;
	return 0;
}

/* Game over: count it, print its stats line; PLAY_DONE after the last game wanted. */
static int play_over(struct play *p, const struct bd_msg *msg, const struct bd_event *ev)
{
	const char *r = msg->tok[1];

	if (p->c.player < 0)
		return PLAY_ON;
	p->games++;
	if (p->o->stats) {
		r = strcmp(r, "win") == 0 ? "win" : strcmp(r, "lose") == 0 ? "lose" : "none";
		printf("{\"game\":%u,\"result\":\"%s\",\"points\":%u,\"moves\":%u}\n", p->mind.game, r, ev->m,
		       p->moves);
		fflush(stdout);
	}
	return p->o->games != 0 && p->games >= p->o->games ? PLAY_DONE : PLAY_ON;
}

/* Learn from one event; PLAY_ON, or how the session ends. */
static int play_event(struct play *p, const struct bd_msg *msg)
{
	struct bd_event ev;
	const struct bd_pub *snap;

	if (bd_msg_event(msg, p->c.dim, &ev) < 0) {
		bot_say("ignored a malformed event: %s", msg->line);
		p->mind.seq = msg->seq;
		return PLAY_ON;
	}
	if (mind_apply(&p->mind, &ev))
		p->moves = 0;
	switch (ev.type) {
	case BD_EV_MATCH:
	case BD_EV_MISMATCH:
		p->moves += ev.player == p->c.player;
		break;
	case BD_EV_OVER:
		return play_over(p, msg, &ev);
	case BD_EV_RESYNC: /* the daemon dropped events this bot was too slow to read */
		bot_say("fell behind the board: %u events were dropped; the board was read again", ev.n);
		if ((snap = play_snapshot(p)) != NULL)
			play_load(p, snap, 1);
		break;
	case BD_EV_BYE:
		return PLAY_BYE;
	}
	return PLAY_ON;
}

/* ERR cooldown: the card we picked is ours again only to match it, for the milliseconds the
 * text starts with (anti-hoarding, docs/PROTOCOL.md); the bot picks others meanwhile. */
static void play_cooldown(struct play *p, const struct bd_msg *msg, int64_t now)
{
	long left = 0;

	if (sscanf(msg->text, "%ld", &left) != 1 || left <= 0 || left > 3600000)
		left = RATE_BACKOFF_MS; /* a text we do not understand: try again later */
	p->mind.cool_until[p->pending_card] = now + left;
}

/* A pick's reply. The next pick waits until the events the daemon had made by now are
 * applied (they explain the reply), then for --delay-ms; a refusal also re-reads the board,
 * should the bot's picture be wrong. */
static void play_reply(struct play *p, const struct bd_msg *msg)
{
	int64_t now = bd_now_ms(), backoff = ERR_BACKOFF_MS;
	const struct bd_pub *snap;

	p->pending = 0;
	bd_guard_load(&p->barrier, &p->c.pub->event_seq, sizeof p->barrier); /* a fault: the next snapshot says so */
	p->next_pick_ms = now + p->o->delay_ms;
	if (msg->kind == BD_MSG_OK)
		return;
	if (strcmp(msg->word, "rate") == 0)
		backoff = RATE_BACKOFF_MS;
	else if (strcmp(msg->word, "cooldown") == 0)
		play_cooldown(p, msg, now);
	else if (strcmp(msg->word, "filled") != 0 && strcmp(msg->word, "wait") != 0 &&
		 strcmp(msg->word, "state") != 0) {
		bot_say("pick refused: %s %s", msg->word, msg->text);
		backoff = RATE_BACKOFF_MS;
	}
	if (p->next_pick_ms < now + backoff)
		p->next_pick_ms = now + backoff;
	if ((snap = play_snapshot(p)) != NULL)
		mind_load(&p->mind, snap);
}

/* Pick the next card if the bot may; returns how long to wait for a message before
 * trying again. */
static int play_pick(struct play *p)
{
	if (p->pending || p->mind.game_state != BD_GAME_ON || p->mind.seq < p->barrier)
		return IDLE_WAIT_MS;
	int64_t left = p->next_pick_ms - bd_now_ms();
	if (left > 0)
		return left < IDLE_WAIT_MS ? (int)left : IDLE_WAIT_MS;
	p->mind.now = bd_now_ms();
	int card = choose_pick(&p->mind, p->o->level, (unsigned)p->c.player, &p->plan, p->rng);
	if (card >= 0 && bd_client_send(&p->c, "pick %u %u", (unsigned)card % p->c.dim,
					(unsigned)card / p->c.dim) == 0) {
		p->pending = 1;
		p->pending_card = card;
	}
	return IDLE_WAIT_MS;
}

/* Play on one connection until it ends; how it ended. */
static int play_session(struct play *p)
{
	int wait = 0;

	for (;;) {
		struct bd_msg msg;
		if (play_stop)
			return PLAY_DONE;
		int rc = bd_client_read(&p->c, &msg, wait);
		if (rc < 0)
			return PLAY_LOST;
		if (rc == 0) {
			wait = play_pick(p);
			continue;
		}
		wait = 0; /* take every line already read before deciding */
		int end = PLAY_ON;
		if (msg.kind == BD_MSG_EVENT)
			end = play_event(p, &msg);
		else if ((msg.kind == BD_MSG_OK || msg.kind == BD_MSG_ERR) && p->pending)
			play_reply(p, &msg);
		if (end != PLAY_ON)
			return end;
	}
}

/* Leave the board: quit, and wait (briefly) for the daemon's goodbye. */
static void play_quit(struct play *p)
{
	struct bd_msg r;

	bd_client_request(&p->c, &r, NULL, NULL, "quit");
	bd_client_close(&p->c);
}

/* Sleep ms, or less if a signal comes. */
static void play_sleep(int ms)
{
	struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000};

	nanosleep(&ts, NULL);
}

/* Come back after the connection was lost: try every RETRY_MS for RECONNECT_MS, in the
 * same seat if the daemon still has it. 0 when back, -1 (reason in err) if not. */
static int play_reconnect(struct play *p, char *err, size_t len)
{
	uint64_t token = p->c.token;
	int64_t end = bd_now_ms() + RECONNECT_MS;

	bd_client_close(&p->c);
	snprintf(err, len, "stopped by a signal");
	while (!play_stop && bd_now_ms() < end) {
		play_sleep(RETRY_MS);
		if (play_stop || play_enter(p, token, err, len) < 0)
			continue;
		bot_say("back on board %s as player %d (%s)", p->c.board, p->c.player,
			p->c.token == token ? "seat kept" : "a new seat: the old one was gone");
		return 0;
	}
	return -1;
}

int play_run(const struct bot_opts *o)
{
	static struct play p;
	char err[256];

	p.o = o;
	p.rng[0] = 0x330e;
	p.rng[1] = (unsigned short)o->seed;
	p.rng[2] = (unsigned short)(o->seed >> 16);
	if (play_enter(&p, 0, err, sizeof err) < 0) {
		bot_say("%s", err);
		return 1;
	}
	bot_say("playing on board %s as player %d, name %s", p.c.board, p.c.player, o->name);
	for (;;) {
		int end = play_session(&p);
		if (end == PLAY_DONE) {
			play_quit(&p);
			if (play_stop)
				bot_say("stopped by a signal; left the board");
			else
				bot_say("played %u games; left the board", p.games);
			return 0;
		}
		bot_say(end == PLAY_BYE ? "boardd is shutting down; waiting up to %d s for it to come back"
					: "lost the connection to boardd; reconnecting for up to %d s",
			RECONNECT_MS / 1000);
		if (play_reconnect(&p, err, sizeof err) < 0) {
			bot_say("%s; giving up", play_stop ? "stopped by a signal" : err);
			return play_stop || end == PLAY_BYE ? 0 : 1;
		}
	}
}
