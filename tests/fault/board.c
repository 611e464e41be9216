/* board.c: the checks every fault test ends with: nothing stuck, nothing leaked. */
#include "fault.h"

#include <stdio.h>
#include <string.h>

#include "ipc/clock.h"

#define SETTLE_MS 15000
#define WORKERS_MAX 4096

void board_locks(struct bd_locks *l)
{
	if (bd_locks_open(l, bd_default_prefix(), board_name(), board_inst(), pub_map()->nregions, NULL, 0) < 0)
		die("cannot open the semaphores of board %s (run as the daemon's user)", board_name());
}

/* Why the board is not settled yet (into why), or 0 if it is. */
static int board_unsettled(unsigned players, unsigned workers, struct bd_locks *l, char *why, size_t n)
{
	static pid_t kids[WORKERS_MAX];
	const struct bd_pub *pub = pub_map();
	const struct bd_priv *priv = priv_map();
	unsigned seats = 0, nw = children_of(pub->daemon_pid, kids, WORKERS_MAX);

	for (unsigned i = 0; i < BD_PLAYERS_MAX; i++)
		seats += pub->players[i].state != BD_PLAYER_EMPTY;
	if (seats != players || pub->nplaying != players)
		return snprintf(why, n, "%u seats taken, %u playing; want %u", seats, pub->nplaying, players);
	if (nw != workers)
		return snprintf(why, n, "%u worker processes; want %u", nw, workers);
	for (unsigned i = 0; i <= pub->nregions; i++) {
		int value = -1;
		sem_getvalue(l->sem[i], &value);
		if (priv->holders[i].pid != 0 || value != 1)
			return snprintf(why, n, "lock %u: holder pid %d, value %d", i, priv->holders[i].pid, value);
	}
	for (unsigned k = 0; k < priv->lockers.used && k < BD_LOCKERS_MAX; k++)
		if (priv->lockers.slot[k].pid != 0)
			return snprintf(why, n, "process %d still listed as taking locks", priv->lockers.slot[k].pid);
	for (unsigned c = 0; c < bd_memory_pub(pub)->dim * bd_memory_pub(pub)->dim; c++) {
		unsigned o = bd_memory_pub(pub)->cards[c].owner;
		if (bd_memory_pub(pub)->cards[c].state != BD_CARD_UP)
			continue;
		if (o >= BD_PLAYERS_MAX || pub->players[o].state == BD_PLAYER_EMPTY ||
		    (bd_memory_priv(priv)->seats[o].first != (int)c && bd_memory_priv(priv)->seats[o].second != (int)c))
			return snprintf(why, n, "card %u is face up for player %u, whose picks do not hold it", c, o);
	}
	return 0;
}

void board_settled(unsigned players, unsigned workers)
{
	struct bd_locks l;
	char why[160] = "";
	int64_t end = bd_now_ms() + SETTLE_MS;

	board_locks(&l);
	while (board_unsettled(players, workers, &l, why, sizeof why))
		if (bd_now_ms() > end)
			die("board %s did not settle within %d s: %s", board_name(), SETTLE_MS / 1000, why);
		else
			sleep_us(5000);
	bd_locks_close(&l);
	say("settled: %u seats, %u workers, every lock free, every face-up card held", players, workers);
}

void board_playable(void)
{
	struct bd_client c;
	struct bd_msg r;
	static struct bd_pub snap;

	player_enter(&c, "fresh", BD_ROLE_PLAYER);
	for (int64_t end = bd_now_ms() + SETTLE_MS;; sleep_us(20000)) {
		if (bd_now_ms() > end)
			die("a fresh player could not turn a card up within %d s", SETTLE_MS / 1000);
		pub_snapshot(&snap);
		int card = card_down(&snap);
		if (snap.game_state != BD_GAME_ON || card < 0 ||
		    player_request(&c, &r, "pick %d %d", card % (int)bd_memory_pub(&snap)->dim, card / (int)bd_memory_pub(&snap)->dim) != 0)
			continue; /* between games, or another player took that card first */
		if (!player_await(&c, "up", c.player, 5000, &r))
			die("a fresh player's pick got OK but no up event");
		break;
	}
	if (player_request(&c, &r, "quit") != 0)
		die("quit refused: %s %s", r.word, r.text);
	bd_client_close(&c);
	say("playable: a fresh player joined, turned a card up and left");
}
