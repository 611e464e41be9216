/* runner.h: the CUnit main shared by the unit and integration test programs. */
#ifndef BD_TEST_RUNNER_H
#define BD_TEST_RUNNER_H

/* Adds one CUnit suite (and its tests) to the registry. */
typedef void test_suite_fn(void);

/* Register the suites (NULL-terminated), run all of them or the one SUITE [TEST] named on
 * the command line, print the summary. Returns 0 if every assertion passed, 1 if any
 * failed, 2 on bad usage. */
int test_run(int argc, char **argv, const char *program, test_suite_fn *const *suites);

/* Record one CUnit assertion at the caller's place, with a printf-style description that
 * can show the values involved; a fatal one ends the test (its teardown still runs). */
void test_assert(int ok, int fatal, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
#define CHECK(ok, ...) test_assert((ok), 0, __FILE__, __LINE__, __VA_ARGS__)
#define REQUIRE(ok, ...) test_assert((ok), 1, __FILE__, __LINE__, __VA_ARGS__)

#endif
