#!/bin/sh
# valgrind memcheck on the daemon (supervisor and every worker it forks) and on a client
# (the client library: requests, queued events, snapshots) over whole games: a 4x4 Memory
# board, one scripted player to game over; a tic-tac-toe table (the turn core, its rules),
# two board-bots playing a match and its rematch; then quit and SIGTERM. Every process must
# end with no memory error and no definite or indirect leak.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

command -v valgrind >/dev/null || fail "valgrind is missing (package valgrind)"
if grep -q __asan_init "$BIN/boardd"; then
	note "$BIN/boardd is built with AddressSanitizer, which valgrind cannot run; plain make check runs this"
	finish
	exit 0
fi
vg="valgrind --trace-children=yes --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1"
start_daemon_as "$vg --log-file=$WORK/vg-daemon.%p $BIN/boardd" --board main:4 --board t:tictactoe \
	--min-players 1 --mismatch-ms 50 --restart-ms 600000
$vg --log-file="$WORK/vg-client.%p" "$FAULT" picks --clients 1 --over 1 --watch 0 --picks 5000 ||
	fail "the scripted game under valgrind failed"
for b in x o; do
	timeout 300 $vg --log-file="$WORK/vg-bot-$b.%p" "$BOT" --board t --name "vg$b" --games 2 \
		--delay-ms 0 --stats >"$WORK/bot-$b.out" 2>"$WORK/bot-$b.err" &
	eval "BOT_$b=\$!"
done
wait "$BOT_x" || fail "board-bot x under valgrind failed: $(cat "$WORK/bot-x.err")"
wait "$BOT_o" || fail "board-bot o under valgrind failed: $(cat "$WORK/bot-o.err")"
[ "$(grep -c '"result"' "$WORK/bot-x.out")" -eq 2 ] || fail "the bots did not finish 2 tic-tac-toe games: $(cat "$WORK/bot-x.out")"
# Every client is gone: only the supervisor still runs. A worker whose connection ended may
# still be in valgrind's leak check, and the stop kills workers that take over 2 s to end.
unfinished() { for f in "$WORK"/vg-daemon.*; do grep -q 'ERROR SUMMARY' "$f" || echo "$f"; done | wc -l; }
wait_until "the ended workers' valgrind reports" eval '[ "$(unfinished)" -le 1 ]'
stop_and_count
n=0
for f in "$WORK"/vg-*; do
	n=$((n + 1))
	grep -q 'ERROR SUMMARY: 0 errors' "$f" || { cat "$f"; fail "valgrind found errors or leaks: $(basename "$f")"; }
done
[ "$n" -ge 8 ] || fail "only $n valgrind logs (daemon, its workers, client and its child, two bots and their workers expected)"
note "valgrind: $n processes (supervisor, workers, client, bots), 0 errors, no definite or indirect leak"
finish
