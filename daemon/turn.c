/* turn.c: sides, turns, the move clock or per-move limit, rounds, the match result, resign,
 * claim and rematch for turn-based games (turn.h). Pure: the time is always an argument. */
#include "turn.h"

#include <stdio.h>
#include <string.h>

/* The daemon ran at now: remember it, so an outage is measured from here (turn_resume). */
static void turn_stamp(struct bd_turn *t, int64_t now)
{
	if (now > t->alive_ms)
		t->alive_ms = now;
}

/* The next of the successive draws from *r, in [0, n) (a small LCG: the caller's rnd is the
 * randomness; this only spreads it over several draws). */
static unsigned turn_rand(uint32_t *r, unsigned n)
{
	*r = *r * 1103515245u + 12345u;
	return (*r >> 16) % n;
}

void turn_init(struct bd_turn *t, const struct bd_turn_settings *s)
{
	memset(t, 0, sizeof *t);
	t->set = *s;
	if (t->set.limit_ms == 0)
		t->set.limit_ms = TURN_LIMIT_DEFAULT_MS;
	t->state = BD_TURN_IDLE;
}

/* Nonzero if seat is out of the match (3+ seats: it resigned, forfeited or was claimed). */
static int turn_is_out(const struct bd_turn *t, unsigned seat)
{
	return (t->out >> seat) & 1;
}

/* The first side from side on (round the table) whose seat is still in the match. */
static unsigned turn_next_in(const struct bd_turn *t, unsigned side)
{
	for (unsigned k = 0; k < t->set.nseats; k++) {
		unsigned s = (side + k) % t->set.nseats;
		int seat = turn_seat_of(t, s);
		if (seat >= 0 && !turn_is_out(t, (unsigned)seat))
			return s;
	}
	return side % t->set.nseats;
}

/* The seats still in the match. */
static unsigned turn_seats_in(const struct bd_turn *t)
{
	unsigned n = 0;

	for (unsigned i = 0; i < t->set.nseats; i++)
		n += !turn_is_out(t, i);
	return n;
}

/* Begin round number round: side 0 (or the next side in) to move, every clock full. */
static void turn_round_start(struct bd_turn *t, unsigned round, int64_t now)
{
	t->state = BD_TURN_ON;
	t->round = round;
	t->to_move = turn_next_in(t, 0);
	t->told = 0;
	t->offers = 0;
	t->since_ms = now;
	for (unsigned i = 0; i < BD_TURN_SEATS_MAX; i++)
		t->left_ms[i] = i < t->set.nseats ? t->set.main_ms : 0;
	turn_stamp(t, now);
}

/* A new match from round 1 with the sides already in t->side. */
static void turn_match_begin(struct bd_turn *t, int64_t now)
{
	t->match++;
	t->rematch = 0;
	t->why = BD_WHY_NONE;
	t->paused_ms = 0; /* a match that ended frozen (a seat forfeited it) leaves no pause behind */
	t->out = 0;
	memset(t->points, 0, sizeof t->points);
	memset(t->result, 0, sizeof t->result);
	memset(t->round_result, 0, sizeof t->round_result);
	turn_round_start(t, 1, now);
}

void turn_match_start(struct bd_turn *t, const int want[], uint32_t rnd, int64_t now)
{
	unsigned n = t->set.nseats, given = 0, cand[BD_TURN_SEATS_MAX], k;
	int side[BD_TURN_SEATS_MAX];

	for (unsigned i = 0; i < n; i++)
		side[i] = -1;
	/* Each side asked for goes to one of the seats that asked, drawn among them. */
	for (unsigned s = 0; s < n; s++) {
		k = 0;
		for (unsigned i = 0; i < n; i++)
			if (want[i] == (int)s)
				cand[k++] = i;
		if (k > 0) {
			side[cand[turn_rand(&rnd, k)]] = (int)s;
			given |= 1u << s;
		}
	}
	/* The others get the sides left, in random order. */
	for (unsigned i = 0; i < n; i++) {
		if (side[i] >= 0)
			continue;
		k = 0;
		for (unsigned s = 0; s < n; s++)
			if (!(given & 1u << s))
				cand[k++] = s;
		side[i] = (int)cand[turn_rand(&rnd, k)];
		given |= 1u << side[i];
	}
	for (unsigned i = 0; i < n; i++)
		t->side[i] = (uint32_t)side[i];
	turn_match_begin(t, now);
}

