/* lobby.c: what the daemon's lobby says on its socket (unlike the other commands, this needs
 * a daemon that answers): `boardctl games`, the kinds of game with their seats and options,
 * and the lobby part of `boardctl list`, the tables with their seats and spectators and the
 * players waiting in each queue. Every name shown was checked by the client library. */
#include <string.h>

#include "ctl.h"
#include "ipc/client.h"

/* Connect to the daemon and say hello as a spectator: 0, or -1 with why in err. */
static int lobby_open(const struct ctl *c, struct bd_client *cl, char *err, size_t len)
{
	if (bd_client_connect(cl, c->socket, err, len) < 0)
		return -1;
	if (bd_client_hello(cl, "boardctl", BD_ROLE_SPECTATOR, err, len) < 0) {
		bd_client_close(cl);
		return -1;
	}
	return 0;
}

/* Say that the lobby could not be read, and why; returns CTL_ERROR. */
static int lobby_fail(const struct ctl *c, const char *what, const char *why)
{
	fprintf(stderr, "boardctl: %s: no answer from the daemon on %s: %s\n", what, c->socket, why);
	return CTL_ERROR;
}

/* Options as text: k=v joined by sep, "-" for none. */
static void lobby_opts_text(const struct bd_options *o, const char *sep)
{
	if (o->n == 0)
		fputs("-", stdout);
	for (unsigned i = 0; i < o->n; i++)
		printf("%s%s=%s", i ? sep : "", o->opt[i].key, o->opt[i].value);
}

/* Options as a JSON object named key: each value a string, as the daemon sends it. */
static void lobby_opts_json(struct json *j, const char *key, const struct bd_options *o)
{
	json_object(j, key);
	for (unsigned i = 0; i < o->n; i++)
		json_str(j, o->opt[i].key, o->opt[i].value);
	json_close(j);
}

/* The games reply, as text or JSON. */
static void games_print(const struct ctl *c, const struct bd_games *g)
{
	struct json j;

	if (c->json) {
		json_start(&j, stdout);
		json_object(&j, NULL);
		json_str(&j, "socket", c->socket);
		json_array(&j, "games");
		for (size_t i = 0; i < g->n; i++) {
			json_object(&j, NULL);
			json_str(&j, "name", g->game[i].game);
			json_uint(&j, "seats", g->game[i].seats);
			lobby_opts_json(&j, "options", &g->game[i].opts);
			json_close(&j);
		}
		json_close(&j);
		json_close(&j);
		json_finish(&j);
		return;
	}
	printf("%-12s  %5s  %s\n", "game", "seats", "options (defaults)");
	for (size_t i = 0; i < g->n; i++) {
		printf("%-12s  %5u  ", g->game[i].game, g->game[i].seats);
		lobby_opts_text(&g->game[i].opts, " ");
		putchar('\n');
	}
}

int games_run(const struct ctl *c)
{
	struct bd_client cl;
	struct bd_games g;
	char err[300];

	if (lobby_open(c, &cl, err, sizeof err) < 0)
		return lobby_fail(c, "games", err);
	int rc = bd_client_games(&cl, &g, err, sizeof err);
	bd_client_close(&cl);
	if (rc == 0)
		games_print(c, &g);
	bd_games_free(&g);
	return rc == 0 ? CTL_OK : lobby_fail(c, "games", err);
}

/* The list reply as text: each table with its seats below it, then the waiting players. */
static void lobby_text(const struct bd_lobby *l)
{
	printf("\nlobby: %zu tables, %zu waiting to play\n", l->ntables, l->nwaiting);
	if (l->ntables > 0)
		printf("  %-24s  %-12s  %-7s  %7s  %8s  %s\n", "table", "game", "state", "players", "watching", "options");
	for (size_t t = 0; t < l->ntables; t++) {
		const struct bd_table_info *ti = &l->table[t];
		printf("  %-24s  %-12s  %-7s  %7u  %8u  ", ti->table, ti->game, ti->state, ti->players, ti->spectators);
		lobby_opts_text(&ti->opts, ",");
		putchar('\n');
		for (size_t s = 0; s < l->nseats; s++)
			if (l->seat[s].table == t)
				printf("    seat %u  %-8s  %s (user %s)\n", l->seat[s].seat, l->seat[s].state, l->seat[s].name,
				       l->seat[s].login);
	}
	if (l->nwaiting > 0)
		printf("  %-12s  %-32s  %-12s  %6s  %s\n", "waiting for", "name", "user", "left", "options");
	for (size_t w = 0; w < l->nwaiting; w++) {
		const struct bd_waiting_info *wi = &l->waiting[w];
		printf("  %-12s  %-32s  %-12s  %4u s  ", wi->game, wi->name, wi->login, wi->seconds);
		lobby_opts_text(&wi->opts, ",");
		putchar('\n');
	}
}

/* The list reply as the JSON member "lobby". */
static void lobby_json(struct json *j, const struct bd_lobby *l)
{
	json_object(j, "lobby");
	json_array(j, "tables");
	for (size_t t = 0; t < l->ntables; t++) {
		json_object(j, NULL);
		json_str(j, "name", l->table[t].table);
		json_str(j, "game", l->table[t].game);
		json_str(j, "state", l->table[t].state);
		json_uint(j, "players", l->table[t].players);
		json_uint(j, "spectators", l->table[t].spectators);
		lobby_opts_json(j, "options", &l->table[t].opts);
		json_array(j, "seats");
		for (size_t s = 0; s < l->nseats; s++) {
			if (l->seat[s].table != t)
				continue;
			json_object(j, NULL);
			json_uint(j, "seat", l->seat[s].seat);
			json_str(j, "state", l->seat[s].state);
			json_str(j, "name", l->seat[s].name);
			json_str(j, "login", l->seat[s].login);
			json_close(j);
		}
		json_close(j);
		json_close(j);
	}
	json_close(j);
	json_array(j, "waiting");
	for (size_t w = 0; w < l->nwaiting; w++) {
		json_object(j, NULL);
		json_str(j, "game", l->waiting[w].game);
		json_str(j, "name", l->waiting[w].name);
		json_str(j, "login", l->waiting[w].login);
		json_uint(j, "seconds_left", l->waiting[w].seconds);
		lobby_opts_json(j, "options", &l->waiting[w].opts);
		json_close(j);
	}
	json_close(j);
	json_close(j);
}

int lobby_list(const struct ctl *c, struct json *j)
{
	struct bd_client cl;
	struct bd_lobby l = {0};
	char err[300];
	int rc = -1;

	if (!c->answers) {
		if (c->json)
			json_null(j, "lobby");
		else
			printf("\nlobby: no daemon answers on %s\n", c->socket);
		return CTL_OK;
	}
	if (lobby_open(c, &cl, err, sizeof err) == 0) {
		rc = bd_client_list(&cl, &l, err, sizeof err);
		bd_client_close(&cl);
	}
	if (rc == 0 && c->json)
		lobby_json(j, &l);
	else if (rc == 0)
		lobby_text(&l);
	else if (c->json)
		json_null(j, "lobby");
	bd_lobby_free(&l);
	return rc == 0 ? CTL_OK : lobby_fail(c, "list", err);
}
