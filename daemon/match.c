/* match.c: the core's turns on a turn-based table (match.h): daemon/turn.c on the table's
 * struct bd_turn, what the public header and seats show of it, and its events. */
#include <string.h>
#include <syslog.h>

#include "match.h"

#include "turn.h"

/* The table's turns (private segment). */
static struct bd_turn *match_turns(struct board *b)
{
	return &b->priv->turn;
}

/* A new match (the first, a rematch) takes the table's clock and limit as configured now:
 * a restart with other settings changes the next match, never the one on. */
static void match_settings(struct board *b)
{
	struct bd_turn *t = match_turns(b);

	int64_t move_ms = b->rules->move_clock != NULL ? b->rules->move_clock(b) : 0;

	t->set.main_ms = move_ms > 0 ? move_ms : b->set.clock_ms;
	t->set.increment_ms = move_ms > 0 ? 0 : b->set.increment_ms;
	t->set.per_move = move_ms > 0;
	t->set.limit_ms = b->set.move_limit_ms > 0 ? b->set.move_limit_ms : TURN_LIMIT_DEFAULT_MS;
}

void match_init(struct board *b)
{
	struct bd_turn_settings s = {.nseats = b->set.seats, .rounds = b->rules->rounds > 0 ? b->rules->rounds : 1,
				     .keep_sides = b->rules->opener != NULL};

	turn_init(match_turns(b), &s);
	match_settings(b);
}

const char *match_check(const struct board *b)
{
	return b->priv->turn.set.nseats != b->set.seats ? "its seats differ from the table's" :
	       turn_check(&b->priv->turn);
}

/* Show the turns in the public header and seats: whose turn and until when, the round, each
 * seat's side, clock and points. */
static void match_publish(struct board *b, int64_t now)
{
	const struct bd_turn *t = match_turns(b);
	struct bd_pub *pub = b->pub;
	int seat = turn_seat_to_move(t);

	board_write_begin(b, BOARD_HEADER);
	pub->turn = seat < 0 ? BD_NO_PLAYER : (uint32_t)seat;
	pub->turn_deadline_ms = turn_deadline(t);
	pub->round_number = t->round;
	for (unsigned i = 0; i < t->set.nseats; i++) {
		struct bd_pub_player *p = &pub->players[i];
		if (p->state == BD_PLAYER_EMPTY)
			continue;
		p->side = t->state == BD_TURN_IDLE ? BD_NO_SIDE : t->side[i];
		p->clock_ms = turn_clock_left(t, i, now);
		p->score = t->points[i];
	}
	board_write_end(b, BOARD_HEADER);
}

/* An event about player for everyone. */
static void match_emit(struct board *b, unsigned type, unsigned player, int64_t n)
{
	struct bd_event ev = {.type = (uint16_t)type, .player = (uint16_t)player,
			      .n = n < 0 ? 0 : n > UINT32_MAX ? UINT32_MAX : (uint32_t)n};

	board_emit(b, BD_NO_PLAYER, &ev);
}

/* The turn passed (or a round began): show it, and tell who moves and with how long. */
static void match_turn_told(struct board *b, int64_t now)
{
	const struct bd_turn *t = match_turns(b);
	int seat = turn_seat_to_move(t);

	match_publish(b, now);
	if (seat >= 0)
		match_emit(b, BD_EV_TURN, (unsigned)seat, turn_deadline(t) - now);
}

/* A round began: tell every seat's side, then the turn. */
static void match_begun(struct board *b, int64_t now)
{
	const struct bd_turn *t = match_turns(b);

	for (unsigned i = 0; i < t->set.nseats; i++)
		match_emit(b, BD_EV_SIDE, i, t->side[i]);
	match_turn_told(b, now);
}

/* A round was just dealt: the game's opener (if it has one) picks the side that starts it;
 * it reads the seats' sides in the public header, shown first. */
