/* prefs.c: the preferences, in GSettings (schema org.boardd.BoardGtk): the player's name,
 * what the New Game dialog offers first, sounds, the window's size; and the Preferences
 * dialog (prefs.ui). The schema is looked up, never assumed (GSettings aborts on a missing
 * one): installed (or in GSETTINGS_SCHEMA_DIR), it is used with the user's settings; compiled
 * next to the program only (the build tree), it gives its defaults and changes last until the
 * program ends; nowhere, each preference is its caller's fallback. */
#define G_SETTINGS_ENABLE_BACKEND /* g_memory_settings_backend_new */
#include <gio/gsettingsbackend.h>

#include "board-gtk.h"

#define SCHEMA "org.boardd.BoardGtk"

/* The schema in the build tree: schemas/ beside the program. */
static GSettingsSchema *prefs_beside(void)
{
	char *exe = g_file_read_link("/proc/self/exe", NULL);
	GSettingsSchema *schema = NULL;

	if (exe != NULL) {
		char *dir = g_path_get_dirname(exe);
		char *schemas = g_build_filename(dir, "schemas", NULL);
		GSettingsSchemaSource *src = g_file_test(schemas, G_FILE_TEST_IS_DIR) ?
			g_settings_schema_source_new_from_directory(schemas, NULL, FALSE, NULL) : NULL;

		if (src != NULL) {
			schema = g_settings_schema_source_lookup(src, SCHEMA, FALSE);
			g_settings_schema_source_unref(src);
		}
		g_free(schemas);
		g_free(dir);
	}
	g_free(exe);
	return schema;
}

/* The preferences' settings, or NULL; *kept: they are saved, not only in memory. */
GSettings *prefs_open(int *kept)
{
	GSettingsSchemaSource *src = g_settings_schema_source_get_default();
	GSettingsSchema *schema = src != NULL ? g_settings_schema_source_lookup(src, SCHEMA, TRUE) : NULL;
	GSettingsBackend *memory = NULL;
	GSettings *s;

	*kept = schema != NULL;
	if (schema == NULL) { /* not installed: the build tree's, kept in memory only */
		schema = prefs_beside();
		if (schema == NULL)
			return NULL;
		memory = g_memory_settings_backend_new();
	}
	s = g_settings_new_full(schema, memory, NULL);
	g_settings_schema_unref(schema);
	if (memory != NULL)
		g_object_unref(memory);
	return s;
}

/* Nonzero if the settings hold key (a key the schema lacks would abort GSettings). */
static int prefs_has(const struct app *a, const char *key)
{
	GSettingsSchema *schema = NULL;
	int has;

	if (a->settings == NULL)
		return 0;
	g_object_get(a->settings, "settings-schema", &schema, NULL);
	has = g_settings_schema_has_key(schema, key);
	g_settings_schema_unref(schema);
	if (!has)
		g_warning("the schema " SCHEMA " has no key '%s'", key);
	return has;
}

/* The value of key, or fallback. */
int prefs_int(const struct app *a, const char *key, int fallback)
{
	return prefs_has(a, key) ? g_settings_get_int(a->settings, key) : fallback;
}

/* The value of key, or fallback. */
int prefs_bool(const struct app *a, const char *key, int fallback)
{
	return prefs_has(a, key) ? g_settings_get_boolean(a->settings, key) : fallback;
}

/* The value of key (g_free it), or a copy of fallback. */
char *prefs_string(const struct app *a, const char *key, const char *fallback)
{
	return prefs_has(a, key) ? g_settings_get_string(a->settings, key) : g_strdup(fallback);
}

/* Set key, if there are settings. */
void prefs_set_int(struct app *a, const char *key, int value)
{
	if (prefs_has(a, key))
		g_settings_set_int(a->settings, key, value);
}

/* The name chosen in Preferences, if it is a valid player name, else "". */
void prefs_name(const struct app *a, char *buf, size_t len)
{
	char *name = prefs_string(a, "name", "");

	snprintf(buf, len, "%s", bd_player_name_ok(name) ? name : "");
	g_free(name);
}

/* The window's size changed: kept for prefs_window_save (unless maximized, the size to go
 * back to). */
static void prefs_window_resized(GtkWidget *w, GdkRectangle *alloc, gpointer data)
{
	struct app *a = data;

	(void)alloc;
	if (!a->maximized)
		gtk_window_get_size(GTK_WINDOW(w), &a->width, &a->height);
}

/* Maximized or not. */
static gboolean prefs_window_state(GtkWidget *w, GdkEventWindowState *ev, gpointer data)
{
	struct app *a = data;

	(void)w;
	a->maximized = (ev->new_window_state & GDK_WINDOW_STATE_MAXIMIZED) != 0;
	return FALSE;
}

/* The window as it was when it last closed; its size followed from now on. */
void prefs_window(struct app *a)
{
	int w, h;

	gtk_window_get_default_size(a->window, &w, &h);
	a->width = prefs_int(a, "window-width", w);
	a->height = prefs_int(a, "window-height", h);
	gtk_window_set_default_size(a->window, a->width, a->height);
	if (prefs_bool(a, "window-maximized", 0))
		gtk_window_maximize(a->window);
	g_signal_connect(a->window, "size-allocate", G_CALLBACK(prefs_window_resized), a);
	g_signal_connect(a->window, "window-state-event", G_CALLBACK(prefs_window_state), a);
}

/* The program ends: the window's last size, for the next start. */
void prefs_window_save(struct app *a)
{
	if (a->settings == NULL || a->width <= 0) /* no window was shown */
		return;
	prefs_set_int(a, "window-width", a->width);
	prefs_set_int(a, "window-height", a->height);
	g_settings_set_boolean(a->settings, "window-maximized", a->maximized);
}

/* Show the Preferences dialog, each control bound to its key (changes are kept at once);
 * made once, hidden when closed. */
void prefs_show(struct app *a)
{
	static const struct {
		const char *key, *id, *property;
	} binds[] = {
		{"name", "name", "text"}, {"game", "game", "active-id"}, {"size", "size", "value"},
		{"bots", "bots", "value"}, {"opponent", "opponent", "active-id"},
		{"level", "level", "active-id"}, {"sounds", "sounds", "active"},
	};

	if (a->prefs == NULL) {
		GtkBuilder *b = gtk_builder_new_from_resource(RES "prefs.ui");
		GtkLabel *unsaved = app_object(b, "unsaved");

		a->prefs = app_object(b, "prefs");
		for (size_t i = 0; i < G_N_ELEMENTS(binds); i++) {
			if (a->settings != NULL)
				g_settings_bind(a->settings, binds[i].key, app_object(b, binds[i].id),
						binds[i].property, G_SETTINGS_BIND_DEFAULT);
			else
				gtk_widget_set_sensitive(app_object(b, binds[i].id), FALSE);
		}
		if (a->settings == NULL)
			gtk_label_set_text(unsaved, _("Preferences cannot be changed: the settings schema of board-gtk is not installed."));
		gtk_widget_set_visible(GTK_WIDGET(unsaved), !a->settings_kept);
		gtk_window_set_transient_for(GTK_WINDOW(a->prefs), a->window);
		g_signal_connect(a->prefs, "response", G_CALLBACK(gtk_widget_hide), NULL);
		g_signal_connect(a->prefs, "delete-event", G_CALLBACK(gtk_widget_hide_on_delete), NULL);
		g_object_unref(b);
	}
	gtk_window_present(GTK_WINDOW(a->prefs));
}
