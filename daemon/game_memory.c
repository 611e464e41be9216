/* game_memory.c: the rules of Memory (shared/seeds/memory-game-report.pt.txt):
 * everyone plays at once on one board of face-down pairs of two-letter values. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "game.h"
#include "ipc/clock.h"

/* xorshift64*: small, good enough for shuffles, reproducible from --seed. */
static uint64_t memory_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

/* Uniform in [0, n). */
static unsigned memory_below(uint64_t *s, unsigned n)
{
	return (unsigned)(memory_rand(s) % n);
}

static void memory_deal(struct board *b)
{
	unsigned n = b->pub->dim * b->pub->dim;
	uint64_t *rng = &b->priv->rng;
	unsigned short pool[BD_VALUES];

	/* Pick n/2 distinct values (partial Fisher-Yates), two cards each, then shuffle cards. */
	for (unsigned v = 0; v < BD_VALUES; v++)
		pool[v] = (unsigned short)v;
	for (unsigned k = 0; k < n / 2; k++) {
		unsigned j = k + memory_below(rng, BD_VALUES - k);
		unsigned short t = pool[k];
		pool[k] = pool[j];
		pool[j] = t;
		for (unsigned c = 2 * k; c < 2 * k + 2; c++) {
			b->priv->values[c][0] = (char)('a' + pool[k] / 26);
			b->priv->values[c][1] = (char)('a' + pool[k] % 26);
		}
	}
	for (unsigned c = n - 1; c > 0; c--) {
		unsigned j = memory_below(rng, c + 1);
		char t[2];
		memcpy(t, b->priv->values[c], 2);
		memcpy(b->priv->values[c], b->priv->values[j], 2);
		memcpy(b->priv->values[j], t, 2);
	}
	for (unsigned c = 0; c < n; c++)
		board_card_set(b, c, BD_CARD_DOWN, 0);
	memset(b->priv->cooldown, 0, sizeof b->priv->cooldown);
	board_header_begin(b);
	b->pub->nlocked = 0;
	board_header_end(b);
}

/* Forget the player's picks. */
static void memory_reset_pick(struct board *b, unsigned p)
{
	struct bd_priv_player *q = &b->priv->players[p];

	q->pick_state = BD_PICK_NONE;
	__atomic_store_n(&q->first, -1, __ATOMIC_RELAXED);
	__atomic_store_n(&q->second, -1, __ATOMIC_RELAXED);
	__atomic_store_n(&q->deadline_ms, 0, __ATOMIC_RELAXED);
}

/* Anti-hoarding: how long a user who let a card go may not pick it again, unless to match
 * it. Twice the longest one seat can keep a card up (a first pick, then a mismatch): however
 * many seats a user has, a card it lets go and its partner are then both free of that user
 * for a while, long enough for anybody else to pick the pair. */
static int64_t memory_cooldown_ms(const struct board *b)
{
	return 2 * ((int64_t)b->set.first_pick_ms + b->set.mismatch_ms);
}

/* Nonzero for the users the cooldown spares: root and the daemon's own user, who can stop
 * the daemon (and every game) anyway; tests and benchmarks run as them. */
static int memory_trusted(uint32_t uid)
{
	return uid == 0 || uid == (uint32_t)geteuid();
}

/* Card c's holder lets it go (not by a match): start its user's cooldown on the card, in
 * that user's slot, else the one that frees first (a free one has 0). */
static void memory_cool(struct board *b, unsigned c)
{
	unsigned owner = b->pub->cards[c].owner;
	uint32_t uid = owner < BD_PLAYERS_MAX ? b->pub->players[owner].uid : 0;
	struct bd_cooldown *s = b->priv->cooldown[c], *slot = &s[0];
	int64_t now = bd_now_ms();

	if (owner >= BD_PLAYERS_MAX || memory_trusted(uid))
		return;
	for (unsigned i = 0; i < BD_COOLDOWN_SLOTS; i++) {
		if (s[i].uid == uid) {
			slot = &s[i];
			break;
		}
		if (s[i].until_ms < slot->until_ms)
			slot = &s[i];
	}
	slot->uid = uid;
	slot->until_ms = now + memory_cooldown_ms(b);
}

