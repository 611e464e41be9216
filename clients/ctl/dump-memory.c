/* dump-memory.c: how boardctl shows a Memory table (ctl.h's struct ctl_view).
 *
 * Grid cells: ".." face down; "kq3" face up, value kq, turned by player 3; "KQ3" locked
 * (matched) by player 3; "KQ(3)" locked by a player of seat 3 that has left, named under
 * the grid from the table's record of departed seats. On a terminal the owner's cells are
 * drawn in the owner's colour, locked ones in bold. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "ipc/client.h"
#include "ipc/clock.h"
#include "ipc/colour.h"
#include "ipc/guard.h"
#include "ipc/proto.h"

/* Decimal digits of v. */
static int digits(unsigned v)
{
	int n = 1;
	while (v >= 10)
		v /= 10, n++;
	return n;
}

static void memory_shape(FILE *f, const struct bd_pub *p)
{
	const struct bd_memory_pub *m = bd_memory_pub(p);

	fprintf(f, "%ux%u cards, lock regions %ux%u", m->dim, m->dim, m->region_side, m->region_side);
}

static void memory_progress(FILE *f, const struct bd_pub *p)
{
	fprintf(f, "%u/%u cards locked", bd_memory_pub(p)->nlocked, bd_memory_pub(p)->dim * bd_memory_pub(p)->dim);
}

/* Whether the player that turned or locked card (not DOWN) has left its seat, in *gone, and
 * then the table's record of it (NULL if it is no longer kept). */
static const struct bd_departed *memory_gone(const struct bd_pub *p, const struct bd_card *card, int *gone)
{
	const struct bd_pub_player *seated = NULL;
	const struct bd_departed *left = NULL;

	if (card->state != BD_CARD_DOWN && card->owner != BD_NO_PLAYER)
		bd_seat_holder(p, card->owner, card->serial, BD_CARD_SERIAL_MASK, &seated, &left);
	*gone = card->state != BD_CARD_DOWN && card->owner != BD_NO_PLAYER && seated == NULL;
	return left;
}

/* One grid cell, padded to width. */
static void memory_cell(FILE *f, const struct ctl *c, const struct bd_pub *p, const struct bd_card *card, int width)
{
	char text[16];
	int gone;

	if (card->state == BD_CARD_DOWN) {
		fprintf(f, "%-*s", width, "..");
		return;
	}
	int locked = card->state == BD_CARD_LOCKED;
	memory_gone(p, card, &gone);
	int n = snprintf(text, sizeof text, "%c%c", locked ? toupper(card->value[0]) : card->value[0],
			 locked ? toupper(card->value[1]) : card->value[1]);
	if (card->owner == BD_NO_PLAYER)
		snprintf(text + n, sizeof text - (size_t)n, "?");
	else
		snprintf(text + n, sizeof text - (size_t)n, gone ? "(%u)" : "%u",
			 (unsigned)card->owner);
	ctl_colour_on(f, c, card->colour, locked);
	fputs(text, f);
	ctl_colour_off(f, c);
	if (width > (int)strlen(text))
		fprintf(f, "%*s", width - (int)strlen(text), "");
}

/* One seat's pick state and deadline (--private). */
static void memory_seat_secret(FILE *f, const struct bd_pub *p, unsigned s, const struct bd_memory_seat *seat,
			       int64_t deadline_ms, int64_t now)
{
	unsigned dim = bd_memory_pub(p)->dim, n = dim * dim;
	char name[BD_NAME_MAX + 8];

	fprintf(f, "player %u %s: ", s, bd_printable(name, sizeof name, p->players[s].name));
	if (seat->pick_state == BD_PICK_FIRST && seat->first >= 0 && (unsigned)seat->first < n)
		fprintf(f, "first pick %u %u", (unsigned)seat->first % dim, (unsigned)seat->first / dim);
	else if (seat->pick_state == BD_PICK_WAIT && seat->first >= 0 && seat->second >= 0 &&
		 (unsigned)seat->first < n && (unsigned)seat->second < n)
		fprintf(f, "mismatched %u %u and %u %u", (unsigned)seat->first % dim, (unsigned)seat->first / dim,
			(unsigned)seat->second % dim, (unsigned)seat->second / dim);
	else
		fputs("no pick", f);
	if (deadline_ms > 0)
		fprintf(f, ", deadline in %.1f s", (double)(deadline_ms - now) / 1000.0);
	fputc('\n', f);
}

