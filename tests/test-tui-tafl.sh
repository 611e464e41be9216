#!/bin/sh
# test-tui-tafl.sh: board-tui on a static Hnefatafl table of a real boardd (draw-plies=6,
# so that a game is short): a whole game against board-bot, each move with the arrows and
# two Enters (a piece of ours chosen, its squares to go to shown as "o", one of them taken),
# a piece of the other side refused beside it, the board in OpenTafl's names, the end named.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"

start_daemon --board h:tafl,draw-plies=6 --seed 5
tui_start -- --board h --name ana
wait_screen '^board-tui: Hnefatafl at table h '
shows '^     a    b    c    d    e    f    g    h    i ' && shows '^ 9 \[ \+ \]' && shows '^ 1   \+ ' ||
	fail "the board's names: $(screen | head -n 12)"
shows '^ 5   t    t    T    T    K    T    T    t    t( |$)' || fail "the start: $(screen | head -n 12)"
tui_bot bob --board h --level easy --seed 5 --think-ms 50 --delay-ms 100
wait_screen '\[B\] bob'

turn() { shows '^Your turn, the (attackers|defenders)|^GAME OVER'; }
targets() { cells 3 9 | grep -c '^ o $'; }
# moved: the square the piece left holds none of ours (only we move ours, and not before
# our next turn), or the game is over.
moved() { ! cells 3 9 | sed -n "${found}p" | grep -qE "$mine|^>" || shows '^GAME OVER'; }
moves=0 refused=0
while :; do
	wait_until "our turn or the end" turn
	shows '^GAME OVER' && break
	if shows '^Your turn, the attackers'; then mine='^ t $' theirs='^ [TK] $'; else mine='^ [TK] $' theirs='^ t $'; fi
	if [ "$refused" -eq 0 ]; then # a piece of the other side: refused beside it
		cell=$(cells 3 9 | grep -nE "$theirs" | head -n 1 | cut -d: -f1)
		go $(((cell - 1) % 9)) $(((cell - 1) / 9))
		keys Enter
		wait_screen "^! column $(((cell - 1) % 9)), row $(((cell - 1) / 9)): choose one of your pieces first$"
		refused=1
	fi
	# our pieces in turn until one has somewhere to go
	found=0
	for cell in $(cells 3 9 | grep -nE "$mine" | cut -d: -f1); do
		go $(((cell - 1) % 9)) $(((cell - 1) / 9))
		keys Enter
		wait_screen '^Your turn, .*: [a-i][1-9] chosen; Enter on an o moves it\.$'
		if [ "$(targets)" -gt 0 ]; then found=$cell; break; fi
		keys Enter # let it go
		wait_screen '^Your turn, .*: Enter on a piece of yours chooses it\.$'
	done
	[ "$found" -gt 0 ] || fail "no piece of ours can move: $(screen | head -n 16)"
	to=$(cells 3 9 | grep -n '^ o $' | head -n 1 | cut -d: -f1)
	go $(((to - 1) % 9)) $(((to - 1) / 9))
	keys Enter
	moves=$((moves + 1))
	[ "$moves" -le 40 ] || fail "40 moves of ours and no end: $(screen | head -n 16)"
	wait_until "our move made" moved
done
note "$moves moves: $(screen | grep '^GAME OVER')"
wait_screen '^GAME OVER: (You won|You lost|A draw): (the king reached a corner|the king was captured|the side to move could not move|a position came a third time|6 plies without a capture)\.$'
tui_quit
tui_bot_end
finish
