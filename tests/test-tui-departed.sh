#!/bin/sh
# test-tui-departed.sh: board-tui at a Memory table where ana locked a pair and left, and bob
# then took her seat (the same id) and locked a pair: ana's cards carry "?" where the owner's
# tag goes, bob's carry his "B" (before, ana's cards took the tag of whoever had the seat).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
. "$(dirname "$0")/memory-lib.sh"

departed_scene

tui_start -- --board main --name cy
# tag CELL: the last character of card CELL (0-15) as the screen shows it.
tag() { cells 4 4 | sed -n "$(($1 + 1))p" | cut -c4; }
wait_until "the board with four locked cards" eval '[ "$(cells 4 4 | grep -c "^[A-Z][A-Z]=")" -eq 4 ]'
for c in 0 "$A"; do
	[ "$(tag "$c")" = "?" ] || fail "ana's card $c shows '$(tag "$c")': $(screen | head -n 10)"
done
for c in "$B" "$P"; do
	[ "$(tag "$c")" = "B" ] || fail "bob's card $c shows '$(tag "$c")': $(screen | head -n 10)"
done
note "ana's cards: ?; bob's: B"
tui_quit
bye 3; bye 4
finish
