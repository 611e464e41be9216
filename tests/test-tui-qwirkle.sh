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
# stays in the part shown. Then practice from the lobby (80x24 too): practice=on set with
# o and +, a bot played; the state line says PRACTICE; a tile no hand holds, typed by its
# name (b then 4, as the seed plays), is laid: boardctl dump shows it, and the hand is as
# it was (dump --hands).
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

note "practice from the lobby: o to practice=off, + makes it on, b plays a bot"
tui_start -- --name ana
wait_screen '^board-tui: lobby '
downs=$(($(screen | sed -n '/^Games/,/^Bot level/p' | grep -n '^[> ] Qwirkle ' | cut -d: -f1) - 2))
[ "$downs" -ge 0 ] || fail "no Qwirkle in the lobby: $(screen | head -n 12)"
while [ "$downs" -gt 0 ]; do keys Down; downs=$((downs - 1)); done
wait_screen '^> Qwirkle '
chosen() { screen | sed -n '/^Options (/,/^$/p' | grep -o '\[[a-z-]*=' | head -n 1; }
moved() { [ "$(chosen)" != "$was" ]; }
for _ in 1 2 3 4 5 6 7 8; do
	[ "$(chosen)" = "[practice=" ] && break
	was=$(chosen)
	keys o
	wait_until "o past $was" moved
done
wait_screen '\[practice=off\]'
keys +
wait_screen '\[practice=on\]'
keys b
wait_screen '^board-tui: Qwirkle at table qwirkle-[0-9]+ '
at=$(screen | sed -n 's/^board-tui: Qwirkle at table \([^ ]*\) .*/\1/p')
wait_screen '^PRACTICE: '
"$CTL" dump "$at" | grep -q PRACTICE || fail "not a practice table: $("$CTL" dump "$at")"
seat=$("$CTL" players "$at" | awk '$2 == "ana" { print $1 }')
hand() { "$CTL" dump "$at" --hands | sed -n "s/^hand of player $seat: //p"; }
ours() { "$CTL" dump "$at" | grep -q "^game [0-9]* on: player $seat to move"; }
theirs() { ! ours; }
mine() { ours && shows '^PRACTICE: Your turn: lay'; }
wait_until "our turn" mine
if "$CTL" dump "$at" | grep -q '^table -$'; then # we open, with the hand's best lay
	qw_lay "$("$CTL" rules qwirkle moves - "$(hand)" | head -n 1 | cut -f1)"
	keys p
	wait_until "the bot's turn" theirs
	wait_until "our turn after the bot's" mine
fi
table=$("$CTL" dump "$at" | sed -n 's/^table //p')
out="$table $("$CTL" dump "$at" --hands | sed -n 's/^hand of player [0-9]*: //p' | tr '\n' ' ')"
lay=""
for tile in $(for s in a b c d e f; do for c in 1 2 3 4 5 6; do echo "$s$c"; done; done); do
	[ "$(printf '%s\n' $out | grep -cE "^$tile(@|\$)")" -eq 0 ] || continue # in no hand, nor on the table
	lay=$("$CTL" rules qwirkle moves "$table" "$tile" | grep '@' | head -n 1 | cut -f1)
	[ -n "$lay" ] && break
done
[ -n "$lay" ] || fail "no tile outside the hands to lay on $table"
before=$(hand)
xy=${lay#*@}
keys "$(echo "$tile" | cut -c1)" "$(echo "$tile" | cut -c2)"
wait_screen "  Any: \\[$tile\\]"
goxy "${xy%,*}" "${xy#*,}"
keys Enter
wait_screen "\\*$tile"
keys p
laid() { "$CTL" dump "$at" | grep '^table ' | grep -qE " $lay( |\$)"; }
wait_until "$lay on the table" laid
[ "$(hand)" = "$before" ] || fail "practice lay $lay (not in hand) changed the hand: '$before' -> '$(hand)'"
shown() { [ "$(qw_hand | cut -c2- | tr '\n' ' ' | sed 's/ $//')" = "$before" ]; }
wait_until "the hand shown as it was ($before)" shown
note "laid $lay from the bag; the hand kept: $before"
tui_quit
tui_stop
finish
