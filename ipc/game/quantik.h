/* quantik.h: Quantik's codec (its shared-memory area, events and move, game.h) and its
 * rules and notation, pure (no I/O, no state), shared by the daemon's rules, board-gtk's
 * view, board-bot's brain and solver, boardctl rules and the unit tests.
 *
 * Rules (issue 13): a 4x4 board of four 2x2 zones; each side has two pieces of each of
 * four shapes A B C D (the seed's cylinder, cube, sphere, tetrahedron). A turn places one
 * of the mover's pieces on an empty cell whose row, column and zone hold no piece of the
 * opponent's of that shape (the mover's own do not forbid it). Whoever places the fourth
 * different shape in a row, column or zone wins the round, whoever owns the other three; a
 * side that cannot place a piece loses it. No draws.
 *
 * Notation (docs/PROTOCOL.md): QFEN, the four rows from the top separated by '/', a cell
 * '.' (empty), 'A'-'D' (a piece of the round's first mover) or 'a'-'d' (the other side's):
 * "A.../..b./..../...." (19 characters); the side to move follows from the counts. A cell
 * is 0-15, row by row from the top left; a move is its shape's letter and its cell: "A5",
 * "D15". Lines: rows 0-3 from the top (line 0-3), columns 0-3 from the left (4-7), zones
 * 0-3 top left, top right, bottom left, bottom right (8-11), named "row0", "col2", "zone3".
 * At a table the sides are colours, white (side 0) and black; white moves first in round
 * 1, black in round 2, and upper case is the round's first mover's. */
#ifndef BD_GAME_QUANTIK_H
#define BD_GAME_QUANTIK_H

#include "game.h"
#include "notation.h"

#define QK_SIDE 4
#define QK_CELLS 16
#define QK_SHAPES 4
#define QK_COPIES 2     /* pieces of each shape a side has */
#define QK_LINES 12     /* rows, columns, zones */
#define QK_MOVES_MAX 64 /* legal moves, at most: four shapes on the empty board */
#define QK_POS_LEN 19   /* characters of a position, without its NUL */
#define QK_MOVE_LEN 3   /* "D15" */
#define QK_ALL 0xffffu  /* every cell */
#define QK_SYMS 128     /* transforms of the board that keep rows, columns and zones */

/* A position: for each side (0: the round's first mover, upper case; 1: the other) and
 * shape (0-3: A-D), the cells it holds, bit c for cell c. */
struct qk_pos {
	uint16_t piece[2][QK_SHAPES];
};

/* A move: QK_MOVE(shape, cell); 0-63. */
#define QK_MOVE(shape, cell) ((unsigned)(shape) << 4 | (unsigned)(cell))
#define QK_SHAPE_OF(move) ((move) >> 4 & 3u)
#define QK_CELL_OF(move) ((move) & 15u)

/* The cells of each line (rows, columns, zones), and the three lines through each cell
 * (row, column, zone) as line numbers and as the union of their cells. */
extern const uint16_t qk_line_cells[QK_LINES];
extern const uint8_t qk_cell_lines[QK_CELLS][3];
extern const uint16_t qk_cell_reach[QK_CELLS];

void qk_pos_empty(struct qk_pos *p);
/* Read a position in QFEN: 0, or -1 if s is not one that a round can reach (qk_pos_error
 * says why: its form, more than two of a shape, the counts, the same shape of both sides in
 * one line, a round that went on after a win). */
int qk_pos_parse(struct qk_pos *p, const char *s);
const char *qk_pos_error(const char *s);
/* The same with only the form and the counts checked: a table that does not validate moves
 * (option validate=0) may hold any such position. */
int qk_pos_parse_free(struct qk_pos *p, const char *s);
const char *qk_pos_error_free(const char *s);
void qk_pos_format(const struct qk_pos *p, char out[QK_POS_LEN + 1]);
/* The position from 16 cells row by row ('.', 'A'-'D', 'a'-'d': the public area's), and
 * back. The cells must be of those characters. */
void qk_pos_from_cells(struct qk_pos *p, const char cells[QK_CELLS]);
void qk_pos_cells(const struct qk_pos *p, char cells[QK_CELLS]);

/* The cells held by anyone, by side, by a shape of either side. */
uint16_t qk_occupied(const struct qk_pos *p);
uint16_t qk_side_cells(const struct qk_pos *p, unsigned side);
/* Pieces placed in all; the side to move (0 or 1; once the round is over, the one that
 * would be next); the pieces of shape side has left to place (0-2). */