/* Nonzero if a player of a user other than uid is seated: only then can uid keep a card
 * from somebody, and a player alone (or only with its own seats) is never held back. */
static int memory_contested(const struct board *b, uint32_t uid)
{
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (b->pub->players[i].state != BD_PLAYER_EMPTY && b->pub->players[i].uid != uid)
			return 1;
	return 0;
}

/* How long player p's user must still wait before picking card c (0: it may now); when it
 * must, *err says so, with the milliseconds left first (board-bot reads them). */
static int64_t memory_cooling(const struct board *b, unsigned p, unsigned c, int64_t now, struct bd_err *err)
{
	static char text[128];
	uint32_t uid = b->pub->players[p].uid;
	int64_t left = 0;

	for (unsigned i = 0; i < BD_COOLDOWN_SLOTS; i++)
		if (b->priv->cooldown[c][i].uid == uid && b->priv->cooldown[c][i].until_ms - now > left)
			left = b->priv->cooldown[c][i].until_ms - now;
	if (left > 0 && !memory_contested(b, uid))
		left = 0;
	if (left > 0) {
		snprintf(text, sizeof text, "%lld ms left: you let this card go, so others may pick it first "
			 "(you may still pick it to match it)", (long long)left);
		bd_err_set(err, "cooldown", text);
	}
	return left;
}

/* Turn a card down and tell everyone why. A held card is UP, or LOCKED when a crash cut
 * a match in half (the sweep undoes it). */
static void memory_turn_down(struct board *b, int card, unsigned reason)
{
	if (card < 0 || b->pub->cards[card].state == BD_CARD_DOWN)
		return;
	if (reason != BD_DOWN_RESTART)
		memory_cool(b, (unsigned)card);
	board_card_set(b, (unsigned)card, BD_CARD_DOWN, 0);
	struct bd_event ev = {.type = BD_EV_DOWN, .card1 = (int16_t)card, .card2 = -1, .n = reason};
	board_emit(b, &ev);
}

/* A first pick: the card turns up in the player's colour for first_pick_ms. */
static int memory_first(struct board *b, unsigned p, unsigned card, int64_t now, struct bd_err *err)
{
	struct bd_priv_player *q = &b->priv->players[p];

	if (b->pub->cards[card].state != BD_CARD_DOWN)
		return bd_err_set(err, "filled", "that card is face up or locked");
	if (memory_cooling(b, p, card, now, err) > 0)
		return -1;
	board_card_set(b, card, BD_CARD_UP, p);
	q->pick_state = BD_PICK_FIRST;
	__atomic_store_n(&q->first, (int32_t)card, __ATOMIC_RELAXED);
	__atomic_store_n(&q->deadline_ms, now + b->set.first_pick_ms, __ATOMIC_RELAXED);
	struct bd_event ev = {.type = BD_EV_UP, .player = (uint16_t)p, .card1 = (int16_t)card, .card2 = -1};
	memcpy(ev.value1, b->priv->values[card], 2);
	board_emit(b, &ev);
	return 0;
}

/* Both cards locked for the player, +2 points; the last pair ends the game. */
static void memory_match(struct board *b, unsigned p, unsigned first, unsigned card, int64_t now)
{
	board_card_set(b, first, BD_CARD_LOCKED, p);
	board_card_set(b, card, BD_CARD_LOCKED, p);
	board_header_begin(b);
	b->pub->players[p].score += 2;
	b->pub->nlocked += 2;
	board_header_end(b);
	memory_reset_pick(b, p);
	struct bd_event ev = {.type = BD_EV_MATCH, .player = (uint16_t)p, .card1 = (int16_t)first,
			      .card2 = (int16_t)card, .n = b->pub->players[p].score};
	memcpy(ev.value1, b->priv->values[card], 2);
	memcpy(ev.value2, b->priv->values[card], 2);
	board_emit(b, &ev);
	if (b->pub->nlocked == b->pub->dim * b->pub->dim)
		board_game_over(b, now);
}

