/* ctl.c: what boardctl's commands share: opening a board, messages, safe text, colours. */
#include "ctl.h"

#include <errno.h>
#include <pwd.h>
#include <sys/stat.h>

#include "ipc/clock.h"
#include "ipc/colour.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

int ctl_fail(const struct ctl *c, const char *why)
{
	fprintf(stderr, "boardctl: board %s (prefix %s): %s\n", c->board, c->prefix, why);
	return CTL_ERROR;
}

/* Set c->owner from a user name or number; -1 if it names nobody. */
static int ctl_owner_arg(struct ctl *c)
{
	struct passwd *pw = getpwnam(c->owner_arg);
	long n = bd_parse_uint(c->owner_arg);

	if (pw == NULL && n < 0)
		return -1;
	c->owner = pw != NULL ? pw->pw_uid : (uid_t)n;
	c->owner_from = "--owner";
	return 0;
}

int ctl_trust(struct ctl *c)
{
	struct bd_client cl;
	struct stat st;
	char err[256];

	c->owner = BD_ANY_OWNER;
	c->owner_from = "unknown: no daemon answers, no --owner, no socket file";
	if (c->owner_arg != NULL && ctl_owner_arg(c) < 0) {
		fprintf(stderr, "boardctl: --owner: no such user '%s'\n", c->owner_arg);
		return -1;
	}
	if ((c->answers = bd_client_connect(&cl, c->socket, err, sizeof err) == 0)) {
		if (c->owner_arg != NULL && cl.daemon_uid != c->owner)
			fprintf(stderr, "boardctl: the daemon on %s runs as uid %u, not --owner %s: trusting the daemon\n",
				c->socket, (unsigned)cl.daemon_uid, c->owner_arg);
		c->owner = cl.daemon_uid;
		c->owner_from = "the daemon's, learned on its socket";
		bd_client_close(&cl);
	} else if (c->owner_arg == NULL && stat(c->socket, &st) == 0 && S_ISSOCK(st.st_mode)) {
		c->owner = st.st_uid;
		c->owner_from = "the socket file's owner (no daemon answers)";
	}
	return 0;
}

const char *ctl_login(char *buf, size_t len, uid_t uid)
{
	struct passwd *pw = getpwuid(uid);

	if (pw != NULL)
		snprintf(buf, len, "%s", pw->pw_name);
	else
		snprintf(buf, len, "uid %u", (unsigned)uid);
	return buf;
}

int ctl_foreign(const struct ctl *c, uid_t uid)
{
	return c->owner != BD_ANY_OWNER && uid != c->owner;
}

const char *ctl_copy(const struct bd_pub *pub, struct bd_pub *out)
{
	int rc = bd_snapshot(pub, out);

	if (rc == BD_SNAPSHOT_SHRUNK)
		return CTL_SHRUNK;
	if (rc < 0)
		return "damaged segment: it holds values no sound board has, or never stays consistent";
	return NULL;
}

const char *ctl_find(const struct ctl *c, const char *board, struct bd_found *f)
{
	static char buf[320];
	char login[64], trusted[64];
	int n = bd_board_find(c->prefix, board, c->owner, f);

	if (n == 1)
		return NULL;
	if (n > 1)
		return "several public segments of the trusted owner have this board's name; cannot tell which is the daemon's";
	if (bd_board_find(c->prefix, board, BD_ANY_OWNER, f) == 0)
		return "no such board (segment missing)";
	snprintf(buf, sizeof buf, "segment %s is owned by %s (uid %u), not the trusted owner %s (%s): a forged board, not shown",
		 f->name, ctl_login(login, sizeof login, f->uid), (unsigned)f->uid,
		 ctl_login(trusted, sizeof trusted, c->owner), c->owner_from);
	return buf;
}

const struct bd_pub *ctl_map(const struct ctl *c, const struct bd_found *f, const char **why)
{
	static char buf[320];

	*why = buf;
	return bd_pub_map_ro(f->name, c->owner, buf, sizeof buf);
}

const char *ctl_read(const struct ctl *c, const struct bd_found *f, struct bd_pub *out)
{
	const char *why;
	const struct bd_pub *pub = ctl_map(c, f, &why);

	if (pub == NULL)
		return why;
	why = ctl_copy(pub, out);
	bd_pub_unmap(pub);
	return why;
}

int ctl_snapshot(const struct ctl *c, struct bd_pub *out)
{
	struct bd_found f;
	const char *why;

	if (c->conn != NULL)
		why = bd_client_snapshot(c->conn, out) == 0 ? NULL : c->conn->why;
	else if ((why = ctl_find(c, c->board, &f)) == NULL)
		why = ctl_read(c, &f, out);
	return why != NULL ? ctl_fail(c, why) : CTL_OK;
}

int ctl_connect(const struct ctl *c, char *err, size_t len)
{
	if (bd_client_connect(c->conn, c->socket, err, len) < 0)
		return -1;
	c->conn->no_shm = 1;
	if (bd_client_enter(c->conn, "boardctl", BD_ROLE_SPECTATOR, c->board, 0, c->prefix, err, len) == 0)
		return 0;
	bd_client_close(c->conn);
	return -1;
}

int ctl_alive(const struct ctl *c, const struct bd_pub *p)
{
	return c->conn != NULL ? c->conn->fd >= 0 : bd_pid_is_boardd(p->daemon_pid);
}

int64_t ctl_now(const struct ctl *c)
{
	return c->conn != NULL ? bd_client_now(c->conn) : bd_now_ms();
}

const struct bd_priv *ctl_private(const struct ctl *c, struct bd_pub *snap, struct bd_found *f)
{
	char why[256];

	if (ctl_snapshot(c, snap) != CTL_OK || ctl_find(c, c->board, f) != NULL)
		return NULL;
	errno = 0;
	const struct bd_priv *priv = bd_priv_map_ro(f->name, c->owner, why, sizeof why);
	if (priv == NULL)
		ctl_fail(c, errno == EACCES ? "the private segment is mode 0600: this command needs the "
					      "daemon's user (or root)" : why);
	return priv;
}

void ctl_colour_on(FILE *f, const struct ctl *c, unsigned i, int bold)
{
	uint32_t rgb = bd_colour_rgb(i);

	if (c->colour)
		fprintf(f, "\033[%s38;2;%u;%u;%um", bold ? "1;" : "", rgb >> 16, rgb >> 8 & 0xff, rgb & 0xff);
}

void ctl_colour_off(FILE *f, const struct ctl *c)
{
	if (c->colour)
		fputs("\033[0m", f);
}
