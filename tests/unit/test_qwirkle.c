/* test_qwirkle.c: Qwirkle's rules and notation (ipc/game/qwirkle.c): every rule of the game
 * on tables written by hand (lines broken, duplicates, gaps, lines longer than 6, tiles that
 * touch nothing, a tile scoring a row and a column, a double Qwirkle, the end bonus, swaps
 * with too small a bag, practice, the first player), the notation refusing malformed input,
 * and the move generator against a brute force over every cell and order with this file's
 * own scoring, on tables met in whole random games. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/board.h"
#include "daemon/quota.h"
#include "ipc/game/qwirkle.h"
#include "ipc/proto.h"
#include "suites.h"
#include "tests/runner.h"

/* Read a table that must be sound. */
static void table(struct qw_pos *p, const char *text)
{
	const char *why = qw_pos_parse(text, p);

	REQUIRE(why == NULL, "table '%s': %s", text, why);
}

static void hand(struct qw_hand *h, const char *text)
{
	const char *why = qw_hand_parse(text, h);

	REQUIRE(why == NULL, "hand '%s': %s", text, why);
}

/* Nonzero if two hands hold the same tiles in any order. */
static int same_hand(const struct qw_hand *a, const struct qw_hand *b)
{
	return a->n == b->n && qw_hand_has(a, b->tile, b->n);
}

/* Read a lay (placements separated by spaces) that must parse. */
static void lay(struct qw_move *m, const char *text)
{
	char buf[256], *tok[8], *save;
	unsigned n = 0;
	struct qw_turn t;
	const char *why;

	snprintf(buf, sizeof buf, "%s", text);
	for (char *w = strtok_r(buf, " ", &save); w != NULL && n < 8; w = strtok_r(NULL, " ", &save))
		tok[n++] = w;
	why = qw_turn_parse(n, (const char *const *)tok, &t);
	REQUIRE(why == NULL && t.kind == QW_LAY, "lay '%s': %s", text, why ? why : "not a lay");
	*m = t.lay;
}

/* qw_check's answer for lay text on table text: the reason, or "" with *score. */
static const char *check(const char *tab, const char *text, unsigned *score)
{
	static struct qw_pos p;
	struct qw_move m;
	const char *why;

	table(&p, tab);
	lay(&m, text);
	*score = 0;
	why = qw_check(&p, &m, score);
	return why ? why : "";
}

/* Expect lay text on table tab to be refused with a reason containing want. */
static void refused(const char *tab, const char *text, const char *want)
{
	unsigned score;
	const char *why = check(tab, text, &score);

	CHECK(strstr(why, want) != NULL && *why != '\0', "%s on %s: '%s', not '%s'", text, tab, why, want);
}

/* Expect lay text on table tab to score want. */
static void scores(const char *tab, const char *text, unsigned want)
{
	unsigned score;
	const char *why = check(tab, text, &score);

	CHECK(*why == '\0' && score == want, "%s on %s: '%s', %u points, not %u", text, tab, why, score, want);
}

/* Tiles, placements, hands and tables in notation, round trips and malformed input. */
static void test_qw_notation(void)
{
	static const char *const bad_place[] = {"b4", "b4@1", "b4@1,", "b4@,1", "g4@0,0", "b7@0,0", "b0@0,0",
						"B4@0,0", "b4@1,2,3", "b4@+1,2", "b4@1,2x", "b4 @1,2", "b4@--1,2", "b4@12345,0"};
	static const char *const bad_table[] = {"a1@0,0 a1@0,0", "a1@0,0 a2@0,0", "a1@1,0", "a1@0,0 a2@2,0",
						"a1@0,0 b2@1,0", "a1@0,0 a1@1,0", "a1@0,0 x", "", "a1@0,0  a2@1,0 -",
						"a1@0,0 a2@1,0 a3@2,0 a4@3,0 a5@4,0 a6@5,0 b1@6,0"};
	struct qw_place pl;
	struct qw_pos p;
	struct qw_hand h;
	uint8_t t;
	char text[QW_TABLE_TEXT_MAX], ht[QW_HAND_TEXT_MAX];

	for (unsigned i = 0; i < QW_KINDS; i++) {
		qw_tile_format((uint8_t)i, text);
		CHECK(qw_tile_parse(text, &t) == 0 && t == i, "tile %u is %s", i, text);
	}
	CHECK(qw_tile_parse("b4", &t) == 0 && qw_shape(t) == 1 && qw_colour(t) == 3, "b4: the second shape, colour 4");
	CHECK(qw_tile_parse("b", &t) < 0 && qw_tile_parse("b44", &t) < 0 && qw_tile_parse("a7", &t) < 0, "bad tiles");
	CHECK(qw_place_parse("f6@-108,108", &pl) == NULL && pl.x == -108 && pl.y == 108, "the far corner");
	CHECK(strcmp(qw_place_parse("a1@109,0", &pl), "off the table") == 0, "109 is off the table");
	for (size_t i = 0; i < sizeof bad_place / sizeof bad_place[0]; i++)
		CHECK(qw_place_parse(bad_place[i], &pl) != NULL, "'%s' read as a placement", bad_place[i]);
	for (size_t i = 0; i < sizeof bad_table / sizeof bad_table[0]; i++)
		CHECK(qw_pos_parse(bad_table[i], &p) != NULL || strcmp(bad_table[i], "") == 0, "'%s' read as a table",
		      bad_table[i]);
	table(&p, "a1@0,0 a2@1,0 b2@1,-1 c2@1,-2");
	qw_pos_format(&p, text);
	CHECK(strcmp(text, "a1@0,0 a2@1,0 b2@1,-1 c2@1,-2") == 0, "table round trip: %s", text);
	CHECK(qw_at(&p, 1, -2) == 2 * 6 + 1 && qw_at(&p, 2, 0) == QW_NO_TILE && qw_at(&p, 0, 0) == 0, "qw_at");
	table(&p, "-");
	qw_pos_format(&p, text);
	CHECK(p.n == 0 && strcmp(text, "-") == 0, "the empty table");
	hand(&h, "f6 a1 a1");
	qw_hand_format(&h, ht);
	CHECK(h.n == 3 && strcmp(ht, "f6 a1 a1") == 0, "hand round trip: %s", ht);
	CHECK(qw_hand_parse("a1 a2 a3 a4 a5 a6 b1", &h) != NULL, "seven tiles in a hand");
	CHECK(qw_hand_parse("a1 x", &h) != NULL, "a bad tile in a hand");
	hand(&h, "-");
	qw_hand_format(&h, ht);
	CHECK(h.n == 0 && strcmp(ht, "-") == 0, "the empty hand");
}

