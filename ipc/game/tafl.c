/* tafl.c: Hnefatafl's rules and notation (tafl.h): pure functions. */
#include <stdio.h>
#include <string.h>

#include "tafl.h"

/* The four directions as cell steps, with the column change of each (to stay on the board). */
static const int tafl_step[4] = {-TAFL_SIDE, TAFL_SIDE, -1, 1};
static const int tafl_dcol[4] = {0, 0, -1, 1};

static const char *const tafl_end_words[TAFL_END_COUNT] = {"on", "escaped", "captured", "nomoves", "repetition",
							   "quiet"};
static const char *const tafl_side_words[2] = {"attackers", "defenders"};

const char *tafl_end_word(unsigned end)
{
	return end > TAFL_END_ON && end < TAFL_END_COUNT ? tafl_end_words[end] : NULL;
}

int tafl_end_winner(unsigned end, unsigned to_move)
{
	switch (end) {
	case TAFL_END_ESCAPED: return TAFL_DEFENDERS;
	case TAFL_END_CAPTURED: return TAFL_ATTACKERS;
	case TAFL_END_NOMOVES: return (int)!to_move;
	default: return -1;
	}
}

/* The neighbour of cell in direction d, or -1 off the board. */
static int tafl_next(unsigned cell, unsigned d)
{
	int col = (int)(cell % TAFL_SIDE) + tafl_dcol[d], n = (int)cell + tafl_step[d];

	return col < 0 || col >= TAFL_SIDE || n < 0 || n >= TAFL_CELLS ? -1 : n;
}

int tafl_corner(unsigned cell)
{
	return cell == 0 || cell == TAFL_SIDE - 1 || cell == TAFL_CELLS - TAFL_SIDE || cell == TAFL_CELLS - 1;
}

int tafl_beside_throne(unsigned cell)
{
	return cell == TAFL_THRONE - TAFL_SIDE || cell == TAFL_THRONE + TAFL_SIDE || cell == TAFL_THRONE - 1 ||
	       cell == TAFL_THRONE + 1;
}

/* Whose piece is piece: 0 attackers, 1 defenders (the king too); piece is not empty. */
static unsigned tafl_owner(unsigned piece)
{
	return piece >= TAFL_DEF;
}

/* A fixed pseudo-random 64-bit key for n (splitmix64's finalizer): Zobrist keys without a
 * table to fill. */
