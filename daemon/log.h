/* log.h: one logging call for the daemon; to the journal with priorities, or to stderr. */
#ifndef BD_LOG_H
#define BD_LOG_H

#include <syslog.h>

/* Set the threshold (a LOG_* priority); messages above it are dropped. */
void log_init(int level);
/* LOG_* priority of a name (error, warning, notice, info, debug), -1 if unknown. */
int log_level_parse(const char *name);
void log_msg(int prio, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
