/* dump.c: the board as a grid with its state and player table (dump, players, watch).
 *
 * Grid cells: ".." face down; "kq3" face up, value kq, turned by player 3; "KQ3" locked
 * (matched) by player 3. On a terminal the owner's cells are drawn in the owner's colour,
 * locked ones in bold. */
#include <ctype.h>
#include <string.h>

#include "ctl.h"
#include "ipc/clock.h"
#include "ipc/colour.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

/* Decimal digits of v. */
static int digits(unsigned v)
{
	int n = 1;
	while (v >= 10)
		v /= 10, n++;
	return n;
}

/* Milliseconds until the restart of a game that is over, or -1 when none is due. */
static int64_t dump_restart_in(const struct bd_pub *p)
{
	if (p->game_state != BD_GAME_OVER || p->deadline_ms <= 0)
		return -1;
	int64_t left = p->deadline_ms - bd_now_ms();
	return left > 0 ? left : 0;
}

/* The lines above the grid: board, game, daemon. */
static void dump_header(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	int64_t restart = dump_restart_in(p);
	int alive = bd_pid_is_boardd(p->daemon_pid);
	char name[sizeof p->name];

	fprintf(f, "board %s (prefix %s): %ux%u cards, lock regions %ux%u\n",
		bd_printable(name, sizeof name, p->name), c->prefix,
		bd_memory_pub(p)->dim, bd_memory_pub(p)->dim, bd_memory_pub(p)->region_side, bd_memory_pub(p)->region_side);
	fprintf(f, "game %u %s: %u/%u cards locked, players %u (min %u), event %llu", p->game_number,
		bd_game_state_name(p->game_state), bd_memory_pub(p)->nlocked, bd_memory_pub(p)->dim * bd_memory_pub(p)->dim, p->nplaying, p->min_players,
		(unsigned long long)p->event_seq);
	if (restart >= 0)
		fprintf(f, ", restart in %.1f s", (double)restart / 1000);
	fprintf(f, "\ndaemon pid %d %s\n", (int)p->daemon_pid,
		alive ? "alive" : "DEAD: this is the board as it left it");
}

/* One grid cell, padded to width. */
static void dump_cell(FILE *f, const struct ctl *c, const struct bd_card *card, int width)
{
	char text[16];

	if (card->state == BD_CARD_DOWN) {
		fprintf(f, "%-*s", width, "..");
		return;
	}
	int locked = card->state == BD_CARD_LOCKED;
	int n = snprintf(text, sizeof text, "%c%c", locked ? toupper(card->value[0]) : card->value[0],
			 locked ? toupper(card->value[1]) : card->value[1]);
	if (card->owner == BD_NO_PLAYER)
		snprintf(text + n, sizeof text - (size_t)n, "?");
	else
		snprintf(text + n, sizeof text - (size_t)n, "%u", (unsigned)card->owner);
	ctl_colour_on(f, c, card->colour, locked);
	fputs(text, f);
	ctl_colour_off(f, c);
	if (width > (int)strlen(text))
		fprintf(f, "%*s", width - (int)strlen(text), "");
}

/* The cards, x across and y down, with a legend. */
static void dump_grid(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	unsigned n = bd_memory_pub(p)->dim * bd_memory_pub(p)->dim, top = 0;
	for (unsigned i = 0; i < n; i++)
		if (bd_memory_pub(p)->cards[i].state != BD_CARD_DOWN && bd_memory_pub(p)->cards[i].owner != BD_NO_PLAYER &&
		    bd_memory_pub(p)->cards[i].owner > top)
			top = bd_memory_pub(p)->cards[i].owner;
	int width = 2 + digits(top) + 2, label = digits(bd_memory_pub(p)->dim - 1);

	/* The last column gets no padding: no trailing blanks. */
	fprintf(f, "\n%*s  ", label, "");
	for (unsigned x = 0; x < bd_memory_pub(p)->dim; x++)
		fprintf(f, "%-*u", x + 1 < bd_memory_pub(p)->dim ? width : 0, x);
	fputc('\n', f);
	for (unsigned y = 0; y < bd_memory_pub(p)->dim; y++) {
		fprintf(f, "%*u  ", label, y);
		for (unsigned x = 0; x < bd_memory_pub(p)->dim; x++)
			dump_cell(f, c, &bd_memory_pub(p)->cards[y * bd_memory_pub(p)->dim + x], x + 1 < bd_memory_pub(p)->dim ? width : 0);
		fputc('\n', f);
	}
	fputs("(.. face down, ab3 face up by player 3, AB3 locked by player 3)\n", f);
}

