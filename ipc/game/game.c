/* game.c: the table of games' codecs: one line per game. */
#include "game.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "quantik.h"
#include "qwirkle.h"
#include "tafl.h"
#include "tictactoe.h"

static const struct bd_game *const games[] = {
	&bd_game_memory,
	&bd_game_tictactoe,
	&bd_game_tafl,
	&bd_game_qwirkle,
	&bd_game_quantik,
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

int bd_game_option_find(const struct bd_game *g, const char *name)
{
	for (unsigned i = 0; i < g->noptions; i++)
		if (strcmp(g->options[i].name, name) == 0)
			return (int)i;
	return -1;
}

const char *bd_game_option_read(const struct bd_game_option *o, const char *text, int64_t *v, char *why,
				size_t len)
{
	char *end;
	size_t n = 0;

	for (int64_t w = o->min; o->words != NULL && w <= o->max; w++)
		if (strcmp(o->words[w - o->min], text) == 0) {
			*v = w;
			return NULL;
		}
	errno = 0;
	long long x = strtoll(text, &end, 10);
	if (o->words == NULL && errno == 0 && end != text && *end == '\0' && (*text >= '0' && *text <= '9') &&
	    x >= o->min && x <= o->max) {
		*v = x;
		return NULL;
	}
	if (o->words == NULL) {
		snprintf(why, len, "%s takes a whole number from %lld to %lld", o->name, (long long)o->min,
			 (long long)o->max);
		return why;
	}
	n = (size_t)snprintf(why, len, "%s takes", o->name);
	for (int64_t w = o->min; w <= o->max && n < len; w++)
		n += (size_t)snprintf(why + n, len - n, "%s %s", w == o->min ? "" : w == o->max ? " or" : ",",
				      o->words[w - o->min]);
	return why;
}

void bd_game_option_text(const struct bd_game_option *o, int64_t v, char *buf, size_t len)
{
	if (o->words != NULL && v >= o->min && v <= o->max)
		snprintf(buf, len, "%s", o->words[v - o->min]);
	else
		snprintf(buf, len, "%lld", (long long)v);
}

void bd_game_option_defaults(const struct bd_game *g, int64_t opt[BD_GAME_OPTS_MAX])
{
	for (unsigned i = 0; i < BD_GAME_OPTS_MAX; i++)
		opt[i] = i < g->noptions ? g->options[i].def : 0;
}

void bd_game_options_words(const struct bd_game *g, const int64_t opt[BD_GAME_OPTS_MAX], char sep, char *buf,
			   size_t len)
{
	char value[BD_NAME_MAX + 1];
	size_t n = strlen(buf);

	for (unsigned i = 0; i < g->noptions && n < len; i++) {
		bd_game_option_text(&g->options[i], opt[i], value, sizeof value);
		n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n ? (char[]){sep, 0} : "", g->options[i].name, value);
	}
}
