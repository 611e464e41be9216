/* test_colour.c: player colours: the Okabe-Ito palette first, and every one of the first
 * BD_PLAYERS_MAX indices a different RGB value, since each seated player must be told apart. */
#include <CUnit/CUnit.h>
#include <string.h>

#include "ipc/colour.h"
#include "ipc/layout.h"
#include "suites.h"
#include "tests/runner.h"

/* The first eight are the Okabe-Ito colours; hex strings are "#rrggbb". */
static void test_colour_palette(void)
{
	static const uint32_t okabe_ito[] = {
		0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7, 0x999999,
	};
	char hex[8];

	for (unsigned i = 0; i < 8; i++)
		CHECK(bd_colour_rgb(i) == okabe_ito[i], "colour %u is %06x", i, (unsigned)bd_colour_rgb(i));
	bd_colour_hex(0, hex);
	CU_ASSERT_STRING_EQUAL(hex, "#e69f00");
	bd_colour_hex(BD_PLAYERS_MAX - 1, hex);
	CU_ASSERT(strlen(hex) == 7 && hex[0] == '#' && strspn(hex + 1, "0123456789abcdef") == 6);
}

/* No two indices below BD_PLAYERS_MAX give the same RGB value. */
static void test_colour_distinct(void)
{
	static unsigned char seen[1 << 24];
	static unsigned owner[1 << 24];
	unsigned clashes = 0;

	memset(seen, 0, sizeof seen);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		uint32_t rgb = bd_colour_rgb(i);
		CHECK(rgb <= 0xffffff, "colour %u is %08x, not 24-bit", i, (unsigned)rgb);
		rgb &= 0xffffff;
		if (seen[rgb] && clashes++ < 5)
			CHECK(0, "colours %u and %u are both #%06x", owner[rgb], i, (unsigned)rgb);
		seen[rgb] = 1;
		owner[rgb] = i;
	}
	CHECK(clashes == 0, "%u of the first %d colour indices repeat an earlier colour", clashes, BD_PLAYERS_MAX);
}

/* Register this file's tests. */
void suite_colour(void)
{
	CU_pSuite s = CU_add_suite("colour", NULL, NULL);
	CU_add_test(s, "palette", test_colour_palette);
	CU_add_test(s, "distinct", test_colour_distinct);
}
