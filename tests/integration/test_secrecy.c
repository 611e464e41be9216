/* test_secrecy.c: no face-down value is ever readable in the public segment during a game
 * of random picks, and every value it shows is the one the events announced; and a full
 * game between two clients that know only what the events tell them, to consistent
 * results. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness.h"
#include "ipc/shm.h"
#include "suites.h"

#define DIM 4
#define NCARDS (DIM * DIM)
#define PICKS 3000

/* What is known of one game's cards: from events, and from the segment. */
struct game_view {
	uint32_t game;
	char value[NCARDS][2];
	unsigned char from_event[NCARDS], from_segment[NCARDS];
};

static struct game_view views[4]; /* a few games at once: the segment can run ahead of events */
static struct bd_pub snap;
static unsigned scans, checked_cards;

/* The view of a game, started afresh when its slot held an older game. */
static struct game_view *view_of(uint32_t game)
{
	struct game_view *v = &views[game % 4];
	if (v->game != game) {
		memset(v, 0, sizeof *v);
		v->game = game;
	}
	return v;
}

/* A value seen for a card in a game: it must be the one seen before, if any. */
static void view_learn(uint32_t game, unsigned card, const char *value, int from_event)
{
	struct game_view *v = view_of(game);
	int known = v->from_event[card] || v->from_segment[card];

	CHECK(!known || memcmp(v->value[card], value, 2) == 0, "game %u card %u: %s shows %.2s, earlier %.2s", game, card,
	      from_event ? "an event" : "the segment", value, v->value[card]);
	memcpy(v->value[card], value, 2);
	if (from_event)
		v->from_event[card] = 1;
	else
		v->from_segment[card] = 1;
}

/* A game's events are all in: every value the segment showed was announced by an event. */
static void view_close(uint32_t game)
{
	struct game_view *v = view_of(game);

	for (unsigned c = 0; c < NCARDS; c++)
		CHECK(!v->from_segment[c] || v->from_event[c], "game %u: the segment showed card %u (%.2s), no event did",
		      game, c, v->value[c]);
}

/* Copy the public segment and check every card: face down means no value at all. */
static void scan(struct h_client *cl)
{
	int ok = bd_snapshot(cl->c.pub, &snap) == 0;
	CHECK(ok, "bd_snapshot refused the segment (a face-down card with a value is one reason)");
	uint32_t game_after = __atomic_load_n(&cl->c.pub->game_number, __ATOMIC_ACQUIRE);
	if (!ok)
		return;
	scans++;
	for (unsigned c = 0; c < NCARDS; c++) {
		const struct bd_card *card = &bd_memory_pub(&snap)->cards[c];
		if (card->state == BD_CARD_DOWN)
			CHECK(card->value[0] == 0 && card->value[1] == 0 && card->owner == BD_NO_PLAYER,
			      "card %u is face down with value %02x%02x owner %u", c, (unsigned char)card->value[0],
			      (unsigned char)card->value[1], card->owner);
		else if (snap.game_number == game_after) { /* cards of that game, not of a new deal */
			view_learn(snap.game_number, c, card->value, 0);
			checked_cards++;
		}
	}
}

/* The observer takes one event: values it announces, game changes. */
static void observe(const struct bd_msg *m, uint32_t *game)
{
	struct bd_event ev;

	REQUIRE(bd_msg_event(m, DIM, &ev) == 0, "observer: malformed event '%s'", m->line);
	if (ev.type == BD_EV_STATE && ev.m != *game) {
		view_close(*game);
		*game = ev.m;
	}
	if (ev.type == BD_EV_UP || ev.type == BD_EV_MATCH || ev.type == BD_EV_MISMATCH)
		view_learn(*game, (unsigned)bd_memory_ev(&ev)->card1, bd_memory_ev(&ev)->value1, 1);
	if (ev.type == BD_EV_MATCH || ev.type == BD_EV_MISMATCH)
		view_learn(*game, (unsigned)bd_memory_ev(&ev)->card2, bd_memory_ev(&ev)->value2, 1);
	if (ev.type == BD_EV_OVER) { /* every card was locked: all values known, each twice */
		struct game_view *v = view_of(*game);
		for (unsigned c = 0; c < NCARDS; c++) {
			unsigned same = 0;
			for (unsigned d = 0; d < NCARDS; d++)
				same += v->from_event[d] && memcmp(v->value[d], v->value[c], 2) == 0;
			CHECK(v->from_event[c] && same == 2, "game %u over: card %u value %.2s known %d, %u times", *game, c,
			      v->value[c], v->from_event[c], same);
		}
	}
}

/* Take every event the observer has received, scanning the segment after each. */
static unsigned observe_all(struct h_client *obs, uint32_t *game)
{
	struct bd_msg m;
	unsigned n = 0;

	while (h_event(obs, &m, 0)) {
		observe(&m, game);
		scan(obs);
		n++;
	}
	return n;
}

