/* proto.c: parse and format the protocol's lines. */
#include "proto.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "colour.h"
#include "game/game.h"
#include "game/memory.h"
#include "shm.h"

static const char *const req_words[] = {
	[BD_REQ_HELLO] = "hello", [BD_REQ_BOARDS] = "boards", [BD_REQ_JOIN] = "join",
	[BD_REQ_PLAYERS] = "players", [BD_REQ_CARDS] = "cards", [BD_REQ_PICK] = "pick",
	[BD_REQ_QUIT] = "quit", [BD_REQ_PING] = "ping", [BD_REQ_MOVE] = "move",
	[BD_REQ_RESIGN] = "resign", [BD_REQ_REMATCH] = "rematch", [BD_REQ_CLAIM] = "claim",
	[BD_REQ_SIDE] = "side", [BD_REQ_GAMES] = "games", [BD_REQ_PLAY] = "play", [BD_REQ_CANCEL] = "cancel",
	[BD_REQ_LIST] = "list", [BD_REQ_WATCH] = "watch", [BD_REQ_LEAVE] = "leave", [BD_REQ_DRAW] = "draw",
	[BD_REQ_STATUS] = "status", [BD_REQ_SNAPSHOT] = "snapshot",
};
/* Number of arguments each request takes: min and max. */
static const int req_args[][2] = {
	[BD_REQ_HELLO] = {2, 2}, [BD_REQ_BOARDS] = {0, 0}, [BD_REQ_JOIN] = {1, 2},
	[BD_REQ_PLAYERS] = {0, 0}, [BD_REQ_CARDS] = {0, 0}, [BD_REQ_PICK] = {2, 2},
	[BD_REQ_QUIT] = {0, 0}, [BD_REQ_PING] = {0, 0}, [BD_REQ_MOVE] = {1, BD_TOKENS_MAX - 1},
	[BD_REQ_RESIGN] = {0, 0}, [BD_REQ_REMATCH] = {0, 0}, [BD_REQ_CLAIM] = {0, 0},
	[BD_REQ_SIDE] = {1, 1}, [BD_REQ_GAMES] = {0, 0}, [BD_REQ_PLAY] = {1, BD_OPTS_MAX + 1},
	[BD_REQ_CANCEL] = {0, 0}, [BD_REQ_LIST] = {0, 0}, [BD_REQ_WATCH] = {1, 1}, [BD_REQ_LEAVE] = {0, 0},
	[BD_REQ_DRAW] = {0, 0}, [BD_REQ_STATUS] = {0, 0}, [BD_REQ_SNAPSHOT] = {0, 0},
};
static const char *const lobby_words[] = {
	[BD_LOBBY_WAIT] = "wait", [BD_LOBBY_NOMATCH] = "nomatch", [BD_LOBBY_MATCHED] = "matched",
	[BD_LOBBY_ABORTED] = "aborted",
};
static const char *const role_names[] = {"player", "bot", "spectator"};
static const char *const game_states[] = {"waiting", "on", "frozen", "over"};
static const char *const player_states[] = {"empty", "waiting", "playing", "away"};
static const char *const results[] = {"none", "win", "lose", "draw"};
static const char *const event_words[] = {
	[BD_EV_JOIN] = "join", [BD_EV_LEAVE] = "leave", [BD_EV_STATE] = "state",
	[BD_EV_OVER] = "over", [BD_EV_BYE] = "bye", [BD_EV_RESYNC] = "resync",
	[BD_EV_SIDE] = "side", [BD_EV_TURN] = "turn", [BD_EV_RESIGN] = "resign", [BD_EV_CLAIMABLE] = "claimable",
	[BD_EV_CLAIM] = "claim", [BD_EV_FLAG] = "flag", [BD_EV_REMATCH] = "rematch",
	[BD_EV_AWAY] = "away", [BD_EV_BACK] = "back", [BD_EV_FORFEIT] = "forfeit", [BD_EV_OFFER] = "offer",
	[BD_EV_OUT] = "out",
};
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* The wire format of the core's events, for bd_event_format and bd_msg_event alike: the
 * tokens after the event's word, one letter each (proto.h). The parser checks c, R and B by
 * their letter alone. A game's events are in its codec (game.h). */
