/* lobby.c: the lobby screen, where board-tui opens without --board. At the top the kinds
 * of game the daemon hosts (`games`, with its defaults): p plays a person (the wait's
 * countdown, c cancels; when nobody came, p waits again or b plays a bot), b plays a bot
 * at the level v chooses (the player's own board-bot, bot.c). Below, the tables and the
 * players waiting (`list`, read again every REFRESH_MS): Tab moves to the tables, j joins
 * the one chosen (a static board's seat, or our own kept seat), w watches it. A `matched` event joins the
 * table made for us. o chooses one of the game's options, + and - change it (a number a
 * step, a word such as practice=off to the next or the one before): a person or a bot is
 * played with them. A practice table or wait is marked PRACTICE. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"
#include "ipc/game/game.h"
#include "tui.h"

#define REFRESH_MS 2000

enum lobby_state { LOBBY_IDLE, LOBBY_WAITING, LOBBY_NOMATCH };

static struct {
	struct bd_games games;
	struct bd_lobby list;
	int game, table;          /* the game and the table chosen */
	int on_tables;            /* Tab: the arrows choose a table */
	unsigned level;           /* the bot's level chosen, an index into the view's levels */
	long value[BD_LIST_OPTS_MAX]; /* the chosen game's options as set (a word's index from its
				       * min), -1: neither a number nor a known word (its default) */
	unsigned opt;             /* the option o chose */
	enum lobby_state state;
	char waiting[BD_GAME_NAME_MAX + 1]; /* the game waited for */
	int with_bot;             /* the opponent named is our bot */
	unsigned seconds;         /* the wait's countdown, as the daemon counts it */
	char note[BD_LINE_MAX];   /* the last word of the lobby */
	int64_t next_list;        /* bd_now_ms of the next `list` */
} lobby;

/* The chosen game's view, NULL if none or board-tui cannot show it. */
static const struct tui_view *lobby_view(void)
{
	return lobby.game < (int)lobby.games.n ? view_of_game(lobby.games.game[lobby.game].game) : NULL;
}

/* A game's name in people's words. */
static const char *lobby_title(const char *game)
{
	const struct tui_view *v = view_of_game(game);

	return v != NULL ? v->title : game;
}

/* Option i of the chosen game if it takes words this board-tui knows (practice=off), else
 * NULL: its value is a number. */
static const struct bd_game_option *lobby_words(unsigned i)
{
	const struct bd_game_info *g = &lobby.games.game[lobby.game];
	const struct bd_game *codec = bd_game_named(g->game);
	int k = codec != NULL ? bd_game_option_find(codec, g->opts.opt[i].key) : -1;

	return k >= 0 && codec->options[k].words != NULL ? &codec->options[k] : NULL;
}

/* The daemon's default of the chosen game's option i as a value (a number, or a word's
 * value), -1 if it is neither. */
static long lobby_default(unsigned i)
{
	const struct bd_game_option *w = lobby_words(i);
	const char *text = lobby.games.game[lobby.game].opts.opt[i].value;
	char why[128];
	int64_t v;

	if (w == NULL)
		return bd_parse_uint(text);
	return bd_game_option_read(w, text, &v, why, sizeof why) == NULL ? (long)v : -1;
}

/* The chosen game's options at their defaults (another game was chosen). */
static void lobby_defaults(void)
{
	const struct bd_options *o = lobby.game < (int)lobby.games.n ? &lobby.games.game[lobby.game].opts : NULL;

	for (unsigned i = 0; o != NULL && i < o->n; i++)
		lobby.value[i] = lobby_default(i);
	lobby.opt = 0;
}

/* The chosen game's option i as set, as the daemon reads it ("1000", "on"). */
static void lobby_value_text(unsigned i, char *buf, size_t len)
{
	const struct bd_game_option *w = lobby_words(i);

	if (lobby.value[i] < 0)
		snprintf(buf, len, "%s", lobby.games.game[lobby.game].opts.opt[i].value);
	else if (w != NULL)
		bd_game_option_text(w, lobby.value[i], buf, len);
	else
		snprintf(buf, len, "%ld", lobby.value[i]);
}

