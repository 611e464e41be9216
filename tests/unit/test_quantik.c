/* test_quantik.c: Quantik's rules and notation (ipc/game/quantik.c) against plain code
 * written here (a board of 16 characters, lines found by arithmetic, no bitboards): every
 * rule of issue 13 on positions made by hand, perft 4 from the empty board against this
 * file's own count, random rounds checked move by move, the notation's round trips and
 * refusals, the board's symmetries; its codec (area checks, events, the move request). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/game/quantik.h"
#include "ipc/proto.h"
#include "suites.h"
#include "tests/runner.h"

/* --- The plain rules ------------------------------------------------------------------- */

/* Nonzero if cells a and b share a row, a column or a 2x2 zone. */
static int plain_share(int a, int b)
{
	int ra = a / 4, ca = a % 4, rb = b / 4, cb = b % 4;

	return ra == rb || ca == cb || (ra / 2 == rb / 2 && ca / 2 == cb / 2);
}

/* The opponent's letter of piece ch ('A' <-> 'a'). */
static char plain_other(char ch)
{
	return ch >= 'a' ? (char)(ch - 'a' + 'A') : (char)(ch - 'A' + 'a');
}

/* The side to move of board b: 'A' (upper case) or 'a'. */
static char plain_mover(const char *b)
{
	int up = 0, low = 0;

	for (int i = 0; i < 16; i++) {
		up += b[i] >= 'A' && b[i] <= 'D';
		low += b[i] >= 'a' && b[i] <= 'd';
	}
	return up > low ? 'a' : 'A';
}

/* Nonzero if the mover may put piece ch (its own letter) at cell c of b. */
static int plain_legal(const char *b, char ch, int c)
{
	int same = 0;

	if (b[c] != '.')
		return 0;
	for (int i = 0; i < 16; i++) {
		same += b[i] == ch;
		if (b[i] == plain_other(ch) && plain_share(i, c))
			return 0;
	}
	return same < 2;
}

/* Nonzero if the row, column or zone of cell c of b holds four different shapes. */
static int plain_won_at(const char *b, int c)
{
	for (int l = 0; l < 3; l++) {
		int seen = 0, n = 0;
		for (int i = 0; i < 16; i++) {
			int in = l == 0 ? i / 4 == c / 4 : l == 1 ? i % 4 == c % 4 : i / 8 == c / 8 && i % 4 / 2 == c % 4 / 2;
			if (in && b[i] != '.') {
				seen |= 1 << ((b[i] | 0x20) - 'a');
				n++;
			}
		}
		if (n == 4 && seen == 0xf)
			return 1;
	}
	return 0;
}

/* Nonzero if some row, column or zone of b holds four different shapes. */
static int plain_won(const char *b)
{
	for (int c = 0; c < 16; c++)
		if (b[c] != '.' && plain_won_at(b, c))
			return 1;
	return 0;
}

/* Nonzero if the mover of b has a legal placement. */
static int plain_can_move(const char *b)
{
	char base = plain_mover(b);

	for (int k = 0; k < 4; k++)
		for (int c = 0; c < 16; c++)
			if (plain_legal(b, (char)(base + k), c))
				return 1;
	return 0;
}

/* Perft by the plain rules: seq[d] and won[d][side] for depth d + 1. */
static void plain_perft(char *b, int depth, int d, uint64_t *seq, uint64_t (*won)[2])
{
	char base = plain_mover(b);

	for (int k = 0; k < 4; k++)
		for (int c = 0; c < 16; c++) {
			if (!plain_legal(b, (char)(base + k), c))
				continue;
			b[c] = (char)(base + k);
			seq[d]++;
			if (plain_won_at(b, c) || !plain_can_move(b))
				won[d][base == 'a']++;
			else if (depth > 1)
				plain_perft(b, depth - 1, d + 1, seq, won);
			b[c] = '.';
		}
}

/* QFEN of 16 cells into out (20 bytes). */
static void plain_qfen(const char *b, char *out)
{
	for (int r = 0; r < 4; r++) {
		memcpy(out + r * 5, b + r * 4, 4);
		out[r * 5 + 4] = r < 3 ? '/' : '\0';
	}
}

