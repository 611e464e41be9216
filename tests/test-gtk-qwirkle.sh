#!/bin/sh
# test-gtk-qwirkle.sh: board-gtk playing Qwirkle in Xvfb against board-bot (easy) on a real
# boardd (table q:qwirkle). On its turns the window lays what `boardctl rules qwirkle moves`
# finds for the table and the hand a screen reader reads off the window (the cells' and the
# hand's accessible names): first a tile placed with the keys (1-6, Space) and taken back
# (Backspace), then the lay with the mouse (a tile of the hand, then a square), the points
# the window says checked against the rules' before P plays it; the next turn a swap (Swap, a
# tile, Give back). Checks the score line, the hand following the draws, zoom and centring
# (the frame's cells), screenshots mid-lay (the lines framed) and after the swap, and that
# board-gtk writes nothing to stderr.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
. "$(dirname "$0")/gtk-qwirkle-lib.sh"
GPID="" BPID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

gui_stop() {
	gtk_kill $GPID $BPID $BUSPID $XPID
	GPID="" BPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

board_ready() { at "$GPID" board 2>/dev/null | grep -q "^Qwirkle table|"; }
my_turn() { has_label "$GPID" "^Your turn: lay tiles, swap or pass\.$"; }
ncells() { at "$GPID" board | sed 's/.* //'; }

gtk_display
note "boardd with a Qwirkle table, board-gtk and board-bot (easy)"
start_daemon --board q:qwirkle --seed 11
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board q --name gtk >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the Qwirkle table in the window" board_ready
"$BIN/board-bot" --socket "$SOCK" --shm-prefix "$PREFIX" --board q --name bot --game qwirkle --level easy \
	--delay-ms 50 --seed 5 >"$WORK/bot.out" 2>"$WORK/bot.err" &
BPID=$!
wait_until "the window's turn" my_turn

note "the keys: 1 picks the first tile, Space places it under the cursor, Backspace takes it back"
xdotool key 1 space
wait_until "a tile placed by the keys" eval 'at "$GPID" cells | grep -q "placed, not played yet|"'
has_label "$GPID" "^Not a lay: " || has_label "$GPID" "^This lay scores " || fail "no word on the tile placed: $(at "$GPID" shown)"
xdotool key BackSpace
wait_until "the tile taken back" eval '! at "$GPID" cells | grep -q "placed, not played yet|"'

note "a lay with the mouse, its points checked against the rules', played with P"
TABLE=$(table_now) HAND=$(hand_now)
LAY=$("$BIN/boardctl" rules qwirkle moves "$TABLE" "$HAND" | head -1)
[ -n "$LAY" ] || fail "the rules find no lay of $HAND on $TABLE"
POINTS=$(echo "$LAY" | cut -f2)
note "table $TABLE, hand $HAND: laying $(echo "$LAY" | cut -f1) for $POINTS"
lay "$(echo "$LAY" | cut -f1)"
wait_until "the points said" has_label "$GPID" "^This lay scores $POINTS points\.$"
xdotool mousemove 5 5
import -window root "$WORK/placed.png" && cp "$WORK/placed.png" "$OUT/test-gtk-qwirkle-placed.png"
xdotool key p
wait_until "the lay on the table" eval '! at "$GPID" cells | grep -q "placed, not played yet|"'
wait_until "the score line" eval 'at "$GPID" shown | grep -q " You $POINTS (6 in hand)"'

note "zoom out and centre again"
BEFORE=$(ncells)
xdotool key minus
wait_until "a wider frame" eval '[ "$(ncells)" -gt "$BEFORE" ]'
xdotool key c
wait_until "the frame centred again" eval '[ "$(ncells)" -eq "$BEFORE" ]'

note "a swap: Swap, a tile, Give back"
wait_until "the window's turn again" my_turn
OLD=$(hand_now)
press "$GPID" Swap
press "$GPID" "$(at "$GPID" buttons | grep "^Tile 1: ")"
wait_until "tile 1 marked" eval 'at "$GPID" buttons | grep -q "^Tile 1: .*, to swap$"'
press "$GPID" "Give back"
# The swap's event takes tile 1 out of the hand the window follows, its drew event puts the
# tile drawn last: the hand the window shows changes (a tile has at most 3 copies).
wait_until "the hand after the swap" eval '[ "$(hand_now)" != "$OLD" ]'
NEW=$(hand_now)
[ "$(echo "$NEW" | wc -w)" -eq 6 ] || fail "after the swap the hand is $NEW"
[ "$(echo "$OLD" | cut -d' ' -f2-)" = "$(echo "$NEW" | cut -d' ' -f1-5)" ] || fail "the swap kept $OLD -> $NEW"
grep -q "^ERR" "$WORK/gtk.log" && fail "a refusal: $(cat "$WORK/gtk.log")"
at "$GPID" labels | grep "^\(Refused\|Not now\|Not your turn\)" && fail "the window sent a move the daemon refused"

note "the table after the swap"
wait_until "the window's turn again" my_turn
xdotool mousemove 5 5
import -window root "$WORK/table.png" && cp "$WORK/table.png" "$OUT/test-gtk-qwirkle.png"
kill -TERM "$BPID"
wait "$BPID"
BPID=""
[ -s "$WORK/bot.err" ] && grep -v "playing on board\|left the board\|stopped by a signal" "$WORK/bot.err" &&
	fail "board-bot complained"
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"
gui_stop
finish
