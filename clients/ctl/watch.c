/* watch.c: the dump, redrawn whenever the board changes, until Ctrl+C.
 * It polls the public segment's counters (event_seq, the header seqlock and every region's)
 * every WATCH_POLL_MS; it needs no socket, so it keeps showing a board whose daemon died.
 * On a terminal a frame fits its window: lines cut at its width and rows at its height, with
 * a note saying so; a resize (SIGWINCH) redraws. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ctl.h"
#include "ipc/clock.h"
#include "ipc/guard.h"
#include "ipc/shm.h"

#define WATCH_POLL_MS 100

struct watch {
	const struct ctl *c;
	const struct bd_pub *pub;        /* current mapping, NULL while the board is gone */
	char name[BD_OBJ_NAME_MAX];      /* the public segment mapped (a restarted daemon renames it) */
	ino_t ino;
	int dirty;                       /* mapping or error changed: draw */
	uint64_t sig;                    /* watch_signature of the last frame */
	int alive;                       /* daemon alive in the last frame */
	int64_t drawn_ms;
	const char *why;                 /* why the last frame was an error, NULL if it was a board */
	char whybuf[320];
	int tty;
};

static volatile sig_atomic_t watch_stop, watch_resized;
static struct bd_pub watch_snap; /* 76 KiB: too big for the stack of every frame */
static struct bd_pub watch_head; /* its header and region counters, copied each poll */

/* SIGINT/SIGTERM: finish the current frame and leave. */
static void watch_signal(int sig)
{
	(void)sig;
	watch_stop = 1;
}

/* SIGWINCH: the terminal was resized; draw again. */
static void watch_winch(int sig)
{
	(void)sig;
	watch_resized = 1;
}

/* Write line s (len bytes, no newline) cut at cols visible columns: escape sequences (the
 * colours) are written whole and not counted; a cut line ends its colour. Returns how many
 * columns it needed. */
static size_t watch_line(const char *s, size_t len, unsigned cols)
{
	size_t vis = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\033') {
			size_t k = i + 1 < len && s[i + 1] == '[' ? i + 2 : i + 1;
			while (k < len && !(s[k] >= '@' && s[k] <= '~'))
				k++;
			fwrite(s + i, 1, (k < len ? k + 1 : len) - i, stdout);
			i = k;
			continue;
		}
		if (vis++ < cols)
			fputc(s[i], stdout);
	}
	if (vis > cols)
		fputs("\033[0m", stdout);
	return vis;
}

/* Write a frame to the terminal within its window (its size asked now): each line cut at
 * the width, the rows past the height left out, and a last line saying what was cut. */
static void watch_fit(const char *frame, size_t len)
{
	struct winsize ws;
	size_t widest = 0;
	unsigned rows = 0, cut = 0;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) < 0 || ws.ws_col == 0 || ws.ws_row < 2) {
		fwrite(frame, 1, len, stdout);
		return;
	}
	for (const char *s = frame, *end = frame + len; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl != NULL ? (size_t)(nl - s) : (size_t)(end - s), w;
		if (rows + 1 < ws.ws_row) {
			w = watch_line(s, n, ws.ws_col);
			fputc('\n', stdout);
			rows++;
		} else
			w = n, cut++;
		widest = w > widest ? w : widest;
		s += n + 1;
	}
	char note[128] = "";
	if (widest > ws.ws_col)
		snprintf(note, sizeof note, "(cut: %zu columns wide, the terminal has %u)", widest, (unsigned)ws.ws_col);
	if (cut > 0)
		snprintf(note + strlen(note), sizeof note - strlen(note), "(%u more lines below)", cut);
	watch_line(note, strlen(note), ws.ws_col);
}

/* A number that changes whenever anything a frame shows changes, from a header copy. */
static uint64_t watch_signature(const struct bd_pub *head)
{
	uint64_t sig = head->event_seq * 1000003u + head->seq;
	unsigned n = head->nregions < BD_REGIONS_MAX ? head->nregions : BD_REGIONS_MAX;

	for (unsigned r = 0; r < n; r++)
		sig = sig * 31 + head->region_seq[r];
	return sig;
}

/* Show why there is no board now; a new reason is a new frame. */
static void watch_why(struct watch *w, const char *why)
{
	if (w->why != NULL && strcmp(w->whybuf, why) == 0)
		return;
	snprintf(w->whybuf, sizeof w->whybuf, "%s", why);
	w->why = w->whybuf;
	w->dirty = 1;
}

/* Drop the mapping: its segment is gone, replaced or shrank; why says which. */
static void watch_drop(struct watch *w, const char *why)
{
	bd_pub_unmap(w->pub);
	w->pub = NULL;
	w->dirty = 1;
	watch_why(w, why);
}

