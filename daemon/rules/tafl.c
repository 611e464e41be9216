/* tafl.c: the rules of Hnefatafl, 9x9 corner Tablut (issue 12; shared/seeds/
 * hnefatafl-report.pl.txt) on the core's handle: two seats, side 0 the attackers, who move
 * first. The core runs the turns (sides drawn at random, swapped in a rematch; whose turn;
 * clock, resign, draw offers, rematch: match.c); an illegal move is refused with the rule it
 * breaks and the same player moves again, its clock running on. The position's rules and
 * notation are ipc/game/tafl.h's; a round ends when the king escapes or falls, when the side
 * to move has no move, on a third repetition or after draw-plies plies without a capture,
 * told by a tend event before the core's over. */
#include <string.h>

#include "ipc/game/tafl.h"
#include "rules.h"

static struct tafl_pub *tafl_area(struct board *b)
{
	return board_area(b);
}

static struct tafl_priv *tafl_private(struct board *b)
{
	return board_private(b);
}

/* The side seat plays (TAFL_ATTACKERS or TAFL_DEFENDERS), or -1 if it has none. */
static int tafl_seat_side(const struct bd_pub *pub, unsigned seat)
{
	return seat < 2 && pub->players[seat].side <= 1 ? (int)pub->players[seat].side : -1;
}

/* The plies without a capture that draw a game at this table. */
static unsigned tafl_draw_plies(const struct board *b)
{
	return (unsigned)board_settings(b)->opt[TAFL_OPT_DRAW_PLIES];
}

/* Write the public area from the private game: the one way the area changes. */
static void tafl_publish(struct board *b)
{
	const struct tafl_priv *v = tafl_private(b);
	struct tafl_pub *t = tafl_area(b);

	board_write_begin(b, 0);
	memcpy(t->cell, v->game.pos.cell, TAFL_CELLS);
	t->side = v->game.pos.side;
	t->last_from = v->last_from;
	t->last_to = v->last_to;
	t->ncap = v->ncap;
	memcpy(t->cap, v->cap, sizeof t->cap);
	t->cap_king = v->cap_king;
	t->end = (uint8_t)v->game.end;
	t->plies = v->plies;
	t->quiet = v->game.quiet;
	t->draw_plies = v->game.draw_plies;
	t->repeats = tafl_game_repeats(&v->game);
	board_write_end(b, 0);
}

/* A new round: the start position, no move yet. */
static void tafl_deal(struct board *b)
{
	struct tafl_priv *v = tafl_private(b);
	struct tafl_pos start;

	tafl_pos_start(&start);
	tafl_game_start(&v->game, &start, tafl_draw_plies(b));
	v->plies = 0;
	v->last_from = v->last_to = TAFL_NO_CELL;
	v->ncap = 0;
	memset(v->cap, 0, sizeof v->cap);
	v->cap_king = 0;
	tafl_publish(b);
}

/* A move, a resign or a leave locks the one region: the whole board. */
static unsigned tafl_locks(const struct board *b, unsigned seat, unsigned ntok, const char *const *tok,
			   unsigned regions[RULES_REGIONS_MAX])
{
	(void)b, (void)seat, (void)ntok, (void)tok;
	regions[0] = 0;
	return 1;
}

/* The round is over by the rules: tend tells why and who won, then the core gets each
 * seat's result. */
static void tafl_end(struct board *b, unsigned end, int64_t now)
{
	const struct bd_pub *pub = board_public(b);
	int winner = tafl_end_winner(end, tafl_private(b)->game.pos.side);
	struct bd_event ev = {.type = TAFL_EV_END};
	uint8_t result[BD_PLAYERS_MAX] = {0};

	tafl_ev_w(&ev)->end = (uint8_t)end;
	tafl_ev_w(&ev)->winner = (uint8_t)(winner < 0 ? 2 : winner);
	board_emit(b, BD_NO_PLAYER, &ev);
	for (unsigned i = 0; i < 2; i++) {
		int side = tafl_seat_side(pub, i);
		if (side >= 0)
			result[i] = winner < 0 ? BD_RESULT_DRAW : side == winner ? BD_RESULT_WIN : BD_RESULT_LOSE;
	}
	board_end(b, BOARD_END_ROUND, result, now);
}

/* The tmove event of m, played by seat from p, with its captures. */
static void tafl_move_event(struct bd_event *ev, unsigned seat, const struct tafl_pos *p, struct tafl_move m,
			    const struct tafl_caps *caps)
{
	struct tafl_ev *e = tafl_ev_w(ev);

	*ev = (struct bd_event){.type = TAFL_EV_MOVE, .player = (uint16_t)seat};
	e->from = m.from;
	e->to = m.to;
	e->side = p->side;
	e->king_moved = p->cell[m.from] == TAFL_KING;
	e->ncap = (uint8_t)caps->n;
	for (unsigned i = 0; i < caps->n; i++) {
		e->cap[i] = caps->cell[i];
		e->cap_king |= (uint8_t)((caps->piece[i] == TAFL_KING) << i);
	}
}

/* The seat to move (the core checked the turn) plays `move FROM-TO`; an illegal move is
 * refused with the rule it breaks (ERR illegal) and the seat is still to move. */
