#!/bin/sh
# test-gtk-look.sh: board-gtk's look (issue 18, "Themes and sizes"), in one window of the dark
# theme at a 32x32 Memory table:
#   - the palette (tests/look-palette.py, on board-gtk.css and its dark and high-contrast
#     variants): 8 player colours apart with simulated deuteranopia, protanopia and
#     tritanopia; the keyboard cursor at 3:1 on every player colour; the panel's text colours;
#   - 32x32 is readable: cards are VIEW_MIN_CELL (48) px less their gap, the board scrolls
#     and the window fits the 1024x768 screen; the window's minimum size is small;
#   - with GTK_THEME=Adwaita:dark, every text in the window (labels, buttons: AT-SPI's
#     extents) is at 4.5:1 or more, measured in a screenshot by tests/look-contrast.py, with a
#     refusal on the feedback line and, at the end, the connection banner showing;
#   - the text the board draws (tests/look-board.py: a face-up card's value, the badge's
#     initials, the countdown's seconds) is at 4.5:1 or more in the same screenshot;
#   - HiDPI and the light theme: a second window, light, at GDK_SCALE=2 (Bob, who picks a
#     card): the letters of the same card twice as high in the screenshot; the board's texts
#     and the window's at 4.5:1 where AT-SPI's extents, doubled, put them;
#   - the keyboard cursor's ring shows on the player's board and not on a spectator's;
#   - the board does not move when the connection banner appears.
# Screenshots: tests/out/test-gtk-look.png, -hidpi.png and -banner.png.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID="" SPID="" APID="" HPID=""
gtk_need
trap 'gtk_kill $GPID $SPID $HPID $APID $BUSPID $XPID; cleanup' EXIT
SRC="$(dirname "$0")/../clients/gtk"
OUT="$(dirname "$0")/out"

note "the palette, the cursor's colours and the panel's text colours, in the three stylesheets"
"$PY" "$(dirname "$0")/look-palette.py" "$SRC/board-gtk.css" "$SRC/board-gtk-dark.css" "$SRC/board-gtk-hc.css" ||
	fail "the stylesheets' colours (above)"

note "X server, boardd with a 32x32 Memory table (a first pick held 99 s: two figures on its clock), Alan (the test's player), board-gtk (dark) as Alice"
gtk_display
start_daemon --board main:32 --first-pick-ms 99000 --mismatch-ms 3600000 --seed 5
mkfifo "$WORK/alan.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/alan.in" >"$WORK/alan.out" 2>&1 &
APID=$!
exec 8>"$WORK/alan.in"
printf 'hello Alan player\njoin main\n' >&8
wait_for "$WORK/alan.out" "^OK join main"
GTK_THEME=Adwaita:dark "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --name Alice >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the game to be on" has_label "$GPID" "^Game 1 is on"
WIN=$(xdotool search --onlyvisible --pid "$GPID" | head -1)
printf 'pick 0 0\n' >&8
wait_until "Alan's card face up in the window" eval "at $GPID card 0 | grep -q '^row 1, column 1, face up'"

