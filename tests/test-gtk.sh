#!/bin/sh
# test-gtk.sh: board-gtk in Xvfb against a real boardd and a real opponent (board-bot, or a
# second connection until the bot exists). Clicks a card at the position computed from the
# board's on-screen geometry and the view's layout rule, plays one with the keyboard, checks
# what boardd holds, what the screen shows and what a screen reader sees (AT-SPI), then checks
# --spectate, reconnecting after boardd is killed and restarted, a resync after it was stopped
# while events flooded in, and closing the window.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/gtk-lib.sh"
OPID="" GPID="" SPID="" WPID=""
gtk_need

# Stop everything this test started besides the daemon (lib.sh's cleanup does that).
gui_stop() {
	gtk_kill $GPID $SPID $OPID $WPID $BUSPID $XPID
	GPID="" SPID="" OPID="" WPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT # also when the shell itself stops on an error (set -u)

# ask REQUEST: the reply of one request on a fresh spectator connection.
# card_of X Y: "up OWNER", "locked OWNER", or "down".
card_of() { ask cards | awk -v x="$1" -v y="$2" '$1 == "CARD" && $2 == x && $3 == y { s = $4 " " $6 } END { print s ? s : "down" }'; }
# seat_of NAME: the player id of NAME, empty if not seated.
seat_of() { ask players | awk -v n="$1" '$1 == "PLAYER" && $6 == n { print $2 }'; }
is_seated() { [ -n "$(seat_of "$1")" ]; }
has_label() { at "$1" labels 2>/dev/null | grep -q "$2"; }
lacks_label() { at "$1" labels 2>/dev/null >"$WORK/labels" && ! grep -q "$2" "$WORK/labels"; }
board_ready() { [ "$(at "$1" table 2>/dev/null | awk '{ print $5 }')" = 16 ]; }

# Centre CX CY of card X Y of the board-gtk with pid $1, from the board's extents and view.c's
# layout rule: cell = floor((min(w, h) - 2 * 12) / dim), the board centred in the view;
# it must be the centre of the card's own extents too.
centre_of() {
	pid=$1
	set -- $(at "$pid" table) "$2" "$3"
	side=$(($3 < $4 ? $3 : $4))
	cell=$(((side - 24) / 4))
	CX=$(($1 + ($3 - cell * 4) / 2 + $6 * cell + cell / 2))
	CY=$(($2 + ($4 - cell * 4) / 2 + $7 * cell + cell / 2))
	set -- $(at "$pid" card $(($7 * 4 + $6)) | cut -d'|' -f2)
	dx=$((CX - $1 - $3 / 2)) dy=$((CY - $2 - $4 / 2))
	[ $((dx * dx + dy * dy)) -le 8 ] || fail "the layout rule puts the card at $CX,$CY; AT-SPI at $*"
}

# A persistent spectator that logs every event of the board to $WORK/watch.out.
start_watcher() {
	rm -f "$WORK/watch.in"
	mkfifo "$WORK/watch.in"
	socat "UNIX-CONNECT:$SOCK" - <"$WORK/watch.in" >"$WORK/watch.out" 2>&1 &
	WPID=$!
	exec 8>"$WORK/watch.in"
	printf 'hello watcher spectator\njoin main\n' >&8
}

note "--help, --version and bad usage without a display"
env -u DISPLAY -u WAYLAND_DISPLAY "$GTK" --help | grep -q "^usage: board-gtk" || fail "--help"
[ "$(env -u DISPLAY "$GTK" --version)" = "board-gtk $(sed -n 's/^#define BD_VERSION "\(.*\)"/\1/p' "$(dirname "$0")/../ipc/client.h") (protocol 2)" ] ||
	fail "--version says: $(env -u DISPLAY "$GTK" --version)"
env -u DISPLAY "$GTK" --name "two words" 2>/dev/null
[ $? -eq 2 ] || fail "a bad --name does not exit 2"

note "X server and session bus (AT-SPI's bus is started by D-Bus activation)"
gtk_display

note "boardd, an opponent, a watcher and board-gtk"
start_daemon --min-players 2 --first-pick-ms 60000 --mismatch-ms 60000 --seed 5
start_watcher
if [ -x "$BIN/board-bot" ]; then
	"$BIN/board-bot" --name B --level seed --delay-ms 1500 >"$WORK/bot.log" 2>&1 &
	OPID=$!
else
	mkfifo "$WORK/opp.in"
	socat "UNIX-CONNECT:$SOCK" - <"$WORK/opp.in" >"$WORK/opp.out" 2>&1 &
	OPID=$!
	exec 7>"$WORK/opp.in"
	printf 'hello B player\njoin main\n' >&7
fi
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "board-gtk to be seated" is_seated gtk1
ME=$(seat_of gtk1)
wait_until "the board in board-gtk's window" board_ready "$GPID"
wait_until "the game to be on" has_label "$GPID" "Game 1 is on"
# The board lies inside the window xdotool knows (AT-SPI adds where in it: below the header).
WIN=$(xdotool search --onlyvisible --name '^Memory$' | head -1)
eval "$(xdotool getwindowgeometry --shell "$WIN")"
set -- $(at "$GPID" table)
[ "$1" -ge "$X" ] && [ "$2" -ge "$Y" ] && [ $(($1 + $3)) -le $((X + WIDTH)) ] && [ $(($2 + $4)) -le $((Y + HEIGHT)) ] ||
	fail "board at $* is not inside the window at $X,$Y ${WIDTH}x$HEIGHT"

# first_free: X Y of a face-down card whose right neighbour is face down too.
first_free() {
	ask cards | awk '$1 == "CARD" { used[$2 "," $3] = 1 }
		END { for (y = 0; y < 4; y++) for (x = 0; x < 3; x++)
			if (!used[x "," y] && !used[x + 1 "," y]) { print x, y; exit } }'
}
# mine_or_taken X Y: the card is ours, or someone else's (then the test picks another).
mine_or_taken() { s=$(card_of "$1" "$2"); [ "$s" != down ]; }

note "click a face-down card at its computed position"
set -- $(first_free)
at "$GPID" card $(($2 * 4 + $1)) | grep -q "^row $(($2 + 1)), column $(($1 + 1)), face down|" ||
	fail "card $1 $2 is named: $(at "$GPID" card $(($2 * 4 + $1)))"
# The opponent bot plays meanwhile: when it takes one of the two cards first, the pair is
# tried again elsewhere (the pick timers are 60 s, so only the opponent can spoil a try).
# click_first: click a free card X Y; 0 once it is up for us, 1 if the opponent took it.
click_first() {
	set -- $(first_free)
	[ $# -eq 2 ] || fail "no two face-down neighbours left: $(ask cards)"
	X=$1 Y=$2
	centre_of "$GPID" "$X" "$Y"
	xdotool mousemove "$CX" "$CY" click 1
	wait_until "card $X $Y to turn" mine_or_taken "$X" "$Y"
	[ "$(card_of "$X" "$Y")" = "up $ME" ]
}
# space_second: arrows to card X+1 Y, Space; 0 once both are ours, 1 if the race was lost.
space_second() {
	xdotool mousemove 5 5 # no hover highlight over the board in the screenshot
	xdotool key Down Up Right
	wait_until "the cursor on card $((X + 1)) $Y" eval 'at "$GPID" card $((Y * 4 + X + 1)) | grep -q "|[a-z,]*focused"'
	at "$GPID" card $((Y * 4 + X)) | grep -q "focused" && fail "two cards have the focus"
	xdotool key space
	wait_until "card $((X + 1)) $Y to turn" mine_or_taken $((X + 1)) "$Y"
	case "$(card_of $((X + 1)) "$Y") $(card_of "$X" "$Y")" in
	"up $ME up $ME" | "locked $ME locked $ME") return 0 ;;
	"up $ME "* | "locked $ME "*) fail "after Space: cards are $(card_of $((X + 1)) "$Y") and $(card_of "$X" "$Y")" ;;
	esac
	note "the opponent took card $((X + 1)) $Y: $(card_of $((X + 1)) "$Y"), $(card_of "$X" "$Y"); again"
	return 1
}
paired=no
for attempt in 1 2 3 4; do
	click_first || { note "the opponent took card $X $Y first; another one"; continue; }
	VALUE=$(ask cards | awk -v x="$X" -v y="$Y" '$1 == "CARD" && $2 == x && $3 == y { print toupper($5) }')
	wait_until "the card's accessible name" eval 'at "$GPID" card $((Y * 4 + X)) | grep -q "^row $((Y + 1)), column $((X + 1)), face up, $VALUE, turned by gtk1|"'
	note "arrows move the cursor, Space picks"
	space_second && { paired=yes; break; }
	wait_until "our cards to turn down" eval '! ask cards | grep -q "^CARD.* up [a-z][a-z] $ME\$"'