/* o: the next option that is a number or a known word; + or - (sign): a word to the next
 * or the one before (round), a number a step up or down, a second for a value in ms that
 * is whole seconds, else 1. The daemon says if a number is out of range. */
static void lobby_option_key(int ch)
{
	const struct bd_options *o = &lobby.games.game[lobby.game].opts;

	if (o->n == 0)
		return;
	if (ch == 'o') {
		for (unsigned k = 1; k <= o->n; k++)
			if (lobby.value[(lobby.opt + k) % o->n] >= 0) {
				lobby.opt = (lobby.opt + k) % o->n;
				break;
			}
		return;
	}
	const struct bd_game_option *w = lobby_words(lobby.opt);
	long *v = &lobby.value[lobby.opt], len = (long)strlen(o->opt[lobby.opt].key);
	if (w != NULL && *v >= 0) {
		*v = ch == '+' ? (*v < w->max ? *v + 1 : w->min) : (*v > w->min ? *v - 1 : w->max);
		return;
	}
	long step = len > 3 && strcmp(o->opt[lobby.opt].key + len - 3, "-ms") == 0 && *v % 1000 == 0 ? 1000 : 1;
	if (*v >= 0 && (ch == '+' || *v >= step))
		*v += ch == '+' ? step : -step;
}

/* The options set otherwise than the defaults, as "k=v k=v" words into buf. */
static void lobby_option_words(char *buf, size_t len)
{
	const struct bd_options *o = &lobby.games.game[lobby.game].opts;
	char value[BD_OPT_VALUE_MAX + 1];
	size_t n = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < o->n && n < len; i++)
		if (lobby.value[i] >= 0 && lobby.value[i] != lobby_default(i)) {
			lobby_value_text(i, value, sizeof value);
			n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", n ? " " : "", o->opt[i].key, value);
		}
}

/* Read the tables and the players waiting again. */
static void lobby_refresh(struct tui *t)
{
	char err[256];

	lobby.next_list = bd_now_ms() + REFRESH_MS;
	if (!t->online)
		return;
	bd_lobby_free(&lobby.list);
	if (bd_client_list(&t->c, &lobby.list, err, sizeof err) < 0)
		snprintf(lobby.note, sizeof lobby.note, "boardd did not list its tables: %s.", err);
	if (lobby.table >= (int)lobby.list.ntables)
		lobby.table = lobby.list.ntables > 0 ? (int)lobby.list.ntables - 1 : 0;
}

/* The lobby shows (at start, or back from a table): the games and the lists afresh. */
void lobby_enter(struct tui *t)
{
	char err[256];

	lobby.state = LOBBY_IDLE;
	if (t->online && lobby.games.n == 0) {
		if (bd_client_games(&t->c, &lobby.games, err, sizeof err) < 0)
			snprintf(lobby.note, sizeof lobby.note, "boardd did not list its games: %s.", err);
		lobby_defaults();
	}
	lobby_refresh(t);
}

/* Free what the lobby read (at exit). */
void lobby_free(void)
{
	bd_games_free(&lobby.games);
	bd_lobby_free(&lobby.list);
}

/* Every loop: the lists again when due (not while a table shows). */
void lobby_tick(struct tui *t)
{
	if (!t->table[0] && bd_now_ms() >= lobby.next_list)
		lobby_refresh(t);
}

/* Ask to play the chosen game against opponent (NULL: anyone): the wait begins, or the
 * refusal is said. */
