#!/bin/sh
# test-gtk-many.sh: board-gtk at a Memory table of 25 players on a 1280x900 screen: the
# player list scrolls, so the window is as tall as with 2 players and fits the screen; the
# state line under the list stays in the window; AT-SPI still reads all 25 rows, and the
# last one comes into view when the list is scrolled with the mouse wheel. The table waits
# for 27 players, so nobody plays meanwhile. Screenshots: tests/out/test-gtk-many.png,
# and -scrolled.png with the list at its end.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID="" SITPID=""
gtk_need
trap 'gtk_kill $GPID $SITPID $BUSPID $XPID; cleanup' EXIT

# gtk-lib.sh's screen is 1024x768; this test needs the 900 px of a laptop's screen.
Xvfb() {
	for a in "$@"; do
		shift
		case "$a" in [0-9]*x[0-9]*x[0-9]*) a=1280x900x24 ;; esac
		set -- "$@" "$a"
	done
	exec "$(command -v Xvfb)" "$@"
}
gtk_display
[ "$(xdpyinfo 2>/dev/null | awk '$1 == "dimensions:" { print $2 }')" = 1280x900 ] ||
	fail "the screen is not 1280x900: $(xdpyinfo | grep dimensions:)"

start_daemon --board main:4 --min-players 27 --max-seats-per-uid 0 --max-connections-per-uid 0

# sit FROM TO: players pFROM..pTO join and sit (one process, one connection each, reading
# whatever comes); seated when `players` lists them.
sit() {
	"$PY" - "$SOCK" "$1" "$2" <<'EOF' &
import select, socket, sys
conns = []
for n in range(int(sys.argv[2]), int(sys.argv[3]) + 1):
    s = socket.socket(socket.AF_UNIX)
    s.connect(sys.argv[1])
    s.sendall(b"hello p%02d player\njoin main\n" % n)
    conns.append(s)
while conns:
    for s in select.select(conns, [], [])[0]:
        if not s.recv(65536):
            conns.remove(s)
EOF
	SITPID="$SITPID $!"
}
seated() { [ "$(ask players | grep -c "^PLAYER ")" = "$1" ]; }
rows() { [ "$(at "$1" rows 2>/dev/null | grep -c '|')" = "$2" ]; }
# height_of PID: the height of the window of PID once two readings a second apart agree.
height_of() {
	win=$(xdotool search --onlyvisible --pid "$1" | head -1)
	[ -n "$win" ] || fail "no window of $1"
	h=$(xwininfo -id "$win" | awk '/^  Height:/ { print $2 }')
	for _ in $(seq 1 30); do
		sleep 1
		h2=$(xwininfo -id "$win" | awk '/^  Height:/ { print $2 }')
		[ "$h2" = "$h" ] && { echo "$h"; return; }
		h=$h2
	done
	fail "the window of $1 keeps changing height"
}
# window_bottom PID: the screen y just below the window of PID.
window_bottom() {
	eval "$(xdotool getwindowgeometry --shell "$(xdotool search --onlyvisible --pid "$1" | head -1)")"
	echo $((Y + HEIGHT))
}
# state_fits PID TEXT: the state line shows TEXT and lies inside the window.
state_fits() {
	e=$(at "$1" label "$2") || fail "no state line '$2' in the window of $1"
	set -- "$1" "$2" $e
	[ $(($4 + $6)) -le "$(window_bottom "$1")" ] ||
		fail "the state line ends at y $(($4 + $6)), below the window's bottom $(window_bottom "$1")"
}
# opens NAME: board-gtk joins as NAME; its pid in GPID.
opens() {
	"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --name "$1" >"$WORK/$1.log" 2>&1 &
	GPID=$!
}

# as_tall WHAT: once the window of GPID shows 25 players, it is as tall as with 2 (H2), within
# a few px, fits the 900 px screen and shows the state line.
as_tall() {
	wait_until "25 seated" seated 25
	wait_until "25 rows in the window" rows "$GPID" 25
	wait_until "the state line" has_label "$GPID" "^Waiting for players: 25 of 27 here"
	H=$(height_of "$GPID")
	note "25 players, $1: ${H} px"
	[ "$H" -le 900 ] && [ "$H" -ge $((H2 - 4)) ] && [ "$H" -le $((H2 + 4)) ] ||
		fail "with 25 players $1 is $H px tall, with 2 it was $H2 px (the screen: 900)"
	state_fits "$GPID" "Waiting for players: 25 of 27 here."
}

note "2 players: the window's height"
sit 1 1
wait_until "p01 to sit" seated 1
opens few
wait_until "2 rows in the window" rows "$GPID" 2
wait_until "the state line" has_label "$GPID" "^Waiting for players: 2 of 27 here"
H2=$(height_of "$GPID")
state_fits "$GPID" "Waiting for players: 2 of 27 here."
note "2 players: ${H2} px"

note "23 more players while the window is open: it does not grow"
sit 2 24
as_tall "the open window"
gtk_kill $GPID
GPID=""
wait_until "few to leave" seated 24

note "board-gtk opens as the 25th player: as tall as with 2"
opens many
xdotool mousemove 5 5 # off the list: no row's tooltip in the screenshot
as_tall "a new window"
at "$GPID" rows >"$WORK/rows"
for n in $(seq -w 1 24); do
	grep -q "^p$n (" "$WORK/rows" || fail "no row of p$n: $(cat "$WORK/rows")"
done
grep -q "^many (you" "$WORK/rows" || fail "no row of many: $(cat "$WORK/rows")"
import -window root "$WORK/many.png" || fail "no screenshot"
cp "$WORK/many.png" "$(dirname "$0")/out/test-gtk-many.png" 2>/dev/null # for people to look at

note "the mouse wheel scrolls the last row into view, above the state line"
# last_shown: the last row (seat 24's: every score is 0) is on screen (AT-SPI puts a row
# scrolled out of view at a huge negative x and y) and ends above the state line.
last_shown() {
	e=$(at "$GPID" label "Waiting for players: 25 of 27 here.") || fail "no state line"
	set -- $(at "$GPID" rows | tail -n 1 | cut -d'|' -f3) $e
	[ "$2" -ge 0 ] && [ $(($2 + $4)) -le "$6" ]
}
last_shown && fail "the last row is in view before scrolling: is the list 25 rows tall?"
set -- $(at "$GPID" rows | head -n 1 | cut -d'|' -f3)
xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2))
for _ in $(seq 1 40); do
	xdotool click 5
	last_shown && break
	sleep 0.2
done
last_shown || fail "the last row is not in view after scrolling: $(at "$GPID" rows | tail -n 1)"
xdotool mousemove 5 5
import -window root "$WORK/scrolled.png" || fail "no screenshot"
cp "$WORK/scrolled.png" "$(dirname "$0")/out/test-gtk-many-scrolled.png" 2>/dev/null

gtk_kill $GPID $SITPID
GPID="" SITPID=""
[ -s "$WORK/few.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/few.log")"
[ -s "$WORK/many.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/many.log")"
gtk_kill $BUSPID $XPID
BUSPID="" XPID=""
finish
