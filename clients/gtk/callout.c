/* callout.c: a word drawn on the board beside the cell it is about, where the user looks
 * after a click (a refused move, a card that timed out), rather than in the side panel
 * only. One at a time, a newer word replaces the older; it goes after CALLOUT_MS, at the
 * next move, when the game's state changes under it, or when its view says the board no
 * longer bears it out (callout_clear). Moves are sent through callout_send: the reply comes
 * at once (as the lobby's requests do), so a refusal is put by the very cell moved to.
 * Views also draw lasting notes (Memory's stall) in the same box with callout_box. */
#include <pango/pangocairo.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"

#define CALLOUT_MS 3500

static struct {
	int cell;           /* the cell it is about, -1 while none is shown */
	int refused;        /* a refusal: drawn in the refusal's colours */
	char text[256];
	unsigned game;      /* the game number, its state, round and turn when it was said: */
	unsigned state;     /* a change of any makes it stale (a move was made since) */
	unsigned round, turn;
	guint timer;
	struct app *app;
} co = {.cell = -1};

/* Timer: the word has been read. */
static gboolean callout_expire(gpointer data)
{
	(void)data;
	co.timer = 0;
	callout_clear(co.app);
	return G_SOURCE_REMOVE;
}

/* Show text by cell (-1: the middle of the board) for CALLOUT_MS; refused picks the
 * refusal's colours. */
void callout_show(struct app *a, int cell, int refused, const char *text)
{
	if (a->window == NULL || !a->have_snap)
		return;
	co.cell = cell < 0 ? (int)(view_side(a->view) * view_side(a->view) / 2) : cell;
	co.refused = refused;
	co.game = a->snap->game_number;
	co.state = a->snap->game_state;
	co.round = a->snap->round_number;
	co.turn = a->snap->turn;
	co.app = a;
	snprintf(co.text, sizeof co.text, "%s", text);
	if (co.timer != 0)
		g_source_remove(co.timer);
	co.timer = g_timeout_add(CALLOUT_MS, callout_expire, NULL);
	view_update(a->view);
}

/* A move this window will not send, said by its cell with the bell (no round trip). */
void callout_refuse(struct app *a, int cell, const char *text)
{
	gtk_widget_error_bell(a->view);
	callout_show(a, cell, 1, text);
}

/* A move out of turn, said by its cell: the game is not on, or another seat is to move. */
void callout_out_of_turn(struct app *a, int cell, int on)
{
	callout_refuse(a, cell, on ? _("Not your turn: wait for your opponent's move.") : _("Not now: no game is on."));
}

/* A move the game's rules forbid, said by its cell with the rule's reason (why). */
void callout_illegal(struct app *a, int cell, const char *why)
{
	char text[256];

	snprintf(text, sizeof text, _("Not allowed: %s."), i18n_reason(why));
	callout_refuse(a, cell, text);
}

/* Take the word off the board (stale, or the user moved again). */
void callout_clear(struct app *a)
{
	if (co.cell < 0)
		return;
	co.cell = -1;
	if (co.timer != 0)
		g_source_remove(co.timer);
	co.timer = 0;
	if (a != NULL && a->window != NULL)
		view_update(a->view);
}

/* The cell the word on the board is about, -1 if none is shown. */
int callout_cell(void)
{
	return co.cell;
}

/* A refusal in the user's words: a short title, then the daemon's reason (a cooldown's
 * milliseconds told in seconds). */
static void callout_words(const char *code, const char *text, char *buf, size_t len)
{
	static const struct { const char *code, *title; } titles[] = {
		{"filled", N_("Taken")}, {"wait", N_("Wait")}, {"state", N_("Not now")},
		{"rate", N_("Too fast")}, {"turn", N_("Not your turn")}, {"over", N_("Game over")},
		{"cooldown", N_("Cooling down")}, {"illegal", N_("Not allowed")},
	};
	const char *title = N_("Refused");
	long long ms;

	for (size_t i = 0; i < G_N_ELEMENTS(titles); i++)
		if (g_strcmp0(code, titles[i].code) == 0)
			title = titles[i].title;
	if (g_strcmp0(code, "cooldown") == 0 && sscanf(text, "%lld ms left", &ms) == 1)
		snprintf(buf, len, _("%s: you let this card go, so others may pick it first for %lld s (you may "
				     "still pick it to match it)."), _(title), (ms + 999) / 1000);
	else
		snprintf(buf, len, _("%s: %s."), _(title), i18n_reason(text)); /* the title, then the daemon's reason */
}

