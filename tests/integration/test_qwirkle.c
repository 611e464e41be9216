/* test_qwirkle.c: Qwirkle (issue 14) played whole by real clients on a real boardd: games
 * of 2, 3 and 4 seats to their end, each client laying the best-scoring lay the codec's
 * generator finds for its hand (swapping when it cannot lay, passing at the end); every
 * line each client gets is checked for secrecy (no tile but its own hand's and the table's)
 * and its hand, kept from its own events, against the daemon's private segment; bad turns
 * refused with the table unchanged; a practice game; a reconnect that gets the hand back;
 * a client killed mid-turn (its seat forfeits after the away time, its tiles go back to the
 * bag, the game goes on); a clock running out (a pass); the daemon killed mid-game and
 * resumed with its table, bag, hands and turn. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "ipc/game/qwirkle.h"
#include "suites.h"

static struct bd_pub snap;
static unsigned long lines_checked; /* by only_known, for the 1,000-game run's report */

/* A game: its players by seat, a spectator, each player's hand as its own lines told it. */
struct qt {
	unsigned n;
	struct h_client *p[QW_SEATS_MAX], *spec;
	struct qw_hand hand[QW_SEATS_MAX];
	uint64_t hand_seq[QW_SEATS_MAX]; /* the event its last HAND line was up to: earlier ones are in it */
	char conf[64];
	unsigned turns, lays, swaps, passes, over, practice_seen;
};

/* The Qwirkle area of a snapshot taken by cl. */
static const struct qw_pub *area(struct h_client *cl)
{
	static const struct qw_pub none;
	const struct qw_pub *a;

	h_snapshot(cl, &snap);
	a = qw_pub_area(&snap);
	REQUIRE(a != NULL, "the table is not Qwirkle (kind %u)", snap.game_kind);
	return a != NULL ? a : &none;
}

/* The daemon's own hand of seat (its private segment). */
static struct qw_hand priv_hand(unsigned seat)
{
	const struct qw_priv *v = (const void *)h_priv()->area;
	struct qw_hand h = {.n = v->hand[seat].n};

	memcpy(h.tile, v->hand[seat].tile, QW_HAND);
	return h;
}

/* Nonzero if two hands hold the same tiles (in any order). */
static int same_tiles(const struct qw_hand *a, const struct qw_hand *b)
{
	return a->n == b->n && qw_hand_has(a, b->tile, b->n);
}

/* Nonzero if tile is on the table of the last snapshot. */
static int on_table(uint8_t tile)
{
	const struct qw_pub *a = qw_pub_area(&snap);

	for (unsigned i = 0; a != NULL && i < a->ntiles; i++)
		if (a->tile[i].tile == tile)
			return 1;
	return 0;
}

/* Secrecy: every tile a line names (as a tile or a placement, alone or joined by '+') is in
 * hand or on the table (a fresh snapshot by cl). */
static void only_known(struct h_client *cl, const struct bd_msg *m, const struct qw_hand *hand)
{
	lines_checked++;
	h_snapshot(cl, &snap);
	for (int i = 0; i < m->ntok; i++) {
		char part[BD_LINE_MAX + 1];
		snprintf(part, sizeof part, "%s", m->tok[i]);
		for (char *save, *w = strtok_r(part, "+", &save); w != NULL; w = strtok_r(NULL, "+", &save)) {
			struct qw_place pl;
			uint8_t t;
			if (qw_tile_parse(w, &t) < 0 && qw_place_parse(w, &pl) != NULL)
				continue;
			if (qw_place_parse(w, &pl) == NULL)
				t = pl.tile;
			CHECK((hand != NULL && qw_hand_has(hand, &t, 1)) || on_table(t), "%s got tile %s in '%s'", cl->name,
			      w, m->line);
		}
	}
}

/* The seat of a client (-1 for the spectator). */
static int seat_of(struct qt *t, struct h_client *cl)
{
	return cl == t->spec ? -1 : cl->id;
}