/* A turn's words: lay, swap, pass; malformed and off the table told apart. */
static void test_qw_turns(void)
{
	static const struct { unsigned n; const char *tok[8]; const char *why; } cases[] = {
		{1, {"pass"}, NULL}, {2, {"pass", "a1"}, "malformed"}, {1, {"swap"}, "malformed"},
		{3, {"swap", "a1", "f6"}, NULL}, {2, {"swap", "a9"}, "malformed"},
		{8, {"swap", "a1", "a1", "a1", "a2", "a2", "a2", "a3"}, "malformed"},
		{2, {"a1@0,0", "b1@0,1"}, NULL}, {2, {"a1@0,0", "b1@0,999"}, "off the table"},
		{2, {"b1@0,999", "a1@0,x"}, "malformed"}, {0, {NULL}, "malformed"},
		{7, {"a1@0,0", "a1@0,0", "a1@0,0", "a1@0,0", "a1@0,0", "a1@0,0", "a1@0,0"}, "malformed"},
	};
	struct qw_turn t;
	char text[QW_MOVE_TEXT_MAX];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *why = qw_turn_parse(cases[i].n, cases[i].tok, &t);
		CHECK(cases[i].why ? why && strcmp(why, cases[i].why) == 0 : why == NULL, "turn %zu: %s, not %s", i,
		      why ? why : "ok", cases[i].why ? cases[i].why : "ok");
	}
	qw_turn_parse(3, (const char *const[]){"swap", "a1", "f6"}, &t);
	qw_turn_format(&t, text);
	CHECK(t.kind == QW_SWAP && t.swap.n == 2 && strcmp(text, "swap a1 f6") == 0, "swap: %s", text);
	qw_turn_parse(2, (const char *const[]){"a1@0,0", "b1@0,-1"}, &t);
	qw_turn_format(&t, text);
	CHECK(t.kind == QW_LAY && strcmp(text, "a1@0,0 b1@0,-1") == 0, "lay: %s", text);
	qw_turn_parse(1, (const char *const[]){"pass"}, &t);
	qw_turn_format(&t, text);
	CHECK(t.kind == QW_PASS && strcmp(text, "pass") == 0, "pass: %s", text);
}

/* Lines: one colour with different shapes, or one shape with different colours, at most 6. */
static void test_qw_lines(void)
{
	const char *row = "a1@0,0 a2@1,0 a3@2,0";

	refused(row, "b4@3,0", "one colour with different shapes or one shape with different colours");
	refused("a1@0,0 b1@1,0", "b2@2,0", "one colour");
	refused(row, "a2@3,0", "a tile twice in one line");
	refused(row, "a4@3,0 a4@4,0", "a tile twice in one line");
	refused(row, "a1@-1,0", "a tile twice in one line");
	refused("a1@0,0 a2@1,0 a3@2,0 a4@3,0 a5@4,0 a6@5,0", "b1@6,0", "a line of more than 6 tiles");
	/* a lay that joins two lines into one of more than 6 */
	refused("a1@0,0 a2@1,0 a3@2,0 b3@2,1 c3@2,2 c4@3,2 c5@4,2 b5@4,1 a5@4,0 a4@5,0 a6@6,0", "b1@3,0",
		"a line of more than 6 tiles");
	/* the cross line of one tile: alone it is sound, next to a2 it breaks the rule */
	scores("a1@0,0 b1@0,1", "b2@1,1 b3@2,1", 3);
	refused("a1@0,0 b1@0,1 a2@1,0", "b3@1,1 b4@2,1", "one colour");
}

/* Placement: one row or column, no gap, free cells, touching, the first lay over 0,0. */
static void test_qw_placement(void)
{
	const char *row = "a1@0,0 a2@1,0 a3@2,0";

	refused(row, "a4@3,0 a5@4,1", "not in one row or column");
	refused(row, "a4@3,0 a5@5,0", "a gap between the tiles");
	refused(row, "a4@3,1 a5@3,3", "a gap between the tiles");
	refused(row, "a4@3,0 a5@60,0", "a gap between the tiles");
	scores(row, "a4@-1,0 a5@3,0", 5); /* the table's tiles fill what is between */
	refused(row, "a4@5,5", "the tiles touch nothing on the table");
	refused(row, "a4@4,0 a5@5,0", "the tiles touch nothing on the table");
	refused(row, "a4@100,100", "the tiles touch nothing on the table");
	refused(row, "a4@-100,0 a5@-99,0", "the tiles touch nothing on the table");
	refused(row, "a4@2,0", "the cell is taken");
	refused(row, "a4@3,0 a5@3,0", "two tiles on one cell");
	refused("-", "a4@1,0", "the first lay covers 0,0");
	refused("-", "a4@1,0 a5@2,0", "the first lay covers 0,0");
	refused("-", "a4@90,0", "the first lay covers 0,0");
	scores("-", "a4@0,0", 1);
	scores("-", "a4@0,0 a5@0,1 a6@0,2", 3);
	scores("-", "a4@-1,0 a5@0,0", 2);
}

