#!/bin/sh
# SIGHUP reloads the per-uid limits (and the log level) from the same sources as at start:
# the file, then the command line over it. A new limit holds for new connections and reaches
# connections already open (a silent one opened under idle-ms 0 is closed once idle-ms is
# set). A file with an error changes nothing, and says so in the log; the daemon serves on.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

need_nobody "the daemon as root, clients as nobody"
CONF="$WORK/boardd.conf"

# hup WHAT: send SIGHUP and wait for the log line that answers it (the nth so far).
hups=0
# nobody_gone: wait until the daemon counts no connection of nobody's: a hog's connections
# close when it exits, but the daemon counts each until its worker has ended.
nobody_gone() {
	wait_until "nobody's connections to end" eval \
		'! "$BIN/boardctl" status --json 2>/dev/null | grep -q "\"uid\":$(id -u nobody),"'
}

hup() {
	hups=$((hups + 1))
	kill -HUP "$DPID"
	wait_until "$1" sh -c '[ "$(grep -c "got SIGHUP" "$0")" -ge "$1" ]' "$WORK/daemon.log" "$hups"
	kill -0 "$DPID" || fail "boardd died on SIGHUP"
	note "$(grep 'got SIGHUP' "$WORK/daemon.log" | tail -n 1 | sed 's/^boardd\[[0-9]*\]: //')"
}

printf 'max-connections-per-uid = 2\nmax-seats-per-uid = 5\nidle-ms = 0\n' >"$CONF"
start_daemon --config "$CONF" --max-seats-per-uid 3 --min-players 1
as_nobody "$FAULT" hog --limit 2 --attempts 5 || fail "limit 2 from the file did not hold"

note "a silent connection opened under idle-ms 0 stays open"
# Its input is a fifo held open by fd 8: silent, and $! is socat itself (no sleep left behind).
mkfifo "$WORK/silent.in"
as_nobody socat -t 60 - UNIX-CONNECT:"$SOCK" <"$WORK/silent.in" >"$WORK/silent.out" 2>&1 &
silent=$!
exec 8>"$WORK/silent.in"
trap 'kill $silent 2>/dev/null; cleanup' EXIT INT TERM
wait_until "the silent connection's greeting" grep -q '^BOARDD' "$WORK/silent.out"

printf 'max-connections-per-uid = 4\nmax-seats-per-uid = 5\nidle-ms = 1000\n' >"$CONF"
hup "the reload"
grep -q 'reloaded the per-uid limits (4 connections, 3 seats a board, idle-ms 1000' "$WORK/daemon.log" ||
	fail "the reload did not take the file's new values under the command line's"
wait_until "ERR idle on the connection opened before the reload" grep -q '^ERR idle' "$WORK/silent.out"
kill "$silent" 2>/dev/null
wait "$silent" 2>/dev/null
exec 8>&-
wait_until "the silent connection's worker to end" grep -q 'closed: idle' "$WORK/daemon.log"
as_nobody "$FAULT" hog --limit 4 --attempts 8 --idle-ms 1000 --idles 0 || fail "the reloaded limit 4 did not hold"
nobody_gone
as_nobody "$FAULT" grab --conns 4 --limit 3 || fail "limit 3 from the command line did not hold"

printf 'max-connections-per-uid = lots\n' >"$CONF"
hup "the refused reload"
grep -q "error: got SIGHUP: settings not reloaded, the old ones stay: $CONF:1: max-connections-per-uid must be" \
	"$WORK/daemon.log" || fail "a bad file's reload was not refused with its reason"
nobody_gone
as_nobody "$FAULT" hog --limit 4 --attempts 8 --idle-ms 1000 --idles 0 || fail "a bad reload changed the limit"
answers || fail "boardd does not answer after a refused reload"

note "exempt-group: its members (primary or supplementary group) have no per-uid limit"
printf 'max-connections-per-uid = 4\nexempt-group = daemon\n' >"$CONF"
hup "the reload with an exempt group"
for ids in "--regid=nogroup --groups=daemon" "--regid=daemon --clear-groups"; do
	setpriv --reuid=nobody $ids "$FAULT" hog --limit 0 --attempts 20 >"$WORK/exempt.out" ||
		fail "exempt hog ($ids) failed: $(cat "$WORK/exempt.out")"
	grep -q ' 20 greeted' "$WORK/exempt.out" || fail "a member of the exempt group ($ids) was limited: $(cat "$WORK/exempt.out")"
done
note "$(head -n 1 "$WORK/exempt.out")"
nobody_gone
as_nobody "$FAULT" hog --limit 4 --attempts 8 --idle-ms 1000 --idles 0 || fail "nobody outside the group is limited no more"
stop_and_count
finish