/* Take the tiles of token text (joined by '+') out of (take) or into hand h. */
static void tiles_of(const char *text, struct qw_hand *h, int take)
{
	char part[BD_LINE_MAX + 1];

	snprintf(part, sizeof part, "%s", text);
	for (char *save, *w = strtok_r(part, "+", &save); w != NULL; w = strtok_r(NULL, "+", &save)) {
		struct qw_place pl;
		uint8_t tile;
		if (qw_place_parse(w, &pl) == NULL)
			tile = pl.tile;
		else
			REQUIRE(qw_tile_parse(w, &tile) == 0, "not a tile: %s", w);
		if (take && qw_hand_has(h, &tile, 1))
			qw_hand_take(h, &tile, 1);
		else if (!take) {
			REQUIRE(h->n < QW_HAND, "more than 6 tiles in a hand: %s", text);
			h->tile[h->n++] = tile;
		}
	}
}

/* Take cl's lines up to the next turn or the end of the game (its own drew and HAND lines
 * and lays update its hand, every line checked for secrecy): 1 at a turn, 0 at the end
 * (result: the over event's result word). */
static int follow(struct qt *t, struct h_client *cl, char result[16])
{
	struct bd_msg m;
	int seat = seat_of(t, cl);
	struct qw_hand *h = seat >= 0 ? &t->hand[seat] : NULL;

	for (;;) {
		REQUIRE(h_event(cl, &m, H_TIMEOUT_MS), "%s: no turn nor over", cl->name);
		int told = m.kind == BD_MSG_EVENT && seat >= 0 && m.seq <= t->hand_seq[seat]; /* in its HAND */
		if (strcmp(m.word, "drew") == 0) {
			REQUIRE(h != NULL && m.ntok == 2 && h_num(&m, 0) == seat, "%s (seat %d) got '%s'", cl->name, seat,
				m.line);
			if (!told)
				tiles_of(m.tok[1], h, 0);
		} else if (strcmp(m.word, "HAND") == 0) {
			REQUIRE(h != NULL && qw_hand_line_parse((unsigned)m.ntok, m.tok, &t->hand_seq[seat], h) == 0,
				"%s: '%s'", cl->name, m.line);
		} else if (strcmp(m.word, "lay") == 0 && h != NULL && h_num(&m, 0) == seat && !told) {
			tiles_of(m.tok[2], h, 1);
		}
		only_known(cl, &m, h);
		t->practice_seen += strcmp(m.word, "practice") == 0;
		if (strcmp(m.word, "turn") == 0)
			return 1;
		if (strcmp(m.word, "over") == 0) {
			snprintf(result, 16, "%s", m.ntok >= 2 ? m.tok[1] : "?");
			return 0;
		}
	}
}

/* Every client follows to the next turn or the end; they must agree. 1 at a turn. */
static int follow_all(struct qt *t)
{
	char result[QW_SEATS_MAX + 1][16];
	int on = follow(t, t->spec, result[QW_SEATS_MAX]);

	for (unsigned s = 0; s < t->n; s++)
		if (t->p[s] != NULL)
			CHECK(follow(t, t->p[s], result[s]) == on, "%s disagrees on the game's end", t->p[s]->name);
	if (on)
		return 1;
	const struct qw_pub *a = area(t->spec);
	unsigned top = 0, ntop = 0;
	for (unsigned s = 0; s < t->n; s++)
		if (t->p[s] != NULL && a->score[s] >= top)
			ntop = a->score[s] > top ? 1 : ntop + 1, top = a->score[s];
	for (unsigned s = 0; s < t->n; s++)
		if (t->p[s] != NULL)
			CHECK(strcmp(result[s], a->score[s] < top ? "lose" : ntop > 1 ? "draw" : "win") == 0,
			      "seat %u, %u points (top %u, %u seats with it): %s", s, a->score[s], top, ntop, result[s]);
	CHECK(strcmp(result[QW_SEATS_MAX], "none") == 0, "the spectator's result: %s", result[QW_SEATS_MAX]);
	t->over = 1;
	for (unsigned s = 0; s < t->n; s++)
		t->hand[s].n = 0; /* a rematch deals new hands */
	return 0;
}

