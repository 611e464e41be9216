/* offline.c: board-gtk without a daemon. When the first connection fails, the window shows
 * the not-connected page (offline.ui): what is wrong in words, the socket as a detail,
 * Retry and, when no daemon listens there, Start a local game, which runs boardd and a
 * beginner bot for the user as `make run` does (the user's own socket and shm prefix) and
 * connects; board-gtk stops them when it quits, and boardd removes its boards from
 * /dev/shm. Also the window of a command-line error, for a program started from the
 * desktop where nobody reads standard error. */
#include <errno.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "board-gtk.h"
#include "ipc/clock.h"

#define START_POLL_MS 100
#define START_WAIT_MS 20000 /* a loaded machine may take seconds to start boardd */
#define STOP_WAIT_MS 10000
#define LOG_KEEP 512        /* the end of boardd's messages, shown if it does not start */

static struct offline {
	GtkWidget *page, *why, *detail, *status, *start, *retry;
	char back[16];     /* the page shown before ("lobby" or "table") */
	GPid daemon, bot;  /* the local game's boardd and bot, or 0 */
	int log;           /* boardd's standard error, or -1 */
	guint log_watch, timer;
	int64_t deadline;  /* when boardd should have answered by */
	char tail[LOG_KEEP]; /* the last of boardd's messages */
} off = {.log = -1};

static void offline_start_clicked(GtkButton *button, gpointer data);
static void offline_retry_clicked(GtkButton *button, gpointer data);

/* A program beside this one (a build folder), in ../sbin (installed: boardd is in sbin/),
 * else name alone, for PATH. */
char *offline_program(const char *name)
{
	char *self = g_file_read_link("/proc/self/exe", NULL);
	char *dir = self != NULL ? g_path_get_dirname(self) : g_strdup(".");
	char *paths[] = {g_build_filename(dir, name, NULL), g_build_filename(dir, "..", "sbin", name, NULL)};
	char *found = NULL;

	for (size_t i = 0; i < G_N_ELEMENTS(paths); i++) {
		if (found == NULL && access(paths[i], X_OK) == 0)
			found = paths[i];
		else
			g_free(paths[i]);
	}
	g_free(self);
	g_free(dir);
	return found != NULL ? found : g_strdup(name);
}

/* 0 if something accepts connections on path, else the errno of the attempt. */
static int offline_probe(const char *path)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0), rc = 0;

	if (fd < 0)
		return errno;
	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0)
		rc = errno;
	close(fd);
	return rc;
}

/* Where the local game's boardd listens: the socket board-gtk was pointed at, unless that
 * is the system service's default, which a user's daemon does not take: then the user's
 * own under $XDG_RUNTIME_DIR. 0, or -1 if there is no such place. */
static int offline_local_socket(const struct app *a, char *buf, size_t len)
{
	const char *xdg = getenv("XDG_RUNTIME_DIR");

	if (strcmp(a->opt.socket, BD_SYSTEM_SOCKET) != 0) {
		snprintf(buf, len, "%s", a->opt.socket);
		return 0;
	}
	if (xdg == NULL || *xdg == '\0')
		return -1;
	return snprintf(buf, len, "%s/boardd/boardd.sock", xdg) < (int)len ? 0 : -1;
}

/* Build the page once, into the window's stack. */
static void offline_build(struct app *a)
{
	GtkBuilder *b;

	if (off.page != NULL)
		return;
	b = gtk_builder_new_from_resource(RES "offline.ui");
	off.page = app_object(b, "offline");
	off.why = app_object(b, "offline-why");
	off.detail = app_object(b, "offline-detail");
	off.status = app_object(b, "offline-status");
	off.start = app_object(b, "offline-start");
	off.retry = app_object(b, "offline-retry");
	g_signal_connect(off.start, "clicked", G_CALLBACK(offline_start_clicked), a);
	g_signal_connect(off.retry, "clicked", G_CALLBACK(offline_retry_clicked), a);
	gtk_stack_add_named(a->pages, off.page, "offline");
	g_object_unref(b);
}

/* Fill the page for a failed connection (err: the client library's words): why in words
 * (what the connect found at the socket), the socket and err as the detail. */
static void offline_explain(struct app *a, const char *err)
{
	char local[108], *detail;
	int e = offline_probe(a->opt.socket), none = e == ENOENT || e == ECONNREFUSED;

	if (none)
		gtk_label_set_text(GTK_LABEL(off.why), _("No game server (boardd) is running for you. Start a local game "
						       "to play on this computer, or press Retry once boardd runs."));
	else if (e == EACCES || e == EPERM)
		gtk_label_set_text(GTK_LABEL(off.why), _("boardd's socket is there, but it does not let you in "
						       "(its permissions, or its folder's)."));
	else
		gtk_label_set_text(GTK_LABEL(off.why), _("boardd did not answer as expected. Press Retry to try again."));
	/* The system's words for what connect found, else (it connected) the library's. */
	detail = g_strdup_printf(_("Socket: %s\n%s"), a->opt.socket, e != 0 ? g_strerror(e) : err);
	gtk_label_set_text(GTK_LABEL(off.detail), detail);
	g_free(detail);
	gtk_widget_set_visible(off.start, none && off.daemon == 0 && offline_local_socket(a, local, sizeof local) == 0);
	gtk_widget_set_sensitive(off.start, TRUE);
	gtk_widget_set_sensitive(off.retry, TRUE);
}

