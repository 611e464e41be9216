/* test_game.c: the table of games' codecs (ipc/game/game.c) and, on a real board opened
 * in this process (daemon/board.c), events addressed to one seat and a seat's private
 * lines: the core half of the seam a game's rules use (daemon/rules/rules.h). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "daemon/board.h"
#include "ipc/game/game.h"
#include "ipc/game/memory.h"
#include "ipc/proto.h"
#include "suites.h"
#include "tests/runner.h"

/* Every codec is found by its kind and name, owns its event types and words alone, and
 * sizes its areas within the layout's bounds. */
static void test_codec_table(void)
{
	static const char *const core_words[] = {"join", "leave", "state", "over", "bye", "resync", "side", "turn",
						 "resign", "claimable", "claim", "flag", "rematch", "away", "back",
						 "forfeit"};
	unsigned n = 0;

	for (const struct bd_game *g; (g = bd_game_at(n)) != NULL; n++) {
		CHECK(bd_game_of_kind(g->kind) == g && bd_game_named(g->name) == g, "%s: found by kind and name", g->name);
		CHECK(g->nevents <= BD_EV_GAME_TYPES, "%s: %u event types", g->name, g->nevents);
		for (unsigned k = 0; k < g->nevents; k++) {
			CHECK(bd_game_of_event(BD_EV_GAME_FIRST(g->kind) + k) == g, "%s: event %u", g->name, k);
			for (unsigned c = 0; c < sizeof core_words / sizeof core_words[0]; c++)
				CHECK(strcmp(g->event_words[k], core_words[c]) != 0, "%s: %s is a core event", g->name,
				      core_words[c]);
			for (unsigned o = 0; bd_game_at(o) != NULL; o++)
				for (unsigned j = 0; o != n && j < bd_game_at(o)->nevents; j++)
					CHECK(strcmp(g->event_words[k], bd_game_at(o)->event_words[j]) != 0,
					      "%s and %s both have event %s", g->name, bd_game_at(o)->name, g->event_words[k]);
		}
		CHECK(bd_game_of_event(BD_EV_GAME_FIRST(g->kind) + g->nevents) == NULL, "%s: one type too many", g->name);
		struct bd_game_shape s = {.dim = g->dim_default, .region_side = 1};
		REQUIRE(g->shape_check(&s) == NULL, "%s: its default board", g->name);
		CHECK(g->pub_head >= sizeof s && g->pub_head <= g->pub_size(&s), "%s: head in the area", g->name);
	}
	CHECK(n >= 1 && bd_game_of_kind(0) == NULL && bd_game_named("chess") == NULL, "%u games", n);
	CHECK(bd_game_of_event(BD_EV_JOIN) == NULL && bd_game_of_event(BD_EV_GAME_BASE - 1) == NULL, "core events");
}

/* Every codec has its rules, with what the core calls unconditionally; a turn game (seats
 * set) has the timeout its clock's flag calls. */
static void test_rules_table(void)
{
	for (unsigned n = 0; bd_game_at(n) != NULL; n++) {
		const struct bd_game *g = bd_game_at(n);
		const struct rules *r = rules_find(g->kind);

		REQUIRE(r != NULL && r->codec == g, "%s: rules found by kind", g->name);
		CHECK(r->deal && r->locks && r->move && r->expire && r->release && r->check && r->sweep,
		      "%s: every mandatory rule", g->name);
		CHECK(r->seats == 0 || r->timeout != NULL, "%s: a turn game has its timeout", g->name);
	}
	CHECK(rules_find(0) == NULL, "no rules for kind 0");
}

/* Memory's shapes: which are boards, their sizes within the layout's bounds, and every
 * region's spans covering each card exactly once and nothing else. */
static void test_memory_shapes(void)
{
	const struct bd_game *g = &bd_game_memory;
	static unsigned char covered[BD_PUB_AREA_MAX];
	struct bd_span spans[BD_SPANS_MAX];

	CHECK(g->shape_check(&(struct bd_game_shape){3, 1}) != NULL, "odd dim");
	CHECK(g->shape_check(&(struct bd_game_shape){34, 1}) != NULL, "dim 34");
	CHECK(g->shape_check(&(struct bd_game_shape){4, 5}) != NULL, "region side past dim");
	CHECK(g->shape_check(&(struct bd_game_shape){4, 0}) != NULL, "region side 0");
	for (unsigned dim = BD_DIM_MIN; dim <= BD_DIM_MAX; dim += 2)
		for (unsigned side = 1; side <= dim; side++) {
			struct bd_game_shape s = {dim, side};
			size_t size = g->pub_size(&s);
			unsigned nr = g->nregions(&s), bad = 0;
			REQUIRE(g->shape_check(&s) == NULL && size <= BD_PUB_AREA_MAX && nr <= BD_REGIONS_MAX &&
				g->priv_size(&s) <= BD_PRIV_AREA_MAX, "%ux%u, region %u: within the layout", dim, dim, side);
			memset(covered, 0, size);
			for (unsigned r = 0; r < nr; r++) {
				unsigned k = g->region_spans(&s, r, spans);
				REQUIRE(k <= BD_SPANS_MAX, "%u spans", k);
				for (unsigned i = 0; i < k; i++)
					for (uint32_t b = spans[i].off; b < spans[i].off + spans[i].len && b < size; b++)
						covered[b]++;
			}
			for (size_t b = 0; b < size; b++)
				bad += covered[b] != (b >= g->pub_head);
			CHECK(bad == 0, "%ux%u, region %u: %u bytes covered other than once by the cards' regions", dim, dim,
			      side, bad);
		}
}

