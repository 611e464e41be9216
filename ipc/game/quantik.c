/* quantik.c: Quantik's rules and notation (quantik.h): pure functions on bitboards. */
#include <stdio.h>
#include <string.h>

#include "quantik.h"

const uint16_t qk_line_cells[QK_LINES] = {
	0x000f, 0x00f0, 0x0f00, 0xf000, /* rows */
	0x1111, 0x2222, 0x4444, 0x8888, /* columns */
	0x0033, 0x00cc, 0x3300, 0xcc00, /* zones */
};

/* Row, column and zone of each cell. */
#define QK_LINES_OF(c) {(c) / 4, 4 + (c) % 4, 8 + (c) / 8 * 2 + (c) % 4 / 2}
const uint8_t qk_cell_lines[QK_CELLS][3] = {
	QK_LINES_OF(0), QK_LINES_OF(1), QK_LINES_OF(2), QK_LINES_OF(3),
	QK_LINES_OF(4), QK_LINES_OF(5), QK_LINES_OF(6), QK_LINES_OF(7),
	QK_LINES_OF(8), QK_LINES_OF(9), QK_LINES_OF(10), QK_LINES_OF(11),
	QK_LINES_OF(12), QK_LINES_OF(13), QK_LINES_OF(14), QK_LINES_OF(15),
};

/* Row, column and zone of cell c as cells. */
#define QK_REACH(c) (uint16_t)(0x000fu << ((c) / 4 * 4) | 0x1111u << ((c) % 4) | \
			       0x0033u << ((c) / 8 * 8 + (c) % 4 / 2 * 2))
const uint16_t qk_cell_reach[QK_CELLS] = {
	QK_REACH(0), QK_REACH(1), QK_REACH(2), QK_REACH(3),
	QK_REACH(4), QK_REACH(5), QK_REACH(6), QK_REACH(7),
	QK_REACH(8), QK_REACH(9), QK_REACH(10), QK_REACH(11),
	QK_REACH(12), QK_REACH(13), QK_REACH(14), QK_REACH(15),
};

void qk_pos_empty(struct qk_pos *p)
{
	memset(p, 0, sizeof *p);
}

uint16_t qk_side_cells(const struct qk_pos *p, unsigned side)
{
	return (uint16_t)(p->piece[side][0] | p->piece[side][1] | p->piece[side][2] | p->piece[side][3]);
}

uint16_t qk_occupied(const struct qk_pos *p)
{
	return (uint16_t)(qk_side_cells(p, 0) | qk_side_cells(p, 1));
}

unsigned qk_count(const struct qk_pos *p)
{
	return (unsigned)__builtin_popcount(qk_occupied(p));
}

unsigned qk_to_move(const struct qk_pos *p)
{
	return __builtin_popcount(qk_side_cells(p, 0)) > __builtin_popcount(qk_side_cells(p, 1));
}

unsigned qk_left(const struct qk_pos *p, unsigned side, unsigned shape)
{
	return QK_COPIES - (unsigned)__builtin_popcount(p->piece[side][shape]);
}

/* The cells that a piece of shape of side's opponent keeps side's shape from: the rows,
 * columns and zones of every opponent's piece of that shape. */
static uint16_t qk_forbidden(const struct qk_pos *p, unsigned side, unsigned shape)
{
	uint16_t them = p->piece[!side][shape], out = 0;

	while (them != 0) {
		out |= qk_cell_reach[__builtin_ctz(them)];
		them &= (uint16_t)(them - 1);
	}
	return out;
}

unsigned qk_wins(const struct qk_pos *p)
{
	uint16_t shape[QK_SHAPES];
	unsigned wins = 0;

	for (unsigned k = 0; k < QK_SHAPES; k++)
		shape[k] = (uint16_t)(p->piece[0][k] | p->piece[1][k]);
	for (unsigned l = 0; l < QK_LINES; l++) {
		uint16_t m = qk_line_cells[l];
		if ((shape[0] & m) && (shape[1] & m) && (shape[2] & m) && (shape[3] & m))
			wins |= 1u << l;
	}
	return wins;
}

