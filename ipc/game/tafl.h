/* tafl.h: Hnefatafl's codec (9x9 corner Tablut: its shared-memory areas, events and move,
 * game.h) and its rules and notation, pure (no I/O, no state), shared by the daemon's rules,
 * board-gtk's view, board-bot's brain, boardctl rules and the unit tests.
 * Notation (OpenTafl's, docs/PROTOCOL.md): a board is its ranks from the top (rank 9) down,
 * each between slashes, 't' an attacker, 'T' a defender, 'K' the king, a digit a run of empty
 * cells: the start is TAFL_START. A position is a board, then optionally a space and the side
 * to move ("attackers", the default, or "defenders"). A move is "e5-e8" (from, to: files a-i
 * from the left, ranks 1-9 from the bottom), OpenTafl writing the king's with a 'K' in front
 * ("Ke5-e8") and a move's captures after an 'x', separated by '/', a captured king with its
 * 'K' ("d4-d6xd5/Ke6"). Cells are numbered row by row from the top left: cell = row * 9 + file,
 * row 0 being rank 9. */
#ifndef BD_GAME_TAFL_H
#define BD_GAME_TAFL_H

#include "game.h"
#include "notation.h"

#define TAFL_SIDE 9
#define TAFL_CELLS 81
#define TAFL_THRONE 40      /* e5 */
#define TAFL_NO_CELL 0xff
#define TAFL_CAPS_MAX 3     /* captures of one move: the mover's three other neighbours */
#define TAFL_MOVES_MAX 400  /* legal moves of a position: 25 pieces, 16 destinations each */
#define TAFL_MOVE_LEN 24    /* "Ke5-e8" and three captures "xKd5/d6/d4", NUL included */
#define TAFL_POS_LEN 96     /* a position's text, NUL included */
#define TAFL_DRAW_PLIES 100 /* plies without a capture that end a game drawn, by default */
#define TAFL_PLIES_MAX 10000 /* the most the draw-plies option may be */
enum { TAFL_OPT_DRAW_PLIES = 0 }; /* the codec's options, by index (game.h) */
#define TAFL_START "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"

/* A cell's content. A defender's piece is TAFL_DEF or TAFL_KING (>= TAFL_DEF). */
enum { TAFL_EMPTY = 0, TAFL_ATT = 1, TAFL_DEF = 2, TAFL_KING = 3 };
/* Sides: the attackers move first. */
enum { TAFL_ATTACKERS = 0, TAFL_DEFENDERS = 1 };

/* A position: compact and cheap to copy, for the bot's search as for the daemon. */
struct tafl_pos {
	uint8_t cell[TAFL_CELLS]; /* TAFL_EMPTY, TAFL_ATT, TAFL_DEF, TAFL_KING */
	uint8_t side;             /* to move: TAFL_ATTACKERS or TAFL_DEFENDERS */
	uint8_t king;             /* the king's cell, TAFL_NO_CELL once captured */
	uint8_t natt, ndef;       /* attackers, defenders (the king not counted) on the board */
	uint64_t hash;            /* Zobrist key of cells and side to move (tafl_hash) */
};

struct tafl_move {
	uint8_t from, to;
};

/* What a move took, for the notation and for tafl_undo. */
struct tafl_caps {
	unsigned n;
	uint8_t cell[TAFL_CAPS_MAX];
	uint8_t piece[TAFL_CAPS_MAX]; /* TAFL_ATT, TAFL_DEF or TAFL_KING */
};

/* Why a game ended (TAFL_END_ON: it goes on). */
enum tafl_end {
	TAFL_END_ON = 0,
	TAFL_END_ESCAPED,    /* the king reached a corner: the defenders win */
	TAFL_END_CAPTURED,   /* the king was captured: the attackers win */
	TAFL_END_NOMOVES,    /* the side to move has no legal move: it loses */
	TAFL_END_REPETITION, /* a position came a third time with the same side to move: drawn */
	TAFL_END_QUIET,      /* draw-plies plies without a capture: drawn */
	TAFL_END_COUNT
};
/* Its word ("escaped", "captured", "nomoves", "repetition", "quiet"); NULL if none. */
const char *tafl_end_word(unsigned end);
/* The side that won a game ended by end, with the side that was to move; -1 for a draw. */
int tafl_end_winner(unsigned end, unsigned to_move);