/* Scoring: each line made or extended counts its tiles; a tile in a row and a column
 * counts in both; 6 more for each line of 6; the end bonus. */
static void test_qw_scoring(void)
{
	/* b2 at 1,1 extends the row b1 and the column a2: 2 + 2 */
	scores("a1@0,0 a2@1,0 b1@0,1", "b2@1,1", 4);
	/* a lay of three in a column, each across a row of its own */
	scores("a1@0,0 a2@1,0 a3@2,0", "a4@-1,0 b4@-1,1 c4@-1,2", 7);
	/* a Qwirkle: a row of 6 scores 12 */
	scores("a1@0,0 a2@1,0 a3@2,0 a4@3,0 a5@4,0", "a6@5,0", 12);
	scores("a1@0,0 a2@1,0 a3@2,0", "a4@3,0 a5@4,0 a6@5,0", 12);
	/* a double Qwirkle: one tile ends a row and a column of 6 */
	scores("a1@0,0 a2@1,0 a3@2,0 a4@3,0 a5@4,0 b5@4,1 b6@5,1 c6@5,2 d6@5,3 e6@5,4 f6@5,5", "a6@5,0", 24);
	/* a line of one tile next to a lay scores nothing */
	scores("a1@0,0", "a2@1,0", 2);
	scores("a1@0,0", "b1@0,1 b2@1,1", 4);
	CHECK(qw_lay_total(7, 0, 0) == 13, "the end bonus: the hand emptied with the bag empty");
	CHECK(qw_lay_total(7, 0, 3) == 7, "no end bonus while the bag has tiles");
	CHECK(qw_lay_total(7, 2, 0) == 7, "no end bonus while the hand has tiles");
}

/* The first player holds the most tiles sharing one attribute (duplicates once) and lays
 * that many; swaps need the tiles in hand and as many in the bag; practice lays any tile. */
static void test_qw_hand_rules(void)
{
	struct qw_pos p;
	struct qw_hand h;
	struct qw_move m;
	unsigned score;
	const char *why;

	hand(&h, "a1 a1 a1 b2 c3 d4");
	CHECK(qw_hand_best(&h) == 1, "three a1 count once: %u", qw_hand_best(&h));
	hand(&h, "a1 a2 a2 b2 c2 f6");
	CHECK(qw_hand_best(&h) == 3, "colour 2 three times: %u", qw_hand_best(&h));
	hand(&h, "a1 a2 a3 a4 b2 c2");
	CHECK(qw_hand_best(&h) == 4, "shape a four times: %u", qw_hand_best(&h));
	hand(&h, "-");
	CHECK(qw_hand_best(&h) == 0, "an empty hand");
	qw_pos_empty(&p);
	hand(&h, "a1 a2 a3 b2 c2 f6");
	lay(&m, "a1@0,0 a2@1,0");
	why = qw_lay_error(&p, &h, 0, &m, &score);
	CHECK(why && strstr(why, "the first lay is the most tiles"), "a first lay of 2 from a best of 3: %s", why);
	lay(&m, "a1@0,0 a2@1,0 a3@2,0");
	CHECK(qw_lay_error(&p, &h, 0, &m, &score) == NULL && score == 3, "the first lay of 3");
	lay(&m, "b2@0,0 a2@1,0 c2@2,0");
	CHECK(qw_lay_error(&p, &h, 0, &m, &score) == NULL && score == 3, "the other group of 3");
	table(&p, "a1@0,0");
	lay(&m, "d1@0,1");
	why = qw_lay_error(&p, &h, 0, &m, &score);
	CHECK(why && strcmp(why, "a tile not in your hand") == 0, "d1 not in hand: %s", why);
	CHECK(qw_lay_error(&p, &h, 1, &m, &score) == NULL && score == 2, "practice lays any tile");
	lay(&m, "a2@1,0 a2@2,0");
	why = qw_lay_error(&p, &h, 0, &m, &score);
	CHECK(why != NULL, "a2 twice: %s", why);
	CHECK(qw_swap_error(&h, (uint8_t[]){0, 1}, 2, 2) == NULL, "swap 2 with 2 in the bag");
	why = qw_swap_error(&h, (uint8_t[]){0, 1, 2}, 3, 2);
	CHECK(why && strstr(why, "the bag holds fewer tiles"), "swap 3 with 2 in the bag: %s", why);
	why = qw_swap_error(&h, (uint8_t[]){0, 0}, 2, 50);
	CHECK(why && strcmp(why, "a tile not in your hand") == 0, "swap a1 twice holding one: %s", why);
	CHECK(qw_swap_error(&h, NULL, 0, 50) != NULL, "swap nothing");
	table(&p, "a1@0,0");
	hand(&h, "a1 b2 c3");
	CHECK(!qw_can_lay(&p, &h), "a1, b2 and c3 fit nowhere next to a1");
	hand(&h, "b2 c3 b1");
	CHECK(qw_can_lay(&p, &h), "b1 fits next to a1");
}

/* --- The move generator against a brute force ------------------------------------------ */
/* A lay in a canonical text (placements ordered by cell) with its score. */
struct found {
	char text[QW_MOVE_TEXT_MAX + 8];
};

struct found_list {
	struct found *f;
	size_t n, cap;
};

