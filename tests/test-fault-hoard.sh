#!/bin/sh
# Hoarding (issue 9): one user (nobody) with as many seats as max-seats-per-uid allows (8 by
# default; then, with no limit, one per card) first-picks every card the moment it turns
# down, without a rate limit, while another user (root, the daemon's user) plays. The cooldown (a card a user let go is not that user's to pick again for a while,
# except to match it) lets the other player's picks through: the game ends.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

need_nobody "the attacker runs as nobody"

# cooldown: 2 x (1000 + 200) ms; one game only
start_daemon --board main:4 --min-players 2 --max-rate 0 --first-pick-ms 1000 --mismatch-ms 200 --restart-ms 600000
# The attacker remembers values and covers the partner of each card it holds first, its
# seats' holds staggered, each extended by a mismatch just before it times out.
as_nobody "$FAULT" hoard --seconds 120 --extend-ms 900 --pairs 1 --stagger-ms 125 >"$WORK/hoard.out" 2>&1 &
HPID=$!
holding() { grep -q 'hoard: every seat holds a card' "$WORK/hoard.out"; }
wait_until "the hoarder's seats" holding
"$FAULT" victim --seconds 90 || { cat "$WORK/hoard.out"; fail "the game did not end under the hoarding attack"; }
wait "$HPID" || fail "the hoarder failed: $(cat "$WORK/hoard.out")"
cat "$WORK/hoard.out"
grep -q 'game over seen' "$WORK/hoard.out" || fail "the hoarder did not see the game end"
grep -Eq ' [1-9][0-9]* cooldown' "$WORK/hoard.out" || fail "the hoarder never met the cooldown"
stop_and_count

# The same with a seat for every card (no seat limit), and a real board-bot as the other
# player, itself a user the cooldown holds (uid 4242): it must not spin on ERR cooldown, and
# it finishes its game.
start_daemon --board main:4 --min-players 2 --max-rate 0 --first-pick-ms 1000 --mismatch-ms 200 --restart-ms 600000 \
	--max-seats-per-uid 0
as_nobody "$FAULT" hoard --seconds 120 --extend-ms 900 >"$WORK/hoard.out" 2>&1 &
HPID=$!
wait_until "the hoarder's seats" holding
timeout 100 setpriv --reuid=4242 --regid=4242 --clear-groups "$BIN/board-bot" --games 1 --stats --delay-ms 20 \
	--name honest >"$WORK/bot.out" 2>"$WORK/bot.err" || { cat "$WORK/bot.err" "$WORK/hoard.out"; fail "board-bot did not finish its game under the hoarding attack"; }
wait "$HPID" || fail "the hoarder failed: $(cat "$WORK/hoard.out")"
note "board-bot: $(cat "$WORK/bot.out")"
cat "$WORK/hoard.out"
grep -q '"points":[1-9]' "$WORK/bot.out" || fail "board-bot scored nothing"
! grep -q 'pick refused' "$WORK/bot.err" || fail "board-bot complained of refusals: $(cat "$WORK/bot.err")"
stop_and_count
finish
