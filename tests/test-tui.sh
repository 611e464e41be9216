#!/bin/sh
# test-tui.sh: board-tui's lobby on a real boardd, in a colour terminal: the games listed,
# a wait for a person counting down and cancelled, then "play a bot": board-tui starts its
# own board-bot, the match's table opens, and a whole game of tic-tac-toe is played with
# the arrows and Enter (a move on a taken cell refused beside it), the end named; the
# window resized to 50x20 (the screen drawn again to the new size, the keys on two rows,
# the title cut), back to the lobby; Memory's board size set to 6 with o and +/- and a bot
# played on it; the lobby's keys all shown at 80x24; q.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"

start_daemon --seed 3
tui_start -- --name ana
wait_screen '^board-tui: lobby  \(you are ana\)$'
wait_screen '^> Memory +dim=4 seats=2$'
shows '^  Tic-tac-toe ' || fail "tic-tac-toe not listed: $(screen | head -n 12)"

note "play a person: the countdown, then cancel"
keys p
wait_screen '^Waiting for another player of Memory: [0-9]+ s left'
n=$(screen | sed -n 's/^Waiting for another player of Memory: \([0-9]*\) s left.*/\1/p')
counted() { m=$(screen | sed -n 's/^Waiting for another player of Memory: \([0-9]*\) s left.*/\1/p'); [ -n "$m" ] && [ "$m" -lt "$n" ]; }
wait_until "the wait to count down from $n" counted
wait_screen '^  ana \(user [^)]*\) waits for Memory'
keys c
wait_screen '^p: play a person   b: play a bot$'

note "play a bot at tic-tac-toe"
keys Down
wait_screen '^> Tic-tac-toe '
wait_screen '^Bot level: easy'
keys b
wait_screen '^board-tui: Tic-tac-toe at table tictactoe-[0-9]+ '
wait_screen '\[A[0-9]\] ana-bot'

# Until the game is over: on our turn the first empty cell, with the arrows and Enter;
# once, a taken cell first, which is refused beside the cell.
refused=0 moves=0
while :; do
	wait_until "our turn or the end" ttt_turn
	shows '^GAME OVER' && break
	taken=$(cells 3 3 | grep -nE '[XO]' | head -n 1 | cut -d: -f1)
	if [ "$refused" -eq 0 ] && [ -n "$taken" ]; then
		go $(((taken - 1) % 3)) $(((taken - 1) / 3))
		keys Enter
		wait_screen "^! column $(((taken - 1) % 3)), row $(((taken - 1) / 3)): the cell is taken$"
		refused=1
	fi
	moves=$((moves + 1))
	[ "$moves" -le 5 ] || fail "more than 5 moves of ours: $(screen | head -n 12)"
	ttt_place
done
[ "$refused" -eq 1 ] || fail "no turn of ours had a taken cell to try"
wait_screen '^GAME OVER: (You won: [XO] has three in a row \(cells [0-8] [0-8] [0-8]\)|You lost: [XO] has three in a row \(cells [0-8] [0-8] [0-8]\)|A draw: the board is full)\.$'
note "$moves moves: $(screen | grep '^GAME OVER')"
esc=$(printf '\033')
escapes | grep -qE "$esc\[([0-9]+;)*(3[0-7]|38;5;[0-9]+)(;[0-9]+)*m" || fail "no colours in a colour terminal"

note "resize to 50x20: the keys on the last two rows, the title cut"
tm resize-window -x 50 -y 20 || fail "tmux cannot resize"
bottom() { [ "$(screen | wc -l)" -eq 20 ] && screen | sed -n 19p | grep -q '^arrows move  Enter/space play' &&
	screen | sed -n 20p | grep -q ' q quit$'; }
wait_until "the keys on the new last two rows" bottom
shows '^GAME OVER' && shows '^ 2 ' || fail "the board after the resize: $(screen)"
screen | sed -n 1p | grep -qE '^board-tui: Tic-tac-toe at table tictactoe-[0-9]+' &&
	[ -z "$(screen | sed -n 2p)" ] || fail "the title not cut at 50 columns: $(screen | head -n 3)"

note "back to the lobby"
keys l
wait_screen '^board-tui: lobby '
wait_screen '^Games \(up/down to choose\)$' # the table itself may be gone: its bot ends with our leave

note "options: Memory on a 6x6 board against a bot"
tm resize-window -x 100 -y 40 || fail "tmux cannot resize"
keys Up
wait_screen '^> Memory +dim=4 seats=2$'
wait_screen '^Options \(o chooses, \+/- change\):\[dim=4\] seats=2 *$'
keys o o + + + - # o twice: past seats, back to dim
wait_screen '^Options \(o chooses, \+/- change\):\[dim=6\] seats=2 *$'
keys b
wait_screen '^board-tui: Memory at table memory-[0-9]+ '
wait_screen '^      0     1     2     3     4     5      Players'
shows '^ 5 ' && ! shows '^ 6 ' || fail "not a 6x6 board: $(screen | head -n 10)"
keys l
wait_screen '^board-tui: lobby '
note "the lobby at 80x24: every key on the last two rows"
tm resize-window -x 80 -y 24 || fail "tmux cannot resize"
lobby_keys() { [ "$(screen | wc -l)" -eq 24 ] && screen | sed -n 23p | grep -q '^arrows choose ' &&
	screen | sed -n 24p | grep -q ' w watch  q quit$'; }
wait_until "the lobby's keys on the last two rows" lobby_keys
tui_quit
finish
