/* game.c: the table of kinds of game this daemon can host. */
#include "game.h"

#include <stddef.h>

static const struct game_ops *const games[] = {
	&game_memory,
};

const struct game_ops *game_find(uint32_t kind)
{
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
		if (games[i]->kind == kind)
			return games[i];
	return NULL;
}

