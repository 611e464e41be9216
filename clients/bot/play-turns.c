/* play-turns.c: how board-bot plays a turn game (play.h): when the table says it is the
 * bot's turn, the move its game's brain (or with --engine, its engine: play-engine.c)
 * chooses for the position the table shows. It says each round's result and the match's.
 * After a match it asks for a rematch while --games wants more (so it also answers one); it
 * never claims, and resigns only for a failed engine. */
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"
#include "ipc/game/game.h"
#include "play.h"

/* What it does about a rematch (p->rematch). */
enum turns_rematch { TURNS_REMATCH_NO, TURNS_REMATCH_ASK, TURNS_REMATCH_ASKED };

/* A result as said on stderr, and as told to an engine (enum bd_result). */
static const char *const turns_results[] = {"none", "won", "lost", "drawn"};
static const char *const turns_words[] = {"none", "win", "lose", "draw"};

/* A game is on (a new one if its number changed): read the table when its turn may come. */
static void turns_game(struct play *p, unsigned game)
{
	if (game != p->game) {
		p->game = game;
		p->moves = 0;
		p->side = BD_NO_SIDE;
		p->round = 0;
		snprintf(p->opponent, sizeof p->opponent, "-");
	}
	p->rematch = TURNS_REMATCH_NO;
	p->look = 1;
}

/* The seat of the bot's opponent (seat 0 or 1, the one that is not the bot's). */
static unsigned turns_other(const struct play *p)
{
	return p->c.player == 0 ? 1 : 0;
}

/* The round of snap is the one being played: its number, the points so far, the opponent. */
static void turns_round_seen(struct play *p, const struct bd_pub *snap)
{
	p->round = snap->round_number;
	p->points[0] = snap->players[p->c.player].score;
	p->points[1] = snap->players[turns_other(p)].score;
	snprintf(p->opponent, sizeof p->opponent, "%s", snap->players[turns_other(p)].name[0] != '\0' ?
		 snap->players[turns_other(p)].name : "-");
}

/* The bot (re)entered: its side and the game from the snapshot; after a finished game, a
 * rematch if it wants more (a second ask is only refused). With --engine, the engine starts. */
static void turns_enter(struct play *p, const struct bd_pub *snap, int same_seat)
{
	if (!same_seat)
		p->game = 0;
	qw_held_reset(&p->held, snap->game_number); /* a hidden hand is said again after each join */
	turns_game(p, snap->game_number);
	p->side = snap->players[p->c.player].side;
	if (snap->game_state == BD_GAME_ON)
		turns_round_seen(p, snap);
	if (snap->game_state == BD_GAME_OVER && play_more(p))
		p->rematch = TURNS_REMATCH_ASK;
	if (p->o->engine != NULL)
		play_engine_up(p, bd_now_ms() + ENGINE_HELLO_MS);
}

const char *play_side_name(const struct play *p, unsigned side)
{
	const struct bd_game *g = bd_game_named(p->brain->game);

	return g != NULL && side < sizeof g->side_names / sizeof g->side_names[0] && g->side_names[side] != NULL ? g->side_names[side] : "?";
}

/* The name of the bot's side, "?" if it has none. */
static const char *turns_side_name(const struct play *p)
{
	return play_side_name(p, p->side);
}

/* The round p->round ended with the bot's points now mine (its opponent's theirs): say how
 * it went, and tell the engine. */
static void turns_round_over(struct play *p, unsigned mine, unsigned theirs)
{
	unsigned won = mine - p->points[0], lost = theirs - p->points[1];
	enum bd_result r = won > lost ? BD_RESULT_WIN : won < lost ? BD_RESULT_LOSE : BD_RESULT_DRAW;

	bot_say("match %u, round %u: %s as %s against %s", p->game, p->round, turns_results[r], turns_side_name(p),
		p->opponent);
	play_engine_tell(p, "over %u %s", p->round, turns_words[r]);
}

/* Its side for a round (a side event for its seat): a new round begins, after the last. */
static void turns_round(struct play *p)
{
	const struct bd_pub *snap = play_snapshot(p);

	if (snap == NULL || snap->round_number == p->round)
		return;
	if (p->round > 0)
		turns_round_over(p, snap->players[p->c.player].score, snap->players[turns_other(p)].score);
	turns_round_seen(p, snap);
	if (p->round == 1)
		play_engine_tell(p, "match %s", p->opponent);
	play_engine_tell(p, "round %u %s", p->round, turns_side_name(p));
}

