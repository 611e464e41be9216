/* tafl.c: the Hnefatafl brain's search (clients/bot/brain-tafl*.c), in-process, no daemon: the
 * depth its iterative deepening completes and its nodes per second at the budget of a move,
 * from the start and from positions further on (random plies from the start, fixed seed).
 * The budget is wall time: on a loaded machine the depth falls with the CPU it gets; nodes
 * per second are counted per second of this thread's CPU time, which the load does not cut. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"
#include "clients/bot/brain-tafl.h"

#define TAFL_BENCH_POSITIONS 4 /* the start, then 8, 16 and 24 random plies on */

/* This thread's CPU time, in ms. */
static double tafl_bench_cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Position i of the set into p: i * 8 random plies from the start, avoiding ends. */
static void tafl_bench_position(unsigned i, struct tafl_pos *p)
{
	unsigned short rng[3] = {7, 8, (unsigned short)i};
	struct tafl_move moves[TAFL_MOVES_MAX];

	tafl_pos_start(p);
	for (unsigned ply = 0; ply < i * 8; ply++) {
		struct tafl_pos next = *p;
		unsigned n = tafl_moves(p, moves);
		tafl_apply(&next, moves[(unsigned long)nrand48(rng) % n], NULL);
		if (tafl_status(&next) == TAFL_END_ON)
			*p = next;
	}
}

void bench_tafl(const struct plan *pl)
{
	int64_t budget = pl->quick ? 250 : 1000;
	double depth = 0, nps = 0;
	char name[72], note[120], position[TAFL_POS_LEN];

	for (unsigned i = 0; i < TAFL_BENCH_POSITIONS; i++) {
		unsigned short rng[3] = {1, 2, 3};
		struct tafl_pos p;
		struct tb_result r;
		tafl_bench_position(i, &p);
		tafl_pos_format(&p, position);
		double cpu = tafl_bench_cpu_ms();
		if (brain_tafl_search(position, BOT_PERFECT, budget, rng, &r) < 0) {
			report_note("tafl: no search from %s", position);
			continue;
		}
		cpu = tafl_bench_cpu_ms() - cpu;
		double rate = cpu > 0 ? (double)r.nodes * 1000.0 / cpu : NAN;
		snprintf(name, sizeof name, "search depth, %u random plies on, %lld ms", i * 8, (long long)budget);
		snprintf(note, sizeof note, "%llu nodes, %lld ms wall, %.0f ms CPU", (unsigned long long)r.nodes,
			 (long long)r.ms, cpu);
		report_value("tafl", name, "plies", r.depth, NAN, "", note);
		snprintf(name, sizeof name, "nodes/s, %u random plies on", i * 8);
		report_value("tafl", name, "/s", rate, NAN, "", "per second of CPU time, perfect level, one thread");
		depth += r.depth / (double)TAFL_BENCH_POSITIONS;
		nps += rate / TAFL_BENCH_POSITIONS;
	}
	snprintf(name, sizeof name, "mean search depth at %lld ms a move", (long long)budget);
	report_value("tafl", name, "plies", depth, NAN, "", "iterations completed, 4 positions");
	report_value("tafl", "mean nodes/s", "/s", nps, NAN, "", "4 positions, per second of CPU time");
}
