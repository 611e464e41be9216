#!/bin/sh
# test-gtk-ending.sh: the end of a game in board-gtk (Xvfb, one boardd). A Memory 2x2 board
# played alone to its end: the window names the winner, has no Play Again (the board starts
# again by itself, 10 s later, and the state line says when), counts the game in this
# session's tally. Then board-gtk
# again (a new session) at a tic-tac-toe table against a scripted opponent who resigns: the
# winner named, the Scores dialog shows the Memory game of the first session and this one
# (statistics kept in $XDG_DATA_HOME/boardd/scores); Play Again asks for the rematch, which
# starts when the opponent asks too; the window resigns the next match: the loser told, the
# tally counts both matches.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID="" OPID=""
gtk_need
# Screenshots into tests/out (SHOTS=docs/screenshots to renew the documentation's).
SHOTS=${SHOTS:-$(dirname "$0")/out}
mkdir -p "$SHOTS" || fail "cannot make $SHOTS"
export XDG_DATA_HOME="$WORK/data"

gui_stop() {
	gtk_kill $GPID $OPID $BUSPID $XPID
	GPID="" OPID="" BUSPID="" XPID=""
}
trap 'gui_stop; cleanup' EXIT

# shot NAME: the window of GPID (and its dialog, if one is open) into $SHOTS.
shot() {
	sleep 0.5 # let the window draw what AT-SPI already reads: the picture is for people
	eval "$(xdotool getwindowgeometry --shell "$(xdotool search --onlyvisible --pid "$GPID" | head -1)")"
	import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$SHOTS/ending-$1.png" ||
		fail "no screenshot $1"
}
# next_pick CELLS: from the cards as the window names them (`at cells`) and the faces seen
# so far ($WORK/faces, kept up to date), the card to pick next as a person who remembers
# would: "done" when every card is locked, "wait" while a mismatched pair is up.
next_pick() {
	printf '%s\n' "$1" | awk -F'|' -v kf="$WORK/faces" '
	BEGIN { while ((getline l < kf) > 0) { split(l, w, " "); known[w[1]] = w[2] } }
	{
		i = NR - 1; n = NR; split($1, w, ", ")
		if ($1 ~ /face up/) { st[i] = "up"; known[i] = w[4]; up = i; nup++ }
		else if ($1 ~ /locked/) { st[i] = "locked"; nlocked++ }
		else st[i] = "down"
	}
	END {
		printf "" > kf
		for (i in known) print i, known[i] > kf
		if (nlocked == n) { print "done"; exit }
		if (nup > 1) { print "wait"; exit }
		for (i = 0; i < n; i++) for (j = 0; j < n; j++)
			if (st[i] == "down" && known[i] != "" && i != j && known[j] == known[i] &&
			    (nup ? j == up : st[j] == "down")) { print i; exit }
		for (i = 0; i < n; i++) if (st[i] == "down" && known[i] == "") { print i; exit }
		for (i = 0; i < n; i++) if (st[i] == "down") { print i; exit }
		print "wait"
	}'
}

# play_memory: pick cards until every pair is found; a pick refused or lost (a first pick
# timed out on a slow machine) is tried again from what the window shows.
play_memory() {
	: >"$WORK/faces"
	for _ in $(seq 1 60); do
		C=$(at "$GPID" cells)
		n=$(next_pick "$C")
		[ "$n" = done ] && return 0
		if [ "$n" != wait ]; then
			set -- $(printf '%s\n' "$C" | sed -n "$((n + 1))p" | cut -d'|' -f2)
			xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
		fi
		for _ in 1 2 3 4 5 6 7 8 9 10; do
			[ "$(at "$GPID" cells)" != "$C" ] && break
			sleep 0.1
		done
	done
	fail "the window did not find every pair in 60 picks: $(at "$GPID" cells)"
}

gtk_display
start_daemon --board m:memory:2 --board t:tictactoe --min-players 1 --mismatch-ms 300 --seed 7

