/* qwirkle.h: Qwirkle's rules and notation, pure (no I/O, no state), shared by the daemon's
 * rules, board-gtk's view, board-bot's brain, boardctl rules and the unit tests.
 * Notation (docs/PROTOCOL.md): a tile is a shape letter a-f and a colour digit 1-6 (`b4`,
 * the seed's); a placement is a tile at a cell, `b4@-1,2`, x to the right and y up from the
 * first tile of the game, which is at 0,0; the table is its placements separated by spaces
 * (`-` when empty); a hand is its tiles separated by spaces (`-` when empty). A turn is a
 * lay (its placements, in one row or column), `swap TILE...` or `pass`. */
#ifndef BD_GAME_QWIRKLE_H
#define BD_GAME_QWIRKLE_H

#include <stdint.h>

#include "game.h"

#define QW_SHAPES 6
#define QW_COLOURS 6
#define QW_KINDS 36     /* shape * 6 + colour */
#define QW_COPIES 3     /* of each kind */
#define QW_TILES 108    /* in a game */
#define QW_HAND 6       /* tiles in a full hand; tiles of one lay, at most */
#define QW_LINE_MAX 6   /* tiles of a line, at most */
#define QW_QWIRKLE 6    /* the bonus for completing a line of 6, and for emptying the hand last */
#define QW_COORD_MAX 108 /* |x| and |y| of a cell, at most */
#define QW_GRID 128     /* the lookup grid's side: cells are at (x & 127, y & 127) */
#define QW_NO_TILE 0xff

#define QW_TILE_LEN 2      /* "b4" */
#define QW_PLACE_MAX 16   /* bytes of a placement in notation, NUL too ("b4@-108,-108" is 12) */
#define QW_TABLE_TEXT_MAX (QW_TILES * (QW_PLACE_MAX - 3) + 2)  /* a table in notation, NUL too */
#define QW_HAND_TEXT_MAX (QW_HAND * 3 + 2)                    /* a hand in notation, NUL too */
#define QW_MOVE_TEXT_MAX (QW_HAND * (QW_PLACE_MAX - 3) + 8)    /* a turn in notation, NUL too */

/* A tile's shape (0-5: a-f) and colour (0-5: 1-6). */
static inline unsigned qw_shape(uint8_t tile) { return tile / QW_COLOURS; }
static inline unsigned qw_colour(uint8_t tile) { return tile % QW_COLOURS; }

/* A tile at a cell. */
struct qw_place {
	int8_t x, y;
	uint8_t tile;
};

/* The tiles on the table, in the order placed, and a grid to find them by cell. A cell
 * (x, y) is grid[y & 127][x & 127]; no two cells of a sound table or of the cells around
 * it that the rules look at share a grid square, because a connected table of at most 108
 * tiles spans at most 107 columns and rows (qw_check refuses cells far outside it first). */
struct qw_pos {
	unsigned n;
	struct qw_place tile[QW_TILES];
	int xmin, xmax, ymin, ymax;          /* the tiles' bounds (n > 0) */
	uint8_t grid[QW_GRID][QW_GRID];      /* tile + 1, 0 for an empty cell */
};

struct qw_hand {
	unsigned n;
	uint8_t tile[QW_HAND];
};

/* One lay: 1 to 6 placements. */
struct qw_move {
	unsigned n;
	struct qw_place p[QW_HAND];
};

/* A turn in notation. */
enum qw_turn_kind { QW_LAY = 0, QW_SWAP = 1, QW_PASS = 2 };
struct qw_turn {
	enum qw_turn_kind kind;
	struct qw_move lay;      /* QW_LAY */
	struct qw_hand swap;     /* QW_SWAP: the tiles given back */
};

/* --- Tiles, placements, hands, tables in notation ------------------------------------ */
/* A tile's two characters into *tile: 0, or -1 if s is not one. */
int qw_tile_parse(const char *s, uint8_t *tile);
void qw_tile_format(uint8_t tile, char out[QW_TILE_LEN + 1]);
/* One placement, "b4@-1,2": NULL, or why it is none ("malformed", "off the table"). */
const char *qw_place_parse(const char *s, struct qw_place *p);
void qw_place_format(const struct qw_place *p, char out[QW_PLACE_MAX]);

/* A hand: tiles separated by spaces (or "-": none), at most 6; NULL or why not. */
const char *qw_hand_parse(const char *s, struct qw_hand *h);
void qw_hand_format(const struct qw_hand *h, char out[QW_HAND_TEXT_MAX]);
/* Nonzero if h holds every tile of tiles[0 .. n - 1] (as many copies as named). */
int qw_hand_has(const struct qw_hand *h, const uint8_t *tiles, unsigned n);
/* Take those tiles out of h (h must hold them). */
void qw_hand_take(struct qw_hand *h, const uint8_t *tiles, unsigned n);
/* The most tiles of h sharing one colour or one shape, duplicates counted once: how many
 * the game's first player is the one with the most of, and must lay. */
