#!/bin/sh
# test-bot-beginner.sh: issue 18's measure of Memory's beginner level, by tests/memory-match.c
# (real boards in this process, the daemon's timing on a simulated clock, fixed seeds: the
# same games every run, in about a second): a test player that plays as a person at the
# window (every card seen face up remembered, one pick a second) wins at least 40% of 50
# 4x4 games against the beginner, and the perfect level wins at least 90% against it. Then
# board-bot --level beginner on a real boardd: alone on a 2x2 board it finishes a game, and
# (a lower bound, which load only makes safer) the picks it needed took 1.5 s each at least.
. "$(dirname "$0")/lib.sh"

note "memory-match: 50 games of each pairing, seed 1"
"$BIN/memory-match" --games 50 --seed 1 >"$WORK/match" || fail "memory-match failed"
cat "$WORK/match"
awk -F'\t' '$1 == "tester-beginner" && $2 == 50 && $3 >= 20 { ok = 1 } END { exit !ok }' "$WORK/match" ||
	fail "the test player won less than 40% against the beginner"
awk -F'\t' '$1 == "perfect-beginner" && $2 == 50 && $3 >= 45 { ok = 1 } END { exit !ok }' "$WORK/match" ||
	fail "the perfect level won less than 90% against the beginner"

note "board-bot --level beginner: a game alone on a 2x2 board"
start_daemon --board main:2 --min-players 1 --seed 42
started=$(date +%s%N)
run_bot ana --level beginner --games 1 --seed 5
wait_bot "$PID" ana
took=$((($(date +%s%N) - started) / 1000000))
moves=$(sed -n 's/.*"moves":\([0-9]*\)}$/\1/p' "$WORK/ana.out")
[ -n "$moves" ] && [ "$moves" -ge 2 ] || fail "no game's stats: $(cat "$WORK/ana.out" "$WORK/ana.err")"
# Its 2 x moves picks at least, each but perhaps the first after a pause of 1.5 s or more.
[ "$took" -ge $(((2 * moves - 1) * 1500)) ] || fail "$moves second picks in $took ms: faster than a beginner"
echo "$moves second picks in $took ms"
finish
