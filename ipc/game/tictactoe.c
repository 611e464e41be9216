/* tictactoe.c: tic-tac-toe's rules and notation (tictactoe.h): pure functions. */
#include <string.h>

#include "tictactoe.h"

/* Every line of three, each ascending, in the order rows, columns, diagonals. */
static const unsigned char ttt_lines[8][3] = {
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6},
};

void ttt_pos_empty(struct ttt_pos *p)
{
	memset(p->cell, '.', sizeof p->cell);
}

/* How many cells side holds. */
static unsigned ttt_count(const struct ttt_pos *p, char side)
{
	unsigned n = 0;

	for (unsigned i = 0; i < TTT_CELLS; i++)
		n += p->cell[i] == side;
	return n;
}

/* The first line side holds whole, into line (if not NULL); nonzero if there is one. */
static int ttt_line_of(const struct ttt_pos *p, char side, unsigned line[3])
{
	for (unsigned l = 0; l < 8; l++) {
		const unsigned char *c = ttt_lines[l];
		if (p->cell[c[0]] != side || p->cell[c[1]] != side || p->cell[c[2]] != side)
			continue;
		if (line != NULL)
			for (unsigned i = 0; i < 3; i++)
				line[i] = c[i];
		return 1;
	}
	return 0;
}

/* Read s into *p; NULL, or why s is not a position a game can reach. With at most five X,
 * any two lines of one side share a cell (the move that made both), so a won position is
 * reachable exactly when the winner moved last: the counts decide. */
static const char *ttt_read(struct ttt_pos *p, const char *s)
{
	if (s == NULL || strlen(s) != TTT_POS_LEN)
		return "a position is 9 characters";
	for (unsigned i = 0; i < TTT_CELLS; i++) {
		if (s[i] != 'X' && s[i] != 'O' && s[i] != '.')
			return "a cell is X, O or .";
		p->cell[i] = s[i];
	}
	unsigned x = ttt_count(p, 'X'), o = ttt_count(p, 'O');
	if (o > x)
		return "O has more cells than X (X moves first)";
	if (x > o + 1)
		return "X has two cells more than O";
	int xline = ttt_line_of(p, 'X', NULL), oline = ttt_line_of(p, 'O', NULL);
	if (xline && oline)
		return "both sides have three in a row";
	if ((xline && x == o) || (oline && x > o))
		return "the game went on after a win";
	return NULL;
}

int ttt_pos_parse(struct ttt_pos *p, const char *s)
{
	struct ttt_pos tmp;

	if (ttt_read(&tmp, s) != NULL)
		return -1;
	*p = tmp;
	return 0;
}

const char *ttt_pos_error(const char *s)
{
	struct ttt_pos tmp;

	return ttt_read(&tmp, s);
}

void ttt_pos_format(const struct ttt_pos *p, char out[TTT_POS_LEN + 1])
{
	memcpy(out, p->cell, TTT_CELLS);
	out[TTT_POS_LEN] = '\0';
}

char ttt_to_move(const struct ttt_pos *p)
{
	return ttt_count(p, 'X') > ttt_count(p, 'O') ? 'O' : 'X';
}

static const char ttt_malformed[] = "malformed", ttt_off[] = BD_REASON("off the board");

/* One coordinate token into *v; NULL, or why it is none: a coordinate is one digit 0-2,
 * other whole numbers (negative too) are off the board, anything else is malformed. */
static const char *ttt_coord(const char *s, unsigned *v)
{
	size_t n = s == NULL ? 0 : strlen(s), sign = n > 0 && s[0] == '-';
	unsigned long value = 0;

	if (n == sign || n > 9)
		return ttt_malformed;
	for (size_t i = sign; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return ttt_malformed;
		value = value * 10 + (unsigned long)(s[i] - '0');
	}
	if (sign || value >= TTT_SIDE)
		return ttt_off;
	if (n > 1)
		return ttt_malformed;
	*v = (unsigned)value;
	return NULL;
}