unsigned qk_count(const struct qk_pos *p);
unsigned qk_to_move(const struct qk_pos *p);
unsigned qk_left(const struct qk_pos *p, unsigned side, unsigned shape);

/* Read a move ("A5") into *move: 0, or -1 (qk_move_error says why). */
int qk_move_parse(const char *s, unsigned *move);
/* Why s is not a move: "malformed" (not a letter A-D and a whole number without leading
 * zeros) or "off the board" (a cell past 15); NULL if it is one. */
const char *qk_move_error(const char *s);
void qk_move_format(unsigned move, char out[QK_MOVE_LEN + 1]);

/* The cells where the side to move may place shape under the rules (none once the round
 * is over or with no such piece left). */
uint16_t qk_legal_cells(const struct qk_pos *p, unsigned shape);
/* Why the side to move may not play move ("the round is over", "the cell is taken", "both
 * A are placed", "an opponent's A is in its row|column|zone"); NULL if it may. */
const char *qk_illegal(const struct qk_pos *p, unsigned move);
/* The same with only the checks a table that does not validate keeps (taken, used up). */
const char *qk_unplaceable(const struct qk_pos *p, unsigned move);
/* The legal moves (shape by shape, cells ascending) into moves; how many (0 once over). */
unsigned qk_moves(const struct qk_pos *p, unsigned moves[QK_MOVES_MAX]);
/* Place move's piece for the side to move; the cell must be empty and a piece left. */
void qk_apply(struct qk_pos *p, unsigned move);

/* The lines holding four different shapes (bit l for line l). */
unsigned qk_wins(const struct qk_pos *p);
/* Nonzero if move (for the side to move) completes a line of four different shapes. */
int qk_move_wins(const struct qk_pos *p, unsigned move);

/* How a round ended: by a line (0-11), or QK_HOW_STUCK (the loser had no legal placement);
 * at a table also QK_HOW_TIME (the loser's move clock ran out), QK_HOW_ILLEGAL (the loser
 * made an illegal move), QK_HOW_CLAIM (a table without validation: the winner claimed it),
 * QK_HOW_RESIGN (the loser resigned the round). */
enum { QK_HOW_STUCK = QK_LINES, QK_HOW_TIME, QK_HOW_ILLEGAL, QK_HOW_CLAIM, QK_HOW_RESIGN, QK_HOWS, QK_HOW_NONE = 0xff };
#define QK_HOW_NAME 8 /* "illegal" and its NUL */
/* -1 if the round is on; else the winning side (0 or 1), with *how (may be NULL) the first
 * winning line (0-11), or QK_HOW_STUCK when the side to move cannot place a piece. */
int qk_result(const struct qk_pos *p, unsigned *how);
/* The name of how ("row0", "col1", "zone3", "stuck", "time", "illegal", "claim"). */
void qk_how_name(unsigned how, char out[QK_HOW_NAME]);
/* How a name names (0 .. QK_HOWS - 1): 0, or -1. */
int qk_how_parse(const char *name, unsigned *how);

/* Symmetries: transform t (0 .. QK_SYMS - 1; 0 is the identity) moves a cell to
 * qk_sym_cell(t, cell): rows permuted within and between their zone pairs (8 ways),
 * columns likewise (8), and the board transposed or not (2). These 128 are every
 * permutation of the cells that maps rows, columns and zones to rows, columns and zones;
 * relabelling the shapes (24 ways) keeps the rules too. */
unsigned qk_sym_cell(unsigned t, unsigned cell);
uint16_t qk_sym_cells(unsigned t, uint16_t cells);
void qk_pos_transform(const struct qk_pos *p, unsigned t, struct qk_pos *out);
/* A 64-bit key of p: four bits a cell (0 empty, 1 + shape + 4 * side). */
uint64_t qk_pos_key(const struct qk_pos *p);
/* The least key of p's 128 transforms, with *t (may be NULL) a transform that gives it. */
uint64_t qk_pos_canonical(const struct qk_pos *p, unsigned *t);

/* Perft (notation.h): rows[d - 1] for each depth d of 1..depth (at most QK_PERFT_MAX):
 * the move sequences of d moves, and the rounds ending there (a line, or the next side
 * unable to place) won by the first mover (won[0]) or the second (won[1]); never drawn. */
