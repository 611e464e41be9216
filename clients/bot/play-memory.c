/* play-memory.c: how board-bot plays Memory (play.h), where everyone picks at once: it
 * follows every event into its mind (mind-memory.c) and picks what brain-memory.c says when it may. */
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"
#include "ipc/guard.h"
#include "play.h"

/* Take the board from a snapshot. What the bot knew of values survives only if it kept
 * its seat in the same game; card states always come from the snapshot. */
static void memory_load(struct play *p, const struct bd_pub *snap, int same_seat)
{
	if (!same_seat || p->mind.dim != p->c.dim || snap->game_number != p->mind.game) {
		mind_reset(&p->mind, p->c.dim, p->o->memory, snap->game_number);
		p->moves = 0;
	}
	mind_load(&p->mind, snap);
}

/* The bot (re)entered: read the board; the events it follows from now on start afresh. */
static void memory_enter(struct play *p, const struct bd_pub *snap, int same_seat)
{
	choose_style(&p->mind, p->level, p->rng);
	memory_load(p, snap, same_seat);
	p->mind.seq = 0;
	p->barrier = 0;
	p->plan = -1;
	p->rematch = snap->game_state == BD_GAME_OVER && snap->deadline_ms == 0 && p->o->play != NULL && play_more(p);
}

/* Learn from one event; PLAY_ON, or PLAY_DONE after the last game wanted. */
static int memory_event(struct play *p, const struct bd_msg *msg, const struct bd_event *ev)
{
	const struct bd_pub *snap;
	int64_t start;

	if (ev == NULL) {
		p->mind.seq = msg->seq;
		return PLAY_ON;
	}
	if (mind_apply(&p->mind, ev))
		p->moves = 0;
	switch (ev->type) {
	case BD_EV_MATCH:
	case BD_EV_MISMATCH:
		p->moves += ev->player == p->c.player;
		break;
	case BD_EV_STATE: /* a game on: its first pick takes the level's time too (beginner) */
		if (ev->n == BD_GAME_ON && p->next_ms < (start = bd_now_ms() + choose_pause(p->level, 0, p->rng)))
			p->next_ms = start;
		break;
	case BD_EV_OVER: /* a lobby's table waits for every seat's rematch (a static board ignores it) */
		if (play_over(p, msg, ev, p->mind.game, NULL) == PLAY_DONE)
			return PLAY_DONE;
		p->rematch = p->o->play != NULL;
		break;
	case BD_EV_RESYNC: /* the daemon dropped events this bot was too slow to read */
		if ((snap = play_snapshot(p)) != NULL)
			memory_load(p, snap, 1);
		break;
	}
	return PLAY_ON;
}

/* ERR cooldown: the card we picked is ours again only to match it, for the milliseconds the
 * text starts with (anti-hoarding, docs/PROTOCOL.md); the bot picks others meanwhile. */
static void memory_cooldown(struct play *p, const struct bd_msg *msg, int64_t now)
{
	long left = 0;

	if (sscanf(msg->text, "%ld", &left) != 1 || left <= 0 || left > 3600000)
		left = RATE_BACKOFF_MS; /* a text we do not understand: try again later */
	p->mind.cool_until[p->pending_card] = now + left;
}

/* A pick's reply. The next pick waits until the events the daemon had made by now are
 * applied (they explain the reply), then for --delay-ms; a refusal also re-reads the board,
 * should the bot's picture be wrong. Without a mapping, the count of events made is a
 * snapshot's, taken once the reply came. */
static void memory_reply(struct play *p, const struct bd_msg *msg)
{
	int64_t now = bd_now_ms(), backoff = ERR_BACKOFF_MS;
	const struct bd_pub *snap = NULL;

	p->pending = 0;
	if (p->pending_card < 0) { /* a rematch: refused if the table restarts by itself, or started */
		if (msg->kind != BD_MSG_OK && strcmp(msg->word, "state") != 0 && strcmp(msg->word, "again") != 0)
			bot_say("rematch refused: %s %s", msg->word, msg->text);
		return;
	}
	if (p->c.pub != NULL)
		bd_guard_load(&p->barrier, &p->c.pub->event_seq, sizeof p->barrier); /* a fault: the next snapshot says so */
	else if ((snap = play_snapshot(p)) != NULL)
		p->barrier = snap->event_seq;
	p->next_ms = now + choose_pause(p->level, p->o->delay_ms, p->rng);
	if (msg->kind == BD_MSG_OK)
		return;
	if (strcmp(msg->word, "rate") == 0)
		backoff = RATE_BACKOFF_MS;
	else if (strcmp(msg->word, "cooldown") == 0)
		memory_cooldown(p, msg, now);
	else if (strcmp(msg->word, "filled") != 0 && strcmp(msg->word, "wait") != 0 &&
		 strcmp(msg->word, "state") != 0) {
		bot_say("pick refused: %s %s", msg->word, msg->text);
		backoff = RATE_BACKOFF_MS;
	}
	if (p->next_ms < now + backoff)
		p->next_ms = now + backoff;
	if (snap != NULL || (snap = play_snapshot(p)) != NULL)
		mind_load(&p->mind, snap);
}

/* Pick the next card if the bot may; returns how long to wait for a message before
 * trying again. */
static int memory_act(struct play *p)
{
	if (!p->pending && p->rematch && p->mind.game_state == BD_GAME_OVER) {
		p->rematch = 0;
		if (bd_client_send(&p->c, "rematch") == 0) {
			p->pending = 1;
			p->pending_card = -1;
		}
	}
	if (p->pending || p->mind.game_state != BD_GAME_ON || p->mind.seq < p->barrier)
		return IDLE_WAIT_MS;
	int64_t left = p->next_ms - bd_now_ms();
	if (left > 0)
		return left < IDLE_WAIT_MS ? (int)left : IDLE_WAIT_MS;
	p->mind.now = bd_now_ms();
	int card = p->brain->pick(&p->mind, p->level, (unsigned)p->c.player, &p->plan, p->rng);
	if (card >= 0 && bd_client_send(&p->c, "pick %u %u", (unsigned)card % p->c.dim,
					(unsigned)card / p->c.dim) == 0) {
		p->pending = 1;
		p->pending_card = card;
	}
	return IDLE_WAIT_MS;
}

const struct play_drive play_memory = {memory_enter, memory_event, memory_reply, memory_act, NULL};
