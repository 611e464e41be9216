/* main.c: boardd's command line; everything else is in supervisor.c. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "ipc/client.h"
#include "ipc/shm.h"
#include "log.h"
#include "supervisor.h"

#define BOARDS_MAX 256

static void usage(FILE *f)
{
	fprintf(f,
		"usage: boardd [OPTION]...\n"
		"Keep Memory game boards in POSIX shared memory and serve players on a UNIX socket.\n\n"
		"  --board NAME[:DIM]     a board (repeatable; default main:4); DIM even, 2..32\n"
		"  --socket PATH          listening socket (default $BOARDD_SOCKET, else\n"
		"                         $XDG_RUNTIME_DIR/boardd/boardd.sock, or /run/boardd/boardd.sock as root)\n"
		"  --shm-prefix P         name prefix of every shm object (default $BOARDD_SHM_PREFIX or boardd)\n"
		"  --min-players N        players needed for a game to be on (default 2; 1 = solo practice)\n"
		"  --first-pick-ms MS     a lone first pick turns back down after MS (default 5000)\n"
		"  --mismatch-ms MS       a mismatched pair stays up for MS (default 2000)\n"
		"  --restart-ms MS        a new game starts MS after game over (default 10000)\n"
		"  --away-ms MS           seats of clients lost in a daemon restart are kept MS (default 30000)\n"
		"  --region-size N        lock regions are NxN tiles of cards (default 2)\n"
		"  --seed N               reproducible shuffles (default: random)\n"
		"  --max-connections N    connections served at once (default 2048)\n"
		"  --max-rate N           requests per second per connection, 0 = no limit (default 500)\n"
		"  --max-backlog BYTES    unsent output before a non-reading client is dropped (default 262144)\n"
		"  --log-level LEVEL      error, warning, notice, info or debug (default notice)\n"
		"  --help                 show this help and exit\n"
		"  --version              show the version and exit\n");
}

/* A whole number in [lo, hi] from optarg, or exit with a message naming the option. */
static long number(const char *opt, const char *s, long lo, long hi)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < lo || v > hi) {
		fprintf(stderr, "boardd: --%s wants a number from %ld to %ld, not '%s'\n", opt, lo, hi, s);
		exit(2);
	}
	return v;
}

/* NAME[:DIM] into a board's settings. */
static void board_arg(const char *arg, struct board_settings *b)
{
	const char *colon = strchr(arg, ':');
	size_t n = colon ? (size_t)(colon - arg) : strlen(arg);

	if (n == 0 || n > BD_BOARD_NAME_MAX) {
		fprintf(stderr, "boardd: board name must be 1-%d characters: '%s'\n", BD_BOARD_NAME_MAX, arg);
		exit(2);
	}
	memcpy(b->name, arg, n);
	b->name[n] = '\0';
	if (!bd_name_ok(b->name, BD_BOARD_NAME_MAX)) {
		fprintf(stderr, "boardd: board name may only use A-Z a-z 0-9 _ -: '%s'\n", b->name);
		exit(2);
	}
	b->dim = colon ? (unsigned)number("board", colon + 1, BD_DIM_MIN, BD_DIM_MAX) : 4;
	if (b->dim % 2) {
		fprintf(stderr, "boardd: board %s: dimension must be even (pairs), not %u\n", b->name, b->dim);
		exit(2);
	}
}

