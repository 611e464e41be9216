/* list.c: every board of the prefix found in /dev/shm, whether its daemon is alive, the
 * daemon's lobby (lobby.c), and every object of the prefix with its owner and mode. A board whose segment another user
 * owns than the trusted one (ctl_trust) is flagged FOREIGN and never read: a forged board
 * is not shown as alive, nor its players counted. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ctl.h"
#include "ipc/client.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

/* bd_board_scan and bd_obj_scan callback: keep one object found. */
static void list_add(const struct bd_found *f, void *arg)
{
	struct founds *fs = arg;

	if (fs->n == fs->cap) {
		size_t cap = fs->cap ? fs->cap * 2 : 16;
		void *p = realloc(fs->f, cap * sizeof *fs->f);
		if (p == NULL)
			return;
		fs->f = p;
		fs->cap = cap;
	}
	fs->f[fs->n++] = *f;
}

/* qsort order: by board, then by the name in /dev/shm. */
static int list_cmp(const void *a, const void *b)
{
	const struct bd_found *x = a, *y = b;
	int d = strcmp(x->board, y->board);

	return d != 0 ? d : strcmp(x->entry, y->entry);
}

int list_scan(const struct ctl *c, struct founds *objs)
{
	if (bd_obj_scan(c->prefix, list_add, objs) < 0) {
		fprintf(stderr, "boardctl: cannot read /dev/shm\n");
		return -1;
	}
	if (objs->n > 0) /* none: no array at all, which qsort must not be given */
		qsort(objs->f, objs->n, sizeof *objs->f, list_cmp);
	return 0;
}

/* One board as a text row: its figures, why it cannot be read, or that it is foreign. */
static void list_text_row(const struct ctl *c, const struct bd_found *f, const struct bd_pub *p, const char *why)
{
	char login[64], trusted[64];

	if (ctl_foreign(c, f->uid)) {
		printf("%-24s  FOREIGN: owned by %s (uid %u), not %s: a forged board, not shown\n", f->board,
		       ctl_login(login, sizeof login, f->uid), (unsigned)f->uid,
		       ctl_login(trusted, sizeof trusted, c->owner));
		return;
	}
	if (why != NULL) {
		printf("%-24s  error: %s\n", f->board, why);
		return;
	}
	printf("%-24s  %3u  %-7s  %5u  %7u  %7llu  %d %s\n", f->board, bd_game_shape_of(p->area)->dim, bd_game_state_name(p->game_state),
	       p->game_number, p->nplaying, (unsigned long long)p->event_seq, (int)p->daemon_pid,
	       !bd_pid_is_boardd(p->daemon_pid) ? "DEAD" : c->owner == BD_ANY_OWNER ? "alive?" : "alive");
}

void list_json_owner(struct json *j, const struct ctl *c, const struct bd_found *f)
{
	char login[64], mode[8];

	snprintf(mode, sizeof mode, "%04o", (unsigned)(f->mode & 07777));
	json_str(j, "owner", ctl_login(login, sizeof login, f->uid));
	json_uint(j, "owner_uid", f->uid);
	json_str(j, "mode", mode);
	json_bool(j, "foreign", ctl_foreign(c, f->uid));
}

/* One board as a JSON object; a foreign one or one that cannot be read has no figures. */
static void list_json_row(struct json *j, const struct ctl *c, const struct bd_found *f, const struct bd_pub *p,
			  const char *why)
{
	json_object(j, NULL);
	json_str(j, "name", f->board);
	json_str(j, "segment", f->name);
	list_json_owner(j, c, f);
	if (ctl_foreign(c, f->uid) || why != NULL) {
		if (!ctl_foreign(c, f->uid))
			json_str(j, "error", why);
		json_close(j);
		return;
	}
	json_uint(j, "dim", bd_game_shape_of(p->area)->dim);
	json_str(j, "state", bd_game_state_name(p->game_state));
	json_uint(j, "game", p->game_number);
	json_uint(j, "players", p->nplaying);
	json_uint(j, "event_seq", p->event_seq);
	json_int(j, "daemon_pid", p->daemon_pid);
	json_bool(j, "daemon_alive", bd_pid_is_boardd(p->daemon_pid) && c->owner != BD_ANY_OWNER);
	json_close(j);
}

