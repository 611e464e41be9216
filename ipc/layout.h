/* layout.h: the shared-memory layouts of one board (table), used by boardd and every client.
 *
 * Each board has two segments (names in shm.h; <inst> is the board's random instance):
 *   public  /<prefix>.<board>.<inst>          mode 0644: what anyone may see
 *   private /<prefix>.<board>.<inst>.private  mode 0600: what no client may read
 * Each is a game-neutral header (the core's: seats, state, locks, events) followed by the
 * game's own area at an 8-aligned offset, whose layout is the game's codec's (ipc/game/)
 * and whose size the codec computes from the table's shape (struct bd_game_shape, which
 * every area starts with). A segment is exactly header + area bytes, so a small game has a
 * small segment; struct bd_pub and bd_priv reserve the largest area any game may have, so
 * that a reader can keep a snapshot in a static buffer. Every field has a fixed width.
 * A reader checks magic, layout version, kind, and that size and area size are what the
 * kind's codec computes for the shape the area states, before it trusts anything else.
 */
#ifndef BD_LAYOUT_H
#define BD_LAYOUT_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#define BD_PUB_MAGIC 0x42445055u  /* "BDPU" */
#define BD_PRIV_MAGIC 0x42445056u /* "BDPV" */
/* A build may state another version only to stand for a daemon of another layout in the
 * test of a package upgrade across layouts (tests/check-deb.sh). */
#ifndef BD_LAYOUT_VERSION
#define BD_LAYOUT_VERSION 6u
#endif

#define BD_REGIONS_MAX 1024   /* lock regions of one board */
#define BD_PLAYERS_MAX 1024
#define BD_NAME_MAX 32        /* player name, bytes, without the NUL */
#define BD_LOGIN_MAX 32       /* login of a seat's uid as shown, bytes, without the NUL */
#define BD_BOARD_NAME_MAX 24  /* board name, bytes, without the NUL */
#define BD_RING_SIZE 4096     /* events kept in the private ring; a power of two */
#define BD_INST_LEN 16        /* hex digits of a board's instance (see shm.h) */
#define BD_PUB_AREA_MAX 65536 /* the largest public area of any game */
#define BD_PRIV_AREA_MAX 131072 /* the largest private area of any game (per-seat state too) */
#define BD_GAME_OPTS_MAX 8    /* options a game declares, at most (game.h) */
#define BD_DEPARTED_MAX 64    /* departed seats the public header remembers (struct bd_departed) */

/* Game kinds: one per game, its codec in ipc/game/ (game.c's table). */
enum bd_game_kind { BD_GAME_MEMORY = 1, BD_GAME_TICTACTOE = 2, BD_GAME_TAFL = 3, BD_GAME_QUANTIK = 4, BD_GAME_QWIRKLE = 5 };

/* Board-wide game state. */
enum bd_game_state {
	BD_GAME_WAITING = 0, /* fewer than min-players, no game started */
	BD_GAME_ON = 1,
	BD_GAME_FROZEN = 2,  /* dropped below min-players mid-game; board kept */
	BD_GAME_OVER = 3,    /* the game (match) ended; a new one starts at deadline_ms */
};

/* A seat in the player table. */
enum bd_player_state {
	BD_PLAYER_EMPTY = 0,
	BD_PLAYER_WAITING = 1, /* joined; plays from the next time the game is on */
	BD_PLAYER_PLAYING = 2,
	BD_PLAYER_AWAY = 3,    /* connection lost in a daemon restart; seat kept for a while */
};

/* A seat's result in the last round or match that ended. */
enum bd_result { BD_RESULT_NONE = 0, BD_RESULT_WIN = 1, BD_RESULT_LOSE = 2, BD_RESULT_DRAW = 3 };

#define BD_NO_PLAYER 0xffffu
#define BD_NO_SIDE 0xffffffffu

struct bd_pub_player {
	uint32_t state;    /* enum bd_player_state */
	uint32_t colour;   /* colour index, unique among seated players; see colour.h */
	uint32_t score;
	uint32_t uid;      /* peer credentials of the connection */
	int32_t pid;
	uint32_t last_score; /* score at the end of the last finished game (kept past the reset) */
	uint32_t side;     /* the game's side of this seat (tic-tac-toe: 0 X, 1 O), BD_NO_SIDE if none */
	uint32_t result;   /* enum bd_result of the last finished round or match (kept past the reset) */
	uint32_t serial;   /* +1 each time a new player takes the seat (kept while it is empty), so
			    * that what names a seat (a Memory card's owner) can tell its players apart */
	uint32_t reserved;
	int64_t clock_ms;  /* time left on this seat's clock, for games with one; 0 otherwise */
	char name[BD_NAME_MAX + 8]; /* NUL-terminated */
	char login[BD_LOGIN_MAX + 8]; /* uid's login, or its number; printable, no spaces */
};
static_assert(sizeof(struct bd_pub_player) == 128, "bd_pub_player is 128 bytes");

