/* fuzz_pub.c: libFuzzer target for a client's reader of the public segment: arbitrary bytes
 * laid out as a struct bd_pub (a corrupted board), or a segment of arbitrary length in
 * /dev/shm (a truncated one). A client must never crash on either: bd_pub_check and
 * bd_snapshot must refuse what a client could not safely walk.
 *
 * Input: one flags byte, then the header (everything before region_seq), then the game's
 * area (Memory's: its shape and head, then the cards), then the player table; missing bytes
 * stay zero. Flag 1 makes magic, version, game kind and sizes right (for the shape the
 * area states, if Memory has one) so that the fuzzer spends its time past them; flag 2
 * maps the bytes through a real shm object of exactly the input's length. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ipc/client.h"
#include "ipc/colour.h"
#include "ipc/game/memory.h"
#include "ipc/shm.h"

#define HEAD offsetof(struct bd_pub, region_seq)

/* Copy n bytes of input to dst, advancing the input. */
static void take(void *dst, size_t n, const unsigned char **data, size_t *size)
{
	size_t k = n < *size ? n : *size;
	memcpy(dst, *data, k);
	*data += k;
	*size -= k;
}

/* Walk an accepted snapshot as a client drawing it would; abort on what it could not use:
 * the seats, and a Memory board's cards (another game's area is its codec's to check). */
static void snapshot_walk(const struct bd_pub *s)
{
	const struct bd_memory_pub *m = bd_memory_pub(s);
	char hex[8];

	if (s->nregions > BD_REGIONS_MAX)
		abort();
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (strlen(s->players[i].name) >= sizeof s->players[i].name ||
		    strlen(s->players[i].login) >= sizeof s->players[i].login)
			abort();
	if (s->game_kind != BD_GAME_MEMORY)
		return;
	if (m->dim < BD_DIM_MIN || m->dim > BD_DIM_MAX)
		abort();
	for (unsigned i = 0; i < m->dim * m->dim; i++) {
		const struct bd_card *c = &m->cards[i];
		if (c->state > BD_CARD_LOCKED || (c->state == BD_CARD_DOWN && (c->value[0] || c->value[1])))
			abort();
		if (c->state != BD_CARD_DOWN && c->owner >= BD_PLAYERS_MAX)
			abort(); /* a client looks up players[owner] */
		bd_colour_hex(c->colour, hex);
	}
}

/* Make the seqlock counters in a raw segment even: an odd one only makes a reader wait
 * (up to a second) for a writer, which tests/test-fault-* cover; it would slow fuzzing. */
static void even_counters(unsigned char *seg, size_t size)
{
	size_t at[BD_REGIONS_MAX + 1];
	uint32_t v;

	at[0] = offsetof(struct bd_pub, seq);
	for (size_t r = 0; r < BD_REGIONS_MAX; r++)
		at[r + 1] = offsetof(struct bd_pub, region_seq) + r * sizeof v;
	for (size_t i = 0; i <= BD_REGIONS_MAX && at[i] + sizeof v <= size; i++) {
		memcpy(&v, seg + at[i], sizeof v);
		v &= ~1u;
		memcpy(seg + at[i], &v, sizeof v);
	}
}

/* Map the input through a real shm object of its exact length, as a client would. */
static void via_shm(const unsigned char *data, size_t size)
{
	static char prefix[32];
	char why[256];
	char name[BD_OBJ_NAME_MAX];

	if (prefix[0] == '\0')
		snprintf(prefix, sizeof prefix, "fuzzpub%d", (int)getpid());
	bd_obj_public(name, sizeof name, prefix, "b", "0123456789abcdef");
	int fd = shm_open(name, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unsigned char *copy = malloc(size ? size : 1);
	if (fd < 0 || copy == NULL)
		goto out;
	memcpy(copy, data, size);
	even_counters(copy, size);
	if (write(fd, copy, size) == (ssize_t)size) {
		const struct bd_pub *pub = bd_pub_map_ro(name, BD_ANY_OWNER, why, sizeof why);
		struct bd_pub *out = malloc(sizeof *out);
		if (pub != NULL && out != NULL && bd_snapshot(pub, out) == 0)
			snapshot_walk(out);
		free(out);
		bd_pub_unmap(pub);
	}
out:
	free(copy);
	if (fd >= 0)
		close(fd);
	shm_unlink(name);
}

/* One input: flags, then a board laid out as described above. */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct bd_pub *pub = calloc(1, sizeof *pub), *out = malloc(sizeof *pub);
	unsigned char flags = 0;

	if (pub == NULL || out == NULL)
		goto done;
	take(&flags, 1, &data, &size);
	if (flags & 2) {
		via_shm(data, size);
		goto done;
	}
	take(pub, HEAD, &data, &size);
	take(pub->area, bd_game_memory.pub_size(&(struct bd_game_shape){BD_DIM_MAX, 1}), &data, &size);
	take(pub->players, sizeof pub->players, &data, &size);
	if (flags & 1) {
		pub->magic = BD_PUB_MAGIC;
		pub->version = BD_LAYOUT_VERSION;
		pub->game_kind = BD_GAME_MEMORY;
		if (bd_game_memory.shape_check(bd_game_shape_of(pub->area)) == NULL)
			pub->area_size = (uint32_t)bd_game_memory.pub_size(bd_game_shape_of(pub->area));
		pub->size = (uint32_t)offsetof(struct bd_pub, area) + pub->area_size;
	}
	even_counters((unsigned char *)pub, sizeof *pub);
	if (bd_snapshot(pub, out) == 0)
		snapshot_walk(out);
done:
	free(pub);
	free(out);
	return 0;
}
