/* memory.c: the rules of Memory (shared/seeds/memory-game-report.pt.txt): everyone plays at
 * once on one board of face-down pairs of two-letter values. Its areas are in
 * ipc/game/memory.h; it reaches its table only through the handle (rules.h). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ipc/clock.h"
#include "ipc/game/memory.h"
#include "rules.h"

/* The table's public and private Memory areas. */
static struct bd_memory_pub *memory_pub(struct board *b)
{
	return board_area(b);
}

static struct bd_memory_priv *memory_priv(struct board *b)
{
	return board_private(b);
}

/* The same, read-only (a const board: locks, check). */
static const struct bd_memory_pub *memory_pub_ro(const struct board *b)
{
	return bd_memory_pub(board_public(b));
}

static const struct bd_memory_priv *memory_priv_ro(const struct board *b)
{
	return board_private((struct board *)b);
}

/* The lock region of a card. */
static unsigned memory_region_of(const struct bd_memory_pub *m, unsigned card)
{
	unsigned x = card % m->dim, y = card / m->dim;
	return y / m->region_side * m->regions_across + x / m->region_side;
}

/* Set a card's public state; its value is shown only when UP or LOCKED. */
static void memory_card_set(struct board *b, unsigned card, unsigned state, unsigned owner)
{
	struct bd_memory_pub *m = memory_pub(b);
	struct bd_card *c = &m->cards[card];
	unsigned region = memory_region_of(m, card);

	board_write_begin(b, region);
	c->state = (uint8_t)state;
	if (state == BD_CARD_DOWN) {
		memset(c->value, 0, sizeof c->value);
		c->owner = BD_NO_PLAYER;
		c->serial = 0;
	} else {
		memcpy(c->value, memory_priv(b)->cards[card].value, sizeof c->value);
		c->owner = (uint16_t)owner;
		c->colour = (uint16_t)board_public(b)->players[owner].colour;
		c->serial = (uint8_t)board_public(b)->players[owner].serial;
	}
	board_write_end(b, region);
}

/* Forget the player's picks. */
static void memory_reset_pick(struct board *b, unsigned p)
{
	struct bd_memory_seat *q = &memory_priv(b)->seats[p];

	q->pick_state = BD_PICK_NONE;
	__atomic_store_n(&q->first, -1, __ATOMIC_RELAXED);
	__atomic_store_n(&q->second, -1, __ATOMIC_RELAXED);
	board_set_deadline(b, p, 0);
}

static void memory_deal(struct board *b)
{
	struct bd_memory_pub *m = memory_pub(b);
	struct bd_memory_priv *v = memory_priv(b);
	unsigned n = m->dim * m->dim;
	unsigned short pool[BD_VALUES];

	board_write_begin(b, BOARD_HEADER); /* the shape is the core's, in both areas */
	m->regions_across = (m->dim + m->region_side - 1) / m->region_side;
	m->nlocked = 0;
	board_write_end(b, BOARD_HEADER);
	/* Pick n/2 distinct values (partial Fisher-Yates), two cards each, then shuffle cards. */
	for (unsigned k = 0; k < BD_VALUES; k++)
		pool[k] = (unsigned short)k;
	for (unsigned k = 0; k < n / 2; k++) {
		unsigned j = k + board_random(b, BD_VALUES - k);
		unsigned short t = pool[k];
		pool[k] = pool[j];
		pool[j] = t;
		for (unsigned c = 2 * k; c < 2 * k + 2; c++) {
			v->cards[c].value[0] = (char)('a' + pool[k] / 26);
			v->cards[c].value[1] = (char)('a' + pool[k] % 26);
		}
	}
	for (unsigned c = n - 1; c > 0; c--) {
		unsigned j = board_random(b, c + 1);
		char t[2];
		memcpy(t, v->cards[c].value, 2);
		memcpy(v->cards[c].value, v->cards[j].value, 2);
		memcpy(v->cards[j].value, t, 2);
	}
	for (unsigned c = 0; c < n; c++) {
		memory_card_set(b, c, BD_CARD_DOWN, 0);
		memset(v->cards[c].cooldown, 0, sizeof v->cards[c].cooldown);
	}
	for (unsigned p = 0; p < BD_PLAYERS_MAX; p++)
		memory_reset_pick(b, p);
}