static int tafl_move(struct board *b, unsigned seat, unsigned ntok, const char *const *tok, int64_t now,
		     struct bd_err *err)
{
	struct tafl_priv *v = tafl_private(b);
	struct tafl_pos before = v->game.pos;
	struct tafl_move m;
	struct tafl_caps caps;
	struct bd_event ev;

	if (tafl_seat_side(board_public(b), seat) != before.side)
		return bd_err_set(err, "turn", "the position is not yours to move"); /* tafl_check keeps this away */
	if (tafl_move_read(&before, ntok, tok, &m, err) < 0)
		return -1;
	unsigned end = tafl_game_play(&v->game, m, &caps);
	v->plies++;
	v->last_from = m.from;
	v->last_to = m.to;
	v->ncap = (uint8_t)caps.n;
	memset(v->cap, 0, sizeof v->cap);
	memcpy(v->cap, caps.cell, caps.n);
	v->cap_king = 0;
	for (unsigned i = 0; i < caps.n; i++)
		v->cap_king |= (uint8_t)((caps.piece[i] == TAFL_KING) << i);
	tafl_publish(b);
	tafl_move_event(&ev, seat, &before, m, &caps);
	board_emit(b, BD_NO_PLAYER, &ev);
	if (end != TAFL_END_ON)
		tafl_end(b, end, now);
	return 0;
}

/* Nothing is held between moves. */
static void tafl_expire(struct board *b, unsigned seat, int64_t now)
{
	(void)b, (void)seat, (void)now;
}

static void tafl_release(struct board *b, unsigned seat)
{
	(void)b, (void)seat;
}

/* The clock of seat ran out: it loses the round (the core's events said so). */
static void tafl_timeout(struct board *b, unsigned seat, int64_t now)
{
	const struct bd_pub *pub = board_public(b);
	uint8_t result[BD_PLAYERS_MAX] = {0};

	for (unsigned i = 0; i < 2; i++)
		result[i] = tafl_seat_side(pub, i) < 0 ? BD_RESULT_NONE : i == seat ? BD_RESULT_LOSE : BD_RESULT_WIN;
	board_end(b, BOARD_END_ROUND, result, now);
}

/* Nonzero if the private game is whole: its key is its position's and its history ends there. */
static int tafl_private_whole(const struct tafl_priv *v)
{
	const struct tafl_game *g = &v->game;
	struct tafl_pos p = g->pos;

	return g->nhist >= 1 && g->nhist <= TAFL_PLIES_MAX + 1 && g->hist[g->nhist - 1] == g->pos.hash &&
	       tafl_hash(&p) == g->pos.hash && g->draw_plies >= 1 && g->draw_plies <= TAFL_PLIES_MAX &&
	       g->end < TAFL_END_COUNT && v->ncap <= TAFL_CAPS_MAX;
}

/* A found table is sound if its codec says the area is, and the seat to move plays the
 * side the position has to move. */
static const char *tafl_check(const struct board *b)
{
	const struct bd_pub *pub = board_public(b);
	const char *why = bd_game_tafl.area_check(pub->area);

	if (why != NULL || pub->turn == BD_NO_PLAYER)
		return why;
	const struct tafl_pub *t = tafl_pub_area(pub);
	if (tafl_seat_side(pub, pub->turn) < 0)
		return "the seat to move has no side";
	if (tafl_seat_side(pub, pub->turn) != t->side)
		return "the seat to move is not the position's side to move";
	if (t->end != TAFL_END_ON)
		return "a finished game with a seat to move";
	return NULL;
}

/* After a crash or a restart: the private game is written before the public area, so a
 * whole private game that the core's turn agrees with, or that the area shows already (the
 * move was published, its turn not passed: the core passes it, match_mend), is the truth and
 * the area is written from it again; a private game cut short, or ahead of both the turn and
 * the area (the move was never shown), starts again from the area, without the history of
 * repetitions. */
static void tafl_sweep(struct board *b)
{
	struct tafl_priv *v = tafl_private(b);
	const struct tafl_pub *t = tafl_area(b);
	const struct bd_pub *pub = board_public(b);
	struct tafl_pos p;
	int whole = tafl_private_whole(v);
	int shown = whole && memcmp(t->cell, v->game.pos.cell, TAFL_CELLS) == 0 && t->side == v->game.pos.side;

	if (!whole || (!shown && pub->turn != BD_NO_PLAYER && tafl_seat_side(pub, pub->turn) != v->game.pos.side)) {
		tafl_pub_pos(t, &p);
		tafl_game_start(&v->game, &p, t->draw_plies ? t->draw_plies : tafl_draw_plies(b));
		v->game.quiet = t->quiet < v->game.draw_plies ? t->quiet : 0;
		v->plies = t->plies;
		v->last_from = t->last_from;
		v->last_to = t->last_to;
		v->ncap = t->ncap <= TAFL_CAPS_MAX ? t->ncap : 0;
		memcpy(v->cap, t->cap, sizeof v->cap);
		v->cap_king = t->cap_king;
	}
	tafl_publish(b);
}

const struct rules rules_tafl = {
	.codec = &bd_game_tafl,
	.seats = 2,
	.deal = tafl_deal,
	.locks = tafl_locks,
	.move = tafl_move,
	.expire = tafl_expire,
	.release = tafl_release,
	.timeout = tafl_timeout,
	.check = tafl_check,
	.sweep = tafl_sweep,
};
