/* view-memory.c: Memory in board-gtk. Every card is drawn from the snapshot; the three kinds
 * differ in more than colour, so that nobody needs to tell colours apart: face down is dark
 * and hatched, with no text; face up is a light face with a thick outline and the value in
 * the player's colour; locked is filled with the owner's colour and carries a check mark and
 * an inner ring. Face-up and locked cards also show the player's initial in a round badge.
 * The side panel gets a word on our own picks and the result at the end of a game. */
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/game/memory.h"

/* The card colours, from board-gtk.css. */
struct card_look {
	GdkRGBA back, hatch, face, ink;
};

static int my_first = -1; /* the card of our own pending first pick, -1 if none */
static int click_card = -1;  /* the card the last pick by mouse went to, -1 after a key */
static guint32 click_time;   /* and the X time of that click */

/* The board's side in cards. */
static unsigned mem_side(const struct app *a)
{
	return a->snap->game_kind == BD_GAME_MEMORY ? bd_memory_pub(a->snap)->dim : 0;
}

/* Who owns a card into buf: its player's name, "NAME, who left" once it left (the table's
 * record of departed seats), "a player who left" if that record is gone. */
static const char *mem_owner(const struct bd_pub *snap, const struct bd_card *card, char *buf, size_t len)
{
	const struct bd_pub_player *seated;
	const struct bd_departed *left;
	const char *name = bd_seat_holder(snap, card->owner, card->serial, BD_CARD_SERIAL_MASK, &seated, &left);

	if (name == NULL || name[0] == '\0')
		snprintf(buf, len, "a player who left");
	else
		snprintf(buf, len, seated != NULL ? "%s" : "%s, who left", name);
	return buf;
}

/* The tag on a card's badge: its player's (paint_tag), "?" once that player has left (its
 * seat may be another player's by now: the tag would name the wrong one). */
static void mem_tag(const struct bd_pub *snap, const struct bd_card *card, char *buf, size_t len)
{
	const struct bd_pub_player *seated;
	const struct bd_departed *left;

	bd_seat_holder(snap, card->owner, card->serial, BD_CARD_SERIAL_MASK, &seated, &left);
	if (seated == NULL)
		snprintf(buf, len, "?");
	else
		paint_tag(snap, card->owner, buf, len);
}

/* What a screen reader says for a card: "row 2, column 3, face down" and so on. */
static void mem_cell_name(const struct app *a, unsigned card, char *buf, size_t len)
{
	unsigned dim = mem_side(a);
	const struct bd_card *c = &bd_memory_pub(a->snap)->cards[card];
	char owner[BD_NAME_MAX + 16];
	int n = snprintf(buf, len, "row %u, column %u, ", card / dim + 1, card % dim + 1);

	if (n < 0 || (size_t)n >= len)
		return;
	if (c->state == BD_CARD_DOWN)
		snprintf(buf + n, len - n, "face down");
	else
		snprintf(buf + n, len - n, "%s, %c%c, %s %s", c->state == BD_CARD_UP ? "face up" : "locked",
			 g_ascii_toupper(c->value[0]), g_ascii_toupper(c->value[1]),
			 c->state == BD_CARD_UP ? "turned by" : "pair of", mem_owner(a->snap, c, owner, sizeof owner));
}

/* The card colours from the stylesheet. */
static void mem_look(GtkStyleContext *ctx, struct card_look *look)
{
	paint_lookup(ctx, "card_back", "#44546a", &look->back);
	paint_lookup(ctx, "card_back_hatch", "#5a6c84", &look->hatch);
	paint_lookup(ctx, "card_face", "#fbfaf7", &look->face);
	paint_lookup(ctx, "card_ink", "#1c1c1c", &look->ink);
}