#define QK_PERFT_MAX QK_CELLS
void qk_perft(const struct qk_pos *p, unsigned depth, struct game_perft rows[]);

/* Quantik for boardctl rules (sides "first", "second": upper and lower case). */
extern const struct game_notation qk_notation;

/* --- The codec (game.c's table) ------------------------------------------------------ */
#define QK_NO_CELL 0xff

/* One round as the public area shows it. */
struct qk_round {
	char cell[QK_CELLS]; /* the position's cells row by row: '.', 'A'-'D' the first mover's, 'a'-'d' */
	uint8_t first;       /* the colour that moved first (0 white, 1 black): its pieces are upper case */
	uint8_t last;        /* the cell of the last move, QK_NO_CELL before the first */
	uint8_t how;         /* how it ended (QK_HOW_*), QK_HOW_NONE while it is on */
	uint8_t winner;      /* the colour that won it, once it ended */
};
static_assert(sizeof(struct qk_round) == 20, "qk_round is 20 bytes");

/* Quantik's public area: the shape (dim 4; one lock region whatever region side the table
 * has), then the round on (or the last one, once the match is over) and the round before
 * it (round 1 during round 2, or the previous match's last; how QK_HOW_NONE if none), all
 * under region_seq[0]. free is 1 at a table that does not validate moves (validate=0): its
 * positions may break the same-shape rule and go on after a line. */
struct qk_pub {
	uint32_t dim;          /* shape: 4 */
	uint32_t region_side;  /* shape: as the table has it */
	struct qk_round now, before;
	uint8_t free;
	uint8_t reserved[7];
};
static_assert(sizeof(struct qk_pub) == 56, "qk_pub is 56 bytes");

/* Its private area: the shape alone (Quantik hides nothing). */
struct qk_priv {
	uint32_t dim, region_side;
};

/* Its events (fields in order; letters of its own: S a colour, white or black; Q a move,
 * "A5"; H how a round ended, "row0" ... "claim"). */
enum {
	QK_EV_PLACE = BD_EV_GAME_FIRST(BD_GAME_QUANTIK), /* "place": player, colour, move */
	QK_EV_WON, /* "won": round number (n), colour, how: that colour won the round */
};

/* The payload of its events (struct bd_event's game bytes). */
struct qk_ev {
	uint8_t move;  /* place: QK_MOVE(shape, cell) */
	uint8_t side;  /* the mover's (place) or the winner's (won) colour */
	uint8_t how;   /* won: QK_HOW_* */
};

/* Its table options (game.h), in this order in board_settings' opt[] and the header's options[]. */
enum { QK_OPT_ILLEGAL, QK_OPT_VALIDATE, QK_OPT_TIMEOUT, QK_OPT_MOVE_MS, QK_OPT_SHOW_BOARD, QK_OPT_DEBUG, QK_NOPTS };
enum { QK_ILLEGAL_LOSE, QK_ILLEGAL_RETRY }; /* illegal's values */

extern const struct bd_game bd_game_quantik;

/* The Quantik area of a public segment or snapshot; NULL if its table is another game's. */
static inline const struct qk_pub *qk_pub_area(const struct bd_pub *pub)
{
	return pub->game_kind == BD_GAME_QUANTIK ? (const struct qk_pub *)(const void *)pub->area : NULL;
}

/* Its payload of an event, to read and to write. */
static inline const struct qk_ev *qk_ev(const struct bd_event *ev)
{
	return (const struct qk_ev *)(const void *)ev->game;
}

static inline struct qk_ev *qk_ev_w(struct bd_event *ev)
{
	return (struct qk_ev *)(void *)ev->game;
}

/* The position of a round of the area (the cells are sound once area_check passed). */
void qk_round_pos(const struct qk_round *r, struct qk_pos *p);
/* Why a round of an area is unsound (free: a table without validation), or NULL. */
const char *qk_round_check(const struct qk_round *r, int free);

/* A move request's words (`move A5` or `move A5 win`: the mover claims the move wins):
 * 0 with *move and *claim, or -1 with *err ("syntax" with the usage; "range": a cell past
 * 15). */
int qk_move_read(unsigned ntok, const char *const *tok, unsigned *move, int *claim, struct bd_err *err);

#endif
