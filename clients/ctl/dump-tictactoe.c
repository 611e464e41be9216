/* dump-tictactoe.c: how boardctl shows a tic-tac-toe table (ctl.h's struct ctl_view): the
 * grid in the game's notation (X, O, .), the side to move or the result with its winning
 * line (from the position, by the game's rules), the last move, and which seat plays which
 * side.
 *
 * Grid cells: "X" or "O", "." empty; a cell of the winning line has a "*" after it. On a
 * terminal a mark is drawn in the colour of the seat playing it, the winning line in bold. */
#include <string.h>

#include "ctl.h"
#include "ipc/game/tictactoe.h"

static const char *const ttt_sides[] = {"X", "O"};

/* What a frame shows of the table: its position (struct and text), result and line. */
struct ttt_view {
	struct ttt_pos pos;
	char text[TTT_POS_LEN + 1];
	char result;     /* as ttt_result: 'X', 'O', 'D', 0 while on */
	unsigned line[3];
	unsigned last;   /* the last move's cell, TTT_NO_CELL before the first */
};

/* Read snapshot p's area (its codec checked it: a reachable position). */
static void ttt_view_read(struct ttt_view *v, const struct bd_pub *p)
{
	const struct ttt_pub *t = ttt_pub_area(p);

	memcpy(v->pos.cell, t->cell, TTT_CELLS);
	ttt_pos_format(&v->pos, v->text);
	v->result = ttt_result(&v->pos, v->line);
	v->last = t->last;
}

/* Nonzero if cell is on the winning line. */
static int ttt_view_on_line(const struct ttt_view *v, unsigned cell)
{
	return (v->result == 'X' || v->result == 'O') && (v->line[0] == cell || v->line[1] == cell || v->line[2] == cell);
}

static void ttt_view_shape(FILE *f, const struct bd_pub *p)
{
	(void)p;
	fprintf(f, "tictactoe %ux%u", TTT_SIDE, TTT_SIDE);
}

/* "X to move (player 0)", "X won, line 048", "drawn", or that the match ended otherwise
 * (resigned, claimed, a clock ran out: the seats' results say who won). */
static void ttt_view_progress(FILE *f, const struct bd_pub *p)
{
	struct ttt_view v;

	ttt_view_read(&v, p);
	if (v.result == 'D')
		fputs("drawn", f);
	else if (v.result != 0)
		fprintf(f, "%c won, line %u%u%u", v.result, v.line[0], v.line[1], v.line[2]);
	else if (p->game_state == BD_GAME_OVER)
		fputs("ended without a line (resigned, claimed or out of time)", f);
	else
		fprintf(f, "%c to move", ttt_to_move(&v.pos));
	if (v.result == 0 && p->turn != BD_NO_PLAYER)
		fprintf(f, " (player %u)", (unsigned)p->turn);
}

/* One cell of the grid: its mark in the colour of its seat, "*" after it on the line. */
static void ttt_view_cell(FILE *f, const struct ctl *c, const struct bd_pub *p, const struct ttt_view *v,
			  unsigned cell)
{
	char mark = v->pos.cell[cell];
	unsigned seat = mark == '.' ? BD_NO_PLAYER : dump_side_seat(p, mark == 'X' ? 0 : 1);
	int line = ttt_view_on_line(v, cell);

	fputc(' ', f);
	if (seat != BD_NO_PLAYER)
		ctl_colour_on(f, c, p->players[seat].colour, line);
	fputc(mark, f);
	if (seat != BD_NO_PLAYER)
		ctl_colour_off(f, c);
	if (cell % TTT_SIDE + 1 < TTT_SIDE || line) /* no trailing blank */
		fputc(line ? '*' : ' ', f);
}

