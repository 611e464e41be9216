/* dump-qwirkle.c: how boardctl shows a Qwirkle table (ctl.h's struct ctl_view): the table
 * as a grid with its coordinates (x across, y up, from the first tile at 0,0), its tiles in
 * notation, how many tiles each hand and the bag hold, the points, the last turn, a practice
 * game marked as one. The hands and the bag's tiles are secret: only --private (--hands),
 * which needs the private segment (the daemon's user or root), prints them, marked SECRET.
 *
 * Grid cells: a tile ("b4"), "." empty; the last lay's tiles have a "*" before them. */
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "ipc/game/qwirkle.h"
#include "ipc/guard.h"

static const char *const qw_sides[] = {"first", "second", "third", "fourth"};

/* The table of snapshot p (its codec checked it: a sound table). */
static void qw_view_table(const struct bd_pub *p, struct qw_pos *pos)
{
	if (qw_pub_table(qw_pub_area(p), pos) != NULL)
		qw_pos_empty(pos);
}

static void qw_view_shape(FILE *f, const struct bd_pub *p)
{
	const struct qw_pub *a = qw_pub_area(p);

	fprintf(f, "qwirkle, %u seats%s", a->nseats ? a->nseats : p->min_players, a->practice ? ", PRACTICE" : "");
}

/* Whose turn, the tiles laid and left in the bag. */
static void qw_view_progress(FILE *f, const struct bd_pub *p)
{
	const struct qw_pub *a = qw_pub_area(p);

	if (p->turn != BD_NO_PLAYER)
		fprintf(f, "player %u to move, ", (unsigned)p->turn);
	fprintf(f, "%u tiles on the table, %u in the bag", a->ntiles, a->bag);
}

/* Nonzero if cell x, y holds one of the last lay's tiles. */
static int qw_view_last(const struct qw_pub *a, int x, int y)
{
	if (a->last != QW_LAST_LAY)
		return 0;
	for (unsigned i = a->ntiles - a->last_n; i < a->ntiles; i++)
		if (a->tile[i].x == x && a->tile[i].y == y)
			return 1;
	return 0;
}

/* The grid: a header of x, then one row per y from the top, each cell 3 characters wide. */
static void qw_view_rows(FILE *f, const struct qw_pub *a, const struct qw_pos *pos)
{
	char t[QW_TILE_LEN + 1];

	fputs("\n    ", f);
	for (int x = pos->xmin; x <= pos->xmax; x++)
		fprintf(f, "%3d", x);
	fputc('\n', f);
	for (int y = pos->ymax; y >= pos->ymin; y--) {
		fprintf(f, "%4d", y);
		for (int x = pos->xmin; x <= pos->xmax; x++) {
			uint8_t tile = qw_at(pos, x, y);
			if (tile == QW_NO_TILE) {
				fputs("  .", f);
				continue;
			}
			qw_tile_format(tile, t);
			fprintf(f, "%c%s", qw_view_last(a, x, y) ? '*' : ' ', t);
		}
		fputc('\n', f);
	}
}

/* For qsort: tiles by their code. */
static int qw_view_tile_cmp(const void *a, const void *b)
{
	return (int)*(const uint8_t *)a - (int)*(const uint8_t *)b;
}

/* The secrets (--private), copied from the private segment through the guard (it may
 * shrink) and plainly marked: every hand, and the tiles in the bag (sorted: they are drawn
 * at random). */
static void qw_view_secrets(FILE *f, const struct ctl *c)
{
	struct bd_pub *snap = malloc(sizeof *snap);
	struct qw_priv *v = malloc(sizeof *v);
	struct bd_found found;
	const struct bd_priv *priv = snap != NULL && v != NULL ? ctl_private(c, snap, &found) : NULL;
	char text[QW_HAND_TEXT_MAX], t[QW_TILE_LEN + 1];

	if (priv == NULL || snap->game_kind != BD_GAME_QWIRKLE || bd_guard_copy(v, priv->area, sizeof *v) < 0) {
		fputs("\nSECRET: the private segment could not be read\n", f);
		goto out;
	}
	fputs("\nSECRET (from the private segment: the daemon's user and root only)\n", f);
	for (unsigned s = 0; s < QW_SEATS_MAX && s < qw_pub_area(snap)->nseats; s++) {
		struct qw_hand h = {.n = v->hand[s].n > QW_HAND ? QW_HAND : v->hand[s].n};
		memcpy(h.tile, v->hand[s].tile, QW_HAND);
		qw_hand_format(&h, text);
		fprintf(f, "hand of player %u: %s\n", s, text);
	}
	unsigned n = v->nbag > QW_TILES ? QW_TILES : v->nbag;
	qsort(v->bag, n, 1, qw_view_tile_cmp);
	fprintf(f, "bag: %u tiles%s", n, n > 0 ? ":" : "");
	for (unsigned i = 0; i < n; i++) {
		qw_tile_format(v->bag[i], t);
		fprintf(f, " %s", t);
	}
	fputc('\n', f);
out:
	bd_priv_unmap(priv);
	free(snap);
	free(v);
}