static int place_order(const void *a, const void *b)
{
	const struct qw_place *x = a, *y = b;

	return x->y != y->y ? x->y - y->y : x->x - y->x;
}

static void found_add(struct found_list *l, const struct qw_move *m, unsigned score)
{
	struct qw_move c = *m;
	char text[QW_MOVE_TEXT_MAX];

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->f = realloc(l->f, l->cap * sizeof *l->f);
		REQUIRE(l->f != NULL, "realloc");
	}
	qsort(c.p, c.n, sizeof c.p[0], place_order);
	qw_move_format(&c, text);
	snprintf(l->f[l->n++].text, sizeof l->f[0].text, "%s = %u", text, score);
}

static int found_order(const void *a, const void *b)
{
	return strcmp(((const struct found *)a)->text, ((const struct found *)b)->text);
}

/* Sort, drop repeats. */
static void found_unique(struct found_list *l)
{
	size_t k = 0;

	qsort(l->f, l->n, sizeof *l->f, found_order);
	for (size_t i = 0; i < l->n; i++)
		if (k == 0 || strcmp(l->f[k - 1].text, l->f[i].text) != 0)
			l->f[k++] = l->f[i];
	l->n = k;
}

/* This file's own score of a legal lay: the distinct lines through its tiles once it is on
 * the table, each of 2 or more counting its tiles and 6 more at 6; a lone first tile 1. */
static unsigned plain_score(const struct qw_pos *before, const struct qw_move *m)
{
	static struct qw_pos p;
	int seen[2][QW_HAND * 2][2], nseen[2] = {0, 0};
	unsigned total = 0;

	p = *before;
	qw_apply(&p, m);
	for (unsigned i = 0; i < m->n; i++)
		for (int d = 0; d < 2; d++) {
			int dx = d == 0, dy = d == 1, x = m->p[i].x, y = m->p[i].y, len = 0, dup = 0;
			while (qw_at(&p, x - dx, y - dy) != QW_NO_TILE)
				x -= dx, y -= dy;
			for (int k = 0; k < nseen[d]; k++)
				dup |= seen[d][k][0] == x && seen[d][k][1] == y;
			if (dup)
				continue;
			seen[d][nseen[d]][0] = x;
			seen[d][nseen[d]++][1] = y;
			while (qw_at(&p, x + len * dx, y + len * dy) != QW_NO_TILE)
				len++;
			total += len < 2 ? 0 : len == 6 ? 12 : (unsigned)len;
		}
	return total == 0 ? 1 : total;
}

struct gen_arg {
	const struct qw_pos *p;
	const struct qw_hand *h;
	struct found_list *l;
	unsigned bad;
};

/* Keep a generated lay; count it bad if the rules refuse it or score it otherwise. */
static int gen_keep(void *arg, const struct qw_move *m, unsigned score)
{
	struct gen_arg *g = arg;
	unsigned checked;

	if (qw_lay_error(g->p, g->h, 0, m, &checked) != NULL || checked != score || plain_score(g->p, m) != score)
		g->bad++;
	found_add(g->l, m, score);
	return 0;
}

/* Every lay of h's tiles in every order on cells up to 6 apart in one line from each cell
 * near the table, kept when qw_lay_error allows it (cells taken or touching nothing are
 * skipped before asking). */
static void brute(const struct qw_pos *p, const struct qw_hand *h, struct found_list *l)
{
	int x0 = p->n ? p->xmin - 7 : -7, x1 = p->n ? p->xmax + 7 : 7;
	int y0 = p->n ? p->ymin - 7 : -7, y1 = p->n ? p->ymax + 7 : 7;
	unsigned n = h->n;

	for (int d = 0; d < 2; d++)
		for (int y = y0; y <= y1; y++)
			for (int x = x0; x <= x1; x++)
				for (unsigned mask = 1; mask < 1u << 7; mask += 2) { /* offsets from x, y; 0 always */
					unsigned k = (unsigned)__builtin_popcount(mask), orders = 1;
					for (unsigned i = 0; i < k; i++)
						orders *= n;
					for (unsigned order = 0; k <= n && order < orders; order++) {
						struct qw_move m = {0};
						unsigned o = order, used = 0, score, near = p->n == 0;
						for (int off = 0; off < 7; off++) {
							if (!(mask & 1u << off))
								continue;
							unsigned pick = o % n;
							o /= n;
							if (used & 1u << pick) {
								m.n = 0;
								break;
							}
							used |= 1u << pick;
							struct qw_place *pl = &m.p[m.n++];
							*pl = (struct qw_place){(int8_t)(x + off * (d == 0)), (int8_t)(y + off * (d == 1)),
										h->tile[pick]};
							if (qw_at(p, pl->x, pl->y) != QW_NO_TILE) {
								m.n = 0;
								break;
							}
							near |= qw_at(p, pl->x + 1, pl->y) != QW_NO_TILE ||
								qw_at(p, pl->x - 1, pl->y) != QW_NO_TILE ||
								qw_at(p, pl->x, pl->y + 1) != QW_NO_TILE ||
								qw_at(p, pl->x, pl->y - 1) != QW_NO_TILE;
						}
						if (m.n > 0 && near && qw_lay_error(p, h, 0, &m, &score) == NULL)
							found_add(l, &m, plain_score(p, &m));
					}
				}
}

