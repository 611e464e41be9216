/* floor.c: the baselines. Each does the work of one boardd figure with nothing but UNIX
 * sockets between processes: the least the kernel needs, measured in the same run. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

int floor_write(int fd, const void *buf, size_t n)
{
	for (size_t off = 0; off < n;) {
		ssize_t w = write(fd, (const char *)buf + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += (size_t)w;
	}
	return 0;
}

/* Read exactly n bytes; 0, or -1 at EOF or error. */
static int floor_read(int fd, void *buf, size_t n)
{
	for (size_t off = 0; off < n;) {
		ssize_t r = read(fd, (char *)buf + off, n - off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		off += (size_t)r;
	}
	return 0;
}

/* Fork a process that answers every read on its end of a socketpair with reply, on CPU cpu
 * (-1: anywhere); the other end in *fd, the process in *pid. 0 or -1. */
static int floor_answerer(const char *reply, int cpu, int *fd, pid_t *pid)
{
	char buf[BD_LINE_MAX];
	size_t len = strlen(reply);
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return -1;
	if ((*pid = fork()) == 0) {
		close(sv[0]);
		if (cpu >= 0)
			proc_pin(0, cpu);
		while (read(sv[1], buf, sizeof buf) > 0 && floor_write(sv[1], reply, len) == 0)
			;
		_exit(0);
	}
	close(sv[1]);
	*fd = sv[0];
	if (*pid > 0)
		return 0;
	close(sv[0]);
	return -1;
}

void floor_pingpong(struct samples *out, unsigned rounds, const char *reply, unsigned dim, int pause_ms,
		    int cpu)
{
	struct player p;
	pid_t pid;
	int fd;

	if (floor_answerer(reply, cpu, &fd, &pid) < 0)
		return;
	player_adopt(&p, fd, dim, 0);
	for (unsigned i = 0; i < rounds; i++) {
		if (pause_ms > 0)
			clock_sleep_ms(pause_ms);
		int64_t t0 = clock_ns();
		if (player_pick(&p, (int)(dim * dim - 1)) != 0) /* "pick 31 31": the longest request */
			break;
		samples_add(out, (double)(p.replied_ns - t0) / 1e3);
	}
	bd_client_close(&p.c);
	waitpid(pid, NULL, 0);
}

void floor_lines(struct samples *out, unsigned rounds, const char *request, const char *reply, const char *word,
		 int pause_ms)
{
	struct bd_client c;
	struct bd_msg m;
	pid_t pid;
	int fd, rc = 1;

	if (floor_answerer(reply, -1, &fd, &pid) < 0)
		return;
	memset(&c, 0, sizeof c);
	c.fd = fd;
	for (unsigned i = 0; i < rounds && rc == 1; i++) {
		clock_sleep_ms(pause_ms);
		int64_t t0 = clock_ns();
		if (bd_client_send(&c, "%s", request) < 0)
			break;
		while ((rc = bd_client_read(&c, &m, 10000)) == 1 && (m.kind != BD_MSG_EVENT || strcmp(m.word, word) != 0))
			;
		if (rc == 1)
			samples_add(out, (double)(clock_ns() - t0) / 1e3);
	}
	bd_client_close(&c);
	waitpid(pid, NULL, 0);
}

/* A floor reader: the spectators' client code, on its end of a socketpair. */
static void floor_reader(struct crew_shm *sh, unsigned i, void *arg)
{
	const struct fanout *f = arg;
	struct player p;

	player_adopt(&p, f->fds[i][1], 32, i);
	crew_ready(sh, 1);
	player_listen(&p, sh, i);
}

/* A relay of the design floor: woken by one eventfd write shared with every relay
 * (EPOLLET, never read), as boardd's workers are, it sends the line to its reader. */
static void floor_relay(struct crew_shm *sh, unsigned i, void *arg)
{
	const struct fanout *f = arg;
	struct epoll_event ev = {.events = EPOLLIN | EPOLLET}, out[4];
	int ep = epoll_create1(EPOLL_CLOEXEC), ok = ep >= 0 && epoll_ctl(ep, EPOLL_CTL_ADD, f->efd, &ev) == 0;
	size_t len = strlen(f->line);

	crew_ready(sh, ok);
	while (ok)
		if (epoll_wait(ep, out, 4, -1) > 0)
			send(f->fds[i][0], f->line, len, MSG_DONTWAIT | MSG_NOSIGNAL);
}

int floor_fanout_start(struct fanout *f, unsigned k, const char *line, int relay)
{
	memset(f, 0, sizeof *f);
	f->k = k;
	snprintf(f->line, sizeof f->line, "%s", line);
	f->efd = relay ? eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK) : -1;
	f->fds = calloc(k, sizeof *f->fds);
	while (f->fds != NULL && f->made < k &&
	       socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, f->fds[f->made]) == 0)
		f->made++;
	if (f->made < k || (relay && f->efd < 0) || crew_start(&f->c, k, floor_reader, f) < 0)
		return -1;
	return relay ? crew_start(&f->relays, k, floor_relay, f) : 0;
}

