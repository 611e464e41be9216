/* test_tictactoe.c: tic-tac-toe's rules and notation (ipc/game/tictactoe.c) against plain
 * code written here: the reachable positions found by walking every game from the empty
 * board with this file's own win check, perft against the published totals and positions
 * counted by hand, notation round trips and every kind of malformed input refused; its
 * codec (areas, events, the move's errors); and board-bot's brain (clients/bot/brain-tictactoe.c) against this file's own minimax. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/bot/brain.h"
#include "ipc/game/tictactoe.h"
#include "ipc/proto.h"
#include "suites.h"
#include "tests/runner.h"

#define ALL_STRINGS 19683 /* 3^9: every 9-character string of X, O and . */

/* 'X' or 'O' if that side has three in a row in b (9 characters), else 0; checked
 * row by row, column by column and on both diagonals without any table. */
static char plain_winner(const char *b)
{
	for (int i = 0; i < 3; i++) {
		if (b[3 * i] != '.' && b[3 * i] == b[3 * i + 1] && b[3 * i] == b[3 * i + 2])
			return b[3 * i];
		if (b[i] != '.' && b[i] == b[i + 3] && b[i] == b[i + 6])
			return b[i];
	}
	if (b[4] != '.' && ((b[0] == b[4] && b[4] == b[8]) || (b[2] == b[4] && b[4] == b[6])))
		return b[4];
	return 0;
}

/* b's index among the 3^9 strings ('.' 0, 'X' 1, 'O' 2, first cell most significant). */
static unsigned plain_index(const char *b)
{
	unsigned v = 0;

	for (int i = 0; i < 9; i++)
		v = v * 3 + (b[i] == '.' ? 0 : b[i] == 'X' ? 1 : 2);
	return v;
}

/* The string of index v into b (10 bytes). */
static void plain_string(unsigned v, char *b)
{
	for (int i = 8; i >= 0; i--, v /= 3)
		b[i] = ".XO"[v % 3];
	b[9] = '\0';
}

/* Mark every position reachable from b (X to move when turn is 'X') in seen; the count of
 * newly marked ones. A game stops at a win or a full board. */
static unsigned plain_reach(char *b, char turn, unsigned char *seen)
{
	unsigned idx = plain_index(b), n = 1;

	if (seen[idx])
		return 0;
	seen[idx] = 1;
	if (plain_winner(b) != 0)
		return n;
	for (int i = 0; i < 9; i++) {
		if (b[i] != '.')
			continue;
		b[i] = turn;
		n += plain_reach(b, turn == 'X' ? 'O' : 'X', seen);
		b[i] = '.';
	}
	return n;
}

static unsigned char reachable[ALL_STRINGS];

/* Fill reachable (once) and return how many positions it holds. */
static unsigned reachable_fill(void)
{
	static unsigned count;
	char b[10] = ".........";

	if (count == 0)
		count = plain_reach(b, 'X', reachable);
	return count;
}

/* Exactly the 5,478 reachable positions parse, each formats back to itself, and every other
 * string is refused with a reason. */
static void test_ttt_parse_all(void)
{
	unsigned accepted = 0, wrong = 0;
	char s[10], back[TTT_POS_LEN + 1];
	struct ttt_pos p;

	CHECK(reachable_fill() == 5478, "%u positions reachable from the empty board", reachable_fill());
	for (unsigned v = 0; v < ALL_STRINGS; v++) {
		plain_string(v, s);
		int ok = ttt_pos_parse(&p, s) == 0;
		accepted += ok;
		if (ok != reachable[v] || (ttt_pos_error(s) == NULL) != ok) {
			if (wrong++ < 5)
				CHECK(0, "%s: parsed %d, reachable %d", s, ok, reachable[v]);
			continue;
		}
		if (ok) {
			ttt_pos_format(&p, back);
			CHECK(strcmp(back, s) == 0, "%s formats back as %s", s, back);
		}
	}
	CHECK(accepted == 5478 && wrong == 0, "%u accepted, %u disagree with the walk", accepted, wrong);
}