/* The best lay of hand h on the snapshot's table (qw_move_fn). */
struct best {
	struct qw_move m;
	unsigned score, n;
};

static int best_keep(void *arg, const struct qw_move *m, unsigned score)
{
	struct best *b = arg;

	if (b->n++ == 0 || score > b->score)
		b->m = *m, b->score = score;
	return 0;
}

/* Send a turn's words for seat and check the reply (OK, its tiles known to the seat). */
static void turn_ok(struct qt *t, unsigned seat, const struct qw_hand *before, const char *words)
{
	struct bd_msg reply;

	h_send(t->p[seat], "move %s", words);
	CHECK(h_reply(t->p[seat], &reply, NULL, NULL) == 0, "move %s: '%s'", words, reply.line);
	only_known(t->p[seat], &reply, before);
}

/* The seat to move plays its best lay, or swaps what the bag allows, or passes; everyone
 * follows. Its hand as told must be the daemon's. 1 while the game goes on. */
static int play_turn(struct qt *t)
{
	const struct qw_pub *a = area(t->spec);
	unsigned seat = snap.turn;
	struct qw_pos pos;
	struct best b = {0};
	char words[QW_MOVE_TEXT_MAX + 8];

	REQUIRE(seat < t->n && t->p[seat] != NULL, "turn %u", seat);
	struct qw_hand *h = &t->hand[seat], before = *h, in_priv = priv_hand(seat);
	CHECK(same_tiles(h, &in_priv) && a->hand[seat] == h->n, "seat %u's hand as told differs from the daemon's",
	      seat);
	REQUIRE(qw_pub_table(a, &pos) == NULL, "an unsound table");
	qw_moves(&pos, h, best_keep, &b);
	if (b.n > 0) {
		qw_move_format(&b.m, words);
		t->lays++;
	} else if (a->bag > 0) {
		struct qw_turn give = {.kind = QW_SWAP, .swap = *h};
		give.swap.n = h->n < a->bag ? h->n : a->bag;
		qw_turn_format(&give, words);
		qw_hand_take(h, give.swap.tile, give.swap.n);
		t->swaps++;
	} else {
		snprintf(words, sizeof words, "pass");
		t->passes++;
	}
	turn_ok(t, seat, &before, words);
	t->turns++;
	return follow_all(t);
}

/* A configuration of a Qwirkle table of n seats with more options (",key=value..." of the
 * board, then whole lines), into t->conf. */
static void qt_config(struct qt *t, unsigned n, const char *board_opts, const char *lines)
{
	int fd;

	snprintf(t->conf, sizeof t->conf, "/tmp/boardd-qw.XXXXXX");
	REQUIRE((fd = mkstemp(t->conf)) >= 0, "mkstemp");
	/* no request rate limit: games follow each other as fast as the clients play */
	dprintf(fd, "board = main:qwirkle,seats=%u%s\nmax-rate = 0\n%s", n, board_opts, lines);
	close(fd);
}

/* A daemon with a Qwirkle table of n seats (more options as for qt_config), a spectator and
 * n players seated; the game dealt: each player got its six tiles, the first turn came. */
static void qt_open(struct qt *t, unsigned n, const char *board_opts, const char *lines)
{
	static const char *const names[] = {"ana", "bob", "cid", "dee"};

	memset(t, 0, sizeof *t);
	t->n = n;
	qt_config(t, n, board_opts, lines);
	h_start("--config", t->conf, "--seed", "7", NULL);
	t->spec = h_join("sam", BD_ROLE_SPECTATOR);
	t->spec->skips = 1;
	for (unsigned s = 0; s < n; s++) {
		struct h_client *cl = h_join(names[s], BD_ROLE_PLAYER);
		REQUIRE(cl->id >= 0 && (unsigned)cl->id < n && t->p[cl->id] == NULL, "seat %d", cl->id);
		cl->data = cl->skips = 1;
		t->p[cl->id] = cl;
	}
	REQUIRE(follow_all(t), "the game started");
	for (unsigned s = 0; s < n; s++)
		CHECK(t->hand[s].n == QW_HAND, "seat %u drew %u tiles", s, t->hand[s].n);
	const struct qw_pub *a = area(t->spec);
	CHECK(a->nseats == n && a->bag == QW_TILES - QW_HAND * n && a->ntiles == 0, "dealt: %u seats, bag %u",
	      a->nseats, a->bag);
}

