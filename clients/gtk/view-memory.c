/* view-memory.c: Memory in board-gtk. Every card is drawn from the snapshot; the three kinds
 * differ in more than colour, so that nobody needs to tell colours apart: face down is dark
 * and hatched, with no text; face up is a light face with a thick outline and the value in
 * the player's colour; locked is filled with the owner's colour and carries a check mark and
 * an inner ring. Face-up and locked cards also show the player's initial in a round badge.
 * Feedback is drawn where the user looks: a first pick counts down on the card itself (a
 * clock in its corner), a mismatched pair is struck through until it turns down, a refusal
 * or a card that timed out is said by the card (callout.c), and when two players each hold
 * one card of a pair as a first pick (the endgame stall) the board says so and who. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/clock.h"
#include "ipc/game/memory.h"

#define MEM_TICK_MS 250

/* The card colours, from board-gtk.css. */
struct card_look {
	GdkRGBA back, hatch, face, ink, miss;
};

static int my_first = -1; /* the card of our own pending first pick, -1 if none */
/* The first picks' countdowns. Their deadlines are the daemon's secret (a seat's private
 * state), so each is counted from its up event with the daemon's first-pick-ms, asked once. */
static struct {
	int64_t pick_ms;             /* first-pick-ms: 0 until asked, -1 if the daemon did not say */
	int64_t up_at[BD_CARDS_MAX]; /* bd_now_ms a face-up first pick turned, 0 if unknown */
	guint tick;                  /* redraws the countdowns while any runs */
	char said[512];              /* the info line last shown, to update the panel on a change */
} mem;
static int click_card = -1;  /* the card the last pick by mouse went to, -1 after a key */
static guint32 click_time;   /* and the X time of that click */

/* The board's side in cards. */
static unsigned mem_side(const struct app *a)
{
	return a->snap->game_kind == BD_GAME_MEMORY ? bd_memory_pub(a->snap)->dim : 0;
}

/* How many cards player owner holds face up: 1 a first pick, 2 a mismatched pair. */
static unsigned mem_ups(const struct app *a, unsigned owner)
{
	const struct bd_memory_pub *m = bd_memory_pub(a->snap);
	unsigned n = 0;

	for (unsigned c = 0; c < m->dim * m->dim; c++)
		n += m->cards[c].state == BD_CARD_UP && m->cards[c].owner == owner;
	return n;
}

/* Milliseconds before face-up first pick card turns down, -1 if unknown or not one. */
static int64_t mem_left(const struct app *a, unsigned card)
{
	const struct bd_card *c = &bd_memory_pub(a->snap)->cards[card];

	if (mem.up_at[card] == 0 || mem.pick_ms <= 0 || c->state != BD_CARD_UP || mem_ups(a, c->owner) != 1 ||
	    a->snap->game_state != BD_GAME_ON)
		return -1;
	return MAX(0, mem.up_at[card] + mem.pick_ms - bd_now_ms());
}

/* The endgame stall: two players each hold one card of a pair as a first pick, so neither
 * can match it until the cards time out. 1 with the two cards (ours first if we hold one),
 * else 0. */
static int mem_stall(const struct app *a, unsigned *mine, unsigned *other)
{
	const struct bd_memory_pub *m = bd_memory_pub(a->snap);
	unsigned up[2 * BD_PLAYERS_MAX], nup = 0;
	int found = 0;

	for (unsigned c = 0; c < m->dim * m->dim && nup < G_N_ELEMENTS(up); c++)
		if (m->cards[c].state == BD_CARD_UP && mem_ups(a, m->cards[c].owner) == 1)
			up[nup++] = c;
	for (unsigned i = 0; i < nup; i++)
		for (unsigned j = i + 1; j < nup; j++) {
			const struct bd_card *p = &m->cards[up[i]], *q = &m->cards[up[j]];
			if (p->owner == q->owner || memcmp(p->value, q->value, 2) != 0)
				continue;
			if (found && (int)q->owner != a->me && (int)p->owner != a->me)
				continue; /* one we are in goes first */
			*mine = (int)q->owner == a->me ? up[j] : up[i];
			*other = *mine == up[i] ? up[j] : up[i];
			found = 1;
		}
	return found;
}

