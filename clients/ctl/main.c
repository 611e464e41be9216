/* main.c: boardctl's command line; each command lives in its own file. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctl.h"
#include "ipc/clock.h"
#include "ipc/client.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

struct command {
	const char *name;
	int (*run)(const struct ctl *c);
	int takes_board; /* 0 none, 1 an optional BOARD, CMD_OWN_ARGS its own arguments (no board read) */
};
#define CMD_OWN_ARGS 2

static const struct command commands[] = {
	{"status", status_run, 0}, {"list", list_run, 0},     {"dump", dump_run, 1},     {"players", players_run, 1},
	{"locks", locks_run, 1},   {"events", events_run, 1}, {"watch", watch_run, 1},
	{"rules", rules_run, CMD_OWN_ARGS}, {"games", games_run, 0},
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: boardctl [--socket P] [--shm-prefix P] [--owner USER] [--no-shm] COMMAND [BOARD] [--json]\n"
		"       boardctl rules GAME perft DEPTH [POSITION] | moves POSITION | apply POSITION [MOVE...]\n"
		"       boardctl rules qwirkle moves TABLE HAND [BAG] | apply TABLE HAND [BAG] [TURN...]\n"
		"Inspect boardd's boards straight from shared memory (works with the daemon dead too),\n"
		"and the daemon's lobby on its socket.\n\n"
		"Commands (BOARD defaults to main):\n"
		"  status           the daemon (asked on its socket: pid, user, uptime, version, each\n"
		"                   setting and where it came from, the connections you may see), then\n"
		"                   every object of the prefix: size, mode, owner, processes mapping it\n"
		"  list             every board of the prefix: size, game, players, daemon alive or not;\n"
		"                   the daemon's lobby when it answers: its tables (options, seats,\n"
		"                   spectators) and the players waiting to play; every object's owner\n"
		"                   and mode, foreign ones flagged\n"
		"  games            the kinds of game the daemon hosts: seats, options and their defaults\n"
		"                   (asks the daemon: fails if none answers)\n"
		"  dump [BOARD]     the board as a grid, its game state and players\n"
		"  players [BOARD]  the player table, with each connection's uid and pid\n"
		"  locks [BOARD]    every semaphore: value, holder pid, alive, held for, repairs (*)\n"
		"  events [BOARD]   the newest events, oldest first, as protocol lines after their time;\n"
		"                   with -f, new ones as they come until Ctrl+C or the board ends (*)\n"
		"  watch [BOARD]    the dump, redrawn on every change until Ctrl+C or q; on a terminal\n"
		"                   it fits the window, the arrow keys scroll a bigger frame\n"
		"  (*) needs the private segment: run as the daemon's user or root\n\n"
		"Rules of GAME (tictactoe, tafl, quantik, qwirkle), no daemon needed; POSITION in the\n"
		"game's notation (tictactoe: 9 cells row by row from the top left, X O or ., e.g.\n"
		"X...O....; tafl: OpenTafl's; quantik: QFEN; see boardctl(1)):\n"
		"  rules GAME perft DEPTH [POSITION]   per depth: move sequences, games ended there won by\n"
		"                                      each side or drawn; then the totals\n"
		"  rules GAME moves POSITION           the legal moves, one per line (tictactoe: x y)\n"
		"  rules GAME apply POSITION [MOVE...] each move with the position after it, then the\n"
		"                                      position and its result (on, won with the line, drawn)\n"
		"  rules qwirkle moves TABLE HAND [BAG]   every lay of HAND (tiles like b4) on TABLE\n"
		"                                      (placements like b4@-1,2; - for none) with its score\n"
		"  rules qwirkle apply TABLE HAND [BAG] [TURN...]  each turn (one argument: a lay, swap\n"
		"                                      TILE..., pass) with its score; the table, hand, bag after\n\n"
		"Options:\n"
		"  --socket PATH     the daemon's socket, which list checks (default $BOARDD_SOCKET, else\n"
		"                    $XDG_RUNTIME_DIR/boardd/boardd.sock if it exists, else /run/boardd/boardd.sock)\n"
		"  --shm-prefix P    shm name prefix of the boards (default $BOARDD_SHM_PREFIX or boardd)\n"
		"  --owner USER      who must own the boards' objects when no daemon answers on the socket\n"
		"                    (default: the socket file's owner); others' are flagged FOREIGN\n"
		"  --no-shm          dump, players, watch: read the board through the daemon's socket as a\n"
		"                    spectator (its snapshot request), not from shared memory: for a daemon\n"
		"                    on another host (its socket forwarded by ssh); the daemon counts as\n"
		"                    gone when the connection is lost (watch connects again by itself);\n"
		"                    done by itself when the board has no segment on this host\n"
		"  --json            one JSON document per command (per frame for watch, one per line)\n"
		"  -n, --count N     events: how many (default 20; with --since, every one since then)\n"
		"  -f, --follow      events: then new events as they come, like tail -f\n"
		"  --since TIME      events: none older than TIME: 30s, 5m, 2h, 1d ago, or an ISO 8601\n"
		"                    time (2026-11-26T17:20:00Z in UTC; without Z, local time)\n"
		"  -t, --time        events: each line after its time (the default on a terminal)\n"
		"  --private, --hands  dump, watch: the secrets too, marked SECRET (Memory: every value,\n"
		"                    each seat's pick and deadline; Qwirkle: the hands and the bag;\n"
		"                    needs the private segment: the daemon's user or root)\n"
		"  -h, --help        show this help and exit\n"
		"  --version         show the version and exit\n\n"
		"Exit status: 0 ok, 1 error (no such board, damaged segment, no permission, no daemon\n"
		"answers for games or status, a daemon's lobby that could not be read), 2 bad usage,\n"
		"3 list: the daemon of a board is dead.\n");
}

