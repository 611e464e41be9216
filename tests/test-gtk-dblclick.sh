#!/bin/sh
# test-gtk-dblclick.sh: in board-gtk's Memory view a double-click on a face-down card is one
# pick: xdotool double-clicks a card, the daemon holds it face up as the player's first pick,
# and the next click, on another card, is the second pick (a match or mismatch right after
# the up, no "down ... repick" between, in the events a spectator logs); the window shows no
# refusal and the card face up (screenshot).
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/gtk-lib.sh"
GPID="" WPID=""
gtk_need

# Stop everything this test started besides the daemon (lib.sh's cleanup does that).
gui_stop() {
	gtk_kill $GPID $WPID $BUSPID $XPID
	GPID="" WPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

seat_of() { ask players | awk -v n="$1" '$1 == "PLAYER" && $6 == n { print $2 }'; }
is_seated() { [ -n "$(seat_of "$1")" ]; }
board_ready() { [ "$(at "$1" table 2>/dev/null | awk '{ print $5 }')" = 16 ]; }
# card_of X Y: "up OWNER", "locked OWNER", or "down", as the daemon holds it.
card_of() { ask cards | awk -v x="$1" -v y="$2" '$1 == "CARD" && $2 == x && $3 == y { s = $4 " " $6 } END { print s ? s : "down" }'; }
# click_at CELL ARGS...: move the pointer to the centre of card CELL (its extents on screen,
# from AT-SPI) and click with xdotool's click ARGS.
click_at() {
	cell=$1
	shift
	set -- $(at "$GPID" card "$cell" | cut -d'|' -f2) "$@"
	[ $# -ge 5 ] || fail "no extents for card $cell: $(at "$GPID" card "$cell")"
	x=$(($1 + $3 / 2)) y=$(($2 + $4 / 2))
	shift 4
	xdotool mousemove "$x" "$y" click "$@"
}

note "X server, boardd (one player starts a game; no pick times out), a watcher, board-gtk"
gtk_display
start_daemon --min-players 1 --first-pick-ms 3600000 --mismatch-ms 3600000 --seed 5
mkfifo "$WORK/watch.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/watch.in" >"$WORK/watch.out" 2>&1 &
WPID=$!
exec 8>"$WORK/watch.in"
printf 'hello watcher spectator\njoin main\n' >&8
wait_for "$WORK/watch.out" "^OK join main"
# The double-click time the window keeps is the toolkit's setting, 400 ms by default; on a
# loaded machine xdotool may sleep past that between its clicks, and they are two clicks then
# (for GTK as well). A 3 s setting keeps the two presses one double-click.
mkdir -p "$WORK/config/gtk-3.0"
printf '[Settings]\ngtk-double-click-time=3000\n' >"$WORK/config/gtk-3.0/settings.ini"
XDG_CONFIG_HOME="$WORK/config" "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --name dbl >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "board-gtk to be seated" is_seated dbl
ME=$(seat_of dbl)
wait_until "the board in board-gtk's window" board_ready "$GPID"
wait_until "the game to be on" has_label "$GPID" "Game 1 is on"
[ "$(card_of 0 0) $(card_of 1 0)" = "down down" ] || fail "cards 0 0 and 1 0 are not face down: $(ask cards)"

note "a double-click on card 0 0: one pick"
click_at 0 --repeat 2 --delay 80 1
wait_for "$WORK/watch.out" "^EVENT [0-9]+ up 0 0 [a-z]+ $ME\$"
# Right moves the keyboard cursor: once it is on card 1, the window has handled both presses
# before it (X delivers them in order) and sent what it was going to send for them.
xdotool mousemove 5 5 key Right
wait_until "the cursor on card 1" eval "at $GPID card 1 | grep -q '|[a-z,]*focused'"
wait_until "the window to show card 0 0 face up" eval "at $GPID card 0 | grep -q '^row 1, column 1, face up, '"
[ "$(card_of 0 0)" = "up $ME" ] || fail "card 0 0 is $(card_of 0 0) in boardd, not dbl's first pick: $(grep "^EVENT" "$WORK/watch.out")"
import -window root "$WORK/dblclick.png" || fail "no screenshot"
cp "$WORK/dblclick.png" "$(dirname "$0")/out/test-gtk-dblclick.png" 2>/dev/null # for people to look at
has_label "$GPID" "Taken" && fail "the window says Taken after a double-click: $(at "$GPID" shown)"
set -- $(at "$GPID" card 0 | cut -d'|' -f2)
face=$(convert "$WORK/dblclick.png" -format "%[hex:p{$(($1 + $3 / 2)),$(($2 + $4 * 9 / 10))}]" info: | cut -c1-6)
[ "$face" = FBFAF7 ] || fail "card 0 0 shows #$face at its bottom, not the face colour #FBFAF7"

note "a click on card 1 0 is the second pick"
click_at 1 1
wait_for "$WORK/watch.out" "^EVENT [0-9]+ (match 0 0 1 0 |mismatch 0 0 [a-z]+ 1 0 )"
# The events from the double-click on: the up, then the second pick, nothing between.
sed -n '/^EVENT [0-9]* up 0 0 /,$p' "$WORK/watch.out" | grep "^EVENT" | head -2 | cut -d' ' -f3 >"$WORK/after"
[ "$(tr '\n' ' ' <"$WORK/after")" = "up match " ] || [ "$(tr '\n' ' ' <"$WORK/after")" = "up mismatch " ] ||
	fail "after the double-click the events were not an up then the second pick: $(grep "^EVENT" "$WORK/watch.out")"
grep -q "^EVENT [0-9]* down " "$WORK/watch.out" && fail "a card turned down: $(grep "^EVENT" "$WORK/watch.out")"
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"

exec 8>&-
gui_stop
finish
