/* hoard.c: the hoarding attack and its victim.
 * `bd-fault hoard`: one user takes up to --seats N seats (default one per card; fewer if the
 * daemon refuses more) and first-picks every face-down card the moment it can, from whichever
 * of its seats holds nothing; with --extend-ms MS, a seat that has held its first card that
 * long second-picks another face-down card (never its partner), so that both stay up for the
 * mismatch delay. With --pairs 1 it remembers every value it has seen and first picks, before
 * any other card, the partner of a card it holds, to keep pairs from everyone else; with
 * --stagger-ms MS, seat i makes its first pick i MS after the start, so that its seats' cards
 * do not all turn down at once.
 * Against a daemon without a rate limit (--max-rate 0) it keeps every card it can up, so
 * that nobody else can play. It runs for --seconds S (60), or until the game ends, and
 * counts its picks by reply.
 * `bd-fault victim`: another player (the daemon's user: it reads the private segment, so
 * it always knows a pair) picks a pair whose two cards are face down, else any card, every
 * --every-ms MS (100); it exits 0 once the game is over, 1 if it is not over within
 * --seconds S (60). Both print their figures. */
#include "fault.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/clock.h"

#define HOARD_SEATS_MAX 1024

struct seat {
	struct bd_client c;
	int pending;          /* a pick awaits its reply */
	int card;             /* the card of that pick */
	int first;            /* that pick is a first pick */
	int64_t since;        /* when its first card turned up */
};

struct hoard {
	struct seat seat[HOARD_SEATS_MAX];
	unsigned nseats;
	int64_t cool_until[BD_CARDS_MAX]; /* ERR cooldown said: not before then */
	int asked[BD_CARDS_MAX];          /* a pick of this card is on its way */
	long extend_ms;
	int pairs;                        /* cover the partners of held cards first */
	long stagger_ms;
	int64_t t0;
	char value[BD_CARDS_MAX][2];      /* values seen face up */
	long picks, ok, filled, cooldown, other, overs;
	unsigned started;                 /* seats whose first pick was answered OK */
};

/* Take up to want seats; stops at the first refusal (a seat limit, a full board). */
static void hoard_seat(struct hoard *h, unsigned want)
{
	char path[108], err[256], name[32];

	bd_default_socket(path, sizeof path);
	for (; h->nseats < want; h->nseats++) {
		struct seat *s = &h->seat[h->nseats];
		snprintf(name, sizeof name, "hoard%u", h->nseats);
		if (bd_client_connect(&s->c, path, err, sizeof err) < 0 ||
		    bd_client_enter(&s->c, name, BD_ROLE_PLAYER, board_name(), 0, bd_default_prefix(), err,
				    sizeof err) < 0) {
			say("hoard: seat %u of %u refused: %s", h->nseats + 1, want, err);
			bd_client_close(&s->c);
			break;
		}
	}
	if (h->nseats == 0)
		die("hoard: not a single seat");
}

/* One message for seat s: a pick's reply, or an event (only over matters). */
static void hoard_message(struct hoard *h, struct seat *s, const struct bd_msg *m)
{
	if (m->kind == BD_MSG_EVENT) {
		h->overs += strcmp(m->word, "over") == 0 && s == &h->seat[0];
		return;
	}
	if (!s->pending || (m->kind != BD_MSG_OK && m->kind != BD_MSG_ERR))
		return;
	s->pending = 0;
	h->asked[s->card] = 0;
	if (m->kind == BD_MSG_OK) {
		h->ok++;
		if (s->first && s->since == 0 && ++h->started == h->nseats)
			say("hoard: every seat holds a card"); /* tests start the other player now */
		s->since = s->first ? bd_now_ms() : s->since;
	}
	else if (strcmp(m->word, "filled") == 0)
		h->filled++;
	else if (strcmp(m->word, "cooldown") == 0) {
		h->cooldown++;
		long left = 0;
		sscanf(m->text, "%ld", &left); /* the text starts with the milliseconds left */
		h->cool_until[s->card] = bd_now_ms() + (left > 0 ? left : 100);
	} else
		h->other++;
}

