#!/bin/sh
# test-tui-hotseat.sh: board-tui --hot-seat ana,bob on a static Qwirkle table of a real
# boardd, as the seed plays it: both seats in one terminal; before each turn "Pass to NAME"
# covers the hand until Enter; each seat's hand is its own (held against the daemon's, by
# boardctl dump --hands); two turns, one of each seat, played with the keys; q closes both
# connections. Also --hot-seat's usage errors.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
CTL="$BIN/boardctl"

note "usage errors"
for bad in "--hot-seat ana,bob" "--board w --hot-seat ana" "--board w --hot-seat ana,ana" "--board w --hot-seat a,b,c,d,e"; do
	# shellcheck disable=SC2086 # the words of each case
	"$TUI" $bad >/dev/null 2>"$WORK/usage.err"
	rc=$?
	[ "$rc" -eq 2 ] && grep -q '^board-tui: .*hot-seat' "$WORK/usage.err" ||
		fail "board-tui $bad exited $rc, want 2 with a message: $(cat "$WORK/usage.err")"
done

start_daemon --board w:qwirkle --seed 5
tui_start -- --board w --hot-seat ana,bob
wait_screen '^board-tui: Qwirkle at table w  \(hot seat\)$'

# The daemon's hand of seat NAME, and the one the screen shows, as "t1 t2 ...".
seat() { "$CTL" players w | awk -v n="$1" '$2 == n { print $1 }'; }
real_hand() { "$CTL" dump w --hands | sed -n "s/^hand of player $(seat "$1"): //p"; }
shown_hand() { screen | grep '^Hand (' | sed 's/^Hand ([^)]*)://' | grep -oE '[a-f][1-6]' | tr '\n' ' ' | sed 's/ $//'; }
# play NAME: uncover for NAME, check the hand is NAME's, lay the best lay, then the cover
# for the other seat.
play() {
	wait_screen "^Pass to $1: press Enter when $1 has the keyboard"
	shows '^Hand \(' && fail "a hand shows under the cover: $(screen | grep '^Hand')"
	keys Enter
	wait_screen "^board-tui: Qwirkle at table w  \(hot seat: $1 plays\)$"
	wait_screen '^Hand \(1-6 choose\):'
	[ "$(shown_hand)" = "$(real_hand "$1")" ] || fail "$1's hand: shown '$(shown_hand)', the daemon's '$(real_hand "$1")'"
	table=$("$CTL" dump w | sed -n 's/^table //p')
	lay=$("$CTL" rules qwirkle moves "${table:--}" "$(shown_hand)" | head -n 1 | cut -f1)
	[ -n "$lay" ] || fail "no lay for $1"
	qw_lay "$lay"
	keys p
}

note "bob's turn, then ana's, the hand covered between them"
first=$("$CTL" dump w | sed -n 's/^game 1 on: player \([0-9]\) to move.*/\1/p')
[ "$first" = "$(seat bob)" ] && set -- bob ana || set -- ana bob
play "$1"
play "$2"
wait_screen "^Pass to $1: "
shows '^Hand \(' && fail "a hand shows under the cover after $2's turn"
[ "$("$CTL" dump w | sed -n 's/.* \([0-9]*\) tiles on the table.*/\1/p')" -ge 2 ] || fail "the two lays are not on the table"

note "q leaves both seats (kept away for their forfeit: the match is on)"
tui_quit
gone() { [ "$("$CTL" players w | grep -cE '^ +[0-9]+ +(ana|bob) +away ')" -eq 2 ]; }
wait_until "both seats away" gone
finish
