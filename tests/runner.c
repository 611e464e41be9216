/* runner.c: the CUnit main shared by the unit and integration test programs. */
#include "runner.h"

#include <CUnit/Basic.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ipc/client.h"

void test_assert(int ok, int fatal, const char *file, int line, const char *fmt, ...)
{
	char what[512] = "";
	va_list ap;

	if (!ok) { /* format only what is shown */
		va_start(ap, fmt);
		vsnprintf(what, sizeof what, fmt, ap);
		va_end(ap);
	}
	CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, (unsigned)line, what, file, "", fatal ? CU_TRUE : CU_FALSE);
}

/* The --help text. */
static void runner_usage(FILE *f, const char *program)
{
	fprintf(f, "usage: %s [SUITE [TEST]]\n"
		"Run every CUnit suite of boardd's %s tests, or only the suite or test named.\n"
		"Exit status: 0 all passed, 1 something failed, 2 bad usage.\n"
		"  --list      list the suites and tests\n"
		"  --help      show this help and exit\n"
		"  --version   show the version and exit\n", program, program);
}

/* Print every suite and test name. */
static void runner_list(void)
{
	for (CU_pSuite s = CU_get_registry()->pSuite; s != NULL; s = s->pNext) {
		printf("%s\n", s->pName);
		for (CU_pTest t = s->pTest; t != NULL; t = t->pNext)
			printf("  %s\n", t->pName);
	}
}

/* Run what argv names; -1 if it names nothing that exists. */
static int runner_select(int argc, char **argv)
{
	if (argc == 1)
		return CU_basic_run_tests() == CUE_SUCCESS ? 0 : -1;
	CU_pSuite s = CU_get_suite(argv[1]);
	if (s == NULL)
		return -1;
	if (argc == 2)
		return CU_basic_run_suite(s) == CUE_SUCCESS ? 0 : -1;
	CU_pTest t = CU_get_test(s, argv[2]);
	return t != NULL && CU_basic_run_test(s, t) == CUE_SUCCESS ? 0 : -1;
}

int test_run(int argc, char **argv, const char *program, test_suite_fn *const *suites)
{
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		runner_usage(stdout, program);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--version") == 0) {
		printf("%s %s\n", program, BD_VERSION);
		return 0;
	}
	if (argc > 3 || (argc > 1 && argv[1][0] == '-' && strcmp(argv[1], "--list") != 0)) {
		runner_usage(stderr, program);
		return 2;
	}
	if (CU_initialize_registry() != CUE_SUCCESS) {
		fprintf(stderr, "%s: cannot initialise CUnit: %s\n", program, CU_get_error_msg());
		return 1;
	}
	for (unsigned i = 0; suites[i] != NULL; i++)
		suites[i]();
	if (argc > 1 && strcmp(argv[1], "--list") == 0) {
		runner_list();
		CU_cleanup_registry();
		return 0;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	int rc = runner_select(argc, argv);
	if (rc < 0)
		fprintf(stderr, "%s: no such suite or test, or CUnit failed: %s (see --list)\n", program,
			CU_get_error_msg());
	else if (CU_get_number_of_failures() > 0 || CU_get_number_of_suites_failed() > 0 ||
		 CU_get_number_of_tests_failed() > 0)
		rc = 1;
	CU_cleanup_registry();
	return rc < 0 ? 2 : rc;
}
