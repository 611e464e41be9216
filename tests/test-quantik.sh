#!/bin/sh
# test-quantik.sh: Quantik matches through the lobby over real sockets, each at a table made
# for it with its options: a whole match of two rounds (ann asks for black and gets it, white
# opens round 1 and black round 2, sides kept, a row won in each, the drawn match told to
# both players and a spectator, the move clock in every turn event, show-board's log, no draw
# offers, boardctl's JSON of round 2 and the round before); an illegal move refused and asked
# again (illegal=retry, debug's log of it and of a false claim), a resign losing the round only (on one's turn or not), and losing the round
# (illegal=lose), a malformed move costing nothing; the move clock running out in each round
# (move-ms=300) and none at all (timeout=0: the move limit only); a claim deciding the round
# without validation (validate=0) while taken cells are still refused; a player's connection ending (away, forfeit); and the daemon
# killed with -9 mid-match and started again: the table lists the options it was made with,
# both take their seats back with their tokens and the round goes on from the same position.
. "$(dirname "$0")/lib.sh"
OPTS="--board main:quantik --away-ms 1500 --lobby-wait-ms 30000 --log-level debug"


# match OPTIONS: ann (fd 3, asking for black) and bob (fd 4) play quantik OPTIONS naming each
# other, are matched and sit; the spectator spec (fd 5) watches. The table in $T; FROM_A,
# FROM_B, FROM_S: each one's lines before the match.
match() {
	FROM_A=$(wc -l <"$WORK/ann.out") FROM_B=$(wc -l <"$WORK/bob.out") FROM_S=$(wc -l <"$WORK/spec.out")
	say 3 "play quantik $1 side=black opponent=bob"
	wait_until "ann waiting" seen ann "$FROM_A" "^EVENT 0 wait quantik "
	say 4 "play quantik $1 opponent=ann"
	wait_until "bob matched" seen bob "$FROM_B" "^EVENT 0 matched quantik-[0-9]+ quantik$"
	T=$(since bob "$FROM_B" "^EVENT 0 matched" | cut -d' ' -f4)
	say 3 "join $T"
	say 4 "join $T"
	say 5 "watch $T"
	wait_until "the match on at $T" seen bob "$FROM_B" "^EVENT [0-9]+ turn [01] "
	wait_until "spec watching $T" seen spec "$FROM_S" "^OK join $T "
	SA=$(since ann "$FROM_A" "^OK join $T [01] " | cut -d' ' -f4)
	since ann "$FROM_A" "^EVENT [0-9]+ side $SA 1$" >/dev/null || fail "ann (seat $SA) is not black: $(since ann "$FROM_A" side)"
}

# play NAME FD MOVE REPLY: NAME sends `move MOVE`; its reply must start with REPLY.
play() {
	n=$(wc -l <"$WORK/$1.out")
	say "$2" "move $3"
	wait_until "$1's reply to move $3" seen "$1" "$n" "^(OK|ERR) "
	since "$1" "$n" "^(OK|ERR) " | head -n 1 | grep -q "^$4" ||
		fail "$1: move $3: '$(since "$1" "$n" "^(OK|ERR) " | head -n 1)', not '$4'"
}

# told NAME FROM REGEX: NAME got a line matching REGEX since line FROM (waiting for it).
told() { wait_until "$1: $3" seen "$1" "$2" "$3"; }

# leave_both: ann and bob leave the table for the lobby, the spectator stops watching.
leave_both() {
	for fd in 3 4 5; do say $fd leave; done
	wait_until "bob back in the lobby" seen bob "$FROM_B" "^OK leave$"
	wait_until "ann back in the lobby" seen ann "$FROM_A" "^OK leave$"
	wait_until "spec back in the lobby" seen spec "$FROM_S" "^OK leave$"
}

start_daemon $OPTS
client ann 3
client bob 4
client spec 5 spectator
say 3 games
wait_for "$WORK/ann.out" "^GAME quantik 2 clock-ms=0 increment-ms=0 move-limit-ms=600000 illegal=lose validate=1 timeout=1 move-ms=5000 show-board=0 debug=0$"

