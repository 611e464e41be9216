/* supervisor.c: the parent process: boards, listening socket, workers, recovery, systemd. */
#include "supervisor.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ipc/clock.h"
#include "log.h"
#include "objects.h"
#include "sd.h"
#include "status.h"

#define HOUSEKEEP_MS 250

struct supervisor {
	const struct supervisor_opts *o;
	struct board *boards;
	unsigned nboards;
	int listen_fd, own_socket;  /* own_socket: we bound it (not systemd), so we unlink it */
	int epfd, sigfd, timerfd;
	struct lobby_peer *workers; /* pid, whose connection, ctl end of each worker */
	unsigned nworkers;
	struct lobby *lobby;
	int64_t watchdog_ms, last_watchdog, last_status;
	unsigned bye_why;           /* the goodbye's reason once stopping: enum bd_bye_reason */
};

/* Nonzero if something already answers on path. */
static int socket_in_use(const char *path)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0), used;

	snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
	used = fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0;
	if (fd >= 0)
		close(fd);
	return used;
}

/* Make the parent folder of path (one level, mode 0755) if it is missing. 0, or -1 (logged). */
static int make_parent(const char *path)
{
	char dir[sizeof(((struct sockaddr_un *)0)->sun_path)];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash != NULL && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
			log_msg(LOG_ERR, "cannot make %s for the socket: %s", dir, strerror(errno));
			return -1;
		}
	}
	return 0;
}

/* Bind and listen on the socket path, unless systemd passed the socket. */
static int supervisor_listen(struct supervisor *s)
{
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	const char *path = s->o->socket_path;
	char err[256];

	if ((s->listen_fd = sd_listen_fd(err, sizeof err)) >= 0) {
		log_msg(LOG_INFO, "using the socket passed by systemd");
		return 0;
	}
	if (s->listen_fd == -2) {
		log_msg(LOG_ERR, "%s; not starting", err);
		s->listen_fd = -1;
		return -1;
	}
	if (strlen(path) >= sizeof sa.sun_path) {
		log_msg(LOG_ERR, "socket path too long: %s", path);
		return -1;
	}
	if (socket_in_use(path)) {
		log_msg(LOG_ERR, "another boardd is already listening on %s; not starting", path);
		return -1;
	}
	/* Bind a temporary name, then rename: the path appears only once it accepts. */
	char tmp[sizeof sa.sun_path];
	if (snprintf(tmp, sizeof tmp, "%s.%d", path, (int)getpid()) >= (int)sizeof tmp) {
		log_msg(LOG_ERR, "socket path too long: %s", path);
		return -1;
	}
	if (make_parent(path) < 0)
		return -1;
	unlink(tmp);
	strcpy(sa.sun_path, tmp);
	s->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (s->listen_fd < 0 || bind(s->listen_fd, (struct sockaddr *)&sa, sizeof sa) < 0 ||
	    chmod(tmp, 0666) < 0 || listen(s->listen_fd, 256) < 0 || rename(tmp, path) < 0) {
		log_msg(LOG_ERR, "cannot listen on %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	s->own_socket = 1;
	return 0;
}

/* Create or resume every board; refuse if another live daemon of ours owns one. */
static int supervisor_boards(struct supervisor *s)
{
	s->boards = calloc(s->o->nboards, sizeof *s->boards);
	if (s->boards == NULL)
		return -1;
	for (unsigned i = 0; i < s->o->nboards; i++) {
		int resumed;
		if (board_open(&s->boards[i], s->o->prefix, &s->o->boards[i], &resumed) < 0)
			return -1;
		s->boards[i].resumed = resumed;
		s->nboards++;
		if (!resumed)
			log_msg(LOG_INFO, "board %s: %ux%u, region %u, created", s->boards[i].set.name,
				s->boards[i].shape.dim, s->boards[i].shape.dim, s->boards[i].shape.region_side);
	}
	return 0;
}

/* Signals arrive through a signalfd; workers get the default dispositions back. */
static int supervisor_signals(struct supervisor *s)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	s->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return s->sigfd < 0 ? -1 : 0;
}

/* The housekeeping timer, and one epoll set for the socket, the signals and the timer. */
static int supervisor_watch(struct supervisor *s)
{
	s->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	s->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (s->timerfd < 0 || s->epfd < 0)
		return -1;
	struct itimerspec its = {.it_interval = {0, HOUSEKEEP_MS * 1000000L}, .it_value = {0, HOUSEKEEP_MS * 1000000L}};
	if (timerfd_settime(s->timerfd, 0, &its, NULL) < 0)
		return -1;
	if ((s->lobby = lobby_new(&s->o->lobby, s->o->prefix, s->boards, s->nboards)) == NULL)
		return -1;
	int fds[] = {s->listen_fd, s->sigfd, s->timerfd, lobby_timer_fd(s->lobby)};
	for (unsigned i = 0; i < 4; i++) {
		struct epoll_event ev = {.events = EPOLLIN, .data.fd = fds[i]};
		if (epoll_ctl(s->epfd, EPOLL_CTL_ADD, fds[i], &ev) < 0)
			return -1;
	}
	return 0;
}

/* In the child: drop the parent's descriptors (the other workers' ctl ends, the lobby's
 * tables) and signal setup, then serve. */
static void supervisor_child(struct supervisor *s, int fd, int ctl, pid_t parent, const struct quota_peer *peer)
{
	sigset_t set;

	prctl(PR_SET_PDEATHSIG, SIGKILL); /* a worker never outlives its supervisor */
	if (getppid() != parent)
		_exit(0);
	close(s->listen_fd);
	close(s->sigfd);
	close(s->timerfd);
	close(s->epfd);
	for (unsigned i = 0; i < s->nworkers; i++)
		close(s->workers[i].ctl);
	lobby_forget(s->lobby);
	signal(SIGINT, SIG_IGN); /* Ctrl+C in a terminal: the supervisor says goodbye for us */
	signal(SIGTERM, SIG_DFL);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGHUP, SIG_IGN); /* a closed terminal: the supervisor reloads, workers go on */
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	struct worker_setup ws = {.fd = fd, .ctl = ctl, .boards = s->boards, .nboards = s->nboards, .lim = &s->o->limits,
				  .lobby = &s->o->lobby, .prefix = s->o->prefix, .socket = s->o->socket_path,
				  .peer = *peer};
	worker_run(&ws);
}

