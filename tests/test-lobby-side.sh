#!/bin/sh
# test-lobby-side.sh: `play GAME side=NAME` (docs/PROTOCOL.md, "Lobby"): the wish is not
# matched on, and at the table it is the seat's wish for its first match, as `side NAME`
# would ask. Two players both asking O are matched; one gets X, one O, each told by its
# side event. One asking X and one asking O get them, every time (four pairs: sides drawn
# at random would give them with chance 1/16). A side the game has not, or any side on
# Memory, is refused with ERR side.
. "$(dirname "$0")/lib.sh"

# pair A FA WISH_A B FB WISH_B: A and B play tictactoe with those side wishes, are matched
# and sit; each one's side event (0 X, 1 O) in SIDE_A and SIDE_B.
pair() {
	client "$1" "$2"
	client "$4" "$5"
	say "$2" "play tictactoe side=$3"
	wait_for "$WORK/$1.out" "^OK play tictactoe$"
	say "$5" "play tictactoe side=$6"
	wait_for "$WORK/$4.out" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$"
	wait_for "$WORK/$1.out" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$"
	T=$(grep "^EVENT 0 matched" "$WORK/$1.out" | cut -d' ' -f4)
	say "$2" "join $T"
	wait_for "$WORK/$1.out" "^OK join $T 0 "
	say "$5" "join $T"
	wait_for "$WORK/$4.out" "^OK join $T 1 "
	wait_for "$WORK/$1.out" "^EVENT [0-9]+ side 0 [01]$"
	wait_for "$WORK/$4.out" "^EVENT [0-9]+ side 1 [01]$"
	SIDE_A=$(grep -E "^EVENT [0-9]+ side 0 " "$WORK/$1.out" | cut -d' ' -f5)
	SIDE_B=$(grep -E "^EVENT [0-9]+ side 1 " "$WORK/$4.out" | cut -d' ' -f5)
	bye "$2"
	bye "$5"
}

start_daemon --board m:4 --lobby-wait-ms 600000

pair ann 3 O bob 4 O
[ "$SIDE_A$SIDE_B" = "01" ] || [ "$SIDE_A$SIDE_B" = "10" ] || fail "both asked O: sides $SIDE_A and $SIDE_B"
note "both asked O: one got X, one O (ann $SIDE_A, bob $SIDE_B), each told by its side event"

for i in 1 2; do
	pair "cy$i" 3 X "dan$i" 4 O
	[ "$SIDE_A$SIDE_B" = "01" ] || fail "cy$i asked X, dan$i O: sides $SIDE_A and $SIDE_B"
	pair "eve$i" 3 O "fay$i" 4 X
	[ "$SIDE_A$SIDE_B" = "10" ] || fail "eve$i asked O, fay$i X: sides $SIDE_A and $SIDE_B"
done
note "one asked X, the other O: honoured in four matches out of four"

client gus 3
say 3 "play tictactoe side=Z"
wait_for "$WORK/gus.out" "^ERR side "
say 3 "play memory side=X"
wait_until "a second ERR side" more gus "^ERR side " 1
say 3 "play tictactoe seats=3"
wait_for "$WORK/gus.out" "^ERR option this game takes no such option"
say 3 "games"
wait_for "$WORK/gus.out" "^OK games 5$"
grep -q "^GAME tictactoe 2 clock-ms=0 increment-ms=0 move-limit-ms=600000$" "$WORK/gus.out" ||
	fail "tictactoe's GAME line changed: $(cat "$WORK/gus.out")"
note "side=Z and side=X on Memory: ERR side; seats=3 on tic-tac-toe: ERR option; GAME lines unchanged"
bye 3
finish
