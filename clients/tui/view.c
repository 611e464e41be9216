/* view.c: the table screen. The board (the view's grid) at the left with the state, the
 * countdown and the feedback under it, where the eye is after a move; the players at the
 * right; the keys at the bottom. A grid larger than the screen is cut to what fits beside
 * and above those, which never leave it (80x24 is enough): the part shown follows the
 * cursor, and goes to the view's focus (Qwirkle's last lay) when that changes. The arrows
 * move the cursor, Enter or space plays the cell under it, l goes back to the lobby, q
 * quits; the view may take other keys. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"
#include "ipc/game/game.h"
#include "tui.h"

#define VIEW_UNDER 5   /* rows under the grid: the cursor, state, countdown, note, feedback */
#define VIEW_PLAYERS 17 /* columns kept for the players (tag and name) right of a cut grid */

/* The games board-tui shows: one line per game. */
static const struct tui_view *const views[] = {&tui_memory, &tui_tictactoe, &tui_tafl, &tui_quantik, &tui_qwirkle};

/* The view of a game kind, NULL if board-tui cannot show it. */
const struct tui_view *view_of_kind(unsigned kind)
{
	for (size_t i = 0; i < sizeof views / sizeof views[0]; i++)
		if (views[i]->kind == kind)
			return views[i];
	return NULL;
}

/* The view of a game by the daemon's name for it, NULL if none. */
const struct tui_view *view_of_game(const char *game)
{
	const struct bd_game *codec = bd_game_named(game);

	return codec != NULL ? view_of_kind(codec->kind) : NULL;
}

/* Nonzero if we may send a move now: a seat, a live table of a game we show. */
int view_can_move(const struct tui *t)
{
	return t->linked && t->me >= 0 && t->have_snap && t->view != NULL && t->snap->game_state == BD_GAME_ON;
}

/* Our seat's side in a game of nsides sides, -1 for a spectator or a seat without one. */
int view_my_side(const struct tui *t, unsigned nsides)
{
	if (t->me < 0 || t->snap->players[t->me].state == BD_PLAYER_EMPTY || t->snap->players[t->me].side >= nsides)
		return -1;
	return (int)t->snap->players[t->me].side;
}

/* The seat playing side, -1 if none. */
int view_seat_of(const struct tui *t, unsigned side)
{
	for (int i = 0; i < BD_PLAYERS_MAX; i++)
		if (t->snap->players[i].state != BD_PLAYER_EMPTY && t->snap->players[i].side == side)
			return i;
	return -1;
}

/* The line under the board: the last word on a move while it lasts, beside its cell. */
static int view_feedback(struct tui *t, int y)
{
	unsigned side = t->view->side(t);

	if (!t->feedback[0] || bd_now_ms() > t->feedback_until)
		return y;
	attron(draw_attr(t, t->feedback_bad ? -2 : -3, A_BOLD));
	if (t->moved >= 0 && side > 0)
		mvprintw(y, 0, "%s column %u, row %u: %.*s", t->feedback_bad ? "!" : "*", (unsigned)t->moved % side,
			 (unsigned)t->moved / side, COLS > 24 ? COLS - 24 : 0, t->feedback);
	else
		mvprintw(y, 0, "%s %.*s", t->feedback_bad ? "!" : "*", COLS > 4 ? COLS - 4 : 0, t->feedback);
	attroff(draw_attr(t, t->feedback_bad ? -2 : -3, A_BOLD));
	return y + 1;
}

/* The cursor's cell: column and row from 0, and its name in the game's notation if it
 * has one ("Cursor: column 4, row 4 (e5)"). */
static void view_cursor_line(const struct tui *t, int y, unsigned side)
{
	unsigned col = (unsigned)t->cursor % side, row = (unsigned)t->cursor / side;
	char c[4], r[4];

	mvprintw(y, 0, "Cursor: column %u, row %u", col, row);
	if (t->view->label == NULL)
		return;
	draw_label(t, 0, col, c);
	draw_label(t, 1, row, r);
	printw(t->view->kind == BD_GAME_QWIRKLE ? " (x %s, y %s)" : " (%s%s)", c, r);
}

/* Nonzero if m asks for the next game: a turn table's match is over, or a table that waits
 * for every player's rematch (a lobby's Memory table) is. */
static int view_rematch_due(const struct tui *t)
{
	return t->snap->game_state == BD_GAME_OVER && (t->view->turns || t->snap->deadline_ms == 0);
}

/* R resigns the match while it is on, m asks for a rematch once it is over. */
static int view_turn_key(struct tui *t, int ch)
{
	if (ch == 'R' && t->view->turns && view_can_move(t) && conn_send(t, "resign") == 0) {
		draw_feedback(t, "you resigned", 0);
		return 1;
	}
	if (ch == 'm' && view_rematch_due(t) && conn_send(t, "rematch") == 0) {
		draw_feedback(t, t->view->turns ? "rematch asked: waiting for your opponent" :
					     "rematch asked: the next game starts when every player asked", 0);
		return 1;
	}
	return 0;
}

/* The keys at the bottom (the table's and the view's); the first row they take. */
static int view_keys(const struct tui *t)
{
	char keys[256];

	snprintf(keys, sizeof keys, "arrows move  Enter/space play  %s%s%s%sl lobby  q quit", t->view->keys,
		 t->view->keys[0] ? "  " : "", t->view->turns ? "R resign  " : "",
		 t->view->turns || view_rematch_due(t) ? "m rematch  " : "");
	return draw_keys(keys);
}

