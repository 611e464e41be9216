/* qwirkle.c: Qwirkle's rules and notation (qwirkle.h): pure functions. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qwirkle.h"

#define QW_PLACED 64   /* a grid value with this bit: a tile of the lay being tried */
#define QW_NEAR 7      /* a lay's cells lie this close to the table's bounds, or touch nothing */

static const char qw_malformed[] = "malformed", qw_off[] = BD_REASON("off the table");

/* The grid square of cell x, y. */
static inline uint8_t *qw_square(struct qw_pos *p, int x, int y)
{
	return &p->grid[(unsigned)y & (QW_GRID - 1)][(unsigned)x & (QW_GRID - 1)];
}

static inline uint8_t qw_value(const struct qw_pos *p, int x, int y)
{
	return p->grid[(unsigned)y & (QW_GRID - 1)][(unsigned)x & (QW_GRID - 1)];
}

/* The grid value at x, y of p with the tiles of over (if not NULL) on it as a lay's. */
static uint8_t qw_look(const struct qw_pos *p, const struct qw_move *over, int x, int y)
{
	for (unsigned i = 0; over != NULL && i < over->n; i++)
		if (over->p[i].x == x && over->p[i].y == y)
			return (uint8_t)(over->p[i].tile + 1 + QW_PLACED);
	return qw_value(p, x, y);
}

uint8_t qw_at(const struct qw_pos *p, int x, int y)
{
	uint8_t v = qw_value(p, x, y);

	return v == 0 ? QW_NO_TILE : (uint8_t)((v & (QW_PLACED - 1)) - 1);
}

/* The two characters at s as a tile: 0, or -1. */
static int qw_tile_read(const char *s, uint8_t *tile)
{
	if (s[0] < 'a' || s[0] > 'f' || s[1] < '1' || s[1] > '6')
		return -1;
	*tile = (uint8_t)((s[0] - 'a') * QW_COLOURS + (s[1] - '1'));
	return 0;
}

int qw_tile_parse(const char *s, uint8_t *tile)
{
	if (s == NULL || strlen(s) != QW_TILE_LEN)
		return -1;
	return qw_tile_read(s, tile);
}

void qw_tile_format(uint8_t tile, char out[QW_TILE_LEN + 1])
{
	out[0] = (char)('a' + qw_shape(tile) % QW_SHAPES);
	out[1] = (char)('1' + qw_colour(tile));
	out[2] = '\0';
}

/* A coordinate at *s (an optional '-' then 1 to 3 digits) into *v, *s moved past it; NULL,
 * or why it is none. */
static const char *qw_coord(const char **s, int *v)
{
	const char *c = *s;
	int sign = *c == '-', value = 0, digits = 0;

	c += sign;
	while (*c >= '0' && *c <= '9' && digits < 4) {
		value = value * 10 + (*c++ - '0');
		digits++;
	}
	if (digits == 0 || (*c >= '0' && *c <= '9'))
		return qw_malformed;
	*s = c;
	*v = sign ? -value : value;
	return value > QW_COORD_MAX ? qw_off : NULL;
}

const char *qw_place_parse(const char *s, struct qw_place *p)
{
	uint8_t tile;
	int x, y;
	const char *why, *ywhy;

	if (s == NULL || strlen(s) < 6 || qw_tile_read(s, &tile) < 0 || s[2] != '@')
		return qw_malformed;
	s += 3;
	if ((why = qw_coord(&s, &x)) == qw_malformed || *s++ != ',')
		return qw_malformed;
	if ((ywhy = qw_coord(&s, &y)) == qw_malformed || *s != '\0')
		return qw_malformed;
	if (why != NULL || ywhy != NULL)
		return qw_off;
	p->x = (int8_t)x;
	p->y = (int8_t)y;
	p->tile = tile;
	return NULL;
}

void qw_place_format(const struct qw_place *p, char out[QW_PLACE_MAX])
{
	char t[QW_TILE_LEN + 1];

	qw_tile_format(p->tile, t);
	snprintf(out, QW_PLACE_MAX, "%s@%d,%d", t, p->x, p->y);
}

/* The next word of *s (separated by spaces) into word (size bytes), *s moved past it: its
 * length, 0 at the end, or -1 if it is longer than size - 1. */
static int qw_word(const char **s, char *word, size_t size)
{
	size_t n = 0;

	while (**s == ' ')
		(*s)++;
	while (**s != '\0' && **s != ' ') {
		if (n + 1 >= size)
			return -1;
		word[n++] = *(*s)++;
	}
	word[n] = '\0';
	return (int)n;
}

