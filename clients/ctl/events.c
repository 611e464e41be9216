/* events.c: the recent events of a board, from the ring in its private segment, in the
 * protocol's own line format (docs/PROTOCOL.md). Over events show result "none", as a
 * spectator would get them. */
#include <string.h>

#include "ctl.h"
#include "ipc/guard.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

static int events_shrunk; /* a guarded read of the private segment faulted */

/* bd_guard_load from the private segment (it may shrink); -1, and events_shrunk set, if
 * the mapping faulted. */
static int events_load(void *dst, const void *src, size_t n)
{
	if (bd_guard_load(dst, src, n) < 0) {
		events_shrunk = 1;
		return -1;
	}
	return 0;
}

/* Copy event s out of the ring; -1 if its slot holds another event (overwritten) or the
 * mapping faulted (events_shrunk). The slot's
 * seq is written last by the daemon and zeroed first, so re-reading it validates the copy. */
static int events_copy(const struct bd_priv *priv, uint64_t s, struct bd_event *ev)
{
	const struct bd_event *slot = &priv->ring[s % BD_RING_SIZE];
	uint64_t seq;

	if (events_load(&seq, &slot->seq, sizeof seq) < 0 || seq != s)
		return -1;
	if (events_load(ev, slot, sizeof *ev) < 0 || events_load(&seq, &slot->seq, sizeof seq) < 0 || seq != s)
		return -1;
	ev->seq = s;
	ev->name[sizeof ev->name - 1] = '\0';
	return 0;
}

/* One event: its protocol line as text, or {seq, type, line} in JSON. */
static void events_print_one(const struct ctl *c, struct json *j, const struct bd_event *ev, unsigned dim)
{
	char line[BD_LINE_MAX + 1], safe[BD_LINE_MAX + 1], type[16] = "";

	bd_event_format(line, sizeof line, ev, dim, "none", 0);
	line[strcspn(line, "\n")] = '\0';
	if (!c->json) {
		puts(bd_printable(safe, sizeof safe, line));
		return;
	}
	sscanf(line, "EVENT %*s %15s", type);
	json_object(j, NULL);
	json_uint(j, "seq", ev->seq);
	json_str(j, "type", type);
	json_str(j, "line", line);
	json_close(j);
}

/* Print the newest c->count events up to head, oldest first; returns how many were
 * overwritten before they could be read. */
static unsigned events_print(const struct ctl *c, struct json *j, const struct bd_priv *priv, uint64_t head,
			     unsigned dim)
{
	uint64_t first = 1;
	unsigned missed = 0;
	struct bd_event ev;

	if (head >= c->count)
		first = head - c->count + 1;
	if (head >= BD_RING_SIZE && first <= head - BD_RING_SIZE)
		first = head - BD_RING_SIZE + 1;
	for (uint64_t s = first; s <= head && c->count > 0 && !events_shrunk; s++) {
		if (events_copy(priv, s, &ev) < 0)
			missed++;
		else
			events_print_one(c, j, &ev, dim);
	}
	return missed;
}

int events_run(const struct ctl *c)
{
	static struct bd_pub snap;
	struct json j;
	struct bd_found f;

	const struct bd_priv *priv = ctl_private(c, &snap, &f);
	if (priv == NULL)
		return CTL_ERROR;
	uint64_t head = 0;
	events_load(&head, &priv->ring_head, sizeof head);
	if (c->json) {
		json_start(&j, stdout);
		json_object(&j, NULL);
		json_str(&j, "board", snap.name);
		json_uint(&j, "head", head);
		json_array(&j, "events");
	}
	unsigned missed = events_print(c, &j, priv, head, bd_game_shape_of(snap.area)->dim);
	if (c->json) {
		json_close(&j);
		json_uint(&j, "missed", missed);
		json_close(&j);
		json_finish(&j);
	} else if (missed > 0 && !events_shrunk)
		fprintf(stderr, "boardctl: %u events were overwritten while being read\n", missed);
	bd_priv_unmap(priv);
	return events_shrunk ? ctl_fail(c, "the private segment shrank while mapped (truncated by its owner)") : CTL_OK;
}
