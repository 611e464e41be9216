#!/bin/sh
# test-gtk-shell.sh: board-gtk's header bar, menu, keys and preferences, in Xvfb, with its
# settings in a keyfile of the test's own (GSettings' keyfile backend, the schema compiled in
# the build folder): Ctrl+? opens the shortcuts window, which lists the shortcuts; F10 opens
# the primary menu (with Scores: test-gtk-ending opens it), whose About names the program
# and its version; Preferences (Ctrl+comma)
# change the name and turn the sounds off, kept in the keyfile at once; F1 opens the help;
# Ctrl+Q quits, keeping the window's size, which the next start opens at; the game and the
# bots' level chosen in the keyfile are what New Game offers first. Screenshots of
# each in docs/screenshots/shell-*.png (cropped to the window) come from tests/out.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

# Stop everything this test started besides the daemon (lib.sh's cleanup does that).
gui_stop() {
	gtk_kill $GPID $BUSPID $XPID
	GPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

names_has() { at "$1" names 2>/dev/null | grep -qx "$2"; }
buttons_has() { at "$1" buttons 2>/dev/null | grep -qx "$2"; }
keyfile_has() { grep -qx "$1" "$KEYFILE" 2>/dev/null; }
gone() { ! kill -0 "$1" 2>/dev/null; }
# xid TITLE: the X window of board-gtk titled TITLE.
xid() { xdotool search --all --onlyvisible --pid "$GPID" --name "^$1\$" | head -1; }
# shot NAME TITLE: a screenshot of board-gtk's window TITLE, tests/out/shell-NAME.png.
shot() {
	w=$(xid "$2")
	[ -n "$w" ] || fail "no window $2"
	import -window "$w" "$OUT/shell-$1.png" || fail "no screenshot of $2"
}
# point_in TITLE: the pointer in board-gtk's window TITLE, so that the keys go there (without
# a window manager, to the window under the pointer).
point_in() {
	w=$(xid "$1")
	[ -n "$w" ] || fail "no window $1"
	xdotool mousemove --window "$w" 40 30
}
# window: the geometry of board-gtk's window, WxH.
window() { xdotool getwindowgeometry "$(xid "boardd lobby")" | sed -n 's/^ *Geometry: //p'; }
# resize_to WxH: resize board-gtk's window (again: the toolkit may still be settling its own
# size); true once it has that size.
resize_to() {
	xdotool windowsize "$(xid "boardd lobby")" "${1%x*}" "${1#*x}"
	sleep 0.2
	[ "$(window)" = "$1" ]
}
# start: board-gtk on the lobby, its settings in the keyfile; waits for its header bar.
start() {
	"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --name shell >>"$WORK/gtk.log" 2>&1 &
	GPID=$!
	wait_until "the header bar's New Game" buttons_has "$GPID" "New Game"
	point_in "boardd lobby"
}

note "X server, boardd, board-gtk with its settings in $WORK/config"
gtk_display
start_daemon
export GSETTINGS_SCHEMA_DIR="$BIN/schemas" GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$WORK/config"
KEYFILE="$WORK/config/glib-2.0/settings/keyfile"
start

note "Ctrl+? opens the shortcuts window"
xdotool key ctrl+question
for s in "New game" "Quit" "Main menu" "Keyboard shortcuts" "Help" "Preferences"; do
	wait_until "the shortcut '$s'" names_has "$GPID" "$s"
done
shot shortcuts "Keyboard Shortcuts"
xdotool key Escape
wait_until "the shortcuts window to close" eval "! names_has $GPID 'Move the cursor'"

note "F10 opens the menu, About names board-gtk and its version"
xdotool key F10
wait_until "the menu's About" buttons_has "$GPID" "About board-gtk"
buttons_has "$GPID" "Preferences" && buttons_has "$GPID" "Scores" && buttons_has "$GPID" "Keyboard Shortcuts" &&
	buttons_has "$GPID" "Help" || fail "the menu lacks an item: $(at "$GPID" buttons)"
shot menu "boardd lobby"
press "$GPID" "About board-gtk"
wait_until "the About dialog" has_label "$GPID" "^board-gtk$"
has_label "$GPID" "^$(sed -n 's/^#define BD_VERSION "\(.*\)"$/\1/p' "$(dirname "$0")/../ipc/client.h")$" ||
	fail "About shows no version: $(at "$GPID" shown)"
shot about "About board-gtk"
point_in "About board-gtk"
xdotool key Escape
wait_until "the About dialog to close" eval "! has_label $GPID '^board-gtk\$'"

note "Preferences (Ctrl+comma): a name and the sounds off, kept at once"
xdotool key ctrl+comma
wait_until "the Preferences dialog" has_label "$GPID" "^Your name$"
shot prefs Preferences
point_in Preferences
xdotool key alt+n
xdotool type alice
xdotool key alt+o
wait_until "the name in the keyfile" keyfile_has "name='alice'"
wait_until "the sounds off in the keyfile" keyfile_has "sounds=false"
xdotool key Escape
wait_until "the Preferences dialog to close" eval "! has_label $GPID '^Your name\$'"
point_in "boardd lobby"

note "F1 opens the help"
xdotool key F1
wait_until "the help's Memory page" names_has "$GPID" "Memory"
wait_until "the help text" eval "at $GPID shown | grep -q 'board-gtk plays the games of boardd'"
shot help Help
point_in Help
xdotool key Escape
wait_until "the help to close" eval "! has_label $GPID 'board-gtk plays the games of boardd'"

note "a new size, Ctrl+Q quits, the next start opens at that size"
wait_until "the window at 960x640" resize_to 960x640
point_in "boardd lobby"
xdotool key ctrl+q
wait_until "board-gtk to quit" gone "$GPID"
wait "$GPID"; rc=$?
[ "$rc" -eq 0 ] || fail "board-gtk exited $rc after Ctrl+Q"
GPID=""
grep -q "^window-width=" "$KEYFILE" && grep -q "^window-height=" "$KEYFILE" || fail "no window size kept: $(cat "$KEYFILE")"
note "the game and bots' level of Preferences are New Game's first choice"
sed -i "s/^name='alice'\$/&\ngame='tictactoe'\nlevel='medium'/" "$KEYFILE"
keyfile_has "game='tictactoe'" || fail "no game in the keyfile: $(cat "$KEYFILE")"
start
wait_until "the window to open at 960x640" eval '[ "$(window)" = 960x640 ]'
xdotool key ctrl+n
start_button() { "$PY" "$(dirname "$0")/gtk-newgame.py" "$GPID" button "New Game" Start 2>/dev/null; }
wait_until "the New Game dialog" start_button
set -- $(start_button)
xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
bot_args() { ps -o args= --ppid "$GPID" | grep "board-bot"; }
# tic-tac-toe's levels are easy and perfect: medium is nearer perfect
wait_until "a tic-tac-toe bot at level perfect" eval 'bot_args | grep -- "--play tictactoe" | grep -q -- "--level perfect"'
grep -v "^board-bot: " "$WORK/gtk.log" | grep -q . && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"

gui_stop
finish