/* A second pick of another value: both stay up for mismatch_ms, the player waits. */
static void memory_mismatch(struct board *b, unsigned p, unsigned first, unsigned card, int64_t now)
{
	struct bd_priv_player *q = &b->priv->players[p];

	board_card_set(b, card, BD_CARD_UP, p);
	q->pick_state = BD_PICK_WAIT;
	__atomic_store_n(&q->second, (int32_t)card, __ATOMIC_RELAXED);
	__atomic_store_n(&q->deadline_ms, now + b->set.mismatch_ms, __ATOMIC_RELAXED);
	struct bd_event ev = {.type = BD_EV_MISMATCH, .player = (uint16_t)p, .card1 = (int16_t)first,
			      .card2 = (int16_t)card};
	memcpy(ev.value1, b->priv->values[first], 2);
	memcpy(ev.value2, b->priv->values[card], 2);
	board_emit(b, &ev);
}

static int memory_pick(struct board *b, unsigned p, unsigned card, int64_t now, struct bd_err *err)
{
	struct bd_priv_player *q = &b->priv->players[p];

	if (b->pub->game_state != BD_GAME_ON)
		return bd_err_set(err, "state", b->pub->game_state == BD_GAME_OVER ? "the game is over; a new one starts soon" :
				  b->pub->game_state == BD_GAME_FROZEN ? "the game is frozen until enough players are back" :
				  "the game waits for enough players");
	if (q->pick_state == BD_PICK_WAIT)
		return bd_err_set(err, "wait", "your mismatched cards are still face up");
	if (q->pick_state == BD_PICK_NONE)
		return memory_first(b, p, card, now, err);
	unsigned first = (unsigned)q->first;
	if (card == first || b->pub->cards[card].state != BD_CARD_DOWN) {
		memory_reset_pick(b, p);
		memory_turn_down(b, (int)first, BD_DOWN_REPICK);
		return bd_err_set(err, "filled", "that card is face up or locked; your first card turned down");
	}
	if (memcmp(b->priv->values[first], b->priv->values[card], 2) == 0)
		memory_match(b, p, first, card, now);
	else if (memory_cooling(b, p, card, now, err) > 0)
		return -1; /* the first card stays up: nothing is lost */
	else
		memory_mismatch(b, p, first, card, now);
	return 0;
}

static void memory_release(struct board *b, unsigned p, unsigned reason)
{
	struct bd_priv_player *q = &b->priv->players[p];
	int first = q->first, second = q->second;

	if (q->pick_state == BD_PICK_NONE)
		return;
	memory_reset_pick(b, p);
	memory_turn_down(b, first, reason);
	memory_turn_down(b, second, reason);
}

static void memory_expire(struct board *b, unsigned p, int64_t now)
{
	struct bd_priv_player *q = &b->priv->players[p];

	if (q->pick_state == BD_PICK_NONE || q->deadline_ms == 0 || q->deadline_ms > now)
		return;
	memory_release(b, p, q->pick_state == BD_PICK_FIRST ? BD_DOWN_TIMEOUT : BD_DOWN_MISMATCH);
}

static unsigned memory_held_cards(const struct board *b, unsigned p, int cards[2])
{
	const struct bd_priv_player *q = &b->priv->players[p];
	unsigned n = 0;
	int first = __atomic_load_n(&q->first, __ATOMIC_RELAXED);
	int second = __atomic_load_n(&q->second, __ATOMIC_RELAXED);
	unsigned ncards = b->pub->dim * b->pub->dim;

	if (first >= 0 && (unsigned)first < ncards)
		cards[n++] = first;
	if (second >= 0 && (unsigned)second < ncards)
		cards[n++] = second;
	return n;
}