/* --- Rules by hand ------------------------------------------------------------------------- */

/* Parse a position the test means to be sound. */
static struct qk_pos pos_of(const char *qfen)
{
	struct qk_pos p;

	qk_pos_empty(&p);
	CHECK(qk_pos_parse(&p, qfen) == 0, "%s: %s", qfen, qk_pos_error(qfen) ? qk_pos_error(qfen) : "");
	return p;
}

/* The move of its text. */
static unsigned move_of(const char *text)
{
	unsigned m = 99;

	REQUIRE(qk_move_parse(text, &m) == 0, "move %s", text);
	return m;
}

/* The reason qk_illegal gives for move text in qfen ("" if legal). */
static const char *why_of(const char *qfen, const char *text)
{
	struct qk_pos p = pos_of(qfen);
	const char *why = qk_illegal(&p, move_of(text));

	return why == NULL ? "" : why;
}

/* The same-shape rule: the opponent's piece of that shape forbids its row, column and zone,
 * one's own does not; other shapes never forbid. */
static void test_qk_same_shape(void)
{
	/* the first mover's A at 5; the second mover to move */
	CHECK(strcmp(why_of("..../.A../..../....", "A4"), "an opponent's A is in its row") == 0, "row");
	CHECK(strcmp(why_of("..../.A../..../....", "A13"), "an opponent's A is in its column") == 0, "column");
	CHECK(strcmp(why_of("..../.A../..../....", "A0"), "an opponent's A is in its zone") == 0, "zone");
	CHECK(strcmp(why_of("..../.A../..../....", "A10"), "") == 0, "A10: %s", why_of("..../.A../..../....", "A10"));
	CHECK(strcmp(why_of("..../.A../..../....", "B4"), "") == 0, "another shape in its row");
	CHECK(strcmp(why_of("..../.A../..../....", "A5"), "the cell is taken") == 0, "taken");
	/* the first mover again: its own A at 5 does not forbid a second A beside it */
	CHECK(strcmp(why_of("..../.Ab./..../....", "A4"), "") == 0, "own A in the row");
	CHECK(strcmp(why_of("..../.Ab./..../....", "A0"), "") == 0, "own A in the zone");
	CHECK(strcmp(why_of("..../.Ab./..../....", "B7"), "an opponent's B is in its row") == 0, "their B");
	/* two A placed: none left */
	CHECK(strcmp(why_of("A.../.A../b.../...c", "A10"), "both A are placed") == 0, "used up");
	struct qk_pos p = pos_of("..../.A../..../....");
	CHECK(qk_legal_cells(&p, 0) == (QK_ALL & ~(qk_cell_reach[5])), "A's cells %#x", qk_legal_cells(&p, 0));
	CHECK(qk_legal_cells(&p, 1) == (QK_ALL & ~(1u << 5)), "B's cells");
}

/* Wins by a row, a column and a zone, whoever owns the other pieces; non-wins: a
 * diagonal, the centre 2x2, a full line with a repeated shape. */
static void test_qk_wins(void)
{
	static const struct { const char *qfen; int winner; const char *how; } cases[] = {
		{"AbCd/..../..../....", 1, "row0"},
		{".b../..../..../AcBD", 0, "row3"},
		{"..A./..b./..C./..d.", 1, "col2"},
		{"..../..../Ab../cD..", 1, "zone2"},
		{"..Ab/..cD/..../....", 1, "zone1"},
		{"A.../.b../..C./...d", -1, ""},  /* the diagonal */
		{"..../.Ab./.Cd./....", -1, ""},  /* the centre 2x2 */
		{"AAbc/..../..../....", -1, ""},  /* a full row, A twice */
		{"AbCb/..../..../....", -1, ""},  /* a full row, b twice */
	};
	char how[QK_HOW_NAME];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct qk_pos p = pos_of(cases[i].qfen);
		unsigned line = 99, m[QK_MOVES_MAX];
		int r = qk_result(&p, &line);
		how[0] = '\0';
		if (r >= 0)
			qk_how_name(line, how);
		CHECK(r == cases[i].winner && strcmp(how, cases[i].how) == 0, "%s: %d %s", cases[i].qfen, r, how);
		CHECK((r >= 0) == (qk_moves(&p, m) == 0), "%s: moves after the end", cases[i].qfen);
	}
	/* the winning move itself, by the first mover, into a line of the other's pieces */
	struct qk_pos p = pos_of(".bcd/..../A.../BC..");
	CHECK(qk_move_wins(&p, move_of("A4")) == 0, "A4 wins nothing");
	CHECK(qk_move_wins(&p, move_of("A0")) == 1 && qk_illegal(&p, move_of("A0")) == NULL, "A0 wins row0");
	qk_apply(&p, move_of("A0"));
	unsigned line;
	CHECK(qk_result(&p, &line) == 0 && line == 0, "first mover won row0");
}