const char *qw_hand_parse(const char *s, struct qw_hand *h)
{
	char word[8];
	int len;

	h->n = 0;
	if (s == NULL)
		return "a hand is tiles like b4 separated by spaces, or -";
	if (strcmp(s, "-") == 0)
		return NULL;
	while ((len = qw_word(&s, word, sizeof word)) != 0) {
		if (len < 0 || qw_tile_parse(word, &h->tile[h->n]) < 0)
			return "a tile is a shape a-f and a colour 1-6, like b4";
		if (++h->n > QW_HAND)
			return "a hand holds at most 6 tiles";
	}
	return NULL;
}

void qw_hand_format(const struct qw_hand *h, char out[QW_HAND_TEXT_MAX])
{
	out[0] = '\0';
	if (h->n == 0)
		strcpy(out, "-");
	for (unsigned i = 0; i < h->n && i < QW_HAND; i++) {
		qw_tile_format(h->tile[i], out + 3 * i);
		out[3 * i + 2] = i + 1 < h->n ? ' ' : '\0';
	}
}

int qw_hand_has(const struct qw_hand *h, const uint8_t *tiles, unsigned n)
{
	int count[QW_KINDS] = {0};

	for (unsigned i = 0; i < h->n; i++)
		count[h->tile[i] % QW_KINDS]++;
	for (unsigned i = 0; i < n; i++)
		if (tiles[i] >= QW_KINDS || --count[tiles[i]] < 0)
			return 0;
	return 1;
}

void qw_hand_take(struct qw_hand *h, const uint8_t *tiles, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = 0; j < h->n; j++)
			if (h->tile[j] == tiles[i]) {
				memmove(h->tile + j, h->tile + j + 1, h->n - j - 1);
				h->n--;
				break;
			}
}

unsigned qw_hand_best(const struct qw_hand *h)
{
	uint8_t seen[QW_KINDS] = {0};
	unsigned by_colour[QW_COLOURS] = {0}, by_shape[QW_SHAPES] = {0}, best = 0;

	for (unsigned i = 0; i < h->n; i++) {
		uint8_t t = h->tile[i] % QW_KINDS;
		if (seen[t]++)
			continue;
		if (++by_colour[qw_colour(t)] > best)
			best = by_colour[qw_colour(t)];
		if (++by_shape[qw_shape(t)] > best)
			best = by_shape[qw_shape(t)];
	}
	return best;
}

void qw_pos_empty(struct qw_pos *p)
{
	memset(p, 0, sizeof *p);
}

unsigned qw_pos_count(const struct qw_pos *p, uint8_t tile)
{
	unsigned n = 0;

	for (unsigned i = 0; i < p->n; i++)
		n += p->tile[i].tile == tile;
	return n;
}

/* The tiles of the run through x, y (occupied) along dx, dy of p with over on it, into run
 * from its start; its length, counting no further than QW_LINE_MAX + 1 (too long already). */
static unsigned qw_run(const struct qw_pos *p, const struct qw_move *over, int x, int y, int dx, int dy,
		       uint8_t run[QW_LINE_MAX + 1])
{
	unsigned n = 0;
	uint8_t v;

	for (int k = 0; k <= QW_LINE_MAX && qw_look(p, over, x - dx, y - dy) != 0; k++) {
		x -= dx;
		y -= dy;
	}
	while (n <= QW_LINE_MAX && (v = qw_look(p, over, x, y)) != 0) {
		run[n++] = (uint8_t)((v & (QW_PLACED - 1)) - 1);
		x += dx;
		y += dy;
	}
	return n;
}

const char *qw_line_error(const uint8_t *tiles, unsigned n)
{
	int same_colour = 1, same_shape = 1;

	if (n > QW_LINE_MAX)
		return BD_REASON("a line of more than 6 tiles");
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i + 1; j < n; j++)
			if (tiles[i] == tiles[j])
				return BD_REASON("a tile twice in one line");
	for (unsigned i = 1; i < n; i++) {
		same_colour &= qw_colour(tiles[i]) == qw_colour(tiles[0]);
		same_shape &= qw_shape(tiles[i]) == qw_shape(tiles[0]);
	}
	if (!same_colour && !same_shape)
		return BD_REASON("a line is one colour with different shapes or one shape with different colours");
	return NULL;
}

/* Why the run through x, y along dx, dy is not a line, NULL if it is. */
static const char *qw_run_error(const struct qw_pos *p, const struct qw_move *over, int x, int y, int dx, int dy)
{
	uint8_t run[QW_LINE_MAX + 1];

	return qw_line_error(run, qw_run(p, over, x, y, dx, dy, run));
}

/* Points of the run through x, y along dx, dy: its length if 2 or more, 6 more for a line
 * of 6 (a Qwirkle). */