/* Malformed positions are refused with the reason, leaving *p as it was. */
static void test_ttt_parse_malformed(void)
{
	static const struct { const char *s, *why; } bad[] = {
		{"", "a position is 9 characters"},
		{"........", "a position is 9 characters"},
		{"..........", "a position is 9 characters"},
		{"X........ ", "a position is 9 characters"},
		{"x........", "a cell is X, O or ."},
		{"0........", "a cell is X, O or ."},
		{"X...\n....", "a cell is X, O or ."},
		{"O........", "O has more cells than X (X moves first)"},
		{"XX.......", "X has two cells more than O"},
		{"XXX.O....", "X has two cells more than O"},
		{"XXXOOO...", "both sides have three in a row"},
		{"XXXOO.O..", "the game went on after a win"},
		{"OOOXX.X.X", "the game went on after a win"},
	};
	struct ttt_pos p, keep;

	ttt_pos_parse(&p, "X...O....");
	keep = p;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *why = ttt_pos_error(bad[i].s);
		CHECK(ttt_pos_parse(&p, bad[i].s) == -1, "'%s' parsed", bad[i].s);
		CHECK(why != NULL && strcmp(why, bad[i].why) == 0, "'%s': %s", bad[i].s, why ? why : "(accepted)");
		CHECK(memcmp(&p, &keep, sizeof p) == 0, "'%s' changed the position", bad[i].s);
	}
	CHECK(ttt_pos_parse(&p, NULL) == -1, "NULL parsed");
}

/* Moves: "x y" round trips for every cell; off the board and malformed told apart. */
static void test_ttt_move_notation(void)
{
	static const struct { const char *x, *y, *why; } bad[] = {
		{"3", "0", "off the board"},  {"0", "3", "off the board"}, {"-1", "0", "off the board"},
		{"12", "1", "off the board"}, {"a", "0", "malformed"},     {"0", "", "malformed"},
		{"01", "1", "malformed"},     {"1.0", "1", "malformed"},   {" 1", "1", "malformed"},
		{"9", "a", "malformed"},      {"-", "0", "malformed"},     {"0", NULL, "malformed"},
		{"1234567890", "0", "malformed"},
	};
	char x[2] = "0", y[2] = "0", out[TTT_MOVE_LEN + 1], expect[4];
	unsigned cell = 99;

	for (unsigned c = 0; c < TTT_CELLS; c++) {
		x[0] = (char)('0' + c % 3);
		y[0] = (char)('0' + c / 3);
		CHECK(ttt_move_parse(x, y, &cell) == 0 && cell == c, "%s %s gave %u, not %u", x, y, cell, c);
		ttt_move_format(c, out);
		snprintf(expect, sizeof expect, "%s %s", x, y);
		CHECK(strcmp(out, expect) == 0, "cell %u formats as '%s'", c, out);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *why = ttt_move_error(bad[i].x, bad[i].y);
		cell = 99;
		CHECK(ttt_move_parse(bad[i].x, bad[i].y, &cell) == -1 && cell == 99, "'%s' '%s' parsed", bad[i].x,
		      bad[i].y ? bad[i].y : "(null)");
		CHECK(why != NULL && strcmp(why, bad[i].why) == 0, "'%s': %s", bad[i].x, why ? why : "(accepted)");
	}
}

/* Whose turn, legal moves, results with their lines, and why a move is refused. */
static void test_ttt_rules(void)
{
	struct ttt_pos p;
	unsigned cells[TTT_CELLS], line[3];
	char text[TTT_LINE_LEN + 1];

	ttt_pos_empty(&p);
	CHECK(ttt_to_move(&p) == 'X' && ttt_moves(&p, cells) == 9 && ttt_result(&p, line) == 0, "empty board");
	ttt_apply(&p, 4);
	CHECK(p.cell[4] == 'X' && ttt_to_move(&p) == 'O', "after the first move");
	CHECK(ttt_illegal(&p, 4) != NULL && strcmp(ttt_illegal(&p, 4), "the cell is taken") == 0, "taken cell");
	CHECK(!ttt_legal(&p, 4) && !ttt_legal(&p, 9) && ttt_legal(&p, 0), "legal");
	CHECK(strcmp(ttt_illegal(&p, 9), "off the board") == 0, "cell 9");
	CHECK(ttt_moves(&p, cells) == 8 && cells[0] == 0 && cells[4] == 5, "moves after 4");

	REQUIRE(ttt_pos_parse(&p, "XOO.X...X") == 0, "won by X");
	CHECK(ttt_result(&p, line) == 'X', "048 is X's");
	ttt_line_format(line, text);
	CHECK(strcmp(text, "048") == 0, "line %s", text);
	CHECK(ttt_moves(&p, cells) == 0 && strcmp(ttt_illegal(&p, 5), "the game is over") == 0, "moves after a win");
	REQUIRE(ttt_pos_parse(&p, "XXXXOOXOO") == 0, "won twice by X"); /* 012 and 036 through 0 */
	ttt_result(&p, line);
	ttt_line_format(line, text);
	CHECK(strcmp(text, "012") == 0, "the first of two lines is %s", text);
	REQUIRE(ttt_pos_parse(&p, "XX.OOOX..") == 0, "won by O");
	ttt_result(&p, line);
	ttt_line_format(line, text);
	CHECK(ttt_result(&p, NULL) == 'O' && strcmp(text, "345") == 0, "O's line %s", text);
	REQUIRE(ttt_pos_parse(&p, "XOXXOOOXX") == 0, "a draw");
	CHECK(ttt_result(&p, NULL) == 'D' && ttt_to_move(&p) == 'O', "drawn, O would be next");
}

