/* play-engine.c: board-bot's side of docs/ENGINE.md (--engine): what the table does, told to
 * the engine, and the engine's move sent to the table. A move is asked for with `go` and
 * waited for in slices, so that the table's events are still read meanwhile. An engine that
 * ends or sends nothing before the move is due is killed, and board-bot resigns. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"
#include "play.h"

#define ENGINE_MARGIN_MS 250 /* a move is due this long before the turn runs out: board-bot
			      * resigns before its clock does */
#define ENGINE_SLICE_MS 20   /* longest wait for the engine before reading the table again */

/* The engine failed (what: "crashed", "hung"): end it, say why, resign. */
static void play_engine_fail(struct play *p, const char *what, int wait_ms)
{
	char why[100];

	engine_stop(&p->engine, 0, wait_ms, why, sizeof why);
	bot_say("engine '%s' %s (%s): resigning", p->o->engine, what, why);
	if (bd_client_send(&p->c, "resign") == 0)
		p->pending = TURNS_RESIGN;
}

int play_engine_up(struct play *p, int64_t deadline_ms)
{
	char err[300];

	if (p->engine.pid != 0)
		return 0;
	p->engine.command = p->o->engine;
	if (engine_start(&p->engine, p->brain->game, play_side_name(p, 0), play_side_name(p, 1), deadline_ms, err,
			 sizeof err) < 0) {
		bot_say("%s", err);
		return -1;
	}
	if (p->o->verbose)
		bot_say("engine %s started: %s", p->engine.name, p->o->engine);
	if (p->round > 0 && p->side < 2)
		play_engine_tell(p, "match %s\nround %u %s", p->opponent, p->round, play_side_name(p, p->side));
	return 0;
}

void play_engine_tell(struct play *p, const char *fmt, ...)
{
	char line[BD_LINE_MAX + 1];
	va_list ap;

	if (p->o->engine == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (p->engine.pid == 0) /* it starts at the session's start and at the next go */
		return;
	if (engine_say(&p->engine, "%s", line) < 0)
		bot_say("engine '%s' cannot be written to: it will be started again", p->o->engine);
}

int play_engine_go(struct play *p, const char *position, int64_t deadline_ms)
{
	int64_t now = bd_now_ms(), ms = deadline_ms - bd_client_now(&p->c); /* the daemon's clock */
	char left[24] = "none";

	if (deadline_ms > 0 && ms < 0)
		ms = 0;
	p->engine_due = deadline_ms > 0 ? now + ms - ENGINE_MARGIN_MS : now + p->o->engine_wait_ms;
	if (deadline_ms > 0)
		snprintf(left, sizeof left, "%lld", (long long)ms);
	if (play_engine_up(p, p->engine_due < now + ENGINE_HELLO_MS ? p->engine_due : now + ENGINE_HELLO_MS) < 0) {
		if (bd_client_send(&p->c, "resign") < 0)
			return -1;
		p->pending = TURNS_RESIGN;
		return 0;
	}
	if (engine_say(&p->engine, "go %s %s", left, position) < 0) {
		play_engine_fail(p, "crashed", ENGINE_QUIT_MS);
		return 0;
	}
	p->pending = TURNS_ENGINE;
	return 0;
}

/* One line from the engine while its move is awaited. */
static void play_engine_heard(struct play *p, const char *line)
{
	if (strncmp(line, "move ", 5) == 0 && line[5] != '\0') {
		p->pending = bd_client_send(&p->c, "move %s", line + 5) == 0 ? TURNS_MOVE : TURNS_NONE;
	} else if (strcmp(line, "resign") == 0) {
		bot_say("engine '%s' resigned", p->o->engine);
		p->pending = bd_client_send(&p->c, "resign") == 0 ? TURNS_RESIGN : TURNS_NONE;
	} else if (strncmp(line, "info ", 5) == 0) {
		if (p->o->verbose)
			bot_say("engine: %s", line + 5);
	} else {
		bot_say("engine '%s' said '%s' when a move was due: ignored", p->o->engine, line);
	}
}

int play_engine_wait(struct play *p)
{
	char line[BD_LINE_MAX + 1];
	int64_t now = bd_now_ms(), until = now + ENGINE_SLICE_MS;
	int rc = engine_line(&p->engine, line, until < p->engine_due ? until : p->engine_due);

	if (rc > 0)
		play_engine_heard(p, line);
	else if (rc < 0)
		play_engine_fail(p, "crashed", ENGINE_QUIT_MS);
	else if (bd_now_ms() >= p->engine_due)
		play_engine_fail(p, "hung: no move in time", 0);
	return 0;
}

void play_engine_end(struct play *p)
{
	char why[100];

	if (p->engine.pid == 0)
		return;
	engine_stop(&p->engine, 1, ENGINE_QUIT_MS, why, sizeof why);
	if (p->o->verbose)
		bot_say("engine %s ended: %s", p->engine.name, why);
}