static const char *const event_specs[] = {
	[BD_EV_JOIN] = "pcNL", [BD_EV_LEAVE] = "p", [BD_EV_STATE] = "sm",
	[BD_EV_OVER] = "nRm", [BD_EV_BYE] = "B", [BD_EV_RESYNC] = "n",
	[BD_EV_SIDE] = "pn", [BD_EV_TURN] = "pn", [BD_EV_RESIGN] = "p", [BD_EV_CLAIMABLE] = "p",
	[BD_EV_CLAIM] = "p", [BD_EV_FLAG] = "p", [BD_EV_REMATCH] = "p",
	[BD_EV_AWAY] = "pn", [BD_EV_BACK] = "p", [BD_EV_FORFEIT] = "p", [BD_EV_OFFER] = "p", [BD_EV_OUT] = "p",
};

/* The names of the core's events' fields, letter by letter of event_specs (docs/boardctl.1). */
static const char *const event_fields[][4] = {
	[BD_EV_JOIN] = {"seat", "colour", "name", "login"}, [BD_EV_LEAVE] = {"seat"},
	[BD_EV_STATE] = {"state", "game"}, [BD_EV_OVER] = {"top", "result", "points"}, [BD_EV_BYE] = {"reason"},
	[BD_EV_RESYNC] = {"missed"}, [BD_EV_SIDE] = {"seat", "side"}, [BD_EV_TURN] = {"seat", "ms"},
	[BD_EV_RESIGN] = {"seat"}, [BD_EV_CLAIMABLE] = {"seat"}, [BD_EV_CLAIM] = {"seat"}, [BD_EV_FLAG] = {"seat"},
	[BD_EV_REMATCH] = {"seat"}, [BD_EV_AWAY] = {"seat", "ms"}, [BD_EV_BACK] = {"seat"},
	[BD_EV_FORFEIT] = {"seat"}, [BD_EV_OFFER] = {"seat"}, [BD_EV_OUT] = {"seat"},
};

/* Index of word in a table of names, -1 if absent. */
static int name_index(const char *const *table, size_t n, const char *word)
{
	for (size_t i = 0; i < n; i++)
		if (table[i] != NULL && strcmp(table[i], word) == 0)
			return (int)i;
	return -1;
}

static const char *name_of(const char *const *table, size_t n, unsigned i)
{
	return i < n && table[i] != NULL ? table[i] : "?";
}

const char *bd_role_name(enum bd_role role) { return name_of(role_names, NELEM(role_names), role); }
const char *bd_game_state_name(unsigned s) { return name_of(game_states, NELEM(game_states), s); }
const char *bd_player_state_name(unsigned s) { return name_of(player_states, NELEM(player_states), s); }
const char *bd_result_name(unsigned r) { return name_of(results, NELEM(results), r); }

long bd_parse_uint(const char *s)
{
	long v = 0;
	size_t n = strlen(s);

	if (n == 0 || n > 9)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

int bd_player_name_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > BD_NAME_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (name[i] <= ' ' || name[i] > '~')
			return 0;
	return 1;
}

/* The fold of one lower-case character: lookalikes become one character. */
static char fold_char(char c)
{
	switch (c) {
	case '0': return 'o';
	case '1': case 'i': case '|': case '!': return 'l';
	case '2': return 'z';
	case '5': case '$': return 's';
	case '8': return 'b';
	default: return c;
	}
}

const char *bd_name_fold(char *out, size_t len, const char *name)
{
	size_t o = 0;

	for (size_t i = 0; name[i] != '\0' && o + 1 < len; i++) {
		char c = fold_char((char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]));
		char next = fold_char((char)(name[i + 1] >= 'A' && name[i + 1] <= 'Z' ? name[i + 1] - 'A' + 'a' : name[i + 1]));
		if ((c == 'r' && next == 'n') || (c == 'v' && next == 'v')) {
			c = c == 'r' ? 'm' : 'w'; /* two letters that read as one */
			i++;
		}
		out[o++] = c;
	}
	out[o] = '\0';
	return out;
}

