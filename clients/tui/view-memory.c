/* view-memory.c: Memory in board-tui. The three kinds of card differ in more than colour:
 * face down "####" dim; face up the value in lower case, "/" and the tag of who turned it,
 * bold; locked the value in upper case, "=" and the owner's tag ("?" once the owner left).
 * Everyone picks at once; a word on our own picks (a pair, a miss) shows under the board,
 * and while our first card is up, the seconds before it turns down. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"
#include "ipc/game/memory.h"
#include "tui.h"

/* Our first pick, while it is up. Its deadline is the daemon's secret (a seat's private
 * state), so it is counted from the pick's event with the daemon's first-pick-ms, read
 * from its status once. */
static struct {
	int card;          /* our first card while it is up, else -1 */
	int64_t until;     /* bd_now_ms it turns down */
	int64_t pick_ms;   /* first-pick-ms, 0 until read, -1 if unknown */
} mem = {-1, 0, 0};

/* The board's side in cards, 0 if the table is not Memory's. */
static unsigned mem_side(const struct tui *t)
{
	return t->snap->game_kind == BD_GAME_MEMORY ? bd_memory_pub(t->snap)->dim : 0;
}

/* A card as its state and owner show it. */
static void mem_cell(const struct tui *t, unsigned cell, struct tui_cell *out)
{
	const struct bd_card *c = &bd_memory_pub(t->snap)->cards[cell];
	char tag[16] = "?";

	if (c->state == BD_CARD_DOWN || !bd_value_ok(c->value)) {
		snprintf(out->text, sizeof out->text, "####");
		out->attr = A_DIM;
		return;
	}
	/* "?" once its player has left: the seat may be another player's by now (the card's
	 * serial tells them apart), whose tag would name the wrong one. */
	const struct bd_pub_player *seated;
	const struct bd_departed *left;
	bd_seat_holder(t->snap, c->owner, c->serial, BD_CARD_SERIAL_MASK, &seated, &left);
	if (seated != NULL)
		draw_tag(t->snap, c->owner, tag, sizeof tag);
	int up = c->state == BD_CARD_UP;
	snprintf(out->text, sizeof out->text, "%c%c%c%.1s", up ? c->value[0] : c->value[0] - 'a' + 'A',
		 up ? c->value[1] : c->value[1] - 'a' + 'A', up ? '/' : '=', tag);
	out->colour = (int)c->colour;
	out->attr = up ? A_BOLD : A_UNDERLINE;
}

/* Cards left and our score; everyone plays at once, so it is always our move. */
static int mem_status(const struct tui *t, char *buf, size_t len)
{
	const struct bd_memory_pub *area = bd_memory_pub(t->snap);
	unsigned left = area->dim * area->dim - area->nlocked;

	if (t->me >= 0)
		snprintf(buf, len, "Game %u: pick two cards of one value. %u cards left; your score %u.",
			 t->snap->game_number, left, t->snap->players[t->me].score);
	else
		snprintf(buf, len, "Game %u: %u cards left (you are watching).", t->snap->game_number, left);
	return t->me >= 0;
}

/* The end: every pair found, and the top score. */
static void mem_ending(const struct tui *t, char *buf, size_t len)
{
	unsigned top = 0;

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (t->snap->players[i].state != BD_PLAYER_EMPTY && t->snap->players[i].last_score > top)
			top = t->snap->players[i].last_score;
	snprintf(buf, len, "every pair is found; the top score is %u", top);
}

/* Turn the card (pick x y); a card that is not face down is said without a round trip. */
static void mem_play(struct tui *t, unsigned cell)
{
	unsigned dim = mem_side(t);

	if (!view_can_move(t))
		draw_feedback(t, t->me < 0 ? "you are watching" : "the game is not on", 1);
	else if (bd_memory_pub(t->snap)->cards[cell].state != BD_CARD_DOWN)
		draw_feedback(t, "that card is already face up", 1);
	else
		conn_send(t, "pick %u %u", cell % dim, cell / dim);
}

