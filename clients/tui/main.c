/* main.c: board-tui's command line, the terminal, and the main loop: poll on the keyboard
 * and the socket with a short timeout so that countdowns tick, then draw the screen (the
 * lobby, or the table) whole; curses sends only what changed. */
#include <curses.h>
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tui.h"

#define TICK_MS 250

/* The help text, on stdout for --help and stderr for a usage error. */
static void usage(FILE *f)
{
	fprintf(f,
		"usage: board-tui [OPTION]...\n"
		"Play a game of boardd's (Memory, tic-tac-toe, Hnefatafl, Quantik, Qwirkle) in a\n"
		"terminal. It opens on the lobby: the kinds of game, a new game against a person\n"
		"(matchmaking) or a bot, the tables to join. With --board it goes straight to that table.\n\n"
		"  --socket PATH      boardd's socket (default $BOARDD_SOCKET, else\n"
		"                     $XDG_RUNTIME_DIR/boardd/boardd.sock, or /run/boardd/boardd.sock as root)\n"
		"  --shm-prefix P     shm name prefix of the boards (default $BOARDD_SHM_PREFIX or boardd)\n"
		"  --board NAME       the table (board) to join, without the lobby\n"
		"  --name NAME        your player name, 1-32 characters without spaces (default: your login)\n"
		"  --no-shm           use the protocol alone, without mapping the boards' shared memory\n"
		"                     (automatic when the board's segment is not on this host: a daemon\n"
		"                     reached over ssh)\n"
		"  --hot-seat NAME,NAME[,NAME[,NAME]]\n"
		"                     with --board: 2-4 seats of that table in this terminal, one per\n"
		"                     name (the first replaces --name); each turn's hand stays hidden\n"
		"                     until Enter on \"Pass to NAME\"\n"
		"  --help             show this help and exit\n"
		"  --version          show the version and exit\n\n"
		"Keys: arrows move the cursor, Enter or space plays the cell under it, l goes back to\n"
		"the lobby, q quits (leaving the seat). Colours follow the terminal; NO_COLOR turns them off.\n");
}

/* Exit 2 with a message about a bad argument. */
static void bad_usage(const char *what, const char *arg)
{
	fprintf(stderr, "board-tui: %s, not '%s' (see --help)\n", what, arg);
	exit(2);
}

/* The login name if it is a valid player name, else "player". */
static void default_name(char *buf, size_t len)
{
	struct passwd *pw = getpwuid(getuid());

	snprintf(buf, len, "%s", pw != NULL && bd_player_name_ok(pw->pw_name) ? pw->pw_name : "player");
}

/* --hot-seat's names, separated by commas, into o (the first is the terminal's own). */
static void hot_names(const char *arg, struct tui_options *o)
{
	char twice[BD_NAME_MAX + 1];
	int n = bd_hot_seat_names(arg, o->hot, HOT_SEATS_MAX, twice);

	if (n < 0)
		bad_usage("--hot-seat wants 2-4 different names separated by commas", arg);
	o->nhot = (unsigned)n;
}

/* Fill o from argv; exits for --help, --version and bad usage. */
static void parse_options(int argc, char **argv, struct tui_options *o)
{
	enum { O_SOCKET = 256, O_PREFIX, O_BOARD, O_NAME, O_HOT, O_NOSHM, O_HELP, O_VERSION };
	static const struct option longopts[] = {
		{"socket", 1, 0, O_SOCKET}, {"shm-prefix", 1, 0, O_PREFIX}, {"board", 1, 0, O_BOARD},
		{"name", 1, 0, O_NAME}, {"hot-seat", 1, 0, O_HOT}, {"no-shm", 0, 0, O_NOSHM}, {"help", 0, 0, O_HELP}, {"version", 0, 0, O_VERSION},
		{0, 0, 0, 0},
	};
	int c;

	bd_default_socket(o->socket, sizeof o->socket);
	o->prefix = bd_default_prefix();
	default_name(o->name, sizeof o->name);
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case O_SOCKET:
			if (strlen(optarg) >= sizeof o->socket)
				bad_usage("the socket path is too long", optarg);
			snprintf(o->socket, sizeof o->socket, "%s", optarg);
			break;
		case O_PREFIX: o->prefix = optarg; break;
		case O_BOARD: o->board = optarg; break;
		case O_NAME:
			if (!bd_player_name_ok(optarg))
				bad_usage("--name wants 1-32 printable characters without spaces", optarg);
			snprintf(o->name, sizeof o->name, "%s", optarg);
			break;
		case O_HOT: hot_names(optarg, o); break;
		case O_NOSHM: o->no_shm = 1; break;
		case O_HELP: usage(stdout); exit(0);
		case O_VERSION: printf("board-tui %s (protocol %d)\n", BD_VERSION, BD_PROTO_VERSION); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	if (optind < argc)
		bad_usage("unexpected argument", argv[optind]);
	if (!bd_name_ok(o->prefix, BD_PREFIX_MAX))
		bad_usage("--shm-prefix must be 1-32 of A-Z a-z 0-9 _ -", o->prefix);
	if (o->board != NULL && !bd_name_ok(o->board, BD_BOARD_NAME_MAX))
		bad_usage("--board must be 1-24 of A-Z a-z 0-9 _ -", o->board);
	if (o->nhot > 0 && o->board == NULL)
		bad_usage("--hot-seat needs --board NAME, the table its seats play at", o->hot[0]);
	if (o->nhot > 0)
		snprintf(o->name, sizeof o->name, "%s", o->hot[0]);
}