/* A side with no legal placement loses the round. */
static void test_qk_stuck(void)
{
	static const struct { const char *qfen; int winner; } cases[] = {
		{"bCD./..ac/bA../D.Ca", 1}, /* the first mover (10 placed, to move) cannot place */
		{".cab/ddab/B.CC/AABD", 1},
		{"Bc.d/aaCd/BcA./.DDA", 0}, /* the second mover cannot */
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct qk_pos p = pos_of(cases[i].qfen);
		unsigned line = 0, m[QK_MOVES_MAX];
		char how[QK_HOW_NAME];
		CHECK(qk_wins(&p) == 0, "%s has no line", cases[i].qfen);
		CHECK(qk_result(&p, &line) == cases[i].winner && line == QK_HOW_STUCK, "%s: stuck", cases[i].qfen);
		CHECK(qk_moves(&p, m) == 0, "%s: no moves", cases[i].qfen);
		qk_how_name(line, how);
		CHECK(strcmp(how, "stuck") == 0, "named %s", how);
	}
	struct qk_pos p = pos_of("bCD./..ac/bA../D.Ca");
	CHECK(strcmp(qk_illegal(&p, move_of("B3")), "the round is over") == 0, "a move once stuck");
}

/* Positions refused with their reasons; the free reading keeps only form and counts. */
static void test_qk_parse(void)
{
	static const struct { const char *s, *why; int free_ok; } bad[] = {
		{"", "a position is 19 characters: four rows of four cells separated by /", 0},
		{"..../..../..../...", "a position is 19 characters: four rows of four cells separated by /", 0},
		{"....-..../..../....", "rows are separated by /", 0},
		{"...../.../..../....", "rows are separated by /", 0},
		{"E.../..../..../....", "a cell is A, B, C, D (the first mover's), a, b, c, d (the other's) or .", 0},
		{"A.../..../..../..\n.", "a cell is A, B, C, D (the first mover's), a, b, c, d (the other's) or .", 0},
		{"a.../..../..../....", "lower case has more pieces than upper case (upper case moves first)", 0},
		{"AB../..../..../....", "upper case has two pieces more than lower case", 0},
		{"AAA./bcd./..../....", "a side has two pieces of each shape, not more", 0},
		{"Aa../..../..../....", "a line holds one shape of both sides", 1},
		{"A.../..../a.../....", "a line holds one shape of both sides", 1},
		{"AbCd/cDaB/..../....", "the round went on after a win", 1},  /* rows 0 and 1 */
		{"abcd/..../B.A./DC.A", "the round went on after a win", 1}, /* won by the second, first moved on */
	};
	struct qk_pos p, keep;
	char back[QK_POS_LEN + 1];

	p = keep = pos_of("A.../..../..../....");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *why = qk_pos_error(bad[i].s);
		CHECK(qk_pos_parse(&p, bad[i].s) == -1, "'%s' parsed", bad[i].s);
		CHECK(why != NULL && strcmp(why, bad[i].why) == 0, "'%s': %s", bad[i].s, why ? why : "(accepted)");
		CHECK(memcmp(&p, &keep, sizeof p) == 0, "'%s' changed the position", bad[i].s);
		CHECK((qk_pos_error_free(bad[i].s) == NULL) == bad[i].free_ok, "'%s' free", bad[i].s);
	}
	CHECK(qk_pos_parse(&p, NULL) == -1 && qk_pos_error_free(NULL) != NULL, "NULL parsed");
	/* a win by two lines through the last move is sound, as is the second's by the last move */
	p = pos_of("Abcd/C.../B.../D...");
	CHECK(qk_wins(&p) == (1u << 0 | 1u << 4) && qk_result(&p, NULL) == 0, "row0 and col0 by A0");
	p = pos_of("AbCd/...a/D.../....");
	CHECK(qk_result(&p, NULL) == 1, "row0 by the second");
	REQUIRE(qk_pos_parse_free(&p, "Aa../..../..../....") == 0, "free reading");
	qk_pos_format(&p, back);
	CHECK(strcmp(back, "Aa../..../..../....") == 0, "formats back %s", back);
}