/* Answer a connection with one ERR line instead of the greeting, and close it. */
static void supervisor_refuse(int fd, const char *code, const char *text)
{
	char line[BD_LINE_MAX];
	int n = snprintf(line, sizeof line, "ERR %s %s\n", code, text);

	send(fd, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1, MSG_DONTWAIT | MSG_NOSIGNAL);
	close(fd);
}

/* Connections of uid open now. */
static unsigned supervisor_count(const struct supervisor *s, uid_t uid)
{
	unsigned n = 0;

	for (unsigned i = 0; i < s->nworkers; i++)
		n += s->workers[i].uid == uid;
	return n;
}

/* Remember a new worker, whose it is and its ctl end (in the epoll set); 0, or -1. */
static int supervisor_remember(struct supervisor *s, pid_t pid, const struct quota_peer *peer, int ctl)
{
	struct epoll_event ev = {.events = EPOLLIN, .data.fd = ctl};
	struct lobby_peer *w = realloc(s->workers, (s->nworkers + 1) * sizeof *w);

	if (w == NULL)
		return -1;
	s->workers = w;
	if (epoll_ctl(s->epfd, EPOLL_CTL_ADD, ctl, &ev) < 0)
		return -1;
	s->workers[s->nworkers++] = (struct lobby_peer){.pid = pid, .uid = peer->uid, .ctl = ctl, .exempt = peer->exempt};
	return 0;
}