done
[ "$paired" = yes ] || fail "four tries at a pair, each spoiled by the opponent: $(ask cards)"

note "a refused pick is explained in the side panel"
xdotool key space
wait_until "feedback on the refused pick" has_label "$GPID" "^\(Wait\|Taken\): "

note "screenshot: face-up cards on the light face, face-down ones dark"
import -window root "$WORK/game.png" || fail "no screenshot"
cp "$WORK/game.png" "$(dirname "$0")/out/test-gtk.png" 2>/dev/null # for people to look at
# pixel X Y: the screenshot's colour there, RRGGBB.
pixel() { convert "$WORK/game.png" -format "%[hex:p{$1,$2}]" info: | cut -c1-6; }
set -- $(at "$GPID" card $((Y * 4 + X)) | cut -d'|' -f2)
face=$(pixel $(($1 + $3 / 2)) $(($2 + $4 * 9 / 10)))
[ "$face" = FBFAF7 ] || fail "face-up card shows #$face at its bottom, not the face colour #FBFAF7"
set -- $(first_free)
set -- $(at "$GPID" card $(($2 * 4 + $1)) | cut -d'|' -f2)
back=$(pixel $(($1 + $3 / 2)) $(($2 + $4 / 2)))
[ $((0x$back >> 16)) -lt 128 ] || fail "face-down card shows #$back, not a dark back"

