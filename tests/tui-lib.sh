# tui-lib.sh: board-tui in a tmux server of the test's own (after lib.sh): keys with
# send-keys, the screen with capture-pane. The server is killed in cleanup.
TUI="$BIN/board-tui"
# The server's socket is not under $WORK: fail and finish remove $WORK before the exit
# trap runs, and the server must still be found then to be killed (with board-tui in it).
TMUX_DIR=$(mktemp -d "/tmp/boardd-tmux-$TEST_NAME.XXXXXX")
TMUX_SOCK="$TMUX_DIR/tmux.sock"
tm() { tmux -S "$TMUX_SOCK" "$@"; }
TUI_BOT=""
tui_cleanup() {
	tm kill-server 2>/dev/null
	rm -rf "$TMUX_DIR"
	tui_bot_end
	cleanup
}

# tui_bot NAME OPTION...: board-bot against board-tui, its lines in $WORK/NAME.out and
# .err. tui_bot_end ends it with SIGKILL: nothing of its exit can hang a test (a
# sanitizer build's leak check once spun for minutes after a SIGTERM).
tui_bot() {
	name=$1
	shift
	"$BOT" --name "$name" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
	TUI_BOT=$!
}
tui_bot_end() {
	[ -n "$TUI_BOT" ] || return 0
	kill -KILL "$TUI_BOT" 2>/dev/null
	wait "$TUI_BOT" 2>/dev/null
	TUI_BOT=""
}
trap 'tui_cleanup' EXIT INT TERM

# tui_start [ENV=VALUE...] -- OPTION...: board-tui in a window of $TUI_SIZE (100x40 unless
# set), its exit status and then the terminal's modes (stty) written to the pane when it ends.
TUI_SIZE=100x40
tui_start() {
	envs=""
	while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
	shift
	tm -f /dev/null new-session -d -x "${TUI_SIZE%x*}" -y "${TUI_SIZE#*x}" \
		"env $envs BOARDD_SOCKET='$SOCK' BOARDD_SHM_PREFIX='$PREFIX' '$TUI' $*; echo \"exit \$?\"; stty -a; sleep 600" ||
		fail "cannot start tmux"
}

# screen: the pane as text, once two captures in a row agree (a capture can catch a frame
# board-tui is still writing: a mark drawn, the state line under it not yet); escapes:
# with its attributes' escape sequences.
screen() {
	tm capture-pane -p >"$TMUX_DIR/screen"
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		tm capture-pane -p >"$TMUX_DIR/again"
		cmp -s "$TMUX_DIR/screen" "$TMUX_DIR/again" && break
		mv "$TMUX_DIR/again" "$TMUX_DIR/screen"
	done
	cat "$TMUX_DIR/screen"
}
escapes() { tm capture-pane -p -e; }
# shows REGEX: the screen has a line matching.
shows() { screen | grep -qE "$1"; }
# wait_screen REGEX: until the screen shows it (30 s).
wait_screen() { wait_until "screen: $1 ($(screen | head -n 12 | tr '\n' '|'))" shows "$1"; }
keys() { tm send-keys "$@"; }

# cursor: "COLUMN ROW" from the cursor line.
cursor() { screen | sed -n 's/^Cursor: column \([0-9]*\), row \([0-9]*\)\( (.*)\)\{0,1\}$/\1 \2/p' | head -n 1; }

# go COLUMN ROW: arrows from where the cursor is to that cell.
go() {
	set -- "$1" "$2" $(cursor)
	[ $# -eq 4 ] || fail "no cursor line on the screen: $(screen | head -n 12)"
	c=$3 r=$4
	while [ "$c" -lt "$1" ]; do keys Right; c=$((c + 1)); done
	while [ "$c" -gt "$1" ]; do keys Left; c=$((c - 1)); done
	while [ "$r" -lt "$2" ]; do keys Down; r=$((r + 1)); done
	while [ "$r" -gt "$2" ]; do keys Up; r=$((r - 1)); done
	wait_screen "^Cursor: column $1, row $2( \(.*\))?$"
}

# cells WIDTH SIDE: the grid's cells' texts, row by row, one a line (the grid starts on the
# screen's fourth line; a cell is WIDTH characters after a bracket or space, then another).
# A line is padded first: capture-pane drops trailing blanks, so a last cell with nothing
# beside it would lose its own (CI once waited 30 s for an empty cell 8 read as " .").
cells() {
	screen | awk -v w="$1" -v side="$2" 'NR >= 4 && NR < 4 + side {
		line = $0
		while (length(line) < 4 + side * (w + 2)) line = line " "
		for (c = 0; c < side; c++) print substr(line, 5 + c * (w + 2), w) }'
}

