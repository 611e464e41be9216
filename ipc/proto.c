/* proto.c: parse and format the protocol's lines. */
#include "proto.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "colour.h"
#include "shm.h"

static const char *const req_words[] = {
	[BD_REQ_HELLO] = "hello", [BD_REQ_BOARDS] = "boards", [BD_REQ_JOIN] = "join",
	[BD_REQ_PLAYERS] = "players", [BD_REQ_CARDS] = "cards", [BD_REQ_PICK] = "pick",
	[BD_REQ_QUIT] = "quit", [BD_REQ_PING] = "ping",
};
/* Number of arguments each request takes: min and max. */
static const int req_args[][2] = {
	[BD_REQ_HELLO] = {2, 2}, [BD_REQ_BOARDS] = {0, 0}, [BD_REQ_JOIN] = {1, 2},
	[BD_REQ_PLAYERS] = {0, 0}, [BD_REQ_CARDS] = {0, 0}, [BD_REQ_PICK] = {2, 2},
	[BD_REQ_QUIT] = {0, 0}, [BD_REQ_PING] = {0, 0},
};
static const char *const role_names[] = {"player", "bot", "spectator"};
static const char *const game_states[] = {"waiting", "on", "frozen", "over"};
static const char *const player_states[] = {"empty", "waiting", "playing", "away"};
static const char *const card_states[] = {"down", "up", "locked"};
static const char *const event_words[] = {
	[BD_EV_JOIN] = "join", [BD_EV_LEAVE] = "leave", [BD_EV_UP] = "up", [BD_EV_DOWN] = "down",
	[BD_EV_MATCH] = "match", [BD_EV_MISMATCH] = "mismatch", [BD_EV_STATE] = "state",
	[BD_EV_OVER] = "over", [BD_EV_BYE] = "bye", [BD_EV_RESYNC] = "resync",
};
static const char *const down_reasons[] = {
	[BD_DOWN_TIMEOUT] = "timeout", [BD_DOWN_MISMATCH] = "mismatch",
	[BD_DOWN_RESTART] = "restart", [BD_DOWN_QUIT] = "quit", [BD_DOWN_REPICK] = "repick",
};
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* The wire format of every event, for bd_event_format and bd_msg_event alike: the tokens
 * after the event's word, one letter each: C card (x y: two tokens), v value (value1, then
 * value2), p player, n and m numbers, r down reason (in n), s game state (in n), N name,
 * L login, c colour, R the recipient's result, B the bye reason. The parser checks c, R
 * and B by their letter alone. */
static const char *const event_specs[] = {
	[BD_EV_JOIN] = "pcNL", [BD_EV_LEAVE] = "p", [BD_EV_UP] = "Cvp", [BD_EV_DOWN] = "Cr",
	[BD_EV_MATCH] = "CCvpn", [BD_EV_MISMATCH] = "CvCvp", [BD_EV_STATE] = "sm",
	[BD_EV_OVER] = "nRm", [BD_EV_BYE] = "B", [BD_EV_RESYNC] = "n",
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
const char *bd_card_state_name(unsigned s) { return name_of(card_states, NELEM(card_states), s); }

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

/* Fill in the arguments of a request whose word and argument count are already checked. */
static int req_args_parse(struct bd_req *req, const char **arg, int nargs, struct bd_err *err)
{
	long v;

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
	case BD_REQ_JOIN:
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
		if ((v = bd_parse_uint(arg[0])) < 0 || v >= BD_DIM_MAX)
			return bd_err_set(err, "range", "x must be a column number on the board");
		req->x = (unsigned)v;
		if ((v = bd_parse_uint(arg[1])) < 0 || v >= BD_DIM_MAX)
			return bd_err_set(err, "range", "y must be a row number on the board");
		req->y = (unsigned)v;
		return 0;
	default:
		return 0;
	}
}

int bd_req_parse(const char *line, size_t len, struct bd_req *req, struct bd_err *err)
{
	char buf[BD_LINE_MAX + 1];
	const char *tok[BD_TOKENS_MAX];

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
	int n = split(buf, tok, BD_TOKENS_MAX);
	if (n < 0)
		return bd_err_set(err, "syntax", "too many words");
	if (n == 0)
		return bd_err_set(err, "syntax", "empty line");
	int type = name_index(req_words, NELEM(req_words), tok[0]);
	if (type < 0)
		return bd_err_set(err, "unknown", "unknown request (try hello, boards, join, players, cards, pick, quit, ping)");
	req->type = (enum bd_req_type)type;
	if (n - 1 < req_args[type][0] || n - 1 > req_args[type][1])
		return bd_err_set(err, "syntax", type == BD_REQ_HELLO ? "usage: hello NAME player|bot|spectator" :
				      type == BD_REQ_JOIN ? "usage: join BOARD [TOKEN]" :
				      type == BD_REQ_PICK ? "usage: pick X Y" : "this request takes no arguments");
	return req_args_parse(req, tok + 1, n - 1, err);
}

/* A line being written into buf: like snprintf, bytes past len are counted, not stored. */
struct line_out {
	char *buf;
	size_t len, n;
};

/* Append k bytes of s. */
static void put_mem(struct line_out *o, const char *s, size_t k)
{
	for (size_t i = 0; i < k; i++, o->n++)
		if (o->n + 1 < o->len)
			o->buf[o->n] = s[i];
}

/* Append a string. */
static void put_str(struct line_out *o, const char *s) { put_mem(o, s, strlen(s)); }

/* Append v in decimal. */
static void put_uint(struct line_out *o, uint64_t v)
{
	char d[20];
	size_t i = sizeof d;

	do
		d[--i] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	put_mem(o, d + i, sizeof d - i);
}