static unsigned qw_run_points(const struct qw_pos *p, const struct qw_move *over, int x, int y, int dx, int dy)
{
	uint8_t run[QW_LINE_MAX + 1];
	unsigned n = qw_run(p, over, x, y, dx, dy, run);

	return n < 2 ? 0 : n == QW_LINE_MAX ? n + QW_QWIRKLE : n;
}

/* Why the lay m, on p (over: its tiles, or NULL if they are on p's grid), along dir (0 a
 * row, 1 a column; a single tile is checked both ways) breaks a line, NULL if it does not. */
static const char *qw_lay_lines(const struct qw_pos *p, const struct qw_move *over, const struct qw_move *m, int dir)
{
	const char *why;

	if ((why = qw_run_error(p, over, m->p[0].x, m->p[0].y, dir == 0, dir == 1)) != NULL)
		return why;
	for (unsigned i = 0; i < m->n; i++)
		if ((why = qw_run_error(p, over, m->p[i].x, m->p[i].y, dir == 1, dir == 0)) != NULL)
			return why;
	return NULL;
}

/* The points of the sound lay m on p (over as for qw_lay_lines) along dir: its line once
 * and each tile's line across; a lone first tile scores 1. */
static unsigned qw_lay_points(const struct qw_pos *p, const struct qw_move *over, const struct qw_move *m, int dir)
{
	unsigned s = qw_run_points(p, over, m->p[0].x, m->p[0].y, dir == 0, dir == 1);

	for (unsigned i = 0; i < m->n; i++)
		s += qw_run_points(p, over, m->p[i].x, m->p[i].y, dir == 1, dir == 0);
	return s == 0 ? 1 : s;
}

/* Nonzero if a tile of the lay m on p (over as for qw_lay_lines) is next to a tile that was
 * there before. */
static int qw_lay_touches(const struct qw_pos *p, const struct qw_move *over, const struct qw_move *m)
{
	static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

	for (unsigned i = 0; i < m->n; i++)
		for (unsigned k = 0; k < 4; k++) {
			uint8_t v = qw_look(p, over, m->p[i].x + d[k][0], m->p[i].y + d[k][1]);
			if (v != 0 && !(v & QW_PLACED))
				return 1;
		}
	return 0;
}

/* Put (or with tile QW_NO_TILE, take away) a tile of a lay being tried at x, y. */
static void qw_try(struct qw_pos *p, int x, int y, uint8_t tile)
{
	*qw_square(p, x, y) = tile == QW_NO_TILE ? 0 : (uint8_t)(tile + 1 + QW_PLACED);
}

/* Add a tile to the table (its cell empty). */
static void qw_put(struct qw_pos *p, const struct qw_place *t)
{
	if (p->n == 0 || t->x < p->xmin)
		p->xmin = t->x;
	if (p->n == 0 || t->x > p->xmax)
		p->xmax = t->x;
	if (p->n == 0 || t->y < p->ymin)
		p->ymin = t->y;
	if (p->n == 0 || t->y > p->ymax)
		p->ymax = t->y;
	*qw_square(p, t->x, t->y) = (uint8_t)(t->tile + 1);
	p->tile[p->n++] = *t;
}

void qw_apply(struct qw_pos *p, const struct qw_move *m)
{
	for (unsigned i = 0; i < m->n; i++)
		qw_put(p, &m->p[i]);
}

/* How many tiles of p are connected to the one at 0,0 (marking them in seen). */
static unsigned qw_connected(const struct qw_pos *p, int x, int y, uint8_t seen[QW_GRID][QW_GRID])
{
	uint8_t *s = &seen[(unsigned)y & (QW_GRID - 1)][(unsigned)x & (QW_GRID - 1)];
	unsigned n = 1;

	if (*s || qw_value(p, x, y) == 0)
		return 0;
	*s = 1;
	n += qw_connected(p, x + 1, y, seen) + qw_connected(p, x - 1, y, seen);
	return n + qw_connected(p, x, y + 1, seen) + qw_connected(p, x, y - 1, seen);
}

/* Why the loaded table's lines or connection are unsound, NULL if they are sound. */
static const char *qw_pos_sound(const struct qw_pos *p)
{
	uint8_t seen[QW_GRID][QW_GRID];
	const char *why;

	for (unsigned i = 0; i < p->n; i++)
		for (int dir = 0; dir < 2; dir++)
			if ((why = qw_run_error(p, NULL, p->tile[i].x, p->tile[i].y, dir == 0, dir == 1)) != NULL)
				return why;
	if (p->n == 0)
		return NULL;
	if (qw_value(p, 0, 0) == 0)
		return "no tile at 0,0 (the first tile's cell)";
	memset(seen, 0, sizeof seen);
	if (qw_connected(p, 0, 0, seen) != p->n)
		return "tiles not connected to the one at 0,0";
	return NULL;
}

