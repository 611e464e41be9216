/* brain-tafl-board.c: the search's board (brain-tafl.h): the rules of issue 12's 9x9 corner
 * Tablut on a padded mailbox, with undo. Only the king stops on the throne or a corner; the
 * empty throne is passed over; custodial capture by the side that moved, against its own
 * pieces (the king armed), a corner, or the throne (empty: hostile to both; the king's:
 * to attackers, the king being there); the king is taken by four on the throne, three and
 * the throne beside it, two (or one and a corner) elsewhere. */
#include <stdio.h>
#include <string.h>

#include "brain-tafl.h"

const int tb_dirs[4] = {1, -1, TB_W, -TB_W};

/* The Zobrist key of piece on sq (a side to move: TB_OFF on square 0), from splitmix64, so
 * that the keys need no table nor state. */
static uint64_t tb_key(unsigned sq, unsigned piece)
{
	uint64_t z = (uint64_t)(sq * 5 + piece + 1) * 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

int tb_corner(unsigned sq)
{
	return sq == TB_AT(0, 0) || sq == TB_AT(8, 0) || sq == TB_AT(0, 8) || sq == TB_AT(8, 8);
}

/* Put piece on an empty sq (or clear it, piece TB_EMPTY, of what is there), hash kept. */
static void tb_set(struct tb_board *b, unsigned sq, unsigned piece)
{
	if (b->sq[sq] != TB_EMPTY)
		b->hash ^= tb_key(sq, b->sq[sq]);
	b->sq[sq] = (uint8_t)piece;
	if (piece != TB_EMPTY)
		b->hash ^= tb_key(sq, piece);
}

int tb_load(struct tb_board *b, const uint8_t cells[81], unsigned side, unsigned quiet)
{
	memset(b, 0, sizeof *b);
	memset(b->sq, TB_OFF, sizeof b->sq);
	b->winner = -1;
	b->quiet = quiet;
	b->side = (uint8_t)side;
	b->hash = side ? tb_key(0, TB_OFF) : 0;
	for (unsigned i = 0; i < 81; i++) {
		unsigned sq = TB_AT(i % 9, 8 - i / 9);
		if (cells[i] > TB_KING)
			return -1;
		b->sq[sq] = TB_EMPTY;
		tb_set(b, sq, cells[i]);
		if (cells[i] == TB_KING)
			b->king = b->king == 0 ? (uint8_t)sq : 0xff;
		else if (cells[i] != TB_EMPTY)
			b->count[cells[i] == TB_DEF]++;
	}
	return b->king == 0 || b->king == 0xff || b->count[0] > 16 || b->count[1] > 8 ? -1 : 0;
}

/* Nonzero if the square may be stopped on by piece (the throne and corners: the king's). */
static int tb_stop(unsigned sq, unsigned piece)
{
	return piece == TB_KING || (sq != TB_THRONE && !tb_corner(sq));
}

unsigned tb_moves(const struct tb_board *b, tb_move moves[TB_MOVES_MAX])
{
	unsigned n = 0;

	for (unsigned from = TB_AT(0, 0); from <= TB_AT(8, 8); from++) {
		unsigned piece = b->sq[from];
		if (piece == TB_EMPTY || piece == TB_OFF || (piece == TB_ATT) != (b->side == TB_ATTACKERS))
			continue;
		for (unsigned d = 0; d < 4; d++)
			for (int to = (int)from + tb_dirs[d]; b->sq[to] == TB_EMPTY; to += tb_dirs[d])
				if (tb_stop((unsigned)to, piece))
					moves[n++] = TB_MOVE(from, (unsigned)to);
	}
	return n;
}

/* Nonzero if sq is hostile to a piece of victim's kind (TB_ATT or TB_DEF) for a capture by
 * the other side: a piece of the capturer, a corner, the throne empty (or the king's, to an
 * attacker: the king is there). */
static int tb_hostile(const struct tb_board *b, unsigned sq, unsigned victim)
{
	unsigned v = b->sq[sq];

	if (tb_corner(sq) || (sq == TB_THRONE && v == TB_EMPTY))
		return 1;
	return victim == TB_ATT ? v == TB_DEF || v == TB_KING : v == TB_ATT;
}

/* Nonzero if the king on k is taken by an attacker that came to `by` (beside it). */
static int tb_king_taken(const struct tb_board *b, unsigned k, unsigned by)
{
	int beside = k == TB_THRONE;

	for (unsigned d = 0; d < 4; d++)
		beside |= (unsigned)((int)k + tb_dirs[d]) == TB_THRONE;
	if (!beside) {
		unsigned far = 2 * k - by;
		return b->sq[far] == TB_ATT || tb_corner(far);
	}
	for (unsigned d = 0; d < 4; d++) {
		unsigned n = (unsigned)((int)k + tb_dirs[d]);
		if (b->sq[n] != TB_ATT && n != TB_THRONE)
			return 0;
	}
	return 1;
}

/* The squares captured by the piece that just came to `to`, into caught; how many. */
static unsigned tb_caught(const struct tb_board *b, unsigned to, uint8_t caught[4])
{
	unsigned n = 0, mover = b->sq[to];

	for (unsigned d = 0; d < 4; d++) {
		unsigned next = (unsigned)((int)to + tb_dirs[d]), v = b->sq[next];
		if (v == TB_KING && mover == TB_ATT) {
			if (tb_king_taken(b, next, to))
				caught[n++] = (uint8_t)next;
		} else if ((v == TB_ATT && mover != TB_ATT) || (v == TB_DEF && mover == TB_ATT)) {
			if (tb_hostile(b, (unsigned)((int)next + tb_dirs[d]), v))
				caught[n++] = (uint8_t)next;
		}
	}
	return n;
}

int tb_captures(struct tb_board *b, tb_move m)
{
	unsigned from = TB_FROM(m), to = TB_TO(m);
	uint8_t caught[4];

	b->sq[to] = b->sq[from]; /* the move on the squares alone, taken back at once */
	b->sq[from] = TB_EMPTY;
	unsigned n = tb_caught(b, to, caught);
	b->sq[from] = b->sq[to];
	b->sq[to] = TB_EMPTY;
	return n > 0;
}

void tb_make(struct tb_board *b, tb_move m, struct tb_undo *u)
{
	unsigned from = TB_FROM(m), to = TB_TO(m), piece = b->sq[from];

	u->move = m;
	u->winner = b->winner;
	u->quiet = b->quiet;
	u->hash = b->hash;
	u->king_taken = 0;
	u->king = b->king;
	tb_set(b, from, TB_EMPTY);
	tb_set(b, to, piece);
	if (piece == TB_KING)
		b->king = (uint8_t)to;
	u->ncaptured = (uint8_t)tb_caught(b, to, u->captured);
	for (unsigned i = 0; i < u->ncaptured; i++) {
		unsigned sq = u->captured[i], v = b->sq[sq];
		if (v == TB_KING)
			u->king_taken = 1, b->king = 0;
		else
			b->count[v == TB_DEF]--;
		tb_set(b, sq, TB_EMPTY);
	}
	b->quiet = u->ncaptured > 0 ? 0 : b->quiet + 1;
	if (u->king_taken)
		b->winner = TB_ATTACKERS;
	else if (piece == TB_KING && tb_corner(to))
		b->winner = TB_DEFENDERS;
	b->side ^= 1;
	b->hash ^= tb_key(0, TB_OFF);
}

void tb_unmake(struct tb_board *b, const struct tb_undo *u)
{
	unsigned from = TB_FROM(u->move), to = TB_TO(u->move), piece = b->sq[to];
	unsigned victim = piece == TB_ATT ? TB_DEF : TB_ATT;

	b->side ^= 1;
	for (unsigned i = 0; i < u->ncaptured; i++) {
		unsigned sq = u->captured[i];
		if (u->king_taken && sq == u->king)
			b->sq[sq] = TB_KING;
		else
			b->sq[sq] = (uint8_t)victim, b->count[victim == TB_DEF]++;
	}
	b->sq[to] = TB_EMPTY;
	b->sq[from] = (uint8_t)piece;
	b->king = u->king;
	b->winner = u->winner;
	b->quiet = u->quiet;
	b->hash = u->hash;
}

void tb_move_text(tb_move m, char out[8])
{
	unsigned from = TB_FROM(m), to = TB_TO(m);

	snprintf(out, 8, "%c%u-%c%u", 'a' + TB_FILE(from), TB_RANK(from) + 1, 'a' + TB_FILE(to), TB_RANK(to) + 1);
}
