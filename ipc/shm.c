/* shm.c: naming, creating and mapping a board's segments. */
#include "shm.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Format "/<prefix>.<board><suffix>" after checking both names. */
static int obj_name(char *buf, size_t len, const char *prefix, const char *board, const char *suffix)
{
	if (!bd_name_ok(prefix, BD_PREFIX_MAX) || !bd_name_ok(board, BD_BOARD_NAME_MAX))
		return -1;
	int n = snprintf(buf, len, "/%s.%s%s", prefix, board, suffix);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

int bd_obj_public(char *buf, size_t len, const char *prefix, const char *board)
{
	return obj_name(buf, len, prefix, board, "");
}

int bd_obj_private(char *buf, size_t len, const char *prefix, const char *board)
{
	return obj_name(buf, len, prefix, board, ".private");
}

int bd_obj_region_sem(char *buf, size_t len, const char *prefix, const char *board, unsigned r)
{
	char suffix[16];
	snprintf(suffix, sizeof suffix, ".r%u", r);
	return obj_name(buf, len, prefix, board, suffix);
}

int bd_obj_state_sem(char *buf, size_t len, const char *prefix, const char *board)
{
	return obj_name(buf, len, prefix, board, ".state");
}

const char *bd_pub_check(const struct bd_pub *pub, size_t mapped)
{
	if (mapped < sizeof *pub)
		return "segment is too small (truncated or not a board)";
	if (pub->magic != BD_PUB_MAGIC)
		return "bad magic (not a boardd board)";
	if (pub->version != BD_LAYOUT_VERSION)
		return "layout version differs from this program's";
	if (pub->size != sizeof *pub)
		return "recorded size differs from this program's layout";
	if (pub->game_kind != BD_GAME_MEMORY)
		return "unknown game kind";
	if (pub->dim < BD_DIM_MIN || pub->dim > BD_DIM_MAX || pub->dim % 2)
		return "board dimension out of range";
	if (pub->region_side < 1 || pub->region_side > pub->dim)
		return "region size out of range";
	unsigned across = (pub->dim + pub->region_side - 1) / pub->region_side;
	if (pub->regions_across != across || pub->nregions != across * across)
		return "region count inconsistent with dimension";
	if (pub->game_state > BD_GAME_OVER)
		return "game state out of range";
	if (memchr(pub->name, 0, sizeof pub->name) == NULL)
		return "board name not terminated";
	return NULL;
}

const char *bd_priv_check(const struct bd_priv *priv, size_t mapped)
{
	if (mapped < sizeof *priv)
		return "private segment is too small";
	if (priv->magic != BD_PRIV_MAGIC)
		return "bad private magic";
	if (priv->version != BD_LAYOUT_VERSION || priv->size != sizeof *priv)
		return "private layout differs from this program's";
	return NULL;
}

/* Map a whole existing segment read-only; *size gets its length. */
static const void *seg_map_ro(const char *name, size_t *size, const char **why)
{
	int fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0) {
		*why = errno == ENOENT ? "no such board (segment missing)" :
		       errno == EACCES ? "permission denied" : "cannot open segment";
		return NULL;
	}
	struct stat st;
	void *p = MAP_FAILED;
	if (fstat(fd, &st) == 0 && st.st_size > 0) {
		*size = (size_t)st.st_size;
		p = mmap(NULL, *size, PROT_READ, MAP_SHARED, fd, 0);
	}
	close(fd);
	if (p == MAP_FAILED) {
		*why = "segment is empty or cannot be mapped";
		return NULL;
	}
	return p;
}

/* Map a board's public or private segment read-only and check it; NULL with *why if not. */
static const void *board_map_ro(const char *prefix, const char *board, int private, const char **why)
{
	char name[BD_OBJ_NAME_MAX];
	size_t size = 0, want = private ? sizeof(struct bd_priv) : sizeof(struct bd_pub);

	if ((private ? bd_obj_private : bd_obj_public)(name, sizeof name, prefix, board) < 0) {
		*why = "invalid board or prefix name";
		return NULL;
	}
	const void *p = seg_map_ro(name, &size, why);
	if (p == NULL)
		return NULL;
	*why = private ? bd_priv_check(p, size) : bd_pub_check(p, size);
	if (*why == NULL && size != want)
		*why = "segment size differs from this program's layout";
	if (*why != NULL) {
		munmap((void *)p, size);
		return NULL;
	}
	return p;
}

const struct bd_pub *bd_pub_map_ro(const char *prefix, const char *board, const char **why)
{
	return board_map_ro(prefix, board, 0, why);
}

void bd_pub_unmap(const struct bd_pub *pub)
{
	if (pub != NULL)
		munmap((void *)pub, sizeof *pub);
}

const struct bd_priv *bd_priv_map_ro(const char *prefix, const char *board, const char **why)
{
	return board_map_ro(prefix, board, 1, why);
}

void bd_priv_unmap(const struct bd_priv *priv)
{
	if (priv != NULL)
		munmap((void *)priv, sizeof *priv);
}

/* Open name read-write, creating it if missing. A found object that another user made is
 * removed and made anew: its maker could still open it and read or write the board. (In
 * sticky /dev/shm only root can remove another user's object; anyone else fails here.) */
static int seg_open(const char *name, unsigned mode, int *created)
{
	struct stat st;
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, mode);

	*created = fd >= 0;
	if (fd < 0 && errno == EEXIST && (fd = shm_open(name, O_RDWR, 0)) >= 0 &&
	    (fstat(fd, &st) < 0 || st.st_uid != geteuid())) {
		close(fd);
		fd = shm_unlink(name) == 0 ? shm_open(name, O_RDWR | O_CREAT | O_EXCL, mode) : -1;
		*created = fd >= 0;
	}
	return fd;
}

void *bd_seg_open_rw(const char *name, size_t size, unsigned mode, int *created)
{
	int fd = seg_open(name, mode, created);
	if (fd < 0)
		return NULL;
	struct stat st;
	void *p = MAP_FAILED;
	/* fchmod because the umask (systemd's UMask=) masks shm_open's mode. */
	if (fstat(fd, &st) == 0 && fchmod(fd, mode) == 0) {
		if (*created || (size_t)st.st_size != size) {
			/* A found segment of the wrong size is not ours to trust: start it over. */
			if (!*created && (ftruncate(fd, 0) < 0))
				goto out;
			*created = 1;
			if (ftruncate(fd, (off_t)size) < 0)
				goto out;
		}
		p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	}
out:
	close(fd);
	return p == MAP_FAILED ? NULL : p;
}

int bd_board_scan(const char *prefix, void (*fn)(const char *board, void *arg), void *arg)
{
	DIR *d = opendir("/dev/shm");
	if (d == NULL)
		return -1;
	size_t plen = strlen(prefix);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		const char *n = e->d_name;
		if (strncmp(n, prefix, plen) != 0 || n[plen] != '.')
			continue;
		if (bd_name_ok(n + plen + 1, BD_BOARD_NAME_MAX))
			fn(n + plen + 1, arg);
	}
	closedir(d);
	return 0;
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
