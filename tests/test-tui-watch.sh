#!/bin/sh
# test-tui-watch.sh: watching a table from board-tui's lobby. Two board-bots play
# tic-tac-toe at a static table; in the lobby Tab chooses it and w watches it: the board
# follows their moves, neither seat is ours, a move of ours is refused as a spectator's,
# l goes back to the lobby (the bots play on), q quits.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
BOT2=""
trap 'kill -KILL $BOT2 2>/dev/null; tui_cleanup' EXIT INT TERM

start_daemon --board t:tictactoe --restart-ms 1000 --seed 5
tui_bot bob --board t --level easy --seed 5 --delay-ms 700
"$BOT" --name cy --board t --level easy --seed 6 --delay-ms 700 >"$WORK/cy.out" 2>"$WORK/cy.err" &
BOT2=$!
tui_start -- --name ana
wait_screen '^board-tui: lobby '
wait_screen '^> t: Tic-tac-toe, (on|over); (bob cy|cy bob)$'
keys Tab
wait_screen '^Tables \(up/down to choose, j joins, w watches\)$'
keys w
wait_screen '^board-tui: Tic-tac-toe at table t  \(you are ana, watching\)$'
wait_screen '\[B\] bob|\[C\] cy'
shows '\(you\)' && fail "a seat of ours while watching: $(screen | head -n 8)"

note "the board follows the bots' moves"
marks() { cells 3 3 | grep -cE '^[ *][XO][ *]$'; }
changed() { [ "$(marks)" != "$1" ]; }
m=$(marks)
wait_until "a move of the bots shown (from $m marks)" changed "$m"
m=$(marks)
wait_until "another move shown (from $m marks)" changed "$m"

note "a spectator's move refused, back to the lobby, quit"
keys Enter
wait_screen '^! .*you are watching$'
keys l
wait_screen '^board-tui: lobby  \(you are ana\)$'
tui_quit
tui_bot_end
kill -KILL "$BOT2"
wait "$BOT2" 2>/dev/null
finish