/* A small deterministic generator for the random games. */
static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Compare the generator with the brute force for h's first three tiles on p. */
static void compare(const struct qw_pos *p, const struct qw_hand *full, unsigned *compared)
{
	struct qw_hand h = *full;
	struct found_list a = {0}, b = {0};
	struct gen_arg g = {p, &h, &a, 0};

	h.n = h.n > 3 ? 3 : h.n;
	if (h.n == 0)
		return;
	unsigned given = qw_moves(p, &h, gen_keep, &g);
	size_t before = a.n;
	found_unique(&a);
	brute(p, &h, &b);
	found_unique(&b);
	CHECK(g.bad == 0, "%u generated lays refused or scored otherwise", g.bad);
	CHECK(before == a.n && given == a.n, "the generator gave a lay twice (%zu, %zu unique)", before, a.n);
	CHECK(a.n == b.n, "the generator found %zu lays, the brute force %zu (table of %u)", a.n, b.n, p->n);
	for (size_t i = 0; i < a.n && i < b.n; i++)
		if (strcmp(a.f[i].text, b.f[i].text) != 0) {
			CHECK(0, "lay %zu: generated '%s', brute force '%s'", i, a.f[i].text, b.f[i].text);
			break;
		}
	(*compared)++;
	free(a.f);
	free(b.f);
}

/* Best lay (qw_move_fn): the highest score, the first found on ties. */
struct best {
	struct qw_move m;
	unsigned score, n;
};

static int best_keep(void *arg, const struct qw_move *m, unsigned score)
{
	struct best *b = arg;

	if (b->n++ == 0 || score > b->score) {
		b->m = *m;
		b->score = score;
	}
	return 0;
}

/* Whole two-player games of greedy play from a shuffled bag: every table stays sound, the
 * generator agrees with the brute force along the way, the game ends by an emptied hand with
 * the end bonus or by nobody able to move. */
static void test_qw_random_games(void)
{
	uint64_t rng = 0x9e3779b97f4a7c15ull;
	unsigned compared = 0, bonus_games = 0;

	for (int game = 0; game < 12; game++) {
		static struct qw_pos p, reload;
		uint8_t bag[QW_TILES];
		unsigned nbag = QW_TILES, score[2] = {0, 0}, passes = 0, turn;
		struct qw_hand h[2] = {{0}, {0}};
		for (unsigned i = 0; i < QW_TILES; i++)
			bag[i] = (uint8_t)(i % QW_KINDS);
		for (unsigned i = QW_TILES - 1; i > 0; i--) {
			unsigned j = (unsigned)(rng_next(&rng) % (i + 1));
			uint8_t t = bag[i];
			bag[i] = bag[j];
			bag[j] = t;
		}
		for (int s = 0; s < 2; s++)
			while (h[s].n < QW_HAND)
				h[s].tile[h[s].n++] = bag[--nbag];
		turn = qw_hand_best(&h[1]) > qw_hand_best(&h[0]);
		qw_pos_empty(&p);
		for (int ply = 0; ply < 300 && passes < 2; ply++, turn ^= 1) {
			struct best b = {0};
			qw_moves(&p, &h[turn], best_keep, &b);
			if (ply % 9 == 0 || p.n == 0)
				compare(&p, &h[turn], &compared);
			if (b.n == 0) {
				CHECK(p.n > 0, "a first hand has a lay");
				passes += nbag == 0;
				if (nbag > 0) { /* swap the whole hand when it cannot lay */
					unsigned k = h[turn].n < nbag ? h[turn].n : nbag;
					for (unsigned i = 0; i < k; i++) {
						uint8_t t = h[turn].tile[i];
						h[turn].tile[i] = bag[nbag - 1 - i];
						bag[nbag - 1 - i] = t;
					}
				}
				continue;
			}
			passes = 0;
			CHECK(p.n > 0 || b.m.n == qw_hand_best(&h[turn]), "the first lay plays the best group");
			qw_apply(&p, &b.m);
			for (unsigned i = 0; i < b.m.n; i++)
				qw_hand_take(&h[turn], &b.m.p[i].tile, 1);
			while (h[turn].n < QW_HAND && nbag > 0)
				h[turn].tile[h[turn].n++] = bag[--nbag];
			score[turn] += qw_lay_total(b.score, h[turn].n, nbag);
			CHECK(qw_pos_load(&reload, p.tile, p.n) == NULL, "the table stays sound (%u tiles)", p.n);
			if (h[turn].n == 0) {
				bonus_games++;
				break;
			}
		}
		CHECK(score[0] + score[1] > 0, "game %d scored", game);
	}
	CHECK(compared >= 60, "only %u tables compared", compared);
	CHECK(bonus_games > 0, "no game ended by an emptied hand");
}

