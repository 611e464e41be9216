/* main.c: board-gtk's command line. Options are read before GTK starts, so that --help,
 * --version and usage errors work without a display. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/shm.h"

/* The help text (--help). */
static void usage(FILE *f)
{
	fputs(_("usage: board-gtk [OPTION]...\n"
		"Play a game of boardd's (Memory, tic-tac-toe, Hnefatafl, Quantik, Qwirkle) in a GTK window. It opens on the lobby:\n"
		"the kinds of game, a new game against a person (matchmaking) or a bot, the tables to\n"
		"join or watch. With --board it goes straight to that table (or watches it, with\n"
		"--spectate). The table's game chooses how it is shown.\n\n"
		"  --socket PATH      boardd's socket (default $BOARDD_SOCKET, else\n"
		"                     $XDG_RUNTIME_DIR/boardd/boardd.sock, or /run/boardd/boardd.sock as root)\n"
		"  --shm-prefix P     shm name prefix of the boards (default $BOARDD_SHM_PREFIX or boardd)\n"
		"  --board NAME       the table (board) to join, without the lobby\n"
		"  --name NAME        your player name, 1-32 characters without spaces (default: the one in Preferences, else your login)\n"
		"  --spectate         watch the --board table only: no seat, nothing to click\n"
		"  --hot-seat NAME,NAME[,NAME[,NAME]]\n"
		"                     with --board: 2-4 seats of that table in this one window, one per\n"
		"                     name (the first replaces --name); on each turn the window covers\n"
		"                     the hand until \"Pass to NAME\" is pressed\n"
		"  --no-shm           read the board from the socket (snapshot requests), not from its\n"
		"                     shared memory; automatic when the board's shared memory is not on\n"
		"                     this host (a daemon on another machine, its socket forwarded by ssh)\n"
		"  --help             show this help and exit\n"
		"  --version          show the version and exit\n\n"
		"Keys: arrows move the cursor, Space or Enter plays the square under it (turns a card,\n"
		"places your mark), Ctrl+Q quits.\n"), f);
}

/* Exit 2 with a message about a bad argument: on standard error, and in a window if there
 * is a display. */
static void G_GNUC_NORETURN bad_usage(const char *fmt, const char *arg)
{
	char *what = g_strdup_printf(fmt, arg);
	char *text = g_strdup_printf(_("%s (see --help)"), what);

	offline_error(text);
	g_free(what);
	g_free(text);
	exit(2);
}

/* The name chosen in Preferences, else the login name if it is a valid player name, else
 * "player". */
static void default_name(const struct app *a, char *buf, size_t len)
{
	const char *user = g_get_user_name();

	prefs_name(a, buf, len);
	if (buf[0] == '\0')
		snprintf(buf, len, "%s", user != NULL && bd_player_name_ok(user) ? user : "player");
}

/* --hot-seat's names, separated by commas, into o (the first is the window's own). */
static void hot_names(const char *arg, struct options *o)
{
	char twice[BD_NAME_MAX + 1];
	int n = bd_hot_seat_names(arg, o->hot, HOT_SEATS_MAX, twice);

	if (n < 0 && twice[0] != '\0')
		bad_usage(_("--hot-seat names %s twice"), twice);
	if (n < 0)
		bad_usage(_("--hot-seat wants 2-4 names separated by commas, not '%s'"), arg);
	o->nhot = (unsigned)n;
	snprintf(o->name, sizeof o->name, "%s", o->hot[0]);
}