int main(int argc, char **argv)
{
	enum { O_BOARD = 256, O_SOCKET, O_PREFIX, O_MIN, O_FIRST, O_MISMATCH, O_RESTART, O_AWAY, O_REGION,
	       O_SEED, O_MAXCONN, O_RATE, O_BACKLOG, O_LOG, O_HELP, O_VERSION };
	static const struct option longopts[] = {
		{"board", 1, 0, O_BOARD}, {"socket", 1, 0, O_SOCKET}, {"shm-prefix", 1, 0, O_PREFIX},
		{"min-players", 1, 0, O_MIN}, {"first-pick-ms", 1, 0, O_FIRST}, {"mismatch-ms", 1, 0, O_MISMATCH},
		{"restart-ms", 1, 0, O_RESTART}, {"away-ms", 1, 0, O_AWAY}, {"region-size", 1, 0, O_REGION},
		{"seed", 1, 0, O_SEED}, {"max-connections", 1, 0, O_MAXCONN}, {"max-rate", 1, 0, O_RATE},
		{"max-backlog", 1, 0, O_BACKLOG}, {"log-level", 1, 0, O_LOG}, {"help", 0, 0, O_HELP},
		{"version", 0, 0, O_VERSION}, {0, 0, 0, 0},
	};
	static struct board_settings boards[BOARDS_MAX];
	struct board_settings common = {.game_kind = BD_GAME_MEMORY, .min_players = 2, .first_pick_ms = 5000, .mismatch_ms = 2000,
					.restart_ms = 10000, .away_ms = 30000, .region_side = 2};
	char socket_path[108];
	struct supervisor_opts o = {.prefix = bd_default_prefix(), .max_connections = 2048,
				    .limits = {.max_rate = 500, .max_backlog = 256 * 1024}};
	int c, level = LOG_NOTICE;
	unsigned n = 0;

	bd_default_socket(socket_path, sizeof socket_path);
	o.socket_path = socket_path;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case O_BOARD:
			if (n == BOARDS_MAX) {
				fprintf(stderr, "boardd: at most %d boards\n", BOARDS_MAX);
				return 2;
			}
			board_arg(optarg, &boards[n++]);
			break;
		case O_SOCKET: o.socket_path = optarg; break;
		case O_PREFIX: o.prefix = optarg; break;
		case O_MIN: common.min_players = (unsigned)number("min-players", optarg, 1, BD_PLAYERS_MAX); break;
		case O_FIRST: common.first_pick_ms = (int)number("first-pick-ms", optarg, 1, 3600000); break;
		case O_MISMATCH: common.mismatch_ms = (int)number("mismatch-ms", optarg, 1, 3600000); break;
		case O_RESTART: common.restart_ms = (int)number("restart-ms", optarg, 1, 3600000); break;
		case O_AWAY: common.away_ms = (int)number("away-ms", optarg, 1, 3600000); break;
		case O_REGION: common.region_side = (unsigned)number("region-size", optarg, 1, BD_DIM_MAX); break;
		case O_SEED: common.seed = (uint64_t)number("seed", optarg, 1, 0x7fffffffffffffffL); break;
		case O_MAXCONN: o.max_connections = (unsigned)number("max-connections", optarg, 1, 1000000); break;
		case O_RATE: o.limits.max_rate = (unsigned)number("max-rate", optarg, 0, 1000000); break;
		case O_BACKLOG: o.limits.max_backlog = (size_t)number("max-backlog", optarg, 4096, 1L << 30); break;
		case O_LOG:
			if ((level = log_level_parse(optarg)) < 0) {
				fprintf(stderr, "boardd: --log-level wants error, warning, notice, info or debug\n");
				return 2;
			}
			break;
		case O_HELP: usage(stdout); return 0;
		case O_VERSION: printf("boardd %s (protocol %d, layout %u)\n", BD_VERSION, BD_PROTO_VERSION, BD_LAYOUT_VERSION); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "boardd: unexpected argument '%s' (see --help)\n", argv[optind]);
		return 2;
	}
	if (!bd_name_ok(o.prefix, BD_PREFIX_MAX)) {
		fprintf(stderr, "boardd: --shm-prefix must be 1-%d of A-Z a-z 0-9 _ -: '%s'\n", BD_PREFIX_MAX, o.prefix);
		return 2;
	}
	if (n == 0)
		board_arg("main", &boards[n++]);
	for (unsigned i = 0; i < n; i++) {
		for (unsigned j = 0; j < i; j++)
			if (strcmp(boards[i].name, boards[j].name) == 0) {
				fprintf(stderr, "boardd: board %s named twice\n", boards[i].name);
				return 2;
			}
		char name[BD_BOARD_NAME_MAX + 1];
		unsigned dim = boards[i].dim;
		memcpy(name, boards[i].name, sizeof name);
		boards[i] = common;
		memcpy(boards[i].name, name, sizeof name);
		boards[i].dim = dim;
	}
	log_init(level);
	o.boards = boards;
	o.nboards = n;
	return supervisor_run(&o);
}
