/* dump.c: the board as a grid with its state and player table (dump, players, watch); the
 * grid and what else is the game's come from its view (dump-<game>.c), found by its kind. */
#include <string.h>

#include "ctl.h"
#include "ipc/colour.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

static const struct ctl_view *const views[] = {
	&ctl_view_memory,
	&ctl_view_tictactoe,
	&ctl_view_qwirkle,
	&ctl_view_tafl,
	&ctl_view_quantik,
};

/* The view of snapshot p's game, NULL if this boardctl has none. */
static const struct ctl_view *dump_view(const struct bd_pub *p)
{
	for (size_t i = 0; i < sizeof views / sizeof views[0]; i++)
		if (views[i]->kind == p->game_kind)
			return views[i];
	return NULL;
}

unsigned dump_side_seat(const struct bd_pub *p, unsigned side)
{
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (p->players[i].state != BD_PLAYER_EMPTY && p->players[i].side == side)
			return i;
	return BD_NO_PLAYER;
}

/* Milliseconds until the restart of a game that is over, or -1 when none is due. */
static int64_t dump_restart_in(const struct ctl *c, const struct bd_pub *p)
{
	if (p->game_state != BD_GAME_OVER || p->deadline_ms <= 0)
		return -1;
	int64_t left = p->deadline_ms - ctl_now(c);
	return left > 0 ? left : 0;
}

/* The table's game options (header's options[], as its codec names them) as " options
 * k=v ..." into buf; empty if its game has none. */
static void dump_options(const struct bd_pub *p, char *buf, size_t len)
{
	const struct bd_game *g = bd_game_of_kind(p->game_kind);
	char words[BD_LINE_MAX] = "";

	if (g != NULL)
		bd_game_options_words(g, p->options, ' ', words, sizeof words);
	snprintf(buf, len, "%s%s", words[0] ? ", options " : "", words);
}

/* The lines above the grid: board, game, daemon. */
static void dump_header(FILE *f, const struct ctl *c, const struct ctl_view *v, const struct bd_pub *p)
{
	int64_t restart = dump_restart_in(c, p);
	int alive = ctl_alive(c, p);
	char name[sizeof p->name], opts[BD_LINE_MAX];

	fprintf(f, "board %s (prefix %s): ", bd_printable(name, sizeof name, p->name), c->prefix);
	v->shape(f, p);
	fprintf(f, "\ngame %u %s: ", p->game_number, bd_game_state_name(p->game_state));
	v->progress(f, p);
	fprintf(f, ", players %u (min %u), event %llu", p->nplaying, p->min_players, (unsigned long long)p->event_seq);
	dump_options(p, opts, sizeof opts);
	fputs(opts, f);
	if (restart >= 0)
		fprintf(f, ", restart in %.1f s", (double)restart / 1000);
	fprintf(f, "\ndaemon pid %d %s\n", (int)p->daemon_pid,
		alive ? "alive" : c->conn != NULL ? "GONE: the connection to it was lost; this is the board as it was then"
						  : "DEAD: this is the board as it left it");
}

/* A seat's side's name ("-" if it has none) in a game with sides. */
static const char *dump_side_name(const struct ctl_view *v, const struct bd_pub_player *pl)
{
	return pl->side < 2 ? v->sides[pl->side] : "-";
}

/* The width of the side column: its title's, or the longest side name's ("attackers"). */
static int dump_side_width(const struct ctl_view *v)
{
	int width = 4;

	for (unsigned i = 0; v->sides != NULL && i < 2; i++)
		if ((int)strlen(v->sides[i]) > width)
			width = (int)strlen(v->sides[i]);
	return width;
}

/* The player table as text: every seat that is not empty; a game with sides shows each
 * seat's side and its result in the last game that ended. */