static void qt_close(struct qt *t)
{
	h_stop();
	unlink(t->conf);
}

/* The opener holds a hand at least as good as every other's. */
static void opener_best(struct qt *t)
{
	h_snapshot(t->spec, &snap);
	unsigned first = snap.turn, best = qw_hand_best(&t->hand[first]);

	for (unsigned s = 0; s < t->n; s++)
		CHECK(qw_hand_best(&t->hand[s]) <= best, "seat %u's best group %u, the opener %u's %u", s,
		      qw_hand_best(&t->hand[s]), first, best);
}

/* A whole game of n seats to its end. */
static void whole_game(unsigned n)
{
	struct qt t;

	qt_open(&t, n, "", "");
	opener_best(&t);
	while (t.turns < 600 && play_turn(&t))
		;
	CHECK(t.over, "the game of %u seats ended (%u turns)", n, t.turns);
	const struct qw_pub *a = area(t.spec);
	unsigned emptied = 0;
	for (unsigned s = 0; s < n; s++)
		emptied += a->hand[s] == 0;
	struct qw_pos pos;
	int stuck = qw_pub_table(a, &pos) == NULL;
	for (unsigned s = 0; s < n; s++) {
		struct qw_hand h = priv_hand(s); /* the hands as the game left them */
		stuck &= !qw_can_lay(&pos, &h);
	}
	CHECK(a->bag == 0 && (emptied == 1 || (stuck && a->last == QW_LAST_PASS)),
	      "the end: bag %u, %u hands empty, nobody can lay: %d", a->bag, emptied, stuck);
	CHECK(t.lays > 10, "%u lays, %u swaps, %u passes", t.lays, t.swaps, t.passes);
	qt_close(&t);
}

/* Games of 2, 3 and 4 seats, each followed by rematches, $BD_QWIRKLE_GAMES games in all
 * (default 6; the 1,000-game secrecy run of docs/PERFORMANCE.md sets it): every line every
 * client gets is checked as in whole_game. */
static void test_qw_rematches(void)
{
	const char *env = getenv("BD_QWIRKLE_GAMES");
	long games = env != NULL ? bd_parse_uint(env) : 6, played = 0;
	unsigned long turns = 0, lays = 0, swaps = 0, passes = 0;

	REQUIRE(games > 0, "BD_QWIRKLE_GAMES=%s", env ? env : "");
	for (unsigned n = 2; n <= QW_SEATS_MAX; n++) {
		struct qt t;
		long mine = games / 3 + ((long)(n - 2) < games % 3); /* this seat count's share */
		if (mine == 0)
			continue;
		qt_open(&t, n, "", "");
		opener_best(&t);
		for (long g = 0; g < mine; g++, played++) {
			if (g > 0) { /* a rematch: every seat asks for it */
				for (unsigned s = 0; s < n; s++)
					H_OK(t.p[s], "rematch");
				REQUIRE(follow_all(&t), "the rematch started");
				opener_best(&t);
			}
			t.over = 0;
			for (unsigned turns = 0; turns < 600 && play_turn(&t); turns++)
				;
			CHECK(t.over, "game %ld of %u seats ended", g, n);
		}
		turns += t.turns, lays += t.lays, swaps += t.swaps, passes += t.passes;
		qt_close(&t);
	}
	CHECK(played == games, "%ld games played", played);
	if (env != NULL)
		printf("\nqwirkle: %ld games, %lu turns (%lu lays, %lu swaps, %lu passes), %lu lines checked\n", played,
		       turns, lays, swaps, passes, lines_checked);
}