/* A status line "SETTING first-pick-ms <from> <value>" into *arg. */
static void mem_setting(const struct bd_msg *m, void *arg)
{
	if (strcmp(m->word, "SETTING") == 0 && m->ntok == 3 && strcmp(m->tok[0], "first-pick-ms") == 0)
		*(int64_t *)arg = bd_parse_uint(m->tok[2]);
}

/* The daemon's first-pick-ms, asked once: -1 if it did not say. */
static int64_t mem_pick_ms(struct tui *t)
{
	struct bd_msg r;
	int64_t ms = -1;

	if (mem.pick_ms == 0) {
		if (bd_client_request(&t->c, &r, mem_setting, &ms, "status") != 0 || ms <= 0)
			ms = -1;
		mem.pick_ms = ms;
	}
	return mem.pick_ms;
}

/* Our first card's countdown starts (up) or ends (our second pick, its turning down). */
static void mem_first(struct tui *t, const struct bd_event *ev)
{
	const struct bd_memory_ev *g = bd_memory_ev(ev);

	if (ev->type == BD_EV_UP && ev->player == (unsigned)t->me && mem_pick_ms(t) > 0) {
		mem.card = (int)g->card1;
		mem.until = bd_now_ms() + mem.pick_ms;
	} else if ((ev->type == BD_EV_MATCH || ev->type == BD_EV_MISMATCH) && ev->player == (unsigned)t->me) {
		mem.card = -1;
	} else if (ev->type == BD_EV_DOWN && (int)g->card1 == mem.card) {
		mem.card = -1;
	} else if (ev->type == BD_EV_STATE) {
		mem.card = -1; /* a new game, or the end */
	}
}

/* Under the state: the seconds before our first card turns down. */
static void mem_note(const struct tui *t, char *buf, size_t len)
{
	int64_t left = mem.until - bd_now_ms();
	unsigned dim = mem_side(t);

	buf[0] = 0;
	if (mem.card >= 0 && dim > 0 && t->snap->game_state == BD_GAME_ON)
		snprintf(buf, len, "Your first card (column %u, row %u) turns down in %lld s: pick its pair.",
			 (unsigned)mem.card % dim, (unsigned)mem.card / dim, (long long)(left > 0 ? (left + 999) / 1000 : 0));
}

/* A new table: no first pick of ours. */
static void mem_reset(struct tui *t)
{
	(void)t;
	mem.card = -1;
}

/* Our own pair or miss, under the board; our first pick's countdown. */
static void mem_event(struct tui *t, const struct bd_msg *m)
{
	struct bd_event ev;
	char text[64];

	if (t->me < 0 || bd_msg_event(m, t->c.dim, &ev) < 0)
		return;
	mem_first(t, &ev);
	if (ev.player != (unsigned)t->me)
		return;
	const struct bd_memory_ev *g = bd_memory_ev(&ev);
	if (ev.type == BD_EV_MATCH) {
		snprintf(text, sizeof text, "a pair of %c%c: +2", g->value1[0], g->value1[1]);
		draw_feedback(t, text, 0);
	} else if (ev.type == BD_EV_MISMATCH) {
		snprintf(text, sizeof text, "%c%c and %c%c are no pair", g->value1[0], g->value1[1], g->value2[0],
			 g->value2[1]);
		draw_feedback(t, text, 0);
	}
}

const struct tui_view tui_memory = {
	.kind = BD_GAME_MEMORY,
	.title = "Memory",
	.levels = {"easy", "seed", "perfect", NULL},
	.keys = "",
	.cell_w = 4,
	.side = mem_side,
	.cell = mem_cell,
	.status = mem_status,
	.ending = mem_ending,
	.note = mem_note,
	.play = mem_play,
	.event = mem_event,
	.reset = mem_reset,
};
