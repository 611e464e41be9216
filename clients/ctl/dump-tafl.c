/* dump-tafl.c: how boardctl shows a Hnefatafl table (ctl.h's struct ctl_view), as the seed's
 * terminal client did: the board with its coordinates (files a-i across, ranks 9 to 1 down),
 * the side to move or how the game ended, the last move with its captures, the plies
 * without a capture, and which seat plays which side.
 *
 * Cells: t an attacker, T a defender, K the king, "." empty, "+" an empty corner, "#" the
 * empty throne, "x" a cell the last move captured on; a "*" after the last move's piece. On
 * a terminal each piece is drawn in the colour of the seat playing its side, the king bold. */
#include <string.h>

#include "ctl.h"
#include "ipc/game/tafl.h"

static const char *const tafl_sides[] = {"attackers", "defenders"};

/* What a frame shows of the table: its area, position and the last move's text. */
struct tafl_view {
	const struct tafl_pub *t;
	struct tafl_pos pos;
	char text[TAFL_POS_LEN];
	char last[TAFL_MOVE_LEN]; /* "" before the first move */
};

/* Read snapshot p's area (its codec checked it). */
static void tafl_view_read(struct tafl_view *v, const struct bd_pub *p)
{
	struct tafl_pos before;
	struct tafl_caps caps = {.n = 0};

	v->t = tafl_pub_area(p);
	tafl_pub_pos(v->t, &v->pos);
	tafl_pos_format(&v->pos, v->text);
	v->last[0] = '\0';
	if (v->t->last_to >= TAFL_CELLS)
		return;
	/* the move's text needs the mover (a king's has its K) and what each capture was */
	before = v->pos;
	before.cell[v->t->last_from] = v->pos.cell[v->t->last_to];
	for (unsigned i = 0; i < v->t->ncap && i < TAFL_CAPS_MAX; i++) {
		caps.cell[caps.n] = v->t->cap[i];
		caps.piece[caps.n++] = (v->t->cap_king >> i) & 1 ? TAFL_KING : TAFL_DEF;
	}
	tafl_move_format(&before, (struct tafl_move){v->t->last_from, v->t->last_to}, &caps, v->last);
}

static void tafl_view_shape(FILE *f, const struct bd_pub *p)
{
	(void)p;
	fprintf(f, "tafl %ux%u", TAFL_SIDE, TAFL_SIDE);
}

/* How the game stands: "attackers to move (player 1), ply 12, 3 without a capture (draw at
 * 100)", "defenders won: the king escaped", "drawn: repetition", or ended otherwise. */
static void tafl_view_progress(FILE *f, const struct bd_pub *p)
{
	static const char *const why[TAFL_END_COUNT] = {
		"", "the king escaped", "the king was captured", "the side to move had no move",
		"a position came a third time", "plies without a capture",
	};
	struct tafl_view v;

	tafl_view_read(&v, p);
	unsigned end = v.t->end < TAFL_END_COUNT ? v.t->end : TAFL_END_ON;
	int winner = tafl_end_winner(end, v.pos.side);
	if (end == TAFL_END_QUIET)
		fprintf(f, "drawn: %u %s", v.t->draw_plies, why[end]);
	else if (end != TAFL_END_ON)
		fprintf(f, "%s%s: %s", winner < 0 ? "drawn" : tafl_sides[winner], winner < 0 ? "" : " won", why[end]);
	else if (p->game_state == BD_GAME_OVER)
		fputs("ended by the players (resigned, out of time or a draw agreed)", f);
	else
		fprintf(f, "%s to move", tafl_sides[v.pos.side]);
	if (end == TAFL_END_ON && p->turn != BD_NO_PLAYER)
		fprintf(f, " (player %u)", (unsigned)p->turn);
	fprintf(f, ", ply %u, %u without a capture (draw at %u)", v.t->plies, v.t->quiet, v.t->draw_plies);
}

/* Nonzero if the last move captured on cell. */
static int tafl_view_captured(const struct tafl_view *v, unsigned cell)
{
	for (unsigned i = 0; i < v->t->ncap && i < TAFL_CAPS_MAX; i++)
		if (v->t->cap[i] == cell)
			return 1;
	return 0;
}

