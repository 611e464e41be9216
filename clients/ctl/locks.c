/* locks.c: every semaphore of a board: its value, who holds it, for how long, repairs, and
 * who else is listed for it (waiting for it, or between sem_wait/sem_post and the record).
 * Needs the private segment (where holders are recorded), so the daemon's user or root. */
#include <errno.h>
#include <string.h>

#include "ctl.h"
#include "ipc/clock.h"
#include "ipc/game/game.h"
#include "ipc/lock.h"
#include "ipc/shm.h"

#define LOCKS_SHOWN 16 /* listed pids shown per lock; more are counted */

/* What one lock looks like right now. */
struct lock_view {
	unsigned idx;
	int value;     /* sem_getvalue, -1 when the semaphores could not be opened */
	pid_t pid;     /* holder, 0 when free */
	int alive;
	int64_t held_ms;
	uint64_t repairs;
	unsigned x0, y0, x1, y1; /* the cards a region lock guards */
	unsigned nwaiting, nother; /* listed processes waiting for it / not waiting, not the holder */
	pid_t waiting[LOCKS_SHOWN], other[LOCKS_SHOWN];
};

/* Note every process the lockers table lists for lock idx, other than the recorded holder. */
static void locks_listed(const struct bd_priv *priv, unsigned idx, struct lock_view *v)
{
	const struct bd_lockers *t = &priv->lockers;
	unsigned used = __atomic_load_n(&t->used, __ATOMIC_ACQUIRE);

	for (unsigned k = 0; k < used && k < BD_LOCKERS_MAX; k++) {
		const struct bd_locker *s = &t->slot[k];
		pid_t pid = __atomic_load_n(&s->pid, __ATOMIC_ACQUIRE);
		if (pid == 0 || !(__atomic_load_n(&s->locks[idx / 64], __ATOMIC_ACQUIRE) >> (idx % 64) & 1))
			continue;
		if (__atomic_load_n(&s->waiting, __ATOMIC_ACQUIRE) == idx) {
			if (v->nwaiting < LOCKS_SHOWN)
				v->waiting[v->nwaiting] = pid;
			v->nwaiting++;
		} else if (pid != v->pid) {
			if (v->nother < LOCKS_SHOWN)
				v->other[v->nother] = pid;
			v->nother++;
		}
	}
}

/* Read lock idx: its semaphore (if open) and its holder record in the private segment. */
static void locks_read(const struct bd_pub *p, const struct bd_priv *priv, struct bd_locks *l,
		       int opened, unsigned idx, struct lock_view *v)
{
	const struct bd_lock_holder *h = &priv->holders[idx];
	const struct bd_game_shape *shape = bd_game_shape_of(p->area); /* every game's area starts so */
	unsigned side = shape->region_side, dim = shape->dim;
	unsigned across = side == 0 ? 1 : (dim + side - 1) / side;

	memset(v, 0, sizeof *v);
	v->idx = idx;
	v->value = -1;
	if (opened && sem_getvalue(l->sem[idx], &v->value) < 0)
		v->value = -1;
	v->pid = __atomic_load_n(&h->pid, __ATOMIC_ACQUIRE);
	v->held_ms = v->pid != 0 ? bd_now_ms() - h->since_ms : -1;
	v->alive = v->pid != 0 && bd_pid_is_boardd(v->pid);
	v->repairs = h->repairs;
	v->x0 = idx % across * side;
	v->y0 = idx / across * side;
	v->x1 = v->x0 + side > dim ? dim - 1 : v->x0 + side - 1;
	v->y1 = v->y0 + side > dim ? dim - 1 : v->y0 + side - 1;
	locks_listed(priv, idx, v);
}

/* An indented line under a lock's row: what, then up to LOCKS_SHOWN pids, then how many more. */
static void locks_text_pids(const char *what, const pid_t *pids, unsigned n)
{
	if (n == 0)
		return;
	printf("  %s:", what);
	for (unsigned i = 0; i < n && i < LOCKS_SHOWN; i++)
		printf(" %d", (int)pids[i]);
	if (n > LOCKS_SHOWN)
		printf(" (+%u more)", n - LOCKS_SHOWN);
	printf("\n");
}

/* The same as a JSON array, with the count of those left out. */
static void locks_json_pids(struct json *j, const char *key, const pid_t *pids, unsigned n)
{
	json_array(j, key);
	for (unsigned i = 0; i < n && i < LOCKS_SHOWN; i++)
		json_int(j, NULL, pids[i]);
	json_close(j);
}