/* Complain about the command line and exit 2. */
static void usage_error(const char *fmt, const char *arg)
{
	fputs("boardctl: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'boardctl --help'.\n", stderr);
	exit(CTL_USAGE);
}

/* The command named name, or exit 2. */
static const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	usage_error("unknown command '%s'", name);
	return NULL;
}

/* Nonzero if colours suit stdout: a terminal that is not dumb, and NO_COLOR unset. */
static int colour_wanted(void)
{
	const char *term = getenv("TERM"), *no = getenv("NO_COLOR");
	return isatty(STDOUT_FILENO) && (no == NULL || *no == '\0') && term != NULL && strcmp(term, "dumb") != 0;
}

/* Nonzero if cmd can read the board through the daemon's socket (its snapshot request). */
static int ctl_can_snapshot(const struct ctl *c, const struct command *cmd)
{
	return !c->hands && (cmd->run == dump_run || cmd->run == players_run || cmd->run == watch_run);
}

/* Nonzero if the board has no segment on this host under any owner while the daemon on the
 * socket shows it: the daemon is elsewhere (a forwarded socket), so read it as --no-shm does,
 * like the other clients. A segment of the wrong owner is never passed over this way. */
static int ctl_elsewhere(struct ctl *c, const struct command *cmd, struct bd_client *conn)
{
	struct bd_found f;
	char err[300];

	if (!ctl_can_snapshot(c, cmd) || bd_board_find(c->prefix, c->board, BD_ANY_OWNER, &f) != 0)
		return 0;
	c->conn = conn;
	if (ctl_connect(c, err, sizeof err) == 0)
		return 1;
	c->conn = NULL;
	return 0;
}

/* Run cmd: from shared memory, or on a connection watching the board (--no-shm, or a board
 * not on this host), made first and closed after. */
static int ctl_run(struct ctl *c, const struct command *cmd, int no_shm, struct bd_client *conn)
{
	char err[300];

	if (no_shm) {
		c->conn = conn;
		if (ctl_connect(c, err, sizeof err) < 0)
			return ctl_fail(c, err);
	} else if (!ctl_elsewhere(c, cmd, conn)) {
		return cmd->run(c);
	}
	int rc = cmd->run(c);
	bd_client_close(c->conn);
	return rc;
}