/* How many of the grid's side rows and columns fit above row bottom, with the players at
 * the right and the lines under the grid (one more when it is cut: which part shows). */
static void view_room(const struct tui *t, unsigned side, int bottom, unsigned *rows, unsigned *cols)
{
	int r = bottom - 3 - VIEW_UNDER, c = (COLS - 7 - VIEW_PLAYERS) / (int)(t->view->cell_w + 2);

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++) /* draw_away's lines */
		r -= draw_away_shown(t, i);
	if (r < (int)side || c < (int)side)
		r--;
	*rows = r < 1 ? 1 : r < (int)side ? (unsigned)r : side;
	*cols = c < 1 ? 1 : c < (int)side ? (unsigned)c : side;
}

/* The first of side lines to show, shown of them, so that line at is among them. */
static int view_scroll(int first, int at, unsigned shown, unsigned side)
{
	if (at < first)
		first = at;
	else if (at >= first + (int)shown)
		first = at - (int)shown + 1;
	return first > (int)(side - shown) ? (int)(side - shown) : first < 0 ? 0 : first;
}

/* Scroll the part of the grid shown: to the view's focus when it changed (the last lay),
 * the cursor brought into that part if it was left outside; else along with the cursor. */
static void view_follow(struct tui *t, unsigned side, unsigned rows, unsigned cols)
{
	unsigned cell = 0, focus = t->view->focus != NULL ? t->view->focus(t, &cell) : 0;
	int col = t->cursor % (int)side, row = t->cursor / (int)side;

	if (focus != t->focus && focus != 0 && cell < side * side) {
		t->top = view_scroll(t->top, (int)(cell / side), rows, side);
		t->left = view_scroll(t->left, (int)(cell % side), cols, side);
		col = col < t->left ? t->left : col >= t->left + (int)cols ? t->left + (int)cols - 1 : col;
		row = row < t->top ? t->top : row >= t->top + (int)rows ? t->top + (int)rows - 1 : row;
		t->cursor = row * (int)side + col;
	}
	t->focus = focus;
	t->top = view_scroll(t->top, row, rows, side);
	t->left = view_scroll(t->left, col, cols, side);
}

/* Under a grid cut to the screen: which part of it shows. The next row. */
static int view_cut(const struct tui *t, int y, unsigned side, unsigned rows, unsigned cols)
{
	char note[128];

	if (rows == side && cols == side)
		return y;
	snprintf(note, sizeof note, "(cut: columns %d-%d, rows %d-%d of %u; arrows scroll)", t->left,
		 t->left + (int)cols - 1, t->top, t->top + (int)rows - 1, side);
	mvprintw(y, 0, "%.*s", COLS > 0 ? COLS - 1 : 0, note);
	return y + 1;
}

/* Draw the table screen: the grid as much of it as fits, and always the players, the
 * state, the note and the keys. */
void view_draw(struct tui *t)
{
	char what[128];
	unsigned rows, cols;

	if (!t->have_snap || t->view == NULL) {
		snprintf(what, sizeof what, "table %s", t->table);
		draw_title(t, what);
		mvprintw(2, 0, t->have_snap ? "board-tui cannot show this table: its game (kind %u) is unknown to it." :
					      "Reading the table...", t->have_snap ? t->snap->game_kind : 0);
		draw_keys("q quit  l lobby");
		return;
	}
	unsigned side = t->view->side(t);
	snprintf(what, sizeof what, "%s at table %s", t->view->title, t->table);
	draw_title(t, what);
	if (side == 0)
		return;
	if (t->cursor >= (int)(side * side))
		t->cursor = 0;
	view_room(t, side, view_keys(t), &rows, &cols);
	view_follow(t, side, rows, cols);
	int y = draw_grid(t, 2, 0, rows, cols);
	draw_players(t, 2, 3 + (int)(cols * (t->view->cell_w + 2)) + 4);
	view_cursor_line(t, y++, side);
	y = draw_state(t, view_cut(t, y, side, rows, cols));
	if (t->view->note != NULL) {
		char note[256];
		t->view->note(t, note, sizeof note);
		if (note[0])
			mvprintw(y++, 0, "%.*s", COLS > 0 ? COLS - 1 : 0, note);
	}
	view_feedback(t, y);
	hot_cover(t, what, sizeof what);
	if (what[0]) {
		attron(A_BOLD | A_REVERSE);
		mvprintw(1, 0, "%.*s", COLS > 0 ? COLS - 1 : 0, what);
		attroff(A_BOLD | A_REVERSE);
	}
}

/* A key at the table. */
void view_key(struct tui *t, int ch)
{
	unsigned side = t->view != NULL && t->have_snap ? t->view->side(t) : 0;
	int col = side ? t->cursor % (int)side : 0, row = side ? t->cursor / (int)side : 0;

	if (hot_key(t, ch))
		return;
	if (ch == 'l' && t->opt.nhot == 0) {
		conn_leave(t);
		lobby_enter(t);
		return;
	}
	if (side == 0 || view_turn_key(t, ch) || (t->view->key != NULL && t->view->key(t, ch)))
		return;
	if (ch == KEY_LEFT && col > 0)
		col--;
	else if (ch == KEY_RIGHT && col + 1 < (int)side)
		col++;
	else if (ch == KEY_UP && row > 0)
		row--;
	else if (ch == KEY_DOWN && row + 1 < (int)side)
		row++;
	else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') {
		t->moved = t->cursor;
		t->feedback[0] = 0;
		t->view->play(t, (unsigned)t->cursor);
	}
	t->cursor = row * (int)side + col;
}