/* The start position. */
void tafl_pos_start(struct tafl_pos *p);
/* Read a position (a board, optionally a space and the side to move): NULL, or why it is not
 * one a game can reach (p untouched then). */
const char *tafl_pos_parse(struct tafl_pos *p, const char *s);
/* Its text, with the side to move always written (TAFL_POS_LEN bytes). */
void tafl_pos_format(const struct tafl_pos *p, char out[TAFL_POS_LEN]);
/* The Zobrist key of p computed afresh (tafl_apply keeps p->hash up to date). */
uint64_t tafl_hash(const struct tafl_pos *p);

/* A cell's name ("e5", TAFL_NO_CELL: "-") into out (4 bytes); a name's cell, or -1. */
void tafl_cell_name(unsigned cell, char out[4]);
int tafl_cell_parse(const char *s);
/* Is cell a corner; next to the throne (orthogonally)? */
int tafl_corner(unsigned cell);
int tafl_beside_throne(unsigned cell);

/* The legal moves of the side to move into moves; how many (0 once the king escaped or fell). */
unsigned tafl_moves(const struct tafl_pos *p, struct tafl_move moves[TAFL_MOVES_MAX]);
/* Nonzero if the side to move has a legal move (cheaper than tafl_moves). */
int tafl_can_move(const struct tafl_pos *p);
/* Why m may not be played by the side to move (a sentence naming the rule), NULL if it may. */
const char *tafl_illegal(const struct tafl_pos *p, struct tafl_move m);
/* Play the legal move m: the captures into *caps (may be NULL), the side to move changes. */
void tafl_apply(struct tafl_pos *p, struct tafl_move m, struct tafl_caps *caps);
/* Take back m, played from the position p was before, with the captures it made. */
void tafl_undo(struct tafl_pos *p, struct tafl_move m, const struct tafl_caps *caps);
/* How the position alone ends the game: ESCAPED, CAPTURED, NOMOVES, or ON (the draws need the
 * game's history: struct tafl_game). */
unsigned tafl_status(const struct tafl_pos *p);

/* Read a move's text (with or without the king's K and the captures; captures given must
 * be the ones it makes): 0, or -1 with why (a sentence naming the rule). */
int tafl_move_parse(const struct tafl_pos *p, const char *s, struct tafl_move *m, const char **why);
/* A move as OpenTafl writes it, played from p (before it), with its captures (NULL: none). */
void tafl_move_format(const struct tafl_pos *p, struct tafl_move m, const struct tafl_caps *caps,
		      char out[TAFL_MOVE_LEN]);

/* A game: the position and what the draw rules need: the keys of the positions since the
 * last capture (none can come back after one), each with its side to move. */
struct tafl_game {
	struct tafl_pos pos;
	uint32_t draw_plies; /* the option: 1 .. TAFL_PLIES_MAX */
	uint32_t quiet;      /* plies since the last capture (or the start) */
	uint32_t end;        /* enum tafl_end */
	uint32_t nhist;      /* entries of hist: the positions since the last capture, this one too */
	uint64_t hist[TAFL_PLIES_MAX + 1];
};

/* A game from p (already played positions unknown) with draw_plies. */
void tafl_game_start(struct tafl_game *g, const struct tafl_pos *p, unsigned draw_plies);
/* Play the legal move m in a game still on; the captures into *caps; returns g->end. */
unsigned tafl_game_play(struct tafl_game *g, struct tafl_move m, struct tafl_caps *caps);
/* How many times the game's current position has come (1 the first time). */
unsigned tafl_game_repeats(const struct tafl_game *g);

/* Perft (notation.h): rows[d - 1] for each depth d of 1..depth: move sequences, and games
 * ending there (the position alone: escape, capture, no moves) won by the attackers
 * (won[0]) and the defenders (won[1]). */
