/* play.h: one bot's session (play.c) and the two ways of playing in it, chosen by the brain
 * of the table's game (brain.h): Memory's, everyone at once from what the bot saw
 * (play-memory.c), and a turn game's, a move when the table says it is the bot's turn
 * (play-turns.c). */
#ifndef BOT_PLAY_H
#define BOT_PLAY_H

#include "bot.h"
#include "brain.h"

#define ERR_BACKOFF_MS 50   /* least pause after a refused request, so a refusal never spins */
#define RATE_BACKOFF_MS 1000
#define IDLE_WAIT_MS 200    /* longest wait for a message, so a signal is noticed soon */

enum play_end { PLAY_ON = -1, PLAY_DONE, PLAY_LOST, PLAY_BYE };

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
	/* Memory (play-memory.c): */
	struct mind mind;
	int plan;             /* the second card of a known pair being played, -1 */
	int pending_card;     /* the card of the pick awaiting its reply */
	uint64_t barrier;     /* event seq the mind must reach before the next pick */
	/* A turn game (play-turns.c): */
	unsigned game;        /* the game (match) number it plays or last played */
	unsigned side;        /* its side in that game, BD_NO_SIDE until it has one */
	int look;             /* it may be its turn: read the table once next_ms comes */
	int rematch;          /* enum turns_rematch */
};

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
};

extern const struct play_drive play_memory, play_turns;

/* play.c: a consistent copy of the table (kept out of the stack, it is large), NULL if it
 * cannot be read or is not the table joined. */
const struct bd_pub *play_snapshot(struct play *p);
/* play.c: a game ended (an over event): count it and print its stats line (side: the bot's
 * side's name, NULL for a game without sides); PLAY_DONE after the last game wanted. */
int play_over(struct play *p, const struct bd_msg *msg, const struct bd_event *ev, unsigned game,
	      const char *side);
/* play.c: nonzero if --games wants more games than were played. */
int play_more(const struct play *p);

#endif
