/* main.c: board-bot's command line and signals; the playing is in play.c. */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "brain.h"
#include "ipc/shm.h"

/* The --help text. */
static void usage(FILE *f)
{
	fprintf(f,
		"usage: board-bot [OPTION]...\n"
		"Play the game of a boardd table (memory, tictactoe, quantik, tafl, qwirkle) until stopped (or for --games games),\n"
		"on a named board or through the daemon's lobby (--play).\n\n"
		"  --socket PATH        boardd's socket (default $BOARDD_SOCKET, else\n"
		"                       $XDG_RUNTIME_DIR/boardd/boardd.sock, or /run/boardd/boardd.sock as root)\n"
		"  --shm-prefix P       shm prefix of the daemon's objects (default $BOARDD_SHM_PREFIX or boardd)\n"
		"  --no-shm             read the table through the socket alone (the snapshot request), never\n"
		"                       mapping its shared memory; automatic when the board's shared memory\n"
		"                       is not on this host (a daemon reached over ssh)\n"
		"  --board NAME         board (table) to play on (default main)\n"
		"  --game GAME          play only if the table's game is GAME: memory, tictactoe, quantik,\n"
		"                       tafl or qwirkle\n"
		"                       (default: whatever game the table has)\n"
		"  --play GAME          play GAME through the lobby instead of on --board: wait for an\n"
		"                       opponent (again after each countdown that ran out), play at the\n"
		"                       table the daemon makes, rematch there while --games wants more,\n"
		"                       else play again in the lobby\n"
		"  --opponent NAME      with --play: only against the player named NAME\n"
		"  --option K=V         with --play: a setting of the game (see `boardctl games`), e.g.\n"
		"                       move-limit-ms=5000; may be given several times\n"
		"  --wait-rounds N      with --play: give up (status 3) after N countdowns ran out without\n"
		"                       an opponent (default 0: wait forever)\n"
		"  -v, --verbose        say more on stderr: the lobby's countdown\n"
		"  --name N             player name (default bot-PID)\n"
		"  --level L            memory: easy, seed, beginner (a casual player: forgets, 1.5-2.5 s\n"
		"                       a pick) or perfect; tictactoe: easy or perfect;\n"
		"                       quantik: easy, medium or perfect;\n"
		"                       tafl: easy, medium or perfect (its strongest) (default perfect);\n"
		"                       qwirkle: easy, greedy or strong (default strong)\n"
		"  --memory N           memory: remember only the N most recently seen cards (default: all;\n"
		"                       beginner: 6)\n"
		"  --delay-ms MS        pause before each pick or move (default 250; beginner: its own\n"
		"                       1.5-2.5 s if longer)\n"
		"  --think-ms MS        tafl: the most time a move's search takes (default 1000); less\n"
		"                       when the clock or the per-move limit leaves less\n"
		"  --games N            quit after N finished games (default 0: play forever); a turn\n"
		"                       game's bot asks for a rematch after each game until then\n"
		"  --stats              print one JSON line per finished game on stdout\n"
		"  --seed N             seed of the bot's random choices (default: time and pid)\n"
		"  --engine COMMAND     a turn game: the moves come from COMMAND, run by /bin/sh, over the\n"
		"                       line protocol of docs/ENGINE.md on its stdin and stdout, instead of\n"
		"                       from board-bot's brain; if it crashes or hangs, board-bot resigns\n"
		"  --engine-wait-ms MS  with --engine: the longest wait for a move when the turn has no\n"
		"                       deadline (default 60000)\n"
		"  --help               show this help and exit\n"
		"  --version            show the version and exit\n\n"
		"Exit status: 0 done (or stopped by a signal), 1 error, 2 bad usage or a setting the\n"
		"daemon refused, 3 no opponent after --wait-rounds countdowns.\n");
}

void bot_say(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	/* It may quote the daemon or another player: never a terminal escape. */
	fprintf(stderr, "board-bot: %s\n", bd_printable(line, sizeof line, line));
}

/* The value of a numeric option, in [0, hi]; exits 2 naming the option otherwise. */
static unsigned opt_number(const char *opt, const char *s, long hi)
{
	long v = bd_parse_uint(s);

	if (v < 0 || v > hi) {
		bot_say("--%s wants a whole number from 0 to %ld, not '%s'", opt, hi, s);
		exit(2);
	}
	return (unsigned)v;
}

