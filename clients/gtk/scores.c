/* scores.c: the games this window's player finished. This session's tally is kept in
 * memory; the statistics across sessions (games, wins, draws, best score per kind of game)
 * in a small keyfile, g_get_user_data_dir()/boardd/scores, one group per game by its
 * protocol name. The Scores dialog (scores.ui) shows both. */
#include <errno.h>
#include <stdio.h>

#include "board-gtk.h"
#include "ipc/game/game.h"

#define SCORES_KINDS 8 /* room for every enum bd_game_kind */

/* One kind of game's counts. */
struct scores_count {
	unsigned games, wins, draws, best;
};

static struct scores_count session[SCORES_KINDS];

/* The keyfile's path (g_free it). */
static char *scores_path(void)
{
	return g_build_filename(g_get_user_data_dir(), "boardd", "scores", NULL);
}

/* The statistics across sessions; an unreadable or missing file is an empty one. */
static GKeyFile *scores_load(void)
{
	GKeyFile *kf = g_key_file_new();
	char *path = scores_path();
	GError *err = NULL;

	if (!g_key_file_load_from_file(kf, path, G_KEY_FILE_NONE, &err)) {
		if (!g_error_matches(err, G_FILE_ERROR, G_FILE_ERROR_NOENT))
			g_printerr(_("board-gtk: %s: %s (starting the statistics afresh)\n"), path, err->message);
		g_error_free(err);
	}
	g_free(path);
	return kf;
}

/* Write the statistics back, making the folder if need be. */
static void scores_save(GKeyFile *kf)
{
	char *path = scores_path(), *dir = g_path_get_dirname(path);
	GError *err = NULL;

	if (g_mkdir_with_parents(dir, 0700) < 0)
		g_printerr(_("board-gtk: cannot make %s: %s\n"), dir, g_strerror(errno));
	else if (!g_key_file_save_to_file(kf, path, &err)) {
		g_printerr(_("board-gtk: cannot save the statistics: %s\n"), err->message);
		g_error_free(err);
	}
	g_free(dir);
	g_free(path);
}

/* A count of the keyfile, 0 if missing or not a number. */
static unsigned scores_get(GKeyFile *kf, const char *group, const char *key)
{
	gint n = g_key_file_get_integer(kf, group, key, NULL);

	return n > 0 ? (unsigned)n : 0;
}

/* The statistics of the game named group, as the file has them. */
static struct scores_count scores_read(GKeyFile *kf, const char *group)
{
	return (struct scores_count){scores_get(kf, group, "games"), scores_get(kf, group, "wins"),
				     scores_get(kf, group, "draws"), scores_get(kf, group, "best")};
}

/* Add one finished game to c. */
static void scores_add(struct scores_count *c, int result, unsigned points)
{
	c->games++;
	c->wins += result == BD_RESULT_WIN;
	c->draws += result == BD_RESULT_DRAW;
	c->best = MAX(c->best, points);
}

/* This window's player finished a game of kind with result (enum bd_result) and points:
 * count it in the session's tally and in the statistics. */
void scores_record(unsigned kind, int result, unsigned points)
{
	const struct bd_game *g = bd_game_of_kind(kind);
	struct scores_count c;

	if (g == NULL || kind >= SCORES_KINDS)
		return;
	scores_add(&session[kind], result, points);
	GKeyFile *kf = scores_load();
	c = scores_read(kf, g->name);
	scores_add(&c, result, points);
	g_key_file_set_integer(kf, g->name, "games", (gint)c.games);
	g_key_file_set_integer(kf, g->name, "wins", (gint)c.wins);
	g_key_file_set_integer(kf, g->name, "draws", (gint)c.draws);
	g_key_file_set_integer(kf, g->name, "best", (gint)c.best);
	scores_save(kf);
	g_key_file_free(kf);
}

/* This session's tally of a kind of game, one line ("" before its first game). */
void scores_tally(unsigned kind, char *buf, size_t len)
{
	const struct game_view *v = view_of_kind(kind);
	const struct scores_count *c = kind < SCORES_KINDS ? &session[kind] : NULL;

	if (c == NULL || v == NULL || c->games == 0) {
		snprintf(buf, len, "%s", "");
		return;
	}
	snprintf(buf, len, ngettext("This session: %u game of %s, %u won, %u drawn.",
				    "This session: %u games of %s, %u won, %u drawn.", c->games),
		 c->games, _(v->title), c->wins, c->draws);
}

/* A label in the dialog's grid at column x, row y. */
static GtkWidget *scores_cell(GtkGrid *grid, int x, int y, const char *text)
{
	GtkWidget *l = gtk_label_new(text);

	gtk_label_set_xalign(GTK_LABEL(l), x == 0 ? 0 : 1);
	gtk_grid_attach(grid, l, x, y, 1, 1);
	gtk_widget_show(l);
	return l;
}

/* One row of the dialog: a kind of game's statistics and this session's games; a screen
 * reader reads the whole row on its first cell. */
static void scores_row(GtkGrid *grid, int y, const char *title, const struct scores_count *all,
		       const struct scores_count *now)
{
	const unsigned n[5] = {all->games, all->wins, all->draws, all->best, now->games};
	char text[256];

	GtkWidget *first = scores_cell(grid, 0, y, title);
	for (int x = 0; x < 5; x++) {
		snprintf(text, sizeof text, "%u", n[x]);
		scores_cell(grid, x + 1, y, text);
	}
	snprintf(text, sizeof text, _("%s: played %u, won %u, drawn %u, best score %u, %u this session"), title,
		 all->games, all->wins, all->draws, all->best, now->games);
	atk_object_set_name(gtk_widget_get_accessible(first), text);
}

/* The Scores dialog: every kind of game played, its statistics across sessions. */
void scores_open(struct app *a)
{
	GtkBuilder *b = gtk_builder_new_from_resource(RES "scores.ui");
	GtkWidget *dialog = app_object(b, "scores");
	GtkGrid *grid = app_object(b, "scores-grid");
	GtkWidget *none = app_object(b, "scores-none");
	GKeyFile *kf = scores_load();
	int rows = 0;

	for (unsigned kind = 1; kind < SCORES_KINDS; kind++) {
		const struct bd_game *g = bd_game_of_kind(kind);
		const struct game_view *v = view_of_kind(kind);
		if (g == NULL || v == NULL)
			continue;
		struct scores_count all = scores_read(kf, g->name);
		if (all.games > 0)
			scores_row(grid, ++rows, _(v->title), &all, &session[kind]);
	}
	g_key_file_free(kf);
	gtk_widget_set_visible(none, rows == 0);
	gtk_window_set_transient_for(GTK_WINDOW(dialog), a->window);
	g_signal_connect(dialog, "response", G_CALLBACK(gtk_widget_destroy), NULL);
	gtk_widget_show(dialog);
	g_object_unref(b);
}