/* Its events as protocol lines and back; malformed fields refused. */
static void test_qw_codec_events(void)
{
	static const char *const bad[] = {
		"EVENT 7 lay 0 5 b4@1,0+", "EVENT 7 lay 0 5 +b4@1,0", "EVENT 7 lay 0 5 b4@1,0++c4@2,0",
		"EVENT 7 lay 0 5 a1@0,0+a2@1,0+a3@2,0+a4@3,0+a5@4,0+a6@5,0+b1@6,0", "EVENT 7 lay 0 5 b4",
		"EVENT 7 drew 1 b9", "EVENT 7 drew 1 b4@0,0", "EVENT 7 drew 1", "EVENT 7 swap 1", "EVENT 7 passed",
		"EVENT 7 practice 1",
	};
	static const struct { struct bd_event ev; struct qw_ev e; const char *line; } ok[] = {
		{{.seq = 5, .type = QW_EV_LAY, .player = 1, .n = 7}, {2, {{-1, 2, 7}, {0, 2, 8}}, {0}},
		 "EVENT 5 lay 1 7 b2@-1,2+b3@0,2\n"},
		{{.seq = 6, .type = QW_EV_SWAP, .player = 0, .n = 3}, {0}, "EVENT 6 swap 0 3\n"},
		{{.seq = 7, .type = QW_EV_PASSED, .player = 2}, {0}, "EVENT 7 passed 2\n"},
		{{.seq = 8, .type = QW_EV_DREW, .player = 3}, {3, {{0}}, {0, 35, 12}}, "EVENT 8 drew 3 a1+f6+c1\n"},
		{{.seq = 9, .type = QW_EV_PRACTICE}, {0}, "EVENT 9 practice\n"},
	};
	struct bd_msg m;
	struct bd_event ev, back;
	char line[BD_LINE_MAX];

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		ev = ok[i].ev;
		ev.to = BD_NO_PLAYER;
		*qw_ev_w(&ev) = ok[i].e;
		bd_event_format(line, sizeof line, &ev, QW_DIM, "none", 0);
		CHECK(strcmp(line, ok[i].line) == 0, "event %zu: %s", i, line);
		line[strlen(line) - 1] = '\0';
		memset(&back, 0, sizeof back);
		REQUIRE(bd_msg_parse(line, &m) == 0 && bd_msg_event(&m, QW_DIM, &back) == 0, "%s parses", line);
		CHECK(back.type == ev.type && back.player == ev.player && back.n == ev.n &&
			      qw_ev(&back)->n == ok[i].e.n &&
			      memcmp(qw_ev(&back)->p, ok[i].e.p, ok[i].e.n * sizeof ok[i].e.p[0] * (ev.type == QW_EV_LAY)) == 0 &&
			      memcmp(qw_ev(&back)->tile, ok[i].e.tile, ok[i].e.n * (ev.type == QW_EV_DREW)) == 0,
		      "'%s' read back", line);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(line, sizeof line, "%s", bad[i]);
		CHECK(bd_msg_parse(line, &m) != 0 || bd_msg_event(&m, QW_DIM, &back) != 0, "'%s' read", bad[i]);
	}
}

/* The HAND line, the move's words with their error codes, the public area's checks. */
static void test_qw_codec_area(void)
{
	static const struct { unsigned n; const char *tok[3]; const char *code; } bad[] = {
		{0, {NULL}, "syntax"}, {1, {"b4@0"}, "syntax"}, {1, {"b4@0,200"}, "range"}, {1, {"swap"}, "syntax"},
		{2, {"pass", "now"}, "syntax"},
	};
	static struct qw_pub a;
	const struct bd_game *g = &bd_game_qwirkle;
	struct qw_hand h, back;
	uint64_t seq;
	struct qw_turn t;
	struct bd_err err = {0};
	char line[64];

	hand(&h, "a1 f6 c3");
	qw_hand_line(&h, 12345678901ull, line, sizeof line);
	CHECK(strcmp(line, "HAND 12345678901 3 a1 f6 c3\n") == 0, "HAND line: %s", line);
	CHECK(qw_hand_line_parse(5, (const char *const[]){"12345678901", "3", "a1", "f6", "c3"}, &seq, &back) == 0 &&
		      same_hand(&h, &back) && seq == 12345678901ull,
	      "HAND read back");
	CHECK(qw_hand_line_parse(4, (const char *const[]){"7", "3", "a1", "f6"}, &seq, &back) < 0, "a tile short");
	CHECK(qw_hand_line_parse(3, (const char *const[]){"7", "1", "z1"}, &seq, &back) < 0, "a bad tile");
	CHECK(qw_hand_line_parse(3, (const char *const[]){"x", "1", "a1"}, &seq, &back) < 0, "a bad event number");
	h.n = 0;
	qw_hand_line(&h, 9, line, sizeof line);
	CHECK(strcmp(line, "HAND 9 0\n") == 0 && qw_hand_line_parse(2, (const char *const[]){"9", "0"}, &seq, &back) == 0 &&
		      back.n == 0,
	      "an empty HAND: %s", line);
	CHECK(qw_turn_read(2, (const char *const[]){"b4@0,0", "b5@1,0"}, &t, &err) == 0 && t.kind == QW_LAY && t.lay.n == 2,
	      "a lay read");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err.code = NULL;
		CHECK(qw_turn_read(bad[i].n, bad[i].tok, &t, &err) < 0 && err.code && strcmp(err.code, bad[i].code) == 0,
		      "turn %zu: %s, not %s", i, err.code ? err.code : "accepted", bad[i].code);
	}
	struct bd_game_shape s = {QW_DIM, 1};
	CHECK(g->shape_check(&s) == NULL && g->pub_size(&s) == sizeof a && g->nregions(&s) == 1, "one shape");
	CHECK(g->shape_check(&(struct bd_game_shape){2, 1}) != NULL, "dim 2 refused");
	CHECK(g->area_check(&a) == NULL, "an area never dealt");
	a.bag = QW_TILES;
	CHECK(g->area_check(&a) == NULL, "the bag full, no hand yet");
	a.nseats = 2, a.bag = QW_TILES - 12, a.hand[0] = a.hand[1] = 6;
	CHECK(g->area_check(&a) == NULL, "just dealt");
	a.bag--;
	CHECK(g->area_check(&a) != NULL, "a tile missing");
	a.bag++, a.hand[2] = 1, a.bag--;
	CHECK(g->area_check(&a) != NULL, "a hand for a seat not dealt");
	a.hand[2] = 0, a.ntiles = 2, a.bag--;
	a.tile[0] = (struct qw_place){0, 0, 0}, a.tile[1] = (struct qw_place){1, 0, 7};
	CHECK(g->area_check(&a) != NULL, "a broken line (a1 b2)");
	a.tile[1].tile = 1;
	CHECK(g->area_check(&a) == NULL, "a1 a2 laid");
	a.last = QW_LAST_LAY, a.last_n = 3;
	CHECK(g->area_check(&a) != NULL, "a last lay of more tiles than the table");
	a.last_n = 2, a.practice = 2;
	CHECK(g->area_check(&a) != NULL, "practice 2");
}

