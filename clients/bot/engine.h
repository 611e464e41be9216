/* engine.h: an external engine (docs/ENGINE.md), a program board-bot runs through /bin/sh
 * as its player's brain and talks to in lines on the program's stdin and stdout. engine.c
 * runs the process and its lines; play-turns.c says what to it and when. */
#ifndef BOT_ENGINE_H
#define BOT_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ipc/proto.h"

#define ENGINE_PROTO 1         /* the version of docs/ENGINE.md's protocol */
#define ENGINE_HELLO_MS 10000  /* longest wait for the greeting and the game's ok */
#define ENGINE_QUIT_MS 1000    /* after quit, how long it may take to exit before it is killed */

struct engine {
	const char *command;
	pid_t pid;                 /* 0: not running */
	int to, from;              /* its stdin (written), its stdout (read, non-blocking) */
	char buf[BD_LINE_MAX + 1]; /* read, not yet a whole line */
	size_t len;
	char name[BD_NAME_MAX + 1]; /* from its `id name` line, else "engine" */
};

/* Run e->command and greet it for game (with side names side0, side1): 0, or -1 with why
 * in err (it could not be run, it exited, it refused the game or did not answer by
 * deadline_ms). */
int engine_start(struct engine *e, const char *game, const char *side0, const char *side1, int64_t deadline_ms,
		 char *err, size_t len);
/* Send one line (newline added; a line too long is cut): 0, -1 if it cannot be written. */
int engine_say(struct engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Its next line into line (BD_LINE_MAX + 1 bytes, newline stripped): 1, 0 if none came by
 * deadline_ms, -1 if it closed its stdout or sent a line too long. */
int engine_line(struct engine *e, char *line, int64_t deadline_ms);
/* End it: `quit` first if quit, its pipes closed, then SIGKILL to its process group if it
 * has not exited within wait_ms; reaps it and says how it ended into why ("exited with
 * status 3", "killed by signal 9", "killed by board-bot"). */
void engine_stop(struct engine *e, int quit, int wait_ms, char *why, size_t len);

#endif
