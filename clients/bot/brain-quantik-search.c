/* brain-quantik-search.c: Quantik solved by exact search (brain-quantik.h): negamax over
 * win or loss, a move that wins at once tried before any other, the others in the order of
 * the fewest replies they leave, and a table of solved positions keyed by a canonical form
 * under the board's 128 symmetries and the 24 ways to rename the shapes, so that each
 * position is solved once per class of equivalent ones. From the empty board it proves the
 * second player's win in about 90,000 positions. */
#include <stdlib.h>
#include <string.h>

#include "brain-quantik.h"

#define QKS_TABLE_SIZE (1u << QKS_TABLE_BITS)

static uint8_t qks_perm[QK_SYMS][QK_CELLS]; /* transform t: new cell i holds old cell qks_perm[t][i] */
static int qks_perm_ready;
static uint64_t *qks_keys;                   /* canonical key + 1, 0 for an empty slot; two ways a slot */
static uint8_t *qks_values;                  /* its value, and its pieces placed << 1 */
static uint64_t qks_searched;

/* The symmetries as cell permutations. */
static void qks_init_perm(void)
{
	for (unsigned t = 0; t < QK_SYMS; t++)
		for (unsigned c = 0; c < QK_CELLS; c++)
			qks_perm[t][qk_sym_cell(t, c)] = (uint8_t)c;
	qks_perm_ready = 1;
}

/* The table of solved positions (once): 0, or -1. */
static int qks_init(void)
{
	if (qks_keys != NULL)
		return 0;
	qks_keys = calloc(QKS_TABLE_SIZE, sizeof *qks_keys);
	qks_values = calloc(QKS_TABLE_SIZE, 1);
	if (qks_keys == NULL || qks_values == NULL) {
		free(qks_keys);
		free(qks_values);
		qks_keys = NULL;
		return -1;
	}
	return 0;
}

void qks_board_of(const struct qk_pos *p, struct qks_board *b)
{
	unsigned me = qk_to_move(p);

	memcpy(b->mine, p->piece[me], sizeof b->mine);
	memcpy(b->theirs, p->piece[!me], sizeof b->theirs);
}

/* The cells of any piece. */
static uint16_t qks_occupied(const struct qks_board *b)
{
	uint16_t occ = 0;

	for (unsigned s = 0; s < QK_SHAPES; s++)
		occ |= b->mine[s] | b->theirs[s];
	return occ;
}

/* The cells where a piece of a shape whose opponent pieces are on theirs may not go. */
static uint16_t qks_forbidden(uint16_t theirs)
{
	uint16_t f = 0;

	for (; theirs; theirs &= (uint16_t)(theirs - 1))
		f |= qk_cell_reach[__builtin_ctz(theirs)];
	return f;
}

unsigned qks_moves(const struct qks_board *b, uint8_t moves[QK_MOVES_MAX])
{
	uint16_t free_cells = (uint16_t)~qks_occupied(b);
	unsigned n = 0;

	for (unsigned s = 0; s < QK_SHAPES; s++) {
		if (__builtin_popcount(b->mine[s]) >= QK_COPIES)
			continue;
		for (unsigned ok = free_cells & (uint16_t)~qks_forbidden(b->theirs[s]); ok; ok &= ok - 1)
			moves[n++] = (uint8_t)QK_MOVE(s, (unsigned)__builtin_ctz(ok));
	}
	return n;
}

int qks_wins(const struct qks_board *b, unsigned m)
{
	unsigned s = QK_SHAPE_OF(m), c = QK_CELL_OF(m);
	uint16_t occ = (uint16_t)(qks_occupied(b) | 1u << c);

	for (unsigned i = 0; i < 3; i++) {
		uint16_t line = qk_line_cells[qk_cell_lines[c][i]];
		unsigned shapes = 1u << s;
		if ((occ & line) != line)
			continue;
		for (unsigned t = 0; t < QK_SHAPES; t++)
			if ((b->mine[t] | b->theirs[t]) & line)
				shapes |= 1u << t;
		if (shapes == 15)
			return 1;
	}
	return 0;
}