/* The first connection failed (err says how): show the page instead of the lobby or table. */
void offline_show(struct app *a, const char *err)
{
	const char *now;

	if (a->window == NULL)
		return;
	offline_build(a);
	now = gtk_stack_get_visible_child_name(a->pages);
	if (now != NULL && strcmp(now, "offline") != 0)
		snprintf(off.back, sizeof off.back, "%s", now);
	offline_explain(a, err);
	gtk_label_set_text(GTK_LABEL(off.status), "");
	gtk_widget_set_visible(a->back, FALSE);
	gtk_stack_set_visible_child_name(a->pages, "offline");
	gtk_widget_grab_focus(gtk_widget_get_visible(off.start) ? off.start : off.retry);
}

/* Connect now: 0 and the window back on its page, or -1 and the page says why. */
static int offline_connect(struct app *a)
{
	char err[256];
	int rc = conn_open(a, err, sizeof err);

	if (rc < 0) {
		offline_explain(a, err);
		gtk_label_set_text(GTK_LABEL(off.status), rc == -2 ? err : _("Still not connected."));
		return -1;
	}
	gtk_stack_set_visible_child_name(a->pages, off.back[0] ? off.back : "lobby");
	if (strcmp(off.back, "table") == 0) {
		gtk_widget_set_visible(a->back, a->lobby != NULL);
		gtk_widget_grab_focus(a->view);
	}
	conn_online(a);
	return 0;
}

/* Retry: one more connection attempt. */
static void offline_retry_clicked(GtkButton *button, gpointer data)
{
	(void)button;
	offline_connect(data);
}

/* Read what boardd wrote on its standard error: copied to ours, its end kept in off.tail.
 * The number of bytes read, 0 at its end, -1 if nothing is there now. */
static ssize_t offline_read(int fd)
{
	char buf[LOG_KEEP / 2];
	ssize_t n = read(fd, buf, sizeof buf);
	size_t have = strlen(off.tail), over;

	if (n <= 0)
		return n < 0 && errno == EAGAIN ? -1 : 0;
	ssize_t w = write(STDERR_FILENO, buf, (size_t)n); /* if it fails, the page still has them */
	(void)w;
	over = have + (size_t)n > LOG_KEEP - 1 ? have + (size_t)n - (LOG_KEEP - 1) : 0;
	memmove(off.tail, off.tail + over, have - over);
	memcpy(off.tail + have - over, buf, (size_t)n);
	off.tail[have - over + (size_t)n] = '\0';
	return n;
}

/* boardd's standard error is readable (or closed: then it is closed here too). */
static gboolean offline_log(gint fd, GIOCondition cond, gpointer data)
{
	(void)cond;
	(void)data;
	if (offline_read(fd) != 0)
		return G_SOURCE_CONTINUE;
	close(fd);
	off.log = -1;
	off.log_watch = 0;
	return G_SOURCE_REMOVE;
}

/* In the child, before exec: end with board-gtk even if it is killed (boardd then removes
 * its boards from /dev/shm itself). */
static void offline_child(gpointer data)
{
	(void)data;
	prctl(PR_SET_PDEATHSIG, SIGTERM);
}

/* Run argv as the user's own process, ended with board-gtk; standard error to *err_fd if
 * not NULL (else inherited). The pid, or 0 with the reason in err. */
static GPid offline_spawn(char **argv, int *err_fd, char *err, size_t len)
{
	GError *e = NULL;
	GPid pid = 0;
	GSpawnFlags flags = G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
			    (strchr(argv[0], '/') == NULL ? G_SPAWN_SEARCH_PATH : 0);

	if (!g_spawn_async_with_pipes(NULL, argv, NULL, flags, offline_child, NULL, &pid, NULL, NULL, err_fd, &e)) {
		snprintf(err, len, _("Cannot start %s: %s."), argv[0], e->message);
		g_error_free(e);
		return 0;
	}
	return pid;
}

/* Stop pid (SIGTERM, up to STOP_WAIT_MS, then SIGKILL) and reap it. */
static void offline_end(GPid pid)
{
	int64_t end = bd_now_ms() + STOP_WAIT_MS;

	if (pid == 0 || kill(pid, SIGTERM) < 0)
		return;
	while (waitpid(pid, NULL, WNOHANG) == 0) {
		if (bd_now_ms() > end) {
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
			return;
		}
		g_usleep(20 * 1000);
	}
}