/* Perft from the empty board: the published sequences per depth, the games ended at each
 * depth, and 255,168 games in all. */
static void test_ttt_perft_empty(void)
{
	static const uint64_t seq[9] = {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
	static const uint64_t xw[9] = {0, 0, 0, 0, 1440, 0, 47952, 0, 81792};
	static const uint64_t ow[9] = {0, 0, 0, 0, 0, 5328, 0, 72576, 0};
	struct game_perft rows[TTT_PERFT_MAX];
	struct ttt_pos p;
	uint64_t games = 0, x = 0, o = 0, d = 0;

	ttt_pos_empty(&p);
	ttt_perft(&p, 9, rows);
	for (unsigned i = 0; i < 9; i++) {
		CHECK(rows[i].sequences == seq[i] && rows[i].won[0] == xw[i] && rows[i].won[1] == ow[i] &&
			      rows[i].drawn == (i == 8 ? 46080 : 0),
		      "depth %u: %llu sequences, X %llu O %llu drawn %llu", i + 1, (unsigned long long)rows[i].sequences,
		      (unsigned long long)rows[i].won[0], (unsigned long long)rows[i].won[1],
		      (unsigned long long)rows[i].drawn);
		x += rows[i].won[0];
		o += rows[i].won[1];
		d += rows[i].drawn;
	}
	games = x + o + d;
	CHECK(games == 255168 && x == 131184 && o == 77904 && d == 46080, "%llu games", (unsigned long long)games);
	ttt_perft(&p, 3, rows);
	CHECK(rows[2].sequences == 504, "perft 3 alone gives %llu", (unsigned long long)rows[2].sequences);
}

/* Perft from positions counted by hand (comments), beyond the end of the game too. */
static void test_ttt_perft_midgame(void)
{
	struct game_perft rows[TTT_PERFT_MAX];
	struct ttt_pos p;

	/* X O X / O X O / . . . , X to move: 6 and 8 win (246, 048); 7 lets O play 6 or 8,
	 * after which X's last move wins (048 or 246): 3, 2, 2 sequences, 2 + 2 won by X. */
	REQUIRE(ttt_pos_parse(&p, "XOXOXO...") == 0, "parse");
	ttt_perft(&p, 5, rows);
	CHECK(rows[0].sequences == 3 && rows[0].won[0] == 2 && rows[0].won[1] + rows[0].drawn == 0, "depth 1");
	CHECK(rows[1].sequences == 2 && rows[1].won[0] + rows[1].won[1] + rows[1].drawn == 0, "depth 2");
	CHECK(rows[2].sequences == 2 && rows[2].won[0] == 2 && rows[2].won[1] + rows[2].drawn == 0, "depth 3");
	CHECK(rows[3].sequences == 0 && rows[4].sequences == 0, "nothing after depth 3");
	/* X O X / X O O / O X . : X's only move fills the board without a line. */
	REQUIRE(ttt_pos_parse(&p, "XOXXOOOX.") == 0, "parse");
	ttt_perft(&p, 2, rows);
	CHECK(rows[0].sequences == 1 && rows[0].drawn == 1 && rows[1].sequences == 0, "the last move draws");
	/* A finished game is never expanded. */
	REQUIRE(ttt_pos_parse(&p, "XXXOO....") == 0, "parse");
	ttt_perft(&p, 4, rows);
	CHECK(rows[0].sequences == 0 && rows[3].sequences == 0, "a won game has no moves");
}

static signed char value_memo[ALL_STRINGS]; /* plain_value + 2, 0 while unknown */

/* The minimax value of reachable b for the side to move (from the counts): 1 it wins, 0 a
 * draw, -1 it loses; every move tried, remembered by index. */
static int plain_value(char *b)
{
	unsigned idx = plain_index(b), x = 0, o = 0;
	int v = -1, any = 0;

	if (value_memo[idx] != 0)
		return value_memo[idx] - 2;
	for (int i = 0; i < 9; i++) {
		x += b[i] == 'X';
		o += b[i] == 'O';
	}
	for (int i = 0; i < 9 && plain_winner(b) == 0; i++) {
		if (b[i] != '.')
			continue;
		any = 1;
		b[i] = x > o ? 'O' : 'X';
		int w = -plain_value(b);
		b[i] = '.';
		v = w > v ? w : v;
	}
	if (!any && plain_winner(b) == 0)
		v = 0; /* a full board without a line */
	value_memo[idx] = (signed char)(v + 2);
	return v;
}

/* In each of the 5,478 reachable positions the perfect brain (several rng seeds) plays an
 * empty cell that keeps the position's value, or says -1 once the game is over. */
static void test_ttt_brain_keeps_value(void)
{
	unsigned positions = 0, tried = 0, wrong = 0;
	char b[10];
	struct ttt_pos p;

	REQUIRE(reachable_fill() == 5478, "reachable positions");
	for (unsigned v = 0; v < ALL_STRINGS; v++) {
		if (!reachable[v])
			continue;
		positions++;
		plain_string(v, b);
		REQUIRE(ttt_pos_parse(&p, b) == 0, "%s parses", b);
		int value = plain_value(b), over = plain_winner(b) != 0 || strchr(b, '.') == NULL;
		for (unsigned short seed = 0; seed < 4; seed++) {
			unsigned short rng[3] = {seed, (unsigned short)v, 0x330e};
			int cell = brain_ttt_cell(&p, BOT_PERFECT, rng);
			if (over) {
				wrong += cell != -1;
				continue;
			}
			tried++;
			if (cell < 0 || cell > 8 || b[cell] != '.') {
				wrong++;
				CHECK(0, "%s: the brain played %d", b, cell);
				continue;
			}
			b[cell] = ttt_to_move(&p);
			int kept = -plain_value(b);
			b[cell] = '.';
			if (kept != value && wrong++ < 5)
				CHECK(0, "%s (value %d): the brain played %d, worth %d", b, value, cell, kept);
		}
	}
	CHECK(positions == 5478 && wrong == 0, "%u positions, %u moves tried, %u wrong", positions, tried, wrong);
	CHECK(value_memo[0] == 2, "the empty board is a draw (value %d)", value_memo[0] - 2);
}

/* Cells the brain plays at level from position s over 300 seeds, as a bit set. */
static unsigned brain_spread(const char *s, enum bot_level level)
{
	struct ttt_pos p;
	unsigned seen = 0;

	ttt_pos_parse(&p, s);
	for (unsigned short seed = 0; seed < 300; seed++) {
		unsigned short rng[3] = {seed, 17, 4242};
		int cell = brain_ttt_cell(&p, level, rng);
		seen |= cell >= 0 ? 1u << cell : 1u << 15;
	}
	return seen;
}

/* Among equally good moves the perfect brain picks at random: from the empty board every
 * cell (all draw); after X in a corner only the centre holds the draw; a win at once over
 * a win later (XX.OO....: 5 wins too). The easy brain
 * plays anywhere, but takes a win it has. */
static void test_ttt_brain_choice(void)
{
	char move[GAME_MOVE_MAX];
	unsigned short rng[3] = {1, 2, 3};

	CHECK(brain_spread(".........", BOT_PERFECT) == 0x1ff, "perfect from the empty board: %#x",
	      brain_spread(".........", BOT_PERFECT));
	CHECK(brain_spread("X........", BOT_PERFECT) == 1u << 4, "perfect after a corner: %#x",
	      brain_spread("X........", BOT_PERFECT));
	CHECK(brain_spread("XX.OO....", BOT_PERFECT) == 1u << 2, "perfect wins at once: %#x",
	      brain_spread("XX.OO....", BOT_PERFECT));
	CHECK(brain_spread("X...O....", BOT_EASY) == 0x1ee, "easy: %#x", brain_spread("X...O....", BOT_EASY));
	CHECK(brain_spread("XX.OO....", BOT_EASY) == 1u << 2, "easy wins at 2: %#x", brain_spread("XX.OO....", BOT_EASY));
	CHECK(brain_spread("XXXOO....", BOT_EASY) == 1u << 15, "easy after the end: %#x",
	      brain_spread("XXXOO....", BOT_EASY));
	CHECK(brain_find("tictactoe") != NULL && brain_find("chess") == NULL, "brain table");
	CHECK(brain_find("tictactoe")->play("X...O....", BOT_SEED, rng, move) == -1, "the seed level is not played");
	CHECK(brain_find("tictactoe")->play("XX.OO....", BOT_PERFECT, rng, move) == 0 && strcmp(move, "2 0") == 0,
	      "perfect wins with '%s'", move);
	CHECK(brain_ttt_play("XX.", BOT_PERFECT, rng, move) == -1, "a malformed position");
}

/* The codec's shapes and regions: only 3x3, one region covering all but the head once. */
static void test_ttt_codec_shape(void)
{
	const struct bd_game *g = bd_game_named("tictactoe");
	struct bd_span spans[BD_SPANS_MAX];
	unsigned char covered[sizeof(struct ttt_pub)] = {0};

	REQUIRE(g == &bd_game_tictactoe && bd_game_of_kind(BD_GAME_TICTACTOE) == g, "in the table");
	CHECK(g->shape_check(&(struct bd_game_shape){4, 1}) != NULL && g->shape_check(&(struct bd_game_shape){3, 0}) &&
		      g->shape_check(&(struct bd_game_shape){3, 4}),
	      "shapes other than 3x3 refused");
	for (unsigned side = 1; side <= 3; side++) {
		struct bd_game_shape s = {3, side};
		REQUIRE(g->shape_check(&s) == NULL && g->nregions(&s) == 1, "region side %u: one region", side);
		REQUIRE(g->region_spans(&s, 0, spans) == 1, "one span");
		for (uint32_t b = spans[0].off; b < spans[0].off + spans[0].len && b < sizeof covered; b++)
			covered[b]++;
		CHECK(g->pub_size(&s) == sizeof(struct ttt_pub) && g->priv_size(&s) == sizeof(struct ttt_priv), "sizes");
	}
	for (size_t b = 0; b < sizeof covered; b++)
		CHECK(covered[b] == (b >= g->pub_head ? 3 : 0), "byte %zu covered %u times in 3 shapes", b, covered[b]);
}

/* A sound area holds a reachable position and a last move on a played cell. */
static void test_ttt_codec_area(void)
{
	const struct bd_game *g = &bd_game_tictactoe;
	struct ttt_pub t = {.dim = 3, .region_side = 3, .last = TTT_NO_CELL};
	struct bd_pub *pub = calloc(1, sizeof *pub);

	REQUIRE(pub != NULL, "calloc");
	memcpy(t.cell, ".........", 9);
	CHECK(g->area_check(&t) == NULL && g->head_check(&t) == NULL, "the empty board");
	memcpy(t.cell, "X...O....", 9);
	t.last = 4;
	CHECK(g->area_check(&t) == NULL, "two moves, the last at 4");
	t.last = 5;
	CHECK(g->area_check(&t) != NULL, "last move on an empty cell");
	t.last = 9;
	CHECK(g->area_check(&t) != NULL, "last move off the board");
	t.last = TTT_NO_CELL;
	memcpy(t.cell, "XX.......", 9);
	CHECK(g->area_check(&t) != NULL, "an unreachable position");
	t.cell[2] = 0;
	CHECK(g->area_check(&t) != NULL, "a NUL in the cells");
	pub->game_kind = BD_GAME_MEMORY;
	CHECK(ttt_pub_area(pub) == NULL, "a Memory table has no tic-tac-toe area");
	pub->game_kind = BD_GAME_TICTACTOE;
	CHECK(ttt_pub_area(pub) == (const void *)pub->area, "a tic-tac-toe table's area");
	free(pub);
}

/* Its events as protocol lines, and back; malformed fields refused. */
static void test_ttt_codec_events(void)
{
	static const char *const bad[] = {
		"EVENT 7 move 1 X 3 0", "EVENT 7 move 1 x 1 0", "EVENT 7 move 1 X 1", "EVENT 7 line X 123",
		"EVENT 7 line X 048 1", "EVENT 7 line D 048",
	};
	struct bd_event ev = {.seq = 5, .type = TTT_EV_MOVE, .player = 1, .to = BD_NO_PLAYER}, back;
	struct bd_msg m;
	char line[BD_LINE_MAX];

	*ttt_ev_w(&ev) = (struct ttt_ev){.cell = 2, .side = 'O'};
	bd_event_format(line, sizeof line, &ev, 3, "none", 0);
	CHECK(strcmp(line, "EVENT 5 move 1 O 2 0\n") == 0, "move: %s", line);
	line[strlen(line) - 1] = '\0';
	REQUIRE(bd_msg_parse(line, &m) == 0 && bd_msg_event(&m, 3, &back) == 0, "%s parses", line);
	CHECK(back.type == TTT_EV_MOVE && back.player == 1 && ttt_ev(&back)->cell == 2 && ttt_ev(&back)->side == 'O',
	      "move read back");
	ev = (struct bd_event){.seq = 6, .type = TTT_EV_LINE, .to = BD_NO_PLAYER};
	*ttt_ev_w(&ev) = (struct ttt_ev){.side = 'X', .line = {2, 4, 6}};
	bd_event_format(line, sizeof line, &ev, 3, "none", 0);
	CHECK(strcmp(line, "EVENT 6 line X 246\n") == 0, "line: %s", line);
	line[strlen(line) - 1] = '\0';
	REQUIRE(bd_msg_parse(line, &m) == 0 && bd_msg_event(&m, 3, &back) == 0, "%s parses", line);
	CHECK(back.type == TTT_EV_LINE && ttt_ev(&back)->side == 'X' && ttt_ev(&back)->line[2] == 6, "line read back");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(line, sizeof line, "%s", bad[i]);
		CHECK(bd_msg_parse(line, &m) != 0 || bd_msg_event(&m, 3, &back) != 0, "'%s' read", bad[i]);
	}
}