/* --- Secrecy: the public area shows nothing of the hands and the bag --------------------- */
/* A Qwirkle table of two seats in this process (daemon/board.c), seed seed, its match on. */
static void table_open(struct board *b, const char *name, uint64_t seed)
{
	struct board_settings s = {.game_kind = BD_GAME_QWIRKLE, .dim = QW_DIM, .region_side = 1, .min_players = 2,
				   .seats = 2, .restart_ms = 1000, .away_ms = 1000, .seed = seed,
				   .move_limit_ms = 600000};
	struct quota_peer peer = {.uid = getuid(), .pid = getpid(), .exempt = 1};
	struct bd_err err;
	static char prefix[32]; /* the board keeps a pointer to it */
	int resumed;

	snprintf(s.name, sizeof s.name, "%s", name);
	bd_game_option_defaults(&bd_game_qwirkle, s.opt);
	snprintf(prefix, sizeof prefix, "bdqw%d", (int)getpid());
	REQUIRE(board_open(b, prefix, &s, &resumed) == 0 && !resumed, "a new board %s", name);
	REQUIRE(board_seat(b, "ana", &peer, 0, 0, &err) == 0 && board_seat(b, "bob", &peer, 0, 0, &err) == 1,
		"two seats: %s", err.text);
	REQUIRE(qw_pub_area(b->pub)->nseats == 2, "the match started");
}

/* Make seat's hand hold tile, swapping it in from the bag for a tile the hand does not
 * need (one not in keep); fatal if the bag has none. */
static void rig(struct board *b, unsigned seat, uint8_t tile, const struct qw_hand *keep)
{
	struct qw_priv *v = (struct qw_priv *)(void *)b->priv->area;
	struct qw_priv_hand *h = &v->hand[seat];
	struct qw_hand now = {.n = h->n};
	uint8_t *in;

	memcpy(now.tile, h->tile, QW_HAND);
	if (qw_hand_has(&now, &tile, 1))
		return;
	REQUIRE((in = memchr(v->bag, tile, v->nbag)) != NULL, "the bag holds no more of tile %u", tile);
	for (unsigned i = 0; i < h->n; i++)
		if (!qw_hand_has(keep, &h->tile[i], 1)) {
			*in = h->tile[i];
			h->tile[i] = tile;
			return;
		}
	REQUIRE(0, "no room in the hand for tile %u", tile);
}

/* Play the turn of words (separated by spaces) by seat on b: it must be accepted. When the
 * turn is a lay its tiles are first put in the hand (rig). */
static void turn(struct board *b, unsigned seat, const char *words)
{
	char buf[128], *tok[8], *save;
	unsigned n = 0;
	struct qw_turn t;
	struct bd_err err = {0};

	snprintf(buf, sizeof buf, "%s", words);
	for (char *w = strtok_r(buf, " ", &save); w != NULL && n < 8; w = strtok_r(NULL, " ", &save))
		tok[n++] = w;
	REQUIRE(qw_turn_parse(n, (const char *const *)tok, &t) == NULL, "%s", words);
	struct qw_hand keep = {0};
	for (unsigned i = 0; t.kind == QW_LAY && i < t.lay.n; i++)
		keep.tile[keep.n++] = t.lay.p[i].tile;
	for (unsigned i = 0; i < keep.n; i++)
		rig(b, seat, keep.tile[i], &keep);
	REQUIRE(b->pub->turn == seat, "seat %u to move, not %u", b->pub->turn, seat);
	REQUIRE(board_move(b, seat, n, (const char *const *)tok, &err) == 0, "%s by seat %u: %s %s", words, seat,
		err.code, err.text);
}

/* The words of a swap of seat's first k tiles (they differ from table to table). */
static const char *swap_words(struct board *b, unsigned seat, unsigned k)
{
	static char out[QW_MOVE_TEXT_MAX];
	const struct qw_priv *v = (const void *)b->priv->area;
	struct qw_turn t = {.kind = QW_SWAP, .swap = {.n = k}};

	memcpy(t.swap.tile, v->hand[seat].tile, k);
	qw_turn_format(&t, out);
	return out;
}

/* Two tables dealt differently (other seeds) that go through the same public turns (the
 * lays' tiles put in the hands first, swaps of as many tiles): their public areas stay
 * byte for byte the same while the hands and bags differ, and so do the events for
 * everyone; only the events for one seat (drew) differ. */
