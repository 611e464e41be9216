/* main.c: boardd-bench's command line: which measurements, where the daemon is, where the
 * results go. */
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "bench.h"

/* The --help text. */
static void usage(FILE *f)
{
	fprintf(f,
		"usage: boardd-bench [OPTION]...\n"
		"Measure boardd against the floor (plain UNIX sockets between processes) on this machine:\n"
		"pick round trip, fan-out, join, memory, throughput, region size, scale,\n"
		"tic-tac-toe tables, matchmaking in the lobby, board-bot's Quantik brain and its\n"
		"Hnefatafl brain's search.\n"
		"Starts its own boardd (own socket and shm prefix) and removes everything it made.\n\n"
		"  --boardd PATH   the daemon to measure (default: boardd beside this program)\n"
		"  --out FILE      results as JSON (default bench/out/results.json)\n"
		"  --quick         a short run (fewer samples, 200 clients, 20 boards, 200 waiting\n"
		"                  players instead of 1,000), as BENCH_QUICK=1\n"
		"  --only LIST     comma-separated: pick,fanout,join,throughput,region,scale,boards,\n"
		"                  tables,lobby,quantik,tafl (the Hnefatafl brain's search depth\n"
		"                  and nodes per second, in-process)\n"
		"  --help          show this help and exit\n"
		"  --version       show the version and exit\n");
}

/* Raise the open-file limit to its hard limit: the fan-out floors hold two descriptors per
 * reader in this process (2,000 for 1,000 readers). boardd inherits it: its supervisor
 * holds one control socket per connection (1,000 for the lobby's 1,000 waiting players). */
static void main_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max < 65536 ? rl.rlim_max : 65536;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0)
		report_note("open-file limit of the bench (and of the boardd it starts) raised to %llu",
			    (unsigned long long)rl.rlim_cur);
}

/* The machine, the load and the run, as a JSON object. */
static void main_machine(char *buf, size_t len, const struct plan *pl, const char *when)
{
	char model[128] = "unknown", line[256];
	double load[3] = {0, 0, 0};
	struct utsname u;
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f != NULL && fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "model name : %127[^\n]", model) == 1)
			break;
	if (f != NULL)
		fclose(f);
	getloadavg(load, 3);
	uname(&u);
	snprintf(buf, len,
		 "{\"nproc\": %ld, \"cpu\": \"%s\", \"kernel\": \"%s\", \"load_%s\": [%.2f, %.2f, %.2f], "
		 "\"quick\": %s, \"version\": \"%s\"}",
		 sysconf(_SC_NPROCESSORS_ONLN), model, u.release, when, load[0], load[1], load[2],
		 pl->quick ? "true" : "false", BD_VERSION);
}

/* Nonzero if the measurement named word is wanted. */
static int main_wants(const char *only, const char *word)
{
	size_t n = strlen(word);

	if (only == NULL)
		return 1;
	for (const char *p = only; (p = strstr(p, word)) != NULL; p += n)
		if ((p == only || p[-1] == ',') && (p[n] == '\0' || p[n] == ','))
			return 1;
	return 0;
}

/* Make the folder of path (one level) if it is missing. */
static void main_outdir(const char *path)
{
	char dir[512];

	snprintf(dir, sizeof dir, "%s", path);
	mkdir(dirname(dir), 0755);
}

/* Run every wanted measurement in order (fan-out before join: join reports the memory
 * figures taken during fan-out). */
static void main_run(const struct plan *pl, const char *only)
{
	static const struct {
		const char *word;
		void (*fn)(const struct plan *);
	} steps[] = {
		{"pick", latency_pick}, {"fanout", latency_fanout}, {"join", latency_join},
		{"throughput", load_throughput}, {"region", load_regions}, {"scale", load_scale},
		{"boards", load_boards}, {"tables", tables_ttt}, {"lobby", lobby_matching},
		{"quantik", quantik_brain}, {"tafl", bench_tafl},
	};

	for (unsigned i = 0; i < sizeof steps / sizeof steps[0]; i++)
		if (main_wants(only, steps[i].word)) {
			fprintf(stderr, "boardd-bench: %s...\n", steps[i].word);
			steps[i].fn(pl);
		}
}

struct options {
	char boardd[4096];
	const char *out, *only;
	int quick;
};

/* Read the command line into o; -1 to go on, else the exit status. */
static int main_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{"boardd", 1, 0, 'b'}, {"out", 1, 0, 'o'}, {"quick", 0, 0, 'q'}, {"only", 1, 0, 'n'},
		{"help", 0, 0, 'h'}, {"version", 0, 0, 'V'}, {0, 0, 0, 0},
	};
	const char *env = getenv("BENCH_QUICK");
	char self[4096];
	int c;

	snprintf(self, sizeof self, "%s", argv[0]);
	snprintf(o->boardd, sizeof o->boardd, "%s/boardd", dirname(self));
	o->out = "bench/out/results.json";
	o->quick = env != NULL && *env && strcmp(env, "0") != 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'b': snprintf(o->boardd, sizeof o->boardd, "%s", optarg); break;
		case 'o': o->out = optarg; break;
		case 'q': o->quick = 1; break;
		case 'n': o->only = optarg; break;
		case 'h': usage(stdout); return 0;
		case 'V': printf("boardd-bench %s\n", BD_VERSION); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "boardd-bench: unexpected argument '%s' (see --help)\n", argv[optind]);
		return 2;
	}
	if (access(o->boardd, X_OK) < 0) {
		fprintf(stderr, "boardd-bench: cannot run %s: %s (build it, or give --boardd)\n", o->boardd, strerror(errno));
		return 1;
	}
	return -1;
}

int main(int argc, char **argv)
{
	/* Many short batches: a burst of load from elsewhere hits boardd and its floor alike. */
	static const struct plan full = {0, 100, 20, 1000, 5, 1000, 100}, quick = {1, 100, 3, 400, 1, 200, 20};
	char work[] = "/tmp/boardd-bench.XXXXXX", before[512], after[512], machine[1100];
	struct options o = {0};
	int rc = main_options(argc, argv, &o);

	if (rc >= 0)
		return rc;
	if (mkdtemp(work) == NULL) {
		fprintf(stderr, "boardd-bench: cannot make a work folder in /tmp: %s\n", strerror(errno));
		return 1;
	}
	const struct plan *pl = o.quick ? &quick : &full;
	signal(SIGPIPE, SIG_IGN);
	main_nofile();
	target_setup(o.boardd, work);
	main_machine(before, sizeof before, pl, "before");
	main_run(pl, o.only);
	main_machine(after, sizeof after, pl, "after");
	report_print();
	printf("machine before: %s\nmachine after:  %s\n", before, after);
	snprintf(machine, sizeof machine, "[%s, %s]", before, after);
	main_outdir(o.out);
	if (report_json(o.out, machine) < 0)
		fprintf(stderr, "boardd-bench: cannot write %s: %s\n", o.out, strerror(errno));
	else
		printf("results: %s\n", o.out);
	rmdir(work);
	return 0;
}