const char *qw_pos_load(struct qw_pos *p, const struct qw_place *tiles, unsigned n)
{
	unsigned count[QW_KINDS] = {0};

	qw_pos_empty(p);
	if (n > QW_TILES)
		return "more than 108 tiles";
	for (unsigned i = 0; i < n; i++) {
		const struct qw_place *t = &tiles[i];
		if (t->tile >= QW_KINDS || t->x < -QW_COORD_MAX || t->x > QW_COORD_MAX || t->y < -QW_COORD_MAX ||
		    t->y > QW_COORD_MAX)
			return "a tile is off the table";
		if (++count[t->tile] > QW_COPIES)
			return "more than 3 of one tile";
		/* connected tiles span at most n - 1 cells: farther apart they would share squares */
		if (p->n > 0 && (t->x - p->xmin >= QW_TILES || p->xmax - t->x >= QW_TILES ||
				 t->y - p->ymin >= QW_TILES || p->ymax - t->y >= QW_TILES))
			return "tiles not connected to the one at 0,0";
		if (qw_value(p, t->x, t->y) != 0)
			return "two tiles on one cell";
		qw_put(p, t);
	}
	return qw_pos_sound(p);
}

const char *qw_pos_parse(const char *s, struct qw_pos *p)
{
	struct qw_place tiles[QW_TILES + 1];
	char word[QW_PLACE_MAX];
	unsigned n = 0;
	int len;

	qw_pos_empty(p);
	if (s == NULL)
		return "a table is placements like b4@-1,2 separated by spaces, or -";
	if (strcmp(s, "-") == 0)
		return NULL;
	while ((len = qw_word(&s, word, sizeof word)) != 0) {
		if (len < 0 || qw_place_parse(word, &tiles[n]) != NULL)
			return "a placement is a tile, @ and a cell x,y, like b4@-1,2";
		if (++n > QW_TILES)
			return "more than 108 tiles";
	}
	return qw_pos_load(p, tiles, n);
}

void qw_pos_format(const struct qw_pos *p, char out[QW_TABLE_TEXT_MAX])
{
	size_t used = 0;

	strcpy(out, "-");
	for (unsigned i = 0; i < p->n; i++) {
		char one[QW_PLACE_MAX];
		qw_place_format(&p->tile[i], one);
		used += (size_t)snprintf(out + used, QW_TABLE_TEXT_MAX - used, "%s%s", i ? " " : "", one);
	}
}

/* The direction of lay m (0 a row, 1 a column; a single tile: 0), -1 if its tiles are not
 * in one row or column. */
static int qw_lay_dir(const struct qw_move *m)
{
	int row = 1, column = 1;

	for (unsigned i = 1; i < m->n; i++) {
		row &= m->p[i].y == m->p[0].y;
		column &= m->p[i].x == m->p[0].x;
	}
	return row ? 0 : column ? 1 : -1;
}

/* Why m's cells (in one line along dir) are not near p's tiles, two tiles share a cell, or a
 * cell is taken; NULL if none is so. Far cells are refused before the grid is looked at. */
static const char *qw_lay_cells(const struct qw_pos *p, const struct qw_move *m, int dir)
{
	int lo = 0, hi = 0, far = 0;

	for (unsigned i = 0; i < m->n; i++) {
		int along = dir == 0 ? m->p[i].x : m->p[i].y;
		lo = i == 0 || along < lo ? along : lo;
		hi = i == 0 || along > hi ? along : hi;
		far |= m->p[i].x < (p->n ? p->xmin : 0) - QW_NEAR || m->p[i].x > (p->n ? p->xmax : 0) + QW_NEAR ||
		       m->p[i].y < (p->n ? p->ymin : 0) - QW_NEAR || m->p[i].y > (p->n ? p->ymax : 0) + QW_NEAR;
		for (unsigned j = 0; j < i; j++)
			if (m->p[j].x == m->p[i].x && m->p[j].y == m->p[i].y)
				return "two tiles on one cell";
	}
	if (far && hi - lo >= QW_NEAR)
		return BD_REASON("a gap between the tiles");
	if (far)
		return p->n == 0 ? BD_REASON("the first lay covers 0,0") :
				   BD_REASON("the tiles touch nothing on the table");
	for (unsigned i = 0; i < m->n; i++)
		if (qw_value(p, m->p[i].x, m->p[i].y) != 0)
			return BD_REASON("the cell is taken");
	return NULL;
}

/* Nonzero if every cell between m's first and last along dir is m's or p's: no gap. */
static int qw_lay_whole(const struct qw_pos *p, const struct qw_move *m, int dir)
{
	for (unsigned i = 1; i < m->n; i++) {
		int dx = dir == 0 ? (m->p[i].x > m->p[0].x) - (m->p[i].x < m->p[0].x) : 0;
		int dy = dir == 1 ? (m->p[i].y > m->p[0].y) - (m->p[i].y < m->p[0].y) : 0;
		for (int x = m->p[0].x + dx, y = m->p[0].y + dy; x != m->p[i].x || y != m->p[i].y; x += dx, y += dy)
			if (qw_look(p, m, x, y) == 0)
				return 0;
	}
	return 1;
}