/* A face-down card: dark back, diagonal hatching, lighter under the pointer. */
static void mem_paint_down(cairo_t *cr, const GdkRectangle *r, const struct card_look *look, int hover)
{
	double s = r->width, step = MAX(4, s / 7);
	GdkRGBA back = look->back;

	if (hover) {
		back.red += (look->face.red - back.red) * 0.2;
		back.green += (look->face.green - back.green) * 0.2;
		back.blue += (look->face.blue - back.blue) * 0.2;
	}
	paint_round_rect(cr, r->x, r->y, s, r->height, s * 0.1);
	gdk_cairo_set_source_rgba(cr, &back);
	cairo_fill_preserve(cr);
	cairo_save(cr);
	cairo_clip(cr);
	gdk_cairo_set_source_rgba(cr, &look->hatch);
	cairo_set_line_width(cr, MAX(1, s * 0.045));
	for (double d = -s; d < s; d += step) {
		cairo_move_to(cr, r->x + d, r->y + r->height);
		cairo_line_to(cr, r->x + d + r->height, r->y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A face-up card: light face, thick outline and value in the player's colour. */
static void mem_paint_up(cairo_t *cr, const GdkRectangle *r, const struct bd_card *card, const struct card_look *look)
{
	double s = r->width, line = MAX(2, s * 0.07);
	GdkRGBA colour;
	char value[3] = {g_ascii_toupper(card->value[0]), g_ascii_toupper(card->value[1]), 0};

	paint_player_rgba(card->colour, &colour);
	paint_round_rect(cr, r->x + line / 2, r->y + line / 2, s - line, r->height - line, s * 0.1);
	gdk_cairo_set_source_rgba(cr, &look->face);
	cairo_fill_preserve(cr);
	gdk_cairo_set_source_rgba(cr, &colour);
	cairo_set_line_width(cr, line);
	cairo_stroke(cr);
	paint_readable(&colour, &look->face);
	paint_text(cr, r->x + s / 2, r->y + r->height * 0.55, s * 0.34, value, &colour);
}

/* A locked card: filled with the owner's colour, an inner ring and a check mark. */
static void mem_paint_locked(cairo_t *cr, const GdkRectangle *r, const struct bd_card *card)
{
	double s = r->width, inset = s * 0.07;
	GdkRGBA colour, on;
	char value[3] = {g_ascii_toupper(card->value[0]), g_ascii_toupper(card->value[1]), 0};

	paint_player_rgba(card->colour, &colour);
	paint_on(&colour, &on);
	paint_round_rect(cr, r->x, r->y, s, r->height, s * 0.1);
	gdk_cairo_set_source_rgba(cr, &colour);
	cairo_fill(cr);
	paint_round_rect(cr, r->x + inset, r->y + inset, s - 2 * inset, r->height - 2 * inset, s * 0.06);
	cairo_set_source_rgba(cr, on.red, on.green, on.blue, 0.7);
	cairo_set_line_width(cr, MAX(1, s * 0.025));
	cairo_stroke(cr);
	cairo_move_to(cr, r->x + s * 0.70, r->y + s * 0.19);
	cairo_line_to(cr, r->x + s * 0.77, r->y + s * 0.27);
	cairo_line_to(cr, r->x + s * 0.88, r->y + s * 0.12);
	gdk_cairo_set_source_rgba(cr, &on);
	cairo_set_line_width(cr, MAX(1.5, s * 0.05));
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_stroke(cr);
	paint_text(cr, r->x + s / 2, r->y + r->height * 0.55, s * 0.34, value, &on);
}

/* One card in rectangle r; tag labels the player who turned or locked it (paint_tag). */
static void mem_paint_card(cairo_t *cr, const GdkRectangle *r, const struct bd_card *card, const char *tag,
		const struct card_look *look, int hover)
{
	double s = r->width;

	if (card->state == BD_CARD_DOWN) {
		mem_paint_down(cr, r, look, hover);
		return;
	}
	if (card->state == BD_CARD_UP)
		mem_paint_up(cr, r, card, look);
	else
		mem_paint_locked(cr, r, card);
	if (s >= 24) /* below that nothing in a badge could be read */
		paint_badge(cr, r->x + s * 0.22, r->y + s * 0.22, s * 0.11, card->colour, tag);
}


/* Nonzero if a pick may be sent: any card, while seated and connected (the daemon says why
 * a card cannot be turned). */
static int mem_can_play(const struct app *a, unsigned card)
{
	(void)card;
	return conn_can_play(a);
}

/* Nonzero if this pick is the second press of a double-click on the card the first press
 * picked: many people double-click by habit, and sent, it would be a repick that turns the
 * card back down. The time is measured from the press that picked. Keys and a click on
 * another card, however fast, pick. */
static int mem_double_click(struct app *a, unsigned card)
{
	GdkEvent *ev = gtk_get_current_event();
	int repeat = 0, ms = 400;

	if (ev == NULL || ev->type != GDK_BUTTON_PRESS) {
		click_card = -1;
	} else {
		g_object_get(gtk_widget_get_settings(a->view), "gtk-double-click-time", &ms, NULL);
		repeat = click_card == (int)card && ev->button.time - click_time <= (guint32)ms;
		if (!repeat) {
			click_card = (int)card;
			click_time = ev->button.time;
		}
	}
	if (ev != NULL)
		gdk_event_free(ev);
	return repeat;
}

/* Ask to turn card number card; a double-click turns it once. */
static void mem_play(struct app *a, unsigned card)
{
	unsigned dim = mem_side(a);

	if (dim > 0 && card < dim * dim && !mem_double_click(a, card))
		conn_send(a, "pick %u %u", card % dim, card / dim);
}

/* Draw the cards that meet the clip: a hover or cursor change redraws a card or two, not the
 * board. */
static void mem_draw(GtkWidget *view, cairo_t *cr, int hover)
{
	struct app *a = view_app(view);
	unsigned dim = mem_side(a);
	struct card_look look;
	GdkRectangle r, clip;
	char tag[8];

	mem_look(gtk_widget_get_style_context(view), &look);
	gdk_cairo_get_clip_rectangle(cr, &clip);
	for (unsigned i = 0; i < dim * dim; i++) {
		const struct bd_card *c = &bd_memory_pub(a->snap)->cards[i];
		view_cell_rect(view, i, &r);
		if (!gdk_rectangle_intersect(&r, &clip, NULL))
			continue;
		mem_tag(a->snap, c, tag, sizeof tag);
		mem_paint_card(cr, &r, c, tag, &look, (int)i == hover && mem_can_play(a, i));
	}
}

/* The state line while the game is on, and how many pairs are found; everyone plays at
 * once, so nobody is to move in particular. */
static int mem_status(const struct app *a, char *state, size_t slen, char *info, size_t ilen)
{
	const struct bd_memory_pub *m = bd_memory_pub(a->snap);

	snprintf(state, slen, a->me >= 0 ? "Game %u is on: find pairs!" : "Game %u is on.", a->snap->game_number);
	snprintf(info, ilen, "%u of %u pairs found", m->nlocked / 2, m->dim * m->dim / 2);
	return 0;
}

/* How many seated players have score top. */
static unsigned mem_winners(const struct app *a, unsigned top)
{
	unsigned n = 0;

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		n += a->snap->players[i].state != BD_PLAYER_EMPTY && a->snap->players[i].score == top;
	return n;
}

/* The end of a game as the daemon told us ("win", "lose" or "none"), in the banner. */
static void mem_result(struct app *a, const char *result, unsigned points, unsigned top)
{
	char text[128];

	if (g_strcmp0(result, "win") == 0)
		snprintf(text, sizeof text, mem_winners(a, top) > 1 ? "You share the win with %u points!" :
			 "You won with %u points!", points);
	else if (g_strcmp0(result, "lose") == 0)
		snprintf(text, sizeof text, "You lost with %u points; the best had %u.", points, top);
	else
		snprintf(text, sizeof text, "Game over: the best score was %u.", top);
	panel_banner(a, g_strcmp0(result, "win") == 0 ? "win" : g_strcmp0(result, "lose") == 0 ? "lose" : "none", text);
}

/* The result of a finished game as the over event tells it, from the snapshot instead. */
static void mem_result_of_snapshot(struct app *a)
{
	const struct bd_pub *s = a->snap;
	unsigned top = 0;

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (s->players[i].state != BD_PLAYER_EMPTY && s->players[i].last_score > top)
			top = s->players[i].last_score;
	if (a->me < 0)
		mem_result(a, "none", 0, top);
	else
		mem_result(a, s->players[a->me].last_score == top ? "win" : "lose", s->players[a->me].last_score, top);
}

/* Events were missed: our first pick and the result, from the snapshot. */
static void mem_reread(struct app *a)
{
	const struct bd_memory_pub *m = bd_memory_pub(a->snap);
	unsigned up = 0;

	my_first = -1;
	for (unsigned c = 0; a->me >= 0 && c < m->dim * m->dim; c++)
		if (m->cards[c].state == BD_CARD_UP && m->cards[c].owner == (unsigned)a->me)
			my_first = up++ == 0 ? (int)c : -1; /* two up: a mismatch, no first pick */
	if (a->snap->game_state == BD_GAME_OVER)
		mem_result_of_snapshot(a);
	else
		panel_banner(a, NULL, NULL);
}

/* An event about our own picks worth a word in the side panel. */
static void mem_own_event(struct app *a, const struct bd_event *ev)
{
	const struct bd_memory_ev *e = bd_memory_ev(ev);
	char text[96];

	if (ev->type == BD_EV_UP && ev->player == a->me)
		my_first = e->card1;
	else if (ev->type == BD_EV_MATCH && ev->player == a->me) {
		snprintf(text, sizeof text, "A pair of %c%c: +2 points.", g_ascii_toupper(e->value1[0]),
			 g_ascii_toupper(e->value1[1]));
		panel_note(a, text);
		my_first = -1;
	} else if (ev->type == BD_EV_MISMATCH && ev->player == a->me) {
		snprintf(text, sizeof text, "No pair: %c%c and %c%c turn back soon.", g_ascii_toupper(e->value1[0]),
			 g_ascii_toupper(e->value1[1]), g_ascii_toupper(e->value2[0]), g_ascii_toupper(e->value2[1]));
		panel_note(a, text);
		my_first = -1;
	} else if (ev->type == BD_EV_DOWN && e->card1 == my_first) {
		if (ev->n == BD_DOWN_TIMEOUT)
			panel_note(a, "Too slow: your card turned back down.");
		my_first = -1;
	}
}

/* One event line: the result of a game, or a word on our own picks. */
static void mem_event(struct app *a, const struct bd_msg *m)
{
	struct bd_event ev;

	if (strcmp(m->word, "over") == 0 && m->ntok == 3) {
		long top = bd_parse_uint(m->tok[0]), points = bd_parse_uint(m->tok[2]);
		mem_result(a, m->tok[1], points < 0 ? 0 : (unsigned)points, top < 0 ? 0 : (unsigned)top);
		return;
	}
	if (a->me >= 0 && bd_msg_event(m, a->c.dim, &ev) == 0)
		mem_own_event(a, &ev);
}

const struct game_view view_memory = {
	.kind = BD_GAME_MEMORY,
	.title = "Memory",
	.levels = {"easy", "seed", "perfect", NULL},
	.board_name = "Memory board",
	.keys = "Click a card, or move with the arrow keys and turn it with Space or Enter. Ctrl+Q quits.",
	.action = "Turn this card",
	.side = mem_side,
	.draw = mem_draw,
	.cell_name = mem_cell_name,
	.can_play = mem_can_play,
	.play = mem_play,
	.status = mem_status,
	.reread = mem_reread,
	.event = mem_event,
};