int qk_move_wins(const struct qk_pos *p, unsigned move)
{
	unsigned cell = QK_CELL_OF(move), shape = QK_SHAPE_OF(move);
	uint16_t occ = qk_occupied(p);

	for (unsigned i = 0; i < 3; i++) {
		uint16_t m = qk_line_cells[qk_cell_lines[cell][i]];
		unsigned shapes = 1u << shape;
		if ((occ & m) != (m & (uint16_t)~(1u << cell)))
			continue;
		for (unsigned k = 0; k < QK_SHAPES; k++)
			if ((p->piece[0][k] | p->piece[1][k]) & m)
				shapes |= 1u << k;
		if (shapes == 0xf)
			return 1;
	}
	return 0;
}

/* The legal cells of shape for side, whatever the round's state. */
static uint16_t qk_cells_for(const struct qk_pos *p, unsigned side, unsigned shape)
{
	if (qk_left(p, side, shape) == 0)
		return 0;
	return (uint16_t)(~qk_occupied(p) & ~qk_forbidden(p, side, shape) & QK_ALL);
}

/* Nonzero if side has a legal placement. */
static int qk_can_place(const struct qk_pos *p, unsigned side)
{
	for (unsigned k = 0; k < QK_SHAPES; k++)
		if (qk_cells_for(p, side, k) != 0)
			return 1;
	return 0;
}

int qk_result(const struct qk_pos *p, unsigned *how)
{
	unsigned wins = qk_wins(p), side = qk_to_move(p), line = QK_HOW_STUCK;

	if (wins != 0)
		line = (unsigned)__builtin_ctz(wins);
	else if (qk_can_place(p, side))
		return -1;
	if (how != NULL)
		*how = line;
	return (int)!side;
}

uint16_t qk_legal_cells(const struct qk_pos *p, unsigned shape)
{
	if (qk_wins(p) != 0)
		return 0;
	return qk_cells_for(p, qk_to_move(p), shape);
}

const char *qk_unplaceable(const struct qk_pos *p, unsigned move)
{
	static const char *const used[QK_SHAPES] = {BD_REASON("both A are placed"), BD_REASON("both B are placed"),
						    BD_REASON("both C are placed"), BD_REASON("both D are placed")};

	if (qk_occupied(p) >> QK_CELL_OF(move) & 1)
		return BD_REASON("the cell is taken");
	if (qk_left(p, qk_to_move(p), QK_SHAPE_OF(move)) == 0)
		return used[QK_SHAPE_OF(move)];
	return NULL;
}

const char *qk_illegal(const struct qk_pos *p, unsigned move)
{
	/* "an opponent's X is in its row", by shape and kind of line */
	static const char *const why[QK_SHAPES][3] = {
		{BD_REASON("an opponent's A is in its row"), BD_REASON("an opponent's A is in its column"),
		 BD_REASON("an opponent's A is in its zone")},
		{BD_REASON("an opponent's B is in its row"), BD_REASON("an opponent's B is in its column"),
		 BD_REASON("an opponent's B is in its zone")},
		{BD_REASON("an opponent's C is in its row"), BD_REASON("an opponent's C is in its column"),
		 BD_REASON("an opponent's C is in its zone")},
		{BD_REASON("an opponent's D is in its row"), BD_REASON("an opponent's D is in its column"),
		 BD_REASON("an opponent's D is in its zone")},
	};
	unsigned shape = QK_SHAPE_OF(move), cell = QK_CELL_OF(move), side = qk_to_move(p);
	const char *w;

	if (move >= QK_MOVES_MAX)
		return BD_REASON("off the board");
	if (qk_result(p, NULL) >= 0)
		return BD_REASON("the round is over");
	if ((w = qk_unplaceable(p, move)) != NULL)
		return w;
	for (unsigned i = 0; i < 3; i++)
		if (p->piece[!side][shape] & qk_line_cells[qk_cell_lines[cell][i]])
			return why[shape][i];
	return NULL;
}

unsigned qk_moves(const struct qk_pos *p, unsigned moves[QK_MOVES_MAX])
{
	unsigned n = 0;

	if (qk_wins(p) != 0)
		return 0;
	for (unsigned k = 0; k < QK_SHAPES; k++)
		for (uint16_t c = qk_cells_for(p, qk_to_move(p), k); c != 0; c &= (uint16_t)(c - 1))
			moves[n++] = QK_MOVE(k, __builtin_ctz(c));
	return n;
}

