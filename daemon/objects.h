/* objects.h: what a start finds of one board in /dev/shm under its prefix, and removing
 * this user's own objects. Only objects owned by the daemon's euid are ever used or removed;
 * every other name under the prefix (another user's file, a symlink, a forged segment) is
 * counted, logged once, and left alone. */
#ifndef BD_OBJECTS_H
#define BD_OBJECTS_H

#include <sys/types.h>

#include "ipc/shm.h"

#define OBJECTS_OWN_MAX 8 /* own instances of one board looked at (more: the rest are removed) */

struct objects_seen {
	unsigned nown;
	char own[OBJECTS_OWN_MAX][BD_OBJ_NAME_MAX]; /* public segments of ours, regular files */
	unsigned foreign;                           /* objects not ours, or not regular files */
	struct bd_found example;                    /* the first of them, for the log */
};

/* Look at every object of prefix.board; logs the foreign ones once. 0, or -1 (no /dev/shm). */
int objects_look(const char *prefix, const char *board, struct objects_seen *s);
/* Remove this user's objects (regular files) of prefix.board of every instance but keep
 * (NULL: all). Returns how many it removed. */
unsigned objects_remove(const char *prefix, const char *board, const char *keep);
/* Nonzero (logged) if a live boardd of this euid other than this process serves one of the
 * instances seen: a second daemon on the same prefix must not take or remove its boards. */
int objects_live_owner(const char *prefix, const char *board, const struct objects_seen *s);

#endif