note "32x32: cards of 45 px or more, a board that scrolls in a window that fits the screen"
set -- $(at "$GPID" card 0 | cut -d'|' -f2)
[ "$3" -ge 45 ] && [ "$4" -ge 45 ] || fail "card 0 is $3x$4 px, under 45x45"
set -- $(at "$GPID" table)
[ "$5" = 1024 ] && [ "$3" -ge 1536 ] || fail "the board is $3 px wide for $5 cards, not 32 cells of 48 px"
eval "$(xdotool getwindowgeometry --shell "$WIN")"
[ "$WIDTH" -le 1024 ] && [ "$HEIGHT" -le 768 ] || fail "the window is ${WIDTH}x$HEIGHT, larger than the screen"
set -- $(xprop -id "$WIN" WM_NORMAL_HINTS | sed -n 's/.*program specified minimum size: \([0-9]*\) by \([0-9]*\).*/\1 \2/p')
[ $# = 2 ] && [ "$1" -le 640 ] && [ "$2" -le 480 ] || fail "the window's minimum size is $* (want 640x480 at most)"
note "minimum window: $1x$2"

note "a click on Alan's card: refused on the feedback line, every text's contrast; the cursor ring on the board"
set -- $(at "$GPID" card 0 | cut -d'|' -f2)
# The refusal fades after 4 s. Shot after it shows, then the texts read from AT-SPI: if it
# is among them it was in the shot; on a loaded machine it may have faded by then, and the
# click is made again. Every text at 4.5:1 or more (look-contrast.py).
for _ in 1 2 3 4 5; do
	xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
	wait_until "the refusal" has_label "$GPID" "^Taken"
	import -window root "$WORK/refused.png" || fail "no screenshot"
	"$PY" "$(dirname "$0")/look-contrast.py" "$GPID" "$WORK/refused.png" >"$WORK/contrast"
	rc=$?
	grep -q "label Taken" "$WORK/contrast" && break
done
[ $rc = 0 ] || fail "texts under 4.5:1 or too few texts: $(cat "$WORK/contrast")"
grep -q "label Taken" "$WORK/contrast" || fail "the refusal was not measured: $(cat "$WORK/contrast")"
note "$(wc -l <"$WORK/contrast") texts, the lowest $(sort -n "$WORK/contrast" | head -1)"
# off_board WIN: the pointer into the window WIN (the keyboard's focus follows it without a
# window manager) over the side panel's foot, away from the board's hover.
off_board() {
	eval "$(xdotool getwindowgeometry --shell "$1")"
	xdotool mousemove $((X + WIDTH - 30)) $((Y + HEIGHT - 30))
}
off_board "$WIN"
xdotool key Right # the cursor to card 1
wait_until "the cursor on card 1" eval "at $GPID card 1 | grep -q '|[a-z,]*focused'"
# ring_pixels PNG: the pixels of the dark theme's cursor colour (#99c1f1) around card 1.
ring_pixels() {
	set -- "$1" $(at "$GPID" card 1 | cut -d'|' -f2)
	convert "$1" -crop "$(($4 + 16))x$(($5 + 16))+$(($2 - 8))+$(($3 - 8))" -fill black +opaque "#99c1f1" \
		-fill white -opaque "#99c1f1" -format "%[fx:round(mean*w*h)]" info:
}
import -window root "$WORK/look.png" || fail "no screenshot"
cp "$WORK/look.png" "$OUT/test-gtk-look.png" 2>/dev/null # for people to look at
[ "$(ring_pixels "$WORK/look.png")" -ge 40 ] || fail "no cursor ring around card 1 (test-gtk-look.png)"

note "the contrast of the text drawn on the board: Alan's card's value, badge and countdown"
"$PY" "$(dirname "$0")/look-board.py" "$GPID" "$WORK/look.png" 1 value badge clock >"$WORK/board" ||
	fail "board texts under 4.5:1 or missing: $(cat "$WORK/board")"
note "$(tr '\n' ';' <"$WORK/board")"

note "HiDPI: Bob's window, light, at GDK_SCALE=2: twice the letters, its texts at 4.5:1 where AT-SPI's extents put them"
GDK_SCALE=2 "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --name Bob >"$WORK/hidpi.log" 2>&1 &
HPID=$!
wait_until "Bob's board" has_label "$HPID" "^Game 1 is on"
HWIN=$(xdotool search --onlyvisible --pid "$HPID" | head -1)
xdotool windowraise "$HWIN" windowsize "$HWIN" 1020 760 # its side panel on the screen too
# on_screen PID LABEL: the label is inside the 1024x768 screen (extents in half its pixels).
on_screen() { set -- $(at "$1" label "$2"); [ $# = 4 ] && [ $((2 * ($1 + $3))) -le 1024 ] && [ $((2 * ($2 + $4))) -le 768 ]; }
wait_until "Bob's window at 1020x760" on_screen "$HPID" Players
set -- $(at "$HPID" card 1 | cut -d'|' -f2)
xdotool mousemove $((2 * $1 + $3)) $((2 * $2 + $4)) click 1
wait_until "Bob's countdown" has_label "$HPID" "Your card turns down in"
ok=""
for _ in 1 2 3 4 5 6 7 8 9 10; do # until the window is drawn after the pick
	import -window root "$WORK/hidpi.png" || fail "no screenshot"
	"$PY" "$(dirname "$0")/look-board.py" "$HPID" "$WORK/hidpi.png" 2 value badge clock >"$WORK/board2" &&
		"$PY" "$(dirname "$0")/look-contrast.py" "$HPID" "$WORK/hidpi.png" 2 >"$WORK/contrast2" && ok=1 && break
done
cp "$WORK/hidpi.png" "$OUT/test-gtk-look-hidpi.png" 2>/dev/null
[ -n "$ok" ] || fail "texts at GDK_SCALE=2 under 4.5:1 or missing (test-gtk-look-hidpi.png): $(cat "$WORK/board2" "$WORK/contrast2")"
h1=$(sed -n 's/^height \([0-9]*\) card 0$/\1/p' "$WORK/board") h2=$(sed -n 's/^height \([0-9]*\) card 0$/\1/p' "$WORK/board2")
[ -n "$h1" ] && [ -n "$h2" ] && [ $((h2 * 100)) -ge $((h1 * 175)) ] && [ $((h2 * 100)) -le $((h1 * 225)) ] ||
	fail "card 0's letters are ${h2:-?} px high at GDK_SCALE=2, ${h1:-?} px at 1: not twice"
note "$(tr '\n' ';' <"$WORK/board2") $(wc -l <"$WORK/contrast2") texts, the lowest $(sort -n "$WORK/contrast2" | head -1)"
gtk_kill $HPID
HPID=""

note "a spectator's window: the cursor moves (Right) but no ring is drawn"
GTK_THEME=Adwaita:dark "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --spectate >"$WORK/spec.log" 2>&1 &
SPID=$!
wait_until "the spectator's board" has_label "$SPID" "^Game 1 is on"
SWIN=$(xdotool search --onlyvisible --pid "$SPID" | head -1)
xdotool windowraise "$SWIN"
off_board "$SWIN"
xdotool key Right
GPID_SAVED=$GPID GPID=$SPID
wait_until "the spectator's cursor on card 1" eval "at $SPID card 1 | grep -q '|[a-z,]*focused'"
import -window root "$WORK/spec.png" || fail "no screenshot"
[ "$(ring_pixels "$WORK/spec.png")" = 0 ] || fail "a cursor ring in the spectator's window"
GPID=$GPID_SAVED
gtk_kill $SPID
SPID=""

note "the connection banner: over the page, the board stays where it was"
before=$(at "$GPID" card 1 | cut -d'|' -f2)
stop_daemon
wait_until "the connection banner" eval "at $GPID shown | grep -qi 'reconnect\|lost\|connect'"
after=$(at "$GPID" card 1 | cut -d'|' -f2)
[ "$after" = "$before" ] || fail "card 1 moved from $before to $after when the banner appeared"
import -window root "$WORK/banner.png" || fail "no screenshot"
cp "$WORK/banner.png" "$OUT/test-gtk-look-banner.png" 2>/dev/null
"$PY" "$(dirname "$0")/look-contrast.py" "$GPID" "$WORK/banner.png" >"$WORK/contrast" ||
	fail "texts under 4.5:1 with the banner: $(cat "$WORK/contrast")"

exec 8>&-
gtk_kill $GPID $APID
GPID="" APID=""
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"
[ -s "$WORK/spec.log" ] && fail "the spectator's board-gtk wrote to stderr: $(cat "$WORK/spec.log")"
[ -s "$WORK/hidpi.log" ] && fail "Bob's board-gtk (GDK_SCALE=2) wrote to stderr: $(cat "$WORK/hidpi.log")"
gtk_kill $BUSPID $XPID
BUSPID="" XPID=""
finish
