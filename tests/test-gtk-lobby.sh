#!/bin/sh
# test-gtk-lobby.sh: board-gtk without --board opens on the lobby of a real boardd, in Xvfb.
# It lists the daemon's games; Play a bot starts board-bot as the window's own user (its
# child, the level chosen) and the person plays a whole tic-tac-toe match through the window
# to its end, then Back to lobby leaves the table and ends the bot; Play a person shows the
# countdown (a number that goes down) until a raw socket client plays too, which then
# leaves mid-match: the window counts down to its forfeit and wins; nobody coming says so
# and offers Wait again; a table of two bots from the list is watched; closing the window
# ends a bot it started.
# Alt+P and Alt+C play and cancel from the keyboard.
# Screenshots kept in tests/out: the countdown, and the lobby in a dark theme.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID="" DKPID="" OPID="" W1PID="" W2PID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"

# Stop everything this test started besides the daemon (lib.sh's cleanup does that).
gui_stop() {
	gtk_kill $GPID $DKPID $OPID $W1PID $W2PID $BUSPID $XPID
	GPID="" DKPID="" OPID="" W1PID="" W2PID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

name_of() { at "$1" cell "$2" 2>/dev/null | cut -d'|' -f1; }
cell_is() { name_of "$1" "$2" | grep -q "$3"; }
board_ready() { at "$1" board 2>/dev/null | grep -q "^Tic-tac-toe board|.* 9$"; }
in_lobby() { has_label "$1" "^New game: which game$"; }
# click_label PID TEXT: click the shown label TEXT (a game's row).
click_label() {
	set -- "$1" "$2" $(at "$1" label "$2")
	[ $# -eq 6 ] || fail "no label $2 in the window of $1"
	xdotool mousemove $(($3 + $5 / 2)) $(($4 + $6 / 2)) click 1
}
# bot_of PID: the pid of the board-bot the window of PID started, if it runs.
bot_of() { ps -o pid=,args= --ppid "$1" | awk '$2 ~ /board-bot$/ && $0 !~ /<defunct>/ { print $1 }'; }
# countdown PID: the number the window shows while it waits ("7"), from its words.
countdown() { at "$1" shown 2>/dev/null | sed -n 's/^Waiting for another player of Tic-tac-toe: \([0-9]*\) s left\.$/\1/p'; }
# forfeit_in: the seconds the window says the opponent who left has to come back.
forfeit_in() {
	at "$GPID" shown 2>/dev/null | sed -n 's/^opp left: they lose by forfeit in \([0-9]*\) s unless they come back\.$/\1/p'
}
# count_shown: the countdown's number shows by itself too (the big one beside the bar), in
# the same look at the window; the walk over the tree takes a while, so the number may have
# ticked once between the words and the big one.
count_shown() {
	s=$(at "$GPID" shown 2>/dev/null) || return 1
	c=$(echo "$s" | sed -n 's/^Waiting for another player of Tic-tac-toe: \([0-9]*\) s left\.$/\1/p')
	[ -n "$c" ] && echo "$s" | grep -qxE "$((c - 1))|$c|$((c + 1))"
}
# play_out: the window plays the first empty square on each of its turns until the end.
turn_or_end() { has_label "$GPID" "^\(Your turn\|You won\|You lost\|A draw\)"; }
play_out() {
	for _ in 1 2 3 4 5; do
		wait_until "the window's turn or the end" turn_or_end
		has_label "$GPID" "^Your turn" || break
		n=0
		while ! cell_is "$GPID" $n ", empty$"; do n=$((n + 1)); done
		set -- $(at "$GPID" cell $n | cut -d'|' -f2)
		xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
		wait_until "our mark in cell $n" eval '! cell_is "$GPID" $n ", empty$"'
	done
	wait_until "the end of the match" has_label "$GPID" "^\(You won\|You lost\|A draw\)"
}
# seated_at NAME: the table where player NAME sits, from the daemon's list.
seated_at() {
	printf 'hello probe player\nlist\nquit\n' | socat -t 5 - "UNIX-CONNECT:$SOCK" 2>/dev/null |
		awk -v n="$1" '$1 == "SEAT" && $5 == n { print $2 }'
}

gtk_display
start_daemon --lobby-wait-ms 10000 --away-ms 8000

note "the window opens on the lobby and lists the daemon's games"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --name gtk1 >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the lobby" in_lobby "$GPID"
printf 'hello probe player\ngames\nquit\n' | socat -t 5 - "UNIX-CONNECT:$SOCK" >"$WORK/games.out" 2>&1
grep -q "^GAME tictactoe " "$WORK/games.out" || fail "the daemon has no tictactoe: $(cat "$WORK/games.out")"
for title in Memory Tic-tac-toe; do
	wait_until "$title in the list of games" has_label "$GPID" "^$title$"
done
at "$GPID" button "Play a person" >/dev/null || fail "no Play a person button"
wait_until "the static board main in the list of tables" has_label "$GPID" "^main: Memory, waiting$"
click_label "$GPID" Tic-tac-toe
wait_until "the clock of tic-tac-toe, in seconds" has_label "$GPID" "^Clock, seconds each (0: none)$"
xdotool mousemove 5 5
import -window root "$WORK/lobby.png" || fail "no screenshot"

note "Play a bot (level perfect): board-bot runs as the window's user, the match is played to its end"
press "$GPID" Perfect
press "$GPID" "Play a bot"
wait_until "the window's board-bot" eval '[ -n "$(bot_of "$GPID")" ]'
BOT=$(bot_of "$GPID")
[ "$(ps -o uid= -p "$BOT")" = "$(ps -o uid= -p "$GPID")" ] || fail "the bot runs as uid $(ps -o uid= -p "$BOT")"
ps -o args= -p "$BOT" | grep -q -- "--name gtk1-bot --play tictactoe --opponent gtk1 --level perfect" ||
	fail "the bot was started as: $(ps -o args= -p "$BOT")"
wait_until "the table with the bot" board_ready "$GPID"
wait_until "the match against the bot" has_label "$GPID" "^You play [XO] against gtk1-bot\.$"
play_out
has_label "$GPID" "^You won" && fail "the perfect bot lost"
import -window root "$WORK/bot.png" || fail "no screenshot"

note "Back to lobby leaves the table and ends the bot"
press "$GPID" "Back to lobby"
wait_until "the lobby again" in_lobby "$GPID"
wait_until "the bot to end" eval '! kill -0 "$BOT" 2>/dev/null'

note "Play a person: the countdown shows and goes down until a player comes"
press "$GPID" "Play a person"
wait_until "the countdown" eval '[ -n "$(countdown "$GPID")" ]'
FIRST=$(countdown "$GPID")
wait_until "the count as a number beside its bar" count_shown
wait_until "the countdown to go down from $FIRST" eval '[ "$(countdown "$GPID")" != "" ] && [ "$(countdown "$GPID")" -lt "$FIRST" ]'
import -window root "$WORK/countdown.png" && cp "$WORK/countdown.png" "$OUT/test-gtk-lobby-countdown.png"
mkfifo "$WORK/opp.in"
exec 7<>"$WORK/opp.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/opp.in" >"$WORK/opp.out" 2>&1 &
OPID=$!
printf 'hello opp player\nplay tictactoe\n' >&7
wait_until "the opponent to be matched" grep -q "^EVENT 0 matched " "$WORK/opp.out"
TABLE=$(sed -n 's/^EVENT 0 matched \([^ ]*\) tictactoe$/\1/p' "$WORK/opp.out")
printf 'join %s\n' "$TABLE" >&7
wait_until "the window at table $TABLE" board_ready "$GPID"
wait_until "the match against opp" has_label "$GPID" "^You play [XO] against opp\.$"

note "the opponent leaves mid-match: the window counts down to its forfeit, then wins"
printf 'quit\n' >&7
exec 7>&-
wait "$OPID" 2>/dev/null
OPID=""
wait_until "the forfeit countdown" eval '[ -n "$(forfeit_in)" ]'
FIRST=$(forfeit_in)
wait_until "the forfeit countdown to go down from $FIRST" eval '[ "$(forfeit_in)" != "" ] && [ "$(forfeit_in)" -lt "$FIRST" ]'
wait_until "the window to win by forfeit" has_label "$GPID" "^You won"
press "$GPID" "Back to lobby"
wait_until "the lobby again" in_lobby "$GPID"

note "the keyboard: Alt+P plays a person, Alt+C cancels the wait"
xdotool windowactivate --sync "$(xdotool search --onlyvisible --pid "$GPID" | head -1)" 2>/dev/null
xdotool key alt+p
wait_until "the countdown" eval '[ -n "$(countdown "$GPID")" ]'
wait_until "the daemon to list gtk1 waiting" eval 'printf "hello probe player\nlist\nquit\n" |
	socat -t 5 - "UNIX-CONNECT:$SOCK" | grep -q "^WAITING tictactoe gtk1 "'
xdotool key alt+c
wait_until "the wait to end" eval '! at "$GPID" shown 2>/dev/null | grep -q "^Waiting for"'
printf 'hello probe player\nlist\nquit\n' | socat -t 5 - "UNIX-CONNECT:$SOCK" | grep "^WAITING" &&
	fail "still waiting after Cancel"

note "nobody comes: the window says so and offers to wait again"
xdotool key alt+p
wait_until "the wait to run out" has_label "$GPID" "^Nobody came to play Tic-tac-toe\.$"
at "$GPID" button "Wait again" >/dev/null || fail "no Wait again button"
at "$GPID" button "Play a bot instead" >/dev/null || fail "no Play a bot instead button"

note "Watch a table of two bots from the list"
"$BIN/board-bot" --socket "$SOCK" --shm-prefix "$PREFIX" --name w1 --play tictactoe --opponent w2 --level easy \
	--delay-ms 800 >"$WORK/w1.out" 2>"$WORK/w1.err" &
W1PID=$!
"$BIN/board-bot" --socket "$SOCK" --shm-prefix "$PREFIX" --name w2 --play tictactoe --opponent w1 --level easy \
	--delay-ms 800 >"$WORK/w2.out" 2>"$WORK/w2.err" &
W2PID=$!
wait_until "the bots' table in the list" has_label "$GPID" "^\\(w1, w2\\|w2, w1\\); 0 watching$"
WT=$(seated_at w1)
[ -n "$WT" ] || fail "the daemon lists no table of w1"
press "$GPID" "Watch $WT"
wait_until "the watched board" board_ready "$GPID"
at "$GPID" cell 4 | grep -q "|0$" || fail "a watcher's cell can be played"
wait_until "the bots' moves on the board" eval '! cell_is "$GPID" 4 ", empty$" || ! cell_is "$GPID" 0 ", empty$"'
press "$GPID" "Back to lobby"
wait_until "the lobby again" in_lobby "$GPID"
gtk_kill $W1PID $W2PID
W1PID="" W2PID=""

note "a dark theme: the lobby stays legible"
GTK_THEME=Adwaita:dark "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --name dark >"$WORK/dark.log" 2>&1 &
DKPID=$!
wait_until "the dark lobby" has_label "$DKPID" "^Tic-tac-toe$"
xdotool windowraise "$(xdotool search --onlyvisible --pid "$DKPID" | head -1)"
sleep 1 # let the raised window draw: the screenshot is for people, nothing is asserted on it
import -window root "$WORK/dark.png" && cp "$WORK/dark.png" "$OUT/test-gtk-lobby-dark.png"
gtk_kill $DKPID
DKPID=""

note "closing the window ends the bot it started"
press "$GPID" "Play a bot"
wait_until "the window's board-bot" eval '[ -n "$(bot_of "$GPID")" ]'
BOT=$(bot_of "$GPID")
wait_until "the table with the bot" board_ready "$GPID"
press "$GPID" Close
wait "$GPID" || fail "board-gtk exited $? when its window was closed"
GPID=""
wait_until "the bot to end with the window" eval '! kill -0 "$BOT" 2>/dev/null'

# The bots' own lines (board-bot: ...) go to the window's standard error, as they should.
for f in gtk dark; do
	grep -v "^board-bot: " "$WORK/$f.log" | grep -q . && fail "board-gtk ($f) wrote to stderr: $(cat "$WORK/$f.log")"
done
gui_stop
finish