/* The player table as text: every seat that is not empty. */
static void dump_players_text(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	char name[BD_NAME_MAX + 8], login[BD_LOGIN_MAX + 8], hex[8];
	int width = 4, seated = 0;

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (p->players[i].state != BD_PLAYER_EMPTY && (int)strlen(p->players[i].name) > width)
			width = (int)strlen(p->players[i].name);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		const struct bd_pub_player *pl = &p->players[i];
		if (pl->state == BD_PLAYER_EMPTY)
			continue;
		if (seated++ == 0)
			fprintf(f, "%4s  %-*s  %-7s  %-7s  %5s  %4s  %6s  %7s  %s\n", "id", width, "name", "state",
				"colour", "score", "last", "uid", "pid", "login");
		bd_colour_hex(pl->colour, hex);
		fprintf(f, "%4u  ", i);
		ctl_colour_on(f, c, pl->colour, 0);
		fputs(bd_printable(name, sizeof name, pl->name), f);
		ctl_colour_off(f, c);
		fprintf(f, "%*s  %-7s  %-7s  %5u  %4u  %6u  %7d  %s\n", width - (int)strlen(name), "",
			bd_player_state_name(pl->state), hex, pl->score, pl->last_score, pl->uid, (int)pl->pid,
			bd_printable(login, sizeof login, pl->login));
	}
	if (seated == 0)
		fputs("no players\n", f);
}

/* The player table as a JSON array named "players". */
static void dump_players_json(struct json *j, const struct bd_pub *p)
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
		json_uint(j, "score", pl->score);
		json_uint(j, "last_score", pl->last_score);
		json_uint(j, "uid", pl->uid);
		json_int(j, "pid", pl->pid);
		json_str(j, "login", pl->login);
		json_close(j);
	}
	json_close(j);
}

/* One card as a JSON object; value, owner and colour are null while it is face down. */
static void dump_card_json(struct json *j, const struct bd_pub *p, unsigned i)
{
	const struct bd_card *card = &bd_memory_pub(p)->cards[i];
	char value[3] = {card->value[0], card->value[1], '\0'}, hex[8];

	json_object(j, NULL);
	json_uint(j, "x", i % bd_memory_pub(p)->dim);
	json_uint(j, "y", i / bd_memory_pub(p)->dim);
	json_str(j, "state", bd_card_state_name(card->state));
	if (card->state == BD_CARD_DOWN || card->owner == BD_NO_PLAYER) {
		json_str(j, "value", card->state == BD_CARD_DOWN ? NULL : value);
		json_null(j, "owner");
		json_null(j, "colour");
	} else {
		bd_colour_hex(card->colour, hex);
		json_str(j, "value", value);
		json_uint(j, "owner", card->owner);
		json_str(j, "colour", hex);
	}
	json_close(j);
}

/* The whole dump as one JSON document. */
static void dump_json(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	struct json j;
	int64_t restart = dump_restart_in(p);

	json_start(&j, f);
	json_object(&j, NULL);
	json_str(&j, "board", p->name);
	json_str(&j, "prefix", c->prefix);
	json_uint(&j, "dim", bd_memory_pub(p)->dim);
	json_uint(&j, "region_side", bd_memory_pub(p)->region_side);
	json_uint(&j, "game", p->game_number);
	json_str(&j, "state", bd_game_state_name(p->game_state));
	json_uint(&j, "min_players", p->min_players);
	json_uint(&j, "playing", p->nplaying);
	json_uint(&j, "locked", bd_memory_pub(p)->nlocked);
	json_uint(&j, "event_seq", p->event_seq);
	if (restart >= 0)
		json_int(&j, "restart_in_ms", restart);
	else
		json_null(&j, "restart_in_ms");
	json_int(&j, "daemon_pid", p->daemon_pid);
	json_bool(&j, "daemon_alive", bd_pid_is_boardd(p->daemon_pid));
	json_array(&j, "cards");
	for (unsigned i = 0; i < bd_memory_pub(p)->dim * bd_memory_pub(p)->dim; i++)
		dump_card_json(&j, p, i);
	json_close(&j);
	dump_players_json(&j, p);
	json_close(&j);
	json_finish(&j);
}

void dump_frame(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	if (c->json) {
		dump_json(f, c, p);
		return;
	}
	dump_header(f, c, p);
	dump_grid(f, c, p);
	fputc('\n', f);
	dump_players_text(f, c, p);
}

int dump_run(const struct ctl *c)
{
	static struct bd_pub snap;

	if (ctl_snapshot(c, &snap) != CTL_OK)
		return CTL_ERROR;
	dump_frame(stdout, c, &snap);
	return CTL_OK;
}

int players_run(const struct ctl *c)
{
	static struct bd_pub snap;
	struct json j;

	if (ctl_snapshot(c, &snap) != CTL_OK)
		return CTL_ERROR;
	if (!c->json) {
		dump_players_text(stdout, c, &snap);
		return CTL_OK;
	}
	json_start(&j, stdout);
	json_object(&j, NULL);
	json_str(&j, "board", snap.name);
	dump_players_json(&j, &snap);
	json_close(&j);
	json_finish(&j);
	return CTL_OK;
}
