/* suites.h: the unit test suites, one per file, each adding itself to the CUnit registry. */
#ifndef BD_UNIT_SUITES_H
#define BD_UNIT_SUITES_H

void suite_proto(void);  /* test_proto.c */
void suite_shm(void);    /* test_shm.c */
void suite_lock(void);   /* test_lock.c */
void suite_colour(void); /* test_colour.c */
void suite_choose(void); /* test_choose.c: board-bot's choice around the cooldown */
void suite_guard(void);  /* test_guard.c */
void suite_turn(void);   /* test_turn.c: daemon/turn.c with a fake clock */
void suite_match(void);  /* test_match.c: match.c on a real board: opener, refused moves, pass, draw */
void suite_tictactoe(void); /* test_tictactoe.c: tic-tac-toe's rules, notation and perft */
void suite_quantik(void); /* test_quantik.c: Quantik's rules, notation, perft and symmetries */
void suite_qwirkle(void); /* test_qwirkle.c: Qwirkle's rules, scoring, notation and move generator */
void suite_tafl(void);   /* test_tafl.c: Hnefatafl's rules, notation, perft and codec */
void suite_brain_qwirkle(void); /* test_brain_qwirkle.c: board-bot's Qwirkle brain against the rules */
void suite_lobby(void);  /* test_lobby.c: the client library's lobby lines and events */
void suite_game(void);   /* test_game.c: the codec table, addressed events, private lines */
void suite_ctl(void);    /* test_ctl.c: the daemon's supervisor-worker messages */
void suite_options(void); /* test_options.c: game options, play's options and side, gathering N seats */
void suite_brain_quantik(void); /* test_brain_quantik.c: board-bot's Quantik brain against plain negamax */
void suite_brain_tafl(void); /* test_brain_tafl.c: board-bot's Hnefatafl brain against the codec */

/* test_shm.c: a sound 4x4 board in plain memory (one card up, a locked pair, one player). */
struct bd_pub;
void test_board_sound(struct bd_pub *board);

#endif