static void lobby_play(struct tui *t, const char *opponent)
{
	const struct bd_game_info *g = &lobby.games.game[lobby.game];
	char opts[BD_LINE_MAX];
	struct bd_msg r;

	lobby_option_words(opts, sizeof opts);
	int rc = bd_client_play(&t->c, &r, g->game, opts, opponent);

	if (rc != 0) {
		snprintf(lobby.note, sizeof lobby.note, "Cannot play %s: %s.", lobby_title(g->game),
			 rc < 0 ? "boardd does not answer" : r.text);
		bot_stop(t);
		lobby.state = LOBBY_IDLE;
		return;
	}
	snprintf(lobby.waiting, sizeof lobby.waiting, "%s", g->game);
	lobby.state = LOBBY_WAITING;
	lobby.seconds = 0;
	lobby.note[0] = 0;
}

/* Start our bot for the chosen game at the chosen level, then play against it. */
static void lobby_play_bot(struct tui *t)
{
	const struct tui_view *v = lobby_view();
	char err[256], bot[BD_NAME_MAX + 1], opts[BD_LINE_MAX];

	lobby_option_words(opts, sizeof opts);
	if (bot_start(t, lobby.games.game[lobby.game].game, v->levels[lobby.level], opts, err, sizeof err) < 0) {
		snprintf(lobby.note, sizeof lobby.note, "%s.", err);
		return;
	}
	bot_name(t, bot, sizeof bot);
	lobby.with_bot = 1;
	lobby_play(t, bot);
}

/* Join the chosen table (how: take a seat, or watch it). */
static void lobby_join(struct tui *t, enum conn_how how)
{
	char err[256], table[BD_BOARD_NAME_MAX + 1];

	if (lobby.table >= (int)lobby.list.ntables)
		return;
	snprintf(table, sizeof table, "%s", lobby.list.table[lobby.table].table);
	if (conn_join(t, table, how, err, sizeof err) < 0)
		snprintf(lobby.note, sizeof lobby.note, "Cannot %s %s: %s.", how == CONN_WATCH ? "watch" : "join", table,
			 err);
}

/* A key in the lobby. */
void lobby_key(struct tui *t, int ch)
{
	const struct tui_view *v = lobby_view();
	int busy = lobby.state == LOBBY_WAITING || !t->online;
	int *at = lobby.on_tables ? &lobby.table : &lobby.game;
	int n = lobby.on_tables ? (int)lobby.list.ntables : (int)lobby.games.n;
	struct bd_msg r;

	if (ch == '\t') {
		lobby.on_tables = !lobby.on_tables;
	} else if ((ch == KEY_UP && *at > 0 && !busy) || (ch == KEY_DOWN && *at + 1 < n && !busy)) {
		*at += ch == KEY_UP ? -1 : 1;
		lobby.level = 0;
		if (!lobby.on_tables)
			lobby_defaults();
	} else if ((ch == 'o' || ch == '+' || ch == '-') && !lobby.on_tables && lobby.game < (int)lobby.games.n && !busy) {
		lobby_option_key(ch);
	} else if (ch == 'v' && v != NULL) {
		lobby.level = v->levels[lobby.level + 1] != NULL ? lobby.level + 1 : 0;
	} else if (ch == 'p' && v != NULL && !busy) {
		lobby.with_bot = 0;
		lobby_play(t, NULL);
	} else if (ch == 'b' && v != NULL && !busy) {
		lobby_play_bot(t);
	} else if (ch == 'c' && lobby.state == LOBBY_WAITING) {
		if (bd_client_request(&t->c, &r, NULL, NULL, "cancel") == 1 && strcmp(r.word, "notwaiting") != 0)
			snprintf(lobby.note, sizeof lobby.note, "%s", r.text);
		bot_stop(t);
		lobby.state = LOBBY_IDLE;
	} else if ((ch == 'j' || ch == '\n' || ch == KEY_ENTER) && lobby.on_tables && !busy) {
		lobby_join(t, CONN_SEAT);
	} else if (ch == 'w' && lobby.on_tables && !busy) {
		lobby_join(t, CONN_WATCH);
	} else if (ch == 'r') {
		lobby_refresh(t);
	}
}