note "a whole match: ann black, bob white; white opens round 1, black round 2"
match "move-ms=60000 show-board=1"
told bob "$FROM_B" "^EVENT [0-9]+ turn $((1 - SA)) 60000$"
play bob 4 A0 OK; play ann 3 B1 OK; play bob 4 C2 OK
say 4 draw
told bob "$FROM_B" "^ERR nodraw "
play ann 3 D3 OK
told spec "$FROM_S" "^EVENT [0-9]+ won 1 black row0$"
told ann "$FROM_A" "^EVENT [0-9]+ turn $SA 60000$"
since ann "$FROM_A" "^EVENT [0-9]+ side $SA 1$" | wc -l | grep -qx 2 || fail "ann's side in both rounds: $(since ann "$FROM_A" side)"
play ann 3 A0 OK; play bob 4 B1 OK
"$BIN/boardctl" dump --json "$T" >"$WORK/dump.json" 2>&1 ||
	fail "boardctl dump --json: $(cat "$WORK/dump.json")"
json "$WORK/dump.json" 'd["round"] == 2' 'd["to_move"] == "black"' 'd["now"]["first"] == "black"' \
	'd["now"]["last_cell"] == 1' 'd["before"]["winner"] == "black"' 'd["before"]["how"] == "row0"'
play ann 3 C2 OK; play bob 4 D3 OK
told spec "$FROM_S" "^EVENT [0-9]+ won 2 white row0$"
since bob "$FROM_B" "^EVENT [0-9]+ turn " | grep -v " 60000$" && fail "a turn without the whole move clock"
told ann "$FROM_A" "^EVENT [0-9]+ over 2 draw 2$"
told bob "$FROM_B" "^EVENT [0-9]+ over 2 draw 2$"
told spec "$FROM_S" "^EVENT [0-9]+ over 2 none 0$"
S0=$((SA == 0)) S1=$((SA == 1)) W=$((1 - SA))
order=$(since spec "$FROM_S" "^EVENT [0-9]+ (place|won|side|over) " | cut -d' ' -f3- | tr '\n' ',' |
	sed 's/^\(side [01] [01],\)*//') # the first sides come before the spectator's watch, or after
[ "$order" = "place $W white A0,place $SA black B1,place $W white C2,place $SA black D3,won 1 black row0,side 0 $S0,side 1 $S1,place $SA black A0,place $W white B1,place $SA black C2,place $W white D3,won 2 white row0,over 2 none 0," ] ||
	fail "the spectator's events: $order"
grep -q "board $T: quantik round 1: white C2: AbC./..../..../....$" "$WORK/daemon.log" ||
	fail "show-board: no board in the log: $(grep quantik "$WORK/daemon.log")"
leave_both

note "illegal=retry: an opponent's A in the row is refused, the mover plays again"
match "illegal=retry move-ms=60000 debug=1"
play bob 4 A0 OK; play ann 3 A1 "ERR shape"; play ann 3 A5 "ERR shape"; play ann 3 A0 "ERR filled"
play ann 3 "B1 win" OK
seen spec "$FROM_S" " won " && fail "a refused move ended the round at an illegal=retry table"
grep -q "board $T: quantik refused black's move: an opponent's A is in its zone$" "$WORK/daemon.log" &&
	grep -q "board $T: quantik: black claimed a win it did not make$" "$WORK/daemon.log" ||
	fail "debug=1: no refusal or claim in the log: $(grep "board $T" "$WORK/daemon.log")"
n=$(wc -l <"$WORK/ann.out")
say 4 resign # bob (white, to move) gives up round 1 only
told spec "$FROM_S" "^EVENT [0-9]+ won 1 black resign$"
told ann "$n" "^EVENT [0-9]+ turn $SA 60000$" # round 2: black opens
seen ann "$n" "^EVENT [0-9]+ over " && fail "a resign ended the match in round 1"
say 4 resign # and round 2, on ann's turn: the match
told spec "$FROM_S" "^EVENT [0-9]+ won 2 black resign$"
told ann "$FROM_A" "^EVENT [0-9]+ over [0-9]+ win 4$"
leave_both

