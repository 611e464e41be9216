/* paint.c: cairo helpers the games' views share: stylesheet colours (and the stylesheet's
 * variant for a dark or high-contrast theme), player colours made readable, rounded
 * rectangles, centred text, player badges and the keyboard cursor. */
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

#define PAINT_PLAYERS 8 /* player colours the stylesheet defines (player_0...) */

static GdkRGBA paint_palette[PAINT_PLAYERS];
static int paint_palette_known;
static GtkCssProvider *paint_variant; /* board-gtk-dark.css or -hc.css over board-gtk.css */
static const char *paint_variant_name; /* which one: "dark", "hc", "" (none) or NULL (not yet) */

static double paint_luminance(const GdkRGBA *c);

/* The stylesheet's variant the theme asks for: "hc" for a high-contrast theme, "dark" for a
 * theme whose background is dark (a dark theme, or the dark preference), else "". */
static const char *paint_variant_for(GtkWidget *w)
{
	const char *env = g_getenv("GTK_THEME");
	char *theme = NULL;
	GdkRGBA bg;
	int hc;

	g_object_get(gtk_widget_get_settings(w), "gtk-theme-name", &theme, NULL);
	hc = (theme != NULL && strstr(theme, "HighContrast") != NULL) || (env != NULL && strstr(env, "HighContrast") != NULL);
	g_free(theme);
	if (hc)
		return "hc";
	if (gtk_style_context_lookup_color(gtk_widget_get_style_context(w), "theme_bg_color", &bg) &&
	    paint_luminance(&bg) < 0.2)
		return "dark";
	return "";
}

/* Follow the theme: load the stylesheet's variant it asks for over board-gtk.css (at a
 * higher priority, so its colours win) and read the player colours again. Called when w's
 * style changes; loading a variant changes it again, which then finds nothing to do. */