/* One cell: its piece in the colour of the seat playing its side, or what the square is. */
static void tafl_view_cell(FILE *f, const struct ctl *c, const struct bd_pub *p, const struct tafl_view *v,
			   unsigned cell)
{
	static const char glyph[4] = {'.', 't', 'T', 'K'};
	unsigned piece = v->pos.cell[cell] & 3;
	unsigned seat = piece == TAFL_EMPTY ? BD_NO_PLAYER : dump_side_seat(p, piece >= TAFL_DEF);
	char g = glyph[piece];

	if (piece == TAFL_EMPTY)
		g = tafl_view_captured(v, cell) ? 'x' : tafl_corner(cell) ? '+' : cell == TAFL_THRONE ? '#' : '.';
	fputc(' ', f);
	if (seat != BD_NO_PLAYER)
		ctl_colour_on(f, c, p->players[seat].colour, piece == TAFL_KING);
	fputc(g, f);
	if (seat != BD_NO_PLAYER)
		ctl_colour_off(f, c);
	if (cell == v->t->last_to)
		fputc('*', f);
	else if (cell % TAFL_SIDE + 1 < TAFL_SIDE) /* no trailing blank */
		fputc(' ', f);
}

/* The board with coordinates on both sides, then the position, the last move and the sides. */
static void tafl_view_grid(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	static const char files[] = "\n    a  b  c  d  e  f  g  h  i\n";
	struct tafl_view v;

	tafl_view_read(&v, p);
	fputs(files, f);
	for (unsigned r = 0; r < TAFL_SIDE; r++) {
		fprintf(f, "%u  ", TAFL_SIDE - r);
		for (unsigned col = 0; col < TAFL_SIDE; col++)
			tafl_view_cell(f, c, p, &v, r * TAFL_SIDE + col);
		fprintf(f, "%s %u\n", v.t->last_to == r * TAFL_SIDE + TAFL_SIDE - 1 ? "" : " ", TAFL_SIDE - r);
	}
	fputs(files + 1, f);
	fprintf(f, "position %s", v.text);
	if (v.last[0] != '\0')
		fprintf(f, ", last move %s", v.last);
	for (unsigned s = 0; s < 2; s++) {
		unsigned seat = dump_side_seat(p, s);
		if (seat != BD_NO_PLAYER)
			fprintf(f, ", %s player %u", tafl_sides[s], seat);
	}
	fputs("\n(t attacker, T defender, K king, + corner, # empty throne, * the last move, x captured by it)\n", f);
}

static void tafl_view_json_shape(struct json *j, const struct bd_pub *p)
{
	(void)p;
	json_str(j, "kind", "tafl");
	json_uint(j, "dim", TAFL_SIDE);
}

/* Whose turn: the seat (null if none) and the side to move (null once over). */
static void tafl_view_json_progress(struct json *j, const struct bd_pub *p)
{
	struct tafl_view v;

	tafl_view_read(&v, p);
	if (p->turn != BD_NO_PLAYER)
		json_uint(j, "turn", p->turn);
	else
		json_null(j, "turn");
	json_str(j, "to_move", v.t->end == TAFL_END_ON && p->game_state != BD_GAME_OVER ? tafl_sides[v.pos.side] : NULL);
}

/* The position (notation, and nine rows of cells), the last move, how the game ended, its
 * counts, and which seat plays each side. */
static void tafl_view_json_area(struct json *j, const struct bd_pub *p)
{
	static const char glyph[4] = {'.', 't', 'T', 'K'};
	struct tafl_view v;
	char row[TAFL_SIDE + 1] = "";

	tafl_view_read(&v, p);
	json_str(j, "position", v.text);
	json_array(j, "grid");
	for (unsigned r = 0; r < TAFL_SIDE; r++) {
		for (unsigned col = 0; col < TAFL_SIDE; col++)
			row[col] = glyph[v.pos.cell[r * TAFL_SIDE + col] & 3];
		json_str(j, NULL, row);
	}
	json_close(j);
	json_str(j, "last_move", v.last[0] != '\0' ? v.last : NULL);
	unsigned end = v.t->end < TAFL_END_COUNT ? v.t->end : TAFL_END_ON;
	int winner = tafl_end_winner(end, v.pos.side);
	json_str(j, "end", tafl_end_word(end));
	json_str(j, "winner", end == TAFL_END_ON ? NULL : winner < 0 ? "none" : tafl_sides[winner]);
	json_uint(j, "plies", v.t->plies);
	json_uint(j, "quiet", v.t->quiet);
	json_uint(j, "draw_plies", v.t->draw_plies);
	json_uint(j, "repeats", v.t->repeats);
	json_object(j, "sides");
	for (unsigned s = 0; s < 2; s++) {
		unsigned seat = dump_side_seat(p, s);
		if (seat != BD_NO_PLAYER)
			json_uint(j, tafl_sides[s], seat);
		else
			json_null(j, tafl_sides[s]);
	}
	json_close(j);
}

const struct ctl_view ctl_view_tafl = {
	.kind = BD_GAME_TAFL, .shape = tafl_view_shape, .progress = tafl_view_progress, .grid = tafl_view_grid,
	.json_shape = tafl_view_json_shape, .json_progress = tafl_view_json_progress,
	.json_area = tafl_view_json_area, .sides = tafl_sides,
};