/* The secrets (--private): every card's value and each seat's pick and deadline, copied from
 * the private segment through the guard (it may shrink), plainly marked. */
static void memory_secrets(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	struct bd_pub *snap = malloc(sizeof *snap);
	struct bd_found found;
	const struct bd_priv *priv = snap != NULL ? ctl_private(c, snap, &found) : NULL;
	struct bd_memory_priv *m = malloc(BD_PRIV_AREA_MAX);
	struct bd_priv_player *pl = malloc(sizeof priv->players);
	unsigned dim = bd_memory_pub(p)->dim, size = 0;

	if (priv == NULL || m == NULL || pl == NULL || bd_guard_copy(&size, &priv->area_size, sizeof size) < 0 ||
	    size > BD_PRIV_AREA_MAX || size < sizeof *m + dim * dim * sizeof m->cards[0] ||
	    bd_guard_copy(m, priv->area, size) < 0 || bd_guard_copy(pl, priv->players, sizeof priv->players) < 0 ||
	    m->dim != dim) {
		fputs("\nSECRET: the private segment could not be read\n", f);
		goto out;
	}
	fputs("\nSECRET (from the private segment: the daemon's user and root only)\nvalues:\n", f);
	for (unsigned y = 0; y < dim; y++) {
		fprintf(f, "%*u ", digits(dim - 1), y);
		for (unsigned x = 0; x < dim; x++)
			fprintf(f, " %c%c", m->cards[y * dim + x].value[0], m->cards[y * dim + x].value[1]);
		fputc('\n', f);
	}
	int64_t now = bd_now_ms();
	for (unsigned s = 0; s < BD_PLAYERS_MAX; s++)
		if (p->players[s].state != BD_PLAYER_EMPTY)
			memory_seat_secret(f, p, s, &m->seats[s], pl[s].deadline_ms, now);
out:
	bd_priv_unmap(priv);
	free(snap);
	free(m);
	free(pl);
}

/* Under the grid, the players that left whose cards it still shows: each one's seat, name,
 * login and when it left, from the table's record; or that the record of one is gone. */
static void memory_departed(FILE *f, const struct bd_pub *p)
{
	static const struct bd_departed *rec[BD_CARDS_MAX]; /* each card's departed owner's record */
	const struct bd_memory_pub *m = bd_memory_pub(p);
	unsigned n = m->dim * m->dim, lost = 0, said = 0;
	char name[BD_NAME_MAX + 8], login[BD_LOGIN_MAX + 8], when[40];
	int gone;

	for (unsigned i = 0; i < n; i++) {
		rec[i] = memory_gone(p, &m->cards[i], &gone); /* NULL unless gone */
		lost += gone && rec[i] == NULL;
	}
	for (uint32_t k = 0; k < BD_DEPARTED_MAX && k < p->ndeparted; k++) {
		const struct bd_departed *d = &p->departed[(p->ndeparted - 1 - k) % BD_DEPARTED_MAX];
		unsigned cards = 0;
		for (unsigned i = 0; i < n; i++)
			cards += rec[i] == d;
		if (cards > 0 && said++ == 0)
			fputs("left the table, their cards still shown:\n", f);
		if (cards > 0)
			fprintf(f, "(%u) %s, login %s, left %s, %u cards\n", d->seat, bd_printable(name, sizeof name, d->name),
				bd_printable(login, sizeof login, d->login), events_time(when, sizeof when, d->left_ms), cards);
	}
	if (lost > 0)
		fprintf(f, "%u cards of players that left whose names are no longer recorded (the table keeps the "
			"last %u departures)\n", lost, BD_DEPARTED_MAX);
}

