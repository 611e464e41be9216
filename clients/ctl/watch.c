/* watch.c: the dump, redrawn whenever the board changes, until Ctrl+C.
 * It polls the public segment's counters (event_seq, the header seqlock and every region's)
 * every WATCH_POLL_MS; it needs no socket, so it keeps showing a board whose daemon died.
 * With --no-shm it reads the socket instead (as often), and takes a snapshot when events
 * came: a lost connection marks the daemon gone, and it connects again each second.
 * On a terminal a frame fits its window: it shows the part of the frame that fits, with a
 * note saying which part; the arrow keys (or h j k l) scroll a frame bigger than the window,
 * q ends like Ctrl+C, and a resize (SIGWINCH) redraws. */
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "ctl.h"
#include "ipc/clock.h"
#include "ipc/guard.h"
#include "ipc/shm.h"

#define WATCH_POLL_MS 100
#define WATCH_RETRY_MS 1000 /* --no-shm: between two attempts to connect again */

struct watch {
	const struct ctl *c;
	const struct bd_pub *pub;        /* current mapping, NULL while the board is gone */
	char name[BD_OBJ_NAME_MAX];      /* the public segment mapped (a restarted daemon renames it) */
	ino_t ino;
	int dirty;                       /* mapping or error changed: draw */
	uint64_t sig;                    /* watch_signature of the last frame */
	int alive;                       /* daemon alive in the last frame */
	int64_t drawn_ms;
	int64_t tried_ms;                /* --no-shm: the last attempt to connect again */
	const char *why;                 /* why the last frame was an error, NULL if it was a board */
	char whybuf[320];
	int tty;
	int keys;                        /* stdin is a terminal: its keys scroll (raw: its mode before) */
	struct termios raw;
	unsigned left, top;              /* scrolled to: the first column and line shown */
	unsigned wide, tall;             /* the last frame's widest line and lines */
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

/* The index of the last byte of the escape sequence (a colour) at s[i]. */
static size_t watch_escape_end(const char *s, size_t len, size_t i)
{
	size_t k = i + 1 < len && s[i + 1] == '[' ? i + 2 : i + 1;

	while (k < len && !(s[k] >= '@' && s[k] <= '~'))
		k++;
	return k < len ? k : len - 1;
}

/* Write the columns [skip, skip + cols) of line s (len bytes, no newline): escape sequences
 * (the colours) are written whole and not counted; a cut line ends its colour. */
static void watch_line(const char *s, size_t len, unsigned skip, unsigned cols)
{
	size_t vis = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\033') {
			size_t k = watch_escape_end(s, len, i);
			fwrite(s + i, 1, k + 1 - i, stdout);
			i = k;
			continue;
		}
		if (vis >= skip && vis < (size_t)skip + cols)
			fputc(s[i], stdout);
		vis++;
	}
	if (vis > cols)
		fputs("\033[0m", stdout);
}

/* The size of a frame: its widest line in columns and its lines into *wide and *tall. */
static void watch_measure(const char *frame, size_t len, unsigned *wide, unsigned *tall)
{
	*wide = *tall = 0;
	for (const char *s = frame, *end = frame + len; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl != NULL ? (size_t)(nl - s) : (size_t)(end - s);
		unsigned vis = 0;
		for (size_t i = 0; i < n; i++)
			if (s[i] == '\033')
				i = watch_escape_end(s, n, i);
			else
				vis++;
		*wide = vis > *wide ? vis : *wide;
		(*tall)++;
		s += n + 1;
	}
}

/* Keep the scroll position within a frame of w->wide x w->tall in a window of cols x rows
 * (one row for the note). */
static void watch_clamp(struct watch *w, unsigned cols, unsigned rows)
{
	unsigned maxleft = w->wide > cols ? w->wide - cols : 0, maxtop = w->tall > rows - 1 ? w->tall - (rows - 1) : 0;

	w->left = w->left < maxleft ? w->left : maxleft;
	w->top = w->top < maxtop ? w->top : maxtop;
}