static void match_open(struct board *b, int64_t now)
{
	if (b->rules->opener == NULL)
		return;
	match_publish(b, now);
	int side = b->rules->opener(b);
	if (side >= 0)
		turn_open(match_turns(b), (unsigned)side);
}

void match_resume(struct board *b, int64_t now)
{
	turn_resume(match_turns(b), __atomic_load_n(&b->priv->alive_ms, __ATOMIC_RELAXED), now);
	turn_pause(match_turns(b), now); /* frozen until its seats are back */
	match_publish(b, now);
}

void match_pause(struct board *b, int64_t now)
{
	turn_pause(match_turns(b), now);
}

void match_on(struct board *b, int64_t now, int unfrozen)
{
	struct bd_turn *t = match_turns(b);
	int want[BD_TURN_SEATS_MAX], fresh = t->state != BD_TURN_ON;

	for (unsigned i = 0; i < BD_TURN_SEATS_MAX; i++)
		want[i] = t->want[i] != 0 && t->want[i] <= t->set.nseats ? t->want[i] - 1 : TURN_SIDE_ANY;
	if (fresh) {
		match_settings(b);
		turn_match_start(t, want, board_random(b, UINT32_MAX), now);
	}
	if (fresh || !unfrozen)
		match_open(b, now); /* a round just dealt (a resumed one was opened before) */
	turn_unpause(t, now);
	match_begun(b, now);
}

/* 0 if the table's game is on for the turns, else -1 with *err (waiting, or frozen). */
static int match_table_on(const struct board *b, struct bd_err *err)
{
	switch (b->pub->game_state) {
	case BD_GAME_WAITING:
		return bd_err_set(err, "state", "waiting for every seat to be taken");
	case BD_GAME_FROZEN:
		return bd_err_set(err, "state", "the game is paused until every seat is back");
	}
	return 0;
}

int match_move(struct board *b, unsigned player, unsigned ntok, const char *const *tok, int64_t now,
	       struct bd_err *err)
{
	struct bd_turn *t = match_turns(b);
	uint32_t match = t->match, round = t->round;

	if (match_table_on(b, err) < 0 || turn_may_move(t, (int)player, err) < 0 ||
	    b->rules->move(b, player, ntok, tok, now, err) < 0)
		return -1;
	board_test_park_seat(b, player, "park-in-turn"); /* the move made, its turn not passed */
	if (t->state == BD_TURN_ON && t->match == match && t->round == round) {
		turn_moved(t, now);
		match_turn_told(b, now);
	}
	return 0;
}

/* The move the rules took but the core never passed (its process died between the two),
 * passed as of at, if the rules then accept the table: 1, else 0 with the turn as it was. */
static int match_pass_missed(struct board *b, int64_t at)
{
	struct bd_turn *t = match_turns(b), before = *t;

	if (t->state != BD_TURN_ON || b->pub->game_state != BD_GAME_ON || b->rules->check(b) == NULL)
		return 0;
	turn_moved(t, at);
	match_publish(b, at);
	if (b->rules->check(b) == NULL)
		return 1;
	*t = before; /* not that: leave it as it was */
	match_publish(b, at);
	return 0;
}

void match_mend(struct board *b, int64_t now)
{
	if (!match_pass_missed(b, now))
		return;
	board_log(b, LOG_WARNING, "a move was made but its turn not passed (its worker died): passed now");
	match_turn_told(b, now);
}

void match_mend_found(struct board *b)
{
	const struct bd_turn *t = match_turns(b);
	int64_t alive = __atomic_load_n(&b->priv->alive_ms, __ATOMIC_RELAXED);

	/* The move was the earlier run's last act: its clock stops at its last sign of life. */
	if (match_pass_missed(b, t->alive_ms > alive ? t->alive_ms : alive))
		board_log(b, LOG_WARNING, "the earlier run stopped between a move and its turn's pass: passed now");
}

