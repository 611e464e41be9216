/* lobby.c: how board-bot plays through the lobby (--play, play.h): it asks to play, follows
 * the countdown, asks again each time it runs out (up to --wait-rounds), and joins the table
 * the daemon made for it; it leaves that table for the lobby when its match is called off,
 * or when the opponent left while no match is on (a rematch needs every seat), and takes its
 * seat back with its token after a lost connection. */
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"
#include "play.h"

#define SETTLE_MS 10000 /* longest wait for a pending reply before leaving a table */

/* Ask to play --play with its options and opponent: PLAY_ON when waiting, else how it ended. */
static int lobby_play(struct play *p)
{
	struct bd_msg r = {.word = "", .text = ""};
	int rc = bd_client_play(&p->c, &r, p->o->play, p->o->play_opts, p->o->opponent);

	if (rc < 0)
		return PLAY_LOST;
	if (rc == 1) {
		bot_say("the daemon refused to play %s: %s %s", p->o->play, r.word, r.text);
		p->usage = strcmp(r.word, "game") == 0 || strcmp(r.word, "option") == 0;
		return PLAY_REFUSED;
	}
	if (p->o->verbose)
		bot_say("waiting for %s to play %s", p->o->opponent != NULL ? p->o->opponent : "an opponent", p->o->play);
	return PLAY_ON;
}

/* A countdown ran out: play again, or give up after --wait-rounds of them. */
static int lobby_nomatch(struct play *p)
{
	p->rounds++;
	if (p->o->wait_rounds > 0 && p->rounds >= p->o->wait_rounds) {
		bot_say("no opponent for %s after %u countdowns; giving up", p->o->play, p->rounds);
		return PLAY_GIVEUP;
	}
	if (p->o->verbose)
		bot_say("nobody to play %s with yet; asking again", p->o->play);
	return lobby_play(p);
}

/* Join the table ev says was made for it: PLAY_ON at it, PLAY_LOBBY if it is not to be
 * joined (it asks again then), PLAY_LOST. */
static int lobby_join(struct play *p, const struct bd_lobby_event *ev)
{
	char err[300];
	int rc;

	if (strcmp(ev->game, p->o->play) != 0) {
		bot_say("matched at table %s for %s, not %s: not joining it", ev->table, ev->game, p->o->play);
		return PLAY_LOBBY;
	}
	if ((rc = bd_client_join(&p->c, ev->table, 0, p->o->prefix, err, sizeof err)) == 1) {
		bot_say("cannot join table %s: %s; asking again", ev->table, err);
		return PLAY_LOBBY;
	}
	if (rc < 0 || play_start(p, 0, err, sizeof err) < 0) {
		bot_say("table %s: %s", ev->table, err);
		return PLAY_LOST;
	}
	snprintf(p->table, sizeof p->table, "%s", ev->table);
	p->rounds = 0;
	bot_say("matched: playing at table %s as player %d, name %s, game %s", p->table, p->c.player, p->o->name,
		p->brain->game);
	return PLAY_ON;
}

int lobby_match(struct play *p)
{
	struct bd_lobby_event ev;
	struct bd_msg msg;
	int end = lobby_play(p), rc;

	while (end == PLAY_ON) {
		if (play_stop)
			return PLAY_DONE;
		if ((rc = bd_client_read(&p->c, &msg, IDLE_WAIT_MS)) < 0)
			return PLAY_LOST;
		if (rc == 1 && bd_msg_bye(&msg) >= 0)
			return play_bye(p, &msg);
		if (rc == 0 || bd_msg_lobby_event(&msg, &ev) < 0)
			continue;
		if (ev.type == BD_LOBBY_WAIT && p->o->verbose)
			bot_say("waiting to play %s: %u s left", ev.game, ev.seconds);
		else if (ev.type == BD_LOBBY_NOMATCH)
			end = lobby_nomatch(p);
		else if (ev.type == BD_LOBBY_MATCHED) {
			if ((end = lobby_join(p, &ev)) == PLAY_ON)
				return PLAY_ON;
			if (end == PLAY_LOBBY)
				end = lobby_play(p);
		}
		/* aborted: a match whose table it never sat at; it is waiting again already */
	}
	return end;
}

int lobby_rejoin(struct play *p, uint64_t token, char *err, size_t len)
{
	int rc;

	if (p->table[0] == '\0' || token == 0) {
		p->table[0] = '\0';
		return 0;
	}
	if ((rc = bd_client_join(&p->c, p->table, token, p->o->prefix, err, len)) == 1) {
		bot_say("table %s did not take the bot back (%s); back to the lobby", p->table, err);
		p->table[0] = '\0';
		return 0;
	}
	return rc < 0 ? -1 : play_start(p, 1, err, len);
}

/* Wait for the reply to the request still pending (a move, a rematch), so that it is not
 * taken for the next request's; the table's events meanwhile no longer matter. 0, or -1 if
 * the connection is lost or the reply does not come. */
static int lobby_settle(struct play *p)
{
	int64_t end = bd_now_ms() + SETTLE_MS;
	struct bd_msg m;
	int rc;

	while (p->pending) {
		if (bd_now_ms() > end || (rc = bd_client_read(&p->c, &m, IDLE_WAIT_MS)) < 0)
			return -1;
		if (rc == 1 && (m.kind == BD_MSG_OK || m.kind == BD_MSG_ERR))
			p->pending = 0;
	}
	return 0;
}

int lobby_leave(struct play *p)
{
	struct bd_msg r;
	int rc;

	if (p->o->play == NULL || !bd_client_joined(&p->c))
		return 0; /* on a board, quit leaves it */
	if (lobby_settle(p) < 0)
		return -1;
	p->table[0] = '\0';
	if ((rc = bd_client_leave(&p->c, &r)) == 1)
		bd_client_unjoin(&p->c); /* ERR notjoined: the daemon took it off the table already */
	return rc < 0 ? -1 : 0;
}

int lobby_table_event(struct play *p, const struct bd_msg *msg, const struct bd_event *ev)
{
	const struct bd_pub *snap;
	struct bd_lobby_event lev;

	if (ev == NULL) {
		if (bd_msg_lobby_event(msg, &lev) < 0 || lev.type != BD_LOBBY_ABORTED || strcmp(lev.table, p->table) != 0)
			return PLAY_ON;
		bot_say("the match at table %s was called off (%s); back to the lobby", p->table, lev.reason);
		bd_client_unjoin(&p->c);
		p->table[0] = '\0';
		return PLAY_LOBBY;
	}
	if (ev->type != BD_EV_LEAVE || ev->player == (unsigned)p->c.player ||
	    ((snap = play_snapshot(p)) != NULL && snap->game_state == BD_GAME_ON))
		return PLAY_ON;
	bot_say("player %u left table %s; back to the lobby", ev->player, p->table);
	return lobby_leave(p) < 0 ? PLAY_LOST : PLAY_LOBBY;
}
