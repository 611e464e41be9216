/* brain.c: the table of brains, one line per game (brain.h), and the levels' names. */
#include <stdio.h>
#include <string.h>

#include "brain.h"

static const struct brain brains[] = {
	{"memory", 1u << BOT_EASY | 1u << BOT_SEED | 1u << BOT_PERFECT | 1u << BOT_BEGINNER, choose_pick, NULL, NULL, NULL, NULL, NULL, NULL, NULL, BOT_PERFECT},
	{"tictactoe", 1u << BOT_EASY | 1u << BOT_PERFECT, NULL, brain_ttt_play, brain_ttt_position, &ttt_notation, brain_ttt_moved, NULL, NULL,
	 NULL, BOT_PERFECT},
	{"quantik", 1u << BOT_EASY | 1u << BOT_MEDIUM | 1u << BOT_PERFECT, NULL, brain_qk_play, brain_qk_position,
	 &qk_notation, brain_qk_moved, brain_qk_opener, NULL, NULL, BOT_PERFECT},
	{.game = "tafl", .levels = 1u << BOT_EASY | 1u << BOT_MEDIUM | 1u << BOT_PERFECT, .play = brain_tafl_play,
	 .position = brain_tafl_position, .notation = &tafl_notation, .moved = brain_tafl_moved, .think = brain_tafl_think,
	 .best = BOT_PERFECT},
	{.game = "qwirkle", .levels = 1u << BOT_EASY | 1u << BOT_GREEDY | 1u << BOT_STRONG, .play_hand = brain_qwirkle_play,
	 .best = BOT_STRONG},
};

static const char *const level_names[] = {[BOT_EASY] = "easy", [BOT_SEED] = "seed", [BOT_PERFECT] = "perfect",
					  [BOT_MEDIUM] = "medium", [BOT_GREEDY] = "greedy", [BOT_STRONG] = "strong",
					  [BOT_BEGINNER] = "beginner"};

const struct brain *brain_find(const char *game)
{
	for (size_t i = 0; i < sizeof brains / sizeof brains[0]; i++)
		if (strcmp(brains[i].game, game) == 0)
			return &brains[i];
	return NULL;
}

const char *brain_games(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof brains / sizeof brains[0] && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i > 0 ? " or " : "", brains[i].game);
	return buf;
}

int brain_level(const char *name)
{
	for (unsigned i = 0; i < sizeof level_names / sizeof level_names[0]; i++)
		if (strcmp(name, level_names[i]) == 0)
			return (int)i;
	return -1;
}

const char *brain_level_name(enum bot_level level)
{
	return level_names[level];
}

const char *brain_levels(const struct brain *b, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < sizeof level_names / sizeof level_names[0]; i++)
		if (b->levels & 1u << i && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n > 0 ? ", " : "", level_names[i]);
	return buf;
}
