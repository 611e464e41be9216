/* bot.h: board-bot, a player of any game that has a brain (brain.h), talking the boardd
 * protocol through ipc/client.h. play.c runs the session (lobby.c finds it a table when it
 * plays through the lobby), play-memory.c and play-turns.c play the two kinds of game; Memory's brain is mind-memory.c (what it knows of the board) and
 * brain-memory.c (the card to pick by level), a turn game's is brain-<game>.c. */
#ifndef BOT_H
#define BOT_H

#include <signal.h>
#include <stdint.h>

#include "ipc/client.h"
#include "ipc/game/memory.h"

enum bot_level { BOT_EASY, BOT_SEED, BOT_PERFECT, BOT_MEDIUM, BOT_GREEDY, BOT_STRONG, BOT_BEGINNER };

struct bot_opts {
	const char *socket_path;
	const char *prefix;
	int no_shm;         /* --no-shm: the protocol alone, no mapping of the board */
	const char *board;
	int board_given;    /* --board was given */
	const char *game;   /* --game, NULL: the game of the table joined */
	const char *play;   /* --play GAME: through the lobby (lobby.c), NULL: on --board */
	const char *opponent; /* --opponent NAME, or NULL */
	char play_opts[BD_LINE_MAX]; /* the --option K=V words, space-separated */
	struct bd_options options; /* the same, checked */
	unsigned wait_rounds; /* --wait-rounds: countdowns run out before it gives up, 0 never */
	int verbose;        /* -v: the lobby's countdown and happenings on stderr */
	char name[BD_NAME_MAX + 1];
	enum bot_level level;
	int level_given;    /* --level was given */
	unsigned memory;    /* Memory: cards remembered at most */
	int memory_given;   /* --memory was given (Memory only) */
	unsigned delay_ms;  /* before each pick or move */
	unsigned think_ms;  /* a searching brain's most thinking time a move (--think-ms) */
	unsigned games;     /* finished games before it quits, 0 = forever */
	int stats;          /* one JSON line per finished game on stdout */
	unsigned seed;
	const char *engine;   /* --engine COMMAND (docs/ENGINE.md), or NULL: the brain plays */
	unsigned engine_wait_ms; /* --engine-wait-ms: a move's longest wait without a turn deadline */
};

/* Memory's beginner level, a casual player (brain-memory.c): it remembers at most this many
 * cards unless --memory says otherwise. */
#define BOT_BEGINNER_MEMORY 6

/* What the bot knows of one board: every card's state (all visible) and the values it
 * remembers of face-down cards (at most capacity of them, the most recently seen; of the
 * cards it sees, forget per cent are never taken in). */
struct mind {
	unsigned dim, ncards;
	unsigned game;                  /* game number this knowledge belongs to */
	unsigned game_state;            /* enum bd_game_state */
	uint64_t seq;                   /* newest event applied */
	uint8_t state[BD_CARDS_MAX];    /* enum bd_card_state */
	uint16_t owner[BD_CARDS_MAX];   /* player holding an UP or LOCKED card */
	char value[BD_CARDS_MAX][2];    /* visible (UP, LOCKED) or remembered value; 0 unknown */
	uint8_t remembered[BD_CARDS_MAX];
	uint16_t recent[BD_CARDS_MAX];  /* remembered cards, least recently seen first */
	unsigned nrecent, capacity;
	int64_t cool_until[BD_CARDS_MAX]; /* ERR cooldown: ours to pick (but to match) from then */
	int64_t now;                    /* the time brain-memory.c decides at */
	unsigned forget;                /* per cent of sightings that slip its mind (0: none); */
	unsigned short rng[3];          /* which ones: both are the level's, kept by mind_reset */
};

/* mind-memory.c: mind_reset forgets the board but keeps forget and rng. */
void mind_reset(struct mind *m, unsigned dim, unsigned capacity, unsigned game);
void mind_load(struct mind *m, const struct bd_pub *snap);
/* Learn from one event; returns 1 if it started a new game (knowledge forgotten). */
int mind_apply(struct mind *m, const struct bd_event *ev);
int mind_known(const struct mind *m, unsigned card);
/* Nonzero if the daemon said card is still ours to pick only to match it (ERR cooldown). */
int mind_cooling(const struct mind *m, unsigned card);
/* Cards UP in player's name, into up[2]; returns how many (0, 1 or 2). */
unsigned mind_held(const struct mind *m, unsigned player, int up[2]);

/* brain-memory.c: the next card to pick, or -1 to wait. *plan is the second card a first pick
 * was chosen for (a known pair), -1 if none; the second pick honours it. */
int choose_pick(const struct mind *m, enum bot_level level, unsigned player, int *plan,
		unsigned short rng[3]);
/* A level's way of remembering, set once in a mind (its rng seeded from rng), and its pause
 * before a pick in milliseconds: delay_ms (--delay-ms; 0 before a game's first pick), the
 * beginner's at least 1.5 to 2.5 s. */
void choose_style(struct mind *m, enum bot_level level, unsigned short rng[3]);
unsigned choose_pause(enum bot_level level, unsigned delay_ms, unsigned short rng[3]);

/* main.c: a message on stderr, prefixed "board-bot: ". */
void bot_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* play.c: play until done; the exit status. */
int play_run(const struct bot_opts *o);
extern volatile sig_atomic_t play_stop;

#endif
