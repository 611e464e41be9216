#!/bin/sh
# test-gtk-tictactoe.sh: board-gtk playing whole tic-tac-toe matches in Xvfb against a
# scripted opponent on another connection of a real boardd (table t:tictactoe). The window
# plays the top row (two clicks at positions computed from the board's geometry and the
# view's layout rule, then the arrows and Space), the opponent the bottom-left corner, the
# bottom middle and the centre, so the window wins whichever side it was drawn. Checks what
# a screen reader sees (whose turn, the cells' names, the result banner, actions only on the
# window's turn), the winning line on the screenshot, a spectator's window (the same, with
# nothing to press), a dark-themed spectator, Play Again (the one rematch control: asked
# once, then insensitive; sides swapped, its hover text says so and the next match does), boardd killed
# mid-match and restarted, Resign, closing; then a second window against board-bot (perfect),
# which must not lose.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
OPID="" GPID="" SPID="" DKPID="" BPID="" G2PID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

# Stop everything this test started besides the daemon (lib.sh's cleanup does that).
gui_stop() {
	gtk_kill $GPID $SPID $DKPID $G2PID $BPID $OPID $BUSPID $XPID
	GPID="" SPID="" DKPID="" G2PID="" BPID="" OPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

# name_of PID N: the accessible name of cell N in the window of PID.
name_of() { at "$1" cell "$2" 2>/dev/null | cut -d'|' -f1; }
cell_is() { name_of "$1" "$2" | grep -q "$3"; }
board_ready() { [ "$(at "$1" board 2>/dev/null)" != "" ] && at "$1" board | grep -q "^Tic-tac-toe board|.* 9$"; }
# button_is PID NAME STATE|TEXT: the showing button NAME of the window of PID is STATE
# (sensitive or insensitive) with hover text TEXT (its AT-SPI description), which atspi.py's
# answers do not say.
button_is() {
	[ "$(PYTHONPATH="$(dirname "$0")" "$PY" -c '
import sys
from atspi import find_app, walk, showing
from gi.repository import Atspi
for o in walk(find_app(int(sys.argv[1]))):
    if o.get_role() == Atspi.Role.PUSH_BUTTON and o.get_name() == sys.argv[2] and showing(o):
        sensitive = o.get_state_set().contains(Atspi.StateType.SENSITIVE)
        print("%s|%s" % ("sensitive" if sensitive else "insensitive", o.get_description()))
        break' "$1" "$2" 2>/dev/null)" = "$3" ]
}
# opp MOVE: the opponent says one request line.
opp() { printf '%s\n' "$1" >&7; }
# opp_connect [TOKEN]: the opponent's connection (again), joining t (with its seat's token).
opp_connect() {
	socat "UNIX-CONNECT:$SOCK" - <"$WORK/opp.in" >>"$WORK/opp.out" 2>&1 &
	OPID=$!
	opp "hello opp player"
	opp "join t${1:+ $1}"
}

# Centre CX CY of cell N of the window of PID $1, from the board's extents and view.c's
# layout rule (cell = floor((min(w, h) - 2 * 12) / 3), the board centred), checked against
# the cell's own extents.
centre_of() {
	pid=$1 n=$2
	set -- $(at "$pid" table)
	side=$(($3 < $4 ? $3 : $4))
	cell=$(((side - 24) / 3))
	CX=$(($1 + ($3 - cell * 3) / 2 + n % 3 * cell + cell / 2))
	CY=$(($2 + ($4 - cell * 3) / 2 + n / 3 * cell + cell / 2))
	set -- $(at "$pid" cell "$n" | cut -d'|' -f2)
	dx=$((CX - $1 - $3 / 2)) dy=$((CY - $2 - $4 / 2))
	[ $((dx * dx + dy * dy)) -le 8 ] || fail "the layout rule puts cell $n at $CX,$CY; AT-SPI at $*"
}

gtk_display

note "boardd with a tic-tac-toe table, an opponent and board-gtk"
start_daemon --board t:tictactoe --board b:tictactoe --seed 7
mkfifo "$WORK/opp.in"
exec 7<>"$WORK/opp.in" # held open for writing: the opponent's socat never sees an end
opp_connect
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board t --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the tic-tac-toe board in board-gtk's window" board_ready "$GPID"
wait_until "the match to start" has_label "$GPID" "^You play [XO] against opp\.$"
ME=$(at "$GPID" shown | sed -n 's/^You play \([XO]\) against opp\.$/\1/p')
THEM=$([ "$ME" = X ] && echo O || echo X)
note "board-gtk plays $ME"
WIN=$(xdotool search --onlyvisible --name '^Tic-tac-toe$' | head -1)
[ -n "$WIN" ] || fail "no window titled Tic-tac-toe"
for n in 0 4 8; do
	cell_is "$GPID" $n "^row $((n / 3 + 1)), column $((n % 3 + 1)), empty$" || fail "cell $n is named: $(name_of "$GPID" $n)"
done

# their MOVE CELL: the opponent plays x y, and the window shows their mark in cell CELL.
their() {
	wait_until "the opponent's turn" has_label "$GPID" "^opp ($THEM) to move\.$"
	at "$GPID" cell "$2" | grep -q "|0$" || fail "cell $2 can be played on the opponent's turn"
	opp "move $1"
	wait_until "their $THEM in cell $2" cell_is "$GPID" "$2" "^row $(($2 / 3 + 1)), column $(($2 % 3 + 1)), $THEM, last move$"
}
# click CELL: the window's turn; click the cell and see our mark there.
click() {
	wait_until "our turn" has_label "$GPID" "^Your turn: place an $ME\.$"
	at "$GPID" cell "$1" | grep -q "enabled.*|1$" || fail "cell $1 cannot be played on our turn: $(at "$GPID" cell "$1")"
	centre_of "$GPID" "$1"
	xdotool mousemove "$CX" "$CY" click 1
	wait_until "our $ME in cell $1" cell_is "$GPID" "$1" "^row $(($1 / 3 + 1)), column $(($1 % 3 + 1)), $ME, last move$"
}

note "a click on a taken square or out of turn sends nothing"
[ "$ME" = O ] && their "0 2" 6
click 0
centre_of "$GPID" 0
xdotool mousemove "$CX" "$CY" click 1 # taken, and not our turn: only the bell
their "1 2" 7
click 1
if [ "$ME" = X ]; then their "0 2" 6; else their "1 1" 4; fi
grep -q "^ERR" "$WORK/opp.out" && fail "the opponent was refused: $(grep "^ERR" "$WORK/opp.out")"

note "arrows and Space play the last square of the top row"
wait_until "our turn" has_label "$GPID" "^Your turn: place an $ME\.$"
xdotool mousemove 5 5 # no hover preview in the screenshot
xdotool key Right
wait_until "the cursor on cell 2" eval 'at "$GPID" cell 2 | grep -q "|[a-z,]*focused"'
xdotool key space
wait_until "the result banner" has_label "$GPID" "^You won: three in a row!$"
for n in 0 1 2; do
	cell_is "$GPID" $n "^row 1, column $((n + 1)), $ME.*, winning line$" || fail "cell $n is named: $(name_of "$GPID" $n)"
done
cell_is "$GPID" 2 ", last move, " || fail "the last move is not cell 2: $(name_of "$GPID" 2)"
cell_is "$GPID" 4 "winning line" && fail "cell 4 is in the winning line: $(name_of "$GPID" 4)"
at "$GPID" cell 5 | grep -q "|0$" || fail "an empty cell can be played after the end"
# A refusal would stay in the feedback label's text (hidden after a while, never cleared).
at "$GPID" labels | grep "^\(Not your turn\|Taken\|Refused\|Not now\|Game over\): " &&
	fail "the window sent a move the daemon refused"
wait_until "the opponent to be told it lost" grep -q "lose" "$WORK/opp.out"
at "$GPID" buttons >"$WORK/buttons"
# The panel's Play Again is the rematch, the only one (a view's own Rematch asked a second time).
[ "$(grep -c "^Play Again$" "$WORK/buttons")" = 1 ] && ! grep -qi "rematch" "$WORK/buttons" ||
	fail "not one Play Again (and no Rematch) after the end: $(cat "$WORK/buttons")"
grep -q "^Resign$" "$WORK/buttons" && fail "a Resign button after the end"

note "screenshot: the winning line struck through the top row"
import -window root "$WORK/won.png" || fail "no screenshot"
cp "$WORK/won.png" "$OUT/test-gtk-tictactoe.png" || fail "cannot keep the screenshot"
pixel() { convert "$1" -format "%[hex:p{$2,$3}]" info: | cut -c1-6; }
for n in 0 1 2; do
	set -- $(at "$GPID" cell $n | cut -d'|' -f2)
	[ "$(pixel "$WORK/won.png" $(($1 + $3 / 2)) $(($2 + $4 / 2)))" = 2EC27E ] ||
		fail "the centre of cell $n is #$(pixel "$WORK/won.png" $(($1 + $3 / 2)) $(($2 + $4 / 2))), not the line's green"
done
set -- $(at "$GPID" cell 5 | cut -d'|' -f2)
[ "$(pixel "$WORK/won.png" $(($1 + $3 / 2)) $(($2 + $4 / 2)))" = FBFAF7 ] || fail "the empty cell 5 is not paper white"

note "a spectator sees the same and has nothing to press"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board t --spectate --name eye >"$WORK/spectator.log" 2>&1 &
SPID=$!
wait_until "the spectator's board" board_ready "$SPID"
wait_until "the spectator's banner" has_label "$SPID" "^gtk1 ($ME) won\.$"
for n in 0 1 2 3 4 5 6 7 8; do
	[ "$(name_of "$SPID" $n)" = "$(name_of "$GPID" $n)" ] ||
		fail "cell $n: the spectator reads '$(name_of "$SPID" $n)', the player '$(name_of "$GPID" $n)'"
	at "$SPID" cell $n | grep -q "|0$" || fail "a spectator's cell $n has an action"
done
at "$SPID" buttons | grep -i "again\|rematch" && fail "a spectator has a button to ask for a rematch"

note "a dark theme: the board keeps its own colours, the panel stays readable"
GTK_THEME=Adwaita:dark "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board t --spectate --name dark >"$WORK/dark.log" 2>&1 &
DKPID=$!
wait_until "the dark spectator's banner" has_label "$DKPID" "^gtk1 ($ME) won\.$"
DWIN=$(xdotool search --onlyvisible --pid "$DKPID" | head -1)
xdotool windowactivate --sync "$DWIN" 2>/dev/null || xdotool windowraise "$DWIN"
sleep 1 # let the raised window draw: the screenshot is for people, nothing is asserted on it
import -window root "$WORK/dark.png" && cp "$WORK/dark.png" "$OUT/test-gtk-tictactoe-dark.png"
kill -TERM "$DKPID"
wait "$DKPID" || fail "the dark spectator exited $?: $(tail -n 30 "$WORK/dark.log")"
DKPID=""

note "Play Again: sides swapped, it says; asked once, then it cannot be pressed; asked by both"
wait_until "Play Again to say the sides swap" button_is "$GPID" "Play Again" "sensitive|Another match, with the sides swapped"
press "$GPID" "Play Again"
wait_until "the button to say it was asked" button_is "$GPID" "Asked…" "insensitive|The next game starts when every player asked for it"
press "$GPID" "Asked…" # sends nothing: the daemon would refuse a second ask (ERR again)
OPP_ID=$(sed -n 's/^OK join t \([0-9]*\) .*/\1/p' "$WORK/opp.out" | head -1)
# asks: how many rematch events of the window's seat (every seat not the opponent's).
asks() { grep "^EVENT [0-9]* rematch [0-9]*$" "$WORK/opp.out" | grep -cv " $OPP_ID$"; }
wait_until "the opponent to be told of the window's ask" eval '[ "$(asks)" -ge 1 ]'
opp rematch
wait_until "the rematch" has_label "$GPID" "^You play $THEM against opp\.$"
for n in 0 1 2; do
	cell_is "$GPID" $n "^row 1, column $((n + 1)), empty$" || fail "after the rematch cell $n is: $(name_of "$GPID" $n)"
done
has_label "$GPID" "^You won" && fail "the last match's banner stayed"
[ "$(asks)" = 1 ] || fail "the window asked for the rematch $(asks) times: $(grep "rematch" "$WORK/opp.out")"
T=$ME ME=$THEM THEM=$T

note "boardd killed mid-match and restarted: the window keeps its seat and the position"
if [ "$ME" = X ]; then click 4; else their "1 1" 4; fi
TOKEN=$(sed -n 's/^OK join t [0-9]* [^ ]* [0-9]* \([0-9a-f]*\) .*/\1/p' "$WORK/opp.out" | head -1)
[ -n "$TOKEN" ] || fail "no seat token in the opponent's join reply: $(grep "^OK join" "$WORK/opp.out")"
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
wait "$OPID" 2>/dev/null # its connection is gone with the daemon
wait_until "the window to say it lost boardd" has_label "$GPID" "^Not connected: "
start_daemon --board t:tictactoe --board b:tictactoe --seed 7
wait_until "boardd to resume the table" grep -q "resumed" "$WORK/daemon.log"
opp_connect "$TOKEN"
wait_until "the banner to go" eval '! has_label "$GPID" "^Not connected"'
cell_is "$GPID" 4 "^row 2, column 2, X, last move$" || fail "after the restart cell 4 is: $(name_of "$GPID" 4)"
if [ "$ME" = O ]; then
	wait_until "our turn again" has_label "$GPID" "^Your turn: place an O\.$"
else
	wait_until "the opponent's turn again" has_label "$GPID" "^opp (O) to move\.$"
fi

note "Resign: the window gives the match up"
wait_until "the Resign button" eval 'at "$GPID" button Resign >/dev/null'
press "$GPID" Resign
wait_until "the lost banner" has_label "$GPID" "^You lost"
wait_until "the opponent to be told it won" grep -q "win" "$WORK/opp.out"
wait_until "the spectator's banner" has_label "$SPID" "^opp ($THEM) won\.$"
at "$GPID" button "Play Again" >/dev/null || fail "no Play Again after resigning"

note "closing the window says quit"
kill -INT "$SPID"
wait "$SPID" || fail "the spectator exited $? on SIGINT"
SPID=""
press "$GPID" Close
wait "$GPID" || fail "board-gtk exited $? when its window was closed"
GPID_DONE=$GPID GPID=""
grep -q "pid $GPID_DONE uid [0-9]* closed: session ended" "$WORK/daemon.log" ||
	fail "board-gtk did not say quit: $(grep "pid $GPID_DONE " "$WORK/daemon.log")"
note "a window against board-bot (perfect) on table b: the bot never loses"
"$BIN/board-bot" --board b --name bot --game tictactoe --level perfect --games 2 --stats --delay-ms 100 \
	>"$WORK/bot.out" 2>"$WORK/bot.err" &
BPID=$!
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board b --name gtk2 >"$WORK/gtk2.log" 2>&1 &
G2PID=$!
wait_until "the second window's board" board_ready "$G2PID"
turn_or_end() { has_label "$G2PID" "^\(Your turn\|You won\|You lost\|A draw\)"; }
for _ in 1 2 3 4 5; do
	wait_until "the window's turn or the end" turn_or_end
	has_label "$G2PID" "^Your turn" || break
	n=0
	while ! cell_is "$G2PID" $n ", empty$"; do n=$((n + 1)); done
	centre_of "$G2PID" $n
	xdotool mousemove "$CX" "$CY" click 1
	wait_until "our mark in cell $n" eval '! cell_is "$G2PID" $n ", empty$"'
done
wait_until "the end of the match against the bot" has_label "$G2PID" "^\(You won\|You lost\|A draw\)"
has_label "$G2PID" "^You won" && fail "the perfect bot lost: $(at "$G2PID" shown)"
wait_until "the bot's stats line" grep -q '"result"' "$WORK/bot.out"
grep -q '"result":"\(win\|draw\)"' "$WORK/bot.out" || fail "the bot does not say it won or drew: $(cat "$WORK/bot.out")"
note "against the bot: $(at "$G2PID" shown | grep "^\(You lost\|A draw\)")"
gtk_kill $G2PID $BPID
G2PID="" BPID=""

for f in gtk spectator dark gtk2; do
	[ -s "$WORK/$f.log" ] && fail "board-gtk ($f) wrote to stderr: $(cat "$WORK/$f.log")"
done

opp quit
exec 7>&-
gui_stop
finish
