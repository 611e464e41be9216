#!/bin/sh
# test-lobby-restart.sh: the daemon killed with -9 while lobby tables run and players wait,
# then started again on the same socket and prefix (bd-fault resume drives the clients):
# every table resumes (both players take their seats back with their tokens and finish the
# game, the winner told it won), every connection of the killed daemon ends (the waiting
# players are told so), and the waiting players, after they connect and play again, are
# matched at a new table. Then a clean stop leaves nothing in /dev/shm.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"
OPTS="--board main:4 --away-ms 60000 --lobby-wait-ms 60000"

start_daemon $OPTS
timeout 120 "$FAULT" resume --tables 2 --ready "$WORK/ready" >"$WORK/resume.out" 2>&1 &
R=$!
wait_until "two tables and two waiting players" test -e "$WORK/ready"
printf 'hello probe spectator\nlist\n' | socat -t 5 - "UNIX-CONNECT:$SOCK" >"$WORK/list" 2>&1
grep -q '^OK list 3 2$' "$WORK/list" || fail "list before the kill (board main, 2 tables, 2 waiting): $(cat "$WORK/list")"
[ "$(grep -c '^TABLE tictactoe-[0-9]* tictactoe on 2 ' "$WORK/list")" -eq 2 ] ||
	fail "list before the kill: two tic-tac-toe tables on with 2 players: $(cat "$WORK/list")"
note "killing the daemon (kill -9) with 2 tables on and 2 players waiting"
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
start_daemon $OPTS
wait "$R" || fail "resume: $(cat "$WORK/resume.out")"
cat "$WORK/resume.out"
stop_and_count
finish