const char *ttt_move_error(const char *x, const char *y)
{
	unsigned cx, cy;
	const char *xwhy = ttt_coord(x, &cx), *ywhy = ttt_coord(y, &cy);

	/* malformed wins over off the board: "9 a" is not a move at all */
	if (xwhy == ttt_malformed || ywhy == ttt_malformed)
		return ttt_malformed;
	return xwhy != NULL ? xwhy : ywhy;
}

int ttt_move_parse(const char *x, const char *y, unsigned *cell)
{
	unsigned cx, cy;

	if (ttt_move_error(x, y) != NULL)
		return -1;
	ttt_coord(x, &cx);
	ttt_coord(y, &cy);
	*cell = cy * TTT_SIDE + cx;
	return 0;
}

void ttt_move_format(unsigned cell, char out[TTT_MOVE_LEN + 1])
{
	out[0] = (char)('0' + cell % TTT_SIDE);
	out[1] = ' ';
	out[2] = (char)('0' + cell / TTT_SIDE);
	out[3] = '\0';
}

const char *ttt_illegal(const struct ttt_pos *p, unsigned cell)
{
	if (cell >= TTT_CELLS)
		return ttt_off;
	if (ttt_result(p, NULL) != 0)
		return BD_REASON("the game is over");
	if (p->cell[cell] != '.')
		return BD_REASON("the cell is taken");
	return NULL;
}

int ttt_legal(const struct ttt_pos *p, unsigned cell)
{
	return ttt_illegal(p, cell) == NULL;
}

unsigned ttt_moves(const struct ttt_pos *p, unsigned cells[TTT_CELLS])
{
	unsigned n = 0;

	if (ttt_result(p, NULL) != 0)
		return 0;
	for (unsigned i = 0; i < TTT_CELLS; i++)
		if (p->cell[i] == '.')
			cells[n++] = i;
	return n;
}

void ttt_apply(struct ttt_pos *p, unsigned cell)
{
	p->cell[cell] = ttt_to_move(p);
}

char ttt_result(const struct ttt_pos *p, unsigned line[3])
{
	if (ttt_line_of(p, 'X', line))
		return 'X';
	if (ttt_line_of(p, 'O', line))
		return 'O';
	return memchr(p->cell, '.', TTT_CELLS) == NULL ? 'D' : 0;
}

void ttt_line_format(const unsigned line[3], char out[TTT_LINE_LEN + 1])
{
	for (unsigned i = 0; i < 3; i++)
		out[i] = (char)('0' + line[i]);
	out[TTT_LINE_LEN] = '\0';
}

/* Perft below p: rows[0] counts the moves from p, deeper rows the moves after them. */
static void ttt_perft_walk(const struct ttt_pos *p, unsigned depth, struct game_perft rows[])
{
	unsigned cells[TTT_CELLS], n = ttt_moves(p, cells);

	for (unsigned i = 0; i < n; i++) {
		struct ttt_pos next = *p;
		ttt_apply(&next, cells[i]);
		rows[0].sequences++;
		switch (ttt_result(&next, NULL)) {
		case 'X': rows[0].won[0]++; break;
		case 'O': rows[0].won[1]++; break;
		case 'D': rows[0].drawn++; break;
		default:
			if (depth > 1)
				ttt_perft_walk(&next, depth - 1, rows + 1);
		}
	}
}

void ttt_perft(const struct ttt_pos *p, unsigned depth, struct game_perft rows[])
{
	memset(rows, 0, depth * sizeof rows[0]);
	ttt_perft_walk(p, depth, rows);
}

/* The notation's functions (notation.h, ttt_notation below) are given sound positions only:
 * position as a struct. */
static struct ttt_pos ttt_sound(const char *position)
{
	struct ttt_pos p;

	ttt_pos_empty(&p);
	ttt_pos_parse(&p, position);
	return p;
}

/* 0 if X is to move, 1 if O. */
static unsigned ttt_note_to_move(const char *position)
{
	struct ttt_pos p = ttt_sound(position);

	return ttt_to_move(&p) == 'O';
}