/* The move's words: the cell, or the reply's error code and text. */
static void test_ttt_codec_move(void)
{
	static const struct { unsigned ntok; const char *tok[3]; const char *code; } bad[] = {
		{1, {"1"}, "syntax"}, {3, {"1", "1", "1"}, "syntax"}, {2, {"a", "1"}, "syntax"},
		{2, {"3", "1"}, "range"}, {2, {"1", "-1"}, "range"}, {0, {NULL}, "syntax"},
	};
	const char *const ok[] = {"2", "1"};
	struct bd_err err = {0};
	unsigned cell = 99;

	CHECK(ttt_move_read(2, ok, &cell, &err) == 0 && cell == 5, "2 1 is cell %u", cell);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err.code = NULL;
		CHECK(ttt_move_read(bad[i].ntok, bad[i].tok, &cell, &err) == -1 && err.code != NULL &&
			      strcmp(err.code, bad[i].code) == 0,
		      "move %zu: %s, not %s", i, err.code ? err.code : "(accepted)", bad[i].code);
	}
	CHECK(strcmp(err.text, "usage: move X Y (column and row, 0 to 2)") == 0, "usage: %s", err.text);
}

/* Register this file's tests. */
void suite_tictactoe(void)
{
	CU_pSuite s = CU_add_suite("tictactoe", NULL, NULL);
	CU_add_test(s, "parse_all", test_ttt_parse_all);
	CU_add_test(s, "parse_malformed", test_ttt_parse_malformed);
	CU_add_test(s, "move_notation", test_ttt_move_notation);
	CU_add_test(s, "rules", test_ttt_rules);
	CU_add_test(s, "perft_empty", test_ttt_perft_empty);
	CU_add_test(s, "perft_midgame", test_ttt_perft_midgame);
	CU_add_test(s, "codec_shape", test_ttt_codec_shape);
	CU_add_test(s, "codec_area", test_ttt_codec_area);
	CU_add_test(s, "codec_events", test_ttt_codec_events);
	CU_add_test(s, "codec_move", test_ttt_codec_move);
	CU_add_test(s, "brain_keeps_value", test_ttt_brain_keeps_value);
	CU_add_test(s, "brain_choice", test_ttt_brain_choice);
}