void paint_follow_theme(GtkWidget *w)
{
	const char *want = paint_variant_for(w);
	GtkStyleContext *ctx = gtk_widget_get_style_context(w);

	if (paint_variant == NULL) {
		paint_variant = gtk_css_provider_new();
		gtk_style_context_add_provider_for_screen(gtk_widget_get_screen(w), GTK_STYLE_PROVIDER(paint_variant),
							  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
	}
	if (paint_variant_name == NULL || strcmp(want, paint_variant_name) != 0) {
		paint_variant_name = want;
		if (want[0]) {
			char *path = g_strdup_printf(RES "board-gtk-%s.css", want);
			gtk_css_provider_load_from_resource(paint_variant, path);
			g_free(path);
		} else {
			gtk_css_provider_load_from_data(paint_variant, "", -1, NULL);
		}
	}
	for (unsigned i = 0; i < PAINT_PLAYERS; i++) {
		char name[16];
		snprintf(name, sizeof name, "player_%u", i);
		paint_palette_known = gtk_style_context_lookup_color(ctx, name, &paint_palette[i]);
		if (!paint_palette_known)
			break;
	}
}

/* A player colour index as GdkRGBA: the stylesheet's for the first seats, then
 * ipc/colour.c's. */
void paint_player_rgba(unsigned colour, GdkRGBA *out)
{
	uint32_t rgb = bd_colour_rgb(colour);

	if (colour < PAINT_PLAYERS && paint_palette_known) {
		*out = paint_palette[colour];
		return;
	}
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

/* The letter at index k of name, upper-cased if first (0 past its end). */
static gunichar paint_letter(const char *name, glong k)
{
	if (k >= g_utf8_strlen(name, -1))
		return 0;
	gunichar c = g_utf8_get_char(g_utf8_offset_to_pointer(name, k));
	return k == 0 ? g_unichar_toupper(c) : c;
}

/* The short label of player id on badges, from the player's name: the upper-case initial;
 * when another seated player's name has the same initial, two letters: the initial and the
 * first letter of the name that differs from theirs at the same place ("p1" and "p2": "P1",
 * "P2"; "Alice" and "Alan": "Ai", "Aa"), so colour is never the only cue. "?" for a seat
 * emptied since (a locked card keeps its colour, not its player). */
void paint_tag(const struct bd_pub *snap, unsigned id, char *buf, size_t len)
{
	const struct bd_pub_player *p = id < BD_PLAYERS_MAX ? &snap->players[id] : NULL;
	const char *others[BD_PLAYERS_MAX];
	unsigned n = 0;
	glong k = 1, size;

	if (p == NULL || p->state == BD_PLAYER_EMPTY || !g_utf8_validate(p->name, -1, NULL) || !p->name[0]) {
		snprintf(buf, len, "?");
		return;
	}
	gunichar initial = paint_letter(p->name, 0);
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (i != id && snap->players[i].state != BD_PLAYER_EMPTY && g_utf8_validate(snap->players[i].name, -1, NULL) &&
		    paint_letter(snap->players[i].name, 0) == initial)
			others[n++] = snap->players[i].name;
	for (size = g_utf8_strlen(p->name, -1); n > 0 && k < size; k++) {
		unsigned same = 0;
		for (unsigned i = 0; i < n; i++)
			same += paint_letter(others[i], k) == paint_letter(p->name, k);
		if (same == 0)
			break;
	}
	char tag[16];
	int used = g_unichar_to_utf8(initial, tag);
	if (n > 0 && size > 1)
		used += g_unichar_to_utf8(paint_letter(p->name, k < size ? k : 1), tag + used);
	tag[used] = '\0';
	if ((size_t)used >= len) /* two letters that do not fit: the first */
		tag[g_unichar_to_utf8(initial, tag)] = '\0';
	snprintf(buf, len, "%s", tag);
}

/* A player's badge: a disc in their colour with a dark rim and their tag (paint_tag); never
 * smaller than PAINT_BADGE_MIN px across, where its letters could not be read. */
void paint_badge(cairo_t *cr, double cx, double cy, double radius, unsigned colour, const char *tag)
{
	GdkRGBA fill, text;

	radius = MAX(radius, PAINT_BADGE_MIN / 2.0);
	paint_player_rgba(colour, &fill);
	paint_on(&fill, &text);
	cairo_arc(cr, cx, cy, radius, 0, 2 * G_PI);
	gdk_cairo_set_source_rgba(cr, &fill);
	cairo_fill_preserve(cr);
	cairo_set_source_rgba(cr, 0, 0, 0, 0.55);
	cairo_set_line_width(cr, MAX(1, radius * 0.12));
	cairo_stroke(cr);
	paint_text(cr, cx, cy, radius * (g_utf8_strlen(tag, -1) > 1 ? 0.9 : 1.25), tag, &text);
}

/* A ring around cell r: a wide halo and a thick outline in colour inside it (for the
 * keyboard cursor board-gtk.css picks the two far apart in lightness, so one shows on any
 * colour). */
void paint_ring(cairo_t *cr, const GdkRectangle *r, const GdkRGBA *colour, const GdkRGBA *halo)
{
	double s = r->width, pad = MAX(2, s * 0.04);

	paint_round_rect(cr, r->x - pad, r->y - pad, s + 2 * pad, r->height + 2 * pad, s * 0.13);
	gdk_cairo_set_source_rgba(cr, halo);
	cairo_set_line_width(cr, MAX(5, s * 0.1));
	cairo_stroke_preserve(cr);
	gdk_cairo_set_source_rgba(cr, colour);
	cairo_set_line_width(cr, MAX(2.5, s * 0.045));
	cairo_stroke(cr);
}

/* A ring in colour with a white halo around cell r (a view's own selection). */
void paint_cursor(cairo_t *cr, const GdkRectangle *r, const GdkRGBA *colour)
{
	const GdkRGBA white = {1, 1, 1, 1};

	paint_ring(cr, r, colour, &white);
}