static void dump_players_text(FILE *f, const struct ctl *c, const struct ctl_view *v, const struct bd_pub *p)
{
	char name[BD_NAME_MAX + 8], login[BD_LOGIN_MAX + 8], hex[8];
	int width = 4, seated = 0, side_width = dump_side_width(v);

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (p->players[i].state != BD_PLAYER_EMPTY && (int)strlen(p->players[i].name) > width)
			width = (int)strlen(p->players[i].name);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		const struct bd_pub_player *pl = &p->players[i];
		if (pl->state == BD_PLAYER_EMPTY)
			continue;
		if (seated++ == 0) {
			fprintf(f, "%4s  %-*s  %-7s  %-7s  ", "id", width, "name", "state", "colour");
			if (v->sides != NULL)
				fprintf(f, "%-*s  ", side_width, "side");
			fprintf(f, "%5s  %4s  ", "score", "last");
			if (v->sides != NULL)
				fprintf(f, "%-6s  ", "result");
			fprintf(f, "%6s  %7s  %s\n", "uid", "pid", "login");
		}
		bd_colour_hex(pl->colour, hex);
		fprintf(f, "%4u  ", i);
		ctl_colour_on(f, c, pl->colour, 0);
		fputs(bd_printable(name, sizeof name, pl->name), f);
		ctl_colour_off(f, c);
		fprintf(f, "%*s  %-7s  %-7s  ", width - (int)strlen(name), "", bd_player_state_name(pl->state), hex);
		if (v->sides != NULL)
			fprintf(f, "%-*s  ", side_width, dump_side_name(v, pl));
		fprintf(f, "%5u  %4u  ", pl->score, pl->last_score);
		if (v->sides != NULL)
			fprintf(f, "%-6s  ", bd_result_name(pl->result));
		fprintf(f, "%6u  %7d  %s\n", pl->uid, (int)pl->pid, bd_printable(login, sizeof login, pl->login));
	}
	if (seated == 0)
		fputs("no players\n", f);
}

/* The player table as a JSON array named "players" (with side and result in a game with
 * sides). */
static void dump_players_json(struct json *j, const struct ctl_view *v, const struct bd_pub *p)
{
	char hex[8];

	json_array(j, "players");
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		const struct bd_pub_player *pl = &p->players[i];
		if (pl->state == BD_PLAYER_EMPTY)
			continue;
		bd_colour_hex(pl->colour, hex);
		json_object(j, NULL);
		json_uint(j, "id", i);
		json_str(j, "name", pl->name);
		json_str(j, "state", bd_player_state_name(pl->state));
		json_str(j, "colour", hex);
		if (v->sides != NULL)
			json_str(j, "side", pl->side < 2 ? v->sides[pl->side] : NULL);
		json_uint(j, "score", pl->score);
		json_uint(j, "last_score", pl->last_score);
		if (v->sides != NULL)
			json_str(j, "result", bd_result_name(pl->result));
		json_uint(j, "uid", pl->uid);
		json_int(j, "pid", pl->pid);
		json_str(j, "login", pl->login);
		json_close(j);
	}
	json_close(j);
}

/* The table's record of departed seats as a JSON array named "departed", oldest first. */
static void dump_departed_json(struct json *j, const struct bd_pub *p)
{
	uint32_t kept = p->ndeparted < BD_DEPARTED_MAX ? p->ndeparted : BD_DEPARTED_MAX;
	char hex[8], when[40];

	json_array(j, "departed");
	for (uint32_t k = p->ndeparted - kept; k < p->ndeparted; k++) {
		const struct bd_departed *d = &p->departed[k % BD_DEPARTED_MAX];
		bd_colour_hex(d->colour, hex);
		json_object(j, NULL);
		json_uint(j, "id", d->seat);
		json_str(j, "name", d->name);
		json_str(j, "login", d->login);
		json_uint(j, "uid", d->uid);
		json_str(j, "colour", hex);
		json_uint(j, "game", d->game_number);
		json_uint(j, "score", d->score);
		json_str(j, "left", events_time(when, sizeof when, d->left_ms));
		json_int(j, "left_ms", d->left_ms);
		json_close(j);
	}
	json_close(j);
}