/* Fill o from argv; exits for --help, --version and bad usage. */
static void parse_options(int argc, char **argv, struct options *o)
{
	enum { O_SOCKET = 256, O_PREFIX, O_BOARD, O_NAME, O_SPECTATE, O_HOT, O_NOSHM, O_HELP, O_VERSION };
	static const struct option longopts[] = {
		{"socket", 1, 0, O_SOCKET}, {"shm-prefix", 1, 0, O_PREFIX}, {"board", 1, 0, O_BOARD},
		{"name", 1, 0, O_NAME}, {"spectate", 0, 0, O_SPECTATE}, {"hot-seat", 1, 0, O_HOT},
		{"no-shm", 0, 0, O_NOSHM}, {"help", 0, 0, O_HELP}, {"version", 0, 0, O_VERSION}, {0, 0, 0, 0},
	};
	int c;

	opterr = 0; /* bad_usage says it, in a window too */
	bd_default_socket(o->socket, sizeof o->socket);
	o->prefix = bd_default_prefix();
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (c) {
		case O_SOCKET:
			if (strlen(optarg) >= sizeof o->socket)
				bad_usage(_("socket path too long: %s"), optarg);
			snprintf(o->socket, sizeof o->socket, "%s", optarg);
			break;
		case O_PREFIX: o->prefix = optarg; break;
		case O_BOARD: o->board = optarg; break;
		case O_NAME:
			if (!bd_player_name_ok(optarg))
				bad_usage(_("--name wants 1-32 printable characters without spaces, not '%s'"), optarg);
			snprintf(o->name, sizeof o->name, "%s", optarg);
			break;
		case O_SPECTATE: o->spectate = 1; break;
		case O_HOT: hot_names(optarg, o); break;
		case O_NOSHM: o->no_shm = 1; break;
		case O_HELP: usage(stdout); exit(0);
		case O_VERSION: printf("board-gtk %s (protocol %d)\n", BD_VERSION, BD_PROTO_VERSION); exit(0);
		case ':': bad_usage(_("option '%s' needs an argument"), argv[optind - 1]);
		default: bad_usage(_("unknown option '%s'"), argv[optind - 1]);
		}
	}
	if (optind < argc)
		bad_usage(_("unexpected argument '%s'"), argv[optind]);
	if (!bd_name_ok(o->prefix, BD_PREFIX_MAX))
		bad_usage(_("--shm-prefix must be 1-32 of A-Z a-z 0-9 _ -, not '%s'"), o->prefix);
	if (o->board != NULL && !bd_name_ok(o->board, BD_BOARD_NAME_MAX))
		bad_usage(_("--board must be 1-24 of A-Z a-z 0-9 _ -, not '%s'"), o->board);
	if (o->spectate && o->board == NULL)
		bad_usage("%s", _("--spectate needs --board NAME (in the lobby, Watch a table instead)"));
	if (o->nhot > 0 && (o->board == NULL || o->spectate))
		bad_usage("%s", _("--hot-seat needs --board NAME, and no --spectate (its seats play there)"));
	if (o->nhot > 0)
		snprintf(o->name, sizeof o->name, "%s", o->hot[0]); /* --name may have come after */
}

/* Options, a display, a first connection attempt, then the window. */
int main(int argc, char **argv)
{
	static struct app a;
	char err[256];

	i18n_init();
	a.settings = prefs_open(&a.settings_kept);
	default_name(&a, a.opt.name, sizeof a.opt.name); /* --name and --hot-seat replace it */
	parse_options(argc, argv, &a.opt);
	if (!gtk_init_check(NULL, NULL)) {
		fputs(_("board-gtk: cannot open the display (is DISPLAY set?)\n"), stderr);
		return 1;
	}
	a.me = -1;
	a.c.fd = -1;
	if (a.opt.board != NULL)
		snprintf(a.table, sizeof a.table, "%s", a.opt.board);
	a.watching = a.opt.spectate;
	/* A refusal (board unknown, full, bad name) will not change by retrying: say it and stop.
	 * A daemon that cannot be reached is waited for, in the window. */
	int rc = conn_open(&a, err, sizeof err);
	if (rc == -2 || (a.opt.nhot > 0 && (rc < 0 || hot_open(&a, err, sizeof err) < 0))) {
		char *text = g_strdup_printf(_("table %s: %s"), a.table, err);

		offline_error(a.table[0] ? text : err); /* a hot seat's window needs the daemon at once */
		g_free(text);
		return 1;
	}
	rc = app_run(&a, rc < 0 ? err : NULL);
	offline_stop(); /* the local game's boardd, if the window started one */
	return rc;
}
