#!/bin/sh
# test-gtk-tafl.sh: board-gtk playing Hnefatafl in Xvfb on a real boardd. Table t: against a
# scripted opponent on another connection, a short game the defenders win (d9-d6 is taken by
# e7-d7, then the attackers shuffle a4-b4, the king walks out e5-e7-i7-i9), the window playing
# whichever side it was drawn: moves by click-click, by drag and by the keyboard, a draw offer
# by the opponent said (declined by playing on); what a screen reader sees (the squares'
# names: throne, corners, pieces, last move, the piece it captured, selection and
# destinations; actions only on the window's turn); the capture's red cross on the screen and
# gone after the next move; a screenshot with a piece selected (its destinations' dots), one
# of the capture and one at the end; the end's banner with its reason, for the window and a
# spectator. Table b:
# against board-bot (easy): the window moves, the bot answers, Resign ends it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
OPID="" GPID="" SPID="" BPID="" G2PID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

gui_stop() {
	gtk_kill $GPID $SPID $G2PID $BPID $OPID $BUSPID $XPID
	GPID="" SPID="" G2PID="" BPID="" OPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

board_ready() { at "$1" board 2>/dev/null | grep -q "^Hnefatafl board|.* 81$"; }
# cell_of NAME: the cell number of a square's name (a9 is 0, i1 is 80).
cell_of() { echo $(((9 - ${1#?}) * 9 + $(printf '%d' "'${1%?}") - 97)); }
# name_of PID SQUARE: the accessible name of that square in the window of PID.
name_of() { at "$1" cell "$(cell_of "$2")" 2>/dev/null | cut -d'|' -f1; }
square_is() { name_of "$1" "$2" | grep -q "$3"; }
# centre PID SQUARE: CX CY, the centre of the square on screen, from its accessible extents.
centre() {
	set -- $(at "$1" cell "$(cell_of "$2")" | cut -d'|' -f2)
	CX=$(($1 + $3 / 2)) CY=$(($2 + $4 / 2))
}
opp() { printf '%s\n' "$1" >&7; }
# pixel_is PID SQUARE RGB: the centre of that square on the screen is the colour RGB (hex).
pixel_is() {
	centre "$1" "$2"
	import -window root "$WORK/pixel.png" || fail "no screenshot"
	[ "$(convert "$WORK/pixel.png" -format "%[hex:p{$CX,$CY}]" info: | cut -c1-6)" = "$3" ]
}

gtk_display
note "boardd with two tafl tables, a scripted opponent on t and board-gtk"
start_daemon --board t:tafl --board b:tafl --seed 5
mkfifo "$WORK/opp.in"
exec 7<>"$WORK/opp.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/opp.in" >>"$WORK/opp.out" 2>&1 &
OPID=$!
opp "hello opp player"
opp "join t"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board t --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the tafl board in board-gtk's window" board_ready "$GPID"
wait_until "the match to start" has_label "$GPID" "^You play the [a-z]* (.*) against opp\."
ME=$(at "$GPID" shown | sed -n 's/^You play the \([a-z]*\) .*/\1/p')
note "board-gtk plays the $ME"
xdotool search --onlyvisible --name '^Hnefatafl$' >/dev/null || fail "no window titled Hnefatafl"
square_is "$GPID" e5 "^e5, king, throne$" || fail "e5 is named: $(name_of "$GPID" e5)"
square_is "$GPID" a9 "^a9, empty, corner$" || fail "a9 is named: $(name_of "$GPID" a9)"
square_is "$GPID" d1 "^d1, attacker$" || fail "d1 is named: $(name_of "$GPID" d1)"
square_is "$GPID" e6 "^e6, defender$" || fail "e6 is named: $(name_of "$GPID" e6)"

# The game: attackers and defenders alternate, the attackers first; e7-d7 captures d6.
set -- d9-d6 e7-d7 a4-b4 e6-d6 b4-a4 e5-e7 a4-b4 e7-i7 b4-a4 i7-i9
MINE=$([ "$ME" = attackers ] && echo 1 || echo 0) # the parity of the window's moves
ply=1 how=0
for move in "$@"; do
	from=${move%-*} to=${move#*-}
	if [ $((ply % 2)) -eq "$MINE" ]; then
		wait_until "our turn (ply $ply)" has_label "$GPID" "^Your turn: choose one of your pieces\.$"
		how=$((how + 1))
		case $how in
		1 | 2 | 3) # click the piece, (the first time: see its destinations), click the square
			[ $how -gt 1 ] || at "$GPID" cell "$(cell_of "$to")" | grep -q "|0$" ||
				fail "$to can be played before a piece is chosen"
			centre "$GPID" "$from"
			xdotool mousemove "$CX" "$CY" click 1
			wait_until "$from selected" square_is "$GPID" "$from" ", selected$"
			if [ $how -eq 1 ]; then
				square_is "$GPID" "$to" ", can move here$" || fail "$to is named: $(name_of "$GPID" "$to")"
				at "$GPID" cell "$(cell_of "$to")" | grep -q "|1$" || fail "$to has no action with $from selected"
				xdotool mousemove 5 5
				sleep 0.5 # the dots drawn: the screenshot is looked at
				import -window root "$WORK/selected.png" || fail "no screenshot"
				cp "$WORK/selected.png" "$OUT/test-gtk-tafl-selected.png"
				centre "$GPID" "$to"
				dot=$(convert "$WORK/selected.png" -format "%[hex:p{$CX,$CY}]" info: | cut -c1-6)
				[ "$dot" = 26A269 ] || fail "the destination $to is #$dot, not the dots' green"
			fi
			centre "$GPID" "$to"
			xdotool mousemove "$CX" "$CY" click 1 ;;
		4) # drag the piece there
			centre "$GPID" "$from"
			xdotool mousemove "$CX" "$CY" mousedown 1
			centre "$GPID" "$to"
			xdotool mousemove "$CX" "$CY" sleep 0.2 mouseup 1 ;;
		*) # the keyboard: arrows to the piece, Space, arrows to the square, Space
			for sq in "$from" "$to"; do
				cursor_to "$GPID" "$(cell_of "$sq")" 9
				xdotool key space
			done ;;
		esac
	else
		wait_until "the opponent's turn (ply $ply)" has_label "$GPID" "^opp (.*) to move\.$"
		[ $ply -gt 2 ] || ! at "$GPID" cells | grep -q "|1$" || fail "a square can be played on the opponent's turn"
		if [ $ply -le 2 ]; then # a draw offered, said to the window; the move withdraws it
			opp "draw"
			wait_until "the opponent's offer said" has_label "$GPID" "^opp offers a draw: Offer a draw agrees\.$"
			at "$GPID" button "Offer a draw" >/dev/null || fail "no Offer a draw button"
		fi
		opp "move $move"
	fi
	wait_until "$move on the board" square_is "$GPID" "$to" ", last move$"
	if [ $ply -eq 2 ]; then # the capture: said, crossed out in red (board-gtk.css's tafl_took)
		square_is "$GPID" d6 "^d6, empty, captured$" || fail "d6 is named: $(name_of "$GPID" d6)"
		xdotool mousemove 5 5
		wait_until "d6 crossed out in red" pixel_is "$GPID" d6 C01C28
		cp "$WORK/pixel.png" "$OUT/test-gtk-tafl-capture.png"
		! pixel_is "$GPID" c6 C01C28 || fail "c6, not captured, is crossed out too"
	elif [ $ply -eq 3 ]; then # the next move: the capture is no longer marked
		square_is "$GPID" d6 "^d6, empty$" || fail "d6 is named after the next move: $(name_of "$GPID" d6)"
		! pixel_is "$GPID" d6 C01C28 || fail "d6 is still crossed out after the next move"
	fi
	ply=$((ply + 1))
done
if [ "$ME" = defenders ]; then BANNER="^You won: the king escaped to a corner\.$"; else BANNER="^You lost: the king escaped to a corner\.$"; fi
wait_until "the end's banner" has_label "$GPID" "$BANNER"
square_is "$GPID" i9 "^i9, king, corner, last move$" || fail "i9 is named: $(name_of "$GPID" i9)"
square_is "$GPID" i7 "^i7, empty, last move from here$" || fail "i7 is named: $(name_of "$GPID" i7)"
at "$GPID" labels | grep "^\(Not your turn\|Refused\|Not now\|Illegal\)" && fail "the window sent a move the daemon refused"
grep -q "^ERR" "$WORK/opp.out" && fail "the opponent was refused: $(grep "^ERR" "$WORK/opp.out")"
at "$GPID" buttons >"$WORK/buttons"
# The panel's Play Again is the rematch, the only one (a view's own Rematch asked a second time).
[ "$(grep -c "^Play Again$" "$WORK/buttons")" = 1 ] && ! grep -qi "rematch" "$WORK/buttons" ||
	fail "not one Play Again (and no Rematch) after the end: $(cat "$WORK/buttons")"
xdotool mousemove 5 5
import -window root "$WORK/end.png" || fail "no screenshot"
cp "$WORK/end.png" "$OUT/test-gtk-tafl.png" || fail "cannot keep the screenshot"

note "a spectator reads the same end and has nothing to press"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board t --spectate --name eye >"$WORK/spectator.log" 2>&1 &
SPID=$!
wait_until "the spectator's board" board_ready "$SPID"
wait_until "the spectator's banner" has_label "$SPID" "^\(gtk1\|opp\) (defenders) won: the king escaped to a corner\.$"
at "$SPID" cells | cut -d'|' -f1 >"$WORK/spectator.cells"
at "$GPID" cells | cut -d'|' -f1 >"$WORK/player.cells"
cmp -s "$WORK/spectator.cells" "$WORK/player.cells" || fail "the spectator reads other squares: $(diff "$WORK/player.cells" "$WORK/spectator.cells")"
at "$SPID" cells | grep -q "|1$" && fail "a spectator's square has an action"
at "$SPID" button "Play Again" >/dev/null && fail "a spectator has Play Again"
gtk_kill $SPID $GPID
SPID="" GPID=""

note "a window against board-bot (easy) on table b: it moves, the bot answers, Resign"
"$BIN/board-bot" --board b --name bot --game tafl --level easy --think-ms 50 --delay-ms 1000 --games 1 --stats \
	>"$WORK/bot.out" 2>"$WORK/bot.err" &
BPID=$!
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board b --name gtk2 >"$WORK/gtk2.log" 2>&1 &
G2PID=$!
wait_until "the second window's board" board_ready "$G2PID"
for n in 1 2; do
	wait_until "our turn against the bot" has_label "$G2PID" "^Your turn: choose one of your pieces\.$"
	from=$(at "$G2PID" cells | grep "|1$" | head -1 | cut -d, -f1)
	[ -n "$from" ] || fail "no piece of ours to move"
	centre "$G2PID" "$from"
	xdotool mousemove "$CX" "$CY" click 1
	wait_until "$from selected" square_is "$G2PID" "$from" ", selected$"
	to=$(at "$G2PID" cells | grep ", can move here|" | tail -1 | cut -d, -f1)
	centre "$G2PID" "$to"
	xdotool mousemove "$CX" "$CY" click 1
	wait_until "our move $from-$to" square_is "$G2PID" "$from" "^$from, empty"
done
# Resign once the bot has answered: its move changes the panel, which could move the button
# between reading where it is and clicking there (seen once on a loaded machine).
wait_until "the bot's answer" has_label "$G2PID" "^Your turn: choose one of your pieces\.$"
wait_until "the Resign button" eval 'at "$G2PID" button Resign >/dev/null'
press "$G2PID" Resign
wait_until "the lost banner" has_label "$G2PID" "^You lost: decided off the board"
wait "$BPID" || fail "board-bot exited $?: $(cat "$WORK/bot.err")"
BPID=""
grep -q '"result":"win"' "$WORK/bot.out" || fail "the bot does not say it won: $(cat "$WORK/bot.out")"
gtk_kill $G2PID
G2PID=""

for f in gtk spectator gtk2; do
	[ -s "$WORK/$f.log" ] && fail "board-gtk ($f) wrote to stderr: $(cat "$WORK/$f.log")"
done
opp quit
exec 7>&-
gui_stop
finish