/* A lobby event (EVENT 0 ...): the countdown, nobody came, matched, called off. */
void lobby_event(struct tui *t, const struct bd_msg *m)
{
	struct bd_lobby_event ev;
	char err[256];

	if (bd_msg_lobby_event(m, &ev) < 0)
		return; /* one board-tui does not know */
	if (ev.type == BD_LOBBY_WAIT && lobby.state == LOBBY_WAITING) {
		lobby.seconds = ev.seconds;
	} else if (ev.type == BD_LOBBY_NOMATCH && lobby.state == LOBBY_WAITING) {
		bot_stop(t);
		lobby.state = LOBBY_NOMATCH;
		snprintf(lobby.note, sizeof lobby.note, lobby.with_bot ? "Your bot did not come in time." :
			 "Nobody came to play %s: p to wait again, b to play a bot.", lobby_title(ev.game));
	} else if (ev.type == BD_LOBBY_MATCHED) {
		lobby.state = LOBBY_IDLE;
		if (conn_join(t, ev.table, CONN_SEAT, err, sizeof err) < 0) {
			snprintf(lobby.note, sizeof lobby.note, "A table (%s) was made for you, but joining it failed: %s.",
				 ev.table, err);
			bot_stop(t);
		}
	} else if (ev.type == BD_LOBBY_ABORTED) {
		if (t->table[0] && strcmp(t->table, ev.table) == 0)
			conn_leave(t);
		bot_stop(t);
		lobby.state = LOBBY_IDLE;
		snprintf(lobby.note, sizeof lobby.note, "The match at %s was called off (%s).", ev.table, ev.reason);
		lobby_enter(t);
	}
}

/* The chosen game's options as set, the one o chose bracketed and reversed; an option
 * that would pass the last column goes on the next row, indented. The next row. */
static int lobby_options(int y)
{
	const struct bd_options *o = &lobby.games.game[lobby.game].opts;
	char value[BD_OPT_VALUE_MAX + 1];

	mvprintw(y, 0, "Options (o chooses, +/- change):");
	for (unsigned i = 0; i < o->n; i++) {
		int cur = i == lobby.opt && lobby.value[i] >= 0;
		lobby_value_text(i, value, sizeof value);
		if (getcurx(stdscr) + (int)(strlen(o->opt[i].key) + strlen(value)) + 3 >= COLS)
			move(++y, 2);
		addch(cur ? '[' : ' ');
		attron(cur ? A_REVERSE : 0);
		printw("%s=%s", o->opt[i].key, value);
		attroff(cur ? A_REVERSE : 0);
		addch(cur ? ']' : ' ');
	}
	return y + 1;
}

/* The games, each with its defaults; the chosen one marked. The next row. */
static int lobby_games(struct tui *t, int y)
{
	const struct tui_view *v = lobby_view();

	mvprintw(y++, 0, "Games%s", lobby.on_tables ? "" : " (up/down to choose)");
	for (size_t i = 0; i < lobby.games.n && y < LINES - 8; i++) {
		const struct bd_game_info *g = &lobby.games.game[i];
		int cur = (int)i == lobby.game && !lobby.on_tables;
		attron(cur ? A_REVERSE : 0);
		mvprintw(y, 0, "%s %-12s", (int)i == lobby.game ? ">" : " ", lobby_title(g->game));
		attroff(cur ? A_REVERSE : 0);
		if (view_of_game(g->game) == NULL)
			printw(" (not in the terminal yet)");
		for (unsigned k = 0; k < g->opts.n; k++)
			if (getcurx(stdscr) + (int)strlen(g->opts.opt[k].key) + (int)strlen(g->opts.opt[k].value) + 2 < COLS)
				printw(" %s=%s", g->opts.opt[k].key, g->opts.opt[k].value);
		y++;
	}
	if (v != NULL)
		mvprintw(y++, 0, "Bot level: %s (v changes it)", v->levels[lobby.level]);
	if (v != NULL && lobby.games.game[lobby.game].opts.n > 0)
		y = lobby_options(y);
	(void)t;
	return y + 1;
}

