/* game.h: the table of games' codecs, shared by boardd and every client. A codec knows its
 * game's shared-memory areas (their size for a table's shape, which bytes each lock region
 * covers, what a sound area holds), its events' words and fields, and its move grammar.
 * One entry per game in game.c; the game's own file is ipc/game/<game>.[ch]. */
#ifndef BD_GAME_H
#define BD_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "ipc/layout.h"
#include "ipc/proto.h"

/* What of a table's settings sizes its areas. Every game area (public and private) starts
 * with the shape it was made for, so that a reader can check its size. */
struct bd_game_shape {
	uint32_t dim;          /* the board's side (Memory: cards per row; tic-tac-toe: 3) */
	uint32_t region_side;  /* a lock region's side, in the game's cells */
};
static_assert(sizeof(struct bd_game_shape) == 8, "bd_game_shape is 8 bytes");

/* Bytes [off, off + len) of a public area. */
struct bd_span {
	uint32_t off, len;
};

#define BD_SPANS_MAX 64 /* spans of one region, at most */

/* A game option (docs/ADDING-A-GAME.md): a whole number in [min, max], def if not given,
 * set by `board = NAME:GAME,name=value` and `play GAME name=value`; the table's values are
 * in board_settings' opt[] and the public header's options[], in the codec's order. An
 * option with words reads and prints as words[v - min]. */
struct bd_game_option {
	const char *name;        /* a-z 0-9 -, not a core option's name (dim, clock-ms, seats, ...) */
	int64_t def, min, max;
	const char *const *words; /* NULL, or the names of values min..max */
	const char *help;         /* one line, for people */
};

/* The name of one of a game's spec letters in an event's parsed fields (boardctl events
 * --json, docs/boardctl.1). */
struct bd_field_name {
	char letter;
	const char *name;
};

/* Receives one line (with its newline) of a listing. */
typedef void bd_lines_fn(void *arg, const char *line);

struct bd_game {
	const char *name;      /* as in --board NAME:<name> and BOARD lines */
	uint32_t kind;         /* enum bd_game_kind */
	const char *move_usage; /* "usage: ..." for a malformed move */
	/* A turn game's sides by number (side 0 moves first), for `side NAME`; NULL after the last. */
	const char *side_names[5];
	unsigned dim_default;  /* the board's side when the configuration gives none */
	const char *dim_rule;  /* for messages: "a dimension of a <name> board must be <dim_rule>" */
	/* Why a table of this shape cannot be (NULL if it can); the sizes below need one. */
	const char *(*shape_check)(const struct bd_game_shape *s);
	size_t (*pub_size)(const struct bd_game_shape *s);
	size_t (*priv_size)(const struct bd_game_shape *s);
	unsigned (*nregions)(const struct bd_game_shape *s);
	size_t pub_head;       /* leading bytes of the public area written under the header's seqlock */
	/* The spans of the public area that region r covers (under region_seq[r]); how many. */
	unsigned (*region_spans)(const struct bd_game_shape *s, unsigned r, struct bd_span *spans);
	/* Why the public area's head (shape checked already) is unsound, NULL if it is sound. */
	const char *(*head_check)(const void *area);
	/* Why a consistent copy of the whole public area holds what no sound table has, or NULL. */
	const char *(*area_check)(const void *area);
	/* Its events: word and fields (spec letters, proto.h) by type - BD_EV_GAME_FIRST(kind). */
	const char *const *event_words;
	const char *const *event_specs;
	unsigned nevents;
	const char *wide;      /* its spec letters that take two tokens */
	/* Write (read) the field of its own spec letter; nth counts the letter's earlier uses. */
	void (*field_put)(struct bd_line *o, const struct bd_event *ev, char letter, unsigned nth, unsigned dim);
	int (*field_parse)(struct bd_event *ev, char letter, unsigned nth, const char *const *tok, unsigned dim);
	/* Its letters' names (and of n or m if its events use them), ended by letter 0. */
	const struct bd_field_name *field_names;
	/* The listing of a snapshot's game state (Memory: the `cards` request's lines, then its
	 * OK line); NULL if the game has none. */
	void (*listing)(const struct bd_pub *snap, bd_lines_fn *put, void *arg);
	/* Its options (NULL and 0 if none), at most BD_GAME_OPTS_MAX. */
	const struct bd_game_option *options;
	unsigned noptions;
};

/* The index of game g's option called name, -1 if it has none. */
int bd_game_option_find(const struct bd_game *g, const char *name);
/* Option o's value written as text (a number in range, or one of its words) into *v: NULL,
 * or why not (a message naming the option and what it takes). */
const char *bd_game_option_read(const struct bd_game_option *o, const char *text, int64_t *v, char *why,
				size_t len);
/* Option o's value v as text (its word, if it has words) into buf. */
void bd_game_option_text(const struct bd_game_option *o, int64_t v, char *buf, size_t len);
/* Every option of g at its default, in the codec's order; the rest of opt[] 0. */
void bd_game_option_defaults(const struct bd_game *g, int64_t opt[BD_GAME_OPTS_MAX]);
/* Game g's options opt[] as name=value words appended to the string in buf (len bytes),
 * each after sep but the first of an empty buf. */
void bd_game_options_words(const struct bd_game *g, const int64_t opt[BD_GAME_OPTS_MAX], char sep, char *buf,
			   size_t len);

/* The codec of a kind, of a name, of an event type: NULL if none. */
const struct bd_game *bd_game_of_kind(uint32_t kind);
const struct bd_game *bd_game_named(const char *name);
const struct bd_game *bd_game_of_event(unsigned type);
/* The n-th codec of the table (0 ...), NULL past the last. */
const struct bd_game *bd_game_at(unsigned n);

/* The shape a game area states (its first bytes). */
static inline const struct bd_game_shape *bd_game_shape_of(const void *area)
{
	return (const struct bd_game_shape *)area;
}

/* Why a public header's area is not what its codec computes (size, regions, head), NULL
 * if it is; the area's head must be there. For bd_pub_check. */
const char *bd_game_pub_check(const struct bd_pub *pub);
/* The same for a private segment: kind, area size for the shape its area states. */
const char *bd_game_priv_check(const struct bd_priv *priv);

#endif