/* --level's argument. */
static enum bot_level opt_level(const char *s)
{
	int level = brain_level(s);

	if (level < 0) {
		bot_say("--level wants easy, seed, beginner, medium, perfect, greedy or strong, not '%s'", s);
		exit(2);
	}
	return (enum bot_level)level;
}

/* --game's argument: a game board-bot has a brain for. */
static const char *opt_game(const char *s)
{
	char games[64];

	if (brain_find(s) == NULL) {
		bot_say("--game wants %s, not '%s'", brain_games(games, sizeof games), s);
		exit(2);
	}
	return s;
}

/* One --option K=V: checked, and added to the words the play request sends; exits 2 if bad. */
static void opt_option(struct bot_opts *o, const char *kv)
{
	size_t n = strlen(o->play_opts);

	if (o->options.n == BD_OPTS_MAX || bd_option_add(&o->options, kv) < 0 || strchr(kv, ' ') != NULL ||
	    n + 1 + strlen(kv) >= sizeof o->play_opts - BD_NAME_MAX - 64) {
		bot_say("--option wants KEY=VALUE (printable, no spaces nor commas, at most %d of them), not '%s'",
			BD_OPTS_MAX, kv);
		exit(2);
	}
	if (strcmp(o->options.opt[o->options.n - 1].key, "opponent") == 0) {
		bot_say("--option opponent=NAME: use --opponent NAME");
		exit(2);
	}
	snprintf(o->play_opts + n, sizeof o->play_opts - n, "%s%s", n ? " " : "", kv);
}

/* Check the lobby's options: --play against --board, the others only with --play; exits 2. */
static void opt_check_lobby(struct bot_opts *o)
{
	if (o->play != NULL && (o->board_given || o->game != NULL)) {
		bot_say("--play plays through the lobby: it goes with neither --board nor --game");
		exit(2);
	}
	if (o->play != NULL)
		o->game = o->play; /* the only game it may be matched for */
	if (o->play == NULL && (o->opponent != NULL || o->options.n > 0 || o->wait_rounds > 0)) {
		bot_say("--opponent, --option and --wait-rounds go with --play");
		exit(2);
	}
	if (o->opponent != NULL && !bd_player_name_ok(o->opponent)) {
		bot_say("--opponent wants 1-%d printable characters without spaces", BD_NAME_MAX);
		exit(2);
	}
}

/* Check what options cannot check one by one; exits 2 on a problem. */
static void opt_check(struct bot_opts *o)
{
	opt_check_lobby(o);
	if (!bd_name_ok(o->prefix, BD_PREFIX_MAX) || !bd_name_ok(o->board, BD_BOARD_NAME_MAX)) {
		bot_say("--shm-prefix (1-%d) and --board (1-%d) take characters A-Z a-z 0-9 _ - only",
			BD_PREFIX_MAX, BD_BOARD_NAME_MAX);
		exit(2);
	}
	if (!bd_player_name_ok(o->name)) {
		bot_say("--name wants 1-%d printable characters without spaces", BD_NAME_MAX);
		exit(2);
	}
	if (o->level == BOT_EASY && o->memory_given) {
		bot_say("--memory does not go with --level easy, which remembers nothing");
		exit(2);
	}
	if (o->level == BOT_EASY)
		o->memory = 0;
	if (o->level == BOT_BEGINNER && !o->memory_given)
		o->memory = BOT_BEGINNER_MEMORY;
	if (o->engine != NULL && (o->engine[0] == '\0' || o->memory_given)) {
		bot_say("--engine wants a command, and goes with neither --memory nor a game without turns");
		exit(2);
	}
}

/* SIGINT, SIGTERM: leave the board and end. */
static void on_signal(int sig)
{
	(void)sig;
	play_stop = 1;
}

/* Catch SIGINT and SIGTERM without SA_RESTART, so a wait returns at once. */
static void catch_signals(void)
{
	struct sigaction sa = {.sa_handler = on_signal};

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN); /* an engine that ended: its write fails, and board-bot says so */
}

