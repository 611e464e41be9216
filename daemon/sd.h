/* sd.h: the parts of the systemd protocol boardd speaks, without libsystemd:
 * sd_notify(3) messages and socket activation (sd_listen_fds(3)). */
#ifndef BD_SD_H
#define BD_SD_H

#include <stddef.h>
#include <stdint.h>

/* Send a notify message ("READY=1", "STATUS=..."); no-op without $NOTIFY_SOCKET. */
void sd_notifyf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The socket systemd passed us (fd 3), checked to be one listening UNIX stream socket;
 * -1 when not socket-activated; -2 with err if what was passed is not that. */
int sd_listen_fd(char *err, size_t errlen);
/* The watchdog interval in ms requested by WatchdogSec=, or 0. */
int64_t sd_watchdog_ms(void);

#endif
