#!/bin/sh
# test-tui-countdown.sh: the countdowns board-tui shows as the window does. Memory (one
# player, first-pick-ms 120 s): a first pick's card shows the seconds before it turns down,
# counting down, gone once the second card is picked. Tic-tac-toe (away-ms 300 s), with
# --no-shm: the bot's connection is killed mid-match, its seat is away, and the screen says
# when it is forfeited, counting down (ticks redraw from the last snapshot).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"

# seconds BRE: the number of seconds after the sed regex BRE on the screen.
seconds() { screen | sed -n "s/$1\([0-9]*\) s.*/\1/p" | head -n 1; }
# counted BRE FROM: that number is below FROM.
counted() { n=$(seconds "$1"); [ -n "$n" ] && [ "$n" -lt "$2" ]; }
# count_down BRE: the number of seconds after BRE (on the screen already), then a smaller one.
count_down() {
	from=$(seconds "$1")
	[ -n "$from" ] || fail "no seconds after '$1': $(screen | head -n 12)"
	wait_until "the countdown after '$1' to go below $from" counted "$1" "$from"
}

start_daemon --board m:4 --board t:tictactoe --min-players 1 --first-pick-ms 120000 --away-ms 300000 --seed 5

note "Memory: our first card's countdown"
tui_start -- --board m --name ana
wait_screen '^Game 1: pick two cards'
shows 'turns down in' && fail "a countdown before any pick: $(screen | grep 'turns down')"
keys Enter
wait_screen '^Your first card \(column 0, row 0\) turns down in [0-9]+ s: pick its pair\.$'
count_down '^Your first card (column 0, row 0) turns down in '
go 1 0
keys Enter
wait_until "the countdown gone after the second pick" sh -c "! tmux -S '$TMUX_SOCK' capture-pane -p | grep -q 'turns down in'"
tui_quit
tui_stop

note "tic-tac-toe with --no-shm: the away seat's forfeit"
tui_start -- --board t --name ana --no-shm
wait_screen '^board-tui: Tic-tac-toe at table t '
tui_bot bob --board t --level easy --seed 5 --delay-ms 100
wait_screen '\[B\] bob'
wait_screen '^(Your turn: place an [XO]|bob \([XO]\) to move)'
shows 'is away' && fail "an away line before anyone left: $(screen | grep 'is away')"
tui_bot_end
wait_screen '^bob is away: the seat is forfeited in [0-9]+ s unless they come back\.$'
count_down '^bob is away: the seat is forfeited in '
tui_maps_shm && fail "board-tui --no-shm has a segment mapped"
tui_quit
finish