const char *bd_printable(char *out, size_t len, const char *s)
{
	size_t i = 0;

	for (; s[i] != '\0' && i + 1 < len; i++)
		out[i] = s[i] >= ' ' && s[i] <= '~' ? s[i] : '?';
	out[i] = '\0';
	return out;
}

/* Split s in place on spaces and tabs; returns the number of tokens or -1 if too many. */
static int split(char *s, const char **tok, int max)
{
	int n = 0;
	char *save = NULL;

	for (char *t = strtok_r(s, " \t", &save); t != NULL; t = strtok_r(NULL, " \t", &save)) {
		if (n == max)
			return -1;
		tok[n++] = t;
	}
	return n;
}

/* Keep a move's words for the table's rules, which parse them. */
static int req_move(struct bd_req *req, const char **arg, int nargs, struct bd_err *err)
{
	for (int i = 0; i < nargs; i++) {
		if (strlen(arg[i]) > BD_MOVE_TOKEN_MAX)
			return bd_err_set(err, "syntax", "a word of a move is longer than 32 bytes");
		strcpy(req->move[i], arg[i]);
	}
	req->nmove = (unsigned)nargs;
	return 0;
}

/* Nonzero if s is 1..max bytes, each a lower-case letter, a digit (digits too) or '-'. */
static int word_ok(const char *s, size_t max, int digits)
{
	size_t n = strlen(s);

	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || s[i] == '-' || (digits && s[i] >= '0' && s[i] <= '9')))
			return 0;
	return n > 0 && n <= max;
}

/* play GAME [KEY=VALUE...] [opponent=NAME]: the words checked (which keys a game takes, and
 * their ranges, are the lobby's). */
static int req_play(struct bd_req *req, const char **arg, int nargs, struct bd_err *err)
{
	if (!word_ok(arg[0], BD_GAME_NAME_MAX, 1))
		return bd_err_set(err, "game", "a game's name is 1-15 of a-z 0-9 - (see games)");
	strcpy(req->game, arg[0]);
	for (int i = 1; i < nargs; i++) {
		const char *eq = strchr(arg[i], '=');
		size_t k = eq != NULL ? (size_t)(eq - arg[i]) : 0;
		if (k == 0 || k > BD_OPT_KEY_MAX)
			return bd_err_set(err, "option", "options are KEY=VALUE (see games)");
		char key[BD_OPT_KEY_MAX + 1];
		memcpy(key, arg[i], k);
		key[k] = '\0';
		int seen = strcmp(key, "opponent") == 0 ? req->opponent[0] != '\0' : 0;
		for (unsigned j = 0; j < req->nopt; j++)
			seen |= strcmp(req->opt[j].key, key) == 0;
		if (seen || !word_ok(key, BD_OPT_KEY_MAX, 0))
			return bd_err_set(err, "option", seen ? BD_REASON("an option is given twice") :
							 BD_REASON("an option's name is a-z and -"));
		if (strcmp(key, "opponent") == 0) {
			if (!bd_player_name_ok(eq + 1))
				return bd_err_set(err, "option", "opponent= takes a player's name (1-32 printable, no spaces)");
			strcpy(req->opponent, eq + 1);
			continue;
		}
		if (req->nopt == BD_OPTS_MAX || !bd_name_ok(eq + 1, BD_OPT_VALUE_MAX))
			return bd_err_set(err, "option", "an option's value is a number or a word of A-Z a-z 0-9 _ -");
		strcpy(req->opt[req->nopt].key, key);
		strcpy(req->opt[req->nopt++].value, eq + 1);
	}
	return 0;
}

