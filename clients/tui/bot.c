/* bot.c: the player's own bot for "play a bot". board-tui starts board-bot as the player's
 * user (never as the daemon's), told to play the game through the lobby against the player
 * by name, its output sent to /dev/null (it would tear the screen), and ends it when the
 * player leaves its table, gives up waiting for it, or quits. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ipc/clock.h"
#include "tui.h"

#define BOT_END_MS 1000

extern char **environ;

/* The bot's player name: the player's, cut to fit, then "-bot". */
void bot_name(const struct tui *t, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s-bot", BD_NAME_MAX - 4, t->opt.name);
}

/* board-bot beside this program (a build folder, an installed bin/), else "board-bot" for
 * a search of PATH. */
static void bot_program(char *buf, size_t len)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	char *slash;

	if (n > 0) {
		self[n] = 0;
		slash = strrchr(self, '/');
		if (slash != NULL && (size_t)snprintf(buf, len, "%.*s/board-bot", (int)(slash - self), self) < len &&
		    access(buf, X_OK) == 0)
			return;
	}
	snprintf(buf, len, "board-bot");
}

/* Start board-bot at level to play game (with opts, "k=v k=v" or "") against this player
 * through the lobby. 0, or -1 with why in err. */
int bot_start(struct tui *t, const char *game, const char *level, const char *opts, char *err, size_t len)
{
	char prog[PATH_MAX], name[BD_NAME_MAX + 1], words[BD_LINE_MAX], *save = NULL;
	posix_spawn_file_actions_t fa;
	pid_t pid;

	bot_stop(t);
	bot_program(prog, sizeof prog);
	bot_name(t, name, sizeof name);
	char *argv[14 + 2 * BD_LIST_OPTS_MAX] = {prog, "--socket", t->opt.socket, "--shm-prefix", (char *)t->opt.prefix,
						 "--name", name, "--play", (char *)game, "--opponent", t->opt.name,
						 "--level", (char *)level};
	size_t n = 13;
	snprintf(words, sizeof words, "%s", opts);
	for (char *w = strtok_r(words, " ", &save); w != NULL && n + 3 <= sizeof argv / sizeof argv[0];
	     w = strtok_r(NULL, " ", &save)) {
		argv[n++] = "--option";
		argv[n++] = w;
	}
	argv[n] = NULL;
	int rc = posix_spawn_file_actions_init(&fa);
	if (rc == 0)
		rc = posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	if (rc == 0)
		rc = posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if (rc == 0)
		rc = strchr(prog, '/') != NULL ? posix_spawn(&pid, prog, &fa, NULL, argv, environ) :
						 posix_spawnp(&pid, prog, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		snprintf(err, len, "cannot start board-bot: %s", strerror(rc));
		return -1;
	}
	t->bot = pid;
	return 0;
}

/* Reap the bot if it ended by itself (a failure is said: it could not play), and a bot
 * told to end once it has. */
void bot_reap(struct tui *t)
{
	char note[128];
	int status;

	if (t->bot_ending != 0 && waitpid(t->bot_ending, NULL, WNOHANG) == t->bot_ending)
		t->bot_ending = 0;
	if (t->bot == 0 || waitpid(t->bot, &status, WNOHANG) != t->bot)
		return;
	t->bot = 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return;
	snprintf(note, sizeof note, "your bot stopped (%s %d)", WIFSIGNALED(status) ? "signal" : "exit status",
		 WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
	draw_feedback(t, note, 1);
}

/* Tell the player's bot, if one runs, to end (it leaves its table); bot_reap reaps it
 * later, so the screen never waits for it. A bot still ending from before is killed. */
void bot_stop(struct tui *t)
{
	if (t->bot == 0)
		return;
	bot_end(t);
	if (kill(t->bot, SIGTERM) < 0 && errno != ESRCH)
		draw_feedback(t, "cannot end your bot", 1);
	t->bot_ending = t->bot;
	t->bot = 0;
}

/* At exit: the bot told to end gets BOT_END_MS to do so, then is killed; reaped either way. */
void bot_end(struct tui *t)
{
	int64_t end = bd_now_ms() + BOT_END_MS;

	while (t->bot_ending != 0) {
		pid_t r = waitpid(t->bot_ending, NULL, WNOHANG);
		if (r == t->bot_ending || (r < 0 && errno != EINTR)) {
			t->bot_ending = 0; /* reaped (or not ours to reap any more) */
		} else if (bd_now_ms() >= end) {
			if (kill(t->bot_ending, SIGKILL) == 0)
				while (waitpid(t->bot_ending, NULL, 0) < 0 && errno == EINTR)
					continue;
			t->bot_ending = 0;
		} else {
			poll(NULL, 0, 20);
		}
	}
}
