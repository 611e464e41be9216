#!/bin/sh
# test-gtk-offline.sh: board-gtk without a daemon, in Xvfb. A bad option and an unknown
# board are said in a window as well as on stderr; with nothing on its socket the window
# shows the not-connected page, whose Start a local game runs boardd and a bot on the
# socket and shm prefix board-gtk was given (this test's own, from BOARDD_SOCKET and
# BOARDD_SHM_PREFIX): a card is picked there, and quitting leaves no daemon, no bot and
# nothing in /dev/shm. Then Retry, pressed after the test started a daemon, connects.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/gtk-lib.sh"
GPID=""
gtk_need

# Stop everything this test started besides its own daemon (lib.sh's cleanup does that),
# and a local game's daemon and bot that board-gtk failed to stop (their command lines
# name this test's socket).
gui_stop() {
	gtk_kill $GPID $BUSPID $XPID
	GPID="" BUSPID="" XPID=""
	for p in $(pgrep -f -- "--socket $SOCK "); do kill "$p" 2>/dev/null; done
}
trap 'gui_stop; cleanup' EXIT

board_ready() { [ "$(at "$1" table 2>/dev/null | awk '{ print $5 }')" = 16 ]; }
gone() { ! kill -0 "$1" 2>/dev/null; }
# shot PID NAME: the window of PID as offline-NAME.png in $SHOTS (docs/screenshots to update
# them there), else in $WORK.
shot() { import -window "$(xdotool search --onlyvisible --pid "$1" | head -1)" "${SHOTS:-$WORK}/offline-$2.png"; }

# error_window STATUS TEXT SHOT ARG...: board-gtk ARG... shows TEXT in a window (screenshot
# SHOT), closed with its Close button, then exits with STATUS, TEXT on stderr too.
error_window() {
	status=$1 text=$2 name=$3
	shift 3
	"$GTK" "$@" 2>"$WORK/err.log" &
	GPID=$!
	wait_until "the window of board-gtk $*" has_label "$GPID" "$text"
	shot "$GPID" "$name"
	press "$GPID" Close
	wait "$GPID"
	rc=$?
	GPID=""
	[ "$rc" -eq "$status" ] || fail "board-gtk $* exited $rc, want $status"
	grep -q "^board-gtk: .*$text" "$WORK/err.log" || fail "board-gtk $*: stderr says $(cat "$WORK/err.log")"
}

gtk_display

note "a bad option: said in a window and on stderr"
error_window 2 "unknown option '--bogus' (see --help)" option --bogus

note "no daemon: the not-connected page, with the socket"
"$GTK" --board main --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the not-connected page" has_label "$GPID" "^No game server (boardd) is running"
has_label "$GPID" "^Socket: $SOCK" || fail "no socket on the page: $(at "$GPID" shown)"
shot "$GPID" page

note "Start a local game: boardd on this test's socket and prefix, a bot, the board"
press "$GPID" "Start a local game"
wait_until "the board of the local game" board_ready "$GPID"
answers || fail "nothing answers on $SOCK"
[ -n "$(leftovers)" ] || fail "no board of prefix $PREFIX in /dev/shm"
ME=$(ask players | awk '$1 == "PLAYER" && $6 == "gtk1" { print $2 }')
[ -n "$ME" ] || fail "gtk1 is not seated: $(ask players)"

note "a pick from the keyboard"
client watcher 8 spectator
say 8 "join main"
wait_for "$WORK/watcher.out" "^OK join"
# Keys go to the window under the pointer (no window manager): it is there since the press.
# The bot plays at once: a card it holds (or one it let go, cooling for this test's user,
# the bot's too) is refused; the next card is tried then.
mine() { grep -qE "^EVENT [0-9]+ (up [0-9]+ [0-9]+ [^ ]+ $ME|(match|mismatch) .* $ME( [0-9]+)?)\$" "$WORK/watcher.out"; }
xdotool key space
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
	mine && break
	sleep 1
	mine || xdotool key Right space
done
mine || fail "no pick of gtk1 (seat $ME): $(tail -n 20 "$WORK/watcher.out")"
shot "$GPID" game
bye 8

note "quit: the local game's boardd and bot end, nothing left in /dev/shm"
xdotool key ctrl+q
wait_until "board-gtk to end" gone "$GPID"
wait "$GPID"
rc=$?
GPID=""
[ "$rc" -eq 0 ] || fail "board-gtk exited $rc: $(tail -n 20 "$WORK/gtk.log")"
! answers || fail "a daemon still answers on $SOCK"
[ -z "$(pgrep -f -- "--socket $SOCK ")" ] || fail "still running: $(pgrep -af -- "--socket $SOCK ")"
[ -z "$(leftovers)" ] || fail "left in /dev/shm: $(leftovers)"

note "Retry, after a daemon was started"
"$GTK" --board main --name gtk2 >"$WORK/gtk2.log" 2>&1 &
GPID=$!
wait_until "the not-connected page" has_label "$GPID" "^No game server (boardd) is running"
start_daemon --min-players 1
has_label "$GPID" "^No game server (boardd) is running" || fail "the page went before Retry"
press "$GPID" Retry
wait_until "the board after Retry" board_ready "$GPID"

note "an unknown board: said in a window and on stderr"
gtk_kill $GPID
GPID=""
error_window 1 "table nope: .*no such board" board --board nope

gui_stop
finish