/* Moves: every move round trips; malformed and off the board told apart. */
static void test_qk_move_notation(void)
{
	static const struct { const char *s, *why; } bad[] = {
		{"A16", "off the board"}, {"D99", "off the board"}, {"B123", "off the board"},
		{"a5", "malformed"},      {"E1", "malformed"},      {"A", "malformed"},
		{"A05", "malformed"},     {"A-1", "malformed"},     {"5A", "malformed"},
		{"A 5", "malformed"},     {"", "malformed"},        {NULL, "malformed"},
		{"A12345678901", "malformed"}, {"AA", "malformed"}, {"A1x", "malformed"},
	};
	char out[QK_MOVE_LEN + 1], expect[8];
	unsigned m;

	for (unsigned k = 0; k < QK_SHAPES; k++)
		for (unsigned c = 0; c < QK_CELLS; c++) {
			snprintf(expect, sizeof expect, "%c%u", 'A' + k, c);
			m = 99;
			CHECK(qk_move_parse(expect, &m) == 0 && m == QK_MOVE(k, c), "%s gave %u", expect, m);
			qk_move_format(QK_MOVE(k, c), out);
			CHECK(strcmp(out, expect) == 0, "%s formats as %s", expect, out);
		}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *why = qk_move_error(bad[i].s);
		m = 99;
		CHECK(qk_move_parse(bad[i].s, &m) == -1 && m == 99, "'%s' parsed", bad[i].s ? bad[i].s : "(null)");
		CHECK(why != NULL && strcmp(why, bad[i].why) == 0, "'%s': %s", bad[i].s ? bad[i].s : "(null)",
		      why ? why : "(accepted)");
	}
	for (unsigned l = 0; l < QK_HOWS; l++) {
		unsigned back = 99;
		char name[QK_HOW_NAME];
		qk_how_name(l, name);
		CHECK(qk_how_parse(name, &back) == 0 && back == l, "line %u: %s", l, name);
	}
	CHECK(qk_how_parse("row4", &m) == -1 && qk_how_parse("", &m) == -1, "bad line names");
}

/* Perft 4 from the empty board by the codec and by the plain rules: the same at every depth. */
static void test_qk_perft_empty(void)
{
	struct game_perft rows[4];
	uint64_t seq[4] = {0}, won[4][2] = {{0}};
	char b[17] = "................";
	struct qk_pos p;

	qk_pos_empty(&p);
	qk_perft(&p, 4, rows);
	plain_perft(b, 4, 0, seq, won);
	for (int d = 0; d < 4; d++)
		CHECK(rows[d].sequences == seq[d] && rows[d].won[0] == won[d][0] && rows[d].won[1] == won[d][1] &&
			      rows[d].drawn == 0,
		      "depth %d: %llu %llu %llu, plain %llu %llu %llu", d + 1, (unsigned long long)rows[d].sequences,
		      (unsigned long long)rows[d].won[0], (unsigned long long)rows[d].won[1], (unsigned long long)seq[d],
		      (unsigned long long)won[d][0], (unsigned long long)won[d][1]);
	/* the codec's figures as boardctl prints them (docs/PROTOCOL.md) */
	CHECK(rows[0].sequences == 64 && rows[1].sequences == 3392 && rows[2].sequences == 167552 &&
		      rows[3].sequences == 6776960 && rows[3].won[1] == 6912,
	      "perft 4 figures");
}

