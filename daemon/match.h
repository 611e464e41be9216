/* match.h: the core's turns on a turn-based table (struct rules' seats > 0): daemon/turn.c
 * run on the table's private segment (struct bd_turn), shown in its public header and
 * seats (turn, turn deadline, round, side, clock, score) and told in events (side, turn,
 * resign, claimable, claim, flag, rematch, away, back, forfeit, offer, out). board.c calls these with
 * every lock held (a turn table's moves lock its whole board). */
#ifndef BD_MATCH_H
#define BD_MATCH_H

#include <stdint.h>

#include "board.h"

/* A new table: its turn settings from the table's, before its first match. */
void match_init(struct board *b);
/* Why a found table's turns cannot be resumed, NULL if they can. */
const char *match_check(const struct board *b);
/* A restarted daemon took the table over: the outage is charged to nobody; seats show it. */
void match_resume(struct board *b, int64_t now);
/* The table froze mid-match (after a restart, until every seat is back): its clock stops
 * until match_on. */
void match_pause(struct board *b, int64_t now);
/* The table's game is on (every seat taken, or a new game; unfrozen: after a restart): start
 * a match with sides drawn at random unless one is already on (a rematch, a resumed match);
 * a round just dealt is opened (struct rules' opener); tell sides and turn. */
void match_on(struct board *b, int64_t now, int unfrozen);
/* The player's move: refused unless it is its turn in a match that is on, else played by
 * the rules, then the turn passes (unless the move ended the round). 0, or -1 with *err. */
int match_move(struct board *b, unsigned player, unsigned ntok, const char *const *tok, int64_t now,
	       struct bd_err *err);
/* The rules ended a round with result[seat]: 0 if the match goes on (the next round is
 * dealt and on), 1 if it is over, with each seat's match result in match_result. */
int match_round_end(struct board *b, const uint8_t result[BD_PLAYERS_MAX], int64_t now,
		    uint8_t match_result[BD_PLAYERS_MAX]);
/* resign, claim, draw or rematch by player. 0 done, 1 a rematch every seat asked for (the
 * caller starts the new game) or a draw every seat in offered (the match is over, drawn),
 * -1 with *err. With three or more seats in, a resign or claim puts one seat out (it loses,
 * the rules release what it held) and the match goes on. */
int match_request(struct board *b, unsigned player, enum bd_req_type type, int64_t now, struct bd_err *err);
/* The side the player asks for in its next match that is not a rematch (`side NAME|any`,
 * the codec's side names): 0, or -1 with *err (no such side, or a match is on). */
int match_side(struct board *b, unsigned player, const char *name, struct bd_err *err);
/* Nonzero while a match is on (the table on, or frozen after a restart) with player still in
 * it: a seat whose player leaves then is kept away for it (board.c) instead of being cleared. */
int match_running(const struct board *b, unsigned player);
/* board_turn_pass: the seat to move passes (its clock charged); the next seat in is told. */
void match_pass(struct board *b, int64_t now);
/* The player left mid-match: everyone is told its seat waits ms for it (its clock running). */
void match_away(struct board *b, unsigned player, int64_t ms);
/* The player took its away seat back: everyone is told. */
void match_back(struct board *b, unsigned player);
/* The player's seat is cleared: a match still on is lost by forfeit (it did not come back in
 * time; the others win, as with resign; with three or more seats in it is out and the match
 * goes on), its rematch request goes. */
void match_leave(struct board *b, unsigned player, int64_t now);
/* After a lock repair, the rules' sweep done: a move the rules took whose turn was not
 * passed (its worker died between the two) is passed now, as match_move would have, if the
 * rules' check then finds the table sound (the position's side to move is the seat's). */
void match_mend(struct board *b, int64_t now);
/* The same for a found table whose turns are sound (match_check), before it is resumed: the
 * whole daemon stopped between a move and its turn's pass (the turn told when it resumes). */
void match_mend_found(struct board *b);
/* At the turn deadline: a clock that ran out goes to the rules (timeout), a passed per-move
 * limit is told once. */
void match_tick(struct board *b, int64_t now);
/* When a worker must wake for the turn: the deadline, unless nothing more happens at it. */
int64_t match_next_deadline(const struct board *b);

#endif
