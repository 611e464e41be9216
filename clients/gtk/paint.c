/* paint.c: cairo helpers the games' views share: stylesheet colours, player colours made
 * readable, rounded rectangles, centred text, player badges and the keyboard cursor. */
#include <math.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <string.h>

#include "board-gtk.h"
#include "ipc/colour.h"

/* A named colour of board-gtk.css, or the fallback if the theme lacks it. */
void paint_lookup(GtkStyleContext *ctx, const char *name, const char *fallback, GdkRGBA *out)
{
	if (!gtk_style_context_lookup_color(ctx, name, out))
		gdk_rgba_parse(out, fallback);
}

/* A player colour index as GdkRGBA. */
void paint_player_rgba(unsigned colour, GdkRGBA *out)
{
	uint32_t rgb = bd_colour_rgb(colour);

	out->red = (rgb >> 16 & 0xff) / 255.0;
	out->green = (rgb >> 8 & 0xff) / 255.0;
	out->blue = (rgb & 0xff) / 255.0;
	out->alpha = 1;
}

/* WCAG relative luminance of one sRGB channel. */
static double paint_channel(double c)
{
	return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* WCAG relative luminance. */
static double paint_luminance(const GdkRGBA *c)
{
	return 0.2126 * paint_channel(c->red) + 0.7152 * paint_channel(c->green) + 0.0722 * paint_channel(c->blue);
}

/* WCAG contrast ratio of two colours, 1 to 21. */
static double paint_contrast(const GdkRGBA *a, const GdkRGBA *b)
{
	double la = paint_luminance(a), lb = paint_luminance(b);

	return (MAX(la, lb) + 0.05) / (MIN(la, lb) + 0.05);
}

/* Black or white, whichever reads better on bg. */
void paint_on(const GdkRGBA *bg, GdkRGBA *out)
{
	gdk_rgba_parse(out, paint_luminance(bg) > 0.179 ? "#000000" : "#ffffff");
}

/* Darken c until text in it reads on face (4.5:1, WCAG AA): yellow becomes olive, not grey. */
void paint_readable(GdkRGBA *c, const GdkRGBA *face)
{
	for (int i = 0; i < 20 && paint_contrast(c, face) < 4.5; i++) {
		c->red *= 0.88;
		c->green *= 0.88;
		c->blue *= 0.88;
	}
}

/* The path of a rectangle with rounded corners. */
void paint_round_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
	cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
	cairo_close_path(cr);
}

/* Text centred on (cx, cy), bold, size px high. */
void paint_text(cairo_t *cr, double cx, double cy, double px, const char *text, const GdkRGBA *colour)
{
	PangoLayout *layout = pango_cairo_create_layout(cr);
	PangoFontDescription *font = pango_font_description_from_string("Sans Bold");
	int w, h;

	pango_font_description_set_absolute_size(font, MAX(px, 1) * PANGO_SCALE);
	pango_layout_set_font_description(layout, font);
	pango_layout_set_text(layout, text, -1);
	pango_layout_get_pixel_size(layout, &w, &h);
	gdk_cairo_set_source_rgba(cr, colour);
	cairo_move_to(cr, cx - w / 2.0, cy - h / 2.0);
	pango_cairo_show_layout(cr, layout);
	cairo_new_path(cr);
	pango_font_description_free(font);
	g_object_unref(layout);
}

/* The short label of player id on badges: the upper-case initial, followed by the seat
 * number when another seated player has the same initial, so colour is never the only cue.
 * "?" for a seat emptied since (a locked card keeps its colour, not its player). */
void paint_tag(const struct bd_pub *snap, unsigned id, char *buf, size_t len)
{
	const struct bd_pub_player *p = id < BD_PLAYERS_MAX ? &snap->players[id] : NULL;
	int clash = 0;

	if (p == NULL || p->state == BD_PLAYER_EMPTY || !p->name[0]) {
		snprintf(buf, len, "?");
		return;
	}
	char initial = g_ascii_toupper(p->name[0]);
	for (unsigned i = 0; i < BD_PLAYERS_MAX && !clash; i++)
		clash = i != id && snap->players[i].state != BD_PLAYER_EMPTY &&
			g_ascii_toupper(snap->players[i].name[0]) == initial;
	if (clash)
		snprintf(buf, len, "%c%u", initial, id);
	else
		snprintf(buf, len, "%c", initial);
}

/* A player's badge: a disc in their colour with a dark rim and their tag (paint_tag). */
void paint_badge(cairo_t *cr, double cx, double cy, double radius, unsigned colour, const char *tag)
{
	GdkRGBA fill, text;

	paint_player_rgba(colour, &fill);
	paint_on(&fill, &text);
	cairo_arc(cr, cx, cy, radius, 0, 2 * G_PI);
	gdk_cairo_set_source_rgba(cr, &fill);
	cairo_fill_preserve(cr);
	cairo_set_source_rgba(cr, 0, 0, 0, 0.55);
	cairo_set_line_width(cr, MAX(1, radius * 0.12));
	cairo_stroke(cr);
	paint_text(cr, cx, cy, radius * (strlen(tag) > 1 ? 0.9 : 1.25), tag, &text);
}

/* The keyboard cursor around cell r: a light halo and a thick outline in colour. */
void paint_cursor(cairo_t *cr, const GdkRectangle *r, const GdkRGBA *colour)
{
	double s = r->width, pad = MAX(2, s * 0.04);

	paint_round_rect(cr, r->x - pad, r->y - pad, s + 2 * pad, r->height + 2 * pad, s * 0.13);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, MAX(4, s * 0.08));
	cairo_stroke_preserve(cr);
	gdk_cairo_set_source_rgba(cr, colour);
	cairo_set_line_width(cr, MAX(2.5, s * 0.045));
	cairo_stroke(cr);
}
