/* shm.c: naming, creating, finding and mapping a board's segments. */
#include "shm.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/game.h"
#include "guard.h"

int bd_name_ok(const char *s, size_t max)
{
	size_t n = strlen(s);

	if (n == 0 || n > max)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '_' || c == '-'))
			return 0;
	}
	return 1;
}

int bd_inst_ok(const char *s)
{
	size_t n = 0;

	while (n < BD_INST_LEN && ((s[n] >= '0' && s[n] <= '9') || (s[n] >= 'a' && s[n] <= 'f')))
		n++;
	return n == BD_INST_LEN && s[n] == '\0';
}

int bd_inst_new(char inst[BD_INST_LEN + 1])
{
	uint64_t r;

	if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
		return -1;
	snprintf(inst, BD_INST_LEN + 1, "%016llx", (unsigned long long)r);
	return 0;
}

/* Format "/<prefix>.<board>.<inst><suffix>" after checking every part. */
static int obj_name(char *buf, size_t len, const char *prefix, const char *board, const char *inst,
		    const char *suffix)
{
	if (!bd_name_ok(prefix, BD_PREFIX_MAX) || !bd_name_ok(board, BD_BOARD_NAME_MAX) || !bd_inst_ok(inst))
		return -1;
	int n = snprintf(buf, len, "/%s.%s.%s%s", prefix, board, inst, suffix);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int bd_obj_public(char *buf, size_t len, const char *prefix, const char *board, const char *inst)
{
	return obj_name(buf, len, prefix, board, inst, "");
}

int bd_obj_private(char *buf, size_t len, const char *prefix, const char *board, const char *inst)
{
	return obj_name(buf, len, prefix, board, inst, ".private");
}

int bd_obj_region_sem(char *buf, size_t len, const char *prefix, const char *board, const char *inst,
		      unsigned r)
{
	char suffix[16];
	snprintf(suffix, sizeof suffix, ".r%u", r);
	return obj_name(buf, len, prefix, board, inst, suffix);
}

int bd_obj_state_sem(char *buf, size_t len, const char *prefix, const char *board, const char *inst)
{
	return obj_name(buf, len, prefix, board, inst, ".state");
}

/* Copy the part of s up to the next '.' (or the end) into out (size n) if it is 1..max bytes;
 * returns what follows it, or NULL. */
static const char *obj_part(const char *s, char *out, size_t n, size_t max)
{
	size_t len = strcspn(s, ".");

	if (len == 0 || len > max || len >= n)
		return NULL;
	memcpy(out, s, len);
	out[len] = '\0';
	return s + len;
}

/* Split "<prefix>.<board>.<inst><rest>" (no slash); the kind of object rest names is in
 * *kind. 0, or -1 if s is not named like a board's object. */
static int obj_parse(const char *s, char *prefix, char *board, char *inst, enum bd_obj_kind *kind)
{
	char p[BD_PREFIX_MAX + 1], b[BD_BOARD_NAME_MAX + 1], i[BD_INST_LEN + 1];

	if ((s = obj_part(s, p, sizeof p, BD_PREFIX_MAX)) == NULL || *s++ != '.' ||
	    (s = obj_part(s, b, sizeof b, BD_BOARD_NAME_MAX)) == NULL || *s++ != '.' ||
	    (s = obj_part(s, i, sizeof i, BD_INST_LEN)) == NULL || !bd_name_ok(p, BD_PREFIX_MAX) ||
	    !bd_name_ok(b, BD_BOARD_NAME_MAX) || !bd_inst_ok(i))
		return -1;
	if (*s == '\0')
		*kind = BD_OBJ_PUBLIC;
	else if (strcmp(s, ".private") == 0)
		*kind = BD_OBJ_PRIVATE;
	else if (strcmp(s, ".state") == 0)
		*kind = BD_OBJ_STATE;
	else if (s[0] == '.' && s[1] == 'r' && s[2] >= '0' && s[2] <= '9' && strlen(s) <= 6 &&
		 strspn(s + 2, "0123456789") == strlen(s + 2) && (s[2] != '0' || s[3] == '\0'))
		*kind = BD_OBJ_REGION;
	else
		return -1;
	if (prefix != NULL)
		strcpy(prefix, p);
	if (board != NULL)
		strcpy(board, b);
	if (inst != NULL)
		strcpy(inst, i);
	return 0;
}

int bd_obj_split(const char *name, char *prefix, char *board, char *inst)
{
	enum bd_obj_kind kind;

	if (name[0] != '/' || obj_parse(name + 1, prefix, board, inst, &kind) < 0)
		return -1;
	return kind == BD_OBJ_PUBLIC ? 0 : -1;
}

const char *bd_pub_check(const struct bd_pub *pub, size_t mapped)
{
	if (mapped < BD_PUB_MIN)
		return "segment is too small (truncated or not a board)";
	if (pub->magic != BD_PUB_MAGIC)
		return "bad magic (not a boardd board)";
	if (pub->version != BD_LAYOUT_VERSION)
		return "layout version differs from this program's";
	if (pub->area_size > BD_PUB_AREA_MAX || pub->size != offsetof(struct bd_pub, area) + pub->area_size)
		return "recorded size differs from this program's layout";
	if (pub->size > mapped)
		return "segment is too small for its recorded size (truncated)";
	if (pub->game_state > BD_GAME_OVER)
		return "game state out of range";
	if (memchr(pub->name, 0, sizeof pub->name) == NULL)
		return "board name not terminated";
	return bd_game_pub_check(pub);
}

const char *bd_priv_check(const struct bd_priv *priv, size_t mapped)
{
	if (mapped < BD_PRIV_MIN)
		return "private segment is too small";
	if (priv->magic != BD_PRIV_MAGIC)
		return "bad private magic";
	if (priv->version != BD_LAYOUT_VERSION || priv->area_size > BD_PRIV_AREA_MAX ||
	    priv->size != offsetof(struct bd_priv, area) + priv->area_size || priv->size > mapped)
		return "private layout differs from this program's";
	return bd_game_priv_check(priv);
}

int bd_seg_missing(const char *name)
{
	int fd = shm_open(name, O_RDONLY, 0);

	if (fd >= 0)
		close(fd);
	return fd < 0 && errno == ENOENT;
}

/* Open the object name read-only and check with fstat, before anything maps it, that it
 * is a regular object of min to max bytes owned by owner (BD_ANY_OWNER: any): its header
 * then says how long it must be (seg_check). The fd and its size in *size, or -1 with the
 * reason in why. */
static int seg_open_ro(const char *name, size_t min, size_t max, uid_t owner, size_t *size, char *why, size_t len)
{
	struct stat st;
	/* shm_open adds O_NOFOLLOW: a symlink at the name fails (ELOOP), never followed. */
	int fd = shm_open(name, O_RDONLY, 0);

	if (fd < 0) {
		snprintf(why, len, "%s", errno == ENOENT ? "no such board (segment missing)" :
					  errno == EACCES ? "permission denied" : "cannot open segment");
		return -1;
	}
	if (fstat(fd, &st) < 0)
		snprintf(why, len, "cannot fstat segment %s: %s", name, strerror(errno));
	else if (!S_ISREG(st.st_mode))
		snprintf(why, len, "segment %s is not a regular shared-memory object", name);
	else if (owner != BD_ANY_OWNER && st.st_uid != owner)
		snprintf(why, len, "segment %s is owned by uid %u, not the daemon's uid %u", name,
			 (unsigned)st.st_uid, (unsigned)owner);
	else if ((size_t)st.st_size < min || (size_t)st.st_size > max)
		snprintf(why, len, "segment %s is too %s (%lld bytes, a board has %zu to %zu): %s", name,
			 (size_t)st.st_size < min ? "small" : "large", (long long)st.st_size, min, max,
			 (size_t)st.st_size < min ? "truncated, or not a board" : "not a board of this version");
	else {
		*size = (size_t)st.st_size;
		return fd;
	}
	close(fd);
	return -1;
}

/* Why a mapped segment of size bytes is not a board's, on a guarded copy (its owner may
 * shrink it meanwhile) into a buffer of the layout's whole size; NULL if it checks out:
 * its header then records exactly size bytes. */
static const char *seg_check(const void *p, int private, size_t size)
{
	size_t whole = private ? sizeof(struct bd_priv) : sizeof(struct bd_pub);
	void *copy = calloc(1, whole);
	const char *bad = "out of memory";

	if (copy != NULL && bd_guard_copy(copy, p, size) < 0)
		bad = "segment shrank while being checked (truncated by its owner)";
	else if (copy != NULL)
		bad = private ? bd_priv_check(copy, size) : bd_pub_check(copy, size);
	if (bad == NULL && (private ? ((struct bd_priv *)copy)->size : ((struct bd_pub *)copy)->size) != size)
		bad = "segment is larger than its recorded size: not a board of this version";
	free(copy);
	return bad;
}

/* Map the public (or private) segment name read-only if it passes seg_open_ro and its
 * header checks out; NULL with why if not. The mapping always spans the layout's whole
 * struct (the object's own bytes at its start), so that one length unmaps it. */
static const void *board_map_ro(const char *name, int private, uid_t owner, char *why, size_t len)
{
	size_t whole = private ? sizeof(struct bd_priv) : sizeof(struct bd_pub), size;
	int fd = seg_open_ro(name, private ? BD_PRIV_MIN : BD_PUB_MIN, whole, owner, &size, why, len);
	if (fd < 0)
		return NULL;
	void *p = mmap(NULL, whole, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		snprintf(why, len, "cannot map segment %s: %s", name, strerror(errno));
		return NULL;
	}
	const char *bad = seg_check(p, private, size);
	if (bad == NULL)
		return p;
	snprintf(why, len, "%s", bad);
	munmap(p, whole);
	return NULL;
}

const struct bd_pub *bd_pub_map_ro(const char *name, uid_t owner, char *why, size_t len)
{
	if (bd_obj_split(name, NULL, NULL, NULL) < 0) {
		snprintf(why, len, "not the name of a board's public segment");
		return NULL;
	}
	return board_map_ro(name, 0, owner, why, len);
}

void bd_pub_unmap(const struct bd_pub *pub)
{
	if (pub != NULL)
		munmap((void *)pub, sizeof *pub);
}

const struct bd_priv *bd_priv_map_ro(const char *pubname, uid_t owner, char *why, size_t len)
{
	char name[BD_OBJ_NAME_MAX], inst[BD_INST_LEN + 1];

	if (bd_obj_split(pubname, NULL, NULL, inst) < 0 ||
	    snprintf(name, sizeof name, "%s.private", pubname) >= (int)sizeof name) {
		snprintf(why, len, "not the name of a board's public segment");
		return NULL;
	}
	const struct bd_priv *priv = board_map_ro(name, 1, owner, why, len);
	char recorded[sizeof priv->instance];
	if (priv != NULL && (bd_guard_copy(recorded, priv->instance, sizeof recorded) < 0 ||
			     strncmp(recorded, inst, sizeof recorded) != 0)) {
		snprintf(why, len, "the private segment records another instance than its name's");
		bd_priv_unmap(priv);
		return NULL;
	}
	return priv;
}

void bd_priv_unmap(const struct bd_priv *priv)
{
	if (priv != NULL)
		munmap((void *)priv, sizeof *priv);
}

void *bd_seg_create(const char *name, size_t size, size_t whole, unsigned mode)
{
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, mode);
	if (fd < 0)
		return NULL;
	void *p = MAP_FAILED;
	/* fchmod because the umask (systemd's UMask=) masks shm_open's mode. */
	if (fchmod(fd, mode) == 0 && ftruncate(fd, (off_t)size) == 0)
		p = mmap(NULL, whole, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	int err = errno;
	close(fd);
	if (p == MAP_FAILED) {
		shm_unlink(name); /* made just now by us: O_EXCL */
		errno = err;
		return NULL;
	}
	return p;
}

/* Map whole bytes of segment name (prot: PROT_READ, or with PROT_WRITE) if it is a regular
 * file of min to max bytes owned by this process's euid; NULL with *why if not. */
static void *seg_map_own(const char *name, size_t min, size_t max, size_t whole, int prot, const char **why)
{
	struct stat st;
	void *p = MAP_FAILED;
	/* shm_open adds O_NOFOLLOW: a symlink at the name fails (ELOOP), never followed. */
	int fd = shm_open(name, prot & PROT_WRITE ? O_RDWR : O_RDONLY, 0);

	*why = "cannot open it";
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0)
		*why = "cannot stat it";
	else if (!S_ISREG(st.st_mode) || st.st_uid != geteuid())
		*why = "not a regular file of this user";
	else if ((size_t)st.st_size < min || (size_t)st.st_size > max)
		*why = "its size differs from this program's layout";
	else if ((p = mmap(NULL, whole, prot, MAP_SHARED, fd, 0)) == MAP_FAILED)
		*why = "cannot map it";
	close(fd);
	return p == MAP_FAILED ? NULL : p;
}

