/* suites.h: the integration test suites, one per file, each adding itself to the CUnit
 * registry with the harness's per-test setup and teardown. */
#ifndef BD_INTEGRATION_SUITES_H
#define BD_INTEGRATION_SUITES_H

void suite_rules(void);   /* test_rules.c: picks, matches, mismatches, game over */
void suite_states(void);  /* test_states.c: waiting, on, frozen, joining, quitting */
void suite_clients(void); /* test_clients.c: spectators, colours, shutdown */
void suite_input(void);   /* test_input.c: malformed and out-of-place lines, limits */
void suite_race(void);    /* test_race.c: the same card picked at the same moment */
void suite_secrecy(void); /* test_secrecy.c: face-down values never public; a full game */
void suite_fairness(void); /* test_fairness.c: unique names, logins, the anti-hoarding cooldown */
void suite_tictactoe(void); /* test_tictactoe.c: whole matches, bad input, resign, rematch, claim, restart */
void suite_qwirkle(void);  /* test_qwirkle.c: whole games of 2-4 seats, secrecy, reconnect, restart */
void suite_tafl(void);    /* test_tafl.c: through the lobby: a whole match, illegal moves, clock, kills, restart */

#endif
