/* bot.c: the person's own bot for "Play a bot". board-gtk starts board-bot as the person's
 * user (never as the daemon's: it must not read what players may not see), told to play the
 * game through the lobby against the person by name, and ends it when the person leaves its
 * table, gives up waiting for it, or quits. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "board-gtk.h"

/* The bot's player name: the person's, cut to fit, then "-bot". */
void bot_name(const struct app *a, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s-bot", BD_NAME_MAX - 4, a->opt.name);
}

/* board-bot beside this program (a build folder, an installed bin/), else from PATH. */
static char *bot_program(void)
{
	char *self = g_file_read_link("/proc/self/exe", NULL);
	char *dir = self != NULL ? g_path_get_dirname(self) : NULL;
	char *path = dir != NULL ? g_build_filename(dir, "board-bot", NULL) : NULL;

	g_free(self);
	g_free(dir);
	if (path != NULL && access(path, X_OK) == 0)
		return path;
	g_free(path);
	return g_strdup("board-bot");
}

/* The bot ended: reap it; if it was not told to, say so (it could not play). */
static void bot_exited(GPid pid, gint status, gpointer data)
{
	struct app *a = data;
	char note[128];

	g_spawn_close_pid(pid);
	if (a->bot != pid)
		return; /* ended by bot_stop */
	a->bot = 0;
	snprintf(note, sizeof note, "Your bot stopped (%s %d); see board-bot's messages on standard error.",
		 WIFSIGNALED(status) ? "signal" : "exit status", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
	lobby_note(a, note);
}

/* Start board-bot at level to play game (with opts, "k=v k=v" or "") against this window's
 * player through the lobby. 0, or -1 with the reason in err. */
int bot_start(struct app *a, const char *game, const char *level, const char *opts, char *err, size_t len)
{
	char name[BD_NAME_MAX + 1];
	char *prog = bot_program(), **words = g_strsplit(opts, " ", -1);
	GPtrArray *argv = g_ptr_array_new();
	GError *e = NULL;
	GPid pid;

	bot_stop(a);
	bot_name(a, name, sizeof name);
	const char *fixed[] = {prog, "--socket", a->opt.socket, "--shm-prefix", a->opt.prefix, "--name", name,
			       "--play", game, "--opponent", a->opt.name, "--level", level};
	for (size_t i = 0; i < G_N_ELEMENTS(fixed); i++)
		g_ptr_array_add(argv, (gpointer)fixed[i]);
	for (char **w = words; *w != NULL; w++)
		if (**w) {
			g_ptr_array_add(argv, "--option");
			g_ptr_array_add(argv, *w);
		}
	g_ptr_array_add(argv, NULL);
	gboolean ok = g_spawn_async(NULL, (char **)argv->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD |
				    G_SPAWN_STDOUT_TO_DEV_NULL | (strchr(prog, '/') == NULL ? G_SPAWN_SEARCH_PATH : 0),
				    NULL, NULL, &pid, &e);
	g_ptr_array_free(argv, TRUE);
	g_strfreev(words);
	g_free(prog);
	if (!ok) {
		snprintf(err, len, "Cannot start board-bot: %s.", e->message);
		g_error_free(e);
		return -1;
	}
	a->bot = pid;
	g_child_watch_add(pid, bot_exited, a);
	return 0;
}

/* End the person's bot, if one runs (its exit is reaped by bot_exited). */
void bot_stop(struct app *a)
{
	if (a->bot != 0 && kill(a->bot, SIGTERM) < 0)
		g_printerr("board-gtk: cannot end the bot (pid %d): %s\n", (int)a->bot, g_strerror(errno));
	a->bot = 0;
}