/* Send one of the game's moves about cell and wait for its answer: 0 done, 1 refused (said
 * by the cell and in the side panel, with the bell), -1 not sent or no answer. */
int callout_send(struct app *a, int cell, const char *fmt, ...)
{
	char words[BD_LINE_MAX + 128];
	struct bd_msg r;
	va_list ap;

	if (!conn_can_play(a))
		return -1;
	va_start(ap, fmt);
	char *line = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	callout_clear(a);
	int rc = conn_request(a, &r, "%s", line);
	g_free(line);
	if (rc == 1) {
		callout_words(r.word, r.text, words, sizeof words);
		panel_refused(a, r.word, r.text);
		callout_show(a, cell, 1, words);
	}
	return rc;
}

/* A box of text by cell's rectangle r, inside the widget: under the cell, or over it when
 * there is no room below; refused picks the refusal's colours. */
void callout_box(GtkWidget *view, cairo_t *cr, const GdkRectangle *r, const char *text, int refused)
{
	GtkStyleContext *ctx = gtk_widget_get_style_context(view);
	int width = gtk_widget_get_allocated_width(view), height = gtk_widget_get_allocated_height(view);
	PangoLayout *layout = pango_cairo_create_layout(cr);
	PangoFontDescription *font = pango_font_description_from_string("Sans Bold");
	double pad = 6, px = CLAMP(r->width * 0.16, 11, 15);
	GdkRGBA bg, fg;
	int tw, th;

	paint_lookup(ctx, refused ? "callout_refused_bg" : "callout_bg", refused ? "#6b0f1a" : "#fff1b3", &bg);
	paint_lookup(ctx, refused ? "callout_refused_fg" : "callout_fg", refused ? "#ffffff" : "#1c1c1c", &fg);
	pango_font_description_set_absolute_size(font, px * PANGO_SCALE);
	pango_layout_set_font_description(layout, font);
	pango_layout_set_width(layout, (int)(MIN(MAX(r->width * 3, 220), width - 2 * pad - 8) * PANGO_SCALE));
	pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_text(layout, text, -1);
	pango_layout_get_pixel_size(layout, &tw, &th);
	double w = tw + 2 * pad, h = th + 2 * pad;
	double x = CLAMP(r->x + r->width / 2.0 - w / 2, 2, MAX(2, width - w - 2));
	double y = r->y + r->height + 4 + h <= height ? r->y + r->height + 4 : MAX(2, r->y - h - 4);
	paint_round_rect(cr, x, y, w, h, 6);
	gdk_cairo_set_source_rgba(cr, &bg);
	cairo_fill_preserve(cr);
	cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.6);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	gdk_cairo_set_source_rgba(cr, &fg);
	cairo_move_to(cr, x + pad, y + pad);
	pango_cairo_show_layout(cr, layout);
	cairo_new_path(cr);
	pango_font_description_free(font);
	g_object_unref(layout);
}

/* Draw the word, if one is shown and still holds (same game, state, round and turn), over
 * the board. */
void callout_draw(GtkWidget *view, cairo_t *cr)
{
	struct app *a = view_app(view);
	unsigned side = view_side(view);
	GdkRectangle r;

	if (co.cell < 0 || co.app != a || side == 0 || (unsigned)co.cell >= side * side)
		return;
	if (a->snap->game_number != co.game || a->snap->game_state != co.state || a->snap->round_number != co.round ||
	    a->snap->turn != co.turn)
		return;
	view_cell_rect(view, (unsigned)co.cell, &r);
	callout_box(view, cr, &r, co.text, co.refused);
}
