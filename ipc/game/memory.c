/* memory.c: Memory's codec (memory.h): area sizes and regions, events, the move. */
#include "memory.h"

#include <stdio.h>
#include <string.h>

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static const char *const memory_card_states[] = {"down", "up", "locked"};
static const char *const memory_down_reasons[] = {
	[BD_DOWN_TIMEOUT] = "timeout", [BD_DOWN_MISMATCH] = "mismatch",
	[BD_DOWN_RESTART] = "restart", [BD_DOWN_QUIT] = "quit", [BD_DOWN_REPICK] = "repick",
};
/* By type - BD_EV_UP. Letters (proto.h) of its own: C card (x y: two tokens; the first is
 * card1, the next card2), v value (value1, then value2), r down reason (in n). */
static const char *const memory_event_words[] = {"up", "down", "match", "mismatch"};
static const char *const memory_event_specs[] = {"Cvp", "Cr", "CCvpn", "CvCvp"};
/* Its letters' names in an event's parsed fields (boardctl events --json). */
static const struct bd_field_name memory_field_names[] = {
	{'C', "card"}, {'v', "value"}, {'r', "reason"}, {'n', "score"}, {0, NULL}};

const char *bd_card_state_name(unsigned s)
{
	return s < NELEM(memory_card_states) ? memory_card_states[s] : "?";
}

/* Why Memory cannot be played on a board of shape s, NULL if it can. */
static const char *memory_shape_check(const struct bd_game_shape *s)
{
	if (s->dim < BD_DIM_MIN || s->dim > BD_DIM_MAX || s->dim % 2)
		return "board dimension out of range";
	if (s->region_side < 1 || s->region_side > s->dim)
		return "region size out of range";
	return NULL;
}

static size_t memory_pub_size(const struct bd_game_shape *s)
{
	return sizeof(struct bd_memory_pub) + (size_t)s->dim * s->dim * sizeof(struct bd_card);
}

static size_t memory_priv_size(const struct bd_game_shape *s)
{
	return sizeof(struct bd_memory_priv) + (size_t)s->dim * s->dim * sizeof(struct bd_memory_card);
}

/* Lock regions across (and down). */
static unsigned memory_across(const struct bd_game_shape *s)
{
	return (s->dim + s->region_side - 1) / s->region_side;
}

static unsigned memory_nregions(const struct bd_game_shape *s)
{
	return memory_across(s) * memory_across(s);
}

/* Region r is a tile of cards: one span per row of it. */
static unsigned memory_region_spans(const struct bd_game_shape *s, unsigned r, struct bd_span *spans)
{
	unsigned side = s->region_side, dim = s->dim, across = memory_across(s);
	unsigned x0 = r % across * side, y0 = r / across * side;
	unsigned w = x0 + side > dim ? dim - x0 : side, h = y0 + side > dim ? dim - y0 : side;

	for (unsigned i = 0; i < h; i++) {
		spans[i].off = (uint32_t)(offsetof(struct bd_memory_pub, cards) + ((y0 + i) * dim + x0) * sizeof(struct bd_card));
		spans[i].len = (uint32_t)(w * sizeof(struct bd_card));
	}
	return h;
}

static const char *memory_head_check(const void *area)
{
	const struct bd_memory_pub *m = area;
	const struct bd_game_shape *s = bd_game_shape_of(area);

	if (m->regions_across != memory_across(s))
		return "region count inconsistent with dimension";
	if (m->nlocked > m->dim * m->dim)
		return "locked card count out of range";
	return NULL;
}

/* Nonzero if a copied card is one a sound board could hold. */
static int memory_card_sane(const struct bd_card *c)
{
	if (c->state == BD_CARD_DOWN)
		return c->value[0] == 0 && c->value[1] == 0;
	/* A client looks up players[owner] of every face-up or locked card. */
	return c->state <= BD_CARD_LOCKED && bd_value_ok(c->value) && c->owner < BD_PLAYERS_MAX;
}

static const char *memory_area_check(const void *area)
{
	const struct bd_memory_pub *m = area;

	for (unsigned i = 0; i < m->dim * m->dim; i++)
		if (!memory_card_sane(&m->cards[i]))
			return "a card holds what no sound board has";
	return NULL;
}

