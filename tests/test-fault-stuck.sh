#!/bin/sh
# A player that stops reading its socket: the others' event latency is measured with and
# without it (figures only, nothing asserted on time). Once the events it was not sent pass
# --max-backlog (the default, 256 KiB), it reads again: it must still be connected and
# seated, get exactly one resync event (no gap in seqs), and its pick must be accepted.
# (Before issue 9 this test asserted the opposite: that the daemon dropped it there.)
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

start_daemon --board main:4 --min-players 1 --max-rate 0 --first-pick-ms 600000
"$FAULT" stuck --picks 2000 --backlog 262144 || fail "stuck run failed"
grep -q 'fell behind: .* events dropped from' "$WORK/daemon.log" || fail "no fall-behind in the daemon log"
grep -q 'closed: output backlog\|closed: client read nothing' "$WORK/daemon.log" && fail "a client was closed for lagging"
stop_and_count
finish