/* A player that left its seat for good, as it was when it left: the public header keeps the
 * last BD_DEPARTED_MAX of them, so that its seat number where the board still shows it (a
 * Memory card it locked) resolves to its name after the seat is empty or taken again. name
 * and login are the player's own bytes, untrusted: a reader shows them escaped. */
struct bd_departed {
	uint16_t seat;
	uint16_t reserved;
	uint32_t serial;      /* the seat's serial while it had it (bd_pub_player.serial) */
	uint32_t colour;
	uint32_t uid;
	uint32_t game_number; /* the game it left during (or after) */
	uint32_t score;       /* its score then */
	int64_t left_ms;      /* CLOCK_REALTIME ms it left */
	char name[BD_NAME_MAX + 8];   /* NUL-terminated */
	char login[BD_LOGIN_MAX + 8]; /* NUL-terminated */
};
static_assert(sizeof(struct bd_departed) == 112, "bd_departed is 112 bytes");

/* The public segment. Writers bump seq (odd while writing) around header and seat changes
 * and the area's head (its first pub_head bytes, game.h), and region_seq[r] around changes
 * to the part of the area region r covers; readers never lock. */
struct bd_pub {
	uint32_t magic;
	uint32_t version;
	uint32_t size;          /* bytes of the segment: offsetof(area) + area_size */
	uint32_t game_kind;     /* enum bd_game_kind */
	uint32_t seq;           /* header + seats + area head seqlock */
	uint32_t game_state;    /* enum bd_game_state */
	uint32_t game_number;   /* 1 for the first game, +1 each restart */
	uint32_t round_number;  /* round within the game (match), from 1; 0 for games without rounds */
	uint32_t turn;          /* the seat to move, BD_NO_PLAYER if no turn (or everyone at once) */
	uint32_t min_players;
	uint32_t nplaying;      /* seats in state PLAYING or WAITING */
	int32_t daemon_pid;
	uint32_t nregions;      /* lock regions (one semaphore each) */
	uint32_t area_size;     /* bytes of the game's area */
	int64_t turn_deadline_ms; /* CLOCK_MONOTONIC ms the turn runs out, 0 if none */
	int64_t deadline_ms;    /* CLOCK_MONOTONIC ms of the next restart when OVER, else 0 */
	uint64_t event_seq;     /* seq of the newest event */
	int64_t options[BD_GAME_OPTS_MAX]; /* the table's game options, in its codec's order (game.h) */
	char name[BD_BOARD_NAME_MAX + 8];
	uint32_t ndeparted;     /* departures recorded ever; the newest at departed[(ndeparted - 1) %
				 * BD_DEPARTED_MAX], the oldest kept at ndeparted - BD_DEPARTED_MAX */
	uint32_t reserved;
	struct bd_departed departed[BD_DEPARTED_MAX]; /* under seq, like the seats */
	uint32_t region_seq[BD_REGIONS_MAX];
	struct bd_pub_player players[BD_PLAYERS_MAX];
	uint8_t area[BD_PUB_AREA_MAX] __attribute__((aligned(8))); /* the game's: area_size bytes */
};
static_assert(offsetof(struct bd_pub, turn_deadline_ms) % 8 == 0, "aligned deadlines");
static_assert(offsetof(struct bd_pub, departed) % 8 == 0, "aligned departed seats");
static_assert(offsetof(struct bd_pub, area) % 8 == 0, "aligned area");
static_assert(offsetof(struct bd_pub, area) == 142520, "public layout changed: bump BD_LAYOUT_VERSION");

/* The core's part of a seat that nobody else may see. */
struct bd_priv_player {
	int32_t worker_pid;  /* session worker serving this seat, 0 when none */
	uint32_t rematch;    /* 1: asked for the next game at a table that waits for every seat's
			      * (a lobby's Memory table; turn tables keep theirs in bd_turn) */
	int64_t deadline_ms; /* the seat's next game deadline (CLOCK_MONOTONIC ms), 0 = none */
	uint64_t token;      /* secret that lets a reconnecting client take its seat back */
	int64_t away_since_ms;
};
static_assert(sizeof(struct bd_priv_player) == 32, "bd_priv_player is 32 bytes");

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