/* The wait, or what can be done. The next row. */
static int lobby_new(struct tui *t, int y)
{
	char bot[BD_NAME_MAX + 1];

	if (lobby.state == LOBBY_WAITING) {
		bot_name(t, bot, sizeof bot);
		attron(A_BOLD);
		if (lobby.with_bot)
			mvprintw(y++, 0, "Waiting for your bot %s to come: %u s left. (c cancels)", bot, lobby.seconds);
		else
			mvprintw(y++, 0, "Waiting for another player of %s: %u s left. (c cancels)",
				 lobby_title(lobby.waiting), lobby.seconds);
		attroff(A_BOLD);
	} else if (lobby_view() != NULL) {
		mvprintw(y++, 0, "p: play a person   b: play a bot");
	}
	if (lobby.note[0]) {
		attron(draw_attr(t, -2, A_BOLD));
		mvprintw(y++, 0, "! %.*s", COLS > 3 ? COLS - 3 : 0, lobby.note);
		attroff(draw_attr(t, -2, A_BOLD));
	}
	return y + 1;
}

/* " PRACTICE" for a practice table's or wait's options (Qwirkle's practice=on), else "". */
static const char *lobby_practice(const struct bd_options *o)
{
	const char *v = bd_option_get(o, "practice");

	return v != NULL && strcmp(v, "on") == 0 ? " PRACTICE" : "";
}

/* The tables, each with who sits there; then the players waiting. */
static void lobby_tables(int y)
{
	char line[256];

	mvprintw(y++, 0, "Tables%s", lobby.on_tables ? " (up/down to choose, j joins, w watches)" : " (Tab to choose one)");
	if (lobby.list.ntables == 0)
		mvprintw(y++, 2, "No tables yet.");
	for (size_t i = 0; i < lobby.list.ntables && y < LINES - 4; i++) {
		const struct bd_table_info *ti = &lobby.list.table[i];
		int n = snprintf(line, sizeof line, "%s: %s%s, %s;", ti->table, lobby_title(ti->game), lobby_practice(&ti->opts),
				 ti->state);
		for (size_t s = 0; s < lobby.list.nseats && n > 0 && (size_t)n < sizeof line; s++)
			if (lobby.list.seat[s].table == i)
				n += snprintf(line + n, sizeof line - (size_t)n, " %s%s", lobby.list.seat[s].name,
					      strcmp(lobby.list.seat[s].state, "away") == 0 ? " (away)" : "");
		int cur = (int)i == lobby.table && lobby.on_tables;
		attron(cur ? A_REVERSE : 0);
		mvprintw(y++, 0, "%s %.*s", (int)i == lobby.table ? ">" : " ", COLS > 3 ? COLS - 3 : 0, line);
		attroff(cur ? A_REVERSE : 0);
	}
	y++;
	mvprintw(y++, 0, "Players waiting");
	if (lobby.list.nwaiting == 0)
		mvprintw(y++, 2, "Nobody.");
	for (size_t i = 0; i < lobby.list.nwaiting && y < LINES - 2; i++)
		mvprintw(y++, 2, "%s (user %s) waits for %s%s, %u s left", lobby.list.waiting[i].name,
			 lobby.list.waiting[i].login, lobby_title(lobby.list.waiting[i].game),
			 lobby_practice(&lobby.list.waiting[i].opts), lobby.list.waiting[i].seconds);
}

/* Draw the lobby screen. */
void lobby_draw(struct tui *t)
{
	draw_title(t, "lobby");
	int y = lobby_games(t, 2);
	y = lobby_new(t, y);
	lobby_tables(y);
	draw_keys("arrows choose  o +/- options  p person  b bot  v level  c cancel  Tab tables  j join  w watch  q quit");
}