/* The legal moves as "x y". */
static unsigned ttt_note_moves(const char *position, char moves[][GAME_MOVE_MAX])
{
	struct ttt_pos p = ttt_sound(position);
	unsigned cells[TTT_CELLS], n = ttt_moves(&p, cells);

	for (unsigned i = 0; i < n; i++)
		ttt_move_format(cells[i], moves[i]);
	return n;
}

/* Play the move "x y" of words, or say why not. */
static const char *ttt_note_play(char *position, char *const words[])
{
	struct ttt_pos p = ttt_sound(position);
	unsigned cell;
	const char *why;

	if (ttt_move_parse(words[0], words[1], &cell) < 0)
		return ttt_move_error(words[0], words[1]);
	if ((why = ttt_illegal(&p, cell)) != NULL)
		return why;
	ttt_apply(&p, cell);
	ttt_pos_format(&p, position);
	return NULL;
}

/* -1 on, 2 drawn, 0 X won, 1 O won, with the line. */
static int ttt_note_result(const char *position, char how[GAME_MOVE_MAX])
{
	struct ttt_pos p = ttt_sound(position);
	unsigned line[3];
	char r = ttt_result(&p, line);

	how[0] = '\0';
	if (r == 'X' || r == 'O')
		ttt_line_format(line, how);
	return r == 0 ? -1 : r == 'D' ? 2 : r == 'O';
}

/* ttt_perft from a position in notation. */
static void ttt_note_perft(const char *position, unsigned depth, struct game_perft rows[])
{
	struct ttt_pos p = ttt_sound(position);

	ttt_perft(&p, depth, rows);
}

const struct game_notation ttt_notation = {
	.game = "tictactoe", .start = ".........", .sides = {"X", "O"}, .move_words = 2,
	.depth_max = TTT_PERFT_MAX, .check = ttt_pos_error, .to_move = ttt_note_to_move,
	.moves = ttt_note_moves, .play = ttt_note_play, .result = ttt_note_result, .perft = ttt_note_perft,
};

/* --- The codec (tictactoe.h, game.h) --------------------------------------------------- */
/* By type - TTT_EV_MOVE; the letters are in tictactoe.h. */
static const char *const ttt_event_words[] = {"move", "line"};
static const char *const ttt_event_specs[] = {"pSM", "SW"};
/* Its letters' names in an event's parsed fields (boardctl events --json). */
static const struct bd_field_name ttt_field_names[] = {
	{'S', "side"}, {'M', "move"}, {'W', "line"}, {0, NULL}};

/* Why tic-tac-toe cannot be played on a board of shape s, NULL if it can. */
static const char *ttt_shape_check(const struct bd_game_shape *s)
{
	if (s->dim != TTT_SIDE)
		return "board dimension out of range";
	if (s->region_side < 1 || s->region_side > s->dim)
		return "region size out of range";
	return NULL;
}

/* The public area's size: the same for every table. */
static size_t ttt_pub_size(const struct bd_game_shape *s)
{
	(void)s;
	return sizeof(struct ttt_pub);
}

/* The private area's size: the shape. */
static size_t ttt_priv_size(const struct bd_game_shape *s)
{
	(void)s;
	return sizeof(struct ttt_priv);
}

/* One lock region: a move looks at the whole board. */
static unsigned ttt_nregions(const struct bd_game_shape *s)
{
	(void)s;
	return 1;
}

/* The one region covers everything after the shape. */
static unsigned ttt_region_spans(const struct bd_game_shape *s, unsigned r, struct bd_span *spans)
{
	(void)s;
	(void)r;
	spans[0].off = offsetof(struct ttt_pub, cell);
	spans[0].len = sizeof(struct ttt_pub) - offsetof(struct ttt_pub, cell);
	return 1;
}

/* The head is the shape alone, which shape_check has seen. */
static const char *ttt_head_check(const void *area)
{
	(void)area;
	return NULL;
}

/* A reachable position, and a last move on a cell that was played. */
static const char *ttt_area_check(const void *area)
{
	const struct ttt_pub *t = area;
	char text[TTT_POS_LEN + 1];
	const char *why;

	memcpy(text, t->cell, TTT_CELLS);
	text[TTT_POS_LEN] = '\0';
	if ((why = ttt_pos_error(text)) != NULL)
		return why;
	if (t->last != TTT_NO_CELL && (t->last >= TTT_CELLS || t->cell[t->last] == '.'))
		return "the last move is not on a played cell";
	return NULL;
}

