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
# play_at BOARD OPTIONS: boardd with the Qwirkle table BOARD (",practice=on" or ""), board-gtk
# at it, then board-bot (easy) there.
play_at() {
	start_daemon --board "$1:qwirkle$2" --seed 11
	"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board "$1" --name gtk >"$WORK/gtk.log" 2>&1 &
	GPID=$!
	wait_until "the Qwirkle table in the window" board_ready
	"$BIN/board-bot" --socket "$SOCK" --shm-prefix "$PREFIX" --board "$1" --name bot --game qwirkle --level easy \
		--delay-ms 50 --seed 5 >"$WORK/bot.out" 2>"$WORK/bot.err" &
	BPID=$!
}

gtk_display
note "boardd with a Qwirkle table, board-gtk and board-bot (easy)"
play_at q ""
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

# --- Practice ---------------------------------------------------------------------------
# A practice table (practice=on) against the easy bot: the game marked as practice (the
# window's title, the panel's note), a tile of the bag that is not in the hand picked from
# the picker of any tile and laid (its points said as the rules score it), the daemon's
# table holding it and the hand as it was (boardctl dump --hands, and the window's).
ctl() { "$BIN/boardctl" --shm-prefix "$PREFIX" --socket "$SOCK" "$@"; }
# tile_name CODE: a tile's name from its notation (c5 -> "red circle").
tile_name() {
	set -- "$(echo "$1" | cut -c1)" "$(echo "$1" | cut -c2)"
	echo "$(echo "blue yellow orange purple red green" | cut -d' ' -f"$2")" \
		"$(echo "diamond square circle clover criss-cross starburst" | cut -d' ' -f$(($(printf '%d' "'$1") - 96)))"
}
sorted() { echo "$@" | tr ' ' '\n' | sort | tr '\n' ' '; }
note "practice: a practice=on table, board-gtk and board-bot (easy)"
gtk_kill $GPID
stop_daemon
T=p
play_at p ,practice=on
wait_until "the practice mark" has_label "$GPID" "^Practice game: any tile may be laid, your hand is kept\.$"
at "$GPID" names 2>/dev/null | grep -qx "Qwirkle (practice game)" || fail "the title: $(at "$GPID" names | head -3)"
wait_until "the window's turn" my_turn
# mine: the window's seat, the one whose hand in the dump is the window's.
mine() {
	wait_until "the window's hand" eval '[ "$(hand_now | wc -w)" -eq 6 ]'
	ctl dump "$T" --hands >"$WORK/dump" || fail "no dump of $T"
	TABLE=$(sed -n 's/^table //p' "$WORK/dump") HAND=$(hand_now)
	SEAT=$(sed -n 's/^hand of player \([0-9]\):/\1/p' "$WORK/dump" | while read -r seat h; do
		[ "$(sorted $h)" = "$(sorted $HAND)" ] && echo "$seat"; done | head -1)
	[ -n "$SEAT" ] || fail "the window's hand $HAND is none of the dump's: $(cat "$WORK/dump")"
}
mine
if grep -q "no tile on the table yet" "$WORK/dump"; then # the window opens: its own first lay
	lay "$("$BIN/boardctl" rules qwirkle moves - "$HAND" | head -1 | cut -f1)"
	xdotool key p
	wait_until "the bot's turn" eval 'ctl dump "$T" | grep -q "^last turn: [a-z]* by player [^$SEAT],"'
	wait_until "the window's turn again" my_turn
	mine
fi
LAY=""
for t in $(sed -n 's/^bag: [0-9]* tiles://p' "$WORK/dump" | tr ' ' '\n' | sort -u); do
	echo " $HAND " | grep -q " $t " && continue
	LAY=$("$BIN/boardctl" rules qwirkle moves "$TABLE" "$t" | head -1) && [ -n "$LAY" ] && break
done
[ -n "$LAY" ] || fail "no tile of the bag lays on $TABLE: $(cat "$WORK/dump")"
P=$(echo "$LAY" | cut -f1) POINTS=$(echo "$LAY" | cut -f2)
note "practice: $P (not in the hand $HAND) from the picker, for $POINTS"
press "$GPID" "Any tile: $(tile_name "${P%@*}")"
wait_until "the picker's tile picked" eval 'at "$GPID" buttons | grep -qx "Any tile: $(tile_name "${P%@*}"), picked"'
XY=${P#*@}
square "${XY%,*}" "${XY#*,}"
wait_until "the tile placed" eval 'at "$GPID" cells | grep -q "^x ${XY%,*}, y ${XY#*,}, .*placed, not played yet|"'
wait_until "its points said" has_label "$GPID" "^This lay scores $POINTS points\?\.$"
xdotool mousemove 5 5
import -window root "$WORK/practice.png" && cp "$WORK/practice.png" "$OUT/test-gtk-qwirkle-practice.png"
press "$GPID" Play
wait_until "the tile on the daemon's table" eval 'ctl dump "$T" | grep -q "^table .*\<$P\>"'
ctl dump "$T" --hands >"$WORK/dump" || fail "no dump of $T"
grep -q "qwirkle, 2 seats, PRACTICE" "$WORK/dump" || fail "the dump says no practice: $(cat "$WORK/dump")"
[ "$(sorted $(sed -n "s/^hand of player $SEAT: //p" "$WORK/dump"))" = "$(sorted $HAND)" ] || fail "the hand changed: $(cat "$WORK/dump")"
[ "$(sorted $(hand_now))" = "$(sorted $HAND)" ] || fail "the window's hand changed: $(hand_now), was $HAND"
kill -TERM "$BPID"
wait "$BPID"
BPID=""
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"
gui_stop
finish