/* A new connection: refused past the daemon's or its uid's limit, else a worker of its own. */
static void supervisor_accept(struct supervisor *s)
{
	struct quota_peer peer;
	struct bd_err err;
	int fd = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0)
		return;
	if (quota_peer(fd, &peer) < 0) {
		log_msg(LOG_ERR, "no peer credentials for a connection: %s", strerror(errno));
		close(fd);
		return;
	}
	if (quota_check(QUOTA_CONNECTIONS, &peer, supervisor_count(s, peer.uid), &err) < 0) {
		supervisor_refuse(fd, err.code, err.text);
		return;
	}
	if (s->nworkers >= s->o->max_connections) {
		supervisor_refuse(fd, "busy", "too many connections; try again later");
		quota_log_refusal("refused a connection: %u connections is the limit", s->o->max_connections);
		return;
	}
	int ctl[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ctl) < 0) {
		quota_log_refusal("refused a connection: socketpair: %s", strerror(errno));
		supervisor_refuse(fd, "busy", "no descriptors for a new connection; try again later");
		return;
	}
	pid_t parent = getpid(), pid = fork();
	if (pid == 0) {
		close(ctl[0]);
		supervisor_child(s, fd, ctl[1], parent, &peer);
	}
	close(ctl[1]);
	if (pid < 0) { /* e.g. TasksMax= reached */
		quota_log_refusal("refused a connection: fork: %s", strerror(errno));
		supervisor_refuse(fd, "busy", "no process for a new connection; try again later");
		close(ctl[0]);
		return;
	}
	close(fd);
	if (supervisor_remember(s, pid, &peer, ctl[0]) < 0) {
		kill(pid, SIGKILL);
		close(ctl[0]);
	}
}

/* The worker whose ctl end is fd, NULL if none. */
static struct lobby_peer *supervisor_peer(struct supervisor *s, int fd)
{
	for (unsigned i = 0; i < s->nworkers; i++)
		if (s->workers[i].ctl == fd)
			return &s->workers[i];
	return NULL;
}

/* A worker's ctl end is readable: its messages to the lobby. At its end (the worker exits)
 * it leaves the epoll set; the descriptor is closed when the worker is reaped. */
static void supervisor_ctl(struct supervisor *s, int fd)
{
	struct lobby_peer *w = supervisor_peer(s, fd);
	union lobby_msg m;
	int rc;

	if (w == NULL)
		return;
	while ((rc = lobby_recv(fd, &m, NULL)) == 0 || (rc < 0 && errno == EPROTO)) {
		if (rc == 0)
			lobby_message(s->lobby, w, &m);
		else
			log_msg(LOG_WARNING, "worker %d sent a malformed ctl message; dropped", (int)w->pid);
	}
	if (rc == 1 || (rc < 0 && errno != EAGAIN && errno != EINTR))
		epoll_ctl(s->epfd, EPOLL_CTL_DEL, fd, NULL);
}

/* Forget a worker pid and close its ctl end; 0 if it was not ours. */
static int supervisor_forget(struct supervisor *s, pid_t pid)
{
	for (unsigned i = 0; i < s->nworkers; i++)
		if (s->workers[i].pid == pid) {
			close(s->workers[i].ctl);
			s->workers[i] = s->workers[--s->nworkers];
			return 1;
		}
	return 0;
}

/* Reap every exited worker and clean up after it. */
static void supervisor_reap(struct supervisor *s)
{
	int status;
	pid_t pid;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		if (!supervisor_forget(s, pid))
			continue;
		status_release(pid);
		if (WIFSIGNALED(status) || WEXITSTATUS(status) != 0)
			log_msg(LOG_WARNING, "worker %d died (%s %d); cleaning up after it", (int)pid,
				WIFSIGNALED(status) ? "signal" : "status",
				WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
		struct board *table = lobby_gone(s->lobby, pid); /* the lobby table it was at */
		if (table != NULL)
			board_reap(table, pid);
		for (unsigned i = 0; i < s->nboards; i++)
			board_reap(&s->boards[i], pid);
	}
}

/* Periodic: lock repair, away seats, watchdog, status line. */
static void supervisor_housekeep(struct supervisor *s)
{
	uint64_t ticks;
	int64_t now = bd_now_ms();
	unsigned players = 0, tables = 0, waiting = 0;

	if (read(s->timerfd, &ticks, sizeof ticks) < 0)
		return;
	quota_tick();
	for (unsigned i = 0; i < s->nboards; i++) {
		board_housekeep(&s->boards[i], now);
		players += s->boards[i].pub->nplaying;
	}
	lobby_housekeep(s->lobby, now, &tables, &waiting, &players);
	if (s->watchdog_ms > 0 && now - s->last_watchdog >= s->watchdog_ms / 2) {
		sd_notifyf("WATCHDOG=1");
		s->last_watchdog = now;
	}
	if (now - s->last_status >= 1000) {
		char lobby[64] = ""; /* the lobby's counts while it has any */
		if (tables > 0 || waiting > 0)
			snprintf(lobby, sizeof lobby, ", %u lobby table%s, %u waiting", tables, tables == 1 ? "" : "s", waiting);
		sd_notifyf("STATUS=%u board%s, %u player%s, %u connection%s%s", s->nboards, s->nboards == 1 ? "" : "s",
			   players, players == 1 ? "" : "s", s->nworkers, s->nworkers == 1 ? "" : "s", lobby);
		s->last_status = now;
	}
}

