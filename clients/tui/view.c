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
static const struct tui_view *const views[] = {&tui_memory, &tui_tictactoe};

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
	mvprintw(y++, 0, "Cursor: column %u, row %u", (unsigned)t->cursor % side, (unsigned)t->cursor / side);
	y = draw_state(t, y);
	view_feedback(t, y);
	snprintf(keys, sizeof keys, "arrows move  Enter/space play  %s%sl lobby  q quit", t->view->keys,
		 t->view->keys[0] ? "  " : "");
	draw_keys(keys);
}

/* A key at the table. */
void view_key(struct tui *t, int ch)
{
	unsigned side = t->view != NULL && t->have_snap ? t->view->side(t) : 0;
	int col = side ? t->cursor % (int)side : 0, row = side ? t->cursor / (int)side : 0;

	if (ch == 'l') {
		conn_leave(t);
		lobby_enter(t);
		return;
	}
	if (side == 0 || (t->view->key != NULL && t->view->key(t, ch)))
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
