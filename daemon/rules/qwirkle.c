/* qwirkle.c: the rules of Qwirkle (issue 14; shared/seeds/qwirkle-report.pt.txt) on the
 * core's handle: 2 to 4 seats, 108 tiles, six in each hand, the rest in a bag nobody sees.
 * The core runs the turns (daemon/match.c); the opener below picks the seat whose hand has
 * the most tiles sharing a colour or a shape. A turn lays tiles, swaps tiles with the bag or
 * passes (nothing to lay and the bag empty); running out of time passes too. The public
 * area (ipc/game/qwirkle.h) holds the table's tiles, how many tiles each hand and the bag
 * hold, the points; the bag and the hands are in the private area, and a hand reaches its
 * seat alone: its HAND line on join, rejoin and resync, and a `drew` event for that seat
 * after each draw. The rules and the notation are the codec's (ipc/game/qwirkle.c). */
#include <string.h>

#include "ipc/game/qwirkle.h"
#include "rules.h"

static struct qw_pub *qwr_area(struct board *b)
{
	return board_area(b);
}

static struct qw_priv *qwr_priv(struct board *b)
{
	return board_private(b);
}

/* The private area, to read only (the handle gives it to a board that may change). */
static const struct qw_priv *qwr_priv_ro(const struct board *b)
{
	return board_private((struct board *)b);
}

/* Seat's hand as the private area holds it. */
static struct qw_hand qwr_hand(const struct qw_priv *v, unsigned seat)
{
	struct qw_hand h = {.n = v->hand[seat].n};

	memcpy(h.tile, v->hand[seat].tile, QW_HAND);
	return h;
}

static void qwr_hand_store(struct qw_priv *v, unsigned seat, const struct qw_hand *h)
{
	v->hand[seat].n = (uint8_t)h->n;
	memcpy(v->hand[seat].tile, h->tile, QW_HAND);
}

/* Fill h up to 6 tiles from the bag at random; the tiles drawn into drawn; how many. */
static unsigned qwr_draw(struct board *b, struct qw_priv *v, struct qw_hand *h, uint8_t drawn[QW_HAND])
{
	unsigned k = 0;

	while (h->n < QW_HAND && v->nbag > 0) {
		unsigned i = board_random(b, v->nbag);
		drawn[k++] = h->tile[h->n++] = v->bag[i];
		v->bag[i] = v->bag[--v->nbag];
	}
	return k;
}

/* Tell seat alone the tiles it drew. */
static void qwr_tell_drew(struct board *b, unsigned seat, const uint8_t *tiles, unsigned n)
{
	struct bd_event ev = {.type = QW_EV_DREW, .player = (uint16_t)seat};

	if (n == 0)
		return;
	qw_ev_w(&ev)->n = (uint8_t)n;
	memcpy(qw_ev_w(&ev)->tile, tiles, n);
	board_emit(b, seat, &ev);
}

/* Write what everyone may know of the bag and the hands into the public area (inside
 * region 0's bracket). */
static void qwr_counts(struct qw_pub *a, const struct qw_priv *v)
{
	a->bag = v->nbag;
	for (unsigned i = 0; i < QW_SEATS_MAX; i++)
		a->hand[i] = i < a->nseats ? v->hand[i].n : 0;
}

/* The seats dealt in at this table: the table's seats, 2 to 4. */
static unsigned qwr_seats(const struct board *b)
{
	unsigned n = board_settings(b)->seats;

	return n < 2 ? 2 : n > QW_SEATS_MAX ? QW_SEATS_MAX : n;
}

/* A new game: the 108 tiles in the bag, nothing on the table, no hand yet (the opener
 * deals them when the match starts, every seat taken). */
static void qwr_deal(struct board *b)
{
	struct qw_pub *a = qwr_area(b);
	struct qw_priv *v = qwr_priv(b);

	v->nbag = QW_TILES;
	for (unsigned i = 0; i < QW_TILES; i++)
		v->bag[i] = (uint8_t)(i % QW_KINDS);
	memset(v->hand, 0, sizeof v->hand);
	v->out = 0;
	board_write_begin(b, 0);
	a->practice = board_settings(b)->opt[QW_OPT_PRACTICE] != 0;
	a->nseats = 0;
	a->ntiles = 0;
	memset(a->score, 0, sizeof a->score);
	a->passes = 0;
	a->last = QW_LAST_NONE;
	a->last_seat = a->last_n = a->last_score = 0;
	qwr_counts(a, v);
	board_write_end(b, 0);
}

/* The match starts: each seat draws six tiles (told to it alone), a practice game says so;
 * the side of the seat whose hand has the most tiles sharing a colour or a shape opens, a
 * tie broken at random. */