static void test_qw_two(void)
{
	whole_game(2);
}

static void test_qw_three(void)
{
	whole_game(3);
}

static void test_qw_four(void)
{
	whole_game(4);
}

/* Bad turns: each refused with its code, the table, hands and bag unchanged. */
static void test_qw_bad_input(void)
{
	static const struct { const char *words, *code; } first[] = {
		{"", "syntax"}, {"b4@1", "syntax"}, {"b4@0,500", "range"}, {"swap", "syntax"}, {"pass x", "syntax"},
		{"swap a1", "illegal"}, {"pass", "illegal"},
	};
	struct qt t;
	struct qw_pub before;
	char words[64], tile[QW_TILE_LEN + 1];

	qt_open(&t, 2, "", "");
	h_snapshot(t.spec, &snap);
	unsigned seat = snap.turn, other = !seat;
	before = *area(t.spec);
	for (size_t i = 0; i < sizeof first / sizeof first[0]; i++)
		H_ERR(t.p[seat], first[i].code, "move %s", first[i].words);
	/* a tile the hand does not hold; the first lay off 0,0 or not the largest group */
	for (uint8_t k = 0; k < QW_KINDS; k++)
		if (!qw_hand_has(&t.hand[seat], &k, 1)) {
			qw_tile_format(k, tile);
			break;
		}
	snprintf(words, sizeof words, "%s@0,0", tile);
	H_ERR(t.p[seat], "illegal", "move %s", words);
	qw_tile_format(t.hand[seat].tile[0], tile);
	snprintf(words, sizeof words, "%s@1,0", tile);
	H_ERR(t.p[seat], "illegal", "move %s", words);
	if (qw_hand_best(&t.hand[seat]) > 1)
		H_ERR(t.p[seat], "illegal", "move %s@0,0", tile);
	H_ERR(t.p[other], "turn", "move %s@0,0", tile);
	H_ERR(t.spec, "spectator", "move %s@0,0", tile);
	CHECK(memcmp(area(t.spec), &before, sizeof before) == 0, "the area changed");
	CHECK(play_turn(&t), "the first lay");
	/* the bag is full: no pass; a lay touching nothing */
	h_snapshot(t.spec, &snap);
	seat = snap.turn;
	before = *area(t.spec);
	H_ERR(t.p[seat], "illegal", "move pass");
	qw_tile_format(t.hand[seat].tile[0], tile);
	H_ERR(t.p[seat], "illegal", "move %s@40,40", tile);
	CHECK(memcmp(area(t.spec), &before, sizeof before) == 0, "the area changed");
	qt_close(&t);
}

/* A practice game says so (area, event) and takes a lay of tiles from the bag, leaving the
 * hand as it was; a swap still needs tiles of the hand. */
static void test_qw_practice(void)
{
	struct qt t;
	char words[QW_MOVE_TEXT_MAX] = "", one[QW_PLACE_MAX];

	qt_open(&t, 2, ",practice=on", "");
	CHECK(area(t.spec)->practice == 1, "the area says practice");
	CHECK(t.practice_seen == 3, "the spectator and both players saw the practice event: %u", t.practice_seen);
	h_snapshot(t.spec, &snap);
	unsigned seat = snap.turn, need = qw_hand_best(&t.hand[seat]), bag_before = area(t.spec)->bag;
	const struct qw_priv *v = (const void *)h_priv()->area;
	/* need tiles of one shape that the hand lacks and the bag holds */
	for (unsigned shape = 0, got = 0; shape < QW_SHAPES && got < need; shape++) {
		words[0] = '\0';
		got = 0;
		for (unsigned c = 0; c < QW_COLOURS && got < need; c++) {
			uint8_t k = (uint8_t)(shape * QW_COLOURS + c);
			if (qw_hand_has(&t.hand[seat], &k, 1) || memchr(v->bag, k, v->nbag) == NULL)
				continue;
			struct qw_place pl = {(int8_t)got, 0, k};
			qw_place_format(&pl, one);
			snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s", got ? " " : "", one);
			got++;
		}
	}
	struct qw_hand kept = t.hand[seat];
	H_OK(t.p[seat], "move %s", words);
	CHECK(follow_all(&t), "the game goes on");
	CHECK(same_tiles(&t.hand[seat], &kept) && area(t.spec)->hand[seat] == QW_HAND, "the hand is unchanged");
	CHECK(area(t.spec)->bag == bag_before - need && area(t.spec)->ntiles == need, "bag %u (was %u)",
	      area(t.spec)->bag, bag_before);
	h_snapshot(t.spec, &snap);
	seat = snap.turn;
	for (uint8_t k = 0; k < QW_KINDS; k++)
		if (!qw_hand_has(&t.hand[seat], &k, 1)) {
			qw_tile_format(k, one);
			H_ERR(t.p[seat], "illegal", "move swap %s", one);
			break;
		}
	qt_close(&t);
}

