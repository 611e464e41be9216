#!/bin/sh
# test-lobby-life.sh: a lobby table's life past the match (docs/PROTOCOL.md, "Lobby"):
# aborted when the matched opponent's connection ends before it joined (the one who had
# joined is back in the lobby) and when it does not join in time; a table retired when
# everyone left, its objects gone from /dev/shm; the per-uid limits of queue places and
# tables; the daemon killed (-9) and started again with a table running: the table resumes
# with its settings and both players take their seats back with their tokens; `boardd
# --stopped` (systemd's ExecStopPost=) after a kill removes the lobby's tables.
. "$(dirname "$0")/lib.sh"
# table_objects NAME: this test's objects of lobby table NAME in /dev/shm.
table_objects() { leftovers | grep -F ".$1." || true; }
no_objects() { [ -z "$(table_objects "$1")" ]; }
# match A FA B FB: A and B play tictactoe and are matched; the table's name in $T.
match() {
	mw=$(count "$1" "^EVENT 0 wait tictactoe ") mb=$(count "$3" "^EVENT 0 matched ") mm=$(count "$1" "^EVENT 0 matched ")
	say "$2" "play tictactoe"
	wait_until "$1 waiting" more "$1" "^EVENT 0 wait tictactoe " "$mw"
	say "$4" "play tictactoe"
	wait_until "$3 matched" more "$3" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$" "$mb"
	wait_until "$1 matched" more "$1" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$" "$mm"
	T=$(grep "^EVENT 0 matched" "$WORK/$1.out" | tail -n 1 | cut -d' ' -f4)
}

start_daemon --lobby-wait-ms 2000 --exempt-root 0 --max-waiting-per-uid 2 --max-tables-per-uid 2

# The opponent's connection ends before it joined: ann, seated, is told and back in the lobby.
client ann 3
client bob 4
match ann 3 bob 4
say 3 "join $T"
wait_for "$WORK/ann.out" "^OK join $T 0 "
bye 4
wait_for "$WORK/ann.out" "^EVENT 0 aborted $T opponent-left$"
wait_for "$WORK/ann.out" "^EVENT [0-9]+ leave 0$"
say 3 "leave"
wait_for "$WORK/ann.out" "^ERR notjoined "
note "aborted (opponent-left) when the opponent left before joining; the joined one is back in the lobby"
# Nobody at it, no seat: retired, its objects gone.
[ -n "$T" ] && wait_until "table $T retired (its objects gone)" no_objects "$T"
say 3 "list"
wait_for "$WORK/ann.out" "^OK list "
! grep -q "^TABLE $T " "$WORK/ann.out" || fail "list still shows $T: $(cat "$WORK/ann.out")"
note "the table retired once everyone left: not in list, nothing left in /dev/shm"

# The opponent does not join in time (lobby-wait-ms): both are told.
client cid 4
match ann 3 cid 4
T2=$T
say 3 "join $T2"
wait_for "$WORK/ann.out" "^OK join $T2 "
wait_for "$WORK/cid.out" "^EVENT 0 aborted $T2 opponent-left$"
wait_for "$WORK/ann.out" "^EVENT 0 aborted $T2 opponent-left$"
say 4 "join $T2"
wait_for "$WORK/cid.out" "^ERR (reserved|board) "
wait_until "table $T2 retired" no_objects "$T2"
note "aborted when the matched opponent did not join in time; its late join refused"

# A game played to the end, both leave: retired.
match ann 3 cid 4
say 3 "join $T"
say 4 "join $T"
wait_for "$WORK/ann.out" "^EVENT [0-9]+ turn "
say 3 "resign"
wait_for "$WORK/cid.out" "^EVENT [0-9]+ over [0-9]+ win "
table_objects "$T" | grep -q . || fail "table $T has no objects while in use"
say 3 "leave"
say 4 "leave"
wait_for "$WORK/cid.out" "^OK leave$"
wait_until "table $T retired after the game" no_objects "$T"
note "a finished table retired when both left"

