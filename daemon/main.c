/* main.c: boardd's command line. Settings are checked in config.c (the file's keys are the
 * long options' names); the daemon itself is in supervisor.c. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "config.h"
#include "ipc/client.h"
#include "log.h"
#include "supervisor.h"

enum { O_SETTING = 256, O_CONFIG, O_CHECK, O_HELP, O_VERSION };

/* A setting given on the command line, applied after the file so that it wins. */
struct main_arg {
	const char *key, *value;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: boardd [--config PATH] [--check-config] [OPTION]...\n"
		"Keep Memory game boards in POSIX shared memory and serve players on a UNIX socket.\n\n"
		"  --config PATH          settings file (default " CONFIG_DEFAULT_PATH ", if it exists);\n"
		"                         the options below override it; see boardd.conf(5)\n"
		"  --check-config         check the settings, print the effective ones and exit\n"
		"  --board NAME[:DIM]     a board (repeatable, replaces the file's boards; default main:4);\n"
		"                         DIM even, 2..32\n"
		"  --socket PATH          listening socket (default $BOARDD_SOCKET, else\n"
		"                         $XDG_RUNTIME_DIR/boardd/boardd.sock, or /run/boardd/boardd.sock as root)\n"
		"  --shm-prefix P         name prefix of every shm object (default $BOARDD_SHM_PREFIX or boardd)\n"
		"  --min-players N        players needed for a game to be on (default 2; 1 = solo practice)\n"
		"  --first-pick-ms MS     a lone first pick turns back down after MS (default 5000)\n"
		"  --mismatch-ms MS       a mismatched pair stays up for MS (default 2000)\n"
		"  --restart-ms MS        a new game starts MS after game over (default 10000)\n"
		"  --away-ms MS           seats of clients lost in a daemon restart are kept MS (default 30000)\n"
		"  --region-size N        lock regions are NxN tiles of cards (default 8)\n"
		"  --seed N               reproducible shuffles (default 0: random)\n"
		"  --max-connections N    connections served at once (default 2048)\n"
		"  --max-rate N           requests per second per connection, 0 = no limit (default 500)\n"
		"  --max-backlog BYTES    unsent output before a non-reading client is dropped (default 262144)\n"
		"  --log-level LEVEL      error, warning, notice, info or debug (default notice)\n"
		"  --help                 show this help and exit\n"
		"  --version              show the version and exit\n");
}

/* getopt's table: one option per setting, then the options that are not settings. */
static void main_longopts(struct option *o)
{
	static const struct option rest[] = {
		{"config", 1, 0, O_CONFIG}, {"check-config", 0, 0, O_CHECK}, {"help", 0, 0, O_HELP},
		{"version", 0, 0, O_VERSION}, {0, 0, 0, 0},
	};
	unsigned n = config_count();

	for (unsigned i = 0; i < n; i++)
		o[i] = (struct option){config_name(i), required_argument, NULL, O_SETTING};
	for (unsigned i = 0; i < sizeof rest / sizeof rest[0]; i++)
		o[n + i] = rest[i];
}

/* The file first, then the command line's settings over it; exits on any error. */
static void main_settings(struct config *cfg, const char *path, const struct main_arg *args, unsigned nargs)
{
	char err[512];

	if (config_load(cfg, path ? path : CONFIG_DEFAULT_PATH, path != NULL, err, sizeof err) < 0) {
		fprintf(stderr, "boardd: %s\n", err);
		exit(1);
	}
	config_new_source(cfg); /* boards on the command line replace the file's */
	for (unsigned i = 0; i < nargs; i++)
		if (config_set(cfg, args[i].key, args[i].value, err, sizeof err) < 0) {
			fprintf(stderr, "boardd: --%s %s\n", args[i].key, err);
			exit(2);
		}
	config_finish(cfg);
}

int main(int argc, char **argv)
{
	static struct config cfg;
	struct option longopts[CONFIG_KEYS_MAX + 5];
	struct main_arg *args = calloc((size_t)argc, sizeof *args);
	const char *path = NULL;
	int c, idx, check = 0;
	unsigned nargs = 0;

	if (args == NULL)
		return 1;
	config_init(&cfg);
	main_longopts(longopts);
	while ((c = getopt_long(argc, argv, "", longopts, &idx)) != -1) {
		switch (c) {
		case O_SETTING: args[nargs++] = (struct main_arg){longopts[idx].name, optarg}; break;
		case O_CONFIG: path = optarg; break;
		case O_CHECK: check = 1; break;
		case O_HELP: usage(stdout); free(args); return 0;
		case O_VERSION: printf("boardd %s (protocol %d, layout %u)\n", BD_VERSION, BD_PROTO_VERSION, BD_LAYOUT_VERSION); free(args); return 0;
		default: usage(stderr); free(args); return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "boardd: unexpected argument '%s' (see --help)\n", argv[optind]);
		free(args);
		return 2;
	}
	main_settings(&cfg, path, args, nargs);
	free(args);
	if (check) {
		config_print(&cfg, stdout);
		return 0;
	}
	log_init(cfg.level);
	return supervisor_run(&cfg.opts);
}