/* Who owns a card into buf: its player's name, "NAME, who left" once it left (the table's
 * record of departed seats), "a player who left" if that record is gone. */
static const char *mem_owner(const struct bd_pub *snap, const struct bd_card *card, char *buf, size_t len)
{
	const struct bd_pub_player *seated;
	const struct bd_departed *left;
	const char *name = bd_seat_holder(snap, card->owner, card->serial, BD_CARD_SERIAL_MASK, &seated, &left);

	if (name == NULL || name[0] == '\0')
		snprintf(buf, len, "%s", _("a player who left"));
	else
		snprintf(buf, len, seated != NULL ? "%s" : _("%s, who left"), name);
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
	unsigned row = card / dim + 1, col = card % dim + 1;

	if (c->state == BD_CARD_DOWN)
		snprintf(buf, len, _("row %u, column %u, face down"), row, col);
	else
		snprintf(buf, len, c->state == BD_CARD_UP ? _("row %u, column %u, face up, %c%c, turned by %s%s") :
			 _("row %u, column %u, locked, %c%c, pair of %s%s"), row, col,
			 g_ascii_toupper(c->value[0]), g_ascii_toupper(c->value[1]), mem_owner(a->snap, c, owner, sizeof owner),
			 c->state == BD_CARD_UP && mem_ups(a, c->owner) == 2 ? _(", no pair") : "");
}

