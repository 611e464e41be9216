/* rules.c: `boardctl rules GAME perft|moves|apply ...`: a game's rules run on positions in its
 * notation (ipc/game/notation.h), with no daemon and no shared memory, for debugging and
 * for bot authors. Output is tab-separated (docs/boardctl.1). One table line per game. */
#include <stdarg.h>
#include <string.h>

#include "ctl.h"
#include "ipc/game/quantik.h"
#include "ipc/game/tafl.h"
#include "ipc/game/tictactoe.h"
#include "ipc/proto.h"

static const struct game_notation *const rules_games[] = {
	&ttt_notation,
	&qk_notation,
	&tafl_notation,
};
#define RULES_NGAMES (sizeof rules_games / sizeof rules_games[0])
/* Games whose rules command is their own (hidden tiles, scored moves of many words). */
static const struct {
	const char *game;
	int (*run)(const char *action, char **arg, int n);
} rules_own[] = {
	{"qwirkle", rules_qwirkle},
};
#define RULES_NOWN (sizeof rules_own / sizeof rules_own[0])
#define RULES_DEPTH_MAX 64  /* perft depths shown, at most, in any game */
#define RULES_WORDS_MAX 256 /* words of moves apply takes */

/* Print "boardctl: rules[ GAME]: message" on stderr (and the pointer to --help when the
 * command line is wrong); returns status. */
static int rules_fail(int status, const struct game_notation *g, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int rules_fail(int status, const struct game_notation *g, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rules_vfail(status, g ? g->game : NULL, fmt, ap);
	va_end(ap);
	return status;
}

int rules_vfail(int status, const char *game, const char *fmt, va_list ap)
{
	fprintf(stderr, "boardctl: rules%s%s: ", game ? " " : "", game ? game : "");
	vfprintf(stderr, fmt, ap);
	fputs(status == CTL_USAGE ? "\nTry 'boardctl --help'.\n" : "\n", stderr);
	return status;
}

/* The games' names, separated by ", ", into buf. */
static const char *rules_names(char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < RULES_NGAMES; i++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? ", " : "", rules_games[i]->game);
	for (size_t i = 0; i < RULES_NOWN; i++)
		snprintf(buf + strlen(buf), len - strlen(buf), ", %s", rules_own[i].game);
	return buf;
}

/* Check text as a position of g and copy it into pos (GAME_POS_MAX bytes); 0 or an exit status. */
static int rules_position(const struct game_notation *g, const char *text, char *pos)
{
	const char *why = g->check(text);
	char shown[GAME_POS_MAX];

	if (why != NULL)
		return rules_fail(CTL_ERROR, g, "position '%s': %s", bd_printable(shown, sizeof shown, text), why);
	snprintf(pos, GAME_POS_MAX, "%s", text);
	return 0;
}

/* One perft line: label (the depth, or "total"), then the counts of r. */
static void rules_row(const char *label, const struct game_perft *r)
{
	printf("%s\t%llu\t%llu\t%llu\t%llu\t%llu\n", label, (unsigned long long)r->sequences,
	       (unsigned long long)(r->won[0] + r->won[1] + r->drawn), (unsigned long long)r->won[0],
	       (unsigned long long)r->won[1], (unsigned long long)r->drawn);
}

/* perft DEPTH [POSITION]: one line per depth, then the totals. */
static int rules_perft(const struct game_notation *g, char **arg, int n)
{
	struct game_perft rows[RULES_DEPTH_MAX], sum = {0};
	char pos[GAME_POS_MAX], shown[32], label[16];
	long depth = n >= 1 ? bd_parse_uint(arg[0]) : -1;
	int st;

	if (n < 1 || n > 2)
		return rules_fail(CTL_USAGE, g, "perft wants DEPTH [POSITION]");
	if (depth < 1 || depth > (long)g->depth_max || depth > RULES_DEPTH_MAX)
		return rules_fail(CTL_USAGE, g, "perft wants a depth of 1 to %u, not '%s'", g->depth_max,
				  bd_printable(shown, sizeof shown, arg[0]));
	if ((st = rules_position(g, n == 2 ? arg[1] : g->start, pos)) != 0)
		return st;
	g->perft(pos, (unsigned)depth, rows);
	printf("depth\tsequences\tended\t%s-won\t%s-won\tdrawn\n", g->sides[0], g->sides[1]);
	for (long d = 0; d < depth; d++) {
		snprintf(label, sizeof label, "%ld", d + 1);
		rules_row(label, &rows[d]);
		sum.sequences += rows[d].sequences;
		sum.won[0] += rows[d].won[0];
		sum.won[1] += rows[d].won[1];
		sum.drawn += rows[d].drawn;
	}
	rules_row("total", &sum);
	return CTL_OK;
}

/* moves POSITION: the legal moves, one per line (none once the game is over). */
static int rules_moves(const struct game_notation *g, char **arg, int n)
{
	char pos[GAME_POS_MAX], moves[GAME_MOVES_MAX][GAME_MOVE_MAX];
	int st;

	if (n != 1)
		return rules_fail(CTL_USAGE, g, "moves wants one POSITION");
	if ((st = rules_position(g, arg[0], pos)) != 0)
		return st;
	unsigned k = g->moves(pos, moves);
	for (unsigned i = 0; i < k; i++)
		printf("%s\n", moves[i]);
	return CTL_OK;
}