/* Fill in the arguments of a request whose word and argument count are already checked. */
static int req_args_parse(struct bd_req *req, const char **arg, int nargs, struct bd_err *err)
{
	unsigned card;

	switch (req->type) {
	case BD_REQ_HELLO:
		if (!bd_player_name_ok(arg[0]))
			return bd_err_set(err, "name", "name must be 1-32 printable characters without spaces");
		int role = name_index(role_names, NELEM(role_names), arg[1]);
		if (role < 0)
			return bd_err_set(err, "role", "role must be player, bot or spectator");
		strcpy(req->name, arg[0]);
		req->role = (enum bd_role)role;
		return 0;
	case BD_REQ_PLAY:
		return req_play(req, arg, nargs, err);
	case BD_REQ_JOIN:
	case BD_REQ_WATCH:
		if (!bd_name_ok(arg[0], BD_BOARD_NAME_MAX))
			return bd_err_set(err, "board", "board name must be 1-24 of A-Z a-z 0-9 _ -");
		strcpy(req->board, arg[0]);
		if (nargs == 2) {
			/* Digits only: strtoull alone would also take a sign or a 0x prefix. */
			if (strlen(arg[1]) != 16 || strspn(arg[1], "0123456789abcdefABCDEF") != 16 ||
			    (req->token = strtoull(arg[1], NULL, 16)) == 0)
				return bd_err_set(err, "token", "token must be the 16 hex digits join gave");
		}
		return 0;
	case BD_REQ_PICK:
		if (bd_memory_move_parse((unsigned)nargs, arg, 0, &card, err) < 0)
			return -1;
		req->x = card % BD_DIM_MAX;
		req->y = card / BD_DIM_MAX;
		return req_move(req, arg, nargs, err);
	case BD_REQ_MOVE:
	case BD_REQ_SIDE:
		return req_move(req, arg, nargs, err);
	default:
		return 0;
	}
}

int bd_req_parse(const char *line, size_t len, struct bd_req *req, struct bd_err *err)
{
	char buf[BD_LINE_MAX + 1];
	const char *tok[BD_WORDS_MAX];

	memset(req, 0, sizeof *req);
	if (len >= BD_LINE_MAX)
		return bd_err_set(err, "toolong", "line longer than 511 bytes");
	if (memchr(line, '\0', len) != NULL)
		return bd_err_set(err, "syntax", "NUL byte in line");
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)line[i] > 126 || ((unsigned char)line[i] < 32 && line[i] != '\t' &&
						     !(line[i] == '\r' && i == len - 1)))
			return bd_err_set(err, "syntax", "control or non-ASCII byte in line");
	memcpy(buf, line, len);
	buf[len] = '\0';
	if (len > 0 && buf[len - 1] == '\r')
		buf[len - 1] = '\0';
	int n = split(buf, tok, BD_WORDS_MAX);
	/* Only play's options make a request longer than BD_TOKENS_MAX words. */
	if (n < 0 || (n > BD_TOKENS_MAX && strcmp(tok[0], req_words[BD_REQ_PLAY]) != 0))
		return bd_err_set(err, "syntax", "too many words");
	if (n == 0)
		return bd_err_set(err, "syntax", "empty line");
	int type = name_index(req_words, NELEM(req_words), tok[0]);
	if (type < 0)
		return bd_err_set(err, "unknown", "unknown request (try hello, games, play, list, boards, join, watch, "
				  "players, move, quit, ping)");
	req->type = (enum bd_req_type)type;
	if (n - 1 < req_args[type][0] || n - 1 > req_args[type][1])
		return bd_err_set(err, "syntax",
				  type == BD_REQ_HELLO ? BD_REASON("usage: hello NAME player|bot|spectator") :
				  type == BD_REQ_JOIN ? BD_REASON("usage: join BOARD [TOKEN]") :
				  type == BD_REQ_PICK ? BD_REASON("usage: pick X Y") :
				  type == BD_REQ_MOVE ? BD_REASON("usage: move WORD... (the game's move; see PROTOCOL.md)") :
				  type == BD_REQ_SIDE ? BD_REASON("usage: side SIDE|any (the side you want in your next match)") :
				  type == BD_REQ_PLAY ? BD_REASON("usage: play GAME [KEY=VALUE...] [side=SIDE] [opponent=NAME]") :
				  type == BD_REQ_WATCH ? BD_REASON("usage: watch TABLE") :
				  BD_REASON("this request takes no arguments"));
	return req_args_parse(req, tok + 1, n - 1, err);
}

