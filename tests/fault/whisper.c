/* whisper.c: `bd-fault whisper` (boardd-testhooks): events and lines for one seat reach
 * that seat's connection and no other. A player named whisper is sent, when it joins, a
 * private line (WHISPER <seat>) and a state event addressed to its seat alone (board.c's
 * test hook: Memory itself addresses nothing). A player and a spectator joined before it
 * must see neither, and their event numbers skip the addressed event's.
 * `bd-fault whisper-back` (a tic-tac-toe table): whisper leaves mid-match and takes its seat
 * back with its token: its private line and addressed event come again, to it alone. */
#include "fault.h"

#include <stdio.h>
#include <string.h>

/* Read c until the leave of seat, dying on a line that names whisper's private state or on
 * the event numbered hidden; the seq of that leave. */
static uint64_t whisper_watch(struct bd_client *c, const char *who, long seat, uint64_t hidden)
{
	struct bd_msg m;

	for (;;) {
		if (bd_client_read(c, &m, 10000) != 1)
			die("%s: no leave of seat %ld within 10 s", who, seat);
		if (m.kind == BD_MSG_DATA && strcmp(m.word, "WHISPER") == 0)
			die("%s got whisper's private line '%s'", who, m.line);
		if (m.kind == BD_MSG_EVENT && m.seq == hidden)
			die("%s got the event addressed to whisper: '%s'", who, m.line);
		if (m.kind == BD_MSG_EVENT && strcmp(m.word, "leave") == 0 && event_player(&m) == seat)
			return m.seq;
	}
}

int cmd_whisper(void)
{
	struct bd_client bob, sam, w;
	struct bd_msg m;
	char want[32];

	opts_done();
	player_enter(&bob, "bob", BD_ROLE_PLAYER);
	player_enter(&sam, "sam", BD_ROLE_SPECTATOR);
	player_enter(&w, "whisper", BD_ROLE_PLAYER);
	snprintf(want, sizeof want, "WHISPER %d", w.player);
	if (bd_client_read(&w, &m, 10000) != 1 || strcmp(m.line, want) != 0)
		die("whisper's first line after its join is '%s', not '%s'", m.line, want);
	if (!player_await(&w, "join", w.player, 10000, &m) || !player_await(&w, "state", -1, 10000, &m))
		die("whisper got no join and addressed state event");
	uint64_t hidden = m.seq;
	if (player_request(&w, &m, "quit") != 0)
		die("whisper's quit was refused: %s", m.line);
	uint64_t seen = whisper_watch(&bob, "bob", w.player, hidden);
	if (whisper_watch(&sam, "sam", w.player, hidden) != seen || seen <= hidden)
		die("bob and sam saw whisper leave as events %llu and later, not past %llu", (unsigned long long)seen,
		    (unsigned long long)hidden);
	say("whisper: its private line and event %llu reached it alone; bob and sam went on to event %llu",
	    (unsigned long long)hidden, (unsigned long long)seen);
	bd_client_close(&w);
	bd_client_close(&sam);
	bd_client_close(&bob);
	return 0;
}

/* whisper enters again with its token; its first line must be its private one, then the
 * addressed state event: its seq. */
static uint64_t whisper_rejoin(struct bd_client *w, int seat, uint64_t token)
{
	struct bd_msg m;
	char want[32], err[256];

	player_connect(w);
	if (bd_client_hello(w, "whisper", BD_ROLE_PLAYER, err, sizeof err) < 0 ||
	    bd_client_join(w, board_name(), token, bd_default_prefix(), err, sizeof err) != 0)
		die("whisper cannot take its seat back with its token: %s", err);
	if (w->player != seat)
		die("whisper came back to seat %d, not its seat %d", w->player, seat);
	snprintf(want, sizeof want, "WHISPER %d", seat);
	if (bd_client_read(w, &m, 10000) != 1 || strcmp(m.line, want) != 0)
		die("whisper's first line after its rejoin is '%s', not '%s'", m.line, want);
	if (!player_await(w, "state", -1, 10000, &m))
		die("whisper got no addressed state event after its rejoin");
	return m.seq;
}

int cmd_whisper_back(void)
{
	struct bd_client bob, sam, w;
	struct bd_msg m;

	opts_done();
	player_enter(&bob, "bob", BD_ROLE_PLAYER);
	player_enter(&sam, "sam", BD_ROLE_SPECTATOR);
	player_enter(&w, "whisper", BD_ROLE_PLAYER);
	int seat = w.player;
	uint64_t token = w.token;
	if (!player_await(&w, "turn", -1, 10000, &m))
		die("no match started for whisper");
	if (player_request(&w, &m, "quit") != 0)
		die("whisper's quit was refused: %s", m.line);
	bd_client_close(&w);
	if (!player_await(&bob, "away", -1, 10000, &m))
		die("bob saw whisper's seat go away: no");
	uint64_t hidden = whisper_rejoin(&w, seat, token);
	if (player_request(&w, &m, "resign") != 0 || player_request(&w, &m, "quit") != 0)
		die("whisper's resign or quit was refused: %s", m.line);
	uint64_t seen = whisper_watch(&bob, "bob", seat, hidden);
	if (whisper_watch(&sam, "sam", seat, hidden) != seen || seen <= hidden)
		die("bob and sam saw whisper leave as events %llu and later, not past %llu", (unsigned long long)seen,
		    (unsigned long long)hidden);
	say("whisper-back: after its rejoin with its token its private line and event %llu reached it alone",
	    (unsigned long long)hidden);
	bd_client_close(&w);
	bd_client_close(&sam);
	bd_client_close(&bob);
	return 0;
}