note "hovering over a player in the side panel shows its user's login"
wait_until "the login in gtk1's row" eval 'at "$GPID" rows | grep -q "^gtk1 (you.*|gtk1 plays as user $(id -un)|"'
set -- $(at "$GPID" rows | grep "^gtk1 (you" | cut -d'|' -f3)
windows() { xdotool search --onlyvisible --pid "$GPID" 2>/dev/null | wc -l; }
before=$(windows)
xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2))
tooltip_shown() { [ "$(windows)" -gt "$before" ]; } # the tooltip is a window of its own
wait_until "the tooltip" tooltip_shown
import -window root "$WORK/hover.png" || fail "no screenshot of the tooltip"
cp "$WORK/hover.png" "$(dirname "$0")/out/test-gtk-hover.png" 2>/dev/null # for people to look at
xdotool mousemove 5 5

note "--spectate: nothing to click"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --spectate --name eye >"$WORK/spectator.log" 2>&1 &
SPID=$!
wait_until "the spectator's board" board_ready "$SPID"
set -- $(first_free)
at "$SPID" card $(($2 * 4 + $1)) | grep -q "|0$" || fail "a spectator's card has an action"
at "$SPID" card $(($2 * 4 + $1)) | grep -q "enabled" && fail "a spectator's card is enabled"
before=$(ask cards)
centre_of "$SPID" "$1" "$2"
xdotool mousemove "$CX" "$CY" click 1 key space
sleep 1 # nothing should happen; give it the time it would take
[ "$(ask cards)" = "$before" ] || fail "a spectator's click changed the board"
kill -INT "$SPID"
wait "$SPID" || fail "board-gtk --spectate exited $? on SIGINT"
SPID_DONE=$SPID SPID=""
grep -q "pid $SPID_DONE uid [0-9]* closed: session ended" "$WORK/daemon.log" ||
	fail "the spectator did not say quit on SIGINT: $(grep "pid $SPID_DONE " "$WORK/daemon.log")"

note "boardd killed: the window says so; restarted: the player is back in the same seat"
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
wait "$WPID" 2>/dev/null
wait_until "the window to say it lost boardd" has_label "$GPID" "^Not connected: "
start_daemon --min-players 2 --first-pick-ms 60000 --mismatch-ms 60000 --seed 5 --max-backlog 4096 --max-rate 0
wait_until "boardd to resume the board" grep -q "resumed" "$WORK/daemon.log"
wait_until "board-gtk to reconnect" is_seated gtk1
[ "$(seat_of gtk1)" = "$ME" ] || fail "board-gtk came back as player $(seat_of gtk1), not $ME"
wait_until "the banner to go" lacks_label "$GPID" "^Not connected"
start_watcher

note "stopped while another player flips a card 10,000 times: resynchronised, not dropped"
wait_until "the game to be on again" has_label "$GPID" " is on"
set -- $(first_free)
kill -STOP "$GPID"
{
	printf 'hello flipper player\njoin main\n'
	for _ in $(seq 1 10000); do printf 'pick %s %s\npick %s %s\n' "$1" "$2" "$1" "$2"; done
	printf 'quit\n'
} | socat -t 10 - "UNIX-CONNECT:$SOCK" >/dev/null 2>&1
wait_until "board-gtk's worker to fall behind" grep -q "pid $GPID uid [0-9]* fell behind" "$WORK/daemon.log"
kill -CONT "$GPID"
wait_until "the window to say it fell behind" has_label "$GPID" "fell behind the game"
is_seated gtk1 || fail "board-gtk lost its seat after falling behind"

note "the board scales with the window"
width_of() { at "$GPID" card "$1" | cut -d'|' -f2 | cut -d' ' -f3; }
before=$(width_of 0)
xdotool windowsize "$WIN" 700 450
smaller() { [ "$(width_of 0)" -lt $((before * 3 / 4)) ]; }
wait_until "smaller cards than $before px" smaller
centre_of "$GPID" 3 3

note "closing the window says quit"
set -- $(at "$GPID" button Close)
xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
wait "$GPID" || fail "board-gtk exited $? when its window was closed"
GPID_DONE=$GPID GPID=""
grep -q "pid $GPID_DONE uid [0-9]* closed: session ended" "$WORK/daemon.log" ||
	fail "board-gtk did not say quit: $(grep "pid $GPID_DONE " "$WORK/daemon.log")"
wait_until "the watcher to see the leave" grep -q "^EVENT [0-9]* leave $ME\$" "$WORK/watch.out"
is_seated gtk1 && fail "gtk1 is still seated"
[ -s "$WORK/gtk.log" ] && fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"

exec 8>&- 7>&-
gui_stop
# Nothing but boardd (stopped by finish) may be left that uses this test's folder.
gone() { ! pgrep -af "$WORK" | grep -v " $BIN/boardd " >"$WORK/left"; }
gone || { sleep 1; gone; } || fail "processes left: $(cat "$WORK/left")"
finish
