/* list.c: every board of the prefix found in /dev/shm, and whether its daemon is alive. */
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "ipc/client.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

struct names {
	char (*name)[BD_BOARD_NAME_MAX + 1];
	size_t n, cap;
};

/* bd_board_scan callback: keep one board name. */
static void list_add(const struct bd_found *f, void *arg)
{
	struct names *ns = arg;
	const char *board = f->board;

	if (ns->n == ns->cap) {
		size_t cap = ns->cap ? ns->cap * 2 : 16;
		void *p = realloc(ns->name, cap * sizeof *ns->name);
		if (p == NULL)
			return;
		ns->name = p;
		ns->cap = cap;
	}
	snprintf(ns->name[ns->n++], sizeof *ns->name, "%s", board);
}

/* qsort order of board names. */
static int list_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Nonzero if a daemon greets on the socket: the pid may be alive yet not serving. */
static int list_socket_answers(const struct ctl *c)
{
	struct bd_client cl;
	char err[256];

	if (bd_client_connect(&cl, c->socket, err, sizeof err) < 0)
		return 0;
	bd_client_close(&cl);
	return 1;
}

/* One board as a text row. */
static void list_text_row(const char *board, const struct bd_pub *p, const char *why)
{
	if (why != NULL) {
		printf("%-24s  error: %s\n", board, why);
		return;
	}
	printf("%-24s  %3u  %-7s  %5u  %7u  %7llu  %d %s\n", board, p->dim, bd_game_state_name(p->game_state),
	       p->game_number, p->nplaying, (unsigned long long)p->event_seq, (int)p->daemon_pid,
	       bd_pid_is_boardd(p->daemon_pid) ? "alive" : "DEAD");
}

/* One board as a JSON object; a board that cannot be read has only name and error. */
static void list_json_row(struct json *j, const char *board, const struct bd_pub *p, const char *why)
{
	json_object(j, NULL);
	json_str(j, "name", board);
	if (why != NULL) {
		json_str(j, "error", why);
		json_close(j);
		return;
	}
	json_uint(j, "dim", p->dim);
	json_str(j, "state", bd_game_state_name(p->game_state));
	json_uint(j, "game", p->game_number);
	json_uint(j, "players", p->nplaying);
	json_uint(j, "event_seq", p->event_seq);
	json_int(j, "daemon_pid", p->daemon_pid);
	json_bool(j, "daemon_alive", bd_pid_is_boardd(p->daemon_pid));
	json_close(j);
}

int list_run(const struct ctl *c)
{
	static struct bd_pub snap;
	struct names ns = {0};
	struct json j;
	int rc = CTL_OK, answers = list_socket_answers(c);

	if (bd_board_scan(c->prefix, list_add, &ns) < 0) {
		fprintf(stderr, "boardctl: cannot read /dev/shm\n");
		return CTL_ERROR;
	}
	qsort(ns.name, ns.n, sizeof *ns.name, list_cmp);
	if (c->json) {
		json_start(&j, stdout);
		json_object(&j, NULL);
		json_str(&j, "prefix", c->prefix);
		json_str(&j, "socket", c->socket);
		json_bool(&j, "socket_answers", answers);
		json_array(&j, "boards");
	} else {
		printf("socket %s: %s\n", c->socket, answers ? "a daemon answers" : "no daemon answers");
		if (ns.n == 0)
			printf("no boards of prefix %s in /dev/shm\n", c->prefix);
		else
			printf("%-24s  %3s  %-7s  %5s  %7s  %7s  %s\n", "board", "dim", "state", "game", "players",
			       "events", "daemon");
	}
	for (size_t i = 0; i < ns.n; i++) {
		const char *why = ctl_read(c->prefix, ns.name[i], &snap);
		if (why != NULL)
			rc = CTL_ERROR;
		if (c->json)
			list_json_row(&j, ns.name[i], &snap, why);
		else
			list_text_row(ns.name[i], &snap, why);
	}
	if (c->json) {
		json_close(&j);
		json_close(&j);
		json_finish(&j);
	}
	free(ns.name);
	return rc;
}