/* Read whatever every seat has received. */
static void hoard_read(struct hoard *h, int wait_ms)
{
	struct pollfd p[HOARD_SEATS_MAX];
	struct bd_msg m;

	for (unsigned i = 0; i < h->nseats; i++)
		p[i] = (struct pollfd){.fd = h->seat[i].c.fd, .events = POLLIN};
	if (poll(p, h->nseats, wait_ms) < 0)
		return;
	for (unsigned i = 0; i < h->nseats; i++) {
		if ((p[i].revents & (POLLIN | POLLHUP | POLLERR)) && bd_client_fill(&h->seat[i].c) < 0)
			die("hoard: seat %u lost its connection", i);
		while (bd_client_next(&h->seat[i].c, &m) == 1)
			hoard_message(h, &h->seat[i], &m);
	}
}

/* The card a seat picks: face down, nobody asked for it, not cooling, not the partner of
 * avoid (a seat's first card: a match would lock the pair for good); with pairs, the partner
 * of a card one of our seats holds first. -1 if none. */
static int hoard_choose(const struct hoard *h, const struct bd_pub *snap, const uint8_t *ours, int avoid,
			int64_t now)
{
	unsigned n = bd_memory_pub(snap)->dim * bd_memory_pub(snap)->dim;
	int best = -1, best_score = 0;

	for (unsigned c = 0; c < n && best_score < 2; c++) {
		if (bd_memory_pub(snap)->cards[c].state != BD_CARD_DOWN || h->asked[c] || h->cool_until[c] > now)
			continue;
		if (avoid >= 0 && h->value[c][0] && memcmp(h->value[c], h->value[avoid], 2) == 0)
			continue;
		int score = 1;
		for (unsigned d = 0; d < n && h->pairs && h->value[c][0]; d++)
			if (d != c && memcmp(h->value[d], h->value[c], 2) == 0 && bd_memory_pub(snap)->cards[d].state == BD_CARD_UP &&
			    ours[bd_memory_pub(snap)->cards[d].owner])
				score = 2;
		if (score > best_score)
			best = (int)c, best_score = score;
	}
	return best;
}

/* Seat s picks card. */
static void hoard_send(struct hoard *h, struct seat *s, int card, unsigned dim, int first)
{
	if (bd_client_send(&s->c, "pick %u %u", (unsigned)card % dim, (unsigned)card / dim) < 0)
		die("hoard: a seat cannot send");
	s->pending = 1;
	s->card = card;
	s->first = first;
	h->asked[card] = 1;
	h->picks++;
}

/* Every seat that holds nothing first-picks a face-down card nobody asked for yet; one that
 * has held its first card for extend_ms second-picks one. */
static void hoard_pick(struct hoard *h)
{
	static struct bd_pub snap;
	unsigned held[HOARD_SEATS_MAX] = {0};
	int first[HOARD_SEATS_MAX];
	uint8_t ours[BD_PLAYERS_MAX + 1] = {0};
	int64_t now = bd_now_ms();

	pub_snapshot(&snap);
	if (snap.game_state != BD_GAME_ON)
		return;
	for (unsigned i = 0; i < h->nseats; i++)
		ours[h->seat[i].c.player] = 1;
	for (unsigned d = 0; d < bd_memory_pub(&snap)->dim * bd_memory_pub(&snap)->dim; d++) {
		if (bd_memory_pub(&snap)->cards[d].state != BD_CARD_DOWN)
			memcpy(h->value[d], bd_memory_pub(&snap)->cards[d].value, 2);
		for (unsigned i = 0; i < h->nseats; i++)
			if (bd_memory_pub(&snap)->cards[d].state == BD_CARD_UP && bd_memory_pub(&snap)->cards[d].owner == h->seat[i].c.player)
				first[i] = (int)d, held[i]++;
	}
	for (unsigned i = 0; i < h->nseats; i++) {
		struct seat *s = &h->seat[i];
		int extend = held[i] == 1 && h->extend_ms > 0 && now - s->since >= h->extend_ms;
		if (s->pending || (held[i] > 0 && !extend) || now < h->t0 + (int64_t)i * h->stagger_ms)
			continue;
		int card = hoard_choose(h, &snap, ours, held[i] == 1 ? first[i] : -1, now);
		if (card >= 0)
			hoard_send(h, s, card, bd_memory_pub(&snap)->dim, held[i] == 0);
	}
}

