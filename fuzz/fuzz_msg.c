/* fuzz_msg.c: libFuzzer target for the client side of the protocol: bd_msg_parse on any
 * received line, then bd_msg_event on it for a board size taken from the first byte.
 * Checks that an accepted event only names cards and players that exist. */
#include <stdlib.h>
#include <string.h>

#include "ipc/game/memory.h"
#include "ipc/proto.h"

/* Abort (a finding) if an accepted event would make a client index outside its tables. */
static void event_check(const struct bd_event *ev, unsigned dim)
{
	int cards = ev->type == BD_EV_UP || ev->type == BD_EV_DOWN || ev->type == BD_EV_MATCH ||
		    ev->type == BD_EV_MISMATCH;
	int pairs = ev->type == BD_EV_MATCH || ev->type == BD_EV_MISMATCH;

	if (ev->type == BD_EV_NONE || (ev->type >= BD_EV_CORE_COUNT && bd_game_of_event(ev->type) == NULL) ||
	    ev->player >= BD_PLAYERS_MAX)
		abort();
	if (cards && (bd_memory_ev(ev)->card1 < 0 || (unsigned)bd_memory_ev(ev)->card1 >= dim * dim))
		abort();
	if (pairs && (bd_memory_ev(ev)->card2 < 0 || (unsigned)bd_memory_ev(ev)->card2 >= dim * dim))
		abort();
	if (ev->type == BD_EV_JOIN && (memchr(ev->name, 0, sizeof ev->name) == NULL ||
				       memchr(ev->login, 0, sizeof ev->login) == NULL))
		abort();
}

/* One input: a board size byte, then one received line. */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct bd_msg m;
	struct bd_event ev;

	if (size < 1)
		return 0;
	unsigned dim = BD_DIM_MIN + data[0] % (BD_DIM_MAX - BD_DIM_MIN + 1);
	/* The line as a client holds it: NUL-terminated, exactly as long as the input. */
	char *line = malloc(size);
	if (line == NULL)
		return 0;
	memcpy(line, data + 1, size - 1);
	line[size - 1] = '\0';
	if (bd_msg_parse(line, &m) == 0) {
		if (m.word == NULL || m.ntok < 0 || m.ntok > BD_WORDS_MAX)
			abort();
		if (bd_msg_event(&m, dim, &ev) == 0)
			event_check(&ev, dim);
	}
	free(line);
	return 0;
}
