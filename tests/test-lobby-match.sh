#!/bin/sh
# test-lobby-match.sh: a match's edges in the lobby (docs/PROTOCOL.md, "Lobby"): a matched
# player who sat and then goes (connection closed, or leave) before the opponent sits calls
# the match off for the opponent, and the table retires; join and watch refused while
# waiting (cancel still works); play refused while matched and for a spectator; an answer
# the worker gave up waiting for (the supervisor stopped for longer than the worker waits)
# undone: a late watch leaves no spectator counted, a late play no player waiting; list
# answered while a worker is parked in the middle of writing a seat (boardd-testhooks: its
# seqlock odd), the seat left out and logged, never a supervisor spinning; a waiting player
# whose uid reached max-tables-per-uid since its play is passed over at the match.
. "$(dirname "$0")/lib.sh"
# match A FA B FB: A and B play tictactoe and are matched (again); the table's name in $T.
match() {
	ma=$(count "$1" "^OK play ") mb=$(count "$3" "^EVENT 0 matched ") mm=$(count "$1" "^EVENT 0 matched ")
	say "$2" "play tictactoe"
	wait_until "$1 waiting" more "$1" "^OK play " "$ma"
	say "$4" "play tictactoe"
	wait_until "$3 matched" more "$3" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$" "$mb"
	wait_until "$1 matched" more "$1" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$" "$mm"
	T=$(grep "^EVENT 0 matched" "$WORK/$1.out" | tail -n 1 | cut -d' ' -f4)
}
# listing: list's lines, asked on a connection of its own.
listing() { printf 'hello probe player\nlist\nquit\n' | socat -t 15 - "UNIX-CONNECT:$SOCK" 2>/dev/null; }
# spectators_are T N: list shows table T with N spectators.
spectators_are() { listing | grep -qE "^TABLE $1 tictactoe [a-z]+ [0-9]+ $2 "; }
# nobody_waits NAME: list shows NAME waiting nowhere (and list was answered).
nobody_waits() { out=$(listing); echo "$out" | grep -q "^OK list " && ! echo "$out" | grep -q "^WAITING [a-z]* $1 "; }
# retired T: the table is not in list any more.
retired() { out=$(listing); echo "$out" | grep -q "^OK list " && ! echo "$out" | grep -q "^TABLE $1 "; }

# The wait is long: only a leaving player may end these matches, never the reservation lapsing.
start_daemon --board m:4 --lobby-wait-ms 600000

# A matched player sits and closes its connection before the opponent sits: the opponent is
# told, may not sit at the table, and the table retires. (The last client opened is closed:
# the clients started later would hold its FIFO open.)
client ann 3
client bob 4
match ann 3 bob 4
say 4 "join $T"
wait_for "$WORK/bob.out" "^OK join $T 0 "
bye 4
wait_for "$WORK/ann.out" "^EVENT 0 aborted $T opponent-left$"
say 3 "join $T"
wait_for "$WORK/ann.out" "^ERR (reserved|board) "
wait_until "table $T retired" retired "$T"
note "one sat and closed its connection before the other sat: aborted for the other; the table retired"

# The same with leave: the one who left is back in the lobby and may play again.
client cid 4
match cid 4 ann 3
say 4 "join $T"
wait_for "$WORK/cid.out" "^OK join $T 0 "
say 4 "leave"
wait_for "$WORK/cid.out" "^OK leave$"
wait_for "$WORK/ann.out" "^EVENT 0 aborted $T opponent-left$"
wait_until "table $T retired" retired "$T"
note "one sat and left before the other sat: aborted for the other; the table retired"

# While waiting: join and watch refused with one clear error, cancel still works. While
# matched: play again refused.
say 4 "play tictactoe opponent=nobody"
wait_for "$WORK/cid.out" "^OK play tictactoe$"
say 4 "join m"
wait_for "$WORK/cid.out" "^ERR waiting you are waiting for a game; cancel first$"
say 4 "watch m"
say 4 "cancel"
wait_for "$WORK/cid.out" "^OK cancel$"
[ "$(grep -c "^ERR waiting " "$WORK/cid.out")" -eq 2 ] || fail "join and watch while waiting: $(cat "$WORK/cid.out")"
! grep -q "^OK join m" "$WORK/cid.out" || fail "a join was taken while waiting: $(cat "$WORK/cid.out")"
match cid 4 ann 3
say 4 "play tictactoe"
wait_for "$WORK/cid.out" "^ERR again "
[ "$(grep -c "^EVENT 0 matched $T " "$WORK/cid.out")" -eq 1 ] && [ "$(grep -c "^EVENT 0 matched" "$WORK/cid.out")" -eq 2 ] ||
	fail "matched twice: $(cat "$WORK/cid.out")"
