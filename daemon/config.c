/* config.c: boardd's settings. One table names every setting; the configuration file and
 * the command line both go through config_set, so a value is checked the same way wherever
 * it was written. */
#include "config.h"

#include <errno.h>
#include <grp.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/client.h"
#include "ipc/game/game.h"
#include "ipc/game/memory.h"
#include "ipc/shm.h"
#include "lobby.h"
#include "log.h"
#include "rules/rules.h"

enum kind { K_BOARD, K_SOCKET, K_PREFIX, K_LOG, K_GROUP, K_NUMBER };

/* Index of each setting in keys[] (and, for numbers, in config.num). */
enum {
	C_BOARD, C_SOCKET, C_PREFIX, C_MIN_PLAYERS, C_FIRST_PICK, C_MISMATCH, C_RESTART, C_AWAY,
	C_REGION, C_SEED, C_MAX_CONN, C_MAX_RATE, C_MAX_BACKLOG, C_STALL, C_UID_CONN, C_UID_SEATS, C_IDLE,
	C_EXEMPT_ROOT, C_EXEMPT_GROUP, C_LOG, C_MOVE_LIMIT, C_CLOCK, C_INCREMENT, C_LOBBY_WAIT, C_MAX_TABLES,
	C_UID_WAITING, C_UID_TABLES, C_COUNT
};

