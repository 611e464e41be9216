#!/bin/sh
# test-table-options.sh: a turn table's own settings (--board NAME:GAME,KEY=MS...): two
# tic-tac-toe tables of one daemon, one with the daemon's per-move limit and one with its
# own clock, give their players those times in the turn events; --check-config prints them
# back as it read them; a Memory board, an unknown key, a bad number are refused with a
# message naming the table.
. "$(dirname "$0")/lib.sh"

# refused VALUE WORDS: boardd --board VALUE must exit 2 (a usage error) saying WORDS.
refused() {
	"$BIN/boardd" --config /dev/null --board "$1" --check-config >/dev/null 2>"$WORK/err"
	rc=$?
	[ "$rc" -ne 0 ] || fail "--board $1 was accepted"
	grep -q "$2" "$WORK/err" || fail "--board $1: want '$2', got: $(cat "$WORK/err")"
}
refused "m:4,clock-ms=5000" "table m: clock-ms is for turn-based games, not memory"
refused "t:tictactoe,clock=5" "table t: 'clock' is not move-limit-ms=MS, clock-ms=MS or increment-ms=MS"
refused "t:tictactoe,clock-ms=soon" "table t: clock-ms must be 0 to 86400000, not 'soon'"
refused "t:tictactoe,move-limit-ms=5" "table t: move-limit-ms must be 100 to 86400000, not '5'"

"$BIN/boardd" --config /dev/null --board a:tictactoe --board "b:tictactoe,clock-ms=30000,increment-ms=500" \
	--move-limit-ms 70000 --check-config >"$WORK/eff" || fail "--check-config refused the tables"
grep -qx "board = a:tictactoe:3" "$WORK/eff" || fail "table a printed as: $(grep '^board' "$WORK/eff")"
grep -qx "board = b:tictactoe:3,clock-ms=30000,increment-ms=500" "$WORK/eff" ||
	fail "table b printed as: $(grep '^board' "$WORK/eff")"
# What --check-config prints reads back the same.
grep -v '^socket\|^shm-prefix' "$WORK/eff" >"$WORK/eff.conf"
"$BIN/boardd" --config "$WORK/eff.conf" --check-config | grep '^board' >"$WORK/eff2" || fail "its own output refused"
grep '^board' "$WORK/eff" | cmp -s - "$WORK/eff2" || fail "read back as: $(cat "$WORK/eff2")"

start_daemon --board a:tictactoe --board "b:tictactoe,clock-ms=30000,increment-ms=500" --move-limit-ms 70000

# first_turn TABLE: two players join TABLE; the ms of the first turn event one of them sees.
first_turn() {
	{ printf 'hello p1%s player\njoin %s\n' "$1" "$1"; sleep 30; } | socat - UNIX-CONNECT:"$SOCK" >"$WORK/$1.p1" 2>&1 &
	P1=$!
	{ printf 'hello p2%s player\njoin %s\n' "$1" "$1"; sleep 30; } | socat - UNIX-CONNECT:"$SOCK" >"$WORK/$1.p2" 2>&1 &
	P2=$!
	for _ in $(seq 1 200); do
		grep -q '^EVENT [0-9]* turn ' "$WORK/$1.p1" && break
		sleep 0.05
	done
	kill "$P1" "$P2" 2>/dev/null
	wait "$P1" "$P2" 2>/dev/null
	grep -m1 '^EVENT [0-9]* turn ' "$WORK/$1.p1" | awk '{print $5}'
}
ms_a=$(first_turn a)
ms_b=$(first_turn b)
[ "$ms_a" = 70000 ] || fail "table a: the first turn has '$ms_a' ms, want the daemon's move limit 70000: $(cat "$WORK/a.p1")"
[ "$ms_b" = 30000 ] || fail "table b: the first turn has '$ms_b' ms, want its own clock 30000: $(cat "$WORK/b.p1")"
note "table a: a move may take the daemon's 70000 ms; table b: its own clock of 30000 ms"
stop_daemon
finish
