/* draw.c: what board-tui's screens share. Colour is never the only cue: a player has a tag
 * (their initial) beside their colour, a side its letter, the cursor is reversed and
 * bracketed, our turn is bold, a refusal starts with "!". Without colours (a monochrome
 * terminal, or NO_COLOR set) only attributes are used. Only ASCII is drawn. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipc/clock.h"
#include "tui.h"

#define FEEDBACK_MS 6000
#define PLAYER_PAIRS 6 /* colour pairs 1..6: the players' colours, by colour index */
#define PAIR_BAD 7
#define PAIR_GOOD 8

/* Colours if the terminal has them and the user did not ask for none (NO_COLOR). */
void draw_init(struct tui *t)
{
	static const short player[PLAYER_PAIRS] = {COLOR_YELLOW, COLOR_CYAN, COLOR_GREEN, COLOR_BLUE, COLOR_RED,
						   COLOR_MAGENTA};
	const char *no = getenv("NO_COLOR");

	t->colours = has_colors() && (no == NULL || !no[0]);
	if (!t->colours || start_color() == ERR) {
		t->colours = 0;
		return;
	}
	use_default_colors();
	for (short i = 0; i < PLAYER_PAIRS; i++)
		init_pair(i + 1, player[i], -1);
	init_pair(PAIR_BAD, COLOR_RED, -1);
	init_pair(PAIR_GOOD, COLOR_GREEN, -1);
}

/* Attributes for a player colour index (-1: none; -2 a refusal, -3 good news) and attr. */
int draw_attr(const struct tui *t, int colour, int attr)
{
	if (!t->colours || colour == -1)
		return attr;
	if (colour == -2)
		return attr | COLOR_PAIR(PAIR_BAD);
	if (colour == -3)
		return attr | COLOR_PAIR(PAIR_GOOD);
	return attr | COLOR_PAIR(1 + colour % PLAYER_PAIRS);
}

/* The top line: the program, what the screen shows, who we are (a hot seat: the seat
 * playing, none while covered); cut at the last column, never wrapped onto the next line. */
void draw_title(const struct tui *t, const char *what)
{
	char name[BD_NAME_MAX + 1], line[256], who[128];
	int w = COLS > 1 ? COLS - 1 : 0, n = snprintf(line, sizeof line, "board-tui: %s", what);

	if (t->opt.nhot == 0)
		snprintf(who, sizeof who, "  (you are %s%s)", t->opt.name, t->watching && t->table[0] ? ", watching" : "");
	else if (t->me >= 0 && t->have_snap)
		snprintf(who, sizeof who, "  (hot seat: %s plays)",
			 bd_printable(name, sizeof name, t->snap->players[t->me].name));
	else
		snprintf(who, sizeof who, "  (hot seat)");
	attron(A_BOLD);
	mvprintw(0, 0, "%.*s", w, line);
	attroff(A_BOLD);
	if (n < w)
		printw("%.*s", w - n, who);
}

/* The keys on the bottom line, or on the last two when they do not fit one (cut between
 * two keys, where two spaces are). The first row they take. */
int draw_keys(const char *keys)
{
	int w = COLS > 1 ? COLS - 1 : 0, n = (int)strlen(keys), cut = n;

	if (n > w)
		for (cut = w; cut > 0 && strncmp(keys + cut, "  ", 2) != 0; cut--)
			;
	if (cut == 0)
		cut = w;
	int y = LINES - (cut < n ? 2 : 1);
	attron(A_DIM);
	mvprintw(y, 0, "%.*s", cut < w ? cut : w, keys);
	if (cut < n)
		mvprintw(y + 1, 0, "%.*s", w, keys + cut + strspn(keys + cut, " "));
	attroff(A_DIM);
	return y;
}

/* A seat's tag: the initial of its name, with the seat's number if another seated name
 * starts alike. */