static int qwr_opener(struct board *b)
{
	struct qw_pub *a = qwr_area(b);
	struct qw_priv *v = qwr_priv(b);
	uint8_t drawn[QW_SEATS_MAX][QW_HAND];
	unsigned nseats = qwr_seats(b), best = 0, tied[QW_SEATS_MAX], ntied = 0;

	for (unsigned s = 0; s < nseats; s++) {
		struct qw_hand h = qwr_hand(v, s);
		qwr_draw(b, v, &h, drawn[s]);
		qwr_hand_store(v, s, &h);
		unsigned n = qw_hand_best(&h);
		if (n > best)
			ntied = 0, best = n;
		if (n == best)
			tied[ntied++] = s;
	}
	board_write_begin(b, 0);
	a->nseats = nseats;
	qwr_counts(a, v);
	board_write_end(b, 0);
	if (a->practice) {
		struct bd_event ev = {.type = QW_EV_PRACTICE, .player = BD_NO_PLAYER};
		board_emit(b, BD_NO_PLAYER, &ev);
	}
	for (unsigned s = 0; s < nseats; s++)
		qwr_tell_drew(b, s, drawn[s], QW_HAND);
	return (int)board_public(b)->players[tied[board_random(b, ntied)]].side;
}

/* A turn or a leave locks the one region: the whole table. */
static unsigned qwr_locks(const struct board *b, unsigned seat, unsigned ntok, const char *const *tok,
			  unsigned regions[RULES_REGIONS_MAX])
{
	(void)b, (void)seat, (void)ntok, (void)tok;
	regions[0] = 0;
	return 1;
}

/* The game is over (a hand emptied with the bag empty, or nobody can move): the highest
 * score wins; seats tied at the top share the win, a draw for each of them. */
static void qwr_end(struct board *b, int64_t now)
{
	const struct qw_pub *a = qwr_area(b);
	const struct qw_priv *v = qwr_priv(b);
	uint8_t result[BD_PLAYERS_MAX] = {0};
	unsigned top = 0, ntop = 0;

	for (unsigned s = 0; s < a->nseats; s++)
		if (!(v->out & 1u << s) && a->score[s] >= top)
			ntop = a->score[s] > top ? 1 : ntop + 1, top = a->score[s];
	for (unsigned s = 0; s < a->nseats; s++)
		result[s] = (v->out & 1u << s) || a->score[s] < top ? BD_RESULT_LOSE :
			    ntop > 1                                  ? BD_RESULT_DRAW :
									BD_RESULT_WIN;
	board_end(b, BOARD_END_ROUND, result, now);
}

/* Record seat's turn in the public area (inside region 0's bracket). */
static void qwr_last(struct qw_pub *a, unsigned seat, enum qw_last kind, unsigned n, unsigned score)
{
	a->last = kind;
	a->last_seat = seat;
	a->last_n = n;
	a->last_score = score;
}

/* Take lay m's tiles out of hand h; those it does not hold (practice) into from_bag, which
 * the bag must hold: how many, or -1 with *err. */
static int qwr_split(const struct qw_priv *v, struct qw_hand *h, const struct qw_move *m, uint8_t from_bag[QW_HAND],
		     struct bd_err *err)
{
	uint8_t bag[QW_TILES];
	unsigned k = 0;

	memcpy(bag, v->bag, v->nbag);
	for (unsigned i = 0; i < m->n; i++) {
		uint8_t t = m->p[i].tile, *in;
		if (qw_hand_has(h, &t, 1)) {
			qw_hand_take(h, &t, 1);
			continue;
		}
		if ((in = memchr(bag, t, v->nbag)) == NULL)
			return bd_err_set(err, "illegal", "practice: that tile is neither in your hand nor in the bag");
		*in = QW_NO_TILE;
		from_bag[k++] = t;
	}
	return (int)k;
}

/* Take tiles[0 .. n - 1] out of the bag (they are there). */
static void qwr_bag_take(struct qw_priv *v, const uint8_t *tiles, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		uint8_t *in = memchr(v->bag, tiles[i], v->nbag);
		*in = v->bag[--v->nbag];
	}
}

/* Nonzero if nobody can move any more: the bag is empty (no swap) and no hand can lay on
 * the table (a seat out holds no tile). */
static int qwr_stuck(const struct qw_pub *a, const struct qw_priv *v)
{
	struct qw_pos p;

	if (v->nbag > 0 || qw_pub_table(a, &p) != NULL)
		return 0;
	for (unsigned s = 0; s < a->nseats; s++) {
		struct qw_hand h = qwr_hand(v, s);
		if (qw_can_lay(&p, &h))
			return 0;
	}
	return 1;
}

