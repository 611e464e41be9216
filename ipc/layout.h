/* layout.h: the shared-memory layouts of one board, used by boardd and every client.
 *
 * Each board has two segments (names in shm.h; <inst> is the board's random instance):
 *   public  /<prefix>.<board>.<inst>          mode 0644: header, players, cards (values only when UP/LOCKED)
 *   private /<prefix>.<board>.<inst>.private  mode 0600: values, pick state, lock holders, event ring
 * Every field has a fixed width so that a reader built by another compiler agrees on offsets.
 * A reader checks magic, layout version and size before it trusts anything else.
 */
#ifndef BD_LAYOUT_H
#define BD_LAYOUT_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#define BD_PUB_MAGIC 0x42445055u  /* "BDPU" */
#define BD_PRIV_MAGIC 0x42445056u /* "BDPV" */
#define BD_LAYOUT_VERSION 2u

#define BD_DIM_MIN 2
#define BD_DIM_MAX 32
#define BD_CARDS_MAX (BD_DIM_MAX * BD_DIM_MAX)
#define BD_REGIONS_MAX BD_CARDS_MAX /* region side 1 on the largest board */
#define BD_PLAYERS_MAX 1024
#define BD_NAME_MAX 32        /* player name, bytes, without the NUL */
#define BD_LOGIN_MAX 32       /* login of a seat's uid as shown, bytes, without the NUL */
#define BD_BOARD_NAME_MAX 24  /* board name, bytes, without the NUL */
#define BD_RING_SIZE 4096     /* events kept in the private ring; a power of two */
#define BD_INST_LEN 16        /* hex digits of a board's instance (see shm.h) */

/* Game kinds; only Memory exists so far. */
enum bd_game_kind { BD_GAME_MEMORY = 1 };

/* Board-wide game state. */
enum bd_game_state {
	BD_GAME_WAITING = 0, /* fewer than min-players, no game started */
	BD_GAME_ON = 1,
	BD_GAME_FROZEN = 2,  /* dropped below min-players mid-game; board kept */
	BD_GAME_OVER = 3,    /* every card locked; a new game starts at deadline_ms */
};

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

/* A seat in the player table. */
enum bd_player_state {
	BD_PLAYER_EMPTY = 0,
	BD_PLAYER_WAITING = 1, /* joined; plays from the next time the game is on */
	BD_PLAYER_PLAYING = 2,
	BD_PLAYER_AWAY = 3,    /* connection lost in a daemon restart; seat kept for a while */
};

#define BD_NO_PLAYER 0xffffu

/* One card as everyone may see it. value is "\0\0" while the card is DOWN. */
struct bd_card {
	uint8_t state;    /* enum bd_card_state */
	uint8_t reserved;
	char value[2];    /* two letters, only while UP or LOCKED */
	uint16_t owner;   /* player id that turned or locked it, BD_NO_PLAYER when DOWN */
	uint16_t colour;  /* owner's colour index (kept after the owner leaves) */
};
static_assert(sizeof(struct bd_card) == 8, "bd_card is 8 bytes");

struct bd_pub_player {
	uint32_t state;    /* enum bd_player_state */
	uint32_t colour;   /* colour index, unique among seated players; see colour.h */
	uint32_t score;
	uint32_t uid;      /* peer credentials of the connection */
	int32_t pid;
	uint32_t last_score; /* score at the end of the last finished game (kept past the reset) */
	char name[BD_NAME_MAX + 8]; /* NUL-terminated */
	char login[BD_LOGIN_MAX + 8]; /* uid's login, or its number; printable, no spaces */
};
static_assert(sizeof(struct bd_pub_player) == 104, "bd_pub_player is 104 bytes");

/* The public segment. Writers bump seq (odd while writing) around header and player changes,
 * and region_seq[r] around changes to the cards of region r; readers never lock. */