/* Mode bits of an object of this daemon in /dev/shm. */
static unsigned shm_mode(const char *suffix)
{
	char path[128];
	struct stat st;

	struct bd_found f;

	if (bd_board_find(hd.prefix, "main", geteuid(), &f) != 1)
		return 0;
	snprintf(path, sizeof path, BD_SHM_DIR "%s%s", f.name, suffix);
	return stat(path, &st) == 0 ? st.st_mode & 07777 : 0;
}

/* Random picks by two players; a spectator scans the segment after every event. */
static void test_random_picks(void)
{
	struct h_client *p[2], *obs;
	struct bd_msg r;
	uint32_t game;
	unsigned events = 0, games;

	h_start("--board", "main:4", "--min-players", "2", "--first-pick-ms", "40", "--mismatch-ms", "20",
		"--restart-ms", "30", "--max-rate", "0", "--seed", "7", NULL);
	CHECK(shm_mode("") == 0644, "public segment mode %o", shm_mode(""));
	CHECK(shm_mode(".private") == 0600, "private segment mode %o", shm_mode(".private"));
	memset(views, 0, sizeof views);
	scans = checked_cards = 0;
	obs = h_join("eye", BD_ROLE_SPECTATOR);
	h_snapshot(obs, &snap);
	game = snap.game_number;
	p[0] = h_join("ana", BD_ROLE_PLAYER);
	p[1] = h_join("bob", BD_ROLE_BOT);
	srand(7);
	for (unsigned i = 0; i < PICKS; i++) {
		struct h_client *cl = p[rand() % 2];
		h_pick(cl, (unsigned)rand() % NCARDS);
		int refused = h_reply(cl, &r, NULL, NULL); /* OK or refused: both are fine here */
		if (refused && (strcmp(r.word, "wait") == 0 || strcmp(r.word, "state") == 0)) {
			/* A timer has to run first (mismatch, restart): wait for its event. */
			struct bd_msg m;
			REQUIRE(h_event(obs, &m, H_TIMEOUT_MS), "observer: no event after ERR %s", r.word);
			observe(&m, &game);
			scan(obs);
			events++;
		}
		events += observe_all(obs, &game);
		if (i % 256 == 0) {
			h_drain(p[0]);
			h_drain(p[1]);
		}
	}
	/* Let the timers finish, then take the last events. */
	h_snapshot(obs, &snap);
	while (obs->last_seq < snap.event_seq) {
		struct bd_msg m;
		REQUIRE(h_event(obs, &m, H_TIMEOUT_MS), "observer stopped at event %llu of %llu",
			(unsigned long long)obs->last_seq, (unsigned long long)snap.event_seq);
		observe(&m, &game);
		scan(obs);
		events++;
	}
	view_close(game);
	games = game;
	printf("(%u events, %u scans, %u face-up cards checked, %u games) ", events, scans, checked_cards, games);
	CHECK(events > PICKS / 2 && checked_cards > 1000 && games >= 2, "too little happened to tell anything");
	h_stop();
}

/* A player that knows only what the events and the segment tell it. */
struct learner {
	struct h_client *cl;
	char value[NCARDS][2];
	unsigned char known[NCARDS];
	long points, over_top;
	char result[8];
	unsigned moves;
};

/* One event: remember the values it shows, and the over line. */
static void learn_one(struct learner *l, const struct bd_msg *m)
{
	struct bd_event ev;

	REQUIRE(bd_msg_event(m, DIM, &ev) == 0, "%s: malformed event '%s'", l->cl->name, m->line);
	if (ev.type == BD_EV_UP || ev.type == BD_EV_MATCH || ev.type == BD_EV_MISMATCH) {
		memcpy(l->value[bd_memory_ev(&ev)->card1], bd_memory_ev(&ev)->value1, 2);
		l->known[bd_memory_ev(&ev)->card1] = 1;
	}
	if (ev.type == BD_EV_MATCH || ev.type == BD_EV_MISMATCH) {
		memcpy(l->value[bd_memory_ev(&ev)->card2], bd_memory_ev(&ev)->value2, 2);
		l->known[bd_memory_ev(&ev)->card2] = 1;
	}
	if (ev.type == BD_EV_OVER) {
		l->over_top = ev.n;
		l->points = ev.m;
		snprintf(l->result, sizeof l->result, "%s", m->tok[1]);
	}
}

/* Take every event received so far. */
static void learn(struct learner *l)
{
	struct bd_msg m;

	while (h_event(l->cl, &m, 0))
		learn_one(l, &m);
}

/* A face-down card: known with a face-down partner (pair), else unknown, else any; not
 * `not`. -1 if none. */
static int learner_choose(const struct learner *l, int not, int want_known)
{
	int fallback = -1;

	for (int c = 0; c < NCARDS; c++) {
		if (c == not || bd_memory_pub(&snap)->cards[c].state != BD_CARD_DOWN)
			continue;
		if (!want_known && !l->known[c])
			return c;
		if (want_known && l->known[c])
			for (int d = 0; d < NCARDS; d++)
				if (d != c && d != not && l->known[d] && bd_memory_pub(&snap)->cards[d].state == BD_CARD_DOWN &&
				    memcmp(l->value[d], l->value[c], 2) == 0)
					return c;
		if (fallback < 0)
			fallback = c;
	}
	return want_known ? -1 : fallback;
}