void qks_play(struct qks_board *b, unsigned m)
{
	uint16_t mine[QK_SHAPES];

	memcpy(mine, b->mine, sizeof mine);
	mine[QK_SHAPE_OF(m)] |= (uint16_t)(1u << QK_CELL_OF(m));
	memcpy(b->mine, b->theirs, sizeof mine);
	memcpy(b->theirs, mine, sizeof mine);
}

/* Over the symmetries, the least of the boards read cell by cell (4 bits a cell, cell 0 the
 * highest: 0 empty, 1-4 a piece of the side to move, 5-8 the other's) with the shapes
 * renamed in the order they first appear. A transform stops as soon as it is above the least. */
uint64_t qks_key(const struct qks_board *b)
{
	uint8_t st[QK_CELLS] = {0};
	uint64_t best = UINT64_MAX;

	if (!qks_perm_ready)
		qks_init_perm();

	for (unsigned s = 0; s < QK_SHAPES; s++)
		for (unsigned c = 0; c < QK_CELLS; c++)
			st[c] = b->mine[s] >> c & 1u ? (uint8_t)(1 + s) : b->theirs[s] >> c & 1u ? (uint8_t)(5 + s) : st[c];
	for (unsigned t = 0; t < QK_SYMS; t++) {
		uint8_t name[QK_SHAPES] = {0}, named = 0;
		uint64_t k = 0;
		unsigned i;
		for (i = 0; i < QK_CELLS; i++) {
			unsigned v = st[qks_perm[t][i]];
			if (v != 0) {
				unsigned s = (v - 1) & 3;
				if (name[s] == 0)
					name[s] = ++named;
				v = (v > 4 ? 4 : 0) + name[s];
			}
			k = k << 4 | v;
			if (k > best >> (60 - 4 * i))
				break;
		}
		if (i == QK_CELLS && k < best)
			best = k;
	}
	return best;
}

/* The n moves' boards into next[], in order[] the fewest replies first. */
static void qks_order(const struct qks_board *b, const uint8_t *moves, unsigned n, struct qks_board next[],
		      unsigned order[])
{
	unsigned replies[QK_MOVES_MAX];
	uint8_t scratch[QK_MOVES_MAX];

	for (unsigned i = 0; i < n; i++) {
		next[i] = *b;
		qks_play(&next[i], moves[i]);
		replies[i] = qks_moves(&next[i], scratch);
		unsigned j = i;
		for (; j > 0 && replies[order[j - 1]] > replies[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
}

/* Keep key's value (placed: its pieces) in one of the two slots from slot: an empty one,
 * else the one of more pieces, cheaper to solve again. */
static void qks_store(uint32_t slot, uint64_t key, int value, unsigned placed)
{
	unsigned w = qks_keys[slot] == 0 ? 0 : qks_keys[slot + 1] == 0 ? 1 : qks_values[slot] >> 1 < qks_values[slot + 1] >> 1;

	qks_keys[slot + w] = key + 1;
	qks_values[slot + w] = (uint8_t)(value | placed << 1);
}

/* 1 if the side to move wins b, 0 if it loses. */
static int qks_search(const struct qks_board *b)
{
	uint8_t moves[QK_MOVES_MAX];
	unsigned n = qks_moves(b, moves), order[QK_MOVES_MAX];
	struct qks_board next[QK_MOVES_MAX];
	int value = 0;

	qks_searched++;
	for (unsigned i = 0; i < n; i++)
		if (qks_wins(b, moves[i]))
			return 1;
	if (n == 0)
		return 0;
	uint64_t key = qks_key(b);
	uint32_t slot = (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> (64 - QKS_TABLE_BITS)) & ~1u;
	for (unsigned w = 0; w < 2; w++)
		if (qks_keys[slot + w] == key + 1)
			return qks_values[slot + w] & 1;
	qks_order(b, moves, n, next, order);
	for (unsigned i = 0; i < n && !value; i++)
		value = !qks_search(&next[order[i]]);
	qks_store(slot, key, value, (unsigned)__builtin_popcount(qks_occupied(b)));
	return value;
}

int qks_solve(const struct qks_board *b)
{
	return qks_init() < 0 ? -1 : qks_search(b);
}

uint64_t qks_nodes(void)
{
	return qks_searched;
}