/* A player's seat back with its token on a new connection (the old one closed first);
 * its HAND line comes right after, and must be its hand. */
static void take_back(struct qt *t, unsigned seat, uint64_t token)
{
	static const char *const again[] = {"ana2", "bob2", "cid2", "dee2"};
	struct bd_msg m;
	char err[256];
	struct qw_hand told;

	t->p[seat] = h_connect(again[seat]);
	REQUIRE(bd_client_enter(&t->p[seat]->c, again[seat], BD_ROLE_PLAYER, "main", token, hd.prefix, err,
				sizeof err) == 0, "seat %u back: %s", seat, err);
	t->p[seat]->id = t->p[seat]->c.player;
	t->p[seat]->data = t->p[seat]->skips = 1;
	CHECK(t->p[seat]->id == (int)seat && t->p[seat]->c.token == token, "seat %d, not %u", t->p[seat]->id, seat);
	REQUIRE(h_event(t->p[seat], &m, H_TIMEOUT_MS) && m.kind == BD_MSG_DATA && strcmp(m.word, "HAND") == 0,
		"seat %u: no HAND line after its join (got '%s')", seat, m.line);
	CHECK(qw_hand_line_parse((unsigned)m.ntok, m.tok, &t->hand_seq[seat], &told) == 0 &&
		      same_tiles(&told, &t->hand[seat]),
	      "seat %u's hand back: '%s'", seat, m.line);
	only_known(t->p[seat], &m, &t->hand[seat]);
}

/* A player who lost its connection comes back with its token: its hand is told again; the
 * game goes on to its end. */
static void test_qw_reconnect(void)
{
	struct qt t;
	struct bd_msg m;

	qt_open(&t, 2, "", "");
	for (int i = 0; i < 5; i++)
		REQUIRE(play_turn(&t), "turn %d", i);
	h_snapshot(t.spec, &snap);
	unsigned waiting = !snap.turn;
	uint64_t token = t.p[waiting]->c.token;
	h_close(t.p[waiting]);
	H_WAIT(t.spec, &m, "away");
	take_back(&t, waiting, token);
	H_WAIT(t.spec, &m, "back");
	while (t.turns < 600 && play_turn(&t))
		;
	CHECK(t.over, "the game ended");
	qt_close(&t);
}

/* Three seats; the client of the seat to move is killed: after its away time it forfeits,
 * is out, its tiles go back into the bag, and the two others play the game to its end. */
static void test_qw_killed_mid_turn(void)
{
	struct qt t;
	struct bd_msg m;

	qt_open(&t, 3, "", "away-ms = 1000\n");
	for (int i = 0; i < 4; i++)
		REQUIRE(play_turn(&t), "turn %d", i);
	const struct qw_pub *a = area(t.spec);
	unsigned seat = snap.turn, bag = a->bag, held = a->hand[seat];
	h_close(t.p[seat]);
	t.p[seat] = NULL;
	H_WAIT(t.spec, &m, "away");
	H_WAIT(t.spec, &m, "forfeit");
	CHECK(h_num(&m, 0) == seat, "seat %u forfeits: '%s'", seat, m.line);
	H_WAIT(t.spec, &m, "out");
	CHECK(follow_all(&t), "the game goes on");
	a = area(t.spec);
	CHECK(a->bag == bag + held && a->hand[seat] == 0, "its %u tiles back: bag %u, was %u", held, a->bag, bag);
	CHECK(snap.turn != seat && snap.turn < 3, "the turn passed to seat %u", snap.turn);
	while (t.turns < 600 && play_turn(&t))
		;
	CHECK(t.over, "the game of the two left ended");
	qt_close(&t);
}