const char *qw_check(const struct qw_pos *p, const struct qw_move *m, unsigned *score)
{
	int dir = m->n == 0 || m->n > QW_HAND ? -1 : qw_lay_dir(m), origin = 0;
	const char *why;

	if (m->n == 0 || m->n > QW_HAND)
		return BD_REASON("a lay is 1 to 6 tiles");
	if (dir < 0)
		return BD_REASON("the tiles are not in one row or column");
	for (unsigned i = 0; i < m->n; i++)
		origin |= m->p[i].x == 0 && m->p[i].y == 0;
	if ((why = qw_lay_cells(p, m, dir)) != NULL)
		return why;
	if (p->n == 0 && !origin)
		return BD_REASON("the first lay covers 0,0");
	if (!qw_lay_whole(p, m, dir))
		return BD_REASON("a gap between the tiles");
	if ((why = qw_lay_lines(p, m, m, dir)) != NULL)
		return why;
	if (p->n > 0 && !qw_lay_touches(p, m, m))
		return BD_REASON("the tiles touch nothing on the table");
	*score = qw_lay_points(p, m, m, dir);
	return NULL;
}

const char *qw_lay_error(const struct qw_pos *p, const struct qw_hand *hand, int practice,
			 const struct qw_move *m, unsigned *score)
{
	uint8_t tiles[QW_HAND];
	const char *why;

	if ((why = qw_check(p, m, score)) != NULL)
		return why;
	for (unsigned i = 0; i < m->n; i++)
		tiles[i] = m->p[i].tile;
	if (!practice && !qw_hand_has(hand, tiles, m->n))
		return BD_REASON("a tile not in your hand");
	if (p->n == 0 && m->n != qw_hand_best(hand))
		return BD_REASON("the first lay is the most tiles of the hand sharing a colour or a shape");
	return NULL;
}

unsigned qw_lay_total(unsigned lines, unsigned hand_left, unsigned bag_left)
{
	return lines + (hand_left == 0 && bag_left == 0 ? QW_QWIRKLE : 0);
}

const char *qw_swap_error(const struct qw_hand *hand, const uint8_t *tiles, unsigned n, unsigned bag)
{
	if (n == 0 || n > QW_HAND)
		return BD_REASON("a swap is 1 to 6 tiles");
	if (!qw_hand_has(hand, tiles, n))
		return BD_REASON("a tile not in your hand");
	if (n > bag)
		return BD_REASON("the bag holds fewer tiles than that");
	return NULL;
}

/* The move generator's state: a copy of the table to try tiles on, the hand left. */
struct qw_gen {
	struct qw_pos w;
	uint8_t left[QW_KINDS];      /* the hand's tiles not in the lay, by kind */
	uint8_t kinds[QW_HAND];      /* the hand's kinds, each once */
	unsigned nkinds, nhand, need; /* need: the first lay's tiles (0 after it) */
	int dir;
	struct qw_move m;
	qw_move_fn *fn;
	void *arg;
	unsigned found;
	int stop;
};

/* Give the lay being tried if it is whole: a single tile once (in a row), the first lay
 * over 0,0 with its tiles, a later one touching the table (touched). */
static void qw_gen_give(struct qw_gen *g, int touched)
{
	int origin = 0;

	if (g->m.n == 1 && g->dir == 1)
		return;
	for (unsigned i = 0; i < g->m.n; i++)
		origin |= g->m.p[i].x == 0 && g->m.p[i].y == 0;
	if (g->w.n == 0 ? !origin || g->m.n != g->need : !touched)
		return;
	g->found++;
	g->stop = g->fn(g->arg, &g->m, qw_lay_points(&g->w, NULL, &g->m, g->dir));
}

/* Nonzero if an empty cell x, y is next to a tile of the table (not of the lay). */
static int qw_gen_anchor(const struct qw_gen *g, int x, int y)
{
	static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

	for (unsigned k = 0; k < 4; k++) {
		uint8_t v = qw_value(&g->w, x + d[k][0], y + d[k][1]);
		if (v != 0 && !(v & QW_PLACED))
			return 1;
	}
	return 0;
}

/* Nonzero if a lay going on from the empty cell x, y along dir with tiles more tiles can
 * still touch the table: one of the next tiles empty cells is next to it. */
