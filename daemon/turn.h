/* turn.h: what the core gives every turn-based game, whatever its rules: sides for the
 * seats (at random or as asked), whose turn it is, a move clock (main time plus increment) or,
 * on a table without one, a per-move limit after which the opponent may claim the game,
 * rounds within a match and the match's result, resign, claim and rematch.
 *
 * Pure: no I/O, no board.h, no clock of its own. Every call that needs the time gets `now`
 * (CLOCK_MONOTONIC milliseconds, ipc/clock.h), so unit tests drive it with a fake clock.
 * The state is struct bd_turn (ipc/layout.h), kept in the private segment, so that a
 * restarted daemon resumes it (turn_resume).
 *
 * Seats are numbered 0..nseats-1 (the game's seats); a spectator is seat -1. Sides are
 * numbered 0..nseats-1 too; side 0 moves first in every round (tic-tac-toe: 0 is X), unless
 * the game's opener picks another (turn_open; then sides are kept between rounds).
 * With three or more seats a seat that resigns, forfeits or is claimed is out: it loses,
 * its turns are skipped, the draw offers pending are cleared, and the match goes on while
 * two seats are in. */
#ifndef BD_TURN_H
#define BD_TURN_H

#include <stdint.h>

#include "ipc/layout.h"
#include "ipc/proto.h"

#define TURN_LIMIT_DEFAULT_MS (10 * 60 * 1000) /* per-move limit without a clock */
#define TURN_SIDE_ANY (-1)                     /* a seat that does not ask for a side */
#define TURN_TIME_MAX ((int64_t)1 << 42)      /* ms: above any clock or monotonic time (139 years) */

/* What turn_due found at the deadline of the turn. */
enum turn_due {
	TURN_DUE_NOTHING = 0,
	TURN_DUE_FLAG = 1,  /* the clock of the seat to move ran out: the game must end the round */
	TURN_DUE_CLAIM = 2, /* the per-move limit passed: the others may claim (said once a turn) */
};

/* A table with these settings (checked by config.c), before its first match. */
void turn_init(struct bd_turn *t, const struct bd_turn_settings *s);
/* Start a match: want[seat] is the side that seat asks for or TURN_SIDE_ANY; seats whose
 * wishes clash or who have none get the other sides at random, drawn from rnd. */
void turn_match_start(struct bd_turn *t, const int want[], uint32_t rnd, int64_t now);

/* The seat playing side, or -1. */
int turn_seat_of(const struct bd_turn *t, unsigned side);
/* The seat to move, or -1 when no round is on. */
int turn_seat_to_move(const struct bd_turn *t);
/* 0 if seat may move now, else -1 with *err: a spectator, no match on, the match over, or
 * not its turn. */
int turn_may_move(const struct bd_turn *t, int seat, struct bd_err *err);
/* The seat to move has moved or passes: charge its clock, add the increment, pass the turn
 * to the next seat in; draw offers are cleared. */
void turn_moved(struct bd_turn *t, int64_t now);
/* The game's opener picked side to move first in the round just begun (a side whose seat is
 * out gives the turn to the next one in). */
void turn_open(struct bd_turn *t, unsigned side);

/* When the turn's time runs out: the mover's clock, or the per-move limit; 0 when not ON. */
int64_t turn_deadline(const struct bd_turn *t);
/* Milliseconds seat has left on its clock at now (never below 0); its own turn counts. */
int64_t turn_clock_left(const struct bd_turn *t, unsigned seat, int64_t now);
/* Called at (or after) turn_deadline: what to tell the game or the players; see enum turn_due. */
enum turn_due turn_due(struct bd_turn *t, int64_t now);

/* The game ended the round: result[seat] for each seat, why it ended. Adds the points,
 * then starts the next round (sides rotated, clocks reset) and returns 0, or ends the match
 * (each seat's result from its points) and returns 1. */
int turn_round_end(struct bd_turn *t, const enum bd_result result[], enum bd_turn_why why, int64_t now);
/* 0 if seat may resign now (a match on, seat still in it), or -1 with *err. */
int turn_may_resign(const struct bd_turn *t, int seat, struct bd_err *err);
/* seat gives up the match: it loses, the others win. 0 (the match is over), 1 (three or more
 * seats were in: seat is out, the match goes on), or -1 with *err. */
int turn_resign(struct bd_turn *t, int seat, int64_t now, struct bd_err *err);
/* seat claims the match because the seat to move passed the per-move limit: the late seat
 * loses, the others win. 0 or 1 as turn_resign (the late seat out), or -1 with *err (nothing
 * to claim yet: the text starts with the milliseconds left). */
int turn_claim(struct bd_turn *t, int seat, int64_t now, struct bd_err *err);
/* seat offers a draw. 0: offered; 1: every seat in has offered since the last move, the match
 * is over, drawn (why AGREED; seats out lose); -1 with *err. */
int turn_offer(struct bd_turn *t, int seat, int64_t now, struct bd_err *err);
/* seat asks for a rematch once the match is over. Every seat must ask (the second request is
 * the acceptance); when the last one does, the next match starts with each seat on the next
 * side (two seats: swapped) and it returns 1. 0 while others have not asked; -1 with *err. */
int turn_rematch(struct bd_turn *t, int seat, int64_t now, struct bd_err *err);
/* seat left its seat for good: its rematch request goes with it. */
void turn_leave(struct bd_turn *t, unsigned seat);

/* Deep check of a found turn state before it is resumed: NULL if sound, else why not. */
const char *turn_check(const struct bd_turn *t);
/* A restarted daemon found t: the time since a daemon last ran (the later of alive_ms, the
 * core's last sign of life, and t's last change) is charged to nobody: deadlines move by
 * the outage. */
/* The table froze (a seat away): the time until turn_unpause is charged to nobody. */
void turn_pause(struct bd_turn *t, int64_t now);
void turn_unpause(struct bd_turn *t, int64_t now);
void turn_resume(struct bd_turn *t, int64_t alive_ms, int64_t now);

/* How a round ended, for logs and people: "play", "time", "resign", "claim", "agreed" ("-": none). */
const char *turn_why_name(enum bd_turn_why w);

#endif
