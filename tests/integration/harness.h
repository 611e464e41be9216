/* harness.h: what every integration test uses: a real boardd of its own (socket in a fresh
 * temporary folder, shm prefix of its own), real clients through ipc/client.h, and checks
 * that report the caller's line. A test calls h_start, plays, then h_stop; the suites'
 * teardown (h_teardown) cleans up whatever a failed test left. */
#ifndef BD_HARNESS_H
#define BD_HARNESS_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "ipc/client.h"
#include "ipc/game/memory.h"
#include "tests/runner.h"

#define H_TIMEOUT_MS 5000 /* generous: the machine may be loaded; never a timing assertion */

struct h_daemon {
	pid_t pid;                 /* 0 when not running */
	char dir[64];              /* temporary folder: socket and log */
	char sock[96];
	char log[128];
	char prefix[32];
	const struct bd_priv *priv; /* private segment of board main, mapped on demand */
};
extern struct h_daemon hd;

struct h_client {
	struct bd_client c;
	int used;
	char name[BD_NAME_MAX + 1];
	int id;                    /* player id after h_enter; -1 for a spectator */
	uint64_t last_seq;         /* newest event taken, 0 before the first */
	int data;                  /* h_event returns data lines too (a seat's private lines: HAND) */
	int skips;                 /* its event numbers skip events for other seats (checked in the ring) */
	char (*stash)[BD_LINE_MAX + 1]; /* events read while waiting for a reply */
	size_t shead, slen, scap;
};

/* Start boardd with the harness's socket, prefix and log plus the given options
 * (NULL-terminated); returns when it accepts connections. Fatal on failure. */
void h_start(const char *opt, ...) __attribute__((sentinel));
/* Signal the daemon (SIGTERM or SIGINT); check it exits 0 and leaves nothing in /dev/shm
 * nor its socket file. */
void h_stop_with(int sig);
#define h_stop() h_stop_with(SIGTERM)
/* kill -9 the daemon (its workers die with it), then start another with the same socket,
 * prefix and options, as systemd would after a crash; returns when it answers. */
void h_crash_restart(void);
/* For every suite: per-test setup and teardown (kills what is left, removes objects). */
void h_setup(void);
void h_teardown(void);
/* Sleep ms milliseconds. */
void h_sleep(int ms);
/* Remember a forked child so that teardown kills it if the test failed first. */
void h_child(pid_t pid);
/* Names in /dev/shm made with the current prefix. */
int h_leftovers(void);

/* A connected client (greeting read), not yet hello'd. Fatal on failure. */
struct h_client *h_connect(const char *name);
/* h_connect as another user: the connection's peer uid is uid (seteuid around connect,
 * as SO_PEERCRED is taken then); needs root. */
struct h_client *h_connect_as(const char *name, uid_t uid);
/* hello + join main + map the board, through bd_client_enter. Fatal on failure. */
void h_enter(struct h_client *cl, enum bd_role role);
/* h_connect + h_enter. */
struct h_client *h_join(const char *name, enum bd_role role);
void h_close(struct h_client *cl);

/* Send one request line (newline added). Fatal if the connection is gone. */
void h_send(struct h_client *cl, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Read up to this request's OK/ERR; events meanwhile are kept for h_event, data lines go to
 * on_data. 0 for OK, 1 for ERR; fatal if none comes. */
typedef void h_data_fn(const struct bd_msg *m, void *arg);
int h_reply(struct h_client *cl, struct bd_msg *reply, h_data_fn *on_data, void *arg);
/* Send a request and check its reply: OK when code is NULL, else ERR with that code.
 * Returns nonzero if it was as expected. */
int h_expect(const char *file, int line, struct h_client *cl, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
#define H_OK(cl, ...) h_expect(__FILE__, __LINE__, (cl), NULL, __VA_ARGS__)
#define H_ERR(cl, code, ...) h_expect(__FILE__, __LINE__, (cl), (code), __VA_ARGS__)

/* The next event (kept ones first), or data line if the client takes them: 1, or 0 on
 * timeout or a closed connection; a timeout of 0 takes only what has already arrived.
 * Checks that event numbers have no gaps. */
int h_event(struct h_client *cl, struct bd_msg *m, int timeout_ms);
/* Wait for an event with this word, skipping others (skip=1) or requiring it to be the very
 * next one (skip=0); fatal if it does not come. */
void h_wait(const char *file, int line, struct h_client *cl, struct bd_msg *m, const char *word, int skip);
#define H_WAIT(cl, m, word) h_wait(__FILE__, __LINE__, (cl), (m), (word), 1)
#define H_NEXT(cl, m, word) h_wait(__FILE__, __LINE__, (cl), (m), (word), 0)
/* Check that no event arrives within ms. */
void h_quiet(const char *file, int line, struct h_client *cl, int ms);
#define H_QUIET(cl, ms) h_quiet(__FILE__, __LINE__, (cl), (ms))
/* Take every event the board has emitted so far (by the mapped segment's event number);
 * a client that has had no event yet (a new spectator) takes only what has arrived.
 * Returns how many were taken. */
unsigned h_drain(struct h_client *cl);

/* Token i of a message as a number (-1 if it is none). */
long h_num(const struct bd_msg *m, int i);
/* Nonzero if event m names card c (x y in tokens k, k+1) on a board of this dim. */
int h_is_card(const struct bd_msg *m, int k, unsigned card, unsigned dim);

/* A consistent snapshot of the client's mapped board; fatal if it cannot be taken. */
void h_snapshot(struct h_client *cl, struct bd_pub *out);
/* The daemon's private segment of board main, read-only (we run as its user). */
const struct bd_priv *h_priv(void);
/* The daemon's own value of a card, from the private segment. */
void h_value(unsigned card, char out[2]);
/* Two face-down cards with the same value (want_match) or different values; fatal if none. */
void h_find_pair(struct h_client *cl, int want_match, unsigned *a, unsigned *b);
/* cl picks a face-down matching pair, both picks checked OK and the match event checked;
 * returns the player's new score. *first gets the first card of the pair when not NULL. */
long h_match(struct h_client *cl, unsigned *first);
/* Send pick x y for a card number, without waiting for the reply. */
void h_pick(struct h_client *cl, unsigned card);
/* pick a card and check the reply: OK when code is NULL, else ERR with that code. */
#define H_PICK(cl, card, code) h_expect(__FILE__, __LINE__, (cl), (code), "pick %u %u", \
					(unsigned)(card) % (cl)->c.dim, (unsigned)(card) / (cl)->c.dim)

#endif
