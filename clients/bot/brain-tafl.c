/* brain-tafl.c: Hnefatafl's brain (brain.h): the position read by the codec (ipc/game/tafl.h),
 * searched by brain-tafl-search.c within the time given, the move written in notation.
 * Levels: easy looks one move ahead and plays it with much noise (it takes a won game and
 * stops an escape in one, little more: a beginner beats it); medium looks three plies ahead
 * with a little noise; perfect, its strongest, deepens until the time is up. */
#include <stdio.h>
#include <string.h>

#include "brain-tafl.h"
#include "brain.h"

/* What each level searches: deepest iteration, noise on the root's moves, most time. */
static const struct brain_tafl_level {
	unsigned depth;
	int noise;
	int64_t most_ms;
} brain_tafl_levels[] = {
	[BOT_EASY] = {1, 150, 50},
	[BOT_MEDIUM] = {3, 25, 300},
	[BOT_PERFECT] = {TB_PLY_MAX, 0, 0},
};

int brain_tafl_search(const char *position, enum bot_level level, int64_t budget_ms, unsigned short rng[3],
		      struct tb_result *r)
{
	const struct brain_tafl_level *l = &brain_tafl_levels[level];
	struct tafl_pos p;
	struct tb_board b;

	if ((level != BOT_EASY && level != BOT_MEDIUM && level != BOT_PERFECT) || tafl_pos_parse(&p, position) != NULL ||
	    tafl_status(&p) != TAFL_END_ON || tb_load(&b, p.cell, p.side, 0) < 0)
		return -1;
	struct tb_limits lim = {l->depth, l->most_ms != 0 && l->most_ms < budget_ms ? l->most_ms : budget_ms,
				l->noise, TAFL_DRAW_PLIES};
	if (tb_search(&b, &lim, rng, r) < 0 || r->move == 0)
		return -1;
	return 0;
}

int brain_tafl_think(const char *position, enum bot_level level, int64_t budget_ms, unsigned short rng[3],
		     char move[GAME_MOVE_MAX])
{
	struct tb_result r;
	char text[8];

	if (brain_tafl_search(position, level, budget_ms, rng, &r) < 0)
		return -1;
	tb_move_text(r.move, text);
	snprintf(move, GAME_MOVE_MAX, "%s", text);
	return 0;
}

int brain_tafl_play(const char *position, enum bot_level level, unsigned short rng[3], char move[GAME_MOVE_MAX])
{
	return brain_tafl_think(position, level, BRAIN_TAFL_BUDGET_MS, rng, move);
}

void brain_tafl_position(const struct bd_pub *snap, char position[GAME_POS_MAX])
{
	struct tafl_pos p;

	tafl_pub_pos(tafl_pub_area(snap), &p);
	tafl_pos_format(&p, position);
}

int brain_tafl_moved(const struct bd_event *ev, unsigned *side, char words[GAME_MOVE_MAX])
{
	if (ev->type != TAFL_EV_MOVE)
		return 0;
	*side = tafl_ev(ev)->side;
	tafl_ev_move(tafl_ev(ev), words);
	return 1;
}