static uint64_t tafl_key(uint64_t n)
{
	uint64_t z = (n + 1) * 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The key of piece on cell; of the defenders to move. */
#define TAFL_KEY(cell, piece) tafl_key((uint64_t)(cell) * 4 + (piece))
#define TAFL_KEY_SIDE tafl_key(TAFL_CELLS * 4)

uint64_t tafl_hash(const struct tafl_pos *p)
{
	uint64_t h = p->side == TAFL_DEFENDERS ? TAFL_KEY_SIDE : 0;

	for (unsigned i = 0; i < TAFL_CELLS; i++)
		if (p->cell[i] != TAFL_EMPTY)
			h ^= TAFL_KEY(i, p->cell[i]);
	return h;
}

/* Count the pieces and find the king: natt, ndef, king from the cells. */
static void tafl_census(struct tafl_pos *p)
{
	p->natt = p->ndef = 0;
	p->king = TAFL_NO_CELL;
	for (unsigned i = 0; i < TAFL_CELLS; i++) {
		p->natt += p->cell[i] == TAFL_ATT;
		p->ndef += p->cell[i] == TAFL_DEF;
		if (p->cell[i] == TAFL_KING)
			p->king = (uint8_t)i;
	}
}

/* Why the cells and side of p (census done, kings counted in nking) are no position a game
 * can reach, or NULL. */
static const char *tafl_pos_check(const struct tafl_pos *p, unsigned nking)
{
	if (p->side > TAFL_DEFENDERS)
		return "the side to move is attackers or defenders";
	if (nking > 1)
		return "there is one king";
	if (p->natt > 16)
		return "the attackers have 16 pieces at most";
	if (p->ndef > 8)
		return "the defenders have 8 pieces and the king at most";
	for (unsigned i = 0; i < TAFL_CELLS; i++)
		if ((i == TAFL_THRONE || tafl_corner(i)) && p->cell[i] != TAFL_EMPTY && p->cell[i] != TAFL_KING)
			return "only the king may stand on the throne or a corner";
	if (p->king == TAFL_NO_CELL && p->side != TAFL_DEFENDERS)
		return "the king was captured, so the attackers moved last: the defenders are to move";
	if (p->king != TAFL_NO_CELL && tafl_corner(p->king) && p->side != TAFL_ATTACKERS)
		return "the king escaped, so the defenders moved last: the attackers are to move";
	return NULL;
}

void tafl_pos_start(struct tafl_pos *p)
{
	tafl_pos_parse(p, TAFL_START);
}

/* One rank of a board's text at s (up to its closing slash) into row; the text after it, or
 * NULL with *why. */
static const char *tafl_rank_read(const char *s, uint8_t *row, unsigned *nking, const char **why)
{
	unsigned n = 0;

	for (; *s != '/'; s++) {
		if (*s >= '1' && *s <= '9') {
			if (n + (unsigned)(*s - '0') > TAFL_SIDE)
				break;
			for (unsigned k = (unsigned)(*s - '0'); k > 0; k--)
				row[n++] = TAFL_EMPTY;
			if (s[1] >= '0' && s[1] <= '9')
				return *why = "a run of empty cells is one digit, 1 to 9", NULL;
			continue;
		}
		if (n >= TAFL_SIDE || (*s != 't' && *s != 'T' && *s != 'K'))
			break;
		row[n++] = *s == 't' ? TAFL_ATT : *s == 'T' ? TAFL_DEF : TAFL_KING;
		*nking += *s == 'K';
	}
	if (*s != '/' || n != TAFL_SIDE)
		return *why = "a rank is 9 cells (t attacker, T defender, K king, a digit: empty cells) between slashes",
		       NULL;
	return s + 1;
}

const char *tafl_pos_parse(struct tafl_pos *p, const char *s)
{
	struct tafl_pos q;
	unsigned nking = 0;
	const char *why = NULL;

	if (s == NULL || s[0] != '/')
		return "a position starts with a slash (OpenTafl notation: ranks 9 to 1 between slashes)";
	s++;
	for (unsigned r = 0; r < TAFL_SIDE; r++)
		if ((s = tafl_rank_read(s, q.cell + r * TAFL_SIDE, &nking, &why)) == NULL)
			return why;
	if (*s == '\0' || strcmp(s, " attackers") == 0)
		q.side = TAFL_ATTACKERS;
	else if (strcmp(s, " defenders") == 0)
		q.side = TAFL_DEFENDERS;
	else
		return "after the 9 ranks comes nothing, or a space and the side to move (attackers or defenders)";
	tafl_census(&q);
	if ((why = tafl_pos_check(&q, nking)) != NULL)
		return why;
	q.hash = tafl_hash(&q);
	*p = q;
	return NULL;
}

void tafl_pos_format(const struct tafl_pos *p, char out[TAFL_POS_LEN])
{
	static const char piece[4] = {'.', 't', 'T', 'K'};
	size_t n = 0;

	out[n++] = '/';
	for (unsigned r = 0; r < TAFL_SIDE; r++) {
		unsigned run = 0;
		for (unsigned c = 0; c < TAFL_SIDE; c++) {
			uint8_t v = p->cell[r * TAFL_SIDE + c];
			if (v == TAFL_EMPTY) {
				run++;
				continue;
			}
			if (run > 0)
				out[n++] = (char)('0' + run);
			run = 0;
			out[n++] = piece[v & 3];
		}
		if (run > 0)
			out[n++] = (char)('0' + run);
		out[n++] = '/';
	}
	out[n++] = ' ';
	strcpy(out + n, tafl_side_words[p->side & 1]);
}

void tafl_cell_name(unsigned cell, char out[4])
{
	if (cell >= TAFL_CELLS) {
		strcpy(out, "-");
		return;
	}
	out[0] = (char)('a' + cell % TAFL_SIDE);
	out[1] = (char)('1' + (TAFL_SIDE - 1 - cell / TAFL_SIDE));
	out[2] = '\0';
}

int tafl_cell_parse(const char *s)
{
	if (s[0] < 'a' || s[0] > 'i' || s[1] < '1' || s[1] > '9' || s[2] != '\0')
		return -1;
	return (TAFL_SIDE - 1 - (s[1] - '1')) * TAFL_SIDE + (s[0] - 'a');
}

/* Nonzero if piece may stop on cell (empty): the throne and the corners are the king's. */
static int tafl_may_stop(unsigned piece, unsigned cell)
{
	return piece == TAFL_KING || (cell != TAFL_THRONE && !tafl_corner(cell));
}

/* Append the moves of the piece on cell to moves[n..]; the new count. */
static unsigned tafl_piece_moves(const struct tafl_pos *p, unsigned cell, struct tafl_move *moves, unsigned n)
{
	unsigned piece = p->cell[cell];

	for (unsigned d = 0; d < 4; d++)
		for (int to = tafl_next(cell, d); to >= 0 && p->cell[to] == TAFL_EMPTY; to = tafl_next((unsigned)to, d))
			if (tafl_may_stop(piece, (unsigned)to))
				moves[n++] = (struct tafl_move){(uint8_t)cell, (uint8_t)to};
	return n;
}

/* Nonzero once the king escaped or fell: nobody moves any more. */
static int tafl_decided(const struct tafl_pos *p)
{
	return p->king == TAFL_NO_CELL || tafl_corner(p->king);
}

unsigned tafl_moves(const struct tafl_pos *p, struct tafl_move moves[TAFL_MOVES_MAX])
{
	unsigned n = 0;

	if (tafl_decided(p))
		return 0;
	for (unsigned i = 0; i < TAFL_CELLS; i++)
		if (p->cell[i] != TAFL_EMPTY && tafl_owner(p->cell[i]) == p->side)
			n = tafl_piece_moves(p, i, moves, n);
	return n;
}

int tafl_can_move(const struct tafl_pos *p)
{
	struct tafl_move some[2 * (TAFL_SIDE - 1)]; /* one piece's moves, at most */

	if (tafl_decided(p))
		return 0;
	for (unsigned i = 0; i < TAFL_CELLS; i++)
		if (p->cell[i] != TAFL_EMPTY && tafl_owner(p->cell[i]) == p->side && tafl_piece_moves(p, i, some, 0) > 0)
			return 1;
	return 0;
}

/* The direction from cell a to cell b on one row or column (a != b), or -1. */
static int tafl_direction(unsigned a, unsigned b)
{
	if (a / TAFL_SIDE == b / TAFL_SIDE)
		return b > a ? 3 : 2;
	if (a % TAFL_SIDE == b % TAFL_SIDE)
		return b > a ? 1 : 0;
	return -1;
}

const char *tafl_illegal(const struct tafl_pos *p, struct tafl_move m)
{
	if (tafl_decided(p))
		return BD_REASON("the game is over");
	if (m.from >= TAFL_CELLS || m.to >= TAFL_CELLS)
		return BD_REASON("off the board");
	if (p->cell[m.from] == TAFL_EMPTY)
		return BD_REASON("there is no piece to move there");
	if (tafl_owner(p->cell[m.from]) != p->side)
		return BD_REASON("that piece is the other side's");
	if (m.from == m.to)
		return BD_REASON("a move must go somewhere: no passing");
	int d = tafl_direction(m.from, m.to);
	if (d < 0)
		return BD_REASON("a piece moves along its row or its column only");
	for (int c = tafl_next(m.from, (unsigned)d); c != m.to; c = tafl_next((unsigned)c, (unsigned)d))
		if (p->cell[c] != TAFL_EMPTY)
			return BD_REASON("a piece may not jump over another");
	if (p->cell[m.to] != TAFL_EMPTY)
		return BD_REASON("the destination is taken");
	if (m.to == TAFL_THRONE && p->cell[m.from] != TAFL_KING)
		return BD_REASON("only the king may stop on the throne");
	if (tafl_corner(m.to) && p->cell[m.from] != TAFL_KING)
		return BD_REASON("only the king may stop on a corner");
	return NULL;
}

/* Nonzero if cell (-1: off the board) is hostile to victim: a piece of the other side (the
 * king is armed), a corner, the empty throne; the king's throne only to attackers. */
static int tafl_hostile(const struct tafl_pos *p, int cell, unsigned victim)
{
	if (cell < 0)
		return 0;
	if (tafl_corner((unsigned)cell))
		return 1;
	unsigned v = p->cell[cell];
	if (cell == TAFL_THRONE && v == TAFL_EMPTY)
		return 1;
	return v != TAFL_EMPTY && tafl_owner(v) != tafl_owner(victim);
}

/* Nonzero if the king on cell is taken by the attacker that came to its neighbour in
 * direction d (from the king, the opposite way): on the throne by four attackers, beside it
 * by three and the throne, elsewhere as any piece. */
static int tafl_king_taken(const struct tafl_pos *p, unsigned cell, unsigned d)
{
	if (cell == TAFL_THRONE || tafl_beside_throne(cell)) {
		for (unsigned k = 0; k < 4; k++) {
			int n = tafl_next(cell, k);
			if (n != TAFL_THRONE && p->cell[n] != TAFL_ATT)
				return 0;
		}
		return 1;
	}
	int far = tafl_next(cell, d);
	return far >= 0 && (tafl_corner((unsigned)far) || p->cell[far] == TAFL_ATT);
}

/* Remove what the piece that came to cell `to` captures; into *caps. */
static void tafl_capture(struct tafl_pos *p, unsigned to, struct tafl_caps *caps)
{
	unsigned mover = p->cell[to];

	for (unsigned d = 0; d < 4; d++) {
		int n = tafl_next(to, d);
		if (n < 0 || p->cell[n] == TAFL_EMPTY || tafl_owner(p->cell[n]) == tafl_owner(mover))
			continue;
		unsigned victim = p->cell[n];
		if (victim == TAFL_KING ? !tafl_king_taken(p, (unsigned)n, d) : !tafl_hostile(p, tafl_next((unsigned)n, d), victim))
			continue;
		caps->cell[caps->n] = (uint8_t)n;
		caps->piece[caps->n++] = (uint8_t)victim;
	}
	for (unsigned i = 0; i < caps->n; i++) {
		unsigned c = caps->cell[i], v = caps->piece[i];
		p->cell[c] = TAFL_EMPTY;
		p->hash ^= TAFL_KEY(c, v);
		if (v == TAFL_KING)
			p->king = TAFL_NO_CELL;
		else if (v == TAFL_ATT)
			p->natt--;
		else
			p->ndef--;
	}
}

void tafl_apply(struct tafl_pos *p, struct tafl_move m, struct tafl_caps *caps)
{
	struct tafl_caps local;
	unsigned piece = p->cell[m.from];

	if (caps == NULL)
		caps = &local;
	caps->n = 0;
	p->cell[m.from] = TAFL_EMPTY;
	p->cell[m.to] = (uint8_t)piece;
	p->hash ^= TAFL_KEY(m.from, piece) ^ TAFL_KEY(m.to, piece) ^ TAFL_KEY_SIDE;
	if (piece == TAFL_KING)
		p->king = m.to;
	tafl_capture(p, m.to, caps);
	p->side ^= 1;
}

void tafl_undo(struct tafl_pos *p, struct tafl_move m, const struct tafl_caps *caps)
{
	unsigned piece = p->cell[m.to];

	for (unsigned i = 0; i < caps->n; i++) {
		unsigned c = caps->cell[i], v = caps->piece[i];
		p->cell[c] = (uint8_t)v;
		p->hash ^= TAFL_KEY(c, v);
		if (v == TAFL_KING)
			p->king = (uint8_t)c;
		else if (v == TAFL_ATT)
			p->natt++;
		else
			p->ndef++;
	}
	p->cell[m.to] = TAFL_EMPTY;
	p->cell[m.from] = (uint8_t)piece;
	p->hash ^= TAFL_KEY(m.from, piece) ^ TAFL_KEY(m.to, piece) ^ TAFL_KEY_SIDE;
	if (piece == TAFL_KING)
		p->king = m.from;
	p->side ^= 1;
}

unsigned tafl_status(const struct tafl_pos *p)
{
	if (p->king == TAFL_NO_CELL)
		return TAFL_END_CAPTURED;
	if (tafl_corner(p->king))
		return TAFL_END_ESCAPED;
	return tafl_can_move(p) ? TAFL_END_ON : TAFL_END_NOMOVES;
}

/* --- Moves in notation ----------------------------------------------------------------- */
/* A move's text read without a position: cells, the K marks, the captures it names. */
struct tafl_note {
	struct tafl_move m;
	int king;            /* written with K */
	unsigned ncap;
	uint8_t cap[TAFL_CAPS_MAX];
	uint8_t cap_king[TAFL_CAPS_MAX];
};

/* A cell name (optionally K first) at *s into *cell and *king, advancing *s; 0, or -1. */
static int tafl_note_cell(const char **s, int *king, uint8_t *cell)
{
	char name[3];

	*king = **s == 'K';
	*s += *king;
	if ((*s)[0] == '\0' || (*s)[1] == '\0')
		return -1;
	memcpy(name, *s, 2);
	name[2] = '\0';
	int c = tafl_cell_parse(name);
	if (c < 0)
		return -1;
	*cell = (uint8_t)c;
	*s += 2;
	return 0;
}

/* Read a move's text into *n: 0, or -1 if it is not a move in notation. */
static int tafl_note_read(const char *s, struct tafl_note *n)
{
	int king;

	memset(n, 0, sizeof *n);
	if (s == NULL || tafl_note_cell(&s, &n->king, &n->m.from) < 0 || *s++ != '-' ||
	    tafl_note_cell(&s, &king, &n->m.to) < 0 || king)
		return -1;
	if (*s == '\0')
		return 0;
	if (*s++ != 'x')
		return -1;
	do {
		if (n->ncap == TAFL_CAPS_MAX || tafl_note_cell(&s, &king, &n->cap[n->ncap]) < 0)
			return -1;
		n->cap_king[n->ncap++] = (uint8_t)king;
	} while (*s++ == '/');
	return s[-1] == '\0' ? 0 : -1;
}

/* Write a move's text from n (OpenTafl's form) into out. */
static void tafl_note_write(const struct tafl_note *n, char out[TAFL_MOVE_LEN])
{
	char a[4], b[4];
	size_t len;

	tafl_cell_name(n->m.from, a);
	tafl_cell_name(n->m.to, b);
	len = (size_t)snprintf(out, TAFL_MOVE_LEN, "%s%s-%s", n->king ? "K" : "", a, b);
	for (unsigned i = 0; i < n->ncap && i < TAFL_CAPS_MAX; i++) {
		tafl_cell_name(n->cap[i], a);
		len += (size_t)snprintf(out + len, TAFL_MOVE_LEN - len, "%s%s%s", i ? "/" : "x",
					n->cap_king[i] ? "K" : "", a);
	}
}

/* The note of move m played from p, with its captures. */
static void tafl_note_of(const struct tafl_pos *p, struct tafl_move m, const struct tafl_caps *caps,
			 struct tafl_note *n)
{
	memset(n, 0, sizeof *n);
	n->m = m;
	n->king = p->cell[m.from] == TAFL_KING;
	for (unsigned i = 0; caps != NULL && i < caps->n; i++) {
		n->cap[n->ncap] = caps->cell[i];
		n->cap_king[n->ncap++] = caps->piece[i] == TAFL_KING;
	}
}

void tafl_move_format(const struct tafl_pos *p, struct tafl_move m, const struct tafl_caps *caps,
		      char out[TAFL_MOVE_LEN])
{
	struct tafl_note n;

	tafl_note_of(p, m, caps, &n);
	tafl_note_write(&n, out);
}

/* Nonzero if the captures a player wrote (in any order) are those the move makes. */
static int tafl_note_caps_match(const struct tafl_note *said, const struct tafl_note *made)
{
	if (said->ncap != made->ncap)
		return 0;
	for (unsigned i = 0; i < said->ncap; i++) {
		unsigned j = 0;
		while (j < made->ncap && (made->cap[j] != said->cap[i] || made->cap_king[j] != said->cap_king[i]))
			j++;
		if (j == made->ncap)
			return 0;
	}
	return 1;
}

int tafl_move_parse(const struct tafl_pos *p, const char *s, struct tafl_move *m, const char **why)
{
	struct tafl_note said, made;
	struct tafl_caps caps;
	struct tafl_pos after = *p;

	if (tafl_note_read(s, &said) < 0)
		return *why = bd_game_tafl.move_usage, -1;
	if ((*why = tafl_illegal(p, said.m)) != NULL)
		return -2;
	if (said.king && p->cell[said.m.from] != TAFL_KING)
		return *why = BD_REASON("K marks the king's moves, and that piece is not the king"), -2;
	if (said.ncap > 0) {
		tafl_apply(&after, said.m, &caps);
		tafl_note_of(p, said.m, &caps, &made);
		if (!tafl_note_caps_match(&said, &made))
			return *why = BD_REASON("the captures written are not the ones the move makes"), -2;
	}
	*m = said.m;
	return 0;
}

/* --- A game: the draws ------------------------------------------------------------------- */
void tafl_game_start(struct tafl_game *g, const struct tafl_pos *p, unsigned draw_plies)
{
	g->pos = *p;
	g->draw_plies = draw_plies < 1 ? 1 : draw_plies > TAFL_PLIES_MAX ? TAFL_PLIES_MAX : draw_plies;
	g->quiet = 0;
	g->nhist = 1;
	g->hist[0] = p->hash;
	g->end = tafl_status(p);
}

unsigned tafl_game_repeats(const struct tafl_game *g)
{
	unsigned n = 0;

	for (unsigned i = 0; i < g->nhist && i <= TAFL_PLIES_MAX; i++)
		n += g->hist[i] == g->pos.hash;
	return n;
}

unsigned tafl_game_play(struct tafl_game *g, struct tafl_move m, struct tafl_caps *caps)
{
	struct tafl_caps local;

	if (caps == NULL)
		caps = &local;
	tafl_apply(&g->pos, m, caps);
	if (caps->n > 0) {
		g->quiet = 0;
		g->nhist = 0; /* a capture cannot be undone: no earlier position comes back */
	} else {
		g->quiet++;
	}
	if (g->nhist <= TAFL_PLIES_MAX)
		g->hist[g->nhist++] = g->pos.hash;
	g->end = tafl_status(&g->pos);
	if (g->end == TAFL_END_ON && tafl_game_repeats(g) >= 3)
		g->end = TAFL_END_REPETITION;
	else if (g->end == TAFL_END_ON && g->quiet >= g->draw_plies)
		g->end = TAFL_END_QUIET;
	return g->end;
}

/* --- Perft and the notation's functions ------------------------------------------------ */
/* Perft below p: rows[0] counts the moves from p, deeper rows the moves after them. */
static void tafl_perft_walk(struct tafl_pos *p, unsigned depth, struct game_perft rows[])
{
	struct tafl_move moves[TAFL_MOVES_MAX];
	unsigned n = tafl_moves(p, moves);

	for (unsigned i = 0; i < n; i++) {
		struct tafl_caps caps;
		tafl_apply(p, moves[i], &caps);
		rows[0].sequences++;
		unsigned end = tafl_status(p);
		if (end != TAFL_END_ON)
			rows[0].won[tafl_end_winner(end, p->side)]++;
		else if (depth > 1)
			tafl_perft_walk(p, depth - 1, rows + 1);
		tafl_undo(p, moves[i], &caps);
	}
}

void tafl_perft(const struct tafl_pos *p, unsigned depth, struct game_perft rows[])
{
	struct tafl_pos q = *p;

	memset(rows, 0, depth * sizeof rows[0]);
	tafl_perft_walk(&q, depth, rows);
}

/* The notation's functions (notation.h) are given sound positions only: position as a struct. */
static struct tafl_pos tafl_sound(const char *position)
{
	struct tafl_pos p;

	tafl_pos_start(&p);
	tafl_pos_parse(&p, position);
	return p;
}

static const char *tafl_note_check(const char *position)
{
	struct tafl_pos p;

	return tafl_pos_parse(&p, position);
}

static unsigned tafl_note_to_move(const char *position)
{
	return tafl_sound(position).side;
}

/* The legal moves with their captures, as OpenTafl writes them. */
static unsigned tafl_note_moves(const char *position, char out[][GAME_MOVE_MAX])
{
	struct tafl_pos p = tafl_sound(position);
	struct tafl_move moves[TAFL_MOVES_MAX];
	unsigned n = tafl_moves(&p, moves);

	for (unsigned i = 0; i < n; i++) {
		struct tafl_caps caps;
		struct tafl_pos after = p;
		tafl_apply(&after, moves[i], &caps);
		tafl_move_format(&p, moves[i], &caps, out[i]);
	}
	return n;
}

/* Play the move of words[0], or say why not. */
static const char *tafl_note_play(char *position, char *const words[])
{
	struct tafl_pos p = tafl_sound(position);
	struct tafl_move m;
	const char *why;

	if (tafl_move_parse(&p, words[0], &m, &why) < 0)
		return why;
	tafl_apply(&p, m, NULL);
	tafl_pos_format(&p, position);
	return NULL;
}

/* The legal move of words[0] as OpenTafl writes it once played: its K, its captures. */
static void tafl_note_written(const char *position, char *const words[], char out[GAME_MOVE_MAX])
{
	struct tafl_pos p = tafl_sound(position), after;
	struct tafl_move m;
	struct tafl_caps caps;
	const char *why;

	out[0] = '\0';
	if (tafl_move_parse(&p, words[0], &m, &why) < 0)
		return;
	after = p;
	tafl_apply(&after, m, &caps);
	tafl_move_format(&p, m, &caps, out);
}

/* -1 on, else the winner with how ("escaped", "captured", "nomoves"). */
static int tafl_note_result(const char *position, char how[GAME_MOVE_MAX])
{
	struct tafl_pos p = tafl_sound(position);
	unsigned end = tafl_status(&p);

	how[0] = '\0';
	if (end == TAFL_END_ON)
		return -1;
	snprintf(how, GAME_MOVE_MAX, "%s", tafl_end_words[end]);
	return tafl_end_winner(end, p.side);
}

static void tafl_note_perft(const char *position, unsigned depth, struct game_perft rows[])
{
	struct tafl_pos p = tafl_sound(position);

	tafl_perft(&p, depth, rows);
}

const struct game_notation tafl_notation = {
	.game = "tafl", .start = TAFL_START, .sides = {"attackers", "defenders"}, .move_words = 1,
	.depth_max = TAFL_PERFT_MAX, .check = tafl_note_check, .to_move = tafl_note_to_move,
	.moves = tafl_note_moves, .play = tafl_note_play, .written = tafl_note_written, .result = tafl_note_result, .perft = tafl_note_perft,
};

/* --- The codec (tafl.h, game.h) --------------------------------------------------------- */
/* By type - TAFL_EV_MOVE; the letters are in tafl.h. */
static const char *const tafl_event_words[] = {"tmove", "tend"};
static const char *const tafl_event_specs[] = {"pSM", "EW"};
/* Its letters' names in an event's parsed fields (boardctl events --json). */
static const struct bd_field_name tafl_field_names[] = {
	{'S', "side"}, {'M', "move"}, {'E', "end"}, {'W', "winner"}, {0, NULL}};

/* Why tafl cannot be played on a board of shape s, NULL if it can. */
static const char *tafl_shape_check(const struct bd_game_shape *s)
{
	if (s->dim != TAFL_SIDE)
		return "board dimension out of range";
	if (s->region_side < 1 || s->region_side > s->dim)
		return "region size out of range";
	return NULL;
}

/* The public area's size: the same for every table. */
static size_t tafl_pub_size(const struct bd_game_shape *s)
{
	(void)s;
	return sizeof(struct tafl_pub);
}

/* The private area's size: the shape and the game with its history. */
static size_t tafl_priv_size(const struct bd_game_shape *s)
{
	(void)s;
	return sizeof(struct tafl_priv);
}

/* One lock region: a move looks at the whole board. */
static unsigned tafl_nregions(const struct bd_game_shape *s)
{
	(void)s;
	return 1;
}

/* The one region covers everything after the shape. */
static unsigned tafl_region_spans(const struct bd_game_shape *s, unsigned r, struct bd_span *spans)
{
	(void)s;
	(void)r;
	spans[0].off = offsetof(struct tafl_pub, cell);
	spans[0].len = sizeof(struct tafl_pub) - offsetof(struct tafl_pub, cell);
	return 1;
}

/* The head is the shape alone, which shape_check has seen. */
static const char *tafl_head_check(const void *area)
{
	(void)area;
	return NULL;
}

void tafl_pub_pos(const struct tafl_pub *t, struct tafl_pos *p)
{
	memcpy(p->cell, t->cell, TAFL_CELLS);
	p->side = t->side;
	tafl_census(p);
	p->hash = tafl_hash(p);
}

/* Why the last move and its captures of t (position p) cannot be, or NULL. */
static const char *tafl_last_check(const struct tafl_pub *t, const struct tafl_pos *p)
{
	if (t->last_to == TAFL_NO_CELL)
		return t->last_from == TAFL_NO_CELL && t->ncap == 0 ? NULL : "a capture without a move";
	if (t->last_from >= TAFL_CELLS || t->last_to >= TAFL_CELLS || tafl_direction(t->last_from, t->last_to) < 0)
		return "the last move is not along a row or a column";
	if (p->cell[t->last_from] != TAFL_EMPTY || p->cell[t->last_to] == TAFL_EMPTY ||
	    tafl_owner(p->cell[t->last_to]) == p->side)
		return "the last move does not end on a piece of the side that moved";
	if (t->ncap > TAFL_CAPS_MAX || (t->cap_king >> t->ncap) != 0)
		return "more captures than a move makes";
	if (t->cap_king != 0 && p->king != TAFL_NO_CELL)
		return "a captured king on the board";
	for (unsigned i = 0; i < t->ncap; i++)
		if (t->cap[i] >= TAFL_CELLS || p->cell[t->cap[i]] != TAFL_EMPTY)
			return "a captured cell is not empty";
	return NULL;
}

/* A reachable position, a sound last move, an end the position agrees with. */
static const char *tafl_area_check(const void *area)
{
	const struct tafl_pub *t = area;
	struct tafl_pos p;
	unsigned nking = 0;
	const char *why;

	for (unsigned i = 0; i < TAFL_CELLS; i++) {
		if (t->cell[i] > TAFL_KING)
			return "a cell holds no piece of the game";
		nking += t->cell[i] == TAFL_KING;
	}
	tafl_pub_pos(t, &p);
	if ((why = tafl_pos_check(&p, nking)) != NULL || (why = tafl_last_check(t, &p)) != NULL)
		return why;
	if (t->draw_plies < 1 || t->draw_plies > TAFL_PLIES_MAX || t->quiet > t->draw_plies || t->quiet > t->plies)
		return "the plies without a capture are out of range";
	unsigned status = tafl_status(&p);
	if (t->end >= TAFL_END_COUNT || (status != TAFL_END_ON && t->end != status) ||
	    (status == TAFL_END_ON && t->end != TAFL_END_ON && t->end < TAFL_END_REPETITION))
		return "the end recorded is not what the position shows";
	return NULL;
}

/* The move of a tmove event as a note. */
static void tafl_ev_note(const struct tafl_ev *e, struct tafl_note *n)
{
	memset(n, 0, sizeof *n);
	n->m.from = e->from < TAFL_CELLS ? e->from : 0;
	n->m.to = e->to < TAFL_CELLS ? e->to : 0;
	n->king = e->king_moved != 0;
	n->ncap = e->ncap <= TAFL_CAPS_MAX ? e->ncap : 0;
	for (unsigned i = 0; i < n->ncap; i++) {
		n->cap[i] = e->cap[i] < TAFL_CELLS ? e->cap[i] : 0;
		n->cap_king[i] = (e->cap_king >> i) & 1;
	}
}

void tafl_ev_move(const struct tafl_ev *e, char out[TAFL_MOVE_LEN])
{
	struct tafl_note n;

	tafl_ev_note(e, &n);
	tafl_note_write(&n, out);
}

/* Write the field of letter S, M, E or W of ev. */
static void tafl_field_put(struct bd_line *o, const struct bd_event *ev, char letter, unsigned nth, unsigned dim)
{
	const struct tafl_ev *e = tafl_ev(ev);
	char text[TAFL_MOVE_LEN];

	(void)nth;
	(void)dim;
	switch (letter) {
	case 'S':
		bd_line_str(o, tafl_side_words[e->side & 1]);
		return;
	case 'M':
		tafl_ev_move(e, text);
		bd_line_str(o, text);
		return;
	case 'E':
		bd_line_str(o, tafl_end_word(e->end) != NULL ? tafl_end_word(e->end) : "on");
		return;
	case 'W':
		bd_line_str(o, e->winner < 2 ? tafl_side_words[e->winner] : "none");
		return;
	}
}

/* The index of word in words[0 .. n - 1], or -1. */
static int tafl_word_index(const char *const *words, unsigned n, const char *word)
{
	for (unsigned i = 0; i < n; i++)
		if (strcmp(words[i], word) == 0)
			return (int)i;
	return -1;
}

/* Read the field of letter S, M, E or W into ev: 0, or -1 if malformed. */
static int tafl_field_parse(struct bd_event *ev, char letter, unsigned nth, const char *const *tok, unsigned dim)
{
	struct tafl_ev *e = tafl_ev_w(ev);
	struct tafl_note n;
	int k;

	(void)nth;
	(void)dim;
	switch (letter) {
	case 'S':
		k = tafl_word_index(tafl_side_words, 2, tok[0]);
		e->side = (uint8_t)k;
		return k < 0 ? -1 : 0;
	case 'M':
		if (tafl_note_read(tok[0], &n) < 0)
			return -1;
		e->from = n.m.from;
		e->to = n.m.to;
		e->king_moved = (uint8_t)n.king;
		e->ncap = (uint8_t)n.ncap;
		e->cap_king = 0;
		for (unsigned i = 0; i < n.ncap; i++) {
			e->cap[i] = n.cap[i];
			e->cap_king |= (uint8_t)(n.cap_king[i] << i);
		}
		return 0;
	case 'E':
		k = tafl_word_index(tafl_end_words, TAFL_END_COUNT, tok[0]);
		e->end = (uint8_t)k;
		return k <= 0 ? -1 : 0;
	case 'W':
		k = strcmp(tok[0], "none") == 0 ? 2 : tafl_word_index(tafl_side_words, 2, tok[0]);
		e->winner = (uint8_t)k;
		return k < 0 ? -1 : 0;
	}
	return -1;
}

int tafl_move_read(const struct tafl_pos *p, unsigned ntok, const char *const *tok, struct tafl_move *m,
		   struct bd_err *err)
{
	const char *why = NULL;
	int rc = ntok == 1 ? tafl_move_parse(p, tok[0], m, &why) : -1;

	if (rc == -2)
		return bd_err_set(err, "illegal", why);
	if (rc < 0)
		return bd_err_set(err, "syntax", bd_game_tafl.move_usage);
	return 0;
}

/* Its options (tafl.h's TAFL_OPT_ order). */
static const struct bd_game_option tafl_options[] = {
	{"draw-plies", TAFL_DRAW_PLIES, 1, TAFL_PLIES_MAX, NULL, "plies in a row without a capture that end a game drawn"},
};

const struct bd_game bd_game_tafl = {
	.name = "tafl",
	.kind = BD_GAME_TAFL,
	.move_usage = BD_REASON("usage: move FROM-TO (OpenTafl notation: e3-e1; optionally K first for the king, "
				"xCELL/... the captures)"),
	.side_names = {"attackers", "defenders"},
	.dim_default = TAFL_SIDE,
	.dim_rule = "9",
	.shape_check = tafl_shape_check,
	.pub_size = tafl_pub_size,
	.priv_size = tafl_priv_size,
	.nregions = tafl_nregions,
	.pub_head = offsetof(struct tafl_pub, cell),
	.region_spans = tafl_region_spans,
	.head_check = tafl_head_check,
	.area_check = tafl_area_check,
	.event_words = tafl_event_words,
	.event_specs = tafl_event_specs,
	.nevents = sizeof tafl_event_words / sizeof tafl_event_words[0],
	.wide = "",
	.field_names = tafl_field_names,
	.field_put = tafl_field_put,
	.field_parse = tafl_field_parse,
	.listing = NULL,
	.options = tafl_options,
	.noptions = sizeof tafl_options / sizeof tafl_options[0],
};
