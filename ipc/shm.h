/* shm.h: naming, creating, finding and mapping a board's segments and semaphores.
 *
 * Every board has a random instance, 16 lower-case hex digits from getrandom(2), drawn when
 * its objects are made, so that nobody can take its names first. Its objects are
 *   public  /<prefix>.<board>.<inst>          private /<prefix>.<board>.<inst>.private
 *   regions /<prefix>.<board>.<inst>.r<N>     state   /<prefix>.<board>.<inst>.state
 * (semaphores live in /dev/shm as sem.<name without the slash>). Prefix and board names
 * cannot hold '.', so every name splits one way only. Clients learn the public segment's
 * name from the daemon (the join reply, the BOARD lines), or, with no daemon, from
 * bd_board_scan, which says who owns each one. */
#ifndef BD_SHM_H
#define BD_SHM_H

#include <stddef.h>
#include <sys/types.h>

#include "layout.h"

#define BD_PREFIX_MAX 32
#define BD_OBJ_NAME_MAX 96 /* "/" prefix "." board "." inst ".private" or ".r1023", NUL */
#define BD_SHM_DIR "/dev/shm"

/* Nonzero if s is a usable shm prefix or board name: 1..max bytes of [A-Za-z0-9_-]. */
int bd_name_ok(const char *s, size_t max);
/* Nonzero if s is an instance: exactly BD_INST_LEN lower-case hex digits. */
int bd_inst_ok(const char *s);
/* Draw a new instance from getrandom(2). 0, or -1 (errno set) if no randomness. */
int bd_inst_new(char inst[BD_INST_LEN + 1]);

/* The object names of one board instance; -1 if prefix, board or inst is not valid. */
int bd_obj_public(char *buf, size_t len, const char *prefix, const char *board, const char *inst);
int bd_obj_private(char *buf, size_t len, const char *prefix, const char *board, const char *inst);
int bd_obj_region_sem(char *buf, size_t len, const char *prefix, const char *board, const char *inst,
		      unsigned r);
int bd_obj_state_sem(char *buf, size_t len, const char *prefix, const char *board, const char *inst);
/* Split a public segment's name "/<prefix>.<board>.<inst>" into its parts (any may be NULL;
 * sizes BD_PREFIX_MAX + 1, BD_BOARD_NAME_MAX + 1, BD_INST_LEN + 1). 0, or -1 if it is not one. */
int bd_obj_split(const char *name, char *prefix, char *board, char *inst);

/* What kind of object a name in /dev/shm is. */
enum bd_obj_kind { BD_OBJ_PUBLIC, BD_OBJ_PRIVATE, BD_OBJ_REGION, BD_OBJ_STATE };

/* One object found in /dev/shm, as lstat(2) sees it: never followed, so a symlink is
 * reported as one (S_ISLNK(mode)) and a segment is a regular file (S_ISREG(mode)). */
struct bd_found {
	enum bd_obj_kind kind;
	char board[BD_BOARD_NAME_MAX + 1];
	char inst[BD_INST_LEN + 1];
	char name[BD_OBJ_NAME_MAX]; /* for shm_open/sem_open and the map functions: "/<...>" */
	char entry[BD_OBJ_NAME_MAX + 8]; /* the file's name in /dev/shm ("sem." for semaphores) */
	uid_t uid;                  /* owner */
	mode_t mode;                /* st_mode: type and permission bits */
	off_t size;
};

/* Call fn for every object named like a board instance of prefix in /dev/shm, whoever owns
 * it, in no particular order; names of other forms are skipped. 0, or -1 if /dev/shm cannot
 * be read. */
int bd_obj_scan(const char *prefix, void (*fn)(const struct bd_found *f, void *arg), void *arg);
/* The same, only the public segments (one per board instance): board, instance, owner, mode. */
int bd_board_scan(const char *prefix, void (*fn)(const struct bd_found *f, void *arg), void *arg);
/* Find the public segment of board owned by uid ((uid_t)-1: by anyone), regular files only.
 * Returns how many there are; the first one found goes to *f. */
int bd_board_find(const char *prefix, const char *board, uid_t uid, struct bd_found *f);
/* Remove the object f found (by its /dev/shm entry, never following a link). 0 or -1. */
int bd_obj_remove(const struct bd_found *f);

/* The smallest segments a board can have: a header and an area's shape. */
#define BD_PUB_MIN (offsetof(struct bd_pub, area) + 8)
#define BD_PRIV_MIN (offsetof(struct bd_priv, area) + 8)

/* Why a public segment was rejected (for messages), NULL if it is sound: magic, layout
 * version, recorded size within mapped bytes, and the kind's codec's sizes and head for
 * the shape its area states (game.h). */
const char *bd_pub_check(const struct bd_pub *pub, size_t mapped);
const char *bd_priv_check(const struct bd_priv *priv, size_t mapped);

/* Map the public segment called name ("/<prefix>.<board>.<inst>") read-only, as a client:
 * only a regular object owned by owner (BD_ANY_OWNER: anyone) of a board's possible sizes,
 * checked with fstat before mapping, whose header then checks out on a guarded copy and
 * records exactly the object's size. The mapping spans sizeof(struct bd_pub) (bytes past
 * the object's end fault: never read past its recorded size).
 * NULL with the reason in why ("segment /x is owned by uid N, not the daemon's uid M", ...)
 * otherwise. Read the mapping only through bd_guard_copy (guard.h): it may still shrink. */
#define BD_ANY_OWNER ((uid_t)-1)
const struct bd_pub *bd_pub_map_ro(const char *name, uid_t owner, char *why, size_t len);
void bd_pub_unmap(const struct bd_pub *pub);
/* Whether no object called name exists on this host (shm_open fails with ENOENT). */
int bd_seg_missing(const char *name);

/* Map the private segment of the board whose PUBLIC segment is pubname read-only (needs the
 * daemon's user), for boardctl, as bd_pub_map_ro; its recorded instance must be the name's. */
const struct bd_priv *bd_priv_map_ro(const char *pubname, uid_t owner, char *why, size_t len);
void bd_priv_unmap(const struct bd_priv *priv);

/* For the daemon: make a new segment called name of size bytes and mode, never an existing
 * one (O_EXCL: errno EEXIST if the name is taken), and map whole bytes of it read-write
 * (the layout's struct; only size of them are backed). NULL on failure, with nothing left
 * behind. */
void *bd_seg_create(const char *name, size_t size, size_t whole, unsigned mode);
/* For the daemon: map whole bytes of an existing segment read-only only if it is a regular
 * file of min to whole bytes owned by this process's euid. NULL with *why if not. */
const void *bd_seg_map_own(const char *name, size_t min, size_t whole, const char **why);

/* For the daemon's workers: map whole bytes of a segment of exactly size bytes read-write,
 * only if it is a regular file of this process's euid (a lobby table the supervisor made).
 * NULL with *why if not. */
void *bd_seg_map_rw(const char *name, size_t size, size_t whole, const char **why);

/* Nonzero if pid is a live (not zombie) process named boardd, not a recycled pid: the
 * daemon and its workers, as recorded in daemon_pid and lock holders. */
int bd_pid_is_boardd(pid_t pid);
#endif
