/* rules.h: the seam between the game-neutral core (daemon/board.c) and the games' rules
 * (daemon/rules/<game>.c, one line each in rules.c's table), used one way: the core calls
 * a game's struct rules, and the rules reach their table only through the handle below.
 * Rules are plain C without I/O; they include this file and ipc/ headers, never board.h.
 *
 * The core owns seats, locks, the event ring, deadlines, leaving, freezing, restart and
 * repair. Before it calls into the rules it takes the locks they need: the regions the
 * rules name (struct rules' locks) and the state lock, or every lock (deal, sweep,
 * timeout). The handle's functions may be called only from inside such a call. */
#ifndef BD_RULES_H
#define BD_RULES_H

#include <stddef.h>
#include <stdint.h>
#include <syslog.h> /* board_log's priorities */

#include "ipc/game/game.h"
#include "ipc/layout.h"
#include "ipc/proto.h"

/* A table's settings, from the configuration (config.c). */
struct board_settings {
	char name[BD_BOARD_NAME_MAX + 1];
	uint32_t game_kind; /* enum bd_game_kind */
	unsigned dim;       /* the board's side (Memory: even, 2 to 32) */
	unsigned region_side;
	unsigned min_players;
	int first_pick_ms;
	int mismatch_ms;
	int restart_ms;
	int away_ms;        /* how long a seat is kept for a client lost in a daemon restart */
	uint64_t seed;      /* 0: from the clock */
	int64_t move_limit_ms; /* turn tables without a clock: after this a move may be claimed */
	int64_t clock_ms;      /* turn tables: each seat's clock for a round; 0: no clock */
	int64_t increment_ms;  /* turn tables with a clock: added after each move */
	int64_t opt[BD_GAME_OPTS_MAX]; /* the game's options (its codec's, in order), defaults filled in */
	unsigned seats;        /* a turn game's seats at this table (struct rules' seats..seats_max) */
};

/* A table, as the rules see it: only through the functions below. */
struct board;

/* --- The handle ------------------------------------------------------------------------ */
const struct board_settings *board_settings(const struct board *b);
/* The public header and seat table, read-only (scores, sides, states, uids, game state). */
const struct bd_pub *board_public(const struct board *b);
/* The game's public area. Write it only between board_write_begin and board_write_end of
 * the region the bytes belong to (codec's region_spans), or of BOARD_HEADER for its head. */
void *board_area(struct board *b);
/* The game's private area (no client can read it), per-seat private state included. */
void *board_private(struct board *b);
#define BOARD_HEADER 0xffffffffu /* the seqlock of the header, the seats and the area's head */
void board_write_begin(struct board *b, unsigned region);
void board_write_end(struct board *b, unsigned region);
/* A seat's score (a game without turns; a turn game's scores are its match points, the
 * core's); only inside the BOARD_HEADER bracket. */
void board_set_score(struct board *b, unsigned seat, uint32_t score);
/* When the rules want expire called for seat (CLOCK_MONOTONIC ms), 0 for never. */
void board_set_deadline(struct board *b, unsigned seat, int64_t ms);
int64_t board_deadline(const struct board *b, unsigned seat);
/* Append an event to the ring for everyone (to = BD_NO_PLAYER) or for seat `to` only (the
 * others never see it); its seq is assigned here, the workers woken at unlock. */
void board_emit(struct board *b, unsigned to, struct bd_event *ev);
/* Turns (whose, the sides, their deadline or clock) are the core's for a game with seats
 * (struct rules' seats, daemon/match.c): its rules see only moves of the seat to move. */
/* The end of a round (the match goes on) or of the match (state OVER, a new game after
 * restart-ms, the OVER event with each seat's result): result[i] (enum bd_result) for every
 * seat; the scores as they are are the round's or match's. */
enum board_end { BOARD_END_ROUND, BOARD_END_MATCH };
void board_end(struct board *b, enum board_end what, const uint8_t result[BD_PLAYERS_MAX], int64_t now);
/* A turn game, from expire or timeout (every lock held): the seat to move passes, as if it
 * had moved (its clock charged, the increment added, the turn event to the next seat in). */
