#!/bin/sh
# test-side.sh: `side NAME|any` on turn tables: a seat that asks for a side before its match
# gets it (six tables, three asking X and three O: a random draw passes by luck once in 64);
# a wish during a match, an unknown side, a spectator and a Memory board are refused with a
# clear error.
. "$(dirname "$0")/lib.sh"
TABLES="a b c d e f"
args="--board g:tictactoe"
for t in $TABLES; do args="$args --board $t:tictactoe"; done
# shellcheck disable=SC2086 # one word per option
start_daemon $args --board m:4
PIDS=""
trap 'kill $PIDS 2>/dev/null; cleanup' EXIT

# player TABLE NAME LINES: a player who says LINES (a file) after joining TABLE; its output
# in $WORK/TABLE.NAME. It stays until killed.
player() {
	{ printf 'hello %s player\njoin %s\n' "$2" "$1"; cat "$3"; sleep 60; } |
		socat - UNIX-CONNECT:"$SOCK" >"$WORK/$1.$2" 2>&1 &
	PIDS="$PIDS $!"
}
printf 'side O\n' >"$WORK/O"
printf 'side X\n' >"$WORK/X"
: >"$WORK/none"
i=0
for t in $TABLES; do
	i=$((i + 1))
	want=$([ $((i % 2)) -eq 0 ] && echo O || echo X)
	player "$t" p1 "$WORK/$want"
	wait_for "$WORK/$t.p1" "^OK side $want$"
	player "$t" p2 "$WORK/none"
	wait_for "$WORK/$t.p1" "^EVENT [0-9]* side 0 "
	side=$(grep -m1 "^EVENT [0-9]* side 0 " "$WORK/$t.p1" | awk '{print $5}')
	[ "$side" = "$([ "$want" = X ] && echo 0 || echo 1)" ] || fail "table $t: p1 asked for $want, got side $side"
done
note "six tables: each seat that asked for a side got it"

# Refusals, each a clear error line (socat with a script of lines, then the replies).
ask() {
	printf '%s\n' "$@" | socat -t 2 - UNIX-CONNECT:"$SOCK" 2>&1 | grep -v '^EVENT\|^BOARDD'
}
out=$(ask "hello s1 spectator" "join a" "side X")
echo "$out" | grep -q "^ERR spectator " || fail "a spectator's side: $out"
out=$(ask "hello mm player" "join m" "side X")
echo "$out" | grep -q "^ERR notsupported " || fail "side on a Memory board: $out"
out=$(ask "hello q player" "side")
echo "$out" | grep -q "^ERR syntax usage: side SIDE|any" || fail "side without a word: $out"
# Table g: p1 asks for a side this game has not, then, once the match is on (p2 told of
# the sides), for O: both refused, and the match goes on.
{
	printf 'hello p1 player\njoin g\nside Z\n'
	until grep -q "^EVENT [0-9]* side " "$WORK/g.p2" 2>/dev/null; do sleep 0.05; done
	printf 'side O\n'
	sleep 60
} | socat - UNIX-CONNECT:"$SOCK" >"$WORK/g.p1" 2>&1 &
PIDS="$PIDS $!"
wait_for "$WORK/g.p1" "^ERR side no such side in this game"
player g p2 "$WORK/none"
wait_for "$WORK/g.p1" "^ERR state a match is on: sides are kept until it ends"
note "spectator, Memory board, missing word, unknown side, a match on: refused"
finish