#define TAFL_PERFT_MAX 5
void tafl_perft(const struct tafl_pos *p, unsigned depth, struct game_perft rows[]);

/* Hnefatafl for boardctl rules. */
extern const struct game_notation tafl_notation;

/* --- The codec (game.c's table) ------------------------------------------------------ */
/* Tafl's public area: the shape (dim 9, one lock region), then the game under region 0. A
 * sound area holds a position a game can reach, a last move (or none) that ends on a piece
 * of the side that is not to move, its captured cells empty, and an end that the position
 * agrees with. */
struct tafl_pub {
	uint32_t dim;           /* shape: 9 */
	uint32_t region_side;   /* shape: as the table has it */
	uint8_t cell[TAFL_CELLS]; /* as struct tafl_pos */
	uint8_t side;           /* to move */
	uint8_t last_from, last_to; /* the last move, TAFL_NO_CELL before the first */
	uint8_t ncap;           /* its captures */
	uint8_t cap[TAFL_CAPS_MAX];
	uint8_t end;            /* enum tafl_end of this round */
	uint8_t cap_king;       /* bit i set if cap[i] was the king */
	uint8_t reserved[6];
	uint32_t plies;         /* plies played this round */
	uint32_t quiet;         /* plies since the last capture */
	uint32_t draw_plies;    /* the table's option */
	uint32_t repeats;       /* times the current position has come */
};
static_assert(sizeof(struct tafl_pub) == 120, "tafl_pub is 120 bytes");

/* Its private area: the shape, then what the public area shows (written here first, so that
 * a move cut short mends from one side or the other) and the game with its history (the
 * draws' memory). */
struct tafl_priv {
	uint32_t dim, region_side;
	uint32_t plies;
	uint8_t last_from, last_to, ncap;
	uint8_t cap[TAFL_CAPS_MAX];
	uint8_t cap_king;
	uint8_t reserved[5];
	struct tafl_game game;
};

/* Its events (letters of its own: S side, M a move with its captures, E an end's why). */
enum {
	TAFL_EV_MOVE = BD_EV_GAME_FIRST(BD_GAME_TAFL), /* "tmove": player, side, move */
	TAFL_EV_END, /* "tend": why, side that won ("none" for a draw) */
};

/* The payload of its events (struct bd_event's game bytes). */
struct tafl_ev {
	uint8_t from, to, side, end;
	uint8_t winner;           /* tend: side, or 2: nobody */
	uint8_t king_moved;       /* tmove: the mover was the king */
	uint8_t ncap;
	uint8_t cap[TAFL_CAPS_MAX];
	uint8_t cap_king;         /* tmove: bit i set if cap[i] was the king */
};

extern const struct bd_game bd_game_tafl;

/* The tafl area of a public segment or snapshot; NULL if its table is another game's. */
static inline const struct tafl_pub *tafl_pub_area(const struct bd_pub *pub)
{
	return pub->game_kind == BD_GAME_TAFL ? (const struct tafl_pub *)(const void *)pub->area : NULL;
}

static inline const struct tafl_ev *tafl_ev(const struct bd_event *ev)
{
	return (const struct tafl_ev *)(const void *)ev->game;
}

static inline struct tafl_ev *tafl_ev_w(struct bd_event *ev)
{
	return (struct tafl_ev *)(void *)ev->game;
}

/* The move of a tmove event as OpenTafl writes it (its K, its captures: "e7-d7xd6"). */
void tafl_ev_move(const struct tafl_ev *e, char out[TAFL_MOVE_LEN]);

/* The position a public area shows (checked sound first by area_check). */
void tafl_pub_pos(const struct tafl_pub *t, struct tafl_pos *p);

/* The move of a move request's words (`move e5-e8`) in p: 0, or -1 with *err ("syntax": not
 * one word in notation, with the usage; "illegal": the rule it breaks). */
int tafl_move_read(const struct tafl_pos *p, unsigned ntok, const char *const *tok, struct tafl_move *m,
		   struct bd_err *err);

#endif
