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
#   - the keyboard cursor's ring shows on the player's board and not on a spectator's;
#   - the board does not move when the connection banner appears.
# Screenshots: tests/out/test-gtk-look.png and -banner.png.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID="" SPID="" APID=""
gtk_need
trap 'gtk_kill $GPID $SPID $APID $BUSPID $XPID; cleanup' EXIT
SRC="$(dirname "$0")/../clients/gtk"
OUT="$(dirname "$0")/out"

note "the palette, the cursor's colours and the panel's text colours, in the three stylesheets"
"$PY" "$(dirname "$0")/look-palette.py" "$SRC/board-gtk.css" "$SRC/board-gtk-dark.css" "$SRC/board-gtk-hc.css" ||
	fail "the stylesheets' colours (above)"

note "X server, boardd with a 32x32 Memory table, Alan (the test's player), board-gtk (dark) as Alice"
gtk_display
start_daemon --board main:32 --first-pick-ms 3600000 --mismatch-ms 3600000 --seed 5
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

note "a click on Alan's card: refused on the feedback line; the cursor ring on the board"
set -- $(at "$GPID" card 0 | cut -d'|' -f2)
xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
wait_until "the refusal" has_label "$GPID" "^Taken"
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

note "the contrast of every text in the dark window"
"$PY" "$(dirname "$0")/look-contrast.py" "$GPID" "$WORK/look.png" >"$WORK/contrast" ||
	fail "texts under 4.5:1 or too few texts: $(cat "$WORK/contrast")"
grep -q "label Taken" "$WORK/contrast" || fail "the refusal was not measured: $(cat "$WORK/contrast")"
note "$(wc -l <"$WORK/contrast") texts, the lowest $(sort -n "$WORK/contrast" | head -1)"

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
gtk_kill $BUSPID $XPID
BUSPID="" XPID=""
finish
