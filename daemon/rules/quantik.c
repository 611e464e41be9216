/* quantik.c: the rules of Quantik at a table (shared/seeds/quantik-report.fr.txt; issue 13)
 * on the core's handle: two seats whose sides are colours, white (side 0) and black, kept
 * for the whole match; a match is two rounds, white opens the first and black the second
 * (quantik_opener); every move has a clock of its own (option move-ms, 5 s; timeout=0: none)
 * and running out loses the round; an illegal move loses it too (illegal=lose; retry: the
 * mover is asked again, its clock running on). A table with validate=0 refuses only what
 * cannot be placed at all (a taken cell, a shape used up) and lets the mover's claim decide
 * the round (`move A5 win`). The position's rules and notation are ipc/game/quantik.h's;
 * the round's end is told in a `won` event, the match's by the core's `over`. A resign gives
 * up the round on, not the match (quantik_resign). */
#include <string.h>

#include "ipc/game/quantik.h"
#include "rules.h"

/* The table's public area. */
static struct qk_pub *quantik_area(struct board *b)
{
	return board_area(b);
}

/* One of the table's options (QK_OPT_*). */
static int64_t quantik_opt(const struct board *b, unsigned which)
{
	return board_settings(b)->opt[which];
}

/* The colour of the seat to move in round r (the position's side to move, and who opened). */
static unsigned quantik_colour_to_move(const struct qk_round *r)
{
	struct qk_pos p;

	qk_round_pos(r, &p);
	return qk_to_move(&p) ^ r->first;
}

/* The empty round: no piece, no move, not over. */
static void quantik_round_empty(struct qk_round *r)
{
	memset(r->cell, '.', QK_CELLS);
	r->first = 0;
	r->last = QK_NO_CELL;
	r->how = QK_HOW_NONE;
	r->winner = 0;
}

/* A new round: the one before is kept to show how it ended; the empty board. */
static void quantik_deal(struct board *b)
{
	struct qk_pub *q = quantik_area(b);
	int free = quantik_opt(b, QK_OPT_VALIDATE) == 0;

	board_write_begin(b, 0);
	q->free = (uint8_t)free;
	if (qk_round_check(&q->now, free) == NULL)
		q->before = q->now;
	else
		quantik_round_empty(&q->before);
	quantik_round_empty(&q->now);
	board_write_end(b, 0);
}

/* The round just dealt: white opens round 1, black round 2 (the seed's revenge). */
static int quantik_opener(struct board *b)
{
	struct qk_pub *q = quantik_area(b);
	int side = board_public(b)->round_number % 2 == 0;

	board_write_begin(b, 0);
	q->now.first = (uint8_t)side;
	board_write_end(b, 0);
	return side;
}

/* A move, a resign or a leave locks the one region: the whole board. */
static unsigned quantik_locks(const struct board *b, unsigned seat, unsigned ntok, const char *const *tok,
			      unsigned regions[RULES_REGIONS_MAX])
{
	(void)b, (void)seat, (void)ntok, (void)tok;
	regions[0] = 0;
	return 1;
}

/* The round is over: colour winner won it (how: QK_HOW_*): told in a `won` event, kept in
 * the area, and the core gets each seat's result. */
static void quantik_end(struct board *b, unsigned winner, unsigned how, int64_t now)
{
	const struct bd_pub *pub = board_public(b);
	struct qk_pub *q = quantik_area(b);
	struct bd_event ev = {.type = QK_EV_WON, .n = pub->round_number};
	uint8_t result[BD_PLAYERS_MAX] = {0};
	char name[QK_HOW_NAME];

	board_write_begin(b, 0);
	q->now.how = (uint8_t)how;
	q->now.winner = (uint8_t)winner;
	board_write_end(b, 0);
	qk_ev_w(&ev)->side = (uint8_t)winner;
	qk_ev_w(&ev)->how = (uint8_t)how;
	board_emit(b, BD_NO_PLAYER, &ev);
	qk_how_name(how, name);
	board_log(b, LOG_INFO, "quantik round %u won by %s (%s)", pub->round_number, bd_game_quantik.side_names[winner],
		  name);
	for (unsigned i = 0; i < 2; i++)
		if (pub->players[i].side <= 1)
			result[i] = pub->players[i].side == winner ? BD_RESULT_WIN : BD_RESULT_LOSE;
	board_end(b, BOARD_END_ROUND, result, now);
}

/* The error code of a move the rules refuse, by its reason (qk_illegal's texts). */
static const char *quantik_refusal(const char *why)
{
	if (strcmp(why, "the cell is taken") == 0)
		return "filled";
	if (strncmp(why, "both ", 5) == 0)
		return "used";
	return "shape";
}

/* A refused move (why): the mover is told; at a table where an illegal move loses
 * (validating, illegal=lose) the round ends with it, the opponent winning. */
static int quantik_refuse(struct board *b, unsigned colour, const char *why, int lose, int64_t now,
			  struct bd_err *err)
{
	if (quantik_opt(b, QK_OPT_DEBUG))
		board_log(b, LOG_DEBUG, "quantik refused %s's move: %s%s", bd_game_quantik.side_names[colour], why,
			  lose ? " (loses the round)" : "");
	if (lose)
		quantik_end(b, !colour, QK_HOW_ILLEGAL, now);
	return bd_err_set(err, quantik_refusal(why), why);
}

/* Nonzero if the side to move of p can place a piece where nothing but a taken cell and a
 * used-up shape stops it (a table without validation). */
static int quantik_free_can_place(const struct qk_pos *p)
{
	for (unsigned m = 0; m < QK_MOVES_MAX; m++)
		if (qk_unplaceable(p, m) == NULL)
			return 1;
	return 0;
}

