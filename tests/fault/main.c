/* main.c: bd-fault's command line: bd-fault COMMAND [--NAME VALUE]... */
#include "fault.h"

#include <stdio.h>
#include <string.h>

static const struct { const char *name; int (*run)(void); const char *help; } commands[] = {
	{"chaos", cmd_chaos, "kill -9 clients and workers at chosen moments of live games, then check"},
	{"park", cmd_park, "kill -9 a worker parked holding locks (boardd-testhooks), time the repair"},
	{"whisper", cmd_whisper, "an event and a line for one seat reach it alone (boardd-testhooks)"},
	{"whisper-back", cmd_whisper_back, "the same after a rejoin with the token, on a tic-tac-toe table"},
	{"stop", cmd_stop, "SIGSTOP a worker inside a lock's unrecorded moments: no repair, no 2 holders"},
	{"stuck", cmd_stuck, "a client that stops reading: others' latency, and its resync past the backlog"},
	{"lag", cmd_lag, "a player stops reading during another's flood: one resync, seat and board kept"},
	{"pipeline", cmd_pipeline, "requests written at once are all answered, whole and in order"},
	{"stall", cmd_stall, "during a flood, a client that reads nothing is closed, a slow reader is not"},
	{"flood", cmd_flood, "connections beyond --max-connections get ERR busy; players unaffected"},
	{"hog", cmd_hog, "one uid floods connections: per-uid limit, ERR limit, ERR idle past idle-ms"},
	{"grab", cmd_grab, "one uid joins with many connections: at most its per-uid seats"},
	{"rate", cmd_rate, "one client floods picks: ERR rate for it, others still served"},
	{"probe", cmd_probe, "raw bytes from a script on stdin; check each reply and the board"},
	{"perm", cmd_perm, "what a user other than the daemon's can and cannot open"},
	{"squat", cmd_squat, "plant files, symlinks and a forged board under the prefix (before the daemon)"},
	{"steal", cmd_steal, "another connection cannot take or act for a seat in use"},
	{"picks", cmd_picks, "many picks, or whole games; no face-down value seen in events or shm"},
	{"hoard", cmd_hoard, "one user's seats first-pick every card the moment it turns down"},
	{"victim", cmd_victim, "another player picks pairs (daemon's user); exit 0 once the game is over"},
	{"forge", cmd_forge, "copy the board into a forged one of another name, with fake players"},
	{"shrink", cmd_shrink, "truncate the board's public segment under the clients mapping it"},
	{"churn", cmd_churn, "make and retire lobby tables; supervisor's fds, memory, /dev/shm stay flat"},
	{"resume", cmd_resume, "lobby tables and waiting players across a kill -9 and restart of the daemon"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* The commands, for --help and bad usage. */
static void usage(FILE *f)
{
	fprintf(f, "usage: bd-fault COMMAND [--NAME VALUE]...\n"
		   "The reliability tests' driver; the socket and shm prefix come from $BOARDD_SOCKET\n"
		   "and $BOARDD_SHM_PREFIX, the board from --board (default main).\n\n");
	for (unsigned i = 0; i < NCOMMANDS; i++)
		fprintf(f, "  %-6s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\nEach command's options are listed in its file under tests/fault/.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("bd-fault %s\n", BD_VERSION);
		return 0;
	}
	for (unsigned i = 0; i < NCOMMANDS; i++)
		if (strcmp(argv[1], commands[i].name) == 0) {
			opts_parse(argc - 2, argv + 2);
			return commands[i].run();
		}
	fprintf(stderr, "bd-fault: unknown command '%s' (see --help)\n", argv[1]);
	return 2;
}