static int qw_gen_reach(const struct qw_gen *g, int x, int y, unsigned tiles)
{
	int dx = g->dir == 0, dy = g->dir == 1;

	for (unsigned k = 0; k < tiles; k++, x += dx, y += dy) {
		for (int skip = 0; qw_value(&g->w, x, y) != 0; skip++, x += dx, y += dy)
			if (skip == QW_LINE_MAX)
				return 0;
		if (qw_gen_anchor(g, x, y))
			return 1;
	}
	return 0;
}

/* Try each kind of the hand left at x, y (empty), then the next empty cell along dir;
 * touched: the lay so far is next to the table. */
static void qw_gen_step(struct qw_gen *g, int x, int y, int touched)
{
	int dx = g->dir == 0, dy = g->dir == 1, nx = x + dx, ny = y + dy, skip = 0;

	touched |= qw_gen_anchor(g, x, y);
	while (qw_value(&g->w, nx, ny) != 0 && skip++ < QW_LINE_MAX) {
		nx += dx;
		ny += dy;
	}
	for (unsigned k = 0; k < g->nkinds && !g->stop; k++) {
		uint8_t t = g->kinds[k];
		if (g->left[t] == 0)
			continue;
		qw_try(&g->w, x, y, t);
		g->m.p[g->m.n++] = (struct qw_place){(int8_t)x, (int8_t)y, t};
		g->left[t]--;
		if (qw_run_error(&g->w, NULL, x, y, dx, dy) == NULL && qw_run_error(&g->w, NULL, x, y, dy, dx) == NULL) {
			qw_gen_give(g, touched);
			unsigned more = g->nhand - g->m.n;
			if (!g->stop && more > 0 && skip < QW_LINE_MAX &&
			    (touched || g->w.n == 0 || qw_gen_reach(g, nx, ny, more)))
				qw_gen_step(g, nx, ny, touched);
		}
		g->left[t]++;
		g->m.n--;
		qw_try(&g->w, x, y, QW_NO_TILE);
	}
}

unsigned qw_moves(const struct qw_pos *p, const struct qw_hand *hand, qw_move_fn *fn, void *arg)
{
	struct qw_gen g;

	g.w = *p;
	memset(g.left, 0, sizeof g.left);
	g.nkinds = 0;
	g.nhand = hand->n > QW_HAND ? QW_HAND : hand->n;
	for (unsigned i = 0; i < g.nhand; i++)
		if (hand->tile[i] < QW_KINDS && g.left[hand->tile[i]]++ == 0)
			g.kinds[g.nkinds++] = hand->tile[i];
	g.need = p->n == 0 ? qw_hand_best(hand) : 0;
	g.m.n = 0;
	g.fn = fn;
	g.arg = arg;
	g.found = 0;
	g.stop = 0;
	for (g.dir = 0; g.dir < 2 && !g.stop; g.dir++) {
		if (p->n == 0) {
			for (int k = 0; k < QW_LINE_MAX && !g.stop; k++)
				qw_gen_step(&g, g.dir == 0 ? -k : 0, g.dir == 1 ? -k : 0, 0);
			continue;
		}
		/* a lay along a row touching the table is in a row next to it or on it, its first
		 * tile at most 5 cells before a cell next to it; the same for a column */
		int back = g.dir == 0 ? QW_LINE_MAX : 1, up = g.dir == 1 ? QW_LINE_MAX : 1;
		for (int y = p->ymin - up; y <= p->ymax + 1 && !g.stop; y++)
			for (int x = p->xmin - back; x <= p->xmax + 1 && !g.stop; x++)
				if (qw_value(&g.w, x, y) == 0 && qw_gen_reach(&g, x, y, g.nhand))
					qw_gen_step(&g, x, y, 0);
	}
	return g.found;
}

/* Stop at the first lay. */
static int qw_first(void *arg, const struct qw_move *m, unsigned score)
{
	(void)arg;
	(void)m;
	(void)score;
	return 1;
}

int qw_can_lay(const struct qw_pos *p, const struct qw_hand *hand)
{
	return qw_moves(p, hand, qw_first, NULL) > 0;
}

const char *qw_turn_parse(unsigned ntok, const char *const *tok, struct qw_turn *t)
{
	const char *why = NULL;

	memset(t, 0, sizeof *t);
	if (ntok == 1 && strcmp(tok[0], "pass") == 0) {
		t->kind = QW_PASS;
		return NULL;
	}
	if (ntok >= 1 && strcmp(tok[0], "swap") == 0) {
		t->kind = QW_SWAP;
		if (ntok < 2 || ntok > QW_HAND + 1)
			return qw_malformed;
		for (unsigned i = 1; i < ntok; i++)
			if (qw_tile_parse(tok[i], &t->swap.tile[t->swap.n++]) < 0)
				return qw_malformed;
		return NULL;
	}
	t->kind = QW_LAY;
	if (ntok < 1 || ntok > QW_HAND)
		return qw_malformed;
	for (unsigned i = 0; i < ntok; i++) {
		const char *w = qw_place_parse(tok[i], &t->lay.p[t->lay.n++]);
		if (w == qw_malformed)
			return qw_malformed;
		why = why != NULL ? why : w;
	}
	return why;
}

