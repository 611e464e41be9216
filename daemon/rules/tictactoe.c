/* tictactoe.c: the rules of tic-tac-toe (shared/seeds/tictactoe-protocol.en.txt; issue 10
 * section 3) on the core's handle: two seats, side 0 plays X and moves first, three in a row
 * wins, a full board without one is a draw, a clock that runs out loses. The core runs the
 * turns (who plays X is drawn at random; whose turn; resign, claim, rematch: match.c); the
 * position's rules and notation are ipc/game/tictactoe.h's, the area and events its codec's
 * (a move, and the line of a win; the seats' results come in the core's over event). */
#include <string.h>

#include "ipc/game/tictactoe.h"
#include "rules.h"

/* The table's public area. */
static struct ttt_pub *ttt_area(struct board *b)
{
	return board_area(b);
}

/* The position the area holds. */
static struct ttt_pos ttt_position(const struct ttt_pub *t)
{
	struct ttt_pos p;

	memcpy(p.cell, t->cell, TTT_CELLS);
	return p;
}

/* The mark seat plays ('X' or 'O', from the side the core gave it), 0 if it has none. */
static char ttt_mark(const struct bd_pub *pub, unsigned seat)
{
	return seat < 2 && pub->players[seat].side <= 1 ? "XO"[pub->players[seat].side] : 0;
}

/* A new round: the empty board, no last move. */
static void ttt_deal(struct board *b)
{
	struct ttt_pub *t = ttt_area(b);

	board_write_begin(b, 0);
	memset(t->cell, '.', TTT_CELLS);
	t->last = TTT_NO_CELL;
	board_write_end(b, 0);
}

/* A move, a resign or a leave locks the one region: the whole board. */
static unsigned ttt_locks(const struct board *b, unsigned seat, unsigned ntok, const char *const *tok,
			  unsigned regions[RULES_REGIONS_MAX])
{
	(void)b, (void)seat, (void)ntok, (void)tok;
	regions[0] = 0;
	return 1;
}

/* The round is over: a win is told with its line (the move before it was the last), then
 * the core gets each seat's result, from the winner (X, O, or D for a draw) and its side. */
static void ttt_end(struct board *b, char winner, const unsigned line[3], int64_t now)
{
	const struct bd_pub *pub = board_public(b);
	struct bd_event ev = {.type = TTT_EV_LINE};
	uint8_t result[BD_PLAYERS_MAX] = {0};

	if (winner != 'D') {
		ttt_ev_w(&ev)->side = winner;
		for (unsigned i = 0; i < 3; i++)
			ttt_ev_w(&ev)->line[i] = (uint8_t)line[i];
		board_emit(b, BD_NO_PLAYER, &ev);
	}
	for (unsigned i = 0; i < 2; i++)
		if (ttt_mark(pub, i) != 0)
			result[i] = winner == 'D' ? BD_RESULT_DRAW :
				    ttt_mark(pub, i) == winner ? BD_RESULT_WIN : BD_RESULT_LOSE;
	board_end(b, BOARD_END_ROUND, result, now);
}

/* The seat to move (the core checked the turn) plays `x y`. */
static int ttt_move(struct board *b, unsigned seat, unsigned ntok, const char *const *tok, int64_t now,
		    struct bd_err *err)
{
	struct ttt_pub *t = ttt_area(b);
	struct ttt_pos p = ttt_position(t);
	struct bd_event ev = {.type = TTT_EV_MOVE, .player = (uint16_t)seat};
	unsigned cell, line[3];
	char winner;

	if (ttt_move_read(ntok, tok, &cell, err) < 0)
		return -1;
	if (ttt_mark(board_public(b), seat) != ttt_to_move(&p))
		return bd_err_set(err, "turn", "the position is not yours to move"); /* ttt_check keeps this away */
	if (!ttt_legal(&p, cell))
		return bd_err_set(err, "filled", "that cell is taken");
	ttt_ev_w(&ev)->side = ttt_to_move(&p);
	ttt_ev_w(&ev)->cell = (uint8_t)cell;
	ttt_apply(&p, cell);
	board_write_begin(b, 0);
	memcpy(t->cell, p.cell, TTT_CELLS);
	t->last = (uint8_t)cell;
	board_write_end(b, 0);
	board_emit(b, BD_NO_PLAYER, &ev);
	if ((winner = ttt_result(&p, line)) != 0)
		ttt_end(b, winner, line, now);
	return 0;
}

/* Nothing is held between moves. */
static void ttt_expire(struct board *b, unsigned seat, int64_t now)
{
	(void)b, (void)seat, (void)now;
}

static void ttt_release(struct board *b, unsigned seat)
{
	(void)b, (void)seat;
}

/* The clock of seat ran out: it loses the round (the core's events said so). */
static void ttt_timeout(struct board *b, unsigned seat, int64_t now)
{
	const struct bd_pub *pub = board_public(b);
	uint8_t result[BD_PLAYERS_MAX] = {0};

	for (unsigned i = 0; i < 2; i++)
		result[i] = pub->players[i].side > 1 ? BD_RESULT_NONE : i == seat ? BD_RESULT_LOSE : BD_RESULT_WIN;
	board_end(b, BOARD_END_ROUND, result, now);
}

/* A found table's area is sound if its codec says so (a reachable position, its result). */
static const char *ttt_check(const struct board *b)
{
	const struct bd_pub *pub = board_public(b);
	const char *why = bd_game_tictactoe.area_check(pub->area);

	if (why != NULL || pub->turn == BD_NO_PLAYER)
		return why;
	struct ttt_pos p = ttt_position(ttt_pub_area(pub));
	if (ttt_mark(pub, pub->turn) == 0)
		return "the seat to move has no side";
	if (ttt_mark(pub, pub->turn) != ttt_to_move(&p))
		return "the seat to move is not the position's side to move";
	if (ttt_result(&p, NULL) != 0)
		return "a finished position with a seat to move";
	return NULL;
}

/* A move is one write of the one region: nothing to mend after a crash. */
static void ttt_sweep(struct board *b)
{
	(void)b;
}

const struct rules rules_tictactoe = {
	.codec = &bd_game_tictactoe,
	.seats = 2,
	.deal = ttt_deal,
	.locks = ttt_locks,
	.move = ttt_move,
	.expire = ttt_expire,
	.release = ttt_release,
	.timeout = ttt_timeout,
	.check = ttt_check,
	.sweep = ttt_sweep,
};
