#!/bin/sh
# test-gtk-hotseat.sh: board-gtk --hot-seat ana,bob in Xvfb: one window holds both seats of
# a Qwirkle table (h) of a real boardd, one connection each, and plays a whole game. Each
# turn the window first covers the hands ("Pass to NAME", the seat whose turn it is): then no
# tile of a hand is in its accessible tree (hidden widgets too), and a screenshot (looked at)
# shows none; once the button is pressed it shows that seat's hand, the one `boardctl dump
# --hands` reads from the private segment, and plays for that seat. The opener lays what
# `boardctl rules qwirkle moves` finds (the first lay's rule included) with clicks, the other
# swaps a tile; then every turn plays the first move the rules find for the hand the daemon
# holds, entered in the window (a click, the keys 1-6, the arrows, Space and P), until the
# game is over: the table after each lay is the one before and the lay, and the end on
# screen (points, tiles left, the winner by name; a screenshot looked at) is the daemon's;
# Play Again asks for both seats, and game 2 starts covered.
# The command line's refusals too; board-gtk writes nothing to stderr. AT-SPI is asked by one
# atspi.py serving the whole test (a few hundred questions).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
. "$(dirname "$0")/gtk-qwirkle-lib.sh"
GPID="" APID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

gui_stop() {
	[ -z "$APID" ] || exec 7>&- 8<&-
	gtk_kill $APID $GPID $BUSPID $XPID
	GPID="" APID="" BUSPID="" XPID=""
}

# at_serve: from now on `at $GPID ...` asks one atspi.py serving the window over two FIFOs
# (fds 7 and 8), not a python3 started per question: a whole game asks a few hundred.
at_serve() {
	mkfifo "$WORK/at.in" "$WORK/at.out" || fail "no FIFOs for atspi.py"
	"$PY" "$(dirname "$0")/atspi.py" "$GPID" serve <"$WORK/at.in" >"$WORK/at.out" 2>"$WORK/at.err" &
	APID=$!
	exec 7>"$WORK/at.in" 8<"$WORK/at.out"
}
# at: gtk-lib's, answered by the atspi.py serving once at_serve started it. Its whole answer
# is read before any of it is written, so that a reader that stops early (grep -q) leaves
# nothing of it for the next question.
at() {
	if [ -z "$APID" ] || [ "$1" != "$GPID" ]; then
		"$PY" "$(dirname "$0")/atspi.py" "$@"
		return
	fi
	shift
	kill -0 "$APID" 2>/dev/null || fail "atspi.py serve ended: $(cat "$WORK/at.err")"
	printf '%s\n' "$*" >&7
	at_lines=""
	while IFS= read -r at_line <&8; do
		case $at_line in "= "*)
			printf '%s' "$at_lines"
			return "${at_line#= }" ;;
		esac
		at_lines="$at_lines$at_line
"
	done
	fail "atspi.py serve ended: $(cat "$WORK/at.err")"
}
trap 'gui_stop; cleanup' EXIT

note "command line"
for bad in "--hot-seat ana" "--hot-seat ana,bob" "--board h --hot-seat ana,ana" "--board h --hot-seat a,b,c,d,e" \
	"--board h --spectate --hot-seat ana,bob" "--board h --hot-seat ana,,"; do
	env -u DISPLAY -u WAYLAND_DISPLAY "$GTK" $bad >/dev/null 2>"$WORK/usage.err" # no error window
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
# daemon: the table as the daemon has it, from one `boardctl dump --hands`: D_STATE (on,
# over) and D_TURN (whose turn, empty if none), D_TABLE, D_BAG, each seat's hand (D_HAND0,
# D_HAND1).
daemon() {
	"$BIN/boardctl" dump h --hands >"$WORK/dump" || fail "no dump of table h"
	D_TURN=""
	while IFS= read -r line; do
		case $line in
		"game "*)
			D_STATE=${line#game * } D_STATE=${D_STATE%%:*}
			case $line in *": player "*" to move"*) D_TURN=${line#*: player } D_TURN=${D_TURN%% *} ;; esac ;;
		"table "*) D_TABLE=${line#table } ;;
		"bag "[0-9]*) D_BAG=${line#bag } D_BAG=${D_BAG%%,*} ;;
		"hand of player 0: "*) D_HAND0=${line#*: } ;;
		"hand of player 1: "*) D_HAND1=${line#*: } ;;
		esac
	done <"$WORK/dump"
}
# same_tiles A B: the hands A and B hold the same tiles, in any order.
same_tiles() {
	rest=" $2 "
	for t in $1; do
		case $rest in *" $t "*) rest="${rest%%" $t "*} ${rest#*" $t "}" ;; *) return 1 ;; esac
	done
	case $rest in *[a-f]*) return 1 ;; esac
}
# pass NAME ID: the cover names NAME; nothing of a hand shows; Pass to NAME shows NAME's hand.
pass() {
	who=$1 id=$2
	wait_until "the cover for $who" eval '[ "$(cover)" = "$who" ]'
	hidden
	at "$GPID" shown | grep -q "^$who's turn\. Pass the window to $who" || fail "the cover says: $(at "$GPID" shown)"
	press "$GPID" "Pass to $who"
	daemon
	eval "want=\$D_HAND$id"
	wait_until "$who's hand shown" eval 'same_tiles "$(hand_now)" "$want"'
	[ -z "$(cover)" ] || fail "the cover stays after Pass to $who"
}