void draw_tag(const struct bd_pub *snap, unsigned id, char *buf, size_t len)
{
	const struct bd_pub_player *p = &snap->players[id];
	int clash = 0;
	char initial = p->name[0] >= 'a' && p->name[0] <= 'z' ? (char)(p->name[0] - 'a' + 'A') : p->name[0];

	for (unsigned i = 0; i < BD_PLAYERS_MAX && !clash; i++) {
		char c = snap->players[i].name[0];
		c = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
		clash = i != id && snap->players[i].state != BD_PLAYER_EMPTY && c == initial;
	}
	if (clash)
		snprintf(buf, len, "%c%u", initial, id);
	else
		snprintf(buf, len, "%c", initial);
}

/* The seated players from row y at column x: tag, name, score, you/away. The next row. */
int draw_players(const struct tui *t, int y, int x)
{
	static const char *const states[] = {"", "waiting", "", "away"};
	char tag[16], name[BD_NAME_MAX + 1], line[96];
	int room = COLS - x - 1; /* text past the last column would wrap onto the board */

	if (room < 8)
		return y;
	mvprintw(y++, x, "Players");
	for (unsigned i = 0; i < BD_PLAYERS_MAX && y < LINES - 2; i++) {
		const struct bd_pub_player *p = &t->snap->players[i];
		if (p->state == BD_PLAYER_EMPTY)
			continue;
		draw_tag(t->snap, i, tag, sizeof tag);
		bd_printable(name, sizeof name, p->name);
		snprintf(line, sizeof line, "[%s] %-12s %3u %s%s", tag, name, p->score, (int)i == t->me ? "(you) " : "",
			 p->state < 4 ? states[p->state] : "");
		mvprintw(y, x, "%.*s", room, line);
		mvchgat(y, x, (int)strlen(tag) + 2 < room ? (int)strlen(tag) + 2 : room, draw_attr(t, -1, A_BOLD),
			(short)(t->colours ? 1 + p->colour % PLAYER_PAIRS : 0), NULL);
		y++;
	}
	return y;
}

/* The name of column i (row 0) or row i (row 1): the view's, else the number from 0. */
void draw_label(const struct tui *t, int row, unsigned i, char out[4])
{
	if (t->view->label != NULL)
		t->view->label(t, row, i, out);
	else
		snprintf(out, 4, "%u", i % 100);
}

/* The part of the view's grid that fits, rows x cols cells from row t->top and column
 * t->left, from (y, x): column names above, row names at the left (draw_label), the
 * cursor reversed and bracketed. The next row. */
int draw_grid(const struct tui *t, int y, int x, unsigned rows, unsigned cols)
{
	unsigned side = t->view->side(t), w = t->view->cell_w;
	struct tui_cell c;
	char label[4];

	for (unsigned i = 0; i < cols; i++) {
		draw_label(t, 0, (unsigned)t->left + i, label);
		mvprintw(y, x + 4 + (int)(i * (w + 2) + w / 2), "%s", label);
	}
	for (unsigned r = 0; r < rows; r++) {
		unsigned row = (unsigned)t->top + r;
		draw_label(t, 1, row, label);
		mvprintw(y + 1 + (int)r, x, "%2s", label);
		for (unsigned i = 0; i < cols; i++) {
			unsigned cell = row * side + (unsigned)t->left + i;
			int cur = (int)cell == t->cursor, cx = x + 3 + (int)(i * (w + 2));
			memset(&c, 0, sizeof c);
			c.colour = -1;
			t->view->cell(t, cell, &c);
			mvaddch(y + 1 + (int)r, cx, cur ? '[' : ' ');
			attron(draw_attr(t, c.colour, c.attr | (cur ? A_REVERSE : 0)));
			printw("%-*.*s", (int)w, (int)w, c.text);
			attroff(draw_attr(t, c.colour, c.attr | (cur ? A_REVERSE : 0)));
			addch(cur ? ']' : ' ');
		}
	}
	return y + 1 + (int)rows;
}

