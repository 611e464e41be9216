/* play.c: one bot's session: enter the table, follow its events, play when it may (as the
 * game's way of playing says, play.h), report finished games, and come back by itself when
 * the daemon goes away and returns. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ipc/clock.h"
#include "ipc/game/game.h"
#include "ipc/guard.h"
#include "play.h"

#define RECONNECT_MS 60000  /* how long to try to come back after losing the daemon */
#define RETRY_MS 200        /* between two attempts */

volatile sig_atomic_t play_stop;

/* A private line of the seat read while a reply was awaited: the game's way of playing's. */
static void play_line(const struct bd_msg *m, void *arg)
{
	struct play *p = arg;

	if (p->drive->line != NULL)
		p->drive->line(p, m);
}

/* Without a mapping a snapshot is a request: the reply to one still outstanding (a pick, a
 * move; not an engine's move) is awaited and handled first, lest it be taken for the
 * snapshot's. 0, -1 if the connection is lost. */
static int play_settle(struct play *p)
{
	struct bd_msg r;

	if (p->c.pub != NULL || p->pending == TURNS_NONE || p->pending == TURNS_ENGINE)
		return 0;
	if (bd_client_await(&p->c, &r, play_line, p) < 0)
		return -1;
	p->drive->reply(p, &r);
	return 0;
}

const struct bd_pub *play_snapshot(struct play *p)
{
	static struct bd_pub snap;
	const struct bd_game *g = bd_game_named(p->brain->game);

	return play_settle(p) == 0 && bd_client_snapshot(&p->c, &snap) == 0 && g != NULL &&
			       snap.game_kind == g->kind && bd_game_shape_of(snap.area)->dim == p->c.dim ? &snap : NULL;
}

/* What the boards request says of the board wanted: its game's name ("" if not listed). */
struct play_lookup {
	const char *board;
	char game[BD_MOVE_TOKEN_MAX + 1];
};

/* One line of the boards reply: BOARD <name> <game> ... */
static void play_board_line(const struct bd_msg *m, void *arg)
{
	struct play_lookup *l = arg;

	if (strcmp(m->word, "BOARD") == 0 && m->ntok >= 2 && strcmp(m->tok[0], l->board) == 0)
		snprintf(l->game, sizeof l->game, "%s", m->tok[1]);
}

/* The game of the board wanted as the daemon lists it, into l->game ("" if it does not). */
static void play_listed(struct play *p, struct play_lookup *l)
{
	struct bd_msg reply;

	l->board = p->o->board;
	l->game[0] = '\0';
	if (bd_client_request(&p->c, &reply, play_board_line, l, "boards") != 0)
		l->game[0] = '\0'; /* refused: the table's kind tells after the join */
}

/* The name of the game of the table joined, by the kind its segment says (without a
 * mapping: a snapshot). */
static const char *play_joined_game(struct play *p)
{
	static struct bd_pub snap;
	uint32_t kind = 0;

	if (p->c.pub == NULL)
		kind = bd_client_snapshot(&p->c, &snap) == 0 ? snap.game_kind : 0;
	else if (bd_guard_load(&kind, &p->c.pub->game_kind, sizeof kind) < 0)
		kind = 0;
	const struct bd_game *g = bd_game_of_kind(kind);

	return g != NULL ? g->name : "an unknown game";
}

/* The level brain plays for --level: its best if --level was not given and the default,
 * perfect, is not one of its levels. */
static enum bot_level play_level(const struct bot_opts *o, const struct brain *brain)
{
	return o->level_given || brain->levels & 1u << o->level ? o->level : brain->best;
}

/* 0 if brain plays --level and takes --memory, else -1 with why in err. */
static int play_fits(const struct bot_opts *o, const struct brain *brain, char *err, size_t len)
{
	char levels[64];

	if (!(brain->levels & 1u << play_level(o, brain))) {
		snprintf(err, len, "--level %s is not a level of %s (%s)", brain_level_name(o->level), brain->game,
			 brain_levels(brain, levels, sizeof levels));
		return -1;
	}
	if (o->engine != NULL && brain->notation == NULL) {
		snprintf(err, len, "--engine is for a game played in turns of open positions, not for %s", brain->game);
		return -1;
	}
	if (o->memory_given && brain->pick == NULL) {
		snprintf(err, len, "--memory is for memory, not for %s", brain->game);
		return -1;
	}
	return 0;
}