/* Every setting: its name, checks, default and help (--help prints it, with the default). */
static const struct key {
	const char *name;
	enum kind kind;
	long long lo, hi, def; /* numbers only */
	const char *want;      /* for messages: "must be <want>" (strings only) */
	const char *arg, *help;
} keys[C_COUNT] = {
	[C_BOARD] = {"board", K_BOARD, 0, 0, 0, NULL, "NAME[:GAME][:DIM][,KEY=VALUE]...",
		     "a board (repeatable, replaces the file's boards;\n"
		     "                               default main:4); GAME memory (default, DIM even, 2..32)\n"
		     "                               or tictactoe; a turn table's own move-limit-ms,\n"
		     "                               clock-ms or increment-ms as ,KEY=MS (t:tictactoe,clock-ms=60000);\n"
		     "                               its game's options (`games` lists them) and seats=N as ,KEY=VALUE"},
	[C_SOCKET] = {"socket", K_SOCKET, 0, 0, 0, "a path of 1 to 107 bytes", "PATH",
		      "listening socket (default $BOARDD_SOCKET, else\n"
		      "                               $XDG_RUNTIME_DIR/boardd/boardd.sock, or /run/boardd/boardd.sock as root)"},
	[C_PREFIX] = {"shm-prefix", K_PREFIX, 0, 0, 0, "1 to 32 of A-Z a-z 0-9 _ -", "P",
		      "name prefix of every shm object (default $BOARDD_SHM_PREFIX or boardd)"},
	[C_MIN_PLAYERS] = {"min-players", K_NUMBER, 1, BD_PLAYERS_MAX, 2, NULL, "N",
			   "players needed for a game to be on; 1 = solo practice"},
	[C_FIRST_PICK] = {"first-pick-ms", K_NUMBER, 1, 3600000, 5000, NULL, "MS",
			  "a lone first pick turns back down after MS"},
	[C_MISMATCH] = {"mismatch-ms", K_NUMBER, 1, 3600000, 2000, NULL, "MS", "a mismatched pair stays up for MS"},
	[C_RESTART] = {"restart-ms", K_NUMBER, 1, 3600000, 10000, NULL, "MS", "a new game starts MS after game over"},
	[C_AWAY] = {"away-ms", K_NUMBER, 1, 3600000, 30000, NULL, "MS",
		    "seats lost in a daemon restart, or left mid-match at a turn table, are kept MS"},
	[C_REGION] = {"region-size", K_NUMBER, 1, BD_DIM_MAX, 8, NULL, "N", "lock regions are NxN tiles of cards"},
	[C_SEED] = {"seed", K_NUMBER, 0, 0x7fffffffffffffffLL, 0, NULL, "N", "reproducible shuffles; 0 = random"},
	[C_MAX_CONN] = {"max-connections", K_NUMBER, 1, 1000000, 2048, NULL, "N", "connections served at once"},
	[C_MAX_RATE] = {"max-rate", K_NUMBER, 0, 1000000, 500, NULL, "N",
			"requests per second per connection; 0 = no limit"},
	[C_MAX_BACKLOG] = {"max-backlog", K_NUMBER, 4096, 1LL << 30, 256 * 1024, NULL, "BYTES",
			   "unsent events past which a client is resynchronised;\n"
			   "                               requests wait past half of it"},
	[C_STALL] = {"stall-ms", K_NUMBER, 100, 3600000, 60000, NULL, "MS",
		     "a client that reads none of its waiting output for MS is closed"},
	[C_UID_CONN] = {"max-connections-per-uid", K_NUMBER, 0, 1000000, 32, NULL, "N",
			"connections one user may have open at once; 0 = no limit"},
	[C_UID_SEATS] = {"max-seats-per-uid", K_NUMBER, 0, BD_PLAYERS_MAX, 8, NULL, "N",
			 "seats one user may hold on one board; 0 = no limit"},
	[C_IDLE] = {"idle-ms", K_NUMBER, 0, 86400000, 60000, NULL, "MS",
		    "a connection not joined and silent for MS is closed; 0 = never"},
	[C_EXEMPT_ROOT] = {"exempt-root", K_NUMBER, 0, 1, 1, NULL, "0|1", "1: root has no per-uid limits"},
	[C_EXEMPT_GROUP] = {"exempt-group", K_GROUP, 0, 0, -1, "a group name or number, or empty for none",
			    "GROUP", "members of GROUP have no per-uid limits (default none)"},
	[C_LOG] = {"log-level", K_LOG, 0, 0, 0, "error, warning, notice, info or debug", "LEVEL",
		   "error, warning, notice, info or debug (default notice)"},
	[C_MOVE_LIMIT] = {"move-limit-ms", K_NUMBER, 100, 86400000, 600000, NULL, "MS",
			  "turn tables without a clock: past MS for a move the\n"
			  "                               opponent may claim the game"},
	[C_CLOCK] = {"clock-ms", K_NUMBER, 0, 86400000, 0, NULL, "MS",
		     "turn tables: each seat's clock for a game; 0 = no clock"},
	[C_INCREMENT] = {"increment-ms", K_NUMBER, 0, 3600000, 0, NULL, "MS",
			 "turn tables with a clock: added after each move"},
	[C_LOBBY_WAIT] = {"lobby-wait-ms", K_NUMBER, 1000, 3600000, 10000, NULL, "MS",
			  "a player waits MS for an opponent (a wait event\n"
			  "                               each second), and a matched player has MS to join"},
	[C_MAX_TABLES] = {"max-tables", K_NUMBER, 0, 65536, 256, NULL, "N", "lobby tables at once"},
	[C_UID_WAITING] = {"max-waiting-per-uid", K_NUMBER, 0, 1000000, 4, NULL, "N",
			   "places in the lobby's queues one user may hold; 0 = no limit"},
	[C_UID_TABLES] = {"max-tables-per-uid", K_NUMBER, 0, 1000000, 16, NULL, "N",
			  "lobby tables one user may be seated at (or matched for); 0 = no limit"},
};
static_assert(C_COUNT <= CONFIG_KEYS_MAX, "config.num holds every setting");

void config_init(struct config *c)
{
	memset(c, 0, sizeof *c);
	c->new_board_list = 1;
	for (unsigned i = 0; i < C_COUNT; i++)
		c->num[i] = keys[i].def;
	bd_daemon_socket(c->socket_path, sizeof c->socket_path);
	snprintf(c->prefix, sizeof c->prefix, "%s", bd_default_prefix());
	snprintf(c->log_level, sizeof c->log_level, "notice");
}