int main(int argc, char **argv)
{
	enum { O_SOCKET = 256, O_PREFIX, O_BOARD, O_GAME, O_NAME, O_LEVEL, O_MEMORY, O_DELAY, O_GAMES,
	       O_STATS, O_SEED, O_HELP, O_VERSION, O_PLAY, O_OPPONENT, O_OPTION, O_WAIT_ROUNDS, O_ENGINE,
	       O_ENGINE_WAIT, O_THINK, O_NO_SHM };
	static const struct option longopts[] = {
		{"socket", 1, 0, O_SOCKET}, {"shm-prefix", 1, 0, O_PREFIX}, {"no-shm", 0, 0, O_NO_SHM},
		{"board", 1, 0, O_BOARD},
		{"game", 1, 0, O_GAME}, {"play", 1, 0, O_PLAY}, {"opponent", 1, 0, O_OPPONENT},
		{"option", 1, 0, O_OPTION}, {"wait-rounds", 1, 0, O_WAIT_ROUNDS}, {"verbose", 0, 0, 'v'},
		{"name", 1, 0, O_NAME}, {"level", 1, 0, O_LEVEL}, {"memory", 1, 0, O_MEMORY},
		{"delay-ms", 1, 0, O_DELAY}, {"think-ms", 1, 0, O_THINK}, {"games", 1, 0, O_GAMES}, {"stats", 0, 0, O_STATS},
		{"seed", 1, 0, O_SEED}, {"help", 0, 0, O_HELP}, {"version", 0, 0, O_VERSION},
		{"engine", 1, 0, O_ENGINE}, {"engine-wait-ms", 1, 0, O_ENGINE_WAIT}, {0, 0, 0, 0},
	};
	char socket_path[108];
	struct bot_opts o = {.socket_path = socket_path, .prefix = bd_default_prefix(), .board = "main",
			     .level = BOT_PERFECT, .memory = BD_CARDS_MAX, .delay_ms = 250, .engine_wait_ms = 60000,
			     .think_ms = 1000,
			     .seed = (unsigned)time(NULL) ^ (unsigned)getpid() << 16};
	int c;

	bd_default_socket(socket_path, sizeof socket_path);
	snprintf(o.name, sizeof o.name, "bot-%d", (int)getpid());
	while ((c = getopt_long(argc, argv, "v", longopts, NULL)) != -1) {
		switch (c) {
		case O_SOCKET: o.socket_path = optarg; break;
		case O_PREFIX: o.prefix = optarg; break;
		case O_NO_SHM: o.no_shm = 1; break;
		case O_BOARD: o.board = optarg, o.board_given = 1; break;
		case O_GAME: o.game = opt_game(optarg); break;
		case O_PLAY: o.play = opt_game(optarg); break;
		case O_OPPONENT: o.opponent = optarg; break;
		case O_OPTION: opt_option(&o, optarg); break;
		case O_WAIT_ROUNDS: o.wait_rounds = opt_number("wait-rounds", optarg, 999999999); break;
		case 'v': o.verbose = 1; break;
		case O_NAME: snprintf(o.name, sizeof o.name, "%s", strlen(optarg) <= BD_NAME_MAX ? optarg : ""); break;
		case O_LEVEL: o.level = opt_level(optarg), o.level_given = 1; break;
		case O_MEMORY: o.memory = opt_number("memory", optarg, BD_CARDS_MAX), o.memory_given = 1; break;
		case O_DELAY: o.delay_ms = opt_number("delay-ms", optarg, 3600000); break;
		case O_THINK: o.think_ms = opt_number("think-ms", optarg, 3600000); break;
		case O_GAMES: o.games = opt_number("games", optarg, 999999999); break;
		case O_STATS: o.stats = 1; break;
		case O_SEED: o.seed = opt_number("seed", optarg, 999999999); break;
		case O_ENGINE: o.engine = optarg; break;
		case O_ENGINE_WAIT: o.engine_wait_ms = opt_number("engine-wait-ms", optarg, 86400000); break;
		case O_HELP: usage(stdout); return 0;
		case O_VERSION: printf("board-bot %s (protocol %d)\n", BD_VERSION, BD_PROTO_VERSION); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		bot_say("unexpected argument '%s' (see --help)", argv[optind]);
		return 2;
	}
	opt_check(&o);
	catch_signals();
	return play_run(&o);
}
