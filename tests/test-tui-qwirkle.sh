#!/bin/sh
# test-tui-qwirkle.sh: board-tui on a static Qwirkle table of a real boardd: a whole game
# against board-bot. Each turn of ours lays the best lay `boardctl rules qwirkle moves`
# finds for the table and the hand board-tui shows: each tile chosen with its digit, put
# with the arrows and Enter (shown starred), the lay played with p; with no lay, a swap (x
# marks, s swaps) or a pass (P). A lay the rules refuse is said at once; the end named
# with the points. Played twice: with the table's shared memory mapped, then with
# --no-shm (the hands and the board from the protocol alone: no segment of the daemon's
# in board-tui's maps) in an 80x24 terminal, where the grid is cut to the screen: every
# turn needs the state and hand lines shown; at the end the cursor taken to the far corners
# stays in the part shown.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
CTL="$BIN/boardctl"

start_daemon --board w:qwirkle --board v:qwirkle --seed 5

turn() { shows '^Your turn: lay|^GAME OVER'; }
# sent: the hand line shows no tile laid (--) nor marked (x): board-tui sent the turn (a
# turn of ours always has one or the other before; a pass is preceded by an x).
sent() { screen | grep '^Hand (' | grep -qv -- '--\|x' || shows '^GAME OVER|^! '; }

# fits: the end's grid cut (at 80x24), the players shown; the cursor taken to the last
# column and row, then to the first, is on screen: bracketed on its row, under its column.
fits() {
	shows '^\(cut: columns [0-9]+-[0-9]+, rows [0-9]+-[0-9]+ of [0-9]+; arrows scroll\)$' &&
		shows '^Hand \(' && shows ' Players$' || fail "the grid is not cut to 80x24: $(screen)"
	side=$(screen | sed -n 's/^(cut: .* of \([0-9]*\);.*/\1/p')
	for corner in "$((side - 1)) $((side - 1))" "0 0"; do
		go $corner
		set -- $(screen | sed -n 's/^Cursor: .* (x \(-*[0-9]*\), y \(-*[0-9]*\))$/\1 \2/p')
		screen | grep -qE "^ *$2 .*\[( [.+] |[ *][a-f][1-6])\]" && screen | sed -n 3p | grep -qE "(^| )$1( |$)" ||
			fail "the cursor at x $1, y $2 is not on screen: $(screen)"
	done
}

# play TABLE yes|no [OPTION...]: board-tui at TABLE (with OPTIONs) against a bot, a whole
# game; its maps hold the table's segment (yes) or none of the daemon's (no).
play() {
	at=$1 maps=$2
	shift 2
	tui_start -- --board "$at" --name ana "$@"
	wait_screen "^board-tui: Qwirkle at table $at "
	tui_bot bob --board "$at" --level easy --seed 5 --delay-ms 50
	wait_screen '\[B\] bob'
	note "a refused lay: two tiles apart"
	wait_until "our first turn" turn
	keys 1
	goxy 0 0
	keys Enter
	wait_until "a tile laid" qw_laid 1
	keys 2
	goxy 2 2
	keys Enter
	wait_until "a second tile laid" qw_laid 2
	keys p
	wait_screen '^! column [0-9]+, row [0-9]+: '
	keys u
	wait_until "the lay taken back" qw_laid 0

	turns=0
	while :; do
		wait_until "our turn or the end" turn
		shows '^GAME OVER' && break
		table=$("$CTL" dump "$at" | sed -n 's/^table //p')
		tiles=$(qw_hand | cut -c2- | tr '\n' ' ')
		lay=$("$CTL" rules qwirkle moves "${table:--}" "$tiles" | head -n 1 | cut -f1)
		if [ -z "$lay" ]; then
			bag=$(screen | sed -n 's/^Your turn: .* Bag \([0-9]*\)\..*/\1/p')
			keys 1 x
			wait_screen '^Hand \(.*x'
			if [ "${bag:-0}" -gt 0 ]; then keys s; else keys P; fi
		else
			qw_lay "$lay"
			keys p
		fi
		turns=$((turns + 1))
		[ "$turns" -le 60 ] || fail "60 turns of ours and no end: $(screen | head -n 20)"
		wait_until "our turn sent ($lay)" sent
		shows '^! ' && fail "refused: $lay: $(screen | grep '^! ')"
	done
	note "$turns turns: $(screen | grep '^GAME OVER')"
	wait_screen '^GAME OVER: (You won|You lost|A draw): points (ana|bob) [0-9]+, (ana|bob) [0-9]+\.$'
	[ "$TUI_SIZE" = 100x40 ] || fits
	if [ "$maps" = yes ]; then
		tui_maps_shm || fail "board-tui has no /dev/shm/$PREFIX.* mapped: $(cat "/proc/$(tui_pid)/maps")"
	else
		tui_maps_shm && fail "board-tui --no-shm has mapped $(grep -F "/dev/shm/$PREFIX." "/proc/$(tui_pid)/maps")"
	fi
	tui_quit
	tui_bot_end
	tui_stop
}

note "with shared memory"
play w yes
note "--no-shm, at 80x24"
TUI_SIZE=80x24
play v no --no-shm
finish