int config_range(const char *key, long long *lo, long long *hi)
{
	for (unsigned k = 0; k < C_COUNT; k++)
		if (keys[k].kind == K_NUMBER && strcmp(keys[k].name, key) == 0) {
			*lo = keys[k].lo;
			*hi = keys[k].hi;
			return 0;
		}
	return -1;
}

unsigned config_count(void)
{
	return C_COUNT;
}

const char *config_name(unsigned i)
{
	return i < C_COUNT ? keys[i].name : NULL;
}

void config_new_source(struct config *c)
{
	c->new_board_list = 1;
}

/* A whole number of s in [lo, hi]; 0, or -1 if s is anything else. */
static int config_number(const char *s, long long lo, long long hi, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	return errno || *end || end == s || *v < lo || *v > hi ? -1 : 0;
}

/* The GAME[:DIM] part of a board (after NAME:; NULL: none) into b: a game's name, else
 * Memory's DIM alone. 0, or -1 with err. */
static int config_board_game(struct board_settings *b, const char *rest, char *err, size_t errlen)
{
	const char *colon = rest != NULL ? strchr(rest, ':') : NULL;
	char word[16] = "memory";
	long long dim;

	if (rest != NULL && (*rest < '0' || *rest > '9'))
		snprintf(word, sizeof word, "%.*s", colon != NULL ? (int)(colon - rest) : (int)strlen(rest), rest);
	else
		colon = rest != NULL ? rest - 1 : NULL; /* NAME:DIM: Memory's DIM */
	const struct bd_game *g = bd_game_named(word);
	if (g == NULL) {
		snprintf(err, errlen, "game must be one this daemon hosts (memory, ...), not '%s'", word);
		return -1;
	}
	b->game_kind = g->kind;
	b->dim = g->dim_default;
	if (colon != NULL) {
		struct bd_game_shape shape = {.region_side = 1};
		if (config_number(colon + 1, 1, BD_REGIONS_MAX, &dim) < 0 ||
		    (shape.dim = (uint32_t)dim, g->shape_check(&shape) != NULL)) {
			snprintf(err, errlen, "dimension of a %s board must be %s, not '%s'", g->name, g->dim_rule,
				 colon + 1);
			return -1;
		}
		b->dim = (unsigned)dim;
	}
	return 0;
}

/* The settings a turn table may have of its own (`NAME:GAME,KEY=MS,...`), in board_turn's order. */
static const unsigned config_turn_keys[3] = {C_MOVE_LIMIT, C_CLOCK, C_INCREMENT};

/* Nonzero if a static board of rules r takes seats=N: a turn game played by more (a static
 * Memory board gathers players with min-players, not seats). */
static int config_takes_seats(const struct rules *r)
{
	return r->seats > 0 && r->seats_max > r->seats;
}

/* Option opt=value of a board's game: seats= or one of its codec's, into b's seats or opt[]
 * (lobby_option checks it as play's). 0, or -1 with err. */
static int config_board_option(struct board_settings *b, const char *opt, const char *value, char *err,
			       size_t errlen)
{
	const struct rules *r = rules_find(b->game_kind);
	const struct bd_game *g = bd_game_of_kind(b->game_kind);
	int64_t all[LOBBY_OPTS] = {[LOBBY_SEATS] = b->seats};
	struct bd_err e;

	if (r == NULL || (bd_game_option_find(g, opt) < 0 && !(strcmp(opt, "seats") == 0 && config_takes_seats(r)))) {
		snprintf(err, errlen, "table %s: '%s' is not move-limit-ms=MS, clock-ms=MS or increment-ms=MS%s", b->name,
			 opt, g->noptions > 0 || (r != NULL && config_takes_seats(r)) ? ", nor an option of its game (see games)" : "");
		return -1;
	}
	memcpy(all + LOBBY_GAME_OPT, b->opt, sizeof b->opt);
	if (lobby_option(g, r, all, opt, value, &e) < 0) {
		snprintf(err, errlen, "table %s: %s", b->name, e.text);
		return -1;
	}
	b->seats = (unsigned)all[LOBBY_SEATS];
	memcpy(b->opt, all + LOBBY_GAME_OPT, sizeof b->opt);
	return 0;
}