int turn_seat_of(const struct bd_turn *t, unsigned side)
{
	for (unsigned i = 0; i < t->set.nseats; i++)
		if (t->side[i] == side)
			return (int)i;
	return -1;
}

int turn_seat_to_move(const struct bd_turn *t)
{
	return t->state == BD_TURN_ON ? turn_seat_of(t, t->to_move) : -1;
}

/* 0 if a seated player may act on a match in state want, else -1 with *err; what names the act. */
static int turn_refuse(const struct bd_turn *t, int seat, enum bd_turn_state want, const char *what,
		       struct bd_err *err)
{
	static char text[96];

	if (seat < 0 || (unsigned)seat >= t->set.nseats) {
		snprintf(text, sizeof text, "a spectator cannot %s", what);
		return bd_err_set(err, "spectator", text);
	}
	if (t->state == want)
		return 0;
	if (t->state == BD_TURN_IDLE)
		return bd_err_set(err, "state", "no match is on: waiting for every seat to be taken");
	if (t->state == BD_TURN_OVER)
		return bd_err_set(err, "over", "the game is over: ask for a rematch");
	return bd_err_set(err, "state", "the match is still on: rematch once it is over");
}

int turn_may_move(const struct bd_turn *t, int seat, struct bd_err *err)
{
	if (turn_refuse(t, seat, BD_TURN_ON, "move", err) < 0)
		return -1;
	if (turn_seat_to_move(t) != seat)
		return bd_err_set(err, "turn", "it is not your turn");
	return 0;
}

void turn_moved(struct bd_turn *t, int64_t now)
{
	int seat = turn_seat_to_move(t);
	int64_t spent = now > t->since_ms ? now - t->since_ms : 0;

	if (seat < 0)
		return;
	if (t->set.main_ms > 0) {
		t->left_ms[seat] -= spent;
		if (t->left_ms[seat] < 0)
			t->left_ms[seat] = 0;
		t->left_ms[seat] += t->set.increment_ms;
		if (t->set.per_move)
			t->left_ms[seat] = t->set.main_ms; /* its next move gets the whole clock again */
	}
	t->to_move = turn_next_in(t, t->to_move + 1);
	t->since_ms = now;
	t->told = 0;
	t->offers = 0;
	turn_stamp(t, now);
}

void turn_open(struct bd_turn *t, unsigned side)
{
	if (t->state == BD_TURN_ON && side < t->set.nseats)
		t->to_move = turn_next_in(t, side);
}

int64_t turn_deadline(const struct bd_turn *t)
{
	int seat = turn_seat_to_move(t);

	if (seat < 0)
		return 0;
	return t->since_ms + (t->set.main_ms > 0 ? t->left_ms[seat] : t->set.limit_ms);
}

int64_t turn_clock_left(const struct bd_turn *t, unsigned seat, int64_t now)
{
	int64_t left;

	if (seat >= t->set.nseats)
		return 0;
	left = t->left_ms[seat];
	if ((int)seat == turn_seat_to_move(t) && now > t->since_ms)
		left -= now - t->since_ms;
	return left > 0 ? left : 0;
}

enum turn_due turn_due(struct bd_turn *t, int64_t now)
{
	turn_stamp(t, now);
	if (t->state != BD_TURN_ON || now < turn_deadline(t))
		return TURN_DUE_NOTHING;
	if (t->set.main_ms > 0)
		return TURN_DUE_FLAG;
	if (t->told)
		return TURN_DUE_NOTHING;
	t->told = 1;
	return TURN_DUE_CLAIM;
}

/* The match is over: each seat's result from its points (the top wins, a shared top draws). */
static void turn_match_end(struct bd_turn *t)
{
	unsigned n = t->set.nseats, top = 0, ntop = 0;

	for (unsigned i = 0; i < n; i++)
		if (!turn_is_out(t, i) && t->points[i] > top)
			top = t->points[i];
	for (unsigned i = 0; i < n; i++)
		ntop += !turn_is_out(t, i) && t->points[i] == top;
	for (unsigned i = 0; i < n; i++)
		t->result[i] = turn_is_out(t, i) || t->points[i] < top ? BD_RESULT_LOSE :
			       ntop == 1 ? BD_RESULT_WIN : BD_RESULT_DRAW;
	t->state = BD_TURN_OVER;
	t->told = 0;
}

