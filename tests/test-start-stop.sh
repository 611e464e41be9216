#!/bin/sh
# Starts that fail and stops that come early leave /dev/shm as they found it.
# (a) A failed start (the second board cannot be made: descriptors run out) removes what it
#     made of the first, and leaves the board a killed daemon left for the next start, which
#     resumes it.
# (b) SIGTERM while the daemon is still making its boards (10 boards of 1,025 semaphores):
#     it finishes the start, then stops cleanly, exit 0, nothing left in /dev/shm.
. "$(dirname "$0")/lib.sh"

boards="--board one:4 --board two:4 --min-players 1"
# Files of this test's prefix in /dev/shm, one line.
shm() { leftovers | sort | tr '\n' ' '; }

note "(a) a failed start after a kill -9"
start_daemon $boards
kill -KILL "$DPID"; wait "$DPID" 2>/dev/null; DPID=""
left=$(shm)
[ -n "$left" ] || fail "the killed daemon left nothing to resume"
# 0-2, the signalfd and the socket: a sixth descriptor (board one's eventfd) is the last.
prlimit --nofile=6 "$BIN/boardd" --config /dev/null --socket "$SOCK" --shm-prefix "$PREFIX" $boards \
	>>"$WORK/daemon.log" 2>&1
rc=$?
[ "$rc" -ne 0 ] || fail "boardd started with 6 descriptors"
note "boardd with 6 descriptors: exit $rc, $(grep -m1 error "$WORK/daemon.log" | sed 's/^boardd\[[0-9]*\]: //')"
[ "$(shm)" = "$left" ] || fail "the failed start changed /dev/shm: before '$left', after '$(shm)'"
start_daemon $boards
grep -q "board one: resumed game" "$WORK/daemon.log" && grep -q "board two: resumed game" "$WORK/daemon.log" ||
	fail "the next start did not resume both boards: $(tail -n 5 "$WORK/daemon.log")"
stop_daemon
[ -z "$(shm)" ] || fail "left after the stop: $(shm)"

note "(b) SIGTERM while starting"
set --
for i in $(seq 1 10); do set -- "$@" --board "b$i:32"; done
"$BIN/boardd" --config /dev/null --socket "$SOCK" --shm-prefix "$PREFIX" --region-size 1 "$@" >>"$WORK/daemon.log" 2>&1 &
DPID=$!
wait_until "the first board's objects" sh -c "ls /dev/shm | grep -q '^$PREFIX\\.'"
kill -TERM "$DPID"
made=$(leftovers | wc -l)
# Counted after the signal: fewer than all means it came while the boards were being made.
[ "$made" -lt 10270 ] || fail "all 10,270 objects were made before SIGTERM: the start was not interrupted"
wait "$DPID"; rc=$?
DPID=""
[ "$rc" -eq 0 ] || fail "boardd exited $rc on SIGTERM while starting"
grep -q "ready: 10 boards" "$WORK/daemon.log" || fail "the start was not finished: $(tail -n 3 "$WORK/daemon.log")"
[ -z "$(shm)" ] || fail "left after SIGTERM while starting: $(leftovers | wc -l) objects"
note "SIGTERM with $made of 10,270 objects made: the start finished, then a clean stop; nothing left"
finish
