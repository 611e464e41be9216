/* brain-tafl-search.c: the tafl brain's search (brain-tafl.h): negamax alpha-beta with
 * principal variation search, iterative deepening under a time budget, a transposition table,
 * and moves ordered by the table's move, captures, killers and history; late quiet moves are
 * searched a ply shallower first. A position met again on the search's path is a draw (the
 * game's repetition rule, seen from the root). */
#include <stdlib.h>
#include <string.h>

#include "brain-tafl.h"
#include "ipc/clock.h"

#define TT_BITS 18               /* 2^18 entries of 16 bytes: 4 MiB */
#define TT_EXACT 0
#define TT_LOWER 1
#define TT_UPPER 2
#define INF (TB_WIN + 1)
#define MATE_NEAR (TB_WIN - 1000) /* a score past this is a won or lost game */
#define CHECK_NODES 1024         /* nodes between two looks at the clock */

struct tt_entry {
	uint64_t key;
	int16_t score;
	uint8_t depth, bound;
	tb_move move;
	uint16_t pad;
};

struct search {
	struct tb_board *b;
	const struct tb_limits *lim;
	struct tt_entry tt[1u << TT_BITS];
	tb_move killers[TB_PLY_MAX][2];
	uint32_t history[TB_CELLS][TB_CELLS];
	uint64_t path[TB_PLY_MAX + 1]; /* the hashes from the root to the node */
	uint64_t nodes;
	int64_t deadline;               /* 0: none */
	int stopped;
};

/* Nonzero once the time is up (looked at every CHECK_NODES nodes). */
static int search_stop(struct search *s)
{
	if (!s->stopped && s->deadline != 0 && s->nodes % CHECK_NODES == 0 && bd_now_ms() >= s->deadline)
		s->stopped = 1;
	return s->stopped;
}

/* Nonzero if the node at ply repeats a position earlier on the path, same side to move. */
static int search_repeats(const struct search *s, unsigned ply)
{
	for (int i = (int)ply - 4; i >= 0; i -= 2)
		if (s->path[i] == s->path[ply])
			return 1;
	return 0;
}

/* Scores of won games in the table count from the node, not the root. */
static int tt_in(int score, unsigned ply)
{
	return score > MATE_NEAR ? score + (int)ply : score < -MATE_NEAR ? score - (int)ply : score;
}

static int tt_out(int score, unsigned ply)
{
	return score > MATE_NEAR ? score - (int)ply : score < -MATE_NEAR ? score + (int)ply : score;
}

/* Order moves[0 .. n - 1]: the table's move, winning king moves, captures, killers, history. */
static void search_order(struct search *s, tb_move *moves, unsigned n, tb_move best, unsigned ply, uint32_t *keys)
{
	for (unsigned i = 0; i < n; i++) {
		tb_move m = moves[i];
		if (m == best)
			keys[i] = 0xffffffffu;
		else if (s->b->sq[TB_FROM(m)] == TB_KING && tb_corner(TB_TO(m)))
			keys[i] = 0xfffffff0u;
		else if (tb_captures(s->b, m))
			keys[i] = 0xf0000000u;
		else if (m == s->killers[ply][0] || m == s->killers[ply][1])
			keys[i] = 0xe0000000u + (m == s->killers[ply][0]);
		else
			keys[i] = s->history[TB_FROM(m)][TB_TO(m)] < 0xd0000000u ? s->history[TB_FROM(m)][TB_TO(m)] : 0xd0000000u;
	}
}

/* Bring the best-keyed move of i .. n - 1 to i. */
static void search_pick(tb_move *moves, uint32_t *keys, unsigned i, unsigned n)
{
	unsigned top = i;

	for (unsigned j = i + 1; j < n; j++)
		if (keys[j] > keys[top])
			top = j;
	tb_move m = moves[i];
	uint32_t k = keys[i];
	moves[i] = moves[top], keys[i] = keys[top];
	moves[top] = m, keys[top] = k;
}

/* A quiet move that cut off: remembered as a killer and in the history. */
static void search_cutoff(struct search *s, tb_move m, unsigned ply, int depth)
{
	if (tb_captures(s->b, m))
		return;
	if (s->killers[ply][0] != m) {
		s->killers[ply][1] = s->killers[ply][0];
		s->killers[ply][0] = m;
	}
	s->history[TB_FROM(m)][TB_TO(m)] += (uint32_t)(depth * depth);
}

/* The node's end without searching: a won game, a draw, the table's word; 1 if it gave one. */
static int search_end(struct search *s, unsigned ply, int *score)
{
	if (s->b->winner >= 0)
		*score = -(TB_WIN - (int)ply); /* the side that just moved won */
	else if (s->b->quiet >= s->lim->draw_plies || search_repeats(s, ply))
		*score = 0;
	else
		return 0;
	return 1;
}

static int search_node(struct search *s, int depth, int alpha, int beta, unsigned ply);

