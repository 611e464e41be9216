/* mind-memory.c: the bot's picture of the board. Card states are public, so it always knows them;
 * a face-down card's value is known only while the bot remembers having seen it. */
#include <stdlib.h>
#include <string.h>

#include "bot.h"

/* Forget everything: a new deal of dim x dim face-down cards. How the bot remembers stays. */
void mind_reset(struct mind *m, unsigned dim, unsigned capacity, unsigned game)
{
	unsigned forget = m->forget;
	unsigned short rng[3] = {m->rng[0], m->rng[1], m->rng[2]};

	memset(m, 0, sizeof *m);
	m->forget = forget;
	memcpy(m->rng, rng, sizeof rng);
	m->dim = dim;
	m->ncards = dim * dim;
	m->capacity = capacity;
	m->game = game;
	for (unsigned c = 0; c < m->ncards; c++)
		m->owner[c] = BD_NO_PLAYER;
}

/* Drop card c from the list of remembered cards. */
static void mind_unremember(struct mind *m, unsigned c)
{
	if (!m->remembered[c])
		return;
	m->remembered[c] = 0;
	for (unsigned i = 0; i < m->nrecent; i++)
		if (m->recent[i] == c) {
			memmove(&m->recent[i], &m->recent[i + 1], (m->nrecent - i - 1) * sizeof m->recent[0]);
			m->nrecent--;
			return;
		}
}

/* Card c's value is lost unless it is face up, where anyone can see it. */
static void mind_forget(struct mind *m, unsigned c)
{
	mind_unremember(m, c);
	if (m->state[c] == BD_CARD_DOWN)
		memset(m->value[c], 0, 2);
}

/* Card c was just seen with value v: it becomes the most recent memory, and the oldest
 * one is forgotten when that makes too many; unless this sighting slips the bot's mind (it
 * knows the value only while the card is face up, and keeps what it knew of it before). */
static void mind_see(struct mind *m, unsigned c, const char v[2])
{
	memcpy(m->value[c], v, 2);
	if (m->capacity == 0 || (m->forget > 0 && (unsigned)(nrand48(m->rng) % 100) < m->forget))
		return;
	mind_unremember(m, c);
	if (m->nrecent == m->capacity)
		mind_forget(m, m->recent[0]);
	m->recent[m->nrecent++] = (uint16_t)c;
	m->remembered[c] = 1;
}

/* Card c is now in state st, held by owner (BD_NO_PLAYER when DOWN). */
static void mind_set(struct mind *m, unsigned c, unsigned st, unsigned owner)
{
	m->state[c] = (uint8_t)st;
	m->owner[c] = (uint16_t)owner;
	if (st == BD_CARD_LOCKED)
		mind_unremember(m, c); /* taken for good: no need to keep it in mind */
	else if (st == BD_CARD_DOWN && !m->remembered[c])
		memset(m->value[c], 0, 2);
}

/* Take the card states (and the values they show) from a snapshot of the same game.
 * It may be newer than the events applied so far; those events, applied later, only
 * repeat states the board went through, so the picture still ends up right. */
void mind_load(struct mind *m, const struct bd_pub *snap)
{
	if (snap->game_number != m->game)
		return;
	m->game_state = snap->game_state;
	for (unsigned c = 0; c < m->ncards; c++) {
		const struct bd_card *card = &bd_memory_pub(snap)->cards[c];
		if (card->state == BD_CARD_UP && (m->state[c] != BD_CARD_UP || !m->remembered[c]))
			mind_see(m, c, card->value);
		else if (card->state == BD_CARD_LOCKED)
			memcpy(m->value[c], card->value, 2);
		mind_set(m, c, card->state, card->state == BD_CARD_DOWN ? BD_NO_PLAYER : card->owner);
	}
}

int mind_apply(struct mind *m, const struct bd_event *ev)
{
	m->seq = ev->seq;
	switch (ev->type) {
	case BD_EV_UP:
		mind_see(m, (unsigned)bd_memory_ev(ev)->card1, bd_memory_ev(ev)->value1);
		mind_set(m, (unsigned)bd_memory_ev(ev)->card1, BD_CARD_UP, ev->player);
		break;
	case BD_EV_MISMATCH:
		mind_see(m, (unsigned)bd_memory_ev(ev)->card1, bd_memory_ev(ev)->value1);
		mind_see(m, (unsigned)bd_memory_ev(ev)->card2, bd_memory_ev(ev)->value2);
		mind_set(m, (unsigned)bd_memory_ev(ev)->card1, BD_CARD_UP, ev->player);
		mind_set(m, (unsigned)bd_memory_ev(ev)->card2, BD_CARD_UP, ev->player);
		break;
	case BD_EV_MATCH:
		memcpy(m->value[bd_memory_ev(ev)->card1], bd_memory_ev(ev)->value1, 2);
		memcpy(m->value[bd_memory_ev(ev)->card2], bd_memory_ev(ev)->value2, 2);
		mind_set(m, (unsigned)bd_memory_ev(ev)->card1, BD_CARD_LOCKED, ev->player);
		mind_set(m, (unsigned)bd_memory_ev(ev)->card2, BD_CARD_LOCKED, ev->player);
		break;
	case BD_EV_DOWN:
		mind_set(m, (unsigned)bd_memory_ev(ev)->card1, BD_CARD_DOWN, BD_NO_PLAYER);
		break;
	case BD_EV_STATE:
		if (ev->m != m->game) {
			mind_reset(m, m->dim, m->capacity, ev->m);
			m->seq = ev->seq;
			m->game_state = ev->n;
			return 1;
		}
		m->game_state = ev->n;
		break;
	}
	return 0;
}

int mind_cooling(const struct mind *m, unsigned card)
{
	return m->cool_until[card] > m->now;
}

/* Nonzero if the bot knows card c's value (remembered, or showing). */
int mind_known(const struct mind *m, unsigned card)
{
	return m->value[card][0] != 0;
}

unsigned mind_held(const struct mind *m, unsigned player, int up[2])
{
	unsigned n = 0;

	for (unsigned c = 0; c < m->ncards && n < 2; c++)
		if (m->state[c] == BD_CARD_UP && m->owner[c] == player)
			up[n++] = (int)c;
	return n;
}