/* The ",KEY=VALUE,..." after a board (NULL: none): a turn table's move-limit-ms, clock-ms
 * or increment-ms into turn[], the game's options into b (defaults filled in). 0, or -1
 * with err. */
static int config_board_turn(struct board_settings *b, const char *opts, long long turn[3], char *err,
			     size_t errlen)
{
	const struct rules *r = rules_find(b->game_kind);
	char opt[64];

	for (unsigned i = 0; i < 3; i++)
		turn[i] = -1;
	bd_game_option_defaults(bd_game_of_kind(b->game_kind), b->opt);
	b->seats = r != NULL ? r->seats : 0;
	while (opts != NULL) {
		const char *next = strchr(++opts, ',');
		snprintf(opt, sizeof opt, "%.*s", next != NULL ? (int)(next - opts) : (int)strlen(opts), opts);
		char *eq = strchr(opt, '=');
		unsigned i = 0;
		if (eq != NULL)
			*eq = '\0';
		while (i < 3 && strcmp(opt, keys[config_turn_keys[i]].name) != 0)
			i++;
		if (i == 3 || eq == NULL) {
			if (config_board_option(b, opt, eq != NULL ? eq + 1 : "", err, errlen) < 0)
				return -1;
			opts = next;
			continue;
		}
		if (r == NULL || r->seats == 0) {
			snprintf(err, errlen, "table %s: %s is for turn-based games, not %s", b->name, opt,
				 bd_game_of_kind(b->game_kind)->name);
			return -1;
		}
		const struct key *k = &keys[config_turn_keys[i]];
		if (config_number(eq + 1, k->lo, k->hi, &turn[i]) < 0) {
			snprintf(err, errlen, "table %s: %s must be %lld to %lld, not '%s'", b->name, opt, k->lo, k->hi,
				 eq + 1);
			return -1;
		}
		opts = next;
	}
	return 0;
}

/* NAME[:GAME][:DIM][,KEY=MS...] appended to the board list (or starting a new one). */
static int config_board(struct config *c, const char *value, char *err, size_t errlen)
{
	char head[BD_BOARD_NAME_MAX + 32];
	const char *comma = strchr(value, ',');
	const char *colon;
	size_t n;
	struct board_settings b = {0};
	long long turn[3];

	snprintf(head, sizeof head, "%.*s", comma != NULL ? (int)(comma - value) : (int)strlen(value), value);
	value = head;
	colon = strchr(value, ':');
	n = colon ? (size_t)(colon - value) : strlen(value);

	if (n == 0 || n > BD_BOARD_NAME_MAX) {
		snprintf(err, errlen, "must be NAME, NAME:DIM or NAME:GAME[:DIM], NAME 1-%d of A-Z a-z 0-9 _ -, not '%s'",
			 BD_BOARD_NAME_MAX, value);
		return -1;
	}
	memcpy(b.name, value, n);
	if (!bd_name_ok(b.name, BD_BOARD_NAME_MAX)) {
		snprintf(err, errlen, "name may only use A-Z a-z 0-9 _ -, not '%s'", b.name);
		return -1;
	}
	if (lobby_name_reserved(b.name)) {
		snprintf(err, errlen, "name %s has the form GAME-N of the lobby's tables; choose another", b.name);
		return -1;
	}
	if (config_board_game(&b, colon != NULL ? colon + 1 : NULL, err, errlen) < 0 ||
	    config_board_turn(&b, comma, turn, err, errlen) < 0)
		return -1;
	if (c->new_board_list)
		c->nboards = 0;
	c->new_board_list = 0;
	for (unsigned i = 0; i < c->nboards; i++)
		if (strcmp(c->boards[i].name, b.name) == 0) {
			snprintf(err, errlen, "%s is given twice", b.name);
			return -1;
		}
	if (c->nboards == CONFIG_BOARDS_MAX) {
		snprintf(err, errlen, "is given more than %d times", CONFIG_BOARDS_MAX);
		return -1;
	}
	memcpy(c->board_turn[c->nboards], turn, sizeof turn);
	c->boards[c->nboards++] = b;
	return 0;
}

