#!/bin/sh
# valgrind memcheck on the daemon (supervisor and every worker it forks) and on a client
# (the client library: requests, queued events, snapshots) over a whole game: a 4x4 board,
# one scripted player to game over, then quit and SIGTERM. Every process must end with no
# memory error and no definite or indirect leak.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

command -v valgrind >/dev/null || fail "valgrind is missing (package valgrind)"
if grep -q __asan_init "$BIN/boardd"; then
	note "$BIN/boardd is built with AddressSanitizer, which valgrind cannot run; plain make check runs this"
	finish
	exit 0
fi
vg="valgrind --trace-children=yes --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1"
start_daemon_as "$vg --log-file=$WORK/vg-daemon.%p $BIN/boardd" --board main:4 --min-players 1 \
	--mismatch-ms 50 --restart-ms 600000
$vg --log-file="$WORK/vg-client.%p" "$FAULT" picks --clients 1 --over 1 --watch 0 --picks 5000 ||
	fail "the scripted game under valgrind failed"
stop_and_count
n=0
for f in "$WORK"/vg-*; do
	n=$((n + 1))
	grep -q 'ERROR SUMMARY: 0 errors' "$f" || { cat "$f"; fail "valgrind found errors or leaks: $(basename "$f")"; }
done
[ "$n" -ge 4 ] || fail "only $n valgrind logs (daemon, its worker, client and its child expected)"
note "valgrind: $n processes (supervisor, workers, client), 0 errors, no definite or indirect leak"
finish
