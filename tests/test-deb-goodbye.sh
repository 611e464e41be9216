#!/bin/sh
# test-deb-goodbye.sh: SIGUSR1, which the boardd package's preinst sends before an upgrade
# to a daemon of another shared-memory layout, stops the daemon like SIGTERM but with the
# goodbye that names the upgrade: a player on a board and a connection at no table each get
# `EVENT <seq> bye upgrade`; the daemon exits 0 and removes every object.
# (tests/check-deb.sh sees it through a real package upgrade.)
. "$(dirname "$0")/lib.sh"

start_daemon --board main:4
client ana 3
say 3 "join main"
wait_for "$WORK/ana.out" "^OK join main "
client idle 4
kill -USR1 "$DPID"
wait_for "$WORK/ana.out" "^EVENT [1-9][0-9]* bye upgrade$"
wait_for "$WORK/idle.out" "^EVENT [0-9]+ bye upgrade$"
grep -q "shutdown" "$WORK/ana.out" "$WORK/idle.out" && fail "a goodbye said shutdown too"
wait "$DPID"
rc=$?
DPID=""
[ "$rc" -eq 0 ] || fail "boardd exited $rc after SIGUSR1"
grep -q "got signal SIGUSR1: stopping for an upgrade" "$WORK/daemon.log" || fail "no log line for SIGUSR1"
left=$(leftovers)
[ -z "$left" ] || fail "left in /dev/shm after SIGUSR1: $left"
bye 3
bye 4
finish