/* Say goodbye on every board, give workers a moment to flush, then remove everything. */
static void supervisor_stop(struct supervisor *s)
{
	sd_notifyf("STOPPING=1");
	log_msg(LOG_NOTICE, "stopping: telling %u connection%s goodbye", s->nworkers, s->nworkers == 1 ? "" : "s");
	for (unsigned i = 0; i < s->nboards; i++)
		board_shutdown(&s->boards[i], s->bye_why);
	lobby_stop(s->lobby, s->workers, s->nworkers, s->bye_why);
	for (int64_t end = bd_now_ms() + 2000; s->nworkers > 0 && bd_now_ms() < end;) {
		int status;
		pid_t pid = waitpid(-1, &status, WNOHANG);
		if (pid > 0)
			supervisor_forget(s, pid);
		else
			usleep(5000);
	}
	for (unsigned i = 0; i < s->nworkers; i++)
		kill(s->workers[i].pid, SIGKILL);
	while (s->nworkers > 0) {
		pid_t pid = waitpid(-1, NULL, 0);
		if (pid < 0)
			break;
		supervisor_forget(s, pid);
	}
}

/* Close everything and remove the objects this run made: after a stop, or a failed start
 * (which leaves what earlier runs left, uncommitted, to the next start). */
static void supervisor_cleanup(struct supervisor *s)
{
	lobby_free(s->lobby);
	for (unsigned i = 0; i < s->nboards; i++)
		board_close(&s->boards[i], 1);
	if (s->own_socket)
		unlink(s->o->socket_path);
	free(s->boards);
	free(s->workers);
}

/* SIGHUP: take the reloadable settings (limits, log level) anew; the rest need a restart. */
static void supervisor_reload(struct supervisor *s)
{
	struct quota_limits q;
	char err[512];
	int level;

	if (s->o->reload == NULL || s->o->reload(&q, &level, err, sizeof err) < 0) {
		log_msg(LOG_ERR, "got SIGHUP: settings not reloaded, the old ones stay: %s",
			s->o->reload == NULL ? "no settings to read" : err);
		return;
	}
	quota_set(&q);
	log_init(level);
	for (unsigned i = 0; i < s->nboards; i++) {
		s->boards[i].dirty = 1; /* wake every worker: an unjoined one re-arms its idle deadline */
		board_wake(&s->boards[i]);
	}
	char group[24] = "none";
	if (q.exempt_gid >= 0)
		snprintf(group, sizeof group, "gid %lld", (long long)q.exempt_gid);
	log_msg(LOG_NOTICE, "got SIGHUP: reloaded the per-uid limits (%u connections, %u seats a board, idle-ms %lld, "
		"exempt-root %d, exempt-group %s) and the log level; other settings change on a restart",
		q.max[QUOTA_CONNECTIONS], q.max[QUOTA_SEATS], (long long)q.idle_ms, q.exempt_root, group);
}

/* Handle pending signals; 1 when it is time to stop. */
static int supervisor_signal(struct supervisor *s)
{
	struct signalfd_siginfo si;
	int stop = 0;

	while (read(s->sigfd, &si, sizeof si) == sizeof si) {
		if (si.ssi_signo == SIGCHLD)
			supervisor_reap(s);
		else if (si.ssi_signo == SIGHUP)
			supervisor_reload(s);
		else if (si.ssi_signo == SIGTERM || si.ssi_signo == SIGINT) {
			log_msg(LOG_NOTICE, "got signal %s", si.ssi_signo == SIGTERM ? "SIGTERM" : "SIGINT");
			stop = 1;
		} else if (si.ssi_signo == SIGUSR1) { /* the package's upgrade: games cannot be kept */
			log_msg(LOG_NOTICE, "got signal SIGUSR1: stopping for an upgrade that cannot resume the games");
			s->bye_why = BD_BYE_UPGRADE;
			stop = 1;
		}
	}
	return stop;
}

