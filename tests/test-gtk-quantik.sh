#!/bin/sh
# test-gtk-quantik.sh: board-gtk playing a whole Quantik match (two rounds) in Xvfb against
# board-bot on a real boardd, with a 60 s move clock. The window chooses its shape by key
# (A-D) or by its button and places it with the arrows and Space (the first move) or a click,
# always a winning square if it has one. Checks what a screen reader sees: the board's 16
# named squares, the squares named as legal for the chosen shape being exactly those the
# rules allow (tests/quantik-cells.awk works them out from the pieces), the shape buttons
# with the pieces left, each player's pieces left, whose turn with the clock counting down,
# the round and the points; once round 2 has begun, round 1's banner and its final board
# (its winning line ringed in red on the screenshot); at the end, the match's banner and
# the winning line or zone named on the board's squares and ringed. Screenshots to look
# at: tests/out/test-gtk-quantik-round1.png and tests/out/test-gtk-quantik.png.
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

board_ready() { at "$GPID" board 2>/dev/null | grep -q "^Quantik board|.* 16$"; }
# turn_or_end: the window's turn or the match's end, and what it shows in $WORK/shown.
turn_or_end() { at "$GPID" shown >"$WORK/shown" 2>/dev/null && grep -q "^\(Your turn: \|Match [0-9]* is over\.\)" "$WORK/shown"; }
shape_of() { case $1 in A) echo cylinder ;; B) echo cube ;; C) echo sphere ;; D) echo tetrahedron ;; esac; }
# cells: the squares' names etc. into $WORK/cells (all 16 of them).
cells() { at "$GPID" cells >"$WORK/cells" 2>/dev/null && [ "$(wc -l <"$WORK/cells")" -eq 16 ]; }
qk() { awk -v me="$ME" "$@" -f "$(dirname "$0")/quantik-cells.awk" "$WORK/cells"; }
# placed: the window's piece is on $CELL, or the round it ended is over.
placed() {
	cells && grep -n "" "$WORK/cells" | grep -q "^$((CELL + 1)):row [1-4], column [1-4], zone [1-4], $ME $SHAPE " && return 0
	at "$GPID" shown >"$WORK/placed" 2>/dev/null && [ -s "$WORK/placed" ] || return 1
	! grep -q "^Round $ROUND of 2: " "$WORK/placed" || grep -q "^Match [0-9]* is over\." "$WORK/placed"
}
# clock: the seconds left in the state line.
clock() { at "$GPID" shown | sed -n 's/^Your turn: place a [a-z]*\. \([0-9]*\)\.[0-9] s left\.$/\1/p'; }