/* Draw the whole screen: the lobby or the table, and a lost connection on top. */
static void draw(struct tui *t)
{
	erase();
	if (t->table[0])
		view_draw(t);
	else
		lobby_draw(t);
	if (t->gone[0]) {
		attron(draw_attr(t, -2, A_BOLD | A_REVERSE));
		mvprintw(1, 0, "Disconnected: %.*s. %sq quits.", COLS > 50 ? COLS - 50 : 0, t->gone,
			 t->retry_at ? "Reconnecting... " : "");
		attroff(draw_attr(t, -2, A_BOLD | A_REVERSE));
	}
	refresh();
}

/* Every key curses has for us now. */
static void keys(struct tui *t)
{
	int ch;

	while (!t->quit && (ch = getch()) != ERR) {
		if (ch == 'q')
			t->quit = 1;
		else if (ch == KEY_RESIZE)
			clear(); /* curses knows the new size: draw everything again */
		else if (t->table[0])
			view_key(t, ch);
		else if (t->online)
			lobby_key(t, ch);
	}
}

/* Until q: keys, the socket, the lobby's refresh, the bot's exit; then draw. */
static void loop(struct tui *t)
{
	while (!t->quit) {
		draw(t);
		struct pollfd p[2 + HOT_SEATS_MAX] = {{.fd = STDIN_FILENO, .events = POLLIN},
						       {.fd = t->online ? t->c.fd : -1, .events = POLLIN}};
		unsigned n = 2 + hot_fds(p + 2);
		if (poll(p, n, TICK_MS) < 0 && errno != EINTR)
			break;
		keys(t);
		if (t->opt.nhot > 0)
			hot_drain(t);
		else
			conn_drain(t);
		bot_reap(t);
		conn_retry(t);
		lobby_tick(t);
	}
}

/* The terminal in curses mode: no echo, keys at once, arrows decoded, no cursor. */
static void screen_start(struct tui *t)
{
	initscr();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	curs_set(0);
	draw_init(t);
}

/* The table of --board (with the hot seat's other seats): 0, or -1 with why in err. */
static int board_open(struct tui *t, char *err, size_t len)
{
	char why[256];

	if (t->opt.board == NULL)
		return 0;
	if (conn_join(t, t->opt.board, CONN_SEAT, why, sizeof why) < 0) {
		snprintf(err, len, "cannot join %s: %.200s", t->opt.board, why);
		return -1;
	}
	return t->opt.nhot > 0 ? hot_open(t, err, len) : 0;
}

/* Options, the connection (and the table of --board), then the screen until q. */
int main(int argc, char **argv)
{
	static struct tui t;
	char err[256];

	setlocale(LC_ALL, "");
	parse_options(argc, argv, &t.opt);
	t.me = -1;
	t.moved = -1;
	t.c.fd = -1;
	t.snap = malloc(sizeof *t.snap);
	if (t.snap == NULL) {
		fprintf(stderr, "board-tui: out of memory\n");
		return 1;
	}
	if (conn_open(&t, err, sizeof err) < 0 || board_open(&t, err, sizeof err) < 0) {
		fprintf(stderr, "board-tui: %s\n", err);
		bd_client_close(&t.c);
		free(t.snap);
		return 1;
	}
	signal(SIGPIPE, SIG_IGN);
	screen_start(&t);
	if (t.opt.board == NULL)
		lobby_enter(&t);
	loop(&t);
	erase(); /* a terminal without an alternate screen (vt100) keeps it: leave it blank */
	refresh();
	endwin();
	if (t.opt.nhot > 0)
		hot_quit(&t);
	else
		conn_quit(&t);
	lobby_free();
	free(t.snap);
	return 0;
}
