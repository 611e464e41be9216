/* engine.c: an external engine's process and lines (engine.h). The engine runs in a process
 * group of its own, so that a hung engine is killed with whatever its shell started. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine.h"
#include "ipc/clock.h"

/* Start the shell running e->command with pipes for its stdin and stdout: 0, or -1 with err. */
static int engine_spawn(struct engine *e, char *err, size_t len)
{
	int in[2], out[2];

	if (pipe2(in, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0) {
		snprintf(err, len, "cannot make pipes for the engine: %s", strerror(errno));
		return -1;
	}
	if ((e->pid = fork()) < 0) {
		snprintf(err, len, "cannot fork the engine: %s", strerror(errno));
		e->pid = 0;
		close(in[0]), close(in[1]), close(out[0]), close(out[1]);
		return -1;
	}
	if (e->pid == 0) { /* the child: its own process group, the pipes as stdin and stdout */
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
			_exit(127);
		execl("/bin/sh", "sh", "-c", e->command, (char *)NULL);
		_exit(127);
	}
	setpgid(e->pid, e->pid); /* also here: no race with a kill before the child's own call */
	close(in[0]);
	close(out[1]);
	e->to = in[1];
	e->from = out[0];
	e->len = 0;
	if (fcntl(e->from, F_SETFL, O_NONBLOCK) < 0) {
		snprintf(err, len, "cannot read the engine: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int engine_say(struct engine *e, const char *fmt, ...)
{
	char line[BD_LINE_MAX + 2];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n > sizeof line - 2)
		n = (int)sizeof line - 2;
	line[n++] = '\n';
	for (int off = 0; off < n;) {
		ssize_t w = write(e->to, line + off, (size_t)(n - off));
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += (int)w;
	}
	return 0;
}

/* A whole line already read into line: 1, 0 if none; -1 if one is too long. */
static int engine_take(struct engine *e, char *line)
{
	char *nl = memchr(e->buf, '\n', e->len);

	if (nl == NULL)
		return e->len == sizeof e->buf - 1 ? -1 : 0;
	size_t n = (size_t)(nl - e->buf);
	memcpy(line, e->buf, n);
	line[n] = '\0';
	if (n > 0 && line[n - 1] == '\r')
		line[n - 1] = '\0';
	e->len -= n + 1;
	memmove(e->buf, nl + 1, e->len);
	return 1;
}

int engine_line(struct engine *e, char *line, int64_t deadline_ms)
{
	for (;;) {
		int rc = engine_take(e, line);
		if (rc != 0)
			return rc;
		int64_t left = deadline_ms - bd_now_ms();
		struct pollfd pfd = {.fd = e->from, .events = POLLIN};
		if (left < 0)
			left = 0;
		if (poll(&pfd, 1, left > 1000 ? 1000 : (int)left) < 0 && errno != EINTR)
			return -1;
		ssize_t r = read(e->from, e->buf + e->len, sizeof e->buf - 1 - e->len);
		if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR))
			return -1;
		if (r > 0)
			e->len += (size_t)r;
		else if (bd_now_ms() >= deadline_ms)
			return 0;
	}
}

/* The first word of line is word: the rest (after one space), or NULL. */
static const char *engine_word(const char *line, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(line, word, n) != 0 || (line[n] != '\0' && line[n] != ' '))
		return NULL;
	return line + n + (line[n] == ' ');
}

/* Wait for the line starting with want (other lines: `id name`, else ignored) until
 * deadline_ms: 0, or -1 with err (an `error` line's text, an end, silence). */
static int engine_expect(struct engine *e, const char *want, int64_t deadline_ms, char *err, size_t len)
{
	char line[BD_LINE_MAX + 1];
	const char *rest;

	for (;;) {
		int rc = engine_line(e, line, deadline_ms);
		if (rc <= 0) {
			snprintf(err, len, rc == 0 ? "did not answer in time" : "ended or sent a line too long");
			return -1;
		}
		if (engine_word(line, want) != NULL)
			return 0;
		if ((rest = engine_word(line, "error")) != NULL) {
			snprintf(err, len, "refused: %s", rest);
			return -1;
		}
		if ((rest = engine_word(line, "id")) != NULL && (rest = engine_word(rest, "name")) != NULL)
			snprintf(e->name, sizeof e->name, "%s", rest);
	}
}

int engine_start(struct engine *e, const char *game, const char *side0, const char *side1, int64_t deadline_ms,
		 char *err, size_t len)
{
	char why[200], how[100];

	snprintf(e->name, sizeof e->name, "engine");
	if (engine_spawn(e, err, len) < 0)
		return -1;
	if (engine_say(e, "boardengine %d", ENGINE_PROTO) < 0 || engine_expect(e, "ready", deadline_ms, why, sizeof why) < 0 ||
	    engine_say(e, "game %s %s %s", game, side0, side1) < 0 || engine_expect(e, "ok", deadline_ms, why, sizeof why) < 0) {
		engine_stop(e, 0, ENGINE_QUIT_MS, how, sizeof how);
		snprintf(err, len, "engine '%s' %s (%s)", e->command, why, how);
		return -1;
	}
	return 0;
}

/* Wait for the engine's process until deadline_ms: 1 reaped (status in *st), 0 not yet. */
static int engine_reap(pid_t pid, int *st, int64_t deadline_ms)
{
	for (;;) {
		pid_t r = waitpid(pid, st, WNOHANG);
		if (r == pid || (r < 0 && errno != EINTR))
			return 1;
		if (bd_now_ms() >= deadline_ms)
			return 0;
		struct timespec ts = {0, 10 * 1000000};
		nanosleep(&ts, NULL);
	}
}

void engine_stop(struct engine *e, int quit, int wait_ms, char *why, size_t len)
{
	int st = 0, killed = 0;

	if (e->pid == 0) {
		snprintf(why, len, "not running");
		return;
	}
	if (quit)
		engine_say(e, "quit");
	close(e->to);
	close(e->from);
	if (!engine_reap(e->pid, &st, bd_now_ms() + wait_ms)) {
		kill(-e->pid, SIGKILL);
		engine_reap(e->pid, &st, INT64_MAX);
		killed = 1;
	}
	kill(-e->pid, SIGKILL); /* whatever it left running in its group */
	e->pid = 0;
	if (killed)
		snprintf(why, len, "killed by board-bot");
	else if (WIFEXITED(st))
		snprintf(why, len, "exited with status %d", WEXITSTATUS(st));
	else
		snprintf(why, len, "killed by signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}