/* Anti-hoarding: how long a user who let a card go may not pick it again, unless to match
 * it. Twice the longest one seat can keep a card up (a first pick, then a mismatch): however
 * many seats a user has, a card it lets go and its partner are then both free of that user
 * for a while, long enough for anybody else to pick the pair. */
static int64_t memory_cooldown_ms(const struct board *b)
{
	return 2 * ((int64_t)board_settings(b)->first_pick_ms + board_settings(b)->mismatch_ms);
}

/* Nonzero for the users the cooldown spares: root and the daemon's own user, who can stop
 * the daemon (and every game) anyway; tests and benchmarks run as them. */
static int memory_trusted(uint32_t uid)
{
	return uid == 0 || uid == (uint32_t)geteuid();
}

/* Card c's holder lets it go (not by a match) at now: start its user's cooldown on the card,
 * in that user's slot, else the one that frees first (a free one has 0). */
static void memory_cool(struct board *b, unsigned c, int64_t now)
{
	unsigned owner = memory_pub(b)->cards[c].owner;
	uint32_t uid = owner < BD_PLAYERS_MAX ? board_public(b)->players[owner].uid : 0;
	struct bd_cooldown *s = memory_priv(b)->cards[c].cooldown, *slot = &s[0];

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
	slot->seat = owner + 1;
	slot->until_ms = now + memory_cooldown_ms(b);
}

/* Nonzero if a player of a user other than uid is seated: only then can uid keep a card
 * from somebody, and a player alone (or only with its own seats) is never held back. */
static int memory_contested(const struct board *b, uint32_t uid)
{
	const struct bd_pub *pub = board_public(b);

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (pub->players[i].state != BD_PLAYER_EMPTY && pub->players[i].uid != uid)
			return 1;
	return 0;
}

/* The card whose value pairs with card c, or -1. */
static int memory_partner(const struct board *b, unsigned c)
{
	const struct bd_memory_priv *v = memory_priv_ro(b);
	unsigned n = v->dim * v->dim;

	for (unsigned d = 0; d < n; d++)
		if (d != c && memcmp(v->cards[d].value, v->cards[c].value, 2) == 0)
			return (int)d;
	return -1;
}

/* Nonzero if card c's partner is face up as another seat's than p's: p let c go, and taking
 * it back at once would keep that seat from matching the pair (the endgame race of two
 * players each holding one card of the last pair), even when both seats are one user's. */
static int memory_partner_held(const struct board *b, unsigned c, unsigned p)
{
	int d = memory_partner(b, c);
	const struct bd_memory_pub *m = memory_pub_ro(b);

	return d >= 0 && m->cards[d].state == BD_CARD_UP && m->cards[d].owner != p;
}

/* How long player p's user must still wait before picking card c (0: it may now); when it
 * must, *err says so, with the milliseconds left first (board-bot reads them). The seat that
 * let it go last also waits while another seat holds its partner up, whoever's seats they
 * are (a person and the bots it started are one user): so of two players each holding one
 * card of the last pair, the one whose time ran out first cannot take its card back at once,
 * and the other can match the pair (no endless race of first picks). */
static int64_t memory_cooling(const struct board *b, unsigned p, unsigned c, int64_t now, struct bd_err *err)
{
	static char text[128];
	uint32_t uid = board_public(b)->players[p].uid;
	const struct bd_cooldown *s = memory_priv_ro(b)->cards[c].cooldown;
	int64_t left = 0;

	for (unsigned i = 0; i < BD_COOLDOWN_SLOTS; i++)
		if (s[i].uid == uid && s[i].until_ms - now > left &&
		    (memory_contested(b, uid) || (s[i].seat == p + 1 && memory_partner_held(b, c, p))))
			left = s[i].until_ms - now;
	if (left > 0) {
		snprintf(text, sizeof text, "%lld ms left: you let this card go, so others may pick it first "
			 "(you may still pick it to match it)", (long long)left);
		bd_err_set(err, "cooldown", text);
	}
	return left;
}