# Tic-tac-toe: ttt_turn, our turn or the end shown; ttt_place, the first empty cell
# played with the arrows and Enter, then waiting for our mark there (or the end; none
# while the end of a full board is not drawn yet).
ttt_turn() { shows '^Your turn: place an [XO]\.$|^GAME OVER'; }
ttt_placed() { [ "$(cells 3 3 | sed -n "${ttt_first}p")" != ' . ' ] || shows '^GAME OVER'; }
ttt_empty() { cells 3 3 | grep -q '^ \. $' || shows '^GAME OVER'; }
ttt_place() {
	wait_until "an empty cell or the end" ttt_empty
	shows '^GAME OVER' && return 0 # the board filled: the caller sees the end
	ttt_first=$(cells 3 3 | grep -n '^ \. $' | head -n 1 | cut -d: -f1)
	go $(((ttt_first - 1) % 3)) $(((ttt_first - 1) / 3))
	keys Enter
	wait_until "our mark on the board" ttt_placed
}

# ttt_finish MOVES: our turns played (ttt_place) until the game is over, MOVES of ours
# made before; then the end named in a note.
ttt_finish() {
	moves=$1
	while :; do
		wait_until "our turn or the end" ttt_turn
		shows '^GAME OVER' && break
		moves=$((moves + 1))
		[ "$moves" -le 5 ] || fail "more than 5 moves of ours: $(screen | head -n 12)"
		ttt_place
	done
	wait_screen '^GAME OVER: (You won|You lost|A draw)'
	note "$moves moves: $(screen | grep '^GAME OVER')"
}

# tui_quit: q, then board-tui must have ended with status 0 and given the terminal back
# (canonical mode and echo again).
tui_quit() {
	keys q
	wait_screen '^exit [0-9]+$'
	shows '^exit 0$' || fail "board-tui exited: $(screen | grep '^exit')"
	wait_screen '(^| )-?extproc$' # stty's last word: all it writes is there
	screen | grep -qE '(^| )icanon( |$)' && screen | grep -qE '(^| )echo( |$)' ||
		fail "the terminal was not restored: $(screen | tr '\n' '|')"
}

# Qwirkle: qw_hand, the hand's tiles with their digits ("1b4", one a line); qw_laid N, N
# tiles of the hand are being laid (--); goxy X Y, the cursor to the cell at x, y (counted
# from the cursor line's column, row, x and y: the grid may be cut to the screen); qw_lay
# LAY, each placement's tile ("b4@-1,2") chosen with its digit and put at its cell with
# Enter (not played: p does that).
qw_hand() { screen | grep '^Hand (' | sed 's/^Hand ([^)]*)://' | grep -oE '[0-9][:[][a-f][1-6]' | tr -d ':['; }
qw_laid() { [ "$(screen | grep '^Hand (' | grep -o -- '--' | wc -l)" -eq "$1" ]; }
goxy() {
	set -- "$1" "$2" $(screen | sed -n 's/^Cursor: column \([0-9]*\), row \([0-9]*\) (x \(-*[0-9]*\), y \(-*[0-9]*\))$/\1 \2 \3 \4/p')
	[ $# -eq 6 ] || fail "no cursor line with x and y: $(screen | head -n 12)"
	go $(($3 + $1 - $5)) $(($4 + $6 - $2))
}
qw_lay() {
	used="" n=0
	for place in $1; do
		tile=${place%@*} xy=${place#*@}
		i=$(qw_hand | grep "$tile\$" | cut -c1 | while read -r k; do
			case " $used " in *" $k "*) ;; *) echo "$k"; break ;; esac; done)
		[ -n "$i" ] || fail "no $tile in the hand: $(qw_hand | tr '\n' ' ')"
		used="$used $i" n=$((n + 1))
		keys "$i"
		goxy "${xy%,*}" "${xy#*,}"
		keys Enter
		wait_until "$tile laid at $xy" qw_laid "$n"
	done
}

# tui_stop: the tmux server killed, and the next tui_start on a server of its own (a new
# server on the old socket could meet the old one still going away).
tui_stop() {
	tm kill-server 2>/dev/null
	TMUX_SOCK="$TMUX_SOCK.next"
}

# tui_pid: board-tui's pid (the pane's shell runs it as its child, through env's exec).
tui_pid() {
	pane=$(tm display-message -p '#{pane_pid}') || fail "no tmux pane"
	for p in $(ps -o pid= --ppid "$pane"); do
		[ "$(cat "/proc/$p/comm" 2>/dev/null)" = board-tui ] && { echo "$p"; return 0; }
	done
	fail "no board-tui under the pane's shell $pane"
}
# tui_maps_shm: board-tui has a board's segment of this test's daemon mapped.
tui_maps_shm() { grep -qF "/dev/shm/$PREFIX." "/proc/$(tui_pid)/maps"; }