/* Write a frame to the terminal within its window (its size asked now): the part from the
 * scroll position that fits, and a last line saying which part that is when it is not all. */
static void watch_fit(struct watch *w, const char *frame, size_t len)
{
	struct winsize ws;
	unsigned line = 0, shown = 0;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) < 0 || ws.ws_col == 0 || ws.ws_row < 2) {
		fwrite(frame, 1, len, stdout);
		return;
	}
	watch_measure(frame, len, &w->wide, &w->tall);
	watch_clamp(w, ws.ws_col, ws.ws_row);
	for (const char *s = frame, *end = frame + len; s < end; line++) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl != NULL ? (size_t)(nl - s) : (size_t)(end - s);
		if (line >= w->top && shown + 1 < ws.ws_row) {
			watch_line(s, n, w->left, ws.ws_col);
			fputc('\n', stdout);
			shown++;
		}
		s += n + 1;
	}
	char note[160] = "";
	if (w->wide > ws.ws_col || w->tall > shown)
		snprintf(note, sizeof note, "(cut: columns %u-%u of %u, lines %u-%u of %u%s)", w->left + 1,
			 w->left + (w->wide - w->left < ws.ws_col ? w->wide - w->left : ws.ws_col), w->wide, w->top + 1,
			 w->top + shown, w->tall, w->keys ? "; arrows scroll" : "");
	watch_line(note, strlen(note), 0, ws.ws_col);
}

/* Put the terminal on stdin in a mode that gives each key at once, unechoed (signals
 * kept: Ctrl+C still ends); w->raw keeps the mode to restore. Nonzero if it did. */
static int watch_keys_on(struct watch *w)
{
	struct termios t;

	if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &w->raw) < 0)
		return 0;
	t = w->raw;
	t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	t.c_cc[VMIN] = 0;
	t.c_cc[VTIME] = 0;
	return tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0;
}

/* The key at buf[*i] (n bytes read) as one of h j k l q (the arrows as h j k l), 0 for any
 * other; *i moves past it. */
static char watch_key_name(const char *buf, ssize_t n, ssize_t *i)
{
	static const char arrows[] = "AkBjClDh"; /* ESC [ A is up, ... */
	char k = buf[(*i)++];

	if (k == '\033' && *i + 1 < n && buf[*i] == '[') {
		const char *a = memchr(arrows, buf[*i + 1], sizeof arrows - 1);
		*i += 2;
		return a != NULL && (a - arrows) % 2 == 0 ? a[1] : 0;
	}
	return strchr("hjklq", k) != NULL ? k : 0;
}

/* Wait up to WATCH_POLL_MS for keys and act on them: scroll (h l: half a window across,
 * j k: a line down or up) or stop (q). */