/* A group by name or number, or "" for none: its gid in *gid (-1 for none). */
static int config_group(struct config *c, const char *value, long long *gid)
{
	struct group *g;

	if (*value == '\0')
		*gid = -1;
	else if (config_number(value, 0, 0xfffffffeLL, gid) < 0) {
		if ((g = getgrnam(value)) == NULL || strlen(value) >= sizeof c->exempt_group)
			return -1;
		*gid = g->gr_gid;
	}
	snprintf(c->exempt_group, sizeof c->exempt_group, "%s", value);
	return 0;
}

/* Check and store one value of setting k. */
static int config_store(struct config *c, unsigned k, const char *value, char *err, size_t errlen)
{
	switch (keys[k].kind) {
	case K_BOARD:
		return config_board(c, value, err, errlen);
	case K_SOCKET:
		if (*value == '\0' || strlen(value) >= sizeof c->socket_path)
			break;
		snprintf(c->socket_path, sizeof c->socket_path, "%s", value);
		return 0;
	case K_PREFIX:
		if (!bd_name_ok(value, BD_PREFIX_MAX))
			break;
		snprintf(c->prefix, sizeof c->prefix, "%s", value);
		return 0;
	case K_LOG:
		if (log_level_parse(value) < 0)
			break;
		snprintf(c->log_level, sizeof c->log_level, "%s", value);
		return 0;
	case K_GROUP:
		if (config_group(c, value, &c->num[k]) < 0)
			break;
		return 0;
	case K_NUMBER:
		if (config_number(value, keys[k].lo, keys[k].hi, &c->num[k]) < 0) {
			snprintf(err, errlen, "must be a whole number from %lld to %lld, not '%s'", keys[k].lo,
				 keys[k].hi, value);
			return -1;
		}
		return 0;
	}
	snprintf(err, errlen, "must be %s, not '%s'", keys[k].want, value);
	return -1;
}

int config_set(struct config *c, const char *key, const char *value, char *err, size_t errlen)
{
	for (unsigned k = 0; k < C_COUNT; k++)
		if (strcmp(keys[k].name, key) == 0) {
			if (config_store(c, k, value, err, errlen) < 0)
				return -1;
			c->from[k] = c->reading;
			return 0;
		}
	snprintf(err, errlen, "is not a setting (see boardd.conf(5))");
	return -1;
}