void qk_apply(struct qk_pos *p, unsigned move)
{
	p->piece[qk_to_move(p)][QK_SHAPE_OF(move)] |= (uint16_t)(1u << QK_CELL_OF(move));
}

/* --- Notation ------------------------------------------------------------------------------ */

void qk_pos_from_cells(struct qk_pos *p, const char cells[QK_CELLS])
{
	qk_pos_empty(p);
	for (unsigned c = 0; c < QK_CELLS; c++) {
		char ch = cells[c];
		if (ch >= 'A' && ch <= 'D')
			p->piece[0][ch - 'A'] |= (uint16_t)(1u << c);
		else if (ch >= 'a' && ch <= 'd')
			p->piece[1][ch - 'a'] |= (uint16_t)(1u << c);
	}
}

void qk_pos_cells(const struct qk_pos *p, char cells[QK_CELLS])
{
	memset(cells, '.', QK_CELLS);
	for (unsigned s = 0; s < 2; s++)
		for (unsigned k = 0; k < QK_SHAPES; k++)
			for (unsigned c = 0; c < QK_CELLS; c++)
				if (p->piece[s][k] >> c & 1)
					cells[c] = (char)((s ? 'a' : 'A') + k);
}

void qk_pos_format(const struct qk_pos *p, char out[QK_POS_LEN + 1])
{
	char cells[QK_CELLS];

	qk_pos_cells(p, cells);
	for (unsigned r = 0; r < QK_SIDE; r++) {
		memcpy(out + r * 5, cells + r * 4, 4);
		out[r * 5 + 4] = r + 1 < QK_SIDE ? '/' : '\0';
	}
}

/* Read the form of s (four rows of four cells separated by '/') and the counts (two of a
 * shape a side, the first mover as many pieces as the other or one more) into *p; NULL,
 * or why not. */
static const char *qk_read_free(struct qk_pos *p, const char *s)
{
	char cells[QK_CELLS];

	if (s == NULL || strlen(s) != QK_POS_LEN)
		return "a position is 19 characters: four rows of four cells separated by /";
	for (unsigned i = 0; i < QK_POS_LEN; i++) {
		if (i % 5 == 4) {
			if (s[i] != '/')
				return "rows are separated by /";
		} else if (strchr("ABCDabcd.", s[i]) == NULL) {
			return "a cell is A, B, C, D (the first mover's), a, b, c, d (the other's) or .";
		} else {
			cells[i / 5 * 4 + i % 5] = s[i];
		}
	}
	qk_pos_from_cells(p, cells);
	for (unsigned side = 0; side < 2; side++)
		for (unsigned k = 0; k < QK_SHAPES; k++)
			if (__builtin_popcount(p->piece[side][k]) > QK_COPIES)
				return "a side has two pieces of each shape, not more";
	int first = __builtin_popcount(qk_side_cells(p, 0)), second = __builtin_popcount(qk_side_cells(p, 1));
	if (second > first)
		return "lower case has more pieces than upper case (upper case moves first)";
	if (first > second + 1)
		return "upper case has two pieces more than lower case";
	return NULL;
}

/* The rules on top of the form: no line holds one shape of both sides, and every line of
 * four different shapes goes through one cell, held by the side that moved last (the move
 * that ended the round). Every other position is reachable: its pieces placed in any order
 * that alternates the sides (that one last) keep the shape rule, and no line is complete
 * before the end. */
static const char *qk_read(struct qk_pos *p, const char *s)
{
	const char *why = qk_read_free(p, s);
	unsigned wins;

	if (why != NULL)
		return why;
	for (unsigned l = 0; l < QK_LINES; l++)
		for (unsigned k = 0; k < QK_SHAPES; k++)
			if ((p->piece[0][k] & qk_line_cells[l]) && (p->piece[1][k] & qk_line_cells[l]))
				return "a line holds one shape of both sides";
	if ((wins = qk_wins(p)) == 0)
		return NULL;
	uint16_t common = qk_side_cells(p, !qk_to_move(p));
	for (unsigned l = 0; l < QK_LINES; l++)
		if (wins >> l & 1)
			common &= qk_line_cells[l];
	return common == 0 ? "the round went on after a win" : NULL;
}