/* Emit one of Memory's events to everyone. */
static void memory_emit(struct board *b, unsigned type, unsigned p, int card1, int card2, const char *value1,
			const char *value2, unsigned n)
{
	struct bd_event ev = {.type = (uint16_t)type, .player = (uint16_t)p, .n = n};
	struct bd_memory_ev *e = bd_memory_ev_w(&ev);

	e->card1 = (int16_t)card1;
	e->card2 = (int16_t)card2;
	if (value1 != NULL)
		memcpy(e->value1, value1, 2);
	if (value2 != NULL)
		memcpy(e->value2, value2, 2);
	board_emit(b, BD_NO_PLAYER, &ev);
}

/* Turn a card down at now and tell everyone why. A held card is UP, or LOCKED when a crash
 * cut a match in half (the sweep undoes it). A restart cools nothing: its now is unused. */
static void memory_turn_down(struct board *b, int card, unsigned reason, int64_t now)
{
	if (card < 0 || memory_pub(b)->cards[card].state == BD_CARD_DOWN)
		return;
	if (reason != BD_DOWN_RESTART)
		memory_cool(b, (unsigned)card, now);
	memory_card_set(b, (unsigned)card, BD_CARD_DOWN, 0);
	memory_emit(b, BD_EV_DOWN, 0, card, -1, NULL, NULL, reason);
}

/* A first pick: the card turns up in the player's colour for first_pick_ms. */
static int memory_first(struct board *b, unsigned p, unsigned card, int64_t now, struct bd_err *err)
{
	struct bd_memory_seat *q = &memory_priv(b)->seats[p];

	if (memory_pub(b)->cards[card].state != BD_CARD_DOWN)
		return bd_err_set(err, "filled", "that card is face up or locked");
	if (memory_cooling(b, p, card, now, err) > 0)
		return -1;
	memory_card_set(b, card, BD_CARD_UP, p);
	q->pick_state = BD_PICK_FIRST;
	__atomic_store_n(&q->first, (int32_t)card, __ATOMIC_RELAXED);
	board_set_deadline(b, p, now + board_settings(b)->first_pick_ms);
	memory_emit(b, BD_EV_UP, p, (int)card, -1, memory_priv(b)->cards[card].value, NULL, 0);
	return 0;
}

/* Both cards locked for the player, +2 points; the last pair ends the game: the top
 * scores win. */
static void memory_match(struct board *b, unsigned p, unsigned first, unsigned card, int64_t now)
{
	struct bd_memory_pub *m = memory_pub(b);
	const struct bd_pub *pub = board_public(b);
	const char *value = memory_priv(b)->cards[card].value;

	memory_card_set(b, first, BD_CARD_LOCKED, p);
	memory_card_set(b, card, BD_CARD_LOCKED, p);
	board_write_begin(b, BOARD_HEADER);
	board_set_score(b, p, pub->players[p].score + 2);
	m->nlocked += 2;
	board_write_end(b, BOARD_HEADER);
	memory_reset_pick(b, p);
	memory_emit(b, BD_EV_MATCH, p, (int)first, (int)card, value, value, pub->players[p].score);
	if (m->nlocked < m->dim * m->dim)
		return;
	static uint8_t result[BD_PLAYERS_MAX];
	unsigned top = 0;
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (pub->players[i].state != BD_PLAYER_EMPTY && pub->players[i].score > top)
			top = pub->players[i].score;
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		result[i] = pub->players[i].score == top ? BD_RESULT_WIN : BD_RESULT_LOSE;
	board_end(b, BOARD_END_MATCH, result, now);
}

/* A second pick of another value: both stay up for mismatch_ms, the player waits. */
static void memory_mismatch(struct board *b, unsigned p, unsigned first, unsigned card, int64_t now)
{
	struct bd_memory_seat *q = &memory_priv(b)->seats[p];

	memory_card_set(b, card, BD_CARD_UP, p);
	q->pick_state = BD_PICK_WAIT;
	__atomic_store_n(&q->second, (int32_t)card, __ATOMIC_RELAXED);
	board_set_deadline(b, p, now + board_settings(b)->mismatch_ms);
	memory_emit(b, BD_EV_MISMATCH, p, (int)first, (int)card, memory_priv(b)->cards[first].value,
		    memory_priv(b)->cards[card].value, 0);
}