# move HOW: the window's move on its turn (HOW: keys, button or click): the shape quantik-cells.awk
# picks, chosen by its key or its button; the squares named as legal checked against the rules;
# the piece placed by the arrow keys and Space (keys) or a click.
move() {
	cells || fail "no board: $(cat "$WORK/cells")"
	set -- "$1" $(qk -v what=pick)
	[ $# -eq 3 ] || fail "the window has no move: $(cat "$WORK/cells")"
	HOW=$1 S=$2 CELL=$3 SHAPE=$(shape_of "$2")
	if [ "$HOW" = button ]; then
		press "$GPID" "$S $SHAPE, $(qk -v what=left -v k="$S") left"
	else
		xdotool key "$(echo "$S" | tr A-D a-d)"
	fi
	wait_until "the $SHAPE chosen" eval 'cells && grep -q ", a $SHAPE may go here|" "$WORK/cells"'
	got=$(grep -n "" "$WORK/cells" | grep "^[0-9]*:[^|]*, empty, a $SHAPE may go here|" | cut -d: -f1 |
		awk '{ printf "%s%d", (NR > 1 ? " " : ""), $1 - 1 }')
	want=$(qk -v what=legal -v k="$S")
	[ "$got" = "$want" ] || fail "squares named legal for the $SHAPE: '$got', the rules allow '$want': $(cat "$WORK/cells")"
	grep -n "" "$WORK/cells" | grep "may go here" | grep -vq "|1$" && fail "a legal square has no action"
	if [ "$HOW" = keys ]; then
		cursor_to "$GPID" "$CELL" 4
		xdotool key space
	else
		set -- $(grep -n "" "$WORK/cells" | sed -n "s/^$((CELL + 1)):[^|]*|\([0-9 ]*\)|.*/\1/p")
		xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
	fi
	wait_until "our $SHAPE on $CELL" placed
}

# ring_red FILE X Y W H: the number of pixels of the winning ring's red (board-gtk.css's
# qk_win) in that part of the screenshot FILE.
WIN=$(sed -n 's/^@define-color qk_win \(#[0-9a-f]*\);$/\1/p' "$(dirname "$0")/../clients/gtk/board-gtk.css")
ring_red() {
	convert "$1" -crop "$4x$5+$2+$3" +repage -fill black +opaque "$WIN" -fill white -opaque "$WIN" \
		-format "%[fx:int(mean*w*h+0.5)]" info:
}

gtk_display

note "boardd with a Quantik table (a move clock of 60 s), board-gtk and board-bot"
start_daemon --board "q:quantik,move-ms=60000" --seed 1
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board q --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the Quantik board in board-gtk's window" board_ready
"$BIN/board-bot" --board q --name bot --game quantik --level easy --seed 3 --games 2 --stats --delay-ms 100 \
	>"$WORK/bot.out" 2>"$WORK/bot.err" &
BPID=$!
wait_until "the match to start" has_label "$GPID" "^Round 1 of 2: "
ME=$(at "$GPID" shown | sed -n 's/^Round 1 of 2: .* You play \([a-z]*\)\.$/\1/p')
[ "$ME" = white ] || [ "$ME" = black ] || fail "no colour for the window: $(at "$GPID" shown)"
note "board-gtk plays $ME"
has_label "$GPID" "^Round 1 of 2: \(gtk1 (white) 0, bot (black) 0\|bot (white) 0, gtk1 (black) 0\)\. You play $ME\.$" ||
	fail "no round and points: $(at "$GPID" shown)"
cells || fail "no board"
head -1 "$WORK/cells" | grep -q "^row 1, column 1, zone 1, " || fail "cell 0 is named: $(head -1 "$WORK/cells")"
sed -n 16p "$WORK/cells" | grep -q "^row 4, column 4, zone 4, " || fail "cell 15 is named: $(sed -n 16p "$WORK/cells")"
for k in "A cylinder" "B cube" "C sphere" "D tetrahedron"; do
	at "$GPID" button "$k, 2 left" >/dev/null || fail "no button '$k, 2 left': $(at "$GPID" labels)"
done
has_label "$GPID" "^gtk1 ($ME) has 2 cylinders, 2 cubes, 2 spheres, 2 tetrahedra left\.$" ||
	fail "no pieces left for gtk1: $(at "$GPID" shown)"

note "the first move: the clock counts down, shapes chosen by keys, the arrows, Space"
wait_until "the window's turn" has_label "$GPID" "^Your turn: "
t0=$(clock)
[ -n "$t0" ] && [ "$t0" -le 60 ] || fail "no clock on our turn: $(at "$GPID" shown)"
wait_until "the clock to count down from $t0 s" eval '[ "$(clock)" -lt "$t0" ]'
for k in "c sphere" "2 cube" "d tetrahedron" "1 cylinder"; do # a shape's letter or number chooses it
	xdotool key "${k% *}"
	wait_until "the key ${k% *} to choose the ${k#* }" has_label "$GPID" "^Your turn: place a ${k#* }\."
done
ROUND=1
cells || fail "no board"
n0=$(grep -vc ", empty" "$WORK/cells")
move keys
wait_until "the bot's answer" eval 'cells && [ "$(grep -vc ", empty" "$WORK/cells")" -ge $((n0 + 2)) ]'
has_label "$GPID" "^gtk1 ($ME) has [0-9 a-z,]*left\.$" && ! has_label "$GPID" "^gtk1 ($ME) has 2 cylinders, 2 cubes, 2 spheres, 2 tetrahedra left\.$" ||
	fail "gtk1's pieces left did not go down: $(at "$GPID" shown)"

note "the rest of the match: shapes by buttons and keys, squares by clicks"
how=button
for _ in $(seq 1 16); do
	wait_until "the window's turn or the end" turn_or_end
	grep -q "^Match [0-9]* is over\." "$WORK/shown" && break
	if [ "$ROUND" -eq 1 ] && grep -q "^Round 2 of 2: " "$WORK/shown"; then
		ROUND=2
		note "round 2: round 1's banner, score and final board"
		grep "^Round 1: \(you\|bot ([a-z]*)\) won (" "$WORK/shown" >"$WORK/round1" || fail "no banner for round 1: $(cat "$WORK/shown")"
		grep -q "^Round 2 of 2: \(gtk1\|bot\) (white) [02], \(gtk1\|bot\) (black) [02]\. You play $ME\.$" "$WORK/shown" &&
			[ $(($(sed -n 's/^Round 2 of 2: [a-z0-9]* ([a-z]*) \([02]\), [a-z0-9]* ([a-z]*) \([02]\)\..*/\1+\2/p' "$WORK/shown"))) -eq 2 ] ||
			fail "not two points (a round won) after round 1: $(cat "$WORK/shown")"
		grep -q "^Round 1's final board:$" "$WORK/shown" || fail "round 1's final board is not shown"
		xdotool mousemove 5 5
		sleep 0.5 # the final board drawn: the screenshot is looked at
		import -window root "$WORK/round1.png" || fail "no screenshot"
		cp "$WORK/round1.png" "$OUT/test-gtk-quantik-round1.png"
		if grep -q "(\(row\|column\|zone\) [1-4])\.$" "$WORK/round1"; then
			set -- $(at "$GPID" table) $(at "$GPID" label "Round 1's final board:")
			red=$(ring_red "$WORK/round1.png" $(($1 + $3)) $(($7 + $9)) $((1024 - $1 - $3)) 110)
			[ "$red" -gt 50 ] || fail "round 1's winning line is not ringed under its label ($red red pixels)"
			LINES=$((${LINES:-0} + 1))
		fi
	fi
	move $how
	how=$([ $how = button ] && echo keys-click || echo button)
done
wait_until "the end of the match" has_label "$GPID" "^Match [0-9]* is over\."
[ "$ROUND" -eq 2 ] || fail "the window never saw round 2"
wait_until "the match's banner" has_label "$GPID" "^Round 2: .* Match \(won 4-0\|lost 0-4\|drawn 2-2\)\.$"
at "$GPID" shown >"$WORK/shown"
cells || fail "no board"
banner=$(grep "^Round 2: " "$WORK/shown")
case "$banner" in
*"(row "[1-4]")"* | *"(column "[1-4]")"* | *"(zone "[1-4]")"*)
	line=$(echo "$banner" | sed 's/.*(\([a-z]* [1-4]\))\..*/\1/')
	[ "$(grep -c ", winning $line|" "$WORK/cells")" -eq 4 ] && [ "$(grep -c ", winning " "$WORK/cells")" -eq 4 ] ||
		fail "the squares of $line are not named winning: $(cat "$WORK/cells")"
	LINES=$((${LINES:-0} + 1)) ;;