note "Memory 2x2 alone: the window finds both pairs"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board m --name ana >"$WORK/gtk1.log" 2>&1 &
GPID=$!
wait_until "the Memory board" eval 'at "$GPID" table 2>/dev/null | grep -q " 4$"'
wait_until "the game on" eval 'at "$GPID" cell 0 | grep -q "face down"' 
play_memory

note "the end: the winner named, no Play Again, the next game's start said, the tally"
wait_until "the winner named" has_label "$GPID" "^You won"
S=$(at "$GPID" shown)
shown() { printf '%s\n' "$S" | grep -q "$1" || fail "the window does not show $1: $S"; }
at "$GPID" rows | grep -q "^ana (you), 4 points|" || fail "no final score in the player list: $(at "$GPID" rows)"
shown "^This session: 1 game of Memory, 1 won, 0 drawn\.$"
shown "starts in [0-9]* s\.$"
at "$GPID" button "Play Again" >/dev/null && fail "Play Again on a board that starts again by itself"
at "$GPID" button Leave >/dev/null && fail "Leave without a lobby to go back to"

shot memory-over
gtk_kill $GPID
GPID=""
grep -q "^\[memory\]" "$XDG_DATA_HOME/boardd/scores" || fail "no Memory statistics: $(cat "$XDG_DATA_HOME/boardd/scores")"

note "board-gtk again, at tic-tac-toe: the opponent resigns"
mkfifo "$WORK/opp.in"
exec 7<>"$WORK/opp.in" # held open for writing: the opponent's socat never sees an end
socat "UNIX-CONNECT:$SOCK" - <"$WORK/opp.in" >"$WORK/opp.out" 2>&1 &
OPID=$!
opp() { printf '%s\n' "$1" >&7; }
opp "hello opp player"
opp "join t"
"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board t --name ana >"$WORK/gtk2.log" 2>&1 &
GPID=$!
wait_until "the match" has_label "$GPID" "^You play [XO] against opp\.$"
opp resign
wait_until "the winner named" has_label "$GPID" "^You won"
has_label "$GPID" "^This session: 1 game of Tic-tac-toe, 1 won, 0 drawn\.$" || fail "no tally: $(at "$GPID" shown)"
shot won

note "Scores: this session's game and the last session's"
press "$GPID" Scores
wait_until "the Scores dialog" has_label "$GPID" "^Tic-tac-toe: played 1, won 1, drawn 0, best score [0-9]*, 1 this session$"
has_label "$GPID" "^Memory: played 1, won 1, drawn 0, best score 4, 0 this session$" ||
	fail "the Memory game of the first session is not in Scores: $(at "$GPID" shown)"
shot scores
xdotool windowfocus --sync "$(xdotool search --sync --onlyvisible --name '^Scores$' | head -1)" key Escape
wait_until "the dialog to close" eval '! has_label "$GPID" "^Memory: played"'

note "Play Again: asked, then the rematch once the opponent asks too"
press "$GPID" "Play Again"
wait_until "Play Again to say it was asked" eval 'at "$GPID" button "Asked…" >/dev/null'
wait_until "the daemon to tell the opponent" grep -q "rematch" "$WORK/opp.out"
opp rematch
wait_until "the end to go" eval '! has_label "$GPID" "^You won"'
wait_until "the rematch" has_label "$GPID" "^You play [XO] against opp\.$"

note "the window resigns the rematch: the winner named, the tally counts both"
press "$GPID" Resign
wait_until "the winner named" has_label "$GPID" "^opp won\.$"
has_label "$GPID" "^This session: 2 games of Tic-tac-toe, 1 won, 0 drawn\.$" || fail "no tally: $(at "$GPID" shown)"
shot lost
grep -A1 "^\[tictactoe\]" "$XDG_DATA_HOME/boardd/scores" | grep -q "^games=2$" ||
	fail "the statistics do not count 2 tic-tac-toe games: $(cat "$XDG_DATA_HOME/boardd/scores")"

for f in gtk1 gtk2; do
	[ -s "$WORK/$f.log" ] && fail "board-gtk ($f) wrote to stderr: $(cat "$WORK/$f.log")"
done
gui_stop # the opponent's socat too
finish
