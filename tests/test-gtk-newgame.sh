#!/bin/sh
# test-gtk-newgame.sh: board-gtk's New Game dialog, in Xvfb, against a real boardd. For every
# game kind the daemon hosts the dialog opens, the game and its options are chosen from the
# keyboard (tic-tac-toe with a clock, Memory and Qwirkle with two bots: three seats; Qwirkle
# as a practice game), Start makes the
# table: the window shows its board with the bots (board-bot, the window's children) seated,
# and the daemon lists the table with those options. The dialog's second page watches the
# static board main. Last, a whole 4x4 Memory game against the beginner bot is won by the
# test's own clicks: tests/gtk-newgame.py plays as a person would, from what the window shows
# (the cards' accessible names), remembering what it saw; a game it does not win is played
# again from New Game (at most 3 games; the count is said).
# Screenshots kept in tests/out: the dialog, Qwirkle's table, the Memory game won.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID=""
gtk_need
OUT="$(dirname "$0")/out"
mkdir -p "$OUT" || fail "cannot make $OUT"
trap 'gtk_kill $GPID $BUSPID $XPID; cleanup' EXIT

ng() { "$PY" "$(dirname "$0")/gtk-newgame.py" "$@"; }
in_lobby() { has_label "$GPID" "^New game: which game$"; }
# dialog_press NAME: click the button NAME of the New Game dialog.
dialog_press() {
	name=$1
	wait_until "the dialog's $name" eval 'ng "$GPID" button "New Game" "$name" >/dev/null 2>&1'
	set -- $(ng "$GPID" button "New Game" "$name")
	xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
}
# bots_of: the names of the board-bots the window runs.
bots_of() { ps -o args= --ppid "$GPID" | sed -n 's/^[^ ]*board-bot .*--name \([^ ]*\) .*/\1/p' | sort | tr '\n' ' '; }
# listed GAME: the daemon's TABLE line of the lobby table of GAME with the window's player.
listed() {
	printf 'hello probe player\nlist\nquit\n' | socat -t 5 - "UNIX-CONNECT:$SOCK" 2>/dev/null >"$WORK/list.out"
	t=$(awk '$1 == "SEAT" && $5 == "ng" { print $2 }' "$WORK/list.out")
	[ -n "$t" ] && grep "^TABLE $t $1 " "$WORK/list.out"
}
# dialog_open: press New Game… until the dialog shows (a click on a loaded machine may land
# while the window is still busy; a second press on an open dialog only raises it).
dialog_open() {
	if [ "${OPEN_BY:-}" = ctrl+n ]; then # the header's accelerator, once: it must open it
		xdotool key ctrl+n
		wait_until "the New Game dialog by Ctrl+N" eval 'ng "$GPID" button "New Game" Start >/dev/null 2>&1'
		note "Ctrl+N opened the New Game dialog"
		return 0
	fi
	for _ in 1 2 3 4 5; do
		press "$GPID" "New Game…"
		for _ in 1 2 3 4 5 6 7 8 9 10; do
			ng "$GPID" button "New Game" Start >/dev/null 2>&1 && return 0
			sleep 0.5
		done
	done
	fail "the New Game dialog did not open: $(cat "$WORK/gtk.log")"
}
# new_game INDEX KEYS...: open the dialog, choose the game INDEX-th in the daemon's list, then
# press the KEYS (options), then Start.
new_game() {
	n=$1
	shift
	dialog_open
	xdotool key alt+g Home
	while [ "$n" -gt 0 ]; do xdotool key Down; n=$((n - 1)); done
	[ $# -eq 0 ] || xdotool key "$@"
}
# at_table TITLE BOTS: the board of TITLE shows, the window runs the bots BOTS (names, sorted,
# each followed by a space), and they sit at the table with the window's player.
at_table() {
	title=$1 bots=$2
	wait_until "the $title board" eval 'at "$GPID" board 2>/dev/null | grep -q "^$title \(board\|table\)|"'
	wait_until "the bots $bots" eval '[ "$(bots_of)" = "$bots" ]'
	for b in $bots; do
		wait_until "$b at the table" eval 'at "$GPID" rows 2>/dev/null | grep -q "^$b\\b"'
	done
}
# back [BUTTON]: the header's Back to lobby (or BUTTON, the end's Leave), then the lobby.
back() {
	press "$GPID" "${1:-Back to lobby}"
	wait_until "the lobby" in_lobby
	wait_until "the bots to end" eval '[ -z "$(bots_of)" ]'
}

gtk_display
start_daemon --lobby-wait-ms 20000
printf 'hello probe player\ngames\nquit\n' | socat -t 5 - "UNIX-CONNECT:$SOCK" >"$WORK/games.out" 2>&1
index() { awk -v g="$1" '$1 == "GAME" { if ($2 == g) print n + 0; n++ }' "$WORK/games.out"; }
for g in memory tictactoe tafl quantik qwirkle; do
	[ -n "$(index $g)" ] || fail "the daemon does not host $g: $(cat "$WORK/games.out")"
done
# Its debug messages (sound.c says each sound it was asked for) in gtk.out; stderr in gtk.log.
G_MESSAGES_DEBUG=board-gtk "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --name ng >"$WORK/gtk.out" 2>"$WORK/gtk.log" &
GPID=$!
wait_until "the lobby" in_lobby

note "tic-tac-toe: a clock of 1 minute each, the easy bot"
OPEN_BY=ctrl+n
new_game "$(index tictactoe)" alt+l Down alt+v Home
OPEN_BY=
xdotool mousemove 5 5
import -window root "$WORK/dialog.png" || fail "no screenshot"
dialog_press Start
at_table Tic-tac-toe "ng-bot "
listed tictactoe | grep -q " clock-ms=60000," || fail "the table's options: $(cat "$WORK/list.out")"
back

note "Hnefatafl and Quantik: the default options, the bot"
for g in tafl:Hnefatafl quantik:Quantik; do
	new_game "$(index "${g%%:*}")"
	dialog_press Start
	at_table "${g#*:}" "ng-bot "
	listed "${g%%:*}" >/dev/null || fail "no ${g%%:*} table of ng: $(cat "$WORK/list.out")"
	back
done

note "Memory: two bots, three seats"
new_game "$(index memory)" alt+o Up
dialog_press Start
at_table Memory "ng-bot ng-bot2 "
listed memory | grep -q "seats=3" || fail "the table's options: $(cat "$WORK/list.out")"
back

note "Qwirkle: two bots, three seats, a practice game"
new_game "$(index qwirkle)" alt+o Up alt+r
dialog_press Start
at_table Qwirkle "ng-bot ng-bot2 "
listed qwirkle | grep "seats=3" | grep -q "practice=on" || fail "the table's options: $(cat "$WORK/list.out")"
hand() { [ "$(at "$GPID" buttons 2>/dev/null | grep -c "^Tile [1-6]: ")" -eq 6 ]; }
wait_until "the window's hand of 6 tiles" hand
import -window root "$WORK/qwirkle.png" || fail "no screenshot"
back

note "the second page: watch the static board main"
dialog_open
dialog_press "Join or watch"
dialog_press "Watch main"
wait_until "main watched" eval 'at "$GPID" board 2>/dev/null | grep -q "^Memory board|"'
wait_until "watching" has_label "$GPID" "watching"
back

note "Memory 4x4 against the beginner bot, won by clicks"
won=0 games=0
while [ $won -eq 0 ] && [ $games -lt 3 ]; do
	new_game "$(index memory)"
	dialog_press Start
	at_table Memory "ng-bot "
	ps -o args= --ppid "$GPID" | grep -q -- "--level beginner" || fail "the bot is not the beginner"
	listed memory | grep -q " dim=4" || fail "not a 4x4 table: $(cat "$WORK/list.out")"
	score=$(ng "$GPID" memory ng 0.7) || fail "the game was not played out: $score"
	games=$((games + 1))
	note "game $games: ng found ${score% *} pairs, the bot ${score#* }"
	[ "${score% *}" -gt "${score#* }" ] && won=1
	[ $won -eq 1 ] && import -window root "$WORK/won.png"
	back Leave # the end's own way back (a table of New Game waits for every rematch)
done
[ $won -eq 1 ] || fail "lost $games games of Memory against the beginner bot"
note "won in game $games"
for f in dialog qwirkle won; do cp "$WORK/$f.png" "$OUT/test-gtk-newgame-$f.png"; done

gtk_kill $GPID
GPID=""
grep -v "^board-bot: " "$WORK/gtk.log" | grep -v "board-gtk-DEBUG" | grep -q . &&
	fail "board-gtk wrote to stderr: $(cat "$WORK/gtk.log")"
# The Memory game's sounds were asked for (played, or "not played" without an audio output).
for s in pick match end; do
	cat "$WORK/gtk.out" "$WORK/gtk.log" | grep -q "board-gtk-DEBUG: .*sound $s: " || fail "no $s sound asked for: $(cat "$WORK/gtk.out")"
done
note "the sounds of a pick, a pair and the end were asked for"
finish
