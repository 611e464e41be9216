/* rules.c: the table of games this daemon can host: one line per game. */
#include "rules.h"

static const struct rules *const rules_table[] = {
	&rules_memory,
	&rules_tictactoe,
	&rules_qwirkle,
	&rules_tafl,
	&rules_quantik,
};

const struct rules *rules_find(uint32_t kind)
{
	for (size_t i = 0; i < sizeof rules_table / sizeof rules_table[0]; i++)
		if (rules_table[i]->codec->kind == kind)
			return rules_table[i];
	return NULL;
}
