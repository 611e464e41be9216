/* log.c: messages with a priority. Under systemd (JOURNAL_STREAM set) each line gets the
 * "<N>" prefix journald reads as its priority; by hand, a readable "boardd[pid]: level:". */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int log_threshold = LOG_NOTICE;
static const char *const level_names[] = {
	[LOG_ERR] = "error", [LOG_WARNING] = "warning", [LOG_NOTICE] = "notice",
	[LOG_INFO] = "info", [LOG_DEBUG] = "debug",
};

void log_init(int level)
{
	log_threshold = level;
}

int log_level_parse(const char *name)
{
	for (int i = LOG_ERR; i <= LOG_DEBUG; i++)
		if (strcmp(level_names[i], name) == 0)
			return i;
	return -1;
}

void log_msg(int prio, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	if (prio > log_threshold)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (prio < LOG_ERR)
		prio = LOG_ERR;
	if (getenv("JOURNAL_STREAM") != NULL)
		fprintf(stderr, "<%d>%s\n", prio, line);
	else
		fprintf(stderr, "boardd[%d]: %s: %s\n", (int)getpid(), level_names[prio], line);
}
