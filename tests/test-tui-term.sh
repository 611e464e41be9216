#!/bin/sh
# test-tui-term.sh: board-tui's drawing without colours. In a vt100 (TERM=vt100: no
# colours, no Unicode) a whole game of tic-tac-toe against board-bot on a static table,
# with the arrows and Enter: X and O told apart by their letters (X bold), the players by
# their tags, the cursor by brackets and reverse video, nothing but ASCII on the screen.
# Then NO_COLOR (no-color.org) in a colour terminal on a Hnefatafl table: set and not
# empty, no colour (the pieces by their letters, the cursor reversed and moved); set but
# empty, colours again (so the colour check can fail).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"

esc=$(printf '\033')
# coloured: the screen's escapes set a foreground or background colour.
coloured() { escapes | grep -qE "$esc\[([0-9]+;)*(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;[0-9]+)*m"; }
# sgr N: the screen's escapes turn on attribute N (1 bold, 4 underline, 7 reverse).
sgr() { escapes | grep -qE "$esc\[([0-9]+;)*$1(;[0-9]+)*m"; }
# ascii: nothing but printable ASCII on the screen.
ascii() { ! screen | LC_ALL=C grep -q '[^ -~]'; }

start_daemon --board t:tictactoe --board h:tafl --seed 5

note "vt100: a whole game of tic-tac-toe"
tui_start TERM=vt100 -- --board t --name ana
wait_screen '^board-tui: Tic-tac-toe at table t '
tui_bot bob --board t --level easy --seed 5 --delay-ms 100
wait_screen '\[B\] bob'
shows '^\[A\] ana .*\(you\)' || shows '\[A\] ana .*\(you\)' || fail "our tag: $(screen | head -n 8)"
wait_screen '^ 0 \[ \. \]' # the cursor, bracketed, on the first cell

ttt_finish 0
[ "$(cells 3 3 | grep -cE '^[ *]X[ *]$')" -ge 2 ] && [ "$(cells 3 3 | grep -cE '^[ *]O[ *]$')" -ge 2 ] ||
	fail "X and O not told apart by their letters: $(cells 3 3 | tr '\n' '|')"
coloured && fail "colours in a vt100: $(escapes | grep -E "$esc\[([0-9]+;)*(3[0-8]|9[0-7])" | head -n 2 | od -c | head -n 4)"
sgr 7 || fail "no reverse video for the cursor in a vt100"
sgr 1 || fail "no bold (X, the tags) in a vt100"
ascii || fail "not ASCII only: $(screen | LC_ALL=C grep '[^ -~]' | head -n 3)"
tui_quit
tui_bot_end
tui_stop

# tafl_screen ENV...: board-tui at the Hnefatafl table with ENV in a colour terminal, the
# start drawn and the cursor moved two squares right and one down (reversed where it is).
tafl_screen() {
	tui_start TERM=xterm-256color "$@" -- --board h --name ana
	wait_screen '^board-tui: Hnefatafl at table h '
	wait_screen '^ 5   t    t    T    T    K    T    T    t    t( |$)'
	keys Right Right Down
	wait_screen '^Cursor: column 2, row 1 \(c8\)$'
	shows '^ 8   \.    \.    \.    \.   \[ t \]' || shows '^ 8 .*\[ . \]' || fail "the cursor's cell: $(screen | sed -n 4,6p)"
	sgr 7 || fail "no reverse video for the cursor"
	ascii || fail "not ASCII only: $(screen | LC_ALL=C grep '[^ -~]' | head -n 3)"
}

note "NO_COLOR=1: no colours"
tafl_screen NO_COLOR=1
coloured && fail "colours with NO_COLOR=1"
shows '^ 5   t    t    T    T    K    T    T    t    t( |$)' || fail "the pieces' letters: $(screen | head -n 12)"
tui_quit
tui_stop

note "NO_COLOR set but empty: colours"
tafl_screen NO_COLOR=
coloured || fail "no colours in a colour terminal with NO_COLOR empty: the check above cannot fail"
tui_quit
finish
