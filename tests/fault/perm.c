/* perm.c: what a user other than the daemon's can do to a board. `bd-fault perm` (run it
 * as that user): it can map the public segment read-only and read a snapshot; it cannot
 * open the private segment or a semaphore, open the public segment for writing, make its
 * read-only mapping writable, write through it, resize or remove the segment, and the
 * segments belong to --owner UID (the daemon's). `bd-fault squat [--pid PID]` (as that user,
 * before the daemon starts): files and symlinks at the names the daemon used before its
 * names had a random instance, and a forged board recording PID as its daemon.
 * `bd-fault steal`: another connection cannot take a seat in use with its token, and a
 * pick acts only for the picker's own seat; with --ctl PATH, `PATH players BOARD` must
 * show the seat with this process's uid and pid (its peer credentials). */
#include "fault.h"

#include <errno.h>
#include <fcntl.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static unsigned perm_checks;

/* One check: ok says whether the attempt succeeded, allowed whether it should have. */
static void perm_expect(int ok, int allowed, const char *what)
{
	perm_checks++;
	if (ok != allowed)
		die("%s: %s (errno %s)", what, ok ? "allowed, must not be" : "refused, must not be",
		    strerror(errno));
	printf("  %-58s %s\n", what, ok ? "allowed" : strerror(errno));
}

/* shm_open one of the board's names; nonzero if it opened. */
static int perm_open(int priv, int flags)
{
	char name[BD_OBJ_NAME_MAX];
	const char *prefix = bd_default_prefix();

	if ((priv ? bd_obj_private : bd_obj_public)(name, sizeof name, prefix, board_name(), board_inst()) < 0)
		die("bad board or prefix name");
	int fd = shm_open(name, flags, 0);
	if (fd >= 0)
		close(fd);
	return fd >= 0;
}

/* sem_open a semaphore of the board (idx nregions: state); nonzero if it opened. */
static int perm_sem(unsigned idx)
{
	char name[BD_OBJ_NAME_MAX];
	const char *prefix = bd_default_prefix();

	if (idx < pub_map()->nregions)
		bd_obj_region_sem(name, sizeof name, prefix, board_name(), board_inst(), idx);
	else
		bd_obj_state_sem(name, sizeof name, prefix, board_name(), board_inst());
	sem_t *s = sem_open(name, 0);
	if (s != SEM_FAILED)
		sem_close(s);
	return s != SEM_FAILED;
}

/* Write one byte through the read-only mapping in a child; nonzero if it survived. */
static int perm_write_through(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		signal(SIGSEGV, SIG_DFL);
		((volatile char *)pub_map())[offsetof(struct bd_pub, area)] = 1;
		_exit(0);
	}
	waitpid(pid, &status, 0);
	errno = WIFSIGNALED(status) ? EFAULT : 0;
	return !(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV);
}

/* The uid owning one of the board's segments in /dev/shm. */
static long perm_owner(int priv)
{
	char path[BD_OBJ_NAME_MAX + 16];
	struct stat st;

	snprintf(path, sizeof path, BD_SHM_DIR "%s%s", board_segment(), priv ? ".private" : "");
	return stat(path, &st) == 0 ? (long)st.st_uid : -1;
}

/* The command: every attempt, allowed or refused as it must be. */
int cmd_perm(void)
{
	static struct bd_pub snap;
	char path[BD_OBJ_NAME_MAX];
	long owner = opt_num("owner", 0);

	opts_done();
	say("as uid %u: what this user can do to board %s", (unsigned)geteuid(), board_name());
	perm_expect(bd_snapshot(pub_map(), &snap) == 0, 1, "map the public segment read-only, snapshot it");
	perm_expect(perm_open(0, O_RDWR), 0, "open the public segment for writing");
	perm_expect(perm_open(1, O_RDONLY), 0, "open the private segment for reading");
	perm_expect(perm_open(1, O_RDWR), 0, "open the private segment for writing");
	perm_expect(perm_sem(0), 0, "open region semaphore 0");
	perm_expect(perm_sem(pub_map()->nregions), 0, "open the state semaphore");
	perm_expect(mprotect((void *)pub_map(), sizeof snap, PROT_READ | PROT_WRITE) == 0, 0,
		    "make the read-only mapping writable (mprotect)");
	perm_expect(perm_write_through(), 0, "write through the read-only mapping");
	snprintf(path, sizeof path, "%s", board_segment());
	int fd = shm_open(path, O_RDONLY, 0);
	perm_expect(fd >= 0 && ftruncate(fd, 0) == 0, 0, "truncate the public segment");
	if (fd >= 0)
		close(fd);
	perm_expect(shm_unlink(path) == 0, 0, "remove the public segment");
	errno = 0;
	perm_expect(perm_owner(0) == owner && perm_owner(1) == owner, 1, "both segments belong to the daemon's uid");
	say("perm: %u checks as expected", perm_checks);
	return 0;
}

/* Create one name in /dev/shm first, writable by all, as someone hoping to be trusted
 * or to stop the daemon; returns the open descriptor. */
static int squat_file(const char *entry)
{
	char path[BD_OBJ_NAME_MAX + 32];
	snprintf(path, sizeof path, BD_SHM_DIR "/%s", entry);
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, 0666);

	if (fd < 0 || fchmod(fd, 0666) < 0)
		die("cannot create %s: %s", path, strerror(errno));
	say("squat: created %s (mode 0666, uid %u)", path, (unsigned)geteuid());
	return fd;
}

