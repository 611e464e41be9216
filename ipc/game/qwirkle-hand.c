/* qwirkle-hand.c: a Qwirkle seat's hand as its client follows it (qwirkle-hand.h). */
#include <string.h>

#include "qwirkle-hand.h"

void qw_held_reset(struct qw_held *h, unsigned game)
{
	memset(h, 0, sizeof *h);
	h->game = game;
}

void qw_held_sent(struct qw_held *h, const struct qw_turn *t)
{
	if (t->kind == QW_SWAP)
		h->swapped = t->swap;
}

/* An event of seat me's own turn or draw (one not in the hand yet): the hand follows it. */
static int qw_held_mine(struct qw_held *h, const struct bd_event *ev)
{
	const struct qw_ev *e = qw_ev(ev);
	uint8_t tiles[QW_HAND];

	switch (ev->type) {
	case QW_EV_LAY: /* in a practice game a tile not held came from the bag: nothing leaves */
		for (unsigned i = 0; i < e->n && i < QW_HAND; i++)
			tiles[i] = e->p[i].tile;
		qw_hand_take(&h->hand, tiles, e->n < QW_HAND ? e->n : QW_HAND);
		return 1;
	case QW_EV_SWAP:
		qw_hand_take(&h->hand, h->swapped.tile, h->swapped.n);
		h->swapped.n = 0;
		return 1;
	case QW_EV_DREW:
		for (unsigned i = 0; i < e->n && h->hand.n < QW_HAND; i++)
			h->hand.tile[h->hand.n++] = e->tile[i];
		return 1;
	}
	return 0;
}

int qw_held_follow(struct qw_held *h, int me, const struct bd_msg *m, const struct bd_event *ev)
{
	if (m->kind == BD_MSG_DATA && strcmp(m->word, "HAND") == 0) {
		if (qw_hand_line_parse((unsigned)m->ntok, m->tok, &h->upto, &h->hand) < 0)
			return -1;
		h->known = 1;
		return 1;
	}
	if (ev == NULL || m->kind != BD_MSG_EVENT || m->seq <= h->upto)
		return 0; /* not an event, or one the hand said already */
	if (ev->type == BD_EV_STATE && ev->n == BD_GAME_ON) {
		int fresh = ev->m != h->game; /* a new game: its drew events deal the hand */
		if (fresh)
			h->hand.n = 0;
		h->known = 1; /* joined before the deal: no HAND line, the drew events follow */
		h->game = ev->m;
		return fresh;
	}
	return me >= 0 && ev->player == (unsigned)me ? qw_held_mine(h, ev) : 0;
}
