/* memory.h: Memory's codec: its areas of shared memory, its events, its move (`pick X Y`).
 * Memory (shared/seeds/memory-game-report.pt.txt): everyone plays at once on one board of
 * face-down pairs of two-letter values. Its public area shows every card's state, owner and
 * colour, and a value only while the card is UP or LOCKED; the private area holds the values,
 * each seat's picks and each card's cooldowns. */
#ifndef BD_GAME_MEMORY_H
#define BD_GAME_MEMORY_H

#include <stdint.h>

#include "game.h"

#define BD_DIM_MIN 2
#define BD_DIM_MAX 32
#define BD_CARDS_MAX (BD_DIM_MAX * BD_DIM_MAX)

enum bd_card_state { BD_CARD_DOWN = 0, BD_CARD_UP = 1, BD_CARD_LOCKED = 2 };

/* A card value is two lower-case letters, so there are 26 * 26 of them. */
#define BD_VALUES (26 * 26)

/* Nonzero if v holds a card value. */
static inline int bd_value_ok(const char v[2])
{
	return v[0] >= 'a' && v[0] <= 'z' && v[1] >= 'a' && v[1] <= 'z';
}

/* The index of a card value in [0, BD_VALUES). */
static inline unsigned bd_value_index(const char v[2])
{
	return (unsigned)(v[0] - 'a') * 26 + (unsigned)(v[1] - 'a');
}

/* One card as everyone may see it. value is "\0\0" while the card is DOWN. */
struct bd_card {
	uint8_t state;    /* enum bd_card_state */
	uint8_t serial;   /* the owner's seat serial then, its low 8 bits: a LOCKED card of a player
			   * that left is told from its seat's next player's (bd_departed) */
	char value[2];    /* two letters, only while UP or LOCKED */
	uint16_t owner;   /* player id that turned or locked it, BD_NO_PLAYER when DOWN */
	uint16_t colour;  /* owner's colour index (kept after the owner leaves) */
};
static_assert(sizeof(struct bd_card) == 8, "bd_card is 8 bytes");
#define BD_CARD_SERIAL_MASK 0xffu /* the bits of a seat's serial a card keeps (bd_seat_holder) */

/* Memory's public area. shape, regions_across and nlocked are its head (written under the
 * header's seqlock); the cards of region r under region_seq[r]. */
struct bd_memory_pub {
	uint32_t dim;           /* shape: cards per row and column */
	uint32_t region_side;   /* shape: a region is a region_side x region_side tile of cards */
	uint32_t regions_across;
	uint32_t nlocked;       /* cards LOCKED; the game is over when it reaches dim * dim */
	struct bd_card cards[]; /* dim * dim, row by row */
};
static_assert(offsetof(struct bd_memory_pub, cards) == 16, "bd_memory_pub's head is 16 bytes");

/* A seat's picks, private so nobody learns where a rival's first card is. */
enum bd_pick_state { BD_PICK_NONE = 0, BD_PICK_FIRST = 1, BD_PICK_WAIT = 2 };

struct bd_memory_seat {
	uint32_t pick_state; /* enum bd_pick_state */
	int32_t first;       /* card index of the first pick, -1 when none */
	int32_t second;      /* card index of a mismatched second pick, -1 when none */
	uint32_t reserved;
};

/* Anti-hoarding: a uid that let card c go (not by a match) may not pick it again, except to
 * match it, before until_ms; the seat of that uid that let it go last may not either while
 * another seat holds c's partner up, even a seat of the same uid. A few uids per card; 0 =
 * a free slot. */
#define BD_COOLDOWN_SLOTS 4
struct bd_cooldown {
	uint32_t uid;
	uint32_t seat;       /* the seat that let it go last, + 1; 0: none recorded */
	int64_t until_ms;    /* CLOCK_MONOTONIC ms; 0 when the slot is free */
};
static_assert(sizeof(struct bd_cooldown) == 16, "bd_cooldown is 16 bytes");

struct bd_memory_card {
	char value[2];
	uint8_t reserved[6];
	struct bd_cooldown cooldown[BD_COOLDOWN_SLOTS];
};

/* Memory's private area. */
struct bd_memory_priv {
	uint32_t dim, region_side;                     /* shape */
	struct bd_memory_seat seats[BD_PLAYERS_MAX];
	struct bd_memory_card cards[];                 /* dim * dim */
};

/* Memory's events, and why a card turned down. */
enum {
	BD_EV_UP = BD_EV_GAME_FIRST(BD_GAME_MEMORY), /* first pick: player, card1, value1 */
	BD_EV_DOWN,     /* card turned down: card1, n = enum bd_down_reason */
	BD_EV_MATCH,    /* second pick matched: player, card1, card2, value1, n = new score */
	BD_EV_MISMATCH, /* second pick missed: player, card1, value1, card2, value2 */
};
enum bd_down_reason { BD_DOWN_TIMEOUT = 1, BD_DOWN_MISMATCH, BD_DOWN_RESTART, BD_DOWN_QUIT, BD_DOWN_REPICK };

/* The payload of Memory's events (struct bd_event's game bytes). */
struct bd_memory_ev {
	int16_t card1;
	int16_t card2;     /* -1 when the event has one card */
	char value1[2];
	char value2[2];
};

extern const struct bd_game bd_game_memory;

/* "down", "up" or "locked" ("?" if none of them). */
const char *bd_card_state_name(unsigned state);

/* Memory's area of a public segment (or snapshot), and of a private one. */
static inline const struct bd_memory_pub *bd_memory_pub(const struct bd_pub *pub)
{
	return (const struct bd_memory_pub *)(const void *)pub->area;
}

/* The same, to write: a board built in memory (tests, tools). */
static inline struct bd_memory_pub *bd_memory_pub_w(struct bd_pub *pub)
{
	return (struct bd_memory_pub *)(void *)pub->area;
}

static inline const struct bd_memory_priv *bd_memory_priv(const struct bd_priv *priv)
{
	return (const struct bd_memory_priv *)(const void *)priv->area;
}

/* Memory's payload of an event, to read and to write. */
static inline const struct bd_memory_ev *bd_memory_ev(const struct bd_event *ev)
{
	return (const struct bd_memory_ev *)(const void *)ev->game;
}

static inline struct bd_memory_ev *bd_memory_ev_w(struct bd_event *ev)
{
	return (struct bd_memory_ev *)(void *)ev->game;
}

/* The card a move's tokens name (`X Y`, column and row from 0) on a dim x dim board (dim 0:
 * only checked against the largest board). 0, or -1 with *err. */
int bd_memory_move_parse(unsigned ntok, const char *const *tok, unsigned dim, unsigned *card,
			 struct bd_err *err);

#endif