void qw_move_format(const struct qw_move *m, char out[QW_MOVE_TEXT_MAX])
{
	size_t used = 0;

	out[0] = '\0';
	for (unsigned i = 0; i < m->n && i < QW_HAND; i++) {
		char one[QW_PLACE_MAX];
		qw_place_format(&m->p[i], one);
		used += (size_t)snprintf(out + used, QW_MOVE_TEXT_MAX - used, "%s%s", i ? " " : "", one);
	}
}

void qw_turn_format(const struct qw_turn *t, char out[QW_MOVE_TEXT_MAX])
{
	char hand[QW_HAND_TEXT_MAX];

	if (t->kind == QW_PASS) {
		strcpy(out, "pass");
	} else if (t->kind == QW_SWAP) {
		qw_hand_format(&t->swap, hand);
		snprintf(out, QW_MOVE_TEXT_MAX, "swap %s", hand);
	} else {
		qw_move_format(&t->lay, out);
	}
}

/* --- The codec (qwirkle.h, game.h) ----------------------------------------------------- */
/* By type - QW_EV_LAY; the letters are in qwirkle.h. */
static const char *const qw_event_words[] = {"lay", "swap", "passed", "drew", "practice"};
static const char *const qw_event_specs[] = {"pnT", "pn", "p", "pH", ""};
/* Its letters' names in an event's parsed fields (boardctl events --json). */
static const struct bd_field_name qw_field_names[] = {
	{'T', "placements"}, {'H', "tiles"}, {0, NULL}};

/* Why Qwirkle cannot be played with shape s, NULL if it can. */
static const char *qw_shape_check(const struct bd_game_shape *s)
{
	if (s->dim != QW_DIM)
		return "board dimension out of range";
	if (s->region_side < 1)
		return "region size out of range";
	return NULL;
}

/* The areas' sizes: the same for every table. */
static size_t qw_pub_size(const struct bd_game_shape *s)
{
	(void)s;
	return sizeof(struct qw_pub);
}

static size_t qw_priv_size(const struct bd_game_shape *s)
{
	(void)s;
	return sizeof(struct qw_priv);
}

/* One lock region: a turn looks at the whole table. */
static unsigned qw_nregions(const struct bd_game_shape *s)
{
	(void)s;
	return 1;
}

/* The one region covers everything after the shape. */
static unsigned qw_region_spans(const struct bd_game_shape *s, unsigned r, struct bd_span *spans)
{
	(void)s;
	(void)r;
	spans[0].off = offsetof(struct qw_pub, practice);
	spans[0].len = sizeof(struct qw_pub) - offsetof(struct qw_pub, practice);
	return 1;
}

/* The head is the shape alone, which shape_check has seen. */
static const char *qw_head_check(const void *area)
{
	(void)area;
	return NULL;
}

const char *qw_pub_table(const struct qw_pub *a, struct qw_pos *p)
{
	if (a->ntiles > QW_TILES)
		return "more than 108 tiles on the table";
	return qw_pos_load(p, a->tile, a->ntiles);
}

/* A sound table; 108 tiles in all (none on an area never dealt); hands of the seats dealt in. */
static const char *qw_area_check(const void *area)
{
	const struct qw_pub *a = area;
	struct qw_pos p;
	unsigned total;
	const char *why;

	if ((why = qw_pub_table(a, &p)) != NULL)
		return why;
	if (a->practice > 1 || a->nseats == 1 || a->nseats > QW_SEATS_MAX || a->bag > QW_TILES)
		return "practice, seats or bag out of range";
	total = a->ntiles + a->bag;
	for (unsigned i = 0; i < QW_SEATS_MAX; i++) {
		if (a->hand[i] > QW_HAND || (i >= a->nseats && a->hand[i] != 0))
			return "a hand out of range";
		total += a->hand[i];
	}
	if (total != QW_TILES && (total != 0 || a->nseats > 0)) /* 0: never dealt */
		return "the table, the bag and the hands do not hold 108 tiles";
	if (a->last > QW_LAST_PASS || (a->last == QW_LAST_LAY && (a->last_n < 1 || a->last_n > QW_HAND ||
								   a->last_n > a->ntiles)))
		return "the last turn is unsound";
	return NULL;
}