/* How a finished game went for us (or who won, for a spectator), from the seats' results. */
static void draw_result(const struct tui *t, char *buf, size_t len)
{
	const struct bd_pub_player *me = t->me >= 0 ? &t->snap->players[t->me] : NULL;
	char name[BD_NAME_MAX + 1];

	if (me != NULL && me->result != BD_RESULT_NONE) {
		snprintf(buf, len, "%s", me->result == BD_RESULT_WIN ? "You won" : me->result == BD_RESULT_LOSE ?
				       "You lost" : "A draw");
		return;
	}
	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		if (t->snap->players[i].state != BD_PLAYER_EMPTY && t->snap->players[i].result == BD_RESULT_WIN) {
			snprintf(buf, len, "%s won", bd_printable(name, sizeof name, t->snap->players[i].name));
			return;
		}
	snprintf(buf, len, "It is over");
}

/* Nonzero if seat i's forfeit counts down on the screen (a line of draw_away). */
int draw_away_shown(const struct tui *t, unsigned i)
{
	return t->away_until[i] != 0 && t->snap->players[i].state == BD_PLAYER_AWAY && t->snap->game_state == BD_GAME_ON;
}

/* A line for each away seat whose forfeit counts down: who, and the seconds left. */
static int draw_away(const struct tui *t, int y)
{
	char name[BD_NAME_MAX + 1];
	int64_t now = bd_now_ms();

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) {
		const struct bd_pub_player *p = &t->snap->players[i];
		if (!draw_away_shown(t, i))
			continue;
		int64_t left = t->away_until[i] - now;
		mvprintw(y++, 0, "%s is away: the seat is forfeited in %lld s unless they come back.",
			 bd_printable(name, sizeof name, p->name), (long long)(left > 0 ? (left + 999) / 1000 : 0));
	}
	return y;
}

/* The state line at row y (the view's while the game is on; the end named, with the
 * countdown to the next game, once over) and the countdown of the turn. The next row. */
int draw_state(struct tui *t, int y)
{
	const struct bd_pub *s = t->snap;
	char text[256], how[128] = "", res[64];
	int64_t now = bd_client_now(&t->c), ours = 0; /* the deadlines are on the daemon's clock */

	if (s->game_state == BD_GAME_OVER) {
		draw_result(t, res, sizeof res);
		if (t->view->ending != NULL)
			t->view->ending(t, how, sizeof how);
		snprintf(text, sizeof text, "GAME OVER: %s%s%s.", res, how[0] ? ": " : "", how);
	} else if (s->game_state == BD_GAME_WAITING) {
		snprintf(text, sizeof text, "Waiting for players (%u of %u seated).", s->nplaying, s->min_players);
	} else if (s->game_state == BD_GAME_FROZEN) {
		snprintf(text, sizeof text, "Frozen: a player is missing; the game goes on when they are back.");
	} else if (t->sent) {
		snprintf(text, sizeof text, "Your move is sent: waiting for the table.");
	} else {
		ours = t->view->status(t, text, sizeof text);
	}
	attron(ours ? A_BOLD : 0);
	mvprintw(y++, 0, "%.*s", COLS > 0 ? COLS - 1 : 0, text);
	attroff(ours ? A_BOLD : 0);
	y = draw_away(t, y);
	if (s->game_state == BD_GAME_OVER && s->deadline_ms > now)
		mvprintw(y++, 0, "Next game in %lld s.", (long long)((s->deadline_ms - now + 999) / 1000));
	else if (s->game_state == BD_GAME_ON && s->turn_deadline_ms > now)
		mvprintw(y++, 0, "%s %lld s left to move.", ours ? "You have" : "They have",
			 (long long)((s->turn_deadline_ms - now + 999) / 1000));
	return y;
}

/* A word on a move (a refusal when bad), shown under the board for a few seconds. */
void draw_feedback(struct tui *t, const char *text, int bad)
{
	bd_printable(t->feedback, sizeof t->feedback, text);
	t->feedback_bad = bad;
	t->feedback_until = bd_now_ms() + FEEDBACK_MS;
}