static const char *memory_check(const struct board *b)
{
	unsigned n = b->pub->dim * b->pub->dim, locked = 0;
	unsigned char count[BD_VALUES] = {0};

	for (unsigned c = 0; c < n; c++) {
		const char *v = b->priv->values[c];
		const struct bd_card *card = &b->pub->cards[c];
		if (!bd_value_ok(v))
			return "a card value is not two letters";
		if (++count[bd_value_index(v)] > 2)
			return "a value appears more than twice";
		if (card->state > BD_CARD_LOCKED)
			return "a card state is out of range";
		if (card->state == BD_CARD_DOWN ? card->value[0] || card->value[1] : memcmp(card->value, v, 2) != 0)
			return "a public card disagrees with its private value";
		if (card->state != BD_CARD_DOWN && card->owner >= BD_PLAYERS_MAX)
			return "a card owner is out of range";
		locked += card->state == BD_CARD_LOCKED;
	}
	for (unsigned k = 0; k < BD_VALUES; k++)
		if (count[k] == 1)
			return "a value appears only once";
	if (locked != b->pub->nlocked)
		return "locked card count disagrees with the cards";
	for (unsigned p = 0; p < BD_PLAYERS_MAX; p++) {
		const struct bd_priv_player *q = &b->priv->players[p];
		if (q->pick_state > BD_PICK_WAIT || q->first >= (int)n || q->second >= (int)n)
			return "a player's pick state is out of range";
	}
	return NULL;
}

/* The card whose value pairs with card c, or -1. */
static int memory_partner(const struct board *b, unsigned c)
{
	unsigned n = b->pub->dim * b->pub->dim;

	for (unsigned d = 0; d < n; d++)
		if (d != c && memcmp(b->priv->values[d], b->priv->values[c], 2) == 0)
			return (int)d;
	return -1;
}

static void memory_sweep(struct board *b)
{
	unsigned n = b->pub->dim * b->pub->dim;

	for (unsigned p = 0; p < BD_PLAYERS_MAX; p++) {
		struct bd_priv_player *q = &b->priv->players[p];
		int ok = q->pick_state == BD_PICK_NONE ||
			 (q->first >= 0 && b->pub->cards[q->first].state == BD_CARD_UP &&
			  b->pub->cards[q->first].owner == p &&
			  (q->pick_state == BD_PICK_FIRST ||
			   (q->second >= 0 && b->pub->cards[q->second].state == BD_CARD_UP)));
		if (!ok)
			memory_release(b, p, BD_DOWN_RESTART);
	}
	unsigned locked = 0;
	for (unsigned c = 0; c < n; c++) {
		const struct bd_card *card = &b->pub->cards[c];
		unsigned o = card->owner;
		const struct bd_priv_player *q = o < BD_PLAYERS_MAX ? &b->priv->players[o] : NULL;
		if (card->state == BD_CARD_UP && (q == NULL || q->pick_state == BD_PICK_NONE ||
						  (q->first != (int)c && q->second != (int)c)))
			memory_turn_down(b, (int)c, BD_DOWN_RESTART);
		int partner = card->state == BD_CARD_LOCKED ? memory_partner(b, c) : -1;
		if (partner >= 0 && b->pub->cards[partner].state != BD_CARD_LOCKED)
			memory_turn_down(b, (int)c, BD_DOWN_RESTART); /* half of a match was written */
		locked += card->state == BD_CARD_LOCKED;
	}
	/* Counted, not adjusted: a match bumps nlocked only after locking both cards. */
	board_header_begin(b);
	b->pub->nlocked = locked;
	board_header_end(b);
}

const struct game_ops game_memory = {
	.name = "memory",
	.kind = BD_GAME_MEMORY,
	.deal = memory_deal,
	.pick = memory_pick,
	.expire = memory_expire,
	.release = memory_release,
	.held_cards = memory_held_cards,
	.check = memory_check,
	.sweep = memory_sweep,
};