unsigned qw_hand_best(const struct qw_hand *h);

/* The empty table. */
void qw_pos_empty(struct qw_pos *p);
/* A table in notation (placements separated by spaces, "-" for none): NULL, or why it is
 * not a sound one (a malformed placement, two tiles on a cell, more than 3 of a tile, a
 * broken line, tiles not connected to the one at 0,0). */
const char *qw_pos_parse(const char *s, struct qw_pos *p);
void qw_pos_format(const struct qw_pos *p, char out[QW_TABLE_TEXT_MAX]);
/* Why tiles[0 .. n - 1] placed in this order do not make a sound table, NULL if they do;
 * *p holds them then. */
const char *qw_pos_load(struct qw_pos *p, const struct qw_place *tiles, unsigned n);
/* The tile at x, y, QW_NO_TILE if none. */
uint8_t qw_at(const struct qw_pos *p, int x, int y);
/* How many copies of tile are on the table. */
unsigned qw_pos_count(const struct qw_pos *p, uint8_t tile);

/* --- Rules ---------------------------------------------------------------------------- */
/* Why tiles[0 .. n - 1] are not a line (more than 6, a duplicate, neither one colour with
 * different shapes nor one shape with different colours), NULL if they are. */
const char *qw_line_error(const uint8_t *tiles, unsigned n);
/* Why lay m may not be made on p whoever holds the tiles (a cell taken or off the table,
 * not one row or column, a gap, a broken line, touching nothing, the first lay not on 0,0),
 * NULL if it may; *score gets its points then (without the end bonus). */
const char *qw_check(const struct qw_pos *p, const struct qw_move *m, unsigned *score);
/* qw_check, and the lay's tiles come from hand (unless practice), and the game's first lay
 * plays qw_hand_best(hand) tiles. */
const char *qw_lay_error(const struct qw_pos *p, const struct qw_hand *hand, int practice,
			 const struct qw_move *m, unsigned *score);
/* What a lay scoring lines points (qw_check) is worth when it leaves hand_left tiles in the
 * hand after drawing, with bag_left in the bag: 6 more when it empties the hand with the bag
 * empty, which ends the game. */
unsigned qw_lay_total(unsigned lines, unsigned hand_left, unsigned bag_left);
/* Why hand may not give back tiles[0 .. n - 1] to a bag of bag tiles, NULL if it may. */
const char *qw_swap_error(const struct qw_hand *hand, const uint8_t *tiles, unsigned n, unsigned bag);
/* Put a legal lay's tiles on the table. */
void qw_apply(struct qw_pos *p, const struct qw_move *m);

/* Receives one legal lay and its score; nonzero stops the generation. */
typedef int qw_move_fn(void *arg, const struct qw_move *m, unsigned score);
/* Every legal lay of hand's tiles on p (qw_lay_error's rules, not practice), each once,
 * through fn; how many were given. */
unsigned qw_moves(const struct qw_pos *p, const struct qw_hand *hand, qw_move_fn *fn, void *arg);
/* Nonzero if hand has a legal lay on p. */
int qw_can_lay(const struct qw_pos *p, const struct qw_hand *hand);

/* --- Turns in notation (the `move` request's words) ------------------------------------- */
/* ntok words into *t: a lay ("b4@1,0 b5@2,0"), "swap TILE...", or "pass"; NULL, or why the
 * words are not a turn ("malformed ...", "off the table"). */
const char *qw_turn_parse(unsigned ntok, const char *const *tok, struct qw_turn *t);
void qw_turn_format(const struct qw_turn *t, char out[QW_MOVE_TEXT_MAX]);
void qw_move_format(const struct qw_move *m, char out[QW_MOVE_TEXT_MAX]);

/* --- The codec (game.c's table) ------------------------------------------------------ */
#define QW_SEATS_MAX 4
#define QW_DIM 1 /* the table grows without bounds: no grid side; the area has none either */

/* Its options, in the codec's order (board_settings' opt[], the public header's options[]). */
enum { QW_OPT_PRACTICE = 0 };

enum qw_last { QW_LAST_NONE = 0, QW_LAST_LAY = 1, QW_LAST_SWAP = 2, QW_LAST_PASS = 3 };