void bd_line_mem(struct bd_line *o, const char *s, size_t k)
{
	for (size_t i = 0; i < k; i++, o->n++)
		if (o->n + 1 < o->len)
			o->buf[o->n] = s[i];
}

void bd_line_str(struct bd_line *o, const char *s) { bd_line_mem(o, s, strlen(s)); }

void bd_line_uint(struct bd_line *o, uint64_t v)
{
	char d[20];
	size_t i = sizeof d;

	do
		d[--i] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	bd_line_mem(o, d + i, sizeof d - i);
}

/* How many times letter occurs in spec before position at. */
static unsigned spec_nth(const char *spec, const char *at)
{
	unsigned n = 0;

	for (; spec < at; spec++)
		n += *spec == *at;
	return n;
}

/* Append one spec letter's field of ev: the core's letters here, a game's by its codec g. */
static void event_put(struct bd_line *o, const struct bd_event *ev, const struct bd_game *g, const char *spec,
		      const char *at, unsigned dim, const char *result)
{
	char colour[8];

	switch (*at) {
	case 'p': bd_line_uint(o, ev->player); return;
	case 'n': bd_line_uint(o, ev->n); return;
	case 'm': bd_line_uint(o, ev->m); return;
	case 's': bd_line_str(o, bd_game_state_name(ev->n)); return;
	case 'N': bd_line_mem(o, ev->name, strnlen(ev->name, sizeof ev->name)); return;
	case 'L': bd_line_str(o, ev->login[0] ? ev->login : "?"); return;
	case 'c':
		bd_colour_hex(ev->colour, colour);
		bd_line_str(o, colour);
		return;
	case 'R': bd_line_str(o, result); return;
	case 'B': bd_line_str(o, ev->n == BD_BYE_UPGRADE ? "upgrade" : "shutdown"); return;
	}
	if (g != NULL)
		g->field_put(o, ev, *at, spec_nth(spec, at), dim);
}

/* The word and spec of an event type, and the codec of a game's (NULL for the core's):
 * 0, or -1 if the type is nobody's. */
static int event_kind(unsigned type, const char **word, const char **spec, const struct bd_game **g)
{
	*g = bd_game_of_event(type);
	if (*g != NULL) {
		*word = (*g)->event_words[type - BD_EV_GAME_FIRST((*g)->kind)];
		*spec = (*g)->event_specs[type - BD_EV_GAME_FIRST((*g)->kind)];
		return 0;
	}
	*word = name_of(event_words, NELEM(event_words), type);
	*spec = type < NELEM(event_specs) ? event_specs[type] : NULL;
	return *spec != NULL ? 0 : -1;
}

int bd_event_format(char *buf, size_t len, const struct bd_event *ev, unsigned dim,
		    const char *result, unsigned points)
{
	struct bd_line o = {buf, len, 0};
	struct bd_event e = *ev;
	const char *word, *spec;
	const struct bd_game *g;
	int known = event_kind(e.type, &word, &spec, &g) == 0;

	if (e.type == BD_EV_OVER)
		e.m = points; /* the recipient's own */
	bd_line_str(&o, "EVENT ");
	bd_line_uint(&o, e.seq);
	bd_line_str(&o, known ? " " : " unknown");
	bd_line_str(&o, known ? word : "");
	for (const char *at = spec; known && *at; at++) {
		bd_line_str(&o, " ");
		event_put(&o, &e, g, spec, at, dim, result);
	}
	bd_line_str(&o, "\n");
	if (len > 0)
		buf[o.n < len ? o.n : len - 1] = '\0';
	return (int)o.n;
}