/* A symlink at one name, to a file the daemon must never touch. */
static void squat_link(const char *entry)
{
	char path[BD_OBJ_NAME_MAX + 32];

	snprintf(path, sizeof path, BD_SHM_DIR "/%s", entry);
	if (symlink("/etc/passwd", path) < 0)
		die("cannot make the symlink %s: %s", path, strerror(errno));
	say("squat: %s -> /etc/passwd", path);
}

/* A public segment with a sound header, recording pid (a process of ours named boardd) as
 * its daemon, at a name of the current scheme: a board that is not the daemon's. */
static void squat_forged(const char *inst, pid_t pid)
{
	static struct bd_pub pub;
	char entry[BD_OBJ_NAME_MAX];

	snprintf(entry, sizeof entry, "%s.%s.%s", bd_default_prefix(), board_name(), inst);
	struct bd_memory_pub head = {.dim = 4, .region_side = 4, .regions_across = 1};
	pub = (struct bd_pub){.magic = BD_PUB_MAGIC, .version = BD_LAYOUT_VERSION, .game_kind = BD_GAME_MEMORY,
			      .nregions = 1, .min_players = 2, .daemon_pid = pid};
	pub.area_size = (uint32_t)bd_game_memory.pub_size((const struct bd_game_shape *)(const void *)&head);
	pub.size = (uint32_t)offsetof(struct bd_pub, area) + pub.area_size;
	memcpy(pub.area, &head, sizeof head);
	snprintf(pub.name, sizeof pub.name, "%s", board_name());
	int fd = squat_file(entry);
	if (write(fd, &pub, pub.size) != (ssize_t)pub.size)
		die("cannot write the forged segment: %s", strerror(errno));
	close(fd);
	snprintf(entry, sizeof entry, "%s.%s.%s.private", bd_default_prefix(), board_name(), inst);
	close(squat_file(entry));
}

/* The command: every name the daemon used before instances (files, and symlinks to
 * /etc/passwd), a symlink at a name of the current scheme, and a forged board whose daemon
 * is --pid (a live process of this user named boardd). */
int cmd_squat(void)
{
	static const char *const old[] = {"%s.%s", "%s.%s.private", "sem.%s.%s.state", "sem.%s.%s.r0"};
	static const char *const links[] = {"%s.%s.r1", "sem.%s.%s.r1", "sem.%s.%s.r2", "%s.%s.0123456789abcdef"};
	char entry[BD_OBJ_NAME_MAX], inst[BD_INST_LEN + 1];
	pid_t pid = (pid_t)opt_num("pid", 0);

	opts_done();
	for (unsigned i = 0; i < sizeof old / sizeof old[0]; i++) {
		snprintf(entry, sizeof entry, old[i], bd_default_prefix(), board_name());
		close(squat_file(entry));
	}
	for (unsigned i = 0; i < sizeof links / sizeof links[0]; i++) {
		snprintf(entry, sizeof entry, links[i], bd_default_prefix(), board_name());
		squat_link(entry);
	}
	if (pid > 0) {
		if (bd_inst_new(inst) < 0)
			die("getrandom: %s", strerror(errno));
		squat_forged(inst, pid);
	}
	return 0;
}

/* The command: a token of a seat in use, then a pick of the thief's own. */
int cmd_steal(void)
{
	static struct bd_pub snap;
	struct bd_client owner, thief;
	struct bd_msg r;
	const char *ctl = opt_str("ctl", NULL);
	char uid[16], pid[16];
	const char *cred[] = {"owner", uid, pid};

	opts_done();
	player_enter(&owner, "owner", BD_ROLE_PLAYER);
	snprintf(uid, sizeof uid, "%u", (unsigned)geteuid());
	snprintf(pid, sizeof pid, "%d", (int)getpid());
	if (ctl != NULL && !ctl_shows(ctl, "players", cred, 3))
		die("%s players does not show the seat with uid %s and pid %s", ctl, uid, pid);
	player_connect(&thief);
	if (player_request(&thief, &r, "hello thief player") != 0)
		die("hello refused");
	if (player_request(&thief, &r, "join %s %016llx", board_name(), (unsigned long long)owner.token) != 1 ||
	    strcmp(r.word, "token") != 0)
		die("another connection took a seat in use with its token (%s)", r.line);
	say("steal: join with the token of a seat in use: %s", r.line);
	if (player_request(&owner, &r, "join %s %016llx", board_name(), (unsigned long long)owner.token) != 1)
		die("the owner joined twice");
	if (player_request(&thief, &r, "join %s", board_name()) != 0 || r.ntok < 2)
		die("the thief could not take a seat of its own: %s", r.line);
	thief.player = (int)bd_parse_uint(r.tok[1]); /* OK join BOARD ID ... */
	pub_snapshot(&snap);
	int card = card_down(&snap);
	if (player_request(&thief, &r, "pick %d %d", card % (int)bd_memory_pub(&snap)->dim, card / (int)bd_memory_pub(&snap)->dim) != 0 ||
	    !player_await(&thief, "up", thief.player, 5000, &r))
		die("the thief's own pick failed");
	pub_snapshot(&snap);
	if (bd_memory_pub(&snap)->cards[card].owner != (unsigned)thief.player || bd_memory_pub(&snap)->cards[card].owner == (unsigned)owner.player)
		die("a pick acted for seat %u, not the picker's own %d", bd_memory_pub(&snap)->cards[card].owner, thief.player);
	say("steal: the pick turned card %d up for the picker's own seat %d (%s)", card, thief.player, r.line);
	bd_client_close(&thief);
	bd_client_close(&owner);
	say("steal: ok");
	return 0;
}