/* Perft to the end from midgame positions, codec and plain, including rounds won by stuck sides. */
static void test_qk_perft_midgame(void)
{
	static const char *const starts[] = {"bCD./..a./bA../D.Ca", "AbC./.D../..bd/Ba..", "Ab../d.C./d..B/..aD"};

	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		struct qk_pos p = pos_of(starts[i]);
		struct game_perft rows[QK_PERFT_MAX];
		uint64_t seq[QK_PERFT_MAX] = {0}, won[QK_PERFT_MAX][2] = {{0}};
		char b[17];
		unsigned depth = QK_CELLS - qk_count(&p);
		qk_pos_cells(&p, b);
		b[16] = '\0';
		qk_perft(&p, depth, rows);
		plain_perft(b, (int)depth, 0, seq, won);
		for (unsigned d = 0; d < depth; d++)
			CHECK(rows[d].sequences == seq[d] && rows[d].won[0] == won[d][0] && rows[d].won[1] == won[d][1],
			      "%s depth %u: %llu, plain %llu", starts[i], d + 1, (unsigned long long)rows[d].sequences,
			      (unsigned long long)seq[d]);
	}
}

/* Random rounds: at every position the codec's moves, results, winning moves and reasons
 * agree with the plain rules, and the position reads and formats back. */
static void test_qk_random_rounds(void)
{
	unsigned seed = 7, rounds = 1000, ends[2] = {0};

	for (unsigned g = 0; g < rounds; g++) {
		char b[17] = "................", qfen[QK_POS_LEN + 1], back[QK_POS_LEN + 1];
		struct qk_pos p;
		qk_pos_empty(&p);
		for (;;) {
			unsigned moves[QK_MOVES_MAX], n = qk_moves(&p, moves), plain = 0, legal[QK_MOVES_MAX];
			char base = plain_mover(b);
			int over = plain_won(b) || !plain_can_move(b);
			plain_qfen(b, qfen);
			qk_pos_format(&p, back);
			REQUIRE(strcmp(qfen, back) == 0 && qk_pos_error(qfen) == NULL, "%s / %s", qfen, back);
			for (unsigned m = 0; m < QK_MOVES_MAX; m++)
				if (!plain_won(b) && plain_legal(b, (char)(base + QK_SHAPE_OF(m)), (int)QK_CELL_OF(m)))
					legal[plain++] = m;
			REQUIRE(n == plain && memcmp(moves, legal, n * sizeof moves[0]) == 0, "%s: %u moves, plain %u", qfen,
				n, plain);
			for (unsigned m = 0, i = 0; m < QK_MOVES_MAX; m++) {
				int listed = i < n && legal[i] == m;
				i += listed;
				CHECK((qk_illegal(&p, m) == NULL) == listed, "%s: move %u %s", qfen, m,
				      listed ? "refused" : "allowed");
			}
			REQUIRE((qk_result(&p, NULL) >= 0) == over, "%s: over %d", qfen, over);
			if (over) {
				ends[qk_result(&p, NULL)]++;
				break;
			}
			seed = seed * 1103515245u + 12345u;
			unsigned pick = moves[(seed >> 16) % n];
			b[QK_CELL_OF(pick)] = (char)(base + QK_SHAPE_OF(pick));
			CHECK(qk_move_wins(&p, pick) == plain_won(b), "%s: winning move", qfen);
			qk_apply(&p, pick);
		}
	}
	CHECK(ends[0] + ends[1] == rounds && ends[0] > 0 && ends[1] > 0, "ends %u %u", ends[0], ends[1]);
}

/* The 128 transforms are distinct permutations mapping rows, columns and zones onto them;
 * they keep legal moves and results, and the canonical key is the same for all of them. */