/* The match ended: an over event giving the bot mine points and the top score top. The
 * opponent's points follow from them and the last round (read nothing: the opponent may have
 * left already): the top score if the bot has less, else what it had, plus 2 for a round the
 * bot lost (by play or a resign), 1 for a drawn one. Then its last round and the match. */
static void turns_match_over(struct play *p, const struct bd_msg *msg, unsigned mine, unsigned top)
{
	unsigned won = mine - p->points[0];
	unsigned theirs = top > mine ? top : p->points[1] + (won == 0 ? 2 : won == 1 ? 1 : 0);
	const char *r = msg->tok[1];

	if (p->round > 0)
		turns_round_over(p, mine, theirs);
	r = strcmp(r, "win") == 0 ? "won" : strcmp(r, "lose") == 0 ? "lost" : strcmp(r, "draw") == 0 ? "drawn" : "ended";
	bot_say("match %u against %s: %s, %u-%u", p->game, p->opponent, r, mine, theirs);
	play_engine_tell(p, "result %s %u %u", msg->tok[1], mine, theirs);
	p->round = 0;
}

/* A game event: a move is told to the engine. */
static void turns_game_event(struct play *p, const struct bd_event *ev)
{
	char words[GAME_MOVE_MAX];
	unsigned side;

	if (p->o->engine != NULL && p->brain->moved != NULL && p->brain->moved(ev, &side, words) && side < 2)
		play_engine_tell(p, "play %s %s", play_side_name(p, side), words);
}

/* Follow one event; PLAY_ON, or PLAY_DONE after the last game wanted. */
static int turns_event(struct play *p, const struct bd_msg *msg, const struct bd_event *ev)
{
	const struct bd_pub *snap;

	if (ev == NULL)
		return PLAY_ON;
	if (p->brain->play_hand != NULL)
		qw_held_follow(&p->held, p->c.player, msg, ev);
	switch (ev->type) {
	case BD_EV_STATE:
		if (ev->n == BD_GAME_ON)
			turns_game(p, ev->m);
		break;
	case BD_EV_SIDE:
		if (ev->player == p->c.player) {
			p->side = ev->n;
			turns_round(p);
		}
		break;
	case BD_EV_TURN:
		if (ev->player == p->c.player) {
			p->look = 1;
			p->next_ms = bd_now_ms() + p->o->delay_ms;
		}
		break;
	case BD_EV_OVER: /* it asks for a rematch if it wants more; answers one the same way */
	case BD_EV_REMATCH:
		if (ev->type == BD_EV_OVER && p->c.player >= 0)
			turns_match_over(p, msg, ev->m, ev->n);
		if (ev->type == BD_EV_OVER && play_over(p, msg, ev, p->game, turns_side_name(p)) == PLAY_DONE)
			return PLAY_DONE;
		if (p->rematch == TURNS_REMATCH_NO && play_more(p))
			p->rematch = TURNS_REMATCH_ASK;
		break;
	case BD_EV_RESYNC: /* the daemon dropped events this bot was too slow to read */
		if ((snap = play_snapshot(p)) != NULL)
			turns_enter(p, snap, 1);
		break;
	default:
		if (ev->type >= BD_EV_GAME_BASE)
			turns_game_event(p, ev);
	}
	return PLAY_ON;
}

/* The reply to a move or a rematch. A refused move (the table moved on meanwhile, or the
 * position read was older than the turn) makes it read the table again, after a pause; a
 * refusal it does not expect is said. */
static void turns_reply(struct play *p, const struct bd_msg *msg)
{
	int was = p->pending;
	int64_t now = bd_now_ms();

	p->pending = TURNS_NONE;
	if (msg->kind == BD_MSG_OK) {
		p->moves += was == TURNS_MOVE;
		return;
	}
	if (was == TURNS_REMATCH || was == TURNS_RESIGN) {
		if (strcmp(msg->word, "again") != 0 && strcmp(msg->word, "state") != 0 && strcmp(msg->word, "over") != 0)
			bot_say("%s refused: %s %s", was == TURNS_REMATCH ? "rematch" : "resign", msg->word, msg->text);
		return;
	}
	play_engine_tell(p, "refused %s %s", msg->word, msg->text);
	int quiet = strcmp(msg->word, "turn") == 0 || strcmp(msg->word, "state") == 0 ||
		    strcmp(msg->word, "over") == 0 || strcmp(msg->word, "filled") == 0;
	if (!quiet)
		bot_say("move refused: %s %s", msg->word, msg->text);
	p->look = 1;
	p->next_ms = now + (quiet ? ERR_BACKOFF_MS : RATE_BACKOFF_MS);
}