/* The partner of card c among face-down known cards, or -1. */
static int learner_partner(const struct learner *l, int c)
{
	for (int d = 0; d < NCARDS; d++)
		if (d != c && l->known[d] && bd_memory_pub(&snap)->cards[d].state == BD_CARD_DOWN && memcmp(l->value[d], l->value[c], 2) == 0)
			return d;
	return -1;
}

/* One turn: a known pair if any; else an unknown card, then its partner if known, else
 * another unknown card. Returns once the turn's cards are locked or face down again. */
static void learner_turn(struct learner *l)
{
	struct bd_msg m;

	learn(l);
	h_snapshot(l->cl, &snap);
	if (bd_memory_pub(&snap)->nlocked == NCARDS)
		return;
	int first = learner_choose(l, -1, 1);
	if (first < 0)
		first = learner_choose(l, -1, 0);
	REQUIRE(first >= 0 && H_PICK(l->cl, first, NULL), "%s: no first pick", l->cl->name);
	do { /* its value, from the up event */
		REQUIRE(h_event(l->cl, &m, H_TIMEOUT_MS), "%s: no up event", l->cl->name);
		learn_one(l, &m);
	} while (strcmp(m.word, "up") != 0 || !h_is_card(&m, 0, (unsigned)first, DIM));
	int second = learner_partner(l, first);
	if (second < 0)
		second = learner_choose(l, first, 0);
	REQUIRE(second >= 0 && H_PICK(l->cl, second, NULL), "%s: no second pick", l->cl->name);
	l->moves++;
	for (;;) { /* a match, or the second card of a mismatch face down again */
		REQUIRE(h_event(l->cl, &m, H_TIMEOUT_MS), "%s: the turn does not end", l->cl->name);
		learn_one(l, &m);
		if ((strcmp(m.word, "match") == 0 && h_is_card(&m, 0, (unsigned)first, DIM)) ||
		    (strcmp(m.word, "down") == 0 && h_is_card(&m, 0, (unsigned)second, DIM)))
			break;
	}
}

/* Two clients play a whole game knowing only what they see; the results agree with each
 * other, with the players list and with the segment, and the points add up to dim*dim. */
static void test_full_game(void)
{
	struct learner l[2];
	struct bd_msg r;

	h_start("--board", "main:4", "--min-players", "2", "--first-pick-ms", "5000", "--mismatch-ms", "50",
		"--restart-ms", "10000", NULL);
	memset(l, 0, sizeof l);
	l[0].cl = h_join("ana", BD_ROLE_PLAYER);
	l[1].cl = h_join("bob", BD_ROLE_BOT);
	for (unsigned turn = 0; turn < 200; turn++) {
		learner_turn(&l[turn % 2]);
		if (bd_memory_pub(&snap)->nlocked == NCARDS)
			break;
	}
	REQUIRE(bd_memory_pub(&snap)->nlocked == NCARDS, "no game over after 200 turns");
	for (int i = 0; i < 2; i++)
		while (l[i].result[0] == '\0') {
			REQUIRE(h_event(l[i].cl, &r, H_TIMEOUT_MS), "%s: no over event", l[i].cl->name);
			learn_one(&l[i], &r);
		}
	h_snapshot(l[0].cl, &snap);
	long top = l[0].points > l[1].points ? l[0].points : l[1].points;
	CHECK(l[0].points + l[1].points == NCARDS, "points %ld + %ld != %d", l[0].points, l[1].points, NCARDS);
	for (int i = 0; i < 2; i++) {
		unsigned owned = 0;
		for (unsigned c = 0; c < NCARDS; c++)
			owned += bd_memory_pub(&snap)->cards[c].state == BD_CARD_LOCKED && bd_memory_pub(&snap)->cards[c].owner == l[i].cl->id;
		CHECK(l[i].over_top == top && strcmp(l[i].result, l[i].points == top ? "win" : "lose") == 0,
		      "%s: over %ld %s %ld, but the top is %ld", l[i].cl->name, l[i].over_top, l[i].result, l[i].points, top);
		CHECK(owned == l[i].points && snap.players[l[i].cl->id].score == l[i].points,
		      "%s: %ld points, %u cards locked in its name, %u in the segment", l[i].cl->name, l[i].points, owned,
		      snap.players[l[i].cl->id].score);
	}
	CHECK(snap.game_state == BD_GAME_OVER && bd_memory_pub(&snap)->nlocked == NCARDS, "segment: state %u, %u locked", snap.game_state,
	      bd_memory_pub(&snap)->nlocked);
	printf("(%ld:%ld in %u+%u moves) ", l[0].points, l[1].points, l[0].moves, l[1].moves);
	h_stop();
}

/* Register this file's tests, with the harness's setup and teardown. */
void suite_secrecy(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("secrecy", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "random_picks", test_random_picks);
	CU_add_test(s, "full_game", test_full_game);
}