int qk_pos_parse(struct qk_pos *p, const char *s)
{
	struct qk_pos tmp;

	if (qk_read(&tmp, s) != NULL)
		return -1;
	*p = tmp;
	return 0;
}

const char *qk_pos_error(const char *s)
{
	struct qk_pos tmp;

	return qk_read(&tmp, s);
}

int qk_pos_parse_free(struct qk_pos *p, const char *s)
{
	struct qk_pos tmp;

	if (qk_read_free(&tmp, s) != NULL)
		return -1;
	*p = tmp;
	return 0;
}

const char *qk_pos_error_free(const char *s)
{
	struct qk_pos tmp;

	return qk_read_free(&tmp, s);
}

static const char qk_malformed[] = "malformed", qk_off[] = BD_REASON("off the board");

const char *qk_move_error(const char *s)
{
	size_t n = s == NULL ? 0 : strlen(s);
	unsigned long cell = 0;

	if (n < 2 || n > 10 || s[0] < 'A' || s[0] > 'D' || (s[1] == '0' && n > 2))
		return qk_malformed;
	for (size_t i = 1; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return qk_malformed;
		cell = cell * 10 + (unsigned long)(s[i] - '0');
	}
	return cell >= QK_CELLS ? qk_off : NULL;
}

int qk_move_parse(const char *s, unsigned *move)
{
	if (qk_move_error(s) != NULL)
		return -1;
	unsigned cell = (unsigned)(s[1] - '0');

	if (s[2] != '\0')
		cell = cell * 10 + (unsigned)(s[2] - '0');
	*move = QK_MOVE(s[0] - 'A', cell);
	return 0;
}

void qk_move_format(unsigned move, char out[QK_MOVE_LEN + 1])
{
	unsigned cell = QK_CELL_OF(move), n = 0;

	out[n++] = (char)('A' + QK_SHAPE_OF(move));
	if (cell >= 10)
		out[n++] = '1';
	out[n++] = (char)('0' + cell % 10);
	out[n] = '\0';
}

void qk_how_name(unsigned how, char out[QK_HOW_NAME])
{
	static const char *const kind[3] = {"row", "col", "zone"}, *const other[] = {"stuck", "time", "illegal", "claim", "resign"};

	if (how < QK_LINES)
		snprintf(out, QK_HOW_NAME, "%s%u", kind[how / 4], how % 4);
	else
		snprintf(out, QK_HOW_NAME, "%s", how < QK_HOWS ? other[how - QK_LINES] : "?");
}

int qk_how_parse(const char *name, unsigned *how)
{
	char text[QK_HOW_NAME];

	for (unsigned h = 0; h < QK_HOWS; h++) {
		qk_how_name(h, text);
		if (strcmp(text, name) == 0) {
			*how = h;
			return 0;
		}
	}
	return -1;
}

/* --- Symmetries ------------------------------------------------------------------------ */

/* Row (or column) i under the t-th (0-7) permutation of the four that keeps the pairs
 * {0, 1} and {2, 3}: bit 0 swaps within the first pair, bit 1 within the second, bit 2
 * swaps the pairs. */
static unsigned qk_sym_line(unsigned t, unsigned i)
{
	unsigned pair = i >> 1, local = i & 1;

	local ^= pair == 0 ? (t & 1) : (t >> 1 & 1);
	pair ^= t >> 2 & 1;
	return pair << 1 | local;
}

unsigned qk_sym_cell(unsigned t, unsigned cell)
{
	unsigned r = qk_sym_line(t & 7, cell / 4), c = qk_sym_line(t >> 3 & 7, cell % 4);

	return t >> 6 & 1 ? c * 4 + r : r * 4 + c;
}

uint16_t qk_sym_cells(unsigned t, uint16_t cells)
{
	uint16_t out = 0;

	for (; cells != 0; cells &= (uint16_t)(cells - 1))
		out |= (uint16_t)(1u << qk_sym_cell(t, (unsigned)__builtin_ctz(cells)));
	return out;
}