note "illegal=lose: an illegal move loses the round; a malformed one costs nothing"
match "move-ms=60000"
play bob 4 A0 OK; play ann 3 A16 "ERR range"; play ann 3 a5 "ERR syntax"; play ann 3 "A5 please" "ERR syntax"
play ann 3 A5 "ERR shape"
told spec "$FROM_S" "^EVENT [0-9]+ won 1 white illegal$"
told ann "$FROM_A" "^EVENT [0-9]+ turn $SA 60000$"
play ann 3 C0 OK; play bob 4 C1 "ERR shape"
told spec "$FROM_S" "^EVENT [0-9]+ won 2 black illegal$"
told bob "$FROM_B" "^EVENT [0-9]+ over 2 draw 2$"
leave_both

note "move-ms=300: the mover's clock runs out in each round"
match "move-ms=300"
told bob "$FROM_B" "^EVENT [0-9]+ won 1 black time$"
told bob "$FROM_B" "^EVENT [0-9]+ won 2 white time$"
seen bob "$FROM_B" "^EVENT [0-9]+ turn $((1 - SA)) 300$" || fail "no 300 ms turn: $(since bob "$FROM_B" turn)"
since bob "$FROM_B" "^EVENT [0-9]+ flag " | cut -d' ' -f4 | tr '\n' ' ' | grep -qx "$((1 - SA)) $SA " ||
	fail "flags: $(since bob "$FROM_B" flag)"
told ann "$FROM_A" "^EVENT [0-9]+ over 2 draw 2$"
leave_both

note "timeout=0: no move clock, move-ms unused: each turn has the match's move limit"
match "timeout=0 move-ms=300"
told bob "$FROM_B" "^EVENT [0-9]+ turn $((1 - SA)) 600000$"
play bob 4 A0 OK
told ann "$FROM_A" "^EVENT [0-9]+ turn $SA 600000$"
seen bob "$FROM_B" "^EVENT [0-9]+ (turn [01] 300|flag )" && fail "a move clock ran: $(since bob "$FROM_B" "turn|flag")"
leave_both

note "validate=0: the same shape beside the opponent's is let through, a taken cell is not, a claim wins"
match "validate=0 move-ms=60000"
play bob 4 A0 OK; play ann 3 A1 OK; play bob 4 A1 "ERR filled"; play bob 4 "B5 win" OK
told spec "$FROM_S" "^EVENT [0-9]+ won 1 white claim$"
play ann 3 "C3 win" OK
told spec "$FROM_S" "^EVENT [0-9]+ won 2 black claim$"
told ann "$FROM_A" "^EVENT [0-9]+ over 2 draw 2$"
leave_both

note "a connection ends mid-match: away, then forfeit; the other wins"
match "move-ms=60000"
play bob 4 A0 OK
bye 3
told bob "$FROM_B" "^EVENT [0-9]+ forfeit $SA$"
told bob "$FROM_B" "^EVENT [0-9]+ over [0-9]+ win [0-9]+$"
say 4 leave
say 5 leave
wait_until "bob back in the lobby" seen bob "$FROM_B" "^OK leave$"
client ann 3

note "the daemon killed with -9 mid-round and started again: seats taken back, the round goes on"
match "illegal=retry move-ms=60000"
play bob 4 A0 OK; play ann 3 B1 OK
TA=$(since ann "$FROM_A" "^OK join $T " | cut -d' ' -f7) TB=$(since bob "$FROM_B" "^OK join $T " | cut -d' ' -f7)
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
start_daemon $OPTS
# The resumed table lists the options it was made with (its move clock is no clock-ms).
printf 'hello probe spectator\nlist\nquit\n' | socat -t 5 - "UNIX-CONNECT:$SOCK" >"$WORK/list" 2>&1
grep -q "^TABLE $T quantik .* clock-ms=0,increment-ms=0,move-limit-ms=600000,.*move-ms=60000" "$WORK/list" ||
	fail "the resumed table's options: $(cat "$WORK/list")"
client ann 3
client bob 4
say 3 "join $T $TA"
say 4 "join $T $TB"
wait_for "$WORK/bob.out" "^EVENT [0-9]+ turn $((1 - SA)) "
play bob 4 A1 "ERR filled"; play bob 4 C2 OK; play ann 3 D3 OK
wait_for "$WORK/bob.out" "^EVENT [0-9]+ won 1 black row0$"
bye 3
bye 4
bye 5
finish