/* The match is over (turn.c says how): each seat's result for the core's end. */
static void match_results(const struct bd_turn *t, uint8_t result[BD_PLAYERS_MAX])
{
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		result[i] = i < t->set.nseats ? (uint8_t)t->result[i] : BD_RESULT_NONE;
}

int match_round_end(struct board *b, const uint8_t result[BD_PLAYERS_MAX], int64_t now,
		    uint8_t match_result[BD_PLAYERS_MAX])
{
	struct bd_turn *t = match_turns(b);
	enum bd_result r[BD_TURN_SEATS_MAX];

	for (unsigned i = 0; i < t->set.nseats; i++)
		r[i] = (enum bd_result)result[i];
	if (turn_round_end(t, r, BD_WHY_PLAY, now) == 0) {
		b->rules->deal(b);
		match_open(b, now);
		match_begun(b, now);
		return 0;
	}
	match_publish(b, now);
	match_results(t, match_result);
	return 1;
}

/* The match ended at once (resign, claim, forfeit, a draw agreed): show it and end the
 * core's game. */
static void match_forfeited(struct board *b, int64_t now)
{
	uint8_t result[BD_PLAYERS_MAX];

	match_publish(b, now);
	match_results(match_turns(b), result);
	board_end(b, BOARD_END_MATCH, result, now);
}

/* seat lost the match (event type by player said how), rc as turn_resign's: 0, it is over;
 * 1, the match goes on without it (three or more seats: it is out, the rules give back what
 * it held, the turn may have passed). A forfeit's seat is released as it is cleared. */
static void match_lost(struct board *b, unsigned type, unsigned player, unsigned seat, int rc, int64_t now)
{
	match_emit(b, type, player, 0);
	if (rc == 0) {
		match_forfeited(b, now);
		return;
	}
	if (type != BD_EV_FORFEIT)
		b->rules->release(b, seat);
	match_emit(b, BD_EV_OUT, seat, 0);
	match_turn_told(b, now);
}

/* player resigns the round on only (a game with its own resign): the rules end it, and the
 * match goes on to its next round, or ends if that was its last. 0, or -1. */
static int match_resign_round(struct board *b, unsigned player, int64_t now, struct bd_err *err)
{
	struct bd_turn *t = match_turns(b);
	uint32_t match = t->match, round = t->round;

	if (turn_may_resign(t, (int)player, err) < 0)
		return -1;
	b->rules->resign(b, player, now);
	if (t->match != match || t->round != round || t->state != BD_TURN_ON)
		t->why = BD_WHY_RESIGN;
	return 0;
}

/* draw by player: an offer, or the last one needed: the match is drawn. 0 or 1, or -1. */
static int match_draw(struct board *b, unsigned player, int64_t now, struct bd_err *err)
{
	int rc;

	if (b->rules->no_draw_offer)
		return bd_err_set(err, "nodraw", "this game has no draws by agreement");
	if ((rc = turn_offer(match_turns(b), (int)player, now, err)) < 0)
		return -1;
	match_emit(b, BD_EV_OFFER, player, 0);
	if (rc == 1)
		match_forfeited(b, now);
	return rc;
}

int match_request(struct board *b, unsigned player, enum bd_req_type type, int64_t now, struct bd_err *err)
{
	struct bd_turn *t = match_turns(b);
	int late = turn_seat_to_move(t), rc;

	if (match_table_on(b, err) < 0)
		return -1;
	switch (type) {
	case BD_REQ_REMATCH:
		if (b->pub->nplaying < b->set.seats)
			return bd_err_set(err, "state", "every seat must be here for a rematch");
		if (t->state == BD_TURN_OVER)
			match_settings(b); /* for the next match: never the clock of one still on */
		if ((rc = turn_rematch(t, (int)player, now, err)) < 0)
			return -1;
		match_emit(b, BD_EV_REMATCH, player, 0);
		return rc;
	case BD_REQ_DRAW:
		return match_draw(b, player, now, err);
	case BD_REQ_RESIGN:
		if (b->rules->resign != NULL)
			return match_resign_round(b, player, now, err);
		if ((rc = turn_resign(t, (int)player, now, err)) < 0)
			return -1;
		match_lost(b, BD_EV_RESIGN, player, player, rc, now);
		return 0;
	default:
		if ((rc = turn_claim(t, (int)player, now, err)) < 0)
			return -1;
		match_lost(b, BD_EV_CLAIM, player, (unsigned)late, rc, now);
		return 0;
	}
}