/* One lock as a text row; "-" where there is nothing to say. */
static void locks_text_row(const struct bd_pub *p, const struct lock_view *v)
{
	char what[32], cards[32] = "all", value[16] = "?", pid[16] = "-", held[24] = "-";

	if (v->idx < p->nregions) {
		snprintf(what, sizeof what, "region %u", v->idx);
		snprintf(cards, sizeof cards, "%u,%u-%u,%u", v->x0, v->y0, v->x1, v->y1);
	} else
		snprintf(what, sizeof what, "state");
	if (v->value >= 0)
		snprintf(value, sizeof value, "%d", v->value);
	if (v->pid != 0) {
		snprintf(pid, sizeof pid, "%d", (int)v->pid);
		snprintf(held, sizeof held, "%lld", (long long)v->held_ms);
	}
	printf("%-11s  %-11s  %5s  %7s  %-5s  %8s  %7llu\n", what, cards, value, pid,
	       v->pid == 0 ? "-" : v->alive ? "yes" : "DEAD", held, (unsigned long long)v->repairs);
	locks_text_pids("waiting (or taken, not yet recorded)", v->waiting, v->nwaiting);
	locks_text_pids("also listed (taking or giving back, unrecorded)", v->other, v->nother);
}

/* One lock as a JSON object. */
static void locks_json_row(struct json *j, const struct bd_pub *p, const struct lock_view *v)
{
	json_object(j, NULL);
	json_uint(j, "index", v->idx);
	json_str(j, "kind", v->idx < p->nregions ? "region" : "state");
	if (v->idx < p->nregions) {
		json_object(j, "cards");
		json_uint(j, "x0", v->x0);
		json_uint(j, "y0", v->y0);
		json_uint(j, "x1", v->x1);
		json_uint(j, "y1", v->y1);
		json_close(j);
	} else
		json_null(j, "cards");
	if (v->value >= 0)
		json_int(j, "value", v->value);
	else
		json_null(j, "value");
	if (v->pid != 0) {
		json_int(j, "holder_pid", v->pid);
		json_bool(j, "holder_alive", v->alive);
		json_int(j, "held_ms", v->held_ms);
	} else {
		json_null(j, "holder_pid");
		json_null(j, "holder_alive");
		json_null(j, "held_ms");
	}
	json_uint(j, "repairs", v->repairs);
	locks_json_pids(j, "waiting", v->waiting, v->nwaiting);
	json_uint(j, "waiting_count", v->nwaiting);
	locks_json_pids(j, "also_listed", v->other, v->nother);
	json_uint(j, "also_listed_count", v->nother);
	json_close(j);
}

/* Print every lock of a board whose segments are mapped and semaphores maybe open. */
static void locks_print(const struct ctl *c, const struct bd_pub *p, const struct bd_priv *priv,
			struct bd_locks *l, int opened)
{
	struct lock_view v;
	struct json j;

	if (c->json) {
		json_start(&j, stdout);
		json_object(&j, NULL);
		json_str(&j, "board", p->name);
		json_bool(&j, "semaphores_open", opened);
		json_array(&j, "locks");
	} else
		printf("%-11s  %-11s  %5s  %7s  %-5s  %8s  %7s\n", "lock", "cards", "value", "holder", "alive",
		       "held-ms", "repairs");
	for (unsigned idx = 0; idx <= p->nregions; idx++) {
		locks_read(p, priv, l, opened, idx, &v);
		if (c->json)
			locks_json_row(&j, p, &v);
		else
			locks_text_row(p, &v);
	}
	if (c->json) {
		json_close(&j);
		json_close(&j);
		json_finish(&j);
	}
}

int locks_run(const struct ctl *c)
{
	static struct bd_pub snap;
	struct bd_locks l;

	struct bd_found f;
	const struct bd_priv *priv = ctl_private(c, &snap, &f);
	if (priv == NULL)
		return CTL_ERROR;
	int opened = bd_locks_open(&l, c->prefix, c->board, f.inst, snap.nregions, NULL, 0) == 0;
	if (!opened) {
		char why[128];
		snprintf(why, sizeof why, "cannot open its semaphores (%s): values unknown", strerror(errno));
		ctl_fail(c, why);
	}
	locks_print(c, &snap, priv, &l, opened);
	if (opened)
		bd_locks_close(&l);
	bd_priv_unmap(priv);
	return CTL_OK;
}