say 4 "join $T"
say 3 "join $T"
wait_for "$WORK/cid.out" "^EVENT [0-9]+ turn "
note "join and watch refused while waiting, then cancel; play refused while matched"

# A spectator may watch but not play.
client dee 5 spectator
say 5 "play tictactoe"
wait_for "$WORK/dee.out" "^ERR spectator spectators cannot play; say hello NAME player$"
note "play refused for a spectator"

# Answers that come after the worker gave up waiting (the supervisor stopped past its 5 s):
# undone, so that list agrees with what the client was told.
kill -STOP "$DPID"
say 5 "watch $T"
wait_for "$WORK/dee.out" "^ERR busy "
kill -CONT "$DPID"
wait_until "no spectator counted at $T after a late watch" spectators_are "$T" 0
client eve 6
kill -STOP "$DPID"
say 6 "play tictactoe opponent=nobody"
wait_for "$WORK/eve.out" "^ERR busy "
kill -CONT "$DPID"
wait_until "eve not waiting after a late play" nobody_waits eve
say 6 "play tictactoe opponent=nobody"
wait_for "$WORK/eve.out" "^OK play tictactoe$"
note "a late watch left no spectator counted, a late play nobody waiting"
for fd in 3 4 5 6; do bye $fd; done
stop_daemon

# max-tables-per-uid at the match too: nobody's nan waits for bob; nobody's noe is then
# matched (nobody's one table, the limit); root's bob (exempt) comes: nan, over the limit
# now, is passed over, both keep waiting.
command -v setpriv >/dev/null && [ "$(id -u)" = 0 ] || fail "this part needs root and setpriv"
start_daemon --lobby-wait-ms 600000 --max-tables-per-uid 1
chmod 755 "$WORK"
SOCAT=$(command -v socat)
# client_nobody NAME FD: client() for a connection of nobody's.
client_nobody() {
	mkfifo -m 644 "$WORK/$1.in"
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$SOCAT" -t 1 UNIX-CONNECT:"$SOCK" - <"$WORK/$1.in" >"$WORK/$1.out" 2>&1 &
	CLIENTS="$CLIENTS $!"
	eval "exec $2>\"\$WORK/\$1.in\""
	say "$2" "hello $1 player"
	wait_for "$WORK/$1.out" "^OK hello $1 "
}
client_nobody nan 3
client_nobody noe 4
client dot 5
say 3 "play tictactoe opponent=bob"
wait_for "$WORK/nan.out" "^OK play tictactoe$"
match noe 4 dot 5
client bob 6
say 6 "play tictactoe opponent=nan"
wait_for "$WORK/bob.out" "^EVENT 0 wait tictactoe "
listing >"$WORK/list.out"
grep -q "^WAITING tictactoe nan nobody " "$WORK/list.out" && grep -q "^WAITING tictactoe bob root " "$WORK/list.out" ||
	fail "nan (over max-tables-per-uid) and bob not both waiting: $(cat "$WORK/list.out") $(cat "$WORK/bob.out")"
! grep -q "^EVENT 0 matched" "$WORK/bob.out" || fail "bob matched with nan over her limit: $(cat "$WORK/bob.out")"
note "max-tables-per-uid checked at the match: a waiting player over it is passed over"
for fd in 3 4 5 6; do bye $fd; done
stop_daemon

# list while a worker is parked in the middle of writing its seat: answered, the seat left
# out and logged; once the worker is killed, the daemon still stops cleanly.
BOARDD="$BIN/boardd-testhooks" start_daemon --board m:4
client park-in-write 3
say 3 "join m"
workers=$(ps -o pid= --ppid "$DPID")
[ -n "$workers" ] || fail "no worker of the parked player"
parked() { grep -q "seat 0 is being written" "$WORK/daemon.log"; }
for _ in $(seq 1 100); do
	listing >"$WORK/list.out"
	grep -q "^OK list " "$WORK/list.out" || fail "list not answered with a worker parked: $(cat "$WORK/list.out")"
	parked && break
done
parked || fail "the parked seat was never left out of list"
grep -q "^SEAT m " "$WORK/list.out" && fail "the seat being written was listed: $(cat "$WORK/list.out")"
note "list answered while a worker is parked mid-write; the seat left out, logged"
kill -KILL $workers
bye 3
finish