int main(int argc, char **argv)
{
	enum { O_SOCKET = 256, O_PREFIX, O_JSON, O_VERSION, O_OWNER, O_HANDS, O_SINCE, O_NO_SHM };
	static const struct option longopts[] = {
		{"socket", required_argument, NULL, O_SOCKET}, {"shm-prefix", required_argument, NULL, O_PREFIX},
		{"json", no_argument, NULL, O_JSON},           {"count", required_argument, NULL, 'n'},
		{"owner", required_argument, NULL, O_OWNER},    {"hands", no_argument, NULL, O_HANDS},
		{"follow", no_argument, NULL, 'f'},            {"since", required_argument, NULL, O_SINCE},
		{"time", no_argument, NULL, 't'},             {"private", no_argument, NULL, O_HANDS},
		{"help", no_argument, NULL, 'h'},              {"version", no_argument, NULL, O_VERSION},
		{"no-shm", no_argument, NULL, O_NO_SHM},       {NULL, 0, NULL, 0},
	};
	static char socket[256];
	static struct bd_client conn;
	struct ctl c = {.prefix = bd_default_prefix(), .socket = socket, .board = "main", .count = 20};
	int opt, counted = 0, evopt = 0, no_shm = 0;
	long n;

	bd_default_socket(socket, sizeof socket);
	while ((opt = getopt_long(argc, argv, "hn:ft", longopts, NULL)) != -1) {
		switch (opt) {
		case O_SOCKET: c.socket = optarg; break;
		case O_PREFIX: c.prefix = optarg; break;
		case O_OWNER: c.owner_arg = optarg; break;
		case O_JSON: c.json = 1; break;
		case O_HANDS: c.hands = 1; break;
		case O_NO_SHM: no_shm = 1; break;
		case 'f': c.follow = evopt = 1; break;
		case 't': c.times = evopt = 1; break;
		case O_SINCE:
			if (events_since(optarg, bd_wall_ms(), &c.since_ms) < 0 || c.since_ms <= 0)
				usage_error("--since wants 30s, 5m, 2h, 1d or an ISO 8601 time, not '%s'", optarg);
			evopt = 1;
			break;
		case 'n':
			if ((n = bd_parse_uint(optarg)) < 0)
				usage_error("--count wants a whole number, not '%s'", optarg);
			c.count = (unsigned)n;
			counted = 1;
			break;
		case 'h': usage(stdout); return CTL_OK;
		case O_VERSION: printf("boardctl %s\n", BD_VERSION); return CTL_OK;
		default: usage(stderr); return CTL_USAGE;
		}
	}
	if (optind >= argc)
		usage_error("%s", "a COMMAND is needed: status, list, games, dump, players, locks, events, watch or rules");
	const struct command *cmd = command_find(argv[optind++]);
	if (cmd->takes_board == CMD_OWN_ARGS) {
		if (c.json || counted)
			usage_error("'%s' takes neither --json nor --count", cmd->name);
		if (evopt)
			usage_error("--follow, --since and --time are for '%s' only", "events");
		c.args = argv + optind;
		c.nargs = argc - optind;
		return cmd->run(&c);
	}
	if (cmd->takes_board == 1 && optind < argc)
		c.board = argv[optind++];
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if ((counted || evopt) && cmd->run != events_run)
		usage_error("--count, --follow, --since and --time are for '%s' only", "events");
	if (c.since_ms != 0 && !counted)
		c.count = CTL_ALL;
	if (c.hands && ((cmd->run != dump_run && cmd->run != watch_run) || c.json))
		usage_error("--hands is for '%s' and watch, as text", "dump");
	if (!bd_name_ok(c.prefix, BD_PREFIX_MAX))
		usage_error("invalid shm prefix '%s' (1-32 of A-Z a-z 0-9 _ -)", c.prefix);
	if (!bd_name_ok(c.board, BD_BOARD_NAME_MAX))
		usage_error("invalid board name '%s' (1-24 of A-Z a-z 0-9 _ -)", c.board);
	if (no_shm && !ctl_can_snapshot(&c, cmd))
		usage_error("--no-shm is for dump, players and %s, without --hands", "watch");
	c.colour = !c.json && colour_wanted();
	c.times |= isatty(STDOUT_FILENO);
	if (ctl_trust(&c) < 0)
		return CTL_USAGE;
	return ctl_run(&c, cmd, no_shm, &conn);
}
