#!/bin/sh
# test-lobby.sh: the lobby through real sockets (docs/PROTOCOL.md, "Lobby"): games; two
# players matched through `play tictactoe` with the countdown seen, joining the table made
# for them and playing a game to its end; a stranger refused a seat there; a spectator
# from list (watch) gets the same events; list's TABLE, SEAT and WAITING lines; a named
# opponent (a third player is not taken; FIFO); incompatible options not matched; cancel;
# leave back to the lobby; boards lists the table; the countdown running out (nomatch);
# every new request with bad words answered by one ERR, the connection going on; a static
# board's spectators counted in list; goodbye to a waiting connection at the stop; a static
# board named like a lobby table refused at start.
. "$(dirname "$0")/lib.sh"
# wait_n NAME REGEX N: until NAME has N lines matching.
wait_n() {
	for _ in $(seq 1 400); do
		[ "$(count "$1" "$2")" -ge "$3" ] && return 0
		sleep 0.05
	done
	fail "$1 has not $3 lines matching '$2': $(cat "$WORK/$1.out")"
}
# no_line NAME REGEX: NAME has no line matching.
no_line() { ! grep -qE "$2" "$WORK/$1.out" || fail "$1 got '$2': $(cat "$WORK/$1.out")"; }

start_daemon --board m:4

# games: every game with its seats and the defaults of its options.
client ann 3
say 3 "games"
wait_for "$WORK/ann.out" "^OK games 5$"
grep -qx "GAME memory 2 dim=4 seats=2" "$WORK/ann.out" || fail "games: no memory line: $(cat "$WORK/ann.out")"
grep -qx "GAME tictactoe 2 clock-ms=0 increment-ms=0 move-limit-ms=600000" "$WORK/ann.out" ||
	fail "games: no tictactoe line: $(cat "$WORK/ann.out")"
grep -qx "GAME qwirkle 2 clock-ms=0 increment-ms=0 move-limit-ms=600000 seats=2 practice=off" "$WORK/ann.out" ||
	fail "games: no qwirkle line: $(cat "$WORK/ann.out")"
grep -qx "GAME tafl 2 clock-ms=0 increment-ms=0 move-limit-ms=600000 draw-plies=100" "$WORK/ann.out" ||
	fail "games: no tafl line: $(cat "$WORK/ann.out")"
note "games"

# ann waits: the full count at once, then one a second; bob comes and both are matched.
say 3 "play tictactoe"
wait_for "$WORK/ann.out" "^OK play tictactoe$"
wait_for "$WORK/ann.out" "^EVENT 0 wait tictactoe 10$"
wait_for "$WORK/ann.out" "^EVENT 0 wait tictactoe 9$"
client bob 4
say 4 "play tictactoe move-limit-ms=600000" # the default, written out: still compatible
wait_for "$WORK/bob.out" "^EVENT 0 matched tictactoe-1 tictactoe$"
wait_for "$WORK/ann.out" "^EVENT 0 matched tictactoe-1 tictactoe$"
grep -q "^EVENT 0 wait tictactoe 10$" "$WORK/bob.out" || fail "bob had no count: $(cat "$WORK/bob.out")"
note "matched through play, the countdown seen (10, 9, then matched)"

# A stranger cannot sit at the table; it may watch it, found from list.
client cid 5
say 5 "join tictactoe-1"
wait_for "$WORK/cid.out" "^ERR reserved "
say 5 "list"
wait_for "$WORK/cid.out" "^OK list 2 0$"
grep -q "^TABLE tictactoe-1 tictactoe waiting 0 0 clock-ms=0,increment-ms=0,move-limit-ms=600000$" "$WORK/cid.out" ||
	fail "list: no TABLE line of the new table: $(cat "$WORK/cid.out")"
grep -q "^TABLE m memory waiting 0 0 dim=4$" "$WORK/cid.out" || fail "list: no static board: $(cat "$WORK/cid.out")"
table=$(grep -m1 "^TABLE tictactoe-" "$WORK/cid.out" | cut -d' ' -f2)
say 5 "watch $table"
wait_for "$WORK/cid.out" "^OK join tictactoe-1 - - 3 - /$PREFIX\\.tictactoe-1\\.[0-9a-f]{16}$"
note "a stranger's join refused (reserved); watch from list"

