#!/bin/sh
# test-gtk-quantik.sh: board-gtk playing a whole Quantik match (two rounds) in Xvfb against
# board-bot (perfect) on a real boardd. The window chooses shapes with the keys and its
# buttons and places them with the arrows and Space, then with clicks, always on a square
# its accessible name says the chosen shape may go to. Checks what a screen reader sees (the
# board's 16 named squares, the shape buttons with the pieces left, whose turn with the clock,
# the round and the points, each player's pieces left), the first round's final board and
# banner once the second round has begun, the match's end with its winning line or zone
# named on the board, and keeps a screenshot (tests/out/test-gtk-quantik.png) to look at.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID="" BPID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

gui_stop() {
	gtk_kill $GPID $BPID $BUSPID $XPID
	GPID="" BPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

has_label() { at "$GPID" shown 2>/dev/null | grep -q "$1"; }
board_ready() { at "$GPID" board 2>/dev/null | grep -q "^Quantik board|.* 16$"; }
turn_or_end() { has_label "^\(Your turn: \|Match [0-9]* is over\.\)"; }
# free_cell: the first square the chosen shape may go to ("" if none), from every cell's name.
free_cell() { at "$GPID" cells | grep -n "may go here" | head -1 | cut -d: -f1 | awk '{ print $1 - 1 }'; }
# choose: the first shape the window has left with a square to go to, chosen by its key
# (A-D); the square in CELL.
choose() {
	for key in a b c d; do
		K=$(echo "$key" | tr a-d A-D)
		at "$GPID" button "$K $(shape_of $key), 0 left" >/dev/null && continue
		xdotool key "$key"
		wait_until "the $(shape_of $key) chosen" has_label "^Your turn: place a $(shape_of $key)\."
		CELL=$(free_cell)
		[ -n "$CELL" ] && return 0
	done
	fail "no shape may go anywhere on our turn: $(at "$GPID" cells)"
}
shape_of() { case $1 in a) echo cylinder ;; b) echo cube ;; c) echo sphere ;; d) echo tetrahedron ;; esac; }

gtk_display

note "boardd with a Quantik table without the move clock, board-gtk and board-bot"
start_daemon --board "q:quantik,timeout=0"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board q --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the Quantik board in board-gtk's window" board_ready
"$BIN/board-bot" --board q --name bot --game quantik --level perfect --games 1 --stats --delay-ms 100 \
	>"$WORK/bot.out" 2>"$WORK/bot.err" &
BPID=$!
wait_until "the match to start" has_label "^Round 1 of 2: "
at "$GPID" cells | head -1 | grep -q "^row 1, column 1, zone 1, " || fail "cell 0 is named: $(at "$GPID" cells | head -1)"
for k in "A cylinder" "B cube" "C sphere" "D tetrahedron"; do
	at "$GPID" button "$k, 2 left" >/dev/null || fail "no button '$k, 2 left': $(at "$GPID" labels)"
done
has_label "^gtk1 (white) has 2 cylinders, 2 cubes, 2 spheres, 2 tetrahedra left\.$" ||
	has_label "^gtk1 (black) has 2 cylinders, 2 cubes, 2 spheres, 2 tetrahedra left\.$" ||
	fail "no pieces left for gtk1: $(at "$GPID" shown)"

note "the first move with the keyboard: a shape by its key, the arrows, Space"
wait_until "the window's turn or the end" turn_or_end
choose
xdotool mousemove 5 5
xdotool key Right Left # the cursor shows on cell 0
n=0
while [ "$n" -lt "$CELL" ]; do
	if [ $((n % 4)) -lt 3 ] && [ $((n + 1)) -le "$CELL" ] && [ $((n / 4)) -eq $((CELL / 4)) ]; then xdotool key Right; n=$((n + 1))
	else xdotool key Down; n=$((n + 4)); fi
done
xdotool key space
wait_until "our piece on cell $CELL" eval 'at "$GPID" cell $CELL | grep -q "last move"'
# the bot answers within its 100 ms: the turn went to it once it has a piece on the board too
wait_until "the bot's answer" eval '[ "$(at "$GPID" cells | grep -vc ", empty")" -ge 2 ]'

note "the rest of the match with clicks, on squares the chosen shape may go to"
rounds=1
for _ in $(seq 1 20); do
	wait_until "the window's turn or the end" turn_or_end
	has_label "^Match [0-9]* is over\." && break
	if [ "$rounds" -eq 1 ] && has_label "^Round 2 of 2: "; then
		rounds=2
		has_label "^Round 1: \(you\|bot ([a-z]*)\) won (" || fail "no banner for round 1: $(at "$GPID" shown)"
		has_label "^Round 1's final board:$" || fail "round 1's final board is not shown"
		import -window root "$WORK/round1.png" && cp "$WORK/round1.png" "$OUT/test-gtk-quantik-round1.png"
	fi
	choose
	set -- $(at "$GPID" cell "$CELL" | cut -d'|' -f2)
	xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
	wait_until "our piece on cell $CELL" eval 'at "$GPID" cell $CELL | grep -q "last move\|winning\|Round 2"'
done
wait_until "the end of the match" has_label "^Match [0-9]* is over\."
[ "$rounds" -eq 2 ] || fail "the window never saw round 2"
wait_until "the match's banner" has_label "Match \(won\|lost\|drawn\) [0-9]-[0-9]\.$"
wait_until "the bot's stats line" grep -q '"result"' "$WORK/bot.out"
if at "$GPID" cells | grep -q "winning "; then
	[ "$(at "$GPID" cells | grep -c "winning ")" -eq 4 ] || fail "not four squares in the winning line: $(at "$GPID" cells)"
fi
import -window root "$WORK/end.png" || fail "no screenshot"
cp "$WORK/end.png" "$OUT/test-gtk-quantik.png" || fail "cannot keep the screenshot"
note "$(at "$GPID" shown | grep "^Round 2: ")"
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"
gui_stop
finish