int match_side(struct board *b, unsigned player, const char *name, struct bd_err *err)
{
	struct bd_turn *t = match_turns(b);
	const char *const *names = b->rules->codec->side_names;
	unsigned s = 0;

	while (s < t->set.nseats && names[s] != NULL && strcmp(names[s], name) != 0)
		s++;
	if (strcmp(name, "any") != 0 && (s == t->set.nseats || names[s] == NULL))
		return bd_err_set(err, "side", "no such side in this game (see PROTOCOL.md), or any");
	if (t->state == BD_TURN_ON)
		return bd_err_set(err, "state", "a match is on: sides are kept until it ends (a rematch swaps them)");
	if (player >= t->set.nseats)
		return bd_err_set(err, "full", "only seated players have sides");
	t->want[player] = strcmp(name, "any") == 0 ? 0 : (uint8_t)(s + 1);
	return 0;
}

int match_running(const struct board *b, unsigned player)
{
	const struct bd_turn *t = &b->priv->turn;

	return t->state == BD_TURN_ON && !(player < BD_TURN_SEATS_MAX && (t->out >> player) & 1);
}

void match_pass(struct board *b, int64_t now)
{
	if (turn_seat_to_move(match_turns(b)) < 0)
		return;
	turn_moved(match_turns(b), now);
	match_turn_told(b, now);
}

void match_away(struct board *b, unsigned player, int64_t ms)
{
	match_emit(b, BD_EV_AWAY, player, ms);
}

void match_back(struct board *b, unsigned player)
{
	match_emit(b, BD_EV_BACK, player, 0);
}

void match_leave(struct board *b, unsigned player, int64_t now)
{
	struct bd_turn *t = match_turns(b);
	struct bd_err err;
	int rc;

	if (player < BD_TURN_SEATS_MAX)
		t->want[player] = 0; /* the next player of this seat asks for itself */
	turn_leave(t, player);
	if (t->state == BD_TURN_ON && (rc = turn_resign(t, (int)player, now, &err)) >= 0)
		match_lost(b, BD_EV_FORFEIT, player, player, rc, now); /* its seat's release follows */
}

void match_tick(struct board *b, int64_t now)
{
	struct bd_turn *t = match_turns(b);
	int seat = turn_seat_to_move(t);
	uint32_t match = t->match, round = t->round;

	if (b->pub->game_state != BD_GAME_ON)
		return; /* frozen or waiting: no clock runs */
	switch (turn_due(t, now)) {
	case TURN_DUE_FLAG:
		match_emit(b, BD_EV_FLAG, (unsigned)seat, 0);
		b->rules->timeout(b, (unsigned)seat, now); /* it ends the round or passes the turn */
		if (t->match != match || t->round != round || t->state != BD_TURN_ON)
			t->why = BD_WHY_TIME;
		break;
	case TURN_DUE_CLAIM:
		match_emit(b, BD_EV_CLAIMABLE, (unsigned)seat, 0);
		break;
	case TURN_DUE_NOTHING:
		break;
	}
}

int64_t match_next_deadline(const struct board *b)
{
	return __atomic_load_n(&b->pub->game_state, __ATOMIC_RELAXED) != BD_GAME_ON ||
			       __atomic_load_n(&b->priv->turn.told, __ATOMIC_RELAXED) ? 0 :
	       __atomic_load_n(&b->pub->turn_deadline_ms, __ATOMIC_RELAXED);
}