/* The local game could not start (why): stop what did, say so, offer the buttons again. */
static void offline_failed(struct app *a, const char *why)
{
	offline_stop();
	offline_explain(a, why);
	gtk_label_set_text(GTK_LABEL(off.status), why);
}

/* The local boardd answers: start its bot (on board main, as `make run` does) and connect. */
static void offline_started(struct app *a)
{
	char err[256], why[256];
	char *bot = offline_program("board-bot");
	char *argv[] = {bot, "--socket", a->opt.socket, "--shm-prefix", (char *)a->opt.prefix, "--name",
			strcmp(a->opt.name, "bob") != 0 ? "bob" : "alice", "--level", "beginner",
			"--delay-ms", "400", "--games", "0", NULL};

	off.bot = offline_spawn(argv, NULL, err, sizeof err);
	g_free(bot);
	if (off.bot == 0)
		g_printerr("board-gtk: %s\n", err); /* the board is still there to play, or watch */
	if (offline_connect(a) < 0) {
		snprintf(why, sizeof why, "%s", gtk_label_get_text(GTK_LABEL(off.status)));
		offline_failed(a, why);
	}
}

/* Timer while the local boardd starts: connect once it answers; say why if it ended. */
static gboolean offline_wait(gpointer data)
{
	struct app *a = data;
	char why[LOG_KEEP + 64];
	int status;

	if (waitpid(off.daemon, &status, WNOHANG) == off.daemon) {
		off.daemon = 0;
		while (off.log >= 0 && offline_read(off.log) > 0)
			continue; /* its last words */
		snprintf(why, sizeof why, _("boardd stopped at once: %s"), g_strstrip(off.tail));
	} else if (offline_probe(a->opt.socket) == 0) {
		off.timer = 0;
		offline_started(a);
		return G_SOURCE_REMOVE;
	} else if (bd_now_ms() < off.deadline) {
		return G_SOURCE_CONTINUE;
	} else {
		snprintf(why, sizeof why, _("boardd did not open %s in %d s."), a->opt.socket, START_WAIT_MS / 1000);
	}
	off.timer = 0;
	offline_failed(a, why);
	return G_SOURCE_REMOVE;
}

/* Start a local game: boardd as `make run` runs it, on the user's socket and prefix. */
static void offline_start_clicked(GtkButton *button, gpointer data)
{
	struct app *a = data;
	char sock[sizeof a->opt.socket], err[256];
	char *prog = offline_program("boardd");
	char *argv[] = {prog, "--config", "/dev/null", "--socket", sock, "--shm-prefix", (char *)a->opt.prefix,
			"--mismatch-ms", "1500", "--restart-ms", "5000", NULL};

	(void)button;
	if (offline_local_socket(a, sock, sizeof sock) < 0) {
		g_free(prog);
		return;
	}
	snprintf(a->opt.socket, sizeof a->opt.socket, "%s", sock); /* also for the bots of the lobby */
	off.tail[0] = '\0';
	off.daemon = offline_spawn(argv, &off.log, err, sizeof err);
	g_free(prog);
	if (off.daemon == 0) {
		offline_failed(a, err);
		return;
	}
	g_unix_set_fd_nonblocking(off.log, TRUE, NULL);
	off.log_watch = g_unix_fd_add(off.log, G_IO_IN | G_IO_HUP | G_IO_ERR, offline_log, NULL);
	off.deadline = bd_now_ms() + START_WAIT_MS;
	off.timer = g_timeout_add(START_POLL_MS, offline_wait, a);
	gtk_widget_set_sensitive(off.start, FALSE);
	gtk_widget_set_sensitive(off.retry, FALSE);
	gtk_label_set_text(GTK_LABEL(off.status), _("Starting boardd…"));
}

/* board-gtk ends: stop the local game's bot and boardd (which removes its boards from
 * /dev/shm) and wait for them. */
void offline_stop(void)
{
	if (off.timer)
		g_source_remove(off.timer);
	if (off.log_watch)
		g_source_remove(off.log_watch);
	off.timer = off.log_watch = 0;
	offline_end(off.bot);
	offline_end(off.daemon);
	off.bot = off.daemon = 0;
	if (off.log >= 0)
		close(off.log);
	off.log = -1;
}

/* A command-line error: on standard error, and in a window when there is a display (a
 * program started from the desktop has nobody reading standard error). */
void offline_error(const char *text)
{
	GtkWidget *d;

	fprintf(stderr, "board-gtk: %s\n", text);
	if (!gtk_init_check(NULL, NULL))
		return;
	d = gtk_message_dialog_new(NULL, 0, GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", _("board-gtk cannot start"));
	gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d), "%s", text);
	gtk_window_set_title(GTK_WINDOW(d), "board-gtk");
	gtk_dialog_run(GTK_DIALOG(d));
	gtk_widget_destroy(d);
}
