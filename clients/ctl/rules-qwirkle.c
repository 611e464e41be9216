/* rules-qwirkle.c: `boardctl rules qwirkle moves|apply`: Qwirkle's rules on a table and a
 * hand in notation (ipc/game/qwirkle.h). A player sees its own hand and not the others' nor
 * the bag, so there is no perft; each lay is shown with its score. Output is tab-separated
 * (docs/boardctl.1). */
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "ipc/game/qwirkle.h"
#include "ipc/grow.h"
#include "ipc/proto.h"

/* What moves and apply start from: the table, the hand, the bag's tiles. */
struct qwr_state {
	struct qw_pos pos;
	struct qw_hand hand;
	unsigned bag;
};

/* One lay found, with its text. */
struct qwr_lay {
	unsigned score;
	char text[QW_MOVE_TEXT_MAX];
};

struct qwr_list {
	struct qwr_lay *lay;
	size_t n, cap;
	int full; /* out of memory */
};

/* Print "boardctl: rules qwirkle: message" on stderr; returns status. */
static int qwr_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int qwr_fail(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rules_vfail(status, "qwirkle", fmt, ap);
	va_end(ap);
	return status;
}

/* Nonzero if the table and the hand hold more than 3 of a tile together. */
static int qwr_too_many(const struct qwr_state *s)
{
	unsigned count[QW_KINDS] = {0};

	for (unsigned i = 0; i < s->pos.n; i++)
		count[s->pos.tile[i].tile]++;
	for (unsigned i = 0; i < s->hand.n; i++)
		if (++count[s->hand.tile[i]] > QW_COPIES)
			return 1;
	return 0;
}

/* Read TABLE HAND [BAG] from arg into *s; how many arguments it took, or -(exit status).
 * BAG is a number; without it the bag holds every tile on neither the table nor the hand. */
static int qwr_state(struct qwr_state *s, char **arg, int n)
{
	char shown[64];
	const char *why;
	long bag;

	if (n < 2)
		return -qwr_fail(CTL_USAGE, "TABLE and HAND are needed (- for none)");
	if ((why = qw_pos_parse(arg[0], &s->pos)) != NULL)
		return -qwr_fail(CTL_ERROR, "table '%s': %s", bd_printable(shown, sizeof shown, arg[0]), why);
	if ((why = qw_hand_parse(arg[1], &s->hand)) != NULL)
		return -qwr_fail(CTL_ERROR, "hand '%s': %s", bd_printable(shown, sizeof shown, arg[1]), why);
	if (qwr_too_many(s))
		return -qwr_fail(CTL_ERROR, "hand '%s': more than 3 of one tile with the table's",
				 bd_printable(shown, sizeof shown, arg[1]));
	s->bag = QW_TILES - s->pos.n - s->hand.n;
	if (n < 3 || (bag = bd_parse_uint(arg[2])) < 0)
		return 2;
	if (bag > (long)s->bag)
		return -qwr_fail(CTL_ERROR, "bag %ld: only %u tiles are on neither the table nor the hand", bag, s->bag);
	s->bag = (unsigned)bag;
	return 3;
}

/* Keep one lay found (qw_move_fn). */
static int qwr_keep(void *arg, const struct qw_move *m, unsigned score)
{
	struct qwr_list *l = arg;
	struct qwr_lay *lay = bd_grow(&l->lay, l->n, &l->cap, sizeof *l->lay);

	if (lay == NULL) {
		l->full = 1;
		return 1;
	}
	lay->score = score;
	qw_move_format(m, lay->text);
	l->n++;
	return 0;
}

/* Highest score first, then by text. */
static int qwr_order(const void *a, const void *b)
{
	const struct qwr_lay *x = a, *y = b;

	if (x->score != y->score)
		return x->score < y->score ? 1 : -1;
	return strcmp(x->text, y->text);
}

/* moves TABLE HAND [BAG]: every lay with its score ("LAY<TAB>SCORE", best first), then
 * "swap<TAB>0" if the bag has a tile, or "pass<TAB>0" if nothing else may be done. */
static int qwr_moves(char **arg, int n)
{
	struct qwr_state s;
	struct qwr_list l = {0};
	int used = qwr_state(&s, arg, n);

	if (used < 0)
		return -used;
	if (used != n)
		return qwr_fail(CTL_USAGE, "moves wants TABLE HAND [BAG]");
	if (s.hand.n == 0)
		return CTL_OK;
	qw_moves(&s.pos, &s.hand, qwr_keep, &l);
	if (l.full) {
		free(l.lay);
		return qwr_fail(CTL_ERROR, "out of memory");
	}
	if (l.n > 0) /* none: no array at all, which qsort must not be given */
		qsort(l.lay, l.n, sizeof *l.lay, qwr_order);
	for (size_t i = 0; i < l.n; i++)
		printf("%s\t%u\n", l.lay[i].text, l.lay[i].score);
	if (s.bag > 0)
		printf("swap\t0\n");
	else if (l.n == 0)
		printf("pass\t0\n");
	free(l.lay);
	return CTL_OK;
}