/* The name of the field at spec[i] of an event of type of codec g (NULL: the core's). */
static const char *event_field_name(unsigned type, const struct bd_game *g, const char *spec, unsigned i)
{
	if (g == NULL)
		return type < NELEM(event_fields) && i < 4 && event_fields[type][i] ? event_fields[type][i] : "?";
	for (const struct bd_field_name *f = g->field_names; f != NULL && f->letter; f++)
		if (f->letter == spec[i])
			return f->name;
	if (spec[i] == 'p')
		return "seat";
	return spec[i] == 'n' ? "n" : spec[i] == 'm' ? "m" : "?";
}

unsigned bd_event_fields(const struct bd_event *ev, unsigned dim, const char *result, const char **word,
			 struct bd_field f[BD_FIELDS_MAX])
{
	const char *spec;
	const struct bd_game *g;
	unsigned n = 0;

	if (event_kind(ev->type, word, &spec, &g) < 0) {
		*word = NULL;
		return 0;
	}
	for (const char *at = spec; *at && n < BD_FIELDS_MAX; at++, n++) {
		struct bd_line o = {f[n].text, sizeof f[n].text, 0};
		event_put(&o, ev, g, spec, at, dim, result);
		f[n].text[o.n < o.len ? o.n : o.len - 1] = '\0';
		f[n].name = event_field_name(ev->type, g, spec, (unsigned)(at - spec));
		f[n].number = strchr("pnm", *at) != NULL;
		f[n].wide = g != NULL && strchr(g->wide, *at) != NULL;
	}
	return n;
}

int bd_lobby_event_format(char *buf, size_t len, const struct bd_lobby_event *ev)
{
	const char *word = name_of(lobby_words, NELEM(lobby_words), ev->type);

	switch (ev->type) {
	case BD_LOBBY_WAIT:
		return snprintf(buf, len, "EVENT 0 %s %s %u\n", word, ev->game, ev->seconds);
	case BD_LOBBY_NOMATCH:
		return snprintf(buf, len, "EVENT 0 %s %s\n", word, ev->game);
	case BD_LOBBY_MATCHED:
		return snprintf(buf, len, "EVENT 0 %s %s %s\n", word, ev->table, ev->game);
	default:
		return snprintf(buf, len, "EVENT 0 %s %s %s\n", word, ev->table, ev->reason);
	}
}

int bd_msg_lobby_event(const struct bd_msg *m, struct bd_lobby_event *ev)
{
	static const int ntok[] = {[BD_LOBBY_WAIT] = 2, [BD_LOBBY_NOMATCH] = 1, [BD_LOBBY_MATCHED] = 2,
				   [BD_LOBBY_ABORTED] = 2};
	int type = m->kind == BD_MSG_EVENT && m->seq == 0 ? name_index(lobby_words, NELEM(lobby_words), m->word) : -1;

	memset(ev, 0, sizeof *ev);
	if (type < 0 || m->ntok != ntok[type])
		return -1;
	ev->type = (enum bd_lobby_ev)type;
	const char *game = type == BD_LOBBY_MATCHED ? m->tok[1] : m->tok[0];
	const char *table = m->tok[0];
	long secs = type == BD_LOBBY_WAIT ? bd_parse_uint(m->tok[1]) : 0;
	if (type != BD_LOBBY_ABORTED && !word_ok(game, BD_GAME_NAME_MAX, 1))
		return -1;
	if ((type == BD_LOBBY_MATCHED || type == BD_LOBBY_ABORTED) && !bd_name_ok(table, BD_BOARD_NAME_MAX))
		return -1;
	if (secs < 0 || (type == BD_LOBBY_ABORTED && !word_ok(m->tok[1], BD_REASON_MAX, 0)))
		return -1;
	if (type != BD_LOBBY_ABORTED)
		strcpy(ev->game, game);
	if (type == BD_LOBBY_MATCHED || type == BD_LOBBY_ABORTED)
		strcpy(ev->table, table);
	if (type == BD_LOBBY_ABORTED)
		strcpy(ev->reason, m->tok[1]);
	ev->seconds = (unsigned)secs;
	return 0;
}