/* Write the field of letter S, M or W of ev. */
static void ttt_field_put(struct bd_line *o, const struct bd_event *ev, char letter, unsigned nth, unsigned dim)
{
	const struct ttt_ev *e = ttt_ev(ev);
	char text[TTT_MOVE_LEN + 1];
	unsigned line[3];

	(void)nth;
	(void)dim;
	switch (letter) {
	case 'S':
		bd_line_mem(o, e->side == 'O' ? "O" : "X", 1);
		return;
	case 'M':
		ttt_move_format(e->cell < TTT_CELLS ? e->cell : 0, text);
		bd_line_str(o, text);
		return;
	case 'W':
		for (unsigned i = 0; i < 3; i++)
			line[i] = e->line[i] < TTT_CELLS ? e->line[i] : 0;
		ttt_line_format(line, text);
		bd_line_str(o, text);
		return;
	}
}

/* The line named by text ("048"), one of the eight, into line; 0, or -1. */
static int ttt_line_parse(const char *text, uint8_t line[3])
{
	for (unsigned l = 0; l < 8; l++) {
		char name[TTT_LINE_LEN + 1];
		unsigned cells[3] = {ttt_lines[l][0], ttt_lines[l][1], ttt_lines[l][2]};
		ttt_line_format(cells, name);
		if (strcmp(name, text) == 0) {
			memcpy(line, ttt_lines[l], 3);
			return 0;
		}
	}
	return -1;
}

/* Read the field of letter S, M or W (M: two tokens) into ev: 0, or -1 if malformed. */
static int ttt_field_parse(struct bd_event *ev, char letter, unsigned nth, const char *const *tok, unsigned dim)
{
	struct ttt_ev *e = ttt_ev_w(ev);
	unsigned cell;

	(void)nth;
	(void)dim;
	switch (letter) {
	case 'S':
		if (strcmp(tok[0], "X") != 0 && strcmp(tok[0], "O") != 0)
			return -1;
		e->side = tok[0][0];
		return 0;
	case 'M':
		if (ttt_move_parse(tok[0], tok[1], &cell) < 0)
			return -1;
		e->cell = (uint8_t)cell;
		return 0;
	case 'W':
		return ttt_line_parse(tok[0], e->line);
	}
	return -1;
}

int ttt_move_read(unsigned ntok, const char *const *tok, unsigned *cell, struct bd_err *err)
{
	const char *why = ntok == 2 ? ttt_move_error(tok[0], tok[1]) : ttt_malformed;

	if (why == ttt_off)
		return bd_err_set(err, "range", "x and y must be on the board (0 to 2)");
	if (why != NULL)
		return bd_err_set(err, "syntax", bd_game_tictactoe.move_usage);
	return ttt_move_parse(tok[0], tok[1], cell);
}

const struct bd_game bd_game_tictactoe = {
	.name = "tictactoe",
	.kind = BD_GAME_TICTACTOE,
	.move_usage = BD_REASON("usage: move X Y (column and row, 0 to 2)"),
	.side_names = {"X", "O"},
	.dim_default = TTT_SIDE,
	.dim_rule = "3",
	.shape_check = ttt_shape_check,
	.pub_size = ttt_pub_size,
	.priv_size = ttt_priv_size,
	.nregions = ttt_nregions,
	.pub_head = offsetof(struct ttt_pub, cell),
	.region_spans = ttt_region_spans,
	.head_check = ttt_head_check,
	.area_check = ttt_area_check,
	.event_words = ttt_event_words,
	.event_specs = ttt_event_specs,
	.nevents = sizeof ttt_event_words / sizeof ttt_event_words[0],
	.wide = "M",
	.field_names = ttt_field_names,
	.field_put = ttt_field_put,
	.field_parse = ttt_field_parse,
	.listing = NULL,
};
