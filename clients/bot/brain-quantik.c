/* brain-quantik.c: Quantik's brain (brain.h) over the exact search of
 * brain-quantik-search.c, its levels as brain.h says. The search keeps its table of solved
 * positions between calls: the answers do not depend on it, only the time they take. */
#include <stdlib.h>
#include <string.h>

#include "brain.h"
#include "brain-quantik.h"

#define BRAIN_QK_MEDIUM_EMPTY 6
#define BRAIN_QK_THREAT_PLACED 4 /* perfect weighs a lost position's moves from this many pieces on */

/* The moves of m[0 .. n - 1] that win at once, moved to the front; how many. */
static unsigned brain_qk_winning_now(const struct qks_board *b, uint8_t *m, unsigned n)
{
	unsigned k = 0;

	for (unsigned i = 0; i < n; i++)
		if (qks_wins(b, m[i])) {
			uint8_t t = m[k];
			m[k++] = m[i];
			m[i] = t;
		}
	return k;
}

/* How many pieces b holds. */
static unsigned brain_qk_placed(const struct qks_board *b)
{
	unsigned n = 0;

	for (unsigned s = 0; s < QK_SHAPES; s++)
		n += (unsigned)__builtin_popcount(b->mine[s]) + (unsigned)__builtin_popcount(b->theirs[s]);
	return n;
}

/* One of m[0 .. n - 1], uniformly at random. */
static unsigned brain_qk_any(const uint8_t *m, unsigned n, unsigned short rng[3])
{
	return m[(unsigned long)nrand48(rng) % n];
}

/* Nonzero if after the legal move m the opponent can win at once. */
static int brain_qk_gives(const struct qks_board *b, unsigned m)
{
	struct qks_board next = *b;
	uint8_t replies[QK_MOVES_MAX];

	qks_play(&next, m);
	unsigned n = qks_moves(&next, replies);
	return brain_qk_winning_now(&next, replies, n) > 0;
}

/* The share of the opponent's replies to m that win, in 1/1000ths (1000 if it has none:
 * it lost, which m does not; a move that wins at once is never asked about). */
static unsigned brain_qk_threat(const struct qks_board *b, unsigned m)
{
	struct qks_board next = *b;
	uint8_t replies[QK_MOVES_MAX];
	unsigned won = 0;

	qks_play(&next, m);
	unsigned n = qks_moves(&next, replies);
	for (unsigned i = 0; i < n; i++) {
		struct qks_board after = next;
		qks_play(&after, replies[i]);
		won += qks_wins(&next, replies[i]) || qks_solve(&after) == 0;
	}
	return n == 0 ? 1000 : won * 1000 / n;
}

/* The share of winning replies each of the n moves m leaves, into threat[]: once for each
 * class of equivalent positions they lead to. */
static void brain_qk_threats(const struct qks_board *b, const uint8_t *m, unsigned n, unsigned threat[])
{
	uint64_t key[QK_MOVES_MAX];

	for (unsigned i = 0; i < n; i++) {
		struct qks_board next = *b;
		unsigned j = 0;
		qks_play(&next, m[i]);
		key[i] = qks_key(&next);
		while (j < i && key[j] != key[i])
			j++;
		threat[i] = j < i ? threat[j] : brain_qk_threat(b, m[i]);
	}
}

/* perfect, in a position with n moves m and none that wins at once. */
static int brain_qk_perfect(const struct qks_board *b, uint8_t *m, unsigned n, unsigned short rng[3])
{
	unsigned k = 0, best = 1001, threat[QK_MOVES_MAX];

	if (qks_solve(b) < 0)
		return -1; /* no memory for the search */
	for (unsigned i = 0; i < n; i++) {
		struct qks_board next = *b;
		qks_play(&next, m[i]);
		if (qks_solve(&next) == 0)
			m[k++] = m[i];
	}
	if (k > 0)
		return (int)brain_qk_any(m, k, rng);
	if (brain_qk_placed(b) < BRAIN_QK_THREAT_PLACED)
		return (int)brain_qk_any(m, n, rng); /* too early to weigh: thousands of positions to solve */
	brain_qk_threats(b, m, n, threat);
	for (unsigned i = 0; i < n; i++)
		if (threat[i] < best)
			best = threat[i];
	for (unsigned i = 0; i < n; i++)
		if (threat[i] == best)
			m[k++] = m[i];
	return (int)brain_qk_any(m, k, rng);
}

/* medium, in a position with n moves m and none that wins at once. */
static int brain_qk_medium(const struct qks_board *b, uint8_t *m, unsigned n, unsigned short rng[3])
{
	unsigned k = 0;

	if (QK_CELLS - brain_qk_placed(b) <= BRAIN_QK_MEDIUM_EMPTY)
		return brain_qk_perfect(b, m, n, rng);
	for (unsigned i = 0; i < n; i++)
		if (!brain_qk_gives(b, m[i]))
			m[k++] = m[i];
	return (int)brain_qk_any(m, k > 0 ? k : n, rng);
}

int brain_qk_move(const struct qks_board *b, enum bot_level level, unsigned short rng[3])
{
	uint8_t m[QK_MOVES_MAX];
	unsigned n = qks_moves(b, m), now;

	if (n == 0 || (level != BOT_EASY && level != BOT_MEDIUM && level != BOT_PERFECT))
		return -1;
	if ((now = brain_qk_winning_now(b, m, n)) > 0)
		return (int)brain_qk_any(m, now, rng);
	if (level == BOT_EASY)
		return (int)brain_qk_any(m, n, rng);
	return level == BOT_MEDIUM ? brain_qk_medium(b, m, n, rng) : brain_qk_perfect(b, m, n, rng);
}

int brain_qk_value(const char *position)
{
	struct qk_pos p;
	struct qks_board b;

	if (qk_pos_parse(&p, position) < 0 || qk_result(&p, NULL) >= 0)
		return -1;
	qks_board_of(&p, &b);
	return qks_solve(&b);
}

int brain_qk_play(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX])
{
	struct qk_pos p;
	struct qks_board b;
	int m;

	if (qk_pos_parse(&p, position) < 0 || qk_result(&p, NULL) >= 0)
		return -1;
	qks_board_of(&p, &b);
	if ((m = brain_qk_move(&b, level, rng)) < 0)
		return -1;
	qk_move_format((unsigned)m, move);
	return 0;
}

void brain_qk_position(const struct bd_pub *snap, char position[GAME_POS_MAX])
{
	struct qk_pos p;

	qk_round_pos(&qk_pub_area(snap)->now, &p);
	qk_pos_format(&p, position);
}

unsigned brain_qk_opener(const struct bd_pub *snap)
{
	return qk_pub_area(snap)->now.first == 1;
}

int brain_qk_moved(const struct bd_event *ev, unsigned *side, char words[GAME_MOVE_MAX])
{
	if (ev->type != QK_EV_PLACE)
		return 0;
	*side = qk_ev(ev)->side;
	qk_move_format(qk_ev(ev)->move, words);
	return 1;
}
