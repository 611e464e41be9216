/* ctl.h: boardctl, the debug tool: its commands and the helpers they share.
 * Every command reads the board's shared memory directly, never through the daemon, so it
 * keeps working when the daemon is dead or stuck. */
#ifndef CTL_CTL_H
#define CTL_CTL_H

#include <stdint.h>
#include <stdio.h>

#include "ipc/layout.h"
#include "ipc/shm.h"
#include "json.h"

/* Exit statuses. */
#define CTL_OK 0
#define CTL_ERROR 1
#define CTL_USAGE 2

struct ctl {
	const char *prefix;
	const char *socket;
	const char *board;  /* the BOARD argument, "main" when none */
	int json;           /* --json */
	int colour;         /* ANSI colours in text output (a terminal, NO_COLOR unset) */
	unsigned count;     /* events: how many */
};

/* The commands; each returns an exit status. */
int list_run(const struct ctl *c);
int dump_run(const struct ctl *c);
int players_run(const struct ctl *c);
int locks_run(const struct ctl *c);
int events_run(const struct ctl *c);
int watch_run(const struct ctl *c);

/* dump.c: one frame of the dump (text or JSON) of snapshot p, for dump and watch. */
void dump_frame(FILE *f, const struct ctl *c, const struct bd_pub *p);

/* ctl.c: print "boardctl: board B (prefix P): why" on stderr; returns CTL_ERROR. */
int ctl_fail(const struct ctl *c, const char *why);
/* A consistent snapshot of a mapped board into out; NULL, or why it failed. */
const char *ctl_copy(const struct bd_pub *pub, struct bd_pub *out);
/* The public segment of board (found in /dev/shm) into *f; NULL, or why there is none. */
const char *ctl_find(const char *prefix, const char *board, struct bd_found *f);
/* Map a board read-only and take a consistent snapshot into out; NULL, or why it failed. */
const char *ctl_read(const char *prefix, const char *board, struct bd_pub *out);
/* Map c->board read-only and take a consistent snapshot into out; prints why not. */
int ctl_snapshot(const struct ctl *c, struct bd_pub *out);
/* Snapshot c->board into snap and map its private segment (explaining, if it cannot, that
 * this needs the daemon's user); NULL on failure, with the reason printed. *f gets what
 * was found of the board. */
const struct bd_priv *ctl_private(const struct ctl *c, struct bd_pub *snap, struct bd_found *f);
/* Start and end a colour for colour index i (nothing when colours are off). */
void ctl_colour_on(FILE *f, const struct ctl *c, unsigned i, int bold);
void ctl_colour_off(FILE *f, const struct ctl *c);

#endif
