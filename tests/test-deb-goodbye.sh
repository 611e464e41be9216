#!/bin/sh
# test-deb-goodbye.sh: SIGUSR1, which the boardd package's preinst sends before an upgrade
# to a daemon of another shared-memory layout, stops the daemon like SIGTERM but with the
# goodbye that names the upgrade: a player on a board and a connection at no table each get
# `EVENT <seq> bye upgrade`; the daemon exits 0 and removes every object. The clients people
# use say it was an upgrade: board-bot on its standard error, board-gtk in its window, and
# keeps saying so while it tries to reconnect (its retries fail meanwhile).
# (tests/check-deb.sh sees it through a real package upgrade.)
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID="" BPID=""
gtk_need
trap 'kill $BPID 2>/dev/null; gtk_kill $GPID $BUSPID $XPID; cleanup' EXIT

gtk_display
start_daemon --board main:4
client ana 3
say 3 "join main"
wait_for "$WORK/ana.out" "^OK join main "
client idle 4
run_bot robo --board main --delay-ms 500
BPID=$PID
wait_for "$WORK/robo.err" "^board-bot: playing on board main"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --spectate >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the window's board" eval 'at "$GPID" board 2>/dev/null | grep -q "^Memory board|"'

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

wait_for "$WORK/robo.err" "^board-bot: boardd stopped for an upgrade; waiting up to [0-9]+ s for the new version$"
upgrading() { has_label "$GPID" "stopped for an upgrade"; }
wait_until "the window's upgrade note" upgrading
sleep 1.2 # two of the window's reconnection tries (every 0.5 s), which fail: the note stays
upgrading || fail "the window no longer says it is an upgrade: $(at "$GPID" shown 2>&1 | head -20)"
note "board-bot and board-gtk say boardd stopped for an upgrade"
bye 3
bye 4
finish