void floor_fanout_rounds(struct fanout *f, struct samples *out, unsigned rounds)
{
	size_t len = strlen(f->line);
	uint64_t one = 1;

	for (unsigned r = 0; r < rounds; r++) {
		clock_sleep_ms(crew_settle_ms(f->k));
		crew_expect(&f->c, f->k);
		int64_t t0 = clock_ns();
		if (f->efd >= 0)
			floor_write(f->efd, &one, sizeof one);
		for (unsigned i = 0; f->efd < 0 && i < f->k; i++)
			floor_write(f->fds[i][0], f->line, len);
		if (crew_wait(&f->c, 10000) < 0)
			return;
		samples_add(out, (double)(crew_latest(&f->c, 0, f->k) - t0) / 1e3);
	}
}

void floor_fanout_stop(struct fanout *f)
{
	for (unsigned i = 0; i < f->made; i++)
		close(f->fds[i][0]), close(f->fds[i][1]);
	crew_stop(&f->relays);
	crew_stop(&f->c);
	if (f->efd >= 0)
		close(f->efd);
	free(f->fds);
	memset(f, 0, sizeof *f);
}

/* The join floor's address: an abstract UNIX socket (no file) of this run. */
static socklen_t floor_addr(struct sockaddr_un *sa)
{
	memset(sa, 0, sizeof *sa);
	sa->sun_family = AF_UNIX;
	int n = snprintf(sa->sun_path + 1, sizeof sa->sun_path - 1, "boardd-bench-%d", (int)getpid());
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + (size_t)n);
}

/* The lines a joining client exchanges with boardd, with boardd's lengths. */
static const char *const join_lines[] = {
	"BOARDD 2 " BD_VERSION "\n",                              /* greeting */
	"OK hello bench12345 player\n",                           /* reply to hello */
	"OK join main 0 #e69f00 32 0123456789abcdef\n",           /* reply to join */
};

/* One connection of the forking join floor: greet, answer two requests, wait for EOF. */
static void __attribute__((noreturn)) floor_join_child(int fd)
{
	char buf[BD_LINE_MAX];

	floor_write(fd, join_lines[0], strlen(join_lines[0]));
	for (unsigned i = 1; i < 3 && read(fd, buf, sizeof buf) > 0; i++)
		floor_write(fd, join_lines[i], strlen(join_lines[i]));
	while (read(fd, buf, sizeof buf) > 0)
		;
	_exit(0);
}

/* The join floor server: accept, fork one process per connection (as boardd does). */
static pid_t floor_join_server(void)
{
	struct sockaddr_un sa;
	socklen_t len = floor_addr(&sa);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, len) < 0 || listen(fd, 256) < 0)
		return -1;
	pid_t pid = fork();
	if (pid != 0) {
		close(fd);
		return pid;
	}
	signal(SIGCHLD, SIG_IGN); /* children reaped by the kernel */
	for (;;) {
		int c = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
		if (c >= 0 && fork() == 0) {
			close(fd);
			floor_join_child(c);
		}
		close(c);
	}
}

/* One floor join: connect, greeting, hello, join, then map and copy a public-segment-sized
 * object. The socket stays open in *fd. 0 or -1. */
static int floor_join_once(const char *shm, int *fd, void *copy)
{
	static const char hello[] = "hello bench12345 player\n", join[] = "join main\n";
	char buf[BD_LINE_MAX];
	struct sockaddr_un sa;
	socklen_t len = floor_addr(&sa);

	*fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (*fd < 0 || connect(*fd, (struct sockaddr *)&sa, len) < 0 ||
	    floor_read(*fd, buf, strlen(join_lines[0])) < 0 || floor_write(*fd, hello, sizeof hello - 1) < 0 ||
	    floor_read(*fd, buf, strlen(join_lines[1])) < 0 || floor_write(*fd, join, sizeof join - 1) < 0 ||
	    floor_read(*fd, buf, strlen(join_lines[2])) < 0)
		return -1;
	int sfd = shm_open(shm, O_RDONLY | O_CLOEXEC, 0);
	void *p = sfd < 0 ? MAP_FAILED : mmap(NULL, sizeof(struct bd_pub), PROT_READ, MAP_SHARED, sfd, 0);
	if (sfd >= 0)
		close(sfd);
	if (p == MAP_FAILED)
		return -1;
	memcpy(copy, p, sizeof(struct bd_pub));
	munmap(p, sizeof(struct bd_pub));
	return 0;
}