static void watch_key(struct watch *w)
{
	struct pollfd pfd = {.fd = STDIN_FILENO, .events = POLLIN};
	struct winsize ws;
	char buf[32];
	ssize_t n;

	if (poll(&pfd, 1, WATCH_POLL_MS) <= 0)
		return;
	if ((n = read(STDIN_FILENO, buf, sizeof buf)) <= 0) {
		w->keys = 0; /* hung up, or unreadable: no more keys (and no busy loop) */
		return;
	}
	unsigned half = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 ? ws.ws_col / 2u : 1;
	for (ssize_t i = 0; i < n;) {
		switch (watch_key_name(buf, n, &i)) {
		case 'h': w->left = w->left > half ? w->left - half : 0; break;
		case 'l': w->left += half; break;
		case 'k': w->top = w->top > 0 ? w->top - 1 : 0; break;
		case 'j': w->top++; break;
		case 'q': watch_stop = 1; continue;
		default: continue;
		}
		w->dirty = 1;
	}
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
		watch_fit(w, frame, len);
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
	/* with --no-shm, watch_snap is the last snapshot taken */
	const char *why = w->why != NULL || w->pub == NULL ? w->why : ctl_copy(w->pub, &watch_snap);
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

/* Text only: a second passed since the last frame while the restart countdown of head
 * runs (a turn game's table has none: it waits for a rematch). */
static int watch_ticking(const struct watch *w, const struct bd_pub *head)
{
	return !w->c->json && head->game_state == BD_GAME_OVER && head->deadline_ms > 0 &&
	       bd_now_ms() - w->drawn_ms >= 1000;
}

/* Nonzero if a new frame is due: the board changed, its daemon died or came back, its
 * segment shrank under the mapping, or the restart countdown ticked. Reads the mapping
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
	int due = w->dirty || sig != w->sig || alive != w->alive || watch_ticking(w, &watch_head);

	w->sig = sig;
	w->alive = alive;
	return due;
}

/* --no-shm, the connection lost: connect again, once each WATCH_RETRY_MS; 1 when back. */
static int watch_reconnect(struct watch *w)
{
	char err[300];

	if (bd_now_ms() - w->tried_ms < WATCH_RETRY_MS)
		return 0;
	w->tried_ms = bd_now_ms();
	return ctl_connect(w->c, err, sizeof err) == 0;
}

/* --no-shm: read what came on the socket: 1 if events did, 0 if none, -1 if it closed. */
static int watch_events(struct bd_client *cl)
{
	struct bd_msg m;
	int rc, events = 0;

	while ((rc = bd_client_read(cl, &m, 1)) == 1)
		events |= m.kind == BD_MSG_EVENT;
	return rc < 0 ? -1 : events;
}

/* --no-shm: a new snapshot into watch_snap after events, or once connected again; a lost
 * connection (or a snapshot refused) closes it, which marks the daemon gone under the last
 * snapshot. Nonzero if a new frame is due. */
static int watch_socket(struct watch *w)
{
	struct bd_client *cl = w->c->conn;
	int got = cl->fd >= 0 ? watch_events(cl) : watch_reconnect(w);

	if (got > 0 && bd_client_snapshot(cl, &watch_snap) < 0)
		got = -1;
	if (got < 0)
		bd_client_close(cl);
	return w->dirty || got != 0 || watch_ticking(w, &watch_snap);
}

/* The first frame's board: mapped (or with --no-shm, a snapshot on the socket); CTL_OK, or
 * CTL_ERROR with why said. */
static int watch_start(struct watch *w)
{
	const char *why;

	w->dirty = 1;
	if (w->c->conn != NULL)
		return ctl_snapshot(w->c, &watch_snap);
	watch_remap(w);
	why = w->pub != NULL ? ctl_copy(w->pub, &watch_snap) : w->why;
	if (why == NULL)
		return CTL_OK;
	bd_pub_unmap(w->pub);
	w->pub = NULL;
	return ctl_fail(w->c, why);
}

int watch_run(const struct ctl *c)
{
	struct watch w = {.c = c, .tty = isatty(STDOUT_FILENO)};
	struct sigaction sa = {.sa_handler = watch_signal};

	if (!dump_hands_allowed(c) || watch_start(&w) != CTL_OK)
		return CTL_ERROR;
	struct sigaction winch = {.sa_handler = watch_winch};
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGWINCH, &winch, NULL);
	int raw = w.tty && watch_keys_on(&w);
	w.keys = raw;
	while (!watch_stop) {
		if (watch_resized) {
			watch_resized = 0;
			w.dirty = 1;
		}
		int due;
		if (c->conn != NULL)
			due = watch_socket(&w);
		else {
			watch_remap(&w);
			due = watch_due(&w);
		}
		if (due)
			watch_draw(&w);
		struct timespec ts = {0, WATCH_POLL_MS * 1000000L};
		if (w.keys)
			watch_key(&w);
		else
			nanosleep(&ts, NULL);
	}
	if (raw && tcsetattr(STDIN_FILENO, TCSANOW, &w.raw) < 0)
		perror("boardctl: watch: the terminal's mode could not be restored");
	bd_pub_unmap(w.pub);
	return CTL_OK;
}