int bd_event_for(const struct bd_event *ev, int seat)
{
	return ev->to == BD_NO_PLAYER || (seat >= 0 && ev->to == (unsigned)seat);
}


int bd_msg_parse(const char *line, struct bd_msg *m)
{
	size_t n = strcspn(line, "\r\n");

	memset(m, 0, sizeof *m);
	if (n > BD_LINE_MAX)
		return -1;
	memcpy(m->buf, line, n);
	m->buf[n] = '\0';
	memcpy(m->line, m->buf, n + 1);
	const char *tok[BD_WORDS_MAX + 3];
	char *errtext = NULL;
	if (strncmp(m->buf, "ERR ", 4) == 0) {
		/* The text after the code is free prose: keep it whole. */
		char *sp = strchr(m->buf + 4, ' ');
		if (sp != NULL) {
			*sp = '\0';
			errtext = sp + 1;
		}
	}
	int nt = split(m->buf, tok, BD_WORDS_MAX + 3);
	if (nt < 1)
		return -1;
	int first = 2;
	if (strcmp(tok[0], "OK") == 0 && nt >= 2)
		m->kind = BD_MSG_OK;
	else if (strcmp(tok[0], "ERR") == 0 && nt >= 2)
		m->kind = BD_MSG_ERR, m->text = errtext ? errtext : "";
	else if (strcmp(tok[0], "EVENT") == 0 && nt >= 3) {
		char *end;
		m->kind = BD_MSG_EVENT;
		m->seq = strtoull(tok[1], &end, 10);
		if (*end)
			return -1;
		first = 3;
	} else if (strcmp(tok[0], "BOARDD") == 0 && nt >= 2) {
		m->kind = BD_MSG_GREETING;
		first = 1;
	} else if (nt >= 1 && tok[0][0] >= 'A' && tok[0][0] <= 'Z') {
		m->kind = BD_MSG_DATA;
		first = 1;
	} else
		return -1;
	m->word = m->kind == BD_MSG_EVENT ? tok[2] : m->kind == BD_MSG_GREETING || m->kind == BD_MSG_DATA ? tok[0] : tok[1];
	for (int i = first; i < nt && m->ntok < BD_WORDS_MAX; i++)
		m->tok[m->ntok++] = tok[i];
	return 0;
}


/* Tokens a spec takes: one per letter, two for a game's wide letters. */
static int spec_tokens(const char *spec, const struct bd_game *g)
{
	int n = 0;
	for (; *spec; spec++)
		n += g != NULL && strchr(g->wide, *spec) != NULL ? 2 : 1;
	return n;
}

/* A bye's reason word as enum bd_bye_reason: a reason of a later version is a goodbye all
 * the same. */
static int bye_reason(const char *word)
{
	return strcmp(word, "upgrade") == 0 ? BD_BYE_UPGRADE : BD_BYE_SHUTDOWN;
}

/* Read one core spec letter's token into ev: 0, -1 if malformed, 1 if the letter is not
 * the core's (c, R and B are checked by their letter alone). */
static int event_field(struct bd_event *ev, char letter, const char *a)
{
	long v = 0;

	switch (letter) {
	case 'p':
		v = bd_parse_uint(a);
		ev->player = (uint16_t)v;
		return v >= 0 && v < BD_PLAYERS_MAX ? 0 : -1;
	case 'n': case 'm':
		v = bd_parse_uint(a);
		*(letter == 'n' ? &ev->n : &ev->m) = (uint32_t)v;
		return v < 0 ? -1 : 0;
	case 's':
		v = name_index(game_states, NELEM(game_states), a);
		ev->n = (uint32_t)v;
		return v < 0 ? -1 : 0;
	case 'N':
		if (!bd_player_name_ok(a))
			return -1;
		strcpy(ev->name, a);
		return 0;
	case 'L':
		if (!bd_player_name_ok(a)) /* a login is shown under the same rules as a name */
			return -1;
		strcpy(ev->login, a);
		return 0;
	case 'B':
		ev->n = (unsigned)bye_reason(a);
		return 0;
	case 'c': case 'R':
		return 0;
	default:
		return 1;
	}
}