/* The card colours from the stylesheet. */
static void mem_look(GtkStyleContext *ctx, struct card_look *look)
{
	paint_lookup(ctx, "card_back", "#44546a", &look->back);
	paint_lookup(ctx, "card_back_hatch", "#5a6c84", &look->hatch);
	paint_lookup(ctx, "card_face", "#fbfaf7", &look->face);
	paint_lookup(ctx, "card_ink", "#1c1c1c", &look->ink);
	paint_lookup(ctx, "card_miss", "#c01c28", &look->miss);
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

/* A first pick's countdown in the card's top right corner, never smaller than a badge: a
 * clock face whose ring in the player's colour shrinks to nothing around a hub of the face's
 * colour, and the seconds left in ink on the hub where they can be read (figures across the
 * ring's two colours fell under 4.5:1 on one of them). */
static void mem_paint_clock(cairo_t *cr, const GdkRectangle *r, const struct bd_card *card, int64_t left,
		const struct card_look *look)
{
	double s = r->width, radius = MAX(s * 0.13, PAINT_BADGE_MIN / 2.0), cx = r->x + s * 0.78, cy = r->y + s * 0.22;
	double part = CLAMP((double)left / (double)mem.pick_ms, 0, 1), hub = radius * 0.62;
	GdkRGBA colour;
	char secs[24];

	paint_player_rgba(card->colour, &colour);
	cairo_arc(cr, cx, cy, radius, 0, 2 * G_PI);
	gdk_cairo_set_source_rgba(cr, &look->face);
	cairo_fill_preserve(cr);
	gdk_cairo_set_source_rgba(cr, &look->ink);
	cairo_set_line_width(cr, MAX(1, s * 0.02));
	cairo_stroke(cr);
	if (part > 0) {
		cairo_move_to(cr, cx, cy);
		cairo_arc(cr, cx, cy, radius * 0.85, -G_PI / 2, -G_PI / 2 + 2 * G_PI * part);
		cairo_close_path(cr);
		gdk_cairo_set_source_rgba(cr, &colour);
		cairo_fill(cr);
	}
	cairo_arc(cr, cx, cy, hub, 0, 2 * G_PI);
	gdk_cairo_set_source_rgba(cr, &look->face);
	cairo_fill(cr);
	if (s >= 40) { /* below that the figure could not be read */
		snprintf(secs, sizeof secs, "%lld", (long long)((left + 999) / 1000));
		size_t n = strlen(secs);
		paint_text(cr, cx, cy, hub * (n > 2 ? 0.85 : n > 1 ? 1.4 : 1.8), secs, &look->ink);
	}
}

/* A mismatched card, not to be taken for a first pick: a cross on a disc where a first
 * pick has its clock, and a dashed border inside the outline; the value stays readable (it
 * is worth remembering). */
static void mem_paint_miss(cairo_t *cr, const GdkRectangle *r, const struct card_look *look)
{
	double s = r->width, radius = s * 0.13, cx = r->x + s * 0.78, cy = r->y + s * 0.22, arm = radius * 0.45;
	double in = MAX(3, s * 0.12), dash = MAX(2, s * 0.06);
	GdkRGBA on;

	paint_round_rect(cr, r->x + in, r->y + in, s - 2 * in, r->height - 2 * in, s * 0.06);
	gdk_cairo_set_source_rgba(cr, &look->miss);
	cairo_set_line_width(cr, MAX(1, s * 0.03));
	cairo_set_dash(cr, &dash, 1, 0);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	if (s < 16)
		return;
	cairo_arc(cr, cx, cy, radius, 0, 2 * G_PI);
	cairo_fill(cr);
	paint_on(&look->miss, &on);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_move_to(cr, cx - arm, cy - arm);
	cairo_line_to(cr, cx + arm, cy + arm);
	cairo_move_to(cr, cx + arm, cy - arm);
	cairo_line_to(cr, cx - arm, cy + arm);
	gdk_cairo_set_source_rgba(cr, &on);
	cairo_set_line_width(cr, MAX(1.5, s * 0.035));
	cairo_stroke(cr);
}

/* One card in rectangle r; tag labels the player who turned or locked it (paint_tag). */
static void mem_paint_card(const struct app *a, cairo_t *cr, const GdkRectangle *r, unsigned i, const char *tag,
		const struct card_look *look, int hover)
{
	const struct bd_card *card = &bd_memory_pub(a->snap)->cards[i];
	double s = r->width;
	int64_t left;

	if (card->state == BD_CARD_DOWN) {
		mem_paint_down(cr, r, look, hover);
		return;
	}
	if (card->state == BD_CARD_UP)
		mem_paint_up(cr, r, card, look);
	else
		mem_paint_locked(cr, r, card);
	if (card->state == BD_CARD_UP && mem_ups(a, card->owner) == 2)
		mem_paint_miss(cr, r, look);
	else if ((left = mem_left(a, i)) >= 0 && s >= 16)
		mem_paint_clock(cr, r, card, left, look);
	if (s >= 24) /* below that nothing in a badge could be read */
		paint_badge(cr, r->x + s * 0.22, r->y + s * 0.22, s * 0.11, card->colour, tag);
}


/* Nonzero if a pick may be sent: any card, while seated and connected (the daemon says why
 * a card cannot be turned, by the card). */
static int mem_can_play(const struct app *a, unsigned card)
{
	(void)card;
	return conn_can_play(a);
}

/* Nonzero if the pointer over card invites a pick: a face-down card while the game is on
 * and we are not waiting for our mismatched pair to turn down. */
static int mem_invites(const struct app *a, unsigned card)
{
	return conn_can_play(a) && a->snap->game_state == BD_GAME_ON &&
	       bd_memory_pub(a->snap)->cards[card].state == BD_CARD_DOWN && mem_ups(a, (unsigned)a->me) < 2;
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
		callout_send(a, (int)card, "pick %u %u", card % dim, card / dim);
}

/* Draw the cards that meet the clip: a hover, cursor or countdown change redraws a card or
 * two, not the board. */
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
		view_cell_rect(view, i, &r);
		if (!gdk_rectangle_intersect(&r, &clip, NULL))
			continue;
		mem_tag(a->snap, &bd_memory_pub(a->snap)->cards[i], tag, sizeof tag);
		mem_paint_card(a, cr, &r, i, tag, &look, (int)i == hover && mem_invites(a, i));
	}
}