gtk_display
note "boardd with a Qwirkle table h, one board-gtk window for ana and bob"
start_daemon --board h:qwirkle --seed 11
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board h --hot-seat ana,bob >"$WORK/gtk.log" 2>&1 &
GPID=$!
at_serve
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
daemon
eval "! same_tiles \"\$OLD\" \"\$D_HAND$SID\"" || fail "$SECOND's swap left the hand as it was: $OLD"

note "the rest of the game: each turn passed, then the rules' first move entered in the window"
# A turn must cost little: the helpers start few processes (a loaded machine starts each
# one slowly) and ask AT-SPI five questions a turn.
# hot_pass NAME HAND: pass's checks with fewer questions: the cover names NAME and no tile
# of a hand is in the window; once Pass to NAME is pressed, the cover is gone and the hand
# shown (into SHOWN) is HAND, both read from one list of the buttons.
hot_pass() {
	who=$1 want=$2
	wait_until "the cover for $who" eval 'xy=$(at "$GPID" button "Pass to $who")'
	set -- $xy
	[ $# -eq 4 ] || fail "the button Pass to $who at '$xy'"
	hidden
	xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
	wait_until "$who's hand shown" eval 'at "$GPID" buttons >"$WORK/buttons" && ! grep -q "^Pass to " "$WORK/buttons" &&
		SHOWN=$(hand_in "$WORK/buttons") && same_tiles "$SHOWN" "$want"'
}
name_of() { if [ "$1" = "$FID" ]; then echo "$FIRST"; else echo "$SECOND"; fi; }
# adjacent X,Y CELLS: a neighbour of cell X,Y is one of CELLS (" x,y x,y ... ").
adjacent() {
	x=${1%,*} y=${1#*,}
	case $2 in *" $((x - 1)),$y "* | *" $((x + 1)),$y "* | *" $x,$((y - 1)) "* | *" $x,$((y + 1)) "*) return 0 ;; esac
	return 1
}
# ordered TABLE LAY: the lay's placements in an order where each touches the table or one
# placed before, so that each lies in the window's frame (the tiles and two cells around
# them) when its turn to be placed comes; into ORDERED.
ordered() {
	cells=" "
	for p in $1; do cells="$cells${p#*@} "; done
	left=$2 ORDERED=""
	while [ -n "$left" ]; do
		rest="" found=""
		for p in $left; do
			if [ -z "$found" ] && adjacent "${p#*@}" "$cells"; then
				found=$p
			else
				rest="$rest $p"
			fi
		done
		[ -n "$found" ] || fail "the lay $2 does not touch the table $1"
		ORDERED="${ORDERED:+$ORDERED }$found" cells="$cells${found#*@} " left=${rest# }
	done
}
# cell_at N: cell N of the window's board: its table cell (CX CY) and its square's corner
# (CL CT) and side (CW), from its line "x 3, y -1, ...|left top width height|...".
cell_at() {
	c=$(at "$GPID" cell "$1") || return 1
	name=${c%%|*} c=${c#*|}
	CX=${name#x } CX=${CX%%,*} CY=${name#*, y } CY=${CY%%,*}
	set -- ${c%%|*}
	[ $# -eq 4 ] && CL=$1 CT=$2 CW=$3
}
# grid: the window's board read off its first two cells: the table cell at its top left
# (GX GY), the first square's corner (GL GT) and side (GW), the squares' pitch (GP); false
# if the two cells do not agree (the frame moved between the reads).
grid() {
	cell_at 0 || return 1
	GX=$CX GY=$CY GL=$CL GT=$CT GW=$CW
	cell_at 1 && [ "$CX" -eq $((GX + 1)) ] && [ "$CY" -eq "$GY" ] || return 1
	GP=$((CL - GL))
}
# lay_keys LAY: xdotool's words that enter the lay (ORDERED by ordered): for each tile its
# number in the hand shown ($SHOWN), then its square: the first one clicked, where grid puts
# it; each next one reached with the arrows from the one before (the cursor stays on the
# square of the tile placed, while the frame may move under it), and Space; into WORDS.
lay_keys() {
	order=" $SHOWN " WORDS="" cx=""
	for p in $1; do
		tile=${p%@*} xy=${p#*@}
		x=${xy%,*} y=${xy#*,}
		pre=${order%%" $tile "*}
		[ "$pre" != "$order" ] || fail "no $tile left in the hand shown: $SHOWN"
		order="$pre - ${order#*" $tile "}"
		set -- $pre
		WORDS="$WORDS key $(($# + 1))"
		if [ -z "$cx" ]; then
			WORDS="$WORDS mousemove $((GL + (x - GX) * GP + GW / 2)) $((GT + (GY - y) * GP + GW / 2)) click 1 key --delay 0"
		else
			while [ "$cx" -lt "$x" ]; do WORDS="$WORDS Right" cx=$((cx + 1)); done
			while [ "$cx" -gt "$x" ]; do WORDS="$WORDS Left" cx=$((cx - 1)); done
			while [ "$cy" -lt "$y" ]; do WORDS="$WORDS Up" cy=$((cy + 1)); done
			while [ "$cy" -gt "$y" ]; do WORDS="$WORDS Down" cy=$((cy - 1)); done
			WORDS="$WORDS space"
		fi
		cx=$x cy=$y
	done
}
# play HAND: the turn of the seat whose hand (the daemon's) is HAND, shown: the first of
# `boardctl rules qwirkle moves` on the table, hand and bag (daemon's). A lay is entered as
# lay_keys says, then P; a swap gives back tile 1; a pass is the Pass button.
play() {
	same_tiles "$SHOWN" "$1" || fail "the window shows $SHOWN, the daemon $1"
	MOVE=$("$BIN/boardctl" rules qwirkle moves "$D_TABLE" "$1" "$D_BAG") || fail "no moves of $1 on $D_TABLE"
	MOVE=${MOVE%%"	"*}
	case $MOVE in
	swap) xdotool key s 1 && press "$GPID" "Give back" && SWAPS=$((SWAPS + 1)) ;;
	pass) press "$GPID" Pass && PASSES=$((PASSES + 1)) ;;
	*)
		ordered "$D_TABLE" "$MOVE"
		wait_until "the window's grid" grid
		lay_keys "$ORDERED"
		xdotool $WORDS key p
		LAYS=$((LAYS + 1))
		;;
	esac
}
T0=$(date +%s)
SHOWN=$(hand_now)
TURNS=3 LAYS=0 SWAPS=0 PASSES=0
daemon
while :; do
	id=$D_TURN table=$D_TABLE
	eval "play \"\$D_HAND$id\""
	TURNS=$((TURNS + 1))
	wait_until "turn $TURNS played ($MOVE)" eval 'daemon && [ "$D_STATE $D_TURN" != "on $id" ]'
	case $MOVE in swap | pass) ;; *)
		[ "$D_TABLE" = "$table $ORDERED" ] || fail "the window laid $D_TABLE after $table, not $ORDERED" ;;
	esac
	[ "$D_STATE" = on ] || break
	eval "hot_pass \"\$(name_of \"\$D_TURN\")\" \"\$D_HAND$D_TURN\""
done
note "game over after $TURNS turns: $LAYS lays, $SWAPS swaps, $PASSES passes through the window ($(($(date +%s) - T0)) s)"
note "the end on screen as the daemon has it, the winner by name"
"$BIN/boardctl" dump h >"$WORK/end.txt" || fail "no dump of the table at its end"
# points ID: "tiles points" of seat ID at the end.
points() { sed -n "s/^bag 0, .*player $1: \([0-9]*\) tiles \([0-9]*\) points.*/\1 \2/p" "$WORK/end.txt"; }
set -- $(points 0) $(points 1)
[ $# -eq 4 ] || fail "the end's dump: $(cat "$WORK/end.txt")"
INFO="Bag: 0 tiles. $(name_of 0) $2 ($1 in hand), $(name_of 1) $4 ($3 in hand)."
WIN=$(awk '$8 == "win" { print $1 }' "$WORK/end.txt")
case $WIN in 0) BANNER="$(name_of 0) won with $2 points." ;; 1) BANNER="$(name_of 1) won with $4 points." ;; *) fail "no one seat won: $(cat "$WORK/end.txt")" ;; esac
wait_until "the end on screen" has_label "$GPID" "^Game 1 is over\.$"
at "$GPID" shown >"$WORK/shown"
grep -qxF "$INFO" "$WORK/shown" || fail "the window's end says $(cat "$WORK/shown"), not $INFO"
grep -qxF "$BANNER" "$WORK/shown" || fail "the window's end says $(cat "$WORK/shown"), not $BANNER"
grep -q "^you$\|You " "$WORK/shown" && fail "the end of a hot-seat game names a seat you: $(cat "$WORK/shown")"
xdotool mousemove 5 5
import -window root "$WORK/over.png" && cp "$WORK/over.png" "$OUT/test-gtk-hotseat-over.png"
at "$GPID" labels | grep "^\(Refused\|Not now\|Not your turn\)" && fail "the window sent a move the daemon refused"

note "Play Again asks for both seats: game 2 starts covered, for the seat whose turn it is"
press "$GPID" "Play Again"
wait_until "game 2 on" eval '"$BIN/boardctl" dump h | grep -q "^game 2 on"'
daemon
pass "$(name_of "$D_TURN")" "$D_TURN"
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"
gui_stop
finish