/* Append one spec letter's field(s) of ev; *ncards and *nvalues count the cards and values
 * written so far (the first is card1/value1, the next card2/value2). */
static void event_put(struct line_out *o, const struct bd_event *ev, char letter, unsigned dim,
		      const char *result, int *ncards, int *nvalues)
{
	char colour[8];
	const char *value;
	int card;

	switch (letter) {
	case 'C':
		card = (*ncards)++ == 0 ? ev->card1 : ev->card2;
		put_uint(o, dim ? (unsigned)card % dim : 0);
		put_str(o, " ");
		put_uint(o, dim ? (unsigned)card / dim : 0);
		return;
	case 'v':
		value = (*nvalues)++ == 0 ? ev->value1 : ev->value2;
		put_mem(o, value, strnlen(value, 2));
		return;
	case 'p': put_uint(o, ev->player); return;
	case 'n': put_uint(o, ev->n); return;
	case 'm': put_uint(o, ev->m); return;
	case 'r': put_str(o, name_of(down_reasons, NELEM(down_reasons), ev->n)); return;
	case 's': put_str(o, bd_game_state_name(ev->n)); return;
	case 'N': put_mem(o, ev->name, strnlen(ev->name, sizeof ev->name)); return;
	case 'L': put_str(o, ev->login[0] ? ev->login : "?"); return;
	case 'c':
		bd_colour_hex(ev->colour, colour);
		put_str(o, colour);
		return;
	case 'R': put_str(o, result); return;
	case 'B': put_str(o, "shutdown"); return;
	}
}

int bd_event_format(char *buf, size_t len, const struct bd_event *ev, unsigned dim,
		    const char *result, unsigned points)
{
	struct line_out o = {buf, len, 0};
	struct bd_event e = *ev;
	int ncards = 0, nvalues = 0;
	const char *spec = e.type < NELEM(event_specs) ? event_specs[e.type] : NULL;

	if (e.type == BD_EV_OVER)
		e.m = points; /* the recipient's own */
	put_str(&o, "EVENT ");
	put_uint(&o, e.seq);
	put_str(&o, spec != NULL ? " " : " unknown");
	put_str(&o, spec != NULL ? event_words[e.type] : "");
	for (; spec != NULL && *spec; spec++) {
		put_str(&o, " ");
		event_put(&o, &e, *spec, dim, result, &ncards, &nvalues);
	}
	put_str(&o, "\n");
	if (len > 0)
		buf[o.n < len ? o.n : len - 1] = '\0';
	return (int)o.n;
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
	const char *tok[BD_TOKENS_MAX + 3];
	char *errtext = NULL;
	if (strncmp(m->buf, "ERR ", 4) == 0) {
		/* The text after the code is free prose: keep it whole. */
		char *sp = strchr(m->buf + 4, ' ');
		if (sp != NULL) {
			*sp = '\0';
			errtext = sp + 1;
		}
	}
	int nt = split(m->buf, tok, BD_TOKENS_MAX + 3);
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
	for (int i = first; i < nt && m->ntok < BD_TOKENS_MAX; i++)
		m->tok[m->ntok++] = tok[i];
	return 0;
}

/* Card number of tokens x y, or -1 if they are not on a dim board. */
static int card_at(const char *xs, const char *ys, unsigned dim)
{
	long x = bd_parse_uint(xs), y = bd_parse_uint(ys);
	if (x < 0 || y < 0 || (unsigned long)x >= dim || (unsigned long)y >= dim)
		return -1;
	return (int)(y * (long)dim + x);
}

/* Tokens needed by a spec (C takes two). */
static int spec_tokens(const char *spec)
{
	int n = 0;
	for (; *spec; spec++)
		n += *spec == 'C' ? 2 : 1;
	return n;
}

/* Read one spec letter's token(s) into ev; -1 if malformed. */
static int event_field(struct bd_event *ev, char letter, const char *const **t, unsigned dim, int *ncards, int *nvalues)
{
	const char *a = *(*t)++;
	long v = 0;

	switch (letter) {
	case 'C':
		v = card_at(a, *(*t)++, dim);
		if (v < 0)
			return -1;
		*((*ncards)++ == 0 ? &ev->card1 : &ev->card2) = (int16_t)v;
		return 0;
	case 'v':
		if (strlen(a) != 2)
			return -1;
		memcpy((*nvalues)++ == 0 ? ev->value1 : ev->value2, a, 2);
		return 0;
	case 'p':
		v = bd_parse_uint(a);
		ev->player = (uint16_t)v;
		return v >= 0 && v < BD_PLAYERS_MAX ? 0 : -1;
	case 'n': case 'm':
		v = bd_parse_uint(a);
		*(letter == 'n' ? &ev->n : &ev->m) = (uint32_t)v;
		return v < 0 ? -1 : 0;
	case 'r':
		v = name_index(down_reasons, NELEM(down_reasons), a);
		ev->n = (uint32_t)v;
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
	default:
		return 0;
	}
}

int bd_msg_event(const struct bd_msg *m, unsigned dim, struct bd_event *ev)
{
	int type, ncards = 0, nvalues = 0;

	memset(ev, 0, sizeof *ev);
	ev->card1 = ev->card2 = -1;
	if (m->kind != BD_MSG_EVENT || (type = name_index(event_words, NELEM(event_words), m->word)) < 0 ||
	    m->ntok != spec_tokens(event_specs[type]))
		return -1;
	ev->type = (uint16_t)type;
	ev->seq = m->seq;
	const char *const *t = m->tok;
	for (const char *spec = event_specs[type]; *spec; spec++)
		if (event_field(ev, *spec, &t, dim, &ncards, &nvalues) < 0)
			return -1;
	if (type == BD_EV_MATCH)
		memcpy(ev->value2, ev->value1, 2);
	return 0;
}
