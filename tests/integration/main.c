/* main.c: test-integration, boardd's CUnit integration tests: each test starts a real
 * boardd ($BUILD/boardd, BUILD defaults to build) and plays with real clients. */
#include <stddef.h>

#include "suites.h"
#include "tests/runner.h"

int main(int argc, char **argv)
{
	static test_suite_fn *const suites[] = {suite_rules, suite_states, suite_clients, suite_input, suite_race, suite_secrecy, suite_fairness,
						suite_tictactoe, suite_qwirkle, suite_tafl, NULL};
	return test_run(argc, argv, "test-integration", suites);
}
