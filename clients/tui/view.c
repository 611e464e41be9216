/* view.c: the table screen. The board (the view's grid) at the left with the state, the
 * countdown and the feedback under it, where the eye is after a move; the players at the
 * right; the keys at the bottom. The arrows move the cursor, Enter or space plays the cell
 * under it, l goes back to the lobby, q quits; the view may take other keys. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"
#include "ipc/game/game.h"
#include "tui.h"

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

/* Draw the table screen. */
void view_draw(struct tui *t)
{
	char what[128], keys[256];

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
	int y = draw_grid(t, 2, 0);
	int x = 3 + (int)(side * (t->view->cell_w + 2)) + 4;
	draw_players(t, 2, x);
	view_cursor_line(t, y++, side);
	y = draw_state(t, y);
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
	snprintf(keys, sizeof keys, "arrows move  Enter/space play  %s%s%s%sl lobby  q quit", t->view->keys,
		 t->view->keys[0] ? "  " : "", t->view->turns ? "R resign  " : "",
		 t->view->turns || view_rematch_due(t) ? "m rematch  " : "");
	draw_keys(keys);
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
