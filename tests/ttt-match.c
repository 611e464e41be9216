/* ttt-match: tic-tac-toe's brain levels (clients/bot/brain-tictactoe.c) played against a
 * uniform random mover and against each other, to measure the easy level (docs). Each
 * pairing plays --games games, the first-named player taking X in even games and O in odd
 * ones; one line per pairing: games, then its wins, draws and losses. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "clients/bot/brain.h"
#include "ipc/proto.h"

enum player { RANDOM, EASY, PERFECT };
static const char *const player_names[] = {"random", "easy", "perfect"};

/* The cell who plays in p. */
static unsigned match_move(enum player who, const struct ttt_pos *p, unsigned short rng[3])
{
	unsigned cells[TTT_CELLS], n = ttt_moves(p, cells);

	if (who == RANDOM)
		return cells[(unsigned long)nrand48(rng) % n];
	return (unsigned)brain_ttt_cell(p, who == EASY ? BOT_EASY : BOT_PERFECT, rng);
}

/* One game, x playing X; the result ('X', 'O' or 'D'). */
static char match_game(enum player x, enum player o, unsigned short rng[3])
{
	struct ttt_pos p;
	char r;

	ttt_pos_empty(&p);
	while ((r = ttt_result(&p, NULL)) == 0)
		ttt_apply(&p, match_move(ttt_to_move(&p) == 'X' ? x : o, &p, rng));
	return r;
}

/* games games of a against b, sides alternating; prints a's wins, draws, losses. */
static void match_pair(enum player a, enum player b, unsigned games, unsigned short rng[3])
{
	unsigned won = 0, drawn = 0, lost = 0;

	for (unsigned g = 0; g < games; g++) {
		char mine = g % 2 ? 'O' : 'X', r = g % 2 ? match_game(b, a, rng) : match_game(a, b, rng);
		won += r == mine;
		drawn += r == 'D';
		lost += r != mine && r != 'D';
	}
	printf("%s-%s\t%u\t%u\t%u\t%u\n", player_names[a], player_names[b], games, won, drawn, lost);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"games", required_argument, NULL, 'g'}, {"seed", required_argument, NULL, 's'}, {NULL, 0, NULL, 0}};
	long games = 10000, seed = 1;
	int opt;

	while ((opt = getopt_long(argc, argv, "g:s:", longopts, NULL)) != -1) {
		long *v = opt == 'g' ? &games : opt == 's' ? &seed : NULL;
		if (v == NULL || (*v = bd_parse_uint(optarg)) < 0) {
			fputs("usage: ttt-match [--games N] [--seed S]\n", stderr);
			return 2;
		}
	}
	unsigned short rng[3] = {(unsigned short)seed, (unsigned short)(seed >> 16), 0x330e};
	printf("pairing\tgames\twins\tdraws\tlosses\n");
	match_pair(EASY, RANDOM, (unsigned)games, rng);
	match_pair(EASY, PERFECT, (unsigned)games, rng);
	match_pair(PERFECT, RANDOM, (unsigned)games, rng);
	return 0;
}