void qk_pos_transform(const struct qk_pos *p, unsigned t, struct qk_pos *out)
{
	for (unsigned s = 0; s < 2; s++)
		for (unsigned k = 0; k < QK_SHAPES; k++)
			out->piece[s][k] = qk_sym_cells(t, p->piece[s][k]);
}

uint64_t qk_pos_key(const struct qk_pos *p)
{
	uint64_t key = 0;

	for (unsigned s = 0; s < 2; s++)
		for (unsigned k = 0; k < QK_SHAPES; k++)
			for (uint16_t c = p->piece[s][k]; c != 0; c &= (uint16_t)(c - 1))
				key |= (uint64_t)(1 + k + 4 * s) << (4 * __builtin_ctz(c));
	return key;
}

uint64_t qk_pos_canonical(const struct qk_pos *p, unsigned *t)
{
	uint64_t best = UINT64_MAX;

	for (unsigned i = 0; i < QK_SYMS; i++) {
		struct qk_pos q;
		qk_pos_transform(p, i, &q);
		uint64_t key = qk_pos_key(&q);
		if (key < best) {
			best = key;
			if (t != NULL)
				*t = i;
		}
	}
	return best;
}

/* --- Perft and the notation's table --------------------------------------------------------- */

/* Perft below p: rows[0] counts the moves from p, deeper rows the moves after them. */
static void qk_perft_walk(const struct qk_pos *p, unsigned depth, struct game_perft rows[])
{
	unsigned moves[QK_MOVES_MAX], n = qk_moves(p, moves), side = qk_to_move(p);

	for (unsigned i = 0; i < n; i++) {
		struct qk_pos next = *p;
		qk_apply(&next, moves[i]);
		rows[0].sequences++;
		if (qk_result(&next, NULL) >= 0)
			rows[0].won[side]++;
		else if (depth > 1)
			qk_perft_walk(&next, depth - 1, rows + 1);
	}
}

void qk_perft(const struct qk_pos *p, unsigned depth, struct game_perft rows[])
{
	memset(rows, 0, depth * sizeof rows[0]);
	qk_perft_walk(p, depth, rows);
}

/* The notation's functions (notation.h) are given sound positions only: position as a struct. */
static struct qk_pos qk_sound(const char *position)
{
	struct qk_pos p;

	qk_pos_empty(&p);
	qk_pos_parse(&p, position);
	return p;
}

static unsigned qk_note_to_move(const char *position)
{
	struct qk_pos p = qk_sound(position);

	return qk_to_move(&p);
}

/* The legal moves as "A5". */
static unsigned qk_note_moves(const char *position, char moves[][GAME_MOVE_MAX])
{
	struct qk_pos p = qk_sound(position);
	unsigned m[QK_MOVES_MAX], n = qk_moves(&p, m);

	for (unsigned i = 0; i < n; i++)
		qk_move_format(m[i], moves[i]);
	return n;
}

/* Play the move of words[0], or say why not. */
static const char *qk_note_play(char *position, char *const words[])
{
	struct qk_pos p = qk_sound(position);
	unsigned move;
	const char *why;

	if (qk_move_parse(words[0], &move) < 0)
		return qk_move_error(words[0]);
	if ((why = qk_illegal(&p, move)) != NULL)
		return why;
	qk_apply(&p, move);
	qk_pos_format(&p, position);
	return NULL;
}

/* -1 on, else the winner with its line ("row2") or "stuck" (the loser could not place). */
static int qk_note_result(const char *position, char how[GAME_MOVE_MAX])
{
	struct qk_pos p = qk_sound(position);
	unsigned line;
	int r = qk_result(&p, &line);

	how[0] = '\0';
	if (r >= 0)
		qk_how_name(line, how);
	return r;
}

static void qk_note_perft(const char *position, unsigned depth, struct game_perft rows[])
{
	struct qk_pos p = qk_sound(position);

	qk_perft(&p, depth, rows);
}