*) grep -q ", winning " "$WORK/cells" && fail "a winning line named for '$banner'" ;;
esac
[ "${LINES:-0}" -ge 1 ] || fail "no round ended with a line or zone to see marked: $(cat "$WORK/round1") $banner"
wait_until "the bot's stats line" grep -q '"result"' "$WORK/bot.out"
at "$GPID" buttons >"$WORK/buttons"
# The panel's Play Again is the rematch, the only one (a view's own Rematch asked a second time).
[ "$(grep -c "^Play Again$" "$WORK/buttons")" = 1 ] && ! grep -qi "rematch" "$WORK/buttons" ||
	fail "not one Play Again (and no Rematch) at the end: $(cat "$WORK/buttons") $(at "$GPID" shown)"
xdotool mousemove 5 5
sleep 0.5
import -window root "$WORK/end.png" || fail "no screenshot"
cp "$WORK/end.png" "$OUT/test-gtk-quantik.png" || fail "cannot keep the screenshot"
if [ -n "${line:-}" ]; then
	set -- $(at "$GPID" table)
	red=$(ring_red "$WORK/end.png" "$1" "$2" "$3" "$4")
	[ "$red" -gt 200 ] || fail "round 2's winning $line is not ringed on the board ($red red pixels)"
fi
note "$(cat "$WORK/round1") $banner"
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"
gui_stop
finish
