/* board.h: one board (table): its segments, semaphores, seats, events and game state; the
 * game-neutral core. A game's rules (rules/) reach it only through the handle in rules.h.
 * Every function that changes the board takes its locks itself, in the documented order. */
#ifndef BD_BOARD_H
#define BD_BOARD_H

#include <stdint.h>
#include <sys/types.h>

#include "ipc/layout.h"
#include "ipc/lock.h"
#include "ipc/proto.h"
#include "quota.h"
#include "ipc/shm.h"
#include "rules/rules.h"

struct board {
	struct board_settings set;
	const char *prefix;
	char inst[BD_INST_LEN + 1];         /* the instance of the objects this run made */
	char pubname[BD_OBJ_NAME_MAX];      /* their public segment's name, told to clients */
	struct bd_pub *pub;
	struct bd_priv *priv;
	struct bd_locks locks;
	const struct rules *rules;
	struct bd_game_shape shape;         /* what sizes the game's areas, from the settings */
	size_t pub_size, priv_size;         /* bytes of the segments: header and area */
	int wake_fd;        /* eventfd shared by every worker: one write wakes them all */
	int dirty;          /* events emitted since the last wake */
	int defer_wake;     /* set in a worker: it wakes the others itself (board_wake) */
	int resumed;        /* found and resumed at start, rather than made new */
	int sweep_pending;  /* supervisor: a repair's sweep still to do (its locks were busy) */
	struct bd_lock_watch *watch; /* supervisor: what the last lock repair pass saw */
};

/* Create the board's objects under a new random instance, and resume in them a sound board
 * of ours left by a dead daemon if there is one (*resumed says so). Refuses (-1) if a live
 * boardd of our user serves the board; ignores every object that is not ours. 0, or -1
 * with a message logged and nothing of this run left in /dev/shm. */
int board_open(struct board *b, const char *prefix, const struct board_settings *s, int *resumed);
/* In a worker: map the lobby table of settings s and instance inst that the supervisor made
 * (its segments by name, checked; its semaphores opened), with its wake eventfd (taken:
 * closed on failure too). 0, or -1 logged. board_close(b, 0) lets go of it again. */
int board_attach(struct board *b, const char *prefix, const struct board_settings *s, const char *inst, int wake_fd);
/* Once the whole start succeeded: remove what earlier runs of ours left of the board (the
 * resumed copy's original too). Until then a failed start leaves them to the next one. */
void board_commit(struct board *b);
/* Unmap; with remove, also remove the objects this run made (never anyone else's). */
void board_close(struct board *b, int remove);

/* --- Seats and plays (each takes its own locks) ------------------------------------- */
/* Seat a player for peer (at most its uid's seat limit), or take back the seat of token.
 * want: a new seat's side wish at a turn table (side + 1; 0: any), as `side` would ask.
 * Player id, or -1 with *err. */
int board_seat(struct board *b, const char *name, const struct quota_peer *peer, uint64_t token, unsigned want,
	       struct bd_err *err);
/* The login of uid as seats show it (its name, else its number; printable) into out. It may
 * read /etc/passwd: never under a lock. */
void board_login(uid_t uid, char *out, size_t len);
/* The player leaves: the rules release what it holds, LEAVE is sent, the game may freeze. */
void board_unseat(struct board *b, unsigned player);
/* The player plays a move (its words, for the table's rules). 0, or -1 with *err. */
int board_move(struct board *b, unsigned player, unsigned ntok, const char *const *tok, struct bd_err *err);
/* resign, claim, draw, rematch or side (arg: the side's name) by the player, on a turn-based
 * table (match.h). 0; 1 a rematch started or a draw agreed; or -1 with *err. */
int board_turn_request(struct board *b, unsigned player, enum bd_req_type type, const char *arg,
		       struct bd_err *err);
/* The player's private state as lines for it alone (rules' private_lines): bytes in buf. */
size_t board_private_lines(struct board *b, unsigned player, char *buf, size_t len);
/* Wake every worker of the board if events were emitted since the last wake. Unlocking
 * does it, unless defer_wake: then the worker calls it once its own reply is sent. */
void board_wake(struct board *b);
/* Run whatever deadline of this player (or of the board's restart) has passed. */
void board_tick(struct board *b, int player, int64_t now);
/* The next deadline this player's worker must wake for (ms), 0 if none. */
int64_t board_next_deadline(const struct board *b, int player);

#ifdef BD_TEST_HOOKS
/* Test builds only: the worker of a seat named hook parks there for good, holding its locks. */
void board_test_park_seat(const struct board *b, unsigned seat, const char *hook);
#else
#define board_test_park_seat(b, seat, hook) ((void)0)
#endif

/* --- For the supervisor -------------------------------------------------------------- */
/* A worker died: repair the locks it held and unseat its player. */
void board_reap(struct board *b, pid_t pid);
/* Periodic: repair locks of dead holders, expire away seats. */
void board_housekeep(struct board *b, int64_t now);
/* Tell every connection goodbye (BYE event), why: enum bd_bye_reason. */
void board_shutdown(struct board *b, unsigned why);

#endif
