#!/bin/sh
# test-qwirkle-life.sh: a Qwirkle table of three seats through its life's accidents, with
# real processes (boardd, socat players, boardctl): each seat's hand is read with
# `boardctl dump --hands` (the daemon's user) and its best lay played with `boardctl rules
# qwirkle moves`.
# - A player whose connection closes, and one that sends `leave`, take their seats back
#   with the token: the HAND line they get is their hand.
# - A player that stops reading falls behind (the others' leave and join churn the table's
#   events past --max-backlog): when it reads again, right after its resync comes its HAND.
# - boardd killed with -9 mid-game and started again: `dump --hands` (table, bag, hands,
#   scores, whose turn) is as it was; every seat back with its token gets its hand, and the
#   seat to move plays on.
# - The client of the seat to move killed with -9: after --away-ms it forfeits, is out, its
#   tiles go back into the bag and the turn passes to a seat still in, which plays on.
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"
NAMES="ana bob cid"

# ctl ARGS...: boardctl on this test's daemon, its output in $WORK/ctl.
ctl() { "$CTL" --shm-prefix "$PREFIX" --socket "$SOCK" "$@" >"$WORK/ctl" 2>&1 || fail "boardctl $*: $(cat "$WORK/ctl")"; }

# hand_of SEAT: the seat's tiles as the daemon holds them, sorted, one line.
hand_of() { ctl dump --hands; sed -n "s/^hand of player $1: //p" "$WORK/ctl" | tr ' ' '\n' | sort | tr '\n' ' '; }

# to_move: the seat whose turn it is.
to_move() { ctl dump; sed -n 's/.* player \([0-3]\) to move.*/\1/p' "$WORK/ctl" | head -n 1; }

# sorted WORDS...: the words sorted, as hand_of prints them.
sorted() { printf '%s\n' "$@" | sort | tr '\n' ' '; }

# seat_of NAME: the seat of NAME's connection (its first OK join).
seat_of() { sed -n 's/^OK join main \([0-3]\) .*/\1/p' "$WORK/$1.out" | head -n 1; }

# name_at SEAT: the player sitting at SEAT.
name_at() { for n in $NAMES; do [ "$(seat_of "$n")" = "$1" ] && echo "$n" && return; done; }

# fd_of NAME: the fd its requests are written to.
fd_of() { case $1 in ana) echo 5 ;; bob) echo 6 ;; cid) echo 7 ;; sam) echo 8 ;; esac; }

# connect NAME [ROLE]: NAME's connection (a socat) on its fd, its pid in NAME_pid.
connect() { client "$1" "$(fd_of "$1")" "${2:-player}"; eval "${1}_pid=\${CLIENTS##* }"; }

# hang_up: every connection closed.
hang_up() { for n in $NAMES sam; do bye "$(fd_of "$n")"; done; }

# game_of DUMP-FILE: the game in a dump --hands: whose turn, the table, bag, hands, scores
# (not the players' connections, the daemon's pid, the table's state or event number).
game_of() { grep -vE "^daemon pid|^ +[0-9]+ " "$1" | sed 's/^game [0-9]* [a-z]*: \(.* in the bag\), .*/\1/'; }

# play_turn: the seat to move lays its best lay (the first `rules moves` gives).
play_turn() {
	seat=$(to_move)
	table=$(sed -n 's/^table //p' "$WORK/ctl")
	"$CTL" rules qwirkle moves "$table" "$(hand_of "$seat")" >"$WORK/moves" || fail "rules moves: $(cat "$WORK/moves")"
	lay=$(head -n 1 "$WORK/moves" | cut -f1)
	[ -n "$lay" ] || fail "seat $seat has no lay on $table"
	who=$(name_at "$seat")
	replies=$(count "$who" "^OK move|^ERR")
	say "$(fd_of "$who")" "move $lay"
	wait_until "$who's reply to move $lay" more "$who" "^OK move|^ERR" "$replies"
	grep -E "^OK move|^ERR" "$WORK/$who.out" | tail -n 1 | grep -q "^OK" || fail "$who's move $lay: $(tail -n 3 "$WORK/$who.out")"
	wait_for "$WORK/sam.out" "^EVENT [0-9]* lay $seat [0-9]* $(echo "$lay" | sed 's/ /[+]/g')\$"
}

# hand_line_is NAME FILE-LINE: the HAND line (its tiles) must be NAME's hand in the daemon.
hand_line_is() {
	seat=$(seat_of "$1")
	# shellcheck disable=SC2046 # the tiles, one word each
	[ "$(sorted $(echo "$2" | cut -d' ' -f4-))" = "$(hand_of "$seat")" ] ||
		fail "$1's HAND line '$2', its hand: $(hand_of "$seat")"
}

# seat_three: ana, bob and cid sit at main (fds 5-7), sam watches (fd 8); the opener lays.
seat_three() {
	connect sam spectator; say 8 "join main"
	wait_for "$WORK/sam.out" "^OK join main"
	for n in $NAMES; do connect "$n"; say "$(fd_of "$n")" "join main"; done
	wait_for "$WORK/sam.out" "^EVENT [0-9]* turn "
	play_turn
}