/* Write tiles (of placements if p, else of tiles) joined by '+'. */
static void qw_put_joined(struct bd_line *o, const struct qw_ev *e, int places)
{
	for (unsigned i = 0; i < e->n && i < QW_HAND; i++) {
		char text[QW_PLACE_MAX];
		if (places)
			qw_place_format(&e->p[i], text);
		else
			qw_tile_format(e->tile[i], text);
		if (i > 0)
			bd_line_str(o, "+");
		bd_line_str(o, text);
	}
}

/* Write the field of letter T or H of ev. */
static void qw_field_put(struct bd_line *o, const struct bd_event *ev, char letter, unsigned nth, unsigned dim)
{
	(void)nth;
	(void)dim;
	qw_put_joined(o, qw_ev(ev), letter == 'T');
}

/* Read the field of letter T (placements) or H (tiles), joined by '+', into ev: 0, or -1. */
static int qw_field_parse(struct bd_event *ev, char letter, unsigned nth, const char *const *tok, unsigned dim)
{
	struct qw_ev *e = qw_ev_w(ev);
	char part[QW_PLACE_MAX];
	const char *s = tok[0];

	(void)nth;
	(void)dim;
	e->n = 0;
	while (*s != '\0') {
		size_t k = strcspn(s, "+");
		if (k == 0 || k >= sizeof part || e->n == QW_HAND)
			return -1;
		memcpy(part, s, k);
		part[k] = '\0';
		if (letter == 'T' ? qw_place_parse(part, &e->p[e->n]) != NULL : qw_tile_parse(part, &e->tile[e->n]) < 0)
			return -1;
		e->n++;
		s += k;
		if (*s == '+' && *++s == '\0')
			return -1;
	}
	return e->n > 0 ? 0 : -1;
}

int qw_hand_line(const struct qw_hand *h, uint64_t event, char *buf, size_t len)
{
	char text[QW_HAND_TEXT_MAX];

	qw_hand_format(h, text);
	return snprintf(buf, len, "HAND %llu %u%s%s\n", (unsigned long long)event, h->n, h->n > 0 ? " " : "",
			h->n > 0 ? text : "");
}

/* An event number (1 to 19 digits) into *v: 0, or -1. */
static int qw_seq_parse(const char *s, uint64_t *v)
{
	size_t n = strlen(s);

	if (n == 0 || n > 19 || strspn(s, "0123456789") != n)
		return -1;
	*v = strtoull(s, NULL, 10);
	return 0;
}

int qw_hand_line_parse(unsigned ntok, const char *const *tok, uint64_t *event, struct qw_hand *h)
{
	long n = ntok >= 2 ? bd_parse_uint(tok[1]) : -1;

	if (n < 0 || n > QW_HAND || ntok != (unsigned)n + 2 || qw_seq_parse(tok[0], event) < 0)
		return -1;
	h->n = 0;
	for (unsigned i = 2; i < ntok; i++)
		if (qw_tile_parse(tok[i], &h->tile[h->n++]) < 0)
			return -1;
	return 0;
}

int qw_turn_read(unsigned ntok, const char *const *tok, struct qw_turn *t, struct bd_err *err)
{
	const char *why = qw_turn_parse(ntok, tok, t);

	if (why == qw_off)
		return bd_err_set(err, "range", "a cell's x and y are -108 to 108");
	if (why != NULL)
		return bd_err_set(err, "syntax", bd_game_qwirkle.move_usage);
	return 0;
}

/* Its options (qwirkle.h's QW_OPT_ order). */
static const char *const qw_practice_words[] = {"off", "on"};
static const struct bd_game_option qw_options[] = {
	{"practice", 0, 0, 1, qw_practice_words, "practice: a lay may take any tile from the bag (the hand kept)"},
};

const struct bd_game bd_game_qwirkle = {
	.name = "qwirkle",
	.kind = BD_GAME_QWIRKLE,
	.move_usage = BD_REASON("usage: move TILE@X,Y ... (1 to 6, like b4@1,0), move swap TILE ..., or move pass"),
	.side_names = {"first", "second", "third", "fourth"},
	.dim_default = QW_DIM,
	.dim_rule = "1 (the table grows as tiles are laid)",
	.shape_check = qw_shape_check,
	.pub_size = qw_pub_size,
	.priv_size = qw_priv_size,
	.nregions = qw_nregions,
	.pub_head = offsetof(struct qw_pub, practice),
	.region_spans = qw_region_spans,
	.head_check = qw_head_check,
	.area_check = qw_area_check,
	.event_words = qw_event_words,
	.event_specs = qw_event_specs,
	.nevents = sizeof qw_event_words / sizeof qw_event_words[0],
	.wide = "",
	.field_names = qw_field_names,
	.field_put = qw_field_put,
	.field_parse = qw_field_parse,
	.listing = NULL,
	.options = qw_options,
	.noptions = sizeof qw_options / sizeof qw_options[0],
};
