/* tafl-match: Hnefatafl's brain (clients/bot/brain-tafl.c) against a uniform random mover, a
 * one-ply greedy player and its own levels, in-process, the codec (ipc/game/tafl.h) refereeing
 * every game as the daemon would: positions and moves go through the notation, tafl_game
 * judges escapes, captures, no moves, repetition and the draw-plies rule. Run by
 * `make eval-tafl` (docs/PERFORMANCE.md), never by make check: it takes hours at 1 s a move.
 * For each opponent, --games games with the brain as the attackers and --games as the
 * defenders; one line each: games, the brain's wins, draws, losses, the mean plies of a game,
 * the mean depth its searches completed and its nodes per second. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients/bot/brain-tafl.h"
#include "ipc/proto.h"

enum player { P_RANDOM, P_GREEDY, P_EASY, P_MEDIUM, P_PERFECT };
static const char *const player_names[] = {"random", "greedy", "easy", "medium", "perfect"};
static const enum bot_level player_levels[] = {[P_EASY] = BOT_EASY, [P_MEDIUM] = BOT_MEDIUM, [P_PERFECT] = BOT_PERFECT};

/* What the brain's searches did over a pairing. */
struct match_stats {
	unsigned won, drawn, lost;
	uint64_t plies, searches, depths, nodes, ms;
};

/* The greedy player's worth of m: a won game, else the pieces it takes; ties at random. */
static unsigned match_greedy_worth(const struct tafl_pos *p, struct tafl_move m, unsigned short rng[3])
{
	struct tafl_pos next = *p;
	struct tafl_caps caps;
	unsigned end;

	tafl_apply(&next, m, &caps);
	end = tafl_status(&next);
	return (end != TAFL_END_ON && tafl_end_winner(end, next.side) == p->side ? 1000000u : caps.n * 1000u) +
	       (unsigned)(nrand48(rng) % 1000);
}

/* The move of a player that is not the brain. */
static struct tafl_move match_other(enum player who, const struct tafl_pos *p, unsigned short rng[3])
{
	struct tafl_move moves[TAFL_MOVES_MAX];
	unsigned n = tafl_moves(p, moves), top = 0, best = 0;

	if (who == P_RANDOM)
		return moves[(unsigned long)nrand48(rng) % n];
	for (unsigned i = 0; i < n; i++) {
		unsigned w = match_greedy_worth(p, moves[i], rng);
		if (w > top)
			top = w, best = i;
	}
	return moves[best];
}

/* The brain's move at level, through the notation; its search counted in st. */
static struct tafl_move match_brain(enum bot_level level, int64_t think_ms, const struct tafl_pos *p,
				    unsigned short rng[3], struct match_stats *st)
{
	char position[TAFL_POS_LEN], text[8];
	struct tb_result r;
	struct tafl_move m;
	const char *why;

	tafl_pos_format(p, position);
	if (brain_tafl_search(position, level, think_ms, rng, &r) < 0) {
		fprintf(stderr, "tafl-match: the brain found no move in %s\n", position);
		exit(1);
	}
	tb_move_text(r.move, text);
	if (tafl_move_parse(p, text, &m, &why) < 0 || tafl_illegal(p, m) != NULL) {
		fprintf(stderr, "tafl-match: the brain played %s in %s: %s\n", text, position, why);
		exit(1);
	}
	st->searches++, st->depths += r.depth, st->nodes += r.nodes, st->ms += (uint64_t)r.ms;
	return m;
}

/* One game, the brain at level playing side brain_side against who; the side that won, or -1. */
static int match_game(enum player brain, unsigned brain_side, enum player who, int64_t think_ms,
		      unsigned short rng[3], struct match_stats *st)
{
	static struct tafl_game g; /* its history is 80 KiB */
	struct tafl_pos start;
	struct tafl_move m;

	tafl_pos_start(&start);
	tafl_game_start(&g, &start, TAFL_DRAW_PLIES);
	while (g.end == TAFL_END_ON) {
		if (g.pos.side == brain_side)
			m = match_brain(player_levels[brain], think_ms, &g.pos, rng, st);
		else if (who >= P_EASY)
			m = match_brain(player_levels[who], think_ms, &g.pos, rng, &(struct match_stats){0});
		else
			m = match_other(who, &g.pos, rng);
		tafl_game_play(&g, m, NULL);
		st->plies++;
	}
	return tafl_end_winner(g.end, g.pos.side);
}

/* games games on each side of brain against who; one line per side. */
static void match_pair(enum player brain, enum player who, unsigned games, int64_t think_ms, unsigned short rng[3])
{
	for (unsigned side = 0; side < 2; side++) {
		struct match_stats st = {0};
		for (unsigned i = 0; i < games; i++) {
			int w = match_game(brain, side, who, think_ms, rng, &st);
			st.won += w == (int)side, st.drawn += w < 0, st.lost += w == !side;
		}
		printf("%s\t%s\t%s\t%u\t%u\t%u\t%u\t%.1f\t%.2f\t%.0f\n", player_names[brain], side ? "defenders" : "attackers",
		       player_names[who], games, st.won, st.drawn, st.lost, games ? (double)st.plies / games : 0.0,
		       st.searches ? (double)st.depths / (double)st.searches : 0.0,
		       st.ms ? (double)st.nodes * 1000.0 / (double)st.ms : 0.0);
		fflush(stdout);
	}
}

/* A player's number by name, or -1. */
static int match_player(const char *name)
{
	for (unsigned i = 0; i < sizeof player_names / sizeof player_names[0]; i++)
		if (strcmp(name, player_names[i]) == 0)
			return (int)i;
	return -1;
}

/* The usage, exit 2. */
static void match_usage(void)
{
	fputs("usage: tafl-match [--games N] [--think-ms MS] [--seed S] [--level easy|medium|perfect]\n"
	      "                  [--against random,greedy,easy,medium,perfect]\n",
	      stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"games", required_argument, NULL, 'g'}, {"seed", required_argument, NULL, 's'},
		{"think-ms", required_argument, NULL, 't'}, {"level", required_argument, NULL, 'l'},
		{"against", required_argument, NULL, 'a'}, {NULL, 0, NULL, 0}};
	long games = 200, seed = 1, think = 1000;
	int opt, brain = P_PERFECT;
	char against[64] = "random,greedy";

	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		long *v = opt == 'g' ? &games : opt == 's' ? &seed : opt == 't' ? &think : NULL;
		if (opt == 'l' && (brain = match_player(optarg)) >= P_EASY)
			continue;
		if (opt == 'a' && strlen(optarg) < sizeof against) {
			snprintf(against, sizeof against, "%s", optarg);
			continue;
		}
		if (v == NULL || (*v = bd_parse_uint(optarg)) < 0)
			match_usage();
	}
	unsigned short rng[3] = {(unsigned short)seed, (unsigned short)(seed >> 16), 0x330e};
	printf("brain\tside\tagainst\tgames\twins\tdraws\tlosses\tplies\tdepth\tnodes/s\n");
	for (char *save = NULL, *w = strtok_r(against, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save)) {
		int who = match_player(w);
		if (who < 0)
			match_usage();
		match_pair((enum player)brain, (enum player)who, (unsigned)games, think, rng);
	}
	return 0;
}
