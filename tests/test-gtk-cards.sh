#!/bin/sh
# test-gtk-cards.sh: board-gtk's Memory view gives its feedback on the board, where the user
# looks. On a 2x2 board against the test's own protocol player (which learns the cards by
# turning each up and back down): a face-down card is lighter under the pointer while a pick
# is possible; our first pick counts down on the card itself (its clock's pixels and the
# panel's seconds change); when the other player holds the other card of the pair the stall
# is explained by the card and in the panel, naming that player (who may match it once ours,
# turned first, turns down); a mismatched pair is marked
# (a cross in the corner, "no pair" for screen readers) and no face-down card lights up under
# the pointer while it waits; a pick refused then is said in a box by the card, which goes
# after a few seconds, and in the panel, whose line goes once stale (pia leaves: the game
# freezes). Then a tic-tac-toe window against another protocol player: a click out of turn
# is refused by the cell it was on, the word gone once the opponent moved; a click on a
# taken cell says why by that cell.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/gtk-lib.sh"
GPID="" PPID_="" TPID="" OPID=""
gtk_need

# Stop everything this test started besides the daemon (lib.sh's cleanup does that).
gui_stop() {
	gtk_kill $GPID $TPID $PPID_ $OPID $BUSPID $XPID
	GPID="" TPID="" PPID_="" OPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

seat_of() { ask players | awk -v n="$1" '$1 == "PLAYER" && $6 == n { print $2 }'; }
is_seated() { [ -n "$(seat_of "$1")" ]; }
card_of() { ask cards | awk -v x="$1" -v y="$2" '$1 == "CARD" && $2 == x && $3 == y { s = $4 " " $6 } END { print s ? s : "down" }'; }
board_ready() { [ "$(at "$GPID" table 2>/dev/null | awk '{ print $5 }')" = 4 ]; }
# rect N: card N's extents on screen, x y w h (AT-SPI).
rect() { at "$GPID" card "$1" | cut -d'|' -f2; }
# click N: click the middle of card N.
click() {
	set -- $(rect "$1")
	xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
}
# hover N: the pointer over card N, off its middle.
hover() {
	set -- $(rect "$1")
	xdotool mousemove $(($1 + $3 / 3)) $(($2 + $4 / 3))
}
shot() { import -window root "$WORK/$1.png" || fail "no screenshot $1"; }
# mean FILE N: card N's mean colour in screenshot FILE, as 0-65535 grey.
mean() {
	set -- "$1" $(rect "$2")
	convert "$1" -crop "$4x$5+$2+$3" +repage -colorspace gray -format "%[fx:int(mean*65535)]" info:
}
# clock FILE N: the part of card N where its clock is, as a file of its own.
clock() {
	set -- "$1" $(rect "$2")
	convert "$1" -crop "$(($4 * 28 / 100))x$(($5 * 28 / 100))+$(($2 + $4 * 64 / 100))+$(($3 + $5 * 8 / 100))" +repage "$1.clock.png"
}
# count FILE COLOUR [PID]: how many pixels of the board (of window PID, else board-gtk's
# Memory window) in FILE are exactly COLOUR.
count() {
	set -- "$1" "$2" $(at "${3:-$GPID}" table)
	convert "$1" -crop "$5x$6+$3+$4" +repage -fill black +opaque "$2" -fill white -opaque "$2" \
		-format "%[fx:int(mean*w*h+0.5)]" info:
}
# css NAME DEFAULT: a colour of board-gtk.css, or the view's own default when it has none.
css() {
	c=$(sed -n "s/^@define-color $1 \(#[0-9a-fA-F]*\);\$/\1/p" "$(dirname "$0")/../clients/gtk/board-gtk.css" | head -1)
	echo "${c:-$2}"
}
NOTE_BG=$(css callout_bg "#fff1b3")
REFUSED_BG=$(css callout_refused_bg "#6b0f1a")
MISS=$(css card_miss "#c01c28")

gtk_display
note "boardd with a 2x2 Memory board (picks held for ten minutes, a mismatch for an hour) and a tic-tac-toe table, a protocol player, board-gtk"
start_daemon --board main:memory:2 --board t:tictactoe --min-players 2 --first-pick-ms 600000 --mismatch-ms 3600000 --seed 5
mkfifo "$WORK/p.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/p.in" >"$WORK/p.out" 2>&1 &
PPID_=$!
exec 7>"$WORK/p.in"
printf 'hello pia player\njoin main\n' >&7
wait_for "$WORK/p.out" "^OK join main"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "board-gtk to be seated" is_seated gtk1
wait_until "the board in board-gtk's window" board_ready
wait_until "the game to be on" has_label "$GPID" "Game 1 is on"
PIA=$(seat_of pia)

note "the protocol player learns cards 1 to 3: each up, and down again by picking it twice"
for n in 1 2 3; do
	printf 'pick %d %d\npick %d %d\n' $((n % 2)) $((n / 2)) $((n % 2)) $((n / 2)) >&7
	wait_for "$WORK/p.out" "^EVENT [0-9]+ down $((n % 2)) $((n / 2)) "
done
values=$(awk '$1 == "EVENT" && $3 == "up" { print $4 + 2 * $5, $6 }' "$WORK/p.out")
# P0: card 0's partner (the value seen once); Q1, Q2: the other pair.
P0=$(echo "$values" | awk '{ n[$2]++; c[$2] = $1 } END { for (v in n) if (n[v] == 1) print c[v] }')
set -- $(echo "$values" | awk '{ n[$2]++; c[$2] = c[$2] " " $1 } END { for (v in n) if (n[v] == 2) print c[v] }')
[ -n "$P0" ] && [ $# -eq 2 ] || fail "the cards seen are not two pairs with card 0: $values"
Q1=$1 Q2=$2
V0=$(echo "$values" | awk -v c="$P0" '$1 == c { print toupper($2) }')

note "a face-down card under the pointer invites a pick: lighter than another"
hover "$P0"
shot free
wait_until "card $P0 lit under the pointer" eval '[ "$(mean "$WORK/free.png" "$P0")" -gt "$(($(mean "$WORK/free.png" "$Q1") + 500))" ] || ! shot free'

note "our first pick counts down on the card, and in the panel"
t0=$(date +%s)
click 0
wait_until "card 0 up for gtk1" eval '[ "$(card_of 0 0)" = "up $(seat_of gtk1)" ]'
xdotool mousemove 5 5
secs() { at "$GPID" shown | sed -n 's/.*Your card turns down in \([0-9]*\) s\..*/\1/p'; }
wait_until "the countdown in the panel" eval '[ -n "$(secs)" ]'
S1=$(secs)
shot count1
cp "$WORK/count1.png" "$(dirname "$0")/out/test-gtk-cards-countdown.png" 2>/dev/null
clock "$WORK/count1.png" 0
wait_until "the countdown to move on" eval '[ "$(secs)" != "$S1" ]'
shot count2
clock "$WORK/count2.png" 0
[ "$(compare -metric AE "$WORK/count1.png.clock.png" "$WORK/count2.png.clock.png" null: 2>&1)" != 0 ] ||
	fail "card 0's clock looks the same at $S1 s and at $(secs) s"
[ "$(count "$WORK/count2.png" "$NOTE_BG")" -eq 0 ] || fail "a note is on the board before the stall"

note "the stall: pia holds the other $V0; said by the card and in the panel"
printf 'pick %d %d\n' $((P0 % 2)) $((P0 / 2)) >&7
wait_until "the stall explained" has_label "$GPID" "^Stalled: pia holds the other $V0\. \(Yours turns down first, in [0-9]* s; then pia may match the pair\|Both turn down in [0-9]* s\)\.$"
shot stall
cp "$WORK/stall.png" "$(dirname "$0")/out/test-gtk-cards-stall.png" 2>/dev/null
[ "$(count "$WORK/stall.png" "$NOTE_BG")" -gt 500 ] || fail "no note on the board during the stall"
printf 'pick %d %d\n' $((P0 % 2)) $((P0 / 2)) >&7 # pia lets it go
wait_until "the stall's end" eval '! has_label "$GPID" "^Stalled"'

note "a mismatch is marked on both cards until they turn down"
click "$Q1"
wait_until "the mismatch for screen readers" eval 'at "$GPID" card 0 | grep -q "^row 1, column 1, face up, $V0, turned by gtk1, no pair|"'
at "$GPID" card "$Q1" | grep -q ", no pair|" || fail "card $Q1 is not said to be no pair: $(at "$GPID" card "$Q1")"
hover "$P0"
shot miss
cp "$WORK/miss.png" "$(dirname "$0")/out/test-gtk-cards-mismatch.png" 2>/dev/null
set -- $(rect 0)
mark=$(convert "$WORK/miss.png" -format "%[hex:p{$(($1 + $3 * 86 / 100)),$(($2 + $4 * 22 / 100))}]" info: | cut -c1-6)
[ "#$mark" = "$(echo "$MISS" | tr a-f A-F)" ] || fail "card 0 has #$mark in its corner, not the mismatch's $MISS"

note "while the mismatch waits, no face-down card lights up under the pointer"
# Card P0 with the pointer on it (miss) and away (away) is the same picture (the wait lasts
# an hour: nothing else changes it meanwhile).
xdotool mousemove 5 5
shot away
set -- $(rect "$P0")
d=$(compare -metric AE "$WORK/miss.png[$3x$4+$1+$2]" "$WORK/away.png[$3x$4+$1+$2]" null: 2>&1)
[ "$d" = 0 ] || fail "card $P0 under the pointer differs from itself without it by $d pixels during the wait"

note "a pick refused during the wait is said by the card, then goes"
click "$P0"
wait_until "the refusal in the panel" has_label "$GPID" "^Wait: "
shot refused
cp "$WORK/refused.png" "$(dirname "$0")/out/test-gtk-cards-refused.png" 2>/dev/null
[ "$(count "$WORK/refused.png" "$REFUSED_BG")" -gt 500 ] || fail "no refusal by the card on the board"
xdotool mousemove 5 5
gone() { shot after && [ "$(count "$WORK/after.png" "$REFUSED_BG")" -eq 0 ]; }
wait_until "the refusal to leave the board" gone

note "the panel's line of the refusal goes once stale: pia leaves, the game freezes"
# Faded, the line keeps its text (hidden, still in the accessible tree) while the game stays
# as it was; a change of the game's state clears it (the issue's "Not now: the game is over"
# under "Game 4 is on").
at "$GPID" labels | grep -q "^Wait: " || fail "the refusal's line went while the game stayed as it was: $(at "$GPID" labels)"
printf 'leave\n' >&7
wait_until "the game frozen" has_label "$GPID" "^Game 1 is frozen"
wait_until "the stale refusal to leave the panel" eval '! at "$GPID" labels | grep -q "^Wait: "'
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"

note "tic-tac-toe: a click out of turn is refused by its cell until the opponent moved"
gtk_kill $GPID
GPID=""
mkfifo "$WORK/o.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/o.in" >"$WORK/o.out" 2>&1 &
OPID=$!
exec 6>"$WORK/o.in"
printf 'hello opp player\njoin t\n' >&6
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board t --name gtk2 >"$WORK/gtk2.log" 2>&1 &
TPID=$!
wait_until "the match to start" has_label "$TPID" "^You play [XO] against opp\.$"
ME=$(at "$TPID" shown | sed -n 's/^You play \([XO]\) against opp\.$/\1/p')
# tclick N: click cell N of the tic-tac-toe window.
tclick() {
	set -- $(at "$TPID" cell "$1" | cut -d'|' -f2)
	xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
}
[ "$ME" = O ] && printf 'move 0 2\n' >&6
wait_until "our turn" has_label "$TPID" "^Your turn: place an $ME\.$"
tclick 0
wait_until "our $ME in cell 0" eval 'at "$TPID" cell 0 | grep -q "^row 1, column 1, $ME, last move|"'
tclick 4
said() { shot ttt && [ "$(count "$WORK/ttt.png" "$REFUSED_BG" "$TPID")" -gt 500 ]; }
wait_until "the refusal by cell 4" said
printf 'move 2 2\n' >&6
unsaid() { shot ttt && [ "$(count "$WORK/ttt.png" "$REFUSED_BG" "$TPID")" -eq 0 ]; }
wait_until "the refusal to go once the opponent moved" unsaid
has_label "$TPID" "^Your turn: place an $ME\.$" || fail "not our turn after the opponent's move: $(at "$TPID" shown)"
tclick 0
wait_until "the taken cell's refusal by it" said
cp "$WORK/ttt.png" "$(dirname "$0")/out/test-gtk-cards-ttt.png" 2>/dev/null
grep -q "^ERR" "$WORK/o.out" && fail "the opponent was refused: $(grep "^ERR" "$WORK/o.out")"
[ -s "$WORK/gtk2.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk2.log")"
note "took $(($(date +%s) - t0)) s from the first pick"

exec 7>&- 6>&-
gui_stop
finish
