/* turn.h: what the core gives every turn-based game, whatever its rules: sides for the
 * seats (at random or as asked), whose turn it is, a move clock (main time plus increment) or,
 * on a table without one, a per-move limit after which the opponent may claim the game,
 * rounds within a match and the match's result, resign, claim and rematch.
 *
 * Pure: no I/O, no board.h, no clock of its own. Every call that needs the time gets `now`
 * (CLOCK_MONOTONIC milliseconds, ipc/clock.h), so unit tests drive it with a fake clock.
 * struct turn has fixed-width fields only, so the core can keep it in shared memory and a
 * restarted daemon resumes it (turn_resume).
 *
 * Seats are numbered 0..nseats-1 (the game's seats); a spectator is seat -1. Sides are
 * numbered 0..nseats-1 too; side 0 moves first in every round (tic-tac-toe: 0 is X). */
#ifndef BD_TURN_H
#define BD_TURN_H

#include <assert.h>
#include <stdint.h>

#include "ipc/proto.h"

#define TURN_SEATS_MAX 4
#define TURN_LIMIT_DEFAULT_MS (10 * 60 * 1000) /* per-move limit without a clock */
#define TURN_SIDE_ANY (-1)                     /* a seat that does not ask for a side */

enum turn_state {
	TURN_IDLE = 0, /* no match yet (seats not all taken) */
	TURN_ON = 1,   /* a round is being played */
	TURN_OVER = 2, /* the match is over; a rematch starts the next one */
};

/* A seat's result, of a round or of the match. */
enum turn_result { TURN_NONE = 0, TURN_WIN = 1, TURN_LOSE = 2, TURN_DRAW = 3 };

/* How the last round ended. */
enum turn_why {
	TURN_WHY_NONE = 0,
	TURN_WHY_PLAY = 1,   /* the game's rules ended it (a line, a full board, ...) */
	TURN_WHY_TIME = 2,   /* a clock ran out; the game decided the results */
	TURN_WHY_RESIGN = 3, /* a seat resigned the match */
	TURN_WHY_CLAIM = 4,  /* the seat to move passed the per-move limit and the other claimed */
};

/* What turn_due found at the deadline of the turn. */
enum turn_due {
	TURN_DUE_NOTHING = 0,
	TURN_DUE_FLAG = 1,  /* the clock of the seat to move ran out: the game must end the round */
	TURN_DUE_CLAIM = 2, /* the per-move limit passed: the others may claim (said once a turn) */
};

struct turn_settings {
	uint32_t nseats;      /* 2..TURN_SEATS_MAX */
	uint32_t rounds;      /* rounds in a match, >= 1; the match ends early once decided */
	int64_t main_ms;      /* clock: each seat's time for a round; 0: no clock */
	int64_t increment_ms; /* clock: added to the mover's time after each move */
	int64_t limit_ms;     /* no clock: the per-move limit; 0: TURN_LIMIT_DEFAULT_MS */
};

struct turn {
	struct turn_settings set;
	uint32_t state;                  /* enum turn_state */
	uint32_t match;                  /* 1 for the first match, +1 for each rematch */
	uint32_t round;                  /* 1..set.rounds while ON; the last round when OVER */
	uint32_t to_move;                /* the side to move */
	uint32_t side[TURN_SEATS_MAX];   /* each seat's side this round */
	uint32_t points[TURN_SEATS_MAX]; /* this match: 2 a round won, 1 a round drawn */
	uint32_t round_result[TURN_SEATS_MAX]; /* enum turn_result of the last round ended */
	uint32_t result[TURN_SEATS_MAX]; /* enum turn_result of the match, once OVER */
	uint32_t why;                    /* enum turn_why of the last round ended */
	uint32_t rematch;                /* bit per seat that asked for a rematch */
	uint32_t told;                   /* turn_due already said TURN_DUE_CLAIM this turn */
	uint32_t reserved;
	int64_t left_ms[TURN_SEATS_MAX]; /* clock: each seat's time left, charged up to since_ms */
	int64_t since_ms;                /* the turn's time runs from here */
	int64_t alive_ms;                /* last turn_tick: the daemon ran at least until then */
};
static_assert(sizeof(struct turn) == 176, "struct turn has no padding");

/* A table with these settings (checked by config.c), before its first match. */
void turn_init(struct turn *t, const struct turn_settings *s);
/* Start a match: want[seat] is the side that seat asks for or TURN_SIDE_ANY; seats whose
 * wishes clash or who have none get the other sides at random, drawn from rnd. */
void turn_match_start(struct turn *t, const int want[], uint32_t rnd, int64_t now);

/* The seat playing side, or -1. */
int turn_seat_of(const struct turn *t, unsigned side);
/* The seat to move, or -1 when no round is on. */
int turn_seat_to_move(const struct turn *t);
/* 0 if seat may move now, else -1 with *err: a spectator, no match on, the match over, or
 * not its turn. */
int turn_may_move(const struct turn *t, int seat, struct bd_err *err);
/* The seat to move has moved: charge its clock, add the increment, pass the turn. */
void turn_moved(struct turn *t, int64_t now);

/* When the turn's time runs out: the mover's clock, or the per-move limit; 0 when not ON. */
int64_t turn_deadline(const struct turn *t);
/* Milliseconds seat has left on its clock at now (never below 0); its own turn counts. */
int64_t turn_clock_left(const struct turn *t, unsigned seat, int64_t now);
/* Called at (or after) turn_deadline: what to tell the game or the players; see enum turn_due. */
enum turn_due turn_due(struct turn *t, int64_t now);

/* The game ended the round: result[seat] for each seat, why it ended. Adds the points,
 * then starts the next round (sides rotated, clocks reset) and returns 0, or ends the match
 * (each seat's result from its points) and returns 1. */
int turn_round_end(struct turn *t, const enum turn_result result[], enum turn_why why, int64_t now);
/* seat gives up the match: it loses, the others win. 0, or -1 with *err. */
int turn_resign(struct turn *t, int seat, int64_t now, struct bd_err *err);
/* seat claims the match because the seat to move passed the per-move limit: the late seat
 * loses, the others win. 0, or -1 with *err (nothing to claim yet: the text starts with the
 * milliseconds left). */
int turn_claim(struct turn *t, int seat, int64_t now, struct bd_err *err);
/* seat asks for a rematch once the match is over. Every seat must ask (the second request is
 * the acceptance); when the last one does, the next match starts with each seat on the next
 * side (two seats: swapped) and it returns 1. 0 while others have not asked; -1 with *err. */
int turn_rematch(struct turn *t, int seat, int64_t now, struct bd_err *err);
/* seat left its seat for good: its rematch request goes with it. */
void turn_leave(struct turn *t, unsigned seat);

/* Deep check of a found turn state before it is resumed: NULL if sound, else why not. */
const char *turn_check(const struct turn *t);
/* The daemon is running at now (the core calls it at least every second or so). */
void turn_tick(struct turn *t, int64_t now);
/* A restarted daemon found t: the time since the last turn_tick, when no daemon ran, is
 * charged to nobody (deadlines move by the outage). */
void turn_resume(struct turn *t, int64_t now);

/* Names for protocol lines and people: "win", "lose", "draw", "-"; "play", "time", ... */
const char *turn_result_name(enum turn_result r);
const char *turn_why_name(enum turn_why w);

#endif