# Per-uid limits (root is not exempt here): 2 queue places, 2 tables.
client dot 5
client eli 6
# both places taken before dot asks (their files hold earlier plays' lines)
plays() { grep -c "^OK play " "$WORK/$1.out"; }
ann_plays=$(plays ann) cid_plays=$(plays cid)
say 3 "play tictactoe opponent=nobody"
say 4 "play tictactoe opponent=nobody"
wait_until "ann's and cid's plays taken" eval '[ "$(plays ann)" -gt "$ann_plays" ] && [ "$(plays cid)" -gt "$cid_plays" ]'
say 5 "play tictactoe opponent=nobody"
wait_for "$WORK/dot.out" "^ERR limit too many places in the lobby's queues for uid 0 \\(limit 2\\)"
say 3 "cancel"
say 4 "cancel"
wait_for "$WORK/cid.out" "^OK cancel$"
match ann 3 cid 4
match dot 5 eli 6
say 3 "leave"
wait_for "$WORK/ann.out" "^ERR notjoined "
client fay 7
say 7 "play tictactoe"
wait_for "$WORK/fay.out" "^ERR limit too many lobby tables for uid 0 \\(limit 2\\)"
note "max-waiting-per-uid and max-tables-per-uid"
for fd in 3 4 5 6 7; do bye $fd; done
stop_daemon
[ -z "$(leftovers)" ] || fail "left in /dev/shm after the stop: $(leftovers)"

# Killed with a table running, started again: the table resumes, with its settings, and the
# players take their seats back with their tokens.
start_daemon
client gus 3
client hal 4
say 3 "play tictactoe move-limit-ms=90000"
wait_for "$WORK/gus.out" "^EVENT 0 wait "
say 4 "play tictactoe move-limit-ms=90000"
wait_for "$WORK/gus.out" "^EVENT 0 matched "
T=$(grep "^EVENT 0 matched" "$WORK/gus.out" | cut -d' ' -f4)
say 3 "join $T"
wait_for "$WORK/gus.out" "^OK join $T "
say 4 "join $T"
wait_for "$WORK/hal.out" "^OK join $T "
wait_for "$WORK/hal.out" "^EVENT [0-9]+ turn [01] 90000$"
first=$(grep -m1 -E "^EVENT [0-9]+ turn " "$WORK/hal.out" | cut -d' ' -f4)
gusseat=$(grep -m1 "^OK join" "$WORK/gus.out" | cut -d' ' -f4)
if [ "$first" = "$gusseat" ]; then F=3 S=4 FN=gus SN=hal; else F=4 S=3 FN=hal SN=gus; fi
say $F "move 1 1"
wait_for "$WORK/$SN.out" "^EVENT [0-9]+ move [01] X 1 1$"
gtok=$(grep -m1 "^OK join" "$WORK/gus.out" | cut -d' ' -f7)
htok=$(grep -m1 "^OK join" "$WORK/hal.out" | cut -d' ' -f7)
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
bye 3
bye 4
table_objects "$T" | grep -q . || fail "the killed daemon's table $T is not in /dev/shm"
start_daemon
grep -q "resum.*$T" "$WORK/daemon.log" || fail "no resume of $T logged"
client gus 3
client hal 4
say 3 "list"
wait_for "$WORK/gus.out" "^OK list "
grep -q "^TABLE $T tictactoe frozen 2 0 clock-ms=0,increment-ms=0,move-limit-ms=90000$" "$WORK/gus.out" ||
	fail "the resumed table in list: $(cat "$WORK/gus.out")"
say 3 "join $T $gtok"
wait_for "$WORK/gus.out" "^OK join $T $gusseat "
say 4 "join $T $htok"
wait_for "$WORK/hal.out" "^OK join $T "
wait_for "$WORK/$SN.out" "^EVENT [0-9]+ state on "
say $S "move 0 0"
wait_for "$WORK/$SN.out" "^OK move 0 0$"
wait_for "$WORK/$FN.out" "^EVENT [0-9]+ move [01] O 0 0$"
note "killed with -9 and started again: the table resumed (move-limit-ms kept), both seats back with their tokens"
bye 3
bye 4

# Killed again, then stopped under systemd: ExecStopPost's --stopped removes the table too.
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
table_objects "$T" | grep -q . || fail "the killed daemon's table $T is not in /dev/shm"
SERVICE_RESULT=success "$BIN/boardd" --config /dev/null --shm-prefix "$PREFIX" --stopped >>"$WORK/daemon.log" 2>&1 ||
	fail "boardd --stopped failed"
no_objects "$T" || fail "boardd --stopped left the lobby table: $(table_objects "$T")"
note "boardd --stopped after a kill removes the lobby's tables too"
finish