/* Play the turn of words[0 .. nw - 1] on s: NULL with *score, or why it is refused. A lay
 * draws from the bag but the tiles drawn are unknown: the hand is not refilled. */
static const char *qwr_turn(struct qwr_state *s, char **words, unsigned nw, unsigned *score)
{
	struct qw_turn t;
	const char *why;

	*score = 0;
	if (s->hand.n == 0)
		return s->bag == 0 ? "the game is over: the hand is empty" : "the hand is empty (apply does not draw)";
	if ((why = qw_turn_parse(nw, (const char *const *)words, &t)) != NULL)
		return why;
	if (t.kind == QW_PASS)
		return s->bag > 0 || qw_can_lay(&s->pos, &s->hand) ? "a pass is only for a hand that cannot lay with an empty bag" : NULL;
	if (t.kind == QW_SWAP) {
		if ((why = qw_swap_error(&s->hand, t.swap.tile, t.swap.n, s->bag)) != NULL)
			return why;
		qw_hand_take(&s->hand, t.swap.tile, t.swap.n);
		return NULL;
	}
	if ((why = qw_lay_error(&s->pos, &s->hand, 0, &t.lay, score)) != NULL)
		return why;
	qw_apply(&s->pos, &t.lay);
	for (unsigned i = 0; i < t.lay.n; i++)
		qw_hand_take(&s->hand, &t.lay.p[i].tile, 1);
	s->bag -= s->bag < t.lay.n ? s->bag : t.lay.n;
	*score = qw_lay_total(*score, s->hand.n, s->bag);
	return NULL;
}

/* The closing lines of apply: the table, the hand, the bag, the total score, "result on"
 * or "result over" (the hand emptied with the bag empty). */
static int qwr_end(const struct qwr_state *s, unsigned total)
{
	char table[QW_TABLE_TEXT_MAX], hand[QW_HAND_TEXT_MAX];

	qw_pos_format(&s->pos, table);
	qw_hand_format(&s->hand, hand);
	printf("table\t%s\nhand\t%s\nbag\t%u\nscore\t%u\nresult\t%s\n", table, hand, s->bag, total,
	       s->hand.n == 0 && s->bag == 0 ? "over" : "on");
	return CTL_OK;
}

/* apply TABLE HAND [BAG] TURN...: each TURN one argument ("b4@1,0 b5@2,0", "swap b4 c1",
 * "pass") played by the hand in turn; one line per turn (number, turn, score), then the
 * table, hand, bag, total score and whether the game is over. */
static int qwr_apply(char **arg, int n)
{
	struct qwr_state s;
	char out[16384], shown[QW_MOVE_TEXT_MAX], *words[QW_HAND + 2], *save;
	int used = qwr_state(&s, arg, n);
	unsigned total = 0, score;
	size_t len = 0;

	if (used < 0)
		return -used;
	out[0] = '\0';
	for (int m = used; m < n; m++) {
		unsigned nw = 0;
		bd_printable(shown, sizeof shown, arg[m]);
		for (char *w = strtok_r(arg[m], " \t", &save); w != NULL && nw < QW_HAND + 2; w = strtok_r(NULL, " \t", &save))
			words[nw++] = w;
		const char *why = qwr_turn(&s, words, nw, &score);
		if (why != NULL)
			return qwr_fail(CTL_ERROR, "turn %d of %d ('%s'): %s", m - used + 1, n - used, shown, why);
		total += score;
		if (len < sizeof out)
			len += (size_t)snprintf(out + len, sizeof out - len, "%d\t%s\t%u\n", m - used + 1, shown, score);
	}
	fputs(out, stdout);
	return qwr_end(&s, total);
}

int rules_qwirkle(const char *action, char **arg, int n)
{
	char shown[64];

	if (action == NULL)
		return qwr_fail(CTL_USAGE, "moves or apply is needed");
	if (strcmp(action, "moves") == 0)
		return qwr_moves(arg, n);
	if (strcmp(action, "apply") == 0)
		return qwr_apply(arg, n);
	return qwr_fail(CTL_USAGE, "unknown action '%s' (moves or apply: a hidden hand has no perft)",
			bd_printable(shown, sizeof shown, action));
}