/* The cards, x across and y down, with a legend. */
static void memory_grid(FILE *f, const struct ctl *c, const struct bd_pub *p)
{
	const struct bd_memory_pub *m = bd_memory_pub(p);
	unsigned n = m->dim * m->dim, top = 0;
	int gone, any = 0;
	for (unsigned i = 0; i < n; i++) {
		if (m->cards[i].state != BD_CARD_DOWN && m->cards[i].owner != BD_NO_PLAYER && m->cards[i].owner > top)
			top = m->cards[i].owner;
		memory_gone(p, &m->cards[i], &gone);
		any |= gone;
	}
	int width = 2 + digits(top) + (any ? 2 : 0) + 2, label = digits(m->dim - 1);

	/* The last column gets no padding: no trailing blanks. */
	fprintf(f, "\n%*s  ", label, "");
	for (unsigned x = 0; x < m->dim; x++)
		fprintf(f, "%-*u", x + 1 < m->dim ? width : 0, x);
	fputc('\n', f);
	for (unsigned y = 0; y < m->dim; y++) {
		fprintf(f, "%*u  ", label, y);
		for (unsigned x = 0; x < m->dim; x++)
			memory_cell(f, c, p, &m->cards[y * m->dim + x], x + 1 < m->dim ? width : 0);
		fputc('\n', f);
	}
	fputs("(.. face down, ab3 face up by player 3, AB3 locked by player 3)\n", f);
	if (any)
		memory_departed(f, p);
	if (c->hands)
		memory_secrets(f, c, p);
}

static void memory_json_shape(struct json *j, const struct bd_pub *p)
{
	json_uint(j, "dim", bd_memory_pub(p)->dim);
	json_uint(j, "region_side", bd_memory_pub(p)->region_side);
}

static void memory_json_progress(struct json *j, const struct bd_pub *p)
{
	json_uint(j, "locked", bd_memory_pub(p)->nlocked);
}

/* One card as a JSON object; value, owner, its name, whether it left and colour are null
 * while it is face down; owner_name is null too for a player that left whose record is gone. */
static void memory_card_json(struct json *j, const struct bd_pub *p, unsigned i)
{
	const struct bd_card *card = &bd_memory_pub(p)->cards[i];
	const struct bd_pub_player *seated;
	const struct bd_departed *left;
	char value[3] = {card->value[0], card->value[1], '\0'}, hex[8];

	json_object(j, NULL);
	json_uint(j, "x", i % bd_memory_pub(p)->dim);
	json_uint(j, "y", i / bd_memory_pub(p)->dim);
	json_str(j, "state", bd_card_state_name(card->state));
	if (card->state == BD_CARD_DOWN || card->owner == BD_NO_PLAYER) {
		json_str(j, "value", card->state == BD_CARD_DOWN ? NULL : value);
		json_null(j, "owner");
		json_null(j, "owner_name");
		json_null(j, "owner_left");
		json_null(j, "colour");
	} else {
		bd_colour_hex(card->colour, hex);
		json_str(j, "value", value);
		json_uint(j, "owner", card->owner);
		json_str(j, "owner_name", bd_seat_holder(p, card->owner, card->serial, BD_CARD_SERIAL_MASK, &seated, &left));
		json_bool(j, "owner_left", seated == NULL);
		json_str(j, "colour", hex);
	}
	json_close(j);
}

static void memory_json_area(struct json *j, const struct bd_pub *p)
{
	json_array(j, "cards");
	for (unsigned i = 0; i < bd_memory_pub(p)->dim * bd_memory_pub(p)->dim; i++)
		memory_card_json(j, p, i);
	json_close(j);
}

const struct ctl_view ctl_view_memory = {
	.kind = BD_GAME_MEMORY, .shape = memory_shape, .progress = memory_progress, .grid = memory_grid,
	.json_shape = memory_json_shape, .json_progress = memory_json_progress, .json_area = memory_json_area,
	.sides = NULL,
};