/* Keep w->pub on the trusted segment that has the board's name now: drop a mapping whose
 * segment was removed or replaced and map it again (a shrunk one faults in the guarded
 * reads, see watch_due). stat comes before the mapping, so a replacement in between is
 * caught on the next poll. */
static void watch_remap(struct watch *w)
{
	struct stat st;
	struct bd_found f;
	char path[BD_OBJ_NAME_MAX + 16];
	const char *why = ctl_find(w->c, w->c->board, &f);
	int found = why == NULL && snprintf(path, sizeof path, BD_SHM_DIR "%s", f.name) > 0 && stat(path, &st) == 0;

	if (w->pub != NULL && found && strcmp(f.name, w->name) == 0 && st.st_ino == w->ino)
		return;
	if (w->pub != NULL)
		watch_drop(w, "no such board (segment missing)");
	if (found && (w->pub = ctl_map(w->c, &f, &why)) != NULL) {
		snprintf(w->name, sizeof w->name, "%s", f.name);
		w->ino = st.st_ino;
		w->why = NULL;
		w->dirty = 1;
	} else
		watch_why(w, why != NULL ? why : "no such board (segment missing)");
}

/* Write one frame: clear the terminal first, so it reads as a live view. */
static void watch_emit(struct watch *w, const char *frame, size_t len)
{
	if (w->tty) {
		fputs("\033[H\033[2J", stdout);
		watch_fit(frame, len);
	} else
		fwrite(frame, 1, len, stdout);
	if (!w->tty && !w->c->json)
		fputc('\n', stdout);
	fflush(stdout);
}

/* Draw the board, or why it cannot be shown. */
static void watch_draw(struct watch *w)
{
	char *frame = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&frame, &len);

	if (f == NULL)
		return;
	const char *why = w->why != NULL ? w->why : ctl_copy(w->pub, &watch_snap);
	if (w->c->json && why != NULL) {
		struct json j;
		json_start(&j, f);
		json_object(&j, NULL);
		json_str(&j, "board", w->c->board);
		json_str(&j, "prefix", w->c->prefix);
		json_str(&j, "error", why);
		json_close(&j);
		json_finish(&j);
	} else if (why != NULL)
		fprintf(f, "board %s (prefix %s): %s\nwaiting for it; Ctrl+C to stop\n", w->c->board,
			w->c->prefix, why);
	else {
		if (!w->c->json)
			fprintf(f, "boardctl watch: Ctrl+C to stop\n\n");
		dump_frame(f, w->c, &watch_snap);
	}
	fclose(f);
	watch_emit(w, frame, len);
	free(frame);
	w->drawn_ms = bd_now_ms();
	w->dirty = 0;
}

/* Nonzero if a new frame is due: the board changed, its daemon died or came back, its
 * segment shrank under the mapping, or (text only) a second passed while a restart
 * countdown runs (a turn game's table has none: it waits for a rematch). Reads the mapping
 * only through the guard. */
static int watch_due(struct watch *w)
{
	if (w->pub == NULL)
		return w->dirty;
	if (bd_guard_copy(&watch_head, w->pub, offsetof(struct bd_pub, players)) < 0) {
		watch_drop(w, CTL_SHRUNK);
		return 1;
	}
	uint64_t sig = watch_signature(&watch_head);
	int alive = bd_pid_is_boardd(watch_head.daemon_pid);
	int ticking = !w->c->json && watch_head.game_state == BD_GAME_OVER && watch_head.deadline_ms > 0 &&
		      bd_now_ms() - w->drawn_ms >= 1000;
	int due = w->dirty || sig != w->sig || alive != w->alive || ticking;

	w->sig = sig;
	w->alive = alive;
	return due;
}

int watch_run(const struct ctl *c)
{
	struct watch w = {.c = c, .tty = isatty(STDOUT_FILENO)};
	struct sigaction sa = {.sa_handler = watch_signal};

	if (!dump_hands_allowed(c))
		return CTL_ERROR;
	watch_remap(&w);
	const char *why = w.pub != NULL ? ctl_copy(w.pub, &watch_snap) : w.why;
	if (why != NULL) {
		bd_pub_unmap(w.pub);
		return ctl_fail(c, why);
	}
	struct sigaction winch = {.sa_handler = watch_winch};
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGWINCH, &winch, NULL);
	while (!watch_stop) {
		if (watch_resized) {
			watch_resized = 0;
			w.dirty = 1;
		}
		watch_remap(&w);
		if (watch_due(&w))
			watch_draw(&w);
		struct timespec ts = {0, WATCH_POLL_MS * 1000000L};
		nanosleep(&ts, NULL);
	}
	bd_pub_unmap(w.pub);
	return CTL_OK;
}