/* The grid, the tiles in notation, the counts and points, the last turn; the hands with
 * --hands. */
static void qw_view_grid(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	static const char *const kinds[] = {"none", "lay", "swap", "pass"};
	const struct qw_pub *a = qw_pub_area(p);
	struct qw_pos *pos = malloc(sizeof *pos);
	char *text = malloc(QW_TABLE_TEXT_MAX);

	if (pos == NULL || text == NULL) {
		fputs("\n(out of memory)\n", f);
		free(pos), free(text);
		return;
	}
	qw_view_table(p, pos);
	if (pos->n > 0)
		qw_view_rows(f, a, pos);
	else
		fputs("\n(no tile on the table yet)\n", f);
	qw_pos_format(pos, text);
	fprintf(f, "table %s\nbag %u", text, a->bag);
	for (unsigned s = 0; s < a->nseats && s < QW_SEATS_MAX; s++)
		fprintf(f, ", player %u: %u tiles %u points", s, a->hand[s], a->score[s]);
	fprintf(f, "\nlast turn: %s", kinds[a->last <= QW_LAST_PASS ? a->last : 0]);
	if (a->last != QW_LAST_NONE)
		fprintf(f, " by player %u, %u tiles, %u points", a->last_seat, a->last_n, a->last_score);
	fprintf(f, "%s\n(tiles: shape a-f, colour 1-6; x across, y up; * the last lay)\n",
		a->practice ? "; PRACTICE game (any tile may be laid)" : "");
	if (c->hands)
		qw_view_secrets(f, c);
	free(pos);
	free(text);
}

static void qw_view_json_shape(struct json *j, const struct bd_pub *p)
{
	const struct qw_pub *a = qw_pub_area(p);

	json_str(j, "kind", "qwirkle");
	json_uint(j, "seats", a->nseats ? a->nseats : p->min_players);
	json_bool(j, "practice", a->practice != 0);
}

/* Whose turn, the bag. */
static void qw_view_json_progress(struct json *j, const struct bd_pub *p)
{
	if (p->turn != BD_NO_PLAYER)
		json_uint(j, "turn", p->turn);
	else
		json_null(j, "turn");
	json_uint(j, "bag", qw_pub_area(p)->bag);
}

/* The tiles laid (in order), each seat's tile count and points ("hands"), the last turn. */
static void qw_view_json_area(struct json *j, const struct bd_pub *p)
{
	static const char *const kinds[] = {NULL, "lay", "swap", "pass"};
	const struct qw_pub *a = qw_pub_area(p);
	char t[QW_TILE_LEN + 1];

	json_array(j, "table");
	for (unsigned i = 0; i < a->ntiles && i < QW_TILES; i++) {
		json_object(j, NULL);
		qw_tile_format(a->tile[i].tile, t);
		json_str(j, "tile", t);
		json_int(j, "x", a->tile[i].x);
		json_int(j, "y", a->tile[i].y);
		json_close(j);
	}
	json_close(j);
	json_array(j, "hands"); /* how many tiles, never which */
	for (unsigned s = 0; s < a->nseats && s < QW_SEATS_MAX; s++) {
		json_object(j, NULL);
		json_uint(j, "tiles", a->hand[s]);
		json_uint(j, "points", a->score[s]);
		json_close(j);
	}
	json_close(j);
	if (a->last == QW_LAST_NONE || a->last > QW_LAST_PASS) {
		json_null(j, "last_turn");
		return;
	}
	json_object(j, "last_turn");
	json_str(j, "kind", kinds[a->last]);
	json_uint(j, "player", a->last_seat);
	json_uint(j, "tiles", a->last_n);
	json_uint(j, "points", a->last_score);
	json_close(j);
}

const struct ctl_view ctl_view_qwirkle = {
	.kind = BD_GAME_QWIRKLE, .shape = qw_view_shape, .progress = qw_view_progress, .grid = qw_view_grid,
	.json_shape = qw_view_json_shape, .json_progress = qw_view_json_progress,
	.json_area = qw_view_json_area, .sides = qw_sides,
};