/* An event for one seat goes to that seat's connection only; one for everyone to all. */
static void test_event_for(void)
{
	struct bd_event ev = {.type = BD_EV_STATE, .to = BD_NO_PLAYER};

	CHECK(bd_event_for(&ev, 0) && bd_event_for(&ev, 1023) && bd_event_for(&ev, -1), "everyone's");
	ev.to = 3;
	CHECK(bd_event_for(&ev, 3), "its seat gets it");
	CHECK(!bd_event_for(&ev, 2) && !bd_event_for(&ev, 4) && !bd_event_for(&ev, -1), "nobody else, no spectator");
}

/* A game's private_lines: "HAND <seat>" (a stand-in for Qwirkle's hand). */
static size_t test_hand(const struct board *b, unsigned seat, char *buf, size_t len)
{
	(void)b;
	int n = snprintf(buf, len, "HAND %u\n", seat);
	return n > 0 && (size_t)n < len ? (size_t)n : 0;
}

/* A real board in this process: an event emitted for one seat is in the ring for that seat
 * alone, and a seat's private lines come from its game's hook, only for a seat this process
 * serves. */
static void test_board_addressed(void)
{
	static struct board b;
	static struct rules hand;
	struct board_settings s = {.name = "main", .game_kind = BD_GAME_MEMORY, .dim = 4, .region_side = 2,
				   .min_players = 2, .first_pick_ms = 1000, .mismatch_ms = 1000, .restart_ms = 1000,
				   .away_ms = 1000};
	struct quota_peer peer = {.uid = getuid(), .pid = getpid(), .exempt = 1};
	struct bd_err err;
	char prefix[32], buf[64];
	int resumed;

	snprintf(prefix, sizeof prefix, "bdgame%d", (int)getpid());
	REQUIRE(board_open(&b, prefix, &s, &resumed) == 0 && !resumed, "a new board");
	int ana = board_seat(&b, "ana", &peer, 0, 0, &err), bob = board_seat(&b, "bob", &peer, 0, 0, &err);
	CHECK(ana >= 0 && bob >= 0 && ana != bob, "two seats: %d %d", ana, bob);
	CHECK(board_private_lines(&b, (unsigned)ana, buf, sizeof buf) == 0, "Memory has no private lines");
	hand = *b.rules;
	hand.private_lines = test_hand;
	b.rules = &hand;
	size_t n = board_private_lines(&b, (unsigned)bob, buf, sizeof buf);
	CHECK(n == strlen("HAND 1\n") && strncmp(buf, "HAND 1\n", n) == 0, "bob's lines: '%.*s'", (int)n, buf);
	b.priv->players[bob].worker_pid = 1; /* served by another worker: not ours to send */
	CHECK(board_private_lines(&b, (unsigned)bob, buf, sizeof buf) == 0, "another worker's seat");
	struct bd_event ev = {.type = BD_EV_STATE, .to = 7}, all = {.type = BD_EV_STATE, .to = 7};
	board_emit(&b, (unsigned)bob, &ev);
	board_emit(&b, BD_NO_PLAYER, &all);
	const struct bd_event *r1 = &b.priv->ring[ev.seq % BD_RING_SIZE], *r2 = &b.priv->ring[all.seq % BD_RING_SIZE];
	CHECK(all.seq == ev.seq + 1 && r1->seq == ev.seq && r2->seq == all.seq, "two events in the ring");
	CHECK(r1->to == bob && bd_event_for(r1, bob) && !bd_event_for(r1, ana) && !bd_event_for(r1, -1), "bob's alone");
	CHECK(r2->to == BD_NO_PLAYER && bd_event_for(r2, bob) && bd_event_for(r2, ana) && bd_event_for(r2, -1),
	      "everyone's");
	board_close(&b, 1);
}

/* Register this file's tests. */
void suite_game(void)
{
	CU_pSuite s = CU_add_suite("game", NULL, NULL);
	CU_add_test(s, "codec_table", test_codec_table);
	CU_add_test(s, "rules_table", test_rules_table);
	CU_add_test(s, "memory_shapes", test_memory_shapes);
	CU_add_test(s, "event_for", test_event_for);
	CU_add_test(s, "board_addressed", test_board_addressed);
}