static void test_qw_public_identical(void)
{
	static struct board a, b;
	const char *script[] = {"a1@0,0 a2@1,0 a3@2,0", NULL, "b1@0,1", "a4@3,0 a5@4,0", NULL, "c1@0,2 c2@1,2"};
	uint64_t seed = 2;

	table_open(&a, "qwa", 1);
	for (;; seed++) { /* the same seat opens on both tables */
		table_open(&b, "qwb", seed);
		if (b.pub->turn == a.pub->turn)
			break;
		board_close(&b, 1);
		REQUIRE(seed < 40, "no seed opens with the same seat");
	}
	unsigned first = a.pub->turn;
	struct qw_priv *va = (void *)a.priv->area, *vb = (void *)b.priv->area;
	/* the first lay is the hand's largest group: make it three */
	for (unsigned s = 0; s < 2; s++) {
		static const uint8_t lone[2][QW_HAND] = {{0, 1, 2, 1 * 6 + 3, 2 * 6 + 4, 3 * 6 + 5}, {0, 1, 2, 4 * 6 + 3, 5 * 6 + 4, 1 * 6 + 5}};
		struct board *t = s ? &b : &a;
		struct qw_priv *v = s ? vb : va;
		struct qw_hand want = {.n = QW_HAND};
		memcpy(want.tile, lone[s], QW_HAND);
		for (unsigned i = 0; i < QW_HAND; i++)
			rig(t, first, want.tile[i], &want);
		CHECK(qw_hand_best(&want) == 3 && v->hand[first].n == QW_HAND, "a best group of 3");
	}
	for (unsigned k = 0; k < sizeof script / sizeof script[0]; k++) {
		unsigned seat = k % 2 ? !first : first;
		char swap_a[QW_MOVE_TEXT_MAX];
		if (script[k] != NULL) {
			turn(&a, seat, script[k]);
			turn(&b, seat, script[k]);
		} else {
			snprintf(swap_a, sizeof swap_a, "%s", swap_words(&a, seat, 3));
			turn(&a, seat, swap_a);
			turn(&b, seat, swap_words(&b, seat, 3));
		}
		CHECK(memcmp(a.pub->area, b.pub->area, a.pub->area_size) == 0, "turn %u: the public areas differ", k);
		CHECK(memcmp(va->hand, vb->hand, sizeof va->hand) != 0 && memcmp(va->bag, vb->bag, va->nbag) != 0,
		      "turn %u: the hands and bags are the same: the test shows nothing", k);
	}
	CHECK(qw_pub_area(a.pub)->ntiles == 8 && a.pub->event_seq == b.pub->event_seq, "%u tiles, events %llu %llu",
	      qw_pub_area(a.pub)->ntiles, (unsigned long long)a.pub->event_seq, (unsigned long long)b.pub->event_seq);
	unsigned everyone = 0, own = 0;
	for (uint64_t s = 1; s <= a.pub->event_seq; s++) {
		const struct bd_event *ea = &a.priv->ring[s % BD_RING_SIZE], *eb = &b.priv->ring[s % BD_RING_SIZE];
		REQUIRE(ea->seq == s && eb->seq == s && ea->type == eb->type && ea->to == eb->to, "event %llu",
			(unsigned long long)s);
		if (ea->to == BD_NO_PLAYER) {
			everyone++;
			CHECK(ea->player == eb->player && ea->n == eb->n && ea->m == eb->m &&
				      memcmp(ea->game, eb->game, sizeof ea->game) == 0,
			      "event %llu for everyone differs", (unsigned long long)s);
		} else {
			own++;
			CHECK(ea->type == QW_EV_DREW && ea->to == ea->player, "event %llu for seat %u alone: type %u",
			      (unsigned long long)s, ea->to, ea->type);
		}
	}
	CHECK(everyone > 6 && own >= 6, "%u events for everyone, %u for one seat", everyone, own);
	board_close(&a, 1);
	board_close(&b, 1);
}

/* With the bag empty, a lay after which no hand can lay ends the game at once (nobody can
 * move: no swap, no lay), without a pass from each seat: both hands hold a1 and tiles that
 * share nothing with it; the opener lays a1 and wins 1 to 0. A seat that can still lay
 * keeps the game on. */
static void test_qw_stuck_end(void)
{
	static struct board b;
	static const uint8_t apart[QW_HAND] = {0, 1 * 6 + 1, 2 * 6 + 2, 3 * 6 + 3, 4 * 6 + 4, 5 * 6 + 5}; /* a1 b2 .. f6 */
	struct qw_hand want = {.n = QW_HAND};

	memcpy(want.tile, apart, QW_HAND);
	for (int open = 0; open < 2; open++) {
		table_open(&b, "qws", 3);
		struct qw_priv *v = (void *)b.priv->area;
		unsigned first = b.pub->turn;
		for (unsigned s = 0; s < 2; s++)
			for (unsigned i = 0; i < QW_HAND; i++)
				rig(&b, s, want.tile[i], &want);
		if (open) /* the other seat holds a2 for a1's b2: it can lay next to a1 */
			v->hand[!first].tile[1] = 1;
		v->nbag = 0;
		turn(&b, first, "a1@0,0");
		const struct qw_pub *a = qw_pub_area(b.pub);
		if (open)
			CHECK(b.pub->game_state != BD_GAME_OVER && b.pub->turn == !first && a->score[first] == 1,
			      "a seat can still lay: the game goes on");
		else
			CHECK(b.pub->game_state == BD_GAME_OVER && b.pub->players[first].result == BD_RESULT_WIN &&
				      b.pub->players[!first].result == BD_RESULT_LOSE && a->score[first] == 1 &&
				      a->hand[first] == 5 && a->hand[!first] == 6,
			      "nobody can move after a1: over (state %u), scores %u %u", b.pub->game_state, a->score[0],
			      a->score[1]);
		board_close(&b, 1);
	}
}

/* Register this file's tests. */
void suite_qwirkle(void)
{
	CU_pSuite s = CU_add_suite("qwirkle", NULL, NULL);
	CU_add_test(s, "notation", test_qw_notation);
	CU_add_test(s, "turns", test_qw_turns);
	CU_add_test(s, "lines", test_qw_lines);
	CU_add_test(s, "placement", test_qw_placement);
	CU_add_test(s, "scoring", test_qw_scoring);
	CU_add_test(s, "hand_rules", test_qw_hand_rules);
	CU_add_test(s, "random_games", test_qw_random_games);
	CU_add_test(s, "codec_events", test_qw_codec_events);
	CU_add_test(s, "codec_area", test_qw_codec_area);
	CU_add_test(s, "public_identical", test_qw_public_identical);
	CU_add_test(s, "stuck_end", test_qw_stuck_end);
}