/* Seat lays m: its tiles leave the hand (practice: or the bag), the hand is filled again,
 * the points (the end bonus when the hand is emptied with the bag empty) are counted. The
 * game ends there if the hand is empty, or if nobody can move any more. */
static int qwr_lay(struct board *b, unsigned seat, const struct qw_pos *p, const struct qw_move *m, int64_t now,
		   struct bd_err *err)
{
	struct qw_pub *a = qwr_area(b);
	struct qw_priv *v = qwr_priv(b);
	struct qw_hand h = qwr_hand(v, seat);
	struct bd_event ev = {.type = QW_EV_LAY, .player = (uint16_t)seat};
	uint8_t from_bag[QW_HAND], drawn[QW_HAND];
	unsigned score;
	const char *why = qw_lay_error(p, &h, (int)a->practice, m, &score);
	int nbag = why == NULL ? qwr_split(v, &h, m, from_bag, err) : 0;

	if (why != NULL)
		return bd_err_set(err, "illegal", why);
	if (nbag < 0)
		return -1;
	qwr_bag_take(v, from_bag, (unsigned)nbag);
	unsigned k = qwr_draw(b, v, &h, drawn);
	qwr_hand_store(v, seat, &h);
	score = qw_lay_total(score, h.n, v->nbag);
	board_write_begin(b, 0);
	memcpy(a->tile + a->ntiles, m->p, m->n * sizeof m->p[0]);
	a->ntiles += m->n;
	a->score[seat] += score;
	a->passes = 0;
	qwr_last(a, seat, QW_LAST_LAY, m->n, score);
	qwr_counts(a, v);
	board_write_end(b, 0);
	ev.n = score;
	qw_ev_w(&ev)->n = (uint8_t)m->n;
	memcpy(qw_ev_w(&ev)->p, m->p, m->n * sizeof m->p[0]);
	board_emit(b, BD_NO_PLAYER, &ev);
	qwr_tell_drew(b, seat, drawn, k);
	if ((h.n == 0 && v->nbag == 0) || qwr_stuck(a, v))
		qwr_end(b, now);
	return 0;
}

/* Seat gives back tiles: it draws as many first, then they go into the bag. */
static int qwr_swap(struct board *b, unsigned seat, const struct qw_hand *give, struct bd_err *err)
{
	struct qw_pub *a = qwr_area(b);
	struct qw_priv *v = qwr_priv(b);
	struct qw_hand h = qwr_hand(v, seat);
	struct bd_event ev = {.type = QW_EV_SWAP, .player = (uint16_t)seat, .n = give->n};
	uint8_t drawn[QW_HAND];
	const char *why = qw_swap_error(&h, give->tile, give->n, v->nbag);

	if (why != NULL)
		return bd_err_set(err, "illegal", why);
	qw_hand_take(&h, give->tile, give->n);
	unsigned k = qwr_draw(b, v, &h, drawn);
	memcpy(v->bag + v->nbag, give->tile, give->n);
	v->nbag += give->n;
	qwr_hand_store(v, seat, &h);
	board_write_begin(b, 0);
	a->passes = 0;
	qwr_last(a, seat, QW_LAST_SWAP, give->n, 0);
	qwr_counts(a, v);
	board_write_end(b, 0);
	board_emit(b, BD_NO_PLAYER, &ev);
	qwr_tell_drew(b, seat, drawn, k);
	return 0;
}

/* Seat passes: only with nothing to lay and the bag empty. A lay that leaves nobody able
 * to move ends the game; a table resumed from before that rule may still get here. */
static int qwr_pass(struct board *b, unsigned seat, const struct qw_pos *p, int64_t now, struct bd_err *err)
{
	struct qw_pub *a = qwr_area(b);
	struct qw_priv *v = qwr_priv(b);
	struct qw_hand h = qwr_hand(v, seat);
	struct bd_event ev = {.type = QW_EV_PASSED, .player = (uint16_t)seat};

	if (v->nbag > 0)
		return bd_err_set(err, "illegal", "a pass is only for an empty bag (swap tiles instead)");
	if (qw_can_lay(p, &h))
		return bd_err_set(err, "illegal", "a pass is only for a hand that cannot lay");
	board_write_begin(b, 0);
	a->passes++;
	qwr_last(a, seat, QW_LAST_PASS, 0, 0);
	board_write_end(b, 0);
	board_emit(b, BD_NO_PLAYER, &ev);
	if (qwr_stuck(a, v))
		qwr_end(b, now);
	return 0;
}

/* The seat to move (the core checked the turn) lays, swaps or passes. */
static int qwr_move(struct board *b, unsigned seat, unsigned ntok, const char *const *tok, int64_t now,
		    struct bd_err *err)
{
	const struct qw_pub *a = qwr_area(b);
	struct qw_turn t;
	struct qw_pos p;

