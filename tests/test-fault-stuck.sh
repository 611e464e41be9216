#!/bin/sh
# A player that stops reading its socket: the others' event latency is measured with and
# without it (figures only, nothing asserted on time), and the daemon must drop it once its
# unsent output passes --max-backlog (the default, 256 KiB), and only then.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

start_daemon --board main:4 --min-players 1 --max-rate 0 --first-pick-ms 600000
"$FAULT" stuck --picks 2000 --backlog 262144 || fail "stuck run failed"
grep -q 'closed: output backlog over its bound' "$WORK/daemon.log" || fail "no backlog drop in the daemon log"
stop_and_count
finish