static void test_qk_symmetry(void)
{
	static uint16_t seen[QK_SYMS][QK_CELLS];
	struct qk_pos p = pos_of("Ab../..c./.D../....");
	unsigned m[QK_MOVES_MAX], n = qk_moves(&p, m), t0;
	uint64_t canon = qk_pos_canonical(&p, &t0);

	for (unsigned t = 0; t < QK_SYMS; t++) {
		uint16_t all = 0;
		for (unsigned c = 0; c < QK_CELLS; c++) {
			seen[t][c] = (uint16_t)qk_sym_cell(t, c);
			all |= (uint16_t)(1u << seen[t][c]);
		}
		CHECK(all == QK_ALL, "transform %u is not a permutation", t);
		for (unsigned l = 0; l < QK_LINES; l++) {
			uint16_t img = qk_sym_cells(t, qk_line_cells[l]);
			int found = 0;
			for (unsigned k = 0; k < QK_LINES; k++)
				found |= img == qk_line_cells[k];
			CHECK(found, "transform %u: line %u goes to %#x", t, l, img);
		}
		for (unsigned u = 0; u < t; u++)
			CHECK(memcmp(seen[t], seen[u], sizeof seen[t]) != 0, "transforms %u and %u are the same", u, t);
		struct qk_pos q;
		unsigned qm[QK_MOVES_MAX];
		qk_pos_transform(&p, t, &q);
		CHECK(qk_moves(&q, qm) == n && qk_result(&q, NULL) == -1, "transform %u: moves", t);
		CHECK(qk_pos_canonical(&q, NULL) == canon, "transform %u: canonical key", t);
	}
	CHECK(qk_sym_cell(0, 6) == 6, "0 is the identity");
	struct qk_pos q;
	qk_pos_transform(&p, t0, &q);
	CHECK(qk_pos_key(&q) == canon, "the transform given yields the key");
}

/* A sound area (both rounds), and each kind of damage its check refuses. */
static void test_qk_codec_area(void)
{
	struct qk_pub q, bad;

	memset(&q, 0, sizeof q);
	q.dim = QK_SIDE;
	q.region_side = 1;
	memcpy(q.now.cell, "A....b..........", QK_CELLS);
	q.now.last = 5;
	q.now.how = QK_HOW_NONE;
	memcpy(q.before.cell, "AbCd............", QK_CELLS);
	q.before.first = 1;
	q.before.last = 3;
	q.before.how = 0;
	q.before.winner = 0;
	CHECK(bd_game_quantik.area_check(&q) == NULL, "sound: %s", bd_game_quantik.area_check(&q));
	bad = q, bad.now.cell[2] = 'E';
	CHECK(bd_game_quantik.area_check(&bad) != NULL, "a cell E");
	bad = q, bad.now.cell[4] = 'a', bad.now.cell[5] = '.', bad.now.last = 4;
	CHECK(bd_game_quantik.area_check(&bad) != NULL, "A and a in zone 0, validated");
	bad.free = 1;
	CHECK(bd_game_quantik.area_check(&bad) == NULL, "A and a in zone 0, not validated");
	bad = q, bad.now.last = 2;
	CHECK(bd_game_quantik.area_check(&bad) != NULL, "a last move on an empty cell");
	bad = q, bad.before.how = 1;
	CHECK(bd_game_quantik.area_check(&bad) != NULL, "won by row1, which is empty");
	bad = q, bad.before.how = QK_HOW_NONE;
	CHECK(bd_game_quantik.area_check(&bad) != NULL, "a won position in a round on");
	bad = q, bad.now.first = 2;
	CHECK(bd_game_quantik.area_check(&bad) != NULL, "first 2");
	bad = q, bad.free = 2;
	CHECK(bd_game_quantik.area_check(&bad) != NULL, "free 2");
}