struct bd_pub {
	uint32_t magic;
	uint32_t version;
	uint32_t size;          /* sizeof(struct bd_pub), checked by readers */
	uint32_t game_kind;     /* enum bd_game_kind */
	uint32_t seq;           /* header + players seqlock */
	uint32_t dim;
	uint32_t region_side;   /* a region is a region_side x region_side tile of cards */
	uint32_t regions_across;
	uint32_t nregions;
	uint32_t game_state;    /* enum bd_game_state */
	uint32_t game_number;   /* 1 for the first game, +1 each restart */
	uint32_t min_players;
	uint32_t nplaying;      /* seats in state PLAYING or WAITING */
	int32_t daemon_pid;
	uint32_t nlocked;       /* cards LOCKED; the game is over when it reaches dim * dim */
	uint32_t reserved;
	int64_t deadline_ms;    /* CLOCK_MONOTONIC ms of the next restart when OVER, else 0 */
	uint64_t event_seq;     /* seq of the newest event */
	char name[BD_BOARD_NAME_MAX + 8];
	uint32_t region_seq[BD_REGIONS_MAX];
	struct bd_card cards[BD_CARDS_MAX];
	struct bd_pub_player players[BD_PLAYERS_MAX];
};
static_assert(offsetof(struct bd_pub, deadline_ms) % 8 == 0, "aligned deadline");
static_assert(offsetof(struct bd_pub, cards) % 8 == 0, "aligned cards");
static_assert(sizeof(struct bd_pub) == 118896, "public layout changed: bump BD_LAYOUT_VERSION");

/* A player's pick state, private so nobody learns where a rival's first card is. */
enum bd_pick_state { BD_PICK_NONE = 0, BD_PICK_FIRST = 1, BD_PICK_WAIT = 2 };

struct bd_priv_player {
	int32_t worker_pid;  /* session worker serving this seat, 0 when none */
	uint32_t pick_state; /* enum bd_pick_state */
	int32_t first;       /* card index of the first pick, -1 when none */
	int32_t second;      /* card index of a mismatched second pick, -1 when none */
	int64_t deadline_ms; /* when the pick state expires (CLOCK_MONOTONIC ms), 0 = never */
	uint64_t token;      /* secret that lets a reconnecting client take its seat back */
	int64_t away_since_ms;
};
static_assert(sizeof(struct bd_priv_player) == 40, "bd_priv_player is 40 bytes");

/* One semaphore's record. pid is written after sem_wait returns and cleared before sem_post,
 * so it is for people (boardctl locks); repair trusts the lockers table and posts instead. */
struct bd_lock_holder {
	int32_t pid;         /* recorded holder, 0 when free */
	uint32_t posts;      /* +1 just before and +1 just after every sem_post: odd during one */
	int64_t since_ms;
	uint64_t repairs;    /* how many times the supervisor repaired this lock */
};
static_assert(sizeof(struct bd_lock_holder) == 24, "bd_lock_holder is 24 bytes");

#define BD_LOCKS_MAX (BD_REGIONS_MAX + 1) /* every region lock, then the state lock */
#define BD_LOCK_WORDS ((BD_LOCKS_MAX + 63) / 64)
#define BD_LOCKERS_MAX 4096   /* processes inside lock code of one board at once */
#define BD_LOCK_NONE 0xffffffffu

/* A process that takes locks of this board: it claims a slot before its first sem_wait and
 * frees it after its last sem_post, so every process that may hold a lock is listed here
 * (ipc/lock.c; docs/ARCHITECTURE.md, "Exact lock repair"). */
struct bd_locker {
	int32_t pid;         /* 0: free slot */
	uint32_t serial;     /* +1 each time a process claims the slot */
	uint32_t waiting;    /* lock it is waiting for (or took, not yet recorded), BD_LOCK_NONE */
	uint32_t naps;       /* waits for `waiting` that timed out with the lock still taken */
	uint64_t locks[BD_LOCK_WORDS]; /* bit i: waits for, holds or is giving back lock i */
};
static_assert(sizeof(struct bd_locker) == 16 + 8 * BD_LOCK_WORDS, "bd_locker has no padding");

