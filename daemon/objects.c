/* objects.c: a board's objects in /dev/shm as a start finds them; removing our own. */
#include "objects.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"

/* Nonzero if f is an object this process may use or remove: a regular file of its euid. */
static int objects_ours(const struct bd_found *f)
{
	return S_ISREG(f->mode) && f->uid == geteuid();
}

/* What objects_look is after, and what it saw. */
struct objects_look_arg {
	const char *board;
	struct objects_seen *s;
};

/* bd_obj_scan callback of objects_look. */
static void objects_look_one(const struct bd_found *f, void *arg)
{
	struct objects_look_arg *a = arg;
	struct objects_seen *s = a->s;

	if (strcmp(f->board, a->board) != 0)
		return;
	if (!objects_ours(f)) {
		if (s->foreign++ == 0)
			s->example = *f;
	} else if (f->kind == BD_OBJ_PUBLIC && s->nown < OBJECTS_OWN_MAX)
		snprintf(s->own[s->nown++], sizeof s->own[0], "%s", f->name);
}

int objects_look(const char *prefix, const char *board, struct objects_seen *s)
{
	struct objects_look_arg a = {board, s};

	memset(s, 0, sizeof *s);
	if (bd_obj_scan(prefix, objects_look_one, &a) < 0) {
		log_msg(LOG_ERR, "board %s: cannot read %s", board, BD_SHM_DIR);
		return -1;
	}
	if (s->foreign > 0)
		log_msg(LOG_WARNING, "board %s: ignoring %u object%s under prefix %s that %s not this user's "
			"regular files (e.g. %s/%s, uid %u, mode %o); they are never used nor removed",
			board, s->foreign, s->foreign == 1 ? "" : "s", prefix, s->foreign == 1 ? "is" : "are",
			BD_SHM_DIR, s->example.entry, (unsigned)s->example.uid, (unsigned)s->example.mode);
	return 0;
}

/* Which of our objects objects_remove removes, and how many it did. */
struct objects_remove_arg {
	const char *board, *keep;
	unsigned removed;
};

/* bd_obj_scan callback of objects_remove. In sticky /dev/shm nobody else can replace a
 * file of ours between the scan's lstat and the unlink. */
static void objects_remove_one(const struct bd_found *f, void *arg)
{
	struct objects_remove_arg *a = arg;

	if (strcmp(f->board, a->board) != 0 || !objects_ours(f) || (a->keep != NULL && strcmp(f->inst, a->keep) == 0))
		return;
	if (bd_obj_remove(f) == 0) {
		log_msg(LOG_DEBUG, "board %s: removed %s/%s", a->board, BD_SHM_DIR, f->entry);
		a->removed++;
	}
}

unsigned objects_remove(const char *prefix, const char *board, const char *keep)
{
	struct objects_remove_arg a = {board, keep, 0};

	bd_obj_scan(prefix, objects_remove_one, &a);
	return a.removed;
}

/* Nonzero if pid is a live boardd of this euid other than this process. */
static int objects_pid_mine(pid_t pid)
{
	char path[32];
	struct stat st;

	snprintf(path, sizeof path, "/proc/%d", (int)pid);
	/* /proc/PID belongs to the process's euid: a process of another user named boardd, even
	 * at a pid our earlier run had, is not ours. */
	return pid != getpid() && bd_pid_is_boardd(pid) && stat(path, &st) == 0 && st.st_uid == geteuid();
}

int objects_live_owner(const char *prefix, const char *board, const struct objects_seen *s)
{
	for (unsigned i = 0; i < s->nown; i++) {
		const char *why;
		const struct bd_pub *pub = bd_seg_map_own(s->own[i], BD_PUB_MIN, sizeof *pub, &why);
		pid_t pid = pub != NULL ? pub->daemon_pid : 0;
		bd_pub_unmap(pub);
		if (pid != 0 && objects_pid_mine(pid)) {
			log_msg(LOG_ERR, "board %s of prefix %s belongs to a running boardd (pid %d, %s); not starting",
				board, prefix, (int)pid, s->own[i]);
			return 1;
		}
	}
	return 0;
}
