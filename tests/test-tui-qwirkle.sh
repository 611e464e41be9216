#!/bin/sh
# test-tui-qwirkle.sh: board-tui on a static Qwirkle table of a real boardd: a whole game
# against board-bot. Each turn of ours lays the best lay `boardctl rules qwirkle moves`
# finds for the table and the hand board-tui shows: each tile chosen with its digit, put
# with the arrows and Enter (shown starred), the lay played with p; with no lay, a swap (x
# marks, s swaps) or a pass (P). A lay the rules refuse is said at once; the end named
# with the points.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
CTL="$BIN/boardctl"

start_daemon --board w:qwirkle --seed 5
tui_start -- --board w --name ana
wait_screen '^board-tui: Qwirkle at table w '
run_bot bob --board w --level easy --seed 5 --delay-ms 50
bot=$PID
wait_screen '\[B\] bob'

turn() { shows '^Your turn: lay|^GAME OVER'; }
hand() { screen | grep '^Hand (' | sed 's/^Hand ([^)]*)://' | grep -oE '[0-9][:[][a-f][1-6]' | tr -d ':['; }
laid() { [ "$(screen | grep '^Hand (' | grep -o -- '--' | wc -l)" -eq "$1" ]; }
# sent: the hand line shows no tile laid (--) nor marked (x): board-tui sent the turn (a
# turn of ours always has one or the other before; a pass is preceded by an x).
sent() { screen | grep '^Hand (' | grep -qv -- '--\|x' || shows '^GAME OVER|^! '; }
# goxy X Y: the cursor to the cell at x, y (the frame from the labels of the grid).
goxy() {
	x0=$(screen | sed -n 3p | awk '{ print $1 }')
	y0=$(screen | sed -n 4p | awk '{ print $1 }')
	go $(($1 - x0)) $((y0 - $2))
}

note "a refused lay: two tiles apart"
wait_until "our first turn" turn
keys 1
goxy 0 0
keys Enter
wait_until "a tile laid" laid 1
keys 2
goxy 2 2
keys Enter
wait_until "a second tile laid" laid 2
keys p
wait_screen '^! column [0-9]+, row [0-9]+: '
keys u
wait_until "the lay taken back" laid 0

turns=0
while :; do
	wait_until "our turn or the end" turn
	shows '^GAME OVER' && break
	table=$("$CTL" dump w | sed -n 's/^table //p')
	tiles=$(hand | cut -c2- | tr '\n' ' ')
	lay=$("$CTL" rules qwirkle moves "${table:--}" "$tiles" | head -n 1 | cut -f1)
	if [ -z "$lay" ]; then
		bag=$(screen | sed -n 's/^Your turn: .* Bag \([0-9]*\)\..*/\1/p')
		keys 1 x
		wait_screen '^Hand \(.*x'
		if [ "${bag:-0}" -gt 0 ]; then keys s; else keys P; fi
	else
		used="" n=0
		for place in $lay; do # b4@-1,2
			tile=${place%@*} xy=${place#*@}
			i=$(hand | grep "$tile\$" | cut -c1 | while read -r k; do
				case " $used " in *" $k "*) ;; *) echo "$k"; break ;; esac; done)
			[ -n "$i" ] || fail "no $tile in the hand: $(hand | tr '\n' ' ')"
			used="$used $i" n=$((n + 1))
			keys "$i"
			goxy "${xy%,*}" "${xy#*,}"
			keys Enter
			wait_until "$tile laid at $xy" laid "$n"
		done
		keys p
	fi
	turns=$((turns + 1))
	[ "$turns" -le 60 ] || fail "60 turns of ours and no end: $(screen | head -n 20)"
	wait_until "our turn sent ($lay)" sent
	shows '^! ' && fail "refused: $lay: $(screen | grep '^! ')"
done
note "$turns turns: $(screen | grep '^GAME OVER')"
wait_screen '^GAME OVER: (You won|You lost|A draw): points (ana|bob) [0-9]+, (ana|bob) [0-9]+\.$'
tui_quit
kill "$bot" 2>/dev/null
wait "$bot" 2>/dev/null
finish