/* The grid, x across and y down, then the position, the last move and the sides. */
static void ttt_view_grid(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	struct ttt_view v;
	char move[TTT_MOVE_LEN + 1];

	ttt_view_read(&v, p);
	fputs("\n   0  1  2\n", f);
	for (unsigned y = 0; y < TTT_SIDE; y++) {
		fprintf(f, "%u ", y);
		for (unsigned x = 0; x < TTT_SIDE; x++)
			ttt_view_cell(f, c, p, &v, y * TTT_SIDE + x);
		fputc('\n', f);
	}
	fprintf(f, "position %s", v.text);
	if (v.last < TTT_CELLS) {
		ttt_move_format(v.last, move);
		fprintf(f, ", last move %s by %c", move, v.pos.cell[v.last]);
	}
	for (unsigned s = 0; s < 2; s++) {
		unsigned seat = dump_side_seat(p, s);
		if (seat != BD_NO_PLAYER)
			fprintf(f, ", %s player %u", ttt_sides[s], seat);
	}
	fputs("\n(X O marks, . empty, * the winning line)\n", f);
}

static void ttt_view_json_shape(struct json *j, const struct bd_pub *p)
{
	(void)p;
	json_str(j, "kind", "tictactoe");
	json_uint(j, "dim", TTT_SIDE);
}

/* Whose turn: the seat (null if none) and the side to move (null once over). */
static void ttt_view_json_progress(struct json *j, const struct bd_pub *p)
{
	struct ttt_view v;
	char mark[2] = "";

	ttt_view_read(&v, p);
	if (p->turn != BD_NO_PLAYER)
		json_uint(j, "turn", p->turn);
	else
		json_null(j, "turn");
	mark[0] = ttt_to_move(&v.pos);
	json_str(j, "to_move", v.result == 0 && p->game_state != BD_GAME_OVER ? mark : NULL);
}

/* The last move as {x, y, mark}, null before the first. */
static void ttt_view_json_last(struct json *j, const struct ttt_view *v)
{
	char mark[2] = "";

	if (v->last >= TTT_CELLS) {
		json_null(j, "last_move");
		return;
	}
	mark[0] = v->pos.cell[v->last];
	json_object(j, "last_move");
	json_uint(j, "x", v->last % TTT_SIDE);
	json_uint(j, "y", v->last / TTT_SIDE);
	json_str(j, "mark", mark);
	json_close(j);
}

/* The position (as notation and as three rows), the last move, the result and its line,
 * and which seat plays each side. */
static void ttt_view_json_area(struct json *j, const struct bd_pub *p)
{
	struct ttt_view v;
	char row[TTT_SIDE + 1] = "";

	ttt_view_read(&v, p);
	json_str(j, "position", v.text);
	json_array(j, "grid");
	for (unsigned y = 0; y < TTT_SIDE; y++) {
		memcpy(row, v.text + y * TTT_SIDE, TTT_SIDE);
		json_str(j, NULL, row);
	}
	json_close(j);
	ttt_view_json_last(j, &v);
	json_str(j, "result", v.result == 'X' ? "X" : v.result == 'O' ? "O" : v.result == 'D' ? "draw" : NULL);
	if (v.result == 'X' || v.result == 'O') {
		json_array(j, "line");
		for (unsigned i = 0; i < 3; i++)
			json_uint(j, NULL, v.line[i]);
		json_close(j);
	} else
		json_null(j, "line");
	json_object(j, "sides");
	for (unsigned s = 0; s < 2; s++) {
		unsigned seat = dump_side_seat(p, s);
		if (seat != BD_NO_PLAYER)
			json_uint(j, ttt_sides[s], seat);
		else
			json_null(j, ttt_sides[s]);
	}
	json_close(j);
}

const struct ctl_view ctl_view_tictactoe = {
	.kind = BD_GAME_TICTACTOE, .shape = ttt_view_shape, .progress = ttt_view_progress, .grid = ttt_view_grid,
	.json_shape = ttt_view_json_shape, .json_progress = ttt_view_json_progress,
	.json_area = ttt_view_json_area, .sides = ttt_sides,
};