/* Nonzero if the rounds left cannot change who of the seats in has the most points. */
static int turn_decided(const struct bd_turn *t)
{
	unsigned n = t->set.nseats, lead = 0, left = 2 * (t->set.rounds - t->round);

	while (turn_is_out(t, lead))
		lead++;
	for (unsigned i = lead + 1; i < n; i++)
		if (!turn_is_out(t, i) && t->points[i] > t->points[lead])
			lead = i;
	for (unsigned i = 0; i < n; i++)
		if (i != lead && !turn_is_out(t, i) && t->points[i] + left >= t->points[lead])
			return 0;
	return 1;
}

int turn_round_end(struct bd_turn *t, const enum bd_result result[], enum bd_turn_why why, int64_t now)
{
	unsigned n = t->set.nseats;

	for (unsigned i = 0; i < n; i++) {
		t->round_result[i] = turn_is_out(t, i) ? BD_RESULT_LOSE : result[i];
		t->points[i] += t->round_result[i] == BD_RESULT_WIN ? 2 : t->round_result[i] == BD_RESULT_DRAW ? 1 : 0;
	}
	t->why = why;
	turn_stamp(t, now);
	if (t->round >= t->set.rounds || turn_decided(t)) {
		turn_match_end(t);
		return 1;
	}
	for (unsigned i = 0; i < n && !t->set.keep_sides; i++)
		t->side[i] = (t->side[i] + 1) % n;
	turn_round_start(t, t->round + 1, now);
	return 0;
}

/* The match ends now for why: each seat in gets in_result, each seat out loses. */
static void turn_match_stop(struct bd_turn *t, enum bd_result in_result, enum bd_turn_why why, int64_t now)
{
	for (unsigned i = 0; i < t->set.nseats; i++) {
		t->round_result[i] = t->result[i] = turn_is_out(t, i) ? BD_RESULT_LOSE : in_result;
		t->points[i] += t->result[i] == BD_RESULT_WIN ? 2 : t->result[i] == BD_RESULT_DRAW ? 1 : 0;
	}
	t->why = why;
	t->state = BD_TURN_OVER;
	t->told = 0;
	t->offers = 0;
	turn_stamp(t, now);
}

/* loser gives up or loses the match for why: with three or more seats in it is out and the
 * match goes on (1; if it was to move, the turn passes as after a move; the draw offers,
 * made in the match it was in, are cleared as by a move); else the match ends, every other
 * seat winning (0). */
static int turn_forfeit(struct bd_turn *t, unsigned loser, enum bd_turn_why why, int64_t now)
{
	int to_move = turn_seat_to_move(t) == (int)loser;

	t->out |= 1u << loser;
	t->offers = 0;
	if (turn_seats_in(t) >= 2) {
		if (to_move)
			turn_moved(t, now);
		turn_stamp(t, now);
		return 1;
	}
	turn_match_stop(t, BD_RESULT_WIN, why, now);
	return 0;
}

int turn_may_resign(const struct bd_turn *t, int seat, struct bd_err *err)
{
	if (turn_refuse(t, seat, BD_TURN_ON, "resign", err) < 0)
		return -1;
	if (turn_is_out(t, (unsigned)seat))
		return bd_err_set(err, "out", "you are out of this match already");
	return 0;
}

int turn_resign(struct bd_turn *t, int seat, int64_t now, struct bd_err *err)
{
	if (turn_may_resign(t, seat, err) < 0)
		return -1;
	return turn_forfeit(t, (unsigned)seat, BD_WHY_RESIGN, now);
}

int turn_claim(struct bd_turn *t, int seat, int64_t now, struct bd_err *err)
{
	static char text[96];
	int64_t deadline = turn_deadline(t);

	if (turn_refuse(t, seat, BD_TURN_ON, "claim", err) < 0)
		return -1;
	if (turn_is_out(t, (unsigned)seat))
		return bd_err_set(err, "out", "you are out of this match");
	if (t->set.main_ms > 0)
		return bd_err_set(err, "clock", "this table has a clock: a flag ends the round by itself");
	if (turn_seat_to_move(t) == seat)
		return bd_err_set(err, "turn", "it is your turn: there is nothing to claim");
	if (now < deadline) {
		snprintf(text, sizeof text, "%lld ms left: nothing to claim until the per-move limit passes",
			 (long long)(deadline - now));
		return bd_err_set(err, "early", text);
	}
	return turn_forfeit(t, (unsigned)turn_seat_to_move(t), BD_WHY_CLAIM, now);
}

