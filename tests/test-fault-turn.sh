#!/bin/sh
# test-fault-turn.sh: a worker killed after its player's move was made but before the core
# passed the turn (boardd-testhooks: a seat named park-in-turn parks there, holding every lock
# of its Hnefatafl table). The supervisor repairs the locks and mends the turn: the move
# stands, the other seat is to move and its move is taken; the parked player, back with its
# token, is to move (test-unit match mend: the tafl game keeps its memory of repetitions).
. "$(dirname "$0")/lib.sh"
[ -x "$BIN/boardd-testhooks" ] || fail "$BIN/boardd-testhooks is missing: run make"
BOARDD="$BIN/boardd-testhooks" start_daemon --board t:tafl --seed 1
client park-in-turn 3
client bob 4
say 3 "join t"
wait_for "$WORK/park-in-turn.out" "^OK join t 0 "
TOKEN=$(sed -n 's/^OK join t 0 #[0-9a-f]* 9 \([0-9a-f]*\) .*/\1/p' "$WORK/park-in-turn.out")
say 3 "side attackers"
wait_for "$WORK/park-in-turn.out" "^OK side attackers$"
say 4 "join t"
wait_for "$WORK/bob.out" "^EVENT [0-9]+ turn 0 "
PARKED=d9-d6 NEXT=e7-d7
say 3 "move $PARKED"
# The board shows the move (no event is sent: the parked worker never unlocks to wake the
# others) and the worker holds the table's state lock, parked for good.
parked() {
	"$BIN/boardctl" dump t 2>/dev/null | grep -q "last move $PARKED" &&
		W=$("$BIN/boardctl" locks t 2>/dev/null | awk '$1 == "state" && $4 ~ /^[0-9]+$/ { print $4 }') &&
		[ -n "$W" ]
}
wait_until "the move made and its worker parked" parked
note "park-in-turn played $PARKED and parked in worker $W holding the locks; killed"
kill -KILL "$W"
wait_for "$WORK/daemon.log" "a move was made but its turn not passed" # bob's move waits for the mend's locks
say 4 "move $NEXT"
wait_for "$WORK/bob.out" "^OK move $NEXT$|^ERR "
grep -q "^ERR" "$WORK/bob.out" && fail "bob was refused: $(grep '^ERR' "$WORK/bob.out")"
wait_for "$WORK/bob.out" "^EVENT [0-9]+ tmove 1 defenders e7-d7xd6$"
note "the supervisor passed the turn: bob's $NEXT was taken"
client park-in-turn 5
say 5 "join t $TOKEN"
wait_for "$WORK/park-in-turn.out" "^OK join t 0 "
wait_for "$WORK/park-in-turn.out" "^EVENT [0-9]+ back 0$"
"$BIN/boardctl" dump t >"$WORK/dump" 2>&1 || fail "dump: $(cat "$WORK/dump")"
grep -q "^game 1 on: [a-z]* to move (player 0), ply 2," "$WORK/dump" || fail "not park-in-turn's turn: $(cat "$WORK/dump")"
note "the parked player came back with its token, its turn"
finish