/* With a clock, the seat whose time runs out passes: the table is as it was, the next
 * seat is to move. */
static void test_qw_clock_pass(void)
{
	struct qt t;
	struct bd_msg m;

	qt_open(&t, 2, "", "clock-ms = 1500\nincrement-ms = 60000\n");
	h_snapshot(t.spec, &snap);
	unsigned seat = snap.turn;
	H_WAIT(t.spec, &m, "flag");
	CHECK(h_num(&m, 0) == seat, "seat %u's flag: '%s'", seat, m.line);
	CHECK(follow_all(&t), "the game goes on");
	const struct qw_pub *a = area(t.spec);
	CHECK(snap.turn == !seat && a->ntiles == 0 && a->passes == 0 && a->hand[seat] == QW_HAND,
	      "seat %u to move, the table empty", snap.turn);
	CHECK(play_turn(&t), "the other seat lays first");
	qt_close(&t);
}

/* The daemon killed mid-game: the new one resumes the table, bag, hands and turn; every
 * player takes its seat back and gets its hand; the game goes on to its end. */
static void test_qw_daemon_killed(void)
{
	struct qt t;
	struct qw_pub before;
	struct qw_priv priv_before;
	uint64_t token[3];

	qt_open(&t, 3, "", "");
	for (int i = 0; i < 7; i++)
		REQUIRE(play_turn(&t), "turn %d", i);
	before = *area(t.spec);
	unsigned turn = snap.turn;
	priv_before = *(const struct qw_priv *)(const void *)h_priv()->area;
	for (unsigned s = 0; s < 3; s++)
		token[s] = t.p[s]->c.token;
	h_crash_restart();
	h_close(t.spec);
	t.spec = h_join("sam2", BD_ROLE_SPECTATOR);
	t.spec->skips = 1;
	for (unsigned s = 0; s < 3; s++) {
		h_close(t.p[s]);
		take_back(&t, s, token[s]);
	}
	CHECK(follow_all(&t), "the game goes on"); /* every seat back: the turn is told again */
	CHECK(memcmp(area(t.spec), &before, sizeof before) == 0, "the public area resumed as it was");
	CHECK(snap.turn == turn, "seat %u to move, was %u", snap.turn, turn);
	CHECK(memcmp(h_priv()->area, &priv_before, sizeof priv_before) == 0, "the bag and hands resumed as they were");
	while (t.turns < 600 && play_turn(&t))
		;
	CHECK(t.over, "the game ended after the restart");
	qt_close(&t);
}

/* Register this file's tests. */
void suite_qwirkle(void)
{
	CU_pSuite s = CU_add_suite_with_setup_and_teardown("qwirkle", NULL, NULL, h_setup, h_teardown);
	CU_add_test(s, "two_seats", test_qw_two);
	CU_add_test(s, "three_seats", test_qw_three);
	CU_add_test(s, "four_seats", test_qw_four);
	CU_add_test(s, "bad_input", test_qw_bad_input);
	CU_add_test(s, "practice", test_qw_practice);
	CU_add_test(s, "reconnect", test_qw_reconnect);
	CU_add_test(s, "killed_mid_turn", test_qw_killed_mid_turn);
	CU_add_test(s, "clock_pass", test_qw_clock_pass);
	CU_add_test(s, "daemon_killed", test_qw_daemon_killed);
	CU_add_test(s, "rematches", test_qw_rematches);
}