/* A private line of the seat: a game of hidden hands says its hand. */
static void turns_line(struct play *p, const struct bd_msg *msg)
{
	if (p->brain->play_hand != NULL && qw_held_follow(&p->held, p->c.player, msg, NULL) < 0)
		bot_say("ignored a malformed line: %s", msg->line);
}

/* How long a searching brain may think: --think-ms, less when the turn runs out sooner
 * (a clock: a 25th of what is left, the moves to come need time too; a per-move limit: a
 * third of it, the reply has to arrive), 10 ms at least. */
static int64_t turns_budget(const struct play *p, const struct bd_pub *snap)
{
	int64_t budget = p->o->think_ms, left = snap->turn_deadline_ms - bd_client_now(&p->c);

	if (snap->turn_deadline_ms != 0)
		left = snap->players[p->c.player].clock_ms > 0 ? left / 25 : left / 3;
	if (snap->turn_deadline_ms != 0 && left < budget)
		budget = left;
	return budget < 10 ? 10 : budget;
}

/* Its move (len bytes at move), if the table says it is its turn (with --engine: asked of
 * the engine, move left empty): NULL, or why it has none (said once); an empty move when it
 * is to look again soon. */
static const char *turns_move(struct play *p, const struct bd_pub *snap, char *move, size_t len)
{
	char position[GAME_POS_MAX];

	if (p->brain->play_hand != NULL)
		return p->brain->play_hand(snap, (unsigned)p->c.player, &p->held, p->level, p->rng, move, len) < 0
			       ? "its brain found no move" : NULL;
	p->brain->position(snap, position);
	if (p->brain->notation->check(position) != NULL)
		return "the table shows a position its game cannot reach";
	unsigned opener = p->brain->opener != NULL ? p->brain->opener(snap) : 0;
	if ((p->brain->notation->to_move(position) + opener) % 2 != snap->players[p->c.player].side)
		return NULL; /* the position is older than the turn: the next look sees it */
	if (p->o->engine != NULL)
		return play_engine_go(p, position, snap->turn_deadline_ms) < 0 ? "the daemon is gone" : NULL;
	int found = p->brain->think != NULL ? p->brain->think(position, p->level, turns_budget(p, snap), p->rng, move)
					    : p->brain->play(position, p->level, p->rng, move);
	return found < 0 ? "its brain found no move" : NULL;
}

/* Ask for a rematch, or move if it may be its turn and the pause is over; how long to
 * wait for a message before trying again. */
static int turns_act(struct play *p)
{
	char move[BD_LINE_MAX] = "";
	const struct bd_pub *snap;
	const char *why;

	if (p->pending == TURNS_ENGINE)
		return play_engine_wait(p);
	if (p->pending != TURNS_NONE)
		return IDLE_WAIT_MS;
	if (p->rematch == TURNS_REMATCH_ASK) {
		p->rematch = TURNS_REMATCH_ASKED;
		if (bd_client_send(&p->c, "rematch") == 0)
			p->pending = TURNS_REMATCH;
		return IDLE_WAIT_MS;
	}
	if (!p->look)
		return IDLE_WAIT_MS;
	int64_t left = p->next_ms - bd_now_ms();
	if (left > 0)
		return left < IDLE_WAIT_MS ? (int)left : IDLE_WAIT_MS;
	if ((snap = play_snapshot(p)) == NULL)
		return IDLE_WAIT_MS; /* it looks again */
	p->look = 0;
	if (snap->game_state != BD_GAME_ON || snap->turn != (unsigned)p->c.player)
		return IDLE_WAIT_MS;
	if ((why = turns_move(p, snap, move, sizeof move)) != NULL)
		bot_say("cannot move in game %u: %s", snap->game_number, why);
	else if (p->pending != TURNS_NONE)
		return 0; /* the engine thinks */
	else if (move[0] == '\0')
		p->look = 1, p->next_ms = bd_now_ms() + ERR_BACKOFF_MS;
	else if (bd_client_send(&p->c, "move %s", move) == 0)
		p->pending = TURNS_MOVE;
	return IDLE_WAIT_MS;
}

const struct play_drive play_turns = {turns_enter, turns_event, turns_reply, turns_act, turns_line};
