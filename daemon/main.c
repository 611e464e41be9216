/* main.c: boardd's command line. Settings are checked in config.c (the file's keys are the
 * long options' names); the daemon itself is in supervisor.c. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "config.h"
#include "ipc/client.h"
#include "log.h"
#include "status.h"
#include "supervisor.h"

enum { O_SETTING = 256, O_CONFIG, O_CHECK, O_STOPPED, O_HELP, O_VERSION };

/* A setting given on the command line, applied after the file so that it wins. */
struct main_arg {
	const char *key, *value;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: boardd [--config PATH] [--check-config] [OPTION]...\n"
		"Keep game tables (Memory, tic-tac-toe) in POSIX shared memory and serve players on a\nUNIX socket.\n\n"
		"  --config PATH                settings file (default " CONFIG_DEFAULT_PATH ", if it exists);\n"
		"                               the options below override it; see boardd.conf(5)\n"
		"  --check-config               check the settings, print the effective ones and exit\n"
		"  --stopped                    for systemd's ExecStopPost=: after a stop, remove what is left\n"
		"                               of the boards in /dev/shm; after a crash keep it, and exit\n");
	config_usage(f);
	fprintf(f,
		"  --help                       show this help and exit\n"
		"  --version                    show the version and exit\n");
}

/* getopt's table: one option per setting, then the options that are not settings. */
static void main_longopts(struct option *o)
{
	static const struct option rest[] = {
		{"config", 1, 0, O_CONFIG}, {"check-config", 0, 0, O_CHECK}, {"stopped", 0, 0, O_STOPPED}, {"help", 0, 0, O_HELP},
		{"version", 0, 0, O_VERSION}, {0, 0, 0, 0},
	};
	unsigned n = config_count();

	for (unsigned i = 0; i < n; i++)
		o[i] = (struct option){config_name(i), required_argument, NULL, O_SETTING};
	for (unsigned i = 0; i < sizeof rest / sizeof rest[0]; i++)
		o[n + i] = rest[i];
}

/* Where the settings came from, kept for a reload. */
static const char *main_path;
static const struct main_arg *main_args;
static unsigned main_nargs;
/* The settings as status tells them (SETTING lines), for the supervisor. */
static char main_status[STATUS_SETTINGS_MAX];

/* The file first, then the command line's settings over it. 0, or the exit status with err. */
static int main_settings(struct config *cfg, char *err, size_t errlen)
{
	char msg[512];

	config_init(cfg);
	if (config_load(cfg, main_path ? main_path : CONFIG_DEFAULT_PATH, main_path != NULL, err, errlen) < 0)
		return 1;
	config_new_source(cfg); /* boards on the command line replace the file's */
	cfg->reading = CONFIG_FROM_ARGS;
	for (unsigned i = 0; i < main_nargs; i++)
		if (config_set(cfg, main_args[i].key, main_args[i].value, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "--%s %s", main_args[i].key, msg);
			return 2;
		}
	config_finish(cfg);
	return 0;
}

/* SIGHUP: the same sources again; only the limits and the log level are taken. */
static int main_reload(struct quota_limits *q, int *level, char *err, size_t errlen)
{
	static struct config fresh;

	if (main_settings(&fresh, err, errlen) != 0)
		return -1;
	*q = fresh.opts.quota;
	*level = fresh.level;
	config_status(&fresh, main_status, sizeof main_status);
	status_settings(main_status);
	return 0;
}

/* The supervisor keeps one descriptor per connection (its end of the worker's ctl channel),
 * and systemd's default soft limit of open files (1024) is below max-connections: take the
 * whole hard limit, and say so if even that is too few. */
static void main_raise_nofile(unsigned max_connections)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		if (setrlimit(RLIMIT_NOFILE, &rl) < 0)
			log_msg(LOG_WARNING, "cannot raise the open files limit: %s", strerror(errno));
	}
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur < (rlim_t)max_connections + 64)
		log_msg(LOG_WARNING, "open files limit %llu is too low for max-connections %u: connections "
			"past about %llu will be refused (raise LimitNOFILE=)", (unsigned long long)rl.rlim_cur,
			max_connections, (unsigned long long)rl.rlim_cur - 64);
}

int main(int argc, char **argv)
{
	static struct config cfg;
	struct option longopts[CONFIG_KEYS_MAX + 6];
	struct main_arg *args = calloc((size_t)argc, sizeof *args);
	const char *path = NULL;
	int c, idx, check = 0, stopped = 0;
	unsigned nargs = 0;

	if (args == NULL)
		return 1;
	main_longopts(longopts);
	while ((c = getopt_long(argc, argv, "", longopts, &idx)) != -1) {
		switch (c) {
		case O_SETTING: args[nargs++] = (struct main_arg){longopts[idx].name, optarg}; break;
		case O_CONFIG: path = optarg; break;
		case O_CHECK: check = 1; break;
		case O_STOPPED: stopped = 1; break;
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
	main_path = path;
	main_args = args;
	main_nargs = nargs;
	char err[512];
	int rc = main_settings(&cfg, err, sizeof err);
	if (rc != 0) {
		fprintf(stderr, "boardd: %s\n", err);
		free(args);
		return rc;
	}
	if (check) {
		free(args);
		config_print(&cfg, stdout);
		return 0;
	}
	log_init(cfg.level);
	cfg.opts.reload = main_reload;
	config_status(&cfg, main_status, sizeof main_status);
	cfg.opts.settings = main_status;
	if (!stopped)
		main_raise_nofile(cfg.opts.max_connections);
	rc = stopped ? supervisor_stopped(&cfg.opts) : supervisor_run(&cfg.opts);
	free(args);
	return rc;
}