static int memory_move(struct board *b, unsigned p, unsigned ntok, const char *const *tok, int64_t now,
		       struct bd_err *err)
{
	struct bd_memory_seat *q = &memory_priv(b)->seats[p];
	const struct bd_pub *pub = board_public(b);
	unsigned card;

	if (bd_memory_move_parse(ntok, tok, memory_pub(b)->dim, &card, err) < 0)
		return -1;
	if (pub->game_state != BD_GAME_ON)
		return bd_err_set(err, "state", pub->game_state == BD_GAME_OVER ?
				  (board_settings(b)->restart_ms > 0 ? BD_REASON("the game is over; a new one starts soon") :
				   BD_REASON("the game is over; the next starts once every player asked for a rematch")) :
				  pub->game_state == BD_GAME_FROZEN ? BD_REASON("the game is frozen until enough players are back") :
				  BD_REASON("the game waits for enough players"));
	if (q->pick_state == BD_PICK_WAIT)
		return bd_err_set(err, "wait", "your mismatched cards are still face up");
	if (q->pick_state == BD_PICK_NONE)
		return memory_first(b, p, card, now, err);
	unsigned first = (unsigned)q->first;
	if (card == first || memory_pub(b)->cards[card].state != BD_CARD_DOWN) {
		memory_reset_pick(b, p);
		memory_turn_down(b, (int)first, BD_DOWN_REPICK, now);
		return bd_err_set(err, "filled", "that card is face up or locked; your first card turned down");
	}
	if (memcmp(memory_priv(b)->cards[first].value, memory_priv(b)->cards[card].value, 2) == 0)
		memory_match(b, p, first, card, now);
	else if (memory_cooling(b, p, card, now, err) > 0)
		return -1; /* the first card stays up: nothing is lost */
	else
		memory_mismatch(b, p, first, card, now);
	return 0;
}

/* Turn down what player p holds, for reason, at now. */
static void memory_let_go(struct board *b, unsigned p, unsigned reason, int64_t now)
{
	struct bd_memory_seat *q = &memory_priv(b)->seats[p];
	int first = q->first, second = q->second;

	if (q->pick_state == BD_PICK_NONE)
		return;
	memory_reset_pick(b, p);
	memory_turn_down(b, first, reason, now);
	memory_turn_down(b, second, reason, now);
}

static void memory_release(struct board *b, unsigned p)
{
	memory_let_go(b, p, BD_DOWN_QUIT, bd_now_ms());
}

static void memory_expire(struct board *b, unsigned p, int64_t now)
{
	const struct bd_memory_seat *q = &memory_priv(b)->seats[p];
	int64_t deadline = board_deadline(b, p);

	if (q->pick_state == BD_PICK_NONE || deadline == 0 || deadline > now)
		return;
	memory_let_go(b, p, q->pick_state == BD_PICK_FIRST ? BD_DOWN_TIMEOUT : BD_DOWN_MISMATCH, now);
}

/* The regions of the cards p holds, and of the card its move's words name (if they do). */
static unsigned memory_locks(const struct board *b, unsigned p, unsigned ntok, const char *const *tok,
			     unsigned regions[RULES_REGIONS_MAX])
{
	const struct bd_memory_seat *q = &memory_priv_ro(b)->seats[p];
	const struct bd_memory_pub *m = memory_pub_ro(b);
	unsigned n = 0, ncards = m->dim * m->dim, card;
	int first = __atomic_load_n(&q->first, __ATOMIC_RELAXED);
	int second = __atomic_load_n(&q->second, __ATOMIC_RELAXED);
	struct bd_err err;

	if (first >= 0 && (unsigned)first < ncards)
		regions[n++] = memory_region_of(m, (unsigned)first);
	if (second >= 0 && (unsigned)second < ncards)
		regions[n++] = memory_region_of(m, (unsigned)second);
	if (ntok > 0 && bd_memory_move_parse(ntok, tok, m->dim, &card, &err) == 0)
		regions[n++] = memory_region_of(m, card);
	return n;
}

