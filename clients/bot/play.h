/* play.h: one bot's session (play.c) and the two ways of playing in it, chosen by the brain
 * of the table's game (brain.h): Memory's, everyone at once from what the bot saw
 * (play-memory.c), and a turn game's, a move when the table says it is the bot's turn
 * (play-turns.c). */
#ifndef BOT_PLAY_H
#define BOT_PLAY_H

#include "bot.h"
#include "brain.h"
#include "engine.h"

#define ERR_BACKOFF_MS 50   /* least pause after a refused request, so a refusal never spins */
#define RATE_BACKOFF_MS 1000
#define IDLE_WAIT_MS 200    /* longest wait for a message, so a signal is noticed soon */

/* How a session or a wait in the lobby ended: PLAY_ON goes on (the lobby: at a table now),
 * PLAY_LOBBY back to the lobby (the match is off, or over and the opponent gone), PLAY_GIVEUP
 * after --wait-rounds, PLAY_REFUSED the daemon refused to play (play->usage: a setting). */
enum play_end { PLAY_ON = -1, PLAY_DONE, PLAY_LOST, PLAY_BYE, PLAY_LOBBY, PLAY_GIVEUP, PLAY_REFUSED };

struct play {
	const struct bot_opts *o;
	const struct brain *brain;     /* the game's, NULL until the first join */
	const struct play_drive *drive;
	struct bd_client c;
	unsigned short rng[3];
	int pending;          /* a request awaits its reply (play-turns.c: which one) */
	int64_t next_ms;      /* no request before this (--delay-ms, back-off) */
	unsigned moves;       /* the bot's moves this game (Memory: second picks) */
	unsigned games;       /* games finished */
	/* Through the lobby (lobby.c): */
	char table[BD_BOARD_NAME_MAX + 1]; /* the table it was matched to, "" in the lobby */
	unsigned rounds;      /* countdowns run out since it last played */
	int usage;            /* PLAY_REFUSED: the daemon refused a setting (exit status 2) */
	int upgrade;          /* PLAY_BYE: the daemon stopped for an upgrade */
	/* Memory (play-memory.c): */
	struct mind mind;
	int plan;             /* the second card of a known pair being played, -1 */
	int pending_card;     /* the card of the pick awaiting its reply, -1: a rematch's */
	uint64_t barrier;     /* event seq the mind must reach before the next pick */
	/* A turn game (play-turns.c): */
	unsigned game;        /* the game (match) number it plays or last played */
	unsigned side;        /* its side in that game, BD_NO_SIDE until it has one */
	int look;             /* it may be its turn: read the table once next_ms comes */
	int rematch;          /* enum turns_rematch; Memory: 1 while a rematch is to be asked */
	unsigned round;       /* the round being played, 0 before the first */
	unsigned points[2];   /* the bot's and its opponent's points when that round began */
	char opponent[BD_NAME_MAX + 1];
	/* With --engine (play-engine.c): */
	struct engine engine;
	int64_t engine_due;   /* a move asked for is due by then (it hangs past it) */
	enum bot_level level; /* --level, or the brain's best when perfect is not one of its levels */
	struct qw_held held;  /* a game of hidden hands (brain->play_hand): the seat's hand */
};

/* What a turn game's request awaits (p->pending): play-turns.c's and play-engine.c's. */
enum turns_pending { TURNS_NONE, TURNS_MOVE, TURNS_REMATCH, TURNS_ENGINE, TURNS_RESIGN };

/* How a session plays one kind of game; play.c calls these. */
struct play_drive {
	/* The bot (re)entered the table, whose snapshot is snap; same_seat if it took its old
	 * seat back. */
	void (*enter)(struct play *p, const struct bd_pub *snap, int same_seat);
	/* One event (ev NULL if msg did not parse); PLAY_ON, or PLAY_DONE after the last game. */
	int (*event)(struct play *p, const struct bd_msg *msg, const struct bd_event *ev);
	/* The reply to the request it sent (p->pending set). */
	void (*reply)(struct play *p, const struct bd_msg *msg);
	/* Send a request if it may (setting p->pending); how long to wait for a message. */
	int (*act)(struct play *p);
	/* Optional: one of the game's private lines for this seat (Qwirkle's HAND). */
	void (*line)(struct play *p, const struct bd_msg *msg);
};

extern const struct play_drive play_memory, play_turns;

/* play.c: a consistent copy of the table (kept out of the stack, it is large), NULL if it
 * cannot be read or is not the table joined. */
const struct bd_pub *play_snapshot(struct play *p);
/* play.c: a game ended (an over event): count it and print its stats line (side: the bot's
 * side's name, NULL for a game without sides); PLAY_DONE after the last game wanted. */
int play_over(struct play *p, const struct bd_msg *msg, const struct bd_event *ev, unsigned game,
	      const char *side);
/* play-turns.c: the name of a turn game's side (the codec's: tic-tac-toe X, Quantik white), "?". */
const char *play_side_name(const struct play *p, unsigned side);
/* play.c: nonzero if --games wants more games than were played. */
int play_more(const struct play *p);
/* The daemon's goodbye (a bye event): remember whether it is for an upgrade; PLAY_BYE. */
int play_bye(struct play *p, const struct bd_msg *msg);

/* play.c: the brain of game for the bot's options (--game must name game): 0, -1 with why
 * in err if it is not one the bot can play, -2 if the options do not fit it. */
int play_brain(struct play *p, const char *game, char *err, size_t len);
/* play.c: read the table joined and start playing on it (same_seat: the seat of before):
 * 0, or -1 with why in err. */
int play_start(struct play *p, int same_seat, char *err, size_t len);

/* play-engine.c (--engine): start the engine unless it runs (telling it the match and round
 * under way), 0 or -1 (said); tell the engine a match (opponent's name), a round (the bot's
 * side), a move (its side's name and words), the end of a round or a match (result, points);
 * ask it for the move in position by the turn's deadline_ms (a snapshot's: the daemon's clock;
 * 0: none): the request is
 * pending (TURNS_ENGINE) until play_engine_wait sends its move, or resigns if it crashed or
 * hung. The engine is started when first needed, again after one failed; play_engine_end
 * ends it at the end of the session. */
int play_engine_up(struct play *p, int64_t deadline_ms);
void play_engine_tell(struct play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int play_engine_go(struct play *p, const char *position, int64_t deadline_ms);
int play_engine_wait(struct play *p);
void play_engine_end(struct play *p);

/* lobby.c: wait in the lobby for a table (play, countdown, play again) and join it:
 * PLAY_ON when at the table, else how it ended. */
int lobby_match(struct play *p);
/* lobby.c: after a reconnection, take the seat at the table matched back with token (the
 * lobby again if the daemon refused it): 0, -1 with why in err. */
int lobby_rejoin(struct play *p, uint64_t token, char *err, size_t len);
/* lobby.c: one event at a lobby table: PLAY_ON, PLAY_LOBBY if it ends its time there (the
 * match called off; the opponent gone while no match is on), PLAY_LOST. */
int lobby_table_event(struct play *p, const struct bd_msg *msg, const struct bd_event *ev);
/* lobby.c: with --play, leave the table, if at one (after the reply to a pending request):
 * 0, -1 if the connection is lost. */
int lobby_leave(struct play *p);

#endif
