/* fault.h: bd-fault, the driver of the reliability tests (tests/test-fault*.sh, -input,
 * -security, -valgrind): scripted players, kills at chosen moments, floods, raw input,
 * permission probes. Each command exits 0 if everything it checked held, 1 with a
 * "bd-fault: ..." line saying what did not, 2 on bad usage. Figures go to stdout. */
#ifndef BD_FAULT_H
#define BD_FAULT_H

#include <stdint.h>
#include <sys/types.h>

#include "ipc/client.h"
#include "ipc/game/memory.h"
#include "ipc/lock.h"
#include "ipc/shm.h"

/* --- util.c ------------------------------------------------------------------------ */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Options are --name value pairs; a command asks for the ones it knows. */
void opts_parse(int argc, char **argv);
long opt_num(const char *name, long def);
const char *opt_str(const char *name, const char *def);
void opts_done(void); /* exit 2 if an option was given that no one asked for */

int64_t now_us(void);
void sleep_us(long us);
unsigned rnd(unsigned n); /* uniform in [0, n), seeded by --seed */
void rnd_reseed(uint64_t salt);

const char *board_name(void);
/* The board's segments, mapped read-only (private needs the daemon's user) once. */
/* The board's public segment name and instance, as the daemon names them to a spectator. */
const char *board_segment(void);
const char *board_inst(void);
const struct bd_pub *pub_map(void);
const struct bd_priv *priv_map(void);
void pub_snapshot(struct bd_pub *out);

/* Connect and greet, or die. */
void player_connect(struct bd_client *c);
/* Connect, hello, join the board, map it; die with why on failure. */
void player_enter(struct bd_client *c, const char *name, enum bd_role role);
/* Send a request, wait for its OK (0) or ERR (1) in *r; die if the connection fails. */
int player_request(struct bd_client *c, struct bd_msg *r, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A face-down card (from a snapshot), -1 if there is none. */
int card_down(const struct bd_pub *snap);
/* The player an event (join, leave, up, mismatch, match) is about, -1 if none. */
long event_player(const struct bd_msg *m);
/* Wait up to ms for an event of this kind (and player, -1 any); 1 found, 0 not. */
int player_await(struct bd_client *c, const char *word, int player, int ms, struct bd_msg *m);

/* Processes whose parent is pid (the daemon's workers); returns how many, up to max. */
unsigned children_of(pid_t pid, pid_t *out, unsigned max);
/* Nonzero if pid is a live child of parent. */
int child_of(pid_t pid, pid_t parent);
/* Run `ctl WHAT BOARD` (boardctl), echoing its output; nonzero if one line holds every
 * one of the n (at most 32) words. */
int ctl_shows(const char *ctl, const char *what, const char *const *words, unsigned n);
/* A process's state letter from /proc (R, S, T for stopped, Z...); '\0' if it is gone. */
char proc_state(pid_t pid);
/* CPU time (user + system, ms) a process has used so far; 0 if it is gone. */
double proc_cpu_ms(pid_t pid);

/* --- board.c: the checks every fault test ends with ------------------------------- */
/* Poll up to 15 s until the board has exactly `players` seats, the daemon exactly
 * `workers` workers, every lock free (nobody listed as taking one) and every face-up card
 * held by a seat's pick. */
void board_settled(unsigned players, unsigned workers);
/* A fresh player joins, turns a face-down card up and leaves: the board is not stuck. */
void board_playable(void);
/* Open the board's semaphores (needs the daemon's user). */
void board_locks(struct bd_locks *l);

/* --- lag.c -------------------------------------------------------------------------- */
/* Read c until nothing comes for a second; die on an ERR, a closed connection or a gap in
 * event seqs (a resync's count must join it to the event before). The number of resyncs;
 * private_after (unless NULL) counts WHISPER lines that came right after a resync. */
unsigned lag_readout(struct bd_client *c, const char *who, unsigned *private_after);
/* who (on c) picks a face-down card of snap; die unless it is accepted. */
void lag_pick(struct bd_client *c, const struct bd_pub *snap, const char *who);

/* --- commands ---------------------------------------------------------------------- */
int cmd_chaos(void);
int cmd_park(void);
int cmd_whisper(void);
int cmd_whisper_back(void);
int cmd_stop(void);
int cmd_stuck(void);
int cmd_lag(void);
int cmd_stall(void);
int cmd_pipeline(void);
int cmd_flood(void);
int cmd_rate(void);
int cmd_hog(void);
int cmd_grab(void);
int cmd_probe(void);
int cmd_perm(void);
int cmd_steal(void);
int cmd_squat(void);
int cmd_picks(void);
int cmd_hoard(void);
int cmd_victim(void);
int cmd_forge(void);
int cmd_shrink(void);
int cmd_churn(void);
int cmd_resume(void);

#endif