/* The type of an event word: the core's, else a game's; -1 if nobody's. */
static int event_type_of(const char *word)
{
	int type = name_index(event_words, NELEM(event_words), word);

	for (unsigned i = 0; type < 0 && bd_game_at(i) != NULL; i++) {
		const struct bd_game *g = bd_game_at(i);
		int k = name_index(g->event_words, g->nevents, word);
		if (k >= 0)
			type = (int)BD_EV_GAME_FIRST(g->kind) + k;
	}
	return type;
}

int bd_msg_event(const struct bd_msg *m, unsigned dim, struct bd_event *ev)
{
	int type;
	const char *word, *spec;
	const struct bd_game *g;

	memset(ev, 0, sizeof *ev);
	ev->to = BD_NO_PLAYER;
	if (m->kind != BD_MSG_EVENT || (type = event_type_of(m->word)) < 0 ||
	    event_kind((unsigned)type, &word, &spec, &g) < 0 || m->ntok != spec_tokens(spec, g))
		return -1;
	ev->type = (uint16_t)type;
	ev->seq = m->seq;
	const char *const *t = m->tok;
	for (const char *at = spec; *at; at++) {
		int wide = g != NULL && strchr(g->wide, *at) != NULL, rc = event_field(ev, *at, *t);
		if (rc < 0 || (rc > 0 && (g == NULL || g->field_parse(ev, *at, spec_nth(spec, at), t, dim) < 0)))
			return -1;
		t += wide ? 2 : 1;
	}
	return 0;
}

int bd_msg_bye(const struct bd_msg *m)
{
	if (m->kind != BD_MSG_EVENT || strcmp(m->word, "bye") != 0)
		return -1;
	return m->ntok > 0 ? bye_reason(m->tok[0]) : BD_BYE_SHUTDOWN;
}

void bd_snap_lines(const struct bd_pub *snap, size_t size, void (*put)(void *arg, const char *line), void *arg)
{
	static const char hex[] = "0123456789abcdef";
	const uint8_t *b = (const uint8_t *)snap;
	char line[BD_LINE_MAX];

	for (size_t at = 0; at < size; at += BD_SNAP_CHUNK) {
		size_t n = size - at < BD_SNAP_CHUNK ? size - at : BD_SNAP_CHUNK, zero = 0;
		while (zero < n && b[at + zero] == 0)
			zero++;
		if (zero == n)
			continue;
		int k = snprintf(line, sizeof line, "SNAP %zu ", at);
		for (size_t i = 0; i < n; i++) {
			line[k++] = hex[b[at + i] >> 4];
			line[k++] = hex[b[at + i] & 15];
		}
		line[k++] = '\n';
		line[k] = '\0';
		put(arg, line);
	}
}

/* One hex digit's value, -1 if c is none (lower case only, as bd_snap_lines writes). */
static int snap_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int bd_snap_line(struct bd_pub *out, size_t size, const struct bd_msg *m)
{
	if (m->kind != BD_MSG_DATA || m->ntok != 2 || strcmp(m->word, "SNAP") != 0)
		return -1;
	long at = bd_parse_uint(m->tok[0]);
	size_t len = strlen(m->tok[1]), n = len / 2;
	if (at < 0 || len % 2 != 0 || n == 0 || n > BD_SNAP_CHUNK || (size_t)at > size || n > size - (size_t)at)
		return -1;
	uint8_t *b = (uint8_t *)out + at;
	for (size_t i = 0; i < n; i++) {
		int hi = snap_digit(m->tok[1][2 * i]), lo = snap_digit(m->tok[1][2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		b[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}