/* The core's events; a game's own are numbered from BD_EV_GAME_FIRST(its kind), up to
 * BD_EV_GAME_TYPES of them, and formatted by its codec (game.h). */
enum bd_event_type {
	BD_EV_NONE = 0,
	BD_EV_JOIN,     /* player joined: player, colour, name, login */
	BD_EV_LEAVE,    /* player left: player */
	BD_EV_STATE,    /* game state changed: n = enum bd_game_state, m = game number */
	BD_EV_OVER,     /* game over: n = top score; the recipient's result and points, per seat */
	BD_EV_BYE,      /* daemon is stopping: n = why (enum bd_bye_reason, proto.h) */
	BD_EV_RESYNC,   /* never in the ring: one connection fell behind; n = events it was not sent */
	/* Turn-based tables (daemon/turn.c): */
	BD_EV_SIDE,     /* a match or round begins: player plays side n (tic-tac-toe: 0 X, 1 O) */
	BD_EV_TURN,     /* player is to move, with n ms (its clock, or the per-move limit) */
	BD_EV_RESIGN,   /* player resigned the match */
	BD_EV_CLAIMABLE, /* player, to move, passed the per-move limit: the others may claim */
	BD_EV_CLAIM,    /* player claimed the match from the late seat */
	BD_EV_FLAG,     /* player's clock ran out (the game decides what it costs) */
	BD_EV_REMATCH,  /* player asks for a rematch (when every seat has, the next match starts) */
	BD_EV_AWAY,     /* player left mid-match: its seat waits n ms for it, its clock running */
	BD_EV_BACK,     /* player took its away seat back (join with its token) */
	BD_EV_FORFEIT,  /* player did not come back in time: it loses the match (as a resign) */
	BD_EV_OFFER,    /* player offers a draw (when every other seat in has, the match is drawn) */
	BD_EV_OUT,      /* player is out of the match (3+ seats: it resigned, forfeited or was claimed) */
	BD_EV_CORE_COUNT
};
#define BD_EV_GAME_BASE 32u
#define BD_EV_GAME_TYPES 16u
#define BD_EV_GAME_FIRST(kind) (BD_EV_GAME_BASE + BD_EV_GAME_TYPES * ((kind) - 1u))

#define BD_EV_GAME_BYTES 72 /* a game event's payload: room for a whole move (six placements) */

struct bd_event {
	uint64_t seq;      /* written last; a reader re-checks it after copying */
	uint16_t type;     /* enum bd_event_type, or a game's */
	uint16_t player;   /* the seat it is about (join, leave, a move's mover) */
	uint16_t to;       /* the one seat it is for (only that seat's connection gets it), or
			    * BD_NO_PLAYER: everyone. Set by the emitter, never 0 by default */
	uint16_t reserved;
	uint32_t n;
	uint32_t m;
	uint32_t colour;
	uint32_t reserved2;
	int64_t time_ms;   /* CLOCK_REALTIME ms it was emitted (boardctl events), 0 if unknown */
	union {
		struct {
			char name[BD_NAME_MAX + 4];   /* JOIN: a late reader never sees a later seat's */
			char login[BD_LOGIN_MAX + 4]; /* JOIN: the seat's login, for the same reason */
		};
		uint8_t game[BD_EV_GAME_BYTES] __attribute__((aligned(8))); /* a game event's payload */
	};
};
static_assert(sizeof(struct bd_event) == 112, "bd_event is 112 bytes");
static_assert(offsetof(struct bd_event, game) == 40, "bd_event's payload at 40");

/* A turn-based table's turns (daemon/turn.c runs them; nobody else writes them): sides, whose
 * turn, the clock or per-move limit, rounds, the match's result, rematch requests. Kept in
 * the private segment so that a restarted daemon resumes the match; the public header and
 * seats show what players need of it (turn, turn_deadline_ms, round_number, side, result,
 * clock_ms). Seats 0..nseats-1 are the table's first seats; side 0 moves first unless the
 * game's opener picks another (keep_sides). */
#define BD_TURN_SEATS_MAX 4

struct bd_turn_settings {
	uint32_t nseats;      /* 2..BD_TURN_SEATS_MAX */
	uint32_t rounds;      /* rounds in a match, >= 1; the match ends early once decided */
	int64_t main_ms;      /* clock: each seat's time for a round; 0: no clock */
	int64_t increment_ms; /* clock: added to the mover's time after each move */
	int64_t limit_ms;     /* no clock: the per-move limit, after which the others may claim */
	uint32_t keep_sides;  /* nonzero: each seat keeps its side for every round of a match (a
			       * game with an opener, which picks the side that starts each round) */
	uint32_t per_move;    /* nonzero: a move clock: every move gets main_ms afresh (no increment) */
};