int play_brain(struct play *p, const char *game, char *err, size_t len)
{
	if (p->o->game != NULL && strcmp(p->o->game, game) != 0) {
		snprintf(err, len, "board %s is a table of %s, not of %s", p->o->board, game, p->o->game);
		return -1;
	}
	if ((p->brain = brain_find(game)) == NULL) {
		snprintf(err, len, "board %s is a table of %s, which board-bot cannot play", p->o->board, game);
		return -1;
	}
	if (play_fits(p->o, p->brain, err, len) < 0) {
		p->brain = NULL;
		return -2;
	}
	p->drive = p->brain->pick != NULL ? &play_memory : &play_turns;
	p->level = play_level(p->o, p->brain);
	return 0;
}

int play_start(struct play *p, int same_seat, char *err, size_t len)
{
	const struct bd_pub *snap;

	p->pending = 0; /* a request of a connection lost has no reply to wait for */
	if ((snap = play_snapshot(p)) == NULL) {
		snprintf(err, len, "cannot play on board %s of %s: %s", p->c.board, p->o->socket_path,
			 p->c.pub != NULL ? "its shared memory is inconsistent or damaged" : p->c.why);
		return -1;
	}
	p->drive->enter(p, snap, same_seat);
	return 0;
}

/* On a board: join it (in the seat of token if the daemon still has it) and read the table.
 * The first time, the brain of the table's game is found first from the boards the daemon
 * lists, so that the bot never sits at a table it cannot play (else from the table joined).
 * 0, or -1 with the reason in err (-2: the options do not fit the table's game). */
static int play_enter_board(struct play *p, uint64_t token, char *err, size_t len)
{
	struct play_lookup l;
	char why[200];
	int rc = 0;

	if (p->brain == NULL) {
		play_listed(p, &l);
		if (l.game[0] != '\0')
			rc = play_brain(p, l.game, err, len);
	}
	if (rc == 0 && bd_client_enter(&p->c, p->o->name, BD_ROLE_BOT, p->o->board, token, p->o->prefix, why,
				       sizeof why) < 0) {
		snprintf(err, len, "cannot play on board %s of %s: %s", p->o->board, p->o->socket_path, why);
		rc = -1;
	}
	if (rc == 0 && p->brain == NULL)
		rc = play_brain(p, play_joined_game(p), err, len);
	return rc == 0 ? play_start(p, token != 0 && p->c.token == token, err, len) : rc;
}

/* Connect, and enter the board (play_enter_board), or with --play say hello and take the
 * seat at the table matched back (lobby.c): 0, or -1 with the reason in err (-2: the
 * options do not fit the table's game). */
static int play_enter(struct play *p, uint64_t token, char *err, size_t len)
{
	int rc;

	if (bd_client_connect(&p->c, p->o->socket_path, err, len) < 0)
		return -1;
	p->c.no_shm = p->o->no_shm;
	if (p->o->play != NULL)
		rc = bd_client_hello(&p->c, p->o->name, BD_ROLE_BOT, err, len) < 0 ? -1 : lobby_rejoin(p, token, err, len);
	else
		rc = play_enter_board(p, token, err, len);
	if (rc < 0)
		bd_client_close(&p->c);
	return rc;
}

int play_bye(struct play *p, const struct bd_msg *msg)
{
	p->upgrade = bd_msg_bye(msg) == BD_BYE_UPGRADE;
	return PLAY_BYE;
}

int play_more(const struct play *p)
{
	return p->o->games == 0 || p->games < p->o->games;
}

int play_over(struct play *p, const struct bd_msg *msg, const struct bd_event *ev, unsigned game,
	      const char *side)
{
	const char *r = msg->tok[1];

	if (p->c.player < 0)
		return PLAY_ON;
	p->games++;
	if (p->o->stats) {
		r = strcmp(r, "win") == 0 || strcmp(r, "lose") == 0 || strcmp(r, "draw") == 0 ? r : "none";
		printf("{\"game\":%u,\"result\":\"%s\",\"points\":%u,\"moves\":%u", game, r, ev->m, p->moves);
		if (side != NULL)
			printf(",\"side\":\"%s\"", side);
		printf("}\n");
		fflush(stdout);
	}
	return play_more(p) ? PLAY_ON : PLAY_DONE;
}

