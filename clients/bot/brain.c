/* brain.c: the table of brains, one line per game (brain.h). */
#include <string.h>

#include "brain.h"

static const struct brain brains[] = {
	{"tictactoe", 1u << BOT_EASY | 1u << BOT_PERFECT, brain_ttt_play},
};

const struct brain *brain_find(const char *game)
{
	for (size_t i = 0; i < sizeof brains / sizeof brains[0]; i++)
		if (strcmp(brains[i].game, game) == 0)
			return &brains[i];
	return NULL;
}