/* The attacker. */
int cmd_hoard(void)
{
	static struct hoard h;
	long seconds = opt_num("seconds", 60), want = opt_num("seats", 0);

	h.extend_ms = opt_num("extend-ms", 0);
	h.pairs = opt_num("pairs", 0) != 0;
	h.stagger_ms = opt_num("stagger-ms", 0);
	opts_done();
	const struct bd_pub *pub = pub_map();
	if (want <= 0)
		want = (long)(bd_memory_pub(pub)->dim * bd_memory_pub(pub)->dim);
	if (want > HOARD_SEATS_MAX)
		die("--seats wants at most %d", HOARD_SEATS_MAX);
	hoard_seat(&h, (unsigned)want);
	say("hoard: %u seats", h.nseats);
	int64_t t0 = h.t0 = bd_now_ms(), end = t0 + seconds * 1000;
	while (bd_now_ms() < end && h.overs == 0) {
		hoard_read(&h, 1);
		hoard_pick(&h);
	}
	say("hoard: %u seats, %ld picks in %.1f s: %ld ok, %ld filled, %ld cooldown, %ld other; game over %s",
	    h.nseats, h.picks, (double)(bd_now_ms() - t0) / 1000.0, h.ok, h.filled, h.cooldown, h.other,
	    h.overs ? "seen" : "not seen");
	for (unsigned i = 0; i < h.nseats; i++)
		bd_client_close(&h.seat[i].c);
	return 0;
}

/* The card to pick next, or -1: the partner of my face-up card if it is down, else the
 * first card of a pair both face down, else any card (a pick that will likely be refused). */
static int victim_choose(const struct bd_pub *snap, int me)
{
	const struct bd_priv *priv = priv_map();
	unsigned n = bd_memory_pub(snap)->dim * bd_memory_pub(snap)->dim;
	int mine = -1;

	for (unsigned c = 0; c < n; c++)
		if (bd_memory_pub(snap)->cards[c].state == BD_CARD_UP && bd_memory_pub(snap)->cards[c].owner == me)
			mine = (int)c;
	for (unsigned c = 0; c < n; c++)
		for (unsigned d = 0; d < n; d++) {
			if (c == d || memcmp(bd_memory_priv(priv)->cards[c].value, bd_memory_priv(priv)->cards[d].value, 2) != 0 || bd_memory_pub(snap)->cards[d].state != BD_CARD_DOWN)
				continue;
			if (mine >= 0 ? (int)c == mine : bd_memory_pub(snap)->cards[c].state == BD_CARD_DOWN)
				return mine >= 0 ? (int)d : (int)c;
		}
	if (mine >= 0)
		return -1; /* keep the first card up: its partner may come down yet */
	unsigned c = rnd(n);
	return bd_memory_pub(snap)->cards[c].state == BD_CARD_LOCKED ? -1 : (int)c;
}

/* The victim. */
int cmd_victim(void)
{
	static struct bd_pub snap;
	struct bd_client c;
	struct bd_msg r;
	long seconds = opt_num("seconds", 60), every = opt_num("every-ms", 100);
	long picks = 0, ok = 0, filled = 0, other = 0;
	int over = 0;

	opts_done();
	player_enter(&c, "victim", BD_ROLE_PLAYER);
	int64_t t0 = bd_now_ms(), end = t0 + seconds * 1000;
	while (!over && bd_now_ms() < end) {
		while (bd_client_read(&c, &r, 0) == 1)
			over |= r.kind == BD_MSG_EVENT && strcmp(r.word, "over") == 0;
		pub_snapshot(&snap);
		int card = snap.game_state == BD_GAME_ON ? victim_choose(&snap, c.player) : -1;
		if (card >= 0 && !over) {
			int rc = player_request(&c, &r, "pick %u %u", (unsigned)card % c.dim, (unsigned)card / c.dim);
			picks++;
			ok += rc == 0;
			filled += rc == 1 && strcmp(r.word, "filled") == 0;
			other += rc == 1 && strcmp(r.word, "filled") != 0;
			if (rc == 0)
				continue; /* a first pick: its partner at once */
		}
		over |= player_await(&c, "over", -1, (int)every, &r);
	}
	pub_snapshot(&snap);
	say("victim: %ld picks in %.1f s: %ld ok, %ld filled, %ld other; %u points (last game: %u); game over %s",
	    picks, (double)(bd_now_ms() - t0) / 1000.0, ok, filled, other, snap.players[c.player].score,
	    snap.players[c.player].last_score, over ? "seen" : "NOT seen");
	bd_client_close(&c);
	return over ? 0 : 1;
}