/* A public-segment-sized object with every page touched, as a live board's is. */
static int floor_join_shm(const char *name)
{
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	void *p = fd < 0 || ftruncate(fd, sizeof(struct bd_pub)) < 0 ? MAP_FAILED :
		  mmap(NULL, sizeof(struct bd_pub), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	if (fd >= 0)
		close(fd);
	if (p == MAP_FAILED)
		return -1;
	memset(p, 1, sizeof(struct bd_pub));
	munmap(p, sizeof(struct bd_pub));
	return 0;
}

int floor_join(struct samples *out, unsigned rounds, struct mem *parent, struct mem *child)
{
	char shm[64];
	static struct bd_pub copy;
	pid_t server = floor_join_server(), kid;
	int fd = -1, rc = -1;

	snprintf(shm, sizeof shm, "/boardd-bench-%d.floor", (int)getpid());
	if (server > 0 && floor_join_shm(shm) == 0) {
		for (unsigned i = 0; i < rounds; i++, close(fd)) {
			int64_t t0 = clock_ns();
			if (floor_join_once(shm, &fd, &copy) < 0)
				break;
			samples_add(out, (double)(clock_ns() - t0) / 1e3);
		}
		/* Memory: the server, and its process for one open connection. */
		if (floor_join_once(shm, &fd, &copy) == 0 && proc_children(server, &kid, 1) == 1 &&
		    proc_mem(server, parent) == 0 && proc_mem(kid, child) == 0)
			rc = 0;
		close(fd);
	}
	shm_unlink(shm);
	if (server > 0) {
		kill(server, SIGKILL);
		waitpid(server, NULL, 0);
	}
	return rc;
}

/* The serving floor: one process, every client in one epoll set; each request gets its
 * reply and event in one write, and the same event goes to every other client. */
static void __attribute__((noreturn)) floor_server(int (*fds)[2], unsigned n)
{
	int ep = epoll_create1(EPOLL_CLOEXEC);
	struct epoll_event evs[64];
	uint64_t seq = 0;

	for (unsigned i = 0; i < n; i++) {
		struct epoll_event ev = {.events = EPOLLIN, .data.u32 = i};
		close(fds[i][1]);
		epoll_ctl(ep, EPOLL_CTL_ADD, fds[i][0], &ev);
	}
	for (;;) {
		int k = epoll_wait(ep, evs, 64, -1);
		for (int e = 0; e < k; e++) {
			unsigned i = evs[e].data.u32, x = 0, y = 0;
			char in[BD_LINE_MAX], out[2 * BD_LINE_MAX];
			ssize_t r = read(fds[i][0], in, sizeof in - 1);
			if (r <= 0)
				_exit(0);
			in[r] = '\0';
			sscanf(in, "pick %u %u", &x, &y);
			struct bd_event ev = {.seq = ++seq, .type = BD_EV_UP, .player = (uint16_t)i};
			*bd_memory_ev_w(&ev) = (struct bd_memory_ev){.card1 = (int16_t)(y * 32 + x), .card2 = -1,
								     .value1 = {'a', 'b'}};
			int head = snprintf(out, sizeof out, "OK pick %u %u\n", x, y);
			int len = bd_event_format(out + head, sizeof out - (size_t)head, &ev, 32, "none", 0);
			floor_write(fds[i][0], out, (size_t)(head + len));
			for (unsigned j = 0; j < n; j++)
				if (j != i)
					floor_write(fds[j][0], out + head, (size_t)len);
		}
	}
}

/* A floor client: the bench's player loop over its end of a socketpair. */
static void floor_client(struct crew_shm *sh, unsigned i, void *arg)
{
	int (*fds)[2] = arg;
	struct player p;

	player_adopt(&p, fds[i][1], 32, i);
	crew_ready(sh, 1);
	player_play(&p, sh, i);
}

/* CPU time of the serving floor's process (arg: its pid), for crew_rate. */
static int64_t floor_cpu(const void *arg)
{
	return proc_cpu_ns(*(const pid_t *)arg);
}

int floor_serve(struct rate *r, unsigned n, int ms)
{
	int (*fds)[2] = calloc(n, sizeof *fds);
	struct crew c = {0};
	unsigned made = 0;
	pid_t server = -1;
	int rc = -1;

	while (fds != NULL && made < n && socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds[made]) == 0)
		made++;
	if (made == n && (server = fork()) == 0)
		floor_server(fds, n);
	if (server > 0 && crew_start(&c, n, floor_client, fds) == 0) {
		crew_rate(&c, ms / 5, ms, floor_cpu, &server, r);
		rc = 0;
	}
	crew_stop(&c);
	for (unsigned i = 0; i < made; i++)
		close(fds[i][0]), close(fds[i][1]);
	if (server > 0) {
		kill(server, SIGKILL);
		waitpid(server, NULL, 0);
	}
	free(fds);
	return rc;
}
