/* quantik.c: Quantik's brain in board-bot (clients/bot/brain-quantik.c), in this process:
 * the time it takes to choose a move, from a cold start (a fresh process, its table of
 * solved positions empty) on the empty board and as the second player after it, then over
 * every move of 1,000 rounds of each pairing (perfect playing second against a random
 * mover, easy, medium and perfect), with the rounds' outcomes: perfect playing second must
 * win them all. Each time is taken twice: on the wall clock (what a table's move clock
 * sees, on a loaded machine much more) and as the process's CPU time (what the move costs).
 * No floor: nothing does this work for boardd. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "clients/bot/brain.h"

#define QUANTIK_ROUNDS 1000
#define QUANTIK_RANDOM (-1) /* a uniform random mover */

/* This process's CPU time in ns. */
static int64_t quantik_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The move of who (a level, or QUANTIK_RANDOM) in p, its wall and CPU time in ms into
 * ms[2]; -1 if none. */
static int quantik_move(int who, const struct qk_pos *p, unsigned short rng[3], double ms[2])
{
	unsigned moves[QK_MOVES_MAX], n = qk_moves(p, moves), m;
	char pos[QK_POS_LEN + 1], move[GAME_MOVE_MAX];
	int64_t t0 = clock_ns(), c0 = quantik_cpu_ns();

	ms[0] = ms[1] = 0;
	if (who == QUANTIK_RANDOM)
		return n == 0 ? -1 : (int)moves[(unsigned long)nrand48(rng) % n];
	qk_pos_format(p, pos);
	if (brain_qk_play(pos, (enum bot_level)who, rng, move) < 0 || qk_move_parse(move, &m) < 0)
		return -1;
	ms[0] = (double)(clock_ns() - t0) / 1e6;
	ms[1] = (double)(quantik_cpu_ns() - c0) / 1e6;
	return (int)m;
}

/* One round, first against second; the winning side (0 or 1), -1 if a brain failed. The
 * brains' times to move go into times[0] (wall) and times[1] (CPU). */
static int quantik_round(int first, int second, unsigned short rng[3], struct samples times[2])
{
	struct qk_pos p;
	int winner;
	double ms[2];

	qk_pos_empty(&p);
	while ((winner = qk_result(&p, NULL)) < 0) {
		int who = qk_to_move(&p) == 0 ? first : second, m = quantik_move(who, &p, rng, ms);
		if (m < 0)
			return -1;
		if (who != QUANTIK_RANDOM) {
			samples_add(&times[0], ms[0]);
			samples_add(&times[1], ms[1]);
		}
		qk_apply(&p, (unsigned)m);
	}
	return winner;
}

/* In a fresh process: the first perfect move from the empty board, then (the table as it
 * was left) perfect's reply to a first move; wall and CPU ms of both into out[4]. 0 or -1. */
static int quantik_cold(double out[4])
{
	int fd[2];
	pid_t pid;

	if (pipe(fd) < 0 || (pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		unsigned short rng[3] = {1, 2, 3};
		struct qk_pos p;
		double ms[4];
		qk_pos_empty(&p);
		int m = quantik_move(BOT_PERFECT, &p, rng, &ms[0]);
		qk_apply(&p, m < 0 ? 0 : (unsigned)m);
		quantik_move(BOT_PERFECT, &p, rng, &ms[2]);
		_exit(write(fd[1], ms, sizeof ms) == sizeof ms ? 0 : 1);
	}
	close(fd[1]);
	ssize_t r = read(fd[0], out, 4 * sizeof *out);
	close(fd[0]);
	waitpid(pid, NULL, 0);
	return r == 4 * sizeof *out ? 0 : -1;
}

void quantik_brain(const struct plan *pl)
{
	static const struct {
		int first;
		const char *name;
	} pairings[] = {{QUANTIK_RANDOM, "random"}, {BOT_EASY, "easy"}, {BOT_MEDIUM, "medium"}, {BOT_PERFECT, "perfect"}};
	unsigned short rng[3] = {0x330e, 42, 7};
	unsigned rounds = pl->quick ? QUANTIK_ROUNDS / 10 : QUANTIK_ROUNDS;
	struct samples times[2] = {{0}, {0}};
	double cold[4];
	char name[72], note[120];

	if (quantik_cold(cold) == 0) {
		snprintf(note, sizeof note, "a fresh process (its table of solved positions empty); CPU %.1f ms", cold[1]);
		report_value("quantik", "perfect's first move, cold, empty board", "ms", cold[0], NAN, NULL, note);
		snprintf(note, sizeof note, "CPU %.1f ms", cold[3]);
		report_value("quantik", "perfect's reply to the first move, cold", "ms", cold[2], NAN, NULL, note);
	}
	for (unsigned i = 0; i < sizeof pairings / sizeof pairings[0]; i++) {
		unsigned won = 0, failed = 0;
		for (unsigned g = 0; g < rounds; g++) {
			int w = quantik_round(pairings[i].first, BOT_PERFECT, rng, times);
			won += w == 1;
			failed += w < 0;
		}
		snprintf(name, sizeof name, "rounds perfect won second against %s", pairings[i].name);
		snprintf(note, sizeof note, "of %u rounds (%u failed)", rounds, failed);
		report_value("quantik", name, "", won, NAN, NULL, note);
	}
	snprintf(note, sizeof note, "every brain move of those rounds (%zu); p99 %.2f ms", times[0].n,
		 samples_pct(&times[0], 99));
	report_value("quantik", "worst time to move, warm, wall clock", "ms", samples_pct(&times[0], 100), NAN, NULL, note);
	snprintf(note, sizeof note, "the same moves; p99 %.2f ms", samples_pct(&times[1], 99));
	report_value("quantik", "worst time to move, warm, CPU", "ms", samples_pct(&times[1], 100), NAN, NULL, note);
	samples_free(&times[0]);
	samples_free(&times[1]);
}
