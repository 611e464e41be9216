#!/bin/sh
# test-tui-quantik.sh: board-tui on a static Quantik table of a real boardd (a 60 s move
# clock): a whole match of two rounds against board-bot, each piece's shape chosen with
# a-d, the squares where it may go shown as ":", one taken with the arrows and Enter, a
# taken square refused beside it, the clock counting, the end named.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"

start_daemon --board q:quantik,move-ms=60000 --seed 5
tui_start -- --board q --name ana
wait_screen '^board-tui: Quantik at table q '
tui_bot bob --board q --level easy --seed 5 --delay-ms 100
wait_screen '\[B\] bob'

turn() { shows '^Round [12]\. Your turn \((white|black)\)|^GAME OVER'; }
state() { screen | grep -E '^Round [12]\. |^GAME OVER'; }
moved() { [ "$(state)" != "$before" ]; }
ticked() { screen | grep -qE '^You have (5[0-8]|[1-4][0-9]|[0-9]) s left to move\.$'; }
moves=0 refused=0 ticks=0
while :; do
	wait_until "our turn or the end" turn
	shows '^GAME OVER' && break
	found=""
	for shape in a b c d; do
		keys "$shape"
		wait_screen "^Round [12]\. Your turn .*: place $(echo "$shape" | tr abcd ABCD) "
		found=$(cells 3 4 | grep -n '^ : $' | head -n 1 | cut -d: -f1)
		[ -n "$found" ] && break
	done
	if [ -z "$found" ]; then # stuck: the daemon ends the round (we lose it)
		before=$(state)
		wait_until "the round of a side that cannot place to end" moved
		continue
	fi
	taken=$(cells 3 4 | grep -nE '^ [A-Da-d] $' | head -n 1 | cut -d: -f1)
	if [ "$refused" -eq 0 ] && [ -n "$taken" ]; then # a taken square: refused beside it
		go $(((taken - 1) % 4)) $(((taken - 1) / 4))
		keys Enter
		wait_screen "^! column $(((taken - 1) % 4)), row $(((taken - 1) / 4)): the cell is taken$"
		refused=1
	fi
	if [ "$ticks" -eq 0 ]; then # our clock counts down (from 60 s: a second at least)
		wait_until "the move clock to count" ticked
		ticks=1
	fi
	go $(((found - 1) % 4)) $(((found - 1) / 4))
	before=$(state)
	keys Enter
	moves=$((moves + 1))
	[ "$moves" -le 16 ] || fail "more than 16 moves of ours: $(screen | head -n 12)"
	wait_until "our piece placed" moved
done
[ "$refused" -eq 1 ] || fail "no turn of ours had a taken square to try"
note "$moves moves: $(screen | grep '^GAME OVER')"
wait_screen '^GAME OVER: (You won|You lost): (ana|bob) \((white|black)\) won it by (row[0-3]|col[0-3]|zone[0-3]|stuck)\.$'
tui_quit
tui_bot_end
finish