enum bd_turn_state {
	BD_TURN_IDLE = 0, /* no match yet (seats not all taken) */
	BD_TURN_ON = 1,   /* a round is being played */
	BD_TURN_OVER = 2, /* the match is over; a rematch starts the next one */
};

/* How the last round ended. */
enum bd_turn_why {
	BD_WHY_NONE = 0,
	BD_WHY_PLAY = 1,   /* the game's rules ended it (a line, a full board, ...) */
	BD_WHY_TIME = 2,   /* a clock ran out; the game decided the results */
	BD_WHY_RESIGN = 3, /* a seat resigned the match (or left it), or the round (Quantik) */
	BD_WHY_CLAIM = 4,  /* the seat to move passed the per-move limit and another claimed */
	BD_WHY_AGREED = 5, /* every seat in offered a draw: the match is drawn */
};

struct bd_turn {
	struct bd_turn_settings set;
	uint32_t state;                      /* enum bd_turn_state */
	uint32_t match;                      /* 1 for the first match, +1 for each rematch */
	uint32_t round;                      /* 1..set.rounds while ON; the last round when OVER */
	uint32_t to_move;                    /* the side to move */
	uint32_t side[BD_TURN_SEATS_MAX];    /* each seat's side this round */
	uint32_t points[BD_TURN_SEATS_MAX];  /* this match: 2 a round won, 1 a round drawn */
	uint32_t round_result[BD_TURN_SEATS_MAX]; /* enum bd_result of the last round ended */
	uint32_t result[BD_TURN_SEATS_MAX];  /* enum bd_result of the match, once OVER */
	uint32_t why;                        /* enum bd_turn_why of the last round ended */
	uint32_t rematch;                    /* bit per seat that asked for a rematch */
	uint32_t told;                       /* the per-move limit's passing was said this turn */
	uint32_t offers;                     /* bit per seat that offers a draw (a move clears them) */
	uint32_t out;                        /* bit per seat out of the match (3+ seats): it lost, its
					      * turns are skipped */
	uint8_t want[BD_TURN_SEATS_MAX];     /* the side each seat asked for (`side`), + 1; 0: any */
	int64_t left_ms[BD_TURN_SEATS_MAX];  /* clock: each seat's time left, charged up to since_ms */
	int64_t since_ms;                    /* the turn's time runs from here (CLOCK_MONOTONIC ms) */
	int64_t alive_ms;                    /* a daemon ran at least until here (for turn_resume) */
	int64_t paused_ms;                   /* the table froze mid-match then (0: not frozen): not charged */
};
static_assert(sizeof(struct bd_turn) == 200, "bd_turn has no padding");

struct bd_priv {
	uint32_t magic;
	uint32_t version;
	uint32_t size;                                  /* offsetof(area) + area_size */
	uint32_t game_kind;
	uint32_t area_size;
	uint32_t reserved;
	char instance[BD_INST_LEN + 8];                 /* the instance in the objects' names, NUL-terminated */
	uint64_t rng;                                   /* the game's random state, so --seed reproduces */
	uint64_t ring_head;                             /* seq of the newest event in ring */
	int64_t alive_ms;                               /* the supervisor's last housekeeping: a daemon
							 * ran until then (a restart's outage starts here) */
	struct bd_turn turn;                            /* turn-based tables only (daemon/turn.c) */
	struct bd_priv_player players[BD_PLAYERS_MAX];
	struct bd_lock_holder holders[BD_REGIONS_MAX + 1]; /* [nregions] is the state lock */
	struct bd_event ring[BD_RING_SIZE];             /* event seq s lives at s % BD_RING_SIZE */
	struct bd_lockers lockers;                      /* who may hold which lock */
	uint8_t area[BD_PRIV_AREA_MAX] __attribute__((aligned(8))); /* the game's: area_size bytes */
};
static_assert((BD_RING_SIZE & (BD_RING_SIZE - 1)) == 0, "ring size is a power of two");
static_assert(offsetof(struct bd_priv, ring) % 8 == 0, "aligned ring");
static_assert(offsetof(struct bd_priv, lockers) % 8 == 0, "aligned lockers");
static_assert(offsetof(struct bd_priv, area) % 8 == 0, "aligned area");

#endif
