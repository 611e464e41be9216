/* dump-quantik.c: how boardctl shows a Quantik table (ctl.h's struct ctl_view): the board in
 * the game's notation with its zones, the round, the colour to move or how the round ended
 * (from the area), the last move, the round before it, and which seat plays which colour.
 *
 * Grid cells: "A"-"D" the round's first mover's pieces, "a"-"d" the other's, "." empty; a
 * cell of the winning line has a "*" after it. On a terminal a piece is drawn in the colour
 * of the seat playing it, the winning line in bold. */
#include <string.h>

#include "ctl.h"
#include "ipc/game/quantik.h"

static const char *const qk_sides[] = {"white", "black"};

/* The area of snapshot p (its codec checked it) and the position of its round on. */
static const struct qk_pub *qk_view_read(const struct bd_pub *p, struct qk_pos *pos)
{
	const struct qk_pub *q = qk_pub_area(p);

	qk_round_pos(&q->now, pos);
	return q;
}

/* How round r ended, "won by black (row0)", into out; "" while it is on. */
static void qk_view_end(const struct qk_round *r, char *out, size_t len)
{
	char how[QK_HOW_NAME];

	out[0] = '\0';
	if (r->how == QK_HOW_NONE)
		return;
	qk_how_name(r->how, how);
	snprintf(out, len, "won by %s (%s)", qk_sides[r->winner & 1], how);
}

static void qk_view_shape(FILE *f, const struct bd_pub *p)
{
	(void)p;
	fprintf(f, "quantik %ux%u", QK_SIDE, QK_SIDE);
}

/* "round 1: white to move (player 0)", "round 2 won by black (row0)", or that the match
 * ended otherwise (resigned, claimed, forfeited: the seats' results say who won). */
static void qk_view_progress(FILE *f, const struct bd_pub *p)
{
	struct qk_pos pos;
	const struct qk_pub *q = qk_view_read(p, &pos);
	char end[48];

	qk_view_end(&q->now, end, sizeof end);
	fprintf(f, "round %u", p->round_number);
	if (end[0] != '\0')
		fprintf(f, " %s", end);
	else if (p->game_state == BD_GAME_OVER)
		fputs(" ended by the core (resigned, claimed or forfeited)", f);
	else
		fprintf(f, ": %s to move", qk_sides[(qk_to_move(&pos) ^ q->now.first) & 1]);
	if (end[0] == '\0' && p->turn != BD_NO_PLAYER)
		fprintf(f, " (player %u)", (unsigned)p->turn);
}

/* One cell: its piece in its seat's colour, "*" after it on the winning line, "|" between zones. */
static void qk_view_cell(FILE *f, const struct ctl *c, const struct bd_pub *p, const struct qk_round *r,
			 unsigned cell)
{
	char piece = r->cell[cell];
	unsigned colour = piece == '.' ? 2 : (piece >= 'a') ^ r->first;
	unsigned seat = colour > 1 ? BD_NO_PLAYER : dump_side_seat(p, colour);
	int line = r->how < QK_LINES && (qk_line_cells[r->how] >> cell & 1);

	fputc(' ', f);
	if (seat != BD_NO_PLAYER)
		ctl_colour_on(f, c, p->players[seat].colour, line);
	fputc(piece, f);
	if (seat != BD_NO_PLAYER)
		ctl_colour_off(f, c);
	if (cell % QK_SIDE + 1 < QK_SIDE || line) /* no trailing blank */
		fputs(line ? "*" : cell % QK_SIDE == 1 ? " |" : " ", f);
}

