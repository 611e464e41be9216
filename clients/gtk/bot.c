/* bot.c: the person's own bots for "Play a bot" and New Game. board-gtk starts board-bot as
 * the person's user (never as the daemon's: it must not read what players may not see), one
 * process a bot, each told to play the game through the lobby against the person by name,
 * and ends them when the person leaves their table, gives up waiting for them, or quits. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "board-gtk.h"

/* Bot i's player name: the person's, cut to fit, then "-bot" (the first), "-bot2", ... */
void bot_name(const struct app *a, unsigned i, char *buf, size_t len)
{
	if (i == 0)
		snprintf(buf, len, "%.*s-bot", BD_NAME_MAX - 4, a->opt.name);
	else
		snprintf(buf, len, "%.*s-bot%u", BD_NAME_MAX - 5, a->opt.name, i + 1);
}

/* A bot ended: reap it; if it was not told to, say so (it could not play). */
static void bot_exited(GPid pid, gint status, gpointer data)
{
	struct app *a = data;
	char note[256];
	unsigned i = 0;

	g_spawn_close_pid(pid);
	while (i < BOT_MAX && a->bot[i] != pid)
		i++;
	if (i == BOT_MAX)
		return; /* ended by bot_stop */
	a->bot[i] = 0;
	if (WIFSIGNALED(status))
		snprintf(note, sizeof note, _("Your bot stopped (signal %d); see board-bot's messages on standard error."),
			 WTERMSIG(status));
	else
		snprintf(note, sizeof note, _("Your bot stopped (exit status %d); see board-bot's messages on standard error."),
			 WEXITSTATUS(status));
	lobby_note(a, note);
}

/* Start bot i: board-bot at level to play game (with opts, "k=v k=v" or "") against this
 * window's player through the lobby. 0, or -1 with the reason in err. */
static int bot_spawn(struct app *a, unsigned i, const char *game, const char *level, const char *opts, char *err,
		     size_t len)
{
	char name[BD_NAME_MAX + 1];
	char *prog = offline_program("board-bot"), **words = g_strsplit(opts, " ", -1);
	GPtrArray *argv = g_ptr_array_new();
	GError *e = NULL;
	GPid pid;

	bot_name(a, i, name, sizeof name);
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
		snprintf(err, len, _("Cannot start board-bot: %s."), e->message);
		g_error_free(e);
		return -1;
	}
	a->bot[i] = pid;
	g_child_watch_add(pid, bot_exited, a);
	return 0;
}

/* Start n bots (at most BOT_MAX; those running before are ended) at level to play game with
 * opts against this window's player. 0, or -1 with the reason in err (none left running). */
int bot_start(struct app *a, unsigned n, const char *game, const char *level, const char *opts, char *err, size_t len)
{
	bot_stop(a);
	for (unsigned i = 0; i < n && i < BOT_MAX; i++)
		if (bot_spawn(a, i, game, level, opts, err, len) < 0) {
			bot_stop(a);
			return -1;
		}
	return 0;
}

/* End the person's bots, those that run (their exits are reaped by bot_exited). */
void bot_stop(struct app *a)
{
	for (unsigned i = 0; i < BOT_MAX; i++) {
		if (a->bot[i] != 0 && kill(a->bot[i], SIGTERM) < 0)
			g_printerr(_("board-gtk: cannot end the bot (pid %d): %s\n"), (int)a->bot[i], g_strerror(errno));
		a->bot[i] = 0;
	}
}