static const char *memory_check(const struct board *b)
{
	const struct bd_memory_pub *m = memory_pub_ro(b);
	const struct bd_memory_priv *v = memory_priv_ro(b);
	unsigned n = m->dim * m->dim, locked = 0;
	unsigned char count[BD_VALUES] = {0};

	if (v->dim != m->dim || v->region_side != m->region_side)
		return "the private area's shape differs from the public one's";
	for (unsigned c = 0; c < n; c++) {
		const char *value = v->cards[c].value;
		const struct bd_card *card = &m->cards[c];
		if (!bd_value_ok(value))
			return "a card value is not two letters";
		if (++count[bd_value_index(value)] > 2)
			return "a value appears more than twice";
		if (card->state > BD_CARD_LOCKED)
			return "a card state is out of range";
		if (card->state == BD_CARD_DOWN ? card->value[0] || card->value[1] : memcmp(card->value, value, 2) != 0)
			return "a public card disagrees with its private value";
		if (card->state != BD_CARD_DOWN && card->owner >= BD_PLAYERS_MAX)
			return "a card owner is out of range";
		locked += card->state == BD_CARD_LOCKED;
	}
	for (unsigned k = 0; k < BD_VALUES; k++)
		if (count[k] == 1)
			return "a value appears only once";
	if (locked != m->nlocked)
		return "locked card count disagrees with the cards";
	for (unsigned p = 0; p < BD_PLAYERS_MAX; p++) {
		const struct bd_memory_seat *q = &v->seats[p];
		if (q->pick_state > BD_PICK_WAIT || q->first >= (int)n || q->second >= (int)n)
			return "a player's pick state is out of range";
	}
	return NULL;
}

static void memory_sweep(struct board *b)
{
	struct bd_memory_pub *m = memory_pub(b);
	unsigned n = m->dim * m->dim;

	for (unsigned p = 0; p < BD_PLAYERS_MAX; p++) {
		const struct bd_memory_seat *q = &memory_priv(b)->seats[p];
		int ok = q->pick_state == BD_PICK_NONE ||
			 (q->first >= 0 && m->cards[q->first].state == BD_CARD_UP && m->cards[q->first].owner == p &&
			  (q->pick_state == BD_PICK_FIRST ||
			   (q->second >= 0 && m->cards[q->second].state == BD_CARD_UP)));
		if (!ok)
			memory_let_go(b, p, BD_DOWN_RESTART, 0);
	}
	unsigned locked = 0;
	for (unsigned c = 0; c < n; c++) {
		const struct bd_card *card = &m->cards[c];
		unsigned o = card->owner;
		const struct bd_memory_seat *q = o < BD_PLAYERS_MAX ? &memory_priv(b)->seats[o] : NULL;
		if (card->state == BD_CARD_UP && (q == NULL || q->pick_state == BD_PICK_NONE ||
						  (q->first != (int)c && q->second != (int)c)))
			memory_turn_down(b, (int)c, BD_DOWN_RESTART, 0);
		int partner = card->state == BD_CARD_LOCKED ? memory_partner(b, c) : -1;
		if (partner >= 0 && m->cards[partner].state != BD_CARD_LOCKED)
			memory_turn_down(b, (int)c, BD_DOWN_RESTART, 0); /* half of a match was written */
		locked += card->state == BD_CARD_LOCKED;
	}
	/* Counted, not adjusted: a match bumps nlocked only after locking both cards. */
	board_write_begin(b, BOARD_HEADER);
	m->nlocked = locked;
	board_write_end(b, BOARD_HEADER);
}

const struct rules rules_memory = {
	.codec = &bd_game_memory,
	.seats_max = BD_TURN_SEATS_MAX, /* a lobby match: 2 to 4 players (New Game with bots) */
	.deal = memory_deal,
	.locks = memory_locks,
	.move = memory_move,
	.expire = memory_expire,
	.release = memory_release,
	.check = memory_check,
	.sweep = memory_sweep,
};
