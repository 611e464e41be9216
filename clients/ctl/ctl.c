/* ctl.c: what boardctl's commands share: opening a board, messages, safe text, colours. */
#include "ctl.h"

#include <errno.h>

#include "ipc/client.h"
#include "ipc/colour.h"
#include "ipc/shm.h"

int ctl_fail(const struct ctl *c, const char *why)
{
	fprintf(stderr, "boardctl: board %s (prefix %s): %s\n", c->board, c->prefix, why);
	return CTL_ERROR;
}

const char *ctl_copy(const struct bd_pub *pub, struct bd_pub *out)
{
	if (bd_snapshot(pub, out) < 0)
		return "damaged segment: it holds values no sound board has, or never stays consistent";
	return NULL;
}

const char *ctl_find(const char *prefix, const char *board, struct bd_found *f)
{
	int n = bd_board_find(prefix, board, (uid_t)-1, f);

	return n == 0 ? "no such board (segment missing)" :
	       n > 1 ? "several public segments have this board's name; cannot tell which is the daemon's" : NULL;
}

const char *ctl_read(const char *prefix, const char *board, struct bd_pub *out)
{
	struct bd_found f;
	static char buf[256];
	const char *why = ctl_find(prefix, board, &f);
	const struct bd_pub *pub = why != NULL ? NULL : bd_pub_map_ro(f.name, BD_ANY_OWNER, buf, sizeof buf);

	if (why == NULL)
		why = buf;

	if (pub == NULL)
		return why;
	why = ctl_copy(pub, out);
	bd_pub_unmap(pub);
	return why;
}

int ctl_snapshot(const struct ctl *c, struct bd_pub *out)
{
	const char *why = ctl_read(c->prefix, c->board, out);
	return why != NULL ? ctl_fail(c, why) : CTL_OK;
}

const struct bd_priv *ctl_private(const struct ctl *c, struct bd_pub *snap, struct bd_found *f)
{
	char why[256];

	if (ctl_snapshot(c, snap) != CTL_OK || ctl_find(c->prefix, c->board, f) != NULL)
		return NULL;
	errno = 0;
	const struct bd_priv *priv = bd_priv_map_ro(f->name, BD_ANY_OWNER, why, sizeof why);
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
