/* brain-tafl-eval.c: what a tafl position is worth to the side to move, in hundredths of an
 * attacker (brain-tafl.h). Scored for the defenders, then turned to the mover's side:
 *   material     a defender is worth more than an attacker (8 of them against 16);
 *   the king     its freedom (squares it reaches), its routes to the corners (reached in one
 *                move: with the defenders to move a won game, two of them with the attackers
 *                to move one they cannot stop; in two moves: threats to come) and its
 *                distance to the nearest corner;
 *   encirclement attackers beside the king and around it, and attackers on the squares
 *                that shut a corner's two lines (b2, b3, c2 and their mirrors). */
#include <stdlib.h>

#include "brain-tafl.h"

#define EV_ATT 100        /* an attacker */
#define EV_DEF 170        /* a defender */
#define EV_FREEDOM 5      /* a square the king reaches */
#define EV_ROUTE_NOW 5000 /* defenders to move, the king reaches a corner: won next move */
#define EV_FORK 4000      /* attackers to move, two corners open: they block one */
#define EV_ROUTE 350      /* attackers to move, one corner open: they must block it */
#define EV_ROUTE2 45      /* a route to a corner in two king moves */
#define EV_CORNER_DIST 8  /* a step between the king and its nearest corner */
#define EV_BESIDE 45      /* an attacker beside the king */
#define EV_NEAR 12        /* an attacker two steps from the king */
#define EV_GUARD 22       /* an attacker shutting a corner */

/* How many corners a piece on sq reaches in one straight move (the king: only it stops there). */
static unsigned ev_corners_from(const struct tb_board *b, unsigned sq)
{
	unsigned n = 0;

	for (unsigned d = 0; d < 4; d++) {
		int to = (int)sq + tb_dirs[d];
		while (b->sq[to] == TB_EMPTY && !tb_corner((unsigned)to))
			to += tb_dirs[d];
		n += tb_corner((unsigned)to) && b->sq[to] == TB_EMPTY;
	}
	return n;
}

unsigned tb_king_routes(const struct tb_board *b)
{
	return b->king != 0 ? ev_corners_from(b, b->king) : 0;
}

/* The king's freedom and two-move routes, scored. */
static int ev_king_reach(const struct tb_board *b)
{
	unsigned freedom = 0, routes2 = 0;

	for (unsigned d = 0; d < 4; d++)
		for (int to = (int)b->king + tb_dirs[d]; b->sq[to] == TB_EMPTY; to += tb_dirs[d]) {
			freedom++;
			if (!tb_corner((unsigned)to))
				routes2 += ev_corners_from(b, (unsigned)to);
		}
	return EV_FREEDOM * (int)freedom + EV_ROUTE2 * (int)(routes2 < 6 ? routes2 : 6);
}

/* Attackers around the king and shutting the corners, scored against the defenders. */
static int ev_encirclement(const struct tb_board *b)
{
	static const unsigned char guards[] = {1, 1, 1, 2, 2, 1}; /* b2, b3, c2 from a1 */
	int kf = TB_FILE(b->king), kr = TB_RANK(b->king), score = 0;

	for (int f = 0; f < TB_SIDE; f++)
		for (int r = 0; r < TB_SIDE; r++) {
			if (b->sq[TB_AT(f, r)] != TB_ATT)
				continue;
			int dist = abs(f - kf) + abs(r - kr);
			score -= dist == 1 ? EV_BESIDE : dist == 2 ? EV_NEAR : 0;
		}
	for (unsigned c = 0; c < 4; c++)
		for (unsigned g = 0; g < sizeof guards; g += 2) {
			int f = c & 1 ? 8 - guards[g] : guards[g], r = c & 2 ? 8 - guards[g + 1] : guards[g + 1];
			score -= b->sq[TB_AT(f, r)] == TB_ATT ? EV_GUARD : 0;
		}
	return score;
}

/* Steps from the king to its nearest corner. */
static int ev_corner_dist(const struct tb_board *b)
{
	int f = TB_FILE(b->king), r = TB_RANK(b->king);
	int df = f < 8 - f ? f : 8 - f, dr = r < 8 - r ? r : 8 - r;

	return df + dr;
}

int tb_eval(const struct tb_board *b)
{
	unsigned now = tb_king_routes(b);
	int def = b->side == TB_DEFENDERS;
	int score = EV_DEF * b->count[1] - EV_ATT * b->count[0];

	if (now > 0 && def)
		return EV_ROUTE_NOW;
	if (now > 0)
		score += now >= 2 ? EV_FORK : EV_ROUTE;
	score += ev_king_reach(b) + ev_encirclement(b) - EV_CORNER_DIST * ev_corner_dist(b);
	return def ? score : -score;
}