/* Its events: written and read back; malformed ones refused. */
static void test_qk_codec_events(void)
{
	static const char *const bad[] = {
		"EVENT 7 place 1 white A16", "EVENT 7 place 1 red A1", "EVENT 7 place 1 white", "EVENT 7 won 1 black row4",
		"EVENT 7 won 1 black row0 1", "EVENT 7 won 1 grey time",
	};
	struct bd_event ev = {.seq = 5, .type = QK_EV_PLACE, .player = 1, .to = BD_NO_PLAYER}, back;
	struct bd_msg m;
	char line[BD_LINE_MAX];

	*qk_ev_w(&ev) = (struct qk_ev){.move = QK_MOVE(3, 15), .side = 1};
	bd_event_format(line, sizeof line, &ev, QK_SIDE, "none", 0);
	CHECK(strcmp(line, "EVENT 5 place 1 black D15\n") == 0, "place: %s", line);
	line[strlen(line) - 1] = '\0';
	REQUIRE(bd_msg_parse(line, &m) == 0 && bd_msg_event(&m, QK_SIDE, &back) == 0, "%s parses", line);
	CHECK(back.type == QK_EV_PLACE && back.player == 1 && qk_ev(&back)->move == QK_MOVE(3, 15) && qk_ev(&back)->side == 1,
	      "place read back");
	ev = (struct bd_event){.seq = 6, .type = QK_EV_WON, .n = 2, .to = BD_NO_PLAYER};
	*qk_ev_w(&ev) = (struct qk_ev){.side = 0, .how = QK_HOW_ILLEGAL};
	bd_event_format(line, sizeof line, &ev, QK_SIDE, "none", 0);
	CHECK(strcmp(line, "EVENT 6 won 2 white illegal\n") == 0, "won: %s", line);
	line[strlen(line) - 1] = '\0';
	REQUIRE(bd_msg_parse(line, &m) == 0 && bd_msg_event(&m, QK_SIDE, &back) == 0, "%s parses", line);
	CHECK(back.type == QK_EV_WON && back.n == 2 && qk_ev(&back)->how == QK_HOW_ILLEGAL, "won read back");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(line, sizeof line, "%s", bad[i]);
		CHECK(bd_msg_parse(line, &m) != 0 || bd_msg_event(&m, QK_SIDE, &back) != 0, "'%s' read", bad[i]);
	}
}

/* The move request's words: the move and the claim, or the reply's error code. */
static void test_qk_codec_move(void)
{
	static const struct { unsigned ntok; const char *tok[3]; const char *code; } bad[] = {
		{0, {NULL}, "syntax"}, {1, {"a5"}, "syntax"}, {2, {"A5", "won"}, "syntax"},
		{3, {"A5", "win", "win"}, "syntax"}, {1, {"A16"}, "range"}, {2, {"B99", "win"}, "range"},
	};
	const char *const ok[] = {"C7", "win"};
	struct bd_err err = {0};
	unsigned move = 99;
	int claim = -1;

	CHECK(qk_move_read(1, ok, &move, &claim, &err) == 0 && move == QK_MOVE(2, 7) && claim == 0, "C7");
	CHECK(qk_move_read(2, ok, &move, &claim, &err) == 0 && move == QK_MOVE(2, 7) && claim == 1, "C7 win");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err.code = NULL;
		CHECK(qk_move_read(bad[i].ntok, bad[i].tok, &move, &claim, &err) == -1 && err.code != NULL &&
			      strcmp(err.code, bad[i].code) == 0,
		      "move %zu: %s, not %s", i, err.code ? err.code : "(accepted)", bad[i].code);
	}
}

/* Register this file's tests. */
void suite_quantik(void)
{
	CU_pSuite s = CU_add_suite("quantik", NULL, NULL);
	CU_add_test(s, "same_shape", test_qk_same_shape);
	CU_add_test(s, "wins", test_qk_wins);
	CU_add_test(s, "stuck", test_qk_stuck);
	CU_add_test(s, "parse", test_qk_parse);
	CU_add_test(s, "move_notation", test_qk_move_notation);
	CU_add_test(s, "perft_empty", test_qk_perft_empty);
	CU_add_test(s, "perft_midgame", test_qk_perft_midgame);
	CU_add_test(s, "random_rounds", test_qk_random_rounds);
	CU_add_test(s, "symmetry", test_qk_symmetry);
	CU_add_test(s, "codec_area", test_qk_codec_area);
	CU_add_test(s, "codec_events", test_qk_codec_events);
	CU_add_test(s, "codec_move", test_qk_codec_move);
}