const void *bd_seg_map_own(const char *name, size_t min, size_t whole, const char **why)
{
	return seg_map_own(name, min, whole, whole, PROT_READ, why);
}

void *bd_seg_map_rw(const char *name, size_t size, size_t whole, const char **why)
{
	return seg_map_own(name, size, size, whole, PROT_READ | PROT_WRITE, why);
}

/* Fill f from /dev/shm entry e of prefix; 0, or -1 if e is not named like a board object. */
static int scan_entry(int dfd, const char *e, const char *prefix, struct bd_found *f)
{
	char p[BD_PREFIX_MAX + 1];
	struct stat st;
	int sem = strncmp(e, "sem.", 4) == 0;

	if (strlen(e) >= sizeof f->entry || obj_parse(e + (sem ? 4 : 0), p, f->board, f->inst, &f->kind) < 0 ||
	    strcmp(p, prefix) != 0 || sem != (f->kind == BD_OBJ_REGION || f->kind == BD_OBJ_STATE) ||
	    fstatat(dfd, e, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return -1;
	strcpy(f->entry, e);
	snprintf(f->name, sizeof f->name, "/%s", e + (sem ? 4 : 0));
	f->uid = st.st_uid;
	f->mode = st.st_mode;
	f->size = st.st_size;
	return 0;
}

int bd_obj_scan(const char *prefix, void (*fn)(const struct bd_found *f, void *arg), void *arg)
{
	DIR *d = opendir(BD_SHM_DIR);
	struct dirent *e;
	struct bd_found f;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (scan_entry(dirfd(d), e->d_name, prefix, &f) == 0)
			fn(&f, arg);
	closedir(d);
	return 0;
}

/* The callback and its argument that bd_board_scan passes public segments to. */
struct scan_public {
	void (*fn)(const struct bd_found *f, void *arg);
	void *arg;
};

/* bd_obj_scan callback of bd_board_scan: pass on the public segments. */
static void scan_public(const struct bd_found *f, void *arg)
{
	struct scan_public *sp = arg;

	if (f->kind == BD_OBJ_PUBLIC)
		sp->fn(f, sp->arg);
}

int bd_board_scan(const char *prefix, void (*fn)(const struct bd_found *f, void *arg), void *arg)
{
	struct scan_public sp = {fn, arg};

	return bd_obj_scan(prefix, scan_public, &sp);
}

/* What bd_board_find looks for, and what it found. */
struct scan_find {
	const char *board;
	uid_t uid;
	int n;
	struct bd_found *f;
};

/* bd_board_scan callback of bd_board_find. A name counts once, should readdir give it again
 * while other names come and go in /dev/shm (one CI run was told "several segments" of a
 * board whose daemon had made one). */
static void scan_find(const struct bd_found *f, void *arg)
{
	struct scan_find *sf = arg;

	if (strcmp(f->board, sf->board) != 0 || !S_ISREG(f->mode) || (sf->uid != (uid_t)-1 && f->uid != sf->uid))
		return;
	if (sf->n > 0 && strcmp(f->entry, sf->f->entry) == 0)
		return;
	if (sf->n++ == 0)
		*sf->f = *f;
}

int bd_board_find(const char *prefix, const char *board, uid_t uid, struct bd_found *f)
{
	struct scan_find sf = {board, uid, 0, f};

	return bd_board_scan(prefix, scan_find, &sf) < 0 ? 0 : sf.n;
}

int bd_obj_remove(const struct bd_found *f)
{
	char path[sizeof BD_SHM_DIR + sizeof f->entry];

	snprintf(path, sizeof path, BD_SHM_DIR "/%s", f->entry);
	return unlink(path); /* unlink never follows a symlink: it removes the link itself */
}

/* Nonzero if pid is a live (not zombie) process named boardd, not a recycled pid. */
int bd_pid_is_boardd(pid_t pid)
{
	char path[64], stat[256] = "";
	FILE *f;

	if (pid <= 0 || (kill(pid, 0) < 0 && errno == ESRCH))
		return 0;
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fgets(stat, sizeof stat, f) == NULL)
		stat[0] = '\0';
	fclose(f);
	/* "pid (comm) S ...": a boardd worker or supervisor, and not a zombie. */
	const char *close = strrchr(stat, ')');
	return strstr(stat, "(boardd") != NULL && close != NULL && close[1] == ' ' && close[2] != 'Z';
}
