/* main.c: test-unit, boardd's CUnit unit tests (codec, names, snapshots, locks, colours, the bot's choice,
 * guarded reads, turns and clocks, tic-tac-toe's, Quantik's and Qwirkle's rules, the games' codec table and the core's addressed
 * events, the lobby's lines as clients parse them, the daemon's supervisor-worker messages). */
#include <stddef.h>

#include "suites.h"
#include "tests/runner.h"

int main(int argc, char **argv)
{
	static test_suite_fn *const suites[] = {suite_proto, suite_shm, suite_lock, suite_colour, suite_choose,
						suite_guard, suite_turn, suite_match, suite_tictactoe, suite_quantik, suite_qwirkle, suite_tafl,
						suite_brain_qwirkle, suite_game, suite_lobby, suite_ctl, suite_options, suite_brain_quantik,
						suite_brain_tafl, NULL};
	return test_run(argc, argv, "test-unit", suites);
}
