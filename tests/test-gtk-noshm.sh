#!/bin/sh
# test-gtk-noshm.sh: board-gtk --no-shm (the board read with snapshot requests, never mapped)
# in Xvfb. A window plays a whole tic-tac-toe match against board-bot (perfect) to its end;
# /proc/PID/maps shows it never mapped a board's segment, while a window without --no-shm
# does. After the end, when nothing moves: a spectator without --no-shm reads the same cells
# as the player (their screens differ by design: the player's banner says "You lost", its
# subtitle "playing as"), and a --no-shm spectator's window is pixel for pixel the other
# spectator's. Then a hot-seat window with --no-shm (two connections) plays a match through
# its covers to the end.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID="" SPID="" NPID="" BPID="" HPID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

gui_stop() {
	gtk_kill $GPID $SPID $NPID $HPID $BPID $BUSPID $XPID
	GPID="" SPID="" NPID="" HPID="" BPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

name_of() { at "$1" cell "$2" 2>/dev/null | cut -d'|' -f1; }
cell_is() { name_of "$1" "$2" | grep -q "$3"; }
board_ready() { at "$1" board 2>/dev/null | grep -q "^Tic-tac-toe board|.* 9$"; }
# mapped PID: the process maps one of this test's boards' segments.
mapped() { grep -q " /dev/shm/$PREFIX\." "/proc/$1/maps"; }
# click PID N: click cell N of the window of PID, at the centre of its accessible extents.
click() {
	set -- "$1" "$2" $(at "$1" cell "$2" | cut -d'|' -f2)
	xdotool windowraise "$(xdotool search --onlyvisible --pid "$1" | head -1)"
	xdotool mousemove $(($3 + $5 / 2)) $(($4 + $6 / 2)) click 1
	xdotool mousemove 1 1 # no hover on the board in the screenshots
}
# first_empty PID: the first empty cell of the window of PID (9 if none).
first_empty() {
	at "$1" cells | grep -n ", empty|" | head -1 | cut -d: -f1 | awk '{ print $1 - 1 } END { if (NR == 0) print 9 }'
}

note "command line"
"$GTK" --help | grep -q -- "--no-shm" || fail "--help does not tell --no-shm"
grep -q 'no\\-shm' "$(dirname "$0")/../docs/board-gtk.1" || fail "the man page does not tell --no-shm"

gtk_display
start_daemon --board b:tictactoe --board h:tictactoe --seed 7

note "board-gtk --no-shm against board-bot (perfect) on table b"
"$BIN/board-bot" --board b --name bot --game tictactoe --level perfect --games 2 --stats --delay-ms 100 \
	>"$WORK/bot.out" 2>"$WORK/bot.err" &
BPID=$!
"$GTK" --no-shm --board b --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the --no-shm window's board" board_ready "$GPID"
turn_or_end() { has_label "$GPID" "^\(Your turn\|You won\|You lost\|A draw\)"; }
for _ in 1 2 3 4 5; do
	wait_until "the window's turn or the end" turn_or_end
	has_label "$GPID" "^Your turn" || break
	n=$(first_empty "$GPID")
	click "$GPID" "$n"
	wait_until "our mark in cell $n" eval '! cell_is "$GPID" $n ", empty$"'
done
wait_until "the end of the match against the bot" has_label "$GPID" "^\(You lost\|A draw\)"
END=$(at "$GPID" shown | grep "^\(You lost\|A draw\)")
note "the end, shown: $END"
mapped "$GPID" && fail "board-gtk --no-shm maps a board: $(grep "/dev/shm/" "/proc/$GPID/maps")"
# The bot stays (it asks for a rematch, which board-gtk does not show): the end stays.
wait_until "the bot's stats line" grep -q '"result"' "$WORK/bot.out"
grep -q '"result":"\(win\|draw\)"' "$WORK/bot.out" || fail "the bot does not say it won or drew: $(cat "$WORK/bot.out")"

note "a spectator with shared memory reads the same board"
"$GTK" --board b --spectate --name eye >"$WORK/spectator.log" 2>&1 &
SPID=$!
wait_until "the spectator's board" board_ready "$SPID"
wait_until "the spectator's banner" has_label "$SPID" "^\(bot ([XO]) won\.\|A draw\)"
mapped "$SPID" || fail "board-gtk without --no-shm maps no board: the check above proves nothing"
at "$GPID" cells | cut -d'|' -f1 >"$WORK/player.cells"
at "$SPID" cells | cut -d'|' -f1 >"$WORK/spectator.cells"
grep -q "last move" "$WORK/player.cells" || fail "no last move on the --no-shm board: $(cat "$WORK/player.cells")"
cmp -s "$WORK/player.cells" "$WORK/spectator.cells" ||
	fail "the --no-shm player and the spectator read other cells: $(diff "$WORK/player.cells" "$WORK/spectator.cells")"

# shot PID FILE: a screenshot of the window of PID, raised, taken again until two in a row are
# the same (it has drawn since it was raised).
shot() {
	w=$(xdotool search --onlyvisible --pid "$1" | head -1)
	[ -n "$w" ] || fail "no window of $1"
	xdotool windowraise "$w"
	import -window "$w" "$2.a.png" || fail "no screenshot of $1"
	for _ in $(seq 50); do
		sleep 0.2
		import -window "$w" "$2" || fail "no screenshot of $1"
		[ "$(compare -metric AE "$2" "$2.a.png" null: 2>&1)" = 0 ] && return
		mv "$2" "$2.a.png"
	done
	fail "the window of $1 kept changing"
}

note "a --no-shm spectator's window is the other spectator's, pixel for pixel"
"$GTK" --no-shm --board b --spectate --name eye2 >"$WORK/noshm-spectator.log" 2>&1 &
NPID=$!
wait_until "the --no-shm spectator's banner" has_label "$NPID" "^\(bot ([XO]) won\.\|A draw\)"
mapped "$NPID" && fail "board-gtk --no-shm --spectate maps a board: $(grep "/dev/shm/" "/proc/$NPID/maps")"
shot "$SPID" "$WORK/spectator.png"
shot "$NPID" "$WORK/noshm.png"
cp "$WORK/noshm.png" "$OUT/test-gtk-noshm.png" || fail "cannot keep the screenshot"
diff=$(compare -metric AE "$WORK/spectator.png" "$WORK/noshm.png" "$WORK/diff.png" 2>&1)
[ "$diff" = 0 ] || { cp "$WORK/spectator.png" "$OUT/test-gtk-noshm-shm.png"; fail "the spectators' windows differ in $diff pixels"; }
gtk_kill $SPID $NPID
SPID="" NPID=""

note "a hot-seat window with --no-shm plays table h through its covers"
"$GTK" --no-shm --board h --hot-seat ana,bob >"$WORK/hot.log" 2>&1 &
HPID=$!
wait_until "the hot-seat window's board" board_ready "$HPID"
mapped "$HPID" && fail "a hot-seat window with --no-shm maps a board: $(grep "/dev/shm/" "/proc/$HPID/maps")"
cover_or_end() { at "$HPID" buttons 2>/dev/null | grep -q "^Pass to " || has_label "$HPID" "^[a-z]* ([XO]) won\.$"; }
for _ in 1 2 3 4 5 6 7; do
	wait_until "a cover or the end" cover_or_end
	who=$(at "$HPID" buttons | sed -n 's/^Pass to //p')
	[ -n "$who" ] || break
	press "$HPID" "Pass to $who"
	wait_until "$who's turn" has_label "$HPID" "^Your turn: place an [XO]\.$"
	n=$(first_empty "$HPID")
	click "$HPID" "$n"
	wait_until "$who's mark in cell $n" eval '! cell_is "$HPID" $n ", empty$"'
done
# Each seat took the first empty square: X has the diagonal 2-4-6.
wait_until "the hot-seat match's end" has_label "$HPID" "^[a-z]* (X) won\.$"
for n in 2 4 6; do
	cell_is "$HPID" $n ", X.*, winning line$" || fail "cell $n is named: $(name_of "$HPID" $n)"
done
mapped "$HPID" && fail "a hot-seat window with --no-shm mapped a board"

for f in gtk spectator noshm-spectator hot; do
	[ -s "$WORK/$f.log" ] && fail "board-gtk ($f) wrote to stderr: $(cat "$WORK/$f.log")"
done
gui_stop
finish
