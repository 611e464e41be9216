. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
start_daemon --board t:tictactoe --seed 5
tui_start TERM=vt100 -- --board t --name ana
wait_screen '^board-tui: Tic-tac-toe at table t '
keys q
sleep 3
screen | cat -A | grep -v '^\$$'
ps -ef | grep board-tui | grep -v grep
