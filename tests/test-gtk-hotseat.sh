#!/bin/sh
# test-gtk-hotseat.sh: board-gtk --hot-seat ana,bob in Xvfb: one window holds both seats of
# a Qwirkle table (h) of a real boardd, one connection each. Each turn the window first
# covers the hands ("Pass to NAME", the seat whose turn it is): then no tile of a hand is in
# its accessible tree (hidden widgets too), and a screenshot (looked at) shows none; once the
# button is pressed it shows that seat's hand, the one `boardctl dump --hands` reads from the
# private segment, and plays for that seat: the opener lays what `boardctl rules qwirkle
# moves` finds (the first lay's rule included), the other swaps a tile, and the opener's next
# turn is covered again. The command line's refusals too; board-gtk writes nothing to stderr.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
. "$(dirname "$0")/gtk-qwirkle-lib.sh"
GPID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

gui_stop() {
	gtk_kill $GPID $BUSPID $XPID
	GPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

note "command line"
for bad in "--hot-seat ana" "--hot-seat ana,bob" "--board h --hot-seat ana,ana" "--board h --hot-seat a,b,c,d,e" \
	"--board h --spectate --hot-seat ana,bob" "--board h --hot-seat ana,,"; do
	"$GTK" $bad >/dev/null 2>"$WORK/usage.err"
	rc=$?
	[ "$rc" -eq 2 ] && grep -q '^board-gtk: ' "$WORK/usage.err" || fail "board-gtk $bad exited $rc: $(cat "$WORK/usage.err")"
done

cover() { at "$GPID" buttons 2>/dev/null | sed -n 's/^Pass to //p'; }
# hidden: no tile of a hand named anywhere in the window, shown or not.
hidden() {
	at "$GPID" names >"$WORK/names" || fail "no names"
	grep '^Tile [0-9]: ' "$WORK/names" && fail "a hand's tile is in the accessible tree while covered: $(cat "$WORK/names")"
	return 0
}
# dump_hand ID: that player's hand as the private segment holds it, sorted.
dump_hand() { "$BIN/boardctl" dump h --hands | sed -n "s/^hand of player $1: //p" | tr ' ' '\n' | sort | tr '\n' ' '; }
sorted() { echo "$1" | tr ' ' '\n' | sort | tr '\n' ' '; }
# pass NAME ID: the cover names NAME; nothing of a hand shows; Pass to NAME shows NAME's hand.
pass() {
	who=$1 id=$2
	wait_until "the cover for $who" eval '[ "$(cover)" = "$who" ]'
	hidden
	at "$GPID" shown | grep -q "^$who's turn\. Pass the window to $who" || fail "the cover says: $(at "$GPID" shown)"
	press "$GPID" "Pass to $who"
	wait_until "$who's hand shown" eval '[ "$(sorted "$(hand_now)")" = "$(dump_hand "$id")" ]'
	[ -z "$(cover)" ] || fail "the cover stays after Pass to $who"
}

gtk_display
note "boardd with a Qwirkle table h, one board-gtk window for ana and bob"
start_daemon --board h:qwirkle --seed 11
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board h --hot-seat ana,bob >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "a cover in the window" eval '[ -n "$(cover)" ]'
FIRST=$(cover)
case $FIRST in ana) FID=0 SECOND=bob SID=1 ;; bob) FID=1 SECOND=ana SID=0 ;; *) fail "the cover names '$FIRST'" ;; esac
"$BIN/boardctl" dump h --json | grep -q "\"turn\":$FID[,}]" || fail "the cover names $FIRST, the table: $("$BIN/boardctl" dump h --json)"
hidden
xdotool mousemove 5 5
import -window root "$WORK/covered.png" && cp "$WORK/covered.png" "$OUT/test-gtk-hotseat-covered.png"

note "$FIRST opens: the window shows $FIRST's hand once passed, and lays"
pass "$FIRST" "$FID"
HAND=$(hand_now)
LAY=$("$BIN/boardctl" rules qwirkle moves - "$HAND" | head -1)
[ -n "$LAY" ] || fail "the rules find no first lay of $HAND"
lay "$(echo "$LAY" | cut -f1)"
xdotool mousemove 5 5
import -window root "$WORK/shown.png" && cp "$WORK/shown.png" "$OUT/test-gtk-hotseat-shown.png"
press "$GPID" Play

note "$SECOND's turn: covered, then passed; a swap"
pass "$SECOND" "$SID"
[ "$(table_now)" != - ] || fail "the table is empty after $FIRST's lay"
OLD=$(hand_now)
press "$GPID" Swap
press "$GPID" "$(at "$GPID" buttons | grep "^Tile 1: ")"
wait_until "tile 1 marked" eval 'at "$GPID" buttons | grep -q "^Tile 1: .*, to swap$"'
press "$GPID" "Give back"

note "$FIRST's turn again: covered, then passed"
wait_until "the cover for $FIRST" eval '[ "$(cover)" = "$FIRST" ]'
xdotool mousemove 5 5
import -window root "$WORK/covered2.png" && cp "$WORK/covered2.png" "$OUT/test-gtk-hotseat-covered2.png"
pass "$FIRST" "$FID"
[ "$(sorted "$OLD")" != "$(dump_hand "$SID")" ] || fail "$SECOND's swap left the hand as it was: $OLD"
at "$GPID" labels | grep "^\(Refused\|Not now\|Not your turn\)" && fail "the window sent a move the daemon refused"
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"
gui_stop
finish
