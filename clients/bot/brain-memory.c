/* brain-memory.c: which card to pick next. Every level plays a pair it knows of; they differ in
 * what they do otherwise (see board-bot(1)). How much they know is the mind's business. */
#include <stdlib.h>
#include <string.h>

#include "bot.h"

/* The beginner, a casual player: half of what it sees slips its mind (and it keeps only the
 * BOT_BEGINNER_MEMORY most recent cards), and it takes 1.5 to 2.5 s a pick, as a person
 * who looks, thinks and clicks. Measured against a simple human-like player and the perfect
 * level by tests/memory-match.c (docs/PERFORMANCE.md). */
#define BEGINNER_FORGET 50
#define BEGINNER_PAUSE_MS 1500
#define BEGINNER_PAUSE_SPREAD_MS 1000


/* Index of a two-letter value, or -1 if it is not one. */
static int choose_value_index(const char v[2])
{
	return bd_value_ok(v) ? (int)bd_value_index(v) : -1;
}

/* Nonzero if card c may be picked as a candidate: face down, not skip, not cooling (ours
 * only to match it), and unknown if only unknown cards are wanted. */
static int choose_fits(const struct mind *m, unsigned c, int skip, int unknown_only)
{
	return m->state[c] == BD_CARD_DOWN && (int)c != skip && !mind_cooling(m, c) &&
	       !(unknown_only && mind_known(m, c));
}

/* A random card that fits (see choose_fits), or -1 if none does. */
static int choose_random(const struct mind *m, int skip, int unknown_only, unsigned short rng[3])
{
	unsigned n = 0;

	for (unsigned c = 0; c < m->ncards; c++)
		n += choose_fits(m, c, skip, unknown_only) != 0;
	if (n == 0)
		return -1;
	unsigned k = (unsigned)(nrand48(rng) % n);
	for (unsigned c = 0; c < m->ncards; c++)
		if (choose_fits(m, c, skip, unknown_only) && k-- == 0)
			return (int)c;
	return -1;
}

/* The first face-down card the bot does not know, in reading order, or -1. */
static int choose_first_unknown(const struct mind *m)
{
	for (unsigned c = 0; c < m->ncards; c++)
		if (choose_fits(m, c, -1, 1))
			return (int)c;
	return -1;
}

/* Two face-down cards known to match: the first, and the second in *other; -1 if none.
 * A cooling card comes second (the match is allowed); a pair of two cooling cards waits. */
static int choose_pair(const struct mind *m, int *other)
{
	int seen[BD_VALUES];

	memset(seen, -1, sizeof seen);
	for (unsigned c = 0; c < m->ncards; c++) {
		int v = m->state[c] == BD_CARD_DOWN && mind_known(m, c) ? choose_value_index(m->value[c]) : -1;
		if (v < 0)
			continue;
		int first = seen[v];
		if (first >= 0 && !(mind_cooling(m, (unsigned)first) && mind_cooling(m, c))) {
			int swap = mind_cooling(m, (unsigned)first);
			*other = swap ? first : (int)c;
			return swap ? (int)c : first;
		}
		seen[v] = (int)c;
	}
	return -1;
}

/* The known face-down card with the value of card c (c itself is face up), or -1. */
static int choose_partner(const struct mind *m, unsigned c)
{
	for (unsigned d = 0; d < m->ncards; d++)
		if (d != c && m->state[d] == BD_CARD_DOWN && mind_known(m, d) &&
		    memcmp(m->value[d], m->value[c], 2) == 0)
			return (int)d;
	return -1;
}

/* Nonzero if no two face-down cards can match, as anyone can tell from the board alone:
 * every face-down card is the partner of a face-up one (each value comes in one pair, and a
 * value face up only once has its other card face down). A first pick then only wastes time
 * and, between bots, turns into an endless round of mismatches. */
static int choose_hopeless(const struct mind *m)
{
	unsigned char up[BD_VALUES] = {0};
	unsigned down = 0, single = 0;

	for (unsigned c = 0; c < m->ncards; c++) {
		int v = m->state[c] == BD_CARD_UP ? choose_value_index(m->value[c]) : -1;
		down += m->state[c] == BD_CARD_DOWN;
		if (v >= 0)
			up[v]++;
	}
	for (unsigned v = 0; v < BD_VALUES; v++)
		single += up[v] == 1;
	return down == single;
}

/* A first pick: a known pair, else nothing if no pair is left face down, else an unknown
 * card (seed: the first one in reading order), else any face-down card. */
static int choose_first(const struct mind *m, enum bot_level level, int *plan, unsigned short rng[3])
{
	int c = choose_pair(m, plan);

	if (c >= 0)
		return c;
	*plan = -1;
	if (choose_hopeless(m))
		return -1;
	c = level == BOT_SEED ? choose_first_unknown(m) : choose_random(m, -1, 1, rng);
	return c >= 0 ? c : choose_random(m, -1, 0, rng);
}

/* A second pick after first: the planned partner; seed then takes any face-down card, the
 * others a known partner, else an unknown card, else any face-down card. */
static int choose_second(const struct mind *m, enum bot_level level, unsigned first, int *plan,
			 unsigned short rng[3])
{
	int c = *plan;

	*plan = -1;
	if (c >= 0 && (unsigned)c != first && m->state[c] == BD_CARD_DOWN)
		return c;
	if (level != BOT_SEED && (c = choose_partner(m, first)) >= 0)
		return c;
	if (level != BOT_SEED && (c = choose_random(m, (int)first, 1, rng)) >= 0)
		return c;
	return choose_random(m, (int)first, 0, rng);
}

/* The other levels draw nothing from rng here: their games stay as they were for a seed. */
void choose_style(struct mind *m, enum bot_level level, unsigned short rng[3])
{
	m->forget = 0;
	if (level != BOT_BEGINNER)
		return;
	m->forget = BEGINNER_FORGET;
	for (unsigned i = 0; i < 3; i++)
		m->rng[i] = (unsigned short)nrand48(rng);
}

unsigned choose_pause(enum bot_level level, unsigned delay_ms, unsigned short rng[3])
{
	if (level != BOT_BEGINNER)
		return delay_ms;
	unsigned pause = BEGINNER_PAUSE_MS + (unsigned)(nrand48(rng) % (BEGINNER_PAUSE_SPREAD_MS + 1));
	return pause > delay_ms ? pause : delay_ms;
}

int choose_pick(const struct mind *m, enum bot_level level, unsigned player, int *plan,
		unsigned short rng[3])
{
	int up[2];
	unsigned n = mind_held(m, player, up);

	if (n == 2)
		return -1; /* a mismatch on show: wait for both to turn down */
	if (n == 1)
		return choose_second(m, level, (unsigned)up[0], plan, rng);
	return choose_first(m, level, plan, rng);
}