note "three seats; bob's connection closes and comes back with its token: its hand again"
start_daemon --board main:qwirkle,seats=3 --seed 5 --max-backlog 4096 --max-rate 0
seat_three
play_turn
bob_token=$(grep -m1 "^OK join main " "$WORK/bob.out" | cut -d' ' -f7)
bob_seat=$(seat_of bob)
bye 6
wait_for "$WORK/sam.out" "^EVENT [0-9]* away $bob_seat "
connect bob; say 6 "join main $bob_token"
wait_for "$WORK/bob.out" "^HAND "
wait_for "$WORK/sam.out" "^EVENT [0-9]* back $bob_seat\$"
hand_line_is bob "$(grep "^HAND " "$WORK/bob.out")"
play_turn

note "cid sends leave and joins again on the same connection: its hand again"
cid_token=$(grep -m1 "^OK join main " "$WORK/cid.out" | cut -d' ' -f7)
say 7 "leave"; say 7 "join main $cid_token"
wait_for "$WORK/cid.out" "^HAND "
hand_line_is cid "$(grep "^HAND " "$WORK/cid.out" | tail -n 1)"

note "ana stops reading; cid's leave and join churn the events past the backlog; ana resyncs"
# shellcheck disable=SC2154 # set by connect
kill -STOP "$ana_pid" || fail "cannot stop ana's client"
churn=0
while ! grep -q "connection of pid $ana_pid uid [0-9]* fell behind" "$WORK/daemon.log"; do
	[ "$churn" -lt 3000 ] || { kill -CONT "$ana_pid"; fail "ana did not fall behind after $churn rejoins"; }
	for _ in $(seq 1 200); do say 7 "leave"; say 7 "join main $cid_token"; done
	churn=$((churn + 200))
	wait_until "cid's $churn rejoins" more cid "^OK join" "$churn"
done
kill -CONT "$ana_pid"
wait_for "$WORK/ana.out" "^EVENT [0-9]* resync "
resync=$(grep -m1 "^EVENT [0-9]* resync " "$WORK/ana.out" | cut -d' ' -f2)
line=$(grep -A1 "^EVENT [0-9]* resync " "$WORK/ana.out" | sed -n 2p)
case $line in "HAND "*) ;; *) fail "after ana's resync: '$line', not its HAND" ;; esac
[ "$(echo "$line" | cut -d' ' -f2)" -ge "$resync" ] || fail "ana's HAND '$line' is older than its resync $resync"
hand_line_is ana "$line"
play_turn

note "boardd killed with -9 mid-game and started again: dump --hands as it was; seats back"
ctl dump --hands
game_of "$WORK/ctl" >"$WORK/before"
grep -q "^hand of player 2: [a-f]" "$WORK/before" || fail "no hand before the kill: $(cat "$WORK/ctl")"
kill -KILL "$DPID"; wait "$DPID" 2>/dev/null
hang_up
start_daemon --board main:qwirkle,seats=3 --seed 5
ctl dump --hands
game_of "$WORK/ctl" >"$WORK/after"
diff "$WORK/before" "$WORK/after" >"$WORK/diff" || fail "dump --hands after the restart: $(cat "$WORK/diff")"
for n in $NAMES; do
	token=$(grep -m1 "^OK join main " "$WORK/$n.out" | cut -d' ' -f7)
	connect "$n"; say "$(fd_of "$n")" "join main $token"
	wait_for "$WORK/$n.out" "^HAND "
	hand_line_is "$n" "$(grep "^HAND " "$WORK/$n.out")"
done
connect sam spectator; say 8 "join main"
wait_until "the table on again" sh -c "'$CTL' --shm-prefix $PREFIX --socket '$SOCK' dump | grep -q '^game [0-9]* on:'"
play_turn
stop_daemon

note "the client of the seat to move killed: it forfeits after its away time, its tiles go to the bag"
hang_up
start_daemon --board main:qwirkle,seats=3 --seed 7 --away-ms 1000
seat_three
seat=$(to_move)
bag=$(sed -n 's/^bag \([0-9]*\),.*/\1/p' "$WORK/ctl")
held=$(sed -n "s/^bag .*player $seat: \([0-9]*\) tiles.*/\1/p" "$WORK/ctl")
[ "$held" -gt 0 ] || fail "seat $seat holds no tile: $(cat "$WORK/ctl")"
victim=$(name_at "$seat")
pid=$(eval "echo \"\$${victim}_pid\"")
kill -KILL "$pid" || fail "cannot kill $victim's client"
wait_for "$WORK/sam.out" "^EVENT [0-9]* forfeit $seat\$"
wait_for "$WORK/sam.out" "^EVENT [0-9]* out $seat\$"
wait_for "$WORK/sam.out" "^EVENT [0-9]* turn [^$seat] "
ctl dump --hands
grep -q "^bag $((bag + held)), .*player $seat: 0 tiles" "$WORK/ctl" || fail "$victim's $held tiles not back in the bag (was $bag): $(cat "$WORK/ctl")"
grep -q "^hand of player $seat: -$" "$WORK/ctl" || fail "$victim still holds tiles: $(cat "$WORK/ctl")"
[ "$(to_move)" != "$seat" ] || fail "the turn stayed with seat $seat"
play_turn
finish