const struct game_notation qk_notation = {
	.game = "quantik", .start = "..../..../..../....", .sides = {"first", "second"}, .move_words = 1,
	.depth_max = QK_PERFT_MAX, .check = qk_pos_error, .to_move = qk_note_to_move,
	.moves = qk_note_moves, .play = qk_note_play, .result = qk_note_result, .perft = qk_note_perft,
};

/* --- The codec (quantik.h, game.h) ------------------------------------------------------- */
/* By type - QK_EV_PLACE; the letters are in quantik.h. */
static const char *const qk_event_words[] = {"place", "won"};
static const char *const qk_event_specs[] = {"pSQ", "nSH"};
/* Its letters' names in an event's parsed fields (boardctl events --json). */
static const struct bd_field_name qk_field_names[] = {
	{'S', "colour"}, {'Q', "move"}, {'H', "how"}, {'n', "round"}, {0, NULL}};

static const char *const qk_colours[2] = {"white", "black"};

void qk_round_pos(const struct qk_round *r, struct qk_pos *p)
{
	qk_pos_from_cells(p, r->cell);
}

const char *qk_round_check(const struct qk_round *r, int free)
{
	char text[QK_POS_LEN + 1], cells[QK_CELLS];
	struct qk_pos p;
	const char *why;

	memcpy(cells, r->cell, QK_CELLS);
	for (unsigned c = 0; c < QK_CELLS; c++)
		if (strchr("ABCDabcd.", cells[c]) == NULL || cells[c] == '\0')
			return "a cell is not A-D, a-d or .";
	qk_pos_from_cells(&p, cells);
	qk_pos_format(&p, text);
	if ((why = free ? qk_pos_error_free(text) : qk_pos_error(text)) != NULL)
		return why;
	if (r->first > 1 || (r->how != QK_HOW_NONE && (r->how >= QK_HOWS || r->winner > 1)))
		return "a round's first mover, end or winner is out of range";
	if (r->last != QK_NO_CELL && (r->last >= QK_CELLS || r->cell[r->last] == '.'))
		return "the last move is not on a played cell";
	if (r->how < QK_LINES && !(qk_wins(&p) >> r->how & 1))
		return "a round won by a line that is not complete";
	if (!free && r->how == QK_HOW_NONE && qk_result(&p, NULL) >= 0)
		return "a finished position in a round still on";
	return NULL;
}

/* Why Quantik cannot be played on a board of shape s, NULL if it can. */
static const char *qk_shape_check(const struct bd_game_shape *s)
{
	if (s->dim != QK_SIDE)
		return "board dimension out of range";
	if (s->region_side < 1 || s->region_side > s->dim)
		return "region size out of range";
	return NULL;
}

/* The public area's size: the same for every table. */
static size_t qk_pub_size(const struct bd_game_shape *s)
{
	(void)s;
	return sizeof(struct qk_pub);
}

/* The private area's size: the shape. */
static size_t qk_priv_size(const struct bd_game_shape *s)
{
	(void)s;
	return sizeof(struct qk_priv);
}

/* One lock region: a move looks at the whole board. */
static unsigned qk_nregions(const struct bd_game_shape *s)
{
	(void)s;
	return 1;
}

/* The one region covers everything after the shape. */
static unsigned qk_region_spans(const struct bd_game_shape *s, unsigned r, struct bd_span *spans)
{
	(void)s;
	(void)r;
	spans[0].off = offsetof(struct qk_pub, now);
	spans[0].len = sizeof(struct qk_pub) - offsetof(struct qk_pub, now);
	return 1;
}

/* The head is the shape alone, which shape_check has seen. */
static const char *qk_head_check(const void *area)
{
	(void)area;
	return NULL;
}

/* Both rounds sound for the table's kind (validating or not). */
static const char *qk_area_check(const void *area)
{
	const struct qk_pub *q = area;
	const char *why;

	if (q->free > 1)
		return "free is neither 0 nor 1";
	if ((why = qk_round_check(&q->now, q->free)) != NULL)
		return why;
	return qk_round_check(&q->before, q->free);
}