/* The objects of the prefix: name, owner, mode, FOREIGN when not the trusted owner's. */
static void list_objects(const struct ctl *c, struct json *j, const struct founds *objs)
{
	char login[64];

	if (c->json)
		json_array(j, "objects");
	else if (objs->n > 0)
		printf("\n%-48s  %-12s  %s\n", "object in /dev/shm", "owner", "mode");
	for (size_t i = 0; i < objs->n; i++) {
		const struct bd_found *f = &objs->f[i];
		if (c->json) {
			json_object(j, NULL);
			json_str(j, "name", f->entry);
			list_json_owner(j, c, f);
			json_close(j);
		} else
			printf("%-48s  %-12s  %04o%s\n", f->entry, ctl_login(login, sizeof login, f->uid),
			       (unsigned)(f->mode & 07777), ctl_foreign(c, f->uid) ? "  FOREIGN" : "");
	}
	if (c->json)
		json_close(j);
}

/* The lines above the table: the socket, and whose objects are trusted. */
static void list_head(const struct ctl *c, struct json *j, size_t nboards)
{
	char login[64];

	if (c->json) {
		json_start(j, stdout);
		json_object(j, NULL);
		json_str(j, "prefix", c->prefix);
		json_str(j, "socket", c->socket);
		json_bool(j, "socket_answers", c->answers);
		if (c->owner == BD_ANY_OWNER)
			json_null(j, "trusted_owner_uid");
		else
			json_uint(j, "trusted_owner_uid", c->owner);
		json_str(j, "trusted_owner_from", c->owner_from);
		json_array(j, "boards");
		return;
	}
	printf("socket %s: %s\n", c->socket, c->answers ? "a daemon answers" : "no daemon answers");
	if (c->owner == BD_ANY_OWNER)
		printf("trusted owner: %s (nothing can be flagged)\n", c->owner_from);
	else
		printf("trusted owner: %s (uid %u), %s\n", ctl_login(login, sizeof login, c->owner),
		       (unsigned)c->owner, c->owner_from);
	if (nboards == 0)
		printf("no boards of prefix %s in /dev/shm\n", c->prefix);
	else
		printf("%-24s  %3s  %-7s  %5s  %7s  %7s  %s\n", "board", "dim", "state", "game", "players",
		       "events", "daemon");
}

/* Read and print one board (not read at all when it is foreign): CTL_OK, CTL_ERROR if it
 * could not be read, CTL_DEAD if its daemon is dead. */
static int list_board(const struct ctl *c, struct json *j, const struct bd_found *f)
{
	static struct bd_pub snap;
	const char *why = ctl_foreign(c, f->uid) ? NULL : ctl_read(c, f, &snap);

	if (c->json)
		list_json_row(j, c, f, &snap, why);
	else
		list_text_row(c, f, &snap, why);
	if (why != NULL)
		return CTL_ERROR;
	return ctl_foreign(c, f->uid) || bd_pid_is_boardd(snap.daemon_pid) ? CTL_OK : CTL_DEAD;
}

int list_run(const struct ctl *c)
{
	struct founds boards = {0}, objs = {0};
	struct json j;
	int rc = CTL_OK;

	if (bd_board_scan(c->prefix, list_add, &boards) < 0 || list_scan(c, &objs) < 0)
		return CTL_ERROR;
	if (boards.n > 0) /* none: no array at all, which qsort must not be given */
		qsort(boards.f, boards.n, sizeof *boards.f, list_cmp);
	list_head(c, &j, boards.n);
	for (size_t i = 0; i < boards.n; i++) {
		int one = list_board(c, &j, &boards.f[i]);
		if (one != CTL_OK && rc != CTL_ERROR)
			rc = one; /* an error says more than a dead daemon */
	}
	if (c->json)
		json_close(&j);
	if (lobby_list(c, &j) != CTL_OK)
		rc = CTL_ERROR;
	list_objects(c, &j, &objs);
	if (c->json) {
		json_close(&j);
		json_finish(&j);
	}
	free(boards.f);
	free(objs.f);
	return rc;
}