/* Search moves[i] at a node: PVS with a reduced first look at late quiet moves. */
static int search_child(struct search *s, tb_move m, unsigned i, int depth, int alpha, int beta, unsigned ply, int quiet)
{
	struct tb_undo u;
	int score;

	tb_make(s->b, m, &u);
	s->path[ply + 1] = s->b->hash;
	if (i == 0) {
		score = -search_node(s, depth - 1, -beta, -alpha, ply + 1);
	} else {
		int r = depth >= 3 && i >= 4 && quiet ? 1 : 0;
		score = -search_node(s, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
		if (score > alpha && r > 0)
			score = -search_node(s, depth - 1, -alpha - 1, -alpha, ply + 1);
		if (score > alpha && score < beta)
			score = -search_node(s, depth - 1, -beta, -alpha, ply + 1);
	}
	tb_unmake(s->b, &u);
	return score;
}

/* Store a node's result in the table. */
static void tt_store(struct search *s, int depth, int score, int alpha0, int beta, tb_move best, unsigned ply)
{
	struct tt_entry *e = &s->tt[s->b->hash & ((1u << TT_BITS) - 1)];

	if (e->key == s->b->hash && e->depth > depth && e->bound == TT_EXACT)
		return;
	e->key = s->b->hash;
	e->score = (int16_t)tt_in(score, ply);
	e->depth = (uint8_t)depth;
	e->bound = score <= alpha0 ? TT_UPPER : score >= beta ? TT_LOWER : TT_EXACT;
	e->move = best;
}

/* The table's word on this node if it settles it (1, *score), its move into *best. */
static int tt_probe(struct search *s, int depth, int alpha, int beta, unsigned ply, int *score, tb_move *best)
{
	const struct tt_entry *e = &s->tt[s->b->hash & ((1u << TT_BITS) - 1)];

	if (e->key != s->b->hash)
		return 0;
	*best = e->move;
	if (ply == 0 || e->depth < depth)
		return 0;
	int v = tt_out(e->score, ply);
	if (e->bound == TT_EXACT || (e->bound == TT_LOWER && v >= beta) || (e->bound == TT_UPPER && v <= alpha)) {
		*score = v;
		return 1;
	}
	return 0;
}

/* Negamax value of the node for the side to move, within alpha .. beta. */
static int search_node(struct search *s, int depth, int alpha, int beta, unsigned ply)
{
	tb_move moves[TB_MOVES_MAX], best = 0;
	uint32_t keys[TB_MOVES_MAX];
	int score, top = -INF, alpha0 = alpha;

	s->nodes++;
	if (search_end(s, ply, &score))
		return score;
	if (depth <= 0 || ply >= TB_PLY_MAX - 1)
		return tb_eval(s->b);
	if (tt_probe(s, depth, alpha, beta, ply, &score, &best))
		return score;
	unsigned n = tb_moves(s->b, moves);
	if (n == 0)
		return -(TB_WIN - (int)ply); /* no move: the side to move loses */
	search_order(s, moves, n, best, ply, keys);
	for (unsigned i = 0; i < n; i++) {
		search_pick(moves, keys, i, n);
		score = search_child(s, moves[i], i, depth, alpha, beta, ply, keys[i] < 0xe0000000u);
		if (search_stop(s))
			return 0;
		if (score > top)
			top = score, best = moves[i];
		if (score > alpha)
			alpha = score;
		if (alpha >= beta) {
			search_cutoff(s, moves[i], ply, depth);
			break;
		}
	}
	tt_store(s, depth, top, alpha0, beta, best, ply);
	return top;
}

/* One iteration at the root: every move with a full window when noise is wanted (each
 * move's own score, noise added), else PVS; the best into *move. 0, or -1 if time ran out
 * before the first move was searched. */
static int search_root(struct search *s, tb_move *moves, unsigned n, int depth, unsigned short rng[3], tb_move *move, int *value)
{
	int alpha = -INF, top = -INF, noise = s->lim->noise;

	for (unsigned i = 0; i < n; i++) {
		int score = search_child(s, moves[i], noise > 0 ? 0 : i, depth, noise > 0 ? -INF : alpha, INF, 0,
					!tb_captures(s->b, moves[i]));
		if (search_stop(s))
			return i == 0 ? -1 : 0;
		if (noise > 0 && score > -MATE_NEAR && score < MATE_NEAR)
			score += (int)(nrand48(rng) % (unsigned)(2 * noise + 1)) - noise;
		if (score > top) {
			top = score, *move = moves[i], *value = score;
			memmove(moves + 1, moves, i * sizeof *moves); /* the best first next time */
			moves[0] = *move;
		}
		if (score > alpha)
			alpha = score;
	}
	return 0;
}

/* Shuffle the root's moves, so that moves of equal worth are chosen at random. */
static void search_shuffle(tb_move *moves, unsigned n, unsigned short rng[3])
{
	for (unsigned i = n; i > 1; i--) {
		unsigned j = (unsigned)(nrand48(rng) % i);
		tb_move m = moves[i - 1];
		moves[i - 1] = moves[j], moves[j] = m;
	}
}

int tb_search(struct tb_board *b, const struct tb_limits *lim, unsigned short rng[3], struct tb_result *r)
{
	tb_move moves[TB_MOVES_MAX];
	struct search *s = calloc(1, sizeof *s);
	int64_t start = bd_now_ms();
	unsigned n = tb_moves(b, moves);

	if (s == NULL)
		return -1;
	s->b = b, s->lim = lim, s->path[0] = b->hash;
	s->deadline = lim->budget_ms > 0 ? start + lim->budget_ms : 0;
	memset(r, 0, sizeof *r);
	search_shuffle(moves, n, rng);
	for (unsigned d = 1; d <= lim->depth && d < TB_PLY_MAX && n > 0; d++) {
		tb_move m = 0;
		int v = 0;
		if (search_root(s, moves, n, (int)d, rng, &m, &v) < 0)
			break;
		r->move = m, r->score = v;
		if (s->stopped)
			break;
		r->depth = d;
		if (v > MATE_NEAR || v < -MATE_NEAR)
			break; /* a won or lost game found: deeper says no more */
		if (s->deadline != 0 && bd_now_ms() - start > lim->budget_ms / 2)
			break; /* the next iteration would not finish */
	}
	if (r->move == 0 && n > 0)
		r->move = moves[0];
	r->nodes = s->nodes;
	r->ms = bd_now_ms() - start;
	free(s);
	return 0;
}