struct bd_lockers {
	uint32_t used;       /* slots [0, used) have ever been claimed: the rest are free */
	uint32_t reserved;
	struct bd_locker slot[BD_LOCKERS_MAX];
};

enum bd_event_type {
	BD_EV_NONE = 0,
	BD_EV_JOIN,     /* player joined: player, colour, name */
	BD_EV_LEAVE,    /* player left: player */
	BD_EV_UP,       /* first pick: player, card1, value1 */
	BD_EV_DOWN,     /* card turned down: card1, n = enum bd_down_reason */
	BD_EV_MATCH,    /* second pick matched: player, card1, card2, value1, n = new score */
	BD_EV_MISMATCH, /* second pick missed: player, card1, value1, card2, value2 */
	BD_EV_STATE,    /* game state changed: n = enum bd_game_state, m = game number */
	BD_EV_OVER,     /* game over: n = top score; m = the recipient's own points, per connection */
	BD_EV_BYE,      /* daemon is stopping */
	BD_EV_RESYNC,   /* never in the ring: one connection fell behind; n = events it was not sent */
	BD_EV_COUNT
};

enum bd_down_reason { BD_DOWN_TIMEOUT = 1, BD_DOWN_MISMATCH, BD_DOWN_RESTART, BD_DOWN_QUIT, BD_DOWN_REPICK };

struct bd_event {
	uint64_t seq;      /* written last; a reader re-checks it after copying */
	uint16_t type;     /* enum bd_event_type */
	uint16_t player;
	int16_t card1;
	int16_t card2;
	char value1[2];
	char value2[2];
	uint32_t n;
	uint32_t m;
	uint32_t colour;
	char name[BD_NAME_MAX + 4]; /* for JOIN, so a late reader never sees a later seat's name */
	char login[BD_LOGIN_MAX + 4]; /* for JOIN: the seat's login, for the same reason */
};
static_assert(sizeof(struct bd_event) == 104, "bd_event is 104 bytes");

/* Anti-hoarding: a uid that let card c go (not by a match) may not pick it again, except to
 * match it, before until_ms. A few uids per card; 0 = a free slot. */
#define BD_COOLDOWN_SLOTS 4
struct bd_cooldown {
	uint32_t uid;
	uint32_t reserved;
	int64_t until_ms;    /* CLOCK_MONOTONIC ms; 0 when the slot is free */
};
static_assert(sizeof(struct bd_cooldown) == 16, "bd_cooldown is 16 bytes");

struct bd_priv {
	uint32_t magic;
	uint32_t version;
	uint32_t size;
	uint32_t reserved;
	char instance[BD_INST_LEN + 8];                 /* the instance in the objects' names, NUL-terminated */
	uint64_t rng;                                   /* shuffle state, so --seed reproduces */
	uint64_t ring_head;                             /* seq of the newest event in ring */
	char values[BD_CARDS_MAX][2];
	struct bd_priv_player players[BD_PLAYERS_MAX];
	struct bd_lock_holder holders[BD_REGIONS_MAX + 1]; /* [nregions] is the state lock */
	struct bd_cooldown cooldown[BD_CARDS_MAX][BD_COOLDOWN_SLOTS];
	struct bd_event ring[BD_RING_SIZE];             /* event seq s lives at s % BD_RING_SIZE */
	struct bd_lockers lockers;                      /* who may hold which lock */
};
static_assert((BD_RING_SIZE & (BD_RING_SIZE - 1)) == 0, "ring size is a power of two");
static_assert(offsetof(struct bd_priv, ring) % 8 == 0, "aligned ring");
static_assert(offsetof(struct bd_priv, lockers) % 8 == 0, "aligned lockers");

#endif