static void memory_field_put(struct bd_line *o, const struct bd_event *ev, char letter, unsigned nth, unsigned dim)
{
	const struct bd_memory_ev *e = bd_memory_ev(ev);
	const char *value;
	int card;

	switch (letter) {
	case 'C':
		card = nth == 0 ? e->card1 : e->card2;
		bd_line_uint(o, dim ? (unsigned)card % dim : 0);
		bd_line_str(o, " ");
		bd_line_uint(o, dim ? (unsigned)card / dim : 0);
		return;
	case 'v':
		value = nth == 0 ? e->value1 : e->value2;
		bd_line_mem(o, value, strnlen(value, 2));
		return;
	case 'r':
		bd_line_str(o, ev->n < NELEM(memory_down_reasons) && memory_down_reasons[ev->n] ?
			    memory_down_reasons[ev->n] : "?");
		return;
	}
}

/* Card number of tokens x y, or -1 if they are not on a dim board. */
static int memory_card_at(const char *xs, const char *ys, unsigned dim)
{
	long x = bd_parse_uint(xs), y = bd_parse_uint(ys);
	if (x < 0 || y < 0 || (unsigned long)x >= dim || (unsigned long)y >= dim)
		return -1;
	return (int)(y * (long)dim + x);
}

static int memory_field_parse(struct bd_event *ev, char letter, unsigned nth, const char *const *tok, unsigned dim)
{
	struct bd_memory_ev *e = bd_memory_ev_w(ev);
	int v;

	switch (letter) {
	case 'C':
		if ((v = memory_card_at(tok[0], tok[1], dim)) < 0)
			return -1;
		if (nth == 0)
			e->card2 = -1; /* until a second card is read */
		*(nth == 0 ? &e->card1 : &e->card2) = (int16_t)v;
		return 0;
	case 'v':
		if (strlen(tok[0]) != 2)
			return -1;
		memcpy(nth == 0 ? e->value1 : e->value2, tok[0], 2);
		if (ev->type == BD_EV_MATCH)
			memcpy(e->value2, e->value1, 2); /* a match shows its one value once */
		return 0;
	case 'r':
		for (unsigned i = 0; i < NELEM(memory_down_reasons); i++)
			if (memory_down_reasons[i] != NULL && strcmp(memory_down_reasons[i], tok[0]) == 0) {
				ev->n = i;
				return 0;
			}
		return -1;
	}
	return -1;
}

/* The `cards` request: one CARD line per card that is not face down, then OK. */
static void memory_listing(const struct bd_pub *snap, bd_lines_fn *put, void *arg)
{
	const struct bd_memory_pub *m = bd_memory_pub(snap);
	unsigned n = 0, dim = m->dim;
	char line[96];

	for (unsigned c = 0; c < dim * dim; c++) {
		const struct bd_card *card = &m->cards[c];
		if (card->state == BD_CARD_DOWN)
			continue;
		snprintf(line, sizeof line, "CARD %u %u %s %.2s %u\n", c % dim, c / dim,
			 bd_card_state_name(card->state), card->value, card->owner);
		put(arg, line);
		n++;
	}
	snprintf(line, sizeof line, "OK cards %u %u\n", n, dim);
	put(arg, line);
}

int bd_memory_move_parse(unsigned ntok, const char *const *tok, unsigned dim, unsigned *card,
			 struct bd_err *err)
{
	long x, y;

	if (ntok != 2)
		return bd_err_set(err, "syntax", bd_game_memory.move_usage);
	if ((x = bd_parse_uint(tok[0])) < 0 || x >= BD_DIM_MAX)
		return bd_err_set(err, "range", "x must be a column number on the board");
	if ((y = bd_parse_uint(tok[1])) < 0 || y >= BD_DIM_MAX)
		return bd_err_set(err, "range", "y must be a row number on the board");
	if (dim != 0 && (x >= (long)dim || y >= (long)dim))
		return bd_err_set(err, "range", "x and y must be on the board (0 to dim-1)");
	*card = (unsigned)(y * (dim ? (long)dim : BD_DIM_MAX) + x);
	return 0;
}

const struct bd_game bd_game_memory = {
	.name = "memory",
	.kind = BD_GAME_MEMORY,
	.move_usage = BD_REASON("usage: move X Y (or pick X Y)"),
	.dim_default = 4,
	.dim_rule = "even, from 2 to 32 (pairs)",
	.shape_check = memory_shape_check,
	.pub_size = memory_pub_size,
	.priv_size = memory_priv_size,
	.nregions = memory_nregions,
	.pub_head = offsetof(struct bd_memory_pub, cards),
	.region_spans = memory_region_spans,
	.head_check = memory_head_check,
	.area_check = memory_area_check,
	.event_words = memory_event_words,
	.event_specs = memory_event_specs,
	.nevents = NELEM(memory_event_words),
	.wide = "C",
	.field_names = memory_field_names,
	.field_put = memory_field_put,
	.field_parse = memory_field_parse,
	.listing = memory_listing,
};
