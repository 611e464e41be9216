#!/bin/sh
# test-tui-reconnect.sh: board-tui outlives its daemon. Mid-match of tic-tac-toe against
# board-bot, boardd is killed (-9): the screen says it is reconnecting; boardd started again
# resumes the table, board-tui takes its seat back with the seat's token (said under the
# board, our mark still there) and the match is played to its end.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
OPTS="--board t:tictactoe --away-ms 60000 --seed 5"

start_daemon $OPTS
tui_start -- --board t --name ana
wait_screen '^board-tui: Tic-tac-toe at table t '
tui_bot bob --board t --level easy --seed 5 --delay-ms 100
wait_screen '\[B\] bob'
wait_until "our first turn" ttt_turn
ttt_place
marks() { cells 3 3 | grep -cE '^[ *][XO][ *]$'; }
before=$(marks)
seat=$(screen | grep -o '\[[A-Z][0-9]*\] ana' | head -n 1)

note "boardd killed mid-match ($before marks), then started again"
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
wait_screen '^Disconnected: .*Reconnecting\.\.\. q quits\.$'
start_daemon $OPTS
wait_screen '^\* back at the table, in your seat$'
shows 'Disconnected' && fail "still disconnected: $(screen | sed -n 2p)"
[ "$(marks)" -ge "$before" ] || fail "the marks before the restart are gone: $(cells 3 3 | tr '\n' '|')"
shows "$(echo "$seat" | sed 's/[][]/\\&/g')" || fail "our seat's tag changed from $seat: $(screen | head -n 6)"

ttt_finish 1
tui_quit
tui_bot_end
finish