/* One event: the game's way of playing learns from it; PLAY_ON, or how the session ends. */
static int play_event(struct play *p, const struct bd_msg *msg)
{
	struct bd_event ev;

	if (msg->seq == 0 && p->o->play != NULL) /* the lobby's */
		return lobby_table_event(p, msg, NULL);
	if (bd_msg_event(msg, p->c.dim, &ev) < 0) {
		bot_say("ignored a malformed event: %s", msg->line);
		return p->drive->event(p, msg, NULL);
	}
	if (ev.type == BD_EV_RESYNC)
		bot_say("fell behind the board: %u events were dropped; the board was read again", ev.n);
	int end = p->drive->event(p, msg, &ev);
	if (end == PLAY_ON && p->o->play != NULL)
		end = lobby_table_event(p, msg, &ev);
	return ev.type == BD_EV_BYE ? play_bye(p, msg) : end;
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
			wait = p->drive->act(p);
			continue;
		}
		wait = 0; /* take every line already read before deciding */
		int end = PLAY_ON;
		if (msg.kind == BD_MSG_EVENT)
			end = play_event(p, &msg);
		else if ((msg.kind == BD_MSG_OK || msg.kind == BD_MSG_ERR) && p->pending)
			p->drive->reply(p, &msg);
		else if (msg.kind == BD_MSG_DATA && p->drive->line != NULL)
			p->drive->line(p, &msg);
		if (end != PLAY_ON)
			return end;
	}
}

/* Leave the board (with --play: the table, then the lobby): quit, and wait (briefly) for
 * the daemon's goodbye. */
static void play_quit(struct play *p)
{
	struct bd_msg r;

	if (lobby_leave(p) == 0)
		bd_client_request(&p->c, &r, NULL, NULL, "quit");
	bd_client_close(&p->c);
	play_engine_end(p);
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
		if (!bd_client_joined(&p->c))
			bot_say("back in the lobby");
		else
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
	int rc;

	p.o = o;
	p.rng[0] = 0x330e;
	p.rng[1] = (unsigned short)o->seed;
	p.rng[2] = (unsigned short)(o->seed >> 16);
	if (o->game != NULL && play_fits(o, brain_find(o->game), err, sizeof err) < 0) {
		bot_say("%s", err);
		return 2;
	}
	rc = o->play != NULL ? play_brain(&p, o->play, err, sizeof err) : 0;
	if (rc < 0 || (rc = play_enter(&p, 0, err, sizeof err)) < 0) {
		bot_say("%s", err);
		return rc == -2 ? 2 : 1;
	}
	if (o->play != NULL)
		bot_say("in the lobby as %s, to play %s", o->name, o->play);
	else
		bot_say("playing on board %s as player %d, name %s, game %s", p.c.board, p.c.player, o->name, p.brain->game);
	for (;;) {
		int end = o->play != NULL && !bd_client_joined(&p.c) ? lobby_match(&p) : play_session(&p);
		if (end == PLAY_ON || end == PLAY_LOBBY)
			continue;
		if (end == PLAY_DONE || end == PLAY_GIVEUP || end == PLAY_REFUSED) {
			play_quit(&p);
			if (play_stop)
				bot_say("stopped by a signal; left the board");
			else if (end == PLAY_DONE)
				bot_say("played %u games; left the board", p.games);
			return end == PLAY_DONE ? 0 : end == PLAY_GIVEUP ? 3 : p.usage ? 2 : 1;
		}
		bot_say(end != PLAY_BYE ? "lost the connection to boardd; reconnecting for up to %d s"
			: p.upgrade ? "boardd stopped for an upgrade; waiting up to %d s for the new version"
				    : "boardd is shutting down; waiting up to %d s for it to come back",
			RECONNECT_MS / 1000);
		if (play_reconnect(&p, err, sizeof err) < 0) {
			bot_say("%s; giving up", play_stop ? "stopped by a signal" : err);
			play_engine_end(&p);
			return play_stop || end == PLAY_BYE ? 0 : 1;
		}
	}
}
