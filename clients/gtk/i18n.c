/* i18n.c: gettext for board-gtk. The translations (.mo) are looked up beside the program:
 * in the build folder's locale/ when it runs from there (make all builds them into
 * $(BUILD)/locale, so tests and `make run` show a translated window without installing),
 * else in ../share/locale from the program's bin/ folder, where make install puts them (one
 * PREFIX for both: nothing is compiled in, so a build for one prefix installs in another). */
#include <errno.h>
#include <locale.h>

#include "board-gtk.h"

#define I18N_DOMAIN "board-gtk"

/* The folder of the translations, from where the program is; NULL if unknown. */
static char *i18n_dir(void)
{
	char *exe = g_file_read_link("/proc/self/exe", NULL);

	if (exe == NULL)
		return NULL;
	char *bin = g_path_get_dirname(exe);
	char *dir = g_build_filename(bin, "locale", NULL);
	if (!g_file_test(dir, G_FILE_TEST_IS_DIR)) { /* installed: /usr/bin/locale is a program */
		g_free(dir);
		dir = g_build_filename(bin, "..", "share", "locale", NULL);
	}
	g_free(bin);
	g_free(exe);
	return dir;
}

/* The user's locale and board-gtk's messages, before anything is said: _() in every module
 * and GtkBuilder's translatable strings (the default domain) use them. */
void i18n_init(void)
{
	char *dir = i18n_dir();

	setlocale(LC_ALL, "");
	if (dir != NULL && bindtextdomain(I18N_DOMAIN, dir) == NULL)
		g_warning("no translations: %s", g_strerror(errno));
	bind_textdomain_codeset(I18N_DOMAIN, "UTF-8");
	textdomain(I18N_DOMAIN);
	g_free(dir);
}

/* A reason the daemon gave for a refusal (ERR CODE REASON), in the user's language: the
 * daemon and the games' rules speak English, and po/ holds every fixed reason they write
 * (BD_REASON, bd_err_set); a reason made at run time, or unknown, is shown as it came. */
const char *i18n_reason(const char *english)
{
	if (english == NULL || english[0] == '\0') /* gettext("") is the catalogue's header */
		return english;
	return dgettext(I18N_DOMAIN, english);
}
