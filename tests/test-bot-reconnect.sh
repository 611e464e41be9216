#!/bin/sh
# test-bot-reconnect.sh: board-bot outlives its daemon: after kill -9 and a restart it takes
# its seat back and finishes the game; after a clean stop (bye) and a restart it plays on in a
# new seat; SIGTERM to the bot makes it quit the board and exit 0.
. "$(dirname "$0")/lib.sh"
BOT="$BIN/board-bot"
OPTS="--board main:6 --first-pick-ms 2000 --mismatch-ms 100 --restart-ms 300 --away-ms 30000"

# run_bot NAME OPTION...: start a bot in the background (stats in $WORK/NAME.out); sets PID.
run_bot() {
	name=$1
	shift
	timeout 60 "$BOT" --name "$name" --stats --delay-ms 40 "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
	PID=$!
}

in_progress() {
	n=$(ask cards | grep -c '^CARD .* locked ')
	[ "$n" -ge 4 ] && [ "$n" -le 24 ]
}

# seat NAME: the player id a bot last said it plays as.
seat() { sed -n 's/.* as player \([0-9]*\).*/\1/p' "$WORK/$1.err" | tail -n 1; }

# finished NAME GAMES: the bot exited 0 after GAMES stats lines.
finished() {
	wait "$2"
	rc=$?
	[ "$rc" -eq 0 ] || fail "bot $1 exited $rc: $(cat "$WORK/$1.err")"
	[ "$(wc -l <"$WORK/$1.out")" -eq "$3" ] || fail "bot $1: want $3 stats lines: $(cat "$WORK/$1.out")"
}

note "kill -9 mid-game, restart: both bots take their seats back and finish"
start_daemon $OPTS
run_bot a --games 1
A=$PID
run_bot b --games 1
B=$PID
wait_until "a game in progress" in_progress
seat_a=$(seat a) seat_b=$(seat b)
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
start_daemon $OPTS
finished a "$A" 1
finished b "$B" 1
for n in a b; do
	grep -q 'seat kept' "$WORK/$n.err" || fail "bot $n did not keep its seat: $(cat "$WORK/$n.err")"
done
[ "$(seat a)" = "$seat_a" ] && [ "$(seat b)" = "$seat_b" ] ||
	fail "seats changed: a $seat_a -> $(seat a), b $seat_b -> $(seat b)"
sum=$(cat "$WORK/a.out" "$WORK/b.out" | sed 's/.*"points":\([0-9]*\).*/\1/' | awk '{ s += $1 } END { print s }')
[ "$sum" -eq 36 ] || fail "the game across the restart gave $sum points, want 36: $(cat "$WORK/a.out" "$WORK/b.out")"

note "daemon stopped cleanly (bye) and started again: the bots play on in new seats"
run_bot c --games 1
C=$PID
run_bot d --games 1
D=$PID
wait_until "a game in progress" in_progress
stop_daemon
start_daemon $OPTS
finished c "$C" 1
finished d "$D" 1
for n in c d; do
	grep -q 'shutting down' "$WORK/$n.err" || fail "bot $n did not report the shutdown: $(cat "$WORK/$n.err")"
	grep -q 'a new seat' "$WORK/$n.err" || fail "bot $n did not come back: $(cat "$WORK/$n.err")"
done

note "SIGTERM to a bot: it quits the board and exits 0"
run_bot e
E=$PID
wait_until "bot e to be seated" sh -c "grep -q 'playing on board' '$WORK/e.err'"
ask players | grep -q '^PLAYER .* e [^ ]*$' || fail "bot e is not seated: $(ask players)"
kill -TERM "$E"
wait "$E"
rc=$?
[ "$rc" -eq 0 ] || fail "bot e exited $rc on SIGTERM: $(cat "$WORK/e.err")"
grep -q 'left the board' "$WORK/e.err" || fail "bot e: $(cat "$WORK/e.err")"
ask players | grep -q '^OK players 0$' || fail "bot e still seated: $(ask players)"
finish