/* s without leading and trailing blanks (in place). */
static char *config_trim(char *s)
{
	char *end = s + strlen(s);

	while (*s == ' ' || *s == '\t')
		s++;
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

/* One line of the file: blank, a comment, or key = value. "#" starts a comment at the start
 * of a line or after a blank. 0, or -1 with err (without the file:line part). */
static int config_line(struct config *c, char *line, char *err, size_t errlen)
{
	char msg[256];

	for (char *p = line; *p; p++)
		if (*p == '#' && (p == line || p[-1] == ' ' || p[-1] == '\t')) {
			*p = '\0';
			break;
		}
	char *key = config_trim(line), *eq = strchr(key, '=');
	if (*key == '\0')
		return 0;
	if (eq == NULL) {
		snprintf(err, errlen, "expected 'key = value', not '%s'", key);
		return -1;
	}
	*eq = '\0';
	key = config_trim(key);
	if (config_set(c, key, config_trim(eq + 1), msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s %s", key, msg);
		return -1;
	}
	return 0;
}

int config_load(struct config *c, const char *path, int required, char *err, size_t errlen)
{
	char line[1024], msg[512];
	unsigned lineno = 0;
	FILE *f = fopen(path, "r");

	if (f == NULL) {
		if (errno == ENOENT && !required)
			return 0;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	config_new_source(c);
	c->reading = CONFIG_FROM_FILE;
	while (fgets(line, sizeof line, f) != NULL) {
		lineno++;
		int whole = strchr(line, '\n') != NULL || feof(f);
		if (!whole || config_line(c, line, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%u: %s", path, lineno, whole ? msg : "line longer than 1022 bytes");
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	c->reading = CONFIG_FROM_DEFAULT;
	snprintf(c->source, sizeof c->source, "%s", path);
	return 0;
}

void config_finish(struct config *c)
{
	struct board_settings common = {
		.game_kind = BD_GAME_MEMORY, .min_players = (unsigned)c->num[C_MIN_PLAYERS], .first_pick_ms = (int)c->num[C_FIRST_PICK],
		.mismatch_ms = (int)c->num[C_MISMATCH], .restart_ms = (int)c->num[C_RESTART],
		.away_ms = (int)c->num[C_AWAY], .region_side = (unsigned)c->num[C_REGION],
		.seed = (uint64_t)c->num[C_SEED], .move_limit_ms = c->num[C_MOVE_LIMIT],
		.clock_ms = c->num[C_CLOCK], .increment_ms = c->num[C_INCREMENT],
	};

	if (c->nboards == 0) {
		c->boards[c->nboards] = (struct board_settings){.name = "main", .game_kind = BD_GAME_MEMORY, .dim = 4};
		memset(c->board_turn[c->nboards++], 0xff, sizeof c->board_turn[0]); /* -1: none of its own */
	}
	for (unsigned i = 0; i < c->nboards; i++) {
		const long long *own = c->board_turn[i];
		struct board_settings *b = &c->boards[i];
		common.game_kind = b->game_kind;
		common.dim = b->dim;
		memcpy(common.name, b->name, sizeof common.name);
		common.seats = b->seats;
		memcpy(common.opt, b->opt, sizeof common.opt);
		*b = common;
		b->move_limit_ms = own[0] >= 0 ? own[0] : common.move_limit_ms;
		b->clock_ms = own[1] >= 0 ? own[1] : common.clock_ms;
		b->increment_ms = own[2] >= 0 ? own[2] : common.increment_ms;
	}
	c->opts = (struct supervisor_opts){
		.socket_path = c->socket_path, .prefix = c->prefix, .boards = c->boards, .nboards = c->nboards,
		.max_connections = (unsigned)c->num[C_MAX_CONN],
		.lobby = {.wait_ms = (int)c->num[C_LOBBY_WAIT], .max_tables = (unsigned)c->num[C_MAX_TABLES],
			  .common = common},
		.limits = {.max_rate = (unsigned)c->num[C_MAX_RATE], .max_backlog = (size_t)c->num[C_MAX_BACKLOG],
			   .stall_ms = (int)c->num[C_STALL]},
		.quota = {
			.max = {[QUOTA_CONNECTIONS] = (unsigned)c->num[C_UID_CONN], [QUOTA_SEATS] = (unsigned)c->num[C_UID_SEATS],
				[QUOTA_WAITING] = (unsigned)c->num[C_UID_WAITING], [QUOTA_TABLES] = (unsigned)c->num[C_UID_TABLES]},
			.idle_ms = c->num[C_IDLE], .exempt_root = (int)c->num[C_EXEMPT_ROOT], .exempt_gid = c->num[C_EXEMPT_GROUP],
		},
	};
	c->level = log_level_parse(c->log_level);
}

/* Board i as the value of a board setting would write it, into buf. */
static void config_board_text(const struct config *c, unsigned i, char *buf, size_t len)
{
	const struct bd_game *g = bd_game_of_kind(c->boards[i].game_kind);
	const struct rules *r = rules_find(c->boards[i].game_kind);
	char opts[BD_LINE_MAX] = "";
	size_t n;

	/* Memory, the first game, in its short form. */
	if (c->boards[i].game_kind == BD_GAME_MEMORY)
		n = (size_t)snprintf(buf, len, "%s:%u", c->boards[i].name, c->boards[i].dim);
	else
		n = (size_t)snprintf(buf, len, "%s:%s:%u", c->boards[i].name, g->name, c->boards[i].dim);
	for (unsigned k = 0; k < 3 && n < len; k++)
		if (c->board_turn[i][k] >= 0)
			n += (size_t)snprintf(buf + n, len - n, ",%s=%lld", keys[config_turn_keys[k]].name, c->board_turn[i][k]);
	if (r != NULL && config_takes_seats(r) && n < len)
		n += (size_t)snprintf(buf + n, len - n, ",seats=%u", c->boards[i].seats);
	bd_game_options_words(g, c->boards[i].opt, ',', opts, sizeof opts);
	if (n < len)
		snprintf(buf + n, len - n, "%s%s", opts[0] ? "," : "", opts);
}

void config_print(const struct config *c, FILE *f)
{
	char board[BD_LINE_MAX];

	fprintf(f, "# boardd %s: effective settings (%s, then the command line)\n", BD_VERSION,
		*c->source ? c->source : "no file: built-in defaults");
	for (unsigned i = 0; i < c->nboards; i++) {
		config_board_text(c, i, board, sizeof board);
		fprintf(f, "board = %s\n", board);
	}
	fprintf(f, "socket = %s\nshm-prefix = %s\n", c->socket_path, c->prefix);
	for (unsigned k = 0; k < C_COUNT; k++)
		if (keys[k].kind == K_NUMBER)
			fprintf(f, "%s = %lld%s\n", keys[k].name, c->num[k],
				k == C_SEED && c->num[k] == 0 ? "  # 0: a random shuffle" : "");
	fprintf(f, "exempt-group = %s\nlog-level = %s\n", c->exempt_group, c->log_level);
}

/* The value of setting k (its i-th board for board) as written, into buf. */
static void config_value(const struct config *c, unsigned k, unsigned i, char *buf, size_t len)
{
	switch (keys[k].kind) {
	case K_BOARD: config_board_text(c, i, buf, len); return;
	case K_SOCKET: snprintf(buf, len, "%s", c->socket_path); return;
	case K_PREFIX: snprintf(buf, len, "%s", c->prefix); return;
	case K_LOG: snprintf(buf, len, "%s", c->log_level); return;
	case K_GROUP: snprintf(buf, len, "%s", c->exempt_group); return;
	case K_NUMBER: snprintf(buf, len, "%lld", c->num[k]); return;
	}
}

void config_status(const struct config *c, char *buf, size_t len)
{
	static const char *const from[] = {"default", "file", "command-line"};
	char value[BD_LINE_MAX];
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned k = 0; k < C_COUNT; k++)
		for (unsigned i = 0; i < (k == C_BOARD ? c->nboards : 1) && n < len; i++) {
			config_value(c, k, i, value, sizeof value);
			n += (size_t)snprintf(buf + n, len - n, "SETTING %s %s %s\n", keys[k].name, from[c->from[k]],
					      value[0] ? value : "-");
		}
}

void config_usage(FILE *f)
{
	char opt[64];

	for (unsigned k = 0; k < C_COUNT; k++) {
		snprintf(opt, sizeof opt, "--%s %s", keys[k].name, keys[k].arg);
		fprintf(f, "  %-28s %s", opt, keys[k].help);
		if (keys[k].kind == K_NUMBER)
			fprintf(f, " (default %lld)", keys[k].def);
		fputc('\n', f);
	}
}