say 3 "join tictactoe-1"
wait_for "$WORK/ann.out" "^OK join tictactoe-1 "
say 4 "join tictactoe-1"
wait_for "$WORK/bob.out" "^OK join tictactoe-1 "
wait_for "$WORK/bob.out" "^EVENT [0-9]+ turn "
say 5 "list"
wait_n cid "^OK list " 2
grep -q "^TABLE tictactoe-1 tictactoe on 2 1 " "$WORK/cid.out" || fail "list: 2 players 1 spectator: $(cat "$WORK/cid.out")"
grep -q "^SEAT tictactoe-1 [01] playing ann " "$WORK/cid.out" || fail "list: ann's seat: $(cat "$WORK/cid.out")"
grep -q "^SEAT tictactoe-1 [01] playing bob " "$WORK/cid.out" || fail "list: bob's seat: $(cat "$WORK/cid.out")"
client dee 9 spectator
say 9 "watch m"
wait_for "$WORK/dee.out" "^OK join m - - 4 - "
say 5 "list"
wait_n cid "^OK list " 3
grep -q "^TABLE m memory waiting 0 1 dim=4$" "$WORK/cid.out" || fail "list: a static board's spectator: $(cat "$WORK/cid.out")"
bye 9
say 5 "boards"
wait_for "$WORK/cid.out" "^OK boards 2$"
grep -q "^BOARD tictactoe-1 tictactoe 3 on 2 /$PREFIX\\.tictactoe-1\\." "$WORK/cid.out" ||
	fail "boards: no lobby table: $(cat "$WORK/cid.out")"

# Play it to the end: whoever moves first takes column 0.
first=$(grep -m1 -E "^EVENT [0-9]+ turn " "$WORK/bob.out" | cut -d' ' -f4)
annseat=$(grep -m1 "^OK join" "$WORK/ann.out" | cut -d' ' -f4)
if [ "$first" = "$annseat" ]; then F=3 S=4 FN=ann SN=bob; else F=4 S=3 FN=bob SN=ann; fi
move() { say "$1" "move $3"; wait_n "$2" "^OK move" "$4"; }
move $F $FN "0 0" 1
move $S $SN "1 0" 1
move $F $FN "0 1" 2
move $S $SN "1 1" 2
move $F $FN "0 2" 3
wait_for "$WORK/$FN.out" "^EVENT [0-9]+ over [0-9]+ win "
wait_for "$WORK/$SN.out" "^EVENT [0-9]+ over [0-9]+ lose "
wait_for "$WORK/cid.out" "^EVENT [0-9]+ over "
# The spectator got the same events as a player, from its joining on.
# (over ends with the recipient's own result and points)
grep -E "^EVENT [0-9]+ (move|line|turn|over) " "$WORK/$FN.out" | sed -E 's/ over ([0-9]+) .*/ over \1/' >"$WORK/p.ev"
grep -E "^EVENT [0-9]+ (move|line|turn|over) " "$WORK/cid.out" | sed -E 's/ over ([0-9]+) .*/ over \1/' >"$WORK/s.ev"
[ -s "$WORK/s.ev" ] && cmp -s "$WORK/p.ev" "$WORK/s.ev" ||
	fail "the spectator's events differ: $(diff "$WORK/p.ev" "$WORK/s.ev")"
note "a game played to the end at the lobby table; the spectator saw the same events"

# leave: back in the lobby, where play works again.
say 5 "leave"
wait_for "$WORK/cid.out" "^OK leave$"
say $F "leave"
wait_for "$WORK/$FN.out" "^OK leave$"
say $F "play tictactoe"
wait_n $FN "^OK play tictactoe$" 2
say $F "cancel"
wait_for "$WORK/$FN.out" "^OK cancel$"
say $F "cancel"
wait_for "$WORK/$FN.out" "^ERR notwaiting "
say $S "play tictactoe"
wait_for "$WORK/$SN.out" "^ERR joined leave the table first$"
note "leave back to the lobby; cancel; play while joined refused"

# A named opponent: fay waits for gus; hal (anyone) is not taken for her, and gus, who
# names nobody, gets the oldest compatible player: fay.
client fay 6
say 6 "play tictactoe opponent=gus"
wait_for "$WORK/fay.out" "^EVENT 0 wait tictactoe 10$"
client hal 7
say 7 "play tictactoe"
wait_for "$WORK/hal.out" "^EVENT 0 wait tictactoe 10$"
say 5 "list"
wait_n cid "^OK list [0-9]+ 2$" 1
grep -q "^WAITING tictactoe fay [^ ]* [0-9]* clock-ms=0,increment-ms=0,move-limit-ms=600000,opponent=gus$" "$WORK/cid.out" ||
	fail "list: no WAITING line for fay: $(cat "$WORK/cid.out")"