/* After colour's move in p (claimed to win or not): end the round if it is over. Validating,
 * the rules decide (a line, the next side stuck) and a claim is only logged; without
 * validation the claim decides, and a next side with nothing to place loses. */
static void quantik_after(struct board *b, const struct qk_pos *p, unsigned colour, int claim, int64_t now)
{
	unsigned how;

	if (quantik_opt(b, QK_OPT_VALIDATE)) {
		if (qk_result(p, &how) >= 0)
			quantik_end(b, colour, how, now);
		else if (claim && quantik_opt(b, QK_OPT_DEBUG))
			board_log(b, LOG_DEBUG, "quantik: %s claimed a win it did not make", bd_game_quantik.side_names[colour]);
	} else if (claim) {
		quantik_end(b, colour, QK_HOW_CLAIM, now);
	} else if (!quantik_free_can_place(p)) {
		quantik_end(b, colour, QK_HOW_STUCK, now);
	}
}

/* Log the board after colour's move, at a table with show-board. */
static void quantik_show(struct board *b, const struct qk_pos *p, unsigned colour, unsigned move)
{
	char text[QK_POS_LEN + 1], m[QK_MOVE_LEN + 1];

	qk_pos_format(p, text);
	qk_move_format(move, m);
	board_log(b, LOG_INFO, "quantik round %u: %s %s: %s", board_public(b)->round_number,
		  bd_game_quantik.side_names[colour], m, text);
}

/* The seat to move (the core checked the turn) places a piece: `move A5` or `move A5 win`. */
static int quantik_move(struct board *b, unsigned seat, unsigned ntok, const char *const *tok, int64_t now,
			struct bd_err *err)
{
	struct qk_pub *q = quantik_area(b);
	struct bd_event ev = {.type = QK_EV_PLACE, .player = (uint16_t)seat};
	unsigned move, colour = board_public(b)->players[seat].side;
	int claim, validate = quantik_opt(b, QK_OPT_VALIDATE) != 0;
	struct qk_pos p;
	const char *why;

	if (qk_move_read(ntok, tok, &move, &claim, err) < 0)
		return -1;
	if (colour > 1 || colour != quantik_colour_to_move(&q->now))
		return bd_err_set(err, "turn", "the position is not yours to move"); /* quantik_check keeps this away */
	qk_round_pos(&q->now, &p);
	if ((why = validate ? qk_illegal(&p, move) : qk_unplaceable(&p, move)) != NULL)
		return quantik_refuse(b, colour, why, validate && quantik_opt(b, QK_OPT_ILLEGAL) == QK_ILLEGAL_LOSE, now,
				      err);
	qk_apply(&p, move);
	board_write_begin(b, 0);
	qk_pos_cells(&p, q->now.cell);
	q->now.last = (uint8_t)QK_CELL_OF(move);
	board_write_end(b, 0);
	qk_ev_w(&ev)->side = (uint8_t)colour;
	qk_ev_w(&ev)->move = (uint8_t)move;
	board_emit(b, BD_NO_PLAYER, &ev);
	if (quantik_opt(b, QK_OPT_SHOW_BOARD))
		quantik_show(b, &p, colour, move);
	quantik_after(b, &p, colour, claim, now);
	return 0;
}

/* Nothing is held between moves. */
static void quantik_expire(struct board *b, unsigned seat, int64_t now)
{
	(void)b, (void)seat, (void)now;
}

static void quantik_release(struct board *b, unsigned seat)
{
	(void)b, (void)seat;
}

/* The move clock of seat ran out: it loses the round (the core's flag said so). */
static void quantik_timeout(struct board *b, unsigned seat, int64_t now)
{
	unsigned colour = board_public(b)->players[seat].side;

	quantik_end(b, colour > 1 ? 0 : !colour, QK_HOW_TIME, now);
}

/* seat resigned: it loses the round on only (the seed's rounds are games of their own; a
 * player who leaves gives up the match). */
static void quantik_resign(struct board *b, unsigned seat, int64_t now)
{
	unsigned colour = board_public(b)->players[seat].side;

	quantik_end(b, colour > 1 ? 0 : !colour, QK_HOW_RESIGN, now);
}

/* Each move has the table's move clock afresh (timeout=0: none). */
static int64_t quantik_move_clock(const struct board *b)
{
	return quantik_opt(b, QK_OPT_TIMEOUT) ? quantik_opt(b, QK_OPT_MOVE_MS) : 0;
}

/* A found table's area is sound if its codec says so, and the seat to move is the round's. */
static const char *quantik_check(const struct board *b)
{
	const struct bd_pub *pub = board_public(b);
	const struct qk_pub *q = qk_pub_area(pub);
	const char *why = bd_game_quantik.area_check(pub->area);

	if (why != NULL || pub->turn == BD_NO_PLAYER)
		return why;
	if (pub->turn > 1 || pub->players[pub->turn].side > 1)
		return "the seat to move has no colour";
	if (pub->players[pub->turn].side != quantik_colour_to_move(&q->now))
		return "the seat to move is not the position's side to move";
	if (q->now.how != QK_HOW_NONE)
		return "a finished round with a seat to move";
	return NULL;
}

/* A move is one write of the one region: nothing to mend after a crash. */
static void quantik_sweep(struct board *b)
{
	(void)b;
}

const struct rules rules_quantik = {
	.codec = &bd_game_quantik,
	.seats = 2,
	.rounds = 2,
	.no_draw_offer = 1,
	.deal = quantik_deal,
	.opener = quantik_opener,
	.move_clock = quantik_move_clock,
	.locks = quantik_locks,
	.move = quantik_move,
	.expire = quantik_expire,
	.release = quantik_release,
	.timeout = quantik_timeout,
	.resign = quantik_resign,
	.check = quantik_check,
	.sweep = quantik_sweep,
};