/* The table's game options as a JSON object (a word option's value a string), if its game
 * has any. */
static void dump_options_json(struct json *j, const struct bd_pub *p)
{
	const struct bd_game *g = bd_game_of_kind(p->game_kind);
	char word[BD_NAME_MAX + 1];

	if (g == NULL || g->noptions == 0)
		return;
	json_object(j, "options");
	for (unsigned i = 0; i < g->noptions; i++) {
		bd_game_option_text(&g->options[i], p->options[i], word, sizeof word);
		if (g->options[i].words != NULL)
			json_str(j, g->options[i].name, word);
		else
			json_int(j, g->options[i].name, p->options[i]);
	}
	json_close(j);
}

/* The whole dump as one JSON document. */
static void dump_json(FILE *f, const struct ctl *c, const struct ctl_view *v, const struct bd_pub *p)
{
	struct json j;
	int64_t restart = dump_restart_in(c, p);

	json_start(&j, f);
	json_object(&j, NULL);
	json_str(&j, "board", p->name);
	json_str(&j, "prefix", c->prefix);
	v->json_shape(&j, p);
	json_uint(&j, "game", p->game_number);
	json_str(&j, "state", bd_game_state_name(p->game_state));
	json_uint(&j, "min_players", p->min_players);
	dump_options_json(&j, p);
	json_uint(&j, "playing", p->nplaying);
	v->json_progress(&j, p);
	json_uint(&j, "event_seq", p->event_seq);
	if (restart >= 0)
		json_int(&j, "restart_in_ms", restart);
	else
		json_null(&j, "restart_in_ms");
	json_int(&j, "daemon_pid", p->daemon_pid);
	json_bool(&j, "daemon_alive", ctl_alive(c, p));
	v->json_area(&j, p);
	dump_players_json(&j, v, p);
	dump_departed_json(&j, p);
	json_close(&j);
	json_finish(&j);
}

/* Why snapshot p cannot be shown: its game has no view here. */
static void dump_no_view(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	char name[sizeof p->name];

	fprintf(f, "board %s (prefix %s): game kind %u, which this boardctl cannot show\n",
		bd_printable(name, sizeof name, p->name), c->prefix, (unsigned)p->game_kind);
}

void dump_frame(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	const struct ctl_view *v = dump_view(p);

	if (v == NULL)
		dump_no_view(f, c, p);
	else if (c->json)
		dump_json(f, c, v, p);
	else {
		dump_header(f, c, v, p);
		v->grid(f, c, p);
		fputc('\n', f);
		dump_players_text(f, c, v, p);
	}
}

int dump_hands_allowed(const struct ctl *c)
{
	static struct bd_pub snap;
	struct bd_found f;
	const struct bd_priv *priv = c->hands ? ctl_private(c, &snap, &f) : NULL;

	bd_priv_unmap(priv);
	return !c->hands || priv != NULL;
}

int dump_run(const struct ctl *c)
{
	static struct bd_pub snap;

	if (!dump_hands_allowed(c) || ctl_snapshot(c, &snap) != CTL_OK)
		return CTL_ERROR;
	dump_frame(stdout, c, &snap);
	return dump_view(&snap) != NULL ? CTL_OK : CTL_ERROR;
}

int players_run(const struct ctl *c)
{
	static struct bd_pub snap;
	const struct ctl_view *v;
	struct json j;

	if (ctl_snapshot(c, &snap) != CTL_OK)
		return CTL_ERROR;
	if ((v = dump_view(&snap)) == NULL) {
		dump_no_view(stderr, c, &snap);
		return CTL_ERROR;
	}
	if (!c->json) {
		dump_players_text(stdout, c, v, &snap);
		return CTL_OK;
	}
	json_start(&j, stdout);
	json_object(&j, NULL);
	json_str(&j, "board", snap.name);
	dump_players_json(&j, v, &snap);
	dump_departed_json(&j, &snap);
	json_close(&j);
	json_finish(&j);
	return CTL_OK;
}