	if (qw_turn_read(ntok, tok, &t, err) < 0)
		return -1;
	if (seat >= a->nseats || qw_pub_table(a, &p) != NULL)
		return bd_err_set(err, "turn", "this seat has no hand in this game"); /* qwr_check keeps this away */
	if (p.n == 0 && t.kind != QW_LAY)
		return bd_err_set(err, "illegal", "the first turn lays the hand's largest group");
	if (t.kind == QW_SWAP)
		return qwr_swap(b, seat, &t.swap, err);
	if (t.kind == QW_PASS)
		return qwr_pass(b, seat, &p, now, err);
	return qwr_lay(b, seat, &p, &t.lay, now, err);
}

/* Nothing is held between turns. */
static void qwr_expire(struct board *b, unsigned seat, int64_t now)
{
	(void)b, (void)seat, (void)now;
}

/* Seat leaves for good: its tiles go back into the bag; it is out of this game. */
static void qwr_release(struct board *b, unsigned seat)
{
	struct qw_pub *a = qwr_area(b);
	struct qw_priv *v = qwr_priv(b);

	if (seat >= a->nseats)
		return;
	memcpy(v->bag + v->nbag, v->hand[seat].tile, v->hand[seat].n);
	v->nbag += v->hand[seat].n;
	v->hand[seat].n = 0;
	v->out |= 1u << seat;
	board_write_begin(b, 0);
	qwr_counts(a, v);
	board_write_end(b, 0);
}

/* The clock of seat ran out: its turn passes (not a pass that ends the game). */
static void qwr_timeout(struct board *b, unsigned seat, int64_t now)
{
	(void)seat;
	board_turn_pass(b, now);
}

/* A found table is sound if its area is, the private area agrees with the public counts,
 * and the table, the bag and the hands hold three of each tile. */
static const char *qwr_check(const struct board *b)
{
	const struct bd_pub *pub = board_public(b);
	const struct qw_pub *a = qw_pub_area(pub);
	const struct qw_priv *v = qwr_priv_ro(b);
	const char *why = bd_game_qwirkle.area_check(a);
	unsigned count[QW_KINDS] = {0};

	if (why != NULL)
		return why;
	if (a->bag == 0 && a->ntiles == 0 && a->nseats == 0)
		return NULL; /* never dealt */
	if (v->nbag != a->bag || v->nbag > QW_TILES)
		return "the bag differs from its count";
	for (unsigned i = 0; i < a->ntiles; i++)
		count[a->tile[i].tile]++;
	for (unsigned i = 0; i < v->nbag; i++)
		count[v->bag[i] % QW_KINDS] += v->bag[i] < QW_KINDS ? 1 : QW_COPIES + 1;
	for (unsigned s = 0; s < a->nseats; s++) {
		if (v->hand[s].n != a->hand[s])
			return "a hand differs from its count";
		for (unsigned i = 0; i < v->hand[s].n; i++)
			count[v->hand[s].tile[i] % QW_KINDS] += v->hand[s].tile[i] < QW_KINDS ? 1 : QW_COPIES + 1;
	}
	for (unsigned k = 0; k < QW_KINDS; k++)
		if (count[k] != QW_COPIES)
			return "the tiles are not three of each";
	return NULL;
}

/* A turn writes the private area then the one region, all under every lock a move takes:
 * the counts shown are made again from the private area. */
static void qwr_sweep(struct board *b)
{
	struct qw_pub *a = qwr_area(b);

	board_write_begin(b, 0);
	qwr_counts(a, qwr_priv(b));
	board_write_end(b, 0);
}

/* Seat's hand, for it alone. */
static size_t qwr_private_lines(const struct board *b, unsigned seat, char *buf, size_t len)
{
	const struct qw_pub *a = qw_pub_area(board_public(b));
	const struct qw_priv *v = qwr_priv_ro(b);

	if (seat >= a->nseats)
		return 0;
	struct qw_hand h = qwr_hand(v, seat);
	int n = qw_hand_line(&h, board_public(b)->event_seq, buf, len);
	return n < 0 || (size_t)n >= len ? 0 : (size_t)n;
}

const struct rules rules_qwirkle = {
	.codec = &bd_game_qwirkle,
	.seats = 2,
	.seats_max = QW_SEATS_MAX,
	.deal = qwr_deal,
	.opener = qwr_opener,
	.locks = qwr_locks,
	.move = qwr_move,
	.expire = qwr_expire,
	.release = qwr_release,
	.timeout = qwr_timeout,
	.check = qwr_check,
	.sweep = qwr_sweep,
	.private_lines = qwr_private_lines,
};