/* The closing lines of apply: the position, then "result on NEXT", "result won SIDE HOW" or
 * "result drawn". */
static void rules_result(const struct game_notation *g, const char *pos)
{
	char how[GAME_MOVE_MAX];
	int r = g->result(pos, how);

	printf("position\t%s\n", pos);
	if (r < 0)
		printf("result\ton\t%s\n", g->sides[g->to_move(pos)]);
	else if (r == 2)
		printf("result\tdrawn\n");
	else
		printf("result\twon\t%s\t%s\n", g->sides[r], how);
}

/* The words of the moves in arg[0 .. n - 1] (separate arguments, or several in one quoted
 * argument) into words, split in place; how many, or -1 if more than max. */
static int rules_words(char **arg, int n, char **words, int max)
{
	int nw = 0;
	char *save;

	for (int i = 0; i < n; i++)
		for (char *w = strtok_r(arg[i], " \t", &save); w != NULL; w = strtok_r(NULL, " \t", &save)) {
			if (nw == max)
				return -1;
			words[nw++] = w;
		}
	return nw;
}

/* apply POSITION MOVE...: every move is checked before anything is printed; then one line
 * per move (number, side, move as the game writes it, position after), then rules_result's. */
static int rules_apply(const struct game_notation *g, char **arg, int n)
{
	char pos[GAME_POS_MAX], out[RULES_WORDS_MAX * (GAME_POS_MAX + GAME_MOVE_MAX + 16)], shown[GAME_MOVE_MAX];
	char *words[RULES_WORDS_MAX], short_move[48], before[GAME_POS_MAX];
	int nw = n < 1 ? 0 : rules_words(arg + 1, n - 1, words, RULES_WORDS_MAX), st;
	unsigned mw = g->move_words, total = nw < 0 ? 0 : ((unsigned)nw + mw - 1) / mw;
	size_t used = 0;

	if (n < 1)
		return rules_fail(CTL_USAGE, g, "apply wants POSITION [MOVE...]");
	if (nw < 0)
		return rules_fail(CTL_USAGE, g, "apply takes at most %d words of moves", RULES_WORDS_MAX);
	if ((st = rules_position(g, arg[0], pos)) != 0)
		return st;
	snprintf(short_move, sizeof short_move, "a move is %u words", mw);
	out[0] = '\0';
	for (unsigned m = 0; m < total; m++) {
		unsigned side = g->to_move(pos), w = m * mw;
		memcpy(before, pos, sizeof before);
		const char *why = w + mw > (unsigned)nw ? short_move : g->play(pos, words + w);
		shown[0] = '\0';
		for (unsigned k = w; k < (unsigned)nw && k < w + mw; k++)
			snprintf(shown + strlen(shown), sizeof shown - strlen(shown), "%s%s", k > w ? " " : "", words[k]);
		bd_printable(shown, sizeof shown, shown);
		if (why != NULL)
			return rules_fail(CTL_ERROR, g, "move %u of %u ('%s'): %s", m + 1, total, shown, why);
		if (g->written != NULL)
			g->written(before, words + w, shown);
		used += (size_t)snprintf(out + used, sizeof out - used, "%u\t%s\t%s\t%s\n", m + 1, g->sides[side], shown,
					 pos);
	}
	fputs(out, stdout);
	rules_result(g, pos);
	return CTL_OK;
}

/* rules GAME ACTION ...: find the game in the table and run the action on its arguments. */
int rules_run(const struct ctl *c)
{
	static const struct {
		const char *name;
		int (*run)(const struct game_notation *g, char **arg, int n);
	} actions[] = {{"perft", rules_perft}, {"moves", rules_moves}, {"apply", rules_apply}};
	const struct game_notation *g = NULL;
	char names[256], shown[64];

	if (c->nargs < 1)
		return rules_fail(CTL_USAGE, NULL, "a GAME is needed (%s)", rules_names(names, sizeof names));
	for (size_t i = 0; i < RULES_NOWN; i++)
		if (strcmp(rules_own[i].game, c->args[0]) == 0)
			return rules_own[i].run(c->nargs > 1 ? c->args[1] : NULL, c->args + 2, c->nargs > 2 ? c->nargs - 2 : 0);
	for (size_t i = 0; i < RULES_NGAMES; i++)
		if (strcmp(rules_games[i]->game, c->args[0]) == 0)
			g = rules_games[i];
	if (g == NULL)
		return rules_fail(CTL_USAGE, NULL, "unknown game '%s' (games: %s)",
				  bd_printable(shown, sizeof shown, c->args[0]), rules_names(names, sizeof names));
	if (c->nargs < 2)
		return rules_fail(CTL_USAGE, g, "perft, moves or apply is needed");
	for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
		if (strcmp(actions[i].name, c->args[1]) == 0)
			return actions[i].run(g, c->args + 2, c->nargs - 2);
	return rules_fail(CTL_USAGE, g, "unknown action '%s' (perft, moves or apply)",
			  bd_printable(shown, sizeof shown, c->args[1]));
}