int turn_offer(struct bd_turn *t, int seat, int64_t now, struct bd_err *err)
{
	unsigned in = 0;

	if (turn_refuse(t, seat, BD_TURN_ON, "offer a draw", err) < 0)
		return -1;
	if (turn_is_out(t, (unsigned)seat))
		return bd_err_set(err, "out", "you are out of this match");
	if (t->offers & 1u << seat)
		return bd_err_set(err, "again", "you offered a draw already: waiting for the others (a move clears it)");
	t->offers |= 1u << seat;
	turn_stamp(t, now);
	for (unsigned i = 0; i < t->set.nseats; i++)
		in |= turn_is_out(t, i) ? 0 : 1u << i;
	if ((t->offers & in) != in)
		return 0;
	turn_match_stop(t, BD_RESULT_DRAW, BD_WHY_AGREED, now);
	return 1;
}

int turn_rematch(struct bd_turn *t, int seat, int64_t now, struct bd_err *err)
{
	unsigned n = t->set.nseats, shift;

	if (turn_refuse(t, seat, BD_TURN_OVER, "ask for a rematch", err) < 0)
		return -1;
	if (t->rematch & 1u << seat)
		return bd_err_set(err, "again", "you already asked for a rematch: waiting for the other seat");
	t->rematch |= 1u << seat;
	turn_stamp(t, now);
	if (t->rematch != (1u << n) - 1)
		return 0;
	/* Back to the sides of the match's first round, then each seat one side on. */
	shift = t->set.keep_sides ? 1 : (n - (t->round - 1) % n + 1) % n;
	for (unsigned i = 0; i < n; i++)
		t->side[i] = (t->side[i] + shift) % n;
	turn_match_begin(t, now);
	return 1;
}

void turn_leave(struct bd_turn *t, unsigned seat)
{
	if (seat < BD_TURN_SEATS_MAX)
		t->rematch &= ~(1u << seat);
}

const char *turn_check(const struct bd_turn *t)
{
	unsigned n = t->set.nseats, sides = 0;

	/* Times below TURN_TIME_MAX, which no clock or monotonic time reaches: no sum overflows. */
	if (n < 2 || n > BD_TURN_SEATS_MAX || t->set.rounds < 1 || t->set.main_ms < 0 || t->set.increment_ms < 0 ||
	    t->set.limit_ms <= 0 || t->set.per_move > 1 || t->set.main_ms > TURN_TIME_MAX ||
	    t->set.increment_ms > TURN_TIME_MAX || t->set.limit_ms > TURN_TIME_MAX)
		return "turn settings out of range";
	if (t->state > BD_TURN_OVER || (t->state != BD_TURN_IDLE && (t->round < 1 || t->round > t->set.rounds)))
		return "turn state or round out of range";
	if (t->state == BD_TURN_IDLE)
		return NULL;
	for (unsigned i = 0; i < n; i++)
		if (t->side[i] < n)
			sides |= 1u << t->side[i];
	if (sides != (1u << n) - 1 || t->to_move >= n)
		return "sides are not one per seat";
	if (t->rematch >> n || t->offers >> n || t->out >> n)
		return "rematch, draw offer or out from a seat that does not exist";
	if (t->state == BD_TURN_ON && (turn_seats_in(t) < 2 || turn_is_out(t, (unsigned)turn_seat_to_move(t))))
		return "a match on with fewer than two seats in, or a seat out to move";
	for (unsigned i = 0; i < n; i++)
		if (t->left_ms[i] < 0 || t->left_ms[i] > TURN_TIME_MAX)
			return "a clock out of range";
	if (t->since_ms < 0 || t->since_ms > TURN_TIME_MAX || t->alive_ms < 0 || t->alive_ms > TURN_TIME_MAX ||
	    t->paused_ms < 0 || t->paused_ms > TURN_TIME_MAX)
		return "a turn time out of range";
	return NULL;
}

void turn_pause(struct bd_turn *t, int64_t now)
{
	if (t->state == BD_TURN_ON && t->paused_ms == 0)
		t->paused_ms = now > 0 ? now : 1;
}

void turn_unpause(struct bd_turn *t, int64_t now)
{
	if (t->paused_ms != 0 && now > t->paused_ms)
		t->since_ms += now - t->paused_ms;
	t->paused_ms = 0;
}

void turn_resume(struct bd_turn *t, int64_t alive_ms, int64_t now)
{
	turn_stamp(t, alive_ms);
	if (now > t->alive_ms)
		t->since_ms += now - t->alive_ms;
	t->alive_ms = now;
}

const char *turn_why_name(enum bd_turn_why w)
{
	static const char *const names[] = {"-", "play", "time", "resign", "claim", "agreed"};
	return (unsigned)w < sizeof names / sizeof names[0] ? names[w] : "-";
}