/* The board with its zones, then the position, the last move, the colours and the round before. */
static void qk_view_grid(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	struct qk_pos pos;
	const struct qk_pub *q = qk_view_read(p, &pos);
	char text[QK_POS_LEN + 1], end[48];

	fputs("\n", f);
	for (unsigned y = 0; y < QK_SIDE; y++) {
		if (y == 2)
			fputs("   ----+-----\n", f);
		fprintf(f, "%2u ", y * QK_SIDE);
		for (unsigned x = 0; x < QK_SIDE; x++)
			qk_view_cell(f, c, p, &q->now, y * QK_SIDE + x);
		fputc('\n', f);
	}
	qk_pos_format(&pos, text);
	fprintf(f, "position %s, %s moved first", text, qk_sides[q->now.first & 1]);
	if (q->now.last < QK_CELLS)
		fprintf(f, ", last move %c%u", (q->now.cell[q->now.last] & ~0x20), q->now.last);
	for (unsigned s = 0; s < 2; s++) {
		unsigned seat = dump_side_seat(p, s);
		if (seat != BD_NO_PLAYER)
			fprintf(f, ", %s player %u", qk_sides[s], seat);
	}
	if (q->before.how != QK_HOW_NONE) {
		struct qk_pos before;
		qk_round_pos(&q->before, &before);
		qk_pos_format(&before, text);
		qk_view_end(&q->before, end, sizeof end);
		fprintf(f, "\nround before: %s %s", text, end);
	}
	fprintf(f, "\n(A-D the first mover's pieces, a-d the other's, . empty, * the winning line%s)\n",
		q->free ? "; moves not validated" : "");
}

static void qk_view_json_shape(struct json *j, const struct bd_pub *p)
{
	(void)p;
	json_str(j, "kind", "quantik");
	json_uint(j, "dim", QK_SIDE);
}

/* Whose turn: the seat (null if none) and the colour to move (null once the round is over). */
static void qk_view_json_progress(struct json *j, const struct bd_pub *p)
{
	struct qk_pos pos;
	const struct qk_pub *q = qk_view_read(p, &pos);
	int on = q->now.how == QK_HOW_NONE && p->game_state != BD_GAME_OVER;

	json_uint(j, "round", p->round_number);
	if (p->turn != BD_NO_PLAYER)
		json_uint(j, "turn", p->turn);
	else
		json_null(j, "turn");
	json_str(j, "to_move", on ? qk_sides[(qk_to_move(&pos) ^ q->now.first) & 1] : NULL);
}

/* A round as {position, first, last_move, winner, how}. */
static void qk_view_json_round(struct json *j, const char *name, const struct qk_round *r)
{
	struct qk_pos pos;
	char text[QK_POS_LEN + 1], how[QK_HOW_NAME];

	qk_round_pos(r, &pos);
	qk_pos_format(&pos, text);
	json_object(j, name);
	json_str(j, "position", text);
	json_str(j, "first", qk_sides[r->first & 1]);
	if (r->last < QK_CELLS)
		json_uint(j, "last_cell", r->last);
	else
		json_null(j, "last_cell");
	qk_how_name(r->how, how);
	json_str(j, "winner", r->how == QK_HOW_NONE ? NULL : qk_sides[r->winner & 1]);
	json_str(j, "how", r->how == QK_HOW_NONE ? NULL : how);
	json_close(j);
}

/* The round on and the one before, whether moves are validated, which seat plays each colour. */
static void qk_view_json_area(struct json *j, const struct bd_pub *p)
{
	const struct qk_pub *q = qk_pub_area(p);

	qk_view_json_round(j, "now", &q->now);
	if (q->before.how != QK_HOW_NONE)
		qk_view_json_round(j, "before", &q->before);
	else
		json_null(j, "before");
	json_bool(j, "validated", !q->free);
	json_object(j, "sides");
	for (unsigned s = 0; s < 2; s++) {
		unsigned seat = dump_side_seat(p, s);
		if (seat != BD_NO_PLAYER)
			json_uint(j, qk_sides[s], seat);
		else
			json_null(j, qk_sides[s]);
	}
	json_close(j);
}

const struct ctl_view ctl_view_quantik = {
	.kind = BD_GAME_QUANTIK, .shape = qk_view_shape, .progress = qk_view_progress, .grid = qk_view_grid,
	.json_shape = qk_view_json_shape, .json_progress = qk_view_json_progress,
	.json_area = qk_view_json_area, .sides = qk_sides,
};
