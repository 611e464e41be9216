/* shm.h: naming, creating and mapping a board's segments and semaphores. */
#ifndef BD_SHM_H
#define BD_SHM_H

#include <stddef.h>
#include <sys/types.h>

#include "layout.h"

#define BD_PREFIX_MAX 32
#define BD_OBJ_NAME_MAX 96 /* "/" prefix "." board ".private" or ".r1023" */

/* Nonzero if s is a usable shm prefix or board name: 1..max bytes of [A-Za-z0-9_-]. */
int bd_name_ok(const char *s, size_t max);

/* The object names of one board; returns -1 if prefix or board is not a valid name. */
int bd_obj_public(char *buf, size_t len, const char *prefix, const char *board);
int bd_obj_private(char *buf, size_t len, const char *prefix, const char *board);
int bd_obj_region_sem(char *buf, size_t len, const char *prefix, const char *board, unsigned r);
int bd_obj_state_sem(char *buf, size_t len, const char *prefix, const char *board);

/* Why a public segment was rejected (for messages), NULL if it is sound. */
const char *bd_pub_check(const struct bd_pub *pub, size_t mapped);
const char *bd_priv_check(const struct bd_priv *priv, size_t mapped);

/* Map the public segment read-only, as a client. Returns NULL and sets *why on failure. */
const struct bd_pub *bd_pub_map_ro(const char *prefix, const char *board, const char **why);
void bd_pub_unmap(const struct bd_pub *pub);

/* Map the private segment read-only (needs the daemon's user), for boardctl. */
const struct bd_priv *bd_priv_map_ro(const char *prefix, const char *board, const char **why);
void bd_priv_unmap(const struct bd_priv *priv);

/* Read-write mapping of an existing or new segment, for the daemon. mode is the file mode.
 * *created tells whether it was made now (zero-filled) or found. */
void *bd_seg_open_rw(const char *name, size_t size, unsigned mode, int *created);

/* Call fn for each board of this prefix found in /dev/shm, in no particular order. */
int bd_board_scan(const char *prefix, void (*fn)(const char *board, void *arg), void *arg);

/* Nonzero if pid is a live (not zombie) process named boardd, not a recycled pid: the
 * daemon and its workers, as recorded in daemon_pid and lock holders. */
int bd_pid_is_boardd(pid_t pid);
#endif