/* The table of connections status reads (status.h), before any worker is forked. */
static int supervisor_status(struct supervisor *s)
{
	if (status_init(s->o->max_connections, s->o->settings != NULL ? s->o->settings : "") == 0)
		return 0;
	log_msg(LOG_ERR, "cannot map the table of connections: %s", strerror(errno));
	return -1;
}

int supervisor_run(const struct supervisor_opts *o)
{
	struct supervisor s = {.o = o, .listen_fd = -1, .sigfd = -1, .timerfd = -1, .epfd = -1};

	/* Signals first: a stop that comes while starting waits in the signalfd, so the start
	 * finishes and then stops cleanly. The socket next: a second daemon must fail before
	 * it touches any board. */
	if (supervisor_signals(&s) < 0 || supervisor_listen(&s) < 0 || supervisor_boards(&s) < 0 ||
	    quota_init(&o->quota) < 0 || supervisor_watch(&s) < 0 || lobby_resume(s.lobby) < 0 ||
	    supervisor_status(&s) < 0) {
		supervisor_cleanup(&s);
		return 1;
	}
	for (unsigned i = 0; i < s.nboards; i++)
		board_commit(&s.boards[i]);
	lobby_commit(s.lobby);
	s.watchdog_ms = sd_watchdog_ms();
	log_msg(LOG_NOTICE, "ready: %u board%s on %s, shm prefix %s", s.nboards, s.nboards == 1 ? "" : "s",
		s.own_socket ? o->socket_path : "the socket from systemd", o->prefix);
	sd_notifyf("READY=1\nSTATUS=%u board%s, 0 players", s.nboards, s.nboards == 1 ? "" : "s");
	for (;;) {
		struct epoll_event evs[8];
		int n = epoll_wait(s.epfd, evs, 8, -1);
		for (int i = 0; i < n; i++) {
			if (evs[i].data.fd == s.listen_fd)
				supervisor_accept(&s);
			else if (evs[i].data.fd == s.timerfd)
				supervisor_housekeep(&s);
			else if (evs[i].data.fd == lobby_timer_fd(s.lobby))
				lobby_timer(s.lobby);
			else if (evs[i].data.fd == s.sigfd) {
				if (supervisor_signal(&s)) {
					supervisor_stop(&s);
					supervisor_cleanup(&s);
					log_msg(LOG_NOTICE, "stopped; every shared-memory object removed");
					return 0;
				}
			} else
				supervisor_ctl(&s, evs[i].data.fd);
		}
	}
}

/* Remove what a daemon stopped before it could clean up left of a board, unless a live
 * boardd of ours serves it. */
static void supervisor_remove_left(const char *prefix, const char *board)
{
	struct objects_seen seen;

	if (objects_look(prefix, board, &seen) < 0 || objects_live_owner(prefix, board, &seen))
		return;
	unsigned n = objects_remove(prefix, board, NULL);
	if (n > 0)
		log_msg(LOG_NOTICE, "board %s: removed %u object%s left by a daemon stopped before it could "
			"clean up", board, n, n == 1 ? "" : "s");
}

int supervisor_stopped(const struct supervisor_opts *o)
{
	const char *result = getenv("SERVICE_RESULT");
	char (*tables)[BD_BOARD_NAME_MAX + 1];

	if (result == NULL || strcmp(result, "success") != 0) {
		log_msg(LOG_INFO, "the service ended (%s): its boards stay for the restart to resume",
			result != NULL ? result : "no SERVICE_RESULT");
		return 0;
	}
	for (unsigned i = 0; i < o->nboards; i++)
		supervisor_remove_left(o->prefix, o->boards[i].name);
	unsigned n = lobby_found(o->prefix, &tables); /* and the lobby's tables */
	for (unsigned i = 0; i < n; i++)
		supervisor_remove_left(o->prefix, tables[i]);
	free(tables);
	return 0;
}