/* The stall in words into buf (who holds the other card, when the cards turn down); 0 if
 * there is none. *card is the card to say it by: ours if we hold one. */
static int mem_stall_text(const struct app *a, char *buf, size_t len, unsigned *card)
{
	const struct bd_memory_pub *m = bd_memory_pub(a->snap);
	unsigned mine, other;

	if (a->snap->game_state != BD_GAME_ON || !mem_stall(a, &mine, &other))
		return 0;
	const struct bd_card *p = &m->cards[mine], *q = &m->cards[other];
	char value[3] = {g_ascii_toupper(p->value[0]), g_ascii_toupper(p->value[1]), 0}, who[BD_NAME_MAX + 16];
	char by[BD_NAME_MAX + 16];
	int64_t left = mem_left(a, mine), theirs = mem_left(a, other);

	mem_owner(a->snap, q, who, sizeof who);
	*card = mine;
	int mine_s = (int)((left + 999) / 1000), theirs_s = (int)((theirs + 999) / 1000);
	/* The card that turns down first may not be taken back by its player while the other
	 * card is up (the daemon's cooldown): the other player matches the pair. */
	if ((int)p->owner == a->me && left >= 0 && theirs >= 0 && mine_s < theirs_s)
		snprintf(buf, len, _("Stalled: %s holds the other %s. Yours turns down first, in %d s; then %s "
				     "may match the pair."), who, value, mine_s, who);
	else if ((int)p->owner == a->me && left >= 0 && theirs >= 0 && mine_s > theirs_s)
		snprintf(buf, len, _("Stalled: %s holds the other %s. Theirs turns down first, in %d s; then pick it "
				     "to match the pair."), who, value, theirs_s);
	else if ((int)p->owner == a->me && left >= 0 && theirs >= 0)
		snprintf(buf, len, _("Stalled: %s holds the other %s. Both turn down in %d s."), who, value, mine_s);
	else if ((int)p->owner == a->me)
		snprintf(buf, len, _("Stalled: %s holds the other %s. Neither of you can take the pair until both "
				     "turn down."), who, value);
	else
		snprintf(buf, len, _("Stalled: %s and %s each hold one %s; neither can take it until both turn down."),
			 mem_owner(a->snap, p, by, sizeof by), who, value);
	return 1;
}

/* Over the cards: the stall explained by the card. */
static void mem_draw_over(GtkWidget *view, cairo_t *cr)
{
	struct app *a = view_app(view);
	char text[512];
	unsigned card;
	GdkRectangle r;

	if (mem_stall_text(a, text, sizeof text, &card)) {
		view_cell_rect(view, card, &r);
		callout_box(view, cr, &r, text, 0);
	}
}

/* The state line while the game is on, and under it how many pairs are found, our first
 * card's countdown, or the stall; everyone plays at once, so nobody is to move in
 * particular. */