/* Qwirkle's public area: the shape, then everyone's view of the game under region_seq[0]:
 * the tiles on the table in the order laid (not a grid), how many tiles each hand and the
 * bag hold (never which), each seat's points, the last turn. A sound area holds a sound
 * table (qw_pos_load) and 108 tiles in all between table, bag and hands (none at all on
 * an area never dealt). */
struct qw_pub {
	uint32_t dim;                      /* shape: QW_DIM */
	uint32_t region_side;              /* shape: as the table has it */
	uint32_t practice;                 /* 1: a practice game: a lay may use any tile of the bag */
	uint32_t nseats;                   /* the seats dealt a hand (2-4), 0 until the match starts */
	uint32_t ntiles;                   /* tiles on the table */
	uint32_t bag;                      /* tiles in the bag */
	uint32_t hand[QW_SEATS_MAX];       /* tiles in each seat's hand */
	uint32_t score[QW_SEATS_MAX];      /* each seat's points in this game */
	uint32_t passes;                   /* passes since the last lay or swap */
	uint32_t last;                     /* enum qw_last: the last turn's kind */
	uint32_t last_seat;                /* its seat */
	uint32_t last_n;                   /* its tiles: the last ones of tile[] for a lay */
	uint32_t last_score;               /* its points (a lay's, the end bonus included) */
	uint32_t reserved;
	struct qw_place tile[QW_TILES];    /* the table */
	uint8_t pad[4];
};
static_assert(sizeof(struct qw_pub) == 408, "qw_pub is 408 bytes");

/* A seat's hand in the private area. */
struct qw_priv_hand {
	uint8_t n;
	uint8_t tile[QW_HAND];
	uint8_t reserved;
};

/* Its private area (no client reads it): the bag and every hand. */
struct qw_priv {
	uint32_t dim, region_side;         /* shape */
	uint32_t nbag;                     /* tiles in the bag: bag[0 .. nbag - 1] */
	uint32_t out;                      /* bit per seat that left for good: its tiles went back */
	uint8_t bag[QW_TILES];
	struct qw_priv_hand hand[QW_SEATS_MAX];
	uint8_t pad[4];
};
static_assert(sizeof(struct qw_priv) == 160, "qw_priv is 160 bytes");

/* Its events (fields in order; letters of its own: T a lay's placements joined by '+',
 * H tiles joined by '+'). drew goes to its seat alone. */
enum {
	QW_EV_LAY = BD_EV_GAME_FIRST(BD_GAME_QWIRKLE), /* "lay": player, points, placements */
	QW_EV_SWAP,     /* "swap": player, how many tiles it gave back */
	QW_EV_PASSED,   /* "passed": player (nothing to lay, the bag empty) */
	QW_EV_DREW,     /* "drew": player, the tiles it drew (for that seat only) */
	QW_EV_PRACTICE, /* "practice": this game is a practice game (at its deal) */
};

/* The payload of its events (struct bd_event's game bytes). */
struct qw_ev {
	uint8_t n;                     /* lay: placements; drew: tiles */
	struct qw_place p[QW_HAND];    /* lay */
	uint8_t tile[QW_HAND];         /* drew */
};

extern const struct bd_game bd_game_qwirkle;

/* The Qwirkle area of a public segment or snapshot; NULL if its table is another game's. */
static inline const struct qw_pub *qw_pub_area(const struct bd_pub *pub)
{
	return pub->game_kind == BD_GAME_QWIRKLE ? (const struct qw_pub *)(const void *)pub->area : NULL;
}

static inline const struct qw_ev *qw_ev(const struct bd_event *ev)
{
	return (const struct qw_ev *)(const void *)ev->game;
}

static inline struct qw_ev *qw_ev_w(struct bd_event *ev)
{
	return (struct qw_ev *)(void *)ev->game;
}

/* The table of a sound area into *p: NULL, or why its tiles are not a sound table. */
const char *qw_pub_table(const struct qw_pub *a, struct qw_pos *p);

/* A seat's hand as its private line, "HAND <event> <n> <tile>...\n": the hand as it is once
 * the table's events up to number <event> happened (a later drew or lay changes it, an
 * earlier one is in it already): bytes written (snprintf's). */
int qw_hand_line(const struct qw_hand *h, uint64_t event, char *buf, size_t len);
/* Read a HAND line's tokens after the word into *h and *event: 0, or -1 if malformed. */
int qw_hand_line_parse(unsigned ntok, const char *const *tok, uint64_t *event, struct qw_hand *h);

/* The turn of a move's words: 0, or -1 with *err ("syntax" with the usage, "range"). */
int qw_turn_read(unsigned ntok, const char *const *tok, struct qw_turn *t, struct bd_err *err);

#endif