/* Write the field of letter S, Q or H of ev. */
static void qk_field_put(struct bd_line *o, const struct bd_event *ev, char letter, unsigned nth, unsigned dim)
{
	const struct qk_ev *e = qk_ev(ev);
	char text[QK_HOW_NAME];

	(void)nth;
	(void)dim;
	switch (letter) {
	case 'S':
		bd_line_str(o, qk_colours[e->side & 1]);
		return;
	case 'Q':
		qk_move_format(e->move < QK_MOVES_MAX ? e->move : 0, text);
		bd_line_str(o, text);
		return;
	case 'H':
		qk_how_name(e->how, text);
		bd_line_str(o, text);
		return;
	}
}

/* Read the field of letter S, Q or H into ev: 0, or -1 if malformed. */
static int qk_field_parse(struct bd_event *ev, char letter, unsigned nth, const char *const *tok, unsigned dim)
{
	struct qk_ev *e = qk_ev_w(ev);
	unsigned v;

	(void)nth;
	(void)dim;
	switch (letter) {
	case 'S':
		for (v = 0; v < 2; v++)
			if (strcmp(tok[0], qk_colours[v]) == 0) {
				e->side = (uint8_t)v;
				return 0;
			}
		return -1;
	case 'Q':
		if (qk_move_parse(tok[0], &v) < 0)
			return -1;
		e->move = (uint8_t)v;
		return 0;
	case 'H':
		if (qk_how_parse(tok[0], &v) < 0)
			return -1;
		e->how = (uint8_t)v;
		return 0;
	}
	return -1;
}

int qk_move_read(unsigned ntok, const char *const *tok, unsigned *move, int *claim, struct bd_err *err)
{
	const char *why = ntok == 1 || ntok == 2 ? qk_move_error(tok[0]) : qk_malformed;

	if (why == NULL && ntok == 2 && strcmp(tok[1], "win") != 0)
		why = qk_malformed;
	if (why == qk_off)
		return bd_err_set(err, "range", "the cell must be on the board (0 to 15)");
	if (why != NULL)
		return bd_err_set(err, "syntax", bd_game_quantik.move_usage);
	*claim = ntok == 2;
	return qk_move_parse(tok[0], move);
}

static const char *const qk_illegal_words[] = {"lose", "retry"};
static const struct bd_game_option qk_options[QK_NOPTS] = {
	[QK_OPT_ILLEGAL] = {"illegal", QK_ILLEGAL_LOSE, QK_ILLEGAL_LOSE, QK_ILLEGAL_RETRY, qk_illegal_words,
			    "an illegal move loses the round, or is refused and the mover asked again"},
	[QK_OPT_VALIDATE] = {"validate", 1, 0, 1, NULL, "0: only taken cells and used-up shapes are refused; "
			     "the mover's claim (move A5 win) decides the round"},
	[QK_OPT_TIMEOUT] = {"timeout", 1, 0, 1, NULL, "0: no move clock"},
	[QK_OPT_MOVE_MS] = {"move-ms", 5000, 100, 600000, NULL, "each move's clock in ms; running out loses the round"},
	[QK_OPT_SHOW_BOARD] = {"show-board", 0, 0, 1, NULL, "1: the daemon logs the board after each move"},
	[QK_OPT_DEBUG] = {"debug", 0, 0, 1, NULL, "1: the daemon logs refused moves and claims at level debug"},
};

const struct bd_game bd_game_quantik = {
	.name = "quantik",
	.kind = BD_GAME_QUANTIK,
	.move_usage = BD_REASON("usage: move SHAPECELL [win] (a shape A-D and a cell 0-15: move A5)"),
	.side_names = {"white", "black"},
	.dim_default = QK_SIDE,
	.dim_rule = "4",
	.shape_check = qk_shape_check,
	.pub_size = qk_pub_size,
	.priv_size = qk_priv_size,
	.nregions = qk_nregions,
	.pub_head = offsetof(struct qk_pub, now),
	.region_spans = qk_region_spans,
	.head_check = qk_head_check,
	.area_check = qk_area_check,
	.event_words = qk_event_words,
	.event_specs = qk_event_specs,
	.nevents = sizeof qk_event_words / sizeof qk_event_words[0],
	.wide = "",
	.field_names = qk_field_names,
	.field_put = qk_field_put,
	.field_parse = qk_field_parse,
	.listing = NULL,
	.options = qk_options,
	.noptions = QK_NOPTS,
};
