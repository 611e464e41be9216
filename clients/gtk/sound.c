/* sound.c: the game's sounds, event sounds of the freedesktop sound theme played by GSound
 * (libcanberra). Nothing is played while the "sounds" preference is off, nor where there is
 * no audio output at all: there ALSA would write its errors to stderr at every sound. What is
 * played or not is said in a debug message (G_MESSAGES_DEBUG=board-gtk). */
#define G_LOG_DOMAIN "board-gtk"
#include <gsound.h>

#include "board-gtk.h"

/* Each sound's name (for the debug message) and its event in the sound theme. */
static const struct {
	const char *name, *event;
} sound_events[] = {
	[SOUND_PICK] = {"pick", "audio-volume-change"},
	[SOUND_MATCH] = {"match", "complete"},
	[SOUND_MISMATCH] = {"mismatch", "bell"},
	[SOUND_END] = {"end", "service-login"},
};

/* Nonzero if there may be an audio output: a sound card, or a PulseAudio (or PipeWire)
 * server. */
static int sound_output(void)
{
	const char *server = g_getenv("PULSE_SERVER");
	char *pulse = g_build_filename(g_get_user_runtime_dir(), "pulse", "native", NULL);
	int found = (server != NULL && *server) || g_file_test("/dev/snd", G_FILE_TEST_IS_DIR) ||
		    g_file_test(pulse, G_FILE_TEST_EXISTS);

	g_free(pulse);
	return found;
}

/* Make the sound context once; 0 (and a->mute set) if there is none to play through. */
static int sound_open(struct app *a)
{
	GError *err = NULL;
	GSoundContext *ctx;

	if (a->sound != NULL)
		return 1;
	if (a->mute)
		return 0;
	if (!sound_output()) {
		g_debug("no audio output: no sounds");
		a->mute = 1;
		return 0;
	}
	ctx = gsound_context_new(NULL, &err);
	if (ctx == NULL) {
		g_debug("no sounds: %s", err->message);
		g_error_free(err);
		a->mute = 1;
		return 0;
	}
	a->sound = G_OBJECT(ctx);
	return 1;
}

/* Play what, or say in a debug message why not. */
void sound_play(struct app *a, enum sound what)
{
	GError *err = NULL;

	g_return_if_fail((unsigned)what < G_N_ELEMENTS(sound_events));
	if (!prefs_bool(a, "sounds", 1)) {
		g_debug("sound %s: sounds are off", sound_events[what].name);
		return;
	}
	if (!sound_open(a)) {
		g_debug("sound %s: not played", sound_events[what].name);
		return;
	}
	if (!gsound_context_play_simple(GSOUND_CONTEXT(a->sound), NULL, &err, GSOUND_ATTR_EVENT_ID,
					sound_events[what].event, NULL)) {
		g_debug("sound %s: %s", sound_events[what].name, err->message);
		g_error_free(err);
		return;
	}
	g_debug("sound %s: played %s", sound_events[what].name, sound_events[what].event);
}

/* The program ends: the sound context goes. */
void sound_close(struct app *a)
{
	g_clear_object(&a->sound);
}