void board_turn_pass(struct board *b, int64_t now);
/* A line in the daemon's log (prio LOG_ERR..LOG_DEBUG), prefixed with the table's name. */
void board_log(struct board *b, int prio, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The table's random numbers (xorshift64*, reproducible from --seed): uniform in [0, n). */
unsigned board_random(struct board *b, unsigned n);

/* --- What a game's rules provide -------------------------------------------------------- */
#define RULES_REGIONS_MAX 8 /* regions one move locks, at most (a turn game: one, all) */

struct rules {
	const struct bd_game *codec; /* name, kind, areas, events (ipc/game/) */
	/* A turn-based game's seats (2..BD_TURN_SEATS_MAX): the core runs its turns (daemon/
	 * match.c: sides, whose turn, clock, resign, claim, rematch) and seats no more players;
	 * a move reaches the rules only from the seat to move, and a round the rules end with
	 * board_end(BOARD_END_ROUND) may end the match. 0: everyone plays at once (Memory). */
	unsigned seats;
	/* A turn game's rounds in a match (0: one); the match ends early once decided. */
	unsigned rounds;
	/* A turn game that has no draw by agreement: the core refuses `draw` (ERR nodraw). */
	int no_draw_offer;
	/* A game that may be played by more: its lobby tables take the option seats=N (seats..
	 * seats_max, default seats, or 2 for Memory, whose seats=N gathers N players; a turn
	 * game's static boards take it too: board_settings' seats). 0: always seats. */
	unsigned seats_max;
	/* Every lock held: lay out a new game (the core resets scores and deadlines after). */
	void (*deal)(struct board *b);
	/* Optional, a turn game: every lock held, right after deal at the start of each round,
	 * the seats' sides shown: the side that moves first in this round. A game with one keeps
	 * each seat's side for every round of a match (a rematch still moves them on); without
	 * one, side 0 opens and the sides rotate between rounds. */
	int (*opener)(struct board *b);
	/* Optional, a turn game: its move clock at this table (ms; 0: none): each move gets it
	 * afresh, and when it runs out timeout is called as for a clock. It replaces the
	 * table's clock-ms and increment-ms. */
	int64_t (*move_clock)(const struct board *b);
	/* Without locks: the regions a move of seat (its ntok words, or none: only what the
	 * seat holds, for leaving or expiring) must lock. The core takes them, asks again, and
	 * retries until the answer holds. Number of regions in regions[]. */
	unsigned (*locks)(const struct board *b, unsigned seat, unsigned ntok, const char *const *tok,
			  unsigned regions[RULES_REGIONS_MAX]);
	/* Those regions and the state lock held: play the move. 0, or -1 with *err (the reply).
	 * A turn game may refuse a move and still end the round with it (board_end, then -1: an
	 * illegal move that loses): the client gets the error, the turn does not pass. */
	int (*move)(struct board *b, unsigned seat, unsigned ntok, const char *const *tok, int64_t now,
		    struct bd_err *err);
	/* Same locks (no words): seat's deadline (board_set_deadline) has passed. */
	void (*expire)(struct board *b, unsigned seat, int64_t now);
	/* Same locks: seat is leaving; give back whatever it holds. */
	void (*release)(struct board *b, unsigned seat);
	/* Every lock held: the clock of seat, to move, ran out: end the round (board_end) or pass
	 * the turn (board_turn_pass); a turn game must do one of them. */
	void (*timeout)(struct board *b, unsigned seat, int64_t now);
	/* Optional, a game whose resign gives up one round (Quantik): every lock held, seat is in
	 * the match on and resigns: end the round (board_end), seat losing it; the match goes on
	 * to its next round. Without it a resign gives up the whole match. */
	void (*resign)(struct board *b, unsigned seat, int64_t now);
	/* Deep check of a found table before it is resumed; NULL if sound, else why not. */
	const char *(*check)(const struct board *b);
	/* Every lock held, after a holder died mid-change or a restart: make the area whole. */
	void (*sweep)(struct board *b);
	/* Seat's private state as protocol lines (each with its newline) for its owner only,
	 * sent on join, on a rejoin with its token and after a resync: bytes written to buf
	 * (NULL: the game has none). */
	size_t (*private_lines)(const struct board *b, unsigned seat, char *buf, size_t len);
};

extern const struct rules rules_memory;
extern const struct rules rules_tictactoe;
extern const struct rules rules_qwirkle;
extern const struct rules rules_tafl;
extern const struct rules rules_quantik;

/* The rules of a kind of game, NULL if unknown. */
const struct rules *rules_find(uint32_t kind);

#endif