grep -q "^WAITING tictactoe hal [^ ]* [0-9]* clock-ms=0,increment-ms=0,move-limit-ms=600000$" "$WORK/cid.out" ||
	fail "list: no WAITING line for hal: $(cat "$WORK/cid.out")"
client gus 8
say 8 "play tictactoe"
wait_for "$WORK/gus.out" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$"
wait_for "$WORK/fay.out" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$"
no_line hal "matched"
say 7 "cancel"
wait_for "$WORK/hal.out" "^OK cancel$"
note "a named opponent; the third player not taken"

# Options must be equal: ivy's move limit is not hal's; jon's default is hal's.
say 7 "play tictactoe"
wait_n hal "^OK play tictactoe$" 2
bye 8
client ivy 8
say 8 "play tictactoe move-limit-ms=5000"
wait_for "$WORK/ivy.out" "^EVENT 0 wait tictactoe 10$"
bye 6
client jon 6
say 6 "play tictactoe move-limit-ms=600000"
wait_for "$WORK/jon.out" "^EVENT 0 matched "
wait_for "$WORK/hal.out" "^EVENT 0 matched "
no_line ivy "matched"
note "incompatible options not matched, equal ones matched"

# Bad words: one ERR each, and the connection goes on.
bye 7
client kim 7
for r in "play" "play Chess!" "play chess" "play tictactoe dim=3" "play tictactoe clock-ms=abc" \
	"play tictactoe clock-ms=9999999999" "play tictactoe opponent=" "play tictactoe x" \
	"play tictactoe clock-ms=1 clock-ms=2" "play memory dim=5" "play memory clock-ms=0" \
	"play memory seats=1" "play memory seats=5" "rematch" \
	"watch" "watch a.b" "watch nosuch" "join nosuch" "games x" "list x" "cancel x" "leave x" "leave" \
	"cancel"; do
	say 7 "$r"
done
say 7 "ping"
wait_for "$WORK/kim.out" "^OK pong$"
n=$(count kim "^ERR ")
[ "$n" -eq 24 ] || fail "24 bad requests, $n ERR lines: $(cat "$WORK/kim.out")"
[ "$(count kim "^(OK|ERR) ")" -eq 26 ] || fail "a bad request had more than one reply: $(cat "$WORK/kim.out")"
grep -q "^ERR game " "$WORK/kim.out" && grep -q "^ERR option " "$WORK/kim.out" && grep -q "^ERR notwaiting " "$WORK/kim.out" &&
	grep -q "^ERR option seats takes a number of players from 2 to 4$" "$WORK/kim.out" &&
	grep -q "^ERR notjoined " "$WORK/kim.out" || fail "the codes: $(cat "$WORK/kim.out")"
note "bad requests: one ERR each, the connection goes on"
for fd in 3 4 5 6 7 8; do bye $fd; done
stop_daemon

# The countdown running out.
start_daemon --lobby-wait-ms 2000
client lea 3
say 3 "play tictactoe"
for n in 2 1 0; do wait_for "$WORK/lea.out" "^EVENT 0 wait tictactoe $n$"; done
wait_for "$WORK/lea.out" "^EVENT 0 nomatch tictactoe$"
say 3 "cancel"
wait_for "$WORK/lea.out" "^ERR notwaiting "
say 3 "play tictactoe"
wait_n lea "^EVENT 0 wait tictactoe 2$" 2
note "the countdown ran out: 2, 1, 0, nomatch; out of the queue; play again"
stop_daemon
wait_for "$WORK/lea.out" "^EVENT [0-9]+ bye shutdown$"
bye 3
note "a waiting connection told goodbye at the stop"

# A static board may not take a lobby table's name.
"$BIN/boardd" --config /dev/null --board tictactoe-3:tictactoe --check-config >"$WORK/bad.log" 2>&1 &&
	fail "a static board called tictactoe-3 was accepted"
grep -q "lobby" "$WORK/bad.log" || fail "no reason given: $(cat "$WORK/bad.log")"
note "a static board named like a lobby table refused"
finish
