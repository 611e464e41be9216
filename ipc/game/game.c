/* game.c: the table of games' codecs: one line per game. */
#include "game.h"

#include <string.h>

#include "memory.h"
#include "tictactoe.h"

static const struct bd_game *const games[] = {
	&bd_game_memory,
	&bd_game_tictactoe,
};

#define NGAMES (sizeof games / sizeof games[0])

const struct bd_game *bd_game_at(unsigned n)
{
	return n < NGAMES ? games[n] : NULL;
}

const struct bd_game *bd_game_of_kind(uint32_t kind)
{
	for (size_t i = 0; i < NGAMES; i++)
		if (games[i]->kind == kind)
			return games[i];
	return NULL;
}

const struct bd_game *bd_game_named(const char *name)
{
	for (size_t i = 0; i < NGAMES; i++)
		if (strcmp(games[i]->name, name) == 0)
			return games[i];
	return NULL;
}

const struct bd_game *bd_game_of_event(unsigned type)
{
	if (type < BD_EV_GAME_BASE)
		return NULL;
	const struct bd_game *g = bd_game_of_kind((type - BD_EV_GAME_BASE) / BD_EV_GAME_TYPES + 1);
	return g != NULL && type - BD_EV_GAME_FIRST(g->kind) < g->nevents ? g : NULL;
}

/* The codec of kind for an area stating shape s; NULL with *why if there is none. */
static const struct bd_game *game_for(uint32_t kind, const struct bd_game_shape *s, const char **why)
{
	const struct bd_game *g = bd_game_of_kind(kind);

	*why = g == NULL ? "unknown game kind" : g->shape_check(s);
	return *why == NULL ? g : NULL;
}

const char *bd_game_pub_check(const struct bd_pub *pub)
{
	const char *why;
	const struct bd_game_shape *s = bd_game_shape_of(pub->area);
	const struct bd_game *g = game_for(pub->game_kind, s, &why);

	if (g == NULL)
		return why;
	if (pub->area_size != g->pub_size(s) || pub->size != offsetof(struct bd_pub, area) + pub->area_size)
		return "recorded size differs from what its game computes for its shape";
	if (pub->nregions != g->nregions(s) || pub->nregions > BD_REGIONS_MAX)
		return "region count inconsistent with dimension";
	return g->head_check(pub->area);
}

const char *bd_game_priv_check(const struct bd_priv *priv)
{
	const char *why;
	const struct bd_game_shape *s = bd_game_shape_of(priv->area);
	const struct bd_game *g = game_for(priv->game_kind, s, &why);

	if (g == NULL)
		return why;
	if (priv->area_size != g->priv_size(s) || priv->size != offsetof(struct bd_priv, area) + priv->area_size)
		return "private layout differs from this program's";
	return NULL;
}