static int mem_status(const struct app *a, char *state, size_t slen, char *info, size_t ilen)
{
	const struct bd_memory_pub *m = bd_memory_pub(a->snap);
	int64_t left = my_first >= 0 && (unsigned)my_first < m->dim * m->dim ? mem_left(a, (unsigned)my_first) : -1;
	unsigned card;

	snprintf(state, slen, a->me >= 0 ? _("Game %u is on: find pairs!") : _("Game %u is on."), a->snap->game_number);
	if (mem_stall_text(a, info, ilen, &card))
		return 0;
	if (left >= 0)
		snprintf(info, ilen, ngettext("%u of %u pair found. Your card turns down in %d s.",
					      "%u of %u pairs found. Your card turns down in %d s.", m->dim * m->dim / 2),
			 m->nlocked / 2, m->dim * m->dim / 2, (int)((left + 999) / 1000));
	else
		snprintf(info, ilen, ngettext("%u of %u pair found", "%u of %u pairs found", m->dim * m->dim / 2),
			 m->nlocked / 2, m->dim * m->dim / 2);
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
		snprintf(text, sizeof text, mem_winners(a, top) > 1 ? ngettext("You share the win with %u point!",
										"You share the win with %u points!", points) :
			 ngettext("You won with %u point!", "You won with %u points!", points), points);
	else if (g_strcmp0(result, "lose") == 0)
		snprintf(text, sizeof text, ngettext("You lost with %u point; the best had %u.",
						     "You lost with %u points; the best had %u.", points), points, top);
	else
		snprintf(text, sizeof text, _("Game over: the best score was %u."), top);
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

/* A status line "SETTING first-pick-ms FROM VALUE" into *arg. */
static void mem_setting(const struct bd_msg *m, void *arg)
{
	if (strcmp(m->word, "SETTING") == 0 && m->ntok == 3 && strcmp(m->tok[0], "first-pick-ms") == 0)
		*(int64_t *)arg = bd_parse_uint(m->tok[2]);
}

/* The daemon's first-pick-ms, asked once (its status): the countdowns' length. */
static void mem_ask_pick_ms(struct app *a)
{
	struct bd_msg r;
	int64_t ms = -1;

	if (mem.pick_ms != 0 || !a->online)
		return;
	if (bd_client_request(&a->c, &r, mem_setting, &ms, "status") != 0 || ms <= 0)
		ms = -1;
	mem.pick_ms = ms;
	conn_after(a);
}

/* Timer while a first pick counts down: redraw the counting cards, and the side panel when
 * what it says changed; it stops itself when none is left. */
static gboolean mem_tick(gpointer data)
{
	struct app *a = data;
	char state[192], info[512];
	int any = 0;
	GdkRectangle r;

	if (a->have_snap && a->game == &view_memory && a->window != NULL) {
		for (unsigned c = 0; c < mem_side(a) * mem_side(a); c++)
			if (mem_left(a, c) >= 0) {
				any = 1;
				view_cell_rect(a->view, c, &r);
				gtk_widget_queue_draw_area(a->view, r.x, r.y, r.width, r.height);
			}
		mem_status(a, state, sizeof state, info, sizeof info);
		if (strcmp(info, mem.said) != 0) {
			snprintf(mem.said, sizeof mem.said, "%s", info);
			panel_update(a);
			gtk_widget_queue_draw(a->view); /* the stall's note counts down too */
		}
	}
	if (!any)
		mem.tick = 0;
	return any ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Card turned up as a first pick now: its countdown starts. */
static void mem_count(struct app *a, unsigned card)
{
	mem.up_at[card] = bd_now_ms();
	if (mem.tick == 0 && a->window != NULL)
		mem.tick = g_timeout_add(MEM_TICK_MS, mem_tick, a);
}

/* Events were missed: our first pick and the result, from the snapshot; countdowns of
 * cards that turned meanwhile are unknown. */
static void mem_reread(struct app *a)
{
	const struct bd_memory_pub *m = bd_memory_pub(a->snap);
	unsigned up = 0;

	mem_ask_pick_ms(a);
	my_first = -1;
	for (unsigned c = 0; c < m->dim * m->dim; c++) {
		if (m->cards[c].state != BD_CARD_UP)
			mem.up_at[c] = 0;
		if (a->me >= 0 && m->cards[c].state == BD_CARD_UP && m->cards[c].owner == (unsigned)a->me)
			my_first = up++ == 0 ? (int)c : -1; /* two up: a mismatch, no first pick */
	}
	callout_clear(a);
	if (a->snap->game_state == BD_GAME_OVER)
		mem_result_of_snapshot(a);
	else
		panel_banner(a, NULL, NULL);
}

/* An event about our own picks worth a word: in the side panel, and by the card when it
 * timed out. */
static void mem_own_event(struct app *a, const struct bd_event *ev)
{
	const struct bd_memory_ev *e = bd_memory_ev(ev);
	char text[96];

	if (ev->type == BD_EV_UP && ev->player == a->me) {
		my_first = e->card1;
		sound_play(a, SOUND_PICK);
	} else if (ev->type == BD_EV_MATCH && ev->player == a->me) {
		sound_play(a, SOUND_MATCH);
		snprintf(text, sizeof text, _("A pair of %c%c: +2 points."), g_ascii_toupper(e->value1[0]),
			 g_ascii_toupper(e->value1[1]));
		panel_note(a, text);
		my_first = -1;
	} else if (ev->type == BD_EV_MISMATCH && ev->player == a->me) {
		sound_play(a, SOUND_MISMATCH);
		snprintf(text, sizeof text, _("No pair: %c%c and %c%c turn back soon."), g_ascii_toupper(e->value1[0]),
			 g_ascii_toupper(e->value1[1]), g_ascii_toupper(e->value2[0]), g_ascii_toupper(e->value2[1]));
		panel_note(a, text);
		my_first = -1;
	} else if (ev->type == BD_EV_DOWN && e->card1 == my_first) {
		if (ev->n == BD_DOWN_TIMEOUT) {
			panel_note(a, _("Too slow: your card turned back down."));
			callout_show(a, my_first, 0, _("Too slow: your card turned back down."));
		}
		my_first = -1;
	}
}

/* Any player's event: the countdowns start and stop; a word by a card that changed since
 * is stale; a new game or its end clears it all. */
static void mem_any_event(struct app *a, const struct bd_event *ev)
{
	const struct bd_memory_ev *e = bd_memory_ev(ev);
	unsigned n = mem_side(a) * mem_side(a);

	if (ev->type == BD_EV_STATE) {
		memset(mem.up_at, 0, sizeof mem.up_at);
		callout_clear(a);
		return;
	}
	if (ev->type != BD_EV_UP && ev->type != BD_EV_DOWN && ev->type != BD_EV_MATCH && ev->type != BD_EV_MISMATCH)
		return;
	if ((e->card1 >= 0 && e->card1 == callout_cell()) || (e->card2 >= 0 && e->card2 == callout_cell()))
		callout_clear(a);
	if (e->card1 >= 0 && (unsigned)e->card1 < n) {
		mem.up_at[e->card1] = 0;
		if (ev->type == BD_EV_UP)
			mem_count(a, (unsigned)e->card1);
	}
}

/* One event line: the result of a game, the countdowns, or a word on our own picks. */
static void mem_event(struct app *a, const struct bd_msg *m)
{
	struct bd_event ev;

	if (strcmp(m->word, "over") == 0 && m->ntok == 3) {
		long top = bd_parse_uint(m->tok[0]), points = bd_parse_uint(m->tok[2]);
		mem_result(a, m->tok[1], points < 0 ? 0 : (unsigned)points, top < 0 ? 0 : (unsigned)top);
		return;
	}
	if (bd_msg_event(m, a->c.dim, &ev) < 0)
		return;
	mem_any_event(a, &ev);
	if (a->me >= 0)
		mem_own_event(a, &ev);
}

const struct game_view view_memory = {
	.kind = BD_GAME_MEMORY,
	.title = N_("Memory"),
	.levels = {"easy", "seed", "perfect", NULL},
	.board_name = N_("Memory board"),
	.keys = N_("Click a card, or move with the arrow keys and turn it with Space or Enter. Ctrl+Q quits."),
	.action = N_("Turn this card"),
	.side = mem_side,
	.draw = mem_draw,
	.cell_name = mem_cell_name,
	.can_play = mem_can_play,
	.play = mem_play,
	.status = mem_status,
	.reread = mem_reread,
	.event = mem_event,
	.draw_over = mem_draw_over,
};
