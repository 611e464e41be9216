/* forge.c: segments clients must not trust or die of.
 * `bd-fault forge --as NAME [--pid PID]` (run it as another user than the daemon's): copies
 * the board's public segment into a new object of board NAME (a new instance; NAME may be
 * the board's own name) under the daemon's prefix,
 * a valid header with every seated player renamed fake<N> and daemon_pid PID (a process
 * of the forger's own named boardd): what a forged board looks like to a client.
 * `bd-fault shrink [--size BYTES]` (as the daemon's user or root): truncates the board's
 * own public segment to BYTES (default 0) under every client that has it mapped. */
#include "fault.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Write board to a new object name, mode 0644 (readable by every client). */
static void forge_write(const char *name, const struct bd_pub *board)
{
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0644);

	if (fd < 0 || fchmod(fd, 0644) < 0)
		die("cannot create %s", name);
	if (write(fd, board, sizeof *board) != (ssize_t)sizeof *board)
		die("cannot write %s", name);
	close(fd);
}

int cmd_forge(void)
{
	static struct bd_pub board;
	const char *as = opt_str("as", "forged");
	long pid = opt_num("pid", 0);
	char name[BD_OBJ_NAME_MAX], inst[BD_INST_LEN + 1];
	unsigned fakes = 0;

	opts_done();
	pub_snapshot(&board);
	if (bd_inst_new(inst) < 0 || bd_obj_public(name, sizeof name, bd_default_prefix(), as, inst) < 0)
		die("bad board name %s, or no instance", as);
	board.daemon_pid = (int32_t)pid;
	snprintf(board.name, sizeof board.name, "%s", as);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (board.players[i].state != BD_PLAYER_EMPTY)
			snprintf(board.players[i].name, sizeof board.players[i].name, "fake%u", fakes++);
	forge_write(name, &board);
	say("forged %s: %u fake players, daemon pid %ld", name, fakes, pid);
	return 0;
}

int cmd_shrink(void)
{
	long size = opt_num("size", 0);
	const char *name = board_segment();

	opts_done();
	int fd = shm_open(name, O_RDWR, 0);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0)
		die("cannot truncate %s", name);
	close(fd);
	say("truncated %s to %ld bytes", name, size);
	return 0;
}
